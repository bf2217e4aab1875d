"""TypeScript through the real CLI: `check` on a `.ts` and a `.tsx` file reports what the example says, and
`footprint --apply` deletes a type-only binding of a copy, as a user runs them."""

from __future__ import annotations

import json
import shutil

from tests.conftest import EXAMPLES, run_cli

APP = EXAMPLES / "layout-app"


def test_check_a_typescript_file_and_a_tsx_file():
    expected = {(e["path"], e["line"], e["code"]) for e in json.loads((APP / "expected-findings.json").read_text())
                if e["path"].startswith("src/reports/")}
    proc = run_cli("check", "--format", "json", "src/reports/summary.ts", "src/reports/SummaryCard.tsx", cwd=APP)
    assert proc.returncode == 1, proc.stderr
    got = {(f["path"].split("layout-app/")[-1], f["line"] + 1, f["code"]) for f in json.loads(proc.stdout)}
    assert got == expected


def test_footprint_apply_deletes_a_type_alias(tmp_path):
    shutil.copytree(APP, tmp_path / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine")
    target = tmp_path / "layout-app" / "src" / "reports" / "summary.ts"
    before = target.read_text(encoding="utf-8")
    line = before.splitlines().index("export type Totals = Record<string, number>;") + 1
    proc = run_cli("footprint", "--json", f"src/reports/summary.ts:{line}:13", cwd=tmp_path / "layout-app")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["name"] == "Totals" and out["kind"] == "type" and out["exported"] is True
    proc = run_cli("footprint", "--apply", f"src/reports/summary.ts:{line}:13", cwd=tmp_path / "layout-app")
    assert proc.returncode == 0, proc.stderr
    after = target.read_text(encoding="utf-8")
    assert "Totals" not in after and after.count("\n") == before.count("\n") - 2  # the line and a blank one
