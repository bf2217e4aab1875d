"""The pygls layer: handlers translate LSP <-> the session, the scheduler and our pure features, nothing else.

Each handler has the same steps (at most 20 lines): translate the params (convert.py), call the Session (open
documents), the DiagnosticsScheduler (scheduler.py: when checks run) or the providers (in a worker thread
when it can take time), convert the result and return or publish it. Notification handlers are wrapped so
an exception is logged instead of killing the server; request handler exceptions become JSON-RPC error
responses (pygls does that). Our changes to pygls' protocol object are in lsp_protocol.py, the wire under it
in transport.py.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from lsp_server import __version__, foreground, plugins, providers
from lsp_server.surfaces.lsp import transport
from lsp_server.commands import COMMANDS, Command, CommandContext
from lsp_server.config import ConfigError
from lsp_server.surfaces.lsp.convert import (
    byte_offset, lsp_code_action, lsp_diagnostic, lsp_highlight, lsp_range, text_change, wanted_kind,
)
from lsp_server.document import ParsedDocument, path_to_uri, real_path, uri_to_path
from lsp_server.errors import FootprintError
from lsp_server.findings import Finding, Severity
from lsp_server.surfaces.lsp.lsp_protocol import FootprintProtocol
from lsp_server.positions import normalize_encoding
from lsp_server.scheduler import DiagnosticsScheduler, NoProgress, Progress
from lsp_server.session import DocumentState, Session, client_options
from lsp_server.surfaces import commands as _commands  # noqa: F401 - registers the LSP commands
from lsp_server.surfaces.errors import INVALID_PARAMS, jsonrpc_code

log = logging.getLogger(__name__)

WATCHED_GLOB = "**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,md,markdown,txt,html,htm,json,toml}"


class FootprintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("footprint-ls", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
                         protocol_cls=FootprintProtocol)
        self.session = Session()
        self.scheduler = DiagnosticsScheduler(self.session, publish=self.publish_findings, notify=self.show_warning,
                                              begin_progress=self.begin_progress, settle=foreground.settle)
        self.config_uris: set[str] = set()
        self.shown_client_warnings: set[str] = set()  # client-settings warnings shown once (no file to mark)

    # --- what the scheduler calls ---------------------------------------------------------------------
    def publish_findings(self, uri: str, doc: ParsedDocument | None, findings: list[Finding]) -> None:
        """textDocument/publishDiagnostics; an open document's carry its version (clients drop stale ones)."""
        enc = self.session.encoding
        diagnostics = [lsp_diagnostic(doc, f, enc) for f in findings] if doc is not None else []
        version = doc.version if doc is not None and uri in self.session.documents else None
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version))

    def show_warning(self, message: str) -> None:
        self.window_show_message(lsp.ShowMessageParams(type=lsp.MessageType.Warning, message=message))

    async def begin_progress(self, title: str, message: str) -> Progress:
        """A started `$/progress` (work done progress) if the client supports it, else one that says nothing."""
        caps = self.client_capabilities
        if not (caps and caps.window and caps.window.work_done_progress):
            return NoProgress()
        token = f"footprint-index-{uuid.uuid4()}"
        await self.work_done_progress.create_async(token)
        self.work_done_progress.begin(token, lsp.WorkDoneProgressBegin(
            title=title, message=message, percentage=0, cancellable=False))
        return _LspProgress(self, token, asyncio.get_running_loop())

    # --- the other things the handlers share ----------------------------------------------------------
    def publish_config_errors(self) -> None:
        """Config errors are diagnostics on the config file itself, at the offending line."""
        by_uri: dict[str, list[ConfigError]] = {}
        for ws in self.session.workspaces.values():
            for err in ws.settings.errors:
                if err.path is not None:
                    by_uri.setdefault(path_to_uri(err.path), []).append(err)
                else:
                    log.warning("client settings: %s", err.message)
                    if err.severity == "warning" and err.message not in self.shown_client_warnings:
                        self.shown_client_warnings.add(err.message)  # e.g. an untrusted-setting: say it once
                        self.window_show_message(lsp.ShowMessageParams(
                            type=lsp.MessageType.Warning, message=f"Footprint client settings: {err.message}"))
        for uri in self.config_uris - set(by_uri):
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        for uri, errors in by_uri.items():
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[
                lsp.Diagnostic(range=lsp.Range(lsp.Position(e.line, 0), lsp.Position(e.line + 1, 0)),
                               message=e.message, severity=lsp.DiagnosticSeverity.Warning
                               if e.severity == "warning" else lsp.DiagnosticSeverity.Error,
                               code=e.code, source="footprint") for e in errors]))
            for e in errors:
                log.warning("config: %s", e)
        self.config_uris = set(by_uri)

    def publish_too_large(self, uri: str, state: DocumentState) -> None:
        """A document over max_file_bytes is kept in sync but not parsed or checked (a multi-megabyte minified
        file would take tens of seconds per keystroke): one information diagnostic says so."""
        size, limit = len(state.doc.source), state.workspace.settings.top.max_file_bytes
        if not state.type_findings:
            log.info("not analysing %s: %d bytes is over max_file_bytes (%d)", uri, size, limit)
        state.save_findings = []
        state.type_findings = [Finding("file-too-large", f"Footprint does not analyse this file: {size} bytes is over "
                                       f"the {limit}-byte limit (max_file_bytes in footprint.toml).", 0, 0,
                                       Severity.INFORMATION, check="file-too-large")]
        self.publish_findings(uri, state.doc, state.findings)

    def document_for(self, uri: str) -> ParsedDocument | None:
        """The open document, or the file on disk for a URI the client has not opened."""
        state = self.session.documents.get(uri)
        if state is not None:
            return state.doc
        path = uri_to_path(uri)
        if path is None:
            return None
        return self.session.workspace_for_path(path).document(path)

    def request_context(self, uri: str, doc: ParsedDocument) -> providers.RequestContext:
        state = self.session.documents.get(uri)
        if state is not None and state.doc is doc:
            return providers.RequestContext(state.workspace, findings=state.findings)
        return providers.RequestContext(self.session.workspace_for_path(doc.path), findings=[])

    def supports_disabled_code_actions(self) -> bool:
        caps = self.client_capabilities
        return bool(caps and caps.text_document and caps.text_document.code_action
                    and caps.text_document.code_action.disabled_support)

    async def watch_files(self) -> None:
        """Ask the client to tell us about files changed on disk (agents, git, other editors), if it can."""
        caps = self.client_capabilities
        watched = caps and caps.workspace and caps.workspace.did_change_watched_files
        if not (watched and watched.dynamic_registration):
            return
        try:
            await self.client_register_capability_async(lsp.RegistrationParams(registrations=[lsp.Registration(
                id=f"footprint-watch-{uuid.uuid4()}", method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                    watchers=[lsp.FileSystemWatcher(glob_pattern=WATCHED_GLOB)]))]))
        except Exception as exc:  # noqa: BLE001 - a client that refuses still gets everything but file watching
            log.warning("the client refused to watch files for us (%s): on-disk changes are seen on save only", exc)

    @property
    def client_capabilities(self) -> lsp.ClientCapabilities | None:
        return getattr(self.protocol, "client_capabilities", None)


class _LspProgress:
    """One `$/progress` token; `report` is called from the worker thread that builds an index."""

    def __init__(self, ls: FootprintServer, token: str, loop: asyncio.AbstractEventLoop) -> None:
        self.ls, self.token, self.loop = ls, token, loop

    def report(self, message: str, percent: int | None = None) -> None:
        self.loop.call_soon_threadsafe(self.ls.work_done_progress.report, self.token,
                                       lsp.WorkDoneProgressReport(message=message, percentage=percent))

    def end(self, message: str) -> None:
        self.ls.work_done_progress.end(self.token, lsp.WorkDoneProgressEnd(message=message))


def guarded(func):
    """Log-and-continue for notification handlers: an error must never kill the server or pop up."""

    @functools.wraps(func)
    async def wrapper(ls: FootprintServer, params):
        try:
            result = func(ls, params)
            if asyncio.iscoroutine(result):
                await result
        except Exception:  # noqa: BLE001
            log.exception("%s failed", func.__name__)

    return wrapper


server = FootprintServer()


@server.feature(lsp.INITIALIZE)
def initialize(ls: FootprintServer, params: lsp.InitializeParams) -> None:
    session = ls.session
    session.encoding = normalize_encoding(ls.workspace.position_encoding)
    roots = [uri_to_path(f.uri) for f in (params.workspace_folders or [])]
    if not roots and params.root_uri:
        roots = [uri_to_path(params.root_uri)]
    elif not roots and params.root_path:
        roots = [Path(params.root_path)]
    session.roots = [real_path(r) for r in roots if r is not None]
    if isinstance(params.initialization_options, dict):
        session.client_settings, session.client_trust = client_options(params.initialization_options)
    caps = params.capabilities
    session.versioned_edits = bool(caps.workspace and caps.workspace.workspace_edit
                                   and caps.workspace.workspace_edit.document_changes)
    client = params.client_info.name if params.client_info else "client"
    session.client_id = f"{client}-{params.process_id or uuid.uuid4().hex[:8]}"


@server.feature(lsp.INITIALIZED)
@guarded
async def initialized(ls: FootprintServer, params: lsp.InitializedParams) -> None:
    loop = asyncio.get_running_loop()
    ls.session.notify_user = lambda message: loop.call_soon_threadsafe(ls.show_warning, message)  # from threads
    for root in ls.session.roots:
        ws = ls.session.workspace(root)
        ls.publish_config_errors()
        ls.scheduler.ensure_services(ws)
    await ls.watch_files()


@server.feature(lsp.SHUTDOWN)
def shutdown(ls: FootprintServer, params: None) -> None:
    """Stop scheduling and write the caches now (bounded): `exit` then ends the process at once."""
    ls.scheduler.stop()


@server.feature(lsp.EXIT)
def exit_now(ls: FootprintServer, params: None) -> None:
    """End the process now, with LSP's exit code (0 after `shutdown`, else 1). Not pygls' sys.exit: that
    unwinds through asyncio.run and the interpreter's exit, which join every worker thread, so a check or an
    index build still running held the exit for seconds (5.5 s after a soak). The caches were written at
    `shutdown`; without one, they are written here first."""
    shut_down = bool(getattr(ls.protocol, "_shutdown", False))
    if not shut_down:
        ls.scheduler.stop()
    log.info("exit (code %d)", 0 if shut_down else 1)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0 if shut_down else 1)


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@guarded
def did_open(ls: FootprintServer, params: lsp.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    state = ls.session.open(item.uri, item.text, item.version, item.language_id)
    if state.workspace.settings.errors:
        ls.publish_config_errors()
    if state.too_large_language:
        ls.publish_too_large(item.uri, state)
    else:
        ls.scheduler.opened(item.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@guarded
def did_change(ls: FootprintServer, params: lsp.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    changes = [text_change(c) for c in params.content_changes]
    state, back_under_limit = ls.session.change(uri, changes, params.text_document.version)
    if state is None:
        return
    if state.too_large_language:
        ls.publish_too_large(uri, state)
    elif back_under_limit:
        ls.scheduler.opened(uri)  # analysed again from scratch: every check, at once
    else:
        ls.scheduler.changed(uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
@guarded
def did_save(ls: FootprintServer, params: lsp.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = uri_to_path(uri)
    if path is None:
        ls.scheduler.saved(uri)
        return
    ls.scheduler.files_changed([path])
    ls.scheduler.saved(uri)  # the client's own spelling of the URI (files_changed uses path_to_uri's)
    if ls.session.is_config_file(path):
        ls.publish_config_errors()
        ls.scheduler.recheck_all()  # a check-less document (this config) keeps its own diagnostics


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
@guarded
def did_close(ls: FootprintServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.session.close(uri)
    ls.scheduler.closed(uri)
    ls.publish_findings(uri, None, [])


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded
async def did_change_watched_files(ls: FootprintServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    paths = [p for p in (uri_to_path(c.uri) for c in params.changes) if p is not None]
    ls.scheduler.files_changed(paths)  # an open one was written by an agent or saved elsewhere: saved text
    if any(ls.session.is_config_file(p) for p in paths):
        ls.publish_config_errors()
    await ls.scheduler.check_files_on_disk(paths)


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
@guarded
def did_change_configuration(ls: FootprintServer, params: lsp.DidChangeConfigurationParams) -> None:
    if isinstance(params.settings, dict):
        # Trust is declared once, at initialize: a later `workspaceTrusted` is dropped, never honoured.
        ls.session.set_client_settings(client_options(params.settings)[0])
        ls.publish_config_errors()
        ls.scheduler.settings_changed()


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
async def hover(ls: FootprintServer, params: lsp.HoverParams) -> lsp.Hover | None:
    doc = ls.document_for(params.text_document.uri)
    if doc is None or doc.language is None:
        return None
    offset = byte_offset(doc, params.position, ls.session.encoding)
    ctx = ls.request_context(params.text_document.uri, doc)
    infos = await asyncio.to_thread(providers.call_all, providers.HOVER, doc, offset, ctx)
    if not infos:
        return None
    located = next((i for i in infos if i.start is not None and i.end is not None), None)
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value="\n\n---\n\n".join(i.markdown for i in infos)),
        range=lsp_range(doc, located.start, located.end, ls.session.encoding) if located else None)


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=[
    lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.Refactor, lsp.CodeActionKind.RefactorRewrite,
    "source.fixAll.footprint"], resolve_provider=False))
async def code_action(ls: FootprintServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    uri = params.text_document.uri
    doc = ls.document_for(uri)
    if doc is None or doc.language is None:
        return None
    enc = ls.session.encoding
    start, end = byte_offset(doc, params.range.start, enc), byte_offset(doc, params.range.end, enc)
    ctx = ls.request_context(uri, doc)
    ctx.only = list(params.context.only) if params.context.only else None
    actions = await asyncio.to_thread(providers.call_all, providers.CODE_ACTIONS, doc, start, end, ctx)
    disabled_ok = ls.supports_disabled_code_actions()
    return [lsp_code_action(doc, a, enc, ls.session.versioned_edits) for a in actions
            if wanted_kind(a.kind, ctx.only) and (disabled_ok or not a.disabled)]


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
async def document_highlight(ls: FootprintServer, params: lsp.DocumentHighlightParams) -> list[lsp.DocumentHighlight] | None:
    doc = ls.document_for(params.text_document.uri)
    if doc is None or doc.language is None:
        return None
    offset = byte_offset(doc, params.position, ls.session.encoding)
    spans = await asyncio.to_thread(providers.call_all, providers.HIGHLIGHTS, doc, offset,
                                    ls.request_context(params.text_document.uri, doc))
    return [lsp_highlight(doc, s, ls.session.encoding) for s in spans] or None


async def _locations(ls: FootprintServer, registry: list, uri: str, position: lsp.Position) -> list[lsp.Location] | None:
    doc = ls.document_for(uri)
    if doc is None or doc.language is None:
        return None
    offset = byte_offset(doc, position, ls.session.encoding)
    ctx = ls.request_context(uri, doc)
    found = await asyncio.to_thread(providers.call_all, registry, doc, offset, ctx)
    result = []
    for loc in found:
        target = ls.document_for(path_to_uri(loc.path))
        if target is not None:
            result.append(lsp.Location(uri=target.uri, range=lsp_range(target, loc.start, loc.end, ls.session.encoding)))
    return result or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
async def references(ls: FootprintServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    return await _locations(ls, providers.REFERENCES, params.text_document.uri, params.position)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
async def definition(ls: FootprintServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    return await _locations(ls, providers.DEFINITIONS, params.text_document.uri, params.position)


def _register_command(cmd: Command) -> None:
    async def run(ls: FootprintServer, *arguments: Any) -> Any:
        args = arguments[0] if arguments else {}
        if not isinstance(args, dict):
            raise JsonRpcInvalidParams(f"{cmd.name}: the first argument must be a JSON object")
        ws = ls.session.workspace_for_command(args.get("uri"))
        ctx = CommandContext(ws, session=ls.session, client_id=ls.session.client_id, encoding=ls.session.encoding)
        try:
            return await asyncio.to_thread(cmd.func, ctx, args)
        except asyncio.CancelledError:
            ctx.cancelled.set()  # the worker thread checks this and stops early
            raise
        except FootprintError as exc:  # the area's typed error, mapped by surfaces/errors.py
            message, code = f"{cmd.name}: {exc}", jsonrpc_code(exc)
            raise (JsonRpcInvalidParams(message) if code == INVALID_PARAMS else JsonRpcException(message, code)) from exc

    run.__name__ = f"command_{cmd.name}"
    server.command(cmd.name)(run)


def register_commands() -> None:
    plugins.load()
    for cmd in COMMANDS.values():
        if cmd.name not in server.protocol.fm.commands:
            _register_command(cmd)


def serve(tcp: bool = False, host: str = "127.0.0.1", port: int = 2087, token: str | None = None,
          on_listening: Callable[[str, int], None] | None = None) -> None:
    """Serve on stdio, or on TCP for clients whose initialize carries `token` (transport.py)."""
    register_commands()
    foreground.prefer_requests()
    if tcp:
        if token is None:
            raise ValueError("TCP needs a token")
        transport.serve_tcp(server, host, port, token, on_listening or (lambda host, port: None))
    else:
        transport.serve_stdio(server)
