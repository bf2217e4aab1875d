"""What one module imports and exports, read from its tree-sitter tree with `grammars/<language>/imports.scm`
(TypeScript's extends JavaScript's, TSX's TypeScript's).

Pure: a parsed tree in, a `ModuleInfo` of plain data out (byte offsets into that source), so it runs in a
worker process for the cold build and on the open buffer as the user types. Resolution of specifiers to
files is `graph/resolve.py`'s job; this module only reads the syntax.

Import forms: ESM `import` (default, named, namespace, side-effect), `export ... from` and `export *`,
dynamic `import("literal")`, CommonJS `require("literal")` (with the names a destructuring `const { a } =
require(...)` or `require(...).a` reads). Exports: ESM declarations, clauses and `default`; CommonJS
`module.exports = {...}`, `exports.x =`, `module.exports.x =` and `Object.defineProperty(exports, "x", ...)`.
Each imported name carries both the name read from the target module (its range: where the graph's checks and
references point) and the local binding it declares (`ImportedName.local`, `ImportRecord.locals()`: `d` of
`{ c as d }`, of `const { c: d } = require()`), which is what a feature mapping local names reads.

TypeScript adds `import x = require("...")` (kind `require`) and type-only dependencies (`type_only`, edge kind
`type`):
`import type ...`, `import { type A, type B }` (every name type-only), `export type ... from`,
`export { type A } from` (likewise), `import("./x")` inside a type (`import("./x").T`, `typeof import(..)`) and
`/// <reference path="..." />` directives.
They are edges of the graph like any other, which the cycle check leaves out by default (graph/service.py).
"""

from __future__ import annotations

import re
import threading
import time
import weakref
from bisect import bisect_right
from collections import OrderedDict
from dataclasses import dataclass

from tree_sitter import Node, Tree

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.syntax.patterns import NAME_LEAVES, declared_names, object_properties

# Import kinds, as they appear in the graph's edges.
STATIC, REEXPORT, DYNAMIC, REQUIRE = "import", "reexport", "dynamic", "require"
TYPE = "type"  # the edge kind of a TypeScript type-only dependency (erased from the emitted JavaScript)

NAMESPACE = "*"  # the name of a namespace import / `export *` / a whole `require()` result
DEFAULT = "default"


@dataclass(frozen=True)
class ImportedName:
    name: str  # the name in the target module ("default", "*" for a namespace, or a named export)
    start: int  # byte range of the name in this file (the alias for `* as ns`)
    end: int
    exported_as: str | None = None  # for re-exports: the name this module exports it under
    line: int = 0  # 0-based line of the name
    # The local binding the import declares, when it declares one plain name: `import a` -> "a", `* as ns` ->
    # "ns", `{ b }` -> "b", `{ c as d }` -> "d", `const { e: f } = require()` -> "f", `const g = require()`
    # -> "g", `const h = require().i` -> "h". None when nothing is bound under one name (a re-export, a
    # nested or array pattern, `...rest`, `require().x` used in place): a consumer that maps a local name to
    # what it was imported as reads this, never the text at `start:end` (the imported name).
    local: str | None = None


@dataclass(frozen=True)
class ImportRecord:
    specifier: str
    kind: str  # STATIC / REEXPORT / DYNAMIC / REQUIRE
    start: int  # byte range of the specifier string, quotes included
    end: int
    line: int  # 0-based line of the specifier
    stmt_start: int  # the whole statement or call
    stmt_end: int
    names: tuple[ImportedName, ...] = ()
    star: bool = False  # `export * from` (every name but default)
    type_only: bool = False  # TypeScript: only types are imported (`import type`, `import("./x").T`, ...)

    @property
    def edge_kind(self) -> str:
        """The kind of the graph edge: TYPE for a type-only dependency, else how it is written."""
        return TYPE if self.type_only else self.kind

    def to_json(self) -> list:
        return [self.specifier, self.kind, self.start, self.end, self.line, self.stmt_start, self.stmt_end,
                [[n.name, n.start, n.end, n.exported_as, n.line, n.local] for n in self.names], self.star,
                self.type_only]

    @classmethod
    def from_json(cls, v: list) -> "ImportRecord":
        return cls(v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                   tuple(ImportedName(*n) for n in v[7]), v[8], bool(v[9]) if len(v) > 9 else False)

    def locals(self) -> dict[str, str]:
        """Local name -> the name it was imported as (DEFAULT, NAMESPACE or an export), for the names this
        import binds."""
        return {n.local: n.name for n in self.names if n.local is not None}


@dataclass(frozen=True)
class ExportedName:
    name: str  # the exported name ("default" included)
    local: str | None  # the local binding it exports, when there is one
    start: int  # byte range of the name where it is exported (declaration name, clause entry)
    end: int


@dataclass(frozen=True)
class ModuleInfo:
    imports: tuple[ImportRecord, ...] = ()
    exports: tuple[ExportedName, ...] = ()
    # "esm", "cjs" (CommonJS: `default` is module.exports), "script" (neither: exports nothing)
    format: str = "script"
    # True when the export list cannot be known statically (module.exports = someValue, spreads...).
    dynamic_exports: bool = False

    @property
    def export_names(self) -> set[str]:
        names = {e.name for e in self.exports}
        if self.format in ("cjs", "script"):
            # CommonJS: `default` is module.exports. A file with no module syntax at all may be CommonJS
            # too (its default is then an empty object): accept the default import rather than guess.
            names.add(DEFAULT)
        return names

    def to_json(self) -> dict:
        return {"i": [r.to_json() for r in self.imports],
                "e": [[e.name, e.local, e.start, e.end] for e in self.exports],
                "f": self.format, "d": self.dynamic_exports}

    @classmethod
    def from_json(cls, v: dict) -> "ModuleInfo":
        return cls(tuple(ImportRecord.from_json(r) for r in v["i"]),
                   tuple(ExportedName(*e) for e in v["e"]), v["f"], v["d"])


def string_value(source: bytes, node: Node) -> str:
    """The value of a string literal node (quotes stripped; simple escapes are rare in specifiers)."""
    raw = source[node.start_byte + 1 : node.end_byte - 1].decode("utf-8", errors="replace")
    if "\\" in raw:
        raw = raw.encode("utf-8").decode("unicode_escape", errors="replace")
    return raw


def _text(source: bytes, node: Node) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8", errors="replace")


def _name_of(source: bytes, node: Node | None) -> str | None:
    """An import/export specifier name: identifier, `default` keyword or string name."""
    if node is None:
        return None
    if node.type == "string":
        return string_value(source, node)
    return _text(source, node)


def extract(source: bytes, tree: Tree | None, language: str | None = "javascript") -> ModuleInfo:
    """The imports and exports of one module. Files we cannot parse export unknown names."""
    if tree is None or language not in MODULE_LANGUAGES:
        return ModuleInfo(format="unknown", dynamic_exports=True)
    typed = language != "javascript"
    imports: list[ImportRecord] = []
    exports: list[ExportedName] = []
    flags = 0
    roots = _match_roots(source, tree)
    if roots is None:  # read around wide ERROR nodes, bounded (queries.matches)
        matches = queries.matches(language, "imports", tree.root_node)
    else:
        # Each candidate is queried for the patterns that start at it (depth 0): the cursor does not walk
        # its subtree (a class body under `export class`) looking for deeper starts.
        cursor = queries.cursor(language, "imports")
        cursor.set_max_start_depth(0)
        matches = []
        for i, node in enumerate(roots):
            if not i & 255:
                queries.check_time()
            matches.extend(cursor.matches(node))
        queries.check_time()
    for _, match in matches:
        flags |= _read_match(source, match, typed, imports, exports)
    return _assemble(imports, exports, flags)


# Every match of the imports query holds one of these words, in a token at most three levels below the node
# the match starts at (MATCH_ROOTS): the `import`/`export` keyword of a statement, `import(`, `require(` (the
# query compares the callee's text), `module.exports = ` / `module.exports.x = ` / `exports.x = `,
# `Object.defineProperty(exports, ...)`, a `/// <reference` comment. A keyword cannot be written with
# escapes, and an escaped `require` is not the text the query compares.
MODULE_WORDS = (b"import", b"export", b"require", b"reference")
MATCH_ROOTS = frozenset({"import_statement", "export_statement", "call_expression", "assignment_expression",
                         "comment"})
_ROOT_LEVELS = 4  # the token holding the word, and three ancestors (`module.exports.x = `: the assignment)
# CPU seconds the search for candidates may take (a base, and per word found) before the module is queried
# whole instead: a word's node is found through the children of each node above it, which is quadratic in a
# pathological node with very many children (a huge array literal of `require`s); ordinary modules take
# ~3 us a word.
_SEARCH_BASE_S, _SEARCH_PER_WORD_S = 0.005, 0.00003


def _match_roots(source: bytes, tree: Tree) -> list[Node] | None:
    """The nodes the imports query's matches can start at: the nodes of MATCH_ROOTS types at or above (by
    at most three levels) a token holding one of MODULE_WORDS, in no particular order (`_assemble` sorts).
    None: query the whole tree instead (a tree with syntax errors, whose matches the bounded whole-tree query
    reads around wide ERROR nodes; a search that ran past its budget). Most of a module is code without
    those words (three.js: class bodies), which the whole-tree query walked node by node: the search finds
    the same matches for a third of its cost on the benchmark's packages (the same matches on 6,700 files of
    npm packages; tests/unit/test_graph_extract.py checks it on each form)."""
    root = tree.root_node
    if root.has_error:
        return None
    words = []
    for word in MODULE_WORDS:
        size = len(word)
        at = source.find(word)
        while at != -1:
            words.append((at, at + size))
            at = source.find(word, at + size)
    deadline = time.thread_time() + _SEARCH_BASE_S + _SEARCH_PER_WORD_S * len(words)
    found: dict[int, Node] = {}
    for i, (start, end) in enumerate(words):
        if not i & 15 and time.thread_time() > deadline:
            return None
        node: Node | None = root.descendant_for_byte_range(start, end)
        for _ in range(_ROOT_LEVELS):
            if node is None:
                break
            if node.type in MATCH_ROOTS:
                found.setdefault(node.id, node)
            node = node.parent
    return sorted(found.values(), key=lambda n: (n.start_byte, -n.end_byte))  # document order, outer first


# What a match says of the module's format (bit flags, or-ed over the matches).
_ESM, _CJS, _DYNAMIC = 1, 2, 4


def _assemble(imports: list[ImportRecord], exports: list[ExportedName], flags: int) -> ModuleInfo:
    fmt = "esm" if flags & _ESM else "cjs" if flags & _CJS else "script"
    imports.sort(key=lambda r: r.start)
    return ModuleInfo(tuple(imports), tuple(_unique_exports(exports)), fmt, bool(flags & _DYNAMIC))


def _read_match(source: bytes, match: dict[str, list[Node]], typed: bool, imports: list[ImportRecord],
                exports: list[ExportedName]) -> int:
    """Add what one match of the imports query imports and exports; returns its format flags."""
    if "import.reference" in match:
        node = match["import.reference"][0]
        specifier = _reference_path(source, node)
        if specifier is not None:
            imports.append(_record(specifier, STATIC, node, node, [], False, True))
        return 0
    if "import.source" in match:
        spec_node = match["import.source"][0]
        if spec_node.type == "template_string" and any(
                c.type == "template_substitution" for c in spec_node.named_children):
            return 0  # import(`./locale/${name}.js`): not a literal, not an edge
        specifier = string_value(source, spec_node)
        statement = match.get("import.statement") or match.get("import.reexport") or match.get("import.equals")
        if statement and _nested(statement[0]):
            return 0  # inside a TypeScript namespace or `declare module "x" { ... }`: not this module's
        flags = 0
        if "import.statement" in match:
            flags = _ESM
            stmt = match["import.statement"][0]
            record_names = _import_clause_names(source, stmt)
            kind = STATIC
            type_only = typed and _type_only_import(stmt)
        elif "import.equals" in match:
            flags = _CJS
            stmt = match["import.equals"][0]
            clause = next((c for c in stmt.named_children if c.type == "import_require_clause"), None)
            ident = next((c for c in clause.named_children if c.type == "identifier"), None) if clause else None
            record_names = [ImportedName(NAMESPACE, spec_node.start_byte, spec_node.end_byte, None,
                                         spec_node.start_point[0], _name_of(source, ident))]
            kind = REQUIRE
            type_only = _has_token(stmt, "type")
        elif "import.reexport" in match:
            stmt = match["import.reexport"][0]
            record_names, star, own = _reexport_names(source, stmt)
            exports.extend(own)
            imports.append(_record(specifier, REEXPORT, spec_node, stmt, record_names, star,
                                   typed and _type_only_export(stmt)))
            return _ESM
        elif "import.dynamic" in match:
            stmt = match["import.dynamic"][0]
            if typed and _in_type(stmt):  # import("./x").T: a type reference
                imports.append(_record(specifier, STATIC, spec_node, stmt, [], False, True))
                return 0
            record_names = _destructured_names(source, stmt)
            kind = DYNAMIC
            type_only = False
        else:
            stmt = match["import.require"][0]
            flags = _CJS
            record_names = _destructured_names(source, stmt)
            kind = REQUIRE
            type_only = False
        imports.append(_record(specifier, kind, spec_node, stmt, record_names, False, type_only))
        return flags
    if "export.statement" in match:
        if _nested(match["export.statement"][0]):
            return 0
        if _has_token(match["export.statement"][0], "="):
            return _CJS | _DYNAMIC  # TypeScript's `export = value`: the module is that value, names unknown
        exports.extend(_export_statement_names(source, match["export.statement"][0]))
        return _ESM
    if "export.commonjs" in match:
        if "export.value" in match:
            names, is_dynamic = _module_exports_object(source, match["export.value"][0])
            exports.extend(names)
            return _CJS | (_DYNAMIC if is_dynamic else 0)
        if "export.name" in match:
            node = match["export.name"][0]
            name = string_value(source, node) if node.type == "string" else _text(source, node)
            exports.append(ExportedName(name, None, node.start_byte, node.end_byte))
        return _CJS
    return 0


# The languages whose modules are read (grammars/<language>/imports.scm); the others are `unknown` modules.
MODULE_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})

# Nodes whose subtree is a type: an `import("./x")` call inside one is a type reference, not a dynamic import.
TYPE_CONTEXTS = frozenset([
    "type_annotation", "type_alias_declaration", "type_query", "type_arguments", "type_parameters",
    "interface_declaration", "implements_clause", "extends_type_clause", "opting_type_annotation",
    "omitting_type_annotation", "adding_type_annotation", "asserts_annotation", "type_predicate_annotation",
    "satisfies_expression", "as_expression", "index_signature", "property_signature",
    "method_signature", "call_signature", "construct_signature", "lookup_type", "generic_type", "union_type",
    "intersection_type", "function_type", "constructor_type", "conditional_type", "mapped_type_clause",
])
# Statements and expressions an `import()` in a type cannot be nested in without a type context between.
_VALUE_BOUNDARIES = frozenset(["statement_block", "program", "arguments", "expression_statement"])


_REFERENCE_PATH = re.compile(r"""^///\s*<reference\s+path\s*=\s*(["'])([^"']+)\1""")


def _reference_path(source: bytes, comment: Node) -> str | None:
    """The file a `/// <reference path="..." />` directive names (relative to its file, like TypeScript reads
    it), when the comment is a directive: above the module's first statement."""
    if comment.parent is None or comment.parent.type != "program":
        return None
    sibling = comment.prev_named_sibling
    while sibling is not None:
        if sibling.type != "comment":
            return None
        sibling = sibling.prev_named_sibling
    match = _REFERENCE_PATH.match(_text(source, comment))
    if match is None:
        return None
    path = match.group(2)
    return path if path.startswith(("./", "../", "/")) else "./" + path


def _nested(statement: Node) -> bool:
    """An import/export statement that is not at the top of its module (TypeScript namespaces and ambient
    module declarations hold their own)."""
    parent = statement.parent
    while parent is not None:
        if parent.type in _MODULE_BLOCKS:
            return True
        parent = parent.parent
    return False  # top level (or inside an ERROR node of a broken file: still this module's)


# TypeScript's `namespace N { }` (internal_module) and `declare module "x" { }` (module).
_MODULE_BLOCKS = frozenset(["internal_module", "module"])


def _has_token(node: Node, token: str) -> bool:
    return any(c.type == token for c in node.children)


def _type_only_import(stmt: Node) -> bool:
    """`import type ...` / `import typeof ...`, or named imports that are all `type` (as TypeScript, and
    dependency-cruiser, read `import { type A, type B } from`)."""
    if _has_token(stmt, "type") or _has_token(stmt, "typeof"):
        return True
    clause = next((c for c in stmt.named_children if c.type == "import_clause"), None)
    if clause is None:
        return False  # import "./side-effect"
    parts = clause.named_children
    if len(parts) != 1 or parts[0].type != "named_imports":
        return False
    return all(_has_token(spec, "type") for spec in parts[0].named_children if spec.type == "import_specifier")


def _type_only_export(stmt: Node) -> bool:
    """`export type { A } from` / `export type * from`, or an export clause whose entries are all `type`."""
    if _has_token(stmt, "type"):
        return True
    clause = next((c for c in stmt.named_children if c.type == "export_clause"), None)
    return clause is not None and all(
        _has_token(spec, "type") for spec in clause.named_children if spec.type == "export_specifier")


def _in_type(node: Node) -> bool:
    """Whether `node` (an `import(...)` call) is written inside a type."""
    parent = node.parent
    while parent is not None and parent.type not in _VALUE_BOUNDARIES:
        if parent.type in TYPE_CONTEXTS:
            return parent.type not in ("satisfies_expression", "as_expression") or \
                node.start_byte >= (parent.named_children[-1].start_byte if parent.named_children else 0)
        parent = parent.parent
    return False
_cache: "weakref.WeakKeyDictionary[ParsedDocument, ModuleInfo]" = weakref.WeakKeyDictionary()
_cache_lock = threading.Lock()


def module_info_of(doc: ParsedDocument) -> ModuleInfo:
    """`extract` of a document snapshot, run once and shared by every consumer of that snapshot: on a save the
    import graph's update and its buffer, the dependency checks and references all ask for the same
    document (~12 ms a query run on a 5,000-line file). An editor buffer's snapshot is read incrementally
    from the previous one of its URI (`_Parts`): only the top-level statements an edit touched are queried."""
    with _cache_lock:
        info = _cache.get(doc)
        previous = _buffers.get(doc.uri) if doc.version is not None else None
    if info is None:
        if doc.version is None or doc.tree is None or doc.language not in MODULE_LANGUAGES:
            info = extract(doc.source, doc.tree, doc.language)
        elif not _readable_in_parts(doc.tree):
            info = extract(doc.source, doc.tree, doc.language)
            with _cache_lock:
                _buffers.pop(doc.uri, None)  # the next snapshot is read whole too, or from scratch
        else:
            parts = _Parts.read(doc.source, doc.tree, doc.language, previous)
            info = parts.info()
            with _cache_lock:
                _buffers[doc.uri] = parts
                _buffers.move_to_end(doc.uri)
                while len(_buffers) > _BUFFERS_KEPT:
                    _buffers.popitem(last=False)
        with _cache_lock:
            _cache[doc] = info
    return info


def remember_module_info(doc: ParsedDocument, info: ModuleInfo) -> None:
    """`info` as `doc`'s extraction, for `module_info_of`: an index's extraction of the file `doc` was read
    from, with the same stamp (see `Workspace.disk_stamp`). A process that checks one file (`footprint-ls
    check`) then neither compiles the `imports` query (~10 ms) nor runs it."""
    with _cache_lock:
        _cache.setdefault(doc, info)


_BUFFERS_KEPT = 32  # editor buffers whose last reading is kept (one source copy and its records each)
# More top-level nodes than this and a buffer is read whole (`extract`, within the query bounds) rather than
# part by part: a Python object per top-level node would cost more than the query itself. Ordinary modules
# have a few hundred; a pathological file (100,000 unclosed `(` parse to a root ERROR node with that many
# children) or a generated one has far more.
_PARTS_MAX_CHILDREN = 5_000


def _readable_in_parts(tree: Tree) -> bool:
    """Whether a buffer's tree is read top-level node by top-level node (`_Parts`): a `program` root (not an
    ERROR node, whose matches may span its children) of at most _PARTS_MAX_CHILDREN children. Asks only
    the root's type and child count: listing a wide node's children is itself a cost (queries._regions)."""
    root = tree.root_node
    return not root.is_error and root.child_count <= _PARTS_MAX_CHILDREN


@dataclass(frozen=True)
class _Part:
    """What one top-level node of a module (a statement, a comment) imports and exports."""

    start: int
    end: int
    type: str
    imports: tuple[ImportRecord, ...] = ()
    exports: tuple[ExportedName, ...] = ()
    flags: int = 0
    error: bool = False  # the node has a syntax error: read again whatever the edit


@dataclass(frozen=True)
class _Parts:
    """A module read top-level node by top-level node, so that the next snapshot of the same buffer queries
    only the nodes an edit touched. Exact: a match lies within one top-level node, and what `_read_match`
    makes of it reads only that node and its ancestors (the program), except a `/// <reference>` directive,
    which depends on the comments before it: top-level comments are read again every time (those after
    the first statement hold nothing). A node is reused when its bytes are outside the edited span and
    it is found at the same place (shifted after the edit) with the same type, both without syntax errors."""

    language: str
    source: bytes
    parts: tuple[_Part, ...]

    @classmethod
    def read(cls, source: bytes, tree: Tree, language: str, previous: "_Parts | None") -> "_Parts":
        typed = language != "javascript"
        children = tree.root_node.children
        if previous is None or previous.language != language:
            return cls(language, source, _read_whole(source, tree, language, children, typed))
        old = previous.source
        prefix, suffix = _common_ends(old, source)
        delta = len(source) - len(old)
        suffix_start = len(source) - suffix
        line_delta = source.count(b"\n", prefix, suffix_start) - old.count(b"\n", prefix, len(old) - suffix)
        by_place = {(p.start, p.end, p.type): p for p in previous.parts}
        parts: list[_Part] = []
        leading = True  # no statement yet: a comment may be a `/// <reference>` directive
        for child in children:
            if child.type == "comment":
                parts.append(_read_node(source, child, language, typed) if leading else
                             _Part(child.start_byte, child.end_byte, child.type))
                continue
            leading = leading and not child.is_named
            kept = None
            if not child.has_error:
                if child.end_byte <= prefix:
                    kept = by_place.get((child.start_byte, child.end_byte, child.type))
                elif child.start_byte >= suffix_start:
                    kept = by_place.get((child.start_byte - delta, child.end_byte - delta, child.type))
                    if kept is not None and not kept.error:
                        kept = _shifted(kept, delta, line_delta)
                if kept is not None and kept.error:
                    kept = None
            parts.append(kept if kept is not None else _read_node(source, child, language, typed))
        return cls(language, source, tuple(parts))

    def info(self) -> ModuleInfo:
        imports: list[ImportRecord] = []
        exports: list[ExportedName] = []
        flags = 0
        for part in self.parts:
            imports.extend(part.imports)
            exports.extend(part.exports)
            flags |= part.flags
        return _assemble(imports, exports, flags)


_buffers: "OrderedDict[str, _Parts]" = OrderedDict()  # URI -> the last reading of that editor buffer


def _read_node(source: bytes, node: Node, language: str, typed: bool) -> _Part:
    imports: list[ImportRecord] = []
    exports: list[ExportedName] = []
    flags = 0
    for _, match in queries.matches(language, "imports", node):
        flags |= _read_match(source, match, typed, imports, exports)
    return _Part(node.start_byte, node.end_byte, node.type, tuple(imports), tuple(exports), flags, node.has_error)


def _read_whole(source: bytes, tree: Tree, language: str, children: list[Node], typed: bool) -> tuple[_Part, ...]:
    """Every top-level node's part, from one query over the whole tree (matches grouped by the top-level
    node they lie in: one query run costs less than one per statement)."""
    starts = [c.start_byte for c in children]
    found: list[tuple[list[ImportRecord], list[ExportedName], list[int]]] = [([], [], [0]) for _ in children]
    for _, match in queries.matches(language, "imports", tree.root_node):
        anchor = min(nodes[0].start_byte for nodes in match.values())
        index = max(0, bisect_right(starts, anchor) - 1)
        imports, exports, flags = found[index]
        flags[0] |= _read_match(source, match, typed, imports, exports)
    return tuple(_Part(c.start_byte, c.end_byte, c.type, tuple(i), tuple(e), f[0], c.has_error)
                 for c, (i, e, f) in zip(children, found))


def _common_ends(old: bytes, new: bytes) -> tuple[int, int]:
    """(length of the common prefix, of the common suffix that does not overlap it) of two sources, found by
    halving (each comparison a C memcmp) rather than a byte loop in Python."""
    limit = min(len(old), len(new))
    low, high = 0, limit
    while low < high:
        mid = (low + high + 1) // 2
        if old[:mid] == new[:mid]:
            low = mid
        else:
            high = mid - 1
    prefix = low
    low, high = 0, limit - prefix
    while low < high:
        mid = (low + high + 1) // 2
        if old[len(old) - mid:] == new[len(new) - mid:]:
            low = mid
        else:
            high = mid - 1
    return prefix, low


def _shifted(part: _Part, delta: int, line_delta: int) -> _Part:
    if not delta and not line_delta:
        return part
    imports = tuple(
        ImportRecord(r.specifier, r.kind, r.start + delta, r.end + delta, r.line + line_delta,
                     r.stmt_start + delta, r.stmt_end + delta,
                     tuple(ImportedName(n.name, n.start + delta, n.end + delta, n.exported_as, n.line + line_delta,
                                        n.local) for n in r.names), r.star, r.type_only)
        for r in part.imports)
    exports = tuple(ExportedName(e.name, e.local, e.start + delta, e.end + delta) for e in part.exports)
    return _Part(part.start + delta, part.end + delta, part.type, imports, exports, part.flags, part.error)


def _unique_exports(exports: list[ExportedName]) -> list[ExportedName]:
    seen: set[str] = set()
    out = []
    for e in sorted(exports, key=lambda e: e.start):
        if e.name not in seen:
            seen.add(e.name)
            out.append(e)
    return out


def _record(specifier: str, kind: str, spec: Node, stmt: Node, names: list[ImportedName], star: bool,
            type_only: bool = False) -> ImportRecord:
    return ImportRecord(specifier, kind, spec.start_byte, spec.end_byte, spec.start_point[0],
                        stmt.start_byte, stmt.end_byte, tuple(names), star, type_only)


def import_declaring(doc: ParsedDocument, name_node: Node, local: str) -> ImportedName | None:
    """What a binding was imported as, given one of its declared identifiers (`name_node`, declaring `local`):
    the ImportedName (its `name`: DEFAULT, NAMESPACE or an export) when the import statement or the
    `require()`/`import()` declarator holding it declares `local` (`T` of `import { Types as T }`, of
    `const { Types: T } = require()`, of `const T = require().Types`); else None (a local variable). Reads only
    that statement (a hover asks this: no query over the whole document)."""
    if doc.language not in MODULE_LANGUAGES:
        return None
    holder: Node | None = name_node
    while holder is not None and holder.type not in ("import_statement", "variable_declarator"):
        holder = holder.parent
    if holder is None:
        return None
    call: Node | None = holder
    if holder.type == "variable_declarator":  # its value must be the require()/import() itself, not hold one
        call = holder.child_by_field_name("value")
        while call is not None and call.type in ("await_expression", "parenthesized_expression", "member_expression"):
            call = call.child_by_field_name("object") if call.type == "member_expression" else \
                next(iter(call.named_children), None)
        if call is None or call.type != "call_expression":
            return None
    part = _read_node(doc.source, holder, doc.language, doc.language != "javascript")
    for record in part.imports:
        if (record.stmt_start, record.stmt_end) == (call.start_byte, call.end_byte):
            return next((n for n in record.names if n.local == local), None)
    return None


@dataclass(frozen=True, eq=False)
class ImportBinding:
    """One local name an `import` statement binds: `import a`, `* as ns`, `{ b }`, `{ c as d }`."""

    imported: str  # DEFAULT, NAMESPACE or the exported name read
    local: Node  # the local name
    name_node: Node  # where the imported name is written (the local name for a default or a namespace)


def import_bindings(source: bytes, stmt: Node) -> list[ImportBinding]:
    """The names an `import_statement` binds, in order (JavaScript and TypeScript alike)."""
    out: list[ImportBinding] = []
    for clause in stmt.named_children:
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":  # import a from
                out.append(ImportBinding(DEFAULT, part, part))
            elif part.type == "namespace_import":  # import * as ns from
                ident = next((c for c in part.named_children if c.type == "identifier"), None)
                if ident is not None:
                    out.append(ImportBinding(NAMESPACE, ident, ident))
            elif part.type == "named_imports":
                for spec in part.named_children:
                    if spec.type != "import_specifier":
                        continue
                    name_node = spec.child_by_field_name("name")
                    name = _name_of(source, name_node)
                    if name is None or name_node is None:
                        continue
                    out.append(ImportBinding(name, spec.child_by_field_name("alias") or name_node, name_node))
    return out


@dataclass(frozen=True, eq=False)
class ExportSpecifier:
    """One entry of an export clause `{ a, b as c }`."""

    name: str  # the local (or, with `from`, the source module's) name
    exported: str  # the name it is exported under
    name_node: Node
    where: Node  # the node naming the export: the alias, else the name


def export_specifiers(source: bytes, clause: Node) -> list[ExportSpecifier]:
    """The entries of an `export_clause`, in order."""
    out: list[ExportSpecifier] = []
    for spec in clause.named_children:
        if spec.type != "export_specifier":
            continue
        name_node = spec.child_by_field_name("name")
        alias_node = spec.child_by_field_name("alias")
        name = _name_of(source, name_node)
        if name is None or name_node is None:
            continue
        out.append(ExportSpecifier(name, _name_of(source, alias_node) or name, name_node, alias_node or name_node))
    return out


def _import_clause_names(source: bytes, stmt: Node) -> list[ImportedName]:
    return [ImportedName(b.imported, b.name_node.start_byte, b.name_node.end_byte, None, b.name_node.start_point[0],
                         _text(source, b.local))
            for b in import_bindings(source, stmt)]


def _reexport_names(source: bytes, stmt: Node) -> tuple[list[ImportedName], bool, list[ExportedName]]:
    """Names a re-export reads from its source, whether it is `export *`, and the names it exports."""
    names: list[ImportedName] = []
    own: list[ExportedName] = []
    clause = next((c for c in stmt.named_children if c.type in ("export_clause", "namespace_export")), None)
    if clause is None:
        return names, True, own  # export * from
    if clause.type == "namespace_export":  # export * as ns from
        ident = next((c for c in clause.named_children), clause)
        alias = _name_of(source, ident) or NAMESPACE
        names.append(ImportedName(NAMESPACE, ident.start_byte, ident.end_byte, alias, ident.start_point[0]))
        own.append(ExportedName(alias, None, ident.start_byte, ident.end_byte))
        return names, False, own
    for spec in export_specifiers(source, clause):
        node = spec.name_node
        names.append(ImportedName(spec.name, node.start_byte, node.end_byte, spec.exported, node.start_point[0]))
        own.append(ExportedName(spec.exported, None, spec.where.start_byte, spec.where.end_byte))
    return names, False, own


def _export_statement_names(source: bytes, stmt: Node) -> list[ExportedName]:
    out: list[ExportedName] = []
    is_default = any(c.type == "default" for c in stmt.children)
    declaration = stmt.child_by_field_name("declaration")
    if is_default:
        target = declaration or stmt.child_by_field_name("value") or stmt
        name_node = target.child_by_field_name("name") if target is not stmt else None
        if name_node is None and target.type == "identifier":  # export default foo;
            name_node = target
        local = _text(source, name_node) if name_node is not None else None
        where = name_node or next((c for c in stmt.children if c.type == "default"), stmt)
        return [ExportedName(DEFAULT, local, where.start_byte, where.end_byte)]
    if declaration is not None and declaration.type == "ambient_declaration":  # export declare const x: T;
        declaration = next((c for c in declaration.named_children), None)
    if declaration is not None:
        if declaration.type in ("lexical_declaration", "variable_declaration"):
            for declarator in declaration.named_children:
                if declarator.type == "variable_declarator":
                    pattern = declarator.child_by_field_name("name")
                    for ident in declared_names(pattern):
                        name = _text(source, ident)
                        out.append(ExportedName(name, name, ident.start_byte, ident.end_byte))
        else:
            name_node = declaration.child_by_field_name("name")
            if name_node is not None:
                name = _text(source, name_node)
                out.append(ExportedName(name, name, name_node.start_byte, name_node.end_byte))
        return out
    for clause in stmt.named_children:
        if clause.type == "export_clause":
            for spec in export_specifiers(source, clause):
                out.append(ExportedName(spec.exported, spec.name, spec.where.start_byte, spec.where.end_byte))
    return out


def _destructured_names(source: bytes, call: Node) -> list[ImportedName]:
    """Names read from a `require()` / `import()` result: `const { a, b: c } = require(...)`,
    `require(...).a`, `(await import(...)).a`; a whole-module use is the namespace name `*`. Each with the
    local name it is bound to (`c` of `b: c`, `m` of `const m = require(...)`, `t` of `const t =
    require(...).a`) when one plain name is."""
    node = call
    parent = node.parent
    while parent is not None and parent.type in ("await_expression", "parenthesized_expression"):
        node, parent = parent, parent.parent
    if parent is None:
        return []
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
        pattern = parent.child_by_field_name("name")
        if pattern is not None and pattern.type == "object_pattern":
            names = []
            for prop in object_properties(pattern):
                if prop.rest:  # ...rest: the whole module
                    return [ImportedName(NAMESPACE, pattern.start_byte, pattern.end_byte, None, pattern.start_point[0])]
                key = prop.key
                if key is not None and key.type in ("shorthand_property_identifier_pattern", "property_identifier",
                                                    "string"):
                    names.append(ImportedName(_name_of(source, key) or "", key.start_byte, key.end_byte, None,
                                              key.start_point[0], _bound_name(source, prop.target)))
            return names
        if pattern is not None:
            return [ImportedName(NAMESPACE, pattern.start_byte, pattern.end_byte, None, pattern.start_point[0],
                                 _bound_name(source, pattern))]
    is_promise = call.child_by_field_name("function").type == "import" and node is call  # import(...).then
    if parent.type == "member_expression" and parent.child_by_field_name("object") == node and not is_promise:
        prop = parent.child_by_field_name("property")
        if prop is not None and prop.type == "property_identifier":
            return [ImportedName(_text(source, prop), prop.start_byte, prop.end_byte, None, prop.start_point[0],
                                 _declared_as(source, parent))]
    if parent.type == "expression_statement":
        return []  # require("./polyfill"); side effect only
    return [ImportedName(NAMESPACE, call.start_byte, call.end_byte, None, call.start_point[0])]


def _bound_name(source: bytes, target: Node | None) -> str | None:
    """The name a destructuring target binds when it is one plain name (`a`, `{ a }`'s `a`, `b` of `a: b` or
    `a: b = 1`), else None (a nested pattern binds several)."""
    if target is None or target.type not in NAME_LEAVES:
        return None
    return _text(source, target)


def _declared_as(source: bytes, value: Node) -> str | None:
    """The plain name `value` initializes (`const t = value`), if it does."""
    parent = value.parent
    if parent is None or parent.type != "variable_declarator" or parent.child_by_field_name("value") != value:
        return None
    return _bound_name(source, parent.child_by_field_name("name"))


def _module_exports_object(source: bytes, value: Node) -> tuple[list[ExportedName], bool]:
    """Names of `module.exports = { ... }`; (names, dynamic) where dynamic means unknowable."""
    if value.type != "object":
        return [], True
    out: list[ExportedName] = []
    dynamic = False
    for prop in value.named_children:
        if prop.type == "shorthand_property_identifier":
            name = _text(source, prop)
            out.append(ExportedName(name, name, prop.start_byte, prop.end_byte))
        elif prop.type in ("pair", "method_definition"):
            key = prop.child_by_field_name("key") or prop.child_by_field_name("name")
            if key is None or key.type not in ("property_identifier", "string", "number"):
                dynamic = True  # computed key
                continue
            name = _name_of(source, key) or ""
            value_node = prop.child_by_field_name("value")
            local = _text(source, value_node) if value_node is not None and value_node.type == "identifier" else None
            out.append(ExportedName(name, local, key.start_byte, key.end_byte))
        elif prop.type == "spread_element":
            dynamic = True
    return out, dynamic

