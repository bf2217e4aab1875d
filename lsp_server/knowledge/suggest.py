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
    "get": ("get", "fetch", "find", "read", "retrieve", "lookup", "obtain", "load", "open", "query", "select"),
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
# Within a group, words closer to each other than to the rest: `open` is `load` before it is `get` (a file, a
# position, a document is opened or loaded, not got). A candidate whose verb is in the query verb's subgroup
# gets CLOSE_BONUS, enough to beat a shorter synonym that only edit distance favours.
CLOSE_SYNONYMS = (frozenset({"load", "open", "read", "import"}), frozenset({"find", "lookup", "query", "select", "search"}),
                  frozenset({"create", "make", "new", "build", "generate"}), frozenset({"delete", "remove", "erase", "drop"}),
                  frozenset({"render", "draw", "paint"}), frozenset({"save", "store", "persist"}))
CLOSE = {w: group for group in CLOSE_SYNONYMS for w in group}
CLOSE_BONUS = 0.05
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
    """Optimal string alignment distance (Levenshtein plus adjacent transpositions); bit-parallel
    (Hyyrö 2003), the pure-Python fallback when rapidfuzz is not installed."""
    m = len(a)
    if m == 0 or not b:
        return max(m, len(b))
    peq: dict[str, int] = {}
    for i, c in enumerate(a):
        peq[c] = peq.get(c, 0) | (1 << i)
    full = (1 << m) - 1
    mask = 1 << (m - 1)
    vp, vn, d0, pm_old = full, 0, 0, 0
    dist = m
    for c in b:
        pm = peq.get(c, 0)
        tr = (((~d0) & pm) << 1) & pm_old
        d0 = ((((pm & vp) + vp) ^ vp) | pm | vn | tr) & full
        hp = (vn | ~(d0 | vp)) & full
        hn = d0 & vp
        if hp & mask:
            dist += 1
        elif hn & mask:
            dist -= 1
        hp = ((hp << 1) | 1) & full
        hn = (hn << 1) & full
        vp = (hn | ~(d0 | hp)) & full
        vn = hp & d0
        pm_old = pm
    return dist


try:  # C implementation: ~100x faster, keeps check_symbols within its few-millisecond budget
    from rapidfuzz import process as _rf_process
    from rapidfuzz.distance import OSA as _RF_OSA

    def distance(a: str, b: str) -> int:
        return _RF_OSA.distance(a, b)
except ImportError:  # pragma: no cover - exercised where rapidfuzz is absent
    _rf_process = None
    _RF_OSA = None
    distance = osa


@lru_cache(maxsize=65536)
def _features(name: str) -> tuple[str, frozenset, frozenset, str, str, str, frozenset]:
    """What `score` reads of a name, computed once: (lower-cased name, canonical tokens, non-verb tokens, leading
    verb, lower-cased without `_`, first word lower-cased, `_accessor_forms`)."""
    toks = tokens(name)
    verb = toks[0] if toks and toks[0] in VERBS else ""
    lower = name.lower()
    return (lower, frozenset(toks), frozenset(t for t in toks if t not in VERBS), verb, lower.replace("_", ""),
            _first_word(name), _accessor_forms(name))


def score(query: str, candidate: str, usage: str = "", threshold: float = 0.0, constructed: bool = False) -> float:
    return _score(query, _features(query), candidate, _features(candidate), usage, constructed)


def _score(query: str, qf: tuple, candidate: str, cf: tuple, usage: str, constructed: bool = False) -> float:
    """`score` from both names' `_features` (`rank` keeps a candidate list's features, computed once).
    `constructed`: the name is what `new` makes or a class extends, where an upper-case name (a class) is meant."""
    ql, tq, cq, verb_q, qn, first_q, q_acc = qf
    cl, tc, cc, verb_c, cn, first_c, c_acc = cf
    if ql == cl or qn == cn:
        return 1.0 if query != candidate else 0.0
    longest = max(len(ql), len(cl))
    lev = 1 - min(distance(ql, cl), longest) / longest
    # Jaccard similarity of the tokens, then of the non-verb tokens, inline (|a | b| = |a| + |b| - |a & b|)
    if tq or tc:
        shared = len(tq & tc)
        full = shared / (len(tq) + len(tc) - shared)
    else:
        full = 0.0
    if cq or cc:
        shared = len(cq & cc)
        core = shared / (len(cq) + len(cc) - shared)
    else:
        core = full
    s = max(lev, 0.5 * full + 0.35 * core + 0.15 * lev)
    if full == 0 and core == 0 and lev < 0.75:
        s = min(s, lev)
    if query in c_acc or candidate in q_acc and len(ql) >= 3:  # one is the other behind an accessor prefix
        # (`_accessor_forms`); a two-letter name only as the bare one of the query: `getIs` means `is` (not the
        # member `get`), while `on` is not plainly `isOn`. Under `new` (`new koffi.getUnion()`) the upper-case
        # one (the class `Union`) ranks above the lower-case one (the function `union`): `new` makes a class
        s = max(s, 0.97 if candidate[:1].islower() != constructed else 0.95)
    if usage and verb_c and verb_c != verb_q:
        if usage == "read" and verb_c in GETTERS:
            s += 0.04
        elif usage in ("write", "call-args") and verb_c in SETTERS:
            s += 0.04
        elif usage == "read-call" and verb_c in GETTERS:
            s += 0.04
    if first_q != first_c and first_c in CLOSE.get(first_q, ()):
        s += CLOSE_BONUS
    if usage == "write" and verb_c and verb_c not in SETTERS:
        s -= 0.05  # assigning to a method is rarely what was meant
    return min(s, 0.999)


@lru_cache(maxsize=65536)
def _first_word(name: str) -> str:
    words = _SPLIT.findall(name)
    return words[0].lower() if words else ""


ACCESSOR_PREFIXES = ("get", "set", "is", "has")


def _accessor_forms(name: str) -> frozenset:
    """`name` behind each accessor prefix (`title` -> getTitle, setTitle, isTitle, hasTitle; none for a name
    shorter than 2). `score` pairs `getSave` with `save`, `title` with `getTitle`: one name is among the other's
    forms, the commonest invention on a property or a verb-named method; a lower-case candidate (a member) ranks
    above an upper-case one (a class) spelt the same. A name of two letters (`is`, `id`) is paired only when it is
    the candidate: stripping the prefix of `getIs` finds the member `is` before the prefix alone (`get`) does."""
    if len(name) < 2:
        return frozenset()
    cap = name[:1].upper() + name[1:]
    return frozenset(p + cap for p in ACCESSOR_PREFIXES)


def suggest(query: str, candidates, limit: int = 5, usage: str = "", threshold: float = THRESHOLD) -> list[str]:
    """The best real names for `query`, best first (at most `limit`, only those scoring >= threshold)."""
    ranked = rank(query, candidates, usage, threshold)
    return [name for name, _ in ranked[:limit]]


class Candidates:
    """A set of real names prepared once for many queries: lower-cased forms and a token index."""

    def __init__(self, names):
        self.names = sorted(set(names))
        self.lowered = [n.lower() for n in self.names]
        self.by_token: dict[str, list[int]] = {}
        for i, n in enumerate(self.names):
            for t in set(tokens(n)):
                self.by_token.setdefault(t, []).append(i)
        self.common = {t for t, ids in self.by_token.items() if len(ids) > max(20, len(self.names) // 4)}
        self.features: list[tuple | None] = [None] * len(self.names)  # `_features` of each, when first scored
        # (query, usage, threshold) -> what `rank` scored, before its tie-break: the check asks the same unknown
        # names again on every run over a document, `check_symbols` as agents repeat them. A pure function of
        # the names held (fixed here), so it lives and dies with this object (the object model's indexes make
        # new ones when the model changes).
        self.ranked: dict[tuple, tuple[tuple[str, float], ...]] = {}

    def shortlist(self, query: str) -> set[int]:
        """Indexes worth scoring: a shared specific token, or close enough in edit distance."""
        picked: set[int] = set()
        for t in set(tokens(query)):
            if t not in self.common:
                picked.update(self.by_token.get(t, ()))
        ql = query.lower()
        if _rf_process is not None:
            for _, _, i in _rf_process.extract(ql, self.lowered, scorer=_RF_OSA.normalized_similarity,
                                               score_cutoff=0.45, limit=None):
                picked.add(i)
        else:
            n = len(ql)
            for i, c in enumerate(self.lowered):
                if abs(len(c) - n) <= max(4, n // 2) and 1 - distance(ql, c) / max(n, len(c)) >= 0.45:
                    picked.add(i)
        return picked


RANKED_KEPT = 1024  # queries remembered per candidate list (`Candidates.ranked`); then it starts again (a few
# hundred KB at most per list: a server holds one list per type asked about)


@lru_cache(maxsize=256)
def _prepared(names: tuple[str, ...]) -> Candidates:
    """The prepared form of a list of names, kept: the members of one type are ranked against many times
    (every unknown member of a file, every inference), and preparing them costs more than ranking."""
    return Candidates(names)


def rank(query: str, candidates, usage: str = "", threshold: float = THRESHOLD,
         prefer=None, constructed: bool = False) -> list[tuple[str, float]]:
    """Real names scored against `query` (best first), those at or above `threshold`. `prefer`: a test of a
    name that wins a tie of scores (how the name is used fits it: a class where the code writes `new`);
    `constructed`: the name is what `new` makes or a class extends (`_score`)."""
    cands = candidates if isinstance(candidates, Candidates) else _prepared(tuple(candidates))
    key = (query, usage, threshold, constructed)
    known = cands.ranked.get(key)
    if known is not None:
        scored = list(known)
    else:
        scored = []
        qf = _features(query)
        names, features = cands.names, cands.features
        for i in cands.shortlist(query):
            c = names[i]
            if c == query:
                continue
            cf = features[i]
            if cf is None:
                cf = features[i] = _features(c)
            s = _score(query, qf, c, cf, usage, constructed)
            if s >= threshold:
                scored.append((c, s))
        if len(cands.ranked) >= RANKED_KEPT:
            cands.ranked.clear()
        cands.ranked[key] = tuple(scored)
    ql = len(query)
    # ties: the name `prefer` fits, then the name the query is plainly made plural or singular of, in its own
    # case (`T3s` is `T3` made plural, not `G3S` or `T3A`, one letter away too: adding `s` is the commonest change
    # of number), then the closer length, then the query's own case at the start (`lazys` means the function
    # `lazy`, not the class `Lazy` beside it), then by name
    upper = query[:1].isupper()
    scored.sort(key=lambda x: (-x[1], prefer is not None and not prefer(x[0]), not _number_of(query, x[0]),
                               abs(len(x[0]) - ql), x[0][:1].isupper() != upper, x[0]))
    return scored


def _number_of(query: str, name: str) -> bool:
    """Whether one of the two names is the other with a plural `s` / `es` added, case kept (`T3s` / `T3`)."""
    short, long = (name, query) if len(name) < len(query) else (query, name)
    return long[len(short):] in ("s", "es") and long.startswith(short)


def unambiguous(ranked: list[tuple[str, float]]) -> bool:
    """Whether the top suggestion is clearly the one meant (safe for fix-all)."""
    if not ranked:
        return False
    if len(ranked) == 1:
        return ranked[0][1] >= 0.6
    return ranked[0][1] >= 0.7 and ranked[0][1] - ranked[1][1] >= 0.08


def synonym_swap(query: str, name: str) -> bool:
    """Whether `query` is `name` with a word swapped for a synonym (`insert` for `push`, `makeRoot` for
    `createRoot`, `fetchUsers` for `getUser`): the same canonical tokens, other words. Not a change of case, of
    number, of an accessor prefix, or a misspelling: those keep the words or change the tokens."""
    def words(n: str) -> tuple[str, ...]:
        return tuple(_singular(w.lower()) for w in _SPLIT.findall(n))
    return tokens(query) == tokens(name) and words(query) != words(name)


# letters the real name needs for a one-letter, a two-letter typo of it to be a plain slip (`plain_variant`)
TYPO_ONE_MIN = 4
TYPO_TWO_MIN = 8


def plain_variant(query: str, name: str) -> str | None:
    """The plain slip that makes `query` of the real name `name`, if it is one: "case" (`Print`, `isblank`,
    `default_command` of `defaultCommand`), "accessor" (`getPrint` of `print`, or the reverse), "number"
    (`prints` of `print`, `option` of `options`, `isBlanks` of `isBlank`: one word made plural or singular), or
    "typo" (one letter wrong, missing, extra or two swapped in a name of at least TYPO_ONE_MIN letters, two in
    one of at least TYPO_TWO_MIN: `prnt`, `paramters`, `vesrion`). None for anything else: a synonym, another
    word, a longer misspelling, a short name's typo (`gt` of `lt`), the name itself."""
    if query == name or not query or not name:
        return None
    ql, nl = query.lower(), name.lower()
    if ql == nl or ql.replace("_", "") == nl.replace("_", ""):
        return "case"
    if query in _accessor_forms(name) or (len(query) >= 3 and name in _accessor_forms(query)):
        return "accessor"
    qw = [w.lower() for w in _SPLIT.findall(query)]
    nw = [w.lower() for w in _SPLIT.findall(name)]
    if len(qw) == len(nw) and [_singular(w) for w in qw] == [_singular(w) for w in nw] and \
            sum(a != b for a, b in zip(qw, nw)) == 1:
        return "number"
    d = distance(ql, nl)
    if (d == 1 and len(name) >= TYPO_ONE_MIN) or (d == 2 and len(name) >= TYPO_TWO_MIN):
        return "typo"
    return None


# A slip inside a name where the vocabulary is not closed (`extnd` of `extend`, `socre` of `score`): the real name
# has at least INNER_TYPO_MIN letters. `score` rates one edit as 1 - 1/length, under the vocabulary check's bar
# (0.85) for any name shorter than 7 letters; a compiler's "did you mean" bounds the distance by the length instead
# (TypeScript's `getSpellingSuggestion`: at most 0.4 x the length, a substitution counting 2, so one letter
# dropped or added from 4 letters on, changed from 5; rustc's `find_best_match_for_name`: a third of it, at least
# 1), on a type it knows closed. Where the vocabulary is open (any object may be the receiver) that is too loose:
# an edit at either end of a word makes another real word of the same stem (`parse`/`parser`, `create`/`created`,
# `update`/`updates`), and a first letter changed is another word (`match`/`patch`, `load`/`road`). A slip inside
# the word keeps both ends, and is what a writer misses reading it back (`conect`, `socre`, `heiht`): `inner_typo`
# asks for that, `typo_of` for one such name only.
INNER_TYPO_MIN = 5


def inner_typo(query: str, name: str) -> bool:
    """Whether `query` is `name` (of at least INNER_TYPO_MIN letters) with one letter dropped, added or changed, or
    two swapped, strictly inside it: the first and the last letters kept, the case of the rest too (`plain_variant`'s
    "typo", not a change of case, of number or of an accessor prefix)."""
    return len(name) >= INNER_TYPO_MIN and len(query) >= INNER_TYPO_MIN - 1 and query[0] == name[0] and \
        query[-1] == name[-1] and distance(query, name) == 1 and plain_variant(query, name) == "typo"


def typo_of(query: str, candidates, others=()) -> str | None:
    """The one of `candidates` that `query` is an `inner_typo` of, when it is also the name `rank` puts first and no
    other candidate is one edit away in any case (`stahe` beside `state` and `stage`: which one is meant is not
    plain), nor any name of `others` (sets of names: another name in reach that the slip may as well be of, such
    as a platform's); None otherwise."""
    ranked = rank(query, candidates, "", threshold=0.7)  # (one edit of a name of 4 letters or more scores 0.75)
    ql = query.lower()
    near = [n for n, _ in ranked if distance(ql, n.lower()) <= 1]
    if len(near) != 1 or ranked[0][0] != near[0] or not inner_typo(query, near[0]):
        return None
    if others and any(n != near[0] and any(n in names for names in others) for n in _one_slip(query)):
        return None
    return near[0]


_SLIP_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"


def _one_slip(word: str) -> set[str]:
    """Every name one letter dropped, added or changed, or two adjacent swapped, away from `word` (as a spell
    checker enumerates them: a few hundred for a short name, each looked up in a set)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out.update(a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1)
    out.update(a + c + b[1:] for a, b in splits if b for c in _SLIP_CHARS)
    out.update(a + c + b for a, b in splits for c in _SLIP_CHARS)
    out.discard(word)
    return out

# Leading words of opposite meaning in API names: one is never the other said otherwise (`showPanel` is not a
# misspelt `hidePanel`). Pairs whose words are in different `SYNONYMS` groups (add/remove, get/set, read/write)
# and a word made contrary by a prefix (`unlock`, `disconnect`, `decode`: `_negated`) are contrary already.
CONTRARIES = frozenset(frozenset(p) for p in (
    ("show", "hide"), ("open", "close"), ("start", "stop"), ("begin", "end"), ("push", "pop"), ("on", "off"),
    ("before", "after"), ("first", "last"), ("prev", "next"), ("up", "down"), ("in", "out"),
    ("send", "receive"), ("enter", "exit"), ("enter", "leave"), ("from", "to"), ("inc", "dec"), ("upper", "lower"),
    ("left", "right"), ("top", "bottom"), ("width", "height"), ("x", "y"), ("encode", "decode"),
    ("increment", "decrement"), ("forward", "backward"), ("expand", "collapse"), ("grow", "shrink"),
    ("include", "exclude"), ("allow", "deny"), ("accept", "reject"), ("resolve", "reject"), ("pause", "resume"),
    ("play", "pause"), ("import", "export"), ("input", "output"), ("start", "end"), ("head", "tail"),
    ("success", "failure"), ("true", "false"), ("min", "max"), ("old", "new"),
))
_NEGATING = ("un", "dis", "de", "in", "non")


def _negated(a: str, b: str) -> bool:
    """Whether one word is the other with a negating prefix (`lock`/`unlock`, `connect`/`disconnect`)."""
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long == p + short for p in _NEGATING)


def _contrary(a: str, b: str) -> bool:
    if frozenset((a, b)) in CONTRARIES or _negated(a, b):
        return True
    ca, cb = CANON.get(_singular(a)), CANON.get(_singular(b))
    return ca is not None and cb is not None and ca != cb


HEAD_SWAP_TAIL_MIN = 3  # letters of the words a head swap must keep (`moveCall` keeps `Call`)


def head_swap(query: str, candidates) -> str | None:
    """The one candidate that is `query` with its leading word said otherwise, every later word kept
    (`shiftCall` of `moveCall`, `tickBox` of `checkBox`, `resizeImage` of `scaleImage`): an agent's commonest
    reword of a method is its verb, and the rest of the name says which member is meant even where the two verbs
    are in no `SYNONYMS` group. None when no candidate or several keep those words (`addListener` beside
    `removeListener` and `onListener`: which verb is meant is not plain), when the kept words are too short to
    say anything (fewer than HEAD_SWAP_TAIL_MIN letters), or when the two leading words are contrary
    (`showPanel` is no rewording of `hidePanel`: `_contrary`). A fallback for where `rank` finds nothing: it has
    no score of its own."""
    words = [w.lower() for w in _SPLIT.findall(query)]
    if len(words) < 2 or not words[0].isalpha() or len("".join(words[1:])) < HEAD_SWAP_TAIL_MIN:
        return None
    found = []
    for c in candidates:
        cw = [w.lower() for w in _SPLIT.findall(c)]
        if len(cw) == len(words) and cw[1:] == words[1:] and cw[0] != words[0] and cw[0].isalpha() and \
                c[:1].islower() == query[:1].islower():
            found.append((c, cw[0]))
            if len(found) > 1:
                return None
    if len(found) != 1 or _contrary(words[0], found[0][1]):
        return None
    return found[0][0]
