"""Conversions from our dataclasses (byte offsets) to lsprotocol types (LSP positions). Uses positions.py."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from lsp_server.document import ParsedDocument, TextChange
from lsp_server.findings import Finding
from lsp_server.positions import Encoding
from lsp_server.providers import Action, Span, TextEdit


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
        # A link to what the code means (a convention rule's file), shown by the client on the code.
        code_description=lsp.CodeDescription(href=data["docs"]) if isinstance(data.get("docs"), str) else None,
        source=finding.source,
        tags=[_TAGS[t] for t in finding.tags if t in _TAGS] or None,
        data=data,
    )


_TAGS = {"deprecated": lsp.DiagnosticTag.Deprecated, "unnecessary": lsp.DiagnosticTag.Unnecessary}


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


def text_change(change: lsp.TextDocumentContentChangeEvent) -> TextChange:
    """A didChange content change as ours: a ranged edit (LSP line/character, converted by the document
    with the negotiated encoding) or the whole text."""
    if isinstance(change, lsp.TextDocumentContentChangePartial):
        start, end = change.range.start, change.range.end
        return TextChange(change.text, (start.line, start.character), (end.line, end.character))
    return TextChange(change.text)


def wanted_kind(kind: str, only: list[str] | None) -> bool:
    """Whether a code action of `kind` is among the kinds the client asked for (`context.only`): the
    kind itself or a sub-kind (`refactor` covers `refactor.rewrite`)."""
    return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)


def lsp_code_action(doc: ParsedDocument, action: Action, encoding: Encoding, versioned: bool) -> lsp.CodeAction:
    return lsp.CodeAction(
        title=action.title,
        kind=action.kind,
        diagnostics=[lsp_diagnostic(doc, f, encoding) for f in action.fixes] or None,
        is_preferred=action.preferred or None,
        disabled=lsp.CodeActionDisabled(reason=action.disabled) if action.disabled else None,
        edit=lsp_workspace_edit(doc, list(action.edits), encoding, versioned)
        if action.edits and not action.disabled else None,
        command=lsp.Command(title=action.title, command=action.command[0], arguments=action.command[1])
        if action.command else None,
    )
