"""Footprints: everything in a file tied to one binding, so it can be seen and deleted as one.

The footprint of `box` is its declaration, every whole statement that assigns it or its properties, calls
methods on it (chains included) or only exists to wire it (`page.add(box)`), its *dependents* (bindings
initialised from it, each with its own footprint) and its *entangled uses*: references inside statements
that also do other work (`if (box.visible)`, `return box`), which are reported, never deleted blindly.

`compute_footprint` and `deletion_edits` are pure functions over a ParsedDocument (byte offsets). The code
action, document highlight, the `footprint` command and the `footprint` CLI verb are thin layers over them.
Every deletion is checked before it is offered: applied to a copy, re-parsed, and re-resolved, so an edit
that leaves a syntax error or a reference to a deleted binding is never offered enabled.

TypeScript and TSX go through the same code: their declarations (interfaces, type aliases, enums, namespaces,
overload signatures, `declare` forms) are statements like any other, a use in a type (`: Page`, `Box<Page>`)
or a JSX element (`<Page />`) is a use, and `as`, `!`, `satisfies` and `<T>x` are looked through like
parentheses when a chain of calls starts from the binding.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from tree_sitter import Node

from lsp_server import providers
from lsp_server.document import ParsedDocument
from lsp_server.languages import SOURCE_LANGUAGES
from lsp_server.syntax import syntax_for
from lsp_server.syntax.patterns import declared_names, element_of
from lsp_server.syntax.scopes import Binding, Declaration, ScopeAnalysis, scopes_of

log = logging.getLogger(__name__)

STATEMENT_TYPES = frozenset({
    "expression_statement", "lexical_declaration", "variable_declaration", "function_declaration",
    "generator_function_declaration", "class_declaration", "import_statement", "export_statement",
    "if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement", "try_statement",
    "switch_statement", "return_statement", "throw_statement", "break_statement", "continue_statement",
    "labeled_statement", "empty_statement", "debugger_statement", "with_statement", "field_definition",
    # TypeScript
    "interface_declaration", "type_alias_declaration", "enum_declaration", "abstract_class_declaration",
    "function_signature", "ambient_declaration", "module", "import_alias", "public_field_definition",
})
# Wrappers a declaration is removed with: `export`, `declare` (and `export declare`).
DECLARATION_WRAPPERS = frozenset({"export_statement", "ambient_declaration"})
# Expressions that only restate their operand's type: looked through like parentheses.
TYPE_WRAPPERS = frozenset({"as_expression", "satisfies_expression", "type_assertion", "non_null_expression"})
# Where a statement can simply disappear; anywhere else (`if (x) box.hide();`) it is replaced by `{}`.
STATEMENT_LISTS = frozenset({"program", "statement_block", "switch_case", "switch_default", "class_body"})
# Comma-separated lists whose elements are removed one by one: list type -> element types.
LISTS = {
    "variable_declaration": {"variable_declarator"},
    "lexical_declaration": {"variable_declarator"},
    "object_pattern": {"shorthand_property_identifier_pattern", "pair_pattern", "object_assignment_pattern",
                       "rest_pattern"},
    "array_pattern": None,  # every named child (positional: removed elements leave holes)
    "named_imports": {"import_specifier"},
    "import_clause": {"identifier", "namespace_import", "named_imports"},
    "export_clause": {"export_specifier"},
}
# Expressions with side effects: a call argument list holding one of these does more than wiring.
EFFECTS = frozenset({"call_expression", "new_expression", "assignment_expression",
                     "augmented_assignment_expression", "update_expression", "await_expression",
                     "yield_expression"})
FUNCTIONS = frozenset({"function_expression", "arrow_function", "generator_function", "class"})
MAX_DEPENDENT_DEPTH = 8


@dataclass(frozen=True)
class Statement:
    start: int
    end: int
    role: str  # declaration, assign, call, wire, export


@dataclass(frozen=True)
class Piece:
    """A node to remove: a whole statement, or one element of a comma list (declarator, specifier...)."""

    start: int
    end: int
    type: str


@dataclass(frozen=True)
class Use:
    """A reference kept out of the footprint: entangled, or initialising a dependent."""

    start: int  # the identifier
    end: int
    statement_start: int
    statement_end: int
    line: int  # 0-based line of the identifier
    text: str  # the statement's first line, trimmed


@dataclass(frozen=True)
class Footprint:
    name: str
    kind: str  # var, let, const, function, class, import, param, catch
    name_start: int
    name_end: int
    declaration: tuple[int, int]  # the declaration statement (or the parameter, for kept declarations)
    statements: tuple[Statement, ...]  # whole statements, declaration included, in document order
    pieces: tuple[Piece, ...]  # what deleting the footprint removes
    dependents: tuple["Footprint", ...]
    entangled: tuple[Use, ...]
    initialises: tuple[Use, ...]  # uses that initialise a dependent binding
    exported: bool
    references: tuple[tuple[int, int], ...]  # every occurrence of the binding, declarations included
    declaration_kept: bool = False  # parameters and loop variables stay; only their uses go

    def all_dependents(self) -> list["Footprint"]:
        out: list[Footprint] = []
        for d in self.dependents:
            out.append(d)
            out.extend(d.all_dependents())
        return out


# --- computing a footprint ----------------------------------------------------------------------------
def compute_footprint(doc: ParsedDocument, offset: int, dependents: bool = False) -> Footprint | None:
    """The footprint of the binding at `offset` (a declaration or any reference), or None."""
    syntax = syntax_for(doc.language)
    if doc.tree is None or syntax is None:
        return None
    analysis = syntax.scopes(doc)
    binding = analysis.binding_at(offset)
    if binding is None:
        return None
    return _footprint(doc, analysis, binding, dependents, set(), 0)


def _footprint(doc: ParsedDocument, analysis: ScopeAnalysis, binding: Binding, with_dependents: bool, seen: set,
               depth: int) -> Footprint:
    seen.add(binding.key)
    decl = binding.declaration
    occurrences = analysis.occurrences(binding)
    statements: dict[tuple[int, int], Statement] = {}
    pieces: dict[tuple[int, int, str], Piece] = {}
    raw_entangled: list[tuple[Node, Node]] = []
    initialises: list[tuple[Node, Node, Node]] = []  # (ref, statement, declarator)
    exported = False

    def add_statement(node: Node, role: str) -> None:
        node = _outer_statement(node)
        key = (node.start_byte, node.end_byte)
        if key not in statements or statements[key].role != "declaration":
            statements[key] = Statement(node.start_byte, node.end_byte, role)
        pieces[(node.start_byte, node.end_byte, node.type)] = Piece(node.start_byte, node.end_byte, node.type)

    kept = False
    for d in binding.declarations:
        piece, stmt, is_kept = _declaration_piece(d)
        kept = kept or (d is decl and is_kept)
        if piece is not None:
            pieces[(piece.start_byte, piece.end_byte, piece.type)] = Piece(piece.start_byte, piece.end_byte, piece.type)
        if stmt is not None:
            stmt = _outer_statement(stmt)
            statements[(stmt.start_byte, stmt.end_byte)] = Statement(stmt.start_byte, stmt.end_byte, "declaration")
            if stmt.parent is not None and stmt.type == "export_statement":
                exported = True

    for occ in occurrences:
        if occ.declaration is not None:
            continue
        role, target = _classify_use(occ.node)
        if _is_commonjs_export(occ.node):
            exported = True
        if role == "export-element":
            exported = True
            pieces[(target.start_byte, target.end_byte, target.type)] = Piece(target.start_byte, target.end_byte, target.type)
            export_stmt = _outer_statement(_statement_of(target))
            statements.setdefault((export_stmt.start_byte, export_stmt.end_byte),
                                  Statement(export_stmt.start_byte, export_stmt.end_byte, "export"))
        elif role in ("assign", "call", "wire", "export"):
            if role == "export":
                exported = True
            add_statement(target, role)
        elif role == "dependent":
            initialises.append((occ.node, _statement_of(target), target))
        else:
            raw_entangled.append((occ.node, target))

    removed = [(p.start, p.end) for p in pieces.values()]
    entangled = tuple(_use(doc, ref, stmt) for ref, stmt in raw_entangled
                      if not _inside_any(ref.start_byte, ref.end_byte, removed))
    init_uses = tuple(_use(doc, ref, stmt) for ref, stmt, _ in initialises
                      if not _inside_any(ref.start_byte, ref.end_byte, removed))

    deps: list[Footprint] = []
    if with_dependents and depth < MAX_DEPENDENT_DEPTH:
        for ref, _, declarator in initialises:
            if _inside_any(ref.start_byte, ref.end_byte, removed):
                continue
            for leaf in declared_names(declarator.child_by_field_name("name")):
                dep = analysis.resolve(leaf)
                if dep is None or dep.key in seen:
                    continue
                deps.append(_footprint(doc, analysis, dep, True, seen, depth + 1))

    decl_stmt = _outer_statement(_statement_of(decl.node)) if not kept else decl.top
    return Footprint(
        name=binding.name,
        kind=decl.kind,
        name_start=decl.node.start_byte,
        name_end=decl.node.end_byte,
        declaration=(decl_stmt.start_byte, decl_stmt.end_byte),
        statements=tuple(sorted(statements.values(), key=lambda s: (s.start, s.end))),
        pieces=tuple(sorted(pieces.values(), key=lambda p: (p.start, p.end))),
        dependents=tuple(deps),
        entangled=entangled,
        initialises=init_uses,
        exported=exported,
        references=tuple((o.node.start_byte, o.node.end_byte) for o in occurrences),
        declaration_kept=kept,
    )


def _declaration_piece(decl: Declaration) -> tuple[Node | None, Node | None, bool]:
    """(node to remove, statement to report, kept?) for one declaring occurrence."""
    owner = decl.top.parent
    if decl.capture == "def.var" and owner.type == "variable_declarator":
        statement = owner.parent
        if statement is not None and statement.parent is not None and statement.parent.type == "for_statement":
            return None, None, True  # `for (let i = 0; ...)`: the loop header stays, like a parameter
        element = decl.node
        if decl.top is not decl.node:
            element = element_of(decl.node)
        else:
            element = owner
        return element, owner.parent, False
    if decl.capture in ("def.func", "def.class") and owner.type in (
            "function_declaration", "generator_function_declaration", "class_declaration",
            "abstract_class_declaration", "function_signature"):
        return _outer_statement(owner), owner, False
    if (decl.capture == "def.type" and decl.kind in ("interface", "type")) or decl.capture == "def.enum":
        return _outer_statement(owner), owner, False
    if decl.capture == "def.namespace":
        statement = _statement_of(owner)  # `namespace N {}` is an expression statement
        return _outer_statement(statement), statement, False
    if decl.capture == "def.import":
        element = decl.node
        if owner.type == "import_specifier":
            element = owner
        elif owner.type == "namespace_import":
            element = owner
        elif owner.type in ("import_require_clause", "import_alias"):  # `import fs = require("fs")`: the statement
            element = _outer_statement(_statement_of(owner))
        return element, _statement_of(owner), False
    # parameters, catch parameters, loop variables, names of function/class expressions: they stay
    return None, None, True


def _chain_head(ref: Node) -> Node:
    """The largest expression `ref` starts as an object or callee: `box.addRow().setHeight(3)`."""
    cur = ref
    while True:
        parent = cur.parent
        if parent is None:
            return cur
        t = parent.type
        if t in ("member_expression", "subscript_expression") and parent.child_by_field_name("object") == cur:
            cur = parent
        elif t == "call_expression" and parent.child_by_field_name("function") == cur:
            cur = parent
        elif t in ("await_expression", "parenthesized_expression"):
            cur = parent
        elif t in TYPE_WRAPPERS and parent.named_children and parent.named_children[-1 if t == "type_assertion" else 0] == cur:
            cur = parent  # `(box as Frame).hide()`, `box!.hide()`, `(<Frame>box).hide()`
        else:
            return cur


def _classify_use(ref: Node) -> tuple[str, Node]:
    """How a reference takes part: (role, node). Roles: assign, call, wire, export, export-element (node =
    the specifier), dependent (node = the declarator), entangled (node = the innermost statement)."""
    parent = ref.parent
    if parent.type == "export_specifier":
        return "export-element", parent
    if parent.type == "export_statement":
        return "export", parent  # export default box;
    cur = _chain_head(ref)
    ctx = cur.parent
    t = ctx.type
    in_statement = ctx.parent is not None and ctx.parent.type == "expression_statement"
    if t == "expression_statement":
        return ("call" if cur is not ref else "wire"), ctx
    if t in ("assignment_expression", "augmented_assignment_expression") and in_statement:
        if ctx.child_by_field_name("left") == cur:
            return "assign", ctx.parent
        left = ctx.child_by_field_name("left")
        if cur is ref and left is not None and left.type in ("member_expression", "subscript_expression") \
                and _pure(left):
            return "wire", ctx.parent  # page.header = box;
    if t == "update_expression" and in_statement:
        return "assign", ctx.parent
    if t == "unary_expression" and in_statement and ctx.child(0) is not None and ctx.child(0).type == "delete":
        return "assign", ctx.parent
    if t == "arguments" or (t == "spread_element" and ctx.parent is not None and ctx.parent.type == "arguments"):
        args = ctx if t == "arguments" else ctx.parent
        call = args.parent
        head = call
        while head.parent is not None and head.parent.type in ("await_expression", "parenthesized_expression"):
            head = head.parent
        if call.type == "call_expression" and head.parent is not None and head.parent.type == "expression_statement":
            callee = call.child_by_field_name("function")
            others = [a for a in args.named_children if a != cur and a != ctx and a.type != "comment"]
            if callee is not None and _pure(callee) and all(_plain(a) for a in others):
                return "wire", head.parent  # page.add(box);
    # Follow the value outwards: into a declarator it initialises a dependent, else it is entangled.
    node = cur
    while node.parent is not None:
        p = node.parent
        if p.type == "variable_declarator" and p.child_by_field_name("value") == node:
            return "dependent", p
        if p.type in STATEMENT_TYPES or p.type in STATEMENT_LISTS or p.type in ("formal_parameters", "class_heritage"):
            break
        node = p
    return "entangled", _statement_of(ref)


def _pure(node: Node) -> bool:
    """No side effects in this expression (function bodies are values, not run here)."""
    if node.type in EFFECTS:
        return False
    if node.type in FUNCTIONS:
        return True
    return all(_pure(c) for c in node.named_children)


PLAIN = frozenset({"identifier", "member_expression", "subscript_expression", "string", "number", "true", "false",
                   "null", "undefined", "this", "template_string", "object", "array", "pair", "property_identifier",
                   "shorthand_property_identifier", "string_fragment", "escape_sequence", "template_substitution",
                   "unary_expression", "binary_expression", "parenthesized_expression", "computed_property_name",
                   "spread_element", "private_property_identifier", "regex", "regex_pattern", "regex_flags"})


def _plain(node: Node) -> bool:
    """Values and references only: no calls, no assignments, no callbacks (which do work of their own)."""
    return node.type in PLAIN and all(_plain(c) for c in node.named_children)


def _is_commonjs_export(ref: Node) -> bool:
    """`module.exports = box`, `exports.box = box`, `module.exports = { box }`."""
    node = ref
    while node.parent is not None and node.parent.type in ("object", "pair", "shorthand_property_identifier"):
        node = node.parent
    p = node.parent
    if p is None or p.type != "assignment_expression" or p.child_by_field_name("right") != node:
        return False
    left = p.child_by_field_name("left")
    text = left.text.decode("utf-8", "replace") if left is not None and left.text is not None else ""
    return text == "module.exports" or text.startswith(("module.exports.", "exports."))


def _statement_of(node: Node) -> Node:
    cur = node
    while cur.parent is not None and cur.type not in STATEMENT_TYPES:
        cur = cur.parent
    return cur


def _outer_statement(node: Node) -> Node:
    """A declaration under `export` or `declare` is removed with its keywords."""
    while node.parent is not None and node.parent.type in DECLARATION_WRAPPERS:
        node = node.parent
    return node


def _inside_any(start: int, end: int, ranges: list[tuple[int, int]]) -> bool:
    return any(s <= start and end <= e for s, e in ranges)


def _use(doc: ParsedDocument, ref: Node, stmt: Node) -> Use:
    line = doc.lines.line_of(ref.start_byte)
    first = doc.lines.line_of(stmt.start_byte)
    text = doc.lines.line_bytes(first).decode("utf-8", "replace").strip()
    if stmt.end_byte > doc.lines.line_end(first):
        text = text if len(text) <= 60 else text[:57] + "..."
    return Use(ref.start_byte, ref.end_byte, stmt.start_byte, stmt.end_byte, line, text[:80])


# --- deletion -------------------------------------------------------------------------------------------
def removed_pieces(fp: Footprint, with_dependents: bool) -> list[Piece]:
    pieces = list(fp.pieces)
    if with_dependents:
        for dep in fp.all_dependents():
            pieces.extend(dep.pieces)
    return pieces


def remaining_entangled(fp: Footprint, with_dependents: bool) -> list[Use]:
    """Entangled uses that deleting the footprint would leave behind (uses inside deleted code vanish)."""
    removed = [(p.start, p.end) for p in removed_pieces(fp, with_dependents)]
    uses = list(fp.entangled)
    if with_dependents:
        for dep in fp.all_dependents():
            uses.extend(dep.entangled)
    seen: set[tuple[int, int]] = set()
    out = []
    for u in sorted(uses, key=lambda u: u.start):
        if (u.start, u.end) in seen or _inside_any(u.start, u.end, removed):
            continue
        seen.add((u.start, u.end))
        out.append(u)
    return out


def deletion_edits(doc: ParsedDocument, footprint: Footprint, with_dependents: bool) -> list[providers.TextEdit]:
    """Edits that delete the footprint (and its dependents'): whole lines for whole statements, elements
    of comma lists with their comma, nothing left dangling. Sorted, non-overlapping."""
    root = doc.tree.root_node
    targets: dict[int, Node] = {}
    for p in removed_pieces(footprint, with_dependents):
        node = _node_at(root, p)
        if node is not None:
            targets[node.id] = node
    targets = _escalate(targets)
    nodes = sorted(targets.values(), key=lambda n: (n.start_byte, -n.end_byte))
    # Drop targets inside other targets.
    outer: list[Node] = []
    for n in nodes:
        if outer and n.start_byte >= outer[-1].start_byte and n.end_byte <= outer[-1].end_byte:
            continue
        outer.append(n)
    ranges: list[tuple[int, int, str]] = []
    by_list: dict[int, tuple[Node, list[Node]]] = {}
    for n in outer:
        parent = n.parent
        if parent is not None and parent.type in LISTS and n.type not in STATEMENT_TYPES:
            by_list.setdefault(parent.id, (parent, []))[1].append(n)
        else:
            ranges.append(_statement_range(doc, n))
    for parent, removed in by_list.values():
        ranges.extend(_element_ranges(parent, removed))
    return _merge(doc, ranges)


def _node_at(root: Node, piece: Piece) -> Node | None:
    node = root.descendant_for_byte_range(piece.start, piece.end)
    while node is not None and not (node.start_byte == piece.start and node.end_byte == piece.end
                                    and node.type == piece.type):
        if node.start_byte < piece.start or node.end_byte > piece.end:
            return None
        node = node.parent
    return node


def _elements(parent: Node) -> list[Node]:
    wanted = LISTS.get(parent.type)
    return [c for c in parent.named_children if c.type != "comment" and (wanted is None or c.type in wanted)]


def _escalate(targets: dict[int, Node]) -> dict[int, Node]:
    """A list whose every element goes is removed itself (as an element of its own container)."""
    changed = True
    while changed:
        changed = False
        for node in list(targets.values()):
            parent = node.parent
            if node.id not in targets or parent is None or parent.type not in LISTS:
                continue
            if node.type in STATEMENT_TYPES:
                continue
            elements = _elements(parent)
            if elements and all(e.id in targets for e in elements):
                for e in elements:
                    targets.pop(e.id, None)
                replacement = _container_target(parent)
                targets[replacement.id] = replacement
                changed = True
    return targets


def _container_target(list_node: Node) -> Node:
    t = list_node.type
    if t in ("variable_declaration", "lexical_declaration"):
        return _outer_statement(list_node)
    if t in ("object_pattern", "array_pattern"):
        parent = list_node.parent
        if parent.type == "variable_declarator":
            return parent
        return element_of(list_node)
    if t == "named_imports":
        return list_node  # an element of import_clause
    if t == "import_clause":
        return list_node.parent  # the import statement
    if t == "export_clause":
        return list_node.parent
    return list_node


def _element_ranges(parent: Node, removed: list[Node]) -> list[tuple[int, int, str]]:
    elements = _elements(parent)
    ids = {n.id for n in removed}
    out = []
    if parent.type == "array_pattern":
        # Positions matter: a removed element leaves a hole (`[, b]`), trailing ones go with their comma.
        kept_after = False
        for i in range(len(elements) - 1, -1, -1):
            e = elements[i]
            if e.id not in ids:
                kept_after = True
                continue
            if kept_after:
                out.append((e.start_byte, e.end_byte, ""))
            else:
                prev = elements[i - 1] if i > 0 else None
                out.append((prev.end_byte if prev is not None else e.start_byte, e.end_byte, ""))
        return out
    for i, e in enumerate(elements):
        if e.id not in ids:
            continue
        later_kept = [x for x in elements[i + 1:] if x.id not in ids]
        if later_kept:
            out.append((e.start_byte, elements[i + 1].start_byte, ""))
        else:
            earlier_kept = [x for x in elements[:i] if x.id not in ids]
            start = earlier_kept[-1].end_byte if earlier_kept else e.start_byte
            out.append((start, e.end_byte, ""))
    return out


def _statement_range(doc: ParsedDocument, node: Node) -> tuple[int, int, str]:
    parent = node.parent
    if parent is not None and parent.type not in STATEMENT_LISTS and parent.type != "export_statement":
        return node.start_byte, node.end_byte, "{}"  # `if (x) box.hide();` -> `if (x) {}`
    src, lines = doc.source, doc.lines
    first, last = lines.line_of(node.start_byte), lines.line_of(max(node.start_byte, node.end_byte - 1))
    before = src[lines.starts[first]:node.start_byte]
    after = src[node.end_byte:lines.line_end(last)]
    after_stripped = after.strip()
    if _only_comments(before) and (not after_stripped or after_stripped.startswith(b"//")
                                   or _only_comments(after)):
        start = lines.starts[first]
        end = lines.starts[last + 1] if last + 1 < lines.line_count else len(src)
        # Comment lines right above a removed declaration belong to it.
        start = _leading_comments(doc, node, start)
        return start, end, ""
    end = node.end_byte
    while end < len(src) and src[end:end + 1] in (b" ", b"\t"):
        end += 1
    return node.start_byte, end, ""


_COMMENTS = re.compile(rb"\s*(/\*.*?\*/\s*)*")


def _only_comments(text: bytes) -> bool:
    """Whitespace and `/* */` comments only: such a line holds nothing but the statement."""
    m = _COMMENTS.fullmatch(text)
    return m is not None


def _leading_comments(doc: ParsedDocument, node: Node, start: int) -> int:
    if node.type not in ("lexical_declaration", "variable_declaration", "function_declaration", "class_declaration",
                         "export_statement", "generator_function_declaration", "interface_declaration",
                         "type_alias_declaration", "enum_declaration", "abstract_class_declaration",
                         "function_signature", "ambient_declaration", "expression_statement", "module"):
        return start
    lines = doc.lines
    prev = node.prev_sibling
    row = lines.line_of(node.start_byte)
    while prev is not None and prev.type == "comment" and lines.line_of(prev.end_byte) == row - 1:
        line = lines.line_of(prev.start_byte)
        if doc.source[lines.starts[line]:prev.start_byte].strip():
            break  # a trailing comment of the previous statement
        start = lines.starts[line]
        row = line
        prev = prev.prev_sibling
    return start


def _merge(doc: ParsedDocument, ranges: list[tuple[int, int, str]]) -> list[providers.TextEdit]:
    ranges.sort()
    merged: list[list] = []
    for s, e, text in ranges:
        if merged and s <= merged[-1][1] and not text and not merged[-1][2]:
            merged[-1][1] = max(merged[-1][1], e)
        elif merged and s < merged[-1][1]:
            continue  # overlapping replacement: the outer one wins
        else:
            merged.append([s, e, text])
    edits = []
    for s, e, text in merged:
        if not text and _whole_lines(doc, s, e):
            s, e = _tidy_blank_lines(doc, s, e)
        edits.append(providers.TextEdit(s, e, text))
    # Merging may have made neighbours touch after tidying; keep them disjoint.
    out: list[providers.TextEdit] = []
    for edit in edits:
        if out and edit.start < out[-1].end:
            last = out.pop()
            edit = providers.TextEdit(last.start, max(last.end, edit.end), last.text + edit.text)
        out.append(edit)
    return out


def _whole_lines(doc: ParsedDocument, s: int, e: int) -> bool:
    starts = doc.lines.starts
    line = doc.lines.line_of(s)
    return starts[line] == s and (e == len(doc.source) or doc.lines.line_of(e) < doc.lines.line_count
                                  and starts[doc.lines.line_of(e)] == e)


def _tidy_blank_lines(doc: ParsedDocument, s: int, e: int) -> tuple[int, int]:
    """After removing whole lines [s, e): never leave two blank lines in a row, nor a blank line right
    after an opening or before a closing brace."""
    lines = doc.lines
    first = lines.line_of(s)
    after_line = lines.line_of(e) if e < len(doc.source) else lines.line_count
    before = lines.line_bytes(first - 1).strip() if first > 0 else None
    after = lines.line_bytes(after_line).strip() if after_line < lines.line_count and e < len(doc.source) else None
    before_blank = before is not None and before == b""
    after_blank = after is not None and after == b""
    if before_blank and (after is None or after_blank or after[:1] in (b"}", b")", b"]")):
        return lines.starts[first - 1], e
    if after_blank and (before is None or before[-1:] in (b"{", b"(", b"[")):
        end = lines.starts[after_line + 1] if after_line + 1 < lines.line_count else len(doc.source)
        return s, end
    return s, e


def apply_edits(source: bytes, edits: list[providers.TextEdit]) -> bytes:
    out = []
    pos = 0
    for e in sorted(edits, key=lambda e: e.start):
        out.append(source[pos:e.start])
        out.append(e.text.encode("utf-8"))
        pos = e.end
    out.append(source[pos:])
    return b"".join(out)


# --- verification -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str | None = None
    new_doc: ParsedDocument | None = None


def _error_count(doc: ParsedDocument) -> int:
    if doc.tree is None or not doc.tree.root_node.has_error:
        return 0
    count = 0
    stack = [doc.tree.root_node]
    while stack:
        n = stack.pop()
        if n.is_error or n.is_missing:
            count += 1
        elif n.has_error:
            stack.extend(n.children)
    return count


def verify_deletion(doc: ParsedDocument, fp: Footprint, edits: list[providers.TextEdit],
                    with_dependents: bool) -> Verdict:
    """Apply `edits` to a copy, re-parse, re-resolve: no new syntax error, no reference left to a deleted
    binding (including one silently captured by an outer binding of the same name)."""
    new_source = apply_edits(doc.source, edits)
    new_doc = ParsedDocument.create(doc.uri, new_source.decode("utf-8", "replace"), doc.version, doc.language)
    before, after = _error_count(doc), _error_count(new_doc)
    if after > before or (after and not before):
        line = _first_error_line(new_doc)
        return Verdict(False, f"the edit would leave a syntax error (line {line + 1})", new_doc)
    deleted = [fp, *(fp.all_dependents() if with_dependents else [])]
    old_analysis = scopes_of(doc)
    new_analysis = scopes_of(new_doc)
    root = new_doc.tree.root_node
    for dead in deleted:
        if dead.declaration_kept:
            continue
        dead_refs = set(dead.references)
        for node in new_analysis.name_nodes(root, dead.name):
            old = _map_back(node.start_byte, edits)
            if old is None:
                continue
            if (old, old + (node.end_byte - node.start_byte)) in dead_refs:
                line = new_doc.lines.line_of(node.start_byte)
                return Verdict(False, f"the edit would leave `{dead.name}` referenced at line {line + 1}", new_doc)
        # Defence in depth: the name must not have gained unresolved references.
        unresolved_new = sum(1 for n in new_analysis.name_nodes(root, dead.name)
                             if new_analysis.declaration_of(n) is None and new_analysis.resolve(n) is None)
        unresolved_old = sum(1 for n in old_analysis.name_nodes(doc.tree.root_node, dead.name)
                             if old_analysis.declaration_of(n) is None and old_analysis.resolve(n) is None)
        if unresolved_new > unresolved_old:
            return Verdict(False, f"the edit would leave `{dead.name}` undeclared", new_doc)
    return Verdict(True, None, new_doc)


def _first_error_line(doc: ParsedDocument) -> int:
    stack = [doc.tree.root_node]
    while stack:
        n = stack.pop()
        if n.is_error or n.is_missing:
            return n.start_point[0]
        stack.extend(reversed([c for c in n.children if c.has_error or c.is_missing]))
    return 0


def _map_back(new_offset: int, edits: list[providers.TextEdit]) -> int | None:
    """The offset in the old text of `new_offset` in the edited text; None inside inserted text."""
    delta = 0
    for e in sorted(edits, key=lambda e: e.start):
        new_start = e.start + delta
        if new_offset < new_start:
            break
        inserted = len(e.text.encode("utf-8"))
        if new_offset < new_start + inserted:
            return None
        delta += inserted - (e.end - e.start)
    return new_offset - delta


# --- cross-file -------------------------------------------------------------------------------------------
def importers_of(workspace, doc: ParsedDocument, fp: Footprint, build: bool = True) -> list | None:
    """Import sites of an exported binding, under every name it is exported as (`export { box as frame }`),
    from the workspace import graph; None when no graph is available. With `build=False` (latency-sensitive
    requests) a graph still being built in the background is not waited for: the action then only says
    "exported"."""
    if not fp.exported or workspace is None or doc.path is None:
        return None
    from lsp_server.graph.references import exported_names
    from lsp_server.graph.service import ImportGraphService

    try:
        graph = workspace.service(ImportGraphService) if build else workspace.peek_service(ImportGraphService)
        if graph is None:
            return None
        names = exported_names(doc, fp.name) or [fp.name]
        return sorted({site for name in names for site in graph.importers(doc.path, name)},
                      key=lambda s: (str(s.path), s.start))
    except Exception:  # noqa: BLE001 - the graph is an optional enrichment; never break the action
        log.exception("import graph unavailable for %s", doc.uri)
        return None


def importer_files(importers: list | None) -> list[Path]:
    if not importers:
        return []
    files = []
    for site in importers:
        p = Path(getattr(site, "path", site))
        if p not in files:
            files.append(p)
    return files


# --- code actions & highlights ----------------------------------------------------------------------------
def line_count(doc: ParsedDocument, pieces: list[Piece]) -> int:
    lines: set[int] = set()
    for p in pieces:
        lines.update(range(doc.lines.line_of(p.start), doc.lines.line_of(max(p.start, p.end - 1)) + 1))
    return len(lines)


def _entangled_reason(uses: list[Use]) -> str:
    statements: list[Use] = []
    for u in uses:  # one entry per statement, however many uses it holds
        if not any(s.statement_start == u.statement_start for s in statements):
            statements.append(u)
    listed = "; ".join(f"line {u.line + 1} {u.text}" for u in statements[:5])
    more = f"; and {len(statements) - 5} more" if len(statements) > 5 else ""
    noun = "use" if len(uses) == 1 else "uses"
    return f"{len(uses)} {noun} inside larger statements: {listed}{more}"


@dataclass(frozen=True)
class DeletionPlan:
    title: str
    edits: tuple[providers.TextEdit, ...]
    disabled: str | None
    lines: int
    # The edited document the verification parsed (None when it did not run): a caller that checks the
    # edit again need not parse the same text a second time.
    verified: ParsedDocument | None = field(default=None, compare=False, repr=False)


def plan_deletions(doc: ParsedDocument, fp: Footprint, importers: list | None = None) -> list[DeletionPlan]:
    """The deletions to offer for a footprint: without dependents, and with them when there are any."""
    files = importer_files(importers)
    suffix = ""
    if files:
        shown = ", ".join(f.name for f in files[:3]) + (", …" if len(files) > 3 else "")
        suffix = f" — exported, imported by {len(files)} file{'s' if len(files) != 1 else ''} ({shown})"
    elif fp.exported:
        suffix = " — exported"
    plans = []
    variants = [False, True] if fp.dependents else [False]
    for with_deps in variants:
        pieces = removed_pieces(fp, with_deps)
        if not pieces:
            continue
        n = line_count(doc, pieces)
        if with_deps:
            names = ", ".join(f"`{n}`" for n in dict.fromkeys(d.name for d in fp.all_dependents()))
            title = f"Delete footprint of `{fp.name}` and its dependents {names} ({n} lines){suffix}"
        else:
            title = f"Delete footprint of `{fp.name}` ({n} line{'s' if n != 1 else ''}){suffix}"
        edits = deletion_edits(doc, fp, with_deps)
        disabled = None
        verified = None
        left = remaining_entangled(fp, with_deps)
        if left:
            disabled = _entangled_reason(left)
        elif not with_deps and fp.initialises:
            names = ", ".join(f"line {u.line + 1} {u.text}" for u in fp.initialises[:3])
            disabled = f"`{fp.name}` initialises other bindings ({names}): delete it with its dependents"
        elif fp.declaration_kept and not _has_removals(fp, with_deps):
            continue
        if disabled is None:
            verdict = verify_deletion(doc, fp, edits, with_deps)
            verified = verdict.new_doc
            if not verdict.ok:
                disabled = verdict.reason
        plans.append(DeletionPlan(title, tuple(edits), disabled, n, verified))
    return plans


def _has_removals(fp: Footprint, with_deps: bool) -> bool:
    return bool(removed_pieces(fp, with_deps))


@providers.code_action_provider
def footprint_actions(doc: ParsedDocument, start: int, end: int, ctx: providers.RequestContext) -> list[providers.Action]:
    if doc.language not in SOURCE_LANGUAGES or doc.tree is None:
        return []
    fp = compute_footprint(doc, start, dependents=True)
    if fp is None:
        return []
    importers = importers_of(ctx.workspace, doc, fp, build=False)
    return [providers.Action(p.title, "refactor.rewrite", p.edits, disabled=p.disabled)
            for p in plan_deletions(doc, fp, importers)]


@providers.highlight_provider
def footprint_highlights(doc: ParsedDocument, offset: int, ctx: providers.RequestContext) -> list[providers.Span]:
    if doc.language not in SOURCE_LANGUAGES or doc.tree is None:
        return []
    fp = compute_footprint(doc, offset)
    if fp is None:
        return []
    spans = []
    for s in fp.statements:
        kind = "write" if s.role in ("declaration", "assign") else "read"
        spans.append(providers.Span(s.start, s.end, kind))
    if fp.declaration_kept:
        spans.append(providers.Span(fp.name_start, fp.name_end, "write"))
    for u in fp.entangled:
        spans.append(providers.Span(u.start, u.end, "text"))
    return spans
