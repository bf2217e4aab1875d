"""Footprint latency on a 10,000-line JavaScript file with its tree cached (parsed once, as the server keeps
it per open document). Target: `compute_footprint` p50 <= 5 ms over the file's bindings.

`python -m benchmarks.footprint [--quick]` prints p50/p95 for computing a footprint (with and without
dependents) and, for information, for a whole code action (deletion edits + re-parse verification), and a
PASS/MISS line against the target. Exit status 0 either way: a MISS is a finding, not a crash.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import compute_footprint, plan_deletions
from lsp_server.syntax.scopes import ScopeAnalysis

TARGET_P50_MS = 5.0

# Blocks of realistic engine code with a few shapes: module constants, functions with locals, closures,
# classes with methods, destructuring, loops. `{n}` makes names unique per block, as in a real big file.
BLOCK = '''
const defaults{n} = {{ width: 200, margin: [8, 8, 8, 8], title: "Section {n}" }};
let counter{n} = 0;

export function buildSection{n}(doc, data, options = defaults{n}) {{
  const page = doc.addPage({{ size: options.size }});
  var box = page.addBlock();
  box.width = options.width;
  box.style.border = "1px solid";
  box.addParagraph(options.title).fontSize = 14;
  const table = box.addTable({{ columns: data.columns.length }});
  for (const row of data.rows) {{
    const line = table.addRow();
    line.addCell().addParagraph(String(row.value));
    counter{n} += 1;
  }}
  const {{ header, footer }} = data;
  if (header) {{
    page.header.addParagraph(header);
  }}
  page.add(box);
  return footer ? page.addFooter(footer) : page;
}}

class Renderer{n} {{
  constructor(doc) {{
    this.doc = doc;
    this.pending = [];
  }}
  queue(item) {{
    const entry = {{ item, at: Date.now() }};
    this.pending.push(entry);
    return entry;
  }}
  async flush() {{
    const items = this.pending.splice(0);
    const results = await Promise.all(items.map((e) => this.doc.render(e.item)));
    results.forEach((r, i) => {{
      r.index = i;
    }});
    return results;
  }}
}}
'''


def build_source(lines: int) -> str:
    parts, n = [], 0
    while sum(p.count("\n") for p in parts) < lines:
        parts.append(BLOCK.format(n=n))
        n += 1
    return 'import { Document, Layout } from "@acme/layout";\n' + "".join(parts)


def declared_offsets(doc: ParsedDocument) -> list[int]:
    analysis = ScopeAnalysis.of(doc)
    found = []
    for nodes in queries.captures("javascript", "references", doc.tree.root_node).values():
        found.extend(n.start_byte for n in nodes if analysis.declaration_of(n) is not None)
    return sorted(set(found))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(label: str, func, offsets: list[int]) -> list[float]:
    times = []
    for off in offsets:
        t = time.perf_counter()
        func(off)
        times.append((time.perf_counter() - t) * 1000)
    print(f"{label:<44} n={len(times):<5} p50 {statistics.median(times):7.2f} ms   p95 {percentile(times, 0.95):7.2f} ms")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a sample of bindings only (a few seconds)")
    parser.add_argument("--lines", type=int, default=10_000)
    args = parser.parse_args(argv)

    source = build_source(args.lines)
    t = time.perf_counter()
    doc = ParsedDocument.create("file:///bench/big.js", source)
    parse_ms = (time.perf_counter() - t) * 1000
    offsets = declared_offsets(doc)
    rng = random.Random(7)
    sample = rng.sample(offsets, min(len(offsets), 60 if args.quick else 600))
    print(f"file: {doc.lines.line_count} lines, {len(doc.source)} bytes, {len(offsets)} bindings; "
          f"full parse {parse_ms:.0f} ms (done once: the tree is cached)")
    compute_footprint(doc, sample[0])  # load and compile the queries outside the measurement
    plain = measure("compute_footprint", lambda o: compute_footprint(doc, o), sample)
    measure("compute_footprint(dependents=True)", lambda o: compute_footprint(doc, o, dependents=True), sample)
    action_sample = sample[: 10 if args.quick else 40]
    measure("code action (edits + re-parse verification)",
            lambda o: plan_deletions(doc, compute_footprint(doc, o, dependents=True)), action_sample)
    p50 = statistics.median(plain)
    status = "PASS" if p50 <= TARGET_P50_MS else "MISS"
    print(f"footprint p50 {p50:.2f} ms on a {doc.lines.line_count}-line file (target <= {TARGET_P50_MS:.0f} ms): {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
