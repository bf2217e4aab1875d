"""When diagnostics run: debounce, stale-version drop, index warm-up, re-checks. No pygls, no lsprotocol.

The LSP handlers tell the DiagnosticsScheduler what happened (a document opened, changed, was saved, files
changed on disk, settings changed); it decides when to run which checks and hands the findings to a
`publish(uri, doc, findings)` callback. Everything it needs from outside comes in through the constructor
(the Session, a Clock, a progress factory, a notify callback; the check runner and the worker-thread hop for
tests), so tests/unit/test_scheduler.py drives it with a fake clock and fake checks, without a server.

The rules it keeps:
- debounce with a leading edge (`typing_delay`): the first keystroke after a quiet spell is checked at
  once; a burst waits for `[limits] debounce_ms` of quiet and costs one run;
- a newer request replaces a pending one for the same document, keeping the pending one's phases (a save's
  on-save checks are not lost to the keystroke after it);
- results computed for a document that changed meanwhile are dropped and the checks run again; a worker still
  computing them is told to stop (`queries.cancelled_by`);
- a run made for a change (typing) skips the checks registered `on_pause` (whole-document analyses), which
  keep their previous findings, moved with the edits; once the document has been left alone `[limits]
  pause_ms`, one run makes them current (the "pause run"), so what is published once quiet is what a full
  run finds; opening, saving and re-checks run every check at once;
- checks never build a workspace index (CheckContext(build_services=False)); a check waiting for one keeps
  its previous findings, and the open documents are re-checked when the background warm-up has built it;
- one warm-up per workspace at a time, looping while more was asked for; it starts after the documents
  opened at start-up are checked, so their first diagnostics are not held behind a whole-workspace build;
- the server's clients are editors, and an editor runs a TypeScript service beside it: every run says so
  (`CheckContext(typescript_service=True)`), so on .ts/.tsx a check leaves to that service, unless the
  settings say otherwise, what it reports itself (`[typescript] unknown_symbols`, "beyond-tsc" by default here);
- checks are read-only: before they run, the workspace's services take the buffer (`Workspace.take_buffer`,
  e.g. the import graph its imports); after the findings are published, the services record what was
  shown (`Workspace.document_checked`, e.g. the conventions telemetry).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from lsp_server import foreground, plugins, queries
from lsp_server.checks import CHECKS, CheckContext, Phase, has_checks, run_checks
from lsp_server.checks.budget import budget
from lsp_server.document import ParsedDocument, path_to_uri, real_path, uri_to_path
from lsp_server.findings import Finding
from lsp_server.languages import is_source_path, language_for_path
from lsp_server.session import DocumentState, Session
from lsp_server.storage import collection_paused
from lsp_server.workspace import SERVICES, Workspace

log = logging.getLogger(__name__)

BOTH = (Phase.TYPE, Phase.SAVE)
# Seconds after a warm-up reported its workspace ready before the cache writes it kept are done
# (`Workspace.write_later`): off the indexing the client waits for, and off its first requests after "ready".
WRITES_DELAY = 2.0


class Clock(Protocol):
    """Time as the scheduler sees it: injectable so tests step through debounces without sleeping."""

    def monotonic(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class Progress(Protocol):
    """One started progress report (LSP `$/progress`); `report` may be called from worker threads."""

    def report(self, message: str, percent: int | None = None) -> None: ...

    def end(self, message: str) -> None: ...


class NoProgress:
    def report(self, message: str, percent: int | None = None) -> None:
        pass

    def end(self, message: str) -> None:
        pass


async def no_progress(title: str, message: str) -> Progress:
    return NoProgress()


# (doc, workspace, phases, typing, cancel) -> the findings and the context that saw them run (waiting, slow,
# completed, deferred); `typing`: a run made while the user types; `cancel`: set when the result is not wanted
CheckRunner = Callable[..., tuple[list[Finding], CheckContext]]


def run_document_checks(doc: ParsedDocument, ws: Workspace, phases: tuple[Phase, ...], typing: bool = False,
                        cancel: threading.Event | None = None) -> tuple[list[Finding], CheckContext]:
    """The server's check run (in a worker thread): services take the buffer, then read-only checks that
    never build an index; while the user types, not the `on_pause` ones."""
    limits = budget(ws.settings)
    ctx = CheckContext(ws, slow_ms=limits.slow_check_ms, build_services=False, time_limit_ms=limits.document_ms,
                       typing=typing, typescript_service=True)
    # One time limit for all the document costs: taking its buffer in (its imports) and its checks; all of it
    # background work, which steps aside for a client's request (foreground.py).
    with foreground.background(), queries.time_limit(limits.document_ms / 1000 if limits.document_ms else None), \
            queries.cancelled_by(cancel):
        ws.take_buffer(doc)
        return run_checks(doc, ctx, phases), ctx


def in_background(work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args)` as background work: it steps aside for a client's request in flight (foreground.py)."""
    with foreground.background():
        return work(*args)


def registered_services() -> list[type]:
    """Every workspace index the areas register (@service): what the warm-up builds, in that order (those
    marked `build_first` first, then in the order they were registered)."""
    plugins.load()
    return sorted(SERVICES, key=lambda cls: not getattr(cls, "build_first", False))


def phase_of(check_name: str | None) -> Phase:
    chk = CHECKS.get(check_name or "")
    return chk.phase if chk else Phase.TYPE


@dataclass
class PendingCheck:
    """The scheduled check of one open document (replaces attributes once stored on asyncio tasks)."""

    last_change: float | None = None  # clock time of its last didChange (for the leading-edge debounce)
    task: asyncio.Task | None = None
    phases: frozenset[Phase] = frozenset()  # of the task, while it has not finished
    pause_run: bool = False  # the task is the run made once typing pauses (the next change cancels it)
    cancel: threading.Event | None = None  # set to stop the task's run in its worker thread

    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.cancel is not None:
            self.cancel.set()


@dataclass
class WarmUp:
    """The background index build of one workspace; `again` asks it for one more round when it is done."""

    task: asyncio.Task | None = None
    again: bool = False
    workspace: Workspace | None = None  # the one it builds for (a folder's workspace can be replaced)


@dataclass
class DiagnosticsScheduler:
    session: Session
    publish: Callable[[str, ParsedDocument | None, list[Finding]], None]  # None, []: clear the URI
    notify: Callable[[str], None] = lambda message: None  # a warning for the user (window/showMessage)
    begin_progress: Callable[[str, str], Awaitable[Progress]] = no_progress
    clock: Clock = field(default_factory=SystemClock)
    check: CheckRunner = run_document_checks
    # The hop to a worker thread; tests run inline. Checks and index builds take seconds: never on the loop.
    offload: Callable[..., Awaitable[Any]] = asyncio.to_thread
    services: Callable[[], list[type]] = registered_services
    settle: Callable[[], None] = lambda: None  # after a warm-up (the server: foreground.settle, gc.freeze)
    startup_grace: float = 0.3  # covers the didOpen editors send right after `initialized`
    startup_opens: float = 0.05  # within it, the wait for those didOpen before the grace's idle time is used
    startup_limit: float = 3.0  # the longest the warm-up waits for the open documents' first checks
    pending: dict[str, PendingCheck] = field(default_factory=dict)
    warming: dict[Path, WarmUp] = field(default_factory=dict)
    warned_slow: set[str] = field(default_factory=set)
    disk_uris: set[str] = field(default_factory=set)  # files not open that we published findings for
    bookkeeping: set[asyncio.Task] = field(default_factory=set)  # after-publish work still running

    # --- what the handlers tell it --------------------------------------------------------------------
    def opened(self, uri: str) -> None:
        """A document opened as it is on disk: it gets the on-save checks too, at once."""
        self._schedule_if_checked(uri, BOTH, delay=0)

    def changed(self, uri: str) -> None:
        """A keystroke (or a burst of them): the as-you-type checks, debounced."""
        if uri in self.session.documents:
            # Every change is typing: its run skips the `on_pause` checks, and a pause run follows it. Deciding
            # by the time since the previous change would make the first keystroke after a quiet spell (and,
            # for an editor that waits for each change's diagnostics, every keystroke after a slow run) pay
            # the whole-document analysis before its syntax errors are shown.
            typing = self.pause_seconds(uri) > 0
            self._schedule_if_checked(uri, (Phase.TYPE,), delay=self.typing_delay(uri), typing=typing)

    def saved(self, uri: str) -> None:
        """Saved, or rewritten on disk while open (the on-disk text is the saved text): every check, at once."""
        self._schedule_if_checked(uri, BOTH, delay=0)

    def closed(self, uri: str) -> None:
        pending = self.pending.pop(uri, None)
        if pending is not None:
            pending.stop()

    def recheck_all(self) -> None:
        """Every check of every open document that has checks (new settings, a config file saved)."""
        for uri in list(self.session.documents):
            self._schedule_if_checked(uri, BOTH, delay=0)

    def settings_changed(self) -> None:
        """New client settings dropped every built service: rebuild them, and check everything again."""
        for ws in list(self.session.workspaces.values()):
            self.ensure_services(ws)
        self.recheck_all()

    def files_changed(self, paths: list[Path]) -> None:
        """Files changed on disk (saved, written by an agent, created, deleted): each workspace's services
        update; the ones that could not are rebuilt in the background; the open documents that may depend
        on the files are re-checked, and the changed files that are open get every check at once."""
        by_workspace: dict[Path, tuple[Workspace, list[Path]]] = {}
        for path in paths:
            uri = path_to_uri(path)
            seeing = ([self.session.documents[uri].workspace] if uri in self.session.documents else []) \
                + self.session.workspaces_seeing(path)
            for ws in seeing:
                changed = by_workspace.setdefault(ws.root, (ws, []))[1]
                if path not in changed:
                    changed.append(path)
        for ws, changed in by_workspace.values():
            ws.files_changed(changed)
            self.ensure_services(ws)
            self.recheck_open_documents(ws, changed)
        if any(self.session.is_config_file(p) for p in paths):
            # A package's own footprint.toml created or deleted: its open documents change workspace.
            for uri in self.session.reassign_workspaces():
                self.ensure_services(self.session.documents[uri].workspace)
                self.saved(uri)
        for path in paths:
            self.saved(path_to_uri(path))

    async def check_files_on_disk(self, paths: list[Path]) -> None:
        """The changed files the client has not opened, inside their workspace: they count as saved, so every
        check runs. Complete findings matter more than latency here (not a file the user is looking at), so
        indexes are built if needed, as the CLI does, instead of publishing a partial result."""
        for path in paths:
            uri = path_to_uri(path)
            if uri in self.session.documents or not language_for_path(path):
                continue
            ws = self.session.workspace_for_path(path)
            if ws.contains(real_path(path)):
                await self._check_disk_file(uri, path, ws)

    async def _check_disk_file(self, uri: str, path: Path, ws: Workspace) -> None:
        doc = await self.offload(ws.document, path)
        if doc is None or doc.language is None:
            if uri in self.disk_uris:  # it had findings: it is gone or no longer readable
                self.disk_uris.discard(uri)
                self.publish(uri, None, [])
            return
        ctx = CheckContext(ws, slow_ms=budget(ws.settings).slow_check_ms, typescript_service=True)
        findings = await self.offload(in_background, run_checks, doc, ctx, BOTH)
        if uri in self.session.documents:
            return  # opened meanwhile: the editor's copy wins
        self.disk_uris.add(uri)
        self.publish(uri, doc, findings)
        self.warn_slow(ctx)
        await self.offload(ws.document_checked, doc, findings, tuple(ctx.completed))

    # --- scheduling -----------------------------------------------------------------------------------
    def _schedule_if_checked(self, uri: str, phases: tuple[Phase, ...], delay: float | None,
                             typing: bool = False) -> None:
        state = self.session.documents.get(uri)
        if state is not None and state.too_large_language is None and has_checks(state.doc):
            self.schedule(uri, phases, delay, typing)

    def schedule(self, uri: str, phases: Iterable[Phase], delay: float | None = None, typing: bool = False) -> None:
        """(Re)start the debounced check of `uri`; a newer request replaces a pending one. `typing`: a run
        made while the user types (it skips the `on_pause` checks, and a pause run follows it)."""
        pending = self.pending.setdefault(uri, PendingCheck())
        wanted = set(phases)
        if pending.busy():
            pending.stop()
            wanted |= pending.phases  # a pending save check must not be lost to a following keystroke
        ordered = tuple(p for p in Phase if p in wanted)
        if delay is None:
            delay = self.debounce_seconds(uri)
        self._start(pending, uri, ordered, delay, typing, pause_run=False)

    def _start(self, pending: PendingCheck, uri: str, phases: tuple[Phase, ...], delay: float, typing: bool,
               pause_run: bool) -> None:
        pending.phases, pending.pause_run = frozenset(phases), pause_run
        pending.cancel = cancel = threading.Event()
        pending.task = asyncio.ensure_future(self._check_later(uri, phases, delay, typing, cancel))

    def run_when_paused(self, uri: str) -> None:
        """The document's `on_pause` checks were skipped while the user typed: run every as-you-type check
        once it has been left alone `pause_ms` (a change before then cancels this run, and its own run
        schedules the next one)."""
        pending = self.pending.setdefault(uri, PendingCheck())
        self._start(pending, uri, (Phase.TYPE,), self.pause_seconds(uri), typing=False, pause_run=True)

    def debounce_seconds(self, uri: str) -> float:
        return budget(self._workspace_of(uri).settings).debounce_ms / 1000

    def pause_seconds(self, uri: str) -> float:
        return budget(self._workspace_of(uri).settings).pause_ms / 1000

    def typing_delay(self, uri: str) -> float:
        """Leading-edge debounce for a keystroke: the first change after a quiet spell is checked at once
        (typing at human speed gets diagnostics in a few ms, not debounce + work); a change that follows
        another within `debounce_ms`, or arrives while a check is pending, waits for `debounce_ms` of quiet,
        so a burst (paste, key repeat, multi-cursor edit) still costs one run."""
        debounce = self.debounce_seconds(uri)
        now = self.clock.monotonic()
        pending = self.pending.setdefault(uri, PendingCheck())
        last, pending.last_change = pending.last_change, now
        quiet = last is None or now - last >= debounce
        # a pause run (waiting for quiet, or working) is cancelled by this change: no reason to wait for it
        return 0.0 if quiet and not (pending.busy() and not pending.pause_run) else debounce

    async def _check_later(self, uri: str, phases: tuple[Phase, ...], delay: float, typing: bool = False,
                           cancel: threading.Event | None = None) -> None:
        try:
            if delay:
                await self.clock.sleep(delay)
            await self.check_and_publish(uri, phases, typing, cancel)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a failed run must not stop later ones
            log.exception("checking %s failed", uri)

    async def check_and_publish(self, uri: str, phases: tuple[Phase, ...], typing: bool = False,
                                cancel: threading.Event | None = None) -> None:
        state = self.session.documents.get(uri)
        if state is None:
            return
        doc, ws = state.doc, state.workspace
        findings, ctx = await self.offload(self.check, doc, ws, phases, typing, cancel)
        current = self.session.documents.get(uri)
        if current is None:
            return
        if current.doc is not doc or current.workspace is not ws:
            # The document changed (or moved to another workspace: a footprint.toml appeared or went) while
            # we worked: these results are stale. Run again on the new text.
            self.schedule(uri, phases, typing=typing)
            return
        self._take_findings(current, findings, ctx, phases)
        self.publish(uri, current.doc, current.findings)
        self.warn_slow(ctx)
        if ctx.deferred:
            self.run_when_paused(uri)
        if ctx.completed:
            self.after_publish(ws.document_checked, doc, findings, tuple(ctx.completed))
        if ctx.waiting:
            self.ensure_services(ws)  # e.g. a file outside the roots: its workspace was never warmed

    def after_publish(self, record: Callable[..., None], *args: Any) -> None:
        """Bookkeeping about findings already published (telemetry), in its own task: the check's task ends
        with the publish, so the next keystroke finds no check "busy" and is not held back a debounce."""
        task = asyncio.ensure_future(self.offload(record, *args))
        self.bookkeeping.add(task)
        task.add_done_callback(self.bookkeeping.discard)

    @staticmethod
    def _take_findings(state: DocumentState, findings: list[Finding], ctx: CheckContext,
                       phases: tuple[Phase, ...]) -> None:
        # A check that waits for an index being (re)built keeps its previous findings (moved with the
        # edits since) rather than blinking out until the index is ready and the document is re-checked;
        # so does a check deferred while the user types, until the pause run.
        waiting = {name for name, _ in ctx.waiting} | set(ctx.deferred)
        if Phase.TYPE in phases:
            state.type_findings = [f for f in findings if phase_of(f.check) is Phase.TYPE] + [
                f for f in state.type_findings if f.check in waiting]
        if Phase.SAVE in phases:
            state.save_findings = [f for f in findings if phase_of(f.check) is Phase.SAVE] + [
                f for f in state.save_findings if f.check in waiting]
            state.save_version = state.doc.version

    def warn_slow(self, ctx: CheckContext) -> None:
        """One warning per slow check per server run ([limits] slow_check_ms); run_checks logs each."""
        for name, ms in ctx.slow_checks:
            if name not in self.warned_slow:
                self.warned_slow.add(name)
                self.notify(f"Footprint: check '{name}' took {ms:.0f} ms (budget {ctx.slow_ms:.0f} ms, "
                            "[limits] slow_check_ms); see the server log.")

    def recheck_open_documents(self, ws: Workspace, changed: list[Path] | None = None) -> None:
        """Re-run the checks of the open documents of `ws`: at once when an index they use has become ready
        (`changed` None); debounced when files they may depend on changed (an imported module's exports, a
        rule, the docs, the object model). A changed JS module only affects as-you-type checks; any other
        file may change on-save results too. The changed files themselves are checked by the caller."""
        if changed is None:
            skip: set[str] = set()
            phases, delay = BOTH, 0.0
        else:
            skip = {path_to_uri(p) for p in changed}
            only_sources = all(is_source_path(p) for p in changed)
            phases, delay = ((Phase.TYPE,) if only_sources else BOTH), None
        for uri, state in list(self.session.documents.items()):
            if uri not in skip and state.workspace is ws:
                self._schedule_if_checked(uri, phases, delay)

    async def open_files_checked(self, ws: Workspace | None = None) -> None:
        """Wait (at most `startup_limit`) until the documents opened so far have their diagnostics.

        Indexes build in worker threads that compete for the GIL with the checks of open files; starting
        them after the files the editor opened at start-up are checked puts those first diagnostics ahead
        of a whole-workspace index. Once those are checked, the rest of the grace is idle: the indexes of
        `ws` marked `build_in_grace` (the docs index) are built in it (`_build_in_grace`)."""
        deadline = self.clock.monotonic() + self.startup_limit
        grace_end = self.clock.monotonic() + self.startup_grace
        if ws is not None:
            await self._build_in_grace(ws, grace_end)
        await self.clock.sleep(grace_end - self.clock.monotonic())
        await self._checks_done(deadline)

    async def _checks_done(self, until: float) -> bool:
        """Wait until no open document's check is running, or until the clock reaches `until`; whether none is."""
        timer: asyncio.Future | None = None
        try:
            while True:
                busy = [p.task for p in self.pending.values() if p.busy()]
                remaining = until - self.clock.monotonic()
                if not busy:
                    return True
                if remaining <= 0:
                    return False
                if timer is None:
                    timer = asyncio.ensure_future(self.clock.sleep(remaining))
                await asyncio.wait([*busy, timer], return_when=asyncio.FIRST_COMPLETED)  # type: ignore[list-item]
                if timer.done():
                    return not any(p.busy() for p in self.pending.values())
        finally:
            if timer is not None:
                timer.cancel()

    async def _build_in_grace(self, ws: Workspace, grace_end: float) -> None:
        """Build the `build_in_grace` indexes of `ws` in the start-up grace, after the didOpen that come with
        `initialized` (`startup_opens`) have been checked; what is not done by the grace's end is left to the
        warm-up (which builds and reports a failure too)."""
        early = [cls for cls in self.services() if getattr(cls, "build_in_grace", False) and ws.peek_service(cls) is None]
        if not early:
            return
        await self.clock.sleep(min(self.startup_opens, self.startup_grace))
        for cls in early:
            if not await self._checks_done(grace_end) or self.clock.monotonic() >= grace_end:
                return
            try:
                await self.offload(in_background, ws.warm_service, cls)
            except Exception:  # noqa: BLE001 - the warm-up builds it again, and says why it fails
                log.info("building %s in the start-up grace failed; the warm-up builds it", cls.name, exc_info=True)
                continue
            self.recheck_open_documents(ws)

    # --- workspace indexes ----------------------------------------------------------------------------
    def ensure_services(self, ws: Workspace) -> None:
        """(Re)build, in the background, every service of `ws` that is missing (never built, dropped by a
        failed update or a settings reload). One warm-up per workspace at a time; it loops until done."""
        current = self.warming.get(ws.root)
        if current is not None and current.task is not None and not current.task.done():
            if current.workspace is ws:
                current.again = True
                return
            current.task.cancel()  # it builds for a workspace the session has replaced (its config went)
        warm = self.warming[ws.root] = WarmUp(workspace=ws)
        warm.task = asyncio.ensure_future(self._warm_services(ws, warm))

    async def _warm_services(self, ws: Workspace, warm: WarmUp) -> None:
        """Build every missing workspace index in the background with progress; re-check the open documents
        after each one, since checks do not build indexes in the server (CheckContext)."""
        if not any(ws.peek_service(cls) is None for cls in self.services()):
            return
        # Automatic garbage collection paused for the whole warm-up, not only while each index is built
        # (Workspace.service): resumed between two builds, it would first run a young collection over
        # everything the last build made (~300,000 objects after a warm start on 20,000 files: ~0.2 s of CPU
        # before the warm-up goes on), objects that live as long as the indexes and that the settle after
        # the warm-up freezes out of every later collection.
        try:
            with collection_paused(), ws.warming_up():
                await self.open_files_checked(ws)
                failed: set[type] = set()
                while True:
                    warm.again = False
                    missing = [cls for cls in self.services() if ws.peek_service(cls) is None and cls not in failed]
                    if not missing:
                        return
                    await self._build_services(ws, missing, failed)
                    if not warm.again:
                        return
        finally:
            asyncio.ensure_future(self._write_later(ws))

    async def _write_later(self, ws: Workspace) -> None:
        """The cache writes the warm-up of `ws` kept (`Workspace.write_later`), done WRITES_DELAY seconds
        after it, in a worker thread (unless another warm-up of `ws` runs by then: its end writes them)."""
        await self.clock.sleep(WRITES_DELAY)
        if not ws.building():
            await self.offload(in_background, ws.flush_writes)

    async def _build_services(self, ws: Workspace, missing: list[type], failed: set[type]) -> None:
        """Build `missing` one after the other in worker threads, under one progress report."""
        try:
            progress = await self.begin_progress("Footprint: indexing", ws.root.name)
        except Exception:  # noqa: BLE001 - a client that refuses progress still gets indexes
            progress = NoProgress()
        for i, cls in enumerate(missing):
            progress.report(cls.name, int(100 * i / len(missing)))
            try:
                await self.offload(in_background, ws.warm_service, cls, progress.report)
                self.recheck_open_documents(ws)
            except Exception:  # noqa: BLE001
                failed.add(cls)
                log.exception("building %s failed", cls.name)
        progress.end("ready")
        # The indexes are built, and live as long as the server: settled (frozen out of later collections;
        # the server collects what that kept once the client is quiet) once the client has been told they
        # are ready, not on the way to it.
        await self.offload(self.settle)

    # --- shutting down --------------------------------------------------------------------------------
    def stop(self, seconds: float = 0.5) -> None:
        """The client asked the server to shut down: cancel pending checks and warm-ups, and write what the
        indexes have not persisted yet, waiting at most `seconds` for it (writes are atomic: an unfinished one
        leaves the previous cache, and the next start re-indexes the difference). A check or an index build
        still running in a worker thread is not waited for: the process exits without it (server.py)."""
        for pending in self.pending.values():
            pending.stop()
        for warm in self.warming.values():
            if warm.task is not None:
                warm.task.cancel()
        workspaces = list(self.session.workspaces.values())
        services = self.services()

        def flush_all() -> None:
            for ws in workspaces:
                ws.flush_writes()
                for cls in services:
                    flush = getattr(ws.peek_service(cls), "flush", None)
                    if callable(flush):
                        try:
                            flush()
                        except Exception:  # noqa: BLE001 - a cache not written is rebuilt next time
                            log.exception("flushing %s failed", getattr(cls, "name", cls))

        writer = threading.Thread(target=flush_all, name="footprint-flush", daemon=True)
        writer.start()
        writer.join(seconds)
        if writer.is_alive():
            log.warning("shutdown: caches not written within %.1f s; the next start re-indexes what changed", seconds)

    # --- helpers --------------------------------------------------------------------------------------
    def _workspace_of(self, uri: str) -> Workspace:
        state = self.session.documents.get(uri)
        if state is not None:
            return state.workspace
        return self.session.workspace_for_path(uri_to_path(uri))
