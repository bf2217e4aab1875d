"""A rule's own Before/After examples, run as its test cases (the ast-grep `invalid:` / `valid:` idea).

A rule body may show the code it is about under a line `Before:` and the fixed code under `After:`, each a
fenced (```js) or indented code block. They are the rule's contract with its readers, so they are checked:
the rule must fire somewhere on Before and nowhere on After. `footprint-ls rules check` runs them for every
loaded rule, and the test suite runs them for the bundled rules, so a trigger edited into uselessness (or
into firing on the recommended code) fails in CI instead of in a user's editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lsp_server.conventions.evaluate import Stopped, rule_ranges
from lsp_server.conventions.rules import Rule, RuleProblem
from lsp_server.document import ParsedDocument

_LABEL = re.compile(r"^\s*(Before|After)\s*:\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
# Which language an example is parsed as: the fence's info string, else the rule's files' extension.
_LANGUAGE_OF_INFO = {"js": "javascript", "javascript": "javascript", "jsx": "javascript", "mjs": "javascript",
                     "cjs": "javascript", "ts": "typescript", "typescript": "typescript", "mts": "typescript",
                     "cts": "typescript", "tsx": "tsx"}


@dataclass(frozen=True)
class Example:
    kind: str  # "Before" (the rule must fire) or "After" (it must not)
    code: str
    line: int  # 0-based line of the code's first line in the rule file
    language: str


def examples_in(text: str) -> list[Example]:
    """The Before/After code blocks of a rule file's text (front matter included, so lines are the file's)."""
    lines = text.splitlines()
    out: list[Example] = []
    i = 0
    while i < len(lines):
        label = _LABEL.match(lines[i])
        i += 1
        if not label:
            continue
        while i < len(lines) and not lines[i].strip():
            i += 1
        if i >= len(lines):
            break
        fence = _FENCE.match(lines[i])
        if fence:
            info = lines[i].strip()[3:].strip().lower()
            start = i + 1
            end = start
            while end < len(lines) and not lines[end].strip().startswith(fence.group(1)):
                end += 1
            code = lines[start:end]
            i = end + 1
        elif lines[i].startswith(("    ", "\t")):
            info = ""
            start = end = i
            while end < len(lines) and (lines[end].startswith(("    ", "\t")) or not lines[end].strip()):
                end += 1
            code = [ln[4:] if ln.startswith("    ") else ln[1:] for ln in lines[start:end]]
            i = end
        else:
            continue  # a label followed by prose, not code: nothing to check
        out.append(Example(label.group(1), "\n".join(code).rstrip() + "\n", start,
                           _LANGUAGE_OF_INFO.get(info, "javascript")))
    return out


def check_examples(rule: Rule, timeout_ms: float = 1000) -> list[RuleProblem]:
    """Problems of `rule`'s examples: a Before it does not fire on, an After it fires on."""
    if not rule.has_trigger:
        return []  # guidance-only rules fire on nothing: their examples are for reading
    try:
        text = Path(rule.path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # the loader reported an unreadable file already
    problems = []
    for example in examples_in(text):
        suffix = {"typescript": "ts", "tsx": "tsx"}.get(example.language, "js")
        doc = ParsedDocument.create(f"untitled:{rule.id}-{example.kind}.{suffix}", example.code,
                                    language=example.language)
        try:
            fired = rule_ranges(rule, doc, timeout_ms)
        except Stopped as stop:  # its time or match limit: a problem of the rule, one line, not a traceback
            problems.append(RuleProblem(rule.path, example.line, f"rule {rule.id}: {stop.reason} on the "
                                                                 f"{example.kind} example"))
            continue
        if example.kind == "Before" and not fired:
            problems.append(RuleProblem(rule.path, example.line,
                                        f"rule {rule.id} does not fire on its Before example"))
        elif example.kind == "After" and fired:
            problems.append(RuleProblem(rule.path, example.line + doc.lines.line_of(fired[0][0]),
                                        f"rule {rule.id} fires on its After example"))
    return problems
