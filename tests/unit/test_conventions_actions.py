"""Convention findings in the editor (issue 20.10): a link to the rule (codeDescription), the two quick fixes
that silence a rule for a line or for the file, and the disable comments those fixes write."""

from __future__ import annotations

from lsp_server import providers
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.positions import UTF16
from lsp_server.providers import RequestContext
from lsp_server.surfaces.lsp.convert import lsp_diagnostic
from tests.support.conventions_support import make_workspace, rule_text

RULES = {"hex.md": rule_text("t/hex", regex=r"#[0-9a-f]{6}\b"), "todo.md": rule_text("t/todo", regex=r"\bTODO\b")}


def conventions(ws, rel: str, text: str | None = None):
    path = ws.root / rel
    if text is not None:
        path.write_text(text, encoding="utf-8")
    doc = ws.document(path)
    return doc, [f for f in run_checks(doc, CheckContext(ws), (Phase.SAVE,)) if f.source == "footprint-conventions"]


def apply(doc: ParsedDocument, edits) -> str:
    out = doc.source
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        out = out[:e.start] + e.text.encode() + out[e.end:]
    return out.decode()


def test_diagnostic_links_to_its_rule_file(tmp_path):
    ws = make_workspace(tmp_path, RULES, {"src/a.js": 'const c = "#ff00aa";\n'})
    doc, findings = conventions(ws, "src/a.js")
    [f] = findings
    diag = lsp_diagnostic(doc, f, UTF16)
    assert diag.code == "t/hex"
    assert diag.code_description.href == path_to_uri(tmp_path.resolve() / "rules" / "hex.md")


def test_disable_for_this_line_and_for_this_file(tmp_path):
    ws = make_workspace(tmp_path, RULES, {"src/a.js": 'function f() {\n  const c = "#ff00aa"; // TODO\n}\n'})
    doc, findings = conventions(ws, "src/a.js")
    assert sorted(f.code for f in findings) == ["t/hex", "t/todo"]
    at = doc.source.index(b"#ff")
    actions = providers.call_all(providers.CODE_ACTIONS, doc, at, at, RequestContext(ws, findings=findings))
    titles = [a.title for a in actions]
    assert "Disable t/hex for this line" in titles and "Disable t/hex for this file" in titles, titles
    assert "Disable t/todo for this line" not in titles  # the other finding is not in the range
    line = next(a for a in actions if a.title == "Disable t/hex for this line")
    fixed = apply(doc, line.edits)
    assert '  // footprint-disable-next-line t/hex\n  const c = "#ff00aa";' in fixed  # the line's indentation
    _, after = conventions(ws, "src/a.js", fixed)
    assert [f.code for f in after] == ["t/todo"]  # only that rule, only there
    whole = next(a for a in actions if a.title == "Disable t/hex for this file")
    _, after = conventions(ws, "src/a.js", apply(doc, whole.edits) + 'const d = "#00ff00";\n')
    assert [f.code for f in after] == ["t/todo"]


def test_bare_and_listed_disable_comments(tmp_path):
    ws = make_workspace(tmp_path, RULES, {"src/b.js": ""})
    text = ('// footprint-disable-next-line\nconst a = "#ff00aa"; // TODO\n'
            '// footprint-disable-next-line t/todo, t/hex\nconst b = "#ff00ab"; // TODO\n'
            'const c = "#ff00ac";\n')
    _, findings = conventions(ws, "src/b.js", text)
    assert [(f.code, f.start) for f in findings] == [("t/hex", text.encode().index(b'#ff00ac'))]


def test_a_rule_with_a_fix_offers_it_with_its_groups_expanded(tmp_path):
    rules = {"var.md": rule_text("t/var", regex=r"\bvar (\w+)", extra='fix = "let \\\\1"'),
             "lit.md": rule_text("t/lit", regex=r"#ff00aa", extra='fix = "theme.accent"')}
    ws = make_workspace(tmp_path, rules, {"src/a.js": 'var count = 1;\nconst c = "#ff00aa";\n'})
    doc, findings = conventions(ws, "src/a.js")
    ctx = RequestContext(ws, findings=findings)
    for at in (doc.source.index(b"var"), doc.source.index(b"#ff")):
        [fix] = [a for a in providers.quick_fixes_from_findings(doc, at, at, ctx) if a.kind == "quickfix"]
        assert fix.title.startswith("Fix: Title of t/") and fix.preferred
    var_fix = next(a for a in providers.quick_fixes_from_findings(doc, 0, 0, ctx) if a.kind == "quickfix")
    assert apply(doc, var_fix.edits).startswith("let count = 1;")
    at = doc.source.index(b"#ff")
    lit_fix = next(a for a in providers.quick_fixes_from_findings(doc, at, at, ctx) if a.kind == "quickfix")
    assert 'const c = "theme.accent";' in apply(doc, lit_fix.edits)
