"""`search_queries`: a how-to question -> 2-3 search angles for a literal index.

Literal search needs every term in one chunk, so a long question finds little. The angles:
1. focused how-to: the question's action and objects, without question words, fillers and quantifiers;
2. broad keywords: the core nouns only (no action), which finds the reference pages of the objects;
3. example: the API names the question points at (`add` + `row` -> `addRow`, `Table`), kept only when the
   docs mention them (a `vocabulary` predicate), which lands on code examples and member docs.
A plain fact lookup (a symbol name) yields one query: itself. No angle is the question reworded in place or
merely reordered: each one drops or adds terms. Pure; `lookup_docs(expand=True)` runs and fuses them.
"""

from __future__ import annotations

import re
from collections.abc import Callable


_SYMBOL = re.compile(r"`?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?`?")
_WORD = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+")

QUESTION_WORDS = frozenset(
    "how what why when where which who whom whose can could would should shall is are am was were do does did "
    "will i me my we our us you your there here it its this that these those to a an the of in on at by for "
    "from with into onto about as and or but if so then than please way ways best possible properly correctly "
    "need needs want wants trying try able".split())
FILLERS = frozenset(
    "many several multiple much more most whole entire same different other each every all some certain "
    "specific particular really just also only very lot lots few new own".split())
# Actions only: words that are also common nouns in docs (size, style, layout, format, span) are not here.
VERBS = frozenset(
    "add append insert create make build set change modify update get read find remove delete clear render "
    "save export load import draw print show hide repeat split merge align apply use put place move "
    "resize measure convert attach detach wrap embed register define configure enable disable start stop "
    "open close write generate handle listen nest keep avoid prevent fix check compute sort assign replace "
    "reuse copy clone iterate paginate".split())


def is_fact_lookup(question: str) -> bool:
    """A symbol name (`Table.addRow`, `addRow()`), or a short run of identifiers with no question words."""
    q = question.strip().rstrip("?")
    if _SYMBOL.fullmatch(q):
        return True
    words = q.split()
    return 0 < len(words) <= 2 and all(_SYMBOL.fullmatch(w) and re.search(r"[A-Z_.]", w.strip("`")[1:] or "")
                                       for w in words)


def search_queries(question: str, vocabulary: Callable[[str], bool] | None = None) -> list[str]:
    """2-3 different search angles for a how-to question; one query for a plain fact lookup."""
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
        if text and _key(terms) != original and all(_key(a.split()) != _key(terms) for a in angles):
            angles.append(text)

    offer(focused_words)
    if verbs and nouns:
        offer(nouns)
    example = _example_terms(verbs, nouns, vocabulary)
    if example:
        offer(example)
    if not angles:
        return [q]
    return angles[:3]


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


def _example_terms(verbs: list[str], nouns: list[str], vocabulary: Callable[[str], bool] | None) -> list[str]:
    """API names the question points at, that the docs mention: a class (`Table`) and a member (`addRow`)."""
    if vocabulary is None or not nouns:
        return []
    classes = [n[0].upper() + _singular(n)[1:] for n in nouns if n.isalpha()]
    members = [v.lower() + n[0].upper() + _singular(n)[1:] for v in verbs for n in nouns if n.isalpha()]
    members += [v.lower() + n[0].upper() + n[1:] for v in verbs for n in nouns if n.isalpha()]
    members += [n[0].lower() + n[1:] for n in nouns if re.search(r"[A-Z_]", n[1:])]  # fontSize as written
    found_member = next((m for m in dict.fromkeys(members) if vocabulary(m)), None)
    # The class is rather a noun the member name does not already hold (`addRow` ... to a `Table`).
    classes.sort(key=lambda c: bool(found_member and c.lower() in found_member.lower()))
    found_class = next((c for c in dict.fromkeys(classes) if vocabulary(c)), None)
    terms = [t for t in (found_class, found_member) if t]
    return terms if found_member else []
