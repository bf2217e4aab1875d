"""Concepts: the words people use for engine symbols ("box" for `Block`, "the grid" for `Table`).

Two sources: `[concepts]` in footprint.toml / pack.toml (a free table, word -> list of symbols), and aliases
mined from the docs at indexing time ("a `Block` (often called a box)", "`Table` — "the grid"", "say box for a
`Block`", vocabulary tables whose header names words or terms). `expand_concepts` finds those words in a
query; `lookup_docs` (and `find_in_files`) re-run a search with the symbols when the literal one finds nothing.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsp_server.config import config_section

if TYPE_CHECKING:
    from lsp_server.knowledge.chunker import DocChunk
    from lsp_server.workspace import Workspace

log = logging.getLogger(__name__)


@config_section("concepts")
@dataclass(frozen=True)
class ConceptsConfig:
    """`[concepts]`: every key is a word or phrase, its value the engine symbols it stands for."""

    words: dict[str, list[str]] = field(default_factory=dict, metadata={"rest": True})


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


_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def concept_table(workspace: "Workspace") -> dict[str, list[str]]:
    """Configured concepts first, then mined aliases (their symbols appended). Cached per settings and
    index generation."""
    from lsp_server.knowledge.docs_index import DocsIndex

    index = workspace.peek_service(DocsIndex)
    key = (id(workspace.settings), id(index), index.generation if index else -1)
    cached = _TABLES.get(workspace)
    if cached is not None and cached[0] == key:
        return cached[1]
    table = _build_table(workspace)
    index = workspace.peek_service(DocsIndex)
    _TABLES[workspace] = ((id(workspace.settings), id(index), index.generation if index else -1), table)
    return table


def _build_table(workspace: "Workspace") -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for word, symbols in workspace.settings.get(ConceptsConfig).words.items():
        table.setdefault(word.strip().lower(), []).extend(s for s in symbols if s)
    try:
        from lsp_server.knowledge.docs_index import DocsIndex

        index = workspace.service(DocsIndex)
        mined = index.aliases
    except Exception:  # noqa: BLE001 - no index, no mined aliases; configured ones still work
        log.exception("cannot read mined concept aliases")
        mined = []
    for word, symbols in mined:
        bucket = table.setdefault(word, [])
        bucket.extend(s for s in symbols if s not in bucket)
    return table


def expand_concepts(workspace: "Workspace", text: str) -> list[tuple[str, list[str]]]:
    """The concept words found in `text` (longest phrase first, no overlaps), in order of appearance,
    each with the symbols it stands for."""
    return match_concepts(concept_table(workspace), text)


def match_concepts(table: dict[str, list[str]], text: str) -> list[tuple[str, list[str]]]:
    low = text.lower()
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str, list[str]]] = []
    for word in sorted(table, key=lambda w: (-len(w), w)):
        if not table[word]:
            continue
        pattern = re.compile(r"(?<![\w$])" + re.escape(word) + r"(?:e?s)?(?![\w$])")
        for m in pattern.finditer(low):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append(m.span())
            found.append((m.start(), word, list(table[word])))
            break
    return [(w, syms) for _, w, syms in sorted(found)]


def replace_concept(text: str, word: str, symbol: str) -> str:
    """`text` with the concept `word` (and its plural) replaced by `symbol`."""
    return re.sub(r"(?<![\w$])" + re.escape(word) + r"(?:e?s)?(?![\w$])", symbol, text, count=1, flags=re.I)
