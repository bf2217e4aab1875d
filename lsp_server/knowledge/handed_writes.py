"""Misspelt contract members written on a value the code hands to another package.

A framework reads names off the classes and functions its users give it: React reads `type.propTypes`,
`type.defaultProps`, `type.contextTypes`, `type.displayName` off a component and `inst.state` and the lifecycle
methods off its instance; a game engine reads `scene.preload`, a custom-element base `static properties`. A write
under a misspelt name is silently ignored at run time (eslint-plugin-react's `no-typos` exists for exactly these):

    class Foo extends React.Component {
      constructor(props) { super(props); this.stte = { name: 'foo' }; }    // React reads `state`
      render() { return <div>{this.state.name}</div>; }
    }
    Foo.propypes = { name: PropTypes.string };                            // React reads `propTypes`

JavaScript accepts both and no type says otherwise (a subclass may add any member), but the package does: a name
its files never spell is a name it never reads. The values handed to a package here:
- a class that extends a base resolved to a package (`extends React.Component` with `React` imported from
  `react`, or a free `React` where `react` is installed and its files spell `React`: a UMD global named after its
  package, as the docs write it), for the members written on the class (`Foo.x = ...`, `static x = ...`) and on its instances (`this.x = ...`
  in its methods, a field or method definition);
- a function a JSX element is returned from (`function Book() { return <div/> }`, a capitalised name: a component,
  as JSX's default factory `React.createElement` takes it), for the members written on it (`Book.x = ...`),
  handed to `react` unless the file names another JSX runtime (a `@jsx` or `@jsxImportSource` pragma).

Such a member write is reported (a warning, with the did-you-mean) when all of these hold: no file in reach spells
the name (the package's runtime and its dependencies', the engine's, the workspace's other files' declarations, the
platform's members); this file spells it only where it writes it (a member the user's own code reads back is the
user's); and it is a plain near miss of exactly one member name the package's files spell (`.propTypes`, a key
`contextTypes:`), of a kind a writer slips into rather than chooses: a change of case (not a capitalised static:
`Menu.Item = Item` is a compound component's namespace), a letter dropped, added, changed or two swapped inside
the name (`suggest.inner_typo`). A change of number or a get/set prefix is a new member as often as a slip
(`this.items` beside a base's `item`, `this.getState` beside its `state`); it is reported only of a name of two
words or more that the package reads (`componentDidMounts`, `propType`, `getContextTypes`), where an invented
member of that shape is unlikely.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from tree_sitter import Node

from lsp_server.document import ParsedDocument
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.builtin_names import is_builtin_type
from lsp_server.knowledge.object_model import package_name
from lsp_server.knowledge.types import GLOBALS
from lsp_server.syntax.members import member_assignments, member_chain, this_writes
from lsp_server.syntax.modules import module_info_of
from lsp_server.syntax.scopes import FUNCTIONS, scopes_of

# shorter written names are too often a word of the user's own (`id`, `url`, `key`)
MIN_NAME = 4
_CLASSES = ("class_declaration", "class")
_JSX = ("jsx_element", "jsx_self_closing_element", "jsx_fragment")
# a pragma naming the file's JSX runtime: `/** @jsx h */` (a factory function: its package is not named),
# `/** @jsxImportSource preact */`
_JSX_PRAGMA = re.compile(rb"@jsx(ImportSource)?[ \t]+([@\w./-]+)")
# the package JSX hands its element types to when nothing else is configured: TypeScript's and Babel's default
# factory `React.createElement`, the automatic runtime's default `react/jsx-runtime`
DEFAULT_JSX_PACKAGE = "react"
_CAMEL_WORD = re.compile(r"[A-Z]")


@dataclass(frozen=True)
class Handed:
    """A value the file hands to a package: its name (`Foo`), its node (the class or function), the package and
    how the code hands it (shown: `React.Component`, `<Book />`); `free`: the undeclared name the base is read
    off (`React`), which the package's files must spell for it to be that package's global."""
    name: str
    node: Node
    package: str
    via: str
    free: str = ""
    # handed to a function that mixes members in (`engine_handed`): only its `this.x = ...` writes are asked
    # (its own methods and fields are its own words, beside what the function adds, not a contract it fills)
    this_only: bool = False
    # mixed into by the package though this file hands it nowhere (`via`: the package's member its `this` reads)
    mixed: bool = False


@dataclass(frozen=True)
class HandedWrite:
    """A reported write: its property node, the name written, the member meant, the value it is written on and
    whether it is written on the value itself (`Foo.x`) rather than its instances (`this.x`)."""
    prop: Node
    name: str
    meant: str
    handed: Handed
    static: bool


def handed_values(doc: ParsedDocument) -> list[Handed]:
    """The classes extending a package's base and the JSX components of the file (see the module's doc)."""
    text = doc.node_text
    imported = _package_locals(doc)
    declared = scopes_of(doc).declared_anywhere()
    out: list[Handed] = []
    jsx_package = _jsx_package(doc)
    stack = [doc.tree.root_node]
    while stack:
        n = stack.pop()
        stack.extend(n.named_children)
        if n.type == "class_declaration":
            name = n.child_by_field_name("name")
            base = _base_of(n)
            chain = member_chain(base, text) if base is not None else None
            if name is None or chain is None or chain[0].type != "identifier":
                continue
            root = text(chain[0])
            if root in imported:
                out.append(Handed(text(name), n, imported[root], text(base)))
            elif root not in declared and root not in GLOBALS and not is_builtin_type(root):
                # (a free `Error`, `HTMLElement`, `EventTarget` is the platform's class, whatever package shares its name)
                out.append(Handed(text(name), n, root.lower(), text(base), root))
        elif jsx_package is not None and n.type in ("function_declaration", "variable_declarator"):
            name = n.child_by_field_name("name")
            fn = n if n.type == "function_declaration" else n.child_by_field_name("value")
            if name is None or name.type != "identifier" or not text(name)[:1].isupper() or fn is None or \
                    fn.type not in FUNCTIONS or not _returns_jsx(fn):
                continue
            out.append(Handed(text(name), fn, jsx_package, f"<{text(name)} />"))
    return out


# the functions whose `this` is their own (an arrow function's is its surroundings')
_OWN_THIS = FUNCTIONS - {"arrow_function"}


def this_owner(this: Node) -> Node | None:
    """The value whose instance (or, for an object literal, itself) `this` is as written: the class of a method,
    a field or an arrow function within them (not a static method's: the class itself); the outermost object
    literal of a method or `key: function () {}` of it (`{ publicMethods: { hasFood() { this } } }`: the object
    its methods are mixed into with it); a function declaration's own `this` (an ES5 constructor's). None for any
    other `this` (a fragment's top level, a nested callback's own)."""
    node = this.parent
    while node is not None and node.type not in _OWN_THIS and node.type not in ("class_body", "program"):
        node = node.parent
    if node is None or node.type == "program":
        return None
    if node.type == "class_body":
        return node.parent
    parent = node.parent
    if node.type == "method_definition" and parent is not None:
        if parent.type == "class_body":
            return None if any(c.type == "static" for c in node.children) else parent.parent
        return _outermost_object(parent) if parent.type == "object" else None
    if node.type in ("function_expression", "function") and parent is not None and parent.type == "pair":
        return _outermost_object(parent.parent)
    return node if node.type == "function_declaration" else None


@dataclass(frozen=True)
class OwnThis:
    """What a class or an ES5 constructor gives its own `this` as written (`own_this`): the names it declares
    (its methods and fields, static ones too, and the members its code writes on `this`; for a constructor, also
    `Fn.prototype.x = ...` anywhere in the file), the names read on `this` that it does not declare, each with its
    property nodes, and whether it writes members whose names cannot be read off the code (`this[k] = v`,
    `Object.assign(this, ...)`: then it may have any name)."""
    declared: frozenset[str]
    undeclared: dict[str, list[Node]]
    unseen: bool


def own_this(doc: ParsedDocument, owner: Node) -> OwnThis:
    """The names `owner` (a class declaration or expression, or a function declaration) gives its `this` and the
    ones its `this` reads without declaring them (see `OwnThis`). A `this` counts where `this_owner` says it is
    `owner`'s (a method's, a field's, an arrow's within them; a static method's `this` is the class itself)."""
    text = doc.node_text
    declared: set[str] = set()
    reads: dict[str, list[Node]] = {}
    unseen = False
    body = owner.child_by_field_name("body")
    if owner.type in _CLASSES and body is not None:
        for member in body.named_children:
            key = member.child_by_field_name("name" if member.type == "method_definition" else "property")
            if member.type in ("method_definition", "field_definition") and key is not None:
                declared.add(text(key))
    elif owner.type == "function_declaration":
        name = owner.child_by_field_name("name")
        for _, obj, prop in member_assignments(doc.tree.root_node) if name is not None else ():
            # `TodoStore.prototype.addTodo = function () {...}`: a method of its instances
            if obj.type == "member_expression" and text(obj) == f"{text(name)}.prototype":
                declared.add(text(prop))
    stack = [owner]
    while stack:
        n = stack.pop()
        stack.extend(n.named_children)
        if n.type != "this" or this_owner(n) != owner:
            continue
        up = n.parent
        if up is not None and up.type == "subscript_expression" and up.child_by_field_name("object") == n:
            unseen = unseen or _assigned(up)
            continue
        if up is not None and up.type == "arguments" and up.parent is not None and \
                text(up.parent.child_by_field_name("function")) in ("Object.assign", "Object.defineProperty",
                                                                    "Object.defineProperties"):
            unseen = True
            continue
        prop = up.child_by_field_name("property") if up is not None and up.type == "member_expression" else None
        if prop is None or prop.type != "property_identifier":
            continue
        if _assigned(up):
            declared.add(text(prop))
        else:
            reads.setdefault(text(prop), []).append(prop)
    return OwnThis(frozenset(declared), {k: v for k, v in reads.items() if k not in declared}, unseen)


def _assigned(node: Node) -> bool:
    parent = node.parent
    return parent is not None and parent.type in ("assignment_expression", "augmented_assignment_expression") \
        and parent.child_by_field_name("left") == node


def _outermost_object(obj: Node) -> Node:
    while obj.parent is not None and obj.parent.type == "pair" and obj.parent.parent is not None and \
            obj.parent.parent.type == "object":
        obj = obj.parent.parent
    return obj


def engine_handed(doc: ParsedDocument, owner_of: Callable[[Node], str | None]) -> list[Handed]:
    """The classes, object literals and constructor functions (a capitalised function declaration) the file
    hands as an argument to a call of a function `owner_of` says a package owns (`owner_of(callee)`: that
    package, or None): `alt.createStore(TodoStore, 'TodoStore')`, `alt.createStore({ bindListeners: ... })`,
    `host.register(Plugin)`. Such a function takes the value to mix its own members into (it assigns them on
    its prototype, subclasses it): the value's `this` has them. A name argument is the one class or function the
    file declares so (an object literal held in a variable is not followed)."""
    text = doc.node_text
    declared: dict[str, list[Node]] = {}
    calls: list[Node] = []
    stack = [doc.tree.root_node]
    while stack:
        n = stack.pop()
        stack.extend(n.named_children)
        if n.type in ("class_declaration", "function_declaration"):
            name = n.child_by_field_name("name")
            if name is not None:
                declared.setdefault(text(name), []).append(n)
        elif n.type == "call_expression":
            calls.append(n)
    out: list[Handed] = []
    for call in calls:
        args = call.child_by_field_name("arguments")
        callee = call.child_by_field_name("function")
        if args is None or callee is None or args.type != "arguments":
            continue
        given = [a for a in args.named_children if a.type in ("identifier", "object", "class")]
        if not given:
            continue
        package = owner_of(callee)
        if package is None:
            continue
        for arg in given:
            if arg.type == "identifier":
                found = declared.get(text(arg), ())
                if len(found) != 1 or found[0].type == "function_declaration" and not text(arg)[:1].isupper():
                    continue
                out.append(Handed(text(arg), found[0], package, f"{text(callee)}({text(arg)})", this_only=True))
            else:
                name = arg.child_by_field_name("name") if arg.type == "class" else None
                out.append(Handed(text(name) if name is not None else "", arg, package, f"{text(callee)}(...)",
                                  this_only=True))
    return out


def _package_locals(doc: ParsedDocument) -> dict[str, str]:
    """The file's local names bound to a package's import (`React` of `import React from 'react'`, `Component`
    of `const { Component } = require('react')`) -> that package."""
    out: dict[str, str] = {}
    for rec in module_info_of(doc).imports:
        pkg = package_name(rec.specifier)
        if pkg is None:
            continue
        for imported in rec.names:
            if imported.local:
                out[imported.local] = pkg
    return out


def _base_of(cls: Node) -> Node | None:
    """The expression a class extends (`React.Component`), JavaScript's `class_heritage` or TypeScript's
    `extends_clause`."""
    heritage = next((c for c in cls.named_children if c.type == "class_heritage"), None)
    if heritage is None or not heritage.named_children:
        return None
    first = heritage.named_children[0]
    if first.type == "extends_clause":
        return first.child_by_field_name("value")
    return first


def _jsx_package(doc: ParsedDocument) -> str | None:
    """The package the file's JSX element types are handed to: a `@jsxImportSource` pragma's, none for a `@jsx`
    factory pragma (a function, whose package is not named), else the default (`DEFAULT_JSX_PACKAGE`)."""
    found = _JSX_PRAGMA.search(doc.source)
    if found is None:
        return DEFAULT_JSX_PACKAGE
    return found.group(2).decode("utf-8", "replace") if found.group(1) else None


def _returns_jsx(fn: Node) -> bool:
    """Whether a function gives a JSX element as its value: an arrow's expression body, or a `return` of its own
    body (not of a nested function's)."""
    body = fn.child_by_field_name("body")
    if body is None:
        return False
    if body.type != "statement_block":
        return _unwrapped(body).type in _JSX
    stack = list(body.named_children)
    while stack:
        n = stack.pop()
        if n.type in FUNCTIONS or n.type in _CLASSES:
            continue
        if n.type == "return_statement" and n.named_children and _unwrapped(n.named_children[0]).type in _JSX:
            return True
        stack.extend(n.named_children)
    return False


def _unwrapped(node: Node) -> Node:
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[-1]
    return node


def static_writes(doc: ParsedDocument) -> dict[str, list[Node]]:
    """The file's member writes on a plain name (`Foo.x = ...`, anywhere in it): the name -> the property nodes
    written, in the order met. Read once a file, for all its handed values."""
    out: dict[str, list[Node]] = {}
    for _, obj, prop in member_assignments(doc.tree.root_node):
        if obj.type == "identifier":
            out.setdefault(doc.node_text(obj), []).append(prop)
    return out


def member_writes(doc: ParsedDocument, handed: Handed, statics: dict[str, list[Node]]) -> list[tuple[Node, bool]]:
    """The members the file writes or defines on a handed value, each as its property node and whether it is the
    value's own (static) member: `Foo.x = ...` anywhere in the file (`statics`: `static_writes`); for a class,
    `static x = ...`, `static x()`, and its instances' `x = ...` fields, `x()` methods and `this.x = ...` writes in
    its methods and fields."""
    text = doc.node_text
    out: list[tuple[Node, bool]] = [(prop, True) for prop in statics.get(handed.name, ())] \
        if handed.name and not handed.this_only else []
    if handed.node.type == "function_declaration" and handed.name[:1].isupper():
        # an ES5 constructor handed to a package (`alt.createStore(TodoStore)`): its `this.x = ...` writes
        writes, _ = this_writes(handed.node, text)
        return out + [(prop, False) for prop, _ in writes if prop is not None and prop.type == "property_identifier"]
    if handed.node.type not in _CLASSES:
        return out
    body = handed.node.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        if member.type not in ("method_definition", "field_definition", "public_field_definition") or any(
                c.type == "accessibility_modifier" and text(c) == "private" for c in member.children):
            continue  # (a TypeScript `private` member is the class's own: no base reads it)
        static = any(c.type == "static" for c in member.children)
        name = member.child_by_field_name("property" if member.type == "field_definition" else "name")
        if name is not None and name.type == "property_identifier" and text(name) != "constructor" and \
                not handed.this_only and \
                not any(c.type in ("get", "set") for c in member.children):
            out.append((name, static))
        if not static:
            writes, _ = this_writes(member, text)
            out += [(prop, False) for prop, _ in writes if prop is not None and prop.type == "property_identifier"]
    return out


def _read_back(doc: ParsedDocument, name: str, writes: int) -> bool:
    """Whether the file spells `name` anywhere but where it writes it (a read, a string, a key): the user's own
    member then."""
    found = re.findall(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])", doc.source)
    return len(found) > writes


def _words(name: str) -> int:
    return 1 + len(_CAMEL_WORD.findall(name[1:]))


def near_member(name: str, members: frozenset[str], static: bool) -> str | None:
    """The one member of the package's (`members`) that a written `name` is a slip of (see the module's doc), the
    plainest kind first: a change of case (`State` of `state`, before the prefixed `setState`), then a typo, then a
    change of number or prefix; None when none is, or several are of the plainest kind found (but a member's
    capitalised namesake)."""
    found: dict[str, set[str]] = {"case": set(), "typo": set(), "form": set()}
    for real in members:
        if len(real) < MIN_NAME or real[:1] in "_$":
            continue
        kind = sg.plain_variant(name, real)
        if kind == "case":
            if not (static and name[:1].isupper()):
                found["case"].add(real)
        elif kind == "typo":
            if sg.inner_typo(name, real):
                found["typo"].add(real)
        elif kind in ("number", "accessor") and _words(real) >= 2:
            found["form"].add(real)
    plainest = next((reals for reals in found.values() if reals), set())
    # one word spelled both as a member and, capitalised, as a namespace (`type.propTypes`, `React.PropTypes`): a
    # member is written, so the member is meant (`getPropTypes`)
    plainest = {r for r in plainest if not (r[:1].isupper() and r[:1].lower() + r[1:] in plainest)}
    return next(iter(plainest)) if len(plainest) == 1 else None


def handed_write_sites(doc: ParsedDocument, spelling: Callable[[str], tuple[frozenset[str], frozenset[str]] | None],
                       known: Callable[[str], bool], typescript: bool = False,
                       owner_of: Callable[[Node], str | None] | None = None,
                       mixed_into: list[Handed] = ()) -> list[HandedWrite]:
    """The misspelt member writes on the file's handed values. `spelling(package)`: the identifiers and the member
    names the package's files spell, None when it is not installed; `known(name)`: whether a source in reach other
    than the package spells the name (the engine's files, the platform, another workspace file). `typescript`: the
    file is TypeScript, whose compiler reports an assignment of a member a class does not declare (`this.stte =
    ...`, `Foo.propypes = ...` on a class: TS2339) itself; only what it accepts is left here (a class's own field
    and method definitions, a function's expando members). `owner_of(callee)`: the package owning the function a
    call calls (`engine_handed`), whose class and constructor arguments are handed values too. `mixed_into`: the
    classes and constructors a package mixes its members into though this file hands them nowhere (the caller
    knows them: their `this` reads a member the package adds), checked as those arguments are."""
    if doc.tree is None:
        return []
    out: list[HandedWrite] = []
    handed_here = handed_values(doc) if any(w in doc.source for w in (b"extends", b"<")) else []
    if owner_of is not None:
        handed_here += [h for h in engine_handed(doc, owner_of) if h.node.type != "object" and
                        not any(h.node == other.node for other in handed_here)]
    handed_here += [h for h in mixed_into if not any(h.node == other.node for other in handed_here)]
    statics = static_writes(doc) if handed_here else {}
    for handed in handed_here:
        spelled = spelling(handed.package)
        if spelled is None:
            continue
        words, members = spelled
        if handed.free and handed.free not in words:
            continue  # a free `Validator` is no global of an installed `validator` that never names it so
        writes = member_writes(doc, handed, statics)
        counts: dict[str, int] = {}
        for prop, _ in writes:
            counts[doc.node_text(prop)] = counts.get(doc.node_text(prop), 0) + 1
        for prop, static in writes:
            if typescript and handed.node.type in _CLASSES and prop.parent is not None and \
                    prop.parent.type == "member_expression":
                continue  # (TypeScript's own error)
            name = doc.node_text(prop)
            if len(name) < MIN_NAME or name[:1] in "_$" or name in words or known(name) or \
                    _read_back(doc, name, counts[name]):
                continue
            meant = near_member(name, members, static)
            if meant is not None:
                out.append(HandedWrite(prop, name, meant, handed, static))
    return out
