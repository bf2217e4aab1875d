"""Commands that expose the pipeline itself: `document_state` (what the server holds for a document, so
clients, tests and fuzzers can verify sync) and `check_file` (the diagnostics of one file as JSON)."""

from __future__ import annotations

import hashlib

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import CommandContext, arg_str, command
from lsp_server.positions import UTF16


@command("document_state", "the server's copy of an open document: version, text and its SHA-256")
def document_state(ctx: CommandContext, args: dict) -> dict | None:
    uri = arg_str(args, "uri", required=True)
    state = ctx.session.documents.get(uri) if ctx.session else None
    if state is None:
        return None
    doc = state.doc
    return {"uri": uri, "version": doc.version, "text": doc.text,
            "sha256": hashlib.sha256(doc.source).hexdigest(), "has_syntax_errors": doc.has_syntax_errors}


@command("check_file", "run every check on one file and return its findings (0-based UTF-16 positions)")
def check_file(ctx: CommandContext, args: dict) -> list[dict]:
    doc = ctx.document(arg_str(args, "uri", required=True))
    out = []
    check_ctx = CheckContext(ctx.workspace)
    findings = run_checks(doc, check_ctx, (Phase.TYPE, Phase.SAVE))
    ctx.workspace.document_checked(doc, findings, tuple(check_ctx.completed))  # checks only read: telemetry here
    for f in findings:
        (line, char), (end_line, end_char) = doc.lines.position(f.start, UTF16), doc.lines.position(f.end, UTF16)
        out.append({"line": line, "character": char, "end_line": end_line, "end_character": end_char,
                    "severity": f.severity.label, "code": f.code, "message": f.message})
    return out
