"""The conventions commands (context, list, stats) in process (split from tests/e2e/cli/test_conventions_cli.py,
which runs the same workspace through the CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.conventions_support import sample_rules_workspace


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return sample_rules_workspace(tmp_path)


def test_commands_context_list_and_stats(ws: Path):
    from lsp_server.commands import CommandContext, CommandError
    from lsp_server.surfaces.commands import conventions_context, rule_stats, rules_list
    from lsp_server.workspace import Workspace

    w = Workspace(ws)
    ctx = CommandContext(w)
    out = conventions_context(ctx, {})
    assert [r["id"] for r in out["rules"]] == ["t/guide"] and "Batch your queries." in out["text"]
    assert conventions_context(ctx, {"path": "lib/other.py"})["text"] == ""  # its globs do not select it
    full = conventions_context(ctx, {"path": "src/a.js", "all": True})
    assert full["checked"] == ["t/hex", "t/var", "t/eval"] and "Checked automatically on save" in full["text"]
    with pytest.raises(CommandError):
        conventions_context(ctx, {"all": "yes"})
    listed = rules_list(ctx, {})
    assert listed["sources"][0]["rules"] == 4 and listed["problems"] == []
    # paths as the LSP surface shows them: relative to the workspace root, never absolute
    assert all(not Path(r["path"]).is_absolute() and (ws / r["path"]).is_file() for r in listed["rules"])
    assert (ws / listed["sources"][0]["folder"]).is_dir()
    assert {s["rule"] for s in rule_stats(ctx, {})} == {"t/hex", "t/var", "t/eval"}  # never fired: zeros


def test_area_reports_are_typed_and_the_presenter_places_paths(ws: Path, tmp_path: Path):
    """The conventions area returns dataclasses with absolute paths; each surface's presenter places them."""
    from lsp_server.conventions.reports import Guidance, RulesReport, RuleStats, guidance, rules_report, stats
    from lsp_server.surfaces.present import for_cli
    from lsp_server.workspace import Workspace

    w = Workspace(ws)
    report = rules_report(w)
    assert isinstance(report, RulesReport) and all(r.path.is_absolute() for r in report.rules)
    assert isinstance(guidance(w), Guidance) and all(isinstance(s, RuleStats) for s in stats(w))
    shown = for_cli(cwd=ws / "src").rules_report(report)
    assert all(r["path"].startswith("../") for r in shown["rules"])
    (ws / "rules" / "broken.md").write_text("+++\nid = \n+++\nbody\n")
    broken = rules_report(Workspace(ws)).problems
    assert [p.path for p in broken] == [ws / "rules" / "broken.md"]
    assert for_cli(cwd=ws).rule_problem(broken[0])["path"] == "rules/broken.md"
