"""`search_queries`: a how-to question -> 2-3 genuinely different search angles for a literal index.

Literal search needs every term in one chunk, so a long question finds little. The angles:
1. focused how-to: the question's action and objects, without question words, fillers and quantifiers;
2. the engine's vocabulary: the docs' own identifiers for the question's words and their thesaurus
   synonyms (`names`: "header row" -> `addHeaderRow`, `repeatHeader`; "make" counts as "add"; "notified"
   -> `observe`), which finds the reference and example chunks
   that use the engine's names rather than the asker's; without `names`, the question's nouns as the
   engine's class names (`vocabulary`);
3. example code: how the docs' own code examples call the engine names of angle 2 (`yarray.observe`,
   `sound.unload`, with `usages`); else the API as code (`Table.addRow`) when the docs mention it. It lands
   on code examples and member docs.
A plain fact lookup (a symbol name) yields one query: itself. No two angles share most of their words
(`_shares_most`): an angle that would merely reword another is dropped. Pure;
`lookup_docs(expand=True)` and `rag_lookup` run and fuse them (`lookup.fused_search`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsp_server.knowledge.question_words import FILLERS, QUESTION_WORDS, VERBS  # noqa: F401 - re-exported

_SYMBOL = re.compile(r"`?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?`?")
_WORD = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+")


def is_fact_lookup(question: str) -> bool:
    """A symbol name (`Table.addRow`, `addRow()`), or a short run of identifiers with no question words."""
    q = question.strip().rstrip("?")
    if _SYMBOL.fullmatch(q):
        return True
    words = q.split()
    return 0 < len(words) <= 2 and all(_SYMBOL.fullmatch(w) and re.search(r"[A-Z_.]", w.strip("`")[1:] or "")
                                       for w in words)


def search_queries(question: str, vocabulary: Callable[[str], bool] | None = None,
                   names: Callable[[str], dict[str, int]] | None = None,
                   usages: Callable[[str], dict[str, int]] | None = None) -> list[str]:
    """2-3 different search angles for a how-to question; one query for a plain fact lookup.
    `vocabulary(name)`: whether the docs mention an identifier; `names(word)`: the docs' identifiers that
    contain `word` (with how many chunks name each), e.g. `DocsIndex.identifiers_with`; `usages(member)`:
    how the docs' code calls it (`yarray.observe`: count), e.g. `DocsIndex.usages_of`."""
    q = re.sub(r"\s+", " ", question).strip()
    if not q:
        return []
    if is_fact_lookup(q):
        return [q.strip("`?").removesuffix("()")]
    words = _WORD.findall(q)
    content = [w for w in words if w.lower() not in QUESTION_WORDS]
    focused_words = [w for w in content if w.lower() not in FILLERS]
    nouns = [w for w in focused_words if w.lower() not in VERBS]
    verbs = [w for w in focused_words if w.lower() in VERBS]
    angles: list[str] = []
    original = _key(words)

    def offer(terms: list[str]) -> None:
        text = " ".join(dict.fromkeys(terms))
        if text and _key(terms) != original and not any(_shares_most(a.split(), terms) for a in angles):
            angles.append(text)

    offer(focused_words)
    if not angles and focused_words:  # the question is its own focused angle ("connect peers over websockets")
        angles.append(" ".join(dict.fromkeys(focused_words)))
    engine = _engine_names(focused_words, names, usages) if names is not None else []
    if engine:
        offer(engine)
    elif verbs and nouns:
        offer(nouns)
    example = _usage(engine, usages) if usages is not None and engine else []
    if not example and not (usages is not None and names is not None):
        example = _example_terms(verbs, nouns, vocabulary, engine)
    if example:
        offer(example)
    if not angles:
        return [q]
    return angles[:3]


def focused_terms(question: str) -> str:
    """The question's action and objects: its words without question words, fillers and quantifiers."""
    words = _WORD.findall(re.sub(r"\s+", " ", question))
    return " ".join(dict.fromkeys(w for w in words if w.lower() not in QUESTION_WORDS and w.lower() not in FILLERS))


def _shares_most(a: list[str], b: list[str]) -> bool:
    """Whether two angles share most of their words (more than half of the shorter one's)."""
    sa, sb = {w.lower() for w in a}, {w.lower() for w in b}
    return bool(sa and sb) and len(sa & sb) * 2 > min(len(sa), len(sb))


def _canon(word: str) -> str:
    from lsp_server.knowledge.suggest import CANON

    w = _singular(word.lower())
    return CANON.get(w, w)


MAX_ENGINE_NAMES = 3


def _engine_names(words: list[str], names: Callable[[str], dict[str, int]],
                  usages: Callable[[str], dict[str, int]] | None = None) -> list[str]:
    """The docs' identifiers for the question's words (`make table header row` -> `addHeaderRow`), found
    through the words and their thesaurus synonyms (`free the memory` -> `unload`, `notified` -> `observe`):
    each names two of the question's concepts (`getArray` for "get ... array"), or is a compound of
    its words only (`headerRow`), or is a synonym of one of them the asker did not write that the docs' code
    calls (`sound.unload()`; with `usages`). A name equal to a word of the question adds nothing the focused
    angle lacks."""
    from lsp_server.knowledge.docs_index import identifier_words

    wanted = {_canon(w) for w in words if w.isalpha() and len(w) > 2}
    nouns = {_canon(w) for w in words if w.lower() not in VERBS and w.isalpha() and len(w) > 2}
    stands_for = {w: w for w in wanted}  # a word of a name -> the question's word it stands for
    for word, synonyms in _synonyms([w for w in words if w.isalpha() and len(w) > 2]).items():
        for synonym in synonyms:
            stands_for.setdefault(synonym, word)
    scored: dict[str, tuple[int, int, int]] = {}
    for w in sorted(stands_for):
        for ident, count in names(w).items():
            parts = [_canon(p) for p in identifier_words(ident)]
            covered = {stands_for[p] for p in parts if p in stands_for}
            synonym = any(stands_for.get(p, p) != p for p in parts)
            compound = len(parts) >= 2 and set(parts) <= set(stands_for) and bool(covered & nouns)
            called = usages is None or bool(_code_usages(ident, usages))
            if len(covered) >= 2 or compound or (synonym and len(parts) == 1 and called):
                scored[ident] = (len(covered), -int(synonym), count)
    ranked = sorted(scored, key=lambda i: (-scored[i][0], scored[i][1], -scored[i][2], len(i), i))
    chosen: list[str] = []
    covered_so_far: set[str] = set()
    for ident in ranked:
        parts = {stands_for.get(_canon(p)) for p in identifier_words(ident)} - {None}
        if parts <= covered_so_far and chosen:
            continue  # adds no word of the question the others do not hold
        chosen.append(ident)
        covered_so_far |= parts
        if len(chosen) == MAX_ENGINE_NAMES:
            break
    return chosen


def _synonyms(words: list[str]) -> dict[str, set[str]]:
    """Each word's one-word thesaurus synonyms (canonical forms): `free` -> {release, unload, destroy, ...}."""
    from lsp_server.knowledge.thesaurus import default_thesaurus, key

    th = default_thesaurus()
    out: dict[str, set[str]] = {}
    for word in words:
        k = key(word)
        for g, group in enumerate(th.spelled):
            # a one-way line's broad word stands for nothing else; a field's plain word ("?" line) is read in
            # the field's sense only beside the field's own words, which one word alone does not show
            if k in th.lead_entries(g) and (th.fields is None or th.fields[g][1] != "?"):
                out.setdefault(_canon(word), set()).update(
                    _canon(e) for e in group if e.isalpha() and len(e) > 2 and _canon(e) != _canon(word))
    return out


# `sounds.webm`, `key.pem`: a file name in the docs is no call of an engine member
FILE_EXTENSIONS = frozenset("html htm js mjs cjs ts json md txt pem crt key css png jpg jpeg gif svg webp mp3 mp4 "
                            "webm ogg wav aac m4a flac pdf zip gz xml yml yaml toml csv com org net io".split())


def _code_usages(name: str, usages: Callable[[str], dict[str, int]]) -> dict[str, int]:
    return {} if name.lower() in FILE_EXTENSIONS else usages(name)


def _usage(engine: list[str], usages: Callable[[str], dict[str, int]]) -> list[str]:
    """The example-code angle: how the docs' own code calls the engine names (`yarray.observe`,
    `sound.unload`), the most used first; the names as the docs write them when no code calls them."""
    for name in engine:
        found = _code_usages(name, usages)
        if found:
            # ties: the class's form (`Table.addRow`, as an API reference writes it) before a variable's
            return [max(found, key=lambda u: (found[u], u[:1].isupper(), -len(u), u))]
    return []


def _key(words: list[str]) -> tuple[str, ...]:
    return tuple(sorted({w.lower() for w in words}))


def _singular(word: str) -> str:
    low = word.lower()
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        return word[:-1]
    return word


def _example_terms(verbs: list[str], nouns: list[str], vocabulary: Callable[[str], bool] | None,
                   engine: list[str] = ()) -> list[str]:
    """The API as code the question points at, that the docs mention: `Table.addRow`."""
    if vocabulary is None or not nouns:
        return []
    classes = [n[0].upper() + _singular(n)[1:] for n in nouns if n.isalpha()]
    classes += [e for e in engine if e[:1].isupper()]
    # the question's own verb + noun first (`add` + `rows` -> `addRow`), then the engine's names for it
    members = [v.lower() + n[0].upper() + _singular(n)[1:] for v in verbs for n in nouns if n.isalpha()]
    members += [v.lower() + n[0].upper() + n[1:] for v in verbs for n in nouns if n.isalpha()]
    members += [n[0].lower() + n[1:] for n in nouns if re.search(r"[A-Z_]", n[1:])]  # fontSize as written
    members += [e for e in engine if e[:1].islower()]
    found_member = next((m for m in dict.fromkeys(members) if vocabulary(m)), None)
    # The class is rather a noun the member name does not already hold (`addRow` ... to a `Table`).
    classes.sort(key=lambda c: bool(found_member and c.lower() in found_member.lower()))
    found_class = next((c for c in dict.fromkeys(classes) if vocabulary(c)), None)
    if not found_member:
        return []
    return [f"{found_class}.{found_member}"] if found_class else [found_member]
