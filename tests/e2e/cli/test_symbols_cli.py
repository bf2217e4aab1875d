"""`footprint-ls symbols` and `footprint-ls check` on the bundled example app: the real CLI process (split from
tests/unit/test_symbols_features.py)."""

from __future__ import annotations

import json

from tests.conftest import EXAMPLES, run_cli

APP = EXAMPLES / "layout-app"


def test_cli_symbols_json_and_text():
    proc = run_cli("symbols", "--json", "Document.setFontSize", "Table.addRow", cwd=APP)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(proc.stdout)
    assert [d["status"] for d in data] == ["unknown", "known"]
    assert data[0]["suggestions"][0] == "Document.fontSize"
    proc = run_cli("symbols", "Table.addRow", cwd=APP)
    assert proc.returncode == 0 and "Table.addRow(options?: RowOptions): Row" in proc.stdout


def test_example_app_invented_calls(tmp_path):
    """The example's deliberate invented API calls, exactly, via `footprint-ls check`."""
    proc = run_cli("check", "--format", "json", str(APP))
    found = [f for f in json.loads(proc.stdout) if f["code"] == "unknown-symbol"]
    expected = [e for e in json.loads((APP / "expected-findings.json").read_text()) if e["code"] == "unknown-symbol"]
    got = {(f["path"].split("layout-app/")[-1], f["line"] + 1) for f in found}
    assert got == {(e["path"], e["line"]) for e in expected}
    sev = {f["path"].split("layout-app/")[-1]: f["severity"] for f in found}
    assert sev["src/layout/footer.js"] == "warning"  # inferred from evidence
    assert sev["src/services/InvoiceService.js"] == "error"
