"""`footprint-ls lookup` as a user runs it: the real CLI process (split from tests/unit/test_lookup.py, whose docs
workspace it reuses)."""

from __future__ import annotations

import json

from tests.conftest import run_cli
from tests.unit.test_lookup import make_ws


def test_cli_lookup_text_and_json(tmp_path):
    make_ws(tmp_path)
    proc = run_cli("lookup", "--json", "--limit", "1", "addRow", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["results"][0]["path"] == "docs/table.md" and out["results"][0]["start_line"] == 4
    assert "debug" not in out
    proc = run_cli("lookup", "add", "row", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("docs/table.md:5-")
    proc = run_cli("lookup", "addRows", cwd=tmp_path)
    assert proc.returncode == 1 and "did you mean: addRow" in proc.stderr
    proc = run_cli("lookup", "--expand", "how", "do", "I", "add", "rows", cwd=tmp_path)
    assert proc.returncode == 0 and "Table.addRow" in proc.stdout
