"""The language table: file extension -> tree-sitter language, and one parser per language per thread.

Parsers are not thread-safe, and analysis runs in worker threads, so each thread gets its own parser.
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import PurePath

import tree_sitter_javascript
import tree_sitter_typescript
from tree_sitter import Language, Parser, Tree

from lsp_server import foreground

# Languages by name. The values are loaders so a language is only built when first used.
_LOADERS = {
    "javascript": lambda: Language(tree_sitter_javascript.language()),
    "typescript": lambda: Language(tree_sitter_typescript.language_typescript()),
    "tsx": lambda: Language(tree_sitter_typescript.language_tsx()),
}

# Extensions we parse. JavaScript, TypeScript and TSX files are workspace sources; `.d.ts` declaration files
# are parsed with the TypeScript grammar but are typings (read by the object model), never sources.
EXTENSIONS = {
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
}
SOURCE_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
# The languages written with TypeScript syntax (type annotations, interfaces, enums...).
TYPESCRIPT_LANGUAGES = frozenset({"typescript", "tsx"})

# LSP languageId values clients send, mapped to our language names.
LANGUAGE_IDS = {
    "javascript": "javascript",
    "javascriptreact": "javascript",
    "typescript": "typescript",
    "typescriptreact": "tsx",
}

_local = threading.local()


@cache
def language(name: str) -> Language:
    return _LOADERS[name]()


def parser(name: str) -> Parser:
    """A parser for `name`, private to the calling thread (`parse` parses a whole source with it)."""
    parsers = _local.__dict__.setdefault("parsers", {})
    if name not in parsers:
        parsers[name] = Parser(language(name))
    return parsers[name]


def language_for_path(path: str | PurePath) -> str | None:
    """The language of a file by its name, or None when we do not parse it."""
    # String slicing, not PurePath: the walker asks this once per file of a 20k-file workspace.
    name = path if isinstance(path, str) else str(path)
    name = name[max(name.rfind("/"), name.rfind("\\")) + 1:].lower()
    if name.endswith(".d.ts"):
        return "typescript"
    dot = name.rfind(".")
    return EXTENSIONS.get(name[dot:]) if dot >= 0 else None


def is_typings_path(path: str | PurePath) -> bool:
    """A TypeScript declaration file (`.d.ts`, `.d.mts`, `.d.cts`): typings, not a source."""
    name = (path if isinstance(path, str) else str(path)).lower()
    return name.endswith((".d.ts", ".d.mts", ".d.cts"))


def is_source_path(path: str | PurePath) -> bool:
    return language_for_path(path) in SOURCE_LANGUAGES and not is_typings_path(path)


# Sources at least this big are parsed in slices, with tree-sitter's progress callback (see `parse`).
YIELDING_PARSE_BYTES = 64 * 1024
_PARSE_SLICE_BYTES = 16 * 1024


def _keep_parsing(offset: int, has_error: bool) -> bool:
    foreground.step_aside()  # a background parse lets a client's request run first
    return False  # never cancel


def parse(name: str, source: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse `source` with the calling thread's parser (incrementally when `old_tree` is the edited tree of
    the previous text).

    A parse is one C call that holds the GIL throughout: 0.1-0.3 s for a 1 MB minified line, tens of ms for
    100,000 unclosed `(`, during which no other thread of the server runs (a hover, the event loop). From
    YIELDING_PARSE_BYTES on, the parser reads the source in slices through a callback and reports its
    progress to a callback every hundred or so steps; each call returns to the interpreter, which hands the
    GIL to a waiting thread once its switch interval is up, and in background work steps aside for a client's
    request (`foreground`). Same tree, a few percent slower; smaller sources (a few ms) are parsed in one
    call."""
    own = parser(name)
    if len(source) < YIELDING_PARSE_BYTES:
        return own.parse(source, old_tree) if old_tree is not None else own.parse(source)
    view = memoryview(source)

    def read(offset: int, _point: object) -> bytes:
        return view[offset:offset + _PARSE_SLICE_BYTES].tobytes()

    if old_tree is not None:
        return own.parse(read, old_tree, progress_callback=_keep_parsing)
    return own.parse(read, progress_callback=_keep_parsing)
