"""Rules across languages: a regex applies to every language its globs select; a query names the languages it
is written for (`[trigger] languages`, default JavaScript) or carries one query per language (`[trigger.query]`);
bad language names and queries that do not compile for a named language are located problems."""

from __future__ import annotations

from pathlib import Path

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.conventions.rules import parse_rule
from tests.support.conventions_support import make_workspace, rule_text

FILES = ("src/**/*.js", "src/**/*.ts", "src/**/*.tsx")
SOURCES = {
    "src/a.js": 'const c = "#0b5fff"; debugger;\n',
    "src/b.ts": 'const c: string = "#0b5fff"; debugger;\nlet n = <number>x;\n',
    "src/c.tsx": 'export const C = () => <div style={{ color: "#0b5fff" }} />;\ndebugger;\n',
}


def fired(tmp_path: Path, *rules: str) -> set[tuple[str, str]]:
    ws = make_workspace(tmp_path, {f"r{i}.md": text for i, text in enumerate(rules)}, SOURCES)
    out = set()
    for rel in SOURCES:
        for f in run_checks(ws.document(ws.root / rel), CheckContext(ws), (Phase.SAVE,)):
            if f.code.startswith("t/"):
                out.add((rel, f.code))
    return out


def test_a_regex_applies_to_every_language(tmp_path):
    got = fired(tmp_path, rule_text("t/hex", files=FILES, regex="#[0-9a-f]{6}"))
    assert got == {("src/a.js", "t/hex"), ("src/b.ts", "t/hex"), ("src/c.tsx", "t/hex")}


def test_a_query_fires_only_in_the_languages_it_names(tmp_path):
    js_only = rule_text("t/js", files=FILES, query="(debugger_statement) @match")
    everywhere = rule_text("t/all", files=FILES, query="(debugger_statement) @match",
                           extra="").replace("query = '''(debugger_statement) @match'''",
                                             "query = '''(debugger_statement) @match'''\n"
                                             'languages = ["javascript", "typescript", "tsx"]')
    got = fired(tmp_path, js_only, everywhere)
    assert got == {("src/a.js", "t/js"), ("src/a.js", "t/all"), ("src/b.ts", "t/all"), ("src/c.tsx", "t/all")}


def test_one_query_per_language(tmp_path):
    text = rule_text("t/per", files=FILES).replace("+++\nWhy", "[trigger.query]\n"
                                                   "javascript = '''(debugger_statement) @match'''\n"
                                                   "typescript = '''(type_assertion) @match'''\n+++\nWhy")
    rule, problems = parse_rule(text, Path("r.md"))
    assert problems == [] and sorted(rule.query_sources) == ["javascript", "typescript"]
    assert fired(tmp_path, text) == {("src/a.js", "t/per"), ("src/b.ts", "t/per")}


def test_bad_languages_are_located_problems():
    unknown = rule_text("t/x", query="(debugger_statement) @match").replace(
        "query = '''(debugger_statement) @match'''", "query = '''(debugger_statement) @match'''\nlanguages = [\"cobol\"]")
    rule, problems = parse_rule(unknown, Path("r.md"))
    assert rule is None and "unknown query language 'cobol'" in problems[0].message
    # `type_assertion` is TypeScript's: a query naming JavaScript for it does not compile there.
    wrong = rule_text("t/y", query="(type_assertion) @match").replace(
        "query = '''(type_assertion) @match'''", "query = '''(type_assertion) @match'''\nlanguages = [\"javascript\", \"typescript\"]")
    rule, problems = parse_rule(wrong, Path("r.md"))
    assert rule is None and "invalid tree-sitter query (javascript)" in problems[0].message
    assert problems[0].line == wrong.splitlines().index("query = '''(type_assertion) @match'''")
