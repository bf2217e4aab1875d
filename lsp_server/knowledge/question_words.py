"""The words of a how-to question that carry no subject (question words, fillers) and its action verbs: shared
by `search_queries` (the angles) and `thesaurus` (the concepts), which must not import each other.
"""

from __future__ import annotations

import re

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

# What the asker does not want: "from unpkg without any bundler", "a plain script tag instead of npm". The
# words of such a span name what the answer is not about, so they are no evidence for a section. "without"
# followed by a verb describes what happens ("a client disappeared without closing"): that stays.
_NEGATED = re.compile(r"\b(?:without\s+(?:any|a|an|using|needing)|instead\s+of|rather\s+than|other\s+than)\b"
                      r"[^,;.?!()]*", re.I)


# "why X instead of Y" asks for the reason of a choice: the answer weighs Y against X, so Y's words are evidence too
# (round 42 after its held-out run: docs/evaluation/after-runs.md, "howto42"; False: the span dropped as in any
# question)
WHY_KEEPS_CONTRAST = True
_ASKS_WHY = re.compile(r"^\W*why\b", re.I)


def wanted_part(question: str) -> str:
    """The question without its negated spans ("without …", "instead of …", "rather than …" up to the
    clause's end); the question itself when that would leave nothing, or when it asks why (`_ASKS_WHY`)."""
    if WHY_KEEPS_CONTRAST and _ASKS_WHY.match(question):
        return question
    kept = _NEGATED.sub(" ", question).strip()
    return kept if re.search(r"[A-Za-z0-9]", kept) else question


# Discourse markers that introduce an illustration ("..., for example to alter the payload"): the words after
# them carry the subject, the marker's own content word ("example", "instance") none; left in, it matched
# every section headed `Example` (one engine's reference pages have ~150).
_MARKERS = re.compile(r"\b(?:for\s+(?:example|instance)|e\.\s?g\.|i\.\s?e\.)(?=[\s,:;.?!]|$)", re.I)


def without_markers(question: str) -> str:
    """The question without its discourse markers ("for example", "for instance", "e.g.", "i.e."); the question
    itself when that would leave nothing."""
    kept = re.sub(r"\s+", " ", _MARKERS.sub(" ", question)).strip()
    return kept if re.search(r"[A-Za-z0-9]", kept) else question
