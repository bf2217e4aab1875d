"""The language table: file extension -> tree-sitter language, and one parser per language per thread.

Parsers are not thread-safe, and analysis runs in worker threads, so each thread gets its own parser.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import re
import sys
import threading
from functools import cache
from itertools import accumulate, islice
from operator import sub
from pathlib import PurePath

from tree_sitter import Language, Parser, Tree

from lsp_server import foreground


def grammar_binding(package: str):
    """The compiled module of a grammar package (`tree_sitter_javascript._binding`), loaded without running the
    package's `__init__`: that imports `importlib.resources` (and through it `tempfile`, `shutil`, ...) for
    the grammar's own highlight queries, which we never read: ~6 ms of every process that parses (a hook, a
    `check`). Falls back to the ordinary import if the package is laid out differently."""
    name = f"{package}._binding"
    module = sys.modules.get(name)
    if module is not None:
        return module
    try:
        spec = importlib.util.find_spec(package)  # a top-level name: found, not executed
        found = importlib.machinery.PathFinder.find_spec(name, list(spec.submodule_search_locations or ()))
        if found is None or not isinstance(found.loader, importlib.machinery.ExtensionFileLoader):
            raise ImportError(name)
        module = importlib.util.module_from_spec(found)
        found.loader.exec_module(module)
    except (ImportError, AttributeError, TypeError):
        return importlib.import_module(package)
    return sys.modules.setdefault(name, module)


# Languages by name. The values are loaders so a language is only built when first used.
_LOADERS = {
    "javascript": lambda: Language(grammar_binding("tree_sitter_javascript").language()),
    "typescript": lambda: Language(grammar_binding("tree_sitter_typescript").language_typescript()),
    "tsx": lambda: Language(grammar_binding("tree_sitter_typescript").language_tsx()),
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


# Brackets nested deeper than this are not parsed (see `nesting_cut`).
MAX_NESTING = 10_000
_SCAN_BYTES = 8 * 1024  # `nesting_cut` looks at this much source per C call (well under a millisecond)
_STEPS = bytes.maketrans(b"([{)]}", b"\x02\x02\x02\x00\x00\x00")  # an opening bracket 2, a closing one 0
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"([{)]}")
_BOUND_BRACKETS = 1024  # brackets per block of `_may_nest_too_deep`
_BRACKET = re.compile(rb"[\[\](){}]")


def nesting_cut(source: bytes) -> int | None:
    """The offset of the first bracket at which the brackets of `source` nest more than MAX_NESTING deep
    (None: nowhere), counted on the raw bytes (brackets in strings and comments count too; a closing bracket
    with nothing open is ignored, as the parser skips it).

    Why: tree-sitter holds the GIL through each of its steps, and a step's cost grows with how deep the
    parse stack is where it recovers from an error or reduces: 100,000 unclosed `(` cost one step of 5-8 ms
    (the end of the file, which closes everything) and 100,000 `a(` or `if (` steps of 10-30 ms mid-file
    (measured in thread CPU time); at 10,000 the longest step is 0.2-2.6 ms. No other thread of the server
    runs meanwhile (a hover). Code written by people nests tens deep, so the files cut are generated or
    hostile ones. Cost: three `count`s for a source with at most MAX_NESTING opening brackets; else a bound
    from blocks of brackets (~1 ms for 1 MB of minified code), and only past it the exact walk."""
    if source.count(b"(") + source.count(b"[") + source.count(b"{") <= MAX_NESTING:
        return None
    if not _may_nest_too_deep(source):
        return None
    depth = 0
    for start in range(0, len(source), _SCAN_BYTES):
        foreground.step_aside()  # in background work, a client's request first
        block = source[start:start + _SCAN_BYTES]
        steps = block.translate(_STEPS, _NOT_BRACKETS)
        if not steps:
            continue
        # The depth after each bracket, unclamped (`reach`: the start's depth, +1 per opening, -1 per closing)
        # then clamped at 0 as the parser does (a walk reflected at 0 is its free walk minus the lowest point
        # it reached below 0 so far).
        reach = list(map(sub, accumulate(steps, initial=depth), range(len(steps) + 1)))
        lowest = list(accumulate(reach, min, initial=0))[1:]
        if max(map(sub, reach, lowest)) > MAX_NESTING:
            index = next(i for i, (r, low) in enumerate(zip(reach, lowest)) if r - low > MAX_NESTING)
            return start + next(islice(_BRACKET.finditer(block), index - 1, None)).start()
        depth = reach[-1] - lowest[-1]
    return None


def _may_nest_too_deep(source: bytes) -> bool:
    """False when the brackets of `source` surely never nest more than MAX_NESTING deep, from blocks of
    _BOUND_BRACKETS brackets: within block k the depth is at most reach(k) - lowest + opening(k) + dip, where
    reach(k) is the unclamped depth at its start, lowest the lowest of those so far (or 0), and dip the most
    closing brackets of one block so far (how far below `lowest` the walk may have gone between blocks)."""
    reach = lowest = dip = 0
    for start in range(0, len(source), _SCAN_BYTES * 32):
        steps = source[start:start + _SCAN_BYTES * 32].translate(_STEPS, _NOT_BRACKETS)
        for at in range(0, len(steps), _BOUND_BRACKETS):
            block = steps[at:at + _BOUND_BRACKETS]
            opening = block.count(2)
            dip = max(dip, len(block) - opening)
            if reach - lowest + opening + dip > MAX_NESTING:
                return True
            reach += 2 * opening - len(block)
            lowest = min(lowest, reach)
    return False


def parse(name: str, source: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse `source` with the calling thread's parser (incrementally when `old_tree` is the edited tree of
    the previous text).

    A parse is one C call that holds the GIL throughout: 0.1-0.3 s for a 1 MB minified line, tens of ms for
    100,000 unclosed `(`, during which no other thread of the server runs (a hover, the event loop). From
    YIELDING_PARSE_BYTES on, the parser reads the source in slices through a callback and reports its
    progress to a callback every hundred or so steps; each call returns to the interpreter, which hands the
    GIL to a waiting thread once its switch interval is up, and in background work steps aside for a client's
    request (`foreground`). Same tree, a few percent slower; smaller sources (a few ms) are parsed in one
    call.

    Where brackets nest more than MAX_NESTING deep (`nesting_cut`), only the source before that bracket is
    parsed: the tree ends there (`root_node.end_byte < len(source)`; the `syntax-skipped` check notes it on
    the file), and its longest step is bounded. An `old_tree` that does not span `source` (the previous text
    was cut) is not reused."""
    foreground.step_aside()  # in background work, a client's request first (a parse is not interrupted)
    cut = nesting_cut(source)
    if cut is not None:
        source = source[:cut]
    if old_tree is not None and old_tree.root_node.end_byte != len(source):
        old_tree = None
    own = parser(name)
    if len(source) < YIELDING_PARSE_BYTES:
        return own.parse(source, old_tree) if old_tree is not None else own.parse(source)
    view = memoryview(source)

    def read(offset: int, _point: object) -> bytes:
        return view[offset:offset + _PARSE_SLICE_BYTES].tobytes()

    if old_tree is not None:
        return own.parse(read, old_tree, progress_callback=_keep_parsing)
    return own.parse(read, progress_callback=_keep_parsing)
