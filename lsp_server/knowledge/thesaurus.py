"""The how-to thesaurus: the words of a question -> concepts, each with the other words that say the same thing.

People ask in their own words ("measure how long a message takes", "free the memory of a sound"); the docs
say "round-trip time", "unload and destroy". A literal search needs the docs' words. The thesaurus is data,
`data/howto_thesaurus.txt`: groups of general programming English (send / emit / transmit; certificate /
tls / ssl / https), nothing about one engine. `question_concepts` reads a question into concepts: each of
its content words (and each thesaurus phrase it holds: "how long", "round trip") with its alternatives as
index terms (the analyzer's stems), the asker's own words at full weight and the group's other members at
`SYNONYM_WEIGHT`, or at `PHRASE_SYNONYM_WEIGHT` when the asker wrote a phrase of the group: "payout recipient" names
one thing (a beneficiary) more surely than "save" names any of store, persist, export (round 49's work after its
run: flutterwave-node-v3's questions 58.3% -> 68.3%, with the "are" fix in `question_concepts`).
`DocsIndex.search_concepts` ranks chunks by the concepts they hold (BM25, one concept counted once however many of
its words a chunk holds); `lookup.fused_search` fuses that ranking with the literal angles. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from lsp_server.knowledge.docs_index import _stem, token_terms
from lsp_server.knowledge.question_words import FILLERS, QUESTION_WORDS

DATA = Path(__file__).resolve().parent / "data" / "howto_thesaurus.txt"
SYNONYM_WEIGHT = 0.5  # a word of the question's group that the asker did not write
PHRASE_SYNONYM_WEIGHT = 0.75  # a word of the group of a phrase (two content words or more) the asker wrote
MAX_WORDS = 120  # of a question: a pasted page is read as its opening, not scored word by word
_WORD = re.compile(r"[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*")
_ED_ING_RESTORED = re.compile(r"(.*[aeiouy].*(?:at|bl|iz))(?:ed|ing)")


def _key_stem(word: str) -> str:
    """A lowercase word's stem as the thesaurus keys it: the analyzer's Porter stem, with Porter's step 1b
    restored where whoosh's stemmer skips it (it tests `at|bl|iz$` anchored at the word's start, so it never
    puts back the `e` of "-ize", "-ate", "-ble" before reading on): "serialized" and "serializing" key as
    "serialize" does (`serial`), not as `serializ`. The index keeps the analyzer's stems (`index_terms`); this
    only decides which thesaurus entry a question's word is."""
    m = _ED_ING_RESTORED.fullmatch(word)
    return _stem(m.group(1) + "e") if m else _stem(word)


@dataclass(frozen=True)
class Concept:
    """One thing a question names: its own words (`said`) and the index-term sequences that stand for it,
    each with a weight (the asker's words 1.0, a synonym less)."""

    said: str
    alternatives: tuple[tuple[tuple[str, ...], float], ...]


@dataclass(frozen=True)
class Thesaurus:
    groups: tuple[tuple[tuple[str, ...], ...], ...]  # each entry: the stems of its words, in order
    spelled: tuple[tuple[str, ...], ...]  # each group's entries as written
    # how many of each group's first entries stand for the group when a question says them: all of them on a
    # symmetric line; on a one-way line (`narrow, words => broad, words`) only the narrow side's (`parse`).
    # None: every group symmetric
    leads: tuple[int, ...] | None = None
    # a field's lines: each group's field (the `# --- ` block it is in) and mark: "!" a word only that field
    # uses (neuron), "?" a plain word read in the field's sense only when the question also says a "!" word of
    # the same field (a cluster of neurons is a group; a Redis cluster is not), "" any other line
    fields: tuple[tuple[int, str], ...] | None = None

    @classmethod
    def parse(cls, text: str) -> "Thesaurus":
        """One group per line. A line `a, b => c, d` is one-way: a question's `a` or `b` also reads `c` and `d`,
        but a question's `c` or `d` reads only itself. A field's own word names one thing (a neural network's
        neuron is always its node) where the docs' word has other senses elsewhere (a DOM node, a cluster's
        node): the broad word may stand in for the narrow one, never the reverse."""
        groups, spelled, leads, fields = [], [], [], []
        block = 0
        for line in text.splitlines():
            if line.startswith("# --- "):
                block += 1
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            mark = line[0] if line[0] in "!?" else ""
            line = line[len(mark):]
            narrow, _, broad = line.partition("=>")
            sides = [[e.strip().lower() for e in side.split(",") if e.strip()] for side in (narrow, broad)]
            kept = [[(key(e), e) for e in side if key(e)] for side in sides]
            if len(kept[0]) + len(kept[1]) >= 2 and kept[0]:
                groups.append(tuple(k for k, _ in kept[0] + kept[1]))
                spelled.append(tuple(e for _, e in kept[0] + kept[1]))
                leads.append(len(kept[0]) if broad.strip() else len(kept[0]) + len(kept[1]))
                fields.append((block, mark))
        return cls(tuple(groups), tuple(spelled), tuple(leads), tuple(fields))

    def in_field(self, spans: list[tuple[int, int, set[int]]]) -> list[tuple[int, int, set[int]]]:
        """`spans` (`matches`) without the "?" groups of a field the question names by none of its "!" words."""
        if self.fields is None:
            return spans
        named = {self.fields[g][0] for _, _, groups in spans for g in groups if self.fields[g][1] == "!"}
        out = []
        for start, end, groups in spans:
            kept = {g for g in groups if self.fields[g][1] != "?" or self.fields[g][0] in named}
            if kept:
                out.append((start, end, kept))
        return out

    def lead_entries(self, g: int) -> tuple[tuple[str, ...], ...]:
        """The entries of group `g` that a question's words stand for the group with (`leads`)."""
        return self.groups[g] if self.leads is None else self.groups[g][:self.leads[g]]

    @cached_property
    def _by_first(self) -> dict[str, list[tuple[tuple[str, ...], set[int]]]]:
        """First stem -> (entry, the groups holding it), longest entry first."""
        by_entry: dict[tuple[str, ...], set[int]] = {}
        for g in range(len(self.groups)):
            for entry in self.lead_entries(g):
                by_entry.setdefault(entry, set()).add(g)
        out: dict[str, list[tuple[tuple[str, ...], set[int]]]] = {}
        for entry in sorted(by_entry, key=len, reverse=True):
            out.setdefault(entry[0], []).append((entry, by_entry[entry]))
        return out

    def matches(self, stems: list[str]) -> list[tuple[int, int, set[int]]]:
        """(start, end, groups) of the thesaurus entries found in a question's word stems, leftmost and
        longest first, no overlaps: `how long does it take` -> the span of `how long` with its groups."""
        found: list[tuple[int, int, set[int]]] = []
        i = 0
        while i < len(stems):
            for entry, groups in self._by_first.get(stems[i], ()):
                if tuple(stems[i:i + len(entry)]) == entry:
                    found.append((i, i + len(entry), groups))
                    i += len(entry)
                    break
            else:
                i += 1
        return found


def key(phrase: str) -> tuple[str, ...]:
    """The stems of a word or phrase's words (stop words kept: "how long" is a phrase of two)."""
    return tuple(_key_stem(w.lower()) for w in _WORD.findall(phrase))


def index_terms(phrase: str) -> tuple[str, ...]:
    """The index terms a phrase must all hold (stop words and one-letter words dropped): `round trip` ->
    ('round', 'trip')."""
    out = []
    for w in _WORD.findall(phrase):
        for part in re.split(r"[.-]", w):
            terms = token_terms(part, True)
            if terms:
                out.append(terms[0])
    return tuple(dict.fromkeys(out))


@cache
def default_thesaurus() -> Thesaurus:
    return Thesaurus.parse(DATA.read_text(encoding="utf-8"))


def question_concepts(question: str, thesaurus: Thesaurus | None = None) -> list[Concept]:
    """The question's concepts, in order: each content word (question words and fillers left out) or
    thesaurus phrase, with its alternatives (see the module docstring)."""
    th = thesaurus or default_thesaurus()
    words = _WORD.findall(question)[:MAX_WORDS]
    stems = [_key_stem(w.lower()) for w in words]
    # a question word is never a thesaurus entry, whatever its stem spells: "are" is `ar`, Arabic's locale code
    spans = [s for s in th.in_field(th.matches(stems))
             if not (s[1] - s[0] == 1 and words[s[0]].lower() in QUESTION_WORDS)]
    covered = {i for s, e, _ in spans for i in range(s, e)}
    items: list[tuple[int, set[int], str, dict[tuple[str, ...], float]]] = []
    for start, end, groups in spans:
        said = " ".join(words[start:end])
        own = index_terms(said)
        alternatives: dict[tuple[str, ...], float] = {}
        if own:  # "how long" is only "long" to the index: a weaker clue than the asker's whole phrase
            alternatives[own] = 1.0 if len(own) == end - start else SYNONYM_WEIGHT
        # two content words or more ("payout recipient", not "how long") name one thing
        content = sum(w.lower() not in QUESTION_WORDS for w in words[start:end])
        synonym_weight = PHRASE_SYNONYM_WEIGHT if content > 1 else SYNONYM_WEIGHT
        for g in sorted(groups):
            for entry in th.spelled[g]:
                terms = index_terms(entry)
                # an entry that loses a stop word ("how long" -> "long") only finds phrases, never stands in
                if terms and len(terms) == len(key(entry)) and terms not in alternatives:
                    alternatives[terms] = synonym_weight
        if alternatives:
            items.append((start, set(groups), said, alternatives))
    for i, w in enumerate(words):
        low = w.lower()
        if i in covered or low in QUESTION_WORDS or low in FILLERS:
            continue
        terms = index_terms(w)
        if terms:
            items.append((i, set(), w, {terms: 1.0}))
    # One notion counts once: "an error when the file fails" is one concept (their thesaurus groups meet),
    # and so is "server ... server".
    merged: list[tuple[set[int], list[str], dict[tuple[str, ...], float]]] = []
    for _, groups, said, alternatives in sorted(items, key=lambda x: x[0]):
        same = next((m for m in merged if groups & m[0] or (not groups and not m[0] and alternatives == m[2])),
                    None)
        if same is None:
            merged.append((set(groups), [said], dict(alternatives)))
            continue
        same[0].update(groups)
        same[1].append(said)
        for terms, weight in alternatives.items():
            same[2][terms] = max(weight, same[2].get(terms, 0.0))
    return [Concept(" ".join(said), tuple(sorted(alts.items(), key=lambda a: -a[1]))) for _, said, alts in merged]


_EXTENSION = re.compile(r"(?<![\w.])\.([A-Za-z][A-Za-z0-9]{1,4})\b")  # "a .mid file", not "Tone.now"


def complete_concepts(question: str, concepts: list[Concept], completions) -> list[Concept]:
    """`concepts` with each of the asker's own single words that the docs never use (`completions(term)`
    returns [] for an indexed term), or that the question writes as a file extension (`.mid`: a clipped
    format name, whatever else the docs use it for), also standing for the docs' words it is the start of,
    at the word's own weight: "a .mid file" -> midi. `completions` is `DocsIndex.completions`."""
    extensions = {index_terms(e)[0] for e in _EXTENSION.findall(question) if index_terms(e)}
    out = []
    for c in concepts:
        alternatives = dict(c.alternatives)
        for terms, weight in c.alternatives:
            if weight == 1.0 and len(terms) == 1:
                for full in completions(terms[0], indexed=terms[0] in extensions):
                    alternatives.setdefault((full,), weight)  # the asker's own word, spelled in full
        out.append(Concept(c.said, tuple(sorted(alternatives.items(), key=lambda a: -a[1]))))
    return out
