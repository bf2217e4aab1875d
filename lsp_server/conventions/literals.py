"""Literal prefilters: the strings a rule's trigger cannot match without, found for all rules in one pass.

Most rule triggers name something concrete (`render`, `Document`, `legacy/compat`): a regex needs one of
a few literal strings to match, and a query predicate (`#eq? @x "render"`) needs its string in the source.
`required_literals` derives such a set (any one of them must occur) from a regex; `query_literals` from a
query's predicates. `LiteralScanner` finds which of all the rules' literals occur in a document with one
compiled trie regex, so 200 rules cost one scan of the text instead of 200 (the same idea as ripgrep's
literal extraction and Aho-Corasick prefilters). A prefilter only skips work: when a rule has no usable
literal it is always evaluated, and a literal that is present never proves a match.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

try:  # the stdlib's regex parser; the `regex` package accepts a superset of this syntax
    import re._constants as _c
    import re._parser as _p
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

MIN_LITERAL = 2  # single characters occur everywhere: not worth a prefilter
MAX_ALTERNATIVES = 16

Alternatives = frozenset[str]


def required_literals(pattern: str) -> Alternatives | None:
    """A set of strings one of which every match of `pattern` contains, or None when unknown.

    Case-insensitive patterns, syntax only the `regex` package knows, and patterns whose every literal is
    optional yield None (the rule is then always evaluated)."""
    try:
        parsed = _p.parse(pattern)
    except Exception:  # noqa: BLE001 - regex-package-only syntax, or anything unusual: no prefilter
        return None
    if parsed.state.flags & (_c.SRE_FLAG_IGNORECASE | _c.SRE_FLAG_VERBOSE):
        return None
    return _best(_sequence(list(parsed)))


def _sequence(items: list) -> list[Alternatives]:
    """Candidate requirement sets of a sequence of parsed items (each one alone is sufficient)."""
    candidates: list[Alternatives] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            candidates.append(frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        flush()
        if op is _c.SUBPATTERN:
            add_flags = av[1] if len(av) > 1 else 0
            if add_flags & _c.SRE_FLAG_IGNORECASE:
                continue
            best = _best(_sequence(list(av[-1])))
            if best:
                candidates.append(best)
        elif op is _c.BRANCH:
            alternatives: set[str] = set()
            for branch in av[1]:
                best = _best(_sequence(list(branch)))
                if best is None:
                    alternatives = set()
                    break
                alternatives |= best
            if alternatives and len(alternatives) <= MAX_ALTERNATIVES:
                candidates.append(frozenset(alternatives))
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
            lo, _hi, sub = av
            if lo >= 1:
                best = _best(_sequence(list(sub)))
                if best:
                    candidates.append(best)
        elif op is getattr(_c, "ATOMIC_GROUP", None):
            best = _best(_sequence(list(av)))
            if best:
                candidates.append(best)
        # AT (anchors), IN (classes), ANY, ASSERT, GROUPREF...: no literal requirement
    flush()
    return candidates


def _best(candidates: Iterable[Alternatives]) -> Alternatives | None:
    """The most selective candidate: longest shortest alternative, then fewest alternatives."""
    usable = [c for c in candidates if c and min(len(s) for s in c) >= MIN_LITERAL]
    if not usable:
        return None
    return max(usable, key=lambda c: (min(len(s) for s in c), -len(c)))


# `footprint-match?`: a rule query's `#match?` as compiled (rules.query_text)
_PREDICATE = re.compile(r'\(\s*#(eq|any-of|match|footprint-match)\?\s+@[\w.-]+((?:\s+"(?:[^"\\]|\\.)*")+)\s*\)')
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def query_literals(source: str, spans: list[tuple[int, int]]) -> Alternatives | None:
    """Literals one of which every match of the query needs: each pattern (its `spans` in `source`, as
    bytes) must have a positive text predicate with a literal requirement, else None."""
    data = source.encode("utf-8")
    union: set[str] = set()
    for start, end in spans:
        text = data[start:end].decode("utf-8", errors="replace")
        structure = re.sub(r"#[\w-]+[?!]?", "", _STRING.sub('""', re.sub(r";[^\n]*", "", text)))
        if re.search(r"[?*\[]", structure):
            # A quantifier or an alternation may leave the predicate's capture empty in a match, and
            # then the predicate proves nothing: no prefilter (the query runs over the whole tree).
            return None
        best: Alternatives | None = None
        for m in _PREDICATE.finditer(text):
            strings = [_unescape(s) for s in _STRING.findall(m.group(2))]
            if m.group(1) == "eq":
                found = frozenset(strings[:1]) if strings and len(strings[0]) >= MIN_LITERAL else None
            elif m.group(1) == "any-of":
                found = frozenset(strings) if strings and min(map(len, strings)) >= MIN_LITERAL else None
            else:
                found = required_literals(strings[0]) if strings else None
            best = _best([c for c in (best, found) if c])
        if best is None:
            return None
        union |= best
    return frozenset(union) if union and len(union) <= MAX_ALTERNATIVES * 4 else None


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


class LiteralScanner:
    """Finds which of many literals occur in a text, in one pass of one compiled trie regex."""

    def __init__(self, literals: Iterable[str]):
        self.literals = sorted(set(literals))
        self._set = frozenset(self.literals)
        self._regex = re.compile(_trie(self.literals), re.DOTALL) if self.literals else None

    def present(self, text: str) -> set[str]:
        """The literals that occur in `text`, plus (conservatively) any that might: never one less."""
        if self._regex is None:
            return set()
        # One non-overlapping scan: at each position tried, the trie matches the longest literal starting
        # there. A literal L starting at a position that was tried is a prefix of the string matched
        # there. A position that was not tried lies inside a match M: then L is inside M, or a suffix of M
        # is a prefix of L (L may continue after M: counted as present, the rule is simply evaluated).
        matched = {m.group() for m in self._regex.finditer(text)}
        out: set[str] = set()
        maybe: set[str] = set()
        for m in matched:
            for k in range(len(m)):
                suffix = m[k:]
                for n in range(MIN_LITERAL, len(suffix) + 1):  # literals inside m, from offset k
                    if suffix[:n] in self._set:
                        out.add(suffix[:n])
                if k:  # literals that would start inside m and continue after it
                    i = bisect.bisect_left(self.literals, suffix)
                    while i < len(self.literals) and self.literals[i].startswith(suffix):
                        maybe.add(self.literals[i])
                        i += 1
        out |= {lit for lit in maybe - out if lit in text}
        return out


def _trie(words: list[str]) -> str:
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(ch) + build(sub) for ch, sub in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(root)
