"""The diagnostics pipeline: a registry of checks, each `f(doc, ctx) -> Iterable[Finding]`.

A check declares its phase: TYPE runs as the user types (on open and on change, debounced); SAVE runs when
the file is saved or changes on disk (conventions, whole-workspace checks). The LSP server and the CLI both
call `run_checks`, so a check registered here shows up everywhere with no other change.

A TYPE check that analyses the whole document whatever the edit (`on_pause=True`, e.g. `unknown-symbol`'s
type analysis) is skipped by a run made for a keystroke (`CheckContext.typing`): the server keeps its previous
findings, moved with the edits, and runs it once typing pauses (`[limits] pause_ms`, scheduler.py),
so a keystroke costs what the edit costs, not what the file costs, and the findings once quiet are those of
a full run.

Each check runs isolated: an exception is logged and the other checks' findings still count.

One document's run is bounded (`[limits] document_ms`, see checks/budget.py and queries.time_limit): when the
limit passes, the check in progress stops, the remaining ones are skipped, and the findings get one note at
the top of the file (`analysis-limit`, information) naming them, so a pathological file costs at most that
long and says so instead of silently missing findings.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.workspace import ServiceNotReady, services_not_built

if TYPE_CHECKING:
    from lsp_server.workspace import S, Workspace

log = logging.getLogger(__name__)


class Phase(enum.Enum):
    TYPE = "type"
    SAVE = "save"


@dataclass
class CheckContext:
    workspace: "Workspace"
    slow_ms: float = 1000.0  # a check slower than this is reported as slow
    slow_checks: list[tuple[str, float]] = field(default_factory=list)  # filled by run_checks
    failures: list[tuple[str, str]] = field(default_factory=list)
    # The CLI builds a workspace index when a check first needs it; the server never does inside a check
    # (it would hold the first diagnostics of an opened file hostage to a whole-workspace build).
    build_services: bool = True
    waiting: list[tuple[str, str]] = field(default_factory=list)  # (check, index) skipped until it is built
    completed: list[str] = field(default_factory=list)  # checks that ran to the end (their findings count)
    time_limit_ms: float | None = None  # one document's run; None: the workspace's `[limits] document_ms`
    timed_out: list[str] = field(default_factory=list)  # checks stopped or skipped by the time limit
    typing: bool = False  # a run made while the user types: `on_pause` checks are skipped (see `deferred`)
    deferred: list[str] = field(default_factory=list)  # `on_pause` checks skipped: they run when typing pauses
    # Who asked, as far as a check's defaults care: whether a TypeScript service runs beside the caller and
    # reports on .ts/.tsx what it can type (an editor: the server's scheduler says so). The CLI, the agent
    # hooks and MCP have none, so a check reports there what it would otherwise leave to it
    # (`[typescript] unknown_symbols` unset). The caller decides; a check never asks which surface runs.
    typescript_service: bool = False

    def service(self, cls: "type[S]") -> "S | None":
        """The workspace index `cls` for a check, or None when it is not built yet (server only).

        In the server this never builds, so a check on a just-opened file reports what it can without
        the index, and the server re-checks open documents as soon as its background warm-up has built
        each service. (`ctx.workspace.service(Cls)` in a server check raises ServiceNotReady instead,
        which skips the check until then.)
        """
        if self.build_services:
            return self.workspace.service(cls)
        return self.workspace.peek_service(cls)


CheckFunc = Callable[[ParsedDocument, CheckContext], Iterable[Finding]]


@dataclass(frozen=True)
class Check:
    name: str
    func: CheckFunc
    phase: Phase
    languages: frozenset[str | None]  # None: documents we do not parse (Markdown, text, ...)
    suffixes: frozenset[str] | None = None  # when set, only files whose name ends with one of these
    on_pause: bool = False  # whole-document work: skipped while the user types, run when typing pauses

    def applies(self, language: str | None, path: str | None) -> bool:
        if language not in self.languages:
            return False
        return self.suffixes is None or (path is not None and path.lower().endswith(tuple(self.suffixes)))


CHECKS: dict[str, Check] = {}


def check(name: str, phase: Phase = Phase.TYPE, languages: Iterable[str | None] = ("javascript",),
          suffixes: Iterable[str] | None = None, on_pause: bool = False):
    """Register a check. `name` is also how users refer to it in logs and settings.

    `languages` may include None for documents we do not parse (Markdown, plain text): such a check
    receives a ParsedDocument without a tree. `suffixes` (e.g. `(".md",)`) limits a check to files whose
    name ends with one of them, so other unparsed files (and their own diagnostics) are left alone.
    `on_pause` marks a check whose cost is the whole document's whatever the edit: runs made while the user
    types skip it (their caller keeps its previous findings) and it runs when typing pauses.
    """

    def register(func: CheckFunc) -> CheckFunc:
        CHECKS[name] = Check(name, func, phase, frozenset(languages),
                             frozenset(s.lower() for s in suffixes) if suffixes is not None else None,
                             on_pause)
        return func

    return register


def has_checks(doc: ParsedDocument) -> bool:
    """Whether any registered check applies to `doc` (by its language, and its file name's suffix)."""
    from lsp_server import plugins

    plugins.load_checks()
    return any(chk.applies(doc.language, doc.uri) for chk in CHECKS.values())


def run_checks(doc: ParsedDocument, ctx: CheckContext, phases: Iterable[Phase]) -> list[Finding]:
    """Run every registered check of `phases` that applies to the document's language."""
    from lsp_server import plugins

    plugins.load_checks()
    wanted = set(phases)
    findings: list[Finding] = []
    limit_ms = ctx.time_limit_ms if ctx.time_limit_ms is not None else _document_ms(ctx)
    todo = [chk for chk in CHECKS.values() if chk.phase in wanted and chk.applies(doc.language, doc.uri)]
    if ctx.typing:
        ctx.deferred.extend(chk.name for chk in todo if chk.on_pause)
        todo = [chk for chk in todo if not chk.on_pause]
    # The whole-document analyses last: their fair share of the time limit is then what the quick checks left
    # (not a fixed fraction taken before them), and those never wait behind them.
    todo.sort(key=lambda chk: chk.on_pause)
    with nullcontext() if ctx.build_services else services_not_built(), \
            queries.time_limit(limit_ms / 1000 if limit_ms else None):
        for i, chk in enumerate(todo):
            if queries.expired():
                # the limit has passed: skipped, and said in the log as a stopped check is (the document's
                # note names it too), so a finding missing for this reason can be told from a check's miss
                log.warning("check %s skipped at the time limit on %s", chk.name, doc.uri)
                ctx.timed_out.append(chk.name)
                continue
            # A fair share of what is left, so one slow check cannot starve the ones after it (what a
            # quick check leaves unused goes to the next ones).
            left = queries.remaining()
            with queries.time_limit(None if left is None else left / (len(todo) - i)):
                _run_one(chk, doc, ctx, findings)
    if ctx.timed_out:
        findings.append(limit_note(ctx.timed_out, limit_ms or 0))
    findings.sort(key=lambda f: (f.start, f.end, f.code))
    return findings


def limit_note(checks: list[str], limit_ms: float) -> Finding:
    """The one-line note on a file whose analysis stopped at the time limit."""
    return Finding("analysis-limit",
                   f"Footprint stopped analysing this file after {limit_ms:.0f} ms ([limits] document_ms): "
                   f"{', '.join(checks)} did not finish, so their findings may be missing",
                   0, 0, Severity.INFORMATION, check="analysis-limit")


def _document_ms(ctx: CheckContext) -> float:
    from lsp_server.checks.budget import budget

    return budget(ctx.workspace.settings).document_ms


def _run_one(chk: Check, doc: ParsedDocument, ctx: CheckContext, findings: list[Finding]) -> None:
    started = time.perf_counter()
    try:
        for finding in chk.func(doc, ctx):
            findings.append(finding if finding.check else _tag(finding, chk.name))
        ctx.completed.append(chk.name)
    except queries.AnalysisTimeout:
        log.warning("check %s stopped at the time limit on %s", chk.name, doc.uri)
        ctx.timed_out.append(chk.name)
    except ServiceNotReady as exc:
        # Not an error: the server re-checks this document when the index is built.
        log.debug("check %s waits for the %s index (%s)", chk.name, exc, doc.uri)
        ctx.waiting.append((chk.name, str(exc)))
    except Exception as exc:  # noqa: BLE001 - one broken check must not silence the others
        log.exception("check %s failed on %s", chk.name, doc.uri)
        ctx.failures.append((chk.name, f"{type(exc).__name__}: {exc}"))
    elapsed = (time.perf_counter() - started) * 1000
    if elapsed > ctx.slow_ms:
        log.warning("check %s took %.0f ms on %s", chk.name, elapsed, doc.uri)
        ctx.slow_checks.append((chk.name, elapsed))


def _tag(finding: Finding, name: str) -> Finding:
    from dataclasses import replace

    return replace(finding, check=name)
