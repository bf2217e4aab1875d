"""Rule files: parsing, validation with located problems, bad files skipped while others keep working."""

from __future__ import annotations

import logging
from pathlib import Path

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.conventions.rules import parse_rule
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Severity
from tests.conftest import EXAMPLES
from tests.support.conventions_support import make_workspace, rule_text


def parse(text: str):
    return parse_rule(text, Path("/rules/r.md"))


def test_example_rules_parse_without_problems():
    for path in sorted((EXAMPLES / "layout-engine" / "rules").glob("*.md")):
        rule, problems = parse_rule(path.read_text(encoding="utf-8"), path)
        assert rule is not None and problems == [], (path, problems)
    rule, _ = parse_rule((EXAMPLES / "layout-engine/rules/no-hex-colors.md").read_text(), Path("x.md"))
    assert rule.id == "layout/no-hex-colors" and rule.severity == Severity.WARNING and rule.priority == 50
    assert rule.applies_to("src/layout/cover.js") and not rule.applies_to("src/theme/colors.js")
    assert not rule.applies_to("test/a.js") and rule.regex_source and rule.query_source
    assert rule.body.startswith("The brand palette")


def test_rule_without_trigger_is_guidance():
    rule, problems = parse(rule_text("g/guide"))
    assert problems == [] and rule is not None and not rule.has_trigger


def test_missing_fence_is_an_error_at_line_1():
    rule, problems = parse("id = 'x'\n")
    assert rule is None and problems[0].line == 0 and "+++" in problems[0].message


def test_toml_error_names_the_line_of_the_rule_file():
    rule, problems = parse('+++\nid = "a"\ntitle = "t"\nfiles = [\n+++\nbody\n')
    assert rule is None and "invalid TOML header" in problems[0].message
    assert problems[0].line >= 1


def test_invalid_regex_is_reported_on_its_line():
    text = rule_text("a/bad-regex", regex="foo(bar")
    rule, problems = parse(text)
    assert rule is None
    [p] = problems
    assert "invalid regex" in p.message
    assert text.splitlines()[p.line].startswith("regex =")


def test_invalid_query_and_query_without_match_capture():
    rule, problems = parse(rule_text("a/bad-query", query="(no_such_node) @match"))
    assert rule is None and "invalid tree-sitter query" in problems[0].message
    rule, problems = parse(rule_text("a/no-capture", query="(new_expression) @other"))
    assert rule is None and "@match" in problems[0].message


def test_wrong_types_and_values_are_errors_unknown_keys_warnings():
    rule, problems = parse(rule_text("a/x", regex="x", severity="fatal"))
    assert rule is None and "invalid severity" in problems[0].message
    rule, problems = parse(rule_text("a/x", regex="x", scope="repo"))
    assert rule is None and "invalid scope" in problems[0].message
    rule, problems = parse(rule_text("a/x", regex="x", extra='prioriti = 3'))
    assert rule is not None and problems[0].severity == Severity.WARNING and "prioriti" in problems[0].message
    rule, problems = parse('+++\ntitle = "t"\nfiles = ["*.js"]\n+++\n')
    assert rule is None and "missing required key 'id'" in problems[0].message
    rule, problems = parse(rule_text("a/x", regex="x?"))
    assert rule is None and "empty string" in problems[0].message


def test_bad_rule_files_are_skipped_others_keep_working(tmp_path: Path, caplog):
    ws = make_workspace(tmp_path, {
        "good.md": rule_text("t/good", regex=r"\bvar\b"),
        "bad-regex.md": rule_text("t/bad-regex", regex="(unclosed"),
        "bad-header.md": "+++\nid = \n+++\n",
        "bad-query.md": rule_text("t/bad-query", query="(call_expression"),
    }, {"src/a.js": "var a = 1;\n"})
    with caplog.at_level(logging.WARNING):
        svc = ws.service(RuleService)
    assert [r.id for r in svc.ruleset.rules] == ["t/good"]
    skipped = [r for r in caplog.records if "rule skipped" in r.getMessage()]
    assert len(skipped) == 3  # one log line per bad file
    doc = ws.document(tmp_path / "src/a.js")
    findings = run_checks(doc, CheckContext(ws), (Phase.SAVE,))
    assert [f.code for f in findings] == ["t/good"]


def test_rule_file_diagnostic_on_the_open_rule_file(tmp_path: Path):
    text = rule_text("t/bad-regex", regex="(unclosed")
    ws = make_workspace(tmp_path, {"bad.md": text})
    path = tmp_path / "rules/bad.md"
    doc = ParsedDocument.create(path_to_uri(path), text)
    assert doc.language is None
    findings = run_checks(doc, CheckContext(ws), (Phase.TYPE, Phase.SAVE))
    assert [f.code for f in findings] == ["rule-file"]
    line = doc.lines.line_of(findings[0].start)
    assert text.splitlines()[line].startswith("regex =") and findings[0].severity == Severity.ERROR
    # A Markdown file that is not a rule is left alone, even with a "+++" header.
    other = tmp_path / "docs/post.md"
    other_doc = ParsedDocument.create(path_to_uri(other), '+++\ntitle = "hugo post"\n+++\ntext\n')
    assert run_checks(other_doc, CheckContext(ws), (Phase.SAVE,)) == []


def test_changed_rule_file_reloads(tmp_path: Path):
    ws = make_workspace(tmp_path, {"r.md": rule_text("t/r", regex="foo")}, {"src/a.js": "foo;\nbar;\n"})
    svc = ws.service(RuleService)
    assert svc.ruleset.by_id["t/r"].regex_source == "foo"
    (tmp_path / "rules/r.md").write_text(rule_text("t/r", regex="bar"), encoding="utf-8")
    (tmp_path / "rules/new.md").write_text(rule_text("t/new", regex="foo"), encoding="utf-8")
    ws.files_changed([tmp_path / "rules/r.md", tmp_path / "rules/new.md"])
    svc = ws.service(RuleService)
    assert svc.ruleset.by_id["t/r"].regex_source == "bar" and "t/new" in svc.ruleset.by_id
    (tmp_path / "rules/new.md").unlink()
    ws.files_changed([tmp_path / "rules/new.md"])
    assert "t/new" not in ws.service(RuleService).ruleset.by_id


def test_rule_file_check_applies_to_markdown_only():
    from lsp_server.checks import has_checks

    assert has_checks(ParsedDocument.create("file:///ws/rules/r.md", "x"))
    assert has_checks(ParsedDocument.create("file:///ws/src/a.js", "x"))
    # Other unparsed files keep their own diagnostics (config errors on footprint.toml).
    assert not has_checks(ParsedDocument.create("file:///ws/footprint.toml", "x"))
    assert not has_checks(ParsedDocument.create("file:///ws/notes.txt", "x"))


def test_a_cached_query_error_raised_again_does_not_grow_its_traceback():
    # the error of a bad rule query is cached and raised on every use: each raise must start a fresh traceback,
    # not append to the last one (which would grow without bound and keep every frame alive)
    import traceback

    import pytest

    from lsp_server.conventions.rules import compile_query

    depths = []
    for _ in range(4):
        with pytest.raises(Exception) as caught:
            compile_query("javascript", "(no_such_node_type) @x")
        depths.append(len(traceback.extract_tb(caught.value.__traceback__)))
    assert len(set(depths)) == 1, depths
