"""`footprint-ls find` and `footprint-ls footprint` as a user runs them: the real CLI process (split from
tests/unit/test_footprints_commands.py, whose in-process command tests stay unit tests)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import EXAMPLES, run_cli


def test_cli_find_as_a_user_runs_it():
    proc = run_cli("find", "page.add(box)", "examples/layout-app")
    assert proc.returncode == 0, proc.stderr
    assert "examples/layout-app/src/app.js:58:  page.add(box);" in proc.stdout
    assert "    footprint of box: declared line 54; lines 54, 55, 56, 57" in proc.stdout
    proc = run_cli("find", "--json", "sampledata-that-does-not-exist", str(EXAMPLES / "layout-app"))
    assert proc.returncode == 1 and json.loads(proc.stdout)["files"] == []


def test_cli_footprint_on_the_example(tmp_path: Path):
    proc = run_cli("footprint", "--json", "--dependents", "examples/layout-app/src/layout/tables.js:6:9")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["name"] == "table" and out["exported"] is False
    assert [d["name"] for d in out["dependents"]] == ["head", "row"]
    assert [u["text"] for u in out["entangled"]] == ["return table;"]
