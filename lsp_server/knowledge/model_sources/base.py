"""The object model's data: types, their members, and module exports, as extracted from one source.

Everything here is plain data that round-trips through JSON (the per-source cache). Type expressions are
kept as TypeScript-syntax text (`Promise<Page>`, `Row[]`, `this`, `Color | null`) and interpreted lazily by
`parse_type`, so every source kind (declarations, JavaScript, docs, manifest) speaks the same language.

Confidence: 1.0 for declared APIs (.d.ts, manifest), 0.9 for JavaScript source, 0.5-0.9 for docs depending on
how the symbol was found (a signature heading is strong, a code span in prose is weak).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import MISSING, dataclass, field, fields, replace
from functools import lru_cache
from pathlib import Path

from lsp_server.storage import content_hash, read_bounded

HIGH = 0.9  # at or above: an unknown member on such a type is an error
MEDIUM = 0.6  # at or above: a warning; below: never reported on its own

# The DOM's tag-name maps, which a package's `declare global` augments with its custom elements (`platform`)
TAG_MAPS = ("HTMLElementTagNameMap", "SVGElementTagNameMap", "MathMLElementTagNameMap")


@dataclass
class Member:
    name: str
    kind: str = "property"  # method | property | getter | enum_member | function | value | constructor
    type: str = ""  # property type, or method return type (TS syntax); "" = unknown
    params: list[str] = field(default_factory=list)  # "options?: TableOptions"
    static: bool = False
    private: bool = False
    path: str = ""
    line: int = 0  # 0-based
    confidence: float = 1.0
    doc: str = ""  # one-line summary
    shown_type: str = ""  # the declared type text when `type` names a synthesized type (object literal types)
    # What the sources say of its life: "" (current), "deprecated" or "removed"; only explicit markers count
    # (`@deprecated`, "Removed in 4.0", a changelog's Removed section). The evidence is kept: the marker's
    # text and where it is, and the replacement it names ("use addBlock instead").
    status: str = ""
    status_note: str = ""
    status_path: str = ""
    status_line: int = 0  # 0-based
    replacement: str = ""
    # The parameters of a method's further overloads (the first one's are `params`): an event method's
    # `on(event: "connection", cb: (socket: Socket) => void)` types the callback of a call with that literal.
    overloads: list[list[str]] = field(default_factory=list)
    # Each overload's declared result (the first's first) when they differ (`type` is then ""): a call's
    # argument count picks among them (`alpha(): number` / `alpha(a: number): Color`).
    returns: list[str] = field(default_factory=list)
    # The members a call of this method adds to its receiver, named by its string arguments: format patterns
    # over them (ioredis's `defineCommand(name, ...)` sets `this[name]` and `this[name + "Buffer"]`: "{0}",
    # "{0}Buffer"). Read from the runtime; a call with literals makes those names real (types.py).
    adds: list[str] = field(default_factory=list)
    # A generic method's own type parameters that no parameter mentions, each with what a call that writes no
    # type argument fixes it to: its default, else its constraint (`get<T extends Pool = Pool>(origin): T`
    # -> [["T", "Pool"]]). TypeScript has nothing to infer such a parameter from, so it takes that type;
    # "" when none is written or an overload lets the arguments bind it (see dts._unbound_type_params).
    fixed_type_params: list[list[str]] = field(default_factory=list)
    # A generic function's own type parameters that a parameter mentions and that declare a default, each with it
    # (`generateImage<TAdapter, TStream extends boolean = false>(options: ImageActivityOptions<TAdapter, TStream>)`
    # -> [["TStream", "false"]]): a call whose arguments give TypeScript nothing to infer one from (the options
    # literal leaves out the optional property typed by it) gets the default (types.Analyzer.call_result)
    defaulted_type_params: list[list[str]] = field(default_factory=list)
    # declared `protected` (also `private`, which says no code outside the class chain uses it): what a user's
    # subclass may use on `this` (`this._inputNode`), so a near miss there may name it
    protected: bool = False
    # A user-defined type guard's result (`isRouteErrorResponse(error: any): error is ErrorResponse`): the index of
    # the parameter it narrows (as text) and the type it narrows that argument to, [] when the result is no
    # predicate on a parameter (`this is T` and `asserts x is T` are not kept: types.py narrows by calls only)
    predicate: list[str] = field(default_factory=list)

    def signature(self, owner: str = "") -> str:
        prefix = f"{owner}." if owner else ""
        shown = self.shown_type or self.type
        if self.kind in ("method", "function", "constructor"):
            ret = f": {shown}" if shown else ""
            name = f"new {owner}" if self.kind == "constructor" else f"{prefix}{self.name}"
            return f"{name}({', '.join(self.params)}){ret}"
        if self.kind == "enum_member":
            return f"{prefix}{self.name}"
        return f"{prefix}{self.name}: {shown or 'unknown'}"


@dataclass
class TypeDef:
    name: str  # a synthesized object-literal type is named `Owner$member` (see display_type)
    kind: str = "class"  # class | interface | enum | namespace | alias
    bases: list[str] = field(default_factory=list)  # type expressions
    members: list[Member] = field(default_factory=list)
    alias: str = ""  # the aliased type expression, for kind == "alias"
    open: bool = False  # has an index signature or an unknowable shape: never report unknown members
    path: str = ""
    line: int = 0
    confidence: float = 1.0
    doc: str = ""
    type_params: list[str] = field(default_factory=list)
    # what each type parameter stands for when no argument is written: its default, else "unknown"
    # (see dts._type_params)
    type_defaults: list[str] = field(default_factory=list)
    # an object that answers every name (a module whose value is a Proxy with a `get` trap: openhab's `items`,
    # where `items.KitchenLight` is the user's Item of that name): its members are typed, no other name is
    # missing, and no name on it is a near miss for the vocabulary check either. Implies `open`.
    any_name: bool = False
    # of such an object, the method its trap answers other names with (`getItem` of `target[prop] ||
    # target.getItem(prop, true)`): a name that is not a member is that lookup's result
    lookup: str = ""
    # (last: some readers build TypeDefs by position)
    shown_alias: str = ""  # the declared text when `alias` names synthesized types (a union's object type arms)
    # the value type of a string index signature the type declares itself (`[key: string]: any` -> "any"), as
    # written; "" when it declares none (an inherited one is its base's: `ObjectModel.ancestors`). What makes an
    # `open` type open: a dictionary of such values (`string`), or any name at all (`any`, `unknown`)
    index_value: str = ""

    def signature(self) -> str:
        if self.kind == "alias":
            return f"type {self.name} = {' '.join(self.shown_alias.split()) if self.shown_alias else self.alias}"
        ext = f" extends {', '.join(self.bases)}" if self.bases else ""
        return f"{self.kind} {self.name}{ext}"


@dataclass
class ModuleModel:
    """One module (an npm package name or a configured module name) as one source describes it."""

    name: str
    types: dict[str, TypeDef] = field(default_factory=dict)  # by local (declared) name
    exports: dict[str, str] = field(default_factory=dict)  # exported name -> local type or value name
    values: dict[str, Member] = field(default_factory=dict)  # module-level functions/constants by local name
    complete: bool = True  # every export is known (no unresolved `export *`)
    globals: list[str] = field(default_factory=list)  # `export as namespace chroma`: a script's global too
    # `import * as M from "m"; declare global { export import Bun = M }`: globals that are this module's namespace
    # object in every file, module or script (`Bun.file(...)` as `import * as Bun from "m"` would read it)
    namespace_globals: list[str] = field(default_factory=list)
    # `export * as aws_s3 from './aws-s3'`: the namespace type (`aws_s3$ns3`) each re-exported file is, by the
    # file's path relative to the entry's folder (`aws-s3/index.d.ts`), so that an import of the package's
    # subpath that is that file (`import * as s3 from 'pkg/aws-s3'`) is that namespace (`ObjectModel.subpath_namespace`)
    namespace_files: dict[str, str] = field(default_factory=dict)
    # what `require()` of each declaration file read with an `export =` gives (`typeof randu$v3`, `typeof
    # iterator$v5`), by the same relative path: a package without an `exports` map whose subpath folders carry
    # their own typings (`pkg/base/randu` -> `base/randu/docs/types/index.d.ts`) binds that (`subpath_module`)
    module_files: dict[str, str] = field(default_factory=dict)
    # `export { default as DefineMap } from "can-define/map/map"` (an umbrella package re-exporting another
    # package's file), also through the entry's `export * from "./legacy.js"`: exported name -> [the specifier
    # as written, the name read from it, the file that re-exports so]; the discovery reads that specifier's file
    # (Node's resolution from that file's folder) as the module of that specifier, and `ObjectModel.export`
    # follows the name there
    reexports: dict[str, list[str]] = field(default_factory=dict)
    # `var Construct = require("can-construct"); var DefineMap = Construct.extend("DefineMap", {...}, {...})`: a
    # class a factory makes from another package's class: [the specifier as written, the requiring file]; the
    # discovery reads that specifier's file as its module, so the base's members (its statics: `extend`) are
    # known by name (the made class stays open: `model_sources.js`, `_File.factory_base_packages`)
    base_packages: list[list[str]] = field(default_factory=list)

    def add_type(self, t: TypeDef) -> None:
        old = self.types.get(t.name)
        self.types[t.name] = merge_types(old, t) if old else t


def merge_types(a: TypeDef, b: TypeDef) -> TypeDef:
    """Declaration merging (class + interface of one name, several sources): union of members and bases."""
    primary, other = (a, b) if (a.confidence, a.kind == "class") >= (b.confidence, b.kind == "class") else (b, a)
    seen = {(m.name, m.static) for m in primary.members}
    members = list(primary.members)
    marked = {(m.name, m.static): m for m in other.members if m.status}
    for m in other.members:
        if (m.name, m.static) not in seen:
            members.append(m)
            seen.add((m.name, m.static))
    adders = {(m.name, m.static): m.adds for m in other.members if m.adds}
    if adders:  # the runtime says what a call adds (`defineCommand`), the typings only that the method exists
        members = [replace(m, adds=adders[(m.name, m.static)]) if (m.name, m.static) in adders and not m.adds
                   else m for m in members]
    if marked:  # a member both sources have: the stronger status wins (docs say removed, typings lag)
        members = [with_status_of(m, marked[(m.name, m.static)]) if (m.name, m.static) in marked else m
                   for m in members]
    kind = primary.kind if primary.kind != "alias" else other.kind
    if kind == "namespace" and other.kind in ("class", "interface", "enum"):
        kind = other.kind  # `namespace Record {}` + `interface Record<T> {}`: an instance type with statics
    # The declared source decides whether the shape is closed: a runtime build that mixes in what its
    # extractor cannot follow (an open JS class) adds members to the typings' type, never opens it. Nor does
    # its heritage: `class StaticCanvas extends createCollectionMixin(CommonMethods)` in the build is what the
    # typings declare as `extends StaticCanvas_base`; only a named base of the build is added.
    declared = primary.confidence > other.confidence and primary.confidence >= 1.0
    bases = list(primary.bases) + [x for x in other.bases if x not in primary.bases
                                   and (not declared or (parse_type(x) or ("",))[0] == "name")]
    return TypeDef(primary.name, kind, bases, members, primary.alias or other.alias,
                   primary.open if declared else (primary.open or other.open), primary.path or other.path,
                   primary.line if primary.path else other.line,
                   max(a.confidence, b.confidence), primary.doc or other.doc, primary.type_params or other.type_params,
                   primary.type_defaults if primary.type_params else other.type_defaults,
                   any_name=a.any_name or b.any_name, lookup=primary.lookup or other.lookup,
                   # the written type, kept where both say the same (one declaration read twice: a package's ESM
                   # and CommonJS typings); two declarations that differ are not one written type
                   shown_alias=a.shown_alias if a.shown_alias == b.shown_alias else "",
                   index_value=primary.index_value if declared else (primary.index_value or other.index_value))


STATUS_RANK = {"": 0, "deprecated": 1, "removed": 2}


def with_status_of(m: Member, marker: Member) -> Member:
    """`m` carrying `marker`'s status when that one is stronger (a copy: source models are shared)."""
    if STATUS_RANK.get(marker.status, 0) <= STATUS_RANK.get(m.status, 0):
        return m
    return replace(m, status=marker.status, status_note=marker.status_note, status_path=marker.status_path,
                   status_line=marker.status_line, replacement=marker.replacement or m.replacement)


def mark(m: Member, status: str, note: str, path: str, line: int, prefer: bool = False) -> None:
    """Record an explicit marker on `m` (in place, while a source is extracted) unless it has a stronger one;
    `prefer`: this marker's evidence replaces an equal one's (the member's own reference page over a changelog)."""
    rank, current = STATUS_RANK[status], STATUS_RANK.get(m.status, 0)
    if rank < current or (rank == current and not prefer):
        return
    m.status, m.status_note, m.status_path, m.status_line = status, " ".join(note.split())[:300], path, line
    m.replacement = replacement_in(note) or m.replacement


_DEPRECATED_TAG = re.compile(r"@deprecated(?![\w-])(.*?)(?=\n\s*\*?\s*@[a-zA-Z]|\*/|$)", re.S)
# a JSDoc namepath: `Block.addBlock` (static), `Block#addBlock` (instance member), `Block~helper` (inner)
_NAME = r"[A-Za-z_$][\w$]*(?:[.#~][A-Za-z_$][\w$]*)*"
_REPLACEMENT = re.compile(
    rf"\b(?:(?:use|call|try|prefer|switch\s+to)\s+(?:the\s+)?|(?:replaced|superseded)\s+(?:by|with)\s+(?:the\s+)?|"
    rf"in\s+favou?r\s+of\s+(?:the\s+)?)(?P<code>\{{@link(?:code|plain)?\s+(?P<link>{_NAME})[^}}]*\}}|"
    rf"\[?`(?:new\s+)?(?P<tick>{_NAME})(?:\([^`]*\))?`\]?|(?P<bare>{_NAME})(?P<call>\(\))?)(?P<rest>[^.;\n]*)", re.I)


def replacement_in(text: str) -> str:
    """The replacement a marker names: "use `Block.addBlock()` instead", "replaced by {@link addBlock}",
    "in favor of addBlock", "Use Block#addBlock instead" (a JSDoc namepath, given as `Block.addBlock`). A bare word counts only when it reads as code (camelCase, dotted, called) or the
    sentence says "instead": "use with care" names nothing."""
    for m in _REPLACEMENT.finditer(text or ""):
        name = m.group("link") or m.group("tick")
        if name is None:
            bare = m.group("bare")
            code_like = "." in bare or m.group("call") or re.search(r"[a-z][A-Z]|_", bare)
            if not (code_like or re.match(r"\s*instead\b", m.group("rest") or "", re.I)):
                continue
            name = bare
        # a namepath's `#` (instance member) and `~` (inner) are reached with `.` in code: `CheckoutService#
        # executeSpamCheck` is the `service.executeSpamCheck()` a rename fixes, not `CheckoutService`
        return re.sub(r"[#~]", ".", name)
    return ""


def deprecation_in(comment: str) -> str | None:
    """The text of a doc comment's `@deprecated` tag ("" when it has none), or None without the tag."""
    found = _DEPRECATED_TAG.search(comment or "")
    if found is None:
        return None
    return " ".join(re.sub(r"^\s*\*\s?", "", ln) for ln in found.group(1).splitlines()).strip()


@dataclass(frozen=True)
class ReadLimits:
    """How extractors read files: through `storage.read_bounded` (regular files only, at most `max_bytes`,
    inside `roots` when given), so a declaration or doc file -> /dev/zero, a FIFO or a file elsewhere is
    refused (an OSError the extractors turn into a warning) instead of read without end."""

    max_bytes: int = 2 * 1024 * 1024
    roots: tuple = ()  # resolved Paths; empty: any place (tests, tools)
    # `.d.ts` files: an engine's generated typings in one file run to megabytes (`max_declaration_bytes`)
    max_declaration_bytes: int = 32 * 1024 * 1024

    def read(self, path) -> bytes:
        return read_bounded(path, self.max_bytes, list(self.roots) if self.roots else None)

    def read_declaration(self, path) -> bytes:
        return read_bounded(path, self.max_declaration_bytes, list(self.roots) if self.roots else None)


@dataclass
class SourceModel:
    """What one configured or discovered source contributes: modules, and the files it was read from."""

    kind: str  # dts | js | docs | manifest
    modules: dict[str, ModuleModel] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # path -> sha256 of its content
    warnings: list[str] = field(default_factory=list)

    def module(self, name: str) -> ModuleModel:
        if name not in self.modules:
            self.modules[name] = ModuleModel(name)
        return self.modules[name]

    def read_files(self, named: Path, files: list[Path], limits: ReadLimits) -> Iterator[tuple[Path, bytes]]:
        """(file, bytes) of each of `files` read within `limits`, recorded with its hash. A file the
        configuration named itself (`named`) that cannot be read raises; one found in a folder is skipped
        with a warning (too large, not a regular file, outside the roots, unreadable)."""
        for f in files:
            try:
                data = limits.read(f)
            except OSError as exc:
                if f == named:
                    raise
                self.warnings.append(f"skipped {f}: {exc}")
                continue
            self.files[str(f)] = content_hash(data)
            yield f, data

    def to_json(self) -> dict:
        """This source as JSON values (`from_json` reads it back). Each member's and type's fields that hold
        their default are left out (`from_json`'s constructors fill them in): most members of a large engine
        are plain properties and methods, so the form is about half the bytes of every field written out
        (aws-cdk-lib's typings: 157 MB -> 87 MB), and decoding it and building the objects about 2.5x faster,
        what every process that reads the cache back pays."""
        return {"kind": self.kind, "files": dict(self.files), "warnings": list(self.warnings),
                "modules": {name: {**{f: getattr(m, f) for f in _MODULE_FIELDS},
                                   "types": {k: _type_json(t) for k, t in m.types.items()},
                                   "values": {k: _member_json(v) for k, v in m.values.items()}}
                            for name, m in self.modules.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "SourceModel":
        modules = {}
        for name, m in data["modules"].items():
            types = {}
            for tname, t in m["types"].items():
                t = dict(t)
                t["members"] = [_member(x) for x in t["members"]]
                types[tname] = TypeDef(**t)
            values = {k: _member(v) for k, v in m["values"].items()}
            modules[name] = ModuleModel(m["name"], types, dict(m["exports"]), values, m["complete"],
                                        list(m.get("globals", [])), list(m.get("namespace_globals", [])),
                                        dict(m.get("namespace_files", {})), dict(m.get("module_files", {})),
                                        {k: list(v) for k, v in m.get("reexports", {}).items()},
                                        [list(v) for v in m.get("base_packages", [])])
        return cls(data["kind"], modules, dict(data["files"]), list(data.get("warnings", [])))


def _defaults(cls) -> dict[str, object]:
    """A dataclass's fields that have a default, each with it (a fresh one of a default factory's)."""
    return {f.name: f.default if f.default is not MISSING else f.default_factory() for f in fields(cls)
            if f.default is not MISSING or f.default_factory is not MISSING}


_MEMBER_FIELDS = tuple(f.name for f in fields(Member))
_MEMBER_DEFAULTS = _defaults(Member)
_TYPE_FIELDS = tuple(f.name for f in fields(TypeDef) if f.name != "members")
_TYPE_DEFAULTS = _defaults(TypeDef)
_MODULE_FIELDS = tuple(f.name for f in fields(ModuleModel) if f.name not in ("types", "values"))


_MEMBER_KEYS = frozenset(_MEMBER_FIELDS)
_MEMBER_SCALARS = {k: v for k, v in _MEMBER_DEFAULTS.items() if not isinstance(v, list)}
_MEMBER_LISTS = tuple(k for k, v in _MEMBER_DEFAULTS.items() if isinstance(v, list))
_new = object.__new__


def _member(x: dict) -> Member:
    """`Member(**x)` for a member's JSON form (`_member_json`), built without the dataclass's generated
    `__init__` call: a large engine's cache holds ~300,000 members, and keyword binding of 20 fields was ~40% of
    reading it back. The same checks: a key that is no field, or no name, is a TypeError. Each list field left
    out is a new empty list, as the default factory gives (never one shared by several members)."""
    if not _MEMBER_KEYS.issuperset(x) or "name" not in x:
        raise TypeError(f"not a member: {sorted(set(x) - _MEMBER_KEYS) or 'no name'}")
    m = _new(Member)
    d = m.__dict__
    d.update(_MEMBER_SCALARS)
    for k in _MEMBER_LISTS:
        d[k] = []
    d.update(x)
    return m


def _fields_json(obj, fields, defaults: dict) -> dict:
    """`obj`'s fields as JSON values, those at their default left out (the constructor gives them back)."""
    out = {}
    for k in fields:
        v = getattr(obj, k)
        if k not in defaults or v != defaults[k]:
            out[k] = v  # (shared, not copied: the form is only ever dumped or mapped anew)
    return out


def _member_json(m: Member) -> dict:
    return _fields_json(m, _MEMBER_FIELDS, _MEMBER_DEFAULTS)


def _type_json(t: TypeDef) -> dict:
    out = _fields_json(t, _TYPE_FIELDS, _TYPE_DEFAULTS)
    out["members"] = [_member_json(m) for m in t.members]
    return out


# --- type expressions ----------------------------------------------------------------------------------
# A parsed type is a small tuple tree:
#   ("name", "Page")             a named type (generic arguments dropped, qualified names reduced)
#   ("union", ("Degrees", "Radians"))   a union of named types (nullish parts dropped)
#   ("array", T) ("promise", T) ("this",) ("typeof", "Page") ("fn", T_return)
#   ("map", V)                    a keyed collection of V (`Map<K, V>`, `Record<K, V>`): `get` gives a V
#   ("index", "Page", "size")     an indexed access type `Page["size"]`: that member's type
#   ("returnof", "createPage")    `ReturnType<typeof createPage>`: what that function of the module returns
#   None                          unknown / not an object type we can follow (any, unions of several, literals)
PRIMITIVES = frozenset({
    "string", "number", "boolean", "bigint", "symbol", "object", "unknown", "never", "any", "void",
    "undefined", "null", "Function", "Object", "String", "Number", "Boolean", "true", "false",
})
NULLISH = frozenset({"null", "undefined", "void"})


def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            if not (ch == ">" and i > 0 and text[i - 1] == "="):  # the `=>` of a function type
                depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


# Mapped types that keep their argument's keys (only optionality or mutability changes).
KEY_PRESERVING = frozenset({"Partial", "Required", "Readonly"})
# Generic collections of one element type (iterating gives elements), and keyed ones (`get` gives values).
ELEMENT_COLLECTIONS = frozenset({"Array", "ReadonlyArray", "Set", "ReadonlySet", "WeakSet", "Iterable",
                                 "IterableIterator", "Iterator", "Generator", "AsyncIterable", "ArrayLike"})
# The iteration protocol's types: what `for...of` (`for await...of` for the async ones) gives is their first type
# argument, the others being what the iterator returns when done and what `next()` takes (`Generator<T, TReturn,
# TNext>`, `AsyncIterator<RunShape<T>>`, `AsyncGenerator<Chunk, void>`)
ITERATION_TYPES = frozenset({"Iterable", "IterableIterator", "Iterator", "Generator", "IteratorObject",
                             "ArrayIterator", "SetIterator", "AsyncIterable", "AsyncIterableIterator", "AsyncIterator",
                             "AsyncGenerator", "AsyncIteratorObject"})
KEYED_COLLECTIONS = frozenset({"Map", "ReadonlyMap", "WeakMap", "Record"})
# Utility types whose result is not one of their arguments' named types: never read as a type they name.
UNFOLLOWED_UTILITIES = frozenset({"Parameters", "ConstructorParameters", "Pick", "Omit", "Exclude", "Extract",
                                  "keyof", "Uppercase", "Lowercase", "ThisParameterType", "OmitThisParameter"})


@lru_cache(maxsize=8192)
def parse_type(text: str):
    text = (text or "").strip()
    if not text:
        return None
    while text.startswith("(") and _matching(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    arrow = _top_arrow(text)
    if arrow is not None:
        return ("fn", parse_type(text[arrow + 2:]))
    parts = _split_top(text, "|")
    if len(parts) > 1:
        kept = [p for p in parts if p not in NULLISH]
        if len(kept) > 1 and "false" in kept:
            # `first(): Element | false`: false a sentinel for "none", as null is; what a caller uses is the rest
            kept = [p for p in kept if p != "false"]
        parsed = {parse_type(p) for p in kept}
        if len(parsed) == 1:
            return parsed.pop()
        if all(p is not None and p[0] == "name" for p in parsed):
            return ("union", tuple(sorted(p[1] for p in parsed)))  # object types only: members all share
        return None
    if "&" in text and len(_split_top(text, "&")) > 1:
        return None
    if text.endswith("[]"):
        return ("array", parse_type(text[:-2]))
    if text == "this":
        return ("this",)
    if text.startswith("typeof "):
        # an instantiation expression `typeof createPure<Argument>` is that function with its type parameters
        # bound: the same value here, as a named type's type arguments are dropped
        queried = re.fullmatch(r"([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?:<.*>)?", text[7:].strip(), re.S)
        return ("typeof", (queried.group(1) if queried else text[7:].strip()).split(".")[-1].strip())
    if text.startswith("readonly "):
        return parse_type(text[9:])
    ctor = re.fullmatch(r"\{\s*new\s*(?:<[^>]*>)?\s*\(.*\)\s*:\s*([^;{}]+?)\s*;?\s*\}", text, re.S)
    if ctor and _top_arrow(ctor.group(1)) is None:
        made = parse_type(ctor.group(1))  # `const Maker: { new (url: string): Sock }`: a constructor of Socks
        return ("typeof", made[1]) if made and made[0] == "name" else None
    indexed = re.fullmatch(r"([A-Za-z_$][\w$.]*)\s*\[\s*[\"']([\w$]+)[\"']\s*\]", text)
    if indexed:
        return ("index", indexed.group(1).split(".")[-1], indexed.group(2))
    m = re.fullmatch(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:<(.*)>)?", text, re.S)
    if not m:
        return None
    name, args = m.group(1), m.group(2)
    if args is not None and _closing(text, m.start(2) - 1) != len(text) - 1:
        # the `<` opening the arguments closes before the end: the text is more than one named type (a
        # conditional type `IsSame<F, D> extends true ? A<F> : B`, whose check type is not what it gives)
        return None
    short = name.split(".")[-1]
    if name in PRIMITIVES:
        return None
    arg_list = _split_top(args, ",") if args else []
    if short in ("Promise", "PromiseLike") and args:
        return ("promise", parse_type(args))
    if (short in ELEMENT_COLLECTIONS and len(arg_list) == 1) or (short in ITERATION_TYPES and 1 <= len(arg_list) <= 3):
        return ("array", parse_type(arg_list[0]))  # what `for...of` and `forEach` give is one element
    if short in KEYED_COLLECTIONS and len(arg_list) == 2:
        return ("map", parse_type(arg_list[1]))
    if short in KEY_PRESERVING and len(arg_list) == 1:
        return parse_type(args)  # `pageSetup: Partial<PageSetup>` has PageSetup's members, no others
    if short in ("Awaited", "NonNullable") and len(arg_list) == 1:
        inner = parse_type(args)
        return inner[1] if short == "Awaited" and inner and inner[0] == "promise" else inner
    if short == "InstanceType" and len(arg_list) == 1:
        inner = parse_type(args)  # `InstanceType<typeof Page>`: a Page
        return ("name", inner[1]) if inner and inner[0] == "typeof" else None
    if short == "ReturnType" and len(arg_list) == 1:
        inner = parse_type(args)  # `ReturnType<() => Page>`, `ReturnType<typeof createPage>`
        if inner and inner[0] == "typeof":
            return ("returnof", inner[1])
        return inner[1] if inner and inner[0] == "fn" else None
    if short in UNFOLLOWED_UTILITIES:
        return None
    return ("name", short)


def generic_args(text: str) -> list[str]:
    """The type arguments written on a named type: `Server<Client, Req>` -> ["Client", "Req"]."""
    m = re.fullmatch(r"\s*[A-Za-z_$][\w$.]*\s*<(.*)>\s*", text or "", re.S)
    return _split_top(m.group(1), ",") if m else []


def substitute(text: str, bindings: dict[str, str]) -> str:
    """`text` with each type parameter named in `bindings` replaced by what it stands for."""
    if not bindings or not text:
        return text
    pattern = re.compile(r"(?<![\w$.])(" + "|".join(re.escape(k) for k in bindings) + r")(?![\w$])")
    return pattern.sub(lambda m: bindings[m.group(1)], text)


def function_params(text: str) -> list[str] | None:
    """The parameters of a function type `(a: A, b?: B) => R` (a `this:` parameter dropped), or None."""
    text = (text or "").strip()
    while text.startswith("(") and _matching(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    parts = [p for p in _split_top(text, "|") if p not in NULLISH]
    if len(parts) != 1:
        return None
    if parts[0] != text:
        return function_params(parts[0])  # `((e: E) => void) | undefined`
    if not text.startswith("("):
        return None
    end = _matching(text, 0)
    if end < 0 or not text[end + 1:].lstrip().startswith("=>"):
        return None
    return [p for p in _split_top(text[1:end], ",") if not p.startswith("this")]


def this_param(text: str) -> str:
    """The declared `this` of a function type (`(this: Sock, code: number) => void` -> `Sock`), or ""."""
    text = (text or "").strip()
    while text.startswith("(") and _matching(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    parts = [p for p in _split_top(text, "|") if p not in NULLISH]
    if len(parts) == 1 and parts[0] != text:
        return this_param(parts[0])
    end = _matching(text, 0) if text.startswith("(") else -1
    if end < 0:
        return ""
    first = (_split_top(text[1:end], ",") or [""])[0]
    return param_type(first) if re.match(r"this\s*:", first) else ""


def union_parts(text: str) -> list[str]:
    """The members of a union type written at top level (`A<X> | B | null` -> ["A<X>", "B", "null"])."""
    return _split_top(text or "", "|")


def intersection_parts(text: str) -> list[str]:
    """The parts of an intersection type written at top level (`A<X> & SafePromiseLike<A<X>>` -> both), or []
    when `text` is no intersection (one type, a union, a function type, a conditional type)."""
    text = (text or "").strip()
    while text.startswith("(") and _matching(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    if "&" not in text or _top_arrow(text) is not None or len(_split_top(text, "|")) > 1 or \
            conditional_branches(text) is not None:
        return []
    parts = _split_top(text, "&")
    return parts if len(parts) > 1 else []


_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_LINE_COMMENT = re.compile(r"(?<![:'\"])//[^\n]*")
_LITERAL_MEMBER = re.compile(r"(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*\??\s*(\(.*\))?\s*:\s*(.+)", re.S)


def object_literal_members(text: str) -> list[tuple[str, str]] | None:
    """The members an object type literal part of an intersection declares (`{ routePath: string; go(): void }`
    -> [("routePath", "string"), ("go", "")]), or None when it has any other kind of member (an index, call
    or construct signature, a computed key) or a shape not read here: such a part leaves the value open."""
    # the declaration file's doc comments between the members (`{ /** The model. */ model: Model; ... }`): their
    # words hold `;`, `,` and brackets; a line comment in text whose lines were joined would hide what follows
    text = _BLOCK_COMMENT.sub(" ", text)
    if "//" in text:
        if "\n" not in text.strip():
            return None
        text = _LINE_COMMENT.sub(" ", text)
    found = []
    for item in _split_top(text.strip()[1:-1], ";"):
        for entry in _split_top(item, ","):
            m = _LITERAL_MEMBER.fullmatch(entry.strip())
            if m is None or ("\n" in m.group(3) and ":" in m.group(3) and m.group(3).count("{") == 0):
                return None  # (members written one a line without `;` would hide the next one's name)
            found.append((m.group(1), "" if m.group(2) else m.group(3).strip()))
    return found


def conditional_parts(text: str) -> tuple[str, str, str, str] | None:
    """`C extends D ? X : Y` as (C, D, X, Y) (nested conditionals in X or Y not split here), or None when `text`
    is not one."""
    found = _conditional_split(text or "")
    head = re.fullmatch(r"(.+?)\s+extends\s+(.+)", text[:found[0]].strip(), re.S) if found is not None else None
    if head is None:
        return None
    return head.group(1).strip(), head.group(2).strip(), text[found[0] + 1:found[1]].strip(), text[found[1] + 1:].strip()


def conditional_branches(text: str) -> list[str] | None:
    """The two result types of a conditional type `C extends D ? X : Y` (nested ones not split here), or None
    when `text` is not one: TypeScript's contextual type for a callback there is one of them."""
    found = _conditional_split(text or "")
    return None if found is None else [text[found[0] + 1:found[1]].strip(), text[found[1] + 1:].strip()]


def _conditional_split(text: str) -> tuple[int, int] | None:
    """The offsets of a conditional type's top-level `?` and of the `:` that matches it, or None."""
    depth, question, nested = 0, -1, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            if not (ch == ">" and i > 0 and text[i - 1] == "="):
                depth -= 1
        elif depth == 0 and ch == "?" and text[i + 1:i + 2] != ".":
            if question < 0:
                question = i
            else:
                nested += 1
        elif depth == 0 and ch == ":" and question >= 0:
            if nested:
                nested -= 1
            else:
                return question, i
    return None


def param_type(param: str) -> str:
    """`cb?: (x: X) => void` -> `(x: X) => void`; a destructured parameter's type too (`{ model, tools }:
    Settings & Prompt` -> `Settings & Prompt`, as a declaration file's function written with its defaults has it);
    a rest parameter -> ""."""
    stripped = param.strip()
    if stripped.startswith(("{", "[")):
        close = _closing(stripped, 0)
        after = stripped[close + 1:].lstrip() if close > 0 else ""
        return after[1:].strip() if after.startswith(":") else ""
    name, sep, rest = param.partition(":")
    if not sep or name.strip().startswith(("...", "{", "[")):
        return ""
    return rest.strip()


def _closing(text: str, i: int) -> int:
    """The index of the bracket closing the one at `i` (`{`, `[`, `(` or `<`), or -1."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] in "{[(<":
            depth += 1
        elif text[j] in "}])>" and not (text[j] == ">" and j > 0 and text[j - 1] == "="):
            depth -= 1
            if depth == 0:
                return j
    return -1


def _matching(text: str, i: int) -> int:
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _top_arrow(text: str) -> int | None:
    depth = 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == ">" and not (i > 0 and text[i - 1] == "="):
            depth -= 1
        elif ch == "=" and depth == 0 and text[i + 1:i + 2] == ">":
            return i
    return None


ARM_SUFFIX = re.compile(r"\$arm\d+$")


def display_type(name: str) -> str:
    """How a type is named in messages: `PDFImage$scale` (an object literal type) -> `PDFImage.scale()` result;
    the object type arms of a union alias (`Params$arm1 | Params$arm2`, dts's `literal_union`) by the alias."""
    if "$arm" in name:
        name = " | ".join(dict.fromkeys(ARM_SUFFIX.sub("", p.strip()) for p in name.split("|")))
        if "|" in name:
            return f"`{name}`"
    if "$" in name:
        owner, _, member = name.partition("$")
        return f"`{owner}.{member}` result" if owner else f"`{member}`"
    return f"`{name}`"
