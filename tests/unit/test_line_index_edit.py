"""LineIndex.after_edit (the per-keystroke path) must equal a full rebuild for every edit, including edits
that join or split `\\r\\n`, touch the first or last byte, or empty the document."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lsp_server.positions import LineIndex

PIECES = ["a", "\n", "\r", "\r\n", "é", "😀", " ", "xy"]
text_st = st.lists(st.sampled_from(PIECES), max_size=30).map(lambda p: "".join(p).encode())


@settings(max_examples=400, deadline=None)
@given(old=text_st, new=text_st, data=st.data())
def test_after_edit_equals_rebuild(old: bytes, new: bytes, data):
    start = data.draw(st.integers(0, len(old)))
    end = data.draw(st.integers(start, len(old)))
    source = old[:start] + new + old[end:]
    edited = LineIndex.of(old).after_edit(source, start, end, start + len(new))
    assert edited.starts == LineIndex.of(source).starts
    assert edited.source == source


def test_of_matches_lsp_line_breaks():
    for source in [b"", b"a", b"a\n", b"\r", b"\n\r", b"a\r\nb\rc\n\nd", b"\r\r\n\n"]:
        expected = [0] + [i + 1 for i, c in enumerate(source)
                          if c == 0x0A or (c == 0x0D and source[i + 1:i + 2] != b"\n")]
        assert list(LineIndex.of(source).starts) == expected, source


def test_many_edits_on_a_large_document():
    rng = random.Random(7)
    source = b"".join(rng.choice([b"line of code;\n", b"x\r\n", b"\r", b"y"]) for _ in range(3000))
    index = LineIndex.of(source)
    for _ in range(200):
        start = rng.randrange(len(source) + 1)
        end = min(len(source), start + rng.choice([0, 1, 2, 40]))
        new = rng.choice([b"", b"\n", b"\r", b"\r\n", b"abc", b"\n\n"])
        source = source[:start] + new + source[end:]
        index = index.after_edit(source, start, end, start + len(new))
    assert index.starts == LineIndex.of(source).starts
