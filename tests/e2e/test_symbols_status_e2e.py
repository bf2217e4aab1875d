"""Removed and deprecated engine members through the real server over stdio, on the example app: a `.js` and a
`.ts` file use `Page.addFooter` (removed in 4.0 by the engine's docs, still in its typings) and `Cell.colSpan` /
`Cell.rowSpan` (`@deprecated`): the removed one is an error with the docs' evidence, the deprecated one a warning
the editor strikes through (DiagnosticTag.Deprecated); the hover says which."""

from __future__ import annotations

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES
from tests.e2e.conftest import make_client_fixture
from tests.e2e.test_typescript_e2e import diagnostics_until, open_file, position

APP = EXAMPLES / "layout-app"
client = make_client_fixture(root_uri=APP.as_uri(), params=["visual-studio-code"])

JS = APP / "src" / "layout" / "legacy.js"
TS = APP / "src" / "reports" / "summary.ts"


def _status_diagnostics(diags) -> dict[int, lsp.Diagnostic]:
    return {d.range.start.line + 1: d for d in diags
            if d.code == "unknown-symbol" and (d.data or {}).get("status") in ("removed", "deprecated")}


async def test_removed_and_deprecated_on_javascript(client: LanguageClient):
    uri = await open_file(client, JS, "javascript")
    diags = await diagnostics_until(client, uri, lambda d: len(_status_diagnostics(d)) >= 2)
    found = _status_diagnostics(diags)
    assert set(found) == {8, 10}
    removed, deprecated = found[8], found[10]
    assert removed.severity == lsp.DiagnosticSeverity.Error and not removed.tags
    assert removed.message.startswith("`Page.addFooter` was removed; use `page.footer.addBlock` instead")
    # the member's own reference page proves it (the changelog says so too)
    assert removed.data["evidence"]["path"].endswith("reference/page.md")
    assert deprecated.severity == lsp.DiagnosticSeverity.Warning
    assert list(deprecated.tags or []) == [lsp.DiagnosticTag.Deprecated]
    assert "use `Cell.setSpan` instead" in deprecated.message

    hover = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(uri), position(JS, "addFooter({", shift=2)))
    assert hover is not None and "**Removed**: use `page.footer.addBlock` instead" in hover.contents.value
    assert "Page.addFooter(options?: BlockOptions): Block" in hover.contents.value
    hover = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(uri), position(JS, "colSpan =", shift=2)))
    assert hover is not None and "**Deprecated**: use `Cell.setSpan` instead" in hover.contents.value


async def test_removed_and_deprecated_on_typescript(client: LanguageClient):
    """The pack's typings declare `Page.addFooter`, so TypeScript accepts it; the docs say removed: ours."""
    uri = await open_file(client, TS, "typescript")
    diags = await diagnostics_until(client, uri, lambda d: len(_status_diagnostics(d)) >= 2)
    found = _status_diagnostics(diags)
    assert set(found) == {64, 65}
    assert found[65].severity == lsp.DiagnosticSeverity.Error and "was removed" in found[65].message
    assert list(found[64].tags or []) == [lsp.DiagnosticTag.Deprecated] and "`Cell.rowSpan` is deprecated" in found[64].message
