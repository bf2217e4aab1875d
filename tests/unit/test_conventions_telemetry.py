"""Telemetry: firings and outcomes across sessions, and a too-broad rule flagged as noisy."""

from __future__ import annotations

import json
from pathlib import Path

from lsp_server.conventions.evaluate import Hit
from lsp_server.conventions.service import RuleService
from lsp_server.conventions.telemetry import Firing, Telemetry
from lsp_server.document import ParsedDocument
from tests.support.conventions_support import make_workspace, rule_text


def doc(text: str) -> ParsedDocument:
    return ParsedDocument.create("file:///ws/src/a.js", text)


def test_counts_across_two_sessions_and_outcomes(tmp_path: Path):
    folder = tmp_path / "telemetry"
    one, two = Telemetry(folder, session="one"), Telemetry(folder, session="two")
    v1 = doc("const a = bad();\nok();\n")
    one.record("src/a.js", v1, [Firing("t/bad", 10, 13)])
    one.record("src/a.js", v1, [Firing("t/bad", 10, 13)])  # same content again: nothing new
    # Session two: the flagged line was fixed -> followed by a change; a new firing elsewhere.
    v2 = doc("const a = good();\nok(); bad();\n")
    two.record("src/a.js", v2, [Firing("t/bad", 24, 27)])
    # Session one again: an unrelated edit, the flagged line is still there -> not followed.
    v3 = doc("// header\nconst a = good();\nok(); bad();\n")
    one.record("src/a.js", v3, [Firing("t/bad", 34, 37)])
    [stats] = one.stats(min_firings=1)
    assert stats["rule"] == "t/bad" and stats["firings"] == 3 and stats["sessions"] == 2
    assert stats["resolved"] == 2 and stats["followed"] == 1 and stats["followed_share"] == 0.5
    assert not stats["noisy"]
    events = [json.loads(line) for line in (folder / "telemetry.jsonl").read_text().splitlines()]
    fire = events[0]
    assert fire["event"] == "fire" and fire["path"] == "src/a.js" and fire["start"] == 10 and fire["line"] == 0
    assert len(fire["doc"]) == 16 and fire["t"] > 0
    assert "bad()" not in (folder / "telemetry.jsonl").read_text()  # no code is stored


def test_disabled_telemetry_writes_nothing(tmp_path: Path):
    t = Telemetry(tmp_path / "t", enabled=False)
    t.record("a.js", doc("x\n"), [Firing("r", 0, 1)])
    assert not (tmp_path / "t").exists()


def test_service_records_what_is_shown(tmp_path: Path):
    ws = make_workspace(tmp_path, {"r.md": rule_text("t/r", regex="x")}, {"src/a.js": "x\n"})
    svc = ws.service(RuleService)
    d = ws.document(tmp_path / "src/a.js")
    ev = svc.evaluate_file(d, "src/a.js")
    assert [h.rule.id for h in ev.hits] == ["t/r"] and isinstance(ev.hits[0], Hit)
    svc.record("src/a.js", d, ev, session="abc")
    assert svc.telemetry.stats(min_firings=1)[0]["sessions"] == 1


def test_too_broad_rule_is_noisy_on_the_example_app(tmp_path: Path):
    """On the example: a team adds a rule with a too-broad trigger; after a scripted sequence of saves
    where the flagged lines never change, `rules stats` flags it, and the example's precise rule is not."""
    import shutil

    from lsp_server.surfaces.common import workspace_for
    from lsp_server.conventions.reports import stats as rule_stats
    from tests.conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "layout-app", tmp_path / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine")
    app = tmp_path / "layout-app"
    (app / "rules").mkdir()
    (app / "rules/await-everything.md").write_text(rule_text(
        "team/await-everything", regex=r"\bawait\b", priority=95, message="Is this await needed?"))
    config = (app / "footprint.toml").read_text()
    (app / "footprint.toml").write_text(config.replace('exclude = ["dist/**"]', 'exclude = ["dist/**"]\n'
                                                       'cache_dir = ".fp-cache"') + '\n[rules]\npaths = ["rules"]\n')
    app_js = app / "src/app.js"
    original = app_js.read_text()
    for i in range(12):  # twelve sessions, each saving app.js with an unrelated edit
        ws = workspace_for(app)
        svc = ws.service(RuleService)
        text = original + f"// edit {i}\n"
        if i >= 8:  # from the ninth save on, the dropped render() promise is fixed
            text = text.replace("  doc.render();", "  await doc.render();")
        app_js.write_text(text)
        doc = ws.document(app_js)
        evaluation = svc.evaluate_file(doc, "src/app.js")
        assert [h.rule.id for h in evaluation.hits][0] == "team/await-everything"
        svc.record("src/app.js", doc, evaluation, session=f"session-{i}")
    stats = {s.rule: s for s in rule_stats(workspace_for(app))}
    assert stats["team/await-everything"].noisy and stats["team/await-everything"].sessions == 12
    render = stats["layout/await-render"]
    assert not render.noisy and render.followed > 0


def test_damaged_state_never_breaks_recording(tmp_path: Path):
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "pending.json").write_text('{"src/a.js": {"doc": "x", "firings": [{"oops": 1}]}, "b": 3}')
    (folder / "telemetry.jsonl").write_text('{"event": "fire", "rule": "r"\nnot json\n')
    t = Telemetry(folder, session="s")
    t.record("src/a.js", doc("bad();\n"), [Firing("r", 0, 3)])
    [stats] = t.stats(min_firings=1)
    assert stats["firings"] == 1  # the torn line is skipped, the new firing counted


def test_the_check_only_reads_and_the_firings_published_are_recorded_after(tmp_path: Path):
    from lsp_server.scheduler import BOTH, run_document_checks

    ws = make_workspace(tmp_path, {"r.md": rule_text("t/r", regex="x")}, {"src/a.js": "x\n"})
    svc = ws.service(RuleService)
    d = ws.document(tmp_path / "src/a.js")
    findings, ctx = run_document_checks(d, ws, BOTH)  # what the server runs, in a worker thread
    assert [f.code for f in findings if f.check == "conventions"] == ["t/r"] and "conventions" in ctx.completed
    assert svc.telemetry.events() == []  # the check wrote nothing
    ws.document_checked(d, findings, tuple(ctx.completed))  # the scheduler, once the findings are published
    assert [(s["rule"], s["firings"]) for s in svc.telemetry.stats(min_firings=1)] == [("t/r", 1)]
    ws.document_checked(d, findings, ("syntax",))  # a run without the conventions check records nothing
    assert [e["event"] for e in svc.telemetry.events()] == ["fire"]
