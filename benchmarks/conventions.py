"""Benchmark: convention rule selection and evaluation, 200 rules on a 5,000-line file (target <= 20 ms).

Measures what runs on every save once the file is parsed: selecting the rules by glob and evaluating their
triggers (140 regex rules, 10 of them without any literal to prefilter on; 40 tree-sitter query rules, one
without a text predicate, so it walks the whole tree; 20 regex + query rules) until the cap of 2 is reached.
Two scenarios: `quiet` (no rule fires, so every rule is evaluated: the worst case) and `firing` (a few
rules fire; evaluation stops at the cap). The first evaluation (which compiles the combined query) is
reported separately as `cold`.

    python -m benchmarks.conventions [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from lsp_server.conventions import evaluate as evaluate_mod
from lsp_server.conventions.evaluate import RuleSet, evaluate
from lsp_server.conventions.rules import parse_rule
from lsp_server.document import ParsedDocument

TARGET_MS = 20.0
LINES = 5000
WORDS = ["page", "block", "table", "image", "render", "layout", "margin", "header", "footer", "column",
         "style", "color", "width", "height", "cell", "row", "font", "size", "text", "run"]
NODE_TYPES = ["new_expression", "call_expression", "member_expression", "template_string", "arrow_function",
              "await_expression", "assignment_expression", "binary_expression"]


def source(lines: int, rng: random.Random, firing: bool) -> str:
    out = ['import { Document, Page } from "@acme/layout";', ""]
    while len(out) < lines:
        a, b, c = rng.sample(WORDS, 3)
        kind = rng.randrange(6)
        if kind == 0:
            out += [f"export function {a}{b.title()}({c}, options = {{}}) {{",
                    f"  const {a} = {c}.{b}({rng.randrange(100)});",
                    f"  if ({a} > {rng.randrange(50)}) {{ return {c}.{a}; }}", "}"]
        elif kind == 1:
            out.append(f'const {a}{len(out)} = {{ {b}: "{c} é {rng.randrange(1000)}", {c}: [{rng.randrange(9)}, 2] }};')
        elif kind == 2:
            out.append(f"await {a}.{b}.{c}({a}, `{b} ${{{c}}}`);")
        elif kind == 3:
            out.append(f"// {a} {b} {c}: notes about the {a} and its {c}")
        elif kind == 4:
            out.append(f"for (const {a} of {b}s) {{ {c}.add({a}); }}")
        else:
            out.append(f"{a}.{b} = ({c}) => {c} * {rng.randrange(10)};")
    if firing:
        out[LINES // 2] = 'const legacy = new Document(); legacy.color = "#0b5fff"; zzfire0();'
    return "\n".join(out[:lines]) + "\n"


def rules(n: int = 200) -> RuleSet:
    made = []
    for i in range(n):
        trigger = ""
        if i < 10:  # no literal to prefilter on: always scanned
            trigger = f"regex = '''\\b[A-Z]{{{6 + i}}}_[0-9]{{3}}\\b'''"
        elif i < 140:
            trigger = f"regex = '''\\bzzfire{i}\\b|\\.{WORDS[i % 20]}Legacy{i}\\('''"
        elif i == 140:  # no text predicate: one walk of the whole tree
            trigger = "query = '''(debugger_statement) @match'''"
        elif i < 180:
            t = NODE_TYPES[i % len(NODE_TYPES)]
            trigger = f"query = '''(({t}) @match (#match? @match \"zzfire{i}\"))'''"
        else:
            trigger = (f"regex = '''zzfire{i}'''\n"
                       f"query = '''((identifier) @match (#eq? @match \"zzfire{i}\"))'''")
        text = (f'+++\nid = "bench/r{i}"\ntitle = "rule {i}"\nfiles = ["src/**/*.js"]\npriority = {i % 7}\n'
                f"[trigger]\n{trigger}\n+++\nWhy.\n")
        rule, problems = parse_rule(text, Path(f"/bench/r{i}.md"))
        assert rule is not None, problems
        made.append(rule)
    # A few rules that really fire in the `firing` scenario.
    for i, (regex, query) in enumerate([(None, '((new_expression constructor: (identifier) @_c) @match (#eq? @_c "Document"))'),
                                        ("#[0-9a-fA-F]{6}", "((string) @match)")]):
        trig = (f"regex = '''{regex}'''\n" if regex else "") + f"query = '''{query}'''"
        rule, _ = parse_rule(f'+++\nid = "bench/fire{i}"\ntitle = "f"\nfiles = ["src/**/*.js"]\npriority = 3\n'
                             f"[trigger]\n{trig}\n+++\n", Path(f"/bench/fire{i}.md"))
        made.append(rule)
    return RuleSet(made)


def measure(ruleset: RuleSet, doc: ParsedDocument, runs: int) -> tuple[float, list[float], list[float]]:
    started = time.perf_counter()
    evaluate(ruleset, doc, "src/big.js", ("file",), 2, 100)
    cold = (time.perf_counter() - started) * 1000
    wall, cpu = [], []
    for i in range(runs):
        # Each save brings a new document: the literal scan and the selection are measured every time.
        ruleset._selection.clear()
        evaluate_mod._present.clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        evaluate(ruleset, doc, "src/big.js", ("file",), 2, 100)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return cold, wall, cpu


def load_factor() -> float:
    """Wall time over CPU time of a pure-Python loop: about 1 on an idle machine."""
    started, started_cpu = time.perf_counter(), time.process_time()
    sum(i * i for i in range(300_000))
    return (time.perf_counter() - started) / max(1e-9, time.process_time() - started_cpu)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few runs only (seconds)")
    args = parser.parse_args(argv)
    runs = 5 if args.quick else 100
    rng = random.Random(6)
    ok = True
    for scenario in ("quiet", "firing"):
        text = source(LINES, rng, scenario == "firing")
        doc = ParsedDocument.create("file:///bench/src/big.js", text)
        ruleset = rules()
        cold, wall, cpu = measure(ruleset, doc, runs)
        hits = evaluate(ruleset, doc, "src/big.js", ("file",), 2, 100).hits
        verdict = "PASS" if p95(wall) <= TARGET_MS else "MISS"
        if verdict == "MISS" and p95(cpu) <= TARGET_MS:
            verdict += f" on wall clock, CPU within target (machine load: wall/CPU {load_factor():.1f}x)"
        ok &= verdict == "PASS"
        # CPU time is shown too: on a loaded machine, wall-clock spikes are other processes' time slices.
        print(f"{scenario:7} {len(ruleset)} rules, {LINES} lines ({len(doc.source) // 1024} KiB), "
              f"{len(hits)} rule(s) fired: cold {cold:.1f} ms, p50 {statistics.median(wall):.1f} ms, "
              f"p95 {p95(wall):.1f} ms (cpu p50 {statistics.median(cpu):.1f}, p95 {p95(cpu):.1f}) "
              f"(target p95 <= {TARGET_MS:.0f} ms) {verdict}")
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
