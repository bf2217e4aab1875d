"""Position conversion: the only module that knows about text encodings.

Three coordinate systems meet in this server: LSP positions (line + character, where a character is counted
in UTF-16 code units by default, or UTF-8 bytes / code points if negotiated), Python string indexes (code
points) and tree-sitter (UTF-8 byte offsets). Everything outside this module works in byte offsets and
asks this module for LSP positions at the edge.
"""

from __future__ import annotations

import bisect
import re
from array import array
from itertools import accumulate
from dataclasses import dataclass, field
from typing import Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]
UTF8: Encoding = "utf-8"
UTF16: Encoding = "utf-16"
UTF32: Encoding = "utf-32"


def normalize_encoding(value: str | None) -> Encoding:
    """Map an LSP `PositionEncodingKind` value (or None) to one of ours; UTF-16 is the LSP default."""
    value = (value or UTF16).lower()
    if value in ("utf-8", "utf8"):
        return UTF8
    if value in ("utf-32", "utf32"):
        return UTF32
    return UTF16


def _units(text: bytes, encoding: Encoding) -> int:
    """Length of a UTF-8 byte string in the units of `encoding`.

    Document bytes are always valid UTF-8 (they are produced by encoding a `str`), so decoding is lossless.
    """
    if encoding == UTF8 or text.isascii():
        return len(text)
    decoded = text.decode("utf-8", errors="replace")
    if encoding == UTF32:
        return len(decoded)
    # A code point above U+FFFF takes two UTF-16 units; everything else one. Counted in C: a Python loop over
    # a 1 MB line took tens of ms on the event loop for each diagnostic's position.
    return len(decoded.encode("utf-16-le", errors="surrogatepass")) // 2


def _byte_col(line: bytes, character: int, encoding: Encoding) -> int:
    """Byte column of an LSP character offset within one line (clamped to the line; never splits a char)."""
    if character <= 0:
        return 0
    if encoding == UTF8:
        col = min(character, len(line))
        # Never land inside a multi-byte sequence: back up to the start of the character.
        while 0 < col < len(line) and (line[col] & 0xC0) == 0x80:
            col -= 1
        return col
    decoded = line.decode("utf-8", errors="replace")
    units = 0
    byte = 0
    for ch in decoded:
        width = 2 if (encoding == UTF16 and ord(ch) > 0xFFFF) else 1
        if units + width > character:
            # A position inside a surrogate pair is not a character boundary: snap to its start.
            break
        units += width
        byte += len(ch.encode("utf-8", errors="surrogatepass"))
        if units == character:
            break
    return min(byte, len(line))


_LINE_BREAK = re.compile(rb"\r\n|\r|\n")


@dataclass(frozen=True)
class LineIndex:
    """Byte offsets of line starts in a UTF-8 document; converts between bytes and LSP positions.

    Lines break at `\r\n`, `\n` and a lone `\r`, as the LSP spec says. Tree-sitter counts rows by `\n`
    only, so `ts_point` is separate from `position`.
    """

    source: bytes
    # 8 bytes a line (a tuple of ints took ~40, more than the text itself for short lines)
    starts: array = field(hash=False)

    @classmethod
    def of(cls, source: bytes) -> "LineIndex":
        # bytes.splitlines breaks at exactly LSP's \r\n, \r and \n; summing line lengths in C is ~2x
        # faster than a find() loop, which matters when a workspace of 20k files is parsed.
        starts = array("q", (0,))
        starts.extend(accumulate(map(len, source.splitlines(True))))
        if source and source[-1] not in (0x0A, 0x0D):
            starts.pop()  # the last line has no terminator, so no line starts after it
        return cls(source, starts)

    def after_edit(self, new_source: bytes, start: int, old_end: int, new_end: int) -> "LineIndex":
        """The index of `new_source`, where bytes [start, old_end) of our source became [start, new_end).

        O(lines after the edit) integer shifts instead of a rescan of the whole document: line starts
        before the edit stay, those after it move by the size change, and only the edited region (widened
        by one line break on each side, for a `\r` and `\n` that an edit joins or splits) is scanned.
        """
        starts = self.starts
        # Starts < start are fixed by the bytes before the edit, and 0 always starts a line.
        keep = max(1, bisect.bisect_left(starts, start))
        scan_from = starts[keep - 1]
        scan_to = min(len(new_source), new_end + 2)
        # A break that ends after new_end + 1 is found again among the shifted old starts.
        middle = [m.end() for m in _LINE_BREAK.finditer(new_source, scan_from, scan_to) if m.end() <= new_end + 1]
        delta = new_end - old_end
        tail = bisect.bisect_right(starts, old_end + 1)
        new_starts = starts[:keep]
        new_starts.extend(middle)
        new_starts.extend(s + delta for s in starts[tail:])
        return LineIndex(new_source, new_starts)

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1

    def line_bytes(self, line: int) -> bytes:
        """Content of a line without its line terminator."""
        start = self.starts[line]
        if line + 1 >= len(self.starts):
            return self.source[start:]
        end = self.starts[line + 1]
        if self.source[end - 1 : end] == b"\n":
            end -= 1
        if end > start and self.source[end - 1 : end] == b"\r":
            end -= 1
        return self.source[start:end]

    def line_end(self, line: int) -> int:
        """Byte offset of the end of a line's content (before `\\r\\n` / `\\n`)."""
        return self.starts[line] + len(self.line_bytes(line))

    def ts_point(self, offset: int) -> tuple[int, int]:
        """(row, byte column) of a byte offset as tree-sitter counts them (rows end at `\n` only)."""
        offset = max(0, min(offset, len(self.source)))
        row = self.source.count(b"\n", 0, offset)
        return row, offset - (self.source.rfind(b"\n", 0, offset) + 1)

    def position(self, offset: int, encoding: Encoding = UTF16) -> tuple[int, int]:
        """LSP (line, character) of a byte offset. An offset inside a line break maps to the line's end."""
        offset = max(0, min(offset, len(self.source)))
        line = self.line_of(offset)
        col = offset - self.starts[line]
        content = self.line_bytes(line)
        col = min(col, len(content))
        return line, _units(content[:col], encoding)

    def offset(self, line: int, character: int, encoding: Encoding = UTF16) -> int:
        """Byte offset of an LSP position. Out-of-range lines/characters clamp, as the LSP spec asks."""
        if line < 0:
            return 0
        if line >= len(self.starts):
            return len(self.source)
        content = self.line_bytes(line)
        return self.starts[line] + _byte_col(content, character, encoding)


def byte_col_to_units(line: bytes, col: int, encoding: Encoding = UTF16) -> int:
    """Convert a byte column within one line to LSP character units."""
    return _units(line[:col], encoding)


def units_to_byte_col(line: bytes, character: int, encoding: Encoding = UTF16) -> int:
    """Convert LSP character units within one line to a byte column."""
    return _byte_col(line, character, encoding)
