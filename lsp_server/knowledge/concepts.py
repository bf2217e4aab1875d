"""Concepts: the words people use for engine symbols ("box" for `Block`, "the grid" for `Table`).

Two sources: `[concepts]` in footprint.toml / pack.toml (a free table, word -> list of symbols), and aliases
the docs index mined from the docs' prose at indexing time (`aliases.mine_aliases`). `expand_concepts` finds those words in a
query; `lookup_docs` (and `find_in_files`) re-run a search with the symbols when the literal one finds nothing.
"""

from __future__ import annotations

import logging
import re
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsp_server.config import config_section

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace

log = logging.getLogger(__name__)


@config_section("concepts")
@dataclass(frozen=True)
class ConceptsConfig:
    """`[concepts]`: every key is a word or phrase, its value the engine symbols it stands for."""

    words: dict[str, list[str]] = field(default_factory=dict, metadata={"rest": True})


_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def concept_table(workspace: "Workspace") -> dict[str, list[str]]:
    """Configured concepts first, then mined aliases (their symbols appended). Cached per settings and
    index generation."""
    from lsp_server.knowledge.docs_index import DocsIndex  # here: loading the settings imports this module

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
    from lsp_server.knowledge.docs_index import DocsIndex

    table: dict[str, list[str]] = {}
    for word, symbols in workspace.settings.get(ConceptsConfig).words.items():
        table.setdefault(word.strip().lower(), []).extend(s for s in symbols if s)
    try:
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
