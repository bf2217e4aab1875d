"""Tree-sitter queries as data: `grammars/<language>/<name>.scm`, compiled once and cached.

A query that does not compile raises at first use with the file name in the message, and the test suite
compiles every query file, so a broken query never reaches a user.

A file whose first line is `; inherits: <language>` extends that language's file of the same name: the
parent's patterns come first, then its own (TypeScript's queries extend JavaScript's, TSX's TypeScript's).
The parent's patterns must compile in the child's grammar.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tree_sitter import Node, Query, QueryCursor

from lsp_server.languages import language


def grammars_dir() -> Path:
    """Where the `.scm` files live: inside the installed package, or at the top of a source checkout."""
    packaged = Path(__file__).parent / "grammars"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "grammars"


class QueryLoadError(RuntimeError):
    """A query file is missing or does not compile."""


_INHERITS = "; inherits:"


def source_of(lang: str, name: str, _seen: tuple[str, ...] = ()) -> str:
    """The text of query `name` for `lang`, with the files it inherits from prepended."""
    path = grammars_dir() / lang / f"{name}.scm"
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise QueryLoadError(f"{path}: cannot read query: {exc}") from exc
    first = source.split("\n", 1)[0]
    if first.startswith(_INHERITS):
        parent = first[len(_INHERITS):].strip()
        if parent == lang or parent in _seen:
            raise QueryLoadError(f"{path}: inheritance loop through {parent!r}")
        source = source_of(parent, name, (*_seen, lang)) + "\n" + source
    return source


@cache
def load(lang: str, name: str) -> Query:
    path = grammars_dir() / lang / f"{name}.scm"
    source = source_of(lang, name)
    try:
        return Query(language(lang), source)
    except Exception as exc:  # tree_sitter.QueryError, or a NameError for unknown predicates
        raise QueryLoadError(f"{path}: {exc}") from exc


def captures(lang: str, name: str, node: Node) -> dict[str, list[Node]]:
    """Captures of query `name` under `node`, by capture name, each list in document order."""
    return QueryCursor(load(lang, name)).captures(node)


def matches(lang: str, name: str, node: Node) -> list[tuple[int, dict[str, list[Node]]]]:
    return QueryCursor(load(lang, name)).matches(node)


def all_query_files() -> list[Path]:
    return sorted(grammars_dir().glob("*/*.scm"))
