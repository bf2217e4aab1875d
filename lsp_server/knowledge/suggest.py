"""Did-you-mean: rank real names against an invented one.

A score in [0, 1] combines three signals, so each kind of invention an agent makes is caught:
- edit distance (optimal string alignment) on the lower-cased names: typos and casing (`addparagraph`);
- overlap of canonical tokens (camelCase/snake_case split, plural -> singular, verb synonyms mapped to one
  verb: create/make/new/insert/append -> add, fetch/find/read/retrieve -> get, update/put/assign -> set ...):
  `addRows` -> `addRow`, `createBlock` -> `addBlock`;
- overlap of the non-verb tokens alone: `setFontSize` -> `fontSize`.
How the name is used breaks near-ties: a read prefers a getter-like name, a write or a call with arguments a
setter-like one.
"""

from __future__ import annotations

import re
from functools import lru_cache

SYNONYMS = {
    "add": ("add", "create", "make", "new", "insert", "append", "push", "build", "generate", "attach", "put"),
    "get": ("get", "fetch", "find", "read", "retrieve", "lookup", "obtain", "load", "query", "select"),
    "set": ("set", "update", "assign", "change", "modify", "apply", "configure", "use"),
    "remove": ("remove", "delete", "drop", "destroy", "erase", "detach", "pop", "del", "rm"),
    "draw": ("draw", "paint", "render", "print", "write", "stroke", "fill", "plot"),
    "is": ("is", "has", "can", "should"),
    "to": ("to", "as"),
    "count": ("count", "num", "total", "length"),
    "save": ("save", "store", "persist", "export", "serialize"),
    "clear": ("clear", "reset", "empty"),
    "copy": ("copy", "clone", "duplicate"),
    "embed": ("embed", "include", "import"),
}
CANON = {w: k for k, words in SYNONYMS.items() for w in words}
VERBS = frozenset(SYNONYMS) | {"with", "on", "off", "init", "on"}
GETTERS = frozenset({"get", "is"})
SETTERS = frozenset({"set"})
THRESHOLD = 0.5

_SPLIT = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_)|[A-Z]?[a-z]+|[A-Z]+|\d+")


@lru_cache(maxsize=65536)
def tokens(name: str) -> tuple[str, ...]:
    """Canonical tokens: `setFontSizes` -> ('set', 'font', 'size')."""
    out = []
    for raw in _SPLIT.findall(name):
        t = raw.lower()
        t = _singular(t)
        out.append(CANON.get(t, t))
    return tuple(out)


def _singular(t: str) -> str:
    if len(t) > 4 and t.endswith("ies"):
        return t[:-3] + "y"
    if len(t) > 4 and t.endswith(("ses", "xes", "ches", "shes")):
        return t[:-2]
    if len(t) > 3 and t.endswith("s") and not t.endswith(("ss", "us", "is")):
        return t[:-1]
    return t


def osa(a: str, b: str, limit: int = 99) -> int:
    """Optimal string alignment distance (Levenshtein plus adjacent transpositions)."""
    if a == b:
        return 0
    la, lb = len(a), len(b)
    if abs(la - lb) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        ai = a[i - 1]
        for j in range(1, lb + 1):
            cost = 0 if ai == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
        prev2, prev = prev, cur
    return prev[lb]


def _jaccard(a: set, b: set) -> float:
    if not a and not b:
        return 0.0
    return len(a & b) / len(a | b)


def score(query: str, candidate: str, usage: str = "") -> float:
    ql, cl = query.lower(), candidate.lower()
    if ql == cl or ql.replace("_", "") == cl.replace("_", ""):
        return 1.0 if query != candidate else 0.0
    lev = 1 - osa(ql, cl) / max(len(ql), len(cl))
    tq, tc = tokens(query), tokens(candidate)
    full = _jaccard(set(tq), set(tc))
    cq, cc = {t for t in tq if t not in VERBS}, {t for t in tc if t not in VERBS}
    core = _jaccard(cq, cc) if (cq or cc) else full
    s = max(lev, 0.5 * full + 0.35 * core + 0.15 * lev)
    if full == 0 and core == 0 and lev < 0.75:
        s = min(s, lev)
    verb_c = tc[0] if tc and tc[0] in VERBS else ""
    verb_q = tq[0] if tq and tq[0] in VERBS else ""
    if usage and verb_c and verb_c != verb_q:
        if usage == "read" and verb_c in GETTERS:
            s += 0.04
        elif usage in ("write", "call-args") and verb_c in SETTERS:
            s += 0.04
        elif usage == "read-call" and verb_c in GETTERS:
            s += 0.04
    if usage == "write" and verb_c and verb_c not in SETTERS:
        s -= 0.05  # assigning to a method is rarely what was meant
    return min(s, 0.999)


def suggest(query: str, candidates, limit: int = 5, usage: str = "", threshold: float = THRESHOLD) -> list[str]:
    """The best real names for `query`, best first (at most `limit`, only those scoring >= threshold)."""
    ranked = rank(query, candidates, usage, threshold)
    return [name for name, _ in ranked[:limit]]


def rank(query: str, candidates, usage: str = "", threshold: float = THRESHOLD) -> list[tuple[str, float]]:
    tq = set(tokens(query))
    ql = len(query)
    scored = []
    for c in set(candidates):
        if c == query:
            continue
        # cheap filter: a shared token, or a length close enough for a typo
        if abs(len(c) - ql) > max(4, ql // 2) and not (tq & set(tokens(c))):
            continue
        s = score(query, c, usage)
        if s >= threshold:
            scored.append((c, s))
    scored.sort(key=lambda x: (-x[1], abs(len(x[0]) - ql), x[0]))
    return scored


def unambiguous(ranked: list[tuple[str, float]]) -> bool:
    """Whether the top suggestion is clearly the one meant (safe for fix-all)."""
    if not ranked:
        return False
    if len(ranked) == 1:
        return ranked[0][1] >= 0.6
    return ranked[0][1] >= 0.7 and ranked[0][1] - ranked[1][1] >= 0.08
