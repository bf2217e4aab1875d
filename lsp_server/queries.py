"""Tree-sitter queries as data: `grammars/<language>/<name>.scm`, compiled once and cached; and the bounds
every query over a document runs within.

A query that does not compile raises at first use with the file name in the message, and the test suite
compiles every query file, so a broken query never reaches a user.

A file whose first line is `; inherits: <language>` extends that language's file of the same name: the
parent's patterns come first, then its own (TypeScript's queries extend JavaScript's, TSX's TypeScript's).
The parent's patterns must compile in the child's grammar.

Bounds (issue 19: no document's analysis may run away, whatever its content):
- **Wide ERROR nodes are not entered.** Tree-sitter's query cursor keeps its in-progress states alive across
  the children of an ERROR node, so a query costs the square of that node's width: a file of 100,000
  unclosed `(` parses to one ERROR node with 100,000 children, and every query over it took ~40 s. A query
  over a tree with such a node (`wide_errors`: more than WIDE_ERROR_CHILDREN children) runs instead on each
  subtree of that node's children (their matches are kept) and leaves out the node's own leaf tokens and the
  matches rooted at its ancestors (broken code anyway; the `syntax` check notes which lines are left out).
  Finding wide nodes costs nothing on a tree without errors (`has_error`), and on others descends only into
  subtrees that have one.
- **Documents of very long lines are queried in slices.** A query is one C call that holds the GIL, and over
  the 1 MB minified line one took 52-112 ms of CPU, during which no other thread of the server runs (a
  hover). A query over a node of at least SLICED_FROM bytes whose lines average LONG_LINE bytes or more runs
  once per SLICE_BYTES of it (`QueryCursor.set_byte_range`; each range one byte wider, a margin at the
  edges: the tests find the same without it), checking the time limit (and stepping aside for a request)
  between slices; a match that spans an edge comes in both slices and is kept once. Checked on that line
  and on ordinary code sliced every 97 bytes, for every query file: the same captures, and the same matches
  in the same order, as the whole query (tests/unit/test_query_slices.py); on the 1 MB line 1.5-2.5 ms a
  slice, the same total. Ordinary files (lines of tens of bytes) are queried whole, as before.
- **A time limit.** `time_limit(seconds)` sets a deadline for the calling thread's analysis of one document
  (the check run, one file's extraction while an index is built); the queries here check it before and
  after they run and raise `AnalysisTimeout`, and Python walkers call `check_time()` in their loops. The
  clock is the thread's CPU time, so a loaded machine or a busy GIL does not make an ordinary file time out;
  the limit bounds the work one document may cost. (Not tree-sitter's progress callback, which would stop a
  query midway: with tree-sitter 0.26.1 any query given one crashes the process as soon as it matches.)
  Nor is a garbage collection charged to it (`analysis_clock`): the collector runs in whichever thread
  allocates when a threshold is crossed and scans the whole heap on a full collection, garbage other work
  left included; in a process holding large indexes or models that is hundreds of ms at a random moment,
  enough to stop a small document's checks at the limit (the symptom: a check silently skipped, its findings
  missing, once in a while, under a long-lived process's load).
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from tree_sitter import Node, Query, QueryCursor

from lsp_server import foreground
from lsp_server.languages import language

# The default time limit of one document's checks ([limits] document_ms): 0.75 s, so that with the last
# query's overrun (a query is not interrupted) the whole stays within 1 s of CPU. In the server the parse
# counts in it (the checking thread parses the snapshot, scheduler.run_document_checks).
DOCUMENT_SECONDS = 0.75
WIDE_ERROR_CHILDREN = 1_000  # measured: 1,000 children cost ~2 ms a query, 20,000 ~500 ms, 100,000 ~40 s
SLICE_BYTES = 16 * 1024  # of a document of long lines, queried at a time (1.5-2.5 ms of CPU on minified code)
SLICED_FROM = 4 * SLICE_BYTES  # a smaller node is queried whole
LONG_LINE = 1_000  # bytes a line, on average, from which a document counts as minified


def grammars_dir() -> Path:
    """Where the `.scm` files live: inside the installed package, or at the top of a source checkout."""
    packaged = Path(__file__).parent / "grammars"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "grammars"


class QueryLoadError(RuntimeError):
    """A query file is missing or does not compile."""


class AnalysisTimeout(RuntimeError):
    """The analysis of one document ran past its time limit (`time_limit`)."""


_INHERITS = "; inherits:"


def source_of(lang: str, name: str, _seen: tuple[str, ...] = ()) -> str:
    """The text of query `name` for `lang`, with the files it inherits from prepended."""
    path = grammars_dir() / lang / f"{name}.scm"
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise QueryLoadError(f"{path}: cannot read query: {exc}") from exc
    first = source.split("\n", 1)[0]
    if first.startswith(_INHERITS):
        parent = first[len(_INHERITS):].strip()
        if parent == lang or parent in _seen:
            raise QueryLoadError(f"{path}: inheritance loop through {parent!r}")
        source = source_of(parent, name, (*_seen, lang)) + "\n" + source
    return source


@cache
def load(lang: str, name: str) -> Query:
    path = grammars_dir() / lang / f"{name}.scm"
    source = source_of(lang, name)
    try:
        return Query(language(lang), source)
    except Exception as exc:  # tree_sitter.QueryError, or a NameError for unknown predicates
        raise QueryLoadError(f"{path}: {exc}") from exc


# --- the time limit ------------------------------------------------------------------------------------------
_limit = threading.local()  # .deadline: the analysis clock (`analysis_clock`) past which analysis stops
_collecting = threading.local()  # .since: thread CPU time at the start of the collection running in this thread


def analysis_clock() -> float:
    """The calling thread's CPU time less the time it spent collecting garbage: what the time limit counts."""
    return time.thread_time() - getattr(_limit, "collected", 0.0)


def _on_collection(phase: str, info: dict) -> None:
    # gc.callbacks run in the thread whose allocation triggered the collection, before and after it
    if phase == "start":
        _collecting.since = time.thread_time()
    else:
        since = getattr(_collecting, "since", None)
        if since is not None:
            _collecting.since = None
            _limit.collected = getattr(_limit, "collected", 0.0) + (time.thread_time() - since)


gc.callbacks.append(_on_collection)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Bound the calling thread's analysis within the block to `seconds` of its CPU time (None: no new
    bound). Nested limits keep the earlier deadline."""
    outer = getattr(_limit, "deadline", None)
    if seconds is not None:
        deadline = analysis_clock() + max(0.0, seconds)
        _limit.deadline = deadline if outer is None else min(outer, deadline)
    try:
        yield
    finally:
        _limit.deadline = outer


@contextmanager
def no_time_limit() -> Iterator[None]:
    """Lift the calling thread's time limit within the block, and do not charge the block's CPU time to it:
    building a workspace index that a check asked for (in the CLI) is not the analysis of that check's
    document (each file of it gets its own limit)."""
    outer, cancel = getattr(_limit, "deadline", None), getattr(_limit, "cancel", None)
    started = analysis_clock()
    _limit.deadline = _limit.cancel = None  # nor cancelled half-way: what it builds is shared
    try:
        yield
    finally:
        _limit.deadline = None if outer is None else outer + (analysis_clock() - started)
        _limit.cancel = cancel


@contextmanager
def cancelled_by(event: threading.Event | None) -> Iterator[None]:
    """Within the block, the calling thread's analysis also stops (as at its time limit) once `event` is set:
    a run whose result nobody will use (the document changed meanwhile) gives its CPU back at once."""
    outer = getattr(_limit, "cancel", None)
    _limit.cancel = event
    try:
        yield
    finally:
        _limit.cancel = outer


def expired() -> bool:
    """Whether this thread's time limit has passed (or its run was cancelled, see `cancelled_by`)."""
    deadline = getattr(_limit, "deadline", None)
    cancel = getattr(_limit, "cancel", None)
    return (deadline is not None and analysis_clock() > deadline) or (cancel is not None and cancel.is_set())


def remaining() -> float | None:
    """Seconds of this thread's time limit left (None: no limit)."""
    deadline = getattr(_limit, "deadline", None)
    return None if deadline is None else max(0.0, deadline - analysis_clock())


def check_time() -> None:
    """Raise AnalysisTimeout if this thread's time limit has passed (for loops over a document); in background
    work, first step aside for a client's request in flight (`foreground`: a pause is not CPU time)."""
    foreground.step_aside()
    if expired():
        raise AnalysisTimeout("time limit reached")


# --- bounded queries -----------------------------------------------------------------------------------------
def _wide(node: Node) -> tuple[list[Node], set[int]]:
    """The wide ERROR nodes under `node` (itself included; more than WIDE_ERROR_CHILDREN children), in
    document order, and the ids of the nodes on the paths from `node` down to them (the wide ones included).
    Descends only into subtrees that contain an error, so a tree without one costs nothing."""
    if not node.has_error:
        return [], set()
    wide: list[Node] = []
    on_path: set[int] = set()
    path: list[Node] = []
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        current, leaving = stack.pop()
        if leaving:
            path.pop()
            continue
        if current.is_error and current.child_count > WIDE_ERROR_CHILDREN:
            wide.append(current)
            on_path.add(current.id)
            on_path.update(p.id for p in path)
            continue
        path.append(current)
        stack.append((current, True))
        stack.extend((c, False) for c in reversed(current.children) if c.has_error)
    return wide, on_path


def wide_errors(node: Node) -> list[Node]:
    """The ERROR nodes under `node` too wide to query (see the module docstring), in document order."""
    return _wide(node)[0]


def _regions(node: Node) -> list[Node]:
    """Subtrees to query instead of `node` so that none contains a wide ERROR node: `node` itself when it
    has none; otherwise the children of every node on the way down to one, and the non-leaf children of
    each wide node itself."""
    wide, on_path = _wide(node)
    if not wide:
        return [node]
    wide_ids = {w.id for w in wide}
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.id not in on_path:
            out.append(current)
            continue
        # Of a wide node, only the named children with children of their own: its leaves are punctuation
        # and stray names, and `named_children` skips its thousands of tokens without a Python object each.
        # (`named_child_count` first: listing none of 100,000 children still takes one 6 ms C call, which
        # holds the GIL, and every query over the document asks.)
        if current.id in wide_ids:
            children = [c for c in current.named_children if c.child_count] if current.named_child_count else []
        else:
            children = current.children
        stack.extend(reversed(children))
    return out


def _run(lang: str, name: str, node: Node, method: str):
    # A query's own cost is linear once wide ERROR nodes are left out, and files are at most max_file_bytes:
    # the limit is checked before each query (each slice) and after it (see the module docstring).
    slices = _slices(node)
    if slices is not None:
        return _run_sliced(load(lang, name), node, method, slices)
    check_time()
    result = getattr(QueryCursor(load(lang, name)), method)(node)
    check_time()
    return result


def _slices(node: Node) -> list[tuple[int, int]] | None:
    """The byte ranges to query `node` in (None: whole), see the module docstring."""
    start, end = node.start_byte, node.end_byte
    if end - start < SLICED_FROM or end - start < LONG_LINE * (node.end_point.row - node.start_point.row + 1):
        return None
    return [(at, min(end, at + SLICE_BYTES + 1)) for at in range(start, end, SLICE_BYTES)]


def _run_sliced(query: Query, node: Node, method: str, slices: list[tuple[int, int]]):
    """`method` ("captures" or "matches") of `query` under `node`, one byte range at a time, merged: each
    capture list and the list of matches in the order of first appearance, without the repeats of what spans
    a slice edge."""
    captured: dict[str, dict[Node, None]] = {}
    matched: dict[tuple, tuple[int, dict[str, list[Node]]]] = {}
    for start, end in slices:
        check_time()
        cursor = QueryCursor(query)
        cursor.set_byte_range(start, end)
        found = getattr(cursor, method)(node)
        if method == "captures":
            for capture, nodes in found.items():
                captured.setdefault(capture, {}).update(dict.fromkeys(nodes))
        else:
            for pattern, captures in found:
                key = (pattern, tuple(sorted((capture, tuple((n.start_byte, n.end_byte, n.kind_id) for n in nodes))
                                             for capture, nodes in captures.items())))
                matched.setdefault(key, (pattern, captures))
    check_time()
    if method == "captures":
        return {capture: list(nodes) for capture, nodes in captured.items()}
    return list(matched.values())


def captures(lang: str, name: str, node: Node) -> dict[str, list[Node]]:
    """Captures of query `name` under `node`, by capture name, each list in document order (within bounds)."""
    regions = _regions(node)
    if len(regions) == 1:
        return _run(lang, name, regions[0], "captures")
    merged: dict[str, list[Node]] = {}
    for region in regions:
        for capture, nodes in _run(lang, name, region, "captures").items():
            merged.setdefault(capture, []).extend(nodes)
    return merged


def matches(lang: str, name: str, node: Node) -> list[tuple[int, dict[str, list[Node]]]]:
    """Matches of query `name` under `node` (within bounds)."""
    regions = _regions(node)
    if len(regions) == 1:
        return _run(lang, name, regions[0], "matches")
    out: list[tuple[int, dict[str, list[Node]]]] = []
    for region in regions:
        out.extend(_run(lang, name, region, "matches"))
    return out


def cursor(lang: str, name: str) -> QueryCursor:
    """A cursor of query `name` for a caller that sets its own byte range on a small node (the per-name
    searches); whole-document queries go through `captures`/`matches`."""
    return QueryCursor(load(lang, name))


def all_query_files() -> list[Path]:
    return sorted(grammars_dir().glob("*/*.scm"))
