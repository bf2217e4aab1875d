"""ParsedDocument: one immutable snapshot of a document (text, bytes, tree-sitter tree, version, lines).

Every analysis takes a ParsedDocument and never mutates it, so background work can hold a snapshot while
the editor keeps typing. `apply_changes` returns a *new* snapshot: it edits a copy of the old tree and
re-parses incrementally, so a keystroke costs a small fraction of a full parse.

Memory: a tree-sitter tree costs about 95 bytes per node, some 45 times the text (86 MB for a 1.9 MB
file), so every document's tree lives in one shared budget (`TREES`): beyond it the least recently used
trees are dropped and parsed again from the document's bytes when next asked for. What a document keeps
for itself is its text, its bytes and its line index: a few times its size.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from tree_sitter import Node, Tree

from lsp_server import languages
from lsp_server.positions import UTF16, Encoding, LineIndex


@dataclass(frozen=True)
class TextChange:
    """One LSP content change: a range in LSP coordinates (None = whole document) and its new text."""

    text: str
    start: tuple[int, int] | None = None  # (line, character)
    end: tuple[int, int] | None = None


@dataclass(frozen=True)
class ByteEdit:
    """A change in byte offsets: bytes [start, old_end) of the old text became [start, new_end)."""

    start: int
    old_end: int
    new_end: int

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end


BYTES_PER_NODE = 96  # measured: 86 MB for the 919,326 nodes of a 1.9 MB JavaScript file
TREE_BUDGET_BYTES = 192 * 1024 * 1024


class TreeBudget:
    """The trees of all live documents within one byte budget, least recently used dropped first.

    The most recently used tree is always kept, even alone over the budget (the document being edited).
    Dropping only forgets our reference: code still holding the tree or its nodes keeps them alive."""

    def __init__(self, budget_bytes: int):
        self.budget_bytes = budget_bytes
        self.total = 0
        self._lru: OrderedDict[int, tuple[weakref.ref, int]] = OrderedDict()  # id(doc) -> (doc, bytes)
        # Re-entrant: a garbage collection while the lock is held may run a document's weakref callback
        # (_forget) on this same thread.
        self._lock = threading.RLock()

    def keep(self, doc: "ParsedDocument", tree: Tree) -> None:
        size = tree.root_node.descendant_count * BYTES_PER_NODE
        key = id(doc)
        dropped = []
        with self._lock:
            old = self._lru.pop(key, None)
            if old is not None:
                self.total -= old[1]
            self._lru[key] = (weakref.ref(doc, lambda _, key=key: self._forget(key)), size)
            self.total += size
            while self.total > self.budget_bytes and len(self._lru) > 1:
                _, (ref, size) = self._lru.popitem(last=False)
                self.total -= size
                dropped.append(ref)
        for ref in dropped:
            victim = ref()
            if victim is not None:
                object.__setattr__(victim, "_tree", None)

    def touch(self, doc: "ParsedDocument") -> None:
        with self._lock:
            if id(doc) in self._lru:
                self._lru.move_to_end(id(doc))

    def _forget(self, key: int) -> None:
        with self._lock:
            entry = self._lru.pop(key, None)
            if entry is not None:
                self.total -= entry[1]


TREES = TreeBudget(TREE_BUDGET_BYTES)


@dataclass(frozen=True, eq=False)
class ParsedDocument:
    uri: str
    text: str
    version: int | None = None
    language: str | None = None  # our language name ("javascript"), None for files we do not parse
    source: bytes = field(default=b"", repr=False)
    parsed: InitVar[Tree | None] = None  # the tree of `source`, when the caller has it (else parsed on use)
    lines: LineIndex = field(default=None, repr=False)  # type: ignore[assignment]

    def __post_init__(self, parsed: Tree | None) -> None:
        object.__setattr__(self, "_tree", None)
        # One parse per snapshot when threads ask for an unparsed tree at once (a check and a hover).
        object.__setattr__(self, "_parsing", threading.Lock())
        if parsed is not None and self.language is not None:
            object.__setattr__(self, "_tree", parsed)
            TREES.keep(self, parsed)

    @property
    def tree(self) -> Tree | None:
        """The syntax tree (None for a language we do not parse); parsed on first use when the snapshot was
        made without one (`create(parse=False)`, a tree the budget dropped) by the thread that asks."""
        tree = self._tree
        if tree is not None:
            TREES.touch(self)
            return tree
        if self.language is None:
            return None
        with self._parsing:
            tree = self._tree
            if tree is None:
                tree = languages.parse(self.language, self.source)
                object.__setattr__(self, "_tree", tree)
            TREES.keep(self, tree)
        return tree

    @classmethod
    def create(
        cls, uri: str, text: str, version: int | None = None, language: str | None = None, analyse: bool = True,
        parse: bool = True,
    ) -> "ParsedDocument":
        """Parse `text` from scratch. `language` defaults to the one the URI's extension implies;
        `analyse=False` keeps the text only (language None, no tree), e.g. for a file over the size limit;
        `parse=False` leaves the parse to the first use of `tree` (the server's event loop, which receives
        the text, must not spend a big file's parse on it: the checks' worker thread parses it)."""
        if not analyse:
            language = None
        elif language is None:
            language = languages.language_for_path(uri_to_path(uri) or uri)
        source = encode(text)
        if not text.isascii():
            text = source.decode("utf-8")  # keep text == source: a lone surrogate became "?" in both
        tree = languages.parse(language, source) if language and parse else None
        return cls(uri, text, version, language, source, tree, LineIndex.of(source))

    @property
    def path(self) -> Path | None:
        return uri_to_path(self.uri)

    @property
    def has_syntax_errors(self) -> bool:
        return bool(self.tree and self.tree.root_node.has_error)

    def node_text(self, node: Node) -> str:
        # Slice our own bytes: nodes of an edited tree have `node.text is None`.
        return self.source[node.start_byte : node.end_byte].decode("utf-8", errors="replace")

    def apply_changes(
        self, changes: list[TextChange], version: int | None, encoding: Encoding = UTF16
    ) -> tuple["ParsedDocument", list[ByteEdit]]:
        """Apply LSP content changes in order; return the new snapshot and the byte edits made."""
        source = self.source
        lines = self.lines
        kept = self._tree  # no re-parse of the old text only to edit it: a dropped tree means a full parse
        tree = kept.copy() if kept is not None else None
        edits: list[ByteEdit] = []
        for change in changes:
            new_bytes = encode(change.text)
            if change.start is None or change.end is None:
                # Whole-document replacement: incremental reuse is meaningless, parse from scratch below.
                source, lines, tree = new_bytes, LineIndex.of(new_bytes), None
                edits.append(ByteEdit(0, len(self.source), len(new_bytes)))
                continue
            start = lines.offset(*change.start, encoding)
            end = max(start, lines.offset(*change.end, encoding))
            new_source = source[:start] + new_bytes + source[end:]
            new_lines = lines.after_edit(new_source, start, end, start + len(new_bytes))
            if tree is not None:
                tree.edit(
                    start_byte=start,
                    old_end_byte=end,
                    new_end_byte=start + len(new_bytes),
                    start_point=lines.ts_point(start),
                    old_end_point=lines.ts_point(end),
                    new_end_point=new_lines.ts_point(start + len(new_bytes)),
                )
            edits.append(ByteEdit(start, end, start + len(new_bytes)))
            source, lines = new_source, new_lines
        text = source.decode("utf-8")
        # Without a tree to edit (none kept, or the whole text replaced) the new snapshot is parsed on first
        # use, in the thread that needs it, not here on the server's event loop.
        new_tree = languages.parse(self.language, source, tree) if self.language and tree is not None else None
        doc = ParsedDocument(self.uri, text, version, self.language, source, new_tree, lines)
        return doc, edits


def encode(text: str) -> bytes:
    # Lone surrogates can arrive through JSON; they cannot be UTF-8, so they become U+FFFD-free "?".
    return text.encode("utf-8", errors="replace")


def uri_to_path(uri: str) -> Path | None:
    """The filesystem path of a `file:` URI, or None for other schemes (and for names no OS accepts)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    if os.name == "nt":
        from nturl2path import url2pathname  # what urllib.request uses on Windows; it unquotes itself

        path = url2pathname(parsed.path)
    else:
        # Unquote exactly once (a file named `a%41.js` arrives as `a%2541.js`). Not urllib.request's
        # url2pathname: importing urllib.request costs ~50 ms of server start-up (http.client, email).
        path = unquote(parsed.path)
    if "\x00" in path:
        return None
    return Path(path)


def real_path(path: str | Path) -> Path:
    """`Path.resolve()` that never raises: a symlink loop (RuntimeError on Python 3.11, OSError later) or
    a name the OS refuses resolves to the absolute path as written; reading it then fails cleanly."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def path_to_uri(path: str | Path) -> str:
    return Path(path).absolute().as_uri()
