"""Tree-sitter queries as data: `grammars/<language>/<name>.scm`, compiled once and cached.

A query that does not compile raises at first use with the file name in the message, and the test suite
compiles every query file, so a broken query never reaches a user.
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


# TSX is TypeScript plus JSX: a query written for `typescript` compiles for `tsx` too, so a tsx query with
# no file of its own is read from the typescript folder.
QUERY_FOLDER_FALLBACK = {"tsx": "typescript"}


@cache
def load(lang: str, name: str) -> Query:
    path = grammars_dir() / lang / f"{name}.scm"
    if not path.is_file() and lang in QUERY_FOLDER_FALLBACK:
        path = grammars_dir() / QUERY_FOLDER_FALLBACK[lang] / f"{name}.scm"
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise QueryLoadError(f"{path}: cannot read query: {exc}") from exc
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
