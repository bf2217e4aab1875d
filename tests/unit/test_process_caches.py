"""What a short process (a CLI run, a hook) reads from the workspace's cache instead of recomputing: the facts
of rule queries that compiled before (so loading rules compiles none, and a rule's query is compiled only when
it runs) and the mined name conventions; both must give exactly what computing them gives."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.config import load_settings
from lsp_server.conventions import rules
from lsp_server.conventions.service import RuleService
from lsp_server.knowledge import naming
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES
from tests.support.conventions_support import make_workspace, rule_text

GOOD_QUERY = '((call_expression function: (identifier) @f) @match (#eq? @f "render"))'
OTHER_QUERY = '((identifier) @match (#eq? @match "legacyThing"))'


def _fresh_process(monkeypatch) -> None:
    """Forget what this process compiled or learnt, as a new process would."""
    monkeypatch.setattr(rules, "_facts", {})
    monkeypatch.setattr(rules, "_compiled", rules.OrderedDict())
    monkeypatch.setattr(rules, "_facts_dirty", False)


def _findings(ws: Workspace, path: Path) -> list[tuple[str, int]]:
    doc = ws.document(path)
    return [(f.code, f.start) for f in run_checks(doc, CheckContext(ws), (Phase.SAVE,))]


def test_rule_queries_validated_before_are_not_compiled_to_load(tmp_path: Path, monkeypatch):
    files = {"good.md": rule_text("t/render", query=GOOD_QUERY),
             "other.md": rule_text("t/legacy", query=OTHER_QUERY, files=("lib/**/*.js",)),
             "bad.md": rule_text("t/bad", query="(call_expression"),
             "nomatch.md": rule_text("t/nomatch", query="(identifier) @id")}
    sources = {"src/a.js": "render();\nother();\n"}
    _fresh_process(monkeypatch)
    first = make_workspace(tmp_path, files, sources)
    svc = first.service(RuleService)
    first_problems = {path.name: [p.message for p in found] for path, found in svc.problems.items()}
    assert sorted(first_problems) == ["bad.md", "nomatch.md"]
    expected = _findings(first, tmp_path / "src/a.js")
    assert [code for code, _ in expected] == ["t/render"]
    assert (first.cache_dir / rules.QUERY_FACTS_CACHE).is_file()

    _fresh_process(monkeypatch)
    second = make_workspace(tmp_path, files, sources)  # the next process on the same workspace
    svc = second.service(RuleService)
    # the invalid queries were compiled again (never cached), and reported exactly as before
    assert {path.name: [p.message for p in found] for path, found in svc.problems.items()} == first_problems
    assert ("javascript", GOOD_QUERY) not in rules._compiled and ("javascript", OTHER_QUERY) not in rules._compiled
    assert _findings(second, tmp_path / "src/a.js") == expected
    assert ("javascript", GOOD_QUERY) in rules._compiled  # compiled where it ran
    assert ("javascript", OTHER_QUERY) not in rules._compiled  # its globs select no file checked


def test_a_query_cache_not_signed_by_this_user_teaches_nothing(tmp_path: Path, monkeypatch):
    _fresh_process(monkeypatch)
    ws = make_workspace(tmp_path, {"bad.md": rule_text("t/bad", query="(call_expression")})
    ws.cache_dir.mkdir(parents=True, exist_ok=True)
    # a planted file claiming the invalid query compiled
    (ws.cache_dir / rules.QUERY_FACTS_CACHE).write_text(
        '{"version": 1, "grammars": {}, "queries": [["javascript", "(call_expression", ["match"], []]]}')
    svc = ws.service(RuleService)
    assert [p.path.name for found in svc.problems.values() for p in found] == ["bad.md"]
    assert "t/bad" not in svc.ruleset.by_id


def _layout_app(tmp_path: Path) -> Workspace:
    shutil.copytree(EXAMPLES / "layout-app", tmp_path / "layout-app", ignore=shutil.ignore_patterns("node_modules"))
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine")
    root = tmp_path / "layout-app"
    return Workspace(root, load_settings(root, root / "footprint.toml"))


def test_name_conventions_are_read_back_only_for_the_same_inputs(tmp_path: Path, monkeypatch):
    mined = []
    real_mine = naming.mine
    monkeypatch.setattr(naming, "mine", lambda model, known=None: mined.append(1) or real_mine(model, known))

    model = _layout_app(tmp_path).service(ObjectModelService).model
    assert model.examples and model.conventions_cache is not None
    conventions = naming.ensure_conventions(model)
    assert mined == [1] and conventions and model.conventions_cache.is_file()

    fresh = _layout_app_again(tmp_path)
    assert naming.ensure_conventions(fresh) == conventions and mined == [1]  # read back, not mined

    changed = _layout_app_again(tmp_path)
    changed.examples = [*changed.examples, ("extra.js", "const pdfDoc = 1;\n")]
    naming.ensure_conventions(changed)
    assert mined == [1, 1]

    # other reader code made the model (same sources, same examples): mined again, never read back
    from lsp_server.knowledge import object_model

    monkeypatch.setattr(object_model, "_READER_VERSION", object_model.reader_version() + "-edited")
    naming.ensure_conventions(_layout_app_again(tmp_path))
    assert mined == [1, 1, 1]


def _layout_app_again(tmp_path: Path):
    """A new model of the same copy: what the next process builds."""
    root = tmp_path / "layout-app"
    model = Workspace(root, load_settings(root, root / "footprint.toml")).service(ObjectModelService).model
    assert model.conventions is None
    return model
