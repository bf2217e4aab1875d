"""Byte offsets <-> LSP positions in all three encodings, on text with astral, CJK and combining marks."""

from __future__ import annotations

import pytest

from lsp_server.positions import LineIndex, byte_col_to_units, normalize_encoding, units_to_byte_col

LINE = 'const msg = "héllo 😀 中文 e\u0301";'


def reference_units(prefix: str, encoding: str) -> int:
    return {"utf-8": len(prefix.encode()), "utf-16": len(prefix.encode("utf-16-le")) // 2,
            "utf-32": len(prefix)}[encoding]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_every_character_boundary_round_trips(encoding):
    src = (LINE + "\n" + LINE).encode()
    index = LineIndex.of(src)
    for line_no, line in enumerate([LINE, LINE]):
        for i in range(len(line) + 1):
            offset = index.starts[line_no] + len(line[:i].encode())
            units = reference_units(line[:i], encoding)
            assert index.position(offset, encoding) == (line_no, units)
            assert index.offset(line_no, units, encoding) == offset


def test_known_columns_from_the_api_notes():
    line = 'const msg = "héllo 😀";'.encode()
    assert byte_col_to_units(line, 25, "utf-16") == 22
    assert units_to_byte_col(line, 22, "utf-16") == 25
    assert byte_col_to_units(line, 25, "utf-32") == 21


def test_position_inside_a_surrogate_pair_snaps_to_the_character_start():
    line = "a😀b"
    index = LineIndex.of(line.encode())
    assert index.offset(0, 2, "utf-16") == 1  # between the two halves of 😀 -> before it
    assert index.offset(0, 3, "utf-16") == 5


def test_utf8_position_inside_a_multibyte_sequence_snaps_back():
    index = LineIndex.of("中x".encode())
    assert index.offset(0, 1, "utf-8") == 0
    assert index.offset(0, 3, "utf-8") == 3


def test_out_of_range_positions_clamp():
    index = LineIndex.of(b"ab\ncd")
    assert index.offset(0, 99) == 2  # end of line 0, before the newline
    assert index.offset(9, 0) == 5
    assert index.offset(-1, 0) == 0


@pytest.mark.parametrize("text,lines", [
    ("a\r\nb\rc\nd", ["a", "b", "c", "d"]),
    ("\r\n\r\n", ["", "", ""]),
    ("x\r", ["x", ""]),
])
def test_lsp_line_breaks_crlf_cr_lf(text, lines):
    index = LineIndex.of(text.encode())
    assert [index.line_bytes(i).decode() for i in range(index.line_count)] == lines


def test_offset_inside_crlf_maps_to_line_end():
    index = LineIndex.of(b"ab\r\ncd")
    assert index.position(3) == (0, 2)


def test_tree_sitter_points_count_only_newlines():
    index = LineIndex.of(b"a\rb\nc")
    assert index.ts_point(4) == (1, 0)
    assert index.position(4) == (2, 0)


def test_encoding_names():
    assert normalize_encoding(None) == "utf-16"
    assert normalize_encoding("utf-8") == "utf-8"
    assert normalize_encoding("utf-32") == "utf-32"
    assert normalize_encoding("weird") == "utf-16"
