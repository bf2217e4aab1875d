"""The one scope model of JavaScript: bindings, their declarations and references, resolved on demand and
cached with the document (`scopes_of(doc)`).

A binding is a name declared in one scope node: `var` and parameters belong to the enclosing function
(hoisting), `let`/`const`/`class`/`function` declarations to the enclosing block (`for` headers and `catch`
clauses are blocks of their own), imports to the program, and the name of a function or class
*expression* to that expression itself. Declaring positions come from `grammars/javascript/bindings.scm`;
names inside destructuring patterns are read by `syntax/patterns.py`.

Two ways to the same answers (a test holds them equal). Per name, on demand (a footprint, a highlight):
the occurrences of one name are found with a byte search limited to the scope that declares it, and each
hit is checked against the scopes between it and that scope (shadowing), so the cost grows with the number
of occurrences of the name, not the file size. Whole file (`index_all`, for type tracking, which resolves
every name): one bindings.scm query declares everything, and a name resolves by dictionary lookups.

A `ScopeAnalysis` belongs to one document snapshot and fills its caches as it is asked; `scopes_of(doc)`
hands every consumer (footprints, find-in-files, type tracking) the same one, so a document's scopes are
worked out once however many features ask. It holds the snapshot's bytes and tree, not the document, so the
weak cache entry goes with the document.

TypeScript and TSX use the same model with their own bindings.scm (which extends JavaScript's) and a few
more scopes (`TS_SCOPES`): a generic's type parameters belong to the declaration that introduces them
(`class Box<T>`, `type Pair<K> = ...`, a signature). Types and values share one name space here: a name
declared as both (`interface Page` and `class Page`, merged declarations) is one binding with several
declarations, which only ever makes a footprint larger, never a deletion unsafe. `type_identifier` nodes
(`: Page`, `Box<T>`) are names like identifiers, except the member part of a qualified type (`NS.Page`).
JSX element names are uses of a binding, except intrinsic elements (`<div>`), which name no binding.
"""

from __future__ import annotations

import threading
import weakref
from bisect import bisect_right
from dataclasses import dataclass, field

from tree_sitter import Node, QueryCursor, Tree

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.syntax.patterns import PATTERN_TYPES, declared_names, declaring_top

# Node types that name a binding (as a declaration or a use).
NAME_TYPES = frozenset({"identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern",
                        "type_identifier"})
# Parents of a JSX element's name: `<Comp>` uses the binding `Comp`, `<div>` is an intrinsic element.
JSX_NAME_PARENTS = frozenset({"jsx_opening_element", "jsx_closing_element", "jsx_self_closing_element"})

# Functions, as values or declarations.
FUNCTIONS = frozenset({"function_declaration", "function_expression", "generator_function_declaration",
                       "generator_function", "arrow_function", "method_definition"})
FUNCTION_SCOPES = FUNCTIONS | {"program", "class_static_block"}
BLOCK_SCOPES = frozenset({"statement_block", "for_statement", "for_in_statement", "switch_body", "catch_clause",
                          "class"})
SCOPES = FUNCTION_SCOPES | BLOCK_SCOPES
# TypeScript nodes that scope the type parameters (and signature parameters) they declare.
TS_SCOPES = SCOPES | frozenset({
    "class_declaration", "abstract_class_declaration", "interface_declaration", "type_alias_declaration",
    "function_signature", "method_signature", "abstract_method_signature", "call_signature", "construct_signature",
    "function_type", "constructor_type", "index_signature", "conditional_type",
})
_SCOPES_OF_LANGUAGE = {"typescript": TS_SCOPES, "tsx": TS_SCOPES}

# Parents under which an identifier may be a declaration; any other parent makes it a plain reference.
DECLARING_PARENTS = PATTERN_TYPES | frozenset({
    "variable_declarator", "for_in_statement", "formal_parameters", "arrow_function", "catch_clause",
    "function_declaration", "generator_function_declaration", "function_expression", "generator_function",
    "class_declaration", "class", "import_clause", "namespace_import", "import_specifier",
    # TypeScript
    "abstract_class_declaration", "interface_declaration", "type_alias_declaration", "type_parameter",
    "mapped_type_clause", "infer_type", "enum_declaration", "internal_module", "module", "function_signature",
    "import_require_clause", "import_alias", "index_signature",
})
# Kinds of the TypeScript declarations captured as def.type, by the node declaring them.
_TYPE_KINDS = {"interface_declaration": "interface", "type_alias_declaration": "type"}


@dataclass(frozen=True, eq=False)
class Declaration:
    """One declaring occurrence of a name."""

    name: str
    node: Node  # the declared identifier
    top: Node  # the captured node: the identifier or the outermost destructuring pattern holding it
    capture: str  # def.var, def.param, def.func, def.class, def.import
    kind: str  # var, let, const, param, catch, function, class, import
    scope: Node


# A binding's identity: (id of the scope node declaring it, name). Consumers that track something per
# binding (type tracking's values) key it so; None as the scope stands for an undeclared (global) name.
BindingKey = tuple[int | None, str]


@dataclass(eq=False)
class Binding:
    name: str
    scope: Node
    declarations: list[Declaration]

    @property
    def key(self) -> BindingKey:
        return self.scope.id, self.name

    @property
    def declaration(self) -> Declaration:
        return self.declarations[0]


@dataclass
class Occurrence:
    node: Node
    declaration: Declaration | None  # set when this occurrence declares the binding


@dataclass(eq=False)
class ScopeAnalysis:
    """Name resolution over one document snapshot. Cheap to create; caches what it computes.
    Prefer `scopes_of(doc)`, which shares one analysis per snapshot."""

    source: bytes
    tree: Tree
    language: str = "javascript"  # whose grammars/<language>/bindings.scm names the declaring positions
    _decl_cache: dict[int, Declaration | None] = field(default_factory=dict)
    _scope_decls: dict[tuple[int, str], list[Declaration]] = field(default_factory=dict)
    _hit_cache: dict[tuple[int, str], list[Node]] = field(default_factory=dict)
    _keys: dict[int, "BindingKey"] = field(default_factory=dict)
    _indexed: bool = False  # every declaration found at once (`index_all`): no byte search needed
    # name -> (the scopes declaring it, sorted by start; their start bytes), for `_innermost_declaring`
    _scopes_by_name: dict[str, tuple[list[Node], list[int]]] = field(default_factory=dict)
    scope_types: frozenset[str] = SCOPES  # the node types that hold declarations in this language

    def __post_init__(self) -> None:
        self.scope_types = _SCOPES_OF_LANGUAGE.get(self.language, SCOPES)

    @classmethod
    def of(cls, doc: ParsedDocument) -> "ScopeAnalysis":
        return cls(doc.source, doc.tree, doc.language or "javascript")

    # --- lookups --------------------------------------------------------------------------------------
    def name_at(self, offset: int) -> Node | None:
        """The name node at `offset`, or just before it (a cursor right after `box|`)."""
        root = self.tree.root_node if self.tree else None
        if root is None:
            return None
        for probe in (offset, offset - 1):
            if probe < 0:
                continue
            node = root.descendant_for_byte_range(probe, probe)
            if node is not None and is_name(node, self.source):
                return node
        return None

    def text(self, node: Node) -> str:
        return self.source[node.start_byte:node.end_byte].decode("utf-8", errors="replace")

    def binding_at(self, offset: int) -> Binding | None:
        node = self.name_at(offset)
        return self.resolve(node) if node is not None else None

    def resolve(self, node: Node) -> Binding | None:
        """The binding a name node declares or refers to; None for globals and undeclared names."""
        name = self.text(node)
        decl = self.declaration_of(node)
        if decl is not None:
            return Binding(name, decl.scope, self.declarations_in(decl.scope, name))
        return self.resolve_name(name, node.parent)

    def key_of(self, node: Node) -> BindingKey:
        """The key of the binding a name node declares or refers to; (None, name) for an undeclared name.
        Cached per node, and with `index_all` done, a dictionary lookup and a binary search."""
        key = self._keys.get(node.id)
        if key is not None:
            return key
        if self._indexed:
            # `index_all` gave every declaring name its key: this one is a reference. Inlined (type tracking
            # asks this for every name of the file): the name's text, then `_innermost_declaring`.
            start, end = node.start_byte, node.end_byte
            name = self.source[start:end].decode("utf-8", errors="replace")
            scope = self._innermost_declaring_span(name, start, end)
            if scope is False:
                binding = self.resolve_name(name, node.parent)
                key = binding.key if binding is not None else (None, name)
            else:
                key = (scope.id if scope is not None else None, name)
        else:
            decl = self.declaration_of(node)
            if decl is not None:
                key = (decl.scope.id, decl.name)
            else:
                name = self.text(node)
                binding = self.resolve_name(name, node.parent)
                key = binding.key if binding is not None else (None, name)
        self._keys[node.id] = key
        return key

    def occurrences(self, binding: Binding) -> list[Occurrence]:
        """Every occurrence of the binding (declarations and references), in document order."""
        found = []
        scope_id = binding.scope.id
        for node in self.name_nodes(binding.scope, binding.name):
            decl = self.declaration_of(node)
            if decl is not None:
                if decl.scope.id == scope_id:
                    found.append(Occurrence(node, decl))
                continue
            if self._resolves_within(node, binding):
                found.append(Occurrence(node, None))
        return found

    # --- internals ------------------------------------------------------------------------------------
    def _resolves_within(self, node: Node, binding: Binding) -> bool:
        """Whether a reference inside `binding.scope` is not captured by a nearer declaration."""
        scope = node.parent
        target = binding.scope.id
        while scope is not None:
            if scope.id == target:
                return True
            if scope.type in self.scope_types and self.declarations_in(scope, binding.name):
                return False
            scope = scope.parent
        return False

    def name_nodes(self, scope: Node, name: str) -> list[Node]:
        """Every name node (declaration or reference, any binding) spelled `name` inside `scope` (cached). A byte search finds candidates, the tree
        confirms them: strings, comments and property names never match."""
        key = (scope.id, name)
        cached = self._hit_cache.get(key)
        if cached is not None:
            return cached
        needle = name.encode("utf-8")
        source = self.source
        root = self.tree.root_node
        nodes = []
        pos, end, size = scope.start_byte, scope.end_byte, len(needle)
        find = source.find
        while True:
            i = find(needle, pos, end)
            if i < 0:
                break
            pos = i + 1
            if (i > 0 and _is_name_byte(source[i - 1])) or (i + size < len(source) and _is_name_byte(source[i + size])):
                continue
            node = root.descendant_for_byte_range(i, i + size)
            if node is not None and node.start_byte == i and node.end_byte == i + size and is_name(node, source):
                nodes.append(node)
        self._hit_cache[key] = nodes
        return nodes

    def declarations_in(self, scope: Node, name: str) -> list[Declaration]:
        """Declarations of `name` whose scope is exactly `scope` (cached)."""
        key = (scope.id, name)
        cached = self._scope_decls.get(key)
        if cached is not None:
            return cached
        if self._indexed:
            return []
        decls = []
        for node in self.name_nodes(scope, name):
            decl = self.declaration_of(node)
            if decl is not None and decl.scope.id == scope.id:
                decls.append(decl)
        self._scope_decls[key] = decls
        return decls

    def resolve_name(self, name: str, at: Node | None) -> Binding | None:
        """The binding `name` means at node `at` (the nearest scope around `at` declaring it), or None."""
        if self._indexed and at is not None:
            scope = self._innermost_declaring(name, at)
            if scope is not False:
                return Binding(name, scope, self._scope_decls[(scope.id, name)]) if scope is not None else None
        scope: Node | None = at
        scope_types = self.scope_types
        while scope is not None:
            if scope.type in scope_types:
                decls = self.declarations_in(scope, name)
                if decls:
                    return Binding(name, scope, decls)
            scope = scope.parent
        return None

    def index_all(self) -> None:
        """Find every declaration of the document at once: one query over the whole tree. Resolution is
        then dictionary lookups. Worth it for a consumer that resolves every name of the file (type
        tracking); a footprint asks about one name and stays with the per-name search."""
        if self._indexed:
            return
        by_node: dict[int, Declaration] = {}
        by_scope: dict[tuple[int, str], list[Declaration]] = {}
        keys: dict[int, BindingKey] = {}
        for capture, tops in queries.captures(self.language, "bindings", self.tree.root_node).items():
            for i, top in enumerate(tops):
                if not i & 1023:
                    queries.check_time()  # the document's time limit
                owner = top.parent
                if owner is None:
                    continue
                kind, scope = _kind_and_scope(owner, capture)
                if scope is None:
                    continue
                for leaf in (top,) if top.type in ("identifier", "type_identifier") else declared_names(top):
                    decl = Declaration(self.text(leaf), leaf, top, capture, kind, scope)
                    by_node[leaf.id] = decl
                    keys[leaf.id] = (scope.id, decl.name)  # what key_of would find for it, without asking again
                    by_scope.setdefault((scope.id, decl.name), []).append(decl)
        scopes_of_name: dict[str, list[Node]] = {}
        for (_, name), decls in by_scope.items():
            if len(decls) > 1:
                decls.sort(key=lambda d: d.node.start_byte)
            scopes_of_name.setdefault(name, []).append(decls[0].scope)
        scopes_by_name = {}
        for name, scopes in scopes_of_name.items():
            if len(scopes) > 1:
                scopes.sort(key=lambda n: (n.start_byte, -n.end_byte))
            scopes_by_name[name] = (scopes, [n.start_byte for n in scopes])
        # Swap in whole dictionaries, then raise the flag: a reader in another thread sees old or new, never half.
        self._decl_cache = by_node  # type: ignore[assignment]
        self._scope_decls = by_scope
        self._scopes_by_name = scopes_by_name
        self._keys.update(keys)
        self._indexed = True

    def _innermost_declaring(self, name: str, at: Node) -> Node | None | bool:
        """Among the scopes declaring `name`, the innermost one holding `at`, by byte ranges: scopes nest,
        so the holders of `at` are its ancestors, and the innermost is the holder that starts last. The
        scopes are sorted by start (outer first on a tie), so a binary search and a short walk back find it,
        with no climb through parents. False when only the tree can tell quickly (two candidates span the same
        bytes, or many sibling scopes declare the name before `at`)."""
        return self._innermost_declaring_span(name, at.start_byte, at.end_byte)

    def _innermost_declaring_span(self, name: str, start: int, end: int) -> Node | None | bool:
        """`_innermost_declaring` for the node spanning bytes [start, end)."""
        scopes, starts = self._scopes_by_name.get(name, ((), ()))
        i = bisect_right(starts, start)
        for _ in range(_MAX_WALK_BACK):
            if i == 0:
                return None
            i -= 1
            scope = scopes[i]
            if scope.end_byte >= end:
                if i > 0 and scopes[i - 1].start_byte == scope.start_byte and scopes[i - 1].end_byte == scope.end_byte:
                    return False
                return scope
        return False  # many earlier sibling scopes declare the name too: climbing is cheaper

    def declarations(self) -> list[Declaration]:
        """Every declaration of the document, in any scope."""
        self.index_all()
        return [d for decls in self._scope_decls.values() for d in decls]

    def declared_anywhere(self) -> frozenset[str]:
        """Every name the document declares, in any scope."""
        self.index_all()
        return frozenset(name for _, name in self._scope_decls)

    def declaration_of(self, node: Node) -> Declaration | None:
        """The Declaration if `node` is in a declaring position, else None (cached per node)."""
        if node.id in self._decl_cache:
            return self._decl_cache[node.id]
        if self._indexed:
            return None
        decl = self._classify(node)
        self._decl_cache[node.id] = decl
        return decl

    def _classify(self, node: Node) -> Declaration | None:
        if node.type == "shorthand_property_identifier":
            return None  # `{ box }` in an object literal is a use
        parent = node.parent
        if parent is None or parent.type not in DECLARING_PARENTS:
            return None
        top = declaring_top(node)  # None: a default value (`{ a = box }`) or a computed key (`{ [box]: a }`)
        if top is None:
            return None
        owner = top.parent
        if owner is None:
            return None
        cursor = QueryCursor(queries.load(self.language, "bindings"))
        cursor.set_byte_range(top.start_byte, top.end_byte)
        capture = None
        for cap, nodes in cursor.captures(owner).items():
            if any(n.id == top.id for n in nodes):
                capture = cap
                break
        if capture is None:
            return None
        kind, scope = _kind_and_scope(owner, capture)
        if scope is None:
            return None
        return Declaration(self.text(node), node, top, capture, kind, scope)


_MAX_WALK_BACK = 32


def is_name(node: Node, source: bytes) -> bool:
    """Whether `node` names a binding (declared or used): not a qualified type's member (`NS.Page`), not an
    intrinsic JSX element (`<div>`)."""
    t = node.type
    if t not in NAME_TYPES:
        return False
    start = node.start_byte
    if t == "type_identifier":
        if start == 0 or source[start - 1:start] != b".":  # only `NS.Page` can be a member (no parent lookup)
            return True
        parent = node.parent
        return not (parent is not None and parent.type == "nested_type_identifier"
                    and parent.child_by_field_name("name") == node)
    if t == "identifier" and 0x61 <= source[start] <= 0x7A and start and source[start - 1:start] in (b"<", b"/"):
        parent = node.parent  # `<div` / `</div`: an intrinsic JSX element, or an expression (`a < b`, `a / b`)
        return parent is None or parent.type not in JSX_NAME_PARENTS
    return True


def _is_name_byte(b: int) -> bool:
    """A byte that can continue an identifier: ASCII word characters, `$`, and any non-ASCII byte."""
    return b >= 0x80 or b == 0x24 or b == 0x5F or 0x30 <= b <= 0x39 or 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A


def _kind_and_scope(owner: Node, capture: str) -> tuple[str, Node | None]:
    t = owner.type
    if capture == "def.var":
        if t == "variable_declarator":
            statement = owner.parent
            keyword = statement.child(0).type if statement is not None and statement.child_count else "var"
        else:  # for_in_statement
            statement = owner
            kind_node = owner.child_by_field_name("kind")
            keyword = kind_node.type if kind_node is not None else "var"
        if keyword == "var":
            return "var", function_scope(statement)
        return keyword, owner if t == "for_in_statement" else block_scope(statement)
    if capture == "def.param":
        if t == "formal_parameters":
            return "param", owner.parent
        if t == "catch_clause":
            return "catch", owner
        return "param", owner  # arrow_function with one bare parameter; a TS index signature's key
    if capture == "def.type":
        if t in _TYPE_KINDS:
            return _TYPE_KINDS[t], block_scope(owner)
        if t == "type_parameter":  # `<T>`: the function, class, interface or alias declaring it
            params = owner.parent
            return "type-param", params.parent if params is not None else None
        if t == "infer_type":  # `infer U`: the conditional type around it
            node = owner.parent
            while node is not None and node.type != "conditional_type":
                node = node.parent
            return "type-param", node
        return "type-param", owner.parent  # mapped_type_clause: `{ [P in keyof T]: T[P] }` (an index_signature)
    if capture == "def.enum":
        return "enum", block_scope(owner)
    if capture == "def.namespace":
        return "namespace", block_scope(owner)
    if capture == "def.func":
        if t in ("function_expression", "generator_function"):
            return "function", owner
        return "function", block_scope(owner)
    if capture == "def.class":
        if t == "class":
            return "class", owner
        return "class", block_scope(owner)  # class_declaration, abstract_class_declaration
    if capture == "def.import":
        node = owner
        while node.parent is not None:
            node = node.parent
        return "import", node
    return capture, None


def function_scope(node: Node | None) -> Node | None:
    """The nearest function (or program) strictly above `node`: where `var` lives."""
    node = node.parent if node is not None else None
    while node is not None and node.type not in FUNCTION_SCOPES:
        node = node.parent
    return node


def block_scope(node: Node | None) -> Node | None:
    """The nearest scope strictly above `node`: where `let`, `const`, classes and functions live."""
    node = node.parent if node is not None else None
    while node is not None and node.type not in SCOPES:
        node = node.parent
    return node


_cache: "weakref.WeakKeyDictionary[ParsedDocument, ScopeAnalysis]" = weakref.WeakKeyDictionary()
_cache_lock = threading.Lock()


def scopes_of(doc: ParsedDocument) -> ScopeAnalysis:
    """The scope analysis of `doc`, shared by every consumer of this snapshot (the document must be parsed)."""
    with _cache_lock:
        analysis = _cache.get(doc)
        if analysis is None:
            analysis = ScopeAnalysis.of(doc)
            _cache[doc] = analysis
        return analysis
