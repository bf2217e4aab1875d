"""Selection and evaluation: which rules apply to a file, where they fire, and how many are shown.

Deterministic and cheap (it runs on every save): rules are selected by their `files`/`exclude` globs,
ordered by priority (then specificity, severity, id), and evaluated in that order until the cap is
reached. A literal prefilter (literals.py) finds in one pass which rules can fire at all, and a query runs
only around the places its literals (or its regex matches) occur, so 200 rules on a 5,000-line file cost a
few milliseconds.

Rules come from repositories we may not control, so every run is bounded (`Clock`): each rule's trigger
has its own limit, and the whole run has a budget after which the remaining rules are skipped. Both count
CPU time (the work the rules made this thread, or a query's child process, do), not wall-clock time: on a
loaded machine a harmless rule must not run out of time. A regex runs under the `regex` package's timeout,
and its timeout stops the rule only when this thread's CPU time confirms it (`_RegexRun`). A query runs
under tree-sitter's match limit, over slices of the file with the limit checked between them; a query
whose shape makes even one slice unbounded (rules.needs_isolation) runs in a forked child that its CPU
limit ends (ITIMER_PROF), because a running query cannot be interrupted and holds the GIL. A rule stopped
by its own limit is reported in `Evaluation.stopped` (the service disables it after a few in a row); one
given up because the machine was too busy to finish it (a query child at the wall-clock safety net, a regex
cut short by other threads' CPU time again and again) is not.

A rule with both triggers: the regex selects, the query confirms (a query match is kept only where it
overlaps a regex match). The reported ranges are the regex matches, or the query's `@match` captures.
"""

from __future__ import annotations

import bisect
import gc
import json
import logging
import os
import re
import select
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tree_sitter import QueryCursor

from lsp_server.conventions.literals import LiteralScanner, query_literals, required_literals
from lsp_server.conventions.rules import (MAX_QUERY_BYTES, QUERY_CAPTURE, REGEX_PREDICATES, Rule,
                                          compile_query, needs_isolation, predicate_regex, query_facts, query_text)
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.queries import analysis_clock

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hit:
    rule: Rule
    ranges: tuple[tuple[int, int], ...]  # byte offsets in the evaluated document


@dataclass
class Evaluation:
    hits: list[Hit] = field(default_factory=list)  # the rules shown, in order, at most the cap
    suppressed: list[str] = field(default_factory=list)  # ids of rules that fired beyond the cap
    stopped: list[tuple[Rule, str]] = field(default_factory=list)  # (rule, why) stopped by its own limit
    finished: list[str] = field(default_factory=list)  # ids of rules whose trigger ran to the end
    skipped: list[str] = field(default_factory=list)  # ids not evaluated: the run's budget was used up ...
    skipped_why: str = ""  # ... (RUN_BUDGET_USED), or the machine was too busy to finish a trigger (Limit.busy)


# A query's in-progress matches are capped (tree-sitter then drops the oldest and says so): quantified
# wildcards such as `((_)* @a (_)* @b (_)* @match)` otherwise multiply them beyond any time limit (134 s
# on a 4.6 KB file). Rule queries that need more than this are not plausible conventions.
MATCH_LIMIT = 256
# A running query cannot be interrupted (its progress callback is polled between node steps, not inside
# the step where matches multiply, and py-tree-sitter 0.26 keeps a dangling pointer to it), so a query
# runs over the file in slices of this many bytes and the deadline is checked between slices.
SLICE_BYTES = 8 * 1024


class Stopped(Exception):
    """A trigger did not finish. `own`: its own limit stopped it (a strike against the rule), rather than
    the budget of the whole run or a machine too busy to finish it (no strike: the rule is not at fault)."""

    def __init__(self, reason: str, own: bool):
        super().__init__(reason)
        self.reason = reason
        self.own = own


# --- time -----------------------------------------------------------------------------------------------
# Every limit here counts CPU time: the work a rule made this thread (or its query's child process) do, not
# the time the machine took. On a loaded machine (another build, a busy laptop) wall-clock time passes while
# the thread waits for a core; a wall-clock limit then stopped harmless rules, and three such runs in a row
# disabled them until their file changed. The wall clock is kept only as a safety net, far above the limits
# (WALL_NET_*), for what CPU time cannot see: a child process that makes no progress at all. A stop by the
# net is not the rule's fault: it is no strike, and the run's remaining rules wait for the next run.
WALL_NET_FACTOR = 20  # the net: this many times the CPU limit of the trigger ...
WALL_NET_MIN_S = 2.0  # ... and at least this many seconds


class Timer:
    """The clocks a `Clock` reads (tests inject fakes). All in seconds."""

    def cpu(self) -> float:
        """The calling thread's CPU time, less its garbage collections (queries.analysis_clock: the same
        clock as `[limits] document_ms`). A collection is not the rule's work."""
        return analysis_clock()

    def regex_clock(self) -> float:
        """The clock the `regex` package's timeout reads (C's clock()): the process's CPU time, every thread's,
        on Linux and macOS; the wall clock on Windows."""
        return time.monotonic() if sys.platform == "win32" else time.process_time()

    def wall(self) -> float:
        """Monotonic wall-clock time: the safety net."""
        return time.monotonic()


SYSTEM_TIMER = Timer()


class Clock:
    """The time of one evaluation: a budget for the run, and a limit per trigger inside it, in CPU time of
    the thread that created it (the one evaluating; a Clock is not shared between threads) plus the CPU
    time of the query children it forked (`charge`)."""

    def __init__(self, budget_ms: float, regex_ms: float, query_ms: float, timer: Timer | None = None):
        self.timer = timer or SYSTEM_TIMER
        self.budget = budget_ms / 1000
        self.regex_ms, self.query_ms = regex_ms, query_ms
        self.started = self.timer.cpu()
        self.charged = 0.0  # CPU seconds spent for this run outside this thread (forked query children)

    def left(self, now: float | None = None) -> float:
        """CPU seconds left of the run's budget (`now`: the timer's cpu() when just read)."""
        return self.budget - ((self.timer.cpu() if now is None else now) - self.started + self.charged)

    @property
    def exhausted(self) -> bool:
        return self.left() <= 0

    def limit(self, what: str) -> "Limit":
        ms = self.regex_ms if what == "regex" else self.query_ms
        return Limit(self, what, ms)

    @classmethod
    def unbounded(cls) -> "Clock":
        return cls(10**12, 10**12, 10**12)


class Limit:
    """When one trigger must stop: when it has used its own CPU limit or the run's budget is used up,
    whichever comes first (`stop` says which: only the first is a strike against the rule)."""

    def __init__(self, clock: Clock, what: str, limit_ms: float, allowance: float | None = None):
        self.clock, self.what, self.limit_ms = clock, what, limit_ms  # what: "regex" | "query"
        self.allowance = limit_ms / 1000 if allowance is None else allowance  # own CPU seconds from `started`
        self.started = clock.timer.cpu()
        self.credit = 0.0  # CPU of regex attempts that a clock other than this thread's cut short (`_RegexRun`)
        self.charged = 0.0  # CPU of this trigger's forked child

    def own_left(self, now: float | None = None) -> float:
        now = self.clock.timer.cpu() if now is None else now
        return self.allowance - (now - self.started - self.credit + self.charged)

    def remaining(self) -> float:
        """CPU seconds left: of the trigger's own limit or of the run's budget, whichever is less."""
        now = self.clock.timer.cpu()  # one reading (a system call, ~1 us)
        return min(self.own_left(now), self.clock.left(now))

    def check(self) -> None:
        if self.remaining() <= 0:
            raise self.stop()

    def stop(self) -> Stopped:
        now = self.clock.timer.cpu()
        if self.own_left(now) <= self.clock.left(now):
            return Stopped(f"{self.what} ran out of time ({self.limit_ms:.0f} ms of CPU)", True)
        return Stopped(RUN_BUDGET_USED, False)

    def charge(self, seconds: float) -> None:
        """Count CPU time this trigger used outside this thread (its query's child process)."""
        self.charged += seconds
        self.clock.charged += seconds

    def wall_net(self) -> float:
        """Seconds of wall-clock time after which the trigger is given up whatever its CPU time (not a strike)."""
        return max(WALL_NET_MIN_S, WALL_NET_FACTOR * self.limit_ms / 1000)

    def busy(self, why: str | None = None) -> Stopped:
        """A stop that is not the rule's fault: it had CPU time left, and the machine was too busy."""
        why = why or f"did not finish within {self.wall_net():.0f} s of wall-clock time though it had CPU time left"
        return Stopped(f"{self.what} {why}: the machine was too busy (not counted against the rule)", False)

    def detached(self) -> "Callable[[], Limit]":
        """The same limit for a forked child, to build there: CPU time starts again from the child's own, so
        the child gets what is left now, measured on its clock (the parent charges what the child used)."""
        clock, what, limit_ms = self.clock, self.what, self.limit_ms
        run_left, own_left = clock.left(), self.own_left()
        return lambda: Limit(Clock(run_left * 1000, clock.regex_ms, clock.query_ms, clock.timer), what, limit_ms,
                             allowance=own_left)


RUN_BUDGET_USED = "the run's time budget was used up"


# A timeout of the `regex` package is measured on C's clock(): the CPU time of the whole process on Linux and
# macOS (every thread: the server's other threads run while a regex runs, since it releases the GIL), the wall
# clock on Windows. Either runs at least as fast as this thread's CPU time, so a timeout at what is left of
# the limit fires no later than the limit itself: a catastrophic regex is still stopped within its limit. But
# it may fire early (the other threads' CPU time, or a wait for a core), so a timeout counts only when this
# thread's CPU time confirms it: at least REGEX_OWN_SHARE of what was left (the rest may be the other threads'
# in the same moments). Otherwise the attempt was not the rule's work: its CPU time is credited back, and the
# regex runs again (from its last match) with a timeout widened by how much faster than this thread's CPU
# time the regex's clock ran, plus a margin (REGEX_MARGIN; at most REGEX_MAX_WIDEN times), at most
# REGEX_ATTEMPTS attempts; past those, the machine is too busy: no strike. Re-running wastes the cut attempt's
# work, but only when the process is busy, and it keeps the common case (one attempt, stopped at the limit
# itself) as prompt as before. The package's own timeout is the safety net here: each attempt ends when the
# regex's clock reaches at most REGEX_MAX_WIDEN x the limit (on Windows that clock is the wall clock). No
# wall-clock check of our own: a regex in this thread is either working (CPU time) or waiting for a core or
# the GIL, and a loaded machine stretching that wait must not decide anything (at load 15, three runs of a
# catastrophic regex took 12 s of wall-clock time for ~0.25 s of the thread's CPU time).
REGEX_OWN_SHARE = 0.9
REGEX_ATTEMPTS = 4
REGEX_MARGIN = 1.25
REGEX_MAX_WIDEN = 16.0


class _RegexRun:
    """The calls of one trigger to the `regex` package under its CPU limit (see above)."""

    def __init__(self, limit: Limit):
        self.limit = limit
        self.widen = 1.0
        self.attempts = 0
        self.left = 0.0
        self.marks = (0.0, 0.0)

    def timeout(self) -> float:
        """The `timeout=` of the next call (raises Stopped when nothing is left)."""
        self.left = self.limit.remaining()
        if self.left <= 0:
            raise self.limit.stop()
        timer = self.limit.clock.timer
        self.marks = (timer.cpu(), timer.regex_clock())
        return self.left * self.widen

    def timed_out(self) -> None:
        """After the call raised TimeoutError: raise Stopped when the timeout was the rule's (or the machine is
        too busy to tell); return when the call should run again."""
        timer, limit = self.limit.clock.timer, self.limit
        used = timer.cpu() - self.marks[0]
        if used >= REGEX_OWN_SHARE * self.left:
            raise limit.stop()  # this thread did the work: the rule's own time (or the run's) is used up
        self.attempts += 1
        if self.attempts >= REGEX_ATTEMPTS:
            raise limit.busy(f"was cut short {self.attempts} times by a timeout its own CPU time did not reach")
        limit.credit += used
        # Next time the regex's clock may run `ratio` times as fast again: so much wider (and a margin), so this
        # thread gets about what is left. A regex that is catastrophic then uses ~REGEX_MARGIN x its limit.
        ratio = (timer.regex_clock() - self.marks[1]) / max(used, 1e-4)
        self.widen = min(REGEX_MAX_WIDEN, REGEX_MARGIN * max(self.widen, ratio))

    def search(self, pattern, text: str):
        """`pattern.search(text)` under the limit."""
        while True:
            try:
                return pattern.search(text, timeout=self.timeout())
            except TimeoutError:
                self.timed_out()


def order_key(rule: Rule) -> tuple:
    return (-rule.priority, -rule.specificity, int(rule.severity), rule.id)


class RuleSet:
    """An immutable, ordered set of rules with the caches evaluation needs (selection, combined query)."""

    def __init__(self, rules: Iterable[Rule]):
        self.rules: list[Rule] = sorted(rules, key=order_key)
        self.by_id = {r.id: r for r in self.rules}
        self._selection: dict[str, list[Rule]] = {}
        self.requirements: dict[str, frozenset[str] | None] = {}
        self._scanner: LiteralScanner | None = None
        self._walks: dict[tuple, tuple | None] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.rules)

    @property
    def triggered(self) -> list[Rule]:
        return [r for r in self.rules if r.enabled and r.has_trigger]

    @property
    def guidance(self) -> list[Rule]:
        """Always-on guidance: rules without a trigger, never reported as diagnostics."""
        return [r for r in self.rules if r.enabled and not r.has_trigger]

    def select(self, relpath: str) -> list[Rule]:
        """Enabled, triggered rules whose globs select `relpath`, in priority order (cached)."""
        cached = self._selection.get(relpath)
        if cached is None:
            memo: dict[tuple, bool] = {}  # rules often share their globs: match each set once
            cached = []
            for r in self.rules:
                if r.enabled and r.has_trigger:
                    key = (r.files, r.exclude)
                    if key not in memo:
                        memo[key] = r.applies_to(relpath)
                    if memo[key]:
                        cached.append(r)
            with self._lock:
                if len(self._selection) > 4096:
                    self._selection.clear()
                self._selection[relpath] = cached
        return cached

    @property
    def scanner(self) -> LiteralScanner:
        """One scanner for the literals every rule needs (built on first use)."""
        with self._lock:
            if self._scanner is None:
                for rule in self.rules:
                    self.requirements[rule.id] = _requirement(rule)
                self._scanner = LiteralScanner(
                    lit for req in self.requirements.values() if req for lit in req)
            return self._scanner

    def could_fire(self, rule: Rule, doc: ParsedDocument) -> bool:
        """False when a literal the rule needs does not occur in `doc` (then it cannot fire)."""
        scanner = self.scanner
        required = self.requirements.get(rule.id)
        if not required:
            return True
        cached = _present.get(doc)
        if cached is None or cached[0] is not scanner:
            cached = (scanner, scanner.present(doc.text))
            _present[doc] = cached
        return not required.isdisjoint(cached[1])

    def walk(self, doc: ParsedDocument, rules: list[Rule], limit: Limit) -> dict[str, list[tuple[int, int]]]:
        """`@match` ranges of several queries from one walk of the tree: their patterns compiled as one
        query (cached per set of rules, when together they stay under the size cap), each rule's `@match`
        renamed so a capture's name says whose it is. Raises Stopped when the walk is cut short (the
        caller then runs each rule under its own limit)."""
        if doc.tree is None or doc.language is None or not rules:
            return {}
        key = (doc.language, tuple(r.id for r in rules))
        with self._lock:
            combined = self._walks.get(key, False)
        if combined is False:
            combined = None
            usable = [r for r in rules if r.query(doc.language) is not None]
            # Each rule's @match renamed after its index: captures() then says whose a node is.
            # (matches() would too, but it builds every match of a quantified pattern: seconds per KB.)
            source = "\n".join(_owned_source(r.query_source_for(doc.language), i) for i, r in enumerate(usable))
            if len(source) <= MAX_QUERY_BYTES:
                try:
                    combined = (compile_query(doc.language, source), usable, source)
                except Exception:  # noqa: BLE001 - each compiles alone; together they may clash: one by one
                    log.info("rules: queries do not compile together; walking the tree once per rule")
            with self._lock:
                self._walks[key] = combined
        found: dict[str, set[tuple[int, int]]] = {}
        if combined is not None:
            query, owners, source = combined
            for name, ranges in _run_query(query, source, doc, [(0, len(doc.source))], limit).items():
                if name.startswith(_OWNED):
                    found.setdefault(owners[int(name[len(_OWNED):])].id, set()).update(ranges)
        else:
            for r in rules:
                found[r.id] = set(_query_ranges(r, doc, None, limit))
        return {k: sorted(v) for k, v in found.items()}


_QUERY_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|@[A-Za-z_][\w.\-]*')


_OWNED = "__footprint_rule_"


def _owned_source(source: str, index: int) -> str:
    """`source` with its `@match` capture (outside strings and comments) renamed `@__footprint_rule_<index>`."""
    return _QUERY_TOKEN.sub(
        lambda m: f"@{_OWNED}{index}" if m.group() == f"@{QUERY_CAPTURE}" else m.group(), source)


def _needs_walk(ruleset: RuleSet, rule: Rule) -> bool:
    """A query-only rule with no literal to look around: it needs a walk of the whole tree."""
    return rule.pattern is None and rule.query_source is not None and not ruleset.requirements.get(rule.id)


def _requirement(rule: Rule) -> frozenset[str] | None:
    req = required_literals(rule.regex_source) if rule.regex_source is not None else None
    if req is None and rule.query_sources:
        # One requirement for every language: the literals of each language's query, together.
        found: set[str] = set()
        for lang, source in rule.query_sources.items():
            try:  # the patterns' spans, cached across processes: no compilation for a rule that cannot fire
                spans = list(query_facts(lang, source).spans)
            except Exception:  # noqa: BLE001 - does not compile for this language: rule.query is None there
                continue
            lang_req = query_literals(query_text(source), spans)  # spans are in the compiled text
            if lang_req is None:
                return None
            found |= lang_req
        req = frozenset(found) if found else None
    return req


_present: "weakref.WeakKeyDictionary[ParsedDocument, tuple[LiteralScanner, set[str]]]" = weakref.WeakKeyDictionary()


# --- evaluation ---------------------------------------------------------------------------------------
def evaluate(
    ruleset: RuleSet,
    doc: ParsedDocument,
    relpath: str,
    scopes: tuple[str, ...],
    cap: int,
    timeout_ms: float,
    lines: set[int] | None = None,
    skip: set[str] | frozenset[str] = frozenset(),
    clock: Clock | None = None,
) -> Evaluation:
    """Evaluate the rules selected for `relpath` on `doc`, highest priority first, until `cap` rules fire.

    `lines`: when given, only matches touching these 0-based lines count (diff review). `skip`: rule ids
    not to evaluate (disabled after timeouts). `clock`: the run's budget and per-trigger limits (default:
    `timeout_ms` per trigger, no overall budget).
    """
    if clock is None:
        clock = Clock(10**12, timeout_ms, timeout_ms)
    result = Evaluation()
    candidates = [r for r in ruleset.select(relpath) if r.scope in scopes and r.id not in skip]
    if not candidates:
        return result
    walked: dict[str, list[tuple[int, int]]] | None | bool = None
    for index, rule in enumerate(candidates):
        if clock.exhausted:
            result.skipped, result.skipped_why = [r.id for r in candidates[index:]], RUN_BUDGET_USED
            break
        if not ruleset.could_fire(rule, doc):
            continue
        try:
            if _needs_walk(ruleset, rule):
                if walked is None:  # every query that needs a whole-tree walk, in one walk
                    needing = [r for r in candidates[index:] if _needs_walk(ruleset, r)]
                    try:
                        walked = ruleset.walk(doc, needing, clock.limit("query"))
                    except Stopped as stop:
                        if len(needing) == 1 or not stop.own:
                            raise  # its own stop, or the budget's: nothing to learn from running it alone
                        walked = False  # one of them is slow: run each alone, so the slow one is named
                if walked is False:
                    ranges = _query_ranges(rule, doc, None, clock.limit("query"))
                else:
                    ranges = walked.get(rule.id, [])
            else:
                ranges = rule_ranges(rule, doc, clock, ruleset.requirements.get(rule.id))
        except Stopped as stop:
            if stop.own:
                log.warning("rules: %s stopped on %s: %s", rule.id, relpath, stop.reason)
                result.stopped.append((rule, stop.reason))
                continue
            result.skipped, result.skipped_why = [r.id for r in candidates[index:]], stop.reason
            break
        result.finished.append(rule.id)
        if lines is not None:
            ranges = [rg for rg in ranges if _touches(doc, rg, lines)]
        if not ranges:
            continue
        if len(result.hits) < cap:
            result.hits.append(Hit(rule, tuple(ranges)))
        else:
            result.suppressed.append(rule.id)
            if lines is None:
                break  # on save, rules beyond the cap need not be evaluated at all
    return result


def rule_ranges(rule: Rule, doc: ParsedDocument, clock: Clock | float,
                literals: frozenset[str] | None = None) -> list[tuple[int, int]]:
    """The byte ranges where `rule` fires in `doc` (raises Stopped when a trigger runs out of time or, for
    a query, over the match limit). `clock` may be a plain per-trigger limit in milliseconds.

    A query runs around its regex's matches (the regex selects, the query confirms), else around the
    occurrences of the literals it needs, else over the whole tree."""
    if not isinstance(clock, Clock):
        clock = Clock(10**12, clock, clock)
    regex_ranges: list[tuple[int, int]] | None = None
    if rule.pattern is not None:
        regex_ranges = _regex_ranges(rule, doc, clock.limit("regex"))
        if not regex_ranges:
            return []
    if rule.query_source is None:
        return regex_ranges or []
    if regex_ranges is not None:
        near = regex_ranges
    elif literals:
        near = _occurrences(doc.source, literals)
    else:
        near = None
    query_ranges = _query_ranges(rule, doc, near, clock.limit("query"))
    if regex_ranges is None:
        return query_ranges
    # finditer's matches do not overlap, so their ends are sorted too: the first regex match ending
    # after a query range's start is the only one that can overlap it.
    ends = [e for _, e in regex_ranges]
    kept = []
    for qs, qe in query_ranges:
        i = bisect.bisect_right(ends, qs)
        if i < len(regex_ranges) and regex_ranges[i][0] < qe:
            kept.append((qs, qe))
    return kept


MAX_WINDOWS = 2000  # beyond this many places to look, one walk of the whole tree is cheaper


def _occurrences(source: bytes, literals: frozenset[str]) -> list[tuple[int, int]] | None:
    found = []
    for lit in literals:
        needle = lit.encode("utf-8")
        i = source.find(needle)
        while i >= 0:
            found.append((i, i + len(needle)))
            if len(found) > MAX_WINDOWS:
                return None
            i = source.find(needle, i + 1)
    return sorted(found)


def _query_ranges(rule: Rule, doc: ParsedDocument, near: list[tuple[int, int]] | None,
                  limit: Limit) -> list[tuple[int, int]]:
    """`@match` ranges of the rule's query: over the whole tree, or the matches intersecting `near`."""
    if doc.tree is None or doc.language is None:
        return []
    query = rule.query(doc.language)
    if query is None:
        return []
    if near is None:
        windows = [(0, len(doc.source))]
    else:
        windows = []
        for s, e in near:  # merge overlapping windows: each costs one descent of the tree
            if windows and s <= windows[-1][1]:
                windows[-1] = (windows[-1][0], max(windows[-1][1], e))
            else:
                windows.append((s, e))
    return sorted(_run_query(query, rule.query_source_for(doc.language), doc, windows, limit).get(QUERY_CAPTURE, ()))


def _run_query(query, source_text: str, doc: ParsedDocument, windows: list[tuple[int, int]],
               limit: Limit) -> dict[str, set[tuple[int, int]]]:
    """The query's captures (name -> byte ranges) in the windows. Raises Stopped when the limit passes or
    a slice exceeds the match limit (its results would be incomplete: a pathological query).

    A query whose running time is not bounded in-process (rules.needs_isolation) runs in a forked child
    that is killed at the limit; meanwhile this thread waits on a pipe without the GIL, so the server
    keeps answering. Without fork (Windows), it runs here, the deadline checked between slices."""
    root = doc.tree.root_node  # before forking: the child must not take the tree budget's lock
    if needs_isolation(source_text) and _CAN_FORK:
        return _run_forked(query, root, doc, windows, limit)
    found, problem = _run_slices(query, root, doc, windows, limit)
    if problem is not None:
        raise problem
    return found


def _run_slices(query, root, doc: ParsedDocument, windows: list[tuple[int, int]],
                limit: Limit) -> tuple[dict[str, set[tuple[int, int]]], Stopped | None]:
    """Each window in slices of at most SLICE_BYTES, the limit checked between slices."""
    found: dict[str, set[tuple[int, int]]] = {}
    predicate = _RegexPredicates(doc, limit)
    for start, end in windows:
        while True:
            if limit.remaining() <= 0:
                return found, limit.stop()
            stop = min(end, start + SLICE_BYTES)
            cursor = QueryCursor(query, match_limit=MATCH_LIMIT)
            cursor.set_byte_range(start, stop)
            for name, nodes in cursor.captures(root, predicate).items():
                found.setdefault(name, set()).update((n.start_byte, n.end_byte) for n in nodes)
            if predicate.stopped is not None:
                return found, predicate.stopped
            if cursor.did_exceed_match_limit:
                return found, Stopped(f"query exceeded {MATCH_LIMIT} in-progress matches", True)
            if stop >= end:
                break
            start = stop
    return found, (limit.stop() if limit.remaining() <= 0 else None)


_CAN_FORK = hasattr(os, "fork") and sys.platform != "darwin"  # macOS: fork without exec is unsafe


def _run_forked(query, root, doc: ParsedDocument, windows: list[tuple[int, int]],
                limit: Limit) -> dict[str, set[tuple[int, int]]]:
    """The query in a forked child. The child stops at what is left of the limit in its own CPU time: between
    slices, and in the middle of one by ITIMER_PROF (the kernel counts the process's CPU time and its SIGPROF
    ends the child at the limit, however long one slice runs). The parent waits for the child's result on a
    pipe, kills it only at the wall-clock safety net (a child that makes no progress: a machine too busy, or a
    child stuck), and charges the CPU time the child used to the trigger and the run (os.wait4's rusage)."""
    if limit.remaining() <= 0:
        raise limit.stop()
    child_limit = limit.detached()  # what is left, read before forking
    import signal  # here: imported at the top it costs every process that loads the rules ~2 ms

    timer = limit.clock.timer
    read_end, write_end = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # 3.12+: "fork() in a multi-threaded process"
        pid = os.fork()
    if pid == 0:  # the child: run the query, write the result, exit; never return into the server
        code = 1
        try:
            gc.disable()  # a collection could run a weakref callback wanting a lock another thread held
            os.close(read_end)
            # SIGPROF's default action ends the process; a handler the parent installed (a profiler) would
            # only set a flag that a running query never looks at. Interval timers are not inherited.
            signal.signal(signal.SIGPROF, signal.SIG_DFL)
            own_limit = child_limit()  # counts from the child's start
            signal.setitimer(signal.ITIMER_PROF, max(own_limit.remaining(), 0.001))
            found, problem = _run_slices(query, root, doc, windows, own_limit)
            signal.setitimer(signal.ITIMER_PROF, 0)  # done: writing the result must not be cut short
            data = json.dumps([{k: sorted(v) for k, v in found.items()},
                               None if problem is None else [problem.reason, problem.own]]).encode()
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    net_ends = timer.wall() + limit.wall_net()
    killed = False
    try:
        while True:
            remaining = net_ends - timer.wall()
            if remaining <= 0 or not select.select([read_end], [], [], remaining)[0]:
                if timer.wall() < net_ends:
                    continue
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        _, status, usage = os.wait4(pid, 0)
        limit.charge(usage.ru_utime + usage.ru_stime)
    if killed:
        raise limit.busy()
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGPROF:
        raise limit.stop()  # the child used what was left of the limit (now charged)
    if not chunks:
        raise Stopped("query failed in its child process", True)
    found, problem = json.loads(b"".join(chunks))
    if problem is not None:
        raise Stopped(*problem)
    return {k: {(s, e) for s, e in v} for k, v in found.items()}


class _RegexPredicates:
    """Answers a rule query's regex predicates (renamed by rules.query_text) with the `regex` package
    under the trigger's limit (`_RegexRun`). It never raises inside tree-sitter: a stop is noted (every later
    predicate then fails fast) and _run_slices stops the rule after the slice."""

    def __init__(self, doc: ParsedDocument, limit: Limit):
        self.doc, self.limit = doc, limit
        self.stopped: Stopped | None = None
        self.searches = 0
        self.timeout = 0.0

    def __call__(self, name: str, args: list[tuple[str, str]], pattern_index: int, captures: dict) -> bool:
        if name not in _REGEX_PREDICATE_NAMES:
            return True  # other custom predicates: ignored, as tree-sitter ignores them without a callback
        if self.stopped is not None or len(args) != 2 or args[0][1] != "capture" or args[1][1] != "string":
            return False
        negative, any_node = "not-" in name, "-any-" in name
        pattern = predicate_regex(args[1][0])
        source = self.doc.source
        results = []
        for node in captures.get(args[0][0], []):
            text = source[node.start_byte : node.end_byte].decode("utf-8", errors="replace")
            try:
                found = self._search(pattern, text) is not None
            except Stopped as stop:
                self.stopped = stop
                return False
            results.append(found != negative)
        return any(results) if any_node else all(results)


    def _search(self, pattern, text: str):
        """One search of a node's text. Predicates run on thousands of short texts (every identifier of a file),
        where reading the CPU clock would cost as much as the search: the timeout is what was left at the last
        reading, taken every CHECK_EVERY searches. A timeout is then only a sign: the search runs again under
        `_RegexRun`, which asks this thread's CPU time whether the limit is used up."""
        if not self.searches % CHECK_EVERY:
            self.timeout = self.limit.remaining()
            if self.timeout <= 0:
                raise self.limit.stop()
        self.searches += 1
        try:
            return pattern.search(text, timeout=self.timeout)
        except TimeoutError:
            self.searches = 0  # the clock is read again before the next search
            return _RegexRun(self.limit).search(pattern, text)


_REGEX_PREDICATE_NAMES = frozenset(REGEX_PREDICATES.values())


CHECK_EVERY = 16  # matches between two readings of the CPU clock (a system call: ~1 us, 7x time.monotonic())


def _regex_ranges(rule: Rule, doc: ParsedDocument, limit: Limit) -> list[tuple[int, int]]:
    to_bytes = _char_to_byte(doc)
    out = []
    run = _RegexRun(limit)
    pos = 0
    seen = 0
    while True:
        try:
            # The package's timeout covers the whole iteration (from this call); the limit is checked every
            # CHECK_EVERY matches too (the time between them, in Python, is not the package's to count). A
            # timeout this thread's CPU time does not confirm runs again from the last match.
            for m in rule.pattern.finditer(doc.text, pos, timeout=run.timeout(), concurrent=True):
                if m.end() > m.start():
                    out.append((to_bytes(m.start()), to_bytes(m.end())))
                pos = m.end()
                seen += 1
                if not seen % CHECK_EVERY:
                    limit.check()
            limit.check()
            return out
        except TimeoutError:
            run.timed_out()


def _touches(doc: ParsedDocument, rng: tuple[int, int], lines: set[int]) -> bool:
    first = doc.lines.line_of(rng[0])
    last = doc.lines.line_of(max(rng[0], rng[1] - 1))
    return any(line in lines for line in range(first, last + 1))


_char_maps: "weakref.WeakKeyDictionary[ParsedDocument, object]" = weakref.WeakKeyDictionary()


def _char_to_byte(doc: ParsedDocument):
    """A function mapping code-point indexes of `doc.text` to byte offsets of `doc.source` (cached)."""
    if len(doc.text) == len(doc.source):
        return _identity
    fn = _char_maps.get(doc)
    if fn is None:
        text = doc.text
        char_starts, byte_starts = [0], [0]
        i = text.find("\n")
        while i >= 0:
            char_starts.append(i + 1)
            i = text.find("\n", i + 1)
        b = doc.source.find(b"\n")
        while b >= 0:
            byte_starts.append(b + 1)
            b = doc.source.find(b"\n", b + 1)

        def fn(index: int) -> int:
            line = bisect.bisect_right(char_starts, index) - 1
            return byte_starts[line] + len(text[char_starts[line] : index].encode("utf-8", errors="replace"))

        _char_maps[doc] = fn
    return fn


def _identity(index: int) -> int:
    return index


# --- findings -----------------------------------------------------------------------------------------
def findings_for(evaluation: Evaluation, reminder: bool = False) -> list[Finding]:
    """Every range of every shown rule as a Finding (code = rule id). A reminder (diff review) is at most
    a warning: it asks for a review, it does not fail the change."""
    out = []
    for hit in evaluation.hits:
        rule = hit.rule
        severity = max(rule.severity, Severity.WARNING) if reminder else rule.severity
        message = f"Review: {rule.message}" if reminder else rule.message
        for start, end in hit.ranges:
            out.append(Finding(code=rule.id, message=message, start=start, end=end, severity=severity,
                               data={"rule": rule.id, "title": rule.title, "rule_path": str(rule.path)},
                               source="footprint-conventions"))
    return out
