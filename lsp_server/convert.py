"""Conversions from our dataclasses (byte offsets) to lsprotocol types (LSP positions). Uses positions.py."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding
from lsp_server.positions import Encoding
from lsp_server.providers import Span, TextEdit


def lsp_position(doc: ParsedDocument, offset: int, encoding: Encoding) -> lsp.Position:
    line, character = doc.lines.position(offset, encoding)
    return lsp.Position(line=line, character=character)


def lsp_range(doc: ParsedDocument, start: int, end: int, encoding: Encoding) -> lsp.Range:
    return lsp.Range(start=lsp_position(doc, start, encoding), end=lsp_position(doc, end, encoding))


def byte_offset(doc: ParsedDocument, position: lsp.Position, encoding: Encoding) -> int:
    return doc.lines.offset(position.line, position.character, encoding)


def lsp_diagnostic(doc: ParsedDocument, finding: Finding, encoding: Encoding) -> lsp.Diagnostic:
    data: dict[str, Any] = dict(finding.data or {})
    data["version"] = doc.version
    data["span"] = [finding.start, finding.end]
    return lsp.Diagnostic(
        range=lsp_range(doc, finding.start, finding.end, encoding),
        message=finding.message,
        severity=lsp.DiagnosticSeverity(int(finding.severity)),
        code=finding.code,
        source=finding.source,
        data=data,
    )


def lsp_text_edit(doc: ParsedDocument, edit: TextEdit, encoding: Encoding) -> lsp.TextEdit:
    return lsp.TextEdit(range=lsp_range(doc, edit.start, edit.end, encoding), new_text=edit.text)


def lsp_workspace_edit(
    doc: ParsedDocument, edits: list[TextEdit], encoding: Encoding, versioned: bool
) -> lsp.WorkspaceEdit:
    """A workspace edit for one document; versioned (TextDocumentEdit) when the client supports it, so
    the client refuses to apply it to any other version than the one it was computed for."""
    text_edits = [lsp_text_edit(doc, e, encoding) for e in sorted(edits, key=lambda e: e.start)]
    if versioned:
        target = lsp.OptionalVersionedTextDocumentIdentifier(uri=doc.uri, version=doc.version)
        return lsp.WorkspaceEdit(document_changes=[lsp.TextDocumentEdit(text_document=target, edits=text_edits)])
    return lsp.WorkspaceEdit(changes={doc.uri: text_edits})


def lsp_highlight(doc: ParsedDocument, span: Span, encoding: Encoding) -> lsp.DocumentHighlight:
    kinds = {"text": lsp.DocumentHighlightKind.Text, "read": lsp.DocumentHighlightKind.Read,
             "write": lsp.DocumentHighlightKind.Write}
    return lsp.DocumentHighlight(range=lsp_range(doc, span.start, span.end, encoding), kind=kinds[span.kind])
