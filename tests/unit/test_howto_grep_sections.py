"""The how-to evaluation's grep baseline (tests/corpus/engines/howto.py): `Sections.holding` finds a word once per
evaluation through the texts' letter-and-digit runs; it must answer exactly as `word in text` on every section."""

from __future__ import annotations

from types import SimpleNamespace

from tests.corpus.engines.howto import Question, Sections, grep_hits

TEXTS = [
    "## headers\nrepeat the header row: worksheet.addrow(...)",
    "## café crème\nthe cafe, naïve résumé; x2y and a2b-c3",
    "## tables\nno header here, only tableheader and header_row",
    "",
    "## k\u212a\nkelvin: the sign lowercases to ascii k already (text is lower-cased first)",
]


def test_holding_answers_as_in_on_every_section():
    sections = Sections([(t.lower(), SimpleNamespace(i=i)) for i, t in enumerate(TEXTS)])
    words = ["header", "head", "row", "caf", "cafe", "na", "sum", "x2y", "2b", "c3", "b-c", "ïve", "k", "kelvin",
             "eader_r", "zzz", ""]
    for word in words:
        want = tuple(i for i, (text, _) in enumerate(sections) if word in text)
        assert sections.holding(word) == want, word
        assert sections.holding(word) == want, word  # and again, from the cache


def test_grep_hits_rank_by_words_held_then_section_order():
    sections = Sections([(t.lower(), SimpleNamespace(i=i)) for i, t in enumerate(TEXTS)])
    q = Question("How do I repeat a header row?", "pkg@1.0.0", "README.md", ("headers",))
    hits = grep_hits(None, q, sections)
    # "repeat", "header", "row": section 0 holds all three, section 2 two (header, header_row), none else
    assert [h.i for h in hits] == [0, 2]
    assert [h.i for h in grep_hits(None, q, list(sections))] == [0, 2]  # a plain list is wrapped the same way
