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


def test_symbols_removed_and_deprecated():
    """`footprint-ls symbols` on the example: `Page.addFooter` removed (the docs say so, the typings lag) and
    `Cell.colSpan` deprecated (`@deprecated`), each with its replacement and the marker's place."""
    proc = run_cli("symbols", "--json", "Page.addFooter", "Cell.colSpan", cwd=APP)
    assert proc.returncode == 1, proc.stderr  # a removed name is not a known one
    footer, span = json.loads(proc.stdout)
    assert footer["status"] == "removed" and footer["suggestions"] == ["page.footer.addBlock"]
    assert footer["evidence"].split(":")[0].endswith("reference/page.md")
    assert span["status"] == "known" and span["deprecated"] is True and span["replacement"] == "Cell.setSpan"
    assert span["evidence"].endswith("engine.d.ts:" + span["source"].rsplit(":", 1)[1])
    proc = run_cli("symbols", "Page.addFooter", cwd=APP)
    assert "Page.addFooter: removed" in proc.stdout and "use page.footer.addBlock instead" in proc.stdout
