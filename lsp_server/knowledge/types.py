"""Light, honest type tracking over a JavaScript file, against the engine's object model.

Follows types through imports (ESM named/default/namespace, CommonJS `require` and destructuring, AMD
`require([...], cb)`, a UMD global on `window`), `new X()` (a class, a construct signature, or the value +
interface pair `const X: typeof Base` / `interface X extends Base {}`), static factories and methods by their
declared return types (among overloads, the one the call's argument count and literals fit), `await` of a
`Promise<T>`, fluent methods returning `this`, property types with their owner's type parameters bound
(written arguments, `extends Base<Arg>`, defaults: `Set<InstanceType<T>>`), collection elements (`for...of`,
`[i]`, `Map.get`), `const` aliases, and JSDoc `@type` / `@param` annotations. A callback's parameters and its
`this` take the types its caller gives: a collection's element (`forEach`), a promise's value (`then`), or
what the callee declares for that callback in the overload the call's string literals select (`on("open", cb)`).

Beyond a type checker: an untyped receiver (a parameter without JSDoc, a value from outside the model) gets an
engine type from the evidence in its scope: the members used on it (if every other member used on `page`
exists only on `Page`, `page` is a `Page`), what it is passed to (a parameter declared as `Page`), and as a
tie-breaker only, its name. Anything less certain stays unknown and is never reported.

TypeScript and TSX: type annotations are declarations, so a receiver typed `page: Page` (a parameter, a
variable, a class field or parameter property read through `this.page`, a local function's return type, an
`as Page` cast, `Page[]` / `Array<Page>` / `Promise<Page>` generics, a local generic function returning the type
its argument binds) gets that engine type at full confidence.
A name annotated with a type the model does not know (`string`, a local interface) is left alone: TypeScript
knows it. A name typed `any` / `unknown`, or not typed at all, gets its type from the evidence, as in
JavaScript. A type name resolves through the file's own imports only (a local declaration of the same name
shadows the engine's).

`analyze(doc, model)` returns every member access it could resolve (for hover) and the problems found.
Values are typed (`Val` with a `ValKind`); names are resolved by the syntax layer's scope model, so type
tracking, footprints and find-in-files agree on which declaration a name means.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from tree_sitter import Node

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.knowledge.builtin_names import builtin_members, builtin_types
from lsp_server.knowledge.model_sources.base import (
    HIGH, MEDIUM, NULLISH, Member, conditional_branches, conditional_parts, function_params, generic_args,
    intersection_parts,
    object_literal_members, param_type, parse_type, substitute, this_param, union_parts,
)
from lsp_server.knowledge.model_sources import platform
from lsp_server.knowledge.model_sources.dts import CALL, constructor_alias
from lsp_server.knowledge.object_model import (
    FUNCTION_MEMBERS, OBJECT_MEMBERS, ObjectModel, TypeId, imported_packages, package_name,
)
from lsp_server.knowledge import suggest as sg
from lsp_server.languages import TYPESCRIPT_LANGUAGES, is_typings_path
from lsp_server.syntax import syntax_for
from lsp_server.syntax.jsdoc import jsdoc_before
from lsp_server.syntax.members import member_chain, object_keys, this_writes
from lsp_server.syntax.reactive import declared_properties
from lsp_server.syntax.jsdoc import parse as jsdoc_parse
from lsp_server.syntax.modules import DEFAULT, NAMESPACE, import_bindings
from lsp_server.syntax.patterns import (
    PARAMETER_HOLDERS, array_elements, declared_names, object_properties, parameters,
)
from lsp_server.syntax.scopes import FUNCTIONS, BindingKey, scopes_of

# `typeof Ns.Class.method` (a class's static method as a value's type): the owner's path, the method's name
_TYPEOF_QUALIFIED = re.compile(r"typeof\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.([A-Za-z_$][\w$]*)")
CONVENTION_EVIDENCE = "the engine's examples name a"  # how `by_convention`'s evidence opens
INFERRED = 0.75  # confidence of a type inferred from evidence: reported as a warning, never an error
# Names so common on plain objects that using them says nothing about an engine type.
WEAK_EVIDENCE = frozenset({"length", "name", "id", "type", "value", "data", "text", "title", "then", "map",
                           "push", "forEach", "filter", "keys", "get", "set", "size", "width", "height",
                           "x", "y", "add", "remove", "on", "emit", "call", "apply", "bind", "style", "parent"})


_PROMISE_MEMBERS = frozenset({"then", "catch", "finally"})  # (a promise's own, beside OBJECT_MEMBERS)


class ValKind(Enum):
    """What an abstract value is."""

    INSTANCE = "inst"  # an instance of `tid`
    CLASS = "class"  # the constructor / enum / namespace object `tid`
    NAMESPACE = "ns"  # the namespace of `module`
    ARRAY = "arr"  # an array of `inner`
    PROMISE = "promise"  # a promise of `inner`
    FUNCTION = "fn"  # a function or bound method: `member` of `module`, called on `recv`
    UNION = "union"  # an instance of one of the types in `tid` (a tuple)
    MAP = "map"  # a keyed collection (`Map<K, V>`) of `inner` values
    # an instance of every type in `tid` (a tuple) at once (`A & B`): a member of any part; `parts` holds
    # each part's own value (its type arguments), `open` says a part is unknown (no name is ever missing)
    INTERSECTION = "intersection"


@dataclass(frozen=True, slots=True, eq=False)
class Val:
    """An abstract value, with how sure we are of it and, when inferred, the evidence."""

    kind: ValKind
    tid: Any = None  # a TypeId; a tuple of them for UNION
    module: str = ""
    inner: "Val | None" = None
    member: Member | None = None
    recv: "Val | None" = None
    conf: float = 1.0
    evidence: "Evidence | None" = None
    untyped: bool = False  # TypeScript sees this value as `any` (`x: any = ...`, `x as any`): it checks nothing
    # An INSTANCE's written type arguments (`Set<Page>` -> ("Page",)); a FUNCTION member's type parameter
    # bindings ((name, type text), ...) from its receiver (`Server<T = typeof WebSocket>`: T -> typeof WebSocket)
    targs: tuple = ()
    parts: tuple = ()  # an INTERSECTION's part values (INSTANCEs), in written order
    open: bool = False  # an INTERSECTION with a part the model cannot read (`any`, `T`, unknown name)
    # an INSTANCE of `Element` found by a selector or an id (`querySelector('#open')`): of some class nobody knows,
    # so only its members that every HTML element has are typed (`style`); any other name is unknown, not missing
    any_element: bool = False
    literal: tuple = ()  # an INTERSECTION's object-literal parts' members: ((name, property type or ""), ...)
    # a union narrowed by a literal discriminant (`Analyzer.narrow_if`): a name missing on it is reported only
    # when the engine has that name nowhere (see `unknown_symbol.added_elsewhere`)
    narrowed: bool = False
    # a UNION some of whose members are intersections (`Analyzer.indexed_val`): each member's TypeIds (`tid` lists
    # them all, flattened: a name no type has is on no member); did-you-mean offers what every member has
    arms: tuple = ()
    # an INTERSECTION of literal members alone that a written type gives (`Record<'a' | 'b', V>`): that type, as
    # messages name the receiver
    shown: str = ""
    # an INTERSECTION that is the instance of a class a factory made (`Analyzer.factory_class`): on a base the
    # model cannot close, a name it lacks is left as on a receiver of unknown type (the vocabulary check's)
    made: bool = False
    # an INTERSECTION open only by parts that are type parameters (`View & PluginTypes` of compromise's `nlp()`:
    # what plugins registered at run time add): a name its read parts lack may be a plugin's, so it is not
    # missing, but a near miss of their own members is a slip (the vocabulary check's, as on `made`)
    extended: bool = False


@dataclass
class Evidence:
    name: str  # the variable
    tid: TypeId
    uses: list[str]  # members used on it that the type has
    passed_to: str = ""  # "Layout.twoColumn" when passed to a parameter declared with the type
    produces: str = ""  # "`form.getTextField()` is used as a `PDFTextField`"

    def text(self, shown: str = "") -> str:
        """Why the guess; `shown`: the type's name as messages show it (`unknown_symbol.shown_owner`: a bundle's
        `Body$1` is the `Body` its package exports), else the model's name."""
        reasons = []
        if self.produces:
            reasons.append(self.produces)
        if self.passed_to:
            reasons.append(f"it is passed to `{self.passed_to}`")
        if self.uses:
            used = [f"`{u}`" for u in self.uses[:4]]
            joined = used[0] if len(used) == 1 else ", ".join(used[:-1]) + " and " + used[-1]
            reasons.append(f"it uses {joined}")
        return f"`{self.name}` looks like a `{shown or self.tid[1]}`: " + "; ".join(reasons) if reasons else ""


@dataclass(frozen=True)
class Convention:
    """What the engine's examples call `name` (see `naming`): an instance of a type, or a module namespace."""

    kind: str  # inst | ns | obj | union | names | export
    target: Any  # a TypeId, a module name, or ("export") the (module, export name) the docs import under the name
    source: str  # the example file that shows it first
    count: int = 1
    # an "inst" of a generic type: the type arguments every example's instance has (`StoreApi<ConsentStoreState>`
    # of `const { consentStore } = getOrCreateConsentRuntime()`), so a fragment's undeclared name binds them too
    targs: tuple = ()


@dataclass
class Access:
    """One `obj.name` whose receiver type is known."""

    start: int  # byte span of the property name
    end: int
    name: str
    recv: Val
    owner: TypeId | None = None  # the type that declares the member
    member: Member | None = None
    missing: bool = False
    usage: str = "read"  # read | write | read-call | call-args
    candidates: list[str] = field(default_factory=list)  # real names, when missing
    container: str = ""  # "Document" / "@acme/layout" for messages
    static: bool = False
    # the receiver's last name as the code writes it (`string` of `yup.string.x`, `s` of `s.x`): messages
    # name a type by the export the code reached it through
    written: str = ""
    # the name is constructed (`new X.name()`) or, imported, constructed or written as a type (`new Name()`,
    # `s: Name`): a did-you-mean tie goes to a class (`Konva.Stage` over `Konva.stages`)
    constructed: bool = False
    # read on a promise, a member of what it resolves to (`state.data` of `const state = service.loadCart()`):
    # an `await` left out, reported as such (`missing`, and `recv` the promise)
    unawaited: bool = False

    @classmethod
    def at(cls, node: Node, name: str, recv: Val, *, owner: TypeId | None = None, member: Member | None = None,
           missing: bool = False, usage: str = "read", candidates: list[str] | None = None, container: str = "",
           static: bool = False) -> "Access":
        """The access whose property name is `node`."""
        return cls(node.start_byte, node.end_byte, name, recv, owner, member, missing, usage, candidates or [],
                   container, static, _written_receiver(node), _constructed(node))


def subclass_visible(m: Member) -> bool:
    """Whether an instance member outside code may not use is a subclass's to use on `this`: one declared
    `protected` (the typings' `private` flag covers it too), or a JavaScript member named `_x`, that language's
    way of saying protected (its reader marks it private; a `#x` field stays the class's own)."""
    if m.static:
        return False
    return m.protected or (m.name.startswith("_") and not is_typings_path(m.path))


def _constructed(prop: Node) -> bool:
    """Whether the member access whose property is `prop` is what a `new` constructs (`new X.prop(...)`) or what
    a class extends (`class A extends X.prop {}`: JavaScript's `class_heritage`, TypeScript's `extends_clause`)."""
    access = prop.parent
    if access is None or access.type != "member_expression" or access.parent is None:
        return False
    holder = access.parent
    if holder.type == "class_heritage" or (holder.type == "extends_clause" and
                                           holder.child_by_field_name("value") == access):
        return True
    made = holder.child_by_field_name("constructor") if holder.type == "new_expression" else None
    return made is not None and made.id == access.id


# a property type that says the member is absent on an object (a tagged union's `Transaction?: never` arm)
_ABSENT = NULLISH | {"never"}
_PRIMITIVES = frozenset({"string", "number", "boolean", "bigint", "symbol", "null", "undefined", "void"})


def constructs(model: ObjectModel, recv: Val, name: str) -> bool | None:
    """Whether `new recv.name(...)` makes an instance: True for a class (`receiver_member`'s answer is an
    exported class, or a member whose type is one: `Stage: typeof Stage` on konva's `Konva`); False where it
    certainly throws (a property holding an array, a promise, a primitive, an enum member: `Konva.stages`);
    None when the model cannot say (a method may be an old-style constructor, a type may be anything)."""
    found = receiver_member(model, recv, name)
    if found is None:
        return None
    member, owner = found
    if member is None:
        return True if owner is not None and model.class_like(owner) else None
    if member.kind == "enum_member":
        return False
    parsed = parse_type(member.type) if member.type else None
    if member.kind in ("property", "getter", "value") and member.type and (
            member.type.strip() in _PRIMITIVES or (member.type.strip()[:1] or " ") in "\"'`0123456789"
            or (parsed is not None and parsed[0] in ("array", "promise"))):
        return False
    if not parsed or parsed[0] != "typeof":
        return None
    module = owner[0] if isinstance(owner, tuple) else recv.module or (recv.tid[0] if isinstance(recv.tid, tuple) else "")
    tid = model.find_type(module, parsed[1]) if module else None
    return True if tid is not None and model.class_like(tid) else None


def _written_receiver(prop: Node) -> str:
    """The last name of the receiver expression of the member access whose property is `prop`."""
    parent = prop.parent
    obj = parent.child_by_field_name("object") if parent is not None and parent.type == "member_expression" else None
    if obj is not None and obj.type == "member_expression":
        obj = obj.child_by_field_name("property")
    return obj.text.decode("utf-8", "replace") if obj is not None and obj.type in (
        "identifier", "property_identifier") else ""


@dataclass
class Analysis:
    accesses: list[Access] = field(default_factory=list)
    import_problems: list[Access] = field(default_factory=list)
    # property starts of accesses on a receiver whose type is known but open (`Grid extends` an unknown
    # base): not checked here, and not left to the vocabulary check either, except `open_engine_sites`
    open_sites: set[int] = field(default_factory=set)
    # of `open_sites`, those on an instance or class of an engine type the model could not close (an unknown
    # base, a type it cannot find): the receiver is the engine's, so the vocabulary check guesses there as it
    # does on an untyped receiver (never on an engine module whose exports are not all known, nor on a UMD
    # build's global: those stay the model's business; nor on a type only the docs describe, whose base may
    # have anything: a low-confidence source never reports on its own)
    open_engine_sites: set[int] = field(default_factory=set)
    # the receiver of each of `open_engine_sites` (by the same start): the vocabulary check suggests its
    # members (inherited ones included) before any other engine name
    open_engine_receivers: dict[int, "Val"] = field(default_factory=dict)
    # the receiver of each name that no type of a union or an intersection declares where some of its types are
    # open (by the property's start): the vocabulary check asks whether every one is an extensible type, open
    # only to what code adds beside its tools (`unknown_symbol._extension_types`)
    open_compound_receivers: dict[int, "Val"] = field(default_factory=dict)
    # member names the file assigns on some object (`ws.isAlive = true`): JavaScript adds such a property
    # (an expando), so reading it elsewhere in the file is not an unknown member
    written: set[str] = field(default_factory=set)
    # members the engine's runtime adds under names the file spells (`redis.defineCommand("echo", ...)`,
    # `new Redis({ scripts: { echo: ... } })`): real on any receiver in the file
    added: set[str] = field(default_factory=set)
    # a call that adds members by a name the file does not spell (`redis.defineCommand(name, def)`): any
    # name may be real on the engine's objects here, so no member is reported missing in this file
    names_unknown: bool = False
    # undeclared names the file uses whose value is the engine's (`new Sprite(...)`, `Assets.load(...)` in a
    # fragment without imports: `Analyzer.free` gave them an engine value): the file uses the engine
    engine_free: set[str] = field(default_factory=set)
    # undeclared lower-case names the engine's examples give to instances of its types (`sprite`, `container`:
    # `naming`'s "inst", "union" and "names" conventions), with those types, whether or not the file's uses fit them
    named_by_convention: dict[str, tuple] = field(default_factory=dict)
    # by a class's start: the instance members the mixins of its heritage add (`extends OverlayMixin(LitElement)`
    # with a root the model cannot read, so `this` is untyped): `Analyzer.mixin_members`, name -> (member, owner)
    mixin_members: dict[int, dict] = field(default_factory=dict)

    def access_at(self, offset: int) -> Access | None:
        for a in self.accesses + self.import_problems:
            if a.start <= offset <= a.end:
                return a
        return None


# the type the declaration reader makes for a file's module object (`items$module4`: `typeof import("./items/items")`)
_MODULE_OBJECT = re.compile(r"\$module\d+$")


def examples_use_export(model: ObjectModel, name: str, val: Val) -> bool:
    """Whether the engine's own examples (its docs' and doc comments' code) read a member of `val` on `name`
    (`items.getItem(...)`): evidence that `name`, written free or bound by the examples, is that export. Once per
    model and name."""
    cache: dict[str, bool] = model.derived("types.examples_use_export", dict)
    if name not in cache:
        members = receiver_members(model, val)
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        use = re.compile(r"(?<![\w$.])%s\s*\??\.\s*([A-Za-z_$][\w$]*)" % re.escape(name))
        cache[name] = any(m in members for _, code in own if name in (code or "") for m in use.findall(code))
    return cache[name]


def examples_chain_export(model: ObjectModel, name: str, val: Val) -> bool:
    """Whether the engine's own examples call the function `val` free by `name` and read a member of its
    declared result on the call (`locate('.modal').withText('Save')`, codeceptjs's `locate`, a global its
    runtime sets and its typings export only): evidence that a one-word name written free is that export, not
    the snippet's own helper (as `examples_use_export` is for an object). Once per model and name."""
    cache: dict[str, bool] = model.derived("types.examples_chain_export", dict)
    if name not in cache:
        parsed = parse_type(val.member.type) if val.member is not None and val.member.type else None
        tid = model.find_type(val.module, parsed[1]) if parsed and parsed[0] == "name" and val.module else None
        members = model.members(tid) if tid is not None else {}
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        use = re.compile(r"(?<![\w$.])%s\s*\([^()]*\)\s*\.\s*([A-Za-z_$][\w$]*)" % re.escape(name))
        cache[name] = bool(members) and any(m in members for _, code in own if name in (code or "")
                                            for m in use.findall(code))
    return cache[name]


# `import { shallow, mount } from 'enzyme'`, `import React, { useState } from "react"`, `const { shallow } =
# require('enzyme')`: the braces of a named import or a destructuring require, and the specifier
_NAMED_IMPORT = re.compile(r"""(?<![\w$.])import\s+(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^{}]*)\}\s*from\s*(['"])([^'"\n]+)\2""")
_IDENTIFIER_TEXT = re.compile(r"[A-Za-z_$][\w$]*")
_NAMED_REQUIRE = re.compile(r"""(?<![\w$.])(?:var|let|const)\s*\{([^{}]*)\}\s*=\s*require\s*\(\s*(['"])([^'"\n]+)\2\s*\)""")


def examples_import_export(model: ObjectModel, name: str, module: str) -> bool:
    """Whether the engine's own examples bind `name` to the export of that name of `module` by a named import
    or a destructuring require (`import { shallow } from 'enzyme'`, `const { shallow } = require('enzyme')`),
    never under another name there: the docs show the binding once and leave it out of later fragments
    (`const wrapper = shallow(<Foo />)`), as they leave out a whole module's (`unknown_symbol.docs_bound_names`),
    so a one-word name written free is that export, not the snippet's own helper (as `examples_chain_export`
    says from a call's use). An aliased import (`{ a as b }`) is `naming`'s "export" convention. Once per model."""
    def build() -> dict[str, set[str]]:
        bound: dict[str, set[str]] = {}
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        for _, code in own:
            for pattern, separator in ((_NAMED_IMPORT, r"\s+as\s+"), (_NAMED_REQUIRE, r"\s*:\s*")):
                for found in pattern.finditer(code or ""):
                    spec = found.group(3)
                    target = spec if spec in model.modules else package_name(spec)
                    for item in found.group(1).split(","):
                        parts = re.split(separator, item.strip())
                        if not parts[0] or len(parts) > 2 or not all(_IDENTIFIER_TEXT.fullmatch(p) for p in parts):
                            continue  # (a trailing comma, a default value, a nested pattern: no plain binding)
                        bound.setdefault(parts[-1], set()).add(target if len(parts) == 1 else "")
        return bound
    found = model.derived("types.examples_import_export", build).get(name, set())
    return found == {module}


def receiver_members(model: ObjectModel, recv: Val) -> dict[str, tuple[Member, TypeId]]:
    """The members a receiver value has, by name, each with the type declaring it: a class value (a namespace
    object, a function merged with a namespace: `ValKind.CLASS`) has its static side, inherited statics and
    namespace-merged members included; an instance its instance members (`ObjectModel.side`). Empty for other
    values: a module namespace has exports (`receiver_member`), a union only what all its types share. An
    intersection has every member of each part (the first part declaring a name gives it)."""
    if recv.kind in (ValKind.INSTANCE, ValKind.CLASS) and recv.tid is not None:
        return model.side(recv.tid, static=recv.kind == ValKind.CLASS)
    if recv.kind == ValKind.INTERSECTION:
        merged: dict[str, tuple[Member, TypeId]] = {}
        for tid in recv.tid:
            for name, entry in model.side(tid, static=False).items():
                merged.setdefault(name, entry)
        return merged
    return {}


def receiver_member(model: ObjectModel, recv: Val, name: str) -> tuple[Member | None, TypeId | None] | None:
    """`recv.name` as the analysis resolves it (the one lookup the `unknown-symbol` check, its hover and
    `check_symbols` share): (the member, the type declaring it) on a class value or an instance
    (`receiver_members`), or on every type of a union (the first's); on a module namespace its export:
    (the value, None) or (None, the exported type). None when the receiver has no such name."""
    if recv.kind in (ValKind.INSTANCE, ValKind.CLASS, ValKind.INTERSECTION):
        return receiver_members(model, recv).get(name)
    if recv.kind == ValKind.UNION:
        entries = [model.side(tid, static=False).get(name) for tid in recv.tid]
        return entries[0] if entries and all(entries) else None
    if recv.kind == ValKind.NAMESPACE and recv.module:
        exp = model.export(recv.module, name)
        if exp is None:
            return None
        return (exp[1], None) if exp[0] == "value" else (None, exp[1])
    return None


# What a TypeScript annotation says, when it is not a type: `any` / `unknown` (TypeScript checks nothing: the
# evidence may type it) versus a type the model does not know (TypeScript checks it: we leave it alone).
ANY_TYPE = "any"
ANY_TYPES = frozenset({"any", "unknown"})
# Wrappers that only restate an expression's type: `page!`, `page satisfies Page`.
TS_PASS_THROUGH = frozenset({"non_null_expression", "satisfies_expression"})
# Modifiers that make a constructor parameter a class field: `constructor(private page: Page)`.
PARAMETER_PROPERTY_MODIFIERS = frozenset({"accessibility_modifier", "override_modifier"})

# The DOM's globals left untyped: names Node gives other objects (`crypto`, `performance`) and names a fragment
# may well mean as its own undeclared variable (react-router's `history`, blessed's `screen`)
_DOM_GLOBALS_UNTYPED = frozenset({"crypto", "performance", "history", "location", "screen", "caches",
                                  "clientInformation"})
# The DOM's interfaces whose global constructor a program cannot call (`new Node()` throws "Illegal
# constructor": the browser alone makes them), though lib.dom declares a `new()` for each: a file constructing one
# of these names means another class of that name (`Analyzer.exporting_modules`)
_UNCONSTRUCTIBLE_DOM = frozenset({"Node", "Element", "HTMLElement", "SVGElement", "CharacterData", "Attr",
                                  "NodeList", "HTMLCollection", "NamedNodeMap", "Window", "Navigator", "Location",
                                  "History", "Screen", "Storage", "Performance", "Crypto", "CSSRule",
                                  "CSSStyleDeclaration", "StyleSheet", "MediaList", "Selection", "Plugin",
                                  "MimeType", "BarProp", "DOMImplementation", "CustomElementRegistry",
                                  "Geolocation", "Permissions"})
# Globals of browsers and Node: never inferred as engine objects.
GLOBALS = frozenset({"console", "Math", "JSON", "window", "document", "globalThis", "process", "require", "module",
                     "exports", "Buffer", "Object", "Array", "String", "Number", "Promise", "Date", "Reflect",
                     "Symbol", "Map", "Set", "Intl", "navigator", "location", "fetch", "self", "this", "undefined",
                     "Error", "Uint8Array", "ArrayBuffer", "URL", "performance", "crypto", "Deno", "Bun",
                     # ECMAScript's other namespace objects: an engine's namespace of the same name (bun's
                     # `declare module "bun" { namespace WebAssembly { interface Imports } }`) is its types' only
                     "WebAssembly", "Atomics", "Proxy"})
ARRAY_CALLBACKS = frozenset({"map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap",
                             "findIndex", "sort"})
# What a collection's own methods give (None: one element; a kind: that collection of the same elements).
COLLECTION_RESULTS = {
    ValKind.ARRAY: {"find": None, "findLast": None, "at": None, "pop": None, "shift": None,
                    "filter": ValKind.ARRAY, "slice": ValKind.ARRAY, "reverse": ValKind.ARRAY,
                    "sort": ValKind.ARRAY, "values": ValKind.ARRAY, "toSorted": ValKind.ARRAY},
    ValKind.MAP: {"get": None, "values": ValKind.ARRAY},
}
# what makes a JavaScript file a CommonJS module for TypeScript (a `require(...)` call, an `exports` write)
_COMMONJS = re.compile(rb"(?<![\w$.])require\s*\(|(?<![\w$])(?:module\s*\.\s*)?exports\s*(?:\.|\[|=(?!=))")
# A qualified type name (`NodeJS.ReadableStream`, `Pool.Options`): the qualifier, then the rest; not inside a
# string literal type, a path or a longer dotted name
_QUALIFIED = re.compile(r"(?<![\w$.'\"`/])([A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)+")
# The global object under its names: `window.jspdf` is a UMD build's global.
GLOBAL_OBJECTS = frozenset({"window", "globalThis", "self"})
# Variables named like plain data (an options bag, a config): never typed from evidence.
DATA_NAMES = frozenset({"options", "opts", "config", "cfg", "settings", "params", "props", "args", "data",
                        "defaults", "attrs", "attributes", "payload", "json"})


# the DOM's lookups of one element by selector or id, on a receiver the DOM types (`document`, an element)
_ONE_ELEMENT = frozenset({"querySelector", "closest", "getElementById"})
_ELEMENT_LOOKUPS = _ONE_ELEMENT | {"querySelectorAll"}


def platform_near_miss(tid: TypeId, name: str, table: dict) -> bool:
    """`customElements.defines(...)`: a name on a DOM interface that is exactly its type (`platform.exact_type`:
    no platform type extends it, so the value is of no other class) that no type of the platform's lib has and
    that is a mechanical near miss of one of the interface's own members (casing, a plural, a get/set/is/has
    prefix): an error, though some other library's type (Node's, `builtin_names.txt`) spells the name."""
    if tid[0] != platform.PLATFORM or not platform.exact_type(tid[1]) or name in platform.member_names():
        return False
    lower = name.lower()
    for real in table:
        if real[:1] == "_" or real == name:
            continue
        if real.lower() == lower or name in (real + "s", real + "es") or real in (name + "s", name + "es"):
            return True
        if any(name == prefix + real[:1].upper() + real[1:] for prefix in ("get", "set", "is", "has")):
            return True
    return False


class Analyzer:
    """One walk over a document: the value each binding holds and every member access it can check.
    Which binding a name is comes from the shared scope model (`lsp_server/syntax/scopes.py`); destructuring,
    JSDoc and import clauses from the rest of the syntax layer. This walk adds only values and evidence."""

    def __init__(self, doc: ParsedDocument, model: ObjectModel):
        self.doc = doc
        self.src = doc.source
        self.model = model
        # The value of each binding of the shared scope model, by its key (scope node id, name); names the
        # model does not see declared (`for (x of xs)` with no `let`) under (None, name).
        self.values: dict[BindingKey, Val | None] = {}
        self.memo: dict[int, Val | None] = {}
        self._steps = 0  # nodes evaluated: every 1,024th checks the document's time limit
        self._journal: list[int] | None = None  # while peeking: the memo keys added since (see `peek`)
        self.result = Analysis()
        # Evidence, per binding (see `key_of`):
        self.uses: dict[BindingKey, list[tuple[int, str, str]]] = {}  # [(start byte, member, usage)]
        self.passes: dict[BindingKey, list[tuple[int, Node, int, str]]] = {}  # [(start, call, arg index, option)]
        self.assigned: set[BindingKey] = set()  # bindings assigned after their declaration
        self.assignments: dict[BindingKey, list[Node | None]] = {}  # their right-hand sides
        self.names = scopes_of(doc)  # the document's scope model, shared with footprints and find-in-files
        # The binding a name node declares or refers to, as a key of `values` (the scope model's method,
        # bound once: it is called for every name the walk meets).
        self.key_of = self.names.key_of
        self.declared = self.names.declared_anywhere()  # every name declared anywhere in the file
        self.free_vals: dict[str, Val | None] = {}
        # the aliases `to_val` is following (a recursive one, `JsonValue = JsonPrimitive | JsonObject | JsonArray`
        # with `JsonArray = JsonValue[]`, is unknown where it comes back to itself, not followed without end)
        self._following: set[tuple[str, str]] = set()
        self.called: set[BindingKey] = set()  # bindings called as functions (`dayjs()`)
        self.param_hints: dict[int, list[Val | None]] = {}  # callback node id -> types of its parameters
        self._bindings: dict[tuple, dict[str, str]] = {}  # (instance type, owner, type arguments) -> bindings
        # the `this` a callback's declared type gives it (`(this: Sock, ...) => void`), by function node id;
        # for a function declaration passed by name, found after its body was walked: checked at the end
        self.this_hints: dict[int, Val | None] = {}
        self.late_this: dict[int, Node] = {}
        # function declarations handed by name to a callee that types their parameters, after their body was
        # walked (`async function routes(app) {...}; app0.register(routes)`): walked again at the end
        self.late_params: dict[int, Node] = {}
        # [(pos, method, binding of the result, where it is declared)]
        self.results: dict[BindingKey, list[tuple[int, str, BindingKey, int]]] = {}
        self._inferring: set[BindingKey] = set()
        self.usage: dict[int, str] = {}  # member_expression id -> read | write | read-call | call-args
        # TypeScript: where each imported name comes from (binding -> (module, imported name)), for annotations
        self.imported_from: dict[BindingKey, tuple[str, str]] = {}
        self.class_fields: dict[int, dict[str, Node]] = {}  # class node id -> field name -> its type annotation
        # class node id -> (the engine instance its `this` is, the names the class itself gives `this`), or None
        self.class_this: dict[int, tuple[Val, frozenset[str]] | None] = {}
        # class node id -> the instance members its body declares (methods, accessors, fields, reactive properties)
        self.class_declared: dict[int, frozenset[str]] = {}
        # class node id -> its `this.x = ...` assignments by name (see `own_field`)
        self.class_written: dict[int, dict[str, list[Node]]] = {}
        self.this_methods: dict[int, int] = {}  # method node id -> its class's node id, for methods using `this`
        self.class_declarations: dict[str, list[Node]] | None = None  # class name -> the file's declarations
        # scope node id (the program, a function declaration) -> the `this` the engine's examples' convention
        # gives it and the names the file assigns on `this`, or None
        self.scope_this: dict[int, tuple[Val, frozenset[str]] | None] = {}
        self.scope_this_used: dict[int, bool] = {}  # program node id -> whether it uses `this` at its top level
        self.typescript = doc.language in TYPESCRIPT_LANGUAGES
        self._script: bool | None = None  # whether the file is a script (`is_script`), once asked
        # The declarations whose initializer is being evaluated: (binding, name, closures deferred). A closure
        # in `let node = object({ child: lazy(() => node.default()) })` runs later, when `node` has its value:
        # its body is walked once the declaration has bound it.
        self._initializing: list[tuple[BindingKey, bytes, list[Node]]] = []
        # a union-typed binding narrowed by a literal discriminant (`if (part.type === "text")`, `case "text":`):
        # binding -> [(start byte, end byte, the narrowed value)], innermost last (see `narrow`)
        self.narrowed: dict[BindingKey, list[tuple[int, int, Val]]] = {}
        # a reference a user-defined type guard's call tested (`isRouteErrorResponse(r.result) && r.result.status`):
        # (binding, property path) -> [(start byte, end byte, the guard's type)], innermost last (see `guard_tests`)
        self.guarded: dict[tuple[BindingKey, tuple[str, ...]], list[tuple[int, int, Val]]] = {}
        self._guards_seen: set[int] = set()

    def text(self, node: Node | None) -> str:
        return self.src[node.start_byte:node.end_byte].decode("utf-8", "replace") if node is not None else ""

    def src_text(self) -> str:
        """The whole document as text (decoded once)."""
        found = self.__dict__.get("_src_text")
        if found is None:
            found = self._src_text = self.src.decode("utf-8", "replace")
        return found

    # --- entry -------------------------------------------------------------------------------------------
    def run(self) -> Analysis:
        root = self.doc.tree.root_node
        self.prescan(root)
        try:
            self.ev(root)
            self.check_late_this()
            self.check_late_params()
        except RecursionError:
            pass
        return self.result

    def free(self, name: str) -> Val | None:
        """A variable used but never declared in the file: a snippet's `page`, `pdfDoc`, `form`. Its type can
        only come from evidence (never from a global we know nothing about)."""
        if name in self.free_vals:
            return self.free_vals[name]
        dom = platform.globals_().get(name) if name not in _DOM_GLOBALS_UNTYPED else None
        if dom is not None and not self.engine_declares(name):
            # `document`, `customElements`, `navigator`: the browser's globals, typed by the DOM's lib (an
            # engine declaring a global of that name keeps it); the file uses the platform, not the engine
            val = self.free_vals[name] = self.type_val(dom, platform.PLATFORM, None, 1.0)
            return val
        es = platform.es_globals().get(name)
        if es is not None and not self.engine_declares(name):
            # `Promise`, `Object`, `JSON`, `Map`: the ECMAScript lib's globals (their statics: `Promise.all`)
            val = self.free_vals[name] = self.type_val(es, platform.PLATFORM, None, 1.0)
            return val
        if name in platform.es_namespaces() and not self.engine_declares(name):
            # `Intl`, `Reflect`: the lib's namespace objects (`new Intl.NumberFormat(...).format(n)`)
            val = self.free_vals[name] = Val(ValKind.CLASS, (platform.PLATFORM, name))
            return val
        if name in platform.functions() and name not in _DOM_GLOBALS_UNTYPED and not self.engine_declares(name):
            # `fetch(url)`: the platform's function, whose result is typed (`Promise<Response>`)
            fn = platform.module().values.get(name)
            val = self.free_vals[name] = Val(ValKind.FUNCTION, module=platform.PLATFORM, member=fn) \
                if fn is not None and fn.kind == "function" else None
            return val
        val = None
        # `declare global { export import Bun = BunModule }` (of `import * as BunModule from "bun"`): the module's
        # namespace object in every file, as declared (not inferred), a platform global's name included
        spaces = [m for m, mod in self.model.modules.items() if name in mod.namespace_globals]
        if len(spaces) == 1:
            val = self.module_val(spaces[0])
        # (a name no enclosing scope declares: another function's parameter of that name, as in a README
        # fragment's `doc.advancedAPI(doc => ...)`, is another binding and says nothing against it)
        elif name not in GLOBALS:
            umd = [m for m, mod in self.model.modules.items() if name in mod.globals]
            owners = self.exporting_modules(name)
            alias = self.namespace_alias(name, owners)
            if len(umd) == 1:  # `chroma` in a script: the typings declare it global (`export as namespace`)
                val = self.export_val(umd[0], name) or self.script_global(umd[0], name)
                if val is None and self.is_script() and not self.declared_global(umd[0], name):
                    # `export as namespace L` in typings of named exports only: TypeScript makes `L` the
                    # module's namespace in every file that is not a module (no import, export, `require`
                    # or `exports`), as a docs fragment using the UMD build is
                    val = self.module_val(umd[0])
            elif alias is not None:
                # the engine's docs import the package under this name (`import * as Tone from "tone"`): that
                # evidence outranks a same-named export (tone's base class `Tone`), whose statics are not the
                # package's exports
                val = alias
            elif self.instance_by_name(name):
                # `fastify.get(...)` in a fragment, never called itself: the engine's examples name the
                # instance so (`const fastify = Fastify()`), not the package's value of the same name
                val = self.by_convention((None, name), 0, len(self.src), outranks=True)
            elif not owners and name in self.model.modules and "=" in self.model.modules[name].exports:
                # `dayjs().format()` in a fragment that never imports it: the package of that very name, whose
                # whole value (`export =`, `module.exports =`) the fragment assumes bound, as its UMD build's
                # global or `const dayjs = require('dayjs')`. Not a class: its instances are named so too (a
                # `ws` fragment's `ws.send()` is a WebSocket, not the class)
                val = self.module_val(name)
                kind = self.model.type(val.tid).kind if val is not None and val.tid and \
                    self.model.type(val.tid) is not None else ""
                val = replace(val, conf=min(val.conf, INFERRED)) if val is not None and \
                    (val.kind in (ValKind.FUNCTION, ValKind.NAMESPACE) or kind == "namespace") else None
            elif len(owners) == 1 and not (name in builtin_types() and self.namespace_export(owners[0], name)):
                # (`WebAssembly.instantiate(...)` is the platform's global, not the package's `namespace
                # WebAssembly` of types that its module declares beside it)
                # a snippet that assumes `import { PDFDocument } from "pdf-lib"` (or `{ jsPDF }`): the one
                # module exporting it; a lower-case name only when it is a class
                val = self.export_val(owners[0], name, INFERRED)
                if val is not None and not name[:1].isupper() and val.kind != ValKind.CLASS and \
                        not (val.kind == ValKind.FUNCTION and (re.search(r"[a-z][A-Z]", name) or
                                                               examples_chain_export(self.model, name, val) or
                                                               examples_import_export(self.model, name, owners[0]))):
                    val = None  # a one-word name (`mix`, `random`) may be the snippet's own helper; a
                    # compound one (`encodeStateAsUpdate`) is the engine's function the fragment assumes imported,
                    # so is one the engine's docs import by that name (`import { shallow } from 'enzyme'`)
                if val is not None and not name[:1].isupper() and val.kind == ValKind.CLASS and \
                        isinstance(val.tid, tuple) and _MODULE_OBJECT.search(val.tid[1]) and \
                        not examples_use_export(self.model, name, val):
                    # a file's module object (`items: typeof import("./items/items")`), a lower-case name a host may
                    # inject (openhab's `items`, `time`): only where the engine's own examples read that object's
                    # members on the name (`items.getItem(...)`); its `log`, which they use as a Logger (`log.atLevel`),
                    # and `utils`, which no example names, stay free
                    val = None
                if val is not None and not name[:1].isupper() and val.kind != ValKind.FUNCTION and \
                        name not in self.model.modules[owners[0]].exports and \
                        not examples_use_export(self.model, name, val):
                    # a lower-case object among a package's whole value's members (`architect`, `methods`,
                    # `config`), free: only where the engine's own examples read that object's members on the name
                    # (`architect.Perceptron(...)`); elsewhere a word a snippet may mean as its own object
                    val = None
                if val is not None and val.kind == ValKind.CLASS and self.used_as_namespace(name, val.tid, owners[0]):
                    val = Val(ValKind.NAMESPACE, module=owners[0], conf=INFERRED)
            if val is None and not owners and alias is None:
                val = self.package_instance(name)
            rights = self.assignments.get((None, name))
            if val is None and rights and rights[0] is not None and name not in self.free_vals:
                # `scale = chroma.scale(...)` with no declaration (a README fragment): what every
                # assignment agrees on, an engine instance only
                self.free_vals[name] = None  # while its right-hand sides are worked out (`x = x.next()`)
                first = self.peek(rights[0])
                val = first if len(rights) == 1 and first is not None and first.kind == ValKind.INSTANCE \
                    else self.same_type_everywhere(first, rights[1:])
            if val is None and not name[:1].isupper():
                val = self.infer((None, name), 0, len(self.src))
            conv = (self.model.conventions or {}).get(name) if val is None else None
            if conv is not None and conv.kind == "inst" and name[:1].isupper():
                val = self.infer((None, name), 0, len(self.src))
            if val is None and name[:1].isupper():
                val = self.namespace_by_uses(name)
            if val is not None:
                self.result.engine_free.add(name)
            conv = (self.model.conventions or {}).get(name)
            if conv is not None and name[:1].islower() and conv.kind in ("inst", "union", "names"):
                self.result.named_by_convention[name] = conv.target if conv.kind != "inst" else (conv.target,)
        self.free_vals[name] = val
        return val

    def exporting_modules(self, name: str) -> list[str]:
        """The modules a free `name` may be the export of, as if the file imported it: each module exporting it
        by name, and each package whose whole value is a namespace object with a member of that name
        (`var Neataptic = { Network: require(...), ... }; module.exports = Neataptic`: TypeScript's checkJs and
        Node's named imports of a CommonJS module both read the object's keys as its exports; a docs snippet
        written for the browser build, whose global is that object, or with the destructuring `require` left
        out, uses them bare: `new Network(2, 1)`, `architect.Perceptron(...)`). Only a package the project
        depends on (an undeclared one, installed for another package, grounds no binding), not in a file that
        imports that package (its import says what it binds), and only where one module has the name: two
        packages offering it leave it free (`free` binds on exactly one owner).

        A name that is also a real global (`Node`, `Event`, `Map`, `window`) is the global wherever the file's
        use allows it: a whole value's member is that package's only where the file constructs it and the
        platform's class of that name cannot be constructed by a program (`new Node()` in a browser throws:
        the snippet means the package's `Node`, whose instances it then `connect`s). A module's own named export
        keeps its older precedence (`engine_declares`: a package declaring the name outranks the platform's)."""
        owners = [m for m, mod in self.model.modules.items() if name in mod.exports]
        if name in GLOBALS or (name in platform.module().values and not (
                name in _UNCONSTRUCTIBLE_DOM and self.constructs_free(name))):
            return owners
        imported = None
        for m, mod in self.model.modules.items():
            if m in owners or "=" not in mod.exports or m in self.model.undeclared or \
                    not self.whole_namespace_member(m, name):
                continue
            if imported is None:
                imported = imported_packages(self.doc)
            if m not in imported:  # (a file importing the package says itself what it binds: nothing changes)
                owners.append(m)
        return owners

    def whole_namespace_member(self, module: str, name: str) -> bool:
        """`module`'s whole value (`module.exports =`, `export =`) is a namespace object (an object literal of
        members, not a class or function whose statics ride along) with a value member `name`."""
        target = self.model.modules[module].exports["="]
        tid = self.model.find_type(module, target)
        t = self.model.type(tid) if tid is not None else None
        value = self.model.modules[module].values.get(target)
        if t is None or t.kind != "namespace" or (value is not None and value.kind in ("function", "method")):
            return False  # (`module.exports = express` with `express.Router = ...`: a function's statics)
        entry = self.model.statics(tid).get(name)
        return entry is not None and entry[0].kind in ("value", "property", "function", "method")

    def constructs_free(self, name: str) -> bool:
        """The file constructs the undeclared `name` (`new Node()`, `new Node`), never through a binding of its
        own."""
        for node in self.names.name_nodes(self.doc.tree.root_node, name):
            parent = node.parent
            if parent is not None and parent.type == "new_expression" and \
                    parent.child_by_field_name("constructor") == node and self.key_of(node)[0] is None:
                return True
        return False

    def engine_declares(self, name: str) -> bool:
        """Whether a module of the model declares `name` as a global, a value, an export or a type: then the
        platform's global of that name is not the one meant (bun's `Response`, ws's `WebSocket`)."""
        return name in self.model.type_names or any(
            name in mod.globals or name in mod.namespace_globals or name in mod.values or name in mod.exports
            for mod in self.model.modules.values())

    def thenable(self, tid: TypeId, depth: int = 0) -> bool:
        """A type with a `then` member, or extending `Promise<...>` / `PromiseLike<...>` (a platform base whose
        members the model does not list), through its bases."""
        if "then" in self.model.members(tid):
            return True
        t = self.model.type(tid)
        if t is None or depth > 8:
            return False
        for base in t.bases:
            if re.match(r"\s*(?:Promise|PromiseLike)\s*<", base):
                return True
        return any(self.thenable(b, depth + 1) for b in self._base_tids(tid))

    def awaited_base(self, val: Val) -> Val | None:
        """What awaiting an instance of a type that extends `Promise<X>` directly gives (`class WaiterPromise<T>
        extends Promise<Result<T>> { unwrap(): ... }`): X, with the type's own parameters as the instance binds
        them. None where the type declares its own `then` (which decides), extends a promise otherwise, or where
        X is an intersection left open (`interface Query<T> extends Promise<T & Meta>`, T unbound)."""
        t = self.model.type(val.tid)
        if t is None or any(m.name == "then" for m in t.members):
            return None
        bases = [m.group(1) for b in t.bases if (m := re.fullmatch(r"\s*Promise\s*<(.*)>\s*", b, re.S))]
        if len(bases) != 1 or len(generic_args(f"Promise<{bases[0]}>")) != 1:
            return None
        got = self.type_val(bases[0], val.tid[0], None, val.conf, val.evidence, self.bindings_of(val, val.tid))
        # an open result (`Promise<T & Meta>`, T not bound) is left to the receiver's uses, as before
        return None if got is not None and got.kind == ValKind.INTERSECTION and got.open else got

    def namespace_export(self, module: str, name: str) -> bool:
        """`module` exports a namespace (not a class, function or value) under `name`."""
        exp = self.model.export(module, name)
        t = self.model.type(exp[1]) if exp is not None and exp[0] == "type" else None
        return t is not None and t.kind == "namespace"

    def package_instance(self, name: str) -> Val | None:
        """`sails.lift()` in a fragment that never declares `sails`: the package of that very name, whose whole
        value is an instance (`module.exports = new Sails()`), as the fragment assumes it bound (the framework's
        global, or `const sails = require('sails')` left out). Whether the name means that one object or another
        instance its examples name so (`const sails = new Sails()`), its type is the same. Inferred: a warning,
        never an error. Not for a package whose value is a class or function (its instances and results are
        named so too: a `ws` fragment's `ws.send()`), nor a name the file assigns or calls."""
        mod = self.model.modules.get(name)
        if mod is None or "=" not in mod.exports or (None, name) in self.called or \
                self.assignments.get((None, name)):
            return None
        val = self.module_val(name)
        if val is None or val.kind != ValKind.INSTANCE or self.model.type(val.tid) is None:
            return None
        return replace(val, conf=min(val.conf, INFERRED))

    def is_script(self) -> bool:
        """Whether the file is a script, not a module, in TypeScript's sense: no top-level import or export
        declaration and (in JavaScript) no CommonJS `require(...)` nor `exports` / `module.exports` write."""
        if self._script is None:
            root = self.doc.tree.root_node
            self._script = not any(c.type in ("import_statement", "export_statement") for c in root.children) \
                and _COMMONJS.search(self.src) is None
        return self._script

    def instance_by_name(self, name: str) -> bool:
        """An undeclared name the file never calls, that the engine's examples give to instances of one type
        (`naming`): the instance it is, rather than a same-named value of the package."""
        conv = (self.model.conventions or {}).get(name)
        return conv is not None and conv.kind in ("inst", "union") and name[:1].islower() and \
            (None, name) not in self.called

    def namespace_alias(self, name: str, owners: list[str] = ()) -> Val | None:
        """The package namespace the engine's docs and examples bind this name to (`import * as Y from "yjs"`,
        `const ExcelJS = require("exceljs")`), or the export they import under it (`import {
        experimental_getBatchResults as getBatchResults } from 'ai'`, then `getBatchResults(...)` undeclared in
        the next fence), as mined by `naming`; else None."""
        conv = (self.model.conventions or {}).get(name)
        if conv is not None and conv.kind == "export" and not owners:
            # (a module exporting the name itself: the fragment assumes that import, as for any free name)
            return self.export_val(*conv.target, INFERRED)
        if conv is not None and conv.kind == "ns" and conv.target in self.model.modules:
            return Val(ValKind.NAMESPACE, module=conv.target, conf=INFERRED)
        if conv is not None and conv.kind == "obj" and self.model.type(conv.target) is not None:
            # `Konva.Stage` in a script: the UMD global; `ffmpeg(...)` with `var ffmpeg = require(...)` left out:
            # the module's whole value, whose named exports beside it (`member_of`) are its members too
            module = conv.target[0] if conv.target[0] in self.model.modules else ""
            return Val(ValKind.CLASS, conv.target, module=module, conf=INFERRED)
        return None

    def used_as_namespace(self, name: str, tid: TypeId, module: str) -> bool:
        """An undeclared name that is both an exported class and, by its uses, the package's namespace:
        `Tone.Synth`, `Tone.now()` name exports of the package that the class `Tone` has no statics for. More
        such uses than uses of neither kind (an invented name), and none of the class's own statics, say the
        file means the namespace."""
        statics = self.model.statics(tid)
        exports = self.model.modules[module].exports
        used = {u for (_, u, _) in self.uses.get((None, name), ()) if u not in OBJECT_MEMBERS}
        if any(u in statics and u not in exports for u in used):
            return False  # it uses the class's own statics too: the class it stays (`package_export` guards)
        other = {u for u in used if u not in statics}
        hits = {u for u in other if u in exports}
        return bool(hits) and len(hits) > len(other - hits)

    def package_export(self, name: str) -> bool:
        """Some module of the engine exports `name` as a value: what a read of a namespace's member can give
        (`Tone.now`, `Tone.Synth`). A type only (`export type Key = string | number`, an interface: @types/react's
        `Key`, `Ref`) is no value of any object, so a member read so named is not the package's export misread."""
        return any(name in mod.exports and self.value_export(module, name) for module, mod in self.model.modules.items())

    def value_export(self, module: str, name: str) -> bool:
        """`module`'s export `name` is (or may be) a value: a function, a constant, a class, an enum, a namespace,
        an interface a value merges into or with a construct signature, a name the model cannot follow (a
        re-export); not an interface or a type alias alone."""
        mod = self.model.modules[module]
        local = mod.exports.get(name)
        t = mod.types.get(local) if local is not None else None
        if local is None or local in mod.values or t is None or t.kind not in ("interface", "alias"):
            return True
        tid = self.model.find_type(module, local) if t.kind == "interface" else None
        return tid is not None and self.model.class_like(tid)

    def namespace_by_uses(self, name: str) -> Val | None:
        """A capitalised name the file never declares, used as `Excel.Workbook`: a README fragment's alias of
        the engine's namespace (`const Excel = require("exceljs")` left out; issue 17). Inferred
        only when exactly one engine module exports one of the capitalised names used on it (a class, not a
        generic word) and at most one used name is not its export (the one to report)."""
        uses = {u for (_, u, _) in self.uses.get((None, name), ())}
        fits = [m for m, mod in self.model.modules.items()
                if any(u[:1].isupper() and u in mod.exports for u in uses)]
        if len(fits) != 1 or len([u for u in uses if u not in self.model.modules[fits[0]].exports]) > 1:
            return None
        return Val(ValKind.NAMESPACE, module=fits[0], conf=INFERRED)

    def prescan(self, root: Node) -> None:
        """Collect, per binding, the members used on it, how, where it is passed and what is assigned to it
        (for inference), and how every member expression is used (read, write, called).

        One query (`grammars/<language>/evidence.scm`) finds the nodes that carry evidence, so no Python
        code visits the rest of the tree; its captures are plain node lists (few objects for the garbage
        collector to follow). Each list is then filled in the order of a top-down walk that visits children
        right to left (`_walk_order`): `infer` and `produced_by` word their evidence from the first or last
        entries, so that order is part of the result."""
        found = queries.captures(self.names.language, "evidence", root)
        usage = self.usage  # only non-reads are recorded: `_ev` reads a missing entry as "read"
        for node in found.get("member.write", ()):
            usage[node.id] = "write"
        declarators: dict[int, Node] = {}  # callee id -> the `const x = obj.m(...)` declarator around the call
        adders = self.model.member_adders()
        for callee in found.get("call.callee", ()):
            call = callee.parent
            args = call.child_by_field_name("arguments")
            usage[callee.id] = "call-args" if args is not None and args.named_child_count else "read-call"
            if callee.type == "identifier":
                self.called.add(self.key_of(callee))
            if adders and args is not None and callee.type == "member_expression":
                method = callee.child_by_field_name("property")
                if method is not None and self.text(method) in adders:  # before any inference reads the uses
                    self.add_named_members(self.text(method), args)
            # const field = form.getTextField("x"): what `field` turns out to be says what `form` is
            parent = call.parent
            if parent is not None and parent.type == "await_expression":
                parent = parent.parent
            if parent is not None and parent.type == "variable_declarator":
                name = parent.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    declarators[callee.id] = parent
        key_of = self.key_of
        text = self.text
        uses, results, passes = self.uses, self.results, self.passes
        for i, node in enumerate(_walk_order(found.get("member", ()))):
            if not i & 1023:
                queries.check_time()
            prop = node.child_by_field_name("property")
            if prop is None:
                continue
            obj_key = key_of(node.child_by_field_name("object"))
            start, name = node.start_byte, text(prop)
            uses.setdefault(obj_key, []).append((start, name, usage.get(node.id, "read")))
            decl = declarators.get(node.id)
            if decl is not None:
                results.setdefault(obj_key, []).append(
                    (start, name, key_of(decl.child_by_field_name("name")), decl.end_byte))
        for node in _walk_order(found.get("assignment", ())):
            left_key = key_of(node.child_by_field_name("left") or node.child_by_field_name("argument"))
            self.assigned.add(left_key)
            self.assignments.setdefault(left_key, []).append(
                node.child_by_field_name("right") if node.type == "assignment_expression" else None)
        for node in _walk_order(found.get("call", ())):
            for i, a in enumerate(node.child_by_field_name("arguments").named_children):
                t = a.type
                if t == "identifier":
                    passes.setdefault(key_of(a), []).append((a.start_byte, node, i, ""))
                elif t == "object":
                    # drawText(text, { font, size }): `font` is passed as the option `font`
                    for p in a.named_children:
                        if p.type == "shorthand_property_identifier":
                            passes.setdefault(key_of(p), []).append((p.start_byte, node, i, text(p)))
                        elif p.type == "pair":
                            v, k = p.child_by_field_name("value"), p.child_by_field_name("key")
                            if v is not None and v.type == "identifier" and k is not None:
                                passes.setdefault(key_of(v), []).append(
                                    (v.start_byte, node, i, text(k).strip("\"'")))

    # --- bindings: the scope model says which binding a name is, this walk what value it holds --------------
    def lookup(self, name_node: Node) -> Val | None:
        key = self.key_of(name_node)
        if key in self.values:
            ranges = self.narrowed.get(key) if self.narrowed else None
            if ranges:
                at = name_node.start_byte
                for start, end, val in reversed(ranges):
                    if start <= at < end:
                        return val
            return self.values[key]
        if key[0] is not None:
            return None  # declared, but not (yet) given a value: hoisted, a catch parameter, ...
        return self.free(key[1])

    def set_value(self, name_node: Node | None, val: Val | None) -> None:
        if name_node is not None:
            self.values[self.key_of(name_node)] = val

    def bind_inferred(self, name_node: Node, after: Node) -> None:
        """Bind a name to the type the evidence about it after node `after` points at, if any."""
        key = self.key_of(name_node)
        decl = self.names.declaration_of(name_node)
        end = decl.scope.end_byte if decl is not None else len(self.src)
        self.values[key] = self.infer(key, after.end_byte, end)

    # --- values ------------------------------------------------------------------------------------------
    def to_val(self, parsed, module: str, this: Val | None, conf: float, evidence=None) -> Val | None:
        if parsed is None:
            return None
        k = parsed[0]
        if k == "name":
            tid = self.model.find_type(module, parsed[1])
            if tid is None:
                key = (module, parsed[1])
                if key in self._following:
                    return None
                self._following.add(key)
                try:
                    alias = self.model.alias_target(module, parsed[1])
                    if alias is not None and alias != parsed:
                        return self.to_val(alias, module, this, conf, evidence)
                    if alias is None:
                        return self.conditional_val(module, parsed[1], this, conf, evidence) or \
                            self.indexed_val(module, parsed[1], conf, evidence) or \
                            self.picked_alias_val(module, parsed[1], this, conf, evidence)
                    return None
                finally:
                    self._following.discard(key)
            t = self.model.type(tid)
            if t is None or t.kind not in ("class", "interface"):
                return None
            return Val(ValKind.INSTANCE, tid, conf=min(conf, t.confidence), evidence=evidence)
        if k == "array":
            return Val(ValKind.ARRAY, inner=self.to_val(parsed[1], module, this, conf, evidence), conf=conf, evidence=evidence)
        if k == "promise":  # (one the platform's types give is a `Promise` itself: its members are checked)
            return Val(ValKind.PROMISE, inner=self.to_val(parsed[1], module, this, conf, evidence), conf=conf,
                       evidence=evidence, module=module if module == platform.PLATFORM else "")
        if k == "map":
            return Val(ValKind.MAP, inner=self.to_val(parsed[1], module, this, conf, evidence), conf=conf, evidence=evidence)
        if k == "returnof":  # `ReturnType<typeof createPage>`: the declared result of that function
            mod = self.model.modules.get(module)
            fn = mod.values.get(parsed[1]) if mod is not None else None
            if fn is None:  # a function of the `export =` namespace
                tid = self.model.find_type(module, mod.exports.get("=", "")) if mod is not None else None
                entry = self.model.statics(tid).get(parsed[1]) if tid is not None else None
                fn = entry[0] if entry is not None else None
            if fn is None or fn.kind not in ("function", "method") or "ReturnType" in fn.type:
                return None
            # read as a declared type text: the result's written type arguments are kept (`StoreApi<State>`)
            return self.type_val(fn.type, module, this, conf, evidence)
        if k == "index":  # `Page["size"]`: the declared type of that member
            tid = self.model.find_type(module, parsed[1])
            entry = self.model.members(tid).get(parsed[2]) if tid is not None else None
            if entry is None or entry[0].kind in ("method", "function"):
                return None
            return self.to_val(parse_type(entry[0].type), entry[1][0], this, conf, evidence)
        if k == "this":
            return this
        if k == "fn":
            # a value declared with a function type (`type FormatWrap = (opts?) => Format`): calling it gives
            # the declared result; the function object's own members are not checked
            inner = self.to_val(parsed[1], module, this, conf, evidence)
            return Val(ValKind.FUNCTION, inner=inner, conf=conf, evidence=evidence) if inner is not None else None
        if k == "typeof":
            tid = self.model.find_type(module, parsed[1])
            if tid is None:  # `const FormatMixin: typeof FormatImplementation`: that function
                mod = self.model.modules.get(module)
                fn = mod.values.get(parsed[1]) if mod is not None else None
                if fn is not None and fn.kind == "function":
                    return Val(ValKind.FUNCTION, module=module, member=fn, conf=min(conf, fn.confidence),
                               evidence=evidence)
                if fn is not None and fn.type and not fn.type.lstrip().startswith("typeof"):
                    # `base: typeof ns` of `declare var ns: Namespace`: the value's declared type
                    return self.value_val(fn, module, conf)
            return Val(ValKind.CLASS, tid, conf=conf, evidence=evidence) if tid else None
        if k == "union":
            tids = []
            for name in parsed[1]:
                v = self.to_val(("name", name), module, this, conf)
                if v is not None and v.kind == ValKind.UNION:  # an alias of a union: its members
                    tids += [t for t in v.tid if t not in tids]
                    continue
                if v is None or v.kind != ValKind.INSTANCE:
                    return None  # a primitive, an enum or an unknown part: nothing can be said
                tids.append(v.tid)
            return Val(ValKind.UNION, tuple(tids), conf=conf, evidence=evidence)
        return None

    def conditional_val(self, module: str, name: str, this: Val | None, conf: float, evidence=None,
                        depth: int = 0) -> Val | None:
        """An alias to a conditional type (`type Ev<T> = [Set] extends [T] ? Wide : Narrow | Dyn`), read without
        deciding its condition: the union of its branches (nested conditionals in a branch too), so a member
        any branch has is known and a name no branch has is missing only when every branch is a closed object
        type. A condition that binds `infer` variables, or a branch that is not an object type the model reads
        (a primitive, a type parameter, a mapped type), leaves it unknown."""
        mod = self.model.modules.get(module)
        t = mod.types.get(name) if mod is not None else None
        if t is None or t.kind != "alias" or depth > 4:
            return None
        return self._branches_val(t.alias, module, this, conf, evidence, depth)

    def indexed_val(self, module: str, name: str, conf: float, evidence=None) -> Val | None:
        """An alias of an indexed access into an object type of records (react-router's `type Navigation =
        NavigationStates[keyof NavigationStates]`, a union of state records): the union of the record types
        (`ObjectModel.indexed_arms`), a name none of them has missing; unknown unless every record is a closed
        object type. A record that is an intersection (`Active & Omit<States["Loading"], "matches">`) adds each
        of its types to the union, a name no type has being on no record; `arms` keeps the records apart for
        the names a near miss may mean (those every record has)."""
        arms = self.model.indexed_arms(module, name)
        tids = list(dict.fromkeys(tid for arm in arms or () for tid in arm))
        types = [self.model.type(tid) for tid in tids]
        if not tids or any(t is None for t in types):
            return None
        conf = min([conf] + [t.confidence for t in types])
        if len(tids) == 1:
            return Val(ValKind.INSTANCE, tids[0], conf=conf, evidence=evidence)
        return Val(ValKind.UNION, tuple(tids), conf=conf, evidence=evidence,
                   arms=tuple(tuple(arm) for arm in arms) if any(len(arm) > 1 for arm in arms) else ())

    def _branches_val(self, text: str, module: str, this: Val | None, conf: float, evidence, depth: int):
        branches = conditional_branches(text)
        if branches is None:
            return None
        # `Args extends [infer Id extends keyof Routes] ? UseRoute<Id> | undefined : never`: what an `infer`
        # variable binds is not matched here, so in the true branch it stands for `unknown` (a branch that is
        # the variable itself, or builds on it, stays unread: the whole type open); a `never` branch has no
        # value and adds nothing, a nullish one no members (as `X | undefined` is read as X)
        infers = re.findall(r"\binfer\s+([A-Za-z_$][\w$]*)", text.split("?", 1)[0])
        if infers:
            branches = [substitute(branches[0], {v: "unknown" for v in infers}), branches[1]]
        branches = [b for b in branches if _unparen_type(b) != "never" and _unparen_type(b) not in NULLISH]
        if not branches:
            return None
        tids: list = []
        for branch in branches:
            v = self._branches_val(branch, module, this, conf, evidence, depth + 1) \
                if conditional_branches(branch) is not None else self.to_val(parse_type(branch), module, this, conf)
            if v is None or v.kind not in (ValKind.INSTANCE, ValKind.UNION):
                return None
            tids += [v.tid] if v.kind == ValKind.INSTANCE else list(v.tid)
        tids = list(dict.fromkeys(tids))
        if len(tids) == 1:
            return Val(ValKind.INSTANCE, tids[0], conf=conf, evidence=evidence)
        return Val(ValKind.UNION, tuple(tids), conf=conf, evidence=evidence)

    def type_val(self, text: str, module: str, this: Val | None, conf: float, evidence=None,
                 bindings: dict[str, str] | None = None) -> Val | None:
        """The value a declared type text describes, its owner's type parameters replaced by what they stand
        for; an instance of a generic type keeps the arguments written on it (`Server<Client>`)."""
        picked = self.parameter_of(text, module)
        if picked is not None:  # (written in the function's own scope: the caller's bindings are not its own)
            return self.type_val(picked, module, this, conf, evidence)
        head = text.lstrip()[:8]
        if head.startswith(("Extract", "Exclude")) and re.fullmatch(r"\s*Ex(?:tract|clude)\s*<.*>\s*", text, re.S):
            args = generic_args(text)  # `Extract<Part, { type: "text" }>`: some members of `Part`, read as all of
            # them (a member any has is known; a name none has is missing from the subset too)
            return self.type_val(args[0], module, this, conf, evidence, bindings) if len(args) == 2 else None
        if head.startswith(("Pick", "Omit")) and re.fullmatch(r"\s*(?:Pick|Omit)\s*<.*>\s*", text, re.S) and \
                len(args := generic_args(text)) == 2 and not self._declares(module, text.strip()[:4]):
            # `type InitialQueryBuilder = Pick<BaseQueryBuilder<Context>, `from` | `unionAll`>` (TanStack DB's
            # query callbacks' `q`): some of the first argument's members, read as all of them, as a base so
            # written is (`ObjectModel._base_type`): a name that type lacks is missing from the subset too. Of a
            # class or an interface as declared: the keys of a mapped type (read as an interface that keeps its
            # written type, `shown_alias`) are evaluated exactly further on
            whole = self.type_val(args[0], module, this, conf, evidence, bindings)
            declared = self.model.type(whole.tid) if whole is not None and whole.kind == ValKind.INSTANCE and \
                isinstance(whole.tid, tuple) else None
            if declared is not None and declared.kind in ("class", "interface") and not declared.shown_alias:
                return whole
        if conditional_branches(text) is not None:
            # `display: Include extends { display: true } ? Display | null : undefined`, a member written as a
            # conditional on its owner's type parameter: read undecided, as an alias of one (`conditional_val`),
            # the union of its branches that are object types (nothing when a branch is another kind of type)
            return self._branches_val(substitute(text, bindings) if bindings else text, module, this, conf,
                                      evidence, 0)
        parts = intersection_parts(text)
        if parts:  # split before the owner's type parameters are replaced: such a part stays open (below)
            return self.intersection_val(parts, module, this, conf, evidence, bindings)
        element = text.strip()[:-2].strip() if text.strip().endswith("[]") else ""
        if element.startswith("(") and element.endswith(")") and intersection_parts(_unparen_type(element)):
            # `(Fetcher & { key: string })[]`: an array of that intersection
            inner = self.type_val(_unparen_type(element), module, this, conf, evidence, bindings)
            return Val(ValKind.ARRAY, inner=inner, conf=conf, evidence=evidence) if inner is not None else None
        if bindings:
            text = substitute(text, bindings)
        keyed = self.closed_keys_val(text, module, conf, evidence)
        if keyed is not None:
            return keyed
        home = self.namespace_global_type(text, module)
        if home is not None:  # `Bun.UnderlyingSource<R>`: the type of the module the global `Bun` is
            return self.type_val(home[1], home[0], this, conf, evidence)
        if "<" in text and "[" not in text:
            picked = self.picked_alias_val(module, text, this, conf, evidence) or \
                self.decided_alias_val(module, text, this, conf, evidence)
            if picked is not None:
                return picked
            text = self.expand_alias(text, module)
        parsed = parse_type(self.foreign_unknown(text, module))
        if parsed is not None and parsed[0] in ("map", "array") and self.own_collection(text, module):
            parsed = ("name", text.split("<", 1)[0].strip())
        val = self.to_val(parsed, module, this, conf, evidence)
        return _with_type_args(val, text) if val is not None and "<" in text else val

    def picked_alias_val(self, module: str, text: str, this: Val | None, conf: float, evidence=None) -> Val | None:
        """An alias of a `Pick` or an `Omit`, named alone or with its type arguments (`InitialQueryBuilder` of
        `type InitialQueryBuilder = Pick<BaseQueryBuilder<Context>, ...>`, `QueryBuilder<C>` of `type
        QueryBuilder<T> = Omit<BaseQueryBuilder<T>, ...>`: TanStack DB's query builder): `type_val`'s reading of
        its body, the arguments (else the parameters' defaults) put in for its parameters."""
        mod = self.model.modules.get(module)
        t = mod.types.get(text.split("<", 1)[0].strip()) if mod is not None else None
        if t is None or t.kind != "alias" or not re.match(r"\s*(?:Pick|Omit)\s*<", t.alias):
            return None
        args = generic_args(text) if "<" in text else []
        env = _alias_bindings(t, args)
        return self.type_val(substitute(t.alias, env) if env else t.alias, module, this, conf, evidence)

    def decided_alias_val(self, module: str, text: str, this: Val | None, conf: float, evidence=None) -> Val | None:
        """A generic alias of a conditional type written with arguments that decide it (`ImageActivityResult<false>`
        of `type ImageActivityResult<TStream extends boolean = false> = TStream extends true ?
        AsyncIterable<StreamChunk> : Promise<ImageGenerationResult>`): the branch TypeScript takes, read as any
        type text, through nested conditionals too. None when a test is not decided by literals alone (`T extends
        AsyncFunction`: left to `_branches_val`, as before)."""
        mod = self.model.modules.get(module)
        t = mod.types.get(text.split("<", 1)[0].strip()) if mod is not None else None
        if t is None or t.kind != "alias" or not t.type_params:
            return None
        body = _COMMENT.sub(" ", t.alias)
        if conditional_branches(body) is None:
            return None
        args = generic_args(text)
        env = _alias_bindings(t, args)
        body = substitute(body, env)
        for _ in range(8):  # (a chain of conditionals: `R extends 'status' ? A : R extends 'url' ? B : ...`)
            parts = conditional_parts(body)
            if parts is None:
                return self.type_val(body, module, this, conf, evidence)
            taken = _literal_extends(*parts[:2])
            if taken is None:
                return None
            body = parts[2] if taken else parts[3]
        return None

    def _declares(self, module: str, name: str) -> bool:
        """Whether the module declares a type of that name itself (its own `Pick`, `Record`)."""
        mod = self.model.modules.get(module)
        return mod is not None and name in mod.types

    def closed_keys_val(self, text: str, module: str, conf: float, evidence=None) -> Val | None:
        """A value of a type over a closed key set: `Record<K, V>`, a mapped type `{ [P in K]: V }`, either under
        `Partial` / `Readonly` / `Required`, K a union of string literals (written, through aliases, `keyof X`,
        `Exclude` / `Extract` of such: `ObjectModel.type_keys`). TypeScript gives it exactly those keys, so a
        name not among them is missing (its near misses among the keys): an object of those members, closed
        (an INTERSECTION of literal members alone, `shown` its written type). None (left to `parse_type`: a
        keyed collection, open) when K is `string`, `PropertyKey`, a template literal, a type parameter,
        anything not resolved, or a union holding one; when the module declares a `Record` of its own."""
        inner = _unparen_type(text)
        for _ in range(4):  # (`Readonly<Partial<Record<K, V>>>`)
            head = re.match(r"(Readonly|Partial|Required)\s*<", inner)
            if head is None or len(generic_args(inner)) != 1:
                break
            inner = _unparen_type(generic_args(inner)[0])
        if inner.startswith("Record"):
            mod = self.model.modules.get(module)
            if not re.match(r"Record\s*<", inner) or len(generic_args(inner)) != 2 or \
                    (mod is not None and "Record" in mod.types):
                return None
        elif not (inner.startswith("{") and re.match(r"\{\s*(?:[+-]?readonly\s+)?\[\s*[A-Za-z_$][\w$]*\s+in\s", inner)):
            return None
        shaped = self.one_shape(text, module, None)
        if not shaped:
            return None
        return Val(ValKind.INTERSECTION, (), module=module, conf=conf, evidence=evidence, literal=tuple(shaped),
                   shown=" ".join(text.split()))

    def parameter_of(self, text: str, module: str, depth: int = 0) -> str | None:
        """`Parameters<typeof f>[0]`, written out or as the body of an alias (`type StreamTextOptions<T> =
        Parameters<typeof streamTextInternal<T>>[0]`, TypeScript's standard way to name what a function takes
        without repeating its parameter list): the declared type of that parameter of the module's function `f`
        (a destructured one's too), or None. The function's type arguments are not bound here: its own type
        parameters stay unbound names (their parts open, never a member checked against a guess). A function
        whose overloads declare that parameter differently gives nothing."""
        text = text.strip()
        found = _PARAMETERS_OF.fullmatch(text)
        mod = self.model.modules.get(module)
        if mod is None or depth > 4:
            return None
        if found is None:
            head = re.fullmatch(r"([A-Za-z_$][\w$]*)\s*(?:<.*>)?", text, re.S)
            t = mod.types.get(head.group(1)) if head is not None else None
            if t is None or t.kind != "alias" or "Parameters" not in (t.alias or ""):
                return None
            return self.parameter_of(_COMMENT.sub(" ", t.alias), module, depth + 1)
        fn = mod.values.get(found.group(1))
        index = int(found.group(2))
        if fn is None or fn.kind != "function":
            return None
        declared = {param_type(params[index]) if index < len(params) else ""
                    for params in ([p for p in ps if not re.match(r"this\s*:", p)]
                                   for ps in (fn.params, *fn.overloads))}
        return declared.pop() or None if len(declared) == 1 else None

    def own_collection(self, text: str, module: str) -> bool:
        """`Map<K, V>` / `Set<T>` written where the package declares a type of that name (immutable's namespace
        declares its own `Map`): TypeScript's scoping makes it that type, not the platform's collection. A
        script file's global declaration (an augmentation of the platform's) is not the package's own."""
        if text.strip().endswith("[]"):
            return False  # `Object<Include>[]`: an array of the package's generic type, whatever its name
        head = text.split("<", 1)[0].strip()
        mod = self.model.modules.get(module)
        t = mod.types.get(head) if mod is not None and re.fullmatch(r"[A-Za-z_$][\w$]*", head) else None
        return t is not None and t.kind in ("interface", "class") and head not in mod.globals

    def namespace_global_type(self, text: str, module: str) -> tuple[str, str] | None:
        """`Bun.UnderlyingSource<R>` written in a global declaration file, where `Bun` is a module's namespace made
        global (`declare global { export import Bun = BunModule }`, `ModuleModel.namespace_globals`): TypeScript
        reads the qualified name as that module's type, so (the module, the rest) when exactly one module makes
        the qualifier global, the package declares no type or value of that name itself, and that module
        declares the rest as a type. Else None (`foreign_unknown` decides)."""
        found = re.fullmatch(r"\s*([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)\s*(<.*>)?\s*", text, re.S)
        if found is None:
            return None
        mod = self.model.modules.get(module)
        if mod is not None and (found.group(1) in mod.types or found.group(1) in mod.values):
            return None
        homes = [m for m, other in self.model.modules.items() if found.group(1) in other.namespace_globals]
        if len(homes) != 1 or found.group(2) not in self.model.modules[homes[0]].types:
            return None
        return homes[0], found.group(2) + (found.group(3) or "")

    def foreign_unknown(self, text: str, module: str) -> str:
        """The type text with every name qualified by another module's namespace made `unknown`:
        `NodeJS.ReadableStream`, `globalThis.Response`, `http.Agent` (a qualifier no type of the package
        declares: Node's, the platform's, an import of another module). `parse_type` reads a qualified name
        as its last name, which the model would find among the package's own types (undici's `Agent`, a
        package's `ReadableStream`): the real object need not have their members. Unknown, nothing on it
        is checked (TypeScript's platform types are not modelled here). The package's own namespaces
        (`Pool.Options`, `Dispatcher.RequestOptions`) are left as written; so is a `typeof` (a value)."""
        if "." not in text or "typeof" in text:
            return text
        return _QUALIFIED.sub(lambda m: m.group(0) if self.own_qualifier(m.group(1), module) else "unknown", text)

    def own_qualifier(self, name: str, module: str) -> bool:
        """A qualifier the package itself declares: a type or namespace of the module, or of any module of
        its package (a namespace imported from a sibling file: `import Dispatcher from './dispatcher'`)."""
        mod = self.model.modules.get(module)
        if mod is not None and (name in mod.types or name in mod.values):
            return True
        own = package_name(module)
        return any(package_name(tid[0]) == own for tid in self.model.type_names.get(name, ()))

    def intersection_val(self, parts: list[str], module: str, this: Val | None, conf: float, evidence=None,
                         bindings: dict[str, str] | None = None) -> Val | None:
        """`A & B`: a value with the members of every part. A part the model cannot read as an instance (a
        type parameter, even one its owner's arguments bind: `config: Base & ContextConfig`, whatever the
        caller's code declared it as; `any`, an object literal, an unknown name, a promise) leaves it open:
        what the known parts have is still typed, and no name is ever reported missing on it. Opened by type
        parameters alone, it is `extended` too: a near miss of the read parts' own members is still a slip."""
        vals, open_, literal, unions = [], False, [], []
        by_param = False  # opened by a type parameter only (see `Val.extended`)
        for part in parts:
            if bindings and part in bindings:
                by_param = True
                continue
            if part.startswith("{") and part.endswith("}"):
                members = object_literal_members(part)
                if members is None:
                    open_ = True
                else:
                    literal += members
                continue
            v = self.type_val(part, module, this, conf, evidence, bindings)
            if v is not None and v.kind == ValKind.INTERSECTION:
                vals += list(v.parts)
                open_ = open_ or v.open
            elif v is not None and v.kind == ValKind.INSTANCE and v.tid is not None:
                vals.append(v)
            elif v is not None and v.kind == ValKind.UNION and v.tid and not v.literal:
                unions.append(v)
            elif (shaped := self.one_shape(part, module, bindings)) is not None:
                literal += shaped  # `Omit<Producers, "slack">`, a mapped type over known keys: its members
            else:
                open_ = True
        if unions:
            # `Fetcher & { key: string }`, `Fetcher` a union of state records: an intersection distributes over a
            # union part (`A & X | B & X`), each record with every other part's members; only when every other
            # part is read (an open part leaves it open) and there is one union part
            if len(unions) > 1 or open_:
                return None
            union = unions[0]
            extra = tuple(dict.fromkeys(v.tid for v in vals))
            arms = tuple(tuple(dict.fromkeys(arm + extra)) for arm in (union.arms or [(t,) for t in union.tid]))
            tids = tuple(dict.fromkeys(t for arm in arms for t in arm))
            return Val(ValKind.UNION, tids, conf=min([union.conf] + [v.conf for v in vals]), evidence=evidence,
                       arms=arms, literal=tuple(literal), module=module)
        if not vals:
            return None
        tids = tuple(dict.fromkeys(v.tid for v in vals))
        if len(tids) == 1 and not open_ and not by_param and not literal:
            return vals[0]
        return Val(ValKind.INTERSECTION, tids, conf=min([conf] + [v.conf for v in vals]), evidence=evidence,
                   parts=tuple(vals), open=open_ or by_param, literal=tuple(literal),
                   extended=by_param and not open_ and not literal)

    def one_shape(self, part: str, module: str, bindings: dict[str, str] | None) -> list[tuple[str, str]] | None:
        """An intersection's part the model evaluates to one closed object shape (`Omit<X, K>`, `Pick`, a mapped
        type over known keys, `ObjectModel.shapes`): its (name, type) pairs, a type written in another module
        left untyped; None when not one certain shape (a union of shapes, or a part that names the owner's type
        parameters, is left open as before)."""
        if bindings and re.search(r"(?<![\w$.])(?:%s)(?![\w$])" % "|".join(map(re.escape, bindings)), part):
            return None
        got = self.model.shapes(module, part)
        if got is None or len(got) != 1:
            return None
        return [(name, typed if home == module and typed != "never" else "")
                for name, (typed, home) in got[0].items() if typed != "never"]

    def expand_alias(self, text: str, module: str) -> str:
        """A generic alias written with arguments, expanded where its body is a member picked by a key the
        arguments spell: ioredis's `Result<T, Context> = ResultTypes<T, Context>[Context["type"]]` with
        `Context` = `{ type: "pipeline" }` is `ResultTypes`'s `pipeline` member (the ChainableCommander), with
        `{ type: "default" }` its `default` (`Promise<T>`). Anything else is left as written (an alias the
        model does not follow: what a call of it gives stays unknown, never another type)."""
        for _ in range(4):
            head = re.fullmatch(r"\s*([A-Za-z_$][\w$]*)\s*<", text)
            mod = self.model.modules.get(module)
            t = mod.types.get(text.split("<", 1)[0].strip()) if mod is not None else None
            if t is None or t.kind != "alias" or not t.type_params or head is not None:
                return text
            args = generic_args(text)
            env = {p: args[i] if i < len(args) else t.type_defaults[i] for i, p in enumerate(t.type_params)
                   if i < len(args) or (i < len(t.type_defaults) and t.type_defaults[i] != "unknown")}
            picked = _indexed_member(self.model, module, substitute(t.alias, env))
            if picked is None:
                return text
            text = picked
        return text

    def bindings_of(self, val: Val, owner: TypeId) -> dict[str, str]:
        """The type parameters of `owner` as an instance `val` binds them (written arguments or defaults)."""
        t = self.model.type(owner)
        if t is None or not t.type_params or val.kind != ValKind.INSTANCE:
            return {}
        key = (val.tid, owner, val.targs)
        found = self._bindings.get(key)
        if found is None:
            found = self._bindings[key] = self.model.bindings(val.tid, owner, val.targs)
        return found

    def umd_global(self, name: str) -> Val | None:
        """What a UMD build puts on the global object under `name`: the module whose typings declare that
        global (`export as namespace chroma`), else the one module named so (`window.jspdf` for `jspdf`)."""
        declared = [m for m, mod in self.model.modules.items() if name in mod.globals]
        if len(declared) == 1:
            return self.export_val(declared[0], name) or self.script_global(declared[0], name) or \
                (None if self.declared_global(declared[0], name) else self.module_val(declared[0]))
        named = [m for m in self.model.modules if m == name and not declared]
        return self.module_val(named[0]) if len(named) == 1 else None

    def declared_global(self, module: str, name: str) -> bool:
        """Whether global `name` of `module` is a script file's own declaration (`declare var Response:
        UseLibDomIfAvailable<"Response", {...}>`, `declare class Draggable`), not an `export as namespace` name
        for the module's exports: a value whose type we cannot follow (a conditional type) is then unknown,
        never the module's namespace (`Response.json` is no export of the package)."""
        mod = self.model.modules.get(module)
        return mod is not None and name not in mod.exports and (name in mod.values or name in mod.types)

    def script_global(self, module: str, name: str) -> Val | None:
        """A global a script declaration file of the module declares (`declare const $: JQueryStatic`,
        `declare class Draggable`: `ModuleModel.globals`), which no export names: its declared type's value."""
        mod = self.model.modules.get(module)
        if mod is None or name in mod.exports:
            return None
        value = mod.values.get(name)
        if value is not None:
            if value.kind in ("function", "method"):
                return Val(ValKind.FUNCTION, module=module, member=value, conf=value.confidence)
            val = self.to_val(parse_type(value.type), module, None, value.confidence) if value.type else None
            branch = self.model.environment_branch(module, value.type) if val is None and value.type else None
            if branch is not None:
                # `declare var Response: UseLibDomIfAvailable<"Response", Response$static>`: the package's own
                # declaration, what it means where the environment does not declare the global itself
                val = self.to_val(parse_type(branch), module, None, value.confidence)
            return val
        tid = self.model.find_type(module, name)
        t = self.model.type(tid) if tid is not None else None
        return Val(ValKind.CLASS, tid, conf=t.confidence) if t is not None and t.kind == "class" else None

    def value_named(self, module: str, name: str) -> Member | None:
        """A value declaration `name` of `module`: module level, or a member of the namespace its `export =`
        names (`declare namespace WebSocket { const WebSocketServer: typeof Server }`)."""
        mod = self.model.modules.get(module)
        if mod is None:
            return None
        if name in mod.values:
            return mod.values[name]
        target = mod.exports.get("=")
        tid = self.model.find_type(module, target) if target else None
        entry = self.model.statics(tid).get(name) if tid is not None else None
        return entry[0] if entry is not None and entry[0].kind in ("value", "property") else None

    def export_val(self, module: str, name: str, conf: float = 1.0) -> Val | None:
        exp = self.model.export(module, name)
        if exp is None:
            return None
        if exp[0] == "type":
            t = self.model.type(exp[1])
            if t is not None and t.kind == "interface" and not _constructible(t):
                # a value beside the interface (`const WebSocketServer: typeof Server` + `interface
                # WebSocketServer extends Server {}`): the value is the constructor, the interface its instances
                value = self.value_named(module, exp[1][1])
                made = self.type_val(value.type, exp[1][0], None, min(conf, value.confidence)) if value else None
                if made is not None and made.kind == ValKind.CLASS and self.model.class_like(exp[1]) and \
                        made.tid in self._base_tids(exp[1]):
                    return Val(ValKind.CLASS, exp[1], conf=min(conf, t.confidence))
                if made is not None and made.kind in (ValKind.CLASS, ValKind.INSTANCE):
                    return made
                # `interface Record<T>` + `namespace Record { function isRecord() }`: the value is the namespace
                return Val(ValKind.CLASS, exp[1], conf=min(conf, t.confidence)) \
                    if any(m.static for m in t.members) else None
            if t is None:
                return None
            return Val(ValKind.CLASS, exp[1], conf=min(conf, t.confidence))
        return self.value_val(exp[1], module, conf)

    def value_val(self, m: Member, module: str, conf: float = 1.0) -> Val | None:
        """What a module's value is: its function, else an object of its declared type."""
        if m.kind in ("function", "method"):
            return Val(ValKind.FUNCTION, module=module, member=m, conf=min(conf, m.confidence))
        if m.type and intersection_parts(m.type):
            # `declare const webhooks: Webhooks & Omit<Producers, "slack">`: an intersection, read as a member's
            # declared type is (`intersection_val`: every part's members, open where a part is not read)
            return self.type_val(m.type, module, None, min(conf, m.confidence))
        keyed = self.closed_keys_val(m.type, module, min(conf, m.confidence)) if m.type else None
        if keyed is not None:  # `export const types: Record<PrimitiveTypes, TypeObject>`: those keys alone
            return keyed
        return self.static_method_val(m.type or "", module, min(conf, m.confidence)) or \
            self.to_val(parse_type(m.type), module, None, min(conf, m.confidence))

    def static_method_val(self, text: str, module: str, conf: float) -> Val | None:
        """`export const locate: typeof CodeceptJS.Locator.build`: a value typed as a class's static method (a
        qualified `typeof` whose owner is a class of the module) is that method: calling it gives its declared
        result (a `Locator`). (`parse_type` keeps only a `typeof`'s last name, which is no type here.)"""
        found = _TYPEOF_QUALIFIED.fullmatch(text.strip())
        if found is None:
            return None
        # (the owner by its last name, as `parse_type` reads any qualified type name: `CodeceptJS.Locator`)
        otid = self.model.find_type(module, found.group(1).split(".")[-1])
        t = self.model.type(otid) if otid is not None else None
        entry = self.model.statics(otid).get(found.group(2)) if t is not None and t.kind == "class" else None
        if entry is None or entry[0].kind not in ("method", "function"):
            return None
        return Val(ValKind.FUNCTION, module=entry[1][0], member=entry[0], conf=min(conf, entry[0].confidence))

    def _base_tids(self, tid: TypeId) -> list[TypeId]:
        t = self.model.type(tid)
        out = []
        for base in t.bases if t is not None else ():
            parsed = parse_type(base)
            btid = self.model.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            if btid is not None:
                out.append(btid)
        return out

    def module_name(self, spec: str) -> str:
        """An import specifier as a model module: a package name, or a relative path to a configured
        JavaScript engine source in the same repository."""
        if spec not in self.model.modules and spec in self.model.subpaths:
            return package_name(spec) or spec  # `fabric/node`: its typings were read into the package's module
        if spec not in self.model.modules and package_name(spec) in self.model.by_file_path:
            return package_name(spec) or spec  # `pkg/components/x.js` of a package read as one folder
        if spec in self.model.modules or not spec.startswith(".") or not self.model.local_sources:
            return spec
        path = self.doc.path
        if path is None:
            return spec
        target = Path(os.path.normpath(path.parent / spec))
        return self.model.module_for_path(target) or spec

    def module_val(self, spec: str) -> Val | None:
        ns = self.subpath_namespace(spec) or self.subpath_module(spec)
        if ns is not None:
            return ns
        spec = self.module_name(spec)
        mod = self.model.modules.get(spec)
        if mod is None:
            return None
        if "=" in mod.exports:
            val = self.export_val(spec, "=")
            if val is not None and val.kind in (ValKind.INSTANCE, ValKind.CLASS):
                val = replace(val, module=spec)  # `require("pdfkit").PDFDocument`: its runtime exports too
            return val
        return Val(ValKind.NAMESPACE, module=spec)

    def subpath_namespace(self, written: str) -> Val | None:
        """`import * as s3 from 'pkg/aws-s3'` (or `require('pkg/aws-s3')`) of a subpath that is a file the
        package's entry re-exports as a namespace (`export * as aws_s3 from './aws-s3'`): that namespace
        object, whose members are exactly that file's exports (`ObjectModel.subpath_namespace`), as `import {
        aws_s3 as s3 } from 'pkg'` binds it. A subpath read into the package's module (`subpaths`) would
        otherwise be the whole package; one not read at all, nothing."""
        if written in self.model.modules or written.startswith((".", "/")) or "/" not in written:
            return None
        tid = self.model.subpath_namespace(written)
        t = self.model.type(tid) if tid is not None else None
        return Val(ValKind.CLASS, tid, conf=t.confidence) if t is not None else None

    def subpath_module(self, written: str) -> Val | None:
        """`require('pkg/base/randu')` of a package subpath that is a folder with typings of its own which the
        package's typings read (`ObjectModel.subpath_module`): what that file's `export =` names (a function, or a
        value of its declared type: `declare var randu: Random`)."""
        if written in self.model.modules or written.startswith((".", "/")) or "/" not in written:
            return None
        found = self.model.subpath_module(written)
        if found is None:
            return None
        module, text = found
        parsed = parse_type(text)
        mod = self.model.modules.get(module)
        if parsed and parsed[0] == "typeof" and mod is not None and parsed[1] in mod.values:
            return self.value_val(mod.values[parsed[1]], module)
        return self.to_val(parsed, module, None, 1.0)

    def exact_class(self, val: Val, node: Node | None) -> bool:
        """Whether an instance's `constructor` is its type's class itself: a class of the engine that no type
        of its module extends (else the object may be a subclass's, whose constructor that is), reached on an
        object other than `this` (a class's `this` may be a subclass's instance of the user's)."""
        if val.kind != ValKind.INSTANCE or not val.tid:
            return False
        t = self.model.type(val.tid)
        access = node.parent if node is not None else None
        receiver = access.child_by_field_name("object") if access is not None and \
            access.type == "member_expression" else None
        if t is None or t.kind != "class" or receiver is None or receiver.type == "this":
            return False
        mod = self.model.modules.get(val.tid[0])
        return mod is not None and not any(
            (val.tid[0], other) != val.tid and val.tid in self.model.ancestors((val.tid[0], other))
            for other in mod.types)

    def lookup_throws(self, t, table: dict, node: Node | None, usage: str) -> bool:
        """On an object that answers every name by a lookup (`TypeDef.lookup`: openhab's `items.X` is
        `items.getItem('X', true)`, an Item or null), a name it lacks that the code calls or constructs
        (`items.gettem('Lamp')`, `new items.TimeSerie()`) is that lookup's result called: it throws whatever the
        name, as the lookup's declared result is no function (an instance of a class or interface without a
        call signature). Such a name is reported as on a closed type; read, it stays the user's (an Item)."""
        if t is None or node is None or not t.any_name or not t.lookup:
            return False
        parent = node.parent
        constructed = parent is not None and parent.parent is not None and \
            parent.parent.type == "new_expression" and parent.parent.child_by_field_name("constructor") == parent
        if usage not in ("read-call", "call-args") and not constructed:
            return False
        entry = table.get(t.lookup)
        member = entry[0] if entry is not None else None
        if member is None or member.kind not in ("method", "function"):
            return False
        results = [p.strip() for p in union_parts(member.type)]
        named = [r for r in results if r not in ("null", "undefined")]
        if not named:
            return False
        for text in named:
            tid = self.model.find_type(entry[1][0], text) if re.fullmatch(r"[A-Za-z_$][\w$.]*", text) else None
            found = self.model.type(tid) if tid is not None else None
            if found is None or found.kind not in ("class", "interface") or CALL in self.model.members(tid):
                return False
        return True

    def member_of(self, val: Val, name: str, node: Node | None, usage: str) -> Val | None:
        """Look `name` up on `val`; record the access (and whether the member is missing)."""
        model = self.model
        if val.kind in (ValKind.INSTANCE, ValKind.CLASS):
            tid = val.tid
            static = val.kind == ValKind.CLASS
            table = receiver_members(model, val)
            entry = table.get(name)
            t = model.type(tid)
            if entry is None and static and val.parts:
                # a class a factory made (`factory_class`): its statics are the base's and whatever the factory
                # copies (a statics object, the factory's own) or the engine's factory adds: never missing (the
                # site left as on a receiver of unknown type, as before the class was followed)
                return None
            if entry is None:
                mod = model.modules.get(val.module) if val.module else None
                if mod is not None and name in mod.exports and name not in ("=", "default"):
                    return self.export_val(val.module, name, val.conf)  # a named export beside `export =`
                if name == "constructor" and self.exact_class(val, node):
                    # `var Sails = require('sails').constructor; new Sails()`: the instance's class
                    return Val(ValKind.CLASS, tid, module=val.module, conf=val.conf)
                if name in OBJECT_MEMBERS or (static and t is not None and t.kind == "class" and name in FUNCTION_MEMBERS):
                    return None
                untyped = t is not None and t.confidence < 1.0  # read from JavaScript: no declared statics
                if not static and name in EMITTER_CHAINABLE and _emitter_base(model, tid):
                    # `ffmpeg(...).on('end', f).save(out)`: Node's EventEmitter methods return the emitter
                    chained = Member(name, "method", "this", confidence=val.conf)
                    return Val(ValKind.FUNCTION, module=tid[0], member=chained, recv=val, conf=val.conf,
                               evidence=val.evidence)
                if model.platform_base(tid) and platform_member(model, tid, name, static, untyped):
                    # `doc.pipe(...)` on a type that extends a Node stream; a JavaScript class's static side
                    # inherits the platform class's statics (`EventEmitter.EventEmitterAsyncResource`), and its
                    # instances the platform's internals that no typings list (`_events`, `_writableState`)
                    return None
                if tid == (platform.PLATFORM, "Element") and not static and name not in model.member_names():
                    html = receiver_members(model, replace(val, tid=(platform.PLATFORM, "HTMLElement"))).get(name)
                    if html is not None:
                        # `document.querySelector('#open').style`: an element of unknown class, whose member the
                        # DOM gives every HTML element (and no engine declares) is that member (`style`: a
                        # `CSSStyleDeclaration`, closed), as it is on `HTMLElement`
                        return self.member_of(replace(val, tid=(platform.PLATFORM, "HTMLElement"), any_element=False),
                                              name, node, usage)
                if val.any_element:
                    return None  # an element of unknown class: its own members are the vocabulary check's
                if model.platform_lineage(tid) and name in builtin_members() and \
                        not platform_near_miss(tid, name, table):
                    # a DOM type's (or a class extending one): a member name of any platform type, of any lib
                    # version, may be real there (`builtin_names.txt`)
                    return None
                if tid[0] == platform.PLATFORM and (tid[1] in platform.es_type_names() or
                                                     tid[1] in platform.es_namespaces()) and (
                        usage == "write" or name in model.member_names() or name in platform.NEWER_MEMBERS or
                        platform.augmented(tid[1], self.src_text())):
                    # an ECMAScript type (`Map`, `Promise`, `ArrayConstructor`), open to what code adds to it: a
                    # property written (JavaScript creates it), a name some type of the model has (an engine's
                    # `declare global { interface Array<T> {...} }`), a newer lib's member, the file's own
                    # augmentation (`interface Map<K, V> {...}`, `Map.prototype.x = ...`)
                    if node is not None:
                        self.result.open_sites.add(node.start_byte)
                    return None
                if tid[0] == platform.PLATFORM and tid[1] in platform.ANY_ELEMENT and \
                        name in model.member_names():
                    # `el.nextElementSibling.open`: an `Element` to TypeScript, at run time an element of any
                    # class, a custom element's (an engine's) too: only a name no type has is reported
                    return None
                throws = self.lookup_throws(t, table, node, usage)
                if node is not None and not (model.closed(tid) and t is not None) and not throws:
                    self.result.open_sites.add(node.start_byte)
                    if (t is None or t.confidence >= HIGH) and not (t is not None and t.any_name) and \
                            not _dictionary(model, tid):
                        # read from typings or a runtime build, not docs; not an object answering every name,
                        # nor a dictionary (`interface Options { [key: string]: any }`: what is read on it
                        # is a key of the user's data, no engine name a near miss could mean)
                        self.result.open_engine_sites.add(node.start_byte)
                        self.result.open_engine_receivers[node.start_byte] = val
                if node is not None and (model.closed(tid) or throws) and t is not None and \
                        not (val.conf < 1.0 and self.package_export(name)):
                    # (a guessed receiver's "missing" member that the package exports: the guess, not the code,
                    # is likely wrong; a name the engine really has is never flagged)
                    # `_map`: private by convention, never the name someone meant (unless they wrote `_`)
                    cands = [n for n, (m, _) in table.items() if not m.private and (n[:1] != "_" or name[:1] == "_")]
                    # what the platform class it extends gives it (`emit`, `pipe`; `EventEmitter.once`)
                    cands += sorted(n for n in model.platform_members(tid, static) or () if n not in table and n[:1] != "_")
                    if t.kind == "interface" and not static:  # what the runtime's classes give it (see
                        # `ObjectModel.runtime_names`): never reported missing, so a fair suggestion too
                        cands += sorted(n for n in model.runtime_names(tid) - set(table) if n[:1] != "_")
                    if model.decorated(tid):  # what the file's own calls add to it by name (`decorate("view")`)
                        cands += sorted(self.result.added - set(table) - set(cands))
                    self.record(Access.at(node, name, val, missing=True, usage=usage, candidates=cands, container=tid[1],
                                          static=static))
                elif t is not None and t.any_name and t.lookup and usage != "write" and not any(
                        score >= 0.75 for _, score in sg.rank(name, [n for n, (m, _) in table.items() if not m.private],
                                                              usage)):
                    # `items.KitchenLight` read: what the trap's lookup gives (`getItem`'s Item), so its own
                    # members are checked (`items.KitchenLight.satte`); not a plain near miss of the object's own
                    # member (`items.metadatas`: more likely `metadata` misspelt than an Item, so no guess; a
                    # looser likeness, `MyItem` of `Item`, is a name of the user's)
                    found = table.get(t.lookup)
                    if found is not None and found[0].kind in ("method", "function"):
                        return self.type_val(found[0].type, found[1][0], val, min(val.conf, found[0].confidence),
                                             val.evidence)
                return None
            member, owner = entry
            if node is not None:
                self.record(Access.at(node, name, val, owner=owner, member=member, usage=usage, container=tid[1],
                                      static=static))
            conf = min(val.conf, member.confidence)
            bindings = self.bindings_of(val, owner)
            if member.kind in ("method", "function"):
                return Val(ValKind.FUNCTION, module=owner[0], member=member, recv=val, conf=conf, evidence=val.evidence,
                           targs=tuple(bindings.items()))
            if member.kind == "enum_member":
                return None
            return self.type_val(member.type, owner[0], val, conf, val.evidence, bindings)
        if val.kind == ValKind.INTERSECTION:
            for part in val.parts:
                if name in model.side(part.tid, static=False):
                    return self.member_of(part, name, node, usage)  # that part's member, its type arguments bound
            for known, text in val.literal:
                if known == name:  # an object-literal part's member: it exists, typed when a property
                    return self.type_val(text, val.module or val.parts[0].tid[0], None, val.conf, val.evidence) \
                        if text else None
            if node is None or name in OBJECT_MEMBERS:
                return None
            closed = not val.open and all(model.closed(t) and model.type(t) is not None for t in val.tid)
            if not closed and (val.made or val.extended):
                # (as when the made class was not followed: the site is the vocabulary check's, which asks
                # whether the name is a near miss of what the instance is known to have: its base's members and
                # the definition's keys, `open_engine_receivers`; on an extended one, its read parts' members,
                # however it was inferred: as sure as a closed instance of the same inference, whose missing
                # names are reported)
                if val.conf >= HIGH or val.extended:
                    self.result.open_engine_sites.add(node.start_byte)
                    self.result.open_engine_receivers[node.start_byte] = val
                return None
            if not closed:
                self.result.open_sites.add(node.start_byte)
                if not val.open and not val.literal:
                    self.result.open_compound_receivers[node.start_byte] = val
                return None
            if any(model.platform_base(t) and platform_member(model, t, name, False, False) for t in val.tid) or \
                    (name in EMITTER_CHAINABLE and any(_emitter_base(model, t) for t in val.tid)) or \
                    (val.conf < 1.0 and self.package_export(name)):
                return None  # as on an instance of one part: a platform member, or a guess the package refutes
            table = receiver_members(model, val)
            cands = [n for n, (m, _) in table.items() if not m.private and (n[:1] != "_" or name[:1] == "_")]
            cands += [n for n, _ in val.literal if n not in table]
            if any(model.decorated(t) for t in val.tid):  # what the file's own calls add by name, as above
                cands += sorted(self.result.added - set(table) - set(cands))
            self.record(Access.at(node, name, val, missing=True, usage=usage, candidates=cands,
                                  container=val.shown or " & ".join(t[1] for t in val.tid)))
            return None
        if val.kind == ValKind.UNION:
            for known, text in val.literal:
                if known == name:  # an object-literal part every arm has (`Fetcher & { key: string }`)
                    return self.type_val(text, val.module, None, val.conf, val.evidence) if text else None
            common = set.intersection(*(set(arm) for arm in val.arms)) if val.arms else set()
            having = [tid for tid in val.tid if name in model.side(tid, static=False)]
            if len(having) == 1 and having[0] in common:
                # a type every arm is made with, the only one declaring the name: its member, typed
                return self.member_of(Val(ValKind.INSTANCE, having[0], conf=val.conf, evidence=val.evidence), name,
                                      node, usage)
            entries = [model.side(tid, static=False).get(name) for tid in val.tid]
            if all(e is None for e in entries):
                if node is not None and name not in OBJECT_MEMBERS and all(model.closed(t) for t in val.tid):
                    arms = val.arms or [(t,) for t in val.tid]  # (a member made of several types has what any has)
                    shared = set.intersection(*({n for t in arm for n, (m, _) in model.members(t).items()
                                                 if not m.private} for arm in arms))
                    self.record(Access.at(node, name, val, missing=True, usage=usage, candidates=sorted(shared),
                                          container=" | ".join(" & ".join(t[1] for t in arm) for arm in arms)))
                elif node is not None and name not in OBJECT_MEMBERS:
                    self.result.open_compound_receivers[node.start_byte] = val
                return None
            if any(e is None for e in entries):
                return None  # on some members of the union only: the code may have narrowed it
            member, owner = entries[0]
            if node is not None:
                self.record(Access.at(node, name, val, owner=owner, member=member, usage=usage, container=owner[1]))
            # (a state record's member that is only `undefined` there, `location: undefined` while idle, says
            # nothing of what the code reads on it where it is set: the other records' type; nor does one a
            # tagged union's other arms declare `never`, `FailedTransaction?: never` beside `Transaction: T`:
            # read there it is `undefined`, and what code reads on it is the arm's that has it)
            typed = [e for e in entries if e[0].kind != "property" or e[0].type.strip() not in _ABSENT] or entries
            if len({(parse_type(e[0].type), e[0].kind) for e in typed}) != 1:
                return None  # the members disagree on their type
            member, owner = typed[0]
            if member.kind in ("method", "function"):
                return Val(ValKind.FUNCTION, module=owner[0], member=member, recv=val, conf=val.conf, evidence=val.evidence)
            return self.to_val(parse_type(member.type), owner[0], val, val.conf, val.evidence)
        if val.kind == ValKind.PROMISE and node is not None and usage != "write" and \
                (awaited := self.unawaited_member(val, name, node, usage)) is not None:
            return awaited
        if val.kind == ValKind.PROMISE and val.module == platform.PLATFORM and node is not None:
            # a promise the platform's types give (`fetch(url)`): a `Promise`, whose members are known
            self.member_of(Val(ValKind.INSTANCE, (platform.PLATFORM, "Promise"), conf=val.conf, evidence=val.evidence),
                           name, node, usage)
            return None
        if val.kind == ValKind.NAMESPACE:
            mod = model.modules.get(val.module)
            result = self.export_val(val.module, name, val.conf)
            known = name in mod.exports or (not mod.exports and name in mod.types) or \
                model.export(val.module, name) is not None
            if node is not None:
                if known:
                    exp = model.export(val.module, name)
                    member = exp[1] if exp and exp[0] == "value" else None
                    owner = exp[1] if exp and exp[0] == "type" else None
                    self.record(Access.at(node, name, val, owner=owner, member=member, usage=usage, container=val.module,
                                          static=True))
                elif mod.complete and name not in ("default", "__esModule"):
                    cands = [n for n in mod.exports if n not in ("default", "=")]
                    self.record(Access.at(node, name, val, missing=True, usage=usage, candidates=cands,
                                          container=val.module, static=True))
                else:  # the engine's module, whose exports are not all known: not a receiver to guess about
                    self.result.open_sites.add(node.start_byte)
            return result
        return None

    def unawaited_member(self, val: Val, name: str, node: Node, usage: str) -> Val | None:
        """`const state = service.loadCart(); state.data.getCart()`: a name read on a promise that no promise has
        and the engine type it resolves to declares. The writer meant the awaited value (an `await` left out, as
        TypeScript's "did you forget to use 'await'?" says): recorded as missing with `unawaited`, and the chain
        typed on as the awaited value, so what follows is checked as meant. Not a name a promise or any object
        has (`then`, `toString`), nor on a promise of anything but an instance of a type the model knows (a
        union, an array, an unknown type: left as before)."""
        inner = val.inner
        if inner is None or inner.kind != ValKind.INSTANCE or not isinstance(inner.tid, tuple) or \
                name in OBJECT_MEMBERS or name in _PROMISE_MEMBERS or \
                self.model.type(inner.tid) is None:
            return None
        if name not in receiver_members(self.model, inner):
            return None
        self.record(replace(Access.at(node, name, val, owner=inner.tid, missing=True, usage=usage,
                                      container=inner.tid[1]), unawaited=True))
        return self.member_of(inner, name, None, usage)

    def record(self, access: Access) -> None:
        self.result.accesses.append(access)

    def call_result(self, fn: Val | None, args: Node | None = None) -> Val | None:
        if fn is not None and fn.kind == ValKind.FUNCTION and fn.member is None:
            if fn.tid is not None:  # a local generic function returning its type parameter
                return self.generic_result(fn.tid, args)
            return fn.inner  # a local function with a declared return type
        if fn is None or fn.kind != ValKind.FUNCTION or fn.member is None:
            return None
        m = fn.member
        bindings = dict(fn.targs)
        call = args.parent if args is not None else None
        written = call is not None and call.child_by_field_name("type_arguments") is not None
        for name, fixed in m.fixed_type_params:  # the method's own type parameters shadow its owner's
            bindings.pop(name, None)
            if fixed and not written:
                # `agent.get(origin)` of `get<T extends Pool>(origin: string): T`: nothing binds T, so
                # TypeScript fixes it to its default or constraint; a call writing its type arguments
                # (`get<MockPool>(...)`) binds them itself (unknown here: never the constraint, which has fewer)
                bindings[name] = fixed
        if not written and args is not None:
            for name, default in m.defaulted_type_params:
                if self.left_to_default(m, name, args, fn.module):
                    bindings[name] = default
        return self.type_val(_overload_result(m, args, self.model, fn.module, fn.recv), fn.module, fn.recv, fn.conf,
                             fn.evidence, bindings)

    def left_to_default(self, m: Member, name: str, args: Node, module: str) -> bool:
        """Whether a call gives TypeScript nothing to infer `m`'s type parameter `name` from, so that it takes its
        default: the one parameter that mentions it is an options object whose type mentions `name` only as the
        type of one property (`stream?: TStream` in `ImageActivityOptions<TAdapter, TStream>`: `option_typed_by`),
        and the call's argument there is an object literal without that key (nor a spread, which may bring it) or
        no argument at all (a required key left out is a TypeScript error of its own). Anything else (a variable handed, the key written, the parameter
        mentioned elsewhere) may bind it: left unbound, as before."""
        mention = re.compile(r"(?<![\w$.])" + re.escape(name) + r"(?![\w$])")
        if m.overloads or mention.search(m.type or "") is None:
            return False
        mentioned = [i for i, p in enumerate(m.params) if mention.search(param_type(p))]
        if len(mentioned) != 1:
            return False
        index = mentioned[0]
        key = self.option_typed_by(param_type(m.params[index]), name, module)
        if key is None:
            return False
        values = [a for a in args.named_children if a.type != "comment"]
        if index >= len(values):
            return True
        given = values[index]
        if given.type != "object":
            return False
        for entry in given.named_children:
            if entry.type == "spread_element":
                return False
            written = entry.child_by_field_name("key") if entry.type == "pair" else entry
            if written is not None and self.text(written).strip("\"'`") == key:
                return False
        return True

    def option_typed_by(self, written: str, name: str, module: str) -> str | None:
        """The one property of the options type `written` (`ImageActivityOptions<TAdapter, TStream>`: an alias of
        the module, or the interface the reader made of one; or an object type literal) typed by the type parameter `name` alone (`stream?:
        TStream`, `| undefined` allowed), where nothing else in that type mentions it; else None."""
        if written.strip().startswith("{"):  # written out: `options: { model: string; request?: R }`
            members = object_literal_members(written.strip()) or []
            typed = [key for key, t in members if re.fullmatch(re.escape(name) + r"(?:\s*\|\s*undefined)?", t)]
            mentions = re.findall(r"(?<![\w$.])" + re.escape(name) + r"(?![\w$])", written)
            return typed[0] if len(typed) == 1 and len(mentions) == 1 else None
        mod = self.model.modules.get(module)
        declared = mod.types.get(written.split("<", 1)[0].strip()) if mod is not None else None
        targs = generic_args(written) if "<" in written else []
        if declared is None or not declared.type_params or name not in [a.strip() for a in targs]:
            return None
        own = declared.type_params[[a.strip() for a in targs].index(name)]  # (its own name for the parameter)
        mention = re.compile(r"(?<![\w$.])" + re.escape(own) + r"(?![\w$])")
        alone = re.compile(re.escape(own) + r"(?:\s*\|\s*undefined)?")
        if declared.kind == "alias":
            body = _COMMENT.sub(" ", declared.alias)
            keys = re.findall(r"(?:^|[{;,\s])([A-Za-z_$][\w$]*)\??\s*:\s*" + re.escape(own) +
                              r"(?:\s*\|\s*undefined)?\s*(?=[;,}\n])", body)
            return keys[0] if len(keys) == 1 and len(mention.findall(body)) == 1 else None
        if declared.kind != "interface" or any(mention.search(b) for b in declared.bases):
            return None
        typed = [mb for mb in declared.members if mention.search(mb.type or "") or
                 any(mention.search(p) for p in mb.params)]
        return typed[0].name if len(typed) == 1 and alone.fullmatch((typed[0].type or "").strip()) else None

    def tag_lookup(self, method: str, args: Node | None) -> Val | None:
        """`querySelector('wa-dialog')`, `createElement('div')`, `closest('wa-tree-item')`, `querySelectorAll(...)`
        on the DOM (or on a receiver of unknown type): a selector that is a plain tag name gives the element the
        tag-name maps name (an engine's own `declare global { interface HTMLElementTagNameMap {...} }` first,
        then the DOM's); a selector of any other form (`.cls`, `#id`, `div.x`) an element of unknown class: None."""
        first = args.named_children[0] if args is not None and args.named_children else None
        if first is None or first.type != "string" or len(args.named_children) > 2:
            return None
        tag = platform.selector_tag(self.text(first)[1:-1]) if method != "createElement" else self.text(first)[1:-1]
        if tag is None or not platform.TAG_NAME.fullmatch(tag):
            return None
        found = None
        for module, mod in self.model.modules.items():
            for name in platform.TAG_MAPS:
                t = mod.types.get(f"globalThis${name}")
                m = next((m for m in t.members if m.name == tag), None) if t is not None else None
                if m is not None and m.type:
                    val = self.type_val(m.type, module, None, 1.0)
                    if found is not None and val is not None and not _same_type(found, val):
                        return None  # two engines claim the tag: which one registered it is unknown
                    found = val or found
        if found is None and "-" not in tag:  # (an undeclared custom element's tag: any class)
            for name in platform.TAG_MAPS:
                t = self.model.type((platform.PLATFORM, name))
                m = next((m for m in t.members if m.name == tag), None) if t is not None else None
                if m is not None and m.type:
                    found = self.type_val(m.type, platform.PLATFORM, None, 1.0)
                    break
        if found is None or found.kind != ValKind.INSTANCE:
            return None
        return Val(ValKind.ARRAY, inner=found) if platform.TAG_LOOKUPS[method] == "all" else found

    def union_call(self, recv: Val, method: str, args: Node | None) -> Val | None:
        """`sound.add(key)` on `WebManager | HtmlManager` whose `add`s return different types: TypeScript calls
        each member's method, so the result is the union of their results (one type where they agree); None
        unless every member has the method and every result is an engine instance."""
        results = []
        for tid in recv.tid:
            entry = self.model.side(tid, static=False).get(method)
            if entry is None or entry[0].kind not in ("method", "function"):
                return None
            member, owner = entry
            this = Val(ValKind.INSTANCE, tid, conf=recv.conf, evidence=recv.evidence)
            val = self.call_result(Val(ValKind.FUNCTION, module=owner[0], member=member, recv=this, conf=recv.conf,
                                       evidence=recv.evidence), args)
            if val is None or val.kind != ValKind.INSTANCE:
                return None
            results.append(val)
        tids = sorted({v.tid for v in results})
        return results[0] if len(tids) == 1 else Val(ValKind.UNION, tuple(tids), conf=recv.conf, evidence=recv.evidence)

    # --- inference ---------------------------------------------------------------------------------------
    def infer(self, key: BindingKey, start: int, end: int) -> Val | None:
        """The engine type the evidence about one binding in [start, end) points at, if any; else the type
        the engine's examples give that name (`naming`), when its uses fit that type."""
        return self.infer_from_uses(key, start, end) or self.by_convention(key, start, end)

    def by_convention(self, key: BindingKey, start: int, end: int, outranks: bool = False) -> Val | None:
        """The type the engine's examples give the name, when its uses fit it: at most one name the type
        lacks, plainly a variant of a real member (unless the convention `outranks` other readings: then any
        one name may be the invented one)."""
        conv = (self.model.conventions or {}).get(key[1])
        if conv is not None and conv.kind == "union":
            return self.by_union_convention(key, start, end, conv, outranks)
        if conv is not None and conv.kind == "inst" and conv.count >= 2 and \
                (self.model.merging_hole(conv.target) or self.model.index_only(conv.target)):
            # the engine's examples name their instance of an interface the user's typings fill (`I`, typed only
            # by a file the project generates): the receiver is that open object, whatever the names used on it
            # (none of them is known missing: the vocabulary check decides on near misses of real members). So
            # too an instance of a dictionary (`interface Bag { [key: string]: any }`): every name is a key
            why = f"{CONVENTION_EVIDENCE} `{self.model.exported_name(conv.target)}` `{key[1]}` ({Path(conv.source).name})"
            return Val(ValKind.INSTANCE, conv.target, conf=INFERRED, evidence=Evidence(key[1], conv.target, [],
                                                                                       produces=why))
        if conv is None or conv.kind != "inst" or self.model.type(conv.target) is None:
            return None
        if not self.model.closed(conv.target):
            return self.by_open_convention(key, start, end, conv, conv.target, outranks)
        # one example is weak evidence: such a convention yields to another type that has every name used
        hits = self._uses_fit(key, start, end, self.model.members(conv.target), outranks,
                              conv.target if conv.count < 2 else None)
        if hits is None:
            return None
        why = f"{CONVENTION_EVIDENCE} `{self.model.exported_name(conv.target)}` `{key[1]}` ({Path(conv.source).name})"
        return Val(ValKind.INSTANCE, conv.target, conf=INFERRED, evidence=Evidence(key[1], conv.target, hits,
                                                                                   produces=why), targs=conv.targs)

    def _uses_fit(self, key: BindingKey, start: int, end: int, members: dict, outranks: bool,
                  tid: TypeId | None = None) -> list[str] | None:
        """The names used on `key` in [start, end) that `members` has, when the uses fit them as a convention
        asks: at most one name missing, plainly a variant of a real member (any one name when the convention
        `outranks` other readings); None when they do not fit, or when another engine type (`tid` being the
        convention's, given when one example only shows it) has every name used, the missing one included
        (`socket.pause(); socket.pong()`: one example's `socket` is a TCP `Socket`, which lacks `pong`; a
        `ServerWebSocket` has all three)."""
        uses = [(u, usage) for (pos, u, usage) in self.uses.get(key, ()) if start <= pos < end]
        missing = {u for u, usage in uses if u not in members and u not in OBJECT_MEMBERS and usage != "write"}
        if len(missing) > 1:
            return None  # several names the type lacks: the name misleads, or the code is not about it
        if missing:
            name = next(iter(missing))
            usage = next(us for u, us in uses if u == name)
            ranked = sg.rank(name, [n for n, (m, _) in members.items() if not m.private], usage)
            if not outranks and (not ranked or ranked[0][1] < 0.6):
                return None
            if tid is not None and self._fits_other({u for u, us in uses if us != "write"}, name, tid):
                return None
        return sorted({u for u, _ in uses if u in members})

    def by_union_convention(self, key: BindingKey, start: int, end: int, conv: Convention,
                            outranks: bool) -> Val | None:
        """The classes the engine's examples give the name (`naming`'s "union": `client` a `Client`, an
        `H2CClient` or an `Agent`), as one value with the members of any of them (an INTERSECTION: a name is
        missing only when every class lacks it, and candidates come from all), when its uses fit them as
        `by_convention` asks of one type. Every class must be closed: else nothing is typed."""
        model = self.model
        if not all(model.type(t) is not None for t in conv.target):
            return None
        if not all(model.closed(t) for t in conv.target):
            common = self.common_arm(conv.target)
            return self.by_open_convention(key, start, end, conv, common, outranks) if common is not None else None
        members: dict = {}
        for tid in conv.target:
            for n, entry in model.members(tid).items():
                members.setdefault(n, entry)
        hits = self._uses_fit(key, start, end, members, outranks)
        if hits is None:
            return None
        shown = " | ".join(t[1] for t in conv.target)
        why = f"{CONVENTION_EVIDENCE} `{shown}` `{key[1]}` ({Path(conv.source).name})"
        evidence = Evidence(key[1], (conv.target[0][0], shown), hits, produces=why)
        parts = tuple(Val(ValKind.INSTANCE, t, conf=INFERRED, evidence=evidence) for t in conv.target)
        return Val(ValKind.INTERSECTION, conv.target, conf=INFERRED, evidence=evidence, parts=parts)

    def common_arm(self, tids: tuple) -> TypeId | None:
        """Of a union's types, an open one whose every declared member each other type declares alike (the same
        kind and signature, from the same module): `GluegunToolbox`, an interface, of `GluegunToolbox | Toolbox`,
        the class implementing it with the same members. A member read on the union then has that type's type,
        as TypeScript reads it on the union, and any other name may be another type's (the type is open); None
        when no type is so shared. (A closed one is not taken: a name only another type declares would be
        reported on it.)"""
        model = self.model
        for tid in tids:
            if model.closed(tid):
                continue
            own = model.members(tid)
            others = [model.members(t) for t in tids if t != tid]
            if own and all(_alike(entry, other.get(name)) for name, entry in own.items() for other in others):
                return tid
        return None

    def by_open_convention(self, key: BindingKey, start: int, end: int, conv: Convention, tid: TypeId,
                           outranks: bool) -> Val | None:
        """A convention whose type is open (an index signature, a base the model cannot read): the receiver is an
        instance of it when its uses fit the type's declared members as `by_convention` asks of a closed type
        (at most one other name, plainly a variant of a declared one). Its own other names are never reported
        (the type is open); what its declared members hold is typed (`toolbox.parameters.first`)."""
        hits = self._uses_fit(key, start, end, self.model.members(tid), outranks)
        if hits is None:
            return None
        shown = " | ".join(t[1] for t in conv.target) if conv.kind == "union" else self.model.exported_name(tid)
        why = f"{CONVENTION_EVIDENCE} `{shown}` `{key[1]}` ({Path(conv.source).name})"
        return Val(ValKind.INSTANCE, tid, conf=INFERRED, evidence=Evidence(key[1], tid, hits, produces=why),
                   targs=conv.targs if conv.kind == "inst" else ())

    def infer_from_uses(self, key: BindingKey, start: int, end: int) -> Val | None:
        name = key[1]
        uses = [(u, usage) for (pos, u, usage) in self.uses.get(key, ()) if start <= pos < end]
        model = self.model
        # What it is passed to: a parameter declared with an engine type.
        passed: dict[TypeId, str] = {}
        for pos, call, index, option in self.passes.get(key, ()):
            if not start <= pos < end:
                continue
            callee = call.child_by_field_name("function")
            fn = self.peek(callee)
            if fn is None or fn.kind != ValKind.FUNCTION or fn.member is None or index >= len(fn.member.params):
                continue
            ptype = fn.member.params[index].split(":", 1)[1].strip() if ":" in fn.member.params[index] else ""
            pv = self.to_val(parse_type(self.foreign_unknown(ptype, fn.module)), fn.module, None, 1.0)
            where = self.text(callee)
            if option and pv is not None and pv.kind == ValKind.INSTANCE:
                entry = model.members(pv.tid).get(option)
                pv = self.to_val(parse_type(entry[0].type), entry[1][0], None, 1.0) if entry else None
                where = f"{where}` as `{option}"
            if pv is not None and pv.kind == ValKind.INSTANCE:
                passed.setdefault(pv.tid, where)
        # a name the engine adds by the file's string (`defineCommand("echo")`) says nothing of the type
        reads = {u for u, usage in uses if usage != "write" and u not in self.result.added}
        writes = {u for u, usage in uses if usage == "write"}
        produced = self.produced_by(key, start, end)
        if produced is not None:
            tid, why = produced
            members = model.members(tid)
            missing = [u for u in reads if u not in members and u not in OBJECT_MEMBERS]
            hits = sorted(u for u in reads | writes if u in members)
            if not missing:
                return Val(ValKind.INSTANCE, tid, conf=INFERRED, evidence=Evidence(name, tid, hits, produces=why))
            if len(missing) == 1 and not self._fits_other(reads, missing[0], tid):
                usage = next((us for u, us in uses if u == missing[0]), "read")
                ranked = sg.rank(missing[0], [n for n, (m, _) in members.items() if not m.private], usage)
                if ranked and ranked[0][1] >= 0.6:
                    return Val(ValKind.INSTANCE, tid, conf=INFERRED, evidence=Evidence(name, tid, hits, produces=why))
        if len(passed) == 1:
            tid, callee = next(iter(passed.items()))
            members = model.members(tid)
            hits = [u for u in sorted(reads | writes) if u in members]
            missing = [u for u in reads if u not in members and u not in OBJECT_MEMBERS]
            if len(missing) <= 1 and model.closed(tid) and not (missing and self._fits_other(reads, missing[0], tid)):
                return Val(ValKind.INSTANCE, tid, conf=INFERRED, evidence=Evidence(name, tid, hits, callee))
        if not reads or name in DATA_NAMES or self._named_for_open_type(name):
            return None
        called = {u for u, usage in uses if usage in ("read-call", "call-args")}
        counts: dict[TypeId, int] = {}
        for u in reads | writes:
            for tid in model.owners(u):
                counts[tid] = counts.get(tid, 0) + 1
        if not counts:
            return None
        exact, near = [], []
        fits_elsewhere = False  # a type we do not check (open, unsure) that has every name used
        for tid, n in counts.items():
            if not model.closed(tid) or model.type_confidence(tid) < MEDIUM:
                if not fits_elsewhere:
                    members = model.members(tid)
                    fits_elsewhere = all(u in members or u in OBJECT_MEMBERS for u in reads)
                continue
            members = model.members(tid)
            missing = [u for u in reads if u not in members and u not in OBJECT_MEMBERS]
            hits = sorted(u for u in reads | writes if u in members and not members[u][0].private)
            strong = [h for h in hits if h not in WEAK_EVIDENCE]
            if not (called & set(hits)) and len(strong) < 2:
                continue  # fields alone (no method called) fit plain objects too well
            if not missing:
                exact.append((tid, hits))
            elif len(missing) == 1:
                near.append((tid, hits, missing[0]))
        if exact:
            chosen = self._pick([e[0] for e in exact], name)
            if chosen is None:
                return None
            hits = dict(exact)[chosen]
            if not self._distinctive(hits, chosen, name):
                return None
            return Val(ValKind.INSTANCE, chosen, conf=INFERRED, evidence=Evidence(name, chosen, hits))
        if not near or fits_elsewhere:
            # a type that has every name used explains the code better than one lacking a name, even when
            # that type is not one we check (`rt.draw(); rt.render(); rt.saveTexture()`: an open RenderTexture
            # has all three, a closed DynamicTexture lacks the last): no near miss is claimed
            return None
        missing_names = {m for _, _, m in near}
        if len(missing_names) != 1:
            return None
        chosen = self._pick([n[0] for n in near], name)
        if chosen is None:
            return None
        hits = next(h for tid, h, _ in near if tid == chosen)
        missing = next(iter(missing_names))
        if not self._distinctive(hits, chosen, name):
            return None
        if len([h for h in hits if h not in WEAK_EVIDENCE]) < 2:
            # thin evidence: only when the missing name is plainly a variant of a real member
            usage = next((us for u, us in uses if u == missing), "read")
            cands = [n for n, (m, _) in model.members(chosen).items() if not m.private]
            ranked = sg.rank(missing, cands, usage)
            if not ranked or ranked[0][1] < 0.6:
                return None
        return Val(ValKind.INSTANCE, chosen, conf=INFERRED, evidence=Evidence(name, chosen, hits))

    def produced_by(self, key: BindingKey, start: int, end: int) -> tuple[TypeId, str] | None:
        """The one type whose methods return what `name.m(...)` results are used as: `const field =
        form.getTextField("x"); field.isMultiline()` makes `field` a PDFTextField, and only PDFForm
        has methods returning one."""
        if key in self._inferring or len(self._inferring) > 4:
            return None
        self._inferring.add(key)
        name = key[1]
        try:
            owners: set[TypeId] | None = None
            why = ""
            for pos, method, var, decl_end in self.results.get(key, ()):
                if not start <= pos < end or var == key:
                    continue
                rv = self.infer(var, decl_end, end)
                if rv is None or rv.kind != ValKind.INSTANCE:
                    continue
                producers = self.model.producers(rv.tid)
                if any(m == method and not self.model.closed(t) for t, m in producers):
                    return None  # the type that really makes it is one we cannot check: no guessing elsewhere
                # producers through this very method, else through a near miss of it (`fetchMap` ~ `getMap`)
                found = {t for t, m in producers if m == method and self.model.closed(t)} or \
                    {t for t, m in producers if self.model.closed(t) and sg.score(method, m) >= 0.6}
                if not found:
                    continue
                owners = found if owners is None else owners & found
                why = f"`{name}.{method}()` is used as a `{self.model.exported_name(rv.tid)}`"
            if not owners:
                return None
            chosen = self._pick(sorted(owners), name)
            return (chosen, why) if chosen is not None else None
        finally:
            self._inferring.discard(key)

    def same_type_everywhere(self, first: Val | None, rights: list[Node | None],
                             key: BindingKey | None = None) -> Val | None:
        """The type of a reassigned variable when its initial value and every assigned value agree. `key`: the
        variable; a value read from the variable itself (`ce = ce.next`, `b = b.getNext()`, a linked list's
        walk) is worked out with the variable of its initial type, as TypeScript declares a `let` by its
        initializer; a member that type lacks there (`ce = ce.nexts`) is the error TypeScript reports, not
        another kind of value. An intersection agrees when every value is the same intersection (`let doc =
        nlp(a); ... doc = nlp(b)`: compromise's `View & PluginTypes`, extended alike)."""
        if first is None or first.kind not in (ValKind.INSTANCE, ValKind.INTERSECTION) or not rights:
            return None
        had = key is not None and key in self.values
        before = self.values.get(key) if had else None
        try:
            for r in rights:
                if first.kind == ValKind.INTERSECTION:
                    v = self.peek(r) if r is not None else None
                    if v is None or (v.kind, v.tid, v.open, v.extended) != \
                            (first.kind, first.tid, first.open, first.extended) or \
                            [(p.kind, p.tid) for p in v.parts] != [(p.kind, p.tid) for p in first.parts]:
                        return None
                    continue
                if key is not None and r is not None and self._reads_itself(r, key):
                    self.values[key] = first
                    v = self.peek(r)
                    if v is None and self.model.closed(first.tid):
                        prop = self._member_of_node(r).child_by_field_name("property")
                        name = self.text(prop) if prop is not None else ""
                        if name and name not in self.model.members(first.tid) and name not in OBJECT_MEMBERS:
                            continue  # the missing member is reported where it is read
                else:
                    v = self.peek(r) if r is not None else None
                if v is None or v.kind != ValKind.INSTANCE or v.tid != first.tid:
                    return None
        finally:
            if key is not None:
                if had:
                    self.values[key] = before
                else:
                    self.values.pop(key, None)
        return first

    @staticmethod
    def _member_of_node(r: Node) -> Node:
        return r.child_by_field_name("function") if r.type == "call_expression" else r

    def _reads_itself(self, r: Node, key: BindingKey) -> bool:
        """Whether `r` is `x.m` or `x.m(...)` on the variable `key` itself."""
        m = self._member_of_node(r)
        if m is None or m.type != "member_expression":
            return False
        obj = m.child_by_field_name("object")
        prop = m.child_by_field_name("property")
        return obj is not None and obj.type == "identifier" and prop is not None and \
            prop.type == "property_identifier" and self.key_of(obj) == key

    def _fits_other(self, reads: set[str], missing: str, tid: TypeId) -> bool:
        """Whether a type other than `tid` has every name used, `missing` included: a guess from the uses that
        lacks a name used must never flag a name another type that fits the uses as well really has
        (`body.getNext(); body.getFixtureList()`: a Contact, made by a near miss of the method, lacks the
        second; a Body has both)."""
        for other in self.model.owners(missing):
            if other != tid:
                members = self.model.members(other)
                if all(u in members or u in OBJECT_MEMBERS for u in reads):
                    return True
        return False

    def _named_for_open_type(self, name: str) -> bool:
        """Whether the engine's examples name their instances of an open type so (`naming`'s conventions: `api`
        for Redux Toolkit's `Api`, an intersection the reader cannot close: most of its members come from an
        interface indexed by a unique symbol). Such a receiver's uses are no evidence of another type: they fit
        the named type's unread members (`api.reducerPath`, `api.reducer`, `api.middleware`), and a guess from
        them (`ConfigureStoreOptions`, which has the last two) would report the first as its missing member."""
        conv = (self.model.conventions or {}).get(name)
        if conv is None or conv.kind != "inst" or self.model.type(conv.target) is None:
            return False
        return not self.model.closed(conv.target) and not self.model.merging_hole(conv.target) and \
            not self.model.index_only(conv.target)

    def _pick(self, tids: list[TypeId], var: str) -> TypeId | None:
        """One type among candidates: the only one; else the base all others derive from when every
        candidate shares it and the name agrees; else the one the variable's name points at."""
        if len(tids) == 1:
            return tids[0]
        scored = sorted(((_name_score(var, t[1]), t) for t in tids), reverse=True)
        if scored[0][0] > 0 and scored[0][0] > scored[1][0]:
            return scored[0][1]
        return None

    def _distinctive(self, hits: list[str], tid: TypeId, var: str) -> bool:
        """Enough evidence: two specific members, or one that few types have, or several members and a
        variable name that agrees (`image` uses `width`, `height` and `scale`: a `PDFImage`)."""
        strong = [h for h in hits if h not in WEAK_EVIDENCE and len(h) >= 4]
        if len(strong) >= 2:
            return True
        if len(strong) == 1 and len(self.model.owners(strong[0])) <= 4:
            return True
        return len(hits) >= 2 and _name_score(var, tid[1]) >= 2

    def peek(self, node: Node | None) -> Val | None:
        """Evaluate an expression without recording accesses (used during inference). The memo entries it
        adds are taken out again (a value worked out in peek mode skipped its side effects): the keys it
        added are journaled and removed, which leaves the memo as a copy taken before would, at the cost of
        what peek added, not of the whole memo. Keys present before are never rewritten meanwhile: `ev`
        returns them at once."""
        if node is None:
            return None
        saved = len(self.result.accesses)
        outer = self._journal
        self._journal = journal = []
        try:
            val = self.ev(node, peek=True)
        finally:
            del self.result.accesses[saved:]
            memo = self.memo
            for key in journal:
                memo.pop(key, None)
            self._journal = outer
        return val

    # --- the walk ----------------------------------------------------------------------------------------
    def ev(self, node: Node, peek: bool = False) -> Val | None:
        key = node.id
        memo = self.memo
        if key in memo:
            return memo[key]
        self._steps += 1
        if not self._steps & 1023:
            queries.check_time()  # the document's time limit (a 1 MB minified file takes seconds here)
        val = self._ev(node, peek)
        if self.guarded and node.type in ("identifier", "member_expression"):
            val = self.guard_narrowed(node, val)
        memo[key] = val
        if self._journal is not None:
            self._journal.append(key)
        return val

    def _ev(self, node: Node, peek: bool) -> Val | None:
        t = node.type
        if t in ("binary_expression", "ternary_expression") and not peek and node.id not in self._guards_seen:
            self.narrow_guarded(node)  # (before the operands: what they read is narrowed where the test decides)
        if t == "identifier":
            return self.lookup(node)
        if t == "member_expression":
            obj_node = node.child_by_field_name("object")
            prop = node.child_by_field_name("property")
            if obj_node is not None and obj_node.type == "this":
                owner = _this_owner(obj_node)
                given = self.this_hints.get(owner.id) if owner is not None else None
                if given is not None and prop is not None and prop.type == "property_identifier":
                    return self.member_of(given, self.text(prop), prop, self.usage.get(node.id, "read"))
                if prop is None:
                    return None
                field = self.this_field(obj_node, self.text(prop))
                if field is not None or prop.type != "property_identifier":
                    return field
                subclass = self.subclass_this(obj_node)
                if subclass is None:
                    conventional = self.conventional_this(obj_node)
                    if conventional is None or self.text(prop) in conventional[1]:
                        return None
                    return self.member_of(conventional[0], self.text(prop), prop, self.usage.get(node.id, "read"))
                if self.text(prop) in subclass[1]:
                    return self.own_field(obj_node, self.text(prop))
                return self.subclass_member(subclass[0], prop, self.usage.get(node.id, "read"),
                                            self.class_declared.get(self.this_class(obj_node), frozenset()))
            if obj_node is not None and obj_node.type == "identifier" and self.text(obj_node) in GLOBAL_OBJECTS \
                    and prop is not None and self.lookup(obj_node) is None:
                found = self.umd_global(self.text(prop))  # `window.jspdf`: a UMD build's global
                if found is not None:
                    self.result.open_sites.add(prop.start_byte)  # known: nothing for the vocabulary check
                return found
            obj = self.ev(obj_node, peek)
            if obj is None or prop is None or prop.type != "property_identifier":
                return None
            return self.member_of(obj, self.text(prop), prop, self.usage.get(node.id, "read"))
        if t == "call_expression":
            callee = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            fn_first = self.ev(callee, peek) if callee is not None and callee.type != "import" else None
            method = ""
            recv = None
            if callee is not None and callee.type == "member_expression":
                recv = self.ev(callee.child_by_field_name("object"), peek)
                method = self.text(callee.child_by_field_name("property"))
            made = self.factory_class(recv, method, args)
            if made is not None and not peek:
                self.hint_definition_this(made[0].parts[0], made[1])
            if not peek and args is not None:
                self.hint_callbacks(recv, method, fn_first, args)
                for a in args.named_children:
                    self.ev(a)
            if made is not None:
                return made[0]
            if method in platform.SELECTOR_LOOKUPS and (fn_first is None or fn_first.module == platform.PLATFORM):
                # an element found by a tag name is of the class the tag-name maps give; by any other selector
                # (`.cls`, `#id`) or by id, of a class nobody knows (a custom element's, often): unknown
                found = self.tag_lookup(method, args) if method in platform.TAG_LOOKUPS else None
                if found is None and method in _ELEMENT_LOOKUPS and recv is not None and \
                        recv.module in ("", platform.PLATFORM) and recv.tid and recv.tid[0] == platform.PLATFORM:
                    # `document.querySelector('#open')`: an element of some class (`Element` to TypeScript), each
                    # item of `querySelectorAll('.item')` too
                    any_element = Val(ValKind.INSTANCE, (platform.PLATFORM, "Element"), module=platform.PLATFORM,
                                      any_element=True)
                    return any_element if method in _ONE_ELEMENT else Val(ValKind.ARRAY, inner=any_element)
                return found
            if callee is not None and callee.type == "identifier" and self.text(callee) == "require":
                spec = _first_string(args, self)
                return self.module_val(spec) if spec else None
            if callee is not None and callee.type == "import":
                spec = _first_string(args, self)
                mv = self.module_val(spec) if spec else None
                return Val(ValKind.PROMISE, inner=mv) if mv else None
            if recv is not None and recv.inner is not None and method in COLLECTION_RESULTS.get(recv.kind, {}):
                made = COLLECTION_RESULTS[recv.kind][method]  # `clients.values()`, `pages.find(...)`, `byId.get(k)`
                return recv.inner if made is None else Val(made, inner=recv.inner, conf=recv.conf)
            # a call signature, called as a function is (`call_result`): its own type parameters that nothing binds
            # take their default (compromise's `nlp<PluginTypes = {}>(text): View & PluginTypes`)
            if fn_first is not None and fn_first.kind == ValKind.INSTANCE:  # `chroma("red")`: a call signature
                call = self.model.members(fn_first.tid).get(CALL)
                # (a signature's `this` result is the callable itself: umbrella's `(selector: string): this`)
                return self.call_result(Val(ValKind.FUNCTION, module=call[1][0], member=call[0], recv=fn_first,
                                            conf=fn_first.conf,
                                            targs=tuple(self.bindings_of(fn_first, call[1]).items())),
                                        args) if call else None
            if fn_first is not None and fn_first.kind == ValKind.CLASS:  # `Decimal(1)`: a class's call signature
                call = self.model.statics(fn_first.tid).get(CALL)
                return self.call_result(Val(ValKind.FUNCTION, module=call[1][0], member=call[0], conf=fn_first.conf),
                                        args) if call else None
            if fn_first is None and recv is not None and recv.kind == ValKind.UNION and method:
                return self.union_call(recv, method, args)
            return self.call_result(fn_first, args)
        if t == "new_expression":
            ctor = node.child_by_field_name("constructor")
            args = node.child_by_field_name("arguments")
            if not peek and args is not None:
                if ctor is not None:
                    self.hint_constructor_callbacks(ctor, args)
                for a in args.named_children:
                    self.ev(a)
            if ctor is not None and ctor.type == "identifier" and self.key_of(ctor)[0] is None and \
                    (self.text(ctor) in platform.constructors() or self.text(ctor) in platform.es_constructors()) \
                    and not self.engine_declares(self.text(ctor)):
                # `new IntersectionObserver(cb)`, `new Map()`: the platform's class, the file declaring no such name
                return Val(ValKind.INSTANCE, (platform.PLATFORM, self.text(ctor)))
            if ctor is not None and ctor.type == "identifier" and self.key_of(ctor)[0] is None and \
                    platform.untyped_instances(self.text(ctor)) and not self.engine_declares(self.text(ctor)):
                return None  # `new Error(...)`: code gives it properties of its own (`err.details = ...`)
            cv = self.ev(ctor, peek) if ctor is not None else None
            if cv is not None and cv.kind == ValKind.CLASS and cv.parts:
                return cv.parts[0]  # `new Person(...)` of a class a factory made (`factory_class`)
            if cv is not None and cv.kind == ValKind.CLASS and args is not None and not peek:
                self.add_option_members(cv.tid, args)
            if cv is not None and cv.kind == ValKind.CLASS:
                if self.model.class_like(cv.tid):
                    return Val(ValKind.INSTANCE, cv.tid, conf=cv.conf,
                               targs=self.written_type_args(node) or self.inferred_type_args(cv.tid, args))
            if cv is not None and cv.kind == ValKind.INSTANCE:  # `new PDFDocument()`, a construct signature
                t2 = self.model.type(cv.tid)
                ctor = next((m for m in t2.members if m.kind == "constructor"), None) if t2 is not None else None
                if ctor is not None:
                    return self.to_val(parse_type(ctor.type), cv.tid[0], None, cv.conf)
            if cv is not None and cv.kind == ValKind.FUNCTION and cv.member is not None and \
                    cv.member.confidence < 1.0 and cv.member.type not in ("", "this"):
                # `new architect.Perceptron(2, 4, 1)` of a plain JavaScript function (no typings) whose body
                # proves it returns an object of the engine's class (`return architect.Construct(nodes)`, `var
                # layer = new Layer(); ...; return layer`): `new` of a function that returns an object yields that
                # object, as the call does
                made = self.call_result(cv, args)
                return made if made is not None and made.kind == ValKind.INSTANCE else None
            return None
        if t == "await_expression":
            inner = node.named_children[0] if node.named_children else None
            v = self.ev(inner, peek) if inner is not None else None
            if v is not None and v.kind == ValKind.PROMISE:
                return v.inner
            if v is not None and v.kind == ValKind.INSTANCE and v.tid is not None and self.thenable(v.tid):
                # a thenable (`interface Query<T> extends Promise<T & Meta>`) awaits to what it resolves to: the
                # type argument of the `Promise` a class extends directly, its own type parameters bound
                return self.awaited_base(v)
            return v
        if t == "parenthesized_expression":
            inner = node.named_children[-1] if node.named_children else None
            val = self.ev(inner, peek) if inner is not None else None
            written, cast = self.jsdoc_cast(node)
            if written:  # `/** @type {MockPool} */ (agent.get(origin))`: the written type wins, as with `as`
                return (replace(val, untyped=True) if val is not None else None) if cast == ANY_TYPE else cast
            return val
        if t in TS_PASS_THROUGH:
            inner = node.named_children[0] if node.named_children else None
            return self.ev(inner, peek) if inner is not None else None
        if t in ("as_expression", "type_assertion"):  # `x as Page`, `<Page>x`: the written type wins
            children = node.named_children
            if len(children) < 2:
                return None
            expr, type_node = (children[0], children[-1]) if t == "as_expression" else (children[-1], children[0])
            val = self.ev(expr, peek)
            if type_node.type == "type_arguments":
                type_node = type_node.named_children[0] if type_node.named_children else None
            cast = self.annotation_val(type_node, node)
            if cast == ANY_TYPE:
                return replace(val, untyped=True) if val is not None else None
            return cast
        if t == "binary_expression" and _guard_operand(node) is not None:
            # `user && user.getLinkedRecord('friends')`: the guarded value when the guard holds, else the guard's
            # own falsy value (null, undefined, false, 0, ""), on which any member access throws or is an
            # object member anyway: what code reads from it is the right operand's (as TypeScript's narrowing)
            left, right = node.child_by_field_name("left"), _guard_operand(node)
            if not peek and left is not None:
                self.ev(left)
            return self.ev(right, peek)
        if t == "binary_expression" and self.text(node.child_by_field_name("operator")) in ("??", "||"):
            # `result.Transaction ?? result.FailedTransaction`: the left operand's value, else the right one's:
            # one type when both are the same, a union of both instances' types otherwise (what either has is
            # known); nothing when either is unknown (a default `x || {}` may be anything)
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            lv = self.ev(left, peek) if left is not None else None
            rv = self.ev(right, peek) if right is not None else None
            return _either(lv, rv)
        if t == "subscript_expression":
            obj = self.ev(node.child_by_field_name("object"), peek)
            idx = node.child_by_field_name("index")
            if idx is not None and not peek:
                self.ev(idx)
            if obj is not None and obj.kind == ValKind.ARRAY:
                return obj.inner
            return None
        if t == "assignment_expression":
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            if left is not None and left.type == "member_expression" and not peek:
                prop = left.child_by_field_name("property")
                if prop is not None and prop.type == "property_identifier":
                    self.result.written.add(self.text(prop))
            rv = self.ev(right, peek) if right is not None else None
            if left is not None and left.type != "identifier":
                self.ev(left, peek)
            return rv
        if peek:
            return self.function_val(node) if t in FUNCTIONS else None
        if t in FUNCTIONS:
            self.function(node)
            return self.function_val(node)
        if t == "import_statement":
            self.import_statement(node)
            return None
        if t in ("lexical_declaration", "variable_declaration", "using_declaration"):  # `using db = new Database()`
            self.declaration(node)
            return None
        if t == "for_in_statement":
            self.for_in(node)
            return None
        if t == "if_statement":
            self.narrow_if(node)
        elif t == "switch_statement":
            self.narrow_switch(node)
        if t == "class_declaration" or t == "class":
            self.set_value(node.child_by_field_name("name"), None)
            for c in node.named_children:
                self.ev(c)
            return None
        for c in node.named_children:
            self.ev(c)
        return None

    def factory_class(self, recv: Val | None, method: str, args: Node | None) -> tuple[Val, Node] | None:
        """`const Person = Model.extend({ first: "string", get fullName() {...}, greet() {...} })`: the class an
        engine class's static class factory makes from a definition object (the prototype-chain idiom of
        Backbone, CanJS, Ember: `extend`, its name-first form `extend("Name", {statics}, {protos})` too, the
        last object literal giving the instance members, one before it the statics). The made class is the
        base's class value whose `parts` hold its instance (its static side: the base's statics, any other name
        unknown, never missing: `member_of`): an intersection of the base's instance (a class
        made so before it: its instance) with the definition's keys as literal members, open (no name ever
        missing) when a key is not spelt (`"*"`, `[k]`, a spread) or the definition's functions write `this` in
        ways not followed; closed only as far as the base's instance is (`member_of`). With the definition,
        the node whose functions' `this` is that instance. None when the typings declare the factory (what
        they say it returns wins), the receiver is no class, or the arguments are not so written."""
        if method != "extend" or recv is None or recv.kind != ValKind.CLASS or args is None:
            return None
        entry = receiver_members(self.model, recv).get(method)
        if entry is None or is_typings_path(entry[0].path) or entry[0].kind not in ("method", "function", "property"):
            return None
        given = [a for a in args.named_children if a.type != "comment"]
        if given and given[0].type in ("string", "template_string"):
            given = given[1:]  # `extend("Person", ...)`: the class's name
        if not 1 <= len(given) <= 2 or any(a.type != "object" for a in given):
            return None
        if recv.parts:
            base = recv.parts[0]
        elif self.model.class_like(recv.tid):
            base = Val(ValKind.INSTANCE, recv.tid, conf=recv.conf)
        else:
            return None
        definition = given[-1]
        keys, unspelt = object_keys(definition, self.text)
        written, untracked = self._definition_this_writes(definition)
        literal = tuple(dict.fromkeys([*(k for k, _ in base.literal), *(k for k, _ in keys), *written]))
        instance = Val(ValKind.INTERSECTION, base.tid if base.kind == ValKind.INTERSECTION else (base.tid,),
                       module=recv.module or recv.tid[0], conf=base.conf,
                       parts=base.parts if base.kind == ValKind.INTERSECTION else (base,),
                       literal=tuple((k, "") for k in literal), open=base.open or unspelt or untracked, made=True)
        return Val(ValKind.CLASS, recv.tid, module=recv.module, conf=recv.conf, parts=(instance,)), definition

    @staticmethod
    def _definition_functions(definition: Node) -> list[Node]:
        """A class definition object's functions whose `this` is the instance: its methods and accessors
        (`greet() {...}`, `get full() {...}`, `greet: function () {...}`) and the `get`/`set` functions of a
        property descriptor it gives a key (`full: { get: function () {...} }`, as `Object.defineProperty`'s).
        Not arrow functions (their `this` is the enclosing one)."""
        out: list[Node] = []
        for entry in definition.named_children:
            value = entry if entry.type == "method_definition" else \
                entry.child_by_field_name("value") if entry.type == "pair" else None
            if value is None:
                continue
            if value.type in ("method_definition", "function_expression", "function", "generator_function"):
                out.append(value)
            elif value.type == "object":
                for inner in value.named_children:
                    fn = inner if inner.type == "method_definition" else \
                        inner.child_by_field_name("value") if inner.type == "pair" else None
                    key = inner.child_by_field_name("name" if inner.type == "method_definition" else "key")
                    if fn is not None and key is not None and key.text in (b"get", b"set") and \
                            fn.type in ("method_definition", "function_expression", "function"):
                        out.append(fn)
        return out

    def _definition_this_writes(self, definition: Node) -> tuple[list[str], bool]:
        """The names a class definition's functions (`_definition_functions`) write on `this` (`this.x = 1`:
        real on the instance), and whether they write others whose names cannot be read (`this[k] = v`,
        `Object.assign(this, ...)`): `this_writes`."""
        names: list[str] = []
        unseen = False
        for fn in self._definition_functions(definition):
            writes, unseen_here = this_writes(fn, self.text)
            names += [self.text(prop) for prop, _ in writes]
            unseen = unseen or unseen_here
        return names, unseen

    def hint_definition_this(self, instance: Val, definition: Node) -> None:
        """`this` in a class definition's functions (`factory_class`) is the made class's instance."""
        for fn in self._definition_functions(definition):
            self.this_hints.setdefault(fn.id, instance)

    def add_named_members(self, method: str, args: Node) -> None:
        """`redis.defineCommand("echoTwice", {...})`: the engine's runtime adds `echoTwice` (and
        `echoTwiceBuffer`) to the receiver; as with an expando (`written`), reading those names anywhere in the
        file is not an unknown member, on any receiver (a pipeline made from it has them too)."""
        # an argument that is not a string literal names nothing we know: a pattern over it gives no name
        literals = [self.text(v)[1:-1] if v.type == "string" else "\0"
                    for v in args.named_children if v.type != "comment"]
        for pattern in self.model.member_adders()[method]:
            try:
                name = pattern.format(*literals)
            except (IndexError, KeyError, ValueError):
                continue
            if name and "\0" not in name:
                self.result.added.add(name)
            elif "\0" in name:
                self.result.names_unknown = True

    def add_option_members(self, tid: TypeId, args: Node) -> None:
        """`new Redis({ scripts: { myecho: {...} } })`: a constructor that hands names it is given to a method
        adding members by name (`Member.adds` "@defineCommand") makes real every key the arguments' object
        literals spell; they are recorded as `written` names, as `add_named_members` does."""
        t = self.model.type(tid)
        ctor = next((m for m in t.members if m.kind == "constructor" and m.adds), None) if t is not None else None
        adders = self.model.member_adders()
        patterns = [x for p in (ctor.adds if ctor is not None else ()) if p.startswith("@")
                    for x in adders.get(p[1:], ())]
        if not patterns:
            return
        keys: set[str] = set()
        stack = list(args.named_children)
        while stack:
            n = stack.pop()
            if n.type == "pair":
                key = n.child_by_field_name("key")
                if key is not None and key.type in ("property_identifier", "string"):
                    keys.add(self.text(key).strip("\"'"))
            elif n.type == "shorthand_property_identifier":
                keys.add(self.text(n))
            if n.type in ("object", "pair", "array"):
                stack.extend(n.named_children)
        for key in keys:  # each key as the adder names it (`myecho`, `myechoBuffer`)
            for p in patterns:
                try:
                    self.result.added.add(p.format(key))
                except (IndexError, KeyError, ValueError):
                    continue

    def declared_function(self, name_node: Node) -> Node | None:
        """The `function f() {...}` declaration a name refers to, if that is what it is."""
        binding = self.names.resolve(name_node)
        decl = binding.declaration.node if binding is not None and binding.declarations else None
        holder = decl.parent if decl is not None else None
        return holder if holder is not None and holder.type == "function_declaration" else None

    def check_late_params(self) -> None:
        """Walk again the function declarations whose parameters a later call types (`late_params`): what
        their first walk recorded inside them is replaced."""
        done: set[int] = set()
        while len(done) < len(self.late_params):  # (a walk again may hand more functions by name)
            fn_id, fn = next((k, f) for k, f in self.late_params.items() if k not in done)
            done.add(fn_id)
            body = fn.child_by_field_name("body")
            if body is None:
                continue
            inside = range(fn.start_byte, fn.end_byte)
            self.result.accesses = [a for a in self.result.accesses if a.start not in inside]
            self.result.open_sites = {p for p in self.result.open_sites if p not in inside}
            self.result.open_engine_sites = {p for p in self.result.open_engine_sites if p not in inside}
            self.result.open_compound_receivers = {p: v for p, v in self.result.open_compound_receivers.items()
                                                if p not in inside}
            self.memo.clear()  # values computed inside depend on the parameters now typed
            self.function(fn)

    def check_late_this(self) -> None:
        """`this.x` inside function declarations handed by name to a callee that declares their `this`
        (`client.on("open", heartbeat)`): their bodies were walked before the call was met."""
        for fn_id, fn in self.late_this.items():
            given = self.this_hints.get(fn_id)
            if given is None:
                continue
            stack = [fn.child_by_field_name("body")]
            while stack:
                n = stack.pop()
                if n is None or (n.type in FUNCTIONS and n.type != "arrow_function"):
                    continue
                if n.type == "member_expression" and n.child_by_field_name("object") is not None and \
                        n.child_by_field_name("object").type == "this":
                    prop = n.child_by_field_name("property")
                    if prop is not None and prop.type == "property_identifier":
                        self.member_of(given, self.text(prop), prop, self.usage.get(n.id, "read"))
                stack.extend(n.named_children)

    def written_type_args(self, new_node: Node) -> tuple:
        """`new Server<Client>(...)` (TypeScript): the type arguments written on the construction."""
        written = new_node.child_by_field_name("type_arguments")
        return tuple(self.text(a) for a in written.named_children) if written is not None else ()

    def inferred_type_args(self, tid: TypeId, args: Node | None) -> tuple:
        """`new Box(page)` where `constructor(item: T)`: TypeScript infers `T` from the arguments, so its
        default does not hold. A type parameter passed directly takes the argument's engine type (else it is
        unknown); one inside an options type is unknown when the object literal sets an option whose type
        mentions it (`new Server({ WebSocket: MyClient })`), else its default holds."""
        t = self.model.type(tid)
        ctor = next((m for m in t.members if m.kind == "constructor"), None) if t is not None else None
        if t is None or not t.type_params or ctor is None or args is None:
            return ()
        values = [a for a in args.named_children if a.type != "comment"]
        bound: dict[str, str] = {}
        for declared, arg in zip(ctor.params, values):
            ptype = " ".join(param_type(declared).split())
            mentioned = [p for p in t.type_params if re.search(rf"(?<![\w$.]){re.escape(p)}(?![\w$])", ptype)]
            if not mentioned:
                continue
            direct = ptype.split("|")[0].strip()
            if direct in mentioned:
                val = self.peek(arg)
                bound[direct] = val.tid[1] if val is not None and val.kind == ValKind.INSTANCE else "unknown"
                continue
            if arg.type == "object" and not self._options_bind(ptype, tid[0], arg, mentioned):
                continue  # the options set none of the settings that would infer them: defaults hold
            bound.update({p: "unknown" for p in mentioned})
        if not bound:
            return ()
        return tuple(bound.get(p, "") for p in t.type_params)

    def _options_bind(self, ptype: str, module: str, literal: Node, params: list[str]) -> bool:
        """Whether an object literal passed as `ptype` (`ServerOptions<T, U>`) sets a property whose declared
        type mentions one of `params` (so TypeScript infers it from there)."""
        parsed = parse_type(ptype)
        otid = self.model.find_type(module, parsed[1]) if parsed and parsed[0] == "name" else None
        ot = self.model.type(otid) if otid is not None else None
        if ot is None:
            return True  # an options type we cannot read: assume it binds them
        env = dict(zip(ot.type_params, generic_args(ptype)))
        members = self.model.members(otid)
        for pair in literal.named_children:
            key = pair.child_by_field_name("key") if pair.type == "pair" else pair if \
                pair.type == "shorthand_property_identifier" else None
            if key is None:
                if pair.type == "spread_element":
                    return True
                continue
            entry = members.get(self.text(key).strip("\"'"))
            text = substitute(entry[0].type, env) if entry is not None else ""
            if any(re.search(rf"(?<![\w$.]){re.escape(p)}(?![\w$])", text) for p in params):
                return True
        return False

    def hint_callbacks(self, recv: Val | None, method: str, fn: Val | None, args: Node) -> None:
        """Type the parameters of function arguments: an element of the collection they iterate
        (`clients.forEach(ws => ...)`, `for...of`), the value of a promise (`.then(doc => ...)`), or the
        parameter types the callee declares for that callback, from the overload whose string-literal
        parameters match the call's (`on(event: "connection", cb: (socket: WebSocket) => void)`)."""
        values = [a for a in args.named_children if a.type != "comment"]
        callbacks = [(i, a) for i, a in enumerate(values) if a.type in FUNCTIONS]
        if not callbacks and not (fn is not None and (fn.member is not None or fn.kind == ValKind.INSTANCE) and
                                  any(a.type == "identifier" for a in values)) and \
                not any(a.type == "object" for a in values):
            return  # (a function handed by name matters for the `this` the callee declares for it)
        if callbacks and recv is None and len(values) >= 2 and values[0].type == "array" and \
                self.text(args.parent.child_by_field_name("function")) in ("require", "define"):
            # AMD: `require(["jspdf"], ({ jsPDF }) => ...)` hands the callback each listed module in order
            specs = [self.text(e)[1:-1] if e.type == "string" else "" for e in values[0].named_children]
            self.param_hints[callbacks[0][1].id] = [self.module_val(spec) if spec else None for spec in specs]
            return
        element = None
        if recv is not None and recv.inner is not None:
            if (recv.kind == ValKind.ARRAY and method in ARRAY_CALLBACKS) or \
                    (recv.kind == ValKind.MAP and method == "forEach") or (recv.kind == ValKind.PROMISE and method == "then"):
                element = recv.inner
        if element is not None and callbacks:
            self.param_hints[callbacks[0][1].id] = [element]
            return
        if fn is not None and fn.kind in (ValKind.INSTANCE, ValKind.CLASS) and fn.tid is not None:
            # `ky(url, {...})`: a call signature (`KyInstance`'s), whose parameters type the options' callbacks
            # An instance's targs are its written type arguments, in order; a function's are the name -> type
            # bindings its signature is read under: the call signature's owner binds them from the instance.
            call = receiver_members(self.model, fn).get(CALL)
            fn = Val(ValKind.FUNCTION, module=call[1][0], member=call[0], conf=fn.conf, evidence=fn.evidence,
                     targs=tuple(self.bindings_of(fn, call[1]).items())) if call is not None else None
        if fn is None or fn.kind != ValKind.FUNCTION or fn.member is None:
            return
        chosen = _fitting_overloads(fn.member, values, self)
        signature = _agreeing(chosen, values)
        bindings = dict(fn.targs)
        if signature is not None:
            self.hint_option_callbacks(fn, signature, values, bindings)
        for index, value in enumerate(values):
            this_text = self.declared_this(param_type(signature[index]), fn.module) \
                if signature and index < len(signature) else ""
            if not this_text or value.type not in ("function_expression", "function", "identifier"):
                continue
            this_val = self.type_val(this_text, fn.module, None, fn.conf, fn.evidence, bindings)
            if this_val is None and re.fullmatch(r"[A-Za-z_$][\w$]*", this_text):
                # `on<C>(event, fn: (this: C) => void, context: C)`: the parameter the declaration types as the
                # callback's `this` hands it (a context argument); `context?: any` says nothing
                given = [j for j, p in enumerate(signature) if j != index and param_type(p).strip() == this_text]
                this_val = self.context_val(values[given[0]]) if len(given) == 1 and given[0] < len(values) \
                    else None
            target = value if value.type != "identifier" else self.declared_function(value)
            if target is None:
                continue
            if target.id in self.this_hints and not _same_type(self.this_hints[target.id], this_val):
                this_val = None  # handed to callers that give it different `this` values
            self.this_hints[target.id] = this_val
            if value.type == "identifier":
                self.late_this[target.id] = target
        for index, cb in callbacks:
            hints = self.contextual_params(chosen, index, fn, bindings)
            if hints:
                self.param_hints[cb.id] = hints
        for index, value in enumerate(values):
            # a function declaration handed by name (`app.register(routes)`): its parameters take the same types
            target = self.declared_function(value) if value.type == "identifier" else None
            hints = self.contextual_params(chosen, index, fn, bindings) if target is not None else []
            if not hints:
                continue
            known = self.param_hints.get(target.id)
            if known is not None and [(h.kind, h.tid) if h else None for h in known] != \
                    [(h.kind, h.tid) if h else None for h in hints]:
                hints = [None] * len(hints)  # handed to callers that type it differently
            self.param_hints[target.id] = hints
            if target.end_byte <= args.start_byte:  # walked already: walked again once the file is done
                self.late_params[target.id] = target

    def contextual_params(self, chosen: list[list[str]], index: int, fn: Val, bindings: dict) -> list[Val | None]:
        """The types TypeScript gives the parameters of a callback passed as argument `index`, from the
        parameter type the callee declares there in each overload the call fits: a function type, or a named
        one that is a function type (an alias `Handler<A, B> = (req: Req<A>, res: Res<B>) => R`, an interface
        with call signatures, its type parameters bound by the written arguments), through the callable members
        of a union or the branches of a conditional type (`Fn extends AsyncFunction ? AsyncHook : Hook`). A
        parameter whose type the candidates disagree on stays untyped (overloads for callback-style and async
        plugins both give their first parameter the same instance type)."""
        lists: list[tuple[list[str], str]] = []
        for params in chosen:
            if index < len(params) and param_type(params[index]):
                lists += self.callable_signatures(substitute(param_type(params[index]), bindings), fn.module)
        if not lists:
            return []
        hints: list[Val | None] = []
        for position in range(max(len(p) for p, _ in lists)):
            types = {(" ".join(param_type(p[position]).split()), module) if position < len(p) else None
                     for p, module in lists}
            if len(types) != 1 or None in types or not next(iter(types))[0]:
                hints.append(None)
                continue
            text, module = types.pop()
            # a parameter declared `this` (`map<V>(fn: (node: this) => V)`, `tap(cb: Intercepter<this>)`) is
            # TypeScript's polymorphic `this`: the type of the receiver the method is called on
            hints.append(self.callback_param_val(text, module, _polymorphic_this(fn), fn.conf, fn.evidence))
        return hints

    def callable_signatures(self, text: str, module: str, depth: int = 0) -> list[tuple[list[str], str]]:
        """The parameter lists (each with the module its types are written in) of a callback declared with
        type `text` (see `contextual_params`); empty when it is nothing callable the model can read."""
        text = text.strip()
        if depth > 6 or not text:
            return []
        params = function_params(text)
        if params is not None:
            return [(params, module)]
        parts = conditional_branches(text) or union_parts(text)
        if len(parts) > 1:
            return [found for part in parts for found in self.callable_signatures(part, module, depth + 1)]
        # `query: TQueryFn & RootQueryFn<TQuery>` (TanStack DB's `createLiveQueryCollection`): an intersection
        # is called through each callable part's signatures (a bare type parameter, an object literal: none)
        parts = intersection_parts(text)
        if parts:
            return [found for part in parts for found in self.callable_signatures(part, module, depth + 1)]
        head = re.fullmatch(r"([A-Za-z_$][\w$.]*)\s*(?:<.*>)?", text, re.S)
        mod = self.model.modules.get(module)
        name = head.group(1) if head is not None else ""
        if "." in name and mod is not None and name not in mod.types and name.split(".", 1)[0] in mod.types:
            # `History.FilterFn`: a type of the module's own namespace `History`, held under its own name
            # (unless several namespaces declare that name: then qualified, as written); another module's
            # namespace (`NodeJS.ReadableStream`) is never taken for a same-named type of this one
            name = name.rsplit(".", 1)[1]
        tid = self.model.find_type(module, name) if name else None
        alias = mod.types.get(name) if name and mod is not None else None
        if alias is not None and alias.kind == "alias":  # a function type under a name, with its arguments bound
            args = generic_args(text)
            env = _alias_bindings(alias, args)
            body = _COMMENT.sub(" ", alias.alias)  # (a declaration file's comment inside the function type)
            return self.callable_signatures(substitute(body, env), module, depth + 1)
        call = self.model.members(tid).get(CALL) if tid is not None else None
        if call is None:
            return []
        member, owner = call
        env = self.model.bindings(tid, owner, tuple(generic_args(text)))
        return [([substitute(p, env) for p in params if not re.match(r"this\s*:", p)], owner[0])
                for params in (member.params, *member.overloads)]

    def hint_constructor_callbacks(self, ctor: Node, args: Node) -> None:
        """The callbacks handed to an engine class's constructor, typed by the parameters it declares, as a
        function's are (`hint_callbacks`): `new ToolLoopAgent({ prepareStep: async ({ messages }) => ... })` with
        `constructor(settings: ToolLoopAgentSettings)`, `new Observer((entries) => ...)`: TypeScript's contextual
        typing applies to a `new` as to a call. Only a class declaring one constructor (its overloads with it),
        its own or its nearest base's; the class's own type parameters stay unbound (their parts open). A value
        typed by a constructor type (`declare var Observer: { prototype: Observer; new (callback: Callback):
        Observer }`, lib.dom's way of declaring every class global, read as the interface `Observer$static`) is
        such a class: its one construct signature is the constructor."""
        if not any(a.type in FUNCTIONS or a.type == "object" for a in args.named_children):
            return
        cv = self.ev(ctor, True)
        if cv is None or cv.kind not in (ValKind.CLASS, ValKind.INSTANCE) or cv.tid is None or \
                not self.model.class_like(cv.tid):
            return
        if cv.kind == ValKind.INSTANCE and not any(m.kind == "constructor" for m in self.model.type(cv.tid).members):
            return  # an instance of a class is no constructor; only a value of a construct signature's type is
        tid, made = cv.tid, None
        for _ in range(8):
            t = self.model.type(tid)
            if t is None:
                return
            made = [m for m in t.members if m.kind == "constructor"]
            if made or t.kind != "class" or len(t.bases) != 1:
                break
            parsed = parse_type(t.bases[0])
            tid = self.model.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            if tid is None:
                return
        if not made or len(made) != 1:
            return
        chosen = made[0]
        if chosen.overloads:
            # several construct signatures: the one an object literal argument fits; with none given, the
            # first (as before overloads were kept)
            signatures = [replace(chosen, params=list(params), overloads=[])
                          for params in (chosen.params, *chosen.overloads)]
            chosen = self.construct_overload(signatures, args, tid[0], cv) \
                if any(a.type == "object" for a in args.named_children) else signatures[0]
        if chosen is None or not chosen.params:
            return
        self.hint_callbacks(None, "constructor", Val(ValKind.FUNCTION, module=tid[0], member=chosen,
                                                     conf=cv.conf, evidence=cv.evidence), args)

    def construct_overload(self, made: list, args: Node, module: str, cv: Val):
        """Of several construct signatures, the one a `new` with an object literal argument takes, as TypeScript
        picks it: the first whose parameter type the literal fits (`new ReadableStream({ start(controller) {} })`
        against lib.dom's and bun's three, `UnderlyingSource`, `DirectUnderlyingSource` (`type: "direct"`) and
        `UnderlyingByteSource` (`type: "bytes"`): the wrong one types `controller` as another controller). A fresh
        literal fits when its every key is a member of the type (TypeScript's excess property check), a string
        it gives a member typed by string literals is one of them, and it names every member typed by one string
        literal alone (a discriminant: `type: "bytes"`). A signature before the fitting one whose type is not a
        read, closed interface makes the choice undecidable: None (nothing typed), as with no fit at all.
        Optionality is not in the model, so a required member the literal omits is not seen (only discriminants)."""
        values = [a for a in args.named_children if a.type != "comment"]
        if not any(v.type == "object" for v in values):
            return None
        for member in made:
            fits = self.literal_arguments_fit(member, values, module, cv)
            if fits is None:
                return None
            if fits:
                return member
        return None

    def literal_arguments_fit(self, member, values: list[Node], module: str, cv: Val) -> bool | None:
        """Whether a construct signature takes these arguments' object literals (see `construct_overload`);
        None when a parameter's type is not known well enough to say."""
        if not _takes(member.params, values, self):
            return False
        for index, value in enumerate(values):
            if value.type != "object":
                continue
            if index >= len(member.params) or member.params[index].lstrip().startswith("..."):
                return None
            declared = param_type(member.params[index]).strip()
            options = self.type_val(declared, module, None, cv.conf, cv.evidence) if declared else None
            if options is None or options.kind != ValKind.INSTANCE or options.tid is None:
                return None
            t = self.model.type(options.tid)
            if t is None or t.open or t.any_name:
                return None
            members = self.model.members(options.tid)
            given: dict[str, Node | None] = {}
            for pair in value.named_children:
                if pair.type == "comment":
                    continue
                if pair.type == "pair":
                    key = pair.child_by_field_name("key")
                    if key is None or key.type not in ("property_identifier", "string"):
                        return None  # a computed key: which member it names is unknown
                    given[self.text(key).strip("\"'")] = pair.child_by_field_name("value")
                elif pair.type == "method_definition" and (name := pair.child_by_field_name("name")) is not None \
                        and name.type == "property_identifier":
                    given[self.text(name)] = None
                elif pair.type == "shorthand_property_identifier":
                    given[self.text(pair)] = None
                else:
                    return None  # a spread, a computed method name: the literal's keys are not all known
            for name, written in given.items():
                entry = members.get(name)
                if entry is None:
                    return False  # an excess property: TypeScript rejects this signature for a fresh literal
                literals = _string_literals(entry[0].type)
                if literals is not None and written is not None and written.type == "string" and \
                        self.text(written)[1:-1] not in literals:
                    return False  # `type: "direct"` against `type?: undefined` or `type: "bytes"`
            for name, (m, _owner) in members.items():
                literals = _string_literals(m.type)
                if m.kind == "property" and literals is not None and len(literals) == 1 and \
                        "undefined" not in m.type and name not in given:
                    return False  # a discriminant the literal does not name (`type: "bytes"`)
        return True

    def hint_option_callbacks(self, fn: Val, signature: list[str], values: list[Node], bindings: dict,
                              depth: int = 0) -> None:
        """The callbacks of an options object passed where the callee declares an options type: `ky(url,
        { onDownloadProgress: (progress, chunk) => ... })` with `onDownloadProgress?: (progress: Progress,
        chunk: Uint8Array) => void` in `Options` types `progress` (TypeScript's contextual typing). An object
        literal given for a property is typed by that property's type in turn (`websocket: { message(ws) {} }`).
        An options type the model cannot read as one closed type (a union of option records, `XOR<A, B>`) is
        evaluated (`ObjectModel.shapes`): a property's type is the union of its types in the records that have
        it, `never` dropped, and it types the literal's callbacks only where that is one type."""
        for index, value in enumerate(values):
            if value.type != "object" or index >= len(signature) or not param_type(signature[index]):
                continue
            declared = param_type(signature[index]).strip()
            options = self.type_val(declared, fn.module, None, fn.conf, fn.evidence, bindings)
            if options is None and declared.startswith("{") and declared.endswith("}") and \
                    (members := object_literal_members(declared)):
                # an object type literal written as the parameter's type (`options: { model: Model; onFinish?:
                # (event: Event) => void }`): its members type the callbacks as an intersection's literal part does
                options = Val(ValKind.INTERSECTION, (), module=fn.module, conf=fn.conf, evidence=fn.evidence,
                              open=True, literal=tuple(members))
            shaped: dict[str, tuple[str, str]] = {}
            if options is None or options.kind not in (ValKind.INSTANCE, ValKind.INTERSECTION) or \
                    options.tid is None or not all(self.model.closed(t) for t in (
                        (options.tid,) if options.kind == ValKind.INSTANCE else options.tid)) or \
                    (options.kind == ValKind.INTERSECTION and options.open):
                shapes = self.model.shapes(fn.module, substitute(declared, bindings) if bindings else declared,
                                           object_literal=True)
                if shapes:
                    options = None
                    for name in dict.fromkeys(n for shape in shapes for n in shape):
                        types = {shape[name] for shape in shapes if name in shape and
                                 shape[name][0].strip() != "never" and shape[name][0].strip() not in NULLISH}
                        if len(types) == 1 and next(iter(types))[0]:
                            shaped[name] = types.pop()
            if not shaped and (options is None or options.kind not in (ValKind.INSTANCE, ValKind.INTERSECTION) or
                               (options.kind == ValKind.INSTANCE and options.tid is None)):
                continue
            # the options type's parts: one instance, or every part of an intersection (`CallSettings & Prompt &
            # { onStepFinish?: ... }`: its named parts and the members of its object type literal)
            parts = [] if options is None else [options] if options.kind == ValKind.INSTANCE else \
                [v for v in options.parts if v.tid is not None]
            literal = {} if options is None or options.kind == ValKind.INSTANCE else dict(options.literal)
            # `methods: {...} & ThisType<Api>`: the `this` of the literal's methods (TypeScript's marker)
            marked = [m.group(1) for part in intersection_parts(param_type(signature[index]))
                      if (m := re.fullmatch(r"ThisType\s*<(.+)>", part.strip(), re.S))]
            for pair in value.named_children:
                # `onStep: (step) => ...`, or the method shorthand `onStep(step) { ... }` / `async onStep(step) {}`
                key = pair.child_by_field_name("key") if pair.type == "pair" else \
                    pair.child_by_field_name("name") if pair.type == "method_definition" else None
                callback = pair if pair.type == "method_definition" else \
                    pair.child_by_field_name("value") if key is not None else None
                if key is not None and callback is not None and callback.type == "object":
                    # `methods: { inc() { this.count++ } }` where the property's type is `M & ThisType<D & M>`
                    self.hint_marked_this(callback, self.text(key).strip("\"'"), parts, literal, fn, bindings)
                    # and the literal is contextually typed by the property's type, as the options are
                    typed = self.property_type(self.text(key).strip("\"'"), parts, literal, shaped, fn, bindings)
                    if typed is not None and depth < 4:
                        self.hint_option_callbacks(replace(fn, module=typed[1]), [f"options: {typed[0]}"],
                                                   [callback], typed[2], depth + 1)
                    continue
                if key is None or callback is None or callback.type not in ("function_expression", "arrow_function",
                                                                             "function", "method_definition"):
                    continue
                name = self.text(key).strip("\"'")
                found = []  # (its parameter list, the module its types are written in, the bindings, its `this`)
                for part in parts:
                    entry = self.model.members(part.tid).get(name)
                    if entry is None:
                        continue
                    member, owner = entry
                    declared = [p for p in member.params if not re.match(r"this\s*:", p)] \
                        if member.kind == "method" else self.callback_params(member.type, owner[0])
                    this_text = next((param_type(p) for p in member.params[:1] if re.match(r"this\s*:", p)), "") \
                        if member.kind == "method" else self.declared_this(member.type, owner[0])
                    # the options type's parameters as its written arguments bind them (`ConditionConfig<this>`:
                    # `otherwise: (schema: T) => ...` gets the receiver)
                    found.append((declared, owner[0], self.bindings_of(part, owner), this_text))
                if literal.get(name):
                    found.append((self.callback_params(literal[name], fn.module), fn.module, bindings,
                                  self.declared_this(literal[name], fn.module)))
                if name in shaped:
                    text, module = shaped[name]
                    found.append((self.callback_params(text, module), module, {}, self.declared_this(text, module)))
                if len(found) > 1:
                    continue  # declared by several parts (which one types it is not decided here)
                if callback.type != "arrow_function" and callback.id not in self.this_hints:
                    # the callback's own declared `this` (`create?: (this: Scene) => void`), else the options
                    # type's `ThisType<T>` marker; neither declared: its `this` stays untyped
                    this_text, module, bound = (found[0][3], found[0][1], found[0][2]) if found and found[0][3] \
                        else (marked[0], fn.module, bindings) if len(marked) == 1 else ("", "", {})
                    this_val = self.type_val(this_text, module, None, fn.conf, fn.evidence, bound) \
                        if this_text else None
                    if this_val is not None:
                        self.this_hints[callback.id] = this_val
                if not found:
                    continue
                declared, module, bound, _ = found[0]
                if declared and callback.id not in self.param_hints:
                    self.param_hints[callback.id] = [
                        self.callback_param_val(param_type(p), module, fn.recv, fn.conf, fn.evidence, bound)
                        if param_type(p) else None for p in declared]

    def property_type(self, name: str, parts: list[Val], literal: dict, shaped: dict, fn: Val,
                      bindings: dict) -> tuple[str, str, dict] | None:
        """The declared type of property `name` of an options type (its instance parts' member, its object type
        literal's, or its evaluated records' `shaped`), with the module it is written in and the bindings of its
        owner's parameters; None unless exactly one declares it, as a property."""
        found = []
        for part in parts:
            entry = self.model.members(part.tid).get(name)
            if entry is not None:
                member, owner = entry
                found.append((member.type if member.kind == "property" else "", owner[0],
                              self.bindings_of(part, owner)))
        if literal.get(name):
            found.append((literal[name], fn.module, bindings))
        if name in shaped:
            found.append((shaped[name][0], shaped[name][1], {}))
        return found[0] if len(found) == 1 and found[0][0] else None

    def callback_param_val(self, text: str, module: str, this: Val | None, conf: float, evidence=None,
                           bindings: dict[str, str] | None = None) -> Val | None:
        """The value a callback's parameter is declared as: `type_val`'s, or for an object type literal
        (`onChunk?: (event: { chunk: Part }) => void`, an event object the callee builds) a value with just
        those members, so that destructuring it (`onChunk({ chunk }) {...}`) types each name as TypeScript does.
        It stays open: a name the literal lacks is never reported on it (an open value checks nothing)."""
        val = self.type_val(text, module, this, conf, evidence, bindings)
        text = text.strip()
        if val is not None or not (text.startswith("{") and text.endswith("}")):
            return val
        members = object_literal_members(text)
        if not members:
            return None
        if bindings:
            members = [(name, substitute(t, bindings)) for name, t in members]
        return Val(ValKind.INTERSECTION, (), module=module, conf=conf, evidence=evidence, open=True,
                   literal=tuple(members))

    def context_val(self, node: Node) -> Val | None:
        """A context argument's value: an expression's, or `this` where a callee declared it (`this_hints`);
        not the `this` of the user's subclass, whose own names the engine base lacks."""
        if node.type != "this":
            return self.peek(node)
        owner = _this_owner(node)
        return self.this_hints.get(owner.id) if owner is not None else None

    def hint_marked_this(self, value: Node, name: str, parts: list[Val], literal: dict, fn: Val,
                         bindings: dict) -> None:
        """The methods of an object literal given for property `name` of an options type, when that property's
        declared type carries TypeScript's `ThisType<T>` marker: their `this` is a T."""
        found = [(m.type, owner[0], self.bindings_of(part, owner)) for part in parts
                 for m, owner in [self.model.members(part.tid).get(name) or (None, None)] if m is not None]
        if literal.get(name):
            found.append((literal[name], fn.module, bindings))
        if len(found) != 1:
            return
        text, module, bound = found[0]
        marked = [m.group(1) for part in intersection_parts(text or "")
                  if (m := re.fullmatch(r"ThisType\s*<(.+)>", part.strip(), re.S))]
        this_val = self.type_val(marked[0], module, None, fn.conf, fn.evidence, bound) if len(marked) == 1 else None
        if this_val is None:
            return
        for pair in value.named_children:
            method = pair if pair.type == "method_definition" else \
                pair.child_by_field_name("value") if pair.type == "pair" else None
            if method is not None and method.type in ("function_expression", "function", "method_definition") and \
                    method.id not in self.this_hints:
                self.this_hints[method.id] = this_val

    def declared_this(self, text: str, module: str) -> str:
        """The `this` a callback's declared type gives it: written out (`(this: Scene, data: object) => void`),
        or through a named function type (`create?: SceneCreateCallback`, an alias of one), or ""."""
        text = (text or "").strip()
        found = this_param(text)
        if found or not text:
            return found
        parts = [p for p in union_parts(text) if p.strip() not in ("undefined", "null")] or [text]
        head = re.fullmatch(r"([A-Za-z_$][\w$.]*)", parts[0].strip()) if len(parts) == 1 else None
        mod = self.model.modules.get(module)
        if head is None or mod is None:
            return ""
        name = head.group(1)
        # (a type of the module's own namespace, `Types.CreateCallback`, is held under its own name)
        alias = mod.types.get(name) or (mod.types.get(name.rsplit(".", 1)[1]) if "." in name else None)
        return this_param(_COMMENT.sub(" ", alias.alias)) if alias is not None and alias.kind == "alias" else ""

    def callback_params(self, text: str, module: str) -> list[str] | None:
        """The parameter list of a property's function type: written out (`(step: Step) => void`), or a named
        function type (`onStepFinish?: StepCallback<T>`, an alias or a callable interface; `| undefined` dropped)
        when all its signatures agree."""
        declared = function_params(text or "")
        if declared is not None or not text:
            return declared
        lists = {tuple(" ".join(p.split()) for p in params)
                 for params, mod in self.callable_signatures(text, module) if mod == module}
        return list(next(iter(lists))) if len(lists) == 1 else None

    def function(self, node: Node) -> None:
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        body = node.child_by_field_name("body")
        if self._initializing and body is not None and node.type != "function_declaration":
            for key, name, later in reversed(self._initializing):
                if self._refers_to(body, name, key):
                    later.append(node)  # walked once the declaration has bound the name (see __init__)
                    return
        jsdoc = jsdoc_before(node, self.src).params
        if node.type == "function_declaration":
            self.set_value(node.child_by_field_name("name"), self.function_val(node))
        if params is not None:
            hints = self.param_hints.get(node.id, [])
            elements = [p for p in params.named_children if p.type != "comment"] if params.type == "formal_parameters" else []
            for index, (target, _) in enumerate(parameters(params)):
                hint = hints[index] if index < len(hints) else None
                wrapper = elements[index] if index < len(elements) else None
                annotation = wrapper.child_by_field_name("type") if wrapper is not None and wrapper.type in PARAMETER_HOLDERS else None
                if target is not None and target.type == "identifier" and annotation is not None:
                    typed = self.annotation_val(annotation, node)
                    if typed != ANY_TYPE:
                        self.set_value(target, typed)  # TypeScript knows this parameter's type
                        continue
                if target is not None and target.type == "identifier":
                    pname = self.text(target)
                    declared = self.jsdoc_val(jsdoc.get(pname), node) if pname in jsdoc else None
                    if declared is not None:
                        self.set_value(target, declared)
                    elif hint is not None and self.key_of(target) not in self.assigned:
                        self.set_value(target, hint)
                    elif annotation is None and self._contextually_typed(node):
                        self.set_value(target, None)  # TypeScript types it from the call it is passed to
                    else:
                        self.bind_inferred(target, after=params)
                elif target is not None and target.type == "object_pattern" and hint is not None:
                    self.destructure(target, hint)  # `.then(({ doc }) => ...)`, `require(["pkg"], ({ X }) => ...)`
                elif target is not None and target.type == "object_pattern" and annotation is None and \
                        not self._contextually_typed(node):
                    # `spanColumns: ({ row }) => row.original` with nothing to type the object: each name taken
                    # whole (`{ row }`) is a binding of unknown type like a plain parameter, inferred from its
                    # uses and the engine's naming (`bind_inferred`); a renamed or nested one stays unknown
                    for ident in declared_names(target):
                        if ident.parent is not None and ident.parent.type == "object_pattern" and \
                                ident.type == "shorthand_property_identifier_pattern":
                            self.bind_inferred(ident, after=params)
                        else:
                            self.set_value(ident, None)
                elif target is not None:
                    for ident in declared_names(target):
                        self.set_value(ident, None)
        if body is not None:
            if body.type == "statement_block":
                for c in body.named_children:
                    self.ev(c)
            else:
                self.ev(body)

    def declaration(self, node: Node) -> None:
        const = node.type == "lexical_declaration" and self.text(node).lstrip().startswith("const") or \
            node.type == "using_declaration"  # `using x = ...` / `await using x = ...` bind once, as `const`
        # `/** @type {Page} */` on the line right above the declaration (any comment style)
        declared_type = jsdoc_before(node, self.src, climbs=1, adjacent=True, jsdoc_only=False).type
        for decl in (c for c in node.named_children if c.type == "variable_declarator"):
            name_node = decl.child_by_field_name("name")
            value = decl.child_by_field_name("value")
            deferred: list[Node] = []
            if value is not None and name_node is not None and name_node.type == "identifier":
                self._initializing.append((self.key_of(name_node), self.src[name_node.start_byte:name_node.end_byte],
                                           deferred))
                try:
                    val = self.ev(value)
                finally:
                    self._initializing.pop()
            else:
                val = self.ev(value) if value is not None else None
            if name_node is None:
                continue
            self.bind_declared(node, decl, name_node, value, val, const, declared_type)
            for closure in deferred:
                self.function(closure)

    def _refers_to(self, body: Node, name: bytes, key: BindingKey) -> bool:
        """Whether `body` uses the binding `key` (named `name`)."""
        if name not in self.src[body.start_byte:body.end_byte]:
            return False
        stack = [body]
        while stack:
            n = stack.pop()
            if n.type == "identifier" and self.src[n.start_byte:n.end_byte] == name:
                if self.key_of(n) == key:
                    return True
            else:
                stack.extend(n.named_children)
        return False

    def bind_declared(self, node: Node, decl: Node, name_node: Node, value: Node | None, val: Val | None,
                      const: bool, declared_type) -> None:
        """Give a declarator's name (or pattern's names) its value."""
        annotation = decl.child_by_field_name("type")
        typed = self.annotation_val(annotation, node) if annotation is not None else ANY_TYPE
        if name_node.type == "identifier" and typed != ANY_TYPE:
            self.set_value(name_node, typed)  # `const page: Page = ...`: the written type wins
        elif name_node.type == "identifier":
            key = self.key_of(name_node)
            # TypeScript types `const x = f()` from its initializer, whatever we can follow of it: such a
            # name is never `any` to TypeScript, so evidence (a guess) must not type it.
            inferred_by_ts = self.typescript and annotation is None and value is not None
            if declared_type is not None:
                self.set_value(name_node, self.jsdoc_val(declared_type, node))
            elif inferred_by_ts:
                same = self.same_type_everywhere(val, self.assignments.get(key, [])) if key in self.assigned else val
                self.set_value(name_node, same)
            elif key in self.assigned and not const:
                same = self.same_type_everywhere(val, self.assignments.get(key, []), key)
                if same is not None:  # `let page = doc.addPage(); ... page = doc.addPage();`
                    self.set_value(name_node, same)
                else:  # several kinds of values over time: only the evidence of its uses can type it
                    self.bind_inferred(name_node, after=decl)
            elif (val is None or val.any_element) and _inferable(value):
                self.bind_inferred(name_node, after=decl)
                if val is not None and self.values.get(self.key_of(name_node)) is None:
                    # an element of unknown class that its uses say nothing more of (`md.marked` makes `md` a
                    # `WaMarkdown`): an `Element` still
                    self.set_value(name_node, val)
            elif annotation is not None and val is not None:
                self.set_value(name_node, replace(val, untyped=True))  # `const p: any = doc.getPage(0)`
            else:
                self.set_value(name_node, val)
        elif name_node.type == "object_pattern":
            self.destructure(name_node, val)
        elif name_node.type == "array_pattern" and val is not None and val.kind == ValKind.ARRAY:
            for target, default in array_elements(name_node):
                if target is not None and target.type == "identifier" and default is None:
                    self.set_value(target, val.inner)
                else:
                    for ident in declared_names(target):
                        self.set_value(ident, None)
        else:
            for ident in declared_names(name_node):
                self.set_value(ident, None)

    def destructure(self, pattern: Node, val: Val | None) -> None:
        """`const { a, b: c } = val`: each plain name gets the member's type. A default, a rest element, a
        nested pattern or a computed key leaves its names untyped (the value may be something else)."""
        for prop in object_properties(pattern):
            target = prop.target
            if (prop.rest or prop.default is not None or prop.computed or target is None
                    or target.type not in ("identifier", "shorthand_property_identifier_pattern")):
                for ident in declared_names(target):
                    self.set_value(ident, None)
                continue
            key = self.text(prop.key)
            self.set_value(target, self.member_of(val, key, prop.key, "read") if val is not None else None)

    def import_statement(self, node: Node) -> None:
        src = node.child_by_field_name("source")
        written = self.text(src).strip("\"'`") if src is not None else ""
        ns = self.subpath_namespace(written) if written else None
        if ns is not None:
            self.import_namespace_members(node, ns, written)
            return
        spec = self.module_name(written)
        mod = self.model.modules.get(spec)
        for b in import_bindings(self.src, node):
            if mod is not None and b.imported != NAMESPACE:
                self.imported_from[self.key_of(b.local)] = (spec, b.imported)
            if b.imported == DEFAULT:
                val = (self.export_val(spec, "default") or self.export_val(spec, "=")
                       or self.synthetic_default(spec)) if mod else self.subpath_module(written)
            elif b.imported == NAMESPACE:
                val = self.subpath_namespace(written) or (Val(ValKind.NAMESPACE, module=spec) if mod else
                                                          self.subpath_module(written))
            else:
                val = None
                if mod is not None:
                    if self.model.export(spec, b.imported) is not None or b.imported in mod.exports:
                        val = self.export_val(spec, b.imported)
                    elif mod.complete:
                        cands = [n for n in mod.exports if n not in ("default", "=")]
                        problem = Access.at(
                            b.name_node, b.imported, Val(ValKind.NAMESPACE, module=spec), missing=True,
                            usage="import", candidates=cands, container=spec, static=True)
                        problem.constructed = self.constructed_or_typed(b.local)
                        self.result.import_problems.append(problem)
            self.set_value(b.local, val)

    def synthetic_default(self, spec: str) -> Val | None:
        """`import planck from 'planck'` of typings that declare no default (no `export default`, no `export =`,
        no `__esModule` marker): TypeScript binds the whole module (its synthetic default under esModuleInterop,
        and `module.exports` for a CommonJS package imported from ESM), so `planck.World` is the namespace's
        `World`. Only when the default a runtime build declares beside them is unread (planck's bundle exports
        a frozen namespace object `planck as default`): a readable one (a function, a class) is used above."""
        if spec in self.model.typed and spec not in self.model.typed_default:
            return Val(ValKind.NAMESPACE, module=spec)
        return None

    def import_namespace_members(self, node: Node, ns: Val, spec: str) -> None:
        """`import { Runtime } from 'pkg/aws-lambda'` of a subpath that is a namespace object of the package
        (`subpath_namespace`): each name is that object's member, as `pkg.aws_lambda.Runtime` would be. A name it
        lacks is reported (with its members as candidates) only when the object is closed and no type of the
        package has the name: the object holds values only, and a type-only export (an interface) is importable
        too."""
        module, _ = ns.tid
        t = self.model.type(ns.tid)
        statics = self.model.statics(ns.tid)
        for b in import_bindings(self.src, node):
            val = None
            if b.imported == NAMESPACE:
                val = ns
            elif b.imported != DEFAULT:
                entry = statics.get(b.imported)
                if entry is not None:
                    m = entry[0]
                    val = Val(ValKind.FUNCTION, module=module, member=m, conf=min(ns.conf, m.confidence)) \
                        if m.kind in ("function", "method") else \
                        self.to_val(parse_type(m.type), module, None, min(ns.conf, m.confidence))
                elif t is not None and not t.open and self.model.find_type(module, b.imported) is None and \
                        b.imported not in self.model.modules[module].types:
                    problem = Access.at(
                        b.name_node, b.imported, ns, missing=True, usage="import",
                        candidates=[n for n, (m, _) in statics.items() if not m.private],
                        container=spec, static=True)
                    problem.constructed = self.constructed_or_typed(b.local)
                    self.result.import_problems.append(problem)
            self.set_value(b.local, val)

    def constructed_or_typed(self, local: Node) -> bool:
        """Whether the file constructs the binding `local` declares (`new Name()`) or writes it as a type."""
        binding = self.names.resolve(local)
        if binding is None:
            return False
        for occ in self.names.occurrences(binding):
            node, parent = occ.node, occ.node.parent
            if node.type == "type_identifier":
                return True
            made = parent.child_by_field_name("constructor") if parent is not None and \
                parent.type == "new_expression" else None
            if made is not None and made.id == node.id:
                return True
        return False

    def for_in(self, node: Node) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        rv = self.ev(right) if right is not None else None
        is_of = any(c.type == "of" for c in node.children)
        awaited = any(c.type == "await" for c in node.children)  # `for await (const x of stream)`
        elem = self.element_of(rv, awaited=awaited) if is_of and rv is not None else None
        if left is not None:
            if left.type == "identifier":
                self.set_value(left, elem)
            elif left.type == "object_pattern" and elem is not None:
                # `for (const { id, output } of runs)`: each name is the element's member, as in a declaration
                self.destructure(left, elem)
            else:
                for ident in declared_names(left):
                    self.set_value(ident, None)
                # `for (const [key, meta] of Object.entries(record))`: the second name is the record's value
                entries = self.object_entries_of(right) if is_of and left.type == "array_pattern" else None
                items = [c for c in left.named_children if c.type != "comment"]
                if entries is not None and len(items) == 2 and items[1].type == "identifier":
                    self.set_value(items[1], entries)
        body = node.child_by_field_name("body")
        if body is not None:
            self.ev(body)

    def object_entries_of(self, call: Node | None) -> Val | None:
        """The value type of the keyed collection `Object.entries(x)` walks (`x: Record<string, V>`), else None."""
        if call is None or call.type != "call_expression":
            return None
        callee = call.child_by_field_name("function")
        args = call.child_by_field_name("arguments")
        if callee is None or args is None or self.text(callee).replace(" ", "") != "Object.entries":
            return None
        values = [a for a in args.named_children if a.type != "comment"]
        val = self.peek(values[0]) if len(values) == 1 else None
        return val.inner if val is not None and val.kind == ValKind.MAP else None

    def element_of(self, val: Val, depth: int = 0, awaited: bool = False) -> Val | None:
        """What `for (const x of val)` / `for await` (`awaited`) gives: an array's element, or, for an instance of
        a type that extends an iterable collection (`interface AsyncIterableStream<T> extends AsyncIterable<T>,
        ReadableStream<T>`), that collection's element with the instance's type arguments bound; else what the
        type's own iteration method yields (`[Symbol.asyncIterator](): AsyncIterator<RunShape<T>>`, read as the
        private member `@@asyncIterator`: only by `for await`, which falls back to `[Symbol.iterator]` as
        JavaScript does). None when neither says."""
        if val.kind == ValKind.ARRAY:
            return val.inner
        if val.kind != ValKind.INSTANCE or depth > 6:
            return None
        found = self._element_in_bases(val, val.tid, set())
        if found is not None:
            return found
        members = receiver_members(self.model, val)
        for key in (("@@asyncIterator", "@@iterator") if awaited else ("@@iterator",)):
            entry = members.get(key)
            if entry is None:
                continue
            member, owner = entry
            if member.kind != "method" or member.overloads or not member.type:
                return None
            made = self.type_val(member.type, owner[0], val, val.conf, val.evidence, self.bindings_of(val, owner))
            return made.inner if made is not None and made.kind == ValKind.ARRAY else None
        return None

    def _element_in_bases(self, val: Val, tid: TypeId, seen: set) -> Val | None:
        t = self.model.type(tid)
        if t is None or tid in seen:
            return None
        seen.add(tid)
        for base in t.bases:
            parsed = self.model._base_type(tid[0], base)
            if parsed and parsed[0] == "array":
                args = generic_args(base)
                if len(args) != 1 and not base.rstrip().endswith("[]"):
                    return None
                text = args[0] if args else base.rstrip()[:-2]
                return self.type_val(text, tid[0], None, val.conf, val.evidence, self.bindings_of(val, tid))
            if parsed and parsed[0] == "name":
                btid = self.model.find_type(tid[0], parsed[1])
                found = self._element_in_bases(val, btid, seen) if btid is not None else None
                if found is not None:
                    return found
        return None

    # --- narrowing by a discriminant ---------------------------------------------------------------------
    def discriminant(self, node: Node | None) -> tuple[BindingKey, Val, str] | None:
        """`part.type` where `part` is a never-reassigned binding holding a union: (its binding, the union,
        the property's name)."""
        while node is not None and node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[-1]
        if node is None or node.type != "member_expression":
            return None
        obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
        if obj is None or obj.type != "identifier" or prop is None or prop.type != "property_identifier":
            return None
        key = self.key_of(obj)
        if key in self.assigned:
            return None  # TypeScript narrows a reassigned variable only up to the assignment: not followed here
        val = self.lookup(obj)
        return (key, val, self.text(prop)) if val is not None and val.kind == ValKind.UNION else None

    def _tests(self, cond: Node | None) -> list[tuple[BindingKey, Val, str, frozenset[str]]]:
        """The discriminant tests a condition's truth guarantees: `x.kind === "a"` (either side), through
        parentheses and `&&` (whose right operand is narrowed by its left one: registered here)."""
        while cond is not None and cond.type == "parenthesized_expression" and cond.named_children:
            cond = cond.named_children[-1]
        if cond is None or cond.type != "binary_expression":
            return []
        op = cond.child_by_field_name("operator")
        op = self.text(op) if op is not None else ""
        left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        if op == "&&":
            first = self._tests(left)
            if first and right is not None:
                self._register(first, right.start_byte, right.end_byte)
            return first + self._tests(right)
        if op not in ("===", "=="):
            return []
        for a, b in ((left, right), (right, left)):
            d = self.discriminant(a)
            if d is not None and b is not None and b.type == "string" and _LITERAL.fullmatch(self.text(b)):
                return [(*d, frozenset({_LITERAL.fullmatch(self.text(b)).group(2)}))]
        return []

    def _register(self, tests: list, start: int, end: int) -> None:
        """Narrow each tested binding to the union members whose discriminant may hold the literal: a member
        whose property is declared as string literals none of which is tested is dropped; one that lacks the
        property or types it otherwise (`string`, an enum, a template) stays. Nothing is narrowed when no
        member would remain."""
        narrowed: dict[BindingKey, Val] = {}
        for key, val, prop, lits in tests:
            val = narrowed.get(key, val)
            if val.kind != ValKind.UNION:
                continue
            kept = []
            for tid in val.tid:
                entry = self.model.side(tid, static=False).get(prop)
                declared = _literals(entry[0].type) if entry is not None and entry[0].kind == "property" else None
                if declared is None or declared & lits:
                    kept.append(tid)
            if not kept or len(kept) == len(val.tid):
                continue
            # (a union with an object-literal part stays one, that part's members on every arm)
            narrowed[key] = replace(val, kind=ValKind.INSTANCE, tid=kept[0], narrowed=True, arms=()) \
                if len(kept) == 1 and not val.literal else replace(val, tid=tuple(kept), narrowed=True, arms=tuple(
                    kept_arm for kept_arm in (tuple(t for t in arm if t in kept) for arm in val.arms) if kept_arm))
        for key, val in narrowed.items():
            self.narrowed.setdefault(key, []).append((start, end, val))

    def narrow_if(self, node: Node) -> None:
        """`if (part.type === "text-delta") { part.text }`: inside the consequence, `part` is the union's
        members that the test allows (TypeScript's narrowing of a discriminated union). The else branch is not
        narrowed (what the test excludes is not followed here)."""
        tests = self._tests(node.child_by_field_name("condition"))
        body = node.child_by_field_name("consequence")
        if tests and body is not None:
            self._register(tests, body.start_byte, body.end_byte)
        self.narrow_guarded(node)

    def narrow_switch(self, node: Node) -> None:
        """`switch (part.type) { case "a": case "b": ...; break; }`: a case's statements see the members whose
        discriminant may be one of the literals of the cases that lead into them without statements between.
        A case that a previous case's statements may fall into (no final `break`, `return`, `throw` or
        `continue`), or whose value is not a string literal, is not narrowed; nor is `default`."""
        d = self.discriminant(node.child_by_field_name("value"))
        body = node.child_by_field_name("body")
        if d is None or body is None:
            return
        pending: set[str] | None = set()
        for case in body.named_children:
            if case.type not in ("switch_case", "switch_default"):
                continue
            value = case.child_by_field_name("value")
            stmts = [c for c in case.children_by_field_name("body") if c.type != "comment"]
            lit = _LITERAL.fullmatch(self.text(value)) if case.type == "switch_case" and value is not None and \
                value.type == "string" else None
            if pending is not None:
                pending = pending | {lit.group(2)} if lit is not None else None
            if not stmts:
                continue  # an empty case falls into the next one: its literal adds to that one's
            if pending:
                self._register([(*d, frozenset(pending))], stmts[0].start_byte, stmts[-1].end_byte)
            pending = set() if _ends_jump(stmts[-1]) else None

    # --- narrowing by a user-defined type guard --------------------------------------------------------------
    def _ref_key(self, node: Node | None) -> tuple[BindingKey, tuple[str, ...]] | None:
        """`v` or `v.a.b` (a never-reassigned binding and a path of named properties): what TypeScript narrows as
        one reference. `this.x`, computed members and calls are none here."""
        chain = member_chain(node, self.text, through_parens=True)
        if chain is None or chain[0].type != "identifier":
            return None
        key = self.key_of(chain[0])
        if key in self.assigned:
            return None  # TypeScript narrows a reassigned variable only up to the assignment: not followed here
        return key, tuple(chain[1])

    def guard_tests(self, cond: Node | None, truth: bool) -> list[tuple[tuple, Val]]:
        """The references a condition's being `truth` narrows by a user-defined type guard (`isX(v)`, declared
        `isX(value: any): value is X`), each with the guard's type: through parentheses, `!`, `&&` (true) and
        `||` (false). A guard that is false narrows nothing (what it excludes is not followed here)."""
        while cond is not None and cond.type == "parenthesized_expression" and cond.named_children:
            cond = cond.named_children[-1]
        if cond is None:
            return []
        if cond.type == "unary_expression" and self.text(cond.child_by_field_name("operator")) == "!":
            return self.guard_tests(cond.child_by_field_name("argument"), not truth)
        if cond.type == "binary_expression":
            op = self.text(cond.child_by_field_name("operator"))
            if (op == "&&" and truth) or (op == "||" and not truth):
                return self.guard_tests(cond.child_by_field_name("left"), truth) + \
                    self.guard_tests(cond.child_by_field_name("right"), truth)
            return []
        if cond.type != "call_expression" or not truth:
            return []
        callee, args = cond.child_by_field_name("function"), cond.child_by_field_name("arguments")
        fn = self.ev(callee) if callee is not None and callee.type in ("identifier", "member_expression") else None
        m = fn.member if fn is not None and fn.kind == ValKind.FUNCTION else None
        if m is None or not m.predicate or m.overloads or args is None:
            return []  # (an overloaded guard's predicates may differ per signature)
        given = [a for a in args.named_children if a.type != "comment"]
        idx = int(m.predicate[0])
        ref = self._ref_key(given[idx]) if 0 <= idx < len(given) and given[idx].type != "spread_element" else None
        target = self.type_val(m.predicate[1], fn.module, fn.recv, fn.conf, None, dict(fn.targs)) \
            if ref is not None else None
        if target is None or target.kind not in (ValKind.INSTANCE, ValKind.UNION) or target.untyped:
            return []
        return [(ref, target)]

    def narrow_guarded(self, node: Node) -> None:
        """`isX(v) && v.m`, `isX(v) || v.m` (not narrowed: false), `isX(v) ? v.m : ...`, `!isX(v) ? ... : v.m`,
        `if (isX(v)) { v.m } else { ... }`: the part the guard's result decides sees `v` as the guard's type."""
        self._guards_seen.add(node.id)
        t = node.type
        if t == "binary_expression":
            op = self.text(node.child_by_field_name("operator"))
            if op not in ("&&", "||"):
                return
            parts = [(node.child_by_field_name("left"), op == "&&", node.child_by_field_name("right"))]
        elif t in ("ternary_expression", "if_statement"):
            cond = node.child_by_field_name("condition")
            parts = [(cond, True, node.child_by_field_name("consequence")),
                     (cond, False, node.child_by_field_name("alternative"))]
        else:
            return
        for cond, truth, body in parts:
            if body is None:
                continue
            for ref, target in self.guard_tests(cond, truth):
                self.guarded.setdefault(ref, []).append((body.start_byte, body.end_byte, target))

    def guard_narrowed(self, node: Node, val: Val | None) -> Val | None:
        """The value a guarded reference has where its guard held: the guard's type where nothing better is
        known (an untyped value, `any`); a known union's members that are the guard's type or extend it; a
        known type the guard's type extends; a known type unrelated to it, the intersection of both (as
        TypeScript: the value has the names of each). Anything else stays as it is."""
        ref = self._ref_key(node)
        ranges = self.guarded.get(ref) if ref is not None else None
        at = node.start_byte
        target = next((v for start, end, v in reversed(ranges or ()) if start <= at < end), None)
        if target is None:
            return val
        if val is None or val.untyped:
            return target
        if target.kind != ValKind.INSTANCE:
            return val
        if val.kind == ValKind.INSTANCE:
            # (the same type or a supertype: the known value, with its type arguments; a subtype: the guard's;
            # an unrelated type: both, as TypeScript's `Known & Guarded`)
            if target.tid == val.tid or target.tid in self.model.ancestors(val.tid):
                return val
            if val.tid in self.model.ancestors(target.tid):
                return target
            return Val(ValKind.INTERSECTION, (val.tid, target.tid), conf=min(val.conf, target.conf),
                       evidence=val.evidence, parts=(val, target))
        if val.kind == ValKind.UNION and not val.arms:
            kept = [tid for tid in val.tid if tid == target.tid or target.tid in self.model.ancestors(tid)]
            if len(kept) == 1:
                return replace(val, kind=ValKind.INSTANCE, tid=kept[0], narrowed=True)
            if kept and len(kept) < len(val.tid):
                return replace(val, tid=tuple(kept), narrowed=True)
        return val

    # --- TypeScript annotations -----------------------------------------------------------------------------
    def function_val(self, node: Node) -> Val | None:
        """A local function whose return type is declared (`function make(): Page`): calling it gives a Page."""
        ret = node.child_by_field_name("return_type")
        if ret is None or node.type == "method_definition":
            return None
        generic = self.generic_signature(node, ret)
        if generic is not None:
            return Val(ValKind.FUNCTION, tid=generic)
        inner = self.annotation_val(ret, node)
        if inner is None or inner == ANY_TYPE:
            return None
        if any(c.type == "async" for c in node.children) and inner.kind != ValKind.PROMISE:
            return None  # an async function's declared type is a Promise; anything else is not ours to read
        return Val(ValKind.FUNCTION, inner=inner)

    def _contextually_typed(self, fn: Node) -> bool:
        """A TypeScript function expression whose parameters TypeScript types from where it stands (a
        callback argument, a JSX attribute, a typed variable, a property of a typed object...): anywhere but
        the value of an unannotated `const f = (...) => ...`."""
        if not self.typescript or fn.type not in ("arrow_function", "function_expression"):
            return False
        parent = fn.parent
        return not (parent is not None and parent.type == "variable_declarator"
                    and parent.child_by_field_name("type") is None)

    def generic_signature(self, node: Node, ret: Node) -> tuple | None:
        """`function first<T>(items: T[]): T`: (parameter index, whether it is an array of T) for the first
        parameter that binds T, when the function returns its own type parameter T; else None."""
        type_params = node.child_by_field_name("type_parameters")
        returned = ret.named_children[0] if ret.type == "type_annotation" and ret.named_children else None
        if type_params is None or returned is None or returned.type != "type_identifier":
            return None
        name = self.text(returned)
        if not any(self.text(p.child_by_field_name("name")) == name for p in type_params.named_children
                   if p.type == "type_parameter"):
            return None
        params = node.child_by_field_name("parameters")
        for index, p in enumerate(c for c in (params.named_children if params is not None else ())
                                  if c.type != "comment"):
            annotation = p.child_by_field_name("type") if p.type in PARAMETER_HOLDERS else None
            written = annotation.named_children[0] if annotation is not None and annotation.named_children else None
            if written is None:
                continue
            if written.type == "type_identifier" and self.text(written) == name:
                return (index, False)
            if written.type == "array_type" and self.text(written) == f"{name}[]":
                return (index, True)
        return None

    def generic_result(self, signature: tuple, args: Node | None) -> Val | None:
        """What a call of a local generic function returns: the type its argument binds the parameter to."""
        index, of_array = signature
        values = [a for a in args.named_children if a.type != "comment"] if args is not None else []
        if index >= len(values):
            return None
        val = self.peek(values[index])
        if val is None:
            return None
        if of_array:
            return val.inner if val.kind == ValKind.ARRAY else None
        return val

    def annotation_val(self, type_node: Node | None, at: Node):
        """The value a TypeScript type describes (`Page`, `E.Page`, `Page[]`, `Array<Page>`, `Promise<Page>`,
        `Page | null`): a Val for an engine type, ANY_TYPE for `any` / `unknown`, None for anything else."""
        if type_node is None:
            return None
        t = type_node.type
        if t in ("type_annotation", "parenthesized_type", "readonly_type", "opting_type_annotation"):
            inner = type_node.named_children[-1] if type_node.named_children else None
            return self.annotation_val(inner, at)
        if t == "predefined_type":
            return ANY_TYPE if self.text(type_node) in ANY_TYPES else None
        if t in ("type_identifier", "nested_type_identifier"):
            return self.type_name_val(type_node, at)
        if t == "array_type":
            inner = self.annotation_val(type_node.named_children[0] if type_node.named_children else None, at)
            return Val(ValKind.ARRAY, inner=inner if inner != ANY_TYPE else None)
        if t == "generic_type":
            name = type_node.child_by_field_name("name")
            args = type_node.child_by_field_name("type_arguments")
            short = self.text(name).split(".")[-1] if name is not None else ""
            if short in ("Promise", "PromiseLike", "Array", "ReadonlyArray") and args is not None \
                    and len(args.named_children) == 1 and self.names.resolve_name(short, at) is None:
                inner = self.annotation_val(args.named_children[0], at)
                kind = ValKind.PROMISE if short.startswith("Promise") else ValKind.ARRAY
                return Val(kind, inner=inner if inner != ANY_TYPE else None)
            return self.type_name_val(name, at) if name is not None else None
        if t == "union_type":
            parts, stack = [], [type_node]
            while stack:
                n = stack.pop()
                if n.type == "union_type":
                    stack.extend(n.named_children)
                elif not (n.type == "literal_type" and self.text(n) in ("null", "undefined")) \
                        and self.text(n) not in ("null", "undefined", "void"):
                    parts.append(n)
            vals = [self.annotation_val(n, at) for n in parts]
            if any(v == ANY_TYPE for v in vals):
                return ANY_TYPE
            if len(vals) == 1:
                return vals[0]
            if vals and all(v is not None and v.kind == ValKind.INSTANCE for v in vals):
                return Val(ValKind.UNION, tuple(sorted({v.tid for v in vals})))
            return None
        return None

    def type_name_val(self, name_node: Node, at: Node) -> Val | None:
        """An engine instance type named in an annotation, through the file's own imports: a name imported
        from a module of the model (`import { Page } from "engine"`), or a member of a namespace import
        (`E.Page`). A name declared in the file, or not declared at all (a global type), is not the engine's."""
        if name_node.type == "nested_type_identifier":
            module_node = name_node.child_by_field_name("module")
            member = name_node.child_by_field_name("name")
            if module_node is None or member is None or module_node.type != "identifier":
                return None
            ns = self.lookup(module_node)
            if ns is None or ns.kind not in (ValKind.CLASS, ValKind.NAMESPACE):
                ns = self._qualifier_type(module_node, at) or ns
            if ns is not None and ns.kind == ValKind.CLASS and ns.tid is not None:
                # `import { Control } from "leaflet"; o: Control.ZoomOptions`: a type its namespace declares
                # (the model keeps one namespace per package, as it reads `Control.ZoomOptions` in typings)
                t = self.model.type(ns.tid)
                tid = self.model.find_type(ns.tid[0], self.text(member)) if t is not None and \
                    t.kind in ("namespace", "class", "interface") else None
                mt = self.model.type(tid) if tid is not None else None
                return Val(ValKind.INSTANCE, tid, conf=mt.confidence) \
                    if mt is not None and mt.kind in ("class", "interface") else None
            if ns is None or ns.kind != ValKind.NAMESPACE:
                return None
            return self._export_instance(ns.module, self.text(member))
        binding = self.names.resolve_name(self.text(name_node), at)
        if binding is None:
            return None
        origin = self.imported_from.get(binding.key)
        if origin is None:
            return None
        return self._export_instance(*origin)

    def _qualifier_type(self, module_node: Node, at: Node) -> Val | None:
        """The qualifier of `Collection.Indexed` in a type position names a namespace, not a value: when the
        imported name's value is a function (immutable's runtime `Collection`), the engine's declared
        namespace, class or interface of that name is the one meant."""
        binding = self.names.resolve_name(self.text(module_node), at)
        origin = self.imported_from.get(binding.key) if binding is not None else None
        if origin is None:
            return None
        mod = self.model.modules.get(origin[0])
        local = mod.exports.get(origin[1], origin[1]) if mod is not None else origin[1]
        tid = self.model.find_type(origin[0], local)
        t = self.model.type(tid) if tid is not None else None
        return Val(ValKind.CLASS, tid, conf=t.confidence) \
            if t is not None and t.kind in ("namespace", "class", "interface") else None

    def _export_instance(self, module: str, name: str) -> Val | None:
        exp = self.model.export(module, name)
        if exp is not None and exp[0] == "value":
            # in a type position the name means its type: `type BarController = DatasetController` beside
            # `const BarController: ChartComponent & {...}`
            mod = self.model.modules.get(module)
            tid = self.model.find_type(module, mod.exports.get(name, name)) if mod is not None else None
            exp = ("type", tid) if tid is not None else None
        if exp is None or exp[0] != "type":
            return None
        t = self.model.type(exp[1])
        if t is None or t.kind not in ("class", "interface"):
            return None
        return Val(ValKind.INSTANCE, exp[1], conf=t.confidence)

    def this_field(self, this: Node, name: str) -> Val | None:
        """`this.page` inside a class whose field `page` is declared with a type (`page: Page`, or the
        parameter property `constructor(private page: Page)`). Arrow functions see their method's `this`; a
        `function` has a `this` of its own."""
        node = this.parent
        while node is not None and node.type not in ("class_declaration", "class", "abstract_class_declaration"):
            if node.type in ("function_declaration", "function_expression", "generator_function",
                             "generator_function_declaration", "program"):
                return None
            node = node.parent
        if node is None:
            return None
        fields = self.class_fields.get(node.id)
        if fields is None:
            fields = self.class_fields[node.id] = self._fields_of(node)
        annotation = fields.get(name)
        if annotation is None:
            return None
        val = self.annotation_val(annotation, node)
        return None if val == ANY_TYPE else val

    def subclass_this(self, this: Node) -> tuple[Val, frozenset[str]] | None:
        """`this` in an instance method of the user's class that extends an engine class (`class Level extends
        Eng.Scene { create() { this.add... } }`): an instance of the engine base, whose members are checked, with
        the names the class gives `this` itself (its methods and fields, `this.x = ...` anywhere in its body),
        which are real. Arrow functions see their method's `this`; a `function` has its own; a static method's
        `this` is the constructor. A class that writes `this` in ways we do not follow (`this[k] = v`,
        `Object.assign(this, ...)`) is open: None."""
        node = self._this_method(this)
        if node is None:
            return None
        cls = node.parent.parent
        if cls.id not in self.class_this:
            self.class_this[cls.id] = self._subclass_this_of(cls)
        self.this_methods[node.id] = cls.id
        return self.class_this[cls.id]

    def own_field(self, this: Node, name: str) -> Val | None:
        """`this._observer` in the user's subclass whose methods only ever assign it a new instance of one
        class (`this._observer = new MutationObserver(...)`, `= null` aside): that class's instance. A name the
        class declares (a method, an accessor, a reactive property) or assigns anything else is untyped."""
        cls = self.this_class(this)
        writes = self.class_written.get(cls, {}).get(name) if cls is not None else None
        if not writes or name in self.class_declared.get(cls, ()):
            return None
        found: Val | None = None
        for w in writes:
            left, right = w.child_by_field_name("left"), w.child_by_field_name("right")
            if right is not None and right.type in ("null", "undefined"):
                continue
            if right is None or right.type != "new_expression" or \
                    self.this_class(left.child_by_field_name("object")) != cls:
                return None
            val = self.ev(right, True)
            if val is None or val.kind != ValKind.INSTANCE or (found is not None and found.tid != val.tid):
                return None
            found = val
        return found

    def this_class(self, this: Node) -> int | None:
        """The node id of the class whose instance method's `this` this is (see `subclass_this`)."""
        node = self._this_method(this)
        return node.parent.parent.id if node is not None else None

    @staticmethod
    def _this_method(this: Node) -> Node | None:
        node = this.parent
        while node is not None and node.type != "method_definition":
            if node.type in ("function_declaration", "function_expression", "function", "generator_function",
                             "generator_function_declaration", "class_body", "program"):
                return None
            node = node.parent
        if node is None or any(c.type == "static" for c in node.children) or node.parent is None or \
                node.parent.type != "class_body" or node.parent.parent is None:
            return None
        return node

    def conventional_this(self, this: Node) -> tuple[Val, frozenset[str]] | None:
        """`this` at a snippet's top level (a fragment of a method's body: `this.add.image(400, 300, 'sky')`)
        or in a function declaration outside any class (`function create () { this.lights.enable() }`, handed
        to the engine by name): the class the engine's examples' methods that use `this` belong to (`naming`'s
        convention for `this`: the engine class their class extends, when one dominates), as an inference. Not
        in a class's body, an object literal's method or a function expression (their `this` is another
        object), nor in an arrow function at the top level (a module's `this`). Its uses must fit, as a name's
        convention asks (`by_convention`): a member the type has, at most one it lacks, a near miss of a real
        one; the names the file assigns on `this` (`this.player = ...`) are real."""
        conv = (self.model.conventions or {}).get("this")
        if conv is None or conv.kind != "inst" or not self.model.closed(conv.target):
            return None
        node, arrow = this.parent, False
        while node is not None:
            if node.type == "arrow_function":
                arrow = True
            elif node.type == "function_declaration":
                break
            elif node.type in ("function_expression", "function", "generator_function",
                               "generator_function_declaration", "method_definition", "class_body", "class",
                               "class_declaration", "abstract_class_declaration"):
                return None
            elif node.type == "program":
                if arrow and not self._top_level_this(node):
                    return None  # an arrow's `this` is the top level's: a module's, unless the file is a fragment
                break
            node = node.parent
        if node is None:
            return None
        if node.type == "function_declaration":
            up = node.parent
            while up is not None:
                if up.type in ("class_body", "method_definition"):
                    return None
                up = up.parent
        if node.id not in self.scope_this:
            self.scope_this[node.id] = self._conventional_this_of(node, conv)
        return self.scope_this[node.id]

    def _top_level_this(self, program: Node) -> bool:
        """Whether the file uses `this` at its top level, outside any function or class (a fragment of a method's
        body): then an arrow function at the top level sees that same `this` (lexical `this`)."""
        if program.id not in self.scope_this_used:
            found, stack = False, [program]
            while stack and not found:
                n = stack.pop()
                found = n.type == "this"
                stack.extend(c for c in n.named_children if c.type not in FUNCTIONS and c.type not in (
                    "function", "class", "class_declaration", "abstract_class_declaration"))
            self.scope_this_used[program.id] = found
        return self.scope_this_used[program.id]

    def _conventional_this_of(self, scope: Node, conv) -> tuple[Val, frozenset[str]] | None:
        own: set[str] = set()
        used: list[tuple[str, str]] = []
        stack = [scope]
        while stack:
            n = stack.pop()
            if n.type in ("assignment_expression", "augmented_assignment_expression"):
                left = n.child_by_field_name("left")
                if left is not None and left.type == "subscript_expression" and \
                        (left.child_by_field_name("object") or left).type == "this":
                    return None  # `this[k] = v`: written in ways we do not follow
                if left is not None and left.type == "member_expression" and \
                        (left.child_by_field_name("object") or left).type == "this":
                    own.add(self.text(left.child_by_field_name("property")))
            elif n.type == "member_expression" and (n.child_by_field_name("object") or n).type == "this" and \
                    self._same_this(n.child_by_field_name("object"), scope):
                prop = n.child_by_field_name("property")
                if prop is not None and prop.type == "property_identifier":
                    used.append((self.text(prop), self.usage.get(n.id, "read")))
            stack.extend(n.named_children)
        members = self.model.members(conv.target)
        hits = sorted({u for u, _ in used if u in members})
        missing = {u for u, _ in used if u not in members and u not in own and u not in OBJECT_MEMBERS}
        if len(missing) > 1:
            return None
        if missing:
            name = next(iter(missing))
            usage = next(us for u, us in used if u == name)
            ranked = sg.rank(name, [n for n, (m, _) in members.items() if not m.private], usage)
            if not ranked or ranked[0][1] < 0.6:
                return None
        why = f"{CONVENTION_EVIDENCE} `{self.model.exported_name(conv.target)}` `this` ({Path(conv.source).name})"
        val = Val(ValKind.INSTANCE, conv.target, conf=INFERRED, evidence=Evidence("this", conv.target, hits, produces=why))
        return val, frozenset(own)

    def _same_this(self, this: Node | None, scope: Node) -> bool:
        """Whether this `this` is the `this` of `scope` (no class or non-arrow function between)."""
        node = this.parent if this is not None else None
        while node is not None and node.id != scope.id:
            if node.type in ("function_expression", "function", "function_declaration", "generator_function",
                             "generator_function_declaration", "method_definition", "class_body"):
                return False
            node = node.parent
        return node is not None

    def subclass_member(self, base: Val, prop: Node, usage: str, declared: frozenset[str] = frozenset()) -> Val | None:
        """`this.name` on the user's subclass of an engine class: the class may be shown in part (a README's
        fragment sets its fields elsewhere: `targets: this.player`) and any method may add fields, so a name the
        engine base lacks is reported only when it is a near miss of one of the base's members (its protected
        ones too: the subclass's to use). Not of the class's own names: the fragment may set the real one
        elsewhere (`this.player` read, `this.players` assigned). What the class declares in its body (`declared`:
        its instance methods, accessors, fields and Lit reactive properties) is named: `this._onBlr` for its method
        `_onBlur`."""
        before = len(self.result.accesses)
        val = self.member_of(base, self.text(prop), prop, usage)
        added = self.result.accesses[before:]
        if any(a.missing for a in added):
            # what the chain declares `protected` is the subclass's to use (`this._overlayInvokerNode`), as is
            # what its JavaScript names so (`this._renderPagerContainer()`: `subclass_visible`)
            tids = base.tid if base.kind == ValKind.INTERSECTION else (base.tid,) if base.tid is not None else ()
            guarded = sorted({n for t in tids for n, (m, _) in self.model.members(t).items()
                              if m.private and subclass_visible(m)} | declared)
            for a in added:
                if a.missing:
                    a.candidates = [*a.candidates, *(n for n in guarded if n not in a.candidates)]
        if any(a.missing and not sg.suggest(a.name, a.candidates, usage=usage) for a in added):
            self.result.accesses[before:] = [a for a in added if not a.missing]
        return val

    def _subclass_this_of(self, cls: Node) -> tuple[Val, frozenset[str]] | None:
        heritage = next((c for c in cls.named_children if c.type == "class_heritage"), None)
        if heritage is None:
            return None
        clause = next((c for c in heritage.named_children if c.type == "extends_clause"), None)
        base = clause.child_by_field_name("value") if clause is not None else \
            next((c for c in heritage.named_children if c.type != "comment"), None)
        if base is None:
            return None
        cv = self.ev(base, True)
        inherited: frozenset[str] = frozenset()
        instance: Val | None = None
        if (cv is None or cv.kind != ValKind.CLASS) and base.type == "call_expression":
            # `class X extends OverlayMixin(LitElement)`: what the mixin's declared result makes
            instance = self.mixin_instance(base)
            if instance is None:
                # the root it mixes into is unread (`OverlayMixin(LitElement)`, `LitElement` of a docs preset):
                # `this` stays untyped, but what the mixins add is known (for `unknown_symbol`'s own-class check)
                added = self.mixin_members(base)
                if added is not None:
                    self.result.mixin_members[cls.start_byte] = added
                return None
        elif (cv is None or cv.kind != ValKind.CLASS) and base.type == "identifier":
            # `class Boss extends Level`, `Level` the file's own subclass of an engine class: the engine base's
            # instance, with the names both classes give `this`
            parent = self._own_class(base)
            if parent is None:
                return None
            if parent.id not in self.class_this:
                self.class_this[parent.id] = None  # `class A extends B {}` / `class B extends A {}`: no class
                self.class_this[parent.id] = self._subclass_this_of(parent)
            if self.class_this[parent.id] is None:
                return None
            cv, inherited = self.class_this[parent.id]
        elif cv is None or cv.kind != ValKind.CLASS or not self.model.class_like(cv.tid):
            return None
        own: set[str] = set(inherited)
        body = cls.child_by_field_name("body")
        declared: set[str] = set()
        for member in body.named_children if body is not None else ():
            name = member.child_by_field_name("name") or member.child_by_field_name("property")
            if name is not None:
                own.add(self.text(name))
                if not any(c.type == "static" for c in member.children) and name.type == "property_identifier" \
                        and self.text(name) != "constructor":
                    declared.add(self.text(name))
        # Lit's reactive properties (`static get properties() { return { invalid: {...} } }`) are accessors
        declared.update(name for name, _, _ in declared_properties(body, self.text))
        own |= declared
        self.class_declared[cls.id] = frozenset(declared)
        written: dict[str, list[Node]] = {}
        self.class_written[cls.id] = written
        stack = [body]
        while stack:
            n = stack.pop()
            if n is None:
                continue
            if n.type in ("assignment_expression", "augmented_assignment_expression"):
                left = n.child_by_field_name("left")
                if left is not None and left.type == "subscript_expression" and \
                        (left.child_by_field_name("object") or left).type == "this":
                    return None  # `this[k] = v`
                if left is not None and left.type == "member_expression" and \
                        (left.child_by_field_name("object") or left).type == "this":
                    own.add(self.text(left.child_by_field_name("property")))
                    if n.type == "assignment_expression":
                        written.setdefault(self.text(left.child_by_field_name("property")), []).append(n)
            elif n.type == "call_expression":
                args = n.child_by_field_name("arguments")
                if args is not None and any(a.type == "this" for a in args.named_children) and \
                        self.text(n.child_by_field_name("function")) in ("Object.assign", "Object.defineProperty",
                                                                          "Object.defineProperties"):
                    return None
            stack.extend(n.named_children)
        return instance or Val(ValKind.INSTANCE, cv.tid, conf=cv.conf), frozenset(own)

    def mixin_instance(self, call: Node, depth: int = 0) -> Val | None:
        """The instance a class made by a mixin call has (`SlotMixin(ScopedElementsMixin(LitElement))`): the
        mixin function declared `<T extends Constructor<Base>>(superclass: T): T & Constructor<Host> &
        Pick<typeof Host, ...>` gives the argument's members and each Host's (`Constructor` an alias of a
        constructor type; `Pick<typeof Host, ...>` only picks statics). None when any part of the result or
        the argument is not so known: the class is then open."""
        vals = self.mixin_parts(call, depth)
        if not vals:
            return None
        tids = tuple(dict.fromkeys(v.tid for v in vals))
        if len(tids) == 1:
            return vals[0]
        return Val(ValKind.INTERSECTION, tids, conf=min(v.conf for v in vals), parts=tuple(vals))

    def mixin_parts(self, call: Node, depth: int = 0, root_unread: bool = False) -> list[Val] | None:
        """The instances `mixin_instance` joins: the innermost argument's and each mixin's Host, in order. With
        `root_unread`, an innermost argument that is a name the model cannot read at all (a docs preset's
        `LitElement` re-export, an undeclared one in a fragment) gives no part instead of None: the mixins' own
        parts are still known (`mixin_members`), though the class's instance is not."""
        fn = self.ev(call.child_by_field_name("function"), True)
        args = call.child_by_field_name("arguments")
        given = [a for a in args.named_children if a.type != "comment"] if args is not None else []
        if depth > 8 or fn is None or fn.kind != ValKind.FUNCTION or fn.member is None or len(given) != 1 or \
                fn.member.overloads or len(fn.member.params) != 1:
            return None
        m = fn.member
        param = m.params[0].split(":", 1)[1].strip() if ":" in m.params[0] else ""
        if param not in {name for name, _ in m.fixed_type_params}:
            return None  # the parameter's type is no type parameter of the function: its result is not the argument
        arg = given[0]
        if arg.type == "call_expression":
            vals = self.mixin_parts(arg, depth + 1, root_unread)
        else:
            cv = self.ev(arg, True)
            vals = [Val(ValKind.INSTANCE, cv.tid, conf=cv.conf)] \
                if cv is not None and cv.kind == ValKind.CLASS and self.model.class_like(cv.tid) else \
                [] if cv is None and root_unread and arg.type in ("identifier", "member_expression") else None
        if vals is None:
            return None
        vals = list(vals)
        mod = self.model.modules.get(fn.module)
        for part in intersection_parts(m.type) or [m.type.strip()]:
            part = part.strip()
            head = part.split("<", 1)[0].strip()
            inner = generic_args(part) if "<" in part else []
            if part == param:
                continue
            if head in ("Pick", "Omit") and inner and inner[0].strip().startswith("typeof "):
                continue  # statics of a class: no instance member
            own = mod.types.get(part) if mod is not None and not inner else None
            if own is not None and own.kind == "class" and own.path == m.path and \
                    not m.path.endswith((".d.ts", ".d.mts", ".d.cts")):
                # the engine's JavaScript mixin (`M = superclass => class extends B(superclass) {...}`), read as
                # `T & M` (model_sources/js.py): the class it returns, over the argument's
                vals.append(Val(ValKind.INSTANCE, (fn.module, part), conf=min(fn.conf, own.confidence)))
                continue
            if len(inner) != 1 or mod is None or not constructor_alias(mod.types.get(head)):
                return None
            host = self.type_val(inner[0], fn.module, None, fn.conf)
            if host is None or host.kind != ValKind.INSTANCE or host.tid is None:
                return None
            vals.append(host)
        return vals

    def mixin_members(self, call: Node) -> dict[str, tuple[Member, TypeId]] | None:
        """`class X extends OverlayMixin(LitElement)` where the innermost argument is a name the model cannot read
        (`mixin_parts`' `root_unread`): the instance members every mixin applied adds (each Host's, inherited ones,
        and those a subclass may use though outside code may not: `subclass_visible`; no statics), by name with
        the type declaring each. None when a mixin is not read whole (then the class may have any name); the
        argument's own members are not among them (the caller knows what an element root has: the DOM's and Lit's
        names)."""
        vals = self.mixin_parts(call, root_unread=True)
        if not vals or not all(self.model.closed(v.tid) for v in vals):
            return None
        out: dict[str, tuple[Member, TypeId]] = {}
        for v in vals:
            for name, (m, declaring) in self.model.members(v.tid).items():
                if not m.private or subclass_visible(m):
                    out.setdefault(name, (m, declaring))
        return out

    def _own_class(self, name: Node) -> Node | None:
        """The one class declaration of the file named as `name` is (None when there are none or several)."""
        declared = self.class_declarations
        if declared is None:
            root = name
            while root.parent is not None:
                root = root.parent
            declared, stack = {}, [root]
            while stack:
                n = stack.pop()
                if n.type in ("class_declaration", "abstract_class_declaration"):
                    declared.setdefault(self.text(n.child_by_field_name("name")), []).append(n)
                stack.extend(c for c in n.named_children if c.type not in ("string", "template_string", "comment"))
            self.class_declarations = declared
        found = declared.get(self.text(name), ())
        return found[0] if len(found) == 1 else None

    def _fields_of(self, cls: Node) -> dict[str, Node]:
        fields: dict[str, Node] = {}
        body = cls.child_by_field_name("body")
        for member in body.named_children if body is not None else ():
            if member.type == "public_field_definition":
                name, annotation = member.child_by_field_name("name"), member.child_by_field_name("type")
                if name is not None and annotation is not None and name.type == "property_identifier":
                    fields[self.text(name)] = annotation
            elif member.type == "method_definition" and self.text(member.child_by_field_name("name")) == "constructor":
                params = member.child_by_field_name("parameters")
                for p in params.named_children if params is not None else ():
                    if p.type not in PARAMETER_HOLDERS:
                        continue
                    is_property = any(c.type in PARAMETER_PROPERTY_MODIFIERS or c.type == "readonly"
                                      or self.text(c) == "readonly" for c in p.children)
                    pattern, annotation = p.child_by_field_name("pattern"), p.child_by_field_name("type")
                    if is_property and pattern is not None and pattern.type == "identifier" and annotation is not None:
                        fields[self.text(pattern)] = annotation
        return fields

    def jsdoc_cast(self, paren: Node) -> tuple[bool, Any]:
        """A JavaScript type assertion, `/** @type {T} */ (expr)`: the JSDoc comment right before the
        parenthesis gives the expression its type, as a TypeScript `as T` does (a `.ts` file has no such
        cast). (whether a cast is written, the value T describes: ANY_TYPE for `any` / `*` / `unknown`,
        None for a type the model does not follow, whose members are then unknown: the written type wins)."""
        if self.typescript:
            return False, None
        prev = paren.prev_sibling
        if prev is None or prev.type != "comment" or self.src[prev.end_byte:paren.start_byte].strip():
            return False, None
        text = self.text(prev)
        written = jsdoc_parse(text).type if text.startswith("/**") else None
        if not written:
            return False, None
        if written.strip() in ("any", "*", "unknown", "?"):
            return True, ANY_TYPE
        return True, self.jsdoc_val(written, paren)

    def jsdoc_val(self, type_text: str | None, at: Node) -> Val | None:
        """The value a JSDoc type written at node `at` describes (names resolved in the scopes around `at`)."""
        if not type_text:
            return None
        m = re.fullmatch(r"\s*import\(\s*['\"]([^'\"]+)['\"]\s*\)\.([\w$.]+)\s*", type_text)
        if m:
            exp = self.model.export(m.group(1), m.group(2).split(".")[0])
            if exp and exp[0] == "type":
                return Val(ValKind.INSTANCE, exp[1])
            return None
        parsed = parse_type(type_text.strip().lstrip("?!").rstrip("="))
        return self._parsed_in_scope(parsed, at)

    def _parsed_in_scope(self, parsed, at: Node) -> Val | None:
        if parsed is None:
            return None
        if parsed[0] == "name":
            binding = self.names.resolve_name(parsed[1], at)
            bound = self.values.get(binding.key if binding is not None else (None, parsed[1]))
            if bound is not None and bound.kind == ValKind.CLASS:
                t = self.model.type(bound.tid)
                return Val(ValKind.INSTANCE, bound.tid) if t is not None and t.kind in ("class", "interface") else None
            tids = self.model.type_names.get(parsed[1], [])
            if len(tids) == 1:
                return self.to_val(parsed, tids[0][0], None, 1.0)
            return None
        if parsed[0] in ("array", "promise"):
            inner = self._parsed_in_scope(parsed[1], at)
            return Val(ValKind.ARRAY if parsed[0] == "array" else ValKind.PROMISE, inner=inner)
        return None


# --- helpers -------------------------------------------------------------------------------------------------
def _unparen_type(text: str) -> str:
    """A type text without the parentheses enclosing all of it (not those of `(A) | (B)`), and spaces."""
    text = text.strip()
    while text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                break
        if i != len(text) - 1:
            break
        text = text[1:-1].strip()
    return text


def _indexed_member(model: ObjectModel, module: str, text: str) -> str | None:
    """`Name<A, B>[K]` -> the declared type of `Name`'s member K with Name's parameters bound to A, B; K is a
    string literal or a literal-typed property of an object type written in place (`{ type: "x" }["type"]`).
    None for any other form."""
    text = " ".join(text.split())
    if not text.endswith("]"):
        return None
    depth, start = 0, -1
    for i in range(len(text) - 1, -1, -1):  # the last top-level `[...]`
        c = text[i]
        if c in "]>)}":
            depth += 1
        elif c in "[<({":
            depth -= 1
            if depth == 0 and c == "[":
                start = i
                break
    if start <= 0:
        return None
    obj, key = text[:start].strip(), text[start + 1:-1].strip()
    literal = re.fullmatch(r"[\"']([\w$]+)[\"']", key)
    if literal is None:
        inner = re.fullmatch(r"\{(.*)\}\s*\[\s*[\"']([\w$]+)[\"']\s*\]", key)
        found = re.search(r"(?:^|[;,{]\s*)" + re.escape(inner.group(2)) + r"\??\s*:\s*[\"']([\w$]+)[\"']\s*(?:[;,]|$)",
                          inner.group(1).strip()) if inner is not None else None
        if found is None:
            return None
        name = found.group(1)
    else:
        name = literal.group(1)
    head = re.fullmatch(r"([A-Za-z_$][\w$]*)\s*(?:<.*>)?", obj)
    tid = model.find_type(module, head.group(1)) if head is not None else None
    t = model.type(tid) if tid is not None else None
    if t is None or t.kind not in ("interface", "class"):
        return None
    member = next((m for m in t.members if m.name == name and not m.static), None)
    if member is None or member.kind not in ("property", "getter") or not member.type:
        return None
    args = generic_args(obj)
    env = {p: args[i] for i, p in enumerate(t.type_params) if i < len(args)}
    return substitute(member.type, env)


def _constructible(t) -> bool:
    """An interface that a runtime class merged into (`interface PDFDocument` + the build's `class
    PDFDocument`), or that declares a construct signature: `new` on it makes an instance."""
    return any(m.kind == "constructor" for m in t.members)


_LITERAL = re.compile(r"""\s*(["'])([^"'\\]*)\1\s*""")


# `Parameters<typeof f>[0]` (`typeof f<T>`, an instantiation expression, too): a parameter of function `f`
_PARAMETERS_OF = re.compile(r"Parameters\s*<\s*typeof\s+([A-Za-z_$][\w$]*)\s*(?:<.*>)?\s*>\s*\[\s*(\d+)\s*\]", re.S)
_COMMENT = re.compile(r"/\*.*?\*/|(?<![:'\"])//[^\n]*", re.S)


def _literals(type_text: str) -> frozenset[str] | None:
    """The strings a parameter type of string literals allows (`"close" | "listening"`), or None."""
    parts = [p for p in re.split(r"\|", type_text) if p.strip()]
    found = [_LITERAL.fullmatch(p) for p in parts]
    return frozenset(m.group(2) for m in found) if parts and all(found) else None


_JUMPS = frozenset({"break_statement", "return_statement", "throw_statement", "continue_statement"})


def _ends_jump(stmt: Node) -> bool:
    """Whether a case's last statement leaves it (`break;`, `return`, or a block ending so): the next case
    is then reached from the switch's dispatch only."""
    while stmt.type == "statement_block":
        inner = [c for c in stmt.named_children if c.type != "comment"]
        if not inner:
            return False
        stmt = inner[-1]
    return stmt.type in _JUMPS


def _fitting_overloads(member: Member, values: list[Node], an: "Analyzer") -> list[list[str]]:
    """The parameter lists of `member` a call with arguments `values` may resolve to: among its overloads, the
    ones whose string-literal parameters the call's literal arguments match (an overload taking `string`
    there is a fallback), of those that can take this many arguments of these kinds, if any can."""
    signatures = [member.params, *member.overloads]
    if len(signatures) > 1:
        fitting = [params for params in signatures if _takes(params, values, an)]
        signatures = fitting or signatures
    scored: list[tuple[int, list[str]]] = []
    for params in signatures:
        score = 1
        for i, v in enumerate(values):
            if i >= len(params):
                break
            allowed = _literals(param_type(params[i]))
            if allowed is None:
                continue
            if v.type != "string" or an.text(v)[1:-1] not in allowed:
                score = 0
                break
            score = 2
        if score:
            scored.append((score, params))
    if not scored:
        return []
    best = max(s for s, _ in scored)
    return [p for s, p in scored if s == best]


def _agreeing(chosen: list[list[str]], values: list[Node]) -> list[str] | None:
    """The one signature `chosen` stands for: the first, when all agree on the callbacks' types; else None."""
    callback_types = {tuple(param_type(p[i]) for i, v in enumerate(values) if v.type in FUNCTIONS and i < len(p))
                      for p in chosen}
    return chosen[0] if chosen and len(callback_types) == 1 else None


def _string_literals(text: str) -> set[str] | None:
    """The strings a type admits when it is a union of string literals (with `undefined`/`null` allowed:
    `"a" | "b" | undefined`; `undefined` alone admits none), else None (any other type: not decided on)."""
    parts = [p.strip() for p in union_parts(text)] if text.strip() else []
    if not parts:
        return None
    strings = set()
    for part in parts:
        if part in ("undefined", "null"):
            continue
        if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'" and part[0] not in part[1:-1]:
            strings.add(part[1:-1])
        else:
            return None
    return strings


def _takes(params: list[str], values: list[Node], an: "Analyzer") -> bool:
    """Whether a signature can take these arguments: their count (optional and rest parameters counted), and
    no object literal where it declares a function type (`when(keys, builder: ConditionBuilder<this>)` against
    `when(keys, options: ConditionConfig<this>)` for `when('a', { is: true, ... })`)."""
    rest = any(p.lstrip().startswith("...") for p in params)
    required = sum(1 for p in params if not p.lstrip().startswith("...") and "?" not in p.split(":", 1)[0]
                   and "=" not in p.split(":", 1)[0])
    if len(values) < required or (len(values) > len(params) and not rest):
        return False
    for i, v in enumerate(values[:len(params)]):
        if params[i].lstrip().startswith("..."):
            break
        kind = _declared_kind(param_type(params[i]), an)
        if (v.type == "object" and kind == "function") or (v.type in FUNCTIONS and kind == "object"):
            return False
    return True


def _declared_kind(text: str, an: "Analyzer") -> str:
    """"function" for a function type (written, or through a type alias: `ConditionBuilder<T>`), "object" for
    an interface or class with no call signature (`ConditionConfig<T>`), else "" (anything else, unknown)."""
    text = text.strip()
    if text.startswith("("):
        return "function" if "=>" in text else ""
    parsed = parse_type(text)
    if not parsed or parsed[0] != "name":
        return ""
    found = [mod.types[parsed[1]] for mod in an.model.modules.values() if parsed[1] in mod.types]
    if len(found) != 1:
        return ""
    t = found[0]
    if t.kind == "alias":
        alias = t.alias.lstrip()
        return "function" if alias.startswith("(") and "=>" in alias else ""
    if t.kind == "interface" and not t.open and not any(m.name == "__call__" for m in t.members):
        return "object"
    return ""


def _with_type_args(val: Val, text: str, depth: int = 0) -> Val:
    """`val` (what type `text` describes) with the type arguments `text` writes on its instance types, inside
    collections too: `Map<string, Room<Sock>>` -> a map of `Room` instances whose type argument is `Sock`."""
    text = text.strip()
    if depth > 4:
        return val
    if val.kind == ValKind.INSTANCE:
        args = generic_args(text)
        return replace(val, targs=tuple(args)) if args else val
    if val.kind in (ValKind.ARRAY, ValKind.MAP, ValKind.PROMISE) and val.inner is not None:
        inner_text = text[:-2] if text.endswith("[]") else (generic_args(text) or [""])[-1]
        return replace(val, inner=_with_type_args(val.inner, inner_text, depth + 1)) if inner_text else val
    return val


def _either(a: Val | None, b: Val | None) -> Val | None:
    """The value of `a ?? b` (or `a || b`) when both operands' values are known: the same type (its surer
    reading), or a union of two instance types (of their members, each arm's; type arguments dropped)."""
    if a is None or b is None or a.untyped or b.untyped:
        return None
    if (a.kind, a.tid, a.targs) == (b.kind, b.tid, b.targs):
        return a if (a.conf, a.evidence is None) >= (b.conf, b.evidence is None) else b
    if a.kind != ValKind.INSTANCE or b.kind != ValKind.INSTANCE or a.any_element or b.any_element:
        return None
    return Val(ValKind.UNION, (a.tid, b.tid), conf=min(a.conf, b.conf), evidence=a.evidence or b.evidence)


def _polymorphic_this(fn: Val) -> Val | None:
    """What the type `this` means in the signature of method `fn`: the instance it is called on (`wrapper.map(...)`
    with `map<V>(fn: (node: this) => V)` hands each node as a `wrapper`'s type, a subclass's included). None on
    a class's static side (TypeScript allows no polymorphic `this` there) and on anything not an instance."""
    recv = fn.recv
    return recv if recv is not None and recv.kind in (ValKind.INSTANCE, ValKind.UNION, ValKind.INTERSECTION) else None


def _same_type(a: Val | None, b: Val | None) -> bool:
    return a is not None and b is not None and (a.kind, a.tid) == (b.kind, b.tid)


def _this_owner(this: Node) -> Node | None:
    """The function whose `this` a `this` means: the nearest enclosing non-arrow function (None in a class
    body's methods' or at the top level, where other rules apply)."""
    node = this.parent
    while node is not None:
        if node.type in ("function_expression", "function", "function_declaration", "generator_function",
                         "generator_function_declaration"):
            return node
        if node.type == "method_definition" and node.parent is not None and node.parent.type == "object":
            return node  # an object literal's method: the `this` a callee may declare for it (`this_hints`)
        if node.type in ("method_definition", "class_body", "program"):
            return None
        node = node.parent
    return None


def _alias_bindings(alias, args: list[str]) -> dict[str, str]:
    """A generic alias's type parameters bound to the written arguments, else to their written defaults (a
    parameter with neither stays unbound)."""
    return {p: args[i] if i < len(args) else alias.type_defaults[i] for i, p in enumerate(alias.type_params)
            if i < len(args) or (i < len(alias.type_defaults) and alias.type_defaults[i])}


_LITERAL_TYPE = re.compile(r"""true|false|null|undefined|-?\d+(?:\.\d+)?|(["'`])[^"'`]*\1""")


def _literal_extends(check: str, extends: str) -> bool | None:
    """Whether literal type `check` extends `extends` (a literal, a union of literals, or `boolean` / `string` /
    `number`), as a conditional type decides it; `[C] extends [D]` (the non-distributive form) read as C and D.
    None when either side is anything else (a type parameter, an object type): not decided here."""
    check, extends = check.strip(), extends.strip()
    if check.startswith("[") and check.endswith("]") and extends.startswith("[") and extends.endswith("]"):
        check, extends = check[1:-1].strip(), extends[1:-1].strip()
    if not _LITERAL_TYPE.fullmatch(check) or "${" in check:
        return None
    taken = False
    for part in union_parts(extends):
        part = part.strip()
        if part == "boolean":
            taken = taken or check in ("true", "false")
        elif part == "string":
            taken = taken or check[:1] in "\"'`"
        elif part == "number":
            taken = taken or bool(re.fullmatch(r"-?\d+(?:\.\d+)?", check))
        elif _LITERAL_TYPE.fullmatch(part) and "${" not in part:
            taken = taken or part.strip("\"'`") == check.strip("\"'`") and (part[:1] in "\"'`") == (check[:1] in "\"'`")
        else:
            return None
    return taken


def _overload_result(m: Member, args: Node | None, model: ObjectModel | None = None, module: str = "",
                     recv: Val | None = None) -> str:
    """The declared result of calling `m` with `args`: its type, or when its overloads differ, the one result
    of those the call fits (by argument count, and by the kind of each literal argument), else the most
    derived of them (a result `this` being the receiver `recv`'s type)."""
    if m.type or not m.returns or args is None:
        return m.type
    if args.type == "template_string":
        # a tagged template (sql`SELECT ...`) calls with the template's strings first: the signatures that take a
        # `TemplateStringsArray` there
        tagged = {parse_type(r): r for params, r in zip([m.params, *m.overloads], m.returns)
                  if params and "TemplateStringsArray" in param_type(params[0])}
        return next(iter(tagged.values())) if len(tagged) == 1 else ""
    values = [a for a in args.named_children if a.type != "comment"]
    fitting = {parse_type(r): r for params, r in zip([m.params, *m.overloads], m.returns)
               if _arity_fits(params, len(values)) and all(_literal_fits(param_type(p), v) for p, v in zip(params, values))}
    if len(fitting) == 1:
        return next(iter(fitting.values()))
    return _most_derived(list(fitting.values()), model, module, recv) if model is not None and fitting else ""


def _most_derived(results: list[str], model: ObjectModel, module: str, recv: Val | None = None) -> str:
    """Among the results of overloads a call fits, the one whose type extends every other's (immutable's
    `Map({a: 1})` fits `Map<K, V>` and `MapOf<R>`, and `MapOf extends Map`): whichever the call resolves to,
    its members are among that type's, so a name that type lacks is missing from all; else ""."""
    tids = []
    mod = model.modules.get(module)
    for text in results:
        if text.strip() == "this":  # `filter(p): this` beside `filter<F>(p): Seq.Indexed<F>`: the receiver's type
            if recv is None or recv.kind != ValKind.INSTANCE or recv.tid is None:
                return ""
            tids.append(recv.tid)
            continue
        head = text.split("<", 1)[0].strip()
        parsed = ("name", head) if mod is not None and head in mod.types else model._base_type(module, text)
        tid = model.find_type(module, parsed[1]) if parsed and parsed[0] == "name" else None
        if tid is None:
            return ""
        tids.append(tid)
    for text, tid in zip(results, tids):
        lineage = _lineage(model, tid)
        if all(other in lineage for other in tids):
            return text
    return ""


def _lineage(model: ObjectModel, tid: TypeId) -> set:
    """`tid` and every type it extends that the model holds."""
    seen, todo = set(), [tid]
    while todo and len(seen) < 64:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        t = model.type(cur)
        for base in (t.bases if t is not None else ()):
            parsed = model._base_type(cur[0], base)
            btid = model.find_type(cur[0], parsed[1]) if parsed and parsed[0] == "name" else None
            if btid is not None:
                todo.append(btid)
    return seen


# What a literal argument's node says of its type, as the words a parameter type accepting it would contain.
_LITERAL_TYPES = {"number": ("number",), "string": ("string", '"', "'"), "array": ("[]", "Array", "Iterable"),
                  "true": ("boolean", "true"), "false": ("boolean", "false")}


def _literal_fits(type_text: str, arg: Node) -> bool:
    """Whether a literal argument can be passed where `type_text` is declared (anything else: assume so)."""
    accepted = _LITERAL_TYPES.get(arg.type)
    if accepted is None or not type_text or re.search(r"\b(any|unknown)\b|^[A-Z]\w*$", type_text):
        return True  # not a literal, or a type we cannot read here (a parameter `T`, an alias)
    return any(word in type_text for word in accepted)


def _arity_fits(params: list[str], count: int) -> bool:
    """Whether a call with `count` arguments fits a signature: its required parameters at most, its
    parameters at least (any number with a rest parameter)."""
    required = sum(1 for p in params if not p.startswith("...") and "?" not in p.split(":", 1)[0]
                   and "=" not in p.split(":", 1)[0])
    rest = any(p.startswith("...") for p in params)
    return required <= count and (rest or count <= len(params))


def _walk_order(nodes: list[Node]) -> list[Node]:
    """Nodes in the order a top-down walk visiting children right to left meets them: an enclosing node
    before the nodes inside it, a later node before an earlier one. Nodes nest or are disjoint, so this is
    by end (descending), then start."""
    return sorted(nodes, key=lambda n: (-n.end_byte, n.start_byte))


# Node's EventEmitter methods that return the emitter itself (and so every class extending it: streams too)
EMITTER_CHAINABLE = frozenset({"on", "once", "off", "addListener", "removeListener", "prependListener",
                               "prependOnceListener", "removeAllListeners", "setMaxListeners"})
_EMITTERS = frozenset({"EventEmitter", "Readable", "Writable", "Duplex", "Transform", "PassThrough", "Stream"})


def platform_member(model: ObjectModel, tid: TypeId, name: str, static: bool, untyped: bool) -> bool:
    """Whether `name` may be a member a type extending a platform class has from it. Where the data lists that
    class (Node's emitters and streams, the DOM's EventTarget: `ObjectModel.platform_members`), its real
    members (on the static side, the platform class value's own properties, which the class's value inherits:
    `EventEmitter.once`, `EventEmitter.EventEmitterAsyncResource`) and the platform's internals no typings
    list (`_events`, `_readableState`); elsewhere a member name of any platform type. A JavaScript class's
    static side stays open to those names (its statics are assigned at run time in ways the reader may miss)."""
    known = model.platform_members(tid, static)
    if known is None or (untyped and static):
        return name in builtin_members() or (untyped and (static or name[:1] == "_"))
    return name in known or name[:1] == "_"


def _emitter_base(model: ObjectModel, tid: TypeId, depth: int = 0) -> bool:
    """Whether the type extends Node's EventEmitter (or a Node stream class) that the model does not hold."""
    t = model.type(tid)
    if t is None or depth > 8:
        return False
    for base in t.bases:
        parsed = parse_type(base)
        if not parsed or parsed[0] != "name":
            continue
        btid = model.find_type(tid[0], parsed[1])
        if btid is not None:
            if _emitter_base(model, btid, depth + 1):
                return True
        elif re.sub(r"^(?:events|stream|NodeJS|internal)\.", "", parsed[1]) in _EMITTERS:
            return True
    return False


def _first_string(args: Node | None, an: Analyzer) -> str | None:
    if args is None or not args.named_children:
        return None
    first = args.named_children[0]
    if first.type != "string":
        return None
    return an.text(first)[1:-1]


def _guard_operand(node: Node) -> Node | None:
    """The right operand of a guard `a && b` (the value a declaration like `const x = a && a.b()` holds when
    the guard holds); None for any other expression."""
    if node.type != "binary_expression":
        return None
    op = node.child_by_field_name("operator")
    return node.child_by_field_name("right") if op is not None and op.type == "&&" else None


def _inferable(value: Node | None) -> bool:
    """A declaration whose value's type we could not follow but may infer: not a literal or a local construct."""
    if value is None:
        return False
    if _guard_operand(value) is not None:  # `const friends = user && user.getLinkedRecord('friends')`
        return _inferable(_guard_operand(value))
    return value.type in ("call_expression", "member_expression", "await_expression", "subscript_expression",
                          "identifier", "parenthesized_expression")


def _name_score(var: str, type_name: str) -> int:
    # a bundler's `Body$1` is named `Body` (`object_model`), a module file's own `Random$file3` `Random`
    type_name = _RENAMED_SUFFIX.sub("", type_name)
    v, t = var.lower(), type_name.lower()
    if v == t:
        return 3
    if t.endswith(v) or v.endswith(t):
        return 2
    return 1 if _name_matches(var, type_name) else 0


_RENAMED_SUFFIX = re.compile(r"(?<=\w)\$(?:file)?\d+$")


def _name_matches(var: str, type_name: str) -> bool:
    """Weak tie-breaker: `page` ~ `Page`, `pdfDoc` ~ `PDFDocument`, `footerBlock` ~ `Block`."""
    v, t = var.lower(), type_name.lower()
    if v == t or v.endswith(t) or t.endswith(v):
        return True
    vt, tt = sg.tokens(var), sg.tokens(type_name)
    if vt and tt and all(any(tok.startswith(x) or x.startswith(tok) for tok in tt) for x in vt):
        return True
    return False


def analyze(doc: ParsedDocument, model: ObjectModel) -> Analysis:
    if doc.tree is None or syntax_for(doc.language) is None:
        return Analysis()
    return Analyzer(doc, model).run()


def _alike(entry: tuple | None, other: tuple | None) -> bool:
    """Two types' members (`ObjectModel.members` entries) that are one: the same kind and signature, declared in
    the same module (so the type names in it are the same types)."""
    if entry is None or other is None:
        return False
    (m, owner), (o, other_owner) = entry, other
    return m.kind == o.kind and owner[0] == other_owner[0] and m.signature() == o.signature()


def _dictionary(model: ObjectModel, tid: TypeId) -> bool:
    """An engine's type that is an index signature and nothing else: open, with no base, no member of its own and
    no type parameter (a mapped type over a parameter's keys, `type ConvertFns<Fns> = { [K in keyof Fns]: ... }`,
    has the keys of the caller's object, which the file spells: not the user's data). The platform's own
    (`DOMStringMap`, an element's `dataset`) are left as they were: the vocabulary check's guesses there stand."""
    t = model.type(tid)
    return tid[0] != platform.PLATFORM and t is not None and t.open and not t.bases and not t.members and \
        not t.type_params and t.kind in ("interface", "class")
