"""Concept aliases stated in the docs' own prose, mined at indexing time.

"a `Block` (often called a box)", "`Table` — "the grid"", "say box for a `Block`", and vocabulary tables whose
header names words or terms. The docs index stores the result with each generation; `concepts` merges it with
the configured `[concepts]`. Pure text work: no index, no workspace (so the index can call it while it builds).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lsp_server.knowledge.chunker import DocChunk

_SYM = r"`([A-Z][\w$]*)`"
_WORD = r"[\"“*_]?((?:the\s+)?[a-z][\w-]*(?:\s[a-z][\w-]*)?)[\"”*_]?"
_PATTERNS = [
    # A `Block` (often called a box) / `Block` (also known as "box")
    re.compile(_SYM + r"\s*\((?:often|also|sometimes|usually|commonly)\s+(?:called|known\s+as|referred\s+to\s+as)"
               r"\s+(?:an?\s+)?" + _WORD + r"\s*[),;]"),
    # `Table` (the grid, in most of our templates)
    re.compile(_SYM + r"\s*\(\s*[\"“]?(the\s+[a-z][\w-]*)[\"”]?\s*[,)]"),
    # `Table` — "the grid" / `Table` ("the grid") / `Block`, or "box",
    re.compile(_SYM + r"\s*(?:[—–]|--|\(|,?\s+or|,?\s+aka|,?\s+a\.k\.a\.)\s*[\"“]([a-z][\w -]{0,30}?)[\"”]"),
]
# "... say box for a `Block`, the grid for a `Table` and picture for an `Image`"
_SAY = re.compile(r"\b(?:say|says|call|calls|means?)\b[^.]*?for\s+(?:an?|the)\s+`[A-Z]")
_FOR = re.compile(r"(?:\bsay|\bcalls?|,|\band)\s+" + _WORD + r"\s+for\s+(?:an?|the)\s+" + _SYM)
_TABLE_HEADER = re.compile(r"\b(word|words|term|terms|alias|aliases|synonyms?|called|vocabulary|everyday)\b", re.I)


def mine_aliases(chunks: Iterable["DocChunk"]) -> list[list]:
    """(word, [symbols]) pairs stated in doc prose, as JSON-able lists."""
    found: dict[str, list[str]] = {}

    def add(word: str, symbol: str) -> None:
        word = re.sub(r"\s+", " ", word.strip().lower())
        if not word or len(word.split()) > 3 or word == symbol.lower():
            return
        bucket = found.setdefault(word, [])
        if symbol not in bucket:
            bucket.append(symbol)

    for chunk in chunks:
        if chunk.kind != "prose":
            continue
        text = chunk.text
        for pattern in _PATTERNS:
            for m in pattern.finditer(text):
                add(m.group(2), m.group(1))
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            if _SAY.search(sentence):
                for m in _FOR.finditer(sentence):
                    add(m.group(1), m.group(2))
        _mine_tables(text, add)
    return [[w, s] for w, s in sorted(found.items())]


def _mine_tables(text: str, add) -> None:
    """Markdown tables with a words column (header says word/term/alias...) and a column of symbols."""
    rows = [ln.strip() for ln in text.split("\n") if ln.strip().startswith("|")]
    if len(rows) < 3:
        return
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
    header, body = cells[0], [c for c in cells[2:] if len(c) == len(cells[0])]
    word_cols = [i for i, h in enumerate(header) if _TABLE_HEADER.search(h)]
    sym_cols = [i for i in range(len(header))
                if body and all(re.fullmatch(r"(`[A-Z][\w$]*`\s*,?\s*)+", r[i]) for r in body)]
    for wc in word_cols:
        for sc in sym_cols:
            if wc == sc:
                continue
            for r in body:
                for word in r[wc].split(","):
                    if re.fullmatch(r"[A-Za-z][\w -]*", word.strip()):
                        for sym in re.findall(r"`([A-Z][\w$]*)`", r[sc]):
                            add(word, sym)
