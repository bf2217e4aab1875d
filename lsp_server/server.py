"""The pygls layer: handlers translate LSP <-> our pure features, and nothing else.

Each handler looks up state in the Session, calls the pipeline or the providers (in a worker thread when
it can take time), converts with convert.py and returns or publishes. Notification handlers are wrapped
so an exception is logged instead of killing the server; request handler exceptions become JSON-RPC
error responses (pygls does that). Results computed for an older document version are never published.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from lsp_server import __version__, plugins, providers, transport
from lsp_server.cancellation import NestedCancelMixin
from lsp_server.checks import CHECKS, CheckContext, Phase, has_checks, run_checks
from lsp_server.checks.budget import budget
from lsp_server.commands import COMMANDS, Command, CommandContext, CommandError
from lsp_server.config import ConfigError
from lsp_server.convert import (
    byte_offset, lsp_diagnostic, lsp_highlight, lsp_range, lsp_workspace_edit,
)
from lsp_server.document import ParsedDocument, TextChange, path_to_uri, real_path, uri_to_path
from lsp_server.findings import Finding, Severity, shift_findings
from lsp_server.languages import LANGUAGE_IDS, language_for_path
from lsp_server.positions import normalize_encoding
from lsp_server.session import DocumentState, Session
from lsp_server.workspace import SERVICES, Workspace

log = logging.getLogger(__name__)

WATCHED_GLOB = "**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,md,markdown,txt,html,htm,json,toml}"


class _Unreadable:
    """Stands in for a message whose params did not fit the LSP schema (already answered or logged)."""


def _validation_reason(exc: BaseException) -> str:
    """The leaf messages of a cattrs validation error ("Position.line should be in range ...")."""
    cause = exc.__cause__ or exc
    leaves: list[str] = []
    stack = [cause]
    while stack and len(leaves) < 3:
        e = stack.pop()
        if isinstance(e, BaseExceptionGroup):
            stack.extend(reversed(e.exceptions))
        else:
            leaves.append(str(e)[:200])
    return "; ".join(leaves) or type(cause).__name__


class FootprintProtocol(NestedCancelMixin, LanguageServerProtocol):
    """pygls' protocol (a cancelled executeCommand also cancels the command it runs: cancellation.py), with
    these changes:

    - a request whose params do not fit the LSP schema (a negative line, a missing field) is answered with
      InvalidParams instead of being dropped with an error popup (which left the client waiting forever);
      a malformed notification is logged and dropped;
    - pygls does not keep its own copy of open documents: the Session does (ParsedDocument). pygls' copy
      doubled the memory and its change handling clamps the client's ranges *in place* with rules that
      differ from positions.py (a range ending past the last line's end lost a character), so our
      handler received altered ranges and the server's text diverged from the editor's.
    """

    def _user_handler(self, method: str, params):
        if (handler := self.fm.features.get(method)) is not None:
            yield handler, (params,), None

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_CLOSE, params)

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if not isinstance(data, dict) or "jsonrpc" not in data or "method" not in data:
                raise
            reason = _validation_reason(exc)
            if "id" in data:
                self._send_response(data["id"], None, JsonRpcInvalidParams(
                    f"{data['method']}: invalid params: {reason}").to_response_error())
            else:
                log.warning("dropped %s notification: invalid params: %s", data["method"], reason)
            return _Unreadable()

    def handle_message(self, message):
        if isinstance(message, _Unreadable):
            return
        super().handle_message(message)

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        # pygls files the future of every async/threaded/generator handler under `msg_id` (a fresh uuid
        # for notifications and generator steps) and only ever removes those of client requests: each
        # keystroke leaked its params and task (about 6 MB a minute while typing). Forget it when done.
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            def forget(done, msg_id=msg_id):
                if self._request_futures.get(msg_id) is done:
                    del self._request_futures[msg_id]
            future.add_done_callback(forget)

    @lsp_method(lsp.SHUTDOWN)
    def lsp_shutdown(self, *args):
        # pygls' version, iterating over a copy: cancelling a future runs its callbacks, and `forget`
        # above removes the future from the dict being iterated.
        if (handler := self.fm.features.get(lsp.SHUTDOWN)) is not None:
            yield handler, args, None
        current_id = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def _send_handler_result(self, future, *, msg_id):
        # Bad arguments are the caller's mistake: answer InvalidParams without pygls' ERROR traceback.
        if future.done() and not future.cancelled() and isinstance(future.exception(), JsonRpcInvalidParams):
            self._request_futures.pop(msg_id, None)
            log.info("request %s refused: %s", msg_id, future.exception())
            self._send_response(msg_id, error=future.exception().to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)


class FootprintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("footprint-ls", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
                         protocol_cls=FootprintProtocol)
        self.session = Session()
        self.pending: dict[str, asyncio.Task] = {}
        self.warned_slow: set[str] = set()
        self.last_change: dict[str, float] = {}  # uri -> time.monotonic() of its last didChange
        self.warming: dict[Path, asyncio.Task] = {}  # workspace root -> its background index build
        self.config_uris: set[str] = set()
        self.disk_uris: set[str] = set()

    # --- diagnostics ----------------------------------------------------------------------------------
    async def check_and_publish(self, uri: str, phases: tuple[Phase, ...]) -> None:
        state = self.session.documents.get(uri)
        if state is None:
            return
        doc = state.doc
        ws = self.session.workspace_for_path(doc.path)
        ctx = CheckContext(ws, slow_ms=budget(ws.settings).slow_check_ms, build_services=False)
        findings = await asyncio.to_thread(run_checks, doc, ctx, phases)
        current = self.session.documents.get(uri)
        if current is None:
            return
        if current.doc is not doc:
            # The document changed while we worked: these results are stale. Run again on the new text.
            self.schedule(uri, phases)
            return
        # A check that waits for an index being (re)built keeps its previous findings (moved with the
        # edits since) rather than blinking out until the index is ready and the document is re-checked.
        waiting = {name for name, _ in ctx.waiting}
        if Phase.TYPE in phases:
            current.type_findings = [f for f in findings if _phase(f.check) is Phase.TYPE] + [
                f for f in current.type_findings if f.check in waiting]
        if Phase.SAVE in phases:
            current.save_findings = [f for f in findings if _phase(f.check) is Phase.SAVE] + [
                f for f in current.save_findings if f.check in waiting]
            current.save_version = doc.version
        self.publish(uri)
        self.warn_slow(ctx)
        if ctx.waiting:
            self.ensure_services(ws)  # e.g. a file outside the roots: its workspace was never warmed

    def schedule(self, uri: str, phases: tuple[Phase, ...], delay: float | None = None) -> None:
        """(Re)start the debounced check of `uri`; a newer request replaces a pending one."""
        previous = self.pending.pop(uri, None)
        if previous is not None and not previous.done():
            previous.cancel()
            # A pending save check must not be lost to a following keystroke.
            phases = tuple(sorted({*phases, *getattr(previous, "phases", ())}, key=lambda p: p.value))
        if delay is None:
            delay = self.debounce_seconds(uri)
        task = asyncio.ensure_future(self._check_later(uri, phases, delay))
        task.phases = phases  # type: ignore[attr-defined]
        self.pending[uri] = task

    def debounce_seconds(self, uri: str) -> float:
        return budget(self.session.workspace_for_path(uri_to_path(uri)).settings).debounce_ms / 1000

    def typing_delay(self, uri: str) -> float:
        """Leading-edge debounce for a keystroke: the first change after a quiet spell is checked at once
        (typing at human speed gets diagnostics in a few ms, not debounce + work); a change that follows
        another within `debounce_ms`, or arrives while a check is pending, waits for `debounce_ms` of quiet,
        so a burst (paste, key repeat, multi-cursor edit) still costs one run."""
        debounce = self.debounce_seconds(uri)
        now = time.monotonic()
        last = self.last_change.get(uri)
        self.last_change[uri] = now
        task = self.pending.get(uri)
        busy = task is not None and not task.done()
        return 0.0 if not busy and (last is None or now - last >= debounce) else debounce

    async def _check_later(self, uri: str, phases: tuple[Phase, ...], delay: float) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            await self.check_and_publish(uri, phases)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("checking %s failed", uri)

    def publish(self, uri: str) -> None:
        state = self.session.documents.get(uri)
        if state is None:
            return
        enc = self.session.encoding
        diagnostics = [lsp_diagnostic(state.doc, f, enc) for f in state.findings]
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=state.doc.version))

    async def check_disk_file(self, path: Path) -> None:
        """A file changed on disk that is not open in the editor: it counts as saved, so run every check."""
        uri = path_to_uri(path)
        ws = self.session.workspace_for_path(path)
        doc = await asyncio.to_thread(ws.document, path)
        if doc is None or doc.language is None:
            if uri in self.disk_uris:
                self.disk_uris.discard(uri)
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
            return
        # Not a file the user is looking at: complete findings matter more than latency, so indexes are
        # built here if needed (as the CLI does), instead of publishing a partial result.
        ctx = CheckContext(ws, slow_ms=budget(ws.settings).slow_check_ms)
        findings = await asyncio.to_thread(run_checks, doc, ctx, (Phase.TYPE, Phase.SAVE))
        if uri in self.session.documents:
            return  # opened meanwhile: the editor's copy wins
        self.disk_uris.add(uri)
        enc = self.session.encoding
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, diagnostics=[lsp_diagnostic(doc, f, enc) for f in findings]))
        self.warn_slow(ctx)

    def warn_slow(self, ctx: CheckContext) -> None:
        """One warning per slow check per server run ([limits] slow_check_ms); run_checks logs each."""
        for name, ms in ctx.slow_checks:
            if name not in self.warned_slow:
                self.warned_slow.add(name)
                self.window_show_message(lsp.ShowMessageParams(
                    type=lsp.MessageType.Warning,
                    message=f"Footprint: check '{name}' took {ms:.0f} ms (budget {ctx.slow_ms:.0f} ms, "
                            "[limits] slow_check_ms); see the server log."))

    def publish_config_errors(self) -> None:
        """Config errors are diagnostics on the config file itself, at the offending line."""
        by_uri: dict[str, list[ConfigError]] = {}
        for ws in self.session.workspaces.values():
            for err in ws.settings.errors:
                if err.path is not None:
                    by_uri.setdefault(path_to_uri(err.path), []).append(err)
                else:
                    log.warning("client settings: %s", err.message)
        for uri in self.config_uris - set(by_uri):
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        for uri, errors in by_uri.items():
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[
                lsp.Diagnostic(range=lsp.Range(lsp.Position(e.line, 0), lsp.Position(e.line + 1, 0)),
                               message=e.message, severity=lsp.DiagnosticSeverity.Error,
                               code="config-error", source="footprint") for e in errors]))
            for e in errors:
                log.warning("config: %s", e)
        self.config_uris = set(by_uri)

    # --- state helpers --------------------------------------------------------------------------------
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
        findings = state.findings if state is not None and state.doc is doc else []
        return providers.RequestContext(self.session.workspace_for_path(doc.path), findings=findings)

    async def open_files_checked(self, grace: float = 0.3, limit: float = 3.0) -> None:
        """Wait (at most `limit` s) until the documents opened so far have their diagnostics.

        Indexes build in worker threads that compete for the GIL with the checks of open files; starting
        them after the files the editor opened at start-up are checked puts those first diagnostics ahead
        of a whole-workspace index. `grace` covers the didOpen that editors send right after `initialized`.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        await asyncio.sleep(grace)
        while loop.time() < deadline and any(not t.done() for t in list(self.pending.values())):
            await asyncio.sleep(0.02)

    def ensure_services(self, ws: Workspace) -> None:
        """(Re)build, in the background, every service of `ws` that is missing (never built, dropped by a
        failed update or a settings reload). One warm-up per workspace at a time; it loops until done."""
        task = self.warming.get(ws.root)
        if task is not None and not task.done():
            task.again = True  # type: ignore[attr-defined]
            return
        self.warming[ws.root] = asyncio.ensure_future(self.warm_services(ws))

    def recheck_open_documents(self, ws: Workspace, changed: list[Path] | None = None) -> None:
        """Re-run the checks of the open documents of `ws`: at once when an index they use has become ready
        (`changed` None); debounced when files they may depend on changed (an imported module's exports, a
        rule, the docs, the object model). A changed JS module only affects as-you-type checks; any other
        file may change on-save results too. The changed files themselves are checked by the caller."""
        if changed is None:
            skip, phases, delay = set(), (Phase.TYPE, Phase.SAVE), 0.0
        else:
            skip = {path_to_uri(p) for p in changed}
            only_sources = all(language_for_path(p) == "javascript" for p in changed)
            phases, delay = ((Phase.TYPE,) if only_sources else (Phase.TYPE, Phase.SAVE)), None
        for uri, state in list(self.session.documents.items()):
            if uri in skip or not has_checks(state.doc):
                continue
            if self.session.workspace_for_path(state.doc.path) is ws:
                self.schedule(uri, phases, delay=delay)

    async def warm_services(self, ws: Workspace) -> None:
        """Build every missing workspace index in the background, reporting `$/progress`; re-check the
        open documents after each one, since checks do not build indexes in the server (CheckContext)."""
        plugins.load()
        if not any(ws.peek_service(cls) is None for cls in SERVICES):
            return
        await self.open_files_checked()
        task = asyncio.current_task()
        failed: set[type] = set()
        while True:
            if task is not None:
                task.again = False  # type: ignore[attr-defined]
            missing = [cls for cls in SERVICES if ws.peek_service(cls) is None and cls not in failed]
            if not missing:
                return
            await self._build_services(ws, missing, failed)
            if task is None or not getattr(task, "again", False):
                return

    async def _build_services(self, ws: Workspace, missing: list, failed: set) -> None:
        """Build `missing` one after the other in worker threads, under one `$/progress`."""
        token = f"footprint-index-{uuid.uuid4()}"
        caps = self.client_capabilities
        use_progress = bool(caps and caps.window and caps.window.work_done_progress)
        loop = asyncio.get_running_loop()
        if use_progress:
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(token, lsp.WorkDoneProgressBegin(
                    title="Footprint: indexing", message=ws.root.name, percentage=0, cancellable=False))
            except Exception:  # noqa: BLE001 - a client that refuses progress still gets indexes
                use_progress = False

        def report(message: str, percent: int | None = None) -> None:
            if use_progress:
                loop.call_soon_threadsafe(self.work_done_progress.report, token,
                                          lsp.WorkDoneProgressReport(message=message, percentage=percent))

        for i, cls in enumerate(missing):
            report(f"{cls.name}", int(100 * i / len(missing)))
            try:
                await asyncio.to_thread(ws.service, cls, report)
                self.recheck_open_documents(ws)
            except Exception:  # noqa: BLE001
                failed.add(cls)
                log.exception("building %s failed", cls.name)
        if use_progress:
            self.work_done_progress.end(token, lsp.WorkDoneProgressEnd(message="ready"))

    @property
    def client_capabilities(self) -> lsp.ClientCapabilities | None:
        return getattr(self.protocol, "client_capabilities", None)


def _phase(check_name: str) -> Phase:
    chk = CHECKS.get(check_name)
    return chk.phase if chk else Phase.TYPE


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
    options = params.initialization_options
    if isinstance(options, dict):
        session.client_settings = options.get("footprint", options)
    caps = params.capabilities
    session.versioned_edits = bool(caps.workspace and caps.workspace.workspace_edit
                                   and caps.workspace.workspace_edit.document_changes)
    client = params.client_info.name if params.client_info else "client"
    session.client_id = f"{client}-{params.process_id or uuid.uuid4().hex[:8]}"


@server.feature(lsp.INITIALIZED)
@guarded
async def initialized(ls: FootprintServer, params: lsp.InitializedParams) -> None:
    loop = asyncio.get_running_loop()
    ls.session.notify_user = lambda message: loop.call_soon_threadsafe(  # callable from worker threads
        ls.window_show_message, lsp.ShowMessageParams(type=lsp.MessageType.Warning, message=message))
    for root in ls.session.roots:
        ws = ls.session.workspace(root)
        ls.publish_config_errors()
        ls.ensure_services(ws)
    caps = ls.client_capabilities
    watched = caps and caps.workspace and caps.workspace.did_change_watched_files
    if watched and watched.dynamic_registration:
        try:
            await ls.client_register_capability_async(lsp.RegistrationParams(registrations=[lsp.Registration(
                id=f"footprint-watch-{uuid.uuid4()}", method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                    watchers=[lsp.FileSystemWatcher(glob_pattern=WATCHED_GLOB)]))]))
        except Exception as exc:  # noqa: BLE001 - a client that refuses still gets everything but file watching
            log.warning("the client refused to watch files for us (%s): on-disk changes are seen on save only", exc)


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@guarded
def did_open(ls: FootprintServer, params: lsp.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    path = uri_to_path(item.uri)
    language = LANGUAGE_IDS.get(item.language_id) or (language_for_path(path) if path else None)
    ws = ls.session.workspace_for_path(path)
    too_large = bool(language) and len(item.text) * 4 > ws.settings.top.max_file_bytes \
        and len(item.text.encode("utf-8", "replace")) > ws.settings.top.max_file_bytes
    doc = ParsedDocument.create(item.uri, item.text, item.version, language, analyse=not too_large)
    state = ls.session.documents[item.uri] = DocumentState(doc, too_large_language=language if too_large else None)
    ws.open_document(doc)
    if ws.settings.errors:
        ls.publish_config_errors()
    if too_large:
        _mark_too_large(ls, item.uri, state, ws.settings.top.max_file_bytes)
    elif has_checks(doc):
        # A file opens as it is on disk, so it gets the on-save checks too.
        ls.schedule(item.uri, (Phase.TYPE, Phase.SAVE), delay=0)


def _mark_too_large(ls: FootprintServer, uri: str, state: DocumentState, limit: int) -> None:
    """A document over max_file_bytes is kept in sync but not parsed or checked (a multi-megabyte minified
    file would take tens of seconds per keystroke): one information diagnostic says so."""
    size = len(state.doc.source)
    if not state.type_findings:
        log.info("not analysing %s: %d bytes is over max_file_bytes (%d)", uri, size, limit)
    state.save_findings = []
    state.type_findings = [Finding("file-too-large", f"Footprint does not analyse this file: {size} bytes is over "
                                   f"the {limit}-byte limit (max_file_bytes in footprint.toml).", 0, 0,
                                   Severity.INFORMATION, check="file-too-large")]
    ls.publish(uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@guarded
def did_change(ls: FootprintServer, params: lsp.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.session.documents.get(uri)
    if state is None:
        return
    changes = [TextChange(c.text, (c.range.start.line, c.range.start.character),
                          (c.range.end.line, c.range.end.character))
               if isinstance(c, lsp.TextDocumentContentChangePartial) else TextChange(c.text)
               for c in params.content_changes]
    doc, edits = state.doc.apply_changes(changes, params.text_document.version, ls.session.encoding)
    state.doc = doc
    state.save_findings = shift_findings(state.save_findings, edits)
    state.type_findings = shift_findings(state.type_findings, edits)
    ws = ls.session.workspace_for_path(doc.path)
    if state.too_large_language:
        limit = ws.settings.top.max_file_bytes
        if len(doc.source) > limit:
            ws.open_document(doc)
            _mark_too_large(ls, uri, state, limit)
            return
        # Back under the limit: analyse it again, from scratch.
        state.doc = doc = ParsedDocument.create(uri, doc.text, doc.version, state.too_large_language)
        state.too_large_language, state.type_findings, state.save_findings = None, [], []
        ls.schedule(uri, (Phase.TYPE, Phase.SAVE), delay=0)
    ws.open_document(doc)
    if has_checks(doc):
        ls.schedule(uri, (Phase.TYPE,), delay=ls.typing_delay(uri))


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
@guarded
def did_save(ls: FootprintServer, params: lsp.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = uri_to_path(uri)
    if path is not None:
        ws = ls.session.workspace_for_path(path)
        ws.files_changed([path])
        ls.ensure_services(ws)  # a service that could not update was dropped: rebuild it in the background
        ls.recheck_open_documents(ws, [path])
        if ls.session.is_config_file(path):
            ls.publish_config_errors()
            for other, state in ls.session.documents.items():
                if has_checks(state.doc):  # a check-less document (this config) keeps its own diagnostics
                    ls.schedule(other, (Phase.TYPE, Phase.SAVE), delay=0)
    if uri in ls.session.documents and has_checks(ls.session.documents[uri].doc):
        ls.schedule(uri, (Phase.TYPE, Phase.SAVE), delay=0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
@guarded
def did_close(ls: FootprintServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.session.documents.pop(uri, None)
    task = ls.pending.pop(uri, None)
    ls.last_change.pop(uri, None)
    if task is not None:
        task.cancel()
    if state is not None and state.doc.path is not None:
        ls.session.workspace_for_path(state.doc.path).close_document(state.doc.path)
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded
async def did_change_watched_files(ls: FootprintServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    paths = [p for p in (uri_to_path(c.uri) for c in params.changes) if p is not None]
    by_workspace: dict[Path, list[Path]] = {}
    for path in paths:
        by_workspace.setdefault(ls.session.workspace_for_path(path).root, []).append(path)
    for root, changed in by_workspace.items():
        ws = ls.session.workspace(root)
        ws.files_changed(changed)
        ls.ensure_services(ws)
        ls.recheck_open_documents(ws, changed)
    if any(ls.session.is_config_file(p) for p in paths):
        ls.publish_config_errors()
    for path in paths:
        uri = path_to_uri(path)
        state = ls.session.documents.get(uri)
        if state is not None:
            # Open in the editor: written by an agent or saved elsewhere; on-disk text = saved text.
            if has_checks(state.doc):
                ls.schedule(uri, (Phase.TYPE, Phase.SAVE), delay=0)
        elif language_for_path(path) and ls.session.workspace_for_path(path).contains(real_path(path)):
            await ls.check_disk_file(path)


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
@guarded
def did_change_configuration(ls: FootprintServer, params: lsp.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict):
        ls.session.set_client_settings(settings.get("footprint", settings))
        ls.publish_config_errors()
        for ws in list(ls.session.workspaces.values()):
            ls.ensure_services(ws)  # new settings dropped every built service
        for uri, state in list(ls.session.documents.items()):
            if has_checks(state.doc):
                ls.schedule(uri, (Phase.TYPE, Phase.SAVE), delay=0)


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
    start = byte_offset(doc, params.range.start, enc)
    end = byte_offset(doc, params.range.end, enc)
    ctx = ls.request_context(uri, doc)
    ctx.only = list(params.context.only) if params.context.only else None
    actions = await asyncio.to_thread(providers.call_all, providers.CODE_ACTIONS, doc, start, end, ctx)
    caps = ls.client_capabilities
    disabled_ok = bool(caps and caps.text_document and caps.text_document.code_action
                       and caps.text_document.code_action.disabled_support)
    result = []
    for action in actions:
        if ctx.only and not any(action.kind == k or action.kind.startswith(f"{k}.") for k in ctx.only):
            continue
        if action.disabled and not disabled_ok:
            continue
        result.append(lsp.CodeAction(
            title=action.title,
            kind=action.kind,
            diagnostics=[lsp_diagnostic(doc, f, enc) for f in action.fixes] or None,
            is_preferred=action.preferred or None,
            disabled=lsp.CodeActionDisabled(reason=action.disabled) if action.disabled else None,
            edit=lsp_workspace_edit(doc, list(action.edits), enc, ls.session.versioned_edits)
            if action.edits and not action.disabled else None,
            command=lsp.Command(title=action.title, command=action.command[0], arguments=action.command[1])
            if action.command else None,
        ))
    return result


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
        uri = args.get("uri")
        path = uri_to_path(uri) if isinstance(uri, str) else None
        ws = ls.session.workspace_for_path(path) if path else ls.session.default_workspace()
        ctx = CommandContext(ws, session=ls.session, client_id=ls.session.client_id)
        try:
            return await asyncio.to_thread(cmd.func, ctx, args)
        except asyncio.CancelledError:
            ctx.cancelled.set()  # the worker thread checks this and stops early
            raise
        except CommandError as exc:
            raise JsonRpcInvalidParams(f"{cmd.name}: {exc}") from exc

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
    if tcp:
        if token is None:
            raise ValueError("TCP needs a token")
        transport.serve_tcp(server, host, port, token, on_listening or (lambda host, port: None))
    else:
        transport.serve_stdio(server)
