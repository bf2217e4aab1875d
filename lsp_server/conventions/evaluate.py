"""Selection and evaluation: which rules apply to a file, where they fire, and how many are shown.

Deterministic and cheap (it runs on every save): rules are selected by their `files`/`exclude` globs,
ordered by priority (then specificity, severity, id), and evaluated in that order until the cap is
reached. A regex trigger runs with a time limit (the `regex` package's timeout), so a catastrophically
backtracking pattern costs at most that limit and is reported; the query triggers of all rules run as one
combined tree-sitter query, so 200 structural rules cost one tree walk, not 200.

A rule with both triggers: the regex selects, the query confirms (a query match is kept only where it
overlaps a regex match). The reported ranges are the regex matches, or the query's `@match` captures.
"""

from __future__ import annotations

import bisect
import logging
import threading
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

from tree_sitter import Query, QueryCursor

from lsp_server.conventions.rules import QUERY_CAPTURE, Rule
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.languages import language

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hit:
    rule: Rule
    ranges: tuple[tuple[int, int], ...]  # byte offsets in the evaluated document


@dataclass
class Evaluation:
    hits: list[Hit] = field(default_factory=list)  # the rules shown, in order, at most the cap
    suppressed: list[str] = field(default_factory=list)  # ids of rules that fired beyond the cap
    timeouts: list[Rule] = field(default_factory=list)  # rules whose regex ran out of time


def order_key(rule: Rule) -> tuple:
    return (-rule.priority, -rule.specificity, int(rule.severity), rule.id)


class RuleSet:
    """An immutable, ordered set of rules with the caches evaluation needs (selection, combined query)."""

    def __init__(self, rules: Iterable[Rule]):
        self.rules: list[Rule] = sorted(rules, key=order_key)
        self.by_id = {r.id: r for r in self.rules}
        self._selection: dict[str, list[Rule]] = {}
        self._combined: dict[str, tuple[Query, list[Rule]] | None] = {}
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
            cached = [r for r in self.rules if r.enabled and r.has_trigger and r.applies_to(relpath)]
            with self._lock:
                if len(self._selection) > 4096:
                    self._selection.clear()
                self._selection[relpath] = cached
        return cached

    def combined_query(self, lang: str) -> tuple[Query, list[Rule]] | None:
        """All query triggers compiled as one query for `lang`; pattern index -> rule via the list."""
        with self._lock:
            if lang in self._combined:
                return self._combined[lang]
        rules = [r for r in self.rules if r.enabled and r.query_source is not None and r.query(lang) is not None]
        result = None
        if rules:
            parts, owners = [], []
            for r in rules:
                parts.append(r.query_source)
                owners.extend([r] * r.query(lang).pattern_count)
            try:
                query = Query(language(lang), "\n".join(parts))
                result = (query, owners) if query.pattern_count == len(owners) else None
            except Exception:  # noqa: BLE001 - each compiles alone; if together they do not, go one by one
                log.warning("rules: combined query does not compile for %s; evaluating one by one", lang)
        with self._lock:
            self._combined[lang] = result
        return result


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
) -> Evaluation:
    """Evaluate the rules selected for `relpath` on `doc`, highest priority first, until `cap` rules fire.

    `lines`: when given, only matches touching these 0-based lines count (diff review). `skip`: rule ids
    not to evaluate (disabled after a timeout).
    """
    result = Evaluation()
    candidates = [r for r in ruleset.select(relpath) if r.scope in scopes and r.id not in skip]
    if not candidates:
        return result
    query_hits = _query_ranges(ruleset, doc, candidates) if any(r.query_source for r in candidates) else {}
    for rule in candidates:
        try:
            ranges = rule_ranges(rule, doc, query_hits.get(rule.id, []), timeout_ms)
        except TimeoutError:
            log.warning("rules: %s: regex ran out of time (%.0f ms) on %s; rule disabled until its file changes",
                        rule.id, timeout_ms, relpath)
            result.timeouts.append(rule)
            continue
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


def rule_ranges(rule: Rule, doc: ParsedDocument, query_ranges: list[tuple[int, int]], timeout_ms: float) -> list[tuple[int, int]]:
    """The byte ranges where `rule` fires in `doc` (raises TimeoutError when its regex runs too long)."""
    regex_ranges: list[tuple[int, int]] | None = None
    if rule.pattern is not None:
        regex_ranges = _regex_ranges(rule, doc, timeout_ms)
        if not regex_ranges:
            return []
    if rule.query_source is None:
        return regex_ranges or []
    if regex_ranges is None:
        return query_ranges
    # The regex selects, the query confirms.
    # finditer's matches do not overlap, so their ends are sorted too: the first regex match ending
    # after a query range's start is the only one that can overlap it.
    ends = [e for _, e in regex_ranges]
    kept = []
    for qs, qe in query_ranges:
        i = bisect.bisect_right(ends, qs)
        if i < len(regex_ranges) and regex_ranges[i][0] < qe:
            kept.append((qs, qe))
    return kept


def _regex_ranges(rule: Rule, doc: ParsedDocument, timeout_ms: float) -> list[tuple[int, int]]:
    to_bytes = _char_to_byte(doc)
    out = []
    for m in rule.pattern.finditer(doc.text, timeout=timeout_ms / 1000, concurrent=True):
        if m.end() > m.start():
            out.append((to_bytes(m.start()), to_bytes(m.end())))
    return out


def _query_ranges(ruleset: RuleSet, doc: ParsedDocument, candidates: list[Rule]) -> dict[str, list[tuple[int, int]]]:
    """`@match` ranges per rule id, for every query rule among `candidates`, from one tree walk."""
    if doc.tree is None or doc.language is None:
        return {}
    wanted = {r.id for r in candidates if r.query_source is not None}
    found: dict[str, set[tuple[int, int]]] = {}
    combined = ruleset.combined_query(doc.language)
    if combined is not None:
        query, owners = combined
        for pattern_index, match in QueryCursor(query).matches(doc.tree.root_node):
            rule = owners[pattern_index]
            if rule.id in wanted:
                for node in match.get(QUERY_CAPTURE, []):
                    found.setdefault(rule.id, set()).add((node.start_byte, node.end_byte))
    else:
        for rule in candidates:
            query = rule.query(doc.language) if rule.query_source else None
            if query is None:
                continue
            for node in QueryCursor(query).captures(doc.tree.root_node).get(QUERY_CAPTURE, []):
                found.setdefault(rule.id, set()).add((node.start_byte, node.end_byte))
    return {k: sorted(v) for k, v in found.items()}


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
