"""TypeScript declaration files (`.d.ts`) -> object model, parsed with tree-sitter-typescript.

Follows a package's relative imports and re-exports from its entry file (`export * from "./api"`,
`export { default as PDFPage } from "./PDFPage"`), so the module's exports are the names a user can import,
and its imports of dependencies' typings (`import { ObservableV2 } from "lib0/observable"`), so a base class
from another package is known.
Covers classes (fields, methods, accessors, static members, constructors, overloads), interfaces (with
declaration merging), enums, type aliases (an intersection alias is an interface extending its parts),
functions and constants, namespaces (nested and merged), `declare module "name"` blocks, `export =`,
`export as namespace` (a UMD global), construct and call signatures, and index signatures (an open type).
`export * as ns from "./x"` is a namespace object of x's values, and tsc's mixin base (`declare const X_base:
{ new (...args: any[]): {...} } & {...}` behind `class X extends X_base`) is the type its construct signatures make.
Syntax the grammar does not read is blanked first, keeping every byte offset: `export type * from` (TS 5.0) is
read as `export * from` (a type-only star still says which names exist), and an import type's
`import("../..").` prefix (`import("../..").FabricObject<...>`, which tsc writes into generated typings and
which makes the grammar drop the whole file) leaves the bare name, which resolves in the package's one module.
A relative specifier with a source extension (`./Stage.ts`, as tsc writes them) resolves to the declaration
beside it, and a `const` typed by an object type literal (or an intersection of them: `declare const Konva:
{ Stage: typeof Stage } & {...}`) is read as a namespace of that name: its members are the object's.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from tree_sitter import Node

from lsp_server import queries
from lsp_server.graph.resolve import NODE_BUILTINS
from lsp_server.knowledge.builtin_names import is_builtin_type, node_import_class, renamed_base
from lsp_server.knowledge.model_sources.base import (
    PRIMITIVES, TAG_MAPS, Member, ModuleModel, ReadLimits, SourceModel, TypeDef, _split_top, deprecation_in, mark,
    parse_type,
)
from lsp_server.languages import parser
from lsp_server.storage import content_hash
from lsp_server.syntax.jsdoc import comment_before, jsdoc_before
from lsp_server.syntax.modules import NAMESPACE, export_specifiers, import_bindings

log = logging.getLogger(__name__)

MAX_FILES = 3000
_TYPE_STAR = re.compile(rb"\bexport\s+(type)\s+\*")  # export type * from './x'   (TS 5.0)
_REFERENCE_TYPES = re.compile(rb"""^[ \t]*///[ \t]*<reference[ \t]+types[ \t]*=[ \t]*["']([^"'\n]+)["']""", re.M)
_REFERENCE_PATH = re.compile(rb"""^[ \t]*///[ \t]*<reference[ \t]+path[ \t]*=[ \t]*["']([^"'\n]+)["']""", re.M)
_IMPORT_TYPE = re.compile(rb"\bimport\(\s*(?:\"[^\"\n]*\"|'[^'\n]*')\s*\)\s*\.")  # import("./x").Name
_IMPORT_NAMED = re.compile(rb"\bimport\(\s*(?:\"([^\"\n]*)\"|'([^'\n]*)')\s*\)\s*\.")
_IMPORT_DEFAULT = re.compile(rb"\bimport\(\s*(?:\"([^\"\n]*)\"|'([^'\n]*)')\s*\)\s*\.\s*default(?![\w$])")
# `typeof import("./items/items")`, `import("./items/time-series")`: a whole module, no `.Name` after it
_IMPORT_MODULE = re.compile(rb"(?:\btypeof\s+)?\bimport\(\s*(?:\"([^\"\n]*)\"|'([^'\n]*)')\s*\)(?!\s*\.)")
_CONSTRUCTOR_ALIAS = re.compile(r"(?:abstract\s+)?new\s*\([^()]*\)\s*=>\s*([A-Za-z_$][\w$]*)")
_TYPE_ONLY = Path("<files named by import types only>")
CALL = "__call__"  # the member that stands for a call signature
# the members that stand for an iteration protocol method (`[Symbol.iterator]()`, `[Symbol.asyncIterator]()`): names
# no property can have, private (never suggested), read by the type tracker for `for...of` / `for await...of`
ITERATION_KEYS = {"Symbol.iterator": "@@iterator", "Symbol.asyncIterator": "@@asyncIterator"}
DTS_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")


@dataclass
class _Scope:
    """One file (or one `declare module` / namespace body): its declarations and what it exports."""

    path: Path
    module: ModuleModel
    exports: dict[str, tuple["_Scope | None", str]] = field(default_factory=dict)  # exported -> (scope, local)
    stars: list["_Scope"] = field(default_factory=list)
    imports: dict[str, tuple["_Scope", str]] = field(default_factory=dict)  # local -> (scope, imported name)
    local_names: set[str] = field(default_factory=set)
    namespaces: dict[str, "_Scope"] = field(default_factory=dict)  # export * as ns from './x'  -> x's scope
    complete: bool = True
    implicit_exports: bool = False  # a declaration module without export declarations: all it declares is exported
    module_file: bool = False  # the file imports or exports something: its `declare module "x"` augments x
    ns_imports: dict[str, "_Scope"] = field(default_factory=dict)  # import * as ns from './x'  -> x's scope
    # `import * as M from "bun"` of a bare name no file resolves: a `declare module "bun"` (read now or later)
    ns_ambient: dict[str, str] = field(default_factory=dict)  # ns -> module name
    ns_locals: dict[str, str] = field(default_factory=dict)  # ns -> the namespace type made for it
    const_types: dict[str, str] = field(default_factory=dict)  # a top-level `declare const x: T` -> T
    # `import metadata = require("./metadata")` of a declaration file: local -> that file (its module object,
    # which `export { metadata }` makes a member: `module_object`)
    require_imports: dict[str, Path] = field(default_factory=dict)
    # the namespaces this file declares at its top level (each block, and a `declare const x: {...}` read as one),
    # before declaration merging joins them with other files' of the same name (tsc's `_exports` in every file)
    own_namespaces: dict[str, list[TypeDef]] = field(default_factory=dict)
    # `import { EventEmitter as EE } from "node:events"`: local -> the platform type it names (a base `EE`)
    platform: dict[str, str] = field(default_factory=dict)
    # a top-level value this module file declares under a name another module file of the package declares a
    # value of too (`task` in tasks.d.ts and in schedules/index.d.ts): local name -> the key it is held under in
    # `ModuleModel.values` (`task$v1`), so that each file's exports name its own (see `DtsExtractor.add_value`)
    value_keys: dict[str, str] = field(default_factory=dict)


class DtsExtractor:
    def __init__(self, module: str, limits: ReadLimits = ReadLimits()):
        self.limits = limits
        self.source = SourceModel("dts")
        self.module_name = module
        self.scopes: dict[Path, _Scope] = {}
        self.entry_dir: Path | None = None  # the entry file's folder (`ModuleModel.namespace_files` is relative to it)
        self.script_globals: list[str] = []  # values script files declare at their top level (`_script_globals`)
        self.queue: list[Path] = []
        self.constructed: dict[str, TypeDef] = {}  # const name -> the instance type its `new` signatures make
        # const name -> its parts checked once every file is read: ("typeof", class) or (alias, type argument)
        self.constructed_parts: dict[str, list[tuple[str, str]]] = {}
        self.type_only_files: list[Path] = []  # named by import types only, read last (see `run`)
        self.namespace_names: dict[str, list[str]] = {}  # namespace -> the names declared in it (types too)
        self.ambient: dict[str, _Scope] = {}  # `declare module "name"` blocks by name (merged)
        self.declared_modules: set[str] = set()  # the names a script file's `declare module` declares (no augmentation)
        # `export * from "<bare name>"`: (scope, name, resolved to a file), bound to a `declare module` once all is read
        self.late_stars: list[tuple[_Scope, str, bool]] = []
        self.late_clauses: list[tuple[_Scope, str, list]] = []  # `export { a as b } from "<bare name>"`, the same
        self.calls: dict[str, Member] = {}  # a namespace's class/namespace -> the function of its name there
        # `export import transports = Transports` of an `import * as Transports from './x'`: (member, scope of
        # x), typed once every file is read (see `type_file_aliases`)
        self.file_aliases: list[tuple[Member, _Scope, str]] = []  # (member, scope of x, export of x or "")
        self.declared_in: dict[str, set[str]] = {}  # a type's short name -> the namespaces declaring it
        # the short names of types the package's module declares outside any namespace (`qualify_collisions`);
        # not in a `declare module` block: an augmentation of an `export =` namespace's module merges into that
        # namespace (@types/lodash's `declare module "../index" { interface LoDashStatic {...} }`)
        self.top_declared: set[str] = set()
        self.block_depth = 0
        self.global_declared: dict[str, set[str]] = {}  # the same, for `declare global { namespace X {...} }`
        # `private [hasHimportCoordinator];` (tsc's output for a member keyed by a symbol): a computed key we
        # cannot evaluate opens its type unless, once every file is read, the key is a `unique symbol` const,
        # which names no string property (see `open_computed_keys`)
        self.computed_keys: list[tuple[str, str, str, int]] = []  # (type name, key, declaration's path and line)
        self.unique_symbols: set[str] = set()
        # `typeof import('./mock-agent').default`: each such import type is read as a placeholder name
        # (`$d1$`), the file it names (its scope), resolved to that file's default export once every file is
        # read (see `type_default_imports`)
        self.default_imports: dict[str, _Scope] = {}
        # `typeof import("./items/items")` (a whole module: the entry of tsc's JSDoc typings types its exports
        # so): each such import type is read as a placeholder name (`$m1$`) bound to that file, typed as the
        # file's module object once every file is read (see `module_object`, `type_module_imports`)
        self.module_imports: dict[str, Path] = {}
        self.module_objects: dict[Path, str] = {}  # file -> the type of its module object (`typeof X`), once made
        # a namespace's `export { x$1 as x }` naming a top-level declaration not read yet: (namespace, local,
        # exported, module), resolved once every file is read (see `resolve_late_namespace_names`)
        self.late_namespace_names: list[tuple[TypeDef, str, str, _Scope]] = []
        # `declare global { export import Bun = M }` of a namespace import `M`: (global name, the import's scope, M),
        # bound to the module M names once every file is read (see `bind_namespace_globals`)
        self.namespace_globals: list[tuple[str, _Scope, str]] = []
        # the module a member's object type (`Owner$member`) is declared in: a `declare module` block's own
        self.synth_module: ModuleModel | None = None
        # each file's own top-level values (path, name) -> value: a module file's declarations are its own
        # (TypeScript's module scope), so two files' `declare const usage` are two values (see `file_scoped_exports`)
        self.file_values: dict[tuple[str, str], Member] = {}
        self.separate_values: list[str] = []  # the keys of values held apart (`_Scope.value_keys`), in order
        self.file_types: list[str] = []  # the keys of module files' own types held apart (`file_local_types`)

    # --- files ------------------------------------------------------------------------------------------
    def scope_for(self, path: Path) -> _Scope:
        path = path.resolve()
        scope = self.scopes.get(path)
        if scope is None:
            scope = _Scope(path, self.source.module(self.module_name))
            self.scopes[path] = scope
            self.queue.append(path)
        return scope

    def run(self, entry: Path) -> SourceModel:
        entry_scope = self.scope_for(entry)
        self.entry_dir = entry_scope.path.parent
        for extra in (None, *_element_files(entry), _TYPE_ONLY):
            # then the package's custom elements that no export reaches (`declare global { interface
            # HTMLElementTagNameMap { 'wa-dialog': WaDialog } }` in each component's file, imported for its side
            # effect or autoloaded): `querySelector('wa-dialog')` finds them by tag name
            if extra is _TYPE_ONLY:
                # last, the files only import types name (`import("./x").Host`) and what they reach: every
                # other file keeps its place (the engine's examples are read from the first files)
                while self.type_only_files:
                    for target in self.type_only_files:
                        self.scope_for(target)
                    self.type_only_files = []
                    self.read_queue(entry)
                continue
            if extra is not None:
                self.scope_for(extra)
            self.read_queue(entry)
        mod = self.source.module(self.module_name)
        self.resolve_late_namespace_names()
        # `declare class Decimal {...}` and `declare function Decimal(n): Decimal` (decimal.js), or a function
        # merged with a namespace (leaflet's `tileLayer` and `tileLayer.wms`): the value is the class or the
        # namespace object, callable too; TypeScript's `Decimal.x` reads its static side, which the function
        # would hide (a function's members are not known, so nothing would be checked). The function becomes
        # the type's static call signature: `Decimal(1)` still makes a Decimal.
        for name, value in list(mod.values.items()):
            t = mod.types.get(name)
            if value.kind == "function" and t is not None and (t.kind in ("class", "namespace") or any(
                    m.static for m in t.members)):
                del mod.values[name]
                self.calls.setdefault(name, value)
        for name, value in self.calls.items():
            t = mod.types.get(name)
            if t is not None and not any(m.name == CALL and m.static for m in t.members):
                t.members.append(replace(value, name=CALL, kind="method", private=True, static=True))
        # the same in each `declare module "name"` block: `function inspect(...)` beside `namespace inspect {...}`
        for scope in self.ambient.values():
            ambient = scope.module
            for name, value in list(ambient.values.items()):
                t = ambient.types.get(name)
                if value.kind == "function" and t is not None and t.kind == "namespace":
                    del ambient.values[name]
                    if not any(m.name == CALL and m.static for m in t.members):
                        t.members.append(replace(value, name=CALL, kind="method", private=True, static=True))
        self.type_default_imports(mod)
        self.type_imported_names(mod)
        self.type_file_aliases()
        self.open_computed_keys()
        self.unqualify_require_aliases(mod)
        self.qualify_collisions(mod)
        self.add_mixin_bases(mod)
        self.add_namespace_exports(mod)
        self.type_module_imports(mod)
        self.join_identical_file_types(mod)
        self.record_module_files(mod, entry_scope)
        # `export * from "gsap/gsap-core"` names a module that `declare module "gsap/gsap-core"` blocks (in
        # files read later) declare: their exports are re-exported too
        for scope, spec, resolved in self.late_stars:
            ambient = self.ambient.get(spec)
            if ambient is not None and ambient is not scope and ambient not in scope.stars:
                scope.stars.append(ambient)
            elif ambient is None and not resolved:
                scope.complete = False  # neither a file nor a declared module: its names are unknown
        for scope, spec, specifiers in self.late_clauses:
            ambient = self.ambient.get(spec)
            if ambient is None:
                scope.complete = False
            for sp in specifiers:
                scope.exports[sp.exported] = (ambient, f"@export:{sp.name}") if ambient is not None else (None, sp.name)
        self.bind_namespace_globals(mod, entry_scope)
        for scope in self.ambient.values():
            for exported, (s, local) in self.resolve_exports(scope, set()).items():
                target = self.resolve_local(s, local, set()) if s else local
                scope.module.exports[exported] = target or local
        for name, (scope, local) in self.resolve_exports(entry_scope, set()).items():
            where: list[_Scope] = []
            target = self.resolve_local(scope, local, set(), where) if scope else local
            mod.exports[name] = self.file_scoped_export(mod, target, where) or target or local
        mod.complete = entry_scope.complete and all(s.complete for s in self.scopes.values())
        # `declare module "node:fs/promises" { function exists(...) }` in a module file (one that imports or
        # exports something) augments a module declared elsewhere (Node's, another package's): it adds names,
        # never replaces the module, so its exports are not all known. So is any block of one of Node's own
        # modules (`node:fs` and `fs` are one module, which the platform declares). An augmentation of the
        # package itself (`declare module "pkg"` in pkg's own typings) merges into the module read here.
        for name, scope in self.ambient.items():
            if name != self.module_name and (name not in self.declared_modules or _node_module(name)):
                scope.module.complete = False
        self.drop_other_modules_export_value(mod, entry_scope)
        for module in {id(m): m for m in [mod, *(sc.module for sc in self.ambient.values())]}.values():
            _resolve_member_queries(module)
        # `export = moment` with `declare namespace moment { interface Duration {} }`: what the namespace declares
        # is importable by name (`import { Duration } from "moment"`), its types included; the values of the
        # target (namespace members, statics, the members of a const's type) are resolved by the model
        for name in self.namespace_names.get(mod.exports.get("=", ""), ()):
            mod.exports.setdefault(name, name)
        for name in mod.globals:  # the global is what `export =` / `export default` gives an importer
            target = mod.exports.get("=") or mod.exports.get("default")
            if target:
                mod.exports.setdefault(name, target)
        # a script file's `declare const $: JQueryStatic` (@types/jquery's misc.d.ts), `declare class Draggable`:
        # globals a page's script uses without an import, as TypeScript sees them; not exports of the module
        mod.globals += [g for g in dict.fromkeys(self.script_globals)
                        if g not in mod.globals and (g in mod.values or g in mod.types)]
        return self.source

    def read_queue(self, entry: Path) -> None:
        while self.queue:
            path = self.queue.pop(0)
            if len(self.source.files) >= MAX_FILES:
                self.source.warnings.append(f"{entry}: stopped after {MAX_FILES} declaration files")
                self.queue.clear()
                break
            self.parse_file(path)

    def bind_namespace_globals(self, mod: ModuleModel, entry: _Scope) -> None:
        """`import * as BunModule from "bun"; declare global { export import Bun = BunModule }`: the global `Bun` is
        the namespace object of the module the import names, in every file (TypeScript reads `Bun.file(...)` as
        `import * as Bun from "bun"` would). A `declare module "bun"` the package declares: that module's
        namespace global; the package's own entry file: the package's; another file of the package: a value of
        the namespace type made for the import (its exports' values), declared global. A module declared
        nowhere in reach leaves the name unknown (never flagged: no global of that name is known)."""
        for name, scope, local in self.namespace_globals:
            spec = scope.ns_ambient.get(local)
            if spec is not None:
                target = self.ambient.get(spec)
                if target is not None and name not in target.module.namespace_globals:
                    target.module.namespace_globals.append(name)
                continue
            target = scope.ns_imports.get(local)
            if target is entry:
                if name not in mod.namespace_globals:
                    mod.namespace_globals.append(name)
            elif target is not None and local in scope.ns_locals and name not in mod.values:
                mod.values[name] = Member(name, "value", f"typeof {scope.ns_locals[local]}", path=str(scope.path))
                if name not in mod.globals:
                    mod.globals.append(name)

    def type_file_aliases(self) -> None:
        """winston: `import * as Transports from './lib/winston/transports/index'` then, in its namespace,
        `export import transports = Transports`; that file says `declare const winston: winston.Transports;
        export = winston`. The member is that const's declared type (the package keeps one namespace, so the
        type's name resolves), not `any`: `winston.transports.File` is then known, and `Files` is not. A file
        whose `=` is anything else leaves the member `any`. `export import format = logform.format` (an export
        of a package it imports, read into this model): that namespace or class, as `typeof` it."""
        mod = self.source.module(self.module_name)
        for member, target, name in self.file_aliases:
            exported = self.resolve_exports(target, set()).get(name or "=")
            if exported is None:
                continue
            if name:
                local = self.resolve_local(exported[0], exported[1], set()) if exported[0] else None
                t = mod.types.get(local or "")
                if t is not None and t.kind in ("class", "namespace", "enum"):
                    member.type = f"typeof {t.name}"
                continue
            if exported[0] is not target:
                continue
            declared = target.const_types.get(exported[1], "")
            if declared and declared != "any":
                member.type = declared

    def open_computed_keys(self) -> None:
        """A type with a member keyed `[KEY]` is open (its name is not known) unless KEY is a const the package
        declares `unique symbol` (ioredis's `private [hasHimportCoordinator]`, imported from the file that says
        `export declare const hasHimportCoordinator: unique symbol`): a symbol names no property a user's
        `x.name` can read. The name is matched across the package's files (one namespace per package)."""
        mod = self.source.module(self.module_name)
        for name, key, path, line in self.computed_keys:  # by name: declaration merging has made new TypeDefs since
            if key.rsplit(".", 1)[-1] not in self.unique_symbols:
                for t in mod.types.values():
                    # (a namespace's copy `N$name` is that declaration's only: a top-level class's key says nothing
                    # of `SuiClientTypes.Transaction`, an interface of the same name declared elsewhere)
                    if t.name == name or (t.name.endswith(f"${name}") and (t.path, t.line) == (path, line)):
                        t.open = True

    def drop_other_modules_export_value(self, mod: ModuleModel, entry: _Scope) -> None:
        """winston: the entry says `declare namespace winston {...}; export = winston`, and a file it imports as
        a module of its own (`import * as Config from './lib/winston/config/index'`) says `declare const
        winston: winston.Config; export = winston` for itself. The package keeps one namespace, so that file's
        const would become the package's `=`; it is that file's own value and is dropped (the file is still read
        for its types). Not when the other file is a script (its const merges with the namespace, as in tsc)."""
        target = mod.exports.get("=")
        value = mod.values.get(target) if target else None
        t = mod.types.get(target) if target else None
        if value is None or t is None or t.kind not in ("namespace", "class") or not value.path or not t.path:
            return
        other = self.scopes.get(Path(value.path).resolve())
        if Path(t.path).resolve() == entry.path and other is not None and other is not entry and "=" in other.exports:
            del mod.values[target]

    def parse_file(self, path: Path) -> None:
        try:
            data = self.limits.read_declaration(path)
        except OSError as exc:  # also a SkippedFile: too large, not a regular file, outside the roots
            self.source.warnings.append(f"cannot read {path}: {exc}")
            self.scopes[path].complete = False
            return
        self.source.files[str(path)] = content_hash(data)
        # `/// <reference path="./common/common.d.ts" />`: the referenced file's declarations are part of the
        # program (@types/lodash and @types/jquery declare most of their API so)
        for ref in _REFERENCE_PATH.findall(data):
            target = (path.parent / ref.decode("utf-8", "replace")).resolve()
            if target.is_file() and target.name.endswith(DTS_SUFFIXES):
                self.scope_for(target)
        references = [r.decode("utf-8", "replace") for r in _REFERENCE_TYPES.findall(data)]
        if b"default" in data and b"import(" in data:
            data = self.mark_default_imports(path, data)
        if b"import(" in data:
            data = self.mark_module_imports(path, data)
        if b"import(" in data:
            # `Constructor<import("../types/FormatMixinTypes.js").FormatHost>` (tsc writes import types into
            # the typings it generates from JSDoc): the named file is part of the program, so its types are
            # known (the package keeps one namespace; the prefix is blanked by `grammar_readable`), read once the
            # files the imports reach are (see `run`)
            for m in _IMPORT_NAMED.finditer(data):
                spec = (m.group(1) or m.group(2) or b"").decode("utf-8", "replace")
                target = resolve_relative(path, spec) if spec.startswith(".") else resolve_package(path, spec)
                if target is not None and target.name.endswith(DTS_SUFFIXES):
                    self.type_only_files.append(target)
        data = grammar_readable(data)
        tree = parser("typescript").parse(data)
        scope = self.scopes[path]
        scope.implicit_exports = _exports_every_declaration(tree.root_node)
        scope.module_file = any(n.type in ("import_statement", "export_statement", "import_alias")
                                for n in tree.root_node.named_children)
        renamed = self.file_local_types(tree.root_node, data, scope)
        if renamed is not None:
            data = renamed
            tree = parser("typescript").parse(data)
        links = queries.captures("typescript", "module_links", tree.root_node).get("import.source", [])
        self._targets = {}
        for node in links:
            spec = _text(node, data)
            target = resolve_relative(path, spec) if spec.startswith(".") else resolve_package(path, spec)
            self._targets[spec] = target
        # `/// <reference types="@stdlib/types"/>` beside `import { TypedIterator } from '@stdlib/types/iter'`, a
        # subpath that is no file: the referenced package's typings are part of the program, and the module they
        # declare (`declare module '@stdlib/types/iter' { interface TypedIterator<T> }`) is what the import
        # names; read last, as the files import types name. Only then: a reference whose package this file's
        # imports do not need adds nothing this reader uses (and Node's, `types="node"`, is the platform's).
        for name in references:
            if name in ("node", "@types/node") or name.startswith(".") or _node_module(name):
                continue
            if any(target is None and (spec == name or spec.startswith(name + "/")) for spec, target in
                   self._targets.items()):
                found = resolve_package(path, name)
                if found is not None and found.name.endswith(DTS_SUFFIXES):
                    self.type_only_files.append(found)
        self.walk_body(tree.root_node, scope, data, module_level=True)
        if not any(n.type in ("import_statement", "export_statement", "import_alias")
                   for n in tree.root_node.named_children):
            self.script_globals.extend(_script_globals(tree.root_node, data))

    def file_local_types(self, root: Node, data: bytes, scope: _Scope) -> bytes | None:
        """TypeScript's module scope for types: a module file's top-level interface, class, type alias or enum
        that it does not export is its own, never merged with another file's of the same name (each of a
        package's folders declaring its own `interface Random extends PRNG` and `declare var randu: Random;
        export = randu`). The package is read as one namespace, so such a declaration whose name another file's
        type already holds is renamed in this file (`Random$file3`: every reference to it here, as a type, in
        `typeof` or in `extends`) before it is read. None when nothing is renamed. Left alone: a name the file
        declares more than once or also as a value or namespace, or names in an export."""
        if not scope.module_file or scope.implicit_exports or scope.module is not self.source.module(self.module_name):
            return None
        mod = scope.module
        path = str(scope.path)
        declared: dict[str, int] = {}
        top: list[str] = []
        exported: set[str] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            t = node.type
            if t in _TYPE_DECLARATIONS or t in _VALUE_DECLARATIONS or t == "type_parameter":
                name = node.child_by_field_name("name")
                if name is not None:
                    text = _text(name, data)
                    declared[text] = declared.get(text, 0) + (1 if t in _TYPE_DECLARATIONS else 2)
            elif t == "variable_declarator":
                name = node.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    declared[_text(name, data)] = declared.get(_text(name, data), 0) + 2
            if t == "export_statement":
                exported.update(_text(n, data) for n in _descendants(node, ("identifier", "type_identifier")))
            stack.extend(node.named_children)
        for child in root.named_children:
            inner = _block_declaration(child) if child.type == "ambient_declaration" else child
            if inner.type in _TYPE_DECLARATIONS and inner.child_by_field_name("name") is not None:
                top.append(_text(inner.child_by_field_name("name"), data))
        keys: dict[str, str] = {}
        for name in top:
            held = mod.types.get(name)
            if declared.get(name) != 1 or name in exported or held is None or held.path == path:
                continue
            n = len(self.file_types) + 1
            while f"{name}$file{n}" in mod.types:
                n += 1
            keys[name] = f"{name}$file{n}"
            self.file_types.append(keys[name])
        if not keys:
            return None
        edits: list[tuple[int, int, bytes]] = []
        for node in _descendants(root, ("type_identifier", "identifier")):
            text = _text(node, data)
            if text not in keys:
                continue
            parent = node.parent
            if node.type == "type_identifier" and parent is not None and parent.type == "nested_type_identifier":
                continue  # `random.PRNG`: another namespace's
            if node.type == "identifier" and (parent is None or parent.type not in ("type_query", "extends_clause")):
                continue  # a value, a property
            edits.append((node.start_byte, node.end_byte, keys[text].encode()))
        out = bytearray(data)
        for start, end, text in sorted(edits, reverse=True):
            out[start:end] = text
        return bytes(out)

    def join_identical_file_types(self, mod: ModuleModel) -> None:
        """Module files' own types held apart (`file_local_types`) that are the same declaration as another of
        their name (the same members of the same types, bases and parameters; docs and places aside, the types
        they name joined first) are one type again: TypeScript compares object types by their structure, so
        forty folders' identical `interface Iterator<T> extends TypedIterator<T> {...}` are one shape, which
        the docs' many examples then name alike. A type made for one of its members' object literal
        (`Random$file3$factory`) is part of its shape."""
        keys = [k for k in self.file_types if k in mod.types]
        if not keys:
            return
        derived: dict[str, list[str]] = {}  # a type -> the types made for its members (`X$member`, nested too)
        for name in mod.types:
            i = name.find("$", 1)
            while i > 0:
                if not _FILE_SUFFIX.match(name, i + 1):
                    derived.setdefault(name[:i], []).append(name)
                    break
                i = name.find("$", i + 1)
        joined: dict[str, str] = {}

        def shape(name: str, as_name: str, hypothesis: dict[str, str]) -> tuple:
            def canon(text: str) -> str:
                if "$file" not in text:
                    return text
                return _FILE_TYPE_REF.sub(lambda m: hypothesis.get(m.group(1), m.group(1)) + (m.group(2) or ""), text)
            t = mod.types[name]
            members = sorted((m.name, m.kind, canon(m.type), tuple(canon(x) for x in m.params), m.static, m.private,
                              m.protected, canon(m.shown_type), m.status,
                              tuple(tuple(canon(x) for x in o) for o in m.overloads),
                              tuple(canon(x) for x in m.returns), tuple(m.predicate), tuple(map(tuple, m.fixed_type_params)),
                              tuple(map(tuple, m.defaulted_type_params)))
                             for m in t.members)
            parts = [(t.kind, tuple(canon(b) for b in t.bases), canon(t.alias), tuple(t.type_params),
                      tuple(canon(d) for d in t.type_defaults), t.open, t.any_name, t.lookup, canon(t.shown_alias),
                      canon(t.index_value), tuple(members))]
            for d in sorted(derived.get(name, ())):
                parts.append((as_name + d[len(name):], shape(d, as_name + d[len(name):], hypothesis)))
            return tuple(parts)

        groups: dict[str, list[str]] = {}
        for key in keys:
            groups.setdefault(key.partition("$file")[0], []).append(key)
        changed = True
        while changed:  # (a type whose members name another joined type joins once that one has)
            changed = False
            for plain, group in groups.items():
                for i, key in enumerate(group):
                    if key in joined:
                        continue
                    for rep in [plain, *(k for k in group[:i] if k not in joined)]:
                        if rep in mod.types and shape(key, rep, {**joined, key: rep}) == shape(rep, rep, joined):
                            joined[key] = rep
                            changed = True
                            break
        if not joined:
            return

        def fix(text: str) -> str:
            if "$file" not in text:
                return text
            return _FILE_TYPE_REF.sub(lambda m: joined.get(m.group(1), m.group(1)) + (m.group(2) or ""), text)
        for key in joined:
            for d in derived.get(key, ()):
                mod.types.pop(d, None)
            mod.types.pop(key, None)
        self.rewrite_types(mod, fix)

    def mark_default_imports(self, path: Path, data: bytes) -> bytes:
        """`import('./mock-agent').default` (an import type of another file's default export, which tsc writes
        into generated typings and hand-written index files use: `const MockAgent: typeof
        import('./mock-agent').default`) as a placeholder name of the same length, bound to that file (read
        too); the bare `default` the blanking would leave names nothing."""
        def placeholder(m: re.Match) -> bytes:
            spec = (m.group(1) or m.group(2) or b"").decode("utf-8", "replace")
            target = resolve_relative(path, spec) if spec.startswith(".") else resolve_package(path, spec)
            name = f"$d{len(self.default_imports) + 1}$"
            if target is None or len(name) > len(m.group(0)):
                return m.group(0)  # blanked as any import type: what it names stays unknown
            self.default_imports[name] = self.scope_for(target)
            return name.encode().ljust(len(m.group(0)))
        return _IMPORT_DEFAULT.sub(placeholder, data)

    def type_default_imports(self, mod: ModuleModel) -> None:
        """Each `import('./x').default` placeholder replaced by the declaration x exports as its default (`export
        default MockAgent` -> `MockAgent`), in every base, alias and member type of the module; by `unknown` when
        x has none the reader resolves (the placeholder names no type)."""
        if not self.default_imports:
            return
        names = {}
        for name, target in self.default_imports.items():
            exported = self.resolve_exports(target, set()).get("default")
            local = self.resolve_local(exported[0], exported[1], set()) if exported and exported[0] else None
            names[name] = local or "unknown"
        pattern = re.compile("|".join(re.escape(n) for n in names))

        self.rewrite_types(mod, lambda text: pattern.sub(lambda m: names[m.group(0)], text) if "$d" in text else text)

    def type_imported_names(self, mod: ModuleModel) -> None:
        """A file's import that binds a name another file of the package declares (compromise: `import type View
        from './two.d.ts'` in view/three.d.ts, whose default export is `interface Two`, while one.d.ts declares
        `class View`): in that file the name is the import's declaration, so each type text of the file's own
        declarations (bases, aliases, members) names it (`interface Three extends Two`, `nlp(): Three & P`). The
        package is read as one namespace, where the short name would mean the other file's type; an import whose
        name no other declaration holds is an alias type already (`extract_dts`)."""
        fixes: dict[str, Callable[[str], str]] = {}  # a file's path -> its own type texts' rewrite
        for scope in list(self.scopes.values()):
            if scope.module is not mod or not scope.imports:
                continue
            renames: dict[str, str] = {}
            for local, (target, name) in scope.imports.items():
                if local in scope.local_names or (local not in mod.types and local not in mod.values):
                    continue
                resolved = self.resolve_local(target, f"@export:{name}", set())
                if resolved and resolved != local and resolved in mod.types:
                    renames[local] = resolved
            if renames:
                fixes[str(scope.path)] = _reference_renamer(renames)
        if not fixes:
            return
        # one pass over the module, each declaration through its own file's rewrite (a package of many files,
        # many of them importing a colliding name, is still read once)
        for t in mod.types.values():
            fix = fixes.get(t.path)
            if fix is not None:
                t.bases = [fix(b) for b in t.bases]
                t.alias = fix(t.alias)
        members = [m for t in mod.types.values() for m in t.members] + list(mod.values.values())
        for m in {id(m): m for m in members}.values():
            fix = fixes.get(m.path)
            if fix is not None:
                m.type, m.shown_type = fix(m.type), fix(m.shown_type)
                m.params = [fix(x) for x in m.params]
                m.returns = [fix(x) for x in m.returns]
                m.overloads = [[fix(x) for x in ps] for ps in m.overloads]

    def mark_module_imports(self, path: Path, data: bytes) -> bytes:
        """`typeof import("./items/items")` (a whole module's object, as the hand-written entry of tsc's JSDoc
        typings types its exports: `export const items: typeof import("./items/items")`) as a placeholder name of
        the same length, bound to that file (read last, as the files import types name); a bare
        `import("./items/time-series")` in a type is the same object. Left as written when no declaration file is
        found: what it names stays unknown."""
        def placeholder(m: re.Match) -> bytes:
            spec = (m.group(1) or m.group(2) or b"").decode("utf-8", "replace")
            target = resolve_relative(path, spec) if spec.startswith(".") else resolve_package(path, spec)
            name = f"$m{len(self.module_imports) + 1}$"
            if target is None or not target.name.endswith(DTS_SUFFIXES) or len(name) > len(m.group(0)):
                return m.group(0)
            self.module_imports[name] = target.resolve()
            self.type_only_files.append(target)
            return name.encode().ljust(len(m.group(0)))
        return _IMPORT_MODULE.sub(placeholder, data)

    def module_placeholder(self, path: Path) -> str:
        """A placeholder name (`$m1$`) for the module object of the declaration file at `path`."""
        path = path.resolve()
        for name, target in self.module_imports.items():
            if target == path:
                return name
        name = f"$m{len(self.module_imports) + 1}$"
        self.module_imports[name] = path
        return name

    def type_module_imports(self, mod: ModuleModel) -> None:
        """Each `typeof import("./x")` placeholder replaced by x's module object (`module_object`), in every
        base, alias and member type of the module; by `any` when x was not read (nothing on it is flagged)."""
        if not self.module_imports:
            return
        names: dict[str, str] = {}
        while len(names) < len(self.module_imports):  # (a module object's members may name more files)
            for name, path in list(self.module_imports.items()):
                if name not in names:
                    scope = self.scopes.get(path)
                    names[name] = self.module_object(scope, mod) \
                        if scope is not None and str(path) in self.source.files else "any"
        pattern = re.compile("|".join(re.escape(n) for n in names))
        self.rewrite_types(mod, lambda text: pattern.sub(lambda m: names[m.group(0)], text) if "$m" in text else text)

    def module_object(self, scope: _Scope, mod: ModuleModel) -> str:
        """The type of what `require("./x")` gives (x's scope), as a type text: `typeof X` of the declaration its
        `export =` names; of a namespace made of its named exports when it has none (`x$module1`, a name no source
        can write). tsc's JSDoc output names every file's object `_exports` (`declare namespace _exports {...};
        export = _exports`), which the package's one namespace merges across files: then the object is a
        namespace of this file's own blocks only (`items$module1`). `any` for what cannot be followed."""
        if scope.path in self.module_objects:
            return self.module_objects[scope.path]
        self.module_objects[scope.path] = "any"  # (a cycle of files: unknown)
        exports = self.resolve_exports(scope, set())
        # named by the file (`items$module4`, `rules$module3` of rules/index.d.ts): messages show it as `items`
        stem = scope.path.name.split(".")[0]
        stem = re.sub(r"[^\w$]", "_", scope.path.parent.name if stem == "index" else stem)
        made = f"{stem}$module{len(self.module_objects)}"
        # `module.exports = new Proxy(itemProperties, { get: ... })` (openhab's `items`: any name is the Item of
        # that name): the object answers every name, so its members are known and no other name is missing
        trap = _proxied_runtime(scope.path, self.limits)
        proxied = trap is not None
        if "=" in exports:
            s, local = exports["="]
            own = s.own_namespaces.get(local) if s is not None else None
            if own and (proxied or any(other is not s and local in other.own_namespaces
                                       for other in self.scopes.values())):
                td = TypeDef(made, "namespace", path=str(s.path), line=own[0].line, doc=own[0].doc)
                seen: set[str] = set()
                for block in own:
                    td.open = td.open or block.open
                    for m in block.members:
                        if m.static and m.name not in seen:
                            seen.add(m.name)
                            td.members.append(m)
                td.open = td.open or proxied
                td.any_name, td.lookup = proxied, trap or ""
                mod.add_type(td)
                result = f"typeof {td.name}"
            else:
                resolved = self.resolve_local(s, local, set()) if s is not None else None
                t = mod.types.get(resolved or "")
                known = (t is not None and t.kind in ("class", "namespace", "enum")) or resolved in mod.values
                result = f"typeof {resolved}" if known and not proxied else "any"
        else:
            td = TypeDef(made, "namespace", path=str(scope.path), open=proxied, any_name=proxied, lookup=trap or "")
            mod.add_type(td)
            self.namespace_members(td, scope, mod)
            result = f"typeof {td.name}"
        self.module_objects[scope.path] = result
        return result

    def unqualify_require_aliases(self, mod: ModuleModel) -> None:
        """`import operations = require("./operation-builder")` then `then(): operations.OperationBuilder` (tsc's
        JSDoc output joins its files so): the type is the file's `OperationBuilder`, which the package's one
        namespace holds by its bare name. `typeof operations` alone is that file's module object (what
        `require()` gives: `interface Namespace { base: typeof base }` of `import base = require('./../../base')`),
        a placeholder typed once every file is read (`type_module_imports`). Rewritten in the declarations of the
        file that imports so only."""
        for scope in self.scopes.values():
            aliases = [a for a in scope.require_imports if a not in scope.local_names]
            if not aliases:
                continue
            words = "|".join(re.escape(a) for a in aliases)
            pattern = re.compile(r"(?<![\w$.])(?:%s)\.(?=[A-Za-z_$])" % words)
            type_queries = re.compile(r"(?<![\w$.])typeof\s+(%s)(?![\w$.])" % words)

            def fix(text: str, scope: _Scope = scope) -> str:
                if "typeof" in text:
                    text = type_queries.sub(lambda m: self.module_placeholder(scope.require_imports[m.group(1)]),
                                       text)
                return pattern.sub("", text)
            path = str(scope.path)
            types = [t for t in mod.types.values() if t.path == path]
            members = [m for t in types for m in t.members] + [v for v in mod.values.values() if v.path == path]
            for t in types:
                t.bases = [fix(b) for b in t.bases]
                t.alias = fix(t.alias)
            for m in members:
                if m.path == path:
                    m.type, m.shown_type = fix(m.type), fix(m.shown_type)
                    m.params = [fix(x) for x in m.params]
                    m.returns = [fix(x) for x in m.returns]
                    m.overloads = [[fix(x) for x in ps] for ps in m.overloads]

    def record_module_files(self, mod: ModuleModel, entry: _Scope) -> None:
        """What `require()` of each file read that has an `export =` gives (`module_object`), by its path relative
        to the entry's folder (`ModuleModel.module_files`): a subpath of a package with no `exports` map is a
        folder with typings of its own (`pkg/base/randu`), the very file the package's namespaces reach."""
        if self.entry_dir is None:
            return
        for scope in list(self.scopes.values()):
            if scope is entry or "#module:" in str(scope.path) or str(scope.path) not in self.source.files:
                continue
            if "=" not in scope.exports:
                continue
            text = self.module_object(scope, mod)
            if text != "any":
                mod.module_files.setdefault(Path(os.path.relpath(scope.path, self.entry_dir)).as_posix(), text)

    def rewrite_types(self, mod: ModuleModel, fix) -> None:
        """Every base, alias and member type of the module (and of its `declare module` blocks) through `fix`."""
        seen: set[int] = set()
        modules = [mod] + [m for m in self.source.modules.values() if m is not mod]  # `declare module` blocks too
        types = [t for m in modules for t in m.types.values()]
        members = [m for t in types for m in t.members] + [v for m in modules for v in m.values.values()]
        for t in types:
            t.bases = [fix(b) for b in t.bases]
            t.alias = fix(t.alias)
        for m in members:
            if id(m) not in seen:
                seen.add(id(m))
                m.type, m.shown_type = fix(m.type), fix(m.shown_type)
                m.params = [fix(x) for x in m.params]
                m.returns = [fix(x) for x in m.returns]
                m.overloads = [[fix(x) for x in ps] for ps in m.overloads]
        for scope in self.scopes.values():
            scope.const_types = {k: fix(v) for k, v in scope.const_types.items()}

    def target_scope(self, spec: str, scope: _Scope) -> _Scope | None:
        target = self._targets.get(spec)
        if target is None and spec.startswith("."):
            target = resolve_relative(scope.path, spec)
        return self.scope_for(target) if target else None

    # --- declarations -----------------------------------------------------------------------------------
    def walk_body(self, body: Node, scope: _Scope, data: bytes, module_level: bool) -> None:
        for child in body.named_children:
            self.statement(child, scope, data, exported=False, default=False)

    def statement(self, node: Node, scope: _Scope, data: bytes, exported: bool, default: bool) -> None:
        t = node.type
        if t == "export_statement":
            self.export_statement(node, scope, data)
        elif t == "ambient_declaration":
            for child in node.named_children:
                if child.type == "module" and child.child_by_field_name("name") and \
                        child.child_by_field_name("name").type == "string":
                    self.ambient_module(child, scope, data)
                elif child.type == "statement_block":  # declare global { ... }
                    self.global_block(child, scope, data)
                else:
                    self.statement(child, scope, data, exported, default)
        elif t == "import_statement":
            self.import_statement(node, scope, data)
        elif t == "import_alias":
            pass
        else:
            names = self.declaration(node, scope, data)
            if exported:
                for name in names:
                    scope.exports["default" if default else name] = (scope, name)
            elif scope.implicit_exports:
                for name in names:
                    scope.exports.setdefault(name, (scope, name))

    def declaration(self, node: Node, scope: _Scope, data: bytes, into: TypeDef | None = None) -> list[str]:
        """Record a declaration; return the names it declares. `into` collects namespace members."""
        t = node.type
        mod = scope.module
        doc = _doc_before(node, data)
        line = node.start_point[0]
        path = str(scope.path)
        if t in ("class_declaration", "abstract_class_declaration", "class"):
            name_node = node.child_by_field_name("name")
            if name_node is None:
                return []
            td = TypeDef(_text(name_node, data), "class", path=path, line=line, doc=doc)
            td.type_params, td.type_defaults = _type_params(node, data)
            for h in (c for c in node.named_children if c.type == "class_heritage"):
                for clause in h.named_children:
                    if clause.type == "extends_clause":
                        value = clause.child_by_field_name("value")
                        if value is not None:
                            # `extends Commander<{ type: "default" }>`: the arguments bind the base's parameters
                            args = clause.child_by_field_name("type_arguments")
                            td.bases.append(renamed_base(_text(value, data), scope.platform) +
                                            (" ".join(_text(args, data).split()) if args is not None else ""))
            body = node.child_by_field_name("body")
            if body is not None:
                self.members(body, td, data, path)
            if into is None:
                self.hold_apart_from_class(mod, td.name, scope)
            mod.add_type(td)
            self.qualified_copy(td, into, mod)
            scope.local_names.add(td.name)
            if into is not None:
                self.add_object(into, Member(td.name, "value", f"typeof {td.name}", static=True, path=path, line=line,
                                             doc=doc))
            return [td.name]
        if t == "interface_declaration":
            td = TypeDef(_text(node.child_by_field_name("name"), data), "interface", path=path, line=line, doc=doc)
            td.type_params, td.type_defaults = _type_params(node, data)
            for clause in (c for c in node.named_children if c.type == "extends_type_clause"):
                for base in clause.named_children:
                    td.bases.append(renamed_base(_text(base, data), scope.platform))
            body = node.child_by_field_name("body")
            if body is not None:
                self.members(body, td, data, path)
            mod.add_type(td)
            self.qualified_copy(td, into, mod)
            scope.local_names.add(td.name)
            return [td.name]
        if t == "enum_declaration":
            td = TypeDef(_text(node.child_by_field_name("name"), data), "enum", path=path, line=line, doc=doc)
            body = node.child_by_field_name("body")
            for item in body.named_children if body is not None else []:
                name_node = item.child_by_field_name("name") if item.type == "enum_assignment" else item
                if name_node is not None and name_node.type in ("property_identifier", "string"):
                    m = Member(_text(name_node, data).strip("\"'"), "enum_member", td.name, static=True,
                               path=path, line=item.start_point[0], doc=_doc_before(item, data))
                    _mark_deprecated(m, item, data)
                    td.members.append(m)
            mod.add_type(td)
            self.qualified_copy(td, into, mod)
            scope.local_names.add(td.name)
            if into is not None:  # `namespace PptxGenJS { enum AlignH {} }`: the enum object is a member
                self.add_object(into, Member(td.name, "value", f"typeof {td.name}", static=True, path=path, line=line,
                                           doc=doc))
            return [td.name]
        if t == "type_alias_declaration":
            value = node.child_by_field_name("value")
            td = TypeDef(_text(node.child_by_field_name("name"), data), "alias", path=path, line=line, doc=doc,
                         alias=_text(value, data) if value is not None else "")
            # `type Result<T, Context> = ResultTypes<T, Context>[Context["type"]]`: a use's arguments bind them
            td.type_params, td.type_defaults = _type_params(node, data)
            if value is not None and value.type == "object_type":
                td.kind = "interface"
                td.alias = ""
                # `type ConditionConfig<T> = { otherwise?: (schema: T) => ... }`: T is bound by its uses' arguments
                td.type_params, td.type_defaults = _type_params(node, data)
                self.members(value, td, data, path)
                mapped = [c for c in value.named_children if c.type != "comment"]
                if td.open and len(mapped) == 1 and mapped[0].type == "index_signature" and any(
                        c.type == "mapped_type_clause" for c in mapped[0].named_children):
                    # `type P = { [K in Keys as Renamed<K>]: V }`, a mapped type alone: its written type, for the
                    # evaluation of its keys where they are known (`ObjectModel.shapes`)
                    td.shown_alias = _text(value, data)
            elif value is not None and value.type == "generic_type" and \
                    _text(value.child_by_field_name("name"), data) == "Record" and "Record" not in mod.types:
                # `type Codes = Record<'E_A' | 'E_B', Ctor>`: a mapped type over listed keys has those members
                type_args = value.child_by_field_name("type_arguments")
                args = list(type_args.named_children) if type_args is not None else []
                keys = self.literal_keys(_text(args[0], data), path) if len(args) == 2 else None
                if keys:
                    td.kind, td.alias = "interface", ""
                    td.members += [Member(k, "property", _text(args[1], data), path=path, line=line) for k in keys]
            elif value is not None and value.type == "intersection_type":
                # `type Doc = Base & Mixin & { extra(): void }`: an interface extending every named part
                td.kind, td.alias = "interface", ""
                for part in _intersection_parts(value):
                    if part.type == "object_type":
                        self.members(part, td, data, path)
                    elif part.type in ("type_identifier", "nested_type_identifier", "generic_type"):
                        td.bases.append(_text(part, data))
                    elif part.type == "union_type" and self.union_members(part, td, data, path):
                        pass  # `{ fieldId: string } & ({ $kind: 'A'; childId?: never } | { $kind: 'B'; childId: string })`
                    else:
                        td.open = True  # a part we cannot follow (a function type, `typeof x`, a conditional)
                if td.open:  # the written type, for the evaluation of its parts (`ObjectModel.shapes`)
                    td.shown_alias = _text(value, data)
            elif value is not None and value.type == "union_type":
                self.literal_union(value, td, into, mod, data, path)
            elif value is not None and value.type == "conditional_type" and \
                    (literal := _never_or_literal(value, data)) is not None:
                # `type RunShape<T> = T extends AnyRunTypes ? { id: string; output?: T["output"] } : never`: every
                # type it gives that is not `never` is that object type, whose members are all it has
                td.kind, td.alias = "interface", ""
                self.members(literal, td, data, path)
            mod.add_type(td)
            self.qualified_copy(td, into, mod)
            scope.local_names.add(td.name)
            return [td.name]
        if t in ("function_signature", "function_declaration"):
            name = _text(node.child_by_field_name("name"), data)
            ret_node = node.child_by_field_name("return_type")
            m = Member(name, "function", _annotation(ret_node, data),
                       _params(node.child_by_field_name("parameters"), data), path=path, line=line, doc=doc,
                       static=into is not None, fixed_type_params=_unbound_type_params(node, data),
                       defaulted_type_params=_defaulted_type_params(node, data), predicate=_predicate(node, data))
            # `declare function createPure<T>(make: ...): { (value: Uint8Array): T; u8(n: number): T }`: what it
            # returns is a closed object type of its own (one per declaration: overloads returning different
            # literals merge to no type), which a call or `ReturnType<typeof createPure<A>>` gives
            stem = f"{into.name}${name}$returns" if into is not None else f"{name}$returns"
            made, n, into_mod = stem, 1, self.synth_module or self.source.module(self.module_name)
            while made in into_mod.types:
                n += 1
                made = f"{stem}{n}"
            synth = self.object_literal_type(ret_node, made, data, path)
            if synth:
                m.shown_type, m.type = " ".join(m.type.split()), synth
            _mark_deprecated(m, node, data)
            self.add_value(mod, into, m, scope)
            scope.local_names.add(name)
            return [name]
        if t in ("lexical_declaration", "variable_declaration"):
            names = []
            for decl in (c for c in node.named_children if c.type == "variable_declarator"):
                name_node = decl.child_by_field_name("name")
                if name_node is None or name_node.type != "identifier":
                    continue
                name = _text(name_node, data)
                type_node = decl.child_by_field_name("type")
                made = _constructed_type(self, name, type_node, data, path, decl.start_point[0])
                if made is not None:
                    self.constructed.setdefault(name, made)
                made_object = self.object_const(name, type_node, scope, data, path, decl.start_point[0], doc)
                if made_object is not None:
                    type_node = None
                    if into is None:
                        scope.own_namespaces.setdefault(name, []).append(made_object)
                static_side = self.constructor_const(name, type_node, scope, data, path, decl.start_point[0])
                m = _typed_member(name, type_node, data, path, decl.start_point[0], doc)
                if static_side:
                    m.type = static_side
                else:
                    m.type = self.constructor_argument(name, type_node, scope, data, path) or m.type
                if type_node is None and name in mod.types and mod.types[name].kind == "namespace":
                    m.type = f"typeof {name}"
                m.static = into is not None
                _mark_deprecated(m, node, data)
                if into is None and m.type:
                    scope.const_types[name] = m.type
                if m.type in ("unique symbol", "never"):
                    # (a brand const typed `never`, `declare const TRANSACTION_BRAND: never` for a class's
                    # `[TRANSACTION_BRAND]: boolean`, names no property either: no string is a `never`)
                    self.unique_symbols.add(name)
                self.add_value(mod, into, m, scope)
                scope.local_names.add(name)
                names.append(name)
            return names
        if t == "import_alias" and into is not None:
            # `export import format = logform.format` in a namespace (winston hoists its dependencies' namespaces
            # so): a member of the namespace whose type is another package's, not followed here: `any`, so
            # neither it nor what is read on it is ever flagged
            ids = [c for c in node.named_children if c.type == "identifier"]
            if not ids:
                return []
            name = _text(ids[0], data)
            m = Member(name, "property", "any", static=True, path=path, line=line, doc=doc)
            self.add_value(mod, into, m, scope)
            value = node.named_children[-1] if node.named_children[-1] != ids[0] else None
            target, _, member = (_text(value, data) if value is not None and value.type in (
                "identifier", "nested_identifier") else "").partition(".")
            file_scope = self.scopes.get(Path(path).resolve()) if path else None
            hoisted = scope.ns_imports.get(target) or (file_scope.ns_imports.get(target) if file_scope else None)
            if hoisted is not None and "." not in member:
                self.file_aliases.append((m, hoisted, member))
            return [name]
        if t in ("internal_module", "module"):
            name_node = node.child_by_field_name("name")
            if name_node is None:
                return []
            name = _text(name_node, data).split(".")[-1]
            td = TypeDef(name, "namespace", path=path, line=line, doc=doc)
            body = _module_body(node)
            if body is not None:
                # TypeScript's export context: in an ambient namespace (a declaration file, `declare namespace`)
                # every declaration is a member, `export` written or not, unless the body holds an export
                # declaration (`export { a as b }`, `export {}`); then, as in a source file's namespace, only
                # what it exports is (`namespace N { function f(); export {} }`: `N.f` does not exist)
                implicit = _ambient(node, path) and not _has_export_declarations(body.named_children)
                exported: set[str] = set()
                for child in body.named_children:
                    # `namespace inner {}` inside a namespace body parses as an expression statement
                    wrapped = ("export_statement", "ambient_declaration", "expression_statement")
                    inner = child.named_children[0] if child.type in wrapped and child.named_children else child
                    if inner.type == "comment":
                        continue
                    if inner.type == "export_clause":  # `namespace AnnotationMode { let DISABLE_1; export { DISABLE_1 as DISABLE } }`
                        self.namespace_export_clause(inner, td, scope, data)
                        exported.update(spec.exported for spec in export_specifiers(data, inner))
                        continue
                    names = self.declaration(inner, scope, data, into=td)
                    if implicit or child.type == "export_statement":
                        exported.update(names)
                        self.namespace_names.setdefault(name, []).extend(names)
                if not implicit:
                    td.members = [m for m in td.members if not m.static or m.name in exported]
            mod.add_type(td)
            self.qualified_copy(td, into, mod)
            scope.local_names.add(name)
            if into is None:
                scope.own_namespaces.setdefault(name, []).append(td)
            if into is not None:  # `namespace stream { namespace xlsx { ... } }`: `stream.xlsx` is a member
                self.add_object(into, Member(name, "value", f"typeof {name}", static=True, path=path, line=line,
                                             doc=doc))
            return [name]
        return []

    def global_block(self, block: Node, scope: _Scope, data: bytes) -> None:
        """`declare global { namespace Mixins { interface Sprite {...} } }`: a global namespace's types are part
        of the program (the exported `interface Sprite extends Mixins.Sprite {}` merges them into the class
        `Sprite`); they are kept under their qualified names only (`Mixins$Sprite`, which `qualify_collisions`
        points `Mixins.Sprite` at), never merged into a package type of the same short name. A global
        interface beside them (`interface Vector2Math {...}`) is kept as `globalThis$Vector2Math`, named so by
        the block's own types (`interface Point extends Vector2Math` in the namespace); one of a platform name
        (`interface Window {...}`, `interface Array<T> { shuffle(): T[] }`) augments the platform's type: kept
        as `globalThis$Window` with no bases, so the names it adds are some type's members (the platform's types
        never report a name some type of the model has: `types.Analyzer.member_of`)."""
        spaces, interfaces, tag_maps = [], [], []
        for child in block.named_children:
            inner = child.named_children[0] if child.type in ("expression_statement", "ambient_declaration") and \
                child.named_children else child
            if child.type == "export_statement" and child.named_children:
                inner = child.named_children[0] if child.named_children[0].type == "import_alias" else child
            if inner.type == "import_alias":  # `export import Bun = BunModule`: a global alias of a namespace import
                ids = [c for c in inner.named_children if c.type == "identifier"]
                if len(ids) == 2 and inner.named_children[-1] == ids[1]:
                    self.namespace_globals.append((_text(ids[0], data), scope, _text(ids[1], data)))
                continue
            name_node = inner.child_by_field_name("name")
            if inner.type in ("internal_module", "module") and name_node is not None and name_node.type != "string":
                spaces.append(inner)
            elif inner.type == "interface_declaration" and name_node is not None and \
                    (_text(name_node, data) in TAG_MAPS or is_builtin_type(_text(name_node, data))):
                tag_maps.append(inner)
            elif inner.type == "interface_declaration" and name_node is not None and \
                    not is_builtin_type(_text(name_node, data)):
                interfaces.append(inner)
        for node in tag_maps:
            # `interface HTMLElementTagNameMap { 'wa-dialog': WaDialog }`: the engine's elements by tag name,
            # added to the DOM's map (`querySelector('wa-dialog')` is a `WaDialog`): kept as
            # `globalThis$HTMLElementTagNameMap`, its types the file's own; any other platform type's
            # augmentation likewise (`globalThis$Array`: the names it adds)
            maps = _Scope(scope.path, ModuleModel(self.module_name), platform=scope.platform)
            self.declaration(node, maps, data)
            for name, td in maps.module.types.items():
                scope.module.add_type(replace(td, name=f"globalThis${name}", bases=[]))
        if not spaces:
            return
        declared_in = {k: set(v) for k, v in self.declared_in.items()}
        tops = _Scope(scope.path, ModuleModel(self.module_name), platform=scope.platform)
        for node in interfaces:
            self.declaration(node, tops, data)
        inside = _Scope(scope.path, ModuleModel(self.module_name), platform=scope.platform)
        for node in spaces:
            self.declaration(node, inside, data)
        self.declared_in = declared_in
        made = {name: f"globalThis${name}" for name in tops.module.types}
        made.update({name.rpartition("$")[2]: name for name in inside.module.types if "$" in name})
        # inside the block, a short name (`interface Point extends Vector2Math`) is the block's own type
        own_name = re.compile(r"(?<![\w$.])(%s)(?![\w$])" % "|".join(map(re.escape, made)))

        def own(text: str) -> str:
            return own_name.sub(lambda m: made[m.group(1)], text) if text else text

        kept = [replace(td, name=made[name]) for name, td in tops.module.types.items()]
        kept += [td for name, td in inside.module.types.items() if "$" in name]
        for td in kept:
            td.bases = [own(b) for b in td.bases]
            for m in td.members:
                m.type, m.params, m.returns = own(m.type), [own(x) for x in m.params], [own(x) for x in m.returns]
            scope.module.add_type(td)
            space, _, short = td.name.rpartition("$")
            if space != "globalThis":
                self.global_declared.setdefault(short, set()).add(space)

    def qualified_copy(self, td: TypeDef, into: TypeDef | None, mod: ModuleModel) -> None:
        """A type declared in a namespace is also kept under its qualified name (`Collection$Indexed`, a name
        no source can write): immutable declares `Collection.Indexed` and `Seq.Indexed`, which one model name
        would merge (and `interface Indexed extends Collection.Indexed` would then be its own base). Once all is
        read, `qualify_collisions` points the qualified references at these copies where a name is declared in
        several namespaces."""
        if into is None:
            if mod is self.source.module(self.module_name) and not self.block_depth:
                self.top_declared.add(td.name)
            return
        mod.add_type(replace(td, name=f"{into.name}${td.name}", members=list(td.members), bases=list(td.bases)))
        self.declared_in.setdefault(td.name, set()).add(into.name)

    def qualify_collisions(self, mod: ModuleModel) -> None:
        """Where one short name is declared in several namespaces, or in a namespace and outside any (sui's
        `SuiClientTypes.Transaction`, an interface of results, beside its builder `class Transaction`), a
        qualified reference `Collection.Indexed` (in any base, alias or member type of the module) names that
        namespace's own copy, and so does a short reference inside the namespace (`own_namespace_names`:
        TypeScript resolves it there first); other unqualified ones keep the merged type of the short name, as
        before. Copies of names declared once are dropped."""
        # (a global's name too, `namespace SuiClientTypes { interface Object<Include> {...} }`: a type text names
        # JavaScript's `Object` unless it is qualified, `SuiClientTypes$Object`)
        # A namespace's alias of its own name (`namespace Konva { type Rect = import('./shapes/Rect').Rect }`,
        # the import type's prefix blanked: `type Rect = Rect`) re-exports the outer type: no type of its own
        def own(name: str, space: str) -> bool:
            copy = mod.types.get(f"{space}${name}")
            return copy is None or copy.kind != "alias" or copy.alias.split("<", 1)[0].strip() != name
        collided = {name: spaces for name, spaces in
                    ((n, {sp for sp in where if own(n, sp)}) for n, where in self.declared_in.items())
                    if spaces and (len(spaces) > 1 or name in self.top_declared or name in PRIMITIVES)}
        # (a global namespace's short references are its own already: `global_block` names them so)
        own_spaces = {name: set(spaces) for name, spaces in collided.items()}
        for name, spaces in self.global_declared.items():  # a global namespace's types: qualified only
            collided[name] = collided.get(name, set()) | spaces
        for name, spaces in self.declared_in.items():
            if name not in collided:
                for space in spaces:
                    mod.types.pop(f"{space}${name}", None)
        if not collided:
            return
        # A dotted chain names its last name in the namespace before it: `Phaser.GameObjects.Sprite` is the
        # `Sprite` of `GameObjects` (`Phaser.GameObjects$Sprite`), even where `GameObjects` is itself declared in
        # two namespaces (`Phaser.Types.GameObjects`); only a chain's last pair is qualified.
        chain = re.compile(r"(?<![\w$])((?:[A-Za-z_$][\w$]*\.)*)([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)(?![\w$])")

        def qualified(m: re.Match) -> str:
            return f"{m.group(1)}{m.group(2)}${m.group(3)}" if m.group(2) in collided.get(m.group(3), ()) \
                else m.group(0)

        def fix(text: str) -> str:
            return chain.sub(qualified, text) if "." in text else text

        def fix_member(m: Member) -> None:
            m.type = fix(m.type)
            m.params = [fix(x) for x in m.params]
            m.returns = [fix(x) for x in m.returns]
            m.overloads = [[fix(x) for x in ps] for ps in m.overloads]

        seen: set[int] = set()
        for t in mod.types.values():
            t.bases = [fix(b) for b in t.bases]
            t.alias = fix(t.alias)
            for m in t.members:
                if id(m) not in seen:
                    seen.add(id(m))
                    fix_member(m)
        for m in mod.values.values():
            if id(m) not in seen:
                seen.add(id(m))
                fix_member(m)
        self.own_namespace_names(mod, own_spaces)

    def own_namespace_names(self, mod: ModuleModel, collided: dict[str, set[str]]) -> None:
        """Inside a namespace, a short type name that the namespace declares is its own (`Transaction<Include>`
        in `namespace SuiClientTypes { type TransactionResult = { Transaction: Transaction<Include> } | ... }`
        is `SuiClientTypes.Transaction`, never the package's top-level class of that name): where the short
        name is collided (`qualify_collisions`), the references in the namespace's own types (those declared in
        it, the types made for their members and arms: `SuiClientTypes$TransactionResult$arm1`) and in its
        functions name its copy (`SuiClientTypes$Transaction`). A property key or a string literal spelled
        alike is left alone."""
        spaces: dict[str, dict[str, str]] = {}
        for name, where in collided.items():
            for space in where:
                if f"{space}${name}" in mod.types:
                    spaces.setdefault(space, {})[name] = f"{space}${name}"
        if not spaces:
            return
        declared: dict[str, set[str]] = {}
        for name, where in self.declared_in.items():
            for space in where:
                declared.setdefault(space, set()).add(name)
        for space, own in spaces.items():
            pattern = re.compile(r"(?<![\w$.'\"`])(%s)(?![\w$'\"`])(?!\s*\??\s*:)" % "|".join(map(re.escape, own)))

            def fix(text: str) -> str:
                return pattern.sub(lambda m: own[m.group(1)], text) if text else text

            stems = [f"{space}$"] + [f"{n}$" for n in declared.get(space, ()) if n not in collided]
            inside = [t for n, t in mod.types.items() if n.startswith(tuple(stems)) or
                      (n in declared.get(space, ()) and n not in collided)]
            holder = mod.types.get(space)
            members = [m for t in inside for m in t.members]
            members += [m for m in holder.members if m.static] if holder is not None and holder.kind == "namespace" \
                else []
            for t in inside:
                t.bases = [fix(b) for b in t.bases]
                t.alias = fix(t.alias)
                t.type_defaults = [fix(d) for d in t.type_defaults]
            for m in {id(m): m for m in members}.values():
                m.type = fix(m.type)
                m.params = [fix(x) for x in m.params]
                m.returns = [fix(x) for x in m.returns]
                m.overloads = [[fix(x) for x in ps] for ps in m.overloads]

    def namespace_export_clause(self, clause: Node, td: TypeDef, scope: _Scope, data: bytes) -> None:
        """`export { DISABLE_1 as DISABLE, Binary }` in a namespace body (tsc's JSDoc output, bson's `BSON`): each
        exported name is a member, the same as the declaration it names; a name not declared there (an import)
        leaves the namespace open. A bundler's namespace object (`declare namespace output_d_exports { export {
        Output, object$2 as object } }`, rolldown/tsdown) names the file's own top-level declarations, often
        declared further down: those are resolved once the file is read (`late_namespace_names`)."""
        mod = scope.module
        for spec in export_specifiers(data, clause):
            local = next((m for m in td.members if m.name == spec.name and m.static), None)
            t = mod.types.get(spec.name)
            if local is not None:
                if spec.exported != spec.name:
                    td.members.append(replace(local, name=spec.exported))
            elif t is not None and t.kind in ("class", "namespace", "enum"):
                td.members.append(Member(spec.exported, "value", f"typeof {t.name}", static=True, path=t.path,
                                         line=t.line, doc=t.doc))
            elif t is None and spec.name not in scope.imports and spec.name not in scope.ns_imports:
                self.late_namespace_names.append((td, spec.name, spec.exported, scope))
            elif t is None or t.kind not in ("interface", "alias"):
                td.open = True
            self.namespace_names.setdefault(td.name, []).append(spec.exported)

    def resolve_late_namespace_names(self) -> None:
        """A namespace's `export { object$2 as object }` naming a top-level declaration of the file: the member is
        that value (a function, a const of its type), or the class/namespace/enum object; a type only is no
        member; a name declared nowhere in reach leaves the namespace open, as before."""
        for td, name, exported, scope in self.late_namespace_names:
            mod = scope.module
            value = mod.values.get(name)
            t = mod.types.get(name)
            if name in scope.require_imports and name not in scope.local_names:
                # `export { metadata }` of `import metadata = require("./metadata")` further down: its module object
                m = Member(exported, "value", self.module_placeholder(scope.require_imports[name]), static=True,
                           path=str(scope.path))
                td.members.append(m)
            elif value is not None and not any(m.name == exported and m.static for m in td.members):
                td.members.append(replace(value, name=exported, static=True))
            elif value is not None:
                pass
            elif t is not None and t.kind in ("class", "namespace", "enum"):
                td.members.append(Member(exported, "value", f"typeof {t.name}", static=True, path=t.path,
                                         line=t.line, doc=t.doc))
            elif t is None or t.kind not in ("interface", "alias"):
                td.open = True

    def object_const(self, name: str, type_node: Node | None, scope: _Scope, data: bytes, path: str, line: int,
                     doc: str) -> TypeDef | None:
        """`declare const Konva: { Stage: typeof Stage; version: string } & { ... }`: the value is an object
        whose members are those of its type literal(s), read as a namespace of that name (`Konva.Stage` is the
        class, `new Konva.Stage()` its instance). A part that is not a type literal (a named type, `typeof x`)
        is not followed and leaves the object open. Returns the namespace when the const was read so."""
        inner = type_node.named_children[0] if type_node is not None and type_node.type == "type_annotation" \
            and type_node.named_children else None
        if inner is None or inner.type not in ("object_type", "intersection_type"):
            return None
        parts = [inner] if inner.type == "object_type" else _intersection_parts(inner)
        if not any(p.type == "object_type" for p in parts):
            return None
        # `{ new (url: string): Sock }` or `{ (x): T }` is a constructor or a function value, read as such by
        # `_typed_member` (its construct signature types `new X()`), not a namespace of members.
        if any(c.type in ("construct_signature", "call_signature") for p in parts if p.type == "object_type"
               for c in p.named_children):
            return None
        td = TypeDef(name, "namespace", path=path, line=line, doc=doc)
        for part in parts:
            if part.type == "object_type":
                self.members(part, td, data, path)
            else:
                td.open = True
        for m in td.members:
            m.static = True
        scope.module.add_type(td)
        return td

    def constructor_const(self, name: str, type_node: Node | None, scope: _Scope, data: bytes, path: str,
                          line: int) -> str:
        """`declare const BarController: ChartComponent & { prototype: BarController; new (chart): BarController }`:
        a constructor whose value also has the members of its other parts. Its type is read as an interface of a
        name no source can write (`BarController$static`, so it never shadows the type of the same name): the
        named parts are its bases, the literals' members (the construct signature, `prototype`) its own; a part
        we cannot follow (`typeof x`, a conditional) leaves it open. Returns that name, or "" when the const is
        not so typed (a lone `{ new (): Sock }` stays the constructor `parse_type` reads)."""
        inner = type_node.named_children[0] if type_node is not None and type_node.type == "type_annotation" \
            and type_node.named_children else None
        if inner is None or inner.type not in ("object_type", "intersection_type"):
            return ""
        parts = [inner] if inner.type == "object_type" else _intersection_parts(inner)
        literals = [p for p in parts if p.type == "object_type"]
        # a callable value with members is read so too: `const cron: { (schedule, handler): CronJob; parse(...) }`,
        # `const hash: ((data, seed?) => bigint) & Hash` (its function part is the call signature)
        if not any(c.type in ("construct_signature", "call_signature") for p in literals for c in p.named_children) \
                and not any(p.type == "function_type" for p in parts):
            return ""
        if len(parts) == 1 and sum(1 for c in inner.named_children if c.type != "comment") == 1:
            return ""
        td = TypeDef(f"{name}$static", "interface", path=path, line=line)
        for part in parts:
            if part.type == "function_type":
                ret = part.child_by_field_name("return_type")
                call = next((m for m in td.members if m.name == CALL and not m.static), None)
                params = _params(part.child_by_field_name("parameters"), data)
                if call is None:
                    td.members.append(Member(CALL, "method", _annotation(ret, data), params, private=True, path=path,
                                             line=part.start_point[0]))
                else:
                    call.returns = call.returns or [call.type] * (1 + len(call.overloads))
                    call.overloads.append(params)
                    call.returns.append(_annotation(ret, data))
            elif part.type == "object_type":
                self.members(part, td, data, path)
            elif part.type in ("type_identifier", "nested_type_identifier", "generic_type"):
                td.bases.append(_text(part, data))
            else:
                td.open = True
        scope.module.add_type(td)
        scope.local_names.add(td.name)
        return td.name

    def constructor_argument(self, name: str, type_node: Node | None, scope: _Scope, data: bytes,
                             path: str) -> str:
        """`declare var Response: UseLibDomIfAvailable<"Response", { prototype: Response; new (...): Response;
        json(...): Response }>` (bun), a global typed by a generic alias given the package's own constructor type
        as an argument: that literal is read as the interface `Response$static` (as `constructor_const` reads a
        const's), and the value's type is the alias applied to that name, so the analysis can resolve the alias
        to it (`ObjectModel.environment_branch`). Returns that type text, or "" when the const is not so typed."""
        inner = type_node.named_children[0] if type_node is not None and type_node.type == "type_annotation" \
            and type_node.named_children else None
        targs = next((c for c in inner.named_children if c.type == "type_arguments"), None) \
            if inner is not None and inner.type == "generic_type" else None
        literals = [a for a in targs.named_children if a.type == "object_type" and
                    any(c.type == "construct_signature" for c in a.named_children)] if targs is not None else []
        if len(literals) != 1:
            return ""
        td = TypeDef(f"{name}$static", "interface", path=path, line=literals[0].start_point[0])
        self.members(literals[0], td, data, path)
        scope.module.add_type(td)
        scope.local_names.add(td.name)
        return " ".join((data[inner.start_byte:literals[0].start_byte].decode("utf-8", errors="replace") + td.name +
                         data[literals[0].end_byte:inner.end_byte].decode("utf-8", errors="replace")).split())

    def add_namespace_exports(self, mod: ModuleModel) -> None:
        """`export * as filters from './filters'`: `filters` is a namespace object whose members are the values
        that file exports (`new fabric.filters.Invert()`, `fabric.util.string.capitalize`). Its type gets a name
        no source can write (`filters$ns1`), so it never shadows a type of the same name; type-only exports
        (interfaces, aliases) are not members: JavaScript cannot reach them."""
        made: list[tuple[TypeDef, _Scope]] = []
        for scope in list(self.scopes.values()):
            for name, target in scope.namespaces.items():
                td = TypeDef(f"{name}$ns{len(made) + 1}", "namespace", path=str(scope.path))
                mod.add_type(td)
                scope.local_names.add(td.name)
                scope.exports[name] = (scope, td.name)
                made.append((td, target))
                if self.entry_dir is not None and "#module:" not in str(target.path):  # a file, no `declare module`
                    rel = Path(os.path.relpath(target.path, self.entry_dir)).as_posix()
                    mod.namespace_files.setdefault(rel, td.name)
            for name, target in scope.ns_imports.items():  # exported only if an export clause names it
                td = TypeDef(f"{name}$ns{len(made) + 1}", "namespace", path=str(scope.path))
                mod.add_type(td)
                scope.local_names.add(td.name)
                scope.ns_locals[name] = td.name
                made.append((td, target))
        for td, target in made:
            self.namespace_members(td, target, mod)

    def namespace_members(self, td: TypeDef, target: _Scope, mod: ModuleModel) -> None:
        """The values file `target` exports, as members of namespace `td` (its module object); type-only exports
        are not members, and a name we could not follow opens it (`filters.X` may be real)."""
        for exported, (s, local) in self.resolve_exports(target, set()).items():
            if exported in ("default", "="):
                continue
            resolved = self.resolve_local(s, local, set()) if s else None
            t = mod.types.get(resolved or "")
            if s is not None and local in s.require_imports and local not in s.local_names:
                # `import LogAction = require("./log"); export { LogAction as Log }`: that file's object
                td.members.append(Member(exported, "value", self.module_placeholder(s.require_imports[local]),
                                         static=True, path=str(s.path)))
            elif t is not None and t.kind in ("class", "namespace", "enum"):
                td.members.append(Member(exported, "value", f"typeof {t.name}", static=True, path=t.path,
                                         line=t.line, doc=t.doc))
            elif resolved in mod.values:
                v = mod.values[resolved]
                td.members.append(replace(v, name=exported, static=True))
            elif t is None:
                td.open = True

    def add_mixin_bases(self, mod: ModuleModel) -> None:
        """The mixin pattern tsc emits: `declare const Group_base: { new (...args: any[]): { add(...): number } }
        & { new (): CommonMethods<E> }; class Group extends Group_base`. A class's base that names such a const
        (and no type) is the type its construct signatures make: the members of each literal result, and each
        named result as a base."""
        for td in list(mod.types.values()):
            if td.kind != "class":
                continue
            for base in td.bases:
                parsed = parse_type(base)
                name = parsed[1] if parsed and parsed[0] == "name" else ""
                if name in self.constructed and name not in mod.types:
                    made = self.constructed[name]
                    for kind, arg in self.constructed_parts.get(name, ()):
                        base = self.constructed_base(mod, kind, arg)
                        if base:
                            made.bases.append(base)
                        else:
                            made.open = True  # a part we cannot follow: its members may be anything
                    mod.add_type(made)

    def constructed_base(self, mod: ModuleModel, kind: str, arg: str) -> str:
        """The instance type one part of a mixin const makes: `typeof Base` a Base (a class), `Constructor<Host>` a Host where `Constructor` is an alias of `new (...args) => T`; "" when
        not known."""
        if kind == "typeof":
            t = mod.types.get(arg)
            return arg if t is not None and t.kind == "class" else ""
        return arg if constructor_alias(mod.types.get(kind)) else ""

    def add_object(self, into: TypeDef, m: Member) -> None:
        """A class, enum or namespace `X` declared in a namespace: its member is the object (`typeof X`); a
        function of the same name there (immutable's `Collection.Indexed(...)`) is that object's call
        signature (see `run`), not a member that would hide its static side."""
        old = next((x for x in into.members if x.name == m.name and x.static), None)
        if old is None:
            into.members.append(m)
        elif old.kind == "function":
            into.members[into.members.index(old)] = m
            self.calls.setdefault(m.type[len("typeof "):], old)
        elif old.kind == "value" and old.type and old.type != m.type:
            old.type = ""  # two objects of one name: unknown

    def add_value(self, mod: ModuleModel, into: TypeDef | None, m: Member, scope: _Scope | None = None) -> None:
        if into is not None:
            old = next((x for x in into.members if x.name == m.name and x.static), None)
            if old is None:
                into.members.append(m)
            elif old.kind == "value" and old.type.startswith("typeof ") and m.kind == "function":
                called = self.calls.setdefault(old.type[len("typeof "):], m)  # the object's call signature
                if called is not m:
                    _merge_overload(called, m)
            else:
                _merge_overload(old, m)
            return
        if mod is self.source.module(self.module_name) and m.path:
            own = self.file_values.get((m.path, m.name))
            if own is None:
                self.file_values[(m.path, m.name)] = replace(m, params=list(m.params), overloads=list(m.overloads),
                                                             returns=list(m.returns))
            else:
                _merge_overload(own, m)
        key = scope.value_keys.get(m.name, m.name) if scope is not None else m.name
        old = mod.values.get(key)
        if key == m.name and ((old is not None and self.other_module_binding(old, m, scope, mod)) or (
                old is None and scope is not None and scope.module_file and m.path and
                self.class_of_other_file(mod, m.name, m.path))):
            # two module files of the package each declaring a top-level `task` (a const in one, a function in
            # the other; or a class in one, read first): TypeScript keeps them apart (only a script's globals,
            # or declarations of one file, merge); merged, their types would clash into "unknown". The later one
            # is held under a key of its own, which this file's exports and namespace object resolve to
            # (`resolve_local`)
            key = f"{m.name}$v{len(self.separate_values) + 1}"
            self.separate_values.append(key)
            scope.value_keys[m.name] = key
            old = None
        if old is None:
            mod.values[key] = m
        else:
            _merge_overload(old, m)

    def other_module_binding(self, old: Member, m: Member, scope: _Scope | None, mod: ModuleModel) -> bool:
        """Whether `m`, a top-level value of `scope`'s file, is another binding than `old` of the same name: both
        declared in module files (ones that import or export something), different ones, and no type of the
        name in the module (a value merged with a class or namespace keeps the merging as before)."""
        if scope is None or not scope.module_file or not old.path or old.path == m.path or \
                (m.name in mod.types and not self.class_of_other_file(mod, m.name, m.path)):
            return False
        other = self.scopes.get(Path(old.path))
        return other is not None and other.module_file and other.module is scope.module

    def class_of_other_file(self, mod: ModuleModel, name: str, path: str) -> bool:
        """Whether `name` is a class another module file of the package declares: a class never merges with a
        const or function (TypeScript's duplicate identifier), so a value of that name in `path` is another
        binding (a generated protobuf file's `declare const Transaction: Transaction$Type` beside the SDK's
        `declare class Transaction` of its transaction builder)."""
        t = mod.types.get(name)
        if t is None or t.kind != "class" or not t.path or t.path == path:
            return False
        other = self.scopes.get(Path(t.path))
        return other is not None and other.module_file

    def hold_apart_from_class(self, mod: ModuleModel, name: str, scope: _Scope) -> None:
        """A module file declaring class `name` where another module file of the package has already declared a
        value of that name (read first, see `other_module_binding`): that value is another binding, held under
        a key of its own, which its file's exports resolve to; the class keeps the name."""
        old = mod.values.get(name)
        if old is None or not scope.module_file or not old.path or old.path == str(scope.path):
            return
        other = self.scopes.get(Path(old.path))
        if other is None or not other.module_file or other.module is not scope.module or name in other.value_keys:
            return
        key = f"{name}$v{len(self.separate_values) + 1}"
        self.separate_values.append(key)
        other.value_keys[name] = key
        mod.values[key] = mod.values.pop(name)

    def literal_keys(self, text: str, path: str, seen: tuple[str, ...] = ()) -> list[str] | None:
        """The keys a mapped type's key union lists: string literals (`'a' | "b"`), or the name of a literal
        union declared in the same file (read before it). None when any part is something else (`string`, a
        type parameter, `keyof T`, `Exclude<...>`, a template literal): TypeScript's keys are not all known."""
        keys: list[str] = []
        for part in _split_top(text, "|"):
            # (any key a string literal spells: `'long long'` too, a member code reaches by `x["long long"]`)
            if len(part) >= 2 and part[0] in "'\"" and part[-1] == part[0] and re.fullmatch(r"[^'\"`\\]*", part[1:-1]):
                keys.append(part[1:-1])
                continue
            t = self.source.module(self.module_name).types.get(part) if re.fullmatch(r"[A-Za-z_$][\w$]*", part) \
                else None
            sub = self.literal_keys(t.alias, path, (*seen, part)) if (
                t is not None and part not in seen and t.kind == "alias" and t.alias and not t.type_params
                and t.path == path) else None
            if not sub:
                return None
            keys.extend(sub)
        return list(dict.fromkeys(keys)) or None

    def mapped_members(self, node: Node, td: TypeDef, data: bytes, path: str) -> bool:
        """`{ readonly [K in 'a' | 'b']?: V }`: a mapped type over listed keys adds those members (True); any
        other index signature or mapped type (unlisted keys, an `as` remapping) is left to the caller."""
        clause = next((c for c in node.named_children if c.type == "mapped_type_clause"), None)
        if clause is None:
            return False
        parts = clause.named_children
        if len(parts) != 2 or parts[0].type != "type_identifier":
            return False  # `[K in Keys as `on${K}`]` remaps the keys
        keys = self.literal_keys(_text(parts[1], data), path)
        annotation = next((c for c in node.named_children if c.type.endswith("type_annotation")), None)
        if not keys or annotation is None or not annotation.named_children:
            return False
        value = _text(annotation.named_children[-1], data)
        var = _text(parts[0], data)
        td.members += [Member(k, "property", re.sub(rf"(?<![\w$.]){re.escape(var)}(?![\w$])", f"'{k}'", value),
                              path=path, line=node.start_point[0]) for k in keys]
        return True

    def members(self, body: Node, td: TypeDef, data: bytes, path: str) -> None:
        index: dict[tuple[str, bool], Member] = {}
        for node in body.named_children:
            t = node.type
            if t == "index_signature":
                if self.mapped_members(node, td, data, path):
                    continue
                key = node.child_by_field_name("index_type")
                # `[n: number]: T` (jQuery's elements, an array-like) and `[s: symbol]` name no identifier: a
                # member written `x.name` is not theirs, as in TypeScript; a string key (or a mapped type) is open
                if key is None or _text(key, data) not in ("number", "symbol"):
                    td.open = True
                value = next((c for c in node.named_children if c.type.endswith("type_annotation")), None)
                if key is not None and _text(key, data) == "string" and value is not None and value.named_children:
                    td.index_value = _text(value.named_children[-1], data)  # `[key: string]: any` -> "any"
                continue
            if t not in ("public_field_definition", "method_signature", "method_definition", "property_signature",
                         "abstract_method_signature", "construct_signature", "call_signature"):
                continue
            name_node = node.child_by_field_name("name")
            if t == "construct_signature":
                name = "constructor"
            elif t == "call_signature":  # `chroma(color)`: a callable value; private keeps it out of suggestions
                params = _params(node.child_by_field_name("parameters"), data)
                ret = _annotation(node.child_by_field_name("return_type"), data)
                old = index.get((CALL, False))
                if old is None:
                    index[(CALL, False)] = m = Member(CALL, "method", ret, params, private=True, path=path,
                                                      line=node.start_point[0])
                    td.members.append(m)
                else:
                    old.returns = old.returns or [old.type] * (1 + len(old.overloads))
                    old.overloads.append(params)
                    old.returns.append(ret)
                    if parse_type(old.type) != parse_type(ret):
                        old.type = ""
                continue
            elif name_node is None:
                continue
            else:
                name = _text(name_node, data).strip("\"'")
                if name_node.type == "computed_property_name":
                    key = _text(name_node, data)[1:-1].strip()
                    if key[:1] in "\"'" and key[-1:] == key[:1] and len(key) >= 2:
                        name = key[1:-1]  # `["content-type"]`: a plain name
                    elif key in ITERATION_KEYS and t in ("method_signature", "method_definition"):
                        # `[Symbol.asyncIterator](): AsyncIterator<RunShape<T>>`: what `for await` over an instance
                        # gives, kept as a private member no code can spell (`@@asyncIterator`)
                        name = ITERATION_KEYS[key]
                    else:
                        # `[Symbol.iterator]` names no property; `[AbstractCursor.CLOSE]` names one we cannot
                        # evaluate ("close"): the type's names are not all known (unless it is a symbol const)
                        if not key.startswith("Symbol."):
                            self.computed_keys.append((td.name, key, path, td.line))
                        continue
            tokens = {c.type for c in node.children if not c.is_named}
            mods = [_text(c, data) for c in node.children if c.type == "accessibility_modifier"]
            static = "static" in tokens
            private = any(x in ("private", "protected") for x in mods) or name.startswith(("#", "@@"))
            doc = _doc_before(node, data)
            line = node.start_point[0]
            if t in ("method_signature", "method_definition", "abstract_method_signature", "construct_signature"):
                # a construct signature's result is its `type` field (`new(o?: any): TapRecognizer`)
                ret_node = node.child_by_field_name("return_type") or \
                    (node.child_by_field_name("type") if t == "construct_signature" else None)
                ret = _annotation(ret_node, data)
                synth = self.object_literal_type(ret_node, f"{td.name}${name}", data, path)
                params = _params(node.child_by_field_name("parameters"), data)
                if name == "constructor":
                    # a construct signature's declared result (`new(): PDFDocument` on an interface) or the class
                    made = ret if t == "construct_signature" and ret else td.name
                    m = Member("constructor", "constructor", made, params, False, private, path, line, doc=doc)
                elif "get" in tokens or "set" in tokens:
                    ptype = ret if "get" in tokens else (params[0].split(":", 1)[1].strip() if params and ":" in params[0] else "")
                    m = Member(name, "getter", ptype, [], static, private, path, line, doc=doc)
                else:
                    m = Member(name, "method", ret, params, static, private, path, line, doc=doc)
                    m.fixed_type_params = _unbound_type_params(node, data)
                    m.defaulted_type_params = _defaulted_type_params(node, data)
                    m.predicate = _predicate(node, data)
                if synth and m.kind in ("method", "getter"):
                    m.shown_type, m.type = " ".join(m.type.split()), synth
            else:
                type_node = node.child_by_field_name("type")
                m = _typed_member(name, type_node, data, path, line, doc)
                m.static, m.private = static, private
                synth = self.object_literal_type(type_node, f"{td.name}${name}", data, path)
                if synth and m.kind == "property":
                    m.shown_type, m.type = " ".join(m.type.split()), synth
            # `protected`: private to code outside the class's chain, a real member of a subclass's `this`
            m.protected = "protected" in mods
            _mark_deprecated(m, node, data)
            key = (m.name, m.static)
            old = index.get(key)
            if old is None:
                index[key] = m
                td.members.append(m)
            else:
                if m.kind == "method" and old.kind == "method":
                    old.returns = old.returns or [old.type] * (1 + len(old.overloads))
                    old.overloads.append(m.params)
                    old.returns.append(m.type)
                    _merge_fixed(old, m)
                elif m.kind == "constructor" and old.kind == "constructor":
                    # further construct signatures (`declare var ReadableStream: { new (s?: UnderlyingSource);
                    # new (s: UnderlyingByteSource) }`, a class's `constructor` overloads): a `new` with an object
                    # literal takes the one the literal fits (types.construct_overload)
                    old.overloads.append(m.params)
                if old.kind == "getter" and m.kind == "getter":
                    old.type = old.type or m.type
                elif old.type != m.type and parse_type(old.type) != parse_type(m.type):
                    old.type = ""  # overloads with different results
                _keep_common_status(old, m)

    def literal_union(self, value: Node, td: TypeDef, into: TypeDef | None, mod: ModuleModel, data: bytes,
                      path: str) -> None:
        """`type RequestParameters = { id: string; text: null; ... } | { cacheID: string; text: string; ... }`:
        hand-written typings spell a union's members inline (relay-runtime's request parameters, a discriminated
        union of results or options). Each object type arm becomes a closed interface of its own (`Alias$arm1`,
        `Alias$arm2`, as a member's object type becomes `Owner$member`; shown as `Alias`), and the alias names
        them, so the union is read as a union of named types is: a member any arm has is known, a name no arm has
        is missing, a literal discriminant narrows it. An arm that is open (an index signature) or not an object
        type nor a named type (a primitive, a function type, a conditional) leaves the alias as written: nothing
        on it is flagged."""
        arms = [a for a in _union_parts(value) if _text(a, data) not in ("null", "undefined")]
        if not any(a.type == "object_type" for a in arms) or \
                not all(a.type in ("object_type", "type_identifier", "nested_type_identifier", "generic_type")
                        for a in arms):
            return
        stem = f"{into.name}${td.name}" if into is not None else td.name
        names, made = [], []
        for i, arm in enumerate(arms, 1):
            if arm.type != "object_type":
                names.append(_text(arm, data))
                continue
            part = TypeDef(f"{stem}$arm{i}", "interface", path=path, line=arm.start_point[0],
                           type_params=list(td.type_params), type_defaults=list(td.type_defaults))
            self.members(arm, part, data, path)
            if part.open or not part.members:
                return
            names.append(part.name)
            made.append(part)
        for part in made:
            mod.add_type(part)
        td.shown_alias, td.alias = td.alias, " | ".join(names)

    def union_members(self, value: Node, td: TypeDef, data: bytes, path: str) -> bool:
        """An intersection's part that is a union of object type literals (`{ id: string } & ({ $kind: 'A'; x?:
        never } | { $kind: 'B'; x: string })`): every arm's members are the type's (a member of any arm is known,
        a name no arm has is on no value; an arm's `never` or nullish member yields to another arm's typed one).
        False, adding nothing, when an arm is another kind of type or open."""
        arms = [a for a in _union_parts(value) if _text(a, data) not in ("null", "undefined")]
        if not arms or not all(a.type == "object_type" for a in arms):
            return False
        read = []
        for arm in arms:
            part = TypeDef(td.name, "interface", path=path, line=arm.start_point[0])
            self.members(arm, part, data, path)
            if part.open:
                return False
            read.append(part)
        own = {(m.name, m.static): i for i, m in enumerate(td.members)}
        for part in read:
            for m in part.members:
                at = own.get((m.name, m.static))
                if at is None:
                    own[(m.name, m.static)] = len(td.members)
                    td.members.append(m)
                elif _absent_type(td.members[at].type) and not _absent_type(m.type):
                    td.members[at] = m
        return True

    def object_literal_type(self, annotation: Node | None, name: str, data: bytes, path: str) -> str:
        """`scale(f: number): { width: number; height: number }`: a closed interface named `name` (`Owner$member`
        for a member's type, `f$returns` for a function's result)."""
        if annotation is None or annotation.type != "type_annotation" or not annotation.named_children:
            return ""
        inner = annotation.named_children[0]
        if inner.type != "object_type":
            return ""
        parts = [c for c in inner.named_children if c.type != "comment"]
        if len(parts) == 1 and parts[0].type == "index_signature":
            # `inputs: { [path: string]: { bytes: number } }`: a dictionary of that value (`Record<string, V>`)
            key = parts[0].child_by_field_name("index_type")
            value = parts[0].child_by_field_name("type")
            if key is None or _text(key, data) != "string" or value is None or not value.named_children:
                return ""
            shown = self.object_literal_type(value, f"{name}$value", data, path)
            return f"Record<string, {shown}>" if shown else ""
        td = TypeDef(name, "interface", path=path, line=inner.start_point[0])
        self.members(inner, td, data, path)
        if td.open or not td.members:
            return ""
        (self.synth_module or self.source.module(self.module_name)).add_type(td)
        return name

    # --- imports and exports ----------------------------------------------------------------------------
    def import_statement(self, node: Node, scope: _Scope, data: bytes) -> None:
        src = node.child_by_field_name("source")
        required = next((c for c in node.named_children if c.type == "import_require_clause"), None)
        if src is None and required is not None:  # `import events = require("events")`
            spec, ident = required.child_by_field_name("source"), next(iter(required.named_children), None)
            if spec is not None and ident is not None and ident.type == "identifier" and \
                    _string(spec, data).startswith("."):
                # `import metadata = require("./metadata")` (tsc's JSDoc output): that file's module object, read
                # last as the files import types name
                target = resolve_relative(scope.path, _string(spec, data))
                if target is not None and target.name.endswith(DTS_SUFFIXES):
                    scope.require_imports[_text(ident, data)] = target
                    self.type_only_files.append(target)
            if spec is not None and ident is not None and ident.type == "identifier" and \
                    _node_module(_string(spec, data)):
                found = node_import_class(_string(spec, data), "=")
                if found:
                    scope.platform[_text(ident, data)] = found
            return
        if src is None:
            return
        if _node_module(_string(src, data)):  # Node's own module: its classes are the platform's
            for b in import_bindings(data, node):
                found = node_import_class(_string(src, data), b.imported) if b.imported != NAMESPACE else None
                if found and found != _text(b.local, data):
                    scope.platform[_text(b.local, data)] = found
        target = self.target_scope(_string(src, data), scope)
        if target is None:
            if not _string(src, data).startswith("."):  # `import * as M from "bun"`: maybe a `declare module`
                for b in import_bindings(data, node):
                    if b.imported == NAMESPACE:
                        scope.ns_ambient[_text(b.local, data)] = _string(src, data)
            return
        for b in import_bindings(data, node):
            if b.imported != NAMESPACE:  # `import * as ns` types are reached through `ns.X`, not bound here
                scope.imports[_text(b.local, data)] = (target, b.imported)
            else:  # its value is a namespace object, which `export { ns }` may export (chart.js `controllers`)
                scope.ns_imports[_text(b.local, data)] = target

    def export_statement(self, node: Node, scope: _Scope, data: bytes) -> None:
        tokens = [c.type for c in node.children if not c.is_named]
        default = "default" in tokens
        decl = node.child_by_field_name("declaration")
        src = node.child_by_field_name("source")
        if decl is not None:
            self.statement(decl, scope, data, exported=True, default=default) if decl.type == "ambient_declaration" \
                else [scope.exports.__setitem__("default" if default else n, (scope, n))
                      for n in self.declaration(decl, scope, data)]
            return
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        if src is not None:
            spec = _string(src, data)
            target = self.target_scope(spec, scope)
            star = clause is None and not any(c.type == "namespace_export" for c in node.named_children)
            if target is None and not spec.startswith(".") and (star or clause is not None):
                # a `declare module` read later may declare it
                if star:
                    self.late_stars.append((scope, spec, False))
                else:
                    self.late_clauses.append((scope, spec, export_specifiers(data, clause)))
                return
            if target is None:
                scope.complete = False
                return
            if clause is None:
                ns = next((c for c in node.named_children if c.type == "namespace_export"), None)
                if ns is not None:
                    ident = next(iter(ns.named_children), None)
                    if ident is None:
                        scope.complete = False
                    else:
                        scope.namespaces[_string(ident, data) if ident.type == "string" else _text(ident, data)] = target
                else:
                    scope.stars.append(target)
                    if not spec.startswith("."):
                        self.late_stars.append((scope, spec, True))
                return
            for spec in export_specifiers(data, clause):
                scope.exports[spec.exported] = (target, f"@export:{spec.name}")
            return
        if clause is not None:
            for spec in export_specifiers(data, clause):
                scope.exports[spec.exported] = (scope, spec.name)
            return
        if "namespace" in tokens and "as" in tokens:  # export as namespace chroma;  (a UMD global)
            ident = next((c for c in node.named_children if c.type == "identifier"), None)
            if ident is not None:
                scope.module.globals.append(_text(ident, data))
            return
        if "=" in tokens or default:  # export = Foo;  export default Foo;
            ident = next((c for c in node.named_children if c.type == "identifier"), None)
            if ident is not None:
                scope.exports["=" if "=" in tokens else "default"] = (scope, _text(ident, data))
                if "=" in tokens:
                    scope.exports.setdefault("default", (scope, _text(ident, data)))

    def file_scoped_export(self, mod: ModuleModel, local: str | None, where: list) -> str | None:
        """An export naming a top-level value that other module files declare too (a dependency's typings read
        into the package's model: `@trigger.dev/core`'s `declare const usage: UsageAPI` beside the package's own
        `declare const usage: {...}`): each module file's top-level declarations are its own, so the export is
        the value of the file it resolves to, kept under a key of its own (`usage$2`), not the merge of every
        file's (which `add_value` keeps under the plain name, of unknown type where they differ). None when the
        name is declared once, or by a script file (whose globals do merge)."""
        if not local or not where or local not in mod.values:
            return None
        paths = {p for (p, n) in self.file_values if n == local}
        declaring = self.scopes.get(where[0].path)
        if len(paths) < 2 or declaring is None or str(declaring.path) not in paths:
            return None
        if not all((s := self.scopes.get(Path(p))) is not None and s.module_file for p in paths):
            return None
        own = self.file_values[(str(declaring.path), local)]
        if parse_type(own.type) == parse_type(mod.values[local].type) and own.kind == mod.values[local].kind:
            return None  # the merge says the same
        key = f"{local}${sorted(paths).index(str(declaring.path)) + 1}"
        mod.values.setdefault(key, own)
        return key

    def ambient_module(self, node: Node, scope: _Scope, data: bytes) -> None:
        """`declare module "name" { ... }`: a module of its own. `declare module "../index" { interface
        LoDashStatic { chunk(...) } }` in a module file augments the file it names: its declarations merge into
        that file's (they are the package's own), and what it exports is that file's export too."""
        name = _string(node.child_by_field_name("name"), data)
        if "*" in name:
            return
        if name.startswith("."):
            target = resolve_relative(scope.path, name)
            body = node.child_by_field_name("body")
            if target is None or body is None:
                return
            self.module_block(body, self.scope_for(target), data)
            return
        if not scope.module_file:
            self.declared_modules.add(name)
        # one scope per module name: gsap declares `declare module "gsap/gsap-core"` in a dozen files
        scope = self.ambient.get(name)
        if scope is None:
            fake = Path(f"{self.scopes and next(iter(self.scopes))}#module:{name}")
            scope = self.ambient[name] = self.scopes[fake] = _Scope(fake, self.source.module(name))
        body = node.child_by_field_name("body")
        outer, self.synth_module = self.synth_module, scope.module  # its members' object types are its own
        try:
            self.ambient_body(body, scope, data)
        finally:
            self.synth_module = outer

    def ambient_body(self, body: Node | None, scope: _Scope, data: bytes) -> None:
        if body is not None:
            self.module_block(body, scope, data)

    def module_block(self, body: Node, scope: _Scope, data: bytes) -> None:
        """One `declare module "x" {...}` block (bun reopens `declare module "bun"` in a dozen files): an
        ambient context, where every declaration is exported, `export` written or not (`namespace TOML {...}`
        is `import { TOML } from "x"`), unless the block itself holds an export declaration (`export {}`,
        `export =`, `export * from`): then only what it marks `export`. TypeScript decides so per block (its
        binder's ExportContext flag), so each reopening adds its own exports to the merged module."""
        self.block_depth += 1
        try:
            self._module_block(body, scope, data)
        finally:
            self.block_depth -= 1

    def _module_block(self, body: Node, scope: _Scope, data: bytes) -> None:
        implicit = not _has_export_declarations(body.named_children)
        for child in body.named_children:
            if child.type == "export_statement":
                self.export_statement(child, scope, data)
                continue
            inner = _block_declaration(child)
            if inner.type == "statement_block":  # `declare global {...}` inside the block: not read here
                continue
            names = self.declaration(inner, scope, data)
            if implicit:
                for n in names:
                    scope.exports.setdefault(n, (scope, n))

    def resolve_exports(self, scope: _Scope, seen: set) -> dict[str, tuple[_Scope | None, str]]:
        if scope.path in seen:
            return {}
        seen.add(scope.path)
        out: dict[str, tuple[_Scope | None, str]] = {}
        for star in scope.stars:
            for name, value in self.resolve_exports(star, seen).items():
                if name not in ("default", "="):
                    out.setdefault(name, value)
        out.update(scope.exports)
        return out

    def resolve_local(self, scope: _Scope, local: str, seen: set, where: list | None = None) -> str | None:
        """The declared name a local name or re-export stands for (`where`, if given, gets the file declaring it)."""
        key = (scope.path, local)
        if key in seen:
            return None
        seen.add(key)
        if local.startswith("@export:"):
            name = local[len("@export:"):]
            exports = self.resolve_exports(scope, set())
            if name not in exports:
                return None
            s, l2 = exports[name]
            return self.resolve_local(s, l2, seen, where) if s else None
        if local in scope.ns_locals:
            return scope.ns_locals[local]
        if local in scope.value_keys:
            return scope.value_keys[local]
        if local in scope.local_names:
            if where is not None:
                where.append(scope)
            return local
        if local in scope.imports:
            target, name = scope.imports[local]
            return self.resolve_local(target, f"@export:{name}", seen, where)
        return local if local in scope.module.types or local in scope.module.values else None


def _reference_renamer(renames: dict[str, str]) -> Callable[[str], str]:
    """A rewrite of type texts that names `renames[x]` wherever the text refers to the type `x`: not a qualified
    name's tail, nor a key of an inline object type or a parameter's name (`{ View: T }`, `(View?: T) => U`); a
    conditional's `? View : never` is a reference."""
    pattern = re.compile(r"(?<![\w$.])(" + "|".join(map(re.escape, renames)) + r")(?![\w$])")
    key = re.compile(r"\s*\??:")

    def renamed(m: re.Match) -> str:
        before = m.string[:m.start()].rstrip()
        if key.match(m.string, m.end()) and (not before or before[-1] in "{;,(" or before.endswith("readonly")):
            return m.group(0)
        return renames[m.group(1)]
    return lambda text: pattern.sub(renamed, text) if text else text


def extract_dts(entry: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    ext = DtsExtractor(module, limits)
    model = ext.run(entry)
    # Aliases introduced by imports (`import Foo from "./Bar"` where Bar declares `class Baz`) become types
    # under their local names too, so type expressions in any file resolve.
    mod = model.module(module)
    for scope in ext.scopes.values():
        for local, (target, name) in scope.imports.items():
            if local in mod.types or local in mod.values:
                continue
            resolved = ext.resolve_local(target, f"@export:{name}", set())
            if resolved and resolved != local and resolved in mod.types:
                mod.types[local] = TypeDef(local, "alias", alias=resolved, path=mod.types[resolved].path,
                                           line=mod.types[resolved].line)
    return model


# --- helpers ---------------------------------------------------------------------------------------------
_SOURCE_MAP_URL = re.compile(rb"^//# sourceMappingURL=([^\s]+\.map)\s*$", re.M)
_PROXY_EXPORT = re.compile(r"(?:\bmodule\.exports\s*=|\bexport\s+default)\s*new\s+Proxy\s*\(")
_GET_TRAP = re.compile(r"\bget\s*(?::|\()")
# the trap's answer for a name the target lacks: `target[prop] || target.getItem(prop, true)` (`??` too)
_TRAP_LOOKUP = re.compile(r"([A-Za-z_$][\w$]*)\s*\[\s*([A-Za-z_$][\w$]*)\s*\]\s*(?:\|\||\?\?)\s*\1\s*\.\s*"
                          r"([A-Za-z_$][\w$]*)\s*\(\s*\2\b")


def _proxied_runtime(dts: Path, limits: ReadLimits) -> str | None:
    """Whether the runtime file a declaration file was generated from (its declaration map's `sources`, which
    tsc writes beside JSDoc typings: `items.d.ts.map` -> `../../src/items/items.js`) exports a Proxy with a
    `get` trap: an object that answers names no declaration lists. None if not; else the target's method the
    trap answers other names with (`getItem` of `target[prop] || target.getItem(prop, true)`), or ""."""
    try:
        tail = limits.read_declaration(dts)[-400:]
        found = _SOURCE_MAP_URL.search(tail)
        if found is None or b"/" in found.group(1) or b":" in found.group(1):
            return None  # (a map beside the file only: no URL, no other folder)
        sources = json.loads(limits.read(dts.parent / found.group(1).decode("utf-8", "replace"))).get("sources")
        if not isinstance(sources, list):
            return None
        for src in sources[:4]:
            if not isinstance(src, str) or not src.endswith((".js", ".cjs", ".mjs")):
                continue
            text = limits.read(dts.parent / src).decode("utf-8", "replace")
            for m in _PROXY_EXPORT.finditer(text):
                trap = _GET_TRAP.search(text, m.end(), m.end() + 2000)
                if trap is not None:
                    lookup = _TRAP_LOOKUP.search(text, trap.end(), trap.end() + 400)
                    return lookup.group(3) if lookup is not None else ""
    except (OSError, ValueError, AttributeError):
        return None
    return None


_ELEMENT_FILES_SCANNED = 3000


def _element_files(entry: Path) -> list[Path]:
    """The declaration files beside a package's typings entry (under the entry's top folder in the package:
    `dist/`, not a CDN copy beside it; node_modules and hidden folders left out) that define custom elements: a
    file adding elements to a tag-name map, and a file declaring an element class, one that extends
    `HTMLElement`, a class a tag-map file declares (a registered one), the base of one (through the package's
    classes), or such an element class (`class ColorPicker extends FormAssociatedElement`, in no tag map: an
    element still, whose members `querySelector('.picker')` may reach). The class headers only pick the
    files; their declarations are read like any other."""
    entry = entry.resolve()
    root = next((d for d in entry.parents if (d / "package.json").is_file()), None)
    if root is None or "node_modules" not in root.parts:
        return []  # (a package's, not a workspace's own declaration files)
    rel = entry.relative_to(root).parts
    top = root / rel[0] if len(rel) > 1 else root
    found: list[Path] = []
    scanned = 0
    classes: dict[str, tuple[str, Path]] = {}  # a class declared in the package -> (the class it extends, its file)
    registered: set[str] = set()  # the classes declared in tag-map files
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith("."))
        for name in sorted(files):
            path = Path(folder) / name
            if not name.endswith(".d.ts") or path == entry:
                continue
            scanned += 1
            if scanned > _ELEMENT_FILES_SCANNED:
                break
            try:
                data = path.read_bytes()
            except OSError:
                continue
            tag_map = b"declare global" in data and any(m.encode() in data for m in TAG_MAPS)
            if tag_map:
                found.append(path)
            if b"class " in data:
                for m in _CLASS_HEADER.finditer(data):
                    cls, base = m.group(1).decode(), (m.group(2) or b"").decode().rpartition(".")[2]
                    classes.setdefault(cls, (base, path))
                    if tag_map:
                        registered.add(cls)
        if scanned > _ELEMENT_FILES_SCANNED:
            break
    elements = set(registered)
    for cls in registered:  # the registered classes' bases, through the package's classes
        base = classes[cls][0]
        while base in classes and base not in elements:
            elements.add(base)
            base = classes[base][0]
    changed = True
    while changed:  # and every class extending HTMLElement or one of those
        changed = False
        for cls, (base, _) in classes.items():
            if cls not in elements and (base == "HTMLElement" or base in elements):
                elements.add(cls)
                changed = True
    for cls in sorted(elements - registered):
        path = classes[cls][1]
        if path not in found and path != entry:
            found.append(path)
    return found


# a class's header as tsc writes declarations: `export declare class WaDialog extends WebAwesomeElement {`
_CLASS_HEADER = re.compile(rb"(?m)^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\s+"
                           rb"([A-Za-z_$][\w$]*)(?:\s*<[^{]*?>)?(?:\s+extends\s+([A-Za-z_$][\w$.]*))?")


def constructor_alias(td: TypeDef | None) -> bool:
    """Whether `td` is an alias of a constructor type of its one type parameter (`type Constructor<T> = new
    (...args: any[]) => T`, as mixin libraries declare it): `Constructor<Host>` is then a class making Hosts."""
    if td is None or td.kind != "alias" or len(td.type_params) != 1:
        return False
    m = _CONSTRUCTOR_ALIAS.fullmatch(td.alias.strip())
    return m is not None and m.group(1) == td.type_params[0]


def grammar_readable(data: bytes) -> bytes:
    """`data` with the TypeScript forms the grammar cannot parse blanked to spaces (same length, same offsets)."""
    if b"type" in data:
        data = _TYPE_STAR.sub(lambda m: m.group(0).replace(m.group(1), b"    "), data)
    if b"import(" in data:
        data = _IMPORT_TYPE.sub(lambda m: b" " * len(m.group(0)), data)
    return data


def resolve_relative(base_file: Path, spec: str) -> Path | None:
    base = (base_file.parent / spec)
    candidates = []
    s = str(base)
    # TypeScript maps a source extension in a specifier to the declaration beside it (`./Stage.ts` written by
    # tsc with `rewriteRelativeImportExtensions`, `./Stage.js`): only `Stage.d.ts` ships.
    for js, dts in ((".js", ".d.ts"), (".mjs", ".d.mts"), (".cjs", ".d.cts"), (".ts", ".d.ts"), (".tsx", ".d.ts"),
                    (".jsx", ".d.ts"), (".mts", ".d.mts"), (".cts", ".d.cts")):
        if s.endswith(DTS_SUFFIXES):
            break
        if s.endswith(js):
            candidates.append(Path(s[: -len(js)] + dts))
    if s.endswith(DTS_SUFFIXES) or s.endswith(".ts"):
        candidates.append(base)
    candidates += [Path(s + ".d.ts"), Path(s + ".ts")]
    for c in candidates:
        if c.is_file():
            return c.resolve()
    folder = directory_declaration(base)
    if folder is not None:
        return folder
    for c in (Path(s + ".d.mts"), Path(s + ".d.cts")):
        if c.is_file():
            return c.resolve()
    return None


def directory_declaration(folder: Path) -> Path | None:
    """The declaration file TypeScript reads for a folder imported as a module (`require('./../../base')`, or a
    package's subpath `pkg/base/randu` when the package has no `exports` map): the folder's own package.json
    `typings`/`types` (a file, that name with `.d.ts` added, or a folder's `index.d.ts`: `"types":
    "./docs/types"`), else the declaration beside its `main` (`./lib/index.js` -> `./lib/index.d.ts`), else its
    `index.d.ts`. Only a file inside the folder; None when there is none."""
    if not folder.is_dir():
        return None
    root = folder.resolve()
    names: list[str] = []
    manifest = folder / "package.json"
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict):
            names += [data[k] for k in ("typings", "types") if isinstance(data.get(k), str)]
            main = data.get("main")
            if isinstance(main, str):
                stem = main[: -len(Path(main).suffix)] if Path(main).suffix in (".js", ".cjs", ".mjs") else main
                names.append(stem)
    names.append("index.d.ts")
    for name in names:
        target = (folder / name).resolve()
        found = None
        if target.is_file() and target.name.endswith(DTS_SUFFIXES):
            found = target
        elif target.with_name(target.name + ".d.ts").is_file():
            found = target.with_name(target.name + ".d.ts")
        elif (target / "index.d.ts").is_file():
            found = target / "index.d.ts"
        if found is not None and root in found.parents:
            return found
    return None


# Node's own modules are the platform's (builtin_names), not a dependency to read.
_NODE_MODULES = frozenset("assert buffer child_process crypto dns events fs http http2 https net os path process "
                          "querystring readline stream string_decoder timers tls tty url util vm worker_threads zlib"
                          .split())


def _node_module(spec: str) -> bool:
    """`node:events`, `events`, `stream/promises`: one of Node's own modules."""
    return spec.startswith("node:") or spec.split("/")[0] in NODE_BUILTINS


def resolve_package(base_file: Path, spec: str) -> Path | None:
    """The typings a bare import in a declaration file names (`lib0/observable`, `@scope/pkg`): a base class
    from a dependency (`class Doc extends ObservableV2`) is then known, and the type stays checkable.
    package.json `exports` (the `types` condition, then `typesVersions`-free paths), `types`/`typings`,
    `<subpath>.d.ts`, `<subpath>/index.d.ts`."""
    if spec.startswith(("node:", "#")) or ":" in spec.split("/")[0] or spec.split("/")[0] in _NODE_MODULES:
        return None
    parts = spec.split("/")
    name_len = 2 if spec.startswith("@") else 1
    name, sub = "/".join(parts[:name_len]), "/".join(parts[name_len:])
    folder = base_file.parent
    while True:
        pkg = folder / "node_modules" / name
        if (pkg / "package.json").is_file():
            return _package_types(pkg, sub)
        if folder.parent == folder:
            return None
        folder = folder.parent


def _package_types(pkg: Path, sub: str) -> Path | None:
    import json

    try:
        manifest = json.loads((pkg / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    candidates: list[str] = []
    exports = manifest.get("exports") if isinstance(manifest, dict) else None
    entry = exports.get(f"./{sub}" if sub else ".") if isinstance(exports, dict) else None
    for _ in range(3):  # {"types": ..} or {"import": {"types": ..}}
        if isinstance(entry, dict):
            if isinstance(entry.get("types"), str):
                candidates.append(entry["types"])
                break
            entry = entry.get("import") or entry.get("require") or entry.get("default")
    if not sub:
        candidates += [manifest.get(k) for k in ("types", "typings") if isinstance(manifest.get(k), str)]
        candidates.append("index.d.ts")
        if not isinstance(exports, dict):
            candidates.append("")  # (the package's folder as TypeScript reads one: `"types": "./docs/types"`)
    else:
        candidates += [f"{sub}.d.ts"] + ([f"{sub}/index.d.ts"] if isinstance(exports, dict) else [])
    root = pkg.resolve()
    for c in candidates:
        p = (pkg / c).resolve() if c else directory_declaration(pkg)
        if p is not None and p.is_file() and p.name.endswith(DTS_SUFFIXES) and (root == p or root in p.parents):
            return p
    if sub and not isinstance(exports, dict) and ".." not in sub.split("/"):
        # no `exports` map: the subpath is a folder TypeScript reads as a module (its own package.json `types`)
        return directory_declaration(pkg / sub)
    return None


def _script_globals(root: Node, data: bytes) -> list[str]:
    """The values a script declaration file (no top-level import or export) declares at its top level:
    `declare const $: JQueryStatic`, `declare var L`, `declare function io(...)`, `declare class Draggable`
    (types and interfaces are not values a script can use)."""
    out = []
    for n in root.named_children:
        for d in (n.named_children if n.type == "ambient_declaration" else ()):
            if d.type in ("lexical_declaration", "variable_declaration"):
                out += [_text(v.child_by_field_name("name"), data) for v in d.named_children
                        if v.type == "variable_declarator" and v.child_by_field_name("name") is not None
                        and v.child_by_field_name("name").type == "identifier"]
            elif d.type in ("function_signature", "class_declaration", "abstract_class_declaration") and \
                    d.child_by_field_name("name") is not None:
                out.append(_text(d.child_by_field_name("name"), data))
    return out


def _exports_every_declaration(root: Node) -> bool:
    """TypeScript's rule for a declaration file that is a module (it imports or exports something) but has no
    export declaration (`export {...}`, `export * from`, `export =`, `export default x`): every top-level
    declaration is exported, `export` written or not (@types/leaflet's `declare class Events`)."""
    statements = root.named_children
    module = any(n.type in ("import_statement", "export_statement", "import_alias") for n in statements)
    return module and not _has_export_declarations(statements)


def _has_export_declarations(statements: list[Node]) -> bool:
    """Whether a block (a file, a `declare module` body, a namespace body) holds an export declaration or
    assignment: `export {...}`, `export * from`, `export =`, `export default x` (TypeScript's
    `hasExportDeclarations`). `export as namespace` is none, and neither is an exported declaration
    (`export function f`, `export default class X`, `export import a = b`)."""
    for n in statements:
        if n.type != "export_statement" or n.child_by_field_name("declaration") is not None:
            continue
        tokens = {c.type for c in n.children if not c.is_named}
        if "namespace" in tokens and "as" in tokens:
            continue  # `export as namespace L`: a UMD global, not an export declaration
        return True
    return False


def _ambient(node: Node, path: Path | str) -> bool:
    """Whether a declaration is in an ambient context: anywhere in a declaration file, or under `declare`
    (`declare namespace`, `declare module "x"`, and what they nest) in a source file."""
    if str(path).split("#module:")[0].endswith(DTS_SUFFIXES):
        return True
    while node is not None:
        if node.type == "ambient_declaration":
            return True
        node = node.parent
    return False


# a reference to a module file's own type (`Random$file3`, `Random$file3$factory`): its key, then the rest
_FILE_SUFFIX = re.compile(r"file\d+(?![\w])")
_FILE_TYPE_REF = re.compile(r"(?<![\w$])([A-Za-z_$][\w]*\$file\d+)(\$[\w$]*)?(?![\w$])")
_TYPE_DECLARATIONS = frozenset({"interface_declaration", "class_declaration", "abstract_class_declaration",
                                "type_alias_declaration", "enum_declaration"})
_VALUE_DECLARATIONS = frozenset({"function_signature", "function_declaration", "internal_module", "module"})


def _descendants(node: Node, types: tuple[str, ...]) -> list[Node]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.type in types:
            out.append(n)
        stack.extend(n.children)
    return out


def _block_declaration(child: Node) -> Node:
    """A statement of a `declare module` or namespace body as the declaration it holds: the grammar wraps a
    nested `namespace X {...}` in an expression statement, and `declare class X` in an ambient declaration."""
    if child.type in ("expression_statement", "ambient_declaration") and child.named_children:
        inner = child.named_children[0]
        if inner.type in ("internal_module", "module") or child.type == "ambient_declaration":
            return inner
    return child


def _text(node: Node | None, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", errors="replace") if node is not None else ""


def _string(node: Node, data: bytes) -> str:
    return _text(node, data).strip().strip("\"'`")


def _annotation(node: Node | None, data: bytes) -> str:
    """The type text of a `type_annotation` (`: Foo` -> `Foo`), or of a bare type node."""
    if node is None:
        return ""
    if node.type in ("type_annotation", "asserts_annotation", "type_predicate_annotation"):
        if node.type != "type_annotation":
            return "boolean"
        inner = node.named_children
        return _text(inner[0], data) if inner else ""
    return _text(node, data)


def _predicate(node: Node, data: bytes) -> list[str]:
    """A function's or method's `param is T` result (a user-defined type guard): [the parameter's index, T].
    `this is T` and `asserts x is T` give [] (what they narrow is not an argument of the call's test)."""
    ret = node.child_by_field_name("return_type")
    pred = ret.named_children[0] if ret is not None and ret.type == "type_predicate_annotation" and \
        ret.named_children else None
    name = pred.child_by_field_name("name") if pred is not None else None
    typ = pred.child_by_field_name("type") if pred is not None else None
    params = node.child_by_field_name("parameters")
    if name is None or name.type != "identifier" or typ is None or params is None:
        return []
    wanted = _text(name, data)
    formal = [p for p in params.named_children if p.type in ("required_parameter", "optional_parameter")]
    for i, p in enumerate(formal):
        pattern = p.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "identifier" and _text(pattern, data) == wanted:
            # (a leading `this:` parameter is no argument: indexes count the written arguments)
            shift = 1 if formal and (formal[0].child_by_field_name("pattern") or formal[0]).type == "this" else 0
            return [str(i - shift), " ".join(_text(typ, data).split())]
    return []


def _params(node: Node | None, data: bytes) -> list[str]:
    if node is None:
        return []
    out = []
    for p in node.named_children:
        if p.type in ("required_parameter", "optional_parameter"):
            out.append(" ".join(_text(p, data).split()))
    return out


def _typed_member(name: str, type_node: Node | None, data: bytes, path: str, line: int, doc: str) -> Member:
    """A field or constant; a function-typed one (`of: (...) => PDFPage`) is a method."""
    if type_node is not None and type_node.type == "type_annotation" and type_node.named_children:
        inner = type_node.named_children[0]
        if inner.type == "function_type":
            ret = inner.child_by_field_name("return_type")
            return Member(name, "method", _annotation(ret, data), _params(inner.child_by_field_name("parameters"), data),
                          path=path, line=line, doc=doc)
    return Member(name, "property", _annotation(type_node, data), path=path, line=line, doc=doc)


def _type_params(node: Node, data: bytes) -> tuple[list[str], list[str]]:
    """The names of a declaration's type parameters and what each stands for when no argument is written:
    its default (`T extends X = Y` -> "Y"), else `unknown` (a call infers it from its arguments, which we do
    not follow; and never a type of the same name elsewhere: `Options` is the parameter)."""
    tp = node.child_by_field_name("type_parameters")
    if tp is None:
        return [], []
    params = [p for p in tp.named_children if p.type == "type_parameter"]
    defaults = []
    for p in params:
        value = p.child_by_field_name("value")  # the default_type node: `= Y`
        inner = value.named_children[0] if value is not None and value.named_children else None
        defaults.append(" ".join(_text(inner, data).split()) if inner is not None else "unknown")
    return [_text(p.child_by_field_name("name"), data) for p in params], defaults


def _unbound_type_params(node: Node, data: bytes) -> list[list[str]]:
    """A generic method's or function's own type parameters, each with what a call writing no type argument
    fixes it to when nothing can bind it: no parameter mentions it (nor another type parameter's constraint or
    default), so TypeScript has no inference candidate and takes its default, else its constraint
    (`get<T extends Interceptable>(origin: string): T` returns an `Interceptable`). "" when the arguments
    may bind it or neither is written (`unknown`: nothing to follow)."""
    tp = node.child_by_field_name("type_parameters")
    if tp is None:
        return []
    params = _text(node.child_by_field_name("parameters"), data)
    entries = [p for p in tp.named_children if p.type == "type_parameter"]
    out = []
    for p in entries:
        name = _text(p.child_by_field_name("name"), data)
        others = " ".join(_text(o, data).split(name, 1)[-1] if o.id == p.id else _text(o, data) for o in entries)
        mentioned = re.compile(r"(?<![\w$.])" + re.escape(name) + r"(?![\w$])")
        constraint, value = p.child_by_field_name("constraint"), p.child_by_field_name("value")
        fixed = ""
        if name and not mentioned.search(params) and not mentioned.search(others):
            for written in (value, constraint):  # the default wins over the constraint
                inner = written.named_children[-1] if written is not None and written.named_children else None
                if inner is not None:
                    fixed = " ".join(_text(inner, data).split())
                    break
        out.append([name, fixed])
    return out


def _merge_fixed(old: Member, m: Member) -> None:
    """Overloads' fixed type parameters: one kept only where every overload declaring it fixes it alike; so
    too their defaulted ones (kept only where every overload declares the same default)."""
    merged = {name: fixed for name, fixed in old.fixed_type_params}
    for name, fixed in m.fixed_type_params:
        merged[name] = fixed if merged.get(name, fixed) == fixed else ""
    old.fixed_type_params = [[name, fixed] for name, fixed in merged.items()]
    theirs = {name: default for name, default in m.defaulted_type_params}
    old.defaulted_type_params = [[name, default] for name, default in old.defaulted_type_params
                                 if theirs.get(name) == default]


def _defaulted_type_params(node: Node, data: bytes) -> list[list[str]]:
    """A generic function's or method's own type parameters that its parameters mention (so a call may bind
    them) and that declare a default, each with that default (see `Member.defaulted_type_params`)."""
    tp = node.child_by_field_name("type_parameters")
    if tp is None:
        return []
    params = _text(node.child_by_field_name("parameters"), data)
    out = []
    for p in (p for p in tp.named_children if p.type == "type_parameter"):
        name = _text(p.child_by_field_name("name"), data)
        value = p.child_by_field_name("value")
        inner = value.named_children[-1] if value is not None and value.named_children else None
        if name and inner is not None and re.search(r"(?<![\w$.])" + re.escape(name) + r"(?![\w$])", params):
            out.append([name, " ".join(_text(inner, data).split())])
    return out


def _constructed_type(ext: DtsExtractor, name: str, type_node: Node | None, data: bytes, path: str,
                      line: int) -> TypeDef | None:
    """The instance type that `new` on a const typed `{ new (...): R } & { new (): S }` makes (see
    `DtsExtractor.add_mixin_bases`), or None when the const's type has no construct signature. A result that is
    neither a type literal nor a named type (a conditional, `typeof x`) leaves the type open.
    The form tsc writes for a class composed of mixins (`typeof Base & Constructor<Host> & Pick<typeof Host,
    "prototype">`): `typeof Base` makes a Base, `Constructor<Host>` (an alias of a constructor type, checked
    once every file is read) a Host, and `Pick<typeof Host, ...>` only picks static members (the static side is
    not modeled here: no instance member)."""
    inner = type_node.named_children[0] if type_node is not None and type_node.type == "type_annotation" \
        and type_node.named_children else None
    if inner is None or inner.type not in ("object_type", "intersection_type"):
        return None
    td = TypeDef(name, "interface", path=path, line=line)
    found = False
    pending: list[tuple[str, str]] = []
    for part in [inner] if inner.type == "object_type" else _intersection_parts(inner):
        if part.type == "type_query" and part.named_children and \
                part.named_children[0].type in ("identifier", "member_expression"):
            found = True
            pending.append(("typeof", _text(part.named_children[0], data)))
            continue
        if part.type == "generic_type":
            generic = _text(part.child_by_field_name("name"), data)
            args = part.child_by_field_name("type_arguments")
            args = [a for a in args.named_children if a.type != "comment"] if args is not None else []
            if generic in ("Pick", "Omit") and args and args[0].type == "type_query":
                continue  # statics of a class: no instance member
            if len(args) == 1 and args[0].type in ("type_identifier", "nested_type_identifier", "generic_type"):
                found = True
                pending.append((generic, _text(args[0], data)))
                continue
        if part.type != "object_type":
            td.open = True
            continue
        for sig in (c for c in part.named_children if c.type == "construct_signature"):
            found = True
            ret = sig.child_by_field_name("type")
            ret = ret.named_children[0] if ret is not None and ret.type == "type_annotation" and ret.named_children \
                else ret
            if ret is not None and ret.type == "object_type":
                ext.members(ret, td, data, path)
            elif ret is not None and ret.type in ("type_identifier", "nested_type_identifier", "generic_type"):
                td.bases.append(_text(ret, data))
            else:
                td.open = True
    if pending:
        ext.constructed_parts[name] = pending
    return td if found else None


def _union_parts(node: Node) -> list[Node]:
    """The arms of a union type node (tree-sitter nests `A | B | C` as `(A | B) | C`; parentheses kept off)."""
    parts = []
    for child in node.named_children:
        if child.type == "parenthesized_type" and child.named_children:
            child = child.named_children[0]
        if child.type == "union_type":
            parts += _union_parts(child)
        elif child.type != "comment":
            parts.append(child)
    return parts


def _absent_type(text: str) -> bool:
    """A member type that says the property holds nothing (`never`, `undefined`: a union's other arm's)."""
    return text.strip() in ("never", "undefined", "null", "void")


def _intersection_parts(node: Node) -> list[Node]:
    parts = []
    for child in node.named_children:
        if child.type == "intersection_type":
            parts += _intersection_parts(child)
        elif child.type == "parenthesized_type" and child.named_children:
            parts += _intersection_parts(child) if child.named_children[0].type == "intersection_type" \
                else [child.named_children[0]]
        else:
            parts.append(child)
    return parts


def _mark_deprecated(m: Member, node: Node, data: bytes) -> None:
    """`@deprecated` in the doc comment right above the declaration marks the member deprecated."""
    note = deprecation_in(comment_before(node, data, adjacent=True))
    if note is not None:
        mark(m, "deprecated", f"@deprecated {note}".strip(), m.path, node.start_point[0])


def _keep_common_status(old: Member, m: Member) -> None:
    """Overloads (or a get/set pair) of one member: it is deprecated only when every declaration says so, as
    TypeScript flags only a call that resolves to a deprecated signature."""
    if old.status and not m.status:
        old.status = old.status_note = old.status_path = old.replacement = ""
        old.status_line = 0


def _merge_overload(old: Member, m: Member) -> None:
    if old.kind == "function" and m.kind == "function":
        # each overload's parameters and result, as a method's (immutable's `function Map(collection?)` /
        # `function Map(obj: R): MapOf<R>`): a call's arguments pick among them (types.py `_overload_result`)
        old.returns = old.returns or [old.type] * (1 + len(old.overloads))
        old.overloads.append(m.params)
        old.returns.append(m.type)
        _merge_fixed(old, m)
    if parse_type(old.type) != parse_type(m.type):
        old.type = ""  # overloads with different results: honest "unknown"
    _keep_common_status(old, m)


def _never_or_literal(conditional: Node, data: bytes) -> Node | None:
    """The object type literal of a conditional type whose one branch is it and the other `never` (`T extends U ?
    { ... } : never`, a distributive way of constraining T), else None."""
    branches = [conditional.child_by_field_name("consequence"), conditional.child_by_field_name("alternative")]
    if any(b is None for b in branches):
        return None
    literal = [b for b in branches if b.type == "object_type"]
    never = [b for b in branches if b.type == "predefined_type" and _text(b, data) == "never"]
    return literal[0] if len(literal) == 1 and len(never) == 1 else None


def _module_body(node: Node) -> Node | None:
    """A namespace's body; in the Allman style (`namespace Mixins\n{ ... }`, valid TypeScript) the grammar ends
    the statement at the line's end and parses the block as the next statement: that block."""
    body = node.child_by_field_name("body")
    if body is None and node.parent is not None and node.parent.type == "expression_statement":
        after = node.parent.next_named_sibling
        if after is not None and after.type == "statement_block":
            return after
    return body


def _doc_before(node: Node, data: bytes) -> str:
    """The summary of the JSDoc block right above a declaration (on the line before it, or its own)."""
    return jsdoc_before(node, data, adjacent=True).summary


_MEMBER_QUERY = re.compile(r"typeof\s+([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*")


def _resolve_member_queries(mod: ModuleModel) -> None:
    """A member typed by a type query of another value's method (umbrella's `append: typeof u.after`, with
    `const u: Umbrella` and `after(...): this` declared on Umbrella) is that method under its own name, with its
    overloads and results, as TypeScript reads it: otherwise its calls give nothing (`.append(x).append(y)`)."""
    for t in mod.types.values():
        for i, m in enumerate(t.members):
            found = _MEMBER_QUERY.fullmatch(m.type) if m.kind in ("property", "value") and m.type else None
            holder = mod.values.get(found.group(1)) if found else None
            owner = mod.types.get(holder.type.strip()) if holder is not None and holder.type else None
            method = next((x for x in owner.members if x.name == found.group(2) and not x.static and
                           x.kind == "method"), None) if owner is not None else None
            if method is not None:
                t.members[i] = replace(method, name=m.name, static=m.static, private=m.private, path=m.path,
                                       line=m.line, doc=m.doc or method.doc, params=list(method.params),
                                       overloads=[list(o) for o in method.overloads], returns=list(method.returns))

