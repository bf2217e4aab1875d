"""The DiagnosticsScheduler without a server: a fake clock (stepped, never slept on), fake checks that record
what they were asked to run, checks and index builds run inline instead of in worker threads. Every wait is
on the event loop becoming idle, so these tests do not depend on the machine's speed."""

from __future__ import annotations

import asyncio
import gc
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lsp_server.checks import CHECKS, CheckContext, Phase, check
from lsp_server.document import TextChange
from lsp_server.findings import Finding
from lsp_server.scheduler import BOTH, DiagnosticsScheduler
from lsp_server.session import Session
from lsp_server.workspace import Service

DEBOUNCE = 0.05  # [limits] debounce_ms default


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.sleepers: list[tuple[float, asyncio.Future]] = []

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, future))
        await future

    async def advance(self, seconds: float) -> None:
        await settle()  # tasks already started reach their sleep before time moves
        self.now += seconds
        for deadline, future in list(self.sleepers):
            if deadline <= self.now + 1e-9 and not future.done():  # 1000 + 0.05 + 0.05 is not 1000.1
                future.set_result(None)
        self.sleepers = [(d, f) for d, f in self.sleepers if not f.done()]
        await settle()


async def settle() -> None:
    """Let every runnable task run until the loop has nothing left to do (no threads are involved)."""
    for _ in range(50):
        await asyncio.sleep(0)


@dataclass
class Run:
    uri: str
    version: int
    phases: tuple[Phase, ...]
    typing: bool = False


@dataclass
class FakeChecks:
    """Stands in for run_document_checks: records each run; `during` runs inside a check (an edit arriving
    while it works); `waits_for` makes the check wait for an index until the workspace has it built."""

    runs: list[Run] = field(default_factory=list)
    during: list = field(default_factory=list)
    waits_for: type | None = None
    pause_check: bool = False  # also run an `on_pause` check ("unit-pause")

    def __call__(self, doc, ws, phases, typing=False, cancel=None):
        self.runs.append(Run(doc.uri, doc.version, tuple(phases), typing))
        ctx = CheckContext(ws, build_services=False, typing=typing)
        while self.during:
            self.during.pop(0)()
        findings = []
        if Phase.TYPE in phases:
            if self.waits_for is not None and ws.peek_service(self.waits_for) is None:
                ctx.waiting.append(("unit-type", "unit index"))
            else:
                findings.append(Finding("typed", f"v{doc.version}", 4, 5, check="unit-type"))
                ctx.completed.append("unit-type")
            if not self.pause_check:
                pass
            elif typing:  # an `on_pause` check: skipped while the user types
                ctx.deferred.append("unit-pause")
            else:
                findings.append(Finding("paused", f"whole v{doc.version}", 6, 7, check="unit-pause"))
                ctx.completed.append("unit-pause")
        if Phase.SAVE in phases:
            findings.append(Finding("saved", f"v{doc.version}", 4, 5, check="unit-save"))
            ctx.completed.append("unit-save")
        return findings, ctx


@pytest.fixture(autouse=True)
def unit_checks():
    """Names for the fake checks' findings, so the scheduler sorts them into the right phase."""
    check("unit-type", Phase.TYPE)(lambda doc, ctx: [])
    check("unit-save", Phase.SAVE)(lambda doc, ctx: [])
    check("unit-pause", Phase.TYPE, on_pause=True)(lambda doc, ctx: [])
    yield
    CHECKS.pop("unit-pause")
    CHECKS.pop("unit-type")
    CHECKS.pop("unit-save")


async def inline(fn, *args):
    return fn(*args)


class Harness:
    def __init__(self, root: Path, services: list[type] | None = None, offload=inline) -> None:
        self.root = root
        self.session = Session()
        self.session.roots = [root.resolve()]
        self.clock = FakeClock()
        self.checks = FakeChecks()
        self.published: list[tuple[str, int | None, list[str]]] = []
        self.services = services if services is not None else []
        self.scheduler = DiagnosticsScheduler(
            self.session, publish=self.publish, clock=self.clock, check=self.checks, offload=offload,
            services=lambda: self.services, startup_grace=0.3, startup_limit=3.0)

    def publish(self, uri, doc, findings) -> None:
        self.published.append((uri, doc.version if doc else None, [f.message for f in findings]))

    def uri(self, name: str) -> str:
        return (self.root / name).as_uri()

    def open(self, name: str, text: str = "let a = 1;\n") -> str:
        uri = self.uri(name)
        self.session.open(uri, text, 1, "javascript")
        self.scheduler.opened(uri)
        return uri

    def type(self, uri: str, text: str = "x") -> None:
        state = self.session.documents[uri]
        self.session.change(uri, [TextChange(text, (0, 0), (0, 0))], state.doc.version + 1)
        self.scheduler.changed(uri)

    def runs_of(self, uri: str) -> list[Run]:
        return [r for r in self.checks.runs if r.uri == uri]


async def test_a_burst_of_changes_runs_one_check_and_the_first_keystroke_runs_at_once(tmp_path):
    h = Harness(tmp_path)
    uri = h.open("a.js")
    await settle()
    assert [(r.version, r.phases) for r in h.runs_of(uri)] == [(1, BOTH)]
    await h.clock.advance(1.0)  # a quiet spell
    h.type(uri)
    await settle()
    assert [r.version for r in h.runs_of(uri)] == [1, 2]  # leading edge: no debounce wait
    for _ in range(5):  # a burst: each change within debounce_ms of the one before
        await h.clock.advance(DEBOUNCE / 5)
        h.type(uri)
    await h.clock.advance(DEBOUNCE / 2)
    assert [r.version for r in h.runs_of(uri)] == [1, 2]
    await h.clock.advance(DEBOUNCE)
    assert [(r.version, r.phases) for r in h.runs_of(uri)] == [(1, BOTH), (2, (Phase.TYPE,)), (7, (Phase.TYPE,))]
    assert h.published[-1] == (uri, 7, ["v7", "v1"])  # the open's save findings stay until the next save


async def test_a_saves_phases_are_not_lost_to_a_following_keystroke(tmp_path):
    h = Harness(tmp_path)
    uri = h.open("a.js")
    await settle()
    h.scheduler.saved(uri)  # pending, not started yet...
    h.type(uri)  # ...when a keystroke replaces it
    await settle()
    assert len(h.runs_of(uri)) == 1
    await h.clock.advance(DEBOUNCE)
    assert [(r.version, r.phases) for r in h.runs_of(uri)] == [(1, BOTH), (2, BOTH)]
    assert h.session.documents[uri].save_version == 2


async def test_stale_results_are_dropped_and_the_checks_run_again(tmp_path):
    h = Harness(tmp_path)
    uri = h.open("a.js")
    h.checks.during.append(lambda: h.type(uri))  # the user types while the first check works
    await settle()
    assert [r.version for r in h.runs_of(uri)] == [1]
    assert h.published == []  # the results for version 1 were never published
    await h.clock.advance(DEBOUNCE)
    assert [(r.version, r.phases) for r in h.runs_of(uri)] == [(1, BOTH), (2, BOTH)]
    assert h.published == [(uri, 2, ["v2", "v2"])]


async def test_a_check_waiting_for_an_index_keeps_its_findings_and_reruns_when_it_is_ready(tmp_path):
    class Index(Service):
        name = "unit index"
        builds = 0

        @classmethod
        def build(cls, workspace, progress):
            cls.builds += 1
            return cls()

    h = Harness(tmp_path, services=[Index])
    h.checks.waits_for = Index
    uri = h.open("a.js")
    await settle()
    # The check waited: it asked for the warm-up itself (no `initialized` here, like a file outside the
    # roots), which waits for the open documents' first checks and the start-up grace before building.
    assert h.published == [(uri, 1, ["v1"])] and Index.builds == 0
    await h.clock.advance(0.3)
    assert Index.builds == 1
    assert [(r.version, r.phases) for r in h.runs_of(uri)] == [(1, BOTH), (1, BOTH)]
    assert h.published[-1] == (uri, 1, ["v1", "v1"])
    # A file changes on disk and the index cannot update (Service.update -> None: dropped, rebuilt). The
    # re-check waits again: it keeps its previous finding instead of blinking out until the rebuild.
    (tmp_path / "b.js").write_text("export const b = 1;\n")
    h.scheduler.files_changed([tmp_path / "b.js"])
    await h.clock.advance(DEBOUNCE)
    assert Index.builds == 1 and h.runs_of(uri)[-1].phases == (Phase.TYPE,)
    assert h.published[-1] == (uri, 1, ["v1", "v1"])
    await h.clock.advance(0.3)
    assert Index.builds == 2 and h.runs_of(uri)[-1].phases == BOTH


async def test_a_dependency_change_rechecks_the_other_open_documents(tmp_path):
    h = Harness(tmp_path)
    a, b = h.open("a.js"), h.open("b.js")
    await settle()
    (tmp_path / "b.js").write_text("export const b = 2;\n")
    h.scheduler.files_changed([tmp_path / "b.js"])
    await settle()
    assert [r.phases for r in h.runs_of(b)] == [BOTH, BOTH]  # the changed file itself: saved, at once
    assert len(h.runs_of(a)) == 1  # its dependents: debounced...
    await h.clock.advance(DEBOUNCE)
    assert [r.phases for r in h.runs_of(a)] == [BOTH, (Phase.TYPE,)]  # ...and a module only changes TYPE results
    rules = tmp_path / "rule.md"
    rules.write_text("a rule\n")
    h.scheduler.files_changed([rules])  # any other file may change on-save results too
    await h.clock.advance(DEBOUNCE)
    assert h.runs_of(a)[-1].phases == BOTH and h.runs_of(b)[-1].phases == BOTH


async def test_the_warm_up_runs_once_per_workspace_and_loops_when_asked_again(tmp_path):
    built: list[str] = []
    h = Harness(tmp_path)

    class Second(Service):
        name = "second"

        @classmethod
        def build(cls, workspace, progress):
            built.append(cls.name)
            return cls()

    class First(Service):
        name = "first"

        @classmethod
        def build(cls, workspace, progress):
            built.append(cls.name)
            # While it builds, another service goes missing (a settings reload, a failed update) and
            # someone asks for the warm-up again.
            h.services.append(Second)
            h.scheduler.ensure_services(workspace)
            return cls()

    h.services.append(First)
    ws = h.session.workspace(tmp_path)
    h.scheduler.ensure_services(ws)
    first = h.scheduler.warming[ws.root]
    h.scheduler.ensure_services(ws)  # already warming: no second warm-up
    assert h.scheduler.warming[ws.root] is first and first.again
    await h.clock.advance(0.3)
    assert built == ["first", "second"] and first.task.done()
    h.scheduler.ensure_services(ws)  # nothing missing any more: nothing built
    await h.clock.advance(0.3)
    assert built == ["first", "second"]


async def test_the_indexes_are_settled_once_a_warm_up_has_built_them(tmp_path):
    """After a warm-up builds the indexes the scheduler settles them (the server: foreground.settle freezes
    them out of the garbage collector's full scans), once per warm-up, not when nothing was missing."""
    settled: list[list[str]] = []
    built: list[str] = []
    h = Harness(tmp_path)
    h.scheduler.settle = lambda: settled.append(list(built))

    class Index(Service):
        name = "index"

        @classmethod
        def build(cls, workspace, progress):
            built.append(cls.name)
            return cls()

    h.services.append(Index)
    ws = h.session.workspace(tmp_path)
    collecting = []
    h.scheduler.settle = lambda: (settled.append(list(built)), collecting.append(gc.isenabled()))
    assert gc.isenabled()
    h.scheduler.ensure_services(ws)
    await h.clock.advance(0.1)
    assert not gc.isenabled()  # automatic collection paused for the whole warm-up, builds and waits between
    await h.clock.advance(0.2)
    assert settled == [["index"]]  # after the build, with what it built
    assert collecting == [False] and gc.isenabled()  # settled while still paused; resumed after
    h.scheduler.ensure_services(ws)  # nothing missing: no warm-up, nothing settled again
    await h.clock.advance(0.3)
    assert settled == [["index"]]


async def test_the_warm_up_waits_for_the_open_documents_first_checks_but_not_forever(tmp_path):
    gate = asyncio.Event()
    built: list[str] = []

    async def gated(fn, *args):
        if isinstance(fn, FakeChecks):
            await gate.wait()
        return fn(*args)

    class Index(Service):
        name = "unit index"

        @classmethod
        def build(cls, workspace, progress):
            built.append(cls.name)
            return cls()

    h = Harness(tmp_path, services=[Index], offload=gated)
    uri = h.open("a.js")
    h.scheduler.ensure_services(h.session.workspace(tmp_path))
    await h.clock.advance(1.0)
    assert built == [] and h.published == []  # the first check runs first
    gate.set()
    await settle()
    assert h.published and built == ["unit index"]
    # A check that never ends does not hold indexing back past startup_limit.
    gate.clear()
    h.type(uri)
    h.services.append(type("Other", (Index,), {"name": "other"}))
    h.scheduler.ensure_services(h.session.workspace(tmp_path))
    await h.clock.advance(1.0)
    assert built == ["unit index"]
    await h.clock.advance(2.5)
    assert built == ["unit index", "other"]
    gate.set()
    await settle()


async def test_an_index_built_in_the_grace_comes_after_the_opened_documents_checks_and_before_the_others(tmp_path):
    """`Service.build_in_grace` (the docs index): built in the start-up grace once the documents opened with
    `initialized` are checked, the time the warm-up otherwise sleeps; every other index after the grace."""
    gate = asyncio.Event()
    built: list[str] = []

    async def gated(fn, *args):
        if isinstance(fn, FakeChecks):
            await gate.wait()
        return fn(*args)

    def index(name: str, in_grace: bool) -> type:
        def build(cls, workspace, progress):
            built.append(cls.name)
            return cls()
        return type(name, (Service,), {"name": name, "build_in_grace": in_grace, "build": classmethod(build)})

    h = Harness(tmp_path, services=[index("walks", False), index("docs", True)], offload=gated)
    uri = h.open("a.js")
    h.scheduler.ensure_services(h.session.workspace(tmp_path))
    await h.clock.advance(0.1)
    assert built == [] and h.published == []  # the opened document's first check comes first
    gate.set()
    await settle()
    assert h.published and built == ["docs"]  # then the grace's idle time: 0.1 s into its 0.3 s
    await h.clock.advance(0.2)
    assert built == ["docs", "walks"]  # the others once the grace is over
    assert [r.phases for r in h.runs_of(uri)][-1] == BOTH  # re-checked with each index


async def test_closing_a_document_cancels_its_pending_check(tmp_path):
    h = Harness(tmp_path)
    uri = h.open("a.js")
    await settle()
    h.type(uri)
    h.type(uri)  # the second keystroke replaced the first one's check: pending for debounce_ms
    h.session.close(uri)
    h.scheduler.closed(uri)
    await h.clock.advance(DEBOUNCE * 2)
    assert [r.version for r in h.runs_of(uri)] == [1]
    assert uri not in h.scheduler.pending


def _imports(module: str) -> set[str]:
    """Modules `module` imports (any level, function-local too), from its source."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(module)
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def _is_module(name: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, AttributeError):  # `lsp_server.checks.budget.budget`: a name, not a module
        return False


def _reaches(module: str, libraries: tuple[str, ...]) -> list[str]:
    """The chain of our modules by which `module` imports one of `libraries`, or [] when it does not."""
    seen, stack = {module: [module]}, [module]
    while stack:
        current = stack.pop()
        for name in _imports(current):
            if name.split(".")[0] in libraries:
                return [*seen[current], name]
            if name.startswith("lsp_server") and name not in seen and _is_module(name):
                seen[name] = [*seen[current], name]
                stack.append(name)
    return []


def test_the_scheduler_and_the_session_import_neither_pygls_nor_lsprotocol():
    for module in ("lsp_server.scheduler", "lsp_server.session"):
        assert _reaches(module, ("pygls", "lsprotocol")) == []
    assert _reaches("lsp_server.surfaces.lsp.server", ("pygls",))  # the walk does find a surface's import


PAUSE = 0.4  # [limits] pause_ms default


async def test_keystrokes_skip_whole_document_checks_which_keep_their_findings_until_typing_pauses(tmp_path):
    """Every keystroke's run skips the `on_pause` check, whose previous finding moves with the edits; once
    the document is left alone pause_ms, one run (not typing) makes it current. A change before then cancels
    that run; opening runs everything at once."""
    h = Harness(tmp_path)
    h.checks.pause_check = True
    uri = h.open("a.js")
    await settle()
    assert [(r.version, r.typing) for r in h.runs_of(uri)] == [(1, False)]
    assert "whole v1" in h.published[-1][2]
    await h.clock.advance(1.0)
    h.type(uri)  # v2, after a quiet spell: checked at once, without the whole-document check
    await settle()
    assert [(r.version, r.typing) for r in h.runs_of(uri)][-1] == (2, True)
    assert h.published[-1][1] == 2 and "v2" in h.published[-1][2] and "whole v1" in h.published[-1][2]
    kept = next(f for f in h.session.documents[uri].findings if f.check == "unit-pause")
    assert (kept.start, kept.end) == (7, 8)  # moved by the character typed before it
    await h.clock.advance(PAUSE / 2)
    h.type(uri)  # v3: the pause run that v2 asked for is cancelled before it ran
    await settle()
    assert [(r.version, r.typing) for r in h.runs_of(uri)][-1] == (3, True)
    kept = next(f for f in h.session.documents[uri].findings if f.check == "unit-pause")
    assert (kept.start, kept.end) == (8, 9)
    await h.clock.advance(PAUSE / 2 + 0.01)
    assert [(r.version, r.typing) for r in h.runs_of(uri)][-1] == (3, True)  # not quiet long enough yet
    await h.clock.advance(PAUSE / 2)
    assert [(r.version, r.typing) for r in h.runs_of(uri)][-1] == (3, False)
    assert h.published[-1][1] == 3 and "whole v3" in h.published[-1][2] and "whole v1" not in h.published[-1][2]
    await h.clock.advance(PAUSE * 3)
    assert len(h.runs_of(uri)) == 4  # open, v2 typing, v3 typing, v3 paused: no more


async def test_pause_ms_0_runs_every_check_on_every_keystroke(tmp_path):
    (tmp_path / "footprint.toml").write_text("[limits]\npause_ms = 0\n", encoding="utf-8")
    h = Harness(tmp_path)
    h.checks.pause_check = True
    uri = h.open("a.js")
    await settle()
    await h.clock.advance(1.0)
    h.type(uri)
    await settle()
    await h.clock.advance(PAUSE * 3)
    assert [(r.version, r.typing) for r in h.runs_of(uri)] == [(1, False), (2, False)]
    assert "whole v2" in h.published[-1][2]


async def test_cache_writes_kept_by_a_warm_up_are_done_after_it_and_at_shutdown(tmp_path):
    """A cache for the next start written while the server's warm-up builds indexes (`Workspace.write_later`)
    waits until the warm-up has reported the workspace ready, then WRITES_DELAY more; a shutdown before that
    writes it at once. Outside a warm-up (the CLI, a test) it is written when asked."""
    from lsp_server.scheduler import WRITES_DELAY

    written: list[str] = []
    h = Harness(tmp_path)

    class Index(Service):
        name = "index"

        @classmethod
        def build(cls, workspace, progress):
            assert workspace.building()
            workspace.write_later("cache", lambda: written.append("old"))
            workspace.write_later("cache", lambda: written.append("cache"))  # the same key: replaces it
            assert written == []
            return cls()

    h.services.append(Index)
    ws = h.session.workspace(tmp_path)
    h.scheduler.ensure_services(ws)
    await h.clock.advance(0.3)
    assert ws.peek_service(Index) is not None and not ws.building()
    assert written == []  # ready, and not written yet
    await h.clock.advance(WRITES_DELAY)
    assert written == ["cache"]
    ws.write_later("now", lambda: written.append("now"))  # no warm-up running: at once
    assert written == ["cache", "now"]

    # A shutdown right after a warm-up writes what it kept.
    h2 = Harness(tmp_path / "b")
    (tmp_path / "b").mkdir()
    h2.services.append(Index)
    ws2 = h2.session.workspace(tmp_path / "b")
    h2.scheduler.ensure_services(ws2)
    await h2.clock.advance(0.3)
    assert written == ["cache", "now"]
    h2.scheduler.stop()
    assert written == ["cache", "now", "cache"]


def test_the_warm_up_builds_the_rules_first_whatever_imported_first():
    """The rules index (milliseconds) comes before the import graph and the object model (seconds on a large
    workspace) in every warm-up, however the process came to import the areas (`build_first`)."""
    from lsp_server.scheduler import registered_services

    names = [cls.name for cls in registered_services()]
    assert names[0] == "rules" and {"import-graph", "object_model", "docs index"} <= set(names)
