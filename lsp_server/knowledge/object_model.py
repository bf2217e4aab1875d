"""The engine's object model: every source merged into one queryable model, as a workspace service.

Sources, in order of precedence: `[object_model] sources` from footprint.toml / packs (each `{path, module,
kind?}`; kind is guessed from the path when omitted), then the types of every package the workspace imports
or its package.json declares in `dependencies` / `peerDependencies` (`declared_dependencies`), discovered in `node_modules` the way TypeScript finds them (package.json `types`/`typings`, `index.d.ts`,
`@types/<name>`). A configured module overrides a discovered package of the same name; several configured
sources of one module merge (a docs source adds members to a `.d.ts` source, never removes any).

Each source's extraction is cached under `workspace.cache_dir/object_model/` with the content hashes of the
files it read and the readers' fingerprint (`reader_version`: EXTRACTOR_VERSION and a hash of the readers' own
code, so a changed reader never gets a model an older one extracted, bumped or not) (signed with the user's key: a cache file Footprint did not write is ignored, see `integrity`); a build reuses every source whose files are unchanged, and `update` re-extracts only sources
whose files changed (or discovers a package a changed file started importing).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import weakref
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, TypeVar

from lsp_server import integrity, queries
from lsp_server.knowledge.builtin_names import is_builtin_type, platform_class_members
from lsp_server.knowledge.model_sources import platform
from lsp_server.knowledge.model_sources import KINDS, extract, guess_kind
from lsp_server.knowledge.model_sources.base import (
    HIGH, Member, ModuleModel, ReadLimits, SourceModel, TypeDef, generic_args, object_literal_members, param_type,
    parse_type, substitute,
)
from lsp_server.knowledge.model_sources.docs import DOC_EXTENSIONS, MARKDOWN_PAGES, OLD_API_PAGE, PAGE_FOLDERS, docs_files, page_files
from lsp_server.knowledge.model_sources.definers import as_file_or_folder, resolve_require
from lsp_server.knowledge.model_sources.dts import directory_declaration
from lsp_server.knowledge.object_model_settings import ObjectModelConfig
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.syntax.modules import NAMESPACE, module_info_of
from lsp_server.storage import (code_hash, collection_paused, content_hash, file_content_hash, listed_content_hash,
                                read_bounded_each, read_json)
from lsp_server.workspace import Progress, Service, Workspace, service

log = logging.getLogger(__name__)

EXTRACTOR_VERSION = "90"  # 90: a package entry resolved by the require resolver's own Node order (`as_file_or_folder`: the file, `.js`, `.cjs`, a folder's package.json `main`, its index.js), not a second copy of it; 89: an exported object's uses are read by binding (`ScopeAnalysis`): a parameter or inner variable of its name (grunt's `template.process = function (template) { template = ... }`) is another binding and no longer leaves the object unknown; 88: a top-level `var grunt = module.exports = {...}` is read as `var grunt = {...}; module.exports = grunt` (`_split_exported_alias`: it exported nothing and looked complete), a top-level helper that only writes `outer[key] = value` by keys its parameters give, called only with literal keys, adds those members (`_inline_member_helpers`: grunt 0.3's `gRequire('log')`, `gExpose(config, 'init', 'initConfig')`), and a package `main` without an extension is the file before the folder of that name, in Node's order (`definers.as_file_or_folder`, shared with the require resolver); 87: a module's value written with a string subscript inside a block (`if (typeof module !== "undefined") module["exports"] = m()` in ospec's UMD wrapper) is read as the dotted `module.exports = m()` is; 86: a JavaScript member whose value `new x(...)` makes, `x` a file's name for another package file's whole value (`const beneficiary = require("./lib/rave.beneficiaries")`), is an instance of what that file exports (`name_required_member_types`); 85: a file's import binding a name another file of the package declares (`import type View from "./two.d.ts"`, whose default is `interface Two`, beside one.d.ts's `class View`) names the import's declaration in that file's own type texts (`type_imported_names`); 84: a generic function's own type parameters that its parameters mention and that declare a default are kept with it (`Member.defaulted_type_params`: `generateImage<TAdapter, TStream extends boolean = false>(options: ImageActivityOptions<TAdapter, TStream>)`), for calls that give TypeScript nothing to infer them from; 83: a deprecation's replacement written as a JSDoc namepath (`Use CheckoutService#executeSpamCheck instead`, `Block~helper`) is read whole, `#`/`~` as `.` (`Class.member`), not cut at the `#` to the class alone; 82: a constructor function bound by `var X = function (...) {...}` that makes its instance when called without `new` (`if (!(this instanceof X)) return new X(...)`, or a minifier's `return this instanceof X ? ... : new X(...)`) is callable, as a declaration of it already was (glob43b); 81: a top-level declaration of a file that is no ES module, exported as its whole value where a `typeof module` or `typeof exports` test finds CommonJS (`var u = function () {...}; if (typeof module === "object") module.exports = u`), is a browser global of its name (`ModuleModel.globals`), as `export as namespace u` declares, kept beside typings that declare no global, type or namespace of that name; a member typed by a query of a method of a value its module types (`append: typeof u.after`) is that method (glob43); 80: Babel's CommonJS output `exports['default'] = X; module.exports = exports['default']` (babel-plugin-add-module-exports): the module's value is X, string subscripts of `exports` read as dots (cjs42); 79: the members a constructor writes on `this` read by the syntax layer's `this_writes`, which the typed analysis shares: compound writes (`this.count += 1`) count, a nested generator function's `this` is its own (this40); 78: a JavaScript method that writes onto its receiver's class's prototype under a name its parameter gives (`this.constructor.prototype[name] = fn`, `Object.getPrototypeOf(this)[name]`: collect.js's `macro`), assigned as a method or exported by its own module, adds that name (`Member.adds`) (open40); 77: a JavaScript module's object of modules (`var N = { Network: require('./network'), methods: require('./methods') }`, exported in a UMD guard's `if (typeof module ...) module.exports = N`): a namespace whose keys are typed as each file's value (a class, a function, that file's object as a namespace of its own, its object-literal values `ns$KEY` types), a function returning another of its functions' results (`return architect.Construct(nodes)`) typed so, the members a factory writes on the instance it makes and returns (`layer.input = ...`) its class's, the browser global set to the module's value (`window['neataptic'] = N`, `root.X = factory()`) a global of the module (ns39); 76: an ES file's re-exports of other packages' files (`export { default as X } from "pkg/sub"`, `export *` chains) kept as `ModuleModel.reexports` (re38); a module's object assembled by copy loops from other files' exported objects is a namespace of their keys (refl38); a chained `module.exports = ns.X = X` exports X; 75: a type text whose first type arguments close before its end (a conditional type `A<X> extends B ? C : D`) is no named type: an alias to one is read by its branches (ch37rs); 74: a mapped type's listed keys may be any string a literal spells (`Record<'long long' | 'int', T>`: `literal_keys`) (koffi36rec); 73: the value type of a string index signature a type declares (`TypeDef.index_value`: `[key: string]: any` -> "any") (glue35open); 72: a type a namespace declares is that namespace's (kept apart from top-level namesakes), an intersection with a parenthesized union of object literals has every arm's members, `Foo<T>[]` is an array (sui34unions); 71: a top-level function's object type literal result is a closed type `f$returns`; a computed key that is a const declared `never` keeps its type closed; a class and another module file's value of its name are two bindings (the value held apart); 70: round 33's two branches merged; 69: a call of a required helper proven to define the property its second argument names on its first (`definers`: `setReadOnly(X, 'k', v)` of a module that passes them to `Object.defineProperty`) adds that member as `Object.defineProperty(X, 'k', ...)` does; 68: a folder imported as a module (a relative `require("./../../base")`, a subpath `pkg/base/randu` of a package without an `exports` map) is read as TypeScript reads one: its own package.json `types` (a file or a folder's `index.d.ts`), the declaration beside its `main`, its `index.d.ts` (`directory_declaration`); `typeof x` of `import x = require("./y")` is y's module object; what `require()` of each file with an `export =` gives (`ModuleModel.module_files`); a module file's own (unexported) types held apart from another file's of their name (`Random$file3`, `file_local_types`), joined again where their shapes are one (`join_identical_file_types`); a `/// <reference types="pkg"/>` package read when the file imports a subpath of it that is no file (its `declare module`);; 67: round 32's two branches merged: a conditional type alias one branch of which is an object type literal and the other `never` is an interface of that literal's members; `[Symbol.iterator]()` and `[Symbol.asyncIterator]()` methods kept as the private members `@@iterator` and `@@asyncIterator` (what `for...of` gives); (66 was used by work in progress) 65: an object type alias that is a mapped type alone keeps its written type as `shown_alias`, and a declaration read twice (ESM and CommonJS typings) keeps it when merged (`ObjectModel.shapes` evaluates its keys, an `as` clause too); 64: an export naming a top-level value other module files declare too is the value of the file it resolves to (`DtsExtractor.file_scoped_export`); 63: an intersection alias read as an interface with a part the reader could not follow (a mapped type, a parenthesized union) keeps its written type as `shown_alias` (`ObjectModel.shapes` evaluates it); 62: a type's further construct signatures kept as its constructor's overloads; 61: a union alias of object type literals (`type P = { id: string } | { cacheID: string }`): each arm a closed interface `P$armN` (`literal_union`); 60: a global typed by a generic alias given a constructor type literal (`declare var Response: UseLibDomIfAvailable<"Response", { new (...): Response }>`) reads that literal as `Response$static`; 59: `typeof import("./x")` is x's module object (its `export =`, else a namespace of its named exports; tsc's `_exports` of each file apart), `import x = require("./y")` and `export { x }` too; a module exporting a Proxy with a `get` trap answers every name (`TypeDef.any_name`); 58: a folder of `.x()` pages named as no identifier (`resourceful-pubsub`) is a kind of its name; 57: UMD factories: a factory's own `var exports` renamed, its declarations read as the module's, an object literal it returns as the exports (each parameter the module its `require` loads), `var X = function () { this.x = ... }` constructors; 56: the file each `export * as x from './x'` namespace re-exports (`ModuleModel.namespace_files`); 55: an object literal assigned to a static (`X.defaults = {...}`) opened by a write of a key it lacks in any file read; 54: exported object constants (`export const x = Object.freeze({...})`) as namespaces of their keys; 53: JavaScript mixin functions (`superclass => class extends B(superclass)`) and Lit reactive properties, a folder's ambiguous default export dropped; 52: `exports` subpath patterns, import types' files, mixin consts (`typeof C & Constructor<I>`), `protected` kept apart; 51: TypeScript's export context per ambient block, augmentations never close a module; 50: `declare global { export import X = NsImport }`: X is that module's namespace everywhere; 49: a namespace's `export { x$1 as x }` naming a top-level declaration (read later) is that member; 48: JavaScript class factories (`new Class({...})`, `Class.create`, `X.extend`) are classes, entries followed up to 2500 files; 47: `import("./x").default` types name x's default export; 46: a generic method's type parameter that no parameter binds is its default or constraint; 45: `export import x = pkgNs.member` is typed by that export; 44: `var X = function X() {}` keeps its static assignments; 43: a local `mixin(X, {...})` prototype copier adds the literal's members; 42: a function's overloads keep their parameters and results; 41: `export import x = NsOfAFile` is typed by that file's `export =` const; 40: another module file's `export =` const is not the package's; 39: a runtime object's synthesized type of known keys comes with the typed type it is a member of; 38: statics assigned in a declaration or a chain (`var n = X.n = {}`); 37: `module.exports = factory()` in a UMD wrapper is what the factory returns; 36: `export import x = a.b` in a namespace is a member (any); 35 (34 was used by work in progress): JavaScript: `require("./x")(X.prototype)` adders, `module.exports = require("./lib/x")`, constructors callable without `new`; 33: a function beside a namespace member of its name is its call signature; 32: a type name declared in several namespaces, qualified; 31: a function of a class's or namespace's name is its call signature; 30: a const typed by an intersection with a construct signature has its static side; 29: `import * as ns` re-exported by `export { ns }`, Omit/Pick bases; 28: `export * from` a module declared later; 27: merged `declare module` blocks, implicit exports, namespace export clauses, computed names; 26: construct signatures' results; 25: `/// <reference path>` and relative `declare module` augmentations; 24: names an `export =` namespace declares, enums in namespaces; 23: exported class expressions; 22: an unwritten type parameter without a default is unknown; 21: prototype methods' `this.x =`; 20: type parameter defaults, method overloads and their results; 15: an exported `new X()` value of the engine's JavaScript is an X; 17: member status (removed, deprecated)
SIGNED_AS = "object-model-source"
# The code an extraction depends on: the readers, the syntax helpers they call and the queries they run. A
# change to any of them changes `reader_version`, so cached extractions (and index artifacts) made by other
# code are extracted again even when EXTRACTOR_VERSION was not bumped (that once served a stale model to an
# evaluation). Paths relative to the lsp_server package (a folder stands for its *.py files), then the queries.
READER_CODE = ("knowledge/model_sources", "knowledge/builtin_names.py", "knowledge/builtin_names.txt",
               "syntax/jsdoc.py", "syntax/members.py", "syntax/modules.py", "syntax/patterns.py", "syntax/scopes.py",
               "languages.py")
READER_QUERIES = ("javascript/engine_source.scm", "typescript/module_links.scm", "javascript/imports.scm",
                  "typescript/imports.scm")
# Members every object has at run time (Object.prototype); never reported.
OBJECT_MEMBERS = frozenset({"constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty",
                            "isPrototypeOf", "propertyIsEnumerable", "__proto__", "__defineGetter__",
                            "__lookupGetter__"})
# TypeScript's utility types whose members are those of their type argument(s)
MAPPED_TYPES = frozenset({"Readonly", "Partial", "Required", "Pick", "Omit", "Record", "NonNullable", "Awaited",
                          "InstanceType", "ReturnType", "Extract", "Exclude", "ThisType"})
FUNCTION_MEMBERS = frozenset({"name", "length", "prototype", "call", "apply", "bind", "toString", "caller", "arguments"})


_READER_VERSION: str | None = None


def reader_version() -> str:
    """EXTRACTOR_VERSION plus a SHA-256 of the reader code's bytes (READER_CODE), worked out once per process
    at the first cache use (a few hundred kilobytes read: well under a millisecond of hashing), never at import."""
    global _READER_VERSION
    if _READER_VERSION is None:
        code = reader_code_hash(READER_CODE) + reader_code_hash(READER_QUERIES, queries.grammars_dir())
        _READER_VERSION = f"{EXTRACTOR_VERSION}+{hashlib.sha256(code.encode()).hexdigest()[:16]}"
    return _READER_VERSION


def reader_code_hash(parts: tuple[str, ...], base: Path | None = None) -> str:
    """SHA-256 over the named reader files (storage.code_hash, relative to the lsp_server package)."""
    return code_hash(parts, base)


@dataclass(frozen=True)
class SourceSpec:
    kind: str
    path: Path
    module: str
    origin: str = "config"  # config | discovered | shipped (`shipped_typings`: typings no manifest declares)

    @property
    def key(self) -> str:
        raw = f"{EXTRACTOR_VERSION}|{self.kind}|{self.module}|{self.path}"
        return hashlib.sha1(raw.encode()).hexdigest()[:20]


# Platform generics whose members are all the platform's (a `Record<string, T>` is an index signature: open)
PLATFORM_COLLECTIONS = frozenset({"Promise", "PromiseLike", "Array", "ReadonlyArray", "Set", "ReadonlySet", "Map",
                                  "ReadonlyMap", "WeakMap", "WeakSet"})


def _platform_collection(base: str) -> bool:
    """`Promise<X>`, `Array<T>`, ... or a `Pick` / `Omit` of one (knex's `Pick<Promise<T>, keyof Promise<T> &
    ExposedPromiseKeys>`: some of the platform's members, all of them platform names)."""
    head, _, rest = base.partition("<")
    if head.strip() in ("Pick", "Omit"):
        head = rest.partition("<")[0].split(",", 1)[0]
    return head.strip() in PLATFORM_COLLECTIONS


# --- the merged model ---------------------------------------------------------------------------------------
def _shipped_results(runtime: ModuleModel, shipped: ModuleModel) -> None:
    """An untyped package's own undeclared typings (`shipped_typings`: alt's `typings/alt/alt.d.ts`, written for
    an older version and read by no compiler) say which of the runtime's classes a method returns, where the
    runtime's JavaScript does not show it (`createStore` returns a local that a ternary of two `.apply` calls of
    another module's functions set). The runtime decides what exists: a method the runtime's class of that name
    has, with no result of its own, takes the result the typings' class or interface of the same name declares,
    when that result names a class the runtime defines too (`createStore<S>(...): AltJS.AltStore<S>` ->
    `AltStore`, whose members are then the runtime's). Nothing else of the typings is kept: their types and
    names (0.16's, beside 0.18's runtime) never make a name missing or present."""
    for tname, declared in shipped.types.items():
        t = runtime.types.get(tname)
        if t is None or t.kind != "class" or declared.kind not in ("class", "interface"):
            continue
        methods = {(m.name, m.static): m for m in declared.members
                   if m.kind in ("method", "function") and len(set(m.returns)) <= 1}
        results = {k: _runtime_class_named(runtime, shipped, m.type) for k, m in methods.items()}
        # (Babel 6 writes a method as `X.prototype.m = function () { function m() {...} return m; }()`: a
        # property whose value the runtime's reader does not know; the typings say it is that method)
        members = [m if m.type or m.kind not in ("method", "function", "property") or
                   not results.get((m.name, m.static)) else
                   replace(m, kind="method" if m.kind == "property" else m.kind,
                           params=m.params or list(methods[(m.name, m.static)].params),
                           type=results[(m.name, m.static)]) for m in t.members]
        if any(a is not b for a, b in zip(members, t.members)):
            runtime.types[tname] = replace(t, members=members)


def _runtime_class_named(runtime: ModuleModel, shipped: ModuleModel, text: str) -> str:
    """`text` (a declared result: `AltJS.AltStore<S>`) as the name of a class the runtime defines, "" when it
    names none: a type the typings declare under that name (`AltJS.` is their ambient namespace), its type
    arguments dropped (the runtime's class has no parameters)."""
    name = text.split("<", 1)[0].strip()
    name = name.rsplit(".", 1)[-1]
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", name) or name not in shipped.types:
        return ""
    t = runtime.types.get(name)
    return name if t is not None and t.kind == "class" else ""


def _keep_runtime_bases(mod: ModuleModel, left_out: dict[str, TypeDef]) -> None:
    """A runtime build's internal class that a kept type extends (immutable's compiled `var Map = (function
    (KeyedCollection) {...}(KeyedCollection))`, the typings' `Map` then has the build's base `KeyedCollection`):
    kept after all, with its own bases. Its members are names the engine has, and without it the base could
    not be followed, which leaves every type above it open."""
    todo = [b for t in list(mod.types.values()) for b in t.bases]
    while todo:
        base = todo.pop()
        t = left_out.get(base)
        if t is None or base in mod.types:
            continue
        mod.add_type(t)
        todo.extend(t.bases)


TypeId = tuple[str, str]  # (module, declared name)
T = TypeVar("T")


class ObjectModel:
    def __init__(self, sources: list[tuple[SourceSpec, SourceModel]],
                 shipped: list[tuple[SourceSpec, SourceModel]] = ()):
        # `shipped`: typings inside an untyped package that no `types`/`typings` field declares
        # (`shipped_typings`): read for the results of the runtime's methods only (`_shipped_results`)
        self.sources = sources
        self.shipped = list(shipped)
        self.modules: dict[str, ModuleModel] = {}
        self.module_confidence: dict[str, float] = {}
        typed = {m for spec, src in sources if src.kind == "dts" for m in src.modules}
        # modules whose typings say what a default import binds (`export default`, `export =`) or mark themselves
        # compiled ES modules (`export const __esModule`); for the other typed modules TypeScript's synthetic
        # default (esModuleInterop, and always for a CommonJS package imported from ESM) is the whole module
        # (`synthetic_default`)
        self.typed: frozenset[str] = frozenset(typed)
        self.typed_default: frozenset[str] = frozenset(
            m for spec, src in sources if src.kind == "dts" for m, mod in src.modules.items()
            if {"default", "=", "__esModule"} & mod.exports.keys())
        runtime_incomplete: set[str] = set()
        incomplete_typings: set[str] = set()
        internal: dict[str, dict[str, TypeDef]] = {}  # module -> a runtime build's classes left out beside typings
        runtime_globals: list[tuple[str, str]] = []  # (module, global) a runtime build beside typings sets
        for spec, src in sources:
            conf = {"dts": 1.0, "manifest": 1.0, "js": 0.9}.get(src.kind)
            # A discovered runtime build beside typings adds exports and the members of declared types; its
            # internal classes (a UMD bundle holds them all) would only blur what a receiver's members say.
            runtime_beside_typings = src.kind == "js" and spec.origin == "discovered"
            for name, mod in src.modules.items():
                target = self.modules.get(name)
                if target is None:
                    target = self.modules[name] = ModuleModel(name, complete=False)
                for t in mod.types.values():
                    # (a runtime object's synthesized type of known keys, `tinycolor$names` for `tinycolor.names =
                    # {...}`, comes with the declared type whose member it is: the member names it)
                    if runtime_beside_typings and name in typed and t.name not in target.types and \
                            not ("$" in t.name and t.name.split("$", 1)[0] in target.types):
                        if conf is not None:
                            t.confidence = min(t.confidence, conf)
                        internal.setdefault(name, {}).setdefault(t.name, t)
                        continue
                    if conf is not None:
                        t.confidence = min(t.confidence, conf)
                    target.add_type(t)
                for k, v in mod.exports.items():
                    target.exports.setdefault(k, v)
                for k, v in mod.reexports.items():
                    target.reexports.setdefault(k, v)
                for k, v in mod.values.items():
                    if runtime_beside_typings and name in typed and k not in target.values and \
                            k in target.types and target.types[k].kind in ("class", "namespace"):
                        # knex: the typings' `declare function knex(...)` beside `declare namespace knex` is
                        # that namespace's call signature; the build's `function knex(config)` is the same value,
                        # which the typed namespace describes (else its plain function hides the typings)
                        continue
                    if k not in target.values:
                        target.values[k] = v
                if not (src.kind == "js" and name in typed):
                    target.globals += [g for g in mod.globals if g not in target.globals]
                else:
                    # (a runtime build's `global.Phaser = Phaser` beside typings: where typings declare that
                    # global, `declare namespace Phaser`, they say what it is and how a script reaches it; only
                    # a global no typings declare is the runtime's word, once every source is read)
                    runtime_globals += [(name, g) for g in mod.globals]
                target.namespace_globals += [g for g in mod.namespace_globals if g not in target.namespace_globals]
                if mod.complete and src.kind != "docs":
                    target.complete = True
                elif not mod.complete and src.kind == "dts":
                    incomplete_typings.add(name)
                elif src.kind == "js" and spec.origin == "discovered" and name not in typed:
                    runtime_incomplete.add(name)  # one build's exports not all known: no typings to say more
        # typings that name an export we could not follow (`export * from` a file not read) may declare any
        # name: a runtime build's complete list does not make the union complete; without typings, the union
        # of the runtime builds decides what exists
        for name in incomplete_typings | runtime_incomplete:
            self.modules[name].complete = False
        for name, g in runtime_globals:
            # umbrellajs: typings of `declare module "umbrellajs"` only, its plain script's `var u` a global; a
            # type or namespace of that name in the typings (phaser's `declare namespace Phaser`) is what they
            # say the global is
            if g not in self.modules[name].types and \
                    not any(g in mod.globals or g in mod.namespace_globals for mod in self.modules.values()):
                self.modules[name].globals.append(g)
        for name, left_out in internal.items():
            _keep_runtime_bases(self.modules[name], left_out)
        for spec, src in shipped:
            mod = src.modules.get(spec.module)
            if mod is not None and spec.module in self.modules and spec.module not in typed:
                _shipped_results(self.modules[spec.module], mod)
        # configured JavaScript engine sources, so `require("../engine")` in the same repository finds them
        # `pkg/sub` specifiers whose typings (package.json `exports["./sub"].types`) were read into `pkg`'s module
        self.subpaths: frozenset[str] = frozenset()
        # packages with neither typings nor an entry, read as a folder: any `pkg/<file>.js` is `pkg`'s module
        self.by_file_path: frozenset[str] = frozenset()
        # each package the workspace's files import (or its package.json declares) -> its folder, whether or not
        # any source of it was read (a package of deep-path JavaScript files only: no entry, no typings)
        self.package_dirs: dict[str, Path] = {}
        self._subpath_ns: dict[str, TypeId | None] = {}  # `subpath_namespace`'s answers
        self._subpath_mod: dict[str, tuple[str, str] | None] = {}  # `subpath_module`'s answers
        self.local_sources: list[tuple[Path, str]] = [(spec.path, spec.module) for spec, _ in sources
                                                      if spec.kind == "js" and spec.origin == "config"]
        self.type_names: dict[str, list[TypeId]] = {}
        for mname, mod in self.modules.items():
            for tname, t in mod.types.items():
                if t.kind != "alias" and "$" not in tname:
                    self.type_names.setdefault(tname, []).append((mname, tname))
        self._members: dict[TypeId, dict[str, tuple[Member, TypeId]]] = {}
        self._statics: dict[TypeId, dict[str, tuple[Member, TypeId]]] = {}
        self._closed: dict[TypeId, bool] = {}
        self._indexed: dict[tuple[str, str], list[list[TypeId]] | None] = {}  # `indexed_arms`' answers
        self._shapes: dict[tuple[str, str], list[dict[str, tuple[str, str]]] | None] = {}  # `shapes`' answers
        self._holes: dict[TypeId, bool] = {}
        self._alias_names: dict[str, list[TypeId]] | None = None  # alias name -> its types (`_raw_type`)
        self._platform: dict[TypeId, bool] = {}
        self._platform_members: dict[tuple[TypeId, bool], frozenset[str] | None] = {}
        self._owners: dict[str, list[TypeId]] | None = None
        self._producers: dict[TypeId, list[tuple[TypeId, str]]] | None = None
        self._lock = threading.Lock()
        # facts other modules derive from the model once (`derived`): key -> value, and a lock per key
        self._derived: dict[str, object] = {}
        self._derived_locks: dict[str, threading.Lock] = {}
        self._derived_lock = threading.Lock()  # (guards `_derived_locks` only)
        # Code that shows how the engine is used (its README and doc-comment examples, workspace files that
        # import it): (label, code). `naming.conventions` mines name -> type conventions from it.
        self.examples: list[tuple[str, str]] = []
        # How many of `examples`, from the start, are the engine's own (its docs and doc comments) rather than
        # the workspace's code: only those are a source of members (`example_members`). None: all of them.
        self.own_examples: int | None = None
        # Members the engine's own examples use on a receiver of a type that its typings and runtime lack
        # (0.12's `chess.PAWN` on an instance, still in 0.13's README): the docs are a source too, and a name
        # any real source has is known (issue 17). Found by `naming` with the conventions, then merged here.
        self.example_members: dict[TypeId, dict[str, Member]] = {}
        self.conventions: dict | None = None
        self.conventions_cache: Path | None = None  # the workspace's signed copy of them (naming.py)
        # packages imported but declared by no manifest in reach (`undeclared_packages`): known names, no closed
        # shape (`set_undeclared`)
        self.undeclared: frozenset[str] = frozenset()

    def set_undeclared(self, names: frozenset[str]) -> None:
        """The modules of `names` (installed for another package, at its version: `undeclared_packages`) keep
        their names and types (a receiver is still typed by them, a guess still weighs them) but ground no
        finding: their exports are not all known, and a member missing on one of their types is not reported
        (`unknown_symbol.undeclared_receiver`). Called before any lookup."""
        self.undeclared = frozenset(n for n in names if n in self.modules)
        for name in self.undeclared:
            self.modules[name].complete = False

    def of_undeclared(self, tid) -> bool:
        """Whether type `tid` (or one of a union's or an intersection's) is an undeclared package's."""
        if not self.undeclared or not isinstance(tid, tuple):
            return False
        tids = [tid] if tid and isinstance(tid[0], str) else list(tid)
        return any(isinstance(t, tuple) and t and t[0] in self.undeclared for t in tids)

    # --- types ---
    def module_for_path(self, target: Path) -> str | None:
        """The configured module whose JavaScript source a relative import resolves to."""
        candidates = [target, *(target.with_name(target.name + ext) for ext in (".js", ".mjs", ".cjs")),
                      target / "index.js"]
        for path, module in self.local_sources:
            for c in candidates:
                if c == path or (path.is_dir() and (c == path or path in c.parents)):
                    return module
        return None

    def type(self, tid: TypeId) -> TypeDef | None:
        mod = self.modules.get(tid[0])
        if mod is None and tid[0] == platform.PLATFORM:
            mod = platform.module()  # the DOM's types, read on first use
        return mod.types.get(tid[1]) if mod else None

    def find_type(self, module: str, name: str, depth: int = 0) -> TypeId | None:
        """The type `name` means inside `module` (aliases followed), else a unique type of that name anywhere
        (not another package's type named like a platform one: a package that does not declare `EventEmitter`
        means Node's)."""
        mod = self.modules.get(module)
        if mod is None and module == platform.PLATFORM:
            mod = platform.module()
        t = mod.types.get(name) if mod else None
        if t is None and module == platform.PLATFORM:
            return None  # (an ECMAScript type the DOM's lib names, `Promise<T>`, is no engine's)
        if t is None:
            candidates = self.type_names.get(name, [])
            if len(candidates) != 1 or (
                    is_builtin_type(name) and package_name(candidates[0][0]) != package_name(module)):
                # pino's `import type { EventEmitter } from "events"` is Node's, not another engine's namesake
                # (eventemitter3's class, which lacks `setMaxListeners`): the platform's type (`platform_base`).
                # A name the DOM declares and no engine does (`extends HTMLElement`, `nextElementSibling:
                # Element | null`) is the DOM's (model_sources/platform)
                if module != platform.PLATFORM and name in platform.type_names() and not any(
                        package_name(c[0]) == package_name(module) for c in candidates):
                    # (@types/react's own `interface HTMLElement` is React's, not the one a package extends)
                    return self.find_type(platform.PLATFORM, name, depth)
                return None
            module, name = candidates[0]
            t = self.type(candidates[0])
        if t is not None and t.kind == "alias":
            target = parse_type(t.alias)
            if depth < 8 and target and target[0] == "name":
                return self.find_type(module, target[1], depth + 1)
            return None
        return (module, name) if t is not None else None

    def alias_target(self, module: str, name: str):
        mod = self.modules.get(module)
        t = mod.types.get(name) if mod else None
        if t is not None and t.kind == "alias":
            return parse_type(t.alias)
        return None

    def members(self, tid: TypeId) -> dict[str, tuple[Member, TypeId]]:
        """Instance members by name, through the inheritance chain (own members win)."""
        cached = self._members.get(tid)
        if cached is None:
            cached = self._collect(tid, static=False, seen=set())
            self._members[tid] = cached
        return cached

    def statics(self, tid: TypeId) -> dict[str, tuple[Member, TypeId]]:
        cached = self._statics.get(tid)
        if cached is None:
            cached = self._collect(tid, static=True, seen=set())
            self._statics[tid] = cached
        return cached

    def side(self, tid: TypeId, static: bool) -> dict[str, tuple[Member, TypeId]]:
        """One side of a type's members by name, each with the type declaring it: the static side (what is
        written on the class value, the namespace object or the function merged with a namespace: statics
        through the inheritance chain, the namespace's members) or the instance side. The one table the
        `unknown-symbol` check, its hover and `check_symbols` look a member up in (types.receiver_members)."""
        return self.statics(tid) if static else self.members(tid)

    def _collect(self, tid: TypeId, static: bool, seen: set) -> dict[str, tuple[Member, TypeId]]:
        if tid in seen:
            return {}
        seen.add(tid)
        t = self.type(tid)
        if t is None:
            return {}
        out: dict[str, tuple[Member, TypeId]] = {}
        for base in t.bases:
            parsed = self._base_type(tid[0], base)
            parts = self.computed_parts(tid[0], base)
            if parts is not None:  # `ExtractFeatureMapTypes<TFeatures, Row_FeatureMap>`: what it may compute to
                for ptid in parts:
                    for name, entry in self._collect(ptid, static, seen).items():
                        # (a part's member typed `never` or nullish, `FailedTransaction?: never` on a tagged
                        # union's other arm, yields to another part's that is typed: what code reads on it)
                        if name not in out or (_absent(out[name][0]) and not _absent(entry[0])):
                            out[name] = entry
                continue
            if parsed and parsed[0] == "name":
                btid = self.find_type(tid[0], parsed[1])
                if btid is not None:
                    inherited = self._collect(btid, static, seen)
                    picked = _picked_keys(base) if btid[0] == platform.PLATFORM else None
                    # `Pick<XMLHttpRequest, "abort" | "status">` of the DOM's type: those members only (jQuery's
                    # jqXHR has no `DONE`); a package's own type keeps the superset (`_base_type`)
                    out.update(inherited if picked is None else {k: v for k, v in inherited.items() if k in picked})
        for m in t.members:
            if m.kind == "constructor":
                continue
            if static == (m.static or t.kind in ("enum", "namespace")):
                inherited = out.get(m.name)
                if inherited is not None and _typings(inherited[0].path) and not _typings(m.path):
                    continue  # a runtime build's untyped copy (`clients` from JSDoc `@type {Set}`) of a typed member
                out[m.name] = (m, tid)
        if not static and t.kind == "interface":
            made = self._constructed_class(tid, t)
            for name, entry in self.statics(made).items() if made is not None else ():
                if not _typings(entry[0].path):
                    out.setdefault(name, entry)
        # the docs' own uses (instance members, or statics of a class or function value): known, never in
        # the way of a declared member
        for name, m in self.example_members.get(tid, {}).items():
            if m.static == static:
                out.setdefault(name, (m, tid))
        return out

    def _constructed_class(self, tid: TypeId, t: TypeDef) -> TypeId | None:
        """The class a constructor type stands for: an object type whose construct signatures all make one
        named type R of the package (`Accordion: { new(element: JQuery, options?: ...): Accordion }`, hand-
        written typings' way to give a class without `typeof`), R being a class of a runtime build (or an
        interface one merged into) that has statics of its own there (`Accordion.defaults = {...}` after
        `class Accordion extends Plugin`). A value that constructs R is R's class (or a subclass's, whose
        statics inherit R's), so the statics the runtime gives R are its members too: the union of the sources
        decides what exists, and stale typings leave them out. None for any other type."""
        made = {parse_type(m.type) for m in t.members if m.kind == "constructor"}
        if len(made) != 1:
            return None
        target = next(iter(made))
        if not target or target[0] != "name":
            return None
        rtid = self.find_type(tid[0], target[1])
        rt = self.type(rtid) if rtid is not None and rtid != tid and rtid[0] == tid[0] else None
        if rt is None or rt.kind not in ("class", "interface") or \
                not any(m.static and m.path and not _typings(m.path) for m in rt.members):
            return None
        return rtid

    def add_example_members(self, found: dict[TypeId, dict[str, Member]]) -> None:
        """Merge the members the engine's examples use (see `example_members`); what was worked out from the
        members before is worked out again."""
        with self._lock:
            self.example_members = found
            self._members.clear()
            self._statics.clear()
            self._owners = None
            self._producers = None
            # the vocabulary check's index lists every member name (`unknown_symbol._engine_vocabulary`): built
            # again with the examples' members (what else is derived was left as built, as before)
            self._derived.pop("unknown_symbol.vocabulary_index", None)

    def ancestors(self, tid: TypeId) -> frozenset[TypeId]:
        """Every type `tid` extends, through its bases (not itself)."""
        out: set[TypeId] = set()
        stack = [tid]
        while stack:
            t = self.type(stack.pop())
            for base in t.bases if t is not None else ():
                parsed = self._base_type(tid[0], base)
                btid = self.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
                if btid is not None and btid not in out and btid != tid:
                    out.add(btid)
                    stack.append(btid)
        return frozenset(out)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """A fact about the model that another module derives from it (the custom elements, the docs' spellings,
        a table a check fills as it goes), computed once per model by `compute` and kept here, so the model's
        owner drops it with the model. Each key is computed by one thread while others asking for it wait (some
        read every docs page or runtime file); different keys do not wait for each other. The key is its owner's
        name for it (`"unknown_symbol.docs_spelling"`): keys never shared between modules."""
        try:
            return self._derived[key]  # type: ignore[return-value]
        except KeyError:
            pass
        with self._derived_lock:
            lock = self._derived_locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._derived:
                self._derived[key] = compute()
        return self._derived[key]  # type: ignore[return-value]

    def has_derived(self, key: str) -> bool:
        """Whether `derived(key, ...)` has been computed (a caller deciding whether building it is still to pay)."""
        return key in self._derived

    def runtime_names(self, tid: TypeId) -> frozenset[str]:
        """The instance member names a runtime build gives the classes of `tid`'s family: classes of its
        package that extend a type `tid` extends. An object the typings describe only by an interface
        (ioredis's `ChainableCommander extends RedisCommander<...>`, which the runtime makes as a `Pipeline`,
        a `Commander` and so a `RedisCommander`) may be any of them: a name one of them has is real on it
        (issue 17: a name any real source has is known)."""
        cache: dict[TypeId, frozenset[str]] = self.derived("object_model.runtime_names", dict)
        found = cache.get(tid)
        if found is None:
            family = self.ancestors(tid)
            mod = self.modules.get(tid[0])
            found = frozenset() if not family or mod is None else frozenset(
                m.name for name, t in mod.types.items() if t.kind == "class" and self.ancestors((tid[0], name)) & family
                for m in t.members if not m.static and m.path and not _typings(m.path))
            cache[tid] = found
        return found

    def decorated(self, tid) -> bool:
        """Whether the engine's runtime adds members to `tid`'s instances under names the caller gives: some
        type has a member typed by a generic callable (`decorate: Adder<Instance>`) whose call signature takes a
        property key (`string | symbol`, `PropertyKey`, a type parameter) and then a value typed through that
        callable's first type parameter (`value: ... (this: This) ...`); the type argument written there
        (`Instance`) is decorated. A name such a type lacks may come from code the model cannot see (a plugin
        registered elsewhere), so only plain near misses of its real members are reported on it."""
        found = self.__dict__.get("_decorated")
        if found is None:
            found = set()
            for module, mod in self.modules.items():
                for t in mod.types.values():
                    for m in t.members:
                        target = self._decorates(module, m.type) if m.type and "<" in m.type else None
                        if target is not None:
                            found.add(target)
            self._decorated = found
        return tid in found

    def _decorates(self, module: str, type_text: str):
        head = type_text.split("<", 1)[0].strip()
        mod = self.modules.get(module)
        callee = mod.types.get(head) if mod is not None else None
        if callee is None or not callee.type_params:  # most members' generic types (`Array<X>`): no parse needed
            return None
        args = generic_args(type_text)
        if not args:
            return None
        this = callee.type_params[0]
        call = next((m for m in callee.members if m.name == "__call__"), None)
        for params in ((call.params, *call.overloads) if call is not None else ()):
            if len(params) < 2:
                continue
            key = param_type(params[0])
            if (key in ("string | symbol", "symbol | string", "PropertyKey") or re.fullmatch(r"[A-Z]\w*", key)
                    and self.find_type(module, key) is None) and \
                    re.search(rf"(?<![\w$.]){re.escape(this)}(?![\w$])", param_type(params[1])):
                parsed = parse_type(args[0])
                return self.find_type(module, parsed[1]) if parsed and parsed[0] == "name" else None
        return None

    def member_adders(self) -> dict[str, list[str]]:
        """Methods whose call adds members named by its string arguments (`Member.adds`), by name, over every
        type: `x.defineCommand("echo", ...)` makes `echo` real on whatever `x` is (a pipeline made from it has
        it too), so the name is what counts, not the receiver's type."""
        cached = self.__dict__.get("_member_adders")
        if cached is None:
            cached = {}
            for mname, mod in self.modules.items():
                for t in mod.types.values():
                    for m in t.members:
                        patterns = [p for p in m.adds if not p.startswith("@")]  # "@m": forwards to m
                        if not patterns and m.type and "<" in m.type and self._decorates(mname, m.type):
                            patterns = ["{0}"]  # typed as a property-key adder (see `decorated`)
                        if patterns and m.kind != "constructor":
                            cached.setdefault(m.name, [])
                            cached[m.name] += [p for p in patterns if p not in cached[m.name]]
            self._member_adders = cached
        return cached

    def bindings(self, tid: TypeId, owner: TypeId, args: tuple[str, ...] = ()) -> dict[str, str]:
        """What each type parameter of `owner` stands for, seen from an instance of `tid` written with type
        arguments `args` (through `extends Base<X>` clauses): a written argument, else the parameter's default
        (`class Server<T extends typeof WebSocket = typeof WebSocket>`). Parameters with neither are left out."""
        return self._bindings(tid, owner, args, set()) or {}

    def _bindings(self, tid: TypeId, owner: TypeId, args: tuple[str, ...], seen: set) -> dict[str, str] | None:
        t = self.type(tid)
        if t is None or tid in seen:
            return None
        seen.add(tid)
        env: dict[str, str] = {}
        for i, name in enumerate(t.type_params):
            default = t.type_defaults[i] if i < len(t.type_defaults) else ""
            value = args[i] if i < len(args) else substitute(default, env)
            if value:
                env[name] = value
        if tid == owner:
            return env
        for base in t.bases:
            parsed = self._base_type(tid[0], base)
            btid = self.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            if btid is not None:
                found = self._bindings(btid, owner, tuple(substitute(a, env) for a in generic_args(base)), seen)
                if found is not None:
                    return found
        return None

    def _base_type(self, module: str, base: str):
        """A base type expression of a type in `module`, parsed: a name the module declares is its own type,
        even where it is also a platform collection's (immutable's `interface OrderedMap<K, V> extends
        Map<K, V>` extends immutable's Map, not JavaScript's)."""
        parsed = _base_type(base)
        if parsed and parsed[0] in ("map", "array", "promise"):
            head = base.split("<", 1)[0].strip()
            mod = self.modules.get(module)
            if IDENT_RE.fullmatch(head) and mod is not None and mod.types.get(head) is not None \
                    and mod.types[head].kind in ("class", "interface"):
                return ("name", head)
        if parsed and parsed[0] == "name" and "." in base.split("<", 1)[0]:
            # `Mixins.Sprite` read by a source that did not see the global namespace (a subpath's typings):
            # the qualified type another source of the module keeps (`Mixins$Sprite`), not the short name
            space, _, short = base.split("<", 1)[0].strip().rpartition(".")
            mod = self.modules.get(module)
            qualified = f"{space.rpartition('.')[2]}${short}"
            if short == parsed[1] and mod is not None and qualified in mod.types:
                return ("name", qualified)
        return parsed

    def class_like(self, tid: TypeId) -> bool:
        """Whether `new` on the value of `tid` makes an instance: a class, an interface a runtime class merged
        into or with a construct signature, or an interface extending a class (`interface WebSocketServer
        extends Server {}` beside `const WebSocketServer: typeof Server`: the instance type of that value)."""
        t = self.type(tid)
        if t is None:
            return False
        if t.kind == "class" or any(m.kind == "constructor" for m in t.members):
            return True
        if t.kind != "interface":
            return False
        for base in t.bases:
            parsed = parse_type(base)
            btid = self.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            bt = self.type(btid) if btid is not None and btid != tid else None
            if bt is not None and bt.kind == "class":
                return True
        return False

    def closed(self, tid: TypeId) -> bool:
        """Whether the members of `tid` are all known: no index signature, every base resolvable."""
        cached = self._closed.get(tid)
        if cached is None:
            # a hole itself is open; a type extending one keeps its declared members as the set (pixi.js's
            # `Container extends PixiMixins.Container`: the package fills the mixin interfaces it declares itself)
            cached = not self.merging_hole(tid) and self._is_closed(tid, set())
            self._closed[tid] = cached
        return cached

    def _is_closed(self, tid: TypeId, seen: set) -> bool:
        if tid in seen:
            return True
        seen.add(tid)
        t = self.type(tid)
        if t is None or t.open or t.kind == "alias":
            return False
        for base in t.bases:
            parsed = self._base_type(tid[0], base)
            if parsed and parsed[0] in ("promise", "array", "map") and _platform_collection(base):
                # `type ResponsePromise = Promise<KyResponse> & { json(): ... }` (ky): a platform collection's
                # members are the platform's, known (see `platform_base`); the type's own are all listed
                continue
            parts = self.computed_parts(tid[0], base)
            if parts is not None:
                if all(self._is_closed(p, seen) for p in parts):
                    continue
                return False
            if not parsed or parsed[0] != "name":
                return False
            btid = self.find_type(tid[0], parsed[1])
            if btid is None and base.split("<", 1)[0].strip() in MAPPED_TYPES:
                return False  # `Readonly<TProps>`: the members of its argument, unknown here
            if btid is None and self._platform_type(tid[0], base):
                continue  # `extends NodeJS.ReadableStream`: its members are the platform's (see `platform_base`)
            # `interface Application extends core.Application {}`: a type never extends itself, so a qualified
            # base that names it again is another namespace's type of the same name, which the model (one
            # namespace per package) cannot tell apart. (`class Canvas extends Base`, Base being the Canvas of
            # another file, is merged into it: its members are known.)
            if btid is None or (btid == tid and "." in base.split("<", 1)[0]) or not self._is_closed(btid, seen):
                return False
        return True

    def computed_parts(self, module: str, text: str) -> list[TypeId] | None:
        """The object types whose members together bound what a base computed by a generic alias of a
        conditional type may have (`Row_Core<TFeatures, TData> & ExtractFeatureMapTypes<TFeatures,
        Row_FeatureMap<TFeatures, TData>>`, the alias being `IsAny<TFeatures> extends true ?
        UnionToIntersection<TFeatureMap[keyof TFeatureMap]> : UnionToIntersectionOrEmpty<TFeatureMap[Extract<keyof
        TFeatures, keyof TFeatureMap>]>`: the interfaces of the features a table registers, all of them when any
        may be). Where the type arguments are unknown (an untyped receiver, a fragment) the honest model of such
        a type is every branch at once: a name no branch can produce is missing whatever the arguments are, and a
        name some branch has may be there. None when `text` is no use of such an alias, or when some part cannot
        be bounded (a mapped type, an object literal, a type parameter nothing binds, an unknown name): then the
        base stays as before, unresolved and the type open.

        An alias of an indexed access into a closed object type of records is bounded the same way (react-router's
        `Fetcher<TData> = FetcherStates<TData>[keyof FetcherStates<TData>]`, a union of state records, each an
        object type: `FetcherWithComponents<T> = Fetcher<T> & {...}` extends it): its parts are the record types,
        a name none of them has is on no state, and a record TypeScript cannot bound (a primitive, an index
        signature, a mapped type) leaves it unbounded, as above."""
        head = text.split("<", 1)[0].strip()
        if "." in head:  # `ClientTypes.TransactionResult<I>`: the namespace's type (its qualified copy, else the name)
            space, _, short = head.rpartition(".")
            mod = self.modules.get(module)
            qualified = f"{space.rpartition('.')[2]}${short}"
            named = qualified if mod is not None and qualified in mod.types else short
            text, head = named + text.strip()[len(head):], named
        td = self._raw_type(module, head)
        if td is None or td[1].kind != "alias":
            return None
        body = td[1].alias.strip()
        # (a union alias too: `type Result<I> = { $kind: 'A'; A: T<I> } | { $kind: 'B'; B: T<I> }`, its object
        # type arms read as `Result$arm1 | Result$arm2`, that `type GrpcResult<I> = Result<I> & {...}` extends)
        if not (_indexed_access(_unparen(body)) or (td[1].type_params and _conditional(body) is not None) or
                len(_split_type(_unparen(body), "|")) > 1):
            return None
        parts: list[TypeId] = []
        return parts if self._bound_parts(module, text, parts, 0) else None

    def indexed_arms(self, module: str, name: str) -> list[list[TypeId]] | None:
        """The record types an alias `name` of `module` whose body is an indexed access stands for, one record
        at a time, each as the object types it is made of (`type Navigation = NavigationStates[keyof
        NavigationStates]`: [[Idle], [Loading], [Submitting]]; `Active & Omit<States["Loading"], "matches">` one
        record of two types), else None: `computed_parts`' bound, every record closed or nothing."""
        key = (module, name)
        if key not in self._indexed:
            self._indexed[key] = self._indexed_arms(module, name)
        return self._indexed[key]

    def _indexed_arms(self, module: str, name: str) -> list[list[TypeId]] | None:
        mod = self.modules.get(module)
        t = mod.types.get(name) if mod is not None else None
        body = _unparen(t.alias.strip()) if t is not None and t.kind == "alias" else ""
        if not _indexed_access(body) or not self.computed_parts(module, name):
            return None
        body = _unparen(substitute(body, dict(zip(t.type_params, t.type_defaults))))
        opened = _opening_bracket(body)
        holder, key = body[:opened].strip(), body[opened + 1:-1].strip()
        literal = re.fullmatch(r"""(["'])([\w$]+)\1""", key)
        maps: list[TypeId] = []
        arms: list[list[TypeId]] = []
        if not self._bound_parts(module, holder, maps, 1):
            return None
        for mtid in maps:
            for member, (m, owner) in self.members(mtid).items():
                if literal is not None and member != literal.group(2):
                    continue
                arm: list[TypeId] = []
                if not self._bound_parts(owner[0], m.type, arm, 1):
                    return None
                if arm and arm not in arms:
                    arms.append(arm)
        return arms or None

    def shapes(self, module: str, text: str, object_literal: bool = False) -> list[dict[str, tuple[str, str]]] | None:
        """TypeScript's evaluation of a type expression `text` (written in `module`) to the object shapes a value
        of it may have, one per union member: each shape every member name it has, with its declared type and the
        module that type is written in ("" where the type is not known; "never" where the name is excluded).
        Followed: named interfaces and classes (closed ones only), generic aliases with their arguments, unions
        (`never` and nullish members have no shape), intersections (every part's members; an intersection
        distributes over a union part: `A & (B | C)` is `A & B | A & C`), object type literals, mapped types over
        a known key set (`{ [K in Exclude<keyof B, keyof A>]?: never }`, the key sets `keyof X`, `Exclude`,
        `Extract` and string literals give), `Partial`/`Required`/`Readonly`, `Omit`/`Pick` with known keys, and
        an interface the reader made of an intersection with a part it could not follow (its written type is
        kept as `shown_alias`). Anything else (a conditional, a type parameter, an index signature, an open
        type, a mapped type over keys not known) is not certain: None, never a narrower set.
        `object_literal`: the shapes an object literal given for the type may take, as TypeScript's contextual
        typing reads them: a function type or a constructor type (`FactoryComponent<A> = (vnode: Vnode<A>) =>
        Component<A>`, `new (...) => X`) is an arm no object literal is, so it has no shape (Mithril's
        `ComponentTypes = Component | { new(...): ClassComponent } | FactoryComponent` types a literal's `view`
        by `Component`'s)."""
        key = (module, " ".join(text.split()), object_literal)
        if key not in self._shapes:
            self._shapes[key] = None  # (a cycle is not certain)
            self._shapes[key] = self._eval_shapes(module, key[1], 0, object_literal)
        return self._shapes[key]

    def _eval_shapes(self, module: str, text: str, depth: int,
                     object_literal: bool = False) -> list[dict[str, tuple[str, str]]] | None:
        text = _unparen(_COMMENTS.sub(" ", text).strip())
        if depth > 12 or not text:
            return None
        if text == "never" or text in NULLISH_TYPES or object_literal and _function_type(text):
            return []
        if text == "{}":
            return [{}]
        if _conditional(text) is not None:
            return None
        pieces = _split_type(text, "|")
        if len(pieces) > 1:
            out: list[dict[str, tuple[str, str]]] = []
            for piece in pieces:
                got = self._eval_shapes(module, piece, depth + 1, object_literal)
                if got is None:
                    return None
                out += got
            return out if len(out) <= 32 else None
        pieces = _split_type(text, "&")
        if len(pieces) > 1:
            out = [{}]
            for piece in pieces:
                got = self._eval_shapes(module, piece, depth + 1)
                if got is None or len(out) * len(got) > 32:
                    return None
                out = [_merged_shape(a, b) for a in out for b in got]
            return out
        if text.startswith("{") and text.endswith("}") and _closing_of(text, 0) == len(text) - 1:
            mapped = _MAPPED.fullmatch(text)
            if mapped is not None and mapped.group(2).count("[") == mapped.group(2).count("]"):
                var, over, value = mapped.group(1), mapped.group(2), mapped.group(3).strip()
                over, renamed = _split_as(over)
                keys = self.type_keys(module, over, depth + 1)
                if keys is not None and renamed:
                    keys = self.remapped_keys(module, var, keys, renamed, depth + 1)
                if keys is None:
                    return None
                typed = "" if re.search(rf"(?<![\w$.]){re.escape(var)}(?![\w$])", value) else value
                return [{k: (typed, module) for k in keys}]
            members = object_literal_members(text)
            if members is None:
                return None
            shape: dict[str, tuple[str, str]] = {}
            for name, typed in members:
                shape[name] = (typed, module) if name not in shape else ("", module)  # (an overload: not read)
            return [shape]
        m = re.fullmatch(r"([A-Za-z_$][\w$.]*)\s*(?:<(.*)>)?", text, re.S)
        if m is None:
            return None
        name, args = m.group(1), _split_type(m.group(2), ",") if m.group(2) else []
        short = name.rsplit(".", 1)[-1]
        if short in ("Partial", "Required", "Readonly") and len(args) == 1:
            return self._eval_shapes(module, args[0], depth + 1)
        if short in ("Omit", "Pick") and len(args) == 2:
            got = self._eval_shapes(module, args[0], depth + 1)
            keys = self.type_keys(module, args[1], depth + 1)
            if got is None or keys is None:
                return None
            return [{k: v for k, v in s.items() if (k in keys) == (short == "Pick")} for s in got]
        if short == "Record" and len(args) == 2:
            keys = self.type_keys(module, args[0], depth + 1)
            return [{k: (args[1], module) for k in keys}] if keys is not None else None
        found = None
        if "." in name:  # `Serve.Options`: the namespace's own copy where the short name is declared elsewhere too
            space = name.rsplit(".", 2)[-2]
            mod = self.modules.get(module)
            qualified = f"{space}${short}"
            if mod is not None and qualified in mod.types:
                found = ((module, qualified), mod.types[qualified])
        found = found or self._raw_type(module, short)
        if found is None:
            return None
        tid, td = found
        bindings = {p: (args[i] if i < len(args) else (td.type_defaults[i] if i < len(td.type_defaults) else
                                                        "unknown"))
                    for i, p in enumerate(td.type_params)}
        if td.kind == "alias":
            body = td.shown_alias or td.alias  # (a union of object literals: its written arms, not the `$armN`)
            return self._eval_shapes(tid[0], substitute(body, bindings), depth + 1, object_literal)
        if td.kind not in ("interface", "class"):
            return None
        if td.open and td.shown_alias and td.kind == "interface":
            return self._eval_shapes(tid[0], substitute(td.shown_alias, bindings), depth + 1)
        if not self.closed(tid):
            if td.open or self.merging_hole(tid):
                return None
            # a base the model cannot close (`interface Options<D> extends XOR<A, B>, XOR<C, E>`, an intersection
            # alias of generic aliases): the declared members and every base's shapes, as an intersection
            own: dict[str, tuple[str, str]] = {}
            for member in td.members:
                if not member.static:
                    typed = _member_type(member)
                    own = _merged_shape(own, {member.name: (substitute(typed, bindings) if typed else "", tid[0])})
            out = [own]
            for base in td.bases:
                got = self._eval_shapes(tid[0], substitute(base, bindings), depth + 1)
                if got is None or len(out) * len(got) > 32:
                    return None
                out = [_merged_shape(a, b) for a in out for b in got]
            return out
        shape = {}
        for member_name, (member, owner) in self.members(tid).items():
            if member.static:
                continue
            owner_type = self.type(owner)
            typed = _member_type(member)
            if owner == tid:
                typed = substitute(typed, bindings) if typed else typed
            elif owner_type is not None and any(re.search(rf"(?<![\w$.]){re.escape(p)}(?![\w$])", typed)
                                                for p in owner_type.type_params):
                typed = ""  # (a base's own parameter: what the base text binds it to is not followed here)
            shape[member_name] = (typed, owner[0])
        return [shape]

    def type_keys(self, module: str, text: str, depth: int = 0) -> frozenset[str] | None:
        """The key set a type expression names: string literals, `keyof X` (the names every shape of X has),
        `Exclude<K, L>` / `Extract<K, L>` of key sets, unions of them; None when not certain."""
        text = _unparen(text.strip())
        if depth > 12:
            return None
        if text == "never":
            return frozenset()
        literal = re.fullmatch(r"""(["'])([^"']*)\1""", text)
        if literal is not None:
            return frozenset({literal.group(2)})
        pieces = _split_type(text, "|")
        if len(pieces) > 1:
            keys: set[str] = set()
            for piece in pieces:
                got = self.type_keys(module, piece, depth + 1)
                if got is None:
                    return None
                keys |= got
            return frozenset(keys)
        if text.startswith("keyof "):
            of = text[len("keyof "):].strip()
            if of.startswith("typeof "):
                return self.const_keys(module, of[len("typeof "):].strip())
            got = self._eval_shapes(module, of, depth + 1)
            if not got:
                return None
            return frozenset.intersection(*(frozenset(s) for s in got))
        m = re.fullmatch(r"(Exclude|Extract)\s*<(.*)>", text, re.S)
        args = _split_type(m.group(2), ",") if m is not None else []
        if len(args) == 2:
            a, b = self.type_keys(module, args[0], depth + 1), self.type_keys(module, args[1], depth + 1)
            if a is None or b is None:
                return None
            return a - b if m.group(1) == "Exclude" else a & b
        named = re.fullmatch(r"([A-Za-z_$][\w$]*)\s*(?:<(.*)>)?", text, re.S)
        if named is not None and named.group(1) not in ("Exclude", "Extract"):
            # a key union named by an alias (`type Id = keyof typeof configs`), its arguments bound
            found = self._raw_type(module, named.group(1))
            if found is None or found[1].kind != "alias" or not found[1].alias:
                return None
            (home, _), td = found
            written = _split_type(named.group(2), ",") if named.group(2) else []
            bindings = {p: (written[i] if i < len(written) else (td.type_defaults[i] if i < len(td.type_defaults)
                                                                  else "unknown"))
                        for i, p in enumerate(td.type_params)}
            return self.type_keys(home, substitute(td.alias, bindings), depth + 1)
        return None

    def const_keys(self, module: str, name: str) -> frozenset[str] | None:
        """`keyof typeof configs`: the keys of a constant whose declared type is an object type literal (read as a
        namespace of its members, `declare const configs: { slack: {...}; "cal-com": {...} }`); None when the
        constant is not so declared, or its type is open."""
        mod = self.modules.get(module)
        value = mod.values.get(name) if mod is not None else None
        if value is None or value.type != f"typeof {name}":
            return None
        td = mod.types.get(name)
        if td is None or td.kind != "namespace" or td.open or td.any_name:
            return None
        return frozenset(m.name for m in td.members if m.static)

    def remapped_keys(self, module: str, var: str, keys: frozenset[str], renamed: str,
                      depth: int) -> frozenset[str] | None:
        """The keys of a mapped type with an `as` clause (`[K in Id as CamelCase<K>]`): each key the clause makes
        of one of the keys (a `never` drops it), where the clause evaluates to one string literal for each
        (`literal_string`); None when any does not."""
        out: set[str] = set()
        for key in keys:
            if not _PLAIN_KEY.fullmatch(key):
                return None
            got = self.literal_string(module, substitute(renamed, {var: f'"{key}"'}), depth)
            if got is None:
                return None
            if got is not NEVER_KEY:
                out.add(got)
        return frozenset(out)

    def literal_string(self, module: str, text: str, depth: int = 0):
        """TypeScript's evaluation of a type expression that is one string literal for literal arguments: a
        string literal, a template literal type of such parts (`${Head}${Capitalize<Tail>}`), the intrinsic
        `Capitalize` / `Uncapitalize` / `Uppercase` / `Lowercase`, a conditional whose check is such a string and
        whose extends clause a string literal, `string` or a template literal pattern of literal text and
        `${infer X}` / `${string}` holes (matched as TypeScript matches: each hole followed by text takes up to
        that text's first occurrence, a hole followed by a hole one character, the last hole the rest), and a
        generic alias over them, recursively (`type CamelCase<S> = S extends `${infer H}-${infer T}` ?
        `${H}${Capitalize<CamelCase<T>>}` : S`). `NEVER_KEY` for `never`; None for anything else."""
        text = _unparen(_COMMENTS.sub(" ", text).strip())
        if depth > 40 or not text:
            return None
        if text == "never":
            return NEVER_KEY
        literal = re.fullmatch(r"""(["'])([^"'\\]*)\1""", text)
        if literal is not None:
            return literal.group(2)
        if text.startswith("`") and text.endswith("`"):
            pieces = _template_pieces(text)
            if pieces is None:
                return None
            out = ""
            for i, piece in enumerate(pieces):
                if i % 2 == 0:
                    out += piece
                    continue
                got = self.literal_string(module, piece, depth + 1)
                if got is None or got is NEVER_KEY:
                    return None
                out += got
            return out
        cond = _conditional(text)
        if cond is not None:
            check, extends, yes, no = cond
            subject = self.literal_string(module, check, depth + 1)
            if subject is None or subject is NEVER_KEY:
                return None  # (`never` distributes to `never`; not followed)
            matched = _template_match(subject, extends)
            if matched is None:
                return None
            branch = substitute(yes, {k: f'"{v}"' for k, v in matched.items()}) if matched is not False else no
            return self.literal_string(module, branch, depth + 1)
        call = re.fullmatch(r"([A-Za-z_$][\w$]*)\s*<(.*)>", text, re.S)
        if call is None:
            return None
        name, args = call.group(1), _split_type(call.group(2), ",")
        if name in _INTRINSIC_STRINGS and len(args) == 1:
            got = self.literal_string(module, args[0], depth + 1)
            return _INTRINSIC_STRINGS[name](got) if isinstance(got, str) and got is not NEVER_KEY else None
        found = self._raw_type(module, name)
        if found is None or found[1].kind != "alias" or not found[1].alias or \
                len(args) > len(found[1].type_params):
            return None
        (home, _), td = found
        values = []
        for arg in args:  # (each argument evaluated where it is written)
            got = self.literal_string(module, arg, depth + 1)
            if got is None or got is NEVER_KEY or not _PLAIN_KEY.fullmatch(got):
                return None
            values.append(f'"{got}"')
        if len(values) < len(td.type_params):
            return None
        return self.literal_string(home, substitute(td.alias, dict(zip(td.type_params, values))), depth + 1)

    def environment_branch(self, module: str, text: str) -> str | None:
        """The type a global's declared type `text` (written in `module`) is where the environment does not
        provide the global itself: a conditional type asking whether the environment has it (`typeof globalThis
        extends { onmessage: any; Response: infer T } ? T : typeof import("undici-types").Response`, @types/node's
        fetch globals), directly or through generic aliases (bun's `UseLibDomIfAvailable<"Response", Response$static>`
        = `LibDomIsLoaded extends true ? (typeof globalThis extends {...} ? T : Otherwise) : Otherwise`,
        `LibDomIsLoaded` itself such a test), is its false branch: the package's own declaration, which is what
        the package means its users to get (lib.dom's, when loaded, is the same API). No general evaluator: only
        tests on `globalThis` are decided, a few aliases deep; None when `text` is no such type."""
        decided = False
        for _ in range(8):
            text = _unparen(text.strip())
            cond = _conditional(text)
            if cond is not None:
                if not self._environment_test(module, cond[0]):
                    return None
                text, decided = cond[3], True
                continue
            m = re.fullmatch(r"([A-Za-z_$][\w$.]*)\s*<(.*)>", text, re.S)
            td = self._raw_type(module, m.group(1)) or self._raw_type(module, m.group(1).rsplit(".", 1)[-1]) \
                if m is not None else None
            if td is None or td[1].kind != "alias" or not td[1].type_params:
                break
            args = _split_type(m.group(2), ",")
            bindings = {p: (args[i] if i < len(args) else (td[1].type_defaults[i] if i < len(td[1].type_defaults)
                                                           else "unknown"))
                        for i, p in enumerate(td[1].type_params)}
            text = substitute(td[1].alias, bindings)
        return text if decided and _conditional(text) is None else None

    def _environment_test(self, module: str, check: str) -> bool:
        """Whether a conditional's check type asks about the environment: it reads `globalThis`, or names an
        alias (no parameters) that is a conditional whose check does (`LibDomIsLoaded`)."""
        check = _unparen(check.strip())
        if re.search(r"\bglobalThis\b", check):
            return True
        if not re.fullmatch(r"[A-Za-z_$][\w$.]*", check):
            return False
        td = self._raw_type(module, check) or self._raw_type(module, check.rsplit(".", 1)[-1])
        cond = _conditional(td[1].alias.strip()) if td is not None and td[1].kind == "alias" and \
            not td[1].type_params else None
        return cond is not None and re.search(r"\bglobalThis\b", cond[0]) is not None

    def _raw_type(self, module: str, name: str) -> tuple[TypeId, TypeDef] | None:
        """The type declared as `name` in `module` (an alias too, unfollowed), else the one type of that name."""
        mod = self.modules.get(module)
        t = mod.types.get(name) if mod else None
        if t is not None:
            return (module, name), t
        if self._alias_names is None:
            self._alias_names = {}
            for mname, mm in self.modules.items():
                for tname, td in mm.types.items():
                    if td.kind == "alias":
                        self._alias_names.setdefault(tname, []).append((mname, tname))
        found = self.type_names.get(name, []) + self._alias_names.get(name, [])
        if len(found) != 1:
            return None
        t = self.type(found[0])
        return (found[0], t) if t is not None else None

    def _bound_parts(self, module: str, text: str, out: list[TypeId], depth: int) -> bool:
        """`computed_parts`' walk: adds to `out` the named object types `text` (a type expression written in
        `module`) may take members from; False when some part cannot be bounded so."""
        text = _unparen(text.strip())
        if depth > 16 or len(out) > 64:
            return False
        if text in ("{}", "never") or text in NULLISH_TYPES:
            return True  # no members
        cond = _conditional(text)
        if cond is not None:
            check, extends, yes, no = cond
            infers = re.findall(r"\binfer\s+([A-Za-z_$][\w$]*)", extends)
            if infers:
                bound = _infer_bindings(check, extends, infers)
                if bound is None:
                    return False
                yes = substitute(yes, bound)
            return self._bound_parts(module, yes, out, depth + 1) and self._bound_parts(module, no, out, depth + 1)
        for sep in ("|", "&"):
            pieces = _split_type(text, sep)
            if len(pieces) > 1:
                return all(self._bound_parts(module, p, out, depth + 1) for p in pieces)
        if text.endswith("]") and not text.endswith("[]"):
            opened = _opening_bracket(text)
            if opened <= 0:
                return False
            holder, key = text[:opened].strip(), text[opened + 1:-1].strip()
            maps: list[TypeId] = []
            if not self._bound_parts(module, holder, maps, depth + 1) or not maps:
                return False
            literal = re.fullmatch(r"""(["'])([\w$]+)\1""", key)
            for mtid in maps:
                if not self.closed(mtid):
                    return False
                for name, (m, owner) in self.members(mtid).items():
                    if literal is not None and name != literal.group(2):
                        continue
                    if m.kind != "property" or not m.type or \
                            not self._bound_parts(owner[0], m.type, out, depth + 1):
                        return False
            return True
        m = re.fullmatch(r"([A-Za-z_$][\w$]*)\s*(?:<(.*)>)?", text, re.S)
        if m is None:
            return False
        name, args = m.group(1), _split_type(m.group(2), ",") if m.group(2) else []
        if name in ("Partial", "Required", "Readonly") and len(args) == 1:
            return self._bound_parts(module, args[0], out, depth + 1)
        if name in ("Omit", "Pick") and len(args) == 2:
            # some of the first argument's members: its members bound them (an omitted name is never missing;
            # as `_base_type` reads such a base); react-router's `Omit<NavigationStates["Idle"], "matches">`
            return self._bound_parts(module, args[0], out, depth + 1)
        found = self._raw_type(module, name)
        if found is None:
            return False
        tid, td = found
        if td.kind != "alias":
            if td.kind not in ("interface", "class") or td.open:
                return False
            if tid not in out:
                out.append(tid)
            return True
        bindings = {p: (args[i] if i < len(args) else (td.type_defaults[i] if i < len(td.type_defaults) else
                                                        "unknown"))
                    for i, p in enumerate(td.type_params)}
        return self._bound_parts(tid[0], substitute(td.alias, bindings), out, depth + 1)

    def runtime_texts(self):
        """(path, bytes) of each runtime JavaScript file the model was read from, within the default read limits
        (a file that cannot be read is left out): the engine's own code, for the checks that look at what it
        does with an object rather than what its types declare (`unknown_symbol._runtime_written`,
        `entry_writes.entry_fields`)."""
        limits = ReadLimits()
        for _, src in self.sources:
            if src.kind != "js":
                continue
            for path in src.files:
                try:
                    yield path, limits.read(Path(path))
                except OSError:
                    continue

    def merging_hole(self, tid: TypeId) -> bool:
        """Whether `tid` is an interface a package's typings declare only for the user's code to fill by
        declaration merging: declared with no member and no base in a declaration file (`interface I {}`,
        `interface Register {}`, `interface CustomTypeOptions {}`): such an interface has no use but to be
        merged into (a project's `declare module`/`declare namespace` block, or typings a tool generates for the
        project), so its members are unknown to the package, and what any source adds to it is a lower bound,
        not the set. Also an interface whose members are all properties typed by such holes (a registry the
        same user typings fill beside them: `interface Support { I: I }`, which the generated file extends with
        the project's own objects). TypeScript itself reports nothing on it where the user's typings are in the
        program; without them, a name on it is only sure to be a mistake when it is a near miss of a real
        member of the engine that no type has (the vocabulary check).

        An interface that declares a string index signature and nothing else (`interface Bag { [key: string]:
        any }`) is no hole: the signature is its declaration, saying what every name holds (a dictionary, open to
        any key: `index_only`), not an empty body left for merging; nor is a registry of such interfaces."""
        cached = self._holes.get(tid)
        if cached is None:
            self._holes[tid] = False  # (a cycle through its members is no hole)
            cached = self._is_hole(tid)
            self._holes[tid] = cached
        return cached

    def index_only(self, tid: TypeId) -> bool:
        """Whether `tid` is an interface of typings that declares a string index signature and nothing else (no
        member, no base, no type parameter: `interface Bag { [key: string]: any }`): a dictionary, open to any
        key by its own declaration (never a `merging_hole`)."""
        t = self.type(tid)
        return t is not None and bool(t.index_value) and not t.members and self._typings_interface(t)

    @staticmethod
    def _typings_interface(t: TypeDef) -> bool:
        """An interface a declaration file declares, with no base and no type parameter (HIGH confidence)."""
        return t.kind == "interface" and not t.bases and not t.type_params and bool(t.path) and \
            t.path.endswith((".d.ts", ".d.mts", ".d.cts")) and t.confidence >= HIGH

    def _is_hole(self, tid: TypeId) -> bool:
        t = self.type(tid)
        if t is None or not self._typings_interface(t) or t.index_value:
            return False  # (a string index signature declares what any name holds: `index_only`)
        if not t.members:
            return True
        for m in t.members:
            if m.kind != "property" or m.static or not m.type:
                return False
            parsed = parse_type(m.type)
            if not parsed or parsed[0] != "name":
                return False
            target = self.find_type(tid[0], parsed[1]) or self.find_type(tid[0], parsed[1].rsplit(".", 1)[-1])
            if target is None or target == tid or not self.merging_hole(target) or self.type(target).members:
                return False
        return True

    def _platform_type(self, module: str, text: str) -> bool:
        """A platform type, written directly or through a local alias (`type R = import("stream").Readable`)."""
        return self._platform_text(module, text) is not None

    def _platform_text(self, module: str, text: str) -> str | None:
        """The platform type `text` names in `module` (through a local alias), as written; else None."""
        if is_builtin_type(text):
            return text
        parsed = parse_type(text)
        mod = self.modules.get(module)
        t = mod.types.get(parsed[1]) if mod and parsed and parsed[0] == "name" else None
        return t.alias if t is not None and t.kind == "alias" and is_builtin_type(t.alias) else None

    def platform_members(self, tid: TypeId, static: bool = False) -> frozenset[str] | None:
        """The instance members the platform classes `tid` (or a base of it) extends give it (`class Client
        extends Dispatcher`, `Dispatcher extends EventEmitter` from 'node:events': EventEmitter's `on`, `emit`,
        ...; `BodyReadable extends Readable`: Readable's, Stream's and EventEmitter's), from the generated data
        (`builtin_names.platform_class_members`). None where a platform base is one the data does not list
        (`HTMLElement`, `Promise<T>`): a member name of any platform type may then be real. `static`: the
        platform class value's own properties the class's value inherits (`EventEmitter.once`, `Readable.from`)."""
        key = (tid, static)
        if key not in self._platform_members:
            self._platform_members[key] = self._collect_platform(tid, set(), static)
        return self._platform_members[key]

    def _collect_platform(self, tid: TypeId, seen: set, static: bool = False) -> frozenset[str] | None:
        t = self.type(tid)
        if t is None or tid in seen:
            return frozenset()
        seen.add(tid)
        out: set[str] = set()
        for base in t.bases:
            parsed = self._base_type(tid[0], base)
            btid = self.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            text = self._platform_text(tid[0], base) if btid is None else None
            found = platform_class_members(text, static) if text is not None else \
                self._collect_platform(btid, seen, static) if btid is not None else frozenset()
            if found is None:
                return None
            out |= found
        return frozenset(out)

    def member_names(self) -> frozenset[str]:
        """Every member name of every type of the model's modules (the DOM's left out)."""
        found = self.__dict__.get("_member_names")
        if found is None:
            found = self._member_names = frozenset(m.name for mod in self.modules.values()
                                                   for t in mod.types.values() for m in t.members)
        return found

    def platform_lineage(self, tid: TypeId) -> bool:
        """Whether `tid` is one of the DOM's types (`model_sources/platform`) or extends one, other than those
        `builtin_classes.txt` lists with their members of every version (`EventTarget`): a member name of any
        platform type (`builtin_names.txt`: other lib versions, Node's) may then be real on it."""
        return any(t[0] == platform.PLATFORM and platform_class_members(t[1]) is None
                   for t in (tid, *self.ancestors(tid)))

    def platform_base(self, tid: TypeId) -> bool:
        """Whether `tid` (or a base of it) extends a platform type the model does not hold (`EventEmitter`,
        `NodeJS.ReadableStream`, `HTMLElement`): a member name of any platform type may then be real."""
        cached = self._platform.get(tid)
        if cached is None:
            cached = self._platform[tid] = self._has_platform_base(tid, set())
        return cached

    def _has_platform_base(self, tid: TypeId, seen: set) -> bool:
        t = self.type(tid)
        if t is None or tid in seen:
            return False
        seen.add(tid)
        for base in t.bases:
            parsed = self._base_type(tid[0], base)  # immutable's `extends Map<K, V>` is its own Map
            btid = self.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
            if (btid is None and self._platform_type(tid[0], base)) or (btid is not None and self._has_platform_base(btid, seen)):
                return True
        return False

    def owners(self, member: str) -> list[TypeId]:
        """Every class or interface with methods that has an instance member `member` (inherited ones
        included): the candidates when a receiver's type is inferred from the members used on it."""
        if self._owners is None:
            with self._lock:
                if self._owners is None:
                    owners: dict[str, list[TypeId]] = {}
                    for tid in self.object_types():
                        members = self.members(tid)
                        t = self.type(tid)
                        if t is not None and t.kind == "interface" and \
                                not any(m.kind == "method" for m, _ in members.values()):
                            # plain-data / options interfaces: objects built to pass them often carry
                            # extra fields, so using a field they lack says nothing
                            continue
                        for name, (m, _) in members.items():
                            if not m.private:  # code outside the engine cannot use private members
                                owners.setdefault(name, []).append(tid)
                    self._owners = owners
        return self._owners.get(member, [])

    def producers(self, tid: TypeId) -> list[tuple[TypeId, str]]:
        """(type, method) pairs whose instance method returns a `tid` (or a promise of one)."""
        if self._producers is None:
            with self._lock:
                if self._producers is None:
                    index: dict[TypeId, list[tuple[TypeId, str]]] = {}
                    for owner in self.object_types():
                        for name, (m, declaring) in self.members(owner).items():
                            if m.kind != "method" or not m.type:
                                continue
                            parsed = parse_type(m.type)
                            if parsed and parsed[0] == "promise":
                                parsed = parsed[1]
                            if parsed and parsed[0] == "name":
                                target = self.find_type(declaring[0], parsed[1])
                                if target is not None:
                                    index.setdefault(target, []).append((owner, name))
                    self._producers = index
        return self._producers.get(tid, [])

    def object_types(self) -> list[TypeId]:
        return [(m, n) for m, mod in self.modules.items() for n, t in mod.types.items()
                if t.kind in ("class", "interface") and ("$" not in n or _BUNDLER_RENAMED.fullmatch(n)
                                                         or FILE_LOCAL_TYPE.fullmatch(n))]

    def exported_name(self, tid: TypeId, written: str = "") -> str:
        """A type's name as its package exports it: its own, else its alias (`export { create$6 as string }`,
        `export { Body$1 as Body }`), the one `written` when it is one of several. Messages, hovers, evidence
        texts and `check_symbols` name every type they show through it."""
        by_local = getattr(self, "_exports_by_local", None)
        if by_local is None:
            by_local = {}
            for module, mod in self.modules.items():
                names: dict[str, list[str]] = {}
                for exported, local in mod.exports.items():
                    if exported not in ("default", "="):
                        names.setdefault(local, []).append(exported)
                by_local[module] = {local: sorted(found) for local, found in names.items()}
            self._exports_by_local = by_local
        name = tid[1]
        exported = by_local.get(tid[0], {}).get(name, ())
        if not exported and FILE_LOCAL_TYPE.fullmatch(name):
            return name.rpartition("$")[0]  # a module file's own type held apart (`Random$file3`): `Random`
        if not exported or name in exported:
            return name
        return written if written in exported else exported[0]

    def subpath_namespace(self, spec: str) -> TypeId | None:
        """The namespace type a package's subpath import (`import * as s3 from 'pkg/aws-s3'`) binds when the
        subpath's declaration file is one the package's own typings re-export as a namespace (`export * as
        aws_s3 from './aws-s3'` in its entry): the same file, so the same exports, whatever either is called.
        TypeScript finds a subpath's typings as the `types` condition of its `exports` entry, else beside the
        JavaScript file the entry names (`./aws-s3/index.js` -> `./aws-s3/index.d.ts`), else, with no
        `exports` map, at `sub.d.ts` or `sub/index.d.ts`. None when the subpath is no such file."""
        if spec not in self._subpath_ns:
            self._subpath_ns[spec] = next((found for found in self._subpath_file_entries(spec, "namespace_files")
                                           if self.type(found) is not None), None)
        return self._subpath_ns[spec]

    def subpath_module(self, spec: str) -> tuple[str, str] | None:
        """(package, type text) of what `require('pkg/sub')` gives when the subpath's declaration file (found as
        TypeScript finds it: `_subpath_declaration`) is one the package's typings read and that has an `export
        =` (`ModuleModel.module_files`: `typeof randu$v3`, the file's own `declare var randu: Random`); else
        None. A package of folders each with typings of its own (`pkg/base/randu/docs/types/index.d.ts`, reached
        from the root's `import base = require('./../../base')`) is so."""
        if spec not in self._subpath_mod:
            self._subpath_mod[spec] = next(self._subpath_file_entries(spec, "module_files"), None)
        return self._subpath_mod[spec]

    def _subpath_file_entries(self, spec: str, table: str):
        """(package, entry) for each typings source whose per-file table (`ModuleModel.namespace_files` or
        `module_files`, keyed by the file's path relative to the source) holds the declaration file a subpath
        import names (`_subpath_declaration`), in source order."""
        pkg = package_name(spec)
        pkg_dir = self.package_dirs.get(pkg) if pkg is not None and pkg != spec else None
        decl = _subpath_declaration(pkg_dir, spec[len(pkg) + 1:]) if pkg_dir is not None else None
        if decl is None:
            return
        for src_spec, src in self.sources:
            mod = src.modules.get(pkg) if src.kind == "dts" else None
            entries = getattr(mod, table) if mod is not None else None
            if not entries:
                continue
            entry = entries.get(Path(os.path.relpath(decl, src_spec.path.resolve().parent)).as_posix())
            if entry is not None:
                yield pkg, entry

    def export(self, module: str, name: str, depth: int = 0):
        """What `import { name } from module` binds: ("type", tid) or ("value", Member) or None."""
        mod = self.modules.get(module)
        if mod is None:
            return None
        local = mod.exports.get(name)
        if local is None:
            if name in mod.types and not mod.exports:
                local = name
            else:
                return self.export_equals_member(module, name)
        if local not in mod.values and local not in mod.types and name in mod.reexports and depth < 8:
            # `export { default as DefineMap } from "can-define/map/map"`: that module's export of that name
            spec, imported = mod.reexports[name][:2]
            if spec in self.modules and spec != module:
                return self.export(spec, imported, depth + 1)
        if local in mod.values:
            value = mod.values[local]
            if not _typings(value.path):
                # a runtime build's function (immutable's `Collection`) that the typings declare, through
                # `export =`, as a namespace or class object: that object's static side is the union of both
                # sources' (the runtime's statics merge into the type of that name), the function's is unknown
                typed = self.export_equals_member(module, name)
                if typed is not None and typed[1].kind == "value" and typed[1].type.startswith("typeof "):
                    return typed
            return ("value", value)
        tid = self.find_type(module, local)
        if tid is not None and tid[0] != platform.PLATFORM:  # (a module exports its own names, not the DOM's)
            return ("type", tid)
        return self.export_equals_member(module, name)

    def export_equals_member(self, module: str, name: str):
        """A name `import { name }` / `import * as m; m.name` reach in a module declared with `export = X`
        (TypeScript's esModuleInterop view): a static member of X (a namespace's value, a class's static, an
        enum object), or, when X is a value, a member of its declared type (`declare const _: _.LoDashStatic;
        export = _`). ("value", Member) or None."""
        mod = self.modules.get(module)
        target = mod.exports.get("=") if mod is not None and name not in ("=", "default") else None
        if not target:
            return None
        tid = self.find_type(module, target)
        entry = self.statics(tid).get(name) if tid is not None else None
        value = mod.values.get(target)
        if entry is None and value is not None and value.type:
            parsed = parse_type(value.type)
            vtid = self.find_type(module, parsed[1]) if parsed and parsed[0] == "name" else None
            entry = self.members(vtid).get(name) if vtid is not None else None
        return ("value", entry[0]) if entry is not None else None

    def type_confidence(self, tid: TypeId) -> float:
        t = self.type(tid)
        return t.confidence if t else 0.0

    def is_high(self, tid: TypeId) -> bool:
        return self.type_confidence(tid) >= HIGH


IDENT_RE = re.compile(r"[A-Za-z_$][\w$]*")
# A declared name a bundler renamed to keep two same-named declarations apart (`declare class Body$1` ...
# `export { Body$1 as Body }`, as rollup and dts-bundle-generator write them): a real type, unlike the names
# the model makes with a `$` (`Ns$Name`, `Name$static`, `Name$ns1`, `owner$member`), which never end in digits
# alone
_BUNDLER_RENAMED = re.compile(r"[A-Za-z_][\w]*\$\d+")
# a module file's own type, held apart from another file's of its name (`DtsExtractor.file_local_types`)
FILE_LOCAL_TYPE = re.compile(r"[A-Za-z_$][\w$]*\$file\d+")


NULLISH_TYPES = frozenset({"null", "undefined", "void"})


def _absent(m: Member) -> bool:
    """A property typed `never` or nullish: on that object type, it holds no value (a tagged union's other arm)."""
    return m.kind == "property" and (m.type.strip() == "never" or m.type.strip() in NULLISH_TYPES)


_MAPPED = re.compile(r"\{\s*(?:readonly\s+)?\[\s*([A-Za-z_$][\w$]*)\s+in\s+(.+?)\s*\]\s*\??\s*:\s*(.+?)\s*;?\s*\}",
                     re.S)
_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_PLAIN_KEY = re.compile(r'[^"\\`$]*')  # a key quoted as a string literal type as it is
NEVER_KEY = "\0never"  # `literal_string`'s answer for `never` (a key an `as` clause drops)
_INTRINSIC_STRINGS = {"Capitalize": lambda s: s[:1].upper() + s[1:], "Uncapitalize": lambda s: s[:1].lower() + s[1:],
                      "Uppercase": str.upper, "Lowercase": str.lower}


def _split_as(over: str) -> tuple[str, str]:
    """A mapped type's `K in Keys as Renamed<K>` part after `in`: (Keys, Renamed), Renamed "" when none."""
    for i, ch in _top_level(over):
        if ch == " " and over.startswith(" as ", i) and "`" not in over[:i]:
            return over[:i].strip(), over[i + len(" as "):].strip()
    return over, ""


def _template_pieces(text: str) -> list[str] | None:
    """A template literal type's literal texts and hole expressions, alternating (`a${X}b` -> ["a", "X", "b"]);
    None when it holds an escape or does not parse plainly."""
    body = text[1:-1]
    if "\\" in body or "`" in body:
        return None
    pieces, at = [], 0
    while True:
        start = body.find("${", at)
        if start < 0:
            pieces.append(body[at:])
            return pieces
        depth, end = 0, -1
        for j in range(start + 1, len(body)):
            if body[j] == "{":
                depth += 1
            elif body[j] == "}":
                depth -= 1
                if depth == 0:
                    end = j
                    break
        if end < 0:
            return None
        pieces += [body[at:start], body[start + 2:end].strip()]
        at = end + 1


def _template_match(subject: str, pattern: str) -> dict[str, str] | bool | None:
    """Whether the string literal `subject` is assignable to a conditional's extends clause: a dict of what each
    `infer X` binds when it matches (a template literal pattern; {} for a literal or `string`), False when it does
    not, None when the pattern is anything else (not decided here)."""
    pattern = _unparen(pattern.strip())
    if pattern == "string":
        return {}
    literal = re.fullmatch(r"""(["'])([^"'\\]*)\1""", pattern)
    if literal is not None:
        return {} if literal.group(2) == subject else False
    if not (pattern.startswith("`") and pattern.endswith("`")):
        return None
    pieces = _template_pieces(pattern)
    if pieces is None:
        return None
    texts, holes = pieces[0::2], pieces[1::2]
    names = []
    for hole in holes:
        m = re.fullmatch(r"infer\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+string)?|string", hole)
        if m is None:
            return None  # (`${number}`, a union, a type: not decided here)
        names.append(m.group(1))
    head, tail = texts[0], texts[-1]
    if not holes:
        return {} if head == subject else False
    if not subject.startswith(head) or not subject.endswith(tail) or len(head) + len(tail) > len(subject):
        return False
    rest, bound = subject[len(head):len(subject) - len(tail)], {}
    for i, name in enumerate(names):
        if i == len(names) - 1:
            value, rest = rest, ""
        elif texts[i + 1] == "":
            if not rest:
                return False
            value, rest = rest[0], rest[1:]
        else:
            at = rest.find(texts[i + 1])
            if at < 0:
                return False
            value, rest = rest[:at], rest[at + len(texts[i + 1]):]
        if name:
            if name in bound and bound[name] != value:
                return None
            bound[name] = value
    return bound


def _member_type(member: Member) -> str:
    """A member's declared type as a type expression: a property's type, a method's function type (an overloaded
    method's: "", not read here)."""
    if member.kind == "property":
        return member.type
    if member.kind == "method" and not member.overloads:
        return f"({', '.join(member.params)}) => {member.type or 'void'}"
    return ""


def _merged_shape(a: dict[str, tuple[str, str]], b: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The members of an intersection of two shapes: a name both have is `never` where either excludes it, else
    of a type not known here unless both declare it alike."""
    out = dict(a)
    for name, (typed, module) in b.items():
        if name not in out or out[name] == (typed, module):
            out[name] = (typed, module)
        elif "never" in (out[name][0].strip(), typed.strip()):
            out[name] = ("never", module)
        else:
            out[name] = ("", module)
    return out


def _unparen(text: str) -> str:
    while text.startswith("(") and text.endswith(")") and _closing_of(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    return text


def _function_type(text: str) -> bool:
    """Whether a type expression is a function or constructor type: `(a: A) => R`, `<T>(a: T) => R`, `new (...)
    => X`, `abstract new (...) => X`."""
    text = re.sub(r"^(?:abstract\s+)?new\b\s*", "", text.strip())
    i = 0
    if text.startswith("<"):
        i = _closing_of(text, 0) + 1
        if i <= 0:
            return False
    if text[i:i + 1] != "(":
        return False
    end = _closing_of(text, i)
    return end > 0 and text[end + 1:].lstrip().startswith("=>")


def _closing_of(text: str, i: int) -> int:
    """Where the bracket opened at `i` closes (any of `([{<`, the `>` of `=>` not counted), else -1."""
    depth = 0
    for j in range(i, len(text)):
        ch = text[j]
        if ch in "([{<":
            depth += 1
        elif ch in ")]}" or (ch == ">" and text[j - 1:j] != "="):
            depth -= 1
            if depth == 0:
                return j
    return -1


def _top_level(text: str):
    """(index, char) of each character of `text` outside brackets."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}" or (ch == ">" and text[i - 1:i] != "="):
            depth -= 1
        elif depth == 0:
            yield i, ch


def _split_type(text: str, sep: str) -> list[str]:
    """`text` split at `sep` outside brackets and outside a conditional's branches (`A extends B ? X | Y : Z`
    is one part)."""
    if sep != "," and _conditional(text) is not None:
        return [text]
    parts, start = [], 0
    for i, ch in _top_level(text):
        if ch == sep:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _conditional(text: str) -> tuple[str, str, str, str] | None:
    """A conditional type `C extends E ? X : Y` split into its four parts (outside brackets; a conditional in a
    branch stays whole), else None."""
    ext = re.search(r"\sextends\s", text)
    if ext is None:
        return None
    top = list(_top_level(text))
    at = next((i for i, _ in top if text.startswith(" extends ", i) or re.match(r"\sextends\s", text[i:])), None)
    if at is None:
        return None
    ask = nested = None
    for i, ch in top:
        if i <= at:
            continue
        if ch == "?" and text[i + 1:i + 2] not in (".", ":") and ask is None:
            ask, nested = i, 0
        elif ch == "?" and ask is not None and text[i + 1:i + 2] not in (".", ":"):
            nested += 1
        elif ch == ":" and ask is not None:
            if nested == 0:
                return (text[:at].strip(), text[at:ask].strip()[len("extends"):].strip(),
                        text[ask + 1:i].strip(), text[i + 1:].strip())
            nested -= 1
    return None


def _infer_bindings(check: str, extends: str, infers: list[str]) -> dict[str, str] | None:
    """What each `infer X` of a conditional's extends clause stands for, matched against the check type as
    written (or against each branch of a check type that is itself a conditional: `(U extends any ? (k: U) =>
    void : never) extends (k: infer I) => void ? I : never` binds I to U; `T extends Promise<infer R>` with T
    `Promise<Page>` binds R to Page); None when the check type does not match the pattern plainly."""
    check = _unparen(check.strip())
    cond = _conditional(check)
    if cond is not None:
        found: dict[str, list[str]] = {}
        for branch in (cond[2], cond[3]):
            branch = _unparen(branch.strip())
            if branch == "never":
                continue
            got = _infer_bindings(branch, extends, infers)
            if got is None:
                return None
            for k, v in got.items():
                found.setdefault(k, []).append(v)
        return {k: " | ".join(v) for k, v in found.items()} if len(found) == len(infers) else None
    pattern = _unparen(extends.strip())
    regex = ""
    at = 0
    for m in re.finditer(r"\binfer\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+[\w$]+)?", pattern):
        regex += r"\s*".join(re.escape(piece) for piece in re.split(r"\s+", pattern[at:m.start()])) + \
            f"(?P<{m.group(1)}>.+?)"
        at = m.end()
    regex += r"\s*".join(re.escape(piece) for piece in re.split(r"\s+", pattern[at:]))
    try:
        matched = re.fullmatch(regex, check, re.S)
    except re.error:
        return None
    if matched is None:
        return None
    return {k: v.strip() for k, v in matched.groupdict().items()}


def _indexed_access(text: str) -> bool:
    """Whether a type expression is an indexed access `M[K]` at its top (not an array type `T[]`)."""
    return text.endswith("]") and not text.endswith("[]") and _opening_bracket(text) > 0


def _opening_bracket(text: str) -> int:
    """Where the `[` that closes at the end of `text` (an indexed access `M[K]`) opens, else -1."""
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch in ")]}" or (ch == ">" and text[i - 1:i] != "="):
            depth += 1
        elif ch in "([{<":
            depth -= 1
            if depth == 0:
                return i if ch == "[" else -1
    return -1


def _base_type(base: str):
    """A base type expression, parsed; `Omit<Options, "explain">` / `Pick<Options, ...>` as `Options`: a
    superset of their members (an omitted name is never flagged; the others are all known)."""
    if base.split("<", 1)[0].strip() in ("Omit", "Pick"):
        args = generic_args(base)
        return parse_type(args[0]) if args else None
    return parse_type(base)


def _picked_keys(base: str) -> frozenset[str] | None:
    """The keys of `Pick<T, "a" | "b">` when every one is a string literal; else None."""
    if base.split("<", 1)[0].strip() != "Pick":
        return None
    args = generic_args(base)
    parts = [p.strip() for p in args[1].split("|")] if len(args) == 2 else []
    if not parts or not all(re.fullmatch(r"""(["'])[^"']*\1""", p) for p in parts if p):
        return None
    return frozenset(p[1:-1] for p in parts if p)


def _typings(path: str) -> bool:
    return path.endswith((".d.ts", ".d.mts", ".d.cts"))


# --- discovery -----------------------------------------------------------------------------------------------
def package_name(spec: str) -> str | None:
    """`@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`; relative, absolute and node: specs -> None."""
    if not spec or spec.startswith((".", "/", "node:", "#")) or ":" in spec.split("/")[0]:
        return None
    parts = spec.split("/")
    if spec.startswith("@"):
        return "/".join(parts[:2]) if len(parts) >= 2 else None
    return parts[0]


_packages_of: "weakref.WeakKeyDictionary[object, frozenset[str]]" = weakref.WeakKeyDictionary()
_packages_lock = threading.Lock()


def imported_packages(doc) -> set[str]:
    """The packages a document snapshot imports, found once per snapshot: every save of an open file asks
    again (ObjectModelService.update), and a query over a 5,000-line file takes ~10 ms."""
    if doc.tree is None or doc.language not in SOURCE_LANGUAGES:
        return set()
    with _packages_lock:
        found = _packages_of.get(doc)
    if found is None:
        found = frozenset(filter(None, (package_name(doc.node_text(node)) for node in queries.captures(
            doc.language, "engine_imports", doc.tree.root_node).get("import.source", []))))
        with _packages_lock:
            _packages_of[doc] = found
    return set(found)


_declared_of: "weakref.WeakKeyDictionary[object, frozenset[str]]" = weakref.WeakKeyDictionary()


def declared_members(doc) -> frozenset[str]:
    """The member names a JavaScript or TypeScript file declares (grammars/<language>/declared_members.scm),
    found once per snapshot: a save asks twice (ObjectModelService.update, then the vocabulary check), ~10 ms a
    query run on a 5,000-line file."""
    if doc.tree is None or doc.language not in SOURCE_LANGUAGES:
        return frozenset()
    with _packages_lock:
        found = _declared_of.get(doc)
    if found is None:
        nodes = queries.captures(doc.language, "declared_members", doc.tree.root_node).get("name", [])
        found = frozenset(doc.node_text(n) for n in nodes) | _augmented_names(doc)
        with _packages_lock:
            _declared_of[doc] = found
    return found


# A name a module augmentation adds to a package (`declare module 'pkg' { interface Options { extra?: number } }`)
# is kept among the file's declared names as AUGMENTED + package + AUGMENTED + name: the discovery cache and
# index artifacts hold those lists of strings unchanged, and no identifier contains the separator, so the
# vocabulary check's plain names never meet one.
AUGMENTED = "\x1f"
_TYPE_DECLARATIONS = ("interface_declaration", "class_declaration", "abstract_class_declaration",
                      "type_alias_declaration", "enum_declaration", "module", "internal_module")


def _augmented_names(doc) -> frozenset[str]:
    """The names a TypeScript file's module augmentations add to packages (members and exports: TypeScript
    merges them into the package's declarations), encoded with AUGMENTED (`augmentations` decodes them)."""
    if doc.language not in ("typescript", "tsx") or b"module" not in doc.source:
        return frozenset()
    out = set()
    for body in queries.captures(doc.language, "augmentations", doc.tree.root_node).get("augment.body", ()):
        name = body.parent.child_by_field_name("name") if body.parent is not None else None
        package = package_name(doc.node_text(name).strip("'\"")) if name is not None else None
        if not package or package.startswith(".") or "*" in package:
            continue  # a relative or wildcard (`declare module '*.svg'`) module is no package
        names = {doc.node_text(n) for n in queries.captures(doc.language, "declared_members", body).get("name", [])}
        stack = list(body.named_children)
        while stack:  # the types it declares or merges into (`interface Options`), at any namespace depth
            n = stack.pop()
            if n.type in _TYPE_DECLARATIONS:
                type_name = n.child_by_field_name("name")
                if type_name is not None:
                    names.add(doc.node_text(type_name))
            stack.extend(c for c in n.named_children if c.type in (*_TYPE_DECLARATIONS, "export_statement",
                                                                   "statement_block", "ambient_declaration"))
        out.update(f"{AUGMENTED}{package}{AUGMENTED}{n}" for n in names)
    return frozenset(out)


# The suffixes of files whose imports and declared names discovery reads (typings: their augmentations only).
SOURCE_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")


def file_names(doc, key: str) -> tuple[set[str], frozenset[str]]:
    """A workspace file's imported packages and declared names; a typings file imports nothing discovery
    follows (typings are not sources) and declares only what its module augmentations add."""
    if is_typings_path(key):
        return set(), _augmented_names(doc)
    return imported_packages(doc), declared_members(doc)


def _may_augment(path: Path) -> bool:
    """A workspace typings file that may hold a module augmentation (read only then: a vendored folder of
    declaration files costs a read each, not a parse)."""
    try:
        with open(path, "rb") as f:
            data = f.read(4 << 20)
    except OSError:
        return False
    return re.search(rb"\bmodule\s*['\"]", data) is not None


def augmentations(declared: "dict[Path, frozenset[str]]") -> dict[str, frozenset[str]]:
    """package -> the names the workspace's module augmentations add to it (see AUGMENTED)."""
    out: dict[str, set[str]] = {}
    for names in declared.values():
        for n in names:
            if n.startswith(AUGMENTED):
                package, _, name = n[1:].partition(AUGMENTED)
                out.setdefault(package, set()).add(name)
    return {k: frozenset(v) for k, v in out.items()}


def find_package_types(package: str, start: Path, stop: Path | None = None) -> Path | None:
    """The declaration entry of `package` as seen from folder `start` (walking up `node_modules` folders)."""
    folder = start
    while True:
        nm = folder / "node_modules"
        if nm.is_dir():
            entry = _types_entry(nm / package)
            if entry is None:
                mangled = package[1:].replace("/", "__") if package.startswith("@") else package
                entry = _types_entry(nm / "@types" / mangled)
            if entry is not None:
                return entry
        if folder.parent == folder:
            return None
        folder = folder.parent


def _package_dir(package: str, start: Path) -> Path | None:
    folder = start
    while True:
        candidate = folder / "node_modules" / package
        if (candidate / "package.json").is_file():
            return candidate
        if folder.parent == folder:
            return None
        folder = folder.parent


RUNTIME_CONDITIONS = ("import", "require", "module", "node", "browser", "default")
MAX_RUNTIME_ENTRIES = 4
MAX_REEXPORTED_FILES = 300  # other packages' files an umbrella package re-exports, read as their specifiers' modules


MAX_SHIPPED_TYPINGS = 500  # folders and declaration files looked at in an untyped package (`shipped_typings`)


def shipped_typings(pkg_dir: Path, package: str, limits: ReadLimits = ReadLimits()) -> list[Path]:
    """The declaration files inside an untyped package (no `types`/`typings` field, no `index.d.ts`: TypeScript
    reads none of them) that declare the package itself (`declare module "alt" { ... export = alt; }`): typings
    of the `typings` tool's era (DefinitelyTyped's file copied into `typings/<pkg>/`) that the package ships
    without declaring. A secondary source: `_shipped_results` takes from them what the runtime leaves unknown."""
    found: list[Path] = []
    seen = 0
    pattern = re.compile(r"""declare\s+module\s+["']""" + re.escape(package) + r"""["']""")
    for folder, dirs, files in os.walk(pkg_dir):
        if seen > MAX_SHIPPED_TYPINGS:
            break
        seen += 1  # (a folder counts too: a big untyped package is walked no further)
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith("."))
        for f in sorted(files):
            if not f.endswith(".d.ts"):
                continue
            seen += 1
            if seen > MAX_SHIPPED_TYPINGS:
                return found
            path = Path(folder) / f
            try:
                text = limits.read(path).decode("utf-8", "replace")
            except OSError:
                continue
            if pattern.search(text):
                found.append(path)
    return found


def find_package_runtime(package: str, start: Path) -> list[Path]:
    """The JavaScript entry files of `package` (its CJS, ESM and UMD builds): package.json `exports["."]`
    conditions, `module`, `main`, `browser`, `unpkg`. What they export and the members they assign at run
    time are known names even when the typings omit them."""
    pkg_dir = _package_dir(package, start)
    if pkg_dir is None:
        return []
    manifest = read_json(pkg_dir / "package.json") or {}
    targets: list[str] = []

    def collect(node, depth=0):
        if depth > 4:
            return
        if isinstance(node, str):
            targets.append(node)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key in RUNTIME_CONDITIONS or key == "." and depth == 0:
                    collect(value, depth + 1)

    exports = manifest.get("exports")
    if isinstance(exports, dict) and any(k.startswith(".") for k in exports):
        collect(exports.get("."), 1)
    elif exports is not None:
        collect(exports, 1)
    for key in ("module", "main", "browser", "unpkg"):
        if isinstance(manifest.get(key), str):
            targets.append(manifest[key])
    if not targets:
        targets.append("index.js")
    out: list[Path] = []
    root = pkg_dir.resolve()
    for t in targets:
        p = as_file_or_folder(pkg_dir / t, suffixes=tuple(_RUNTIME_SUFFIXES)) or (pkg_dir / t).resolve()
        if p.is_file() and p.suffix in (".js", ".mjs", ".cjs") and root in p.parents and p not in out:
            out.append(p)
    return out[:MAX_RUNTIME_ENTRIES]


def runtime_target(node, depth: int = 0) -> str | None:
    """The path an `exports` entry's value gives at run time: the string itself, or its first runtime
    condition's (`{"types": ..., "import": "./lib/x.js"}`), nested conditions followed."""
    if isinstance(node, str):
        return node
    if isinstance(node, dict) and depth < 4:
        for key, value in node.items():
            if key in RUNTIME_CONDITIONS:
                found = runtime_target(value, depth + 1)
                if found is not None:
                    return found
    return None


def _subpath_declaration(pkg_dir: Path, sub: str) -> Path | None:
    """The declaration file TypeScript reads for `pkg/sub` (see `ObjectModel.subpath_namespace`), inside the
    package; else None."""
    if not sub or ".." in sub.split("/"):
        return None
    root = pkg_dir.resolve()
    manifest = read_json(pkg_dir / "package.json") or {}
    exports = manifest.get("exports")
    candidates: list[Path] = []
    if isinstance(exports, dict):
        entry = exports.get(f"./{sub}")
        types = entry.get("types") or entry.get("typings") if isinstance(entry, dict) else None
        if isinstance(types, str):
            candidates.append(pkg_dir / types)
        js = runtime_subpath(pkg_dir, sub)
        if js is not None:
            stem = js.name[:-len(js.suffix)]
            candidates.append(js.with_name(stem + {".mjs": ".d.mts", ".cjs": ".d.cts"}.get(js.suffix, ".d.ts")))
    elif exports is None:
        candidates.append(pkg_dir / f"{sub}.d.ts")
        # else the subpath is a folder TypeScript reads as a module: its own package.json's `types` (`"types":
        # "./docs/types"`), the declaration beside its `main`, its `index.d.ts` (`directory_declaration`)
        folder = directory_declaration(pkg_dir / sub)
        if folder is not None:
            candidates.append(folder)
    for c in candidates:
        c = c.resolve()
        if c.is_file() and root in c.parents and c.name.endswith(DTS_SUFFIXES):
            return c
    return None


def runtime_subpath(pkg_dir: Path, sub: str, *, exports=None, resolved_root: Path | None = None) -> Path | None:
    """The JavaScript file a package's `exports` map gives the subpath `sub` (`"./effects": "./lib/effects.js"`,
    a runtime condition of it, or a pattern's: `"./lib/*": "./lib/*.js"`), inside the package; else None.
    `exports` / `resolved_root`: the package.json's `exports` and `pkg_dir.resolve()` when the caller has them
    (one per subpath otherwise: a package with hundreds of subpaths read its package.json hundreds of times)."""
    if exports is None:
        exports = (read_json(pkg_dir / "package.json") or {}).get("exports")
    if not isinstance(exports, dict):
        return None
    target = runtime_target
    found = target(exports.get(f"./{sub}"))
    if found is None:
        for key, value in exports.items():
            prefix, star, suffix = key.partition("*") if isinstance(key, str) else ("", "", "")
            if star and key.count("*") == 1 and f"./{sub}".startswith(prefix) and f"./{sub}".endswith(suffix) \
                    and len(f"./{sub}") >= len(prefix) + len(suffix):
                written = target(value)
                if written is not None and written.count("*") == 1:
                    found = written.replace("*", f"./{sub}"[len(prefix):len(f"./{sub}") - len(suffix)])
                    break
    if found is None:
        return None
    root = resolved_root if resolved_root is not None else pkg_dir.resolve()
    path = (pkg_dir / found).resolve()
    if path.is_file() and path.suffix in (".js", ".mjs", ".cjs") and root in path.parents:
        return path
    return None


MAX_FILE_PATH_PACKAGE_FILES = 3000  # JavaScript files of a package imported by file path, read as its module


def _file_path_package(package: str, start: Path) -> Path | None:
    """The folder of a package written to be imported by file path (`"type": "module"`, no `main`, `module`,
    `exports` or index file; `@brightspace-ui/core/components/dialog/dialog.js`), when it holds at most
    MAX_FILE_PATH_PACKAGE_FILES JavaScript files."""
    pkg_dir = _package_dir(package, start)
    if pkg_dir is None:
        return None
    manifest = read_json(pkg_dir / "package.json") or {}
    if manifest.get("type") != "module" or any(k in manifest for k in ("main", "module", "exports", "browser")):
        return None
    count = 0
    for _, dirnames, filenames in os.walk(pkg_dir):
        dirnames[:] = [d for d in dirnames if d != "node_modules" and not d.startswith(".")]
        count += sum(n.endswith((".js", ".mjs")) for n in filenames)
        if count > MAX_FILE_PATH_PACKAGE_FILES:
            return None
    return pkg_dir if count else None


MAX_FILE_PATH_IMPORTS = 40  # other packages' files a package read by file path imports, read beside it
_FILE_PATH_IMPORT = re.compile(rb"""(?:\bfrom|\bimport)\s*\(?\s*['"]((?:@[\w.-]+/)?[\w.-]+/[^'"\s]+\.m?js)['"]""")


def _file_path_imports(package: str, folder: Path, limits: ReadLimits = ReadLimits()) -> list[tuple[str, Path]]:
    """(specifier, file) of each file of another package without typings that the files of `package` (read as
    `folder`) import by file path (`from '@x/intl/lib/localize.js'`), at most MAX_FILE_PATH_IMPORTS. Read as
    every source is (`limits`: regular files, bounded sizes, inside the roots)."""
    from lsp_server.knowledge.model_sources.js import _js_files

    specs: dict[str, None] = {}
    for f in _js_files(folder):
        try:
            data = limits.read(f)
        except OSError:
            continue
        for m in _FILE_PATH_IMPORT.finditer(data):
            specs.setdefault(m.group(1).decode("utf-8", "replace"), None)
    out: list[tuple[str, Path]] = []
    typed: dict[str, bool] = {}
    for spec in specs:
        other = package_name(spec)
        if other is None or other == package:
            continue
        if other not in typed:
            typed[other] = find_package_types(other, folder) is not None
        base = _package_dir(other, folder) if not typed[other] else None
        if base is None:
            continue
        target = (base / spec[len(other) + 1:]).resolve()
        if target.is_file() and base.resolve() in target.parents and all(target != f for _, f in out):
            out.append((spec, target))
            if len(out) >= MAX_FILE_PATH_IMPORTS:
                break
    return out


def _types_versions(manifest: dict, candidate: str) -> list[str]:
    """`typesVersions` redirects (`{">=4.2": {"*": ["ts4.2/*"]}}`): the first range's mapping, as a current
    TypeScript would read it; `*` patterns and exact paths."""
    versions = manifest.get("typesVersions")
    if not isinstance(versions, dict) or not versions:
        return []
    mapping = next(iter(versions.values()))
    if not isinstance(mapping, dict):
        return []
    path = candidate[2:] if candidate.startswith("./") else candidate
    out = []
    for pattern, targets in mapping.items():
        if not isinstance(targets, list) or not targets or not isinstance(targets[0], str):
            continue
        prefix, star, suffix = pattern.partition("*")
        if star and path.startswith(prefix) and path.endswith(suffix) and len(path) >= len(prefix) + len(suffix):
            out.append(targets[0].replace("*", path[len(prefix):len(path) - len(suffix)] if suffix else path[len(prefix):]))
        elif pattern == path:
            out.append(targets[0])
    return out


def _types_entry(pkg_dir: Path) -> Path | None:
    if not pkg_dir.is_dir():
        return None
    manifest = read_json(pkg_dir / "package.json") or {}
    candidates = []
    exports = manifest.get("exports")
    if isinstance(exports, dict):
        dot = exports.get(".", exports)
        if isinstance(dot, dict):
            for key in ("types", "typings"):
                if isinstance(dot.get(key), str):
                    candidates.append(dot[key])
            for cond in ("import", "require", "default"):
                sub = dot.get(cond)
                if isinstance(sub, dict) and isinstance(sub.get("types"), str):
                    candidates.append(sub["types"])
    for key in ("types", "typings"):
        if isinstance(manifest.get(key), str):
            candidates.insert(0, manifest[key])
    main = manifest.get("main")
    if isinstance(main, str):
        stem = main[:-3] if main.endswith(".js") else main
        candidates.append(stem + ".d.ts")
    candidates.append("index.d.ts")
    candidates = [m for c in candidates for m in (*_types_versions(manifest, c), c)]
    for c in candidates:
        p = (pkg_dir / c).resolve()
        if p.is_dir():
            p = p / "index.d.ts"
        elif not p.name.endswith((".ts", ".mts", ".cts")):
            p = p.with_name(p.name + ".d.ts") if not p.is_file() else p
        if p.is_file() and p.name.endswith((".ts", ".mts", ".cts")):
            return p
    return None


def _types_subpaths(package: str, start: Path) -> list[tuple[str, Path]]:
    """The subpaths `package` declares typings for in its package.json `exports` (`"./node": {"types":
    "./dist/index.node.d.ts"}`), as (subpath, declaration file). A pattern (`"./*": {"types":
    "./dist-types/exports/*", "default": "./exports/*"}`, a package with no root entry) stands for each
    declaration file its target matches (`dist-types/exports/icon.d.ts`: `icon.js`, as TypeScript maps
    `@pkg/icon.js` to the `.d.ts` beside it, and `icon`), at most MAX_PATTERN_SUBPATHS of them."""
    pkg_dir = _package_dir(package, start)
    exports = (read_json(pkg_dir / "package.json") or {}).get("exports") if pkg_dir is not None else None
    if not isinstance(exports, dict):
        return []
    out: list[tuple[str, Path]] = []
    plain: list[tuple[str, Path]] = []
    root = pkg_dir.resolve()
    for key, value in exports.items():
        if isinstance(key, str) and "*" not in key and isinstance(value, str):
            # `"./static-functions": "./dist/static-functions.js"`, no `types` condition: TypeScript takes the
            # declaration file beside the target (`dist/static-functions.d.ts`), as for a `main` entry
            beside = _declaration_beside(pkg_dir, value) if key.startswith("./") and key != "./" else None
            if beside is not None:
                plain.append((key[2:], beside))
            continue
        if not isinstance(key, str) or not key.startswith("./") or key == "./" or key.count("*") > 1 or \
                not isinstance(value, dict):
            continue
        types = value.get("types") or value.get("typings")
        for cond in ("import", "require", "default"):
            if not isinstance(types, str) and isinstance(value.get(cond), dict):
                types = value[cond].get("types")
        if not isinstance(types, str):
            continue
        if "*" in key:
            if types.count("*") == 1:
                out += _pattern_subpaths(root, key[2:], types)[:MAX_PATTERN_SUBPATHS - len(out)]
            continue
        target = (pkg_dir / types).resolve()
        if target.is_file() and target.name.endswith(DTS_SUFFIXES):
            out.append((key[2:], target))
    if plain:
        # but not one the entry's typings already name (`export * as lambda from './lambda'`: read there, as the
        # namespace the subpath import binds, `subpath_namespace`): only typings the entry never reaches so are
        # new names (`table_getColumnOffsets`, exported by `./static-functions` alone)
        entry = _types_entry(pkg_dir)
        if entry is None and isinstance(exports.get("."), str):
            entry = _declaration_beside(pkg_dir, exports["."])
        named = _relative_specifiers(entry) if entry is not None else frozenset()
        out += [(sub, f) for sub, f in plain if f not in named][:MAX_PATTERN_SUBPATHS]
    return out


def _relative_specifiers(entry: Path) -> frozenset[Path]:
    """The declaration files an entry's own relative imports and re-exports name (`from './lambda'`, `from
    './x.js'`), each as TypeScript would find it (`lambda.d.ts`, `lambda/index.d.ts`, `x.d.ts`)."""
    try:
        text = entry.read_text(encoding="utf-8", errors="replace")[:2_000_000]
    except OSError:
        return frozenset()
    out: set[Path] = set()
    for spec in re.findall(r"""\bfrom\s+["'](\.{1,2}/[^"']*)["']""", text):
        base = (entry.parent / spec).resolve()
        stem = base.with_suffix("") if base.suffix in _RUNTIME_SUFFIXES else base
        for dts in (".d.ts", ".d.mts", ".d.cts"):
            out.add(stem.with_name(stem.name + dts))
            out.add(base / f"index{dts}")
    return frozenset(out)


MAX_PATTERN_SUBPATHS = 400
_RUNTIME_SUFFIXES = {".js": ".d.ts", ".mjs": ".d.mts", ".cjs": ".d.cts"}


def _declaration_beside(pkg_dir: Path, target: str) -> Path | None:
    """The declaration file TypeScript finds beside a runtime file an `exports` entry names (`./dist/x.js` ->
    `./dist/x.d.ts`, `.mjs` -> `.d.mts`), inside the package; None when there is none."""
    path = Path(target)
    dts = _RUNTIME_SUFFIXES.get(path.suffix)
    if dts is None or not target.startswith("./"):
        return None
    found = (pkg_dir / path.with_suffix("")).resolve()
    found = found.with_name(found.name + dts)
    root = pkg_dir.resolve()
    return found if found.is_file() and found.is_relative_to(root) else None
DTS_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")


MAX_ROOT_ENTRY_FILES = 200  # JavaScript files at a package's root looked at as subpath entries
MAX_ENTRY_SUBPATHS = 32  # subpath entries without typings of their own read, per package
MAX_REEXPORT_BYTES = 4096  # a re-export file is one statement: a bigger file is not read as one
MAX_REEXPORT_HOPS = 4
_REEXPORT_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_REEXPORT = re.compile(r"""(?:(["'])use strict\1\s*;?\s*)?module\.exports\s*=\s*require\s*\(\s*(["'])(\.{1,2}/[^"'\n]+)\2\s*\)\s*;?""")


def reexported_file(path: Path, pkg_root: Path) -> Path | None:
    """The file a re-export file hands on whole (its one statement `module.exports = require('./build/x')`,
    comments and a "use strict" aside), as Node loads it, inside the package (`pkg_root`, resolved); else None."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_REEXPORT_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_REEXPORT_BYTES:
        return None
    m = _REEXPORT.fullmatch(_REEXPORT_COMMENTS.sub("", data.decode("utf-8", "replace")).strip())
    target = resolve_require(m.group(3), path) if m is not None else None
    return target if target is not None and pkg_root in target.parents else None


def _mirror_roots(pkg_dir: Path, manifest: dict) -> tuple[Path, Path] | None:
    """(main's folder, types' folder) of a package whose declarations mirror its JavaScript tree under another
    root (`"main": "build/index.js"`, `"types": "build/types/index.d.ts"`: tsc's `declarationDir`): the two
    entries are one file name in two folders; None otherwise (one folder, a field missing)."""
    main, types = manifest.get("main"), manifest.get("types") or manifest.get("typings")
    if not isinstance(main, str) or not isinstance(types, str):
        return None
    main_path = as_file_or_folder(pkg_dir / main, suffixes=tuple(_RUNTIME_SUFFIXES)) or (pkg_dir / main).resolve()
    types_path = (pkg_dir / types).resolve()
    if main_path.suffix not in _RUNTIME_SUFFIXES:
        main_path = main_path.with_name(main_path.name + ".js")
    if types_path.is_dir():
        types_path = types_path / "index.d.ts"
    elif not types_path.name.endswith(DTS_SUFFIXES):
        types_path = types_path.with_name(types_path.name + ".d.ts")
    stem = main_path.name[:-len(main_path.suffix)]
    if main_path.parent == types_path.parent or types_path.name != stem + _RUNTIME_SUFFIXES[main_path.suffix]:
        return None
    return main_path.parent, types_path.parent


def runtime_declaration(pkg_dir: Path, js: Path, manifest: dict | None = None) -> Path | None:
    """The declaration file of a package's JavaScript file `js` (resolved): the one beside it (`x.js` ->
    `x.d.ts`, `.mjs` -> `.d.mts`), else, in a package whose declarations mirror its JavaScript tree under
    another root (`_mirror_roots`), the file at its place there (`build/filesystem.js` ->
    `build/types/filesystem.d.ts`); inside the package; else None."""
    root = pkg_dir.resolve()
    dts = _RUNTIME_SUFFIXES.get(js.suffix)
    if dts is None:
        return None
    beside = js.with_name(js.name[:-len(js.suffix)] + dts)
    if beside.is_file() and root in beside.parents:
        return beside
    roots = _mirror_roots(pkg_dir, manifest if manifest is not None else read_json(pkg_dir / "package.json") or {})
    if roots is None or roots[0] not in js.parents:
        return None
    mirrored = (roots[1] / js.relative_to(roots[0])).with_suffix("")
    mirrored = mirrored.with_name(mirrored.name + dts).resolve()
    return mirrored if mirrored.is_file() and root in mirrored.parents else None


def _exports_part(part: SourceModel, part_module: str, whole: SourceModel, module: str) -> bool:
    """Whether typings `part` (a subpath entry's) export only names the package's typings `whole` export, each
    the same declaration (its file and line), and no `export =` or default (whose value is no namespace)."""
    mod, pkg = part.modules.get(part_module), whole.modules.get(module)
    if mod is None or pkg is None or not mod.exports or any(n in mod.exports for n in ("=", "default")):
        return False
    for name, local in mod.exports.items():
        other = pkg.exports.get(name)
        if other is None:
            return False
        mine = mod.values.get(local) or mod.types.get(local)
        theirs = pkg.values.get(other) or pkg.types.get(other)
        if mine is None or theirs is None or (mine.path, getattr(mine, "line", 0)) != \
                (theirs.path, getattr(theirs, "line", 0)):
            return False
    return True


def _entry_subpaths(package: str, start: Path) -> list[tuple[str, Path, Path]]:
    """The subpath entries at the root of a package without an `exports` map that have no declaration beside
    them (`pkg/filesystem`: `filesystem.js`, `module.exports = require('./build/filesystem')`), as (subpath,
    declaration file, entry file): the declarations of the file each hands on (re-exports followed,
    `reexported_file`), found beside it or in the package's mirrored types tree (`runtime_declaration`). The
    subpath is the file's name without `.js`, as a `require` writes it; at most MAX_ENTRY_SUBPATHS files, of
    MAX_ROOT_ENTRY_FILES looked at."""
    pkg_dir = _package_dir(package, start)
    manifest = read_json(pkg_dir / "package.json") if pkg_dir is not None else None
    if not isinstance(manifest, dict) or "exports" in manifest:
        return []
    root = pkg_dir.resolve()
    try:
        names = sorted(n for n in os.listdir(root) if n.endswith((".js", ".cjs")))[:MAX_ROOT_ENTRY_FILES]
    except OSError:
        return []
    out: list[tuple[str, Path, Path]] = []
    for name in names:
        f = root / name
        if not f.is_file() or f.with_name(f.name[:-len(f.suffix)] + _RUNTIME_SUFFIXES[f.suffix]).is_file():
            continue  # TypeScript's own: the declaration beside the file (`_subpath_declaration`)
        target, hops = f, 0
        while hops < MAX_REEXPORT_HOPS and (nxt := reexported_file(target, root)) is not None:
            target, hops = nxt, hops + 1
        decl = runtime_declaration(root, target, manifest)
        if decl is None:
            continue
        out.append((name[:-len(Path(name).suffix)], decl, f))
        if len(out) >= MAX_ENTRY_SUBPATHS:
            break
    return out


def _declaration_files(folder: Path, most: int = 5000) -> list[Path]:
    """The declaration files under `folder` (not in a nested node_modules), in a stable order, looking at
    `most` entries at most (a pattern whose target is the package's root walks the whole package)."""
    out: list[Path] = []
    seen = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith("."))
        seen += len(files) + len(dirs)
        out += [Path(root) / f for f in sorted(files) if f.endswith(DTS_SUFFIXES)]
        if seen >= most:
            break
    return out


def _pattern_subpaths(root: Path, key: str, target: str) -> list[tuple[str, Path]]:
    """`key` (`*`, `sub/*.js`) and its types `target` (`./dist-types/exports/*`): (subpath, file) for each
    declaration file under the target's folder that the target's `*` matches, the match written as TypeScript
    reads a specifier: a `.js` (`.mjs`, `.cjs`) one stands for the `.d.ts` (`.d.mts`, `.d.cts`) beside it."""
    t_prefix, _, t_suffix = target.partition("*")
    k_prefix, _, k_suffix = key.partition("*")
    folder = (root / t_prefix).parent if not t_prefix.endswith("/") else root / t_prefix
    folder = folder.resolve()
    if not folder.is_dir() or not (folder == root or root in folder.parents):
        return []
    out = []
    for f in _declaration_files(folder):
        if len(out) >= MAX_PATTERN_SUBPATHS:
            break
        if not f.is_file():
            continue
        rel = "./" + f.relative_to(root).as_posix()
        norm_prefix = "./" + t_prefix.removeprefix("./")
        if not rel.startswith(norm_prefix):
            continue
        rest = rel[len(norm_prefix):]
        matches = []
        if t_suffix and rest.endswith(t_suffix):
            matches.append(rest[:len(rest) - len(t_suffix)])
        elif not t_suffix:
            for dts, js in ((".d.ts", ".js"), (".d.mts", ".mjs"), (".d.cts", ".cjs")):
                if rest.endswith(dts):
                    matches += [rest[:-len(dts)] + js, rest[:-len(dts)]]
                    break
        real = f.resolve()
        if root not in real.parents:
            continue  # a link leading outside the package
        out += [(k_prefix + m + k_suffix, real) for m in matches]
    return out


DEPENDENCY_FIELDS = ("dependencies", "peerDependencies")  # not devDependencies: tools (test runners, linters)
_CHOSEN_FIELDS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
_NEEDED_FIELDS = ("dependencies", "peerDependencies", "optionalDependencies")


def _manifest_names(manifest: object, fields: tuple[str, ...]) -> set[str]:
    if not isinstance(manifest, dict):
        return set()
    return {n for f in fields if isinstance(manifest.get(f), dict) for n in manifest[f] if isinstance(n, str)}


def undeclared_packages(workspace: Workspace, imports: dict[Path, set[str]]) -> frozenset[str]:
    """The imported packages that no file's project declares: not in any package.json from the importing
    file's folder up to the workspace's root (any dependency field: the project chose them), nor a dependency
    of one of those packages (its version is the one that package's docs show). Such a package is in
    node_modules because something deeper needs it (npm hoists it), at that package's version, which the code
    need not be written for (sails's docs use winston 3's `createLogger`; its install holds winston 2.4.7 for
    `prompt`). A folder under no manifest that declares anything says nothing (every import is checked), and a
    package linked from the workspace itself (npm workspaces) is the project's own."""
    root = workspace.root.resolve()
    reach: dict[Path, set[str] | None] = {}
    manifests: dict[Path, tuple[set[str], bool]] = {}

    def declared_by(folder: Path) -> tuple[set[str], bool]:
        """What the package.json in `folder` declares (with its dependencies' own), and whether it declares any."""
        if folder not in manifests:
            names: set[str] = set()
            manifest = read_json(folder / "package.json")
            own = _manifest_names(manifest, _CHOSEN_FIELDS)
            if isinstance(manifest, dict) and isinstance(manifest.get("name"), str):
                names.add(manifest["name"])
            for dep in own:
                names.add(dep)
                if dep.startswith("@types/"):  # `@types/scope__pkg` declares `@scope/pkg`'s typings
                    bare = dep[len("@types/"):]
                    names.add("@" + bare.replace("__", "/", 1) if "__" in bare else bare)
                pkg_dir = _package_dir(dep, folder)
                if pkg_dir is not None:
                    names |= _manifest_names(read_json(pkg_dir / "package.json"), _NEEDED_FIELDS)
            manifests[folder] = (names, bool(own))
        return manifests[folder]

    def declared_from(folder: Path) -> set[str] | None:
        if folder not in reach:
            names: set[str] = set()
            chosen = False
            f = folder
            while "node_modules" not in f.parts:
                more, declares = declared_by(f)
                names |= more
                chosen = chosen or declares
                if f == root or f.parent == f or root not in f.parents:
                    break
                f = f.parent
            reach[folder] = names if chosen else None
        return reach[folder]

    undeclared: set[str] = set()
    declared: set[str] = set()
    resolved: dict[Path, Path] = {}  # each folder resolved once for all its files (a realpath each: 300 a check)
    for path, pkgs in imports.items():
        folder = resolved.get(path.parent)
        if folder is None:
            folder = resolved[path.parent] = path.parent.resolve()
        names = declared_from(folder)
        for pkg in pkgs:
            if names is None or pkg in names:
                declared.add(pkg)
                continue
            pkg_dir = _package_dir(pkg, path.parent)
            if pkg_dir is None or "node_modules" not in pkg_dir.resolve().parts:
                declared.add(pkg)  # not installed (nothing to close), or the workspace's own package, linked
            else:
                undeclared.add(pkg)
    return frozenset(undeclared - declared)


def declared_dependencies(workspace: Workspace) -> list[tuple[Path, set[str]]]:
    """The packages the workspace's package.json declares it depends on, as `(package.json, names)` beside the
    files' imports: a package the project depends on is an engine even where no file imports it (a script's
    UMD global `L.map(...)`, `d3.scaleLinear()`, a fragment or a helper that receives the engine's object).
    Only the roots' own package.json (not node_modules'); `devDependencies` are tools, not engines; an
    `@types/x` package is `x`'s typings (found through `x`), not a module of its own."""
    out = []
    for root in dict.fromkeys([workspace.root, *workspace.roots]):
        manifest = read_json(root / "package.json")
        if not isinstance(manifest, dict):
            continue
        names = {n for f in DEPENDENCY_FIELDS if isinstance(manifest.get(f), dict)
                 for n in manifest[f] if isinstance(n, str) and package_name(n) == n and not n.startswith("@types/")}
        if names:
            out.append((root / "package.json", names))
    return out


def configured_sources(workspace: Workspace) -> tuple[list[SourceSpec], list[str]]:
    cfg = workspace.settings.get(ObjectModelConfig)
    specs, problems = [], []
    for i, item in enumerate(cfg.sources):
        if not isinstance(item, dict) or not isinstance(item.get("path"), str) or not item.get("path"):
            problems.append(f"[object_model] sources item {i + 1}: needs a 'path' (a string)")
            continue
        path = Path(item["path"])
        module = item.get("module")
        if not isinstance(module, str) or not module:
            problems.append(f"[object_model] sources item {i + 1} ({path}): needs a 'module' (a string)")
            continue
        kind = item.get("kind") or guess_kind(path)
        if kind not in KINDS:
            problems.append(f"[object_model] sources item {i + 1} ({path}): kind must be one of {', '.join(KINDS)}")
            continue
        if not path.exists():
            problems.append(f"[object_model] sources item {i + 1}: {path} does not exist")
            continue
        specs.append(SourceSpec(kind, path, module))
    return specs, problems


# --- the service ---------------------------------------------------------------------------------------------
@service
class ObjectModelService(Service):
    name = "object_model"

    def __init__(self, workspace: Workspace, specs: list[SourceSpec], built: dict[SourceSpec, SourceModel],
                 imports: dict[Path, set[str]], problems: list[str]):
        self.specs = specs
        self.built = built
        self.imports = imports  # workspace file -> packages it imports (for discovery updates)
        self.problems = problems
        self.model = ObjectModel([(s, built[s]) for s in specs if s in built and s.origin != "shipped"],
                                 [(s, built[s]) for s in specs if s in built and s.origin == "shipped"])
        self.model.examples, self.model.own_examples = engine_examples(
            workspace, [s for s in specs if s.origin != "shipped"], built, imports)
        self.model.conventions_cache = workspace.cache_dir / NAMING_CACHE
        self.doc_cache: dict[str, object] = {}
        self.generation = id(self)
        self.declared: dict[Path, frozenset[str]] = {}  # workspace file -> member names it declares
        self.stamps: dict[str, tuple[int, int]] = {}  # source file -> its stamp when `imports`/`declared` were read
        self._workspace_names: frozenset[str] | None = None
        self._augmented: dict[str, frozenset[str]] | None = None

    # --- building ---
    @classmethod
    def build(cls, workspace: Workspace, progress: Progress) -> "ObjectModelService":
        progress("object model: scanning imports", 0)
        cfg = workspace.settings.get(ObjectModelConfig)
        imports, declared, stamps = _scan_imports(workspace) if cfg.discover else ({}, {}, {})
        svc = cls._assemble(workspace, imports, {}, progress)
        svc.declared = declared
        svc.stamps = stamps
        return svc

    @classmethod
    def _assemble(cls, workspace: Workspace, imports: dict[Path, set[str]], reuse: dict[SourceSpec, SourceModel],
                  progress: Progress) -> "ObjectModelService":
        _preload_platform(workspace)
        specs, problems = configured_sources(workspace)
        # docs only add to a package's typings (members, removed / deprecated markers): they never hide them
        configured_modules = {s.module for s in specs if s.kind != "docs"}
        seen_pkgs: set[str] = set()
        subpaths: set[str] = set()
        by_file_path: set[str] = set()
        entry_parts: list[tuple[SourceSpec, SourceSpec]] = []  # (a subpath entry's typings, its package's)
        package_dirs: dict[str, Path] = {}
        declared = declared_dependencies(workspace) if workspace.settings.get(ObjectModelConfig).discover else []
        # A project whose files import one of the packages it declares reaches its engines by import: those are
        # modeled from the imports, and the declared packages no file imports (build tools, servers, polyfills)
        # are left out. Modeling all of them cost a project with 52 dependencies 35-60 s on its first check.
        # Declared packages count only for code that imports none (a UMD script's `L.map(...)`, doc fragments).
        imported = {pkg for pkgs in imports.values() for pkg in pkgs}
        # (their folders are kept all the same: a custom-element library's tags are found by selector in any file)
        for manifest, names in declared:
            for pkg in sorted(names - imported):
                found_dir = _package_dir(pkg, manifest.parent)
                if found_dir is not None:
                    package_dirs.setdefault(pkg, found_dir)
        declared = [(manifest, names) for manifest, names in declared if not names & imported]
        for path, pkgs in [*sorted(imports.items(), key=_by_path), *declared]:
            for pkg in sorted(pkgs):
                if pkg in configured_modules or pkg in seen_pkgs:
                    continue
                seen_pkgs.add(pkg)
                entry = find_package_types(pkg, path.parent)
                if entry is not None:
                    specs.append(SourceSpec("dts", entry, pkg, "discovered"))
                # `import { StaticCanvas } from 'fabric/node'`: each subpath the package declares typings for
                # (package.json `exports["./node"].types`, or a pattern's `"./*": {"types": ...}`) adds its names
                # to the package's module, also where the package has no root entry (`@pkg/icon.js` only)
                entries = {entry} if entry is not None else set()
                for sub, sub_entry in _types_subpaths(pkg, path.parent):
                    subpaths.add(f"{pkg}/{sub}")
                    if sub_entry not in entries:
                        entries.add(sub_entry)
                        specs.append(SourceSpec("dts", sub_entry, pkg, "discovered"))
                # `require('pkg/filesystem')` of a root file without typings beside it that hands on a file
                # whose typings are elsewhere (`module.exports = require('./build/filesystem')`, declared at
                # `build/types/filesystem.d.ts`): the package's module where that file is the package's entry,
                # or exports only what the entry does (`entry_parts`, decided once every source is read)
                for sub, sub_entry, _ in _entry_subpaths(pkg, path.parent) if entry is not None else ():
                    if sub_entry == entry:
                        subpaths.add(f"{pkg}/{sub}")
                    elif f"{pkg}/{sub}" not in configured_modules:
                        entry_parts.append((SourceSpec("dts", sub_entry, f"{pkg}/{sub}", "discovered"),
                                            SourceSpec("dts", entry, pkg, "discovered")))
                # the union decides what exists: the runtime builds too (typings lag them, or are absent)
                runtime = find_package_runtime(pkg, path.parent)
                specs.extend(SourceSpec("js", p, pkg, "discovered") for p in runtime)
                pkg_dir = _package_dir(pkg, path.parent)
                if entry is None and runtime and pkg_dir is not None:
                    specs.extend(SourceSpec("dts", p, pkg, "shipped")
                                 for p in shipped_typings(pkg_dir, pkg, read_limits(workspace)))
                folder = _file_path_package(pkg, path.parent) if entry is None and not runtime else None
                if folder is not None:
                    # no typings and no entry: an ESM package imported by file path (`pkg/components/x.js`),
                    # every file of which is the package's module
                    specs.append(SourceSpec("js", folder, pkg, "discovered"))
                    by_file_path.add(pkg)
                    # and the files it imports so from other packages without typings (the mixin its classes
                    # apply: `import { getLocalizeClass } from '@x/intl/lib/localize.js'`), each the module of
                    # its specifier (that file's exports, not its package's)
                    known = {s.path for s in specs}
                    specs.extend(SourceSpec("js", f, spec, "discovered")
                                 for spec, f in _file_path_imports(pkg, folder, read_limits(workspace))
                                 if f not in known)
                # and its shipped reference pages titled as code (`req.param()`): members no code declares
                if pkg_dir is not None:
                    package_dirs[pkg] = pkg_dir
                if pkg_dir is not None and any((pkg_dir / f).is_dir() for f in PAGE_FOLDERS):
                    specs.append(SourceSpec("pages", pkg_dir, pkg, "discovered"))
        built: dict[SourceSpec, SourceModel] = {}
        cache = workspace.cache_dir / "object_model"

        def read(spec: SourceSpec) -> None:
            model = reuse.get(spec) or _load_cached(cache, spec, read_limits(workspace))
            if model is None:
                try:
                    model = extract(spec.kind, spec.path, spec.module, read_limits(workspace))
                except (OSError, ValueError, UnicodeDecodeError) as exc:
                    if spec.kind == "js" and spec.origin == "discovered" or spec.origin == "shipped":
                        # a runtime build only adds names to typings: one we cannot read is no problem to report
                        log.info("%s: runtime build not read: %s", spec.path, exc)
                        return
                    problems.append(f"{spec.path}: cannot read object model source: {exc}")
                    return
                except Exception as exc:  # noqa: BLE001 - one bad source must not take the whole model down
                    log.exception("object model source %s failed", spec.path)
                    problems.append(f"{spec.path}: object model extraction failed: {type(exc).__name__}: {exc}")
                    return
                # in a server's warm-up: written once the workspace is reported ready (Workspace.write_later)
                workspace.write_later(str(cache / spec.key), lambda s=spec, m=model: _store_cached(cache, s, m))
            # (a runtime build, and typings no manifest declares, only add to what is known: not the user's problem)
            if not (spec.kind == "js" and spec.origin == "discovered" or spec.origin == "shipped"):
                problems.extend(model.warnings)
            built[spec] = model
        for i, spec in enumerate(specs):
            progress(f"object model: {spec.module} ({spec.kind})", int(100 * i / max(1, len(specs))))
            read(spec)
        # `declare module 'pkg/sub'` in the package's typings, and the runtime file its package.json `exports`
        # gives `./sub`: typings lag the runtime (a name the file exports and the block omits), and the union of
        # the sources decides what exists, as for the root entry (`find_package_runtime`)
        known = {s.path for s in specs}
        # an umbrella package's re-exports of other packages' files (`export { default as DefineMap } from
        # "can-define/map/map"`: `ModuleModel.reexports`): each specifier's file, as Node resolves it from the
        # re-exporting file's folder, read as the module of that specifier, which `ObjectModel.export` follows
        # — only for the names the workspace imports from that package (an umbrella re-exports a hundred packages:
        # the others' classes would only blur what an untyped receiver's members say), all of them for a
        # namespace import (`import * as can from "can"`)
        pending = [m for spec, m in list(built.items()) if spec.kind == "js" and spec.origin == "discovered"]
        wanted: dict[str, set[str] | None] = {}
        followed = 0
        while pending and followed < MAX_REEXPORTED_FILES:
            for name, mod in pending.pop(0).modules.items():
                if mod.reexports and name not in wanted:
                    wanted[name] = _imported_names(workspace, imports, name)
                names = wanted.get(name, set())
                # (and the packages whose classes its factories extend: `ModuleModel.base_packages`)
                bases = [(spec_text, "", origin) for spec_text, origin in mod.base_packages]
                for spec_text, _, origin in sorted(v[:3] for k, v in mod.reexports.items() if len(v) >= 3 and (
                        names is None or k in names)) + bases:
                    target = resolve_require(spec_text, Path(origin)) if followed < MAX_REEXPORTED_FILES else None
                    if target is None or target.resolve() in known or target.suffix not in (".js", ".mjs", ".cjs"):
                        continue
                    known.add(target.resolve())
                    followed += 1
                    spec = SourceSpec("js", target.resolve(), spec_text, "discovered")
                    specs.append(spec)
                    read(spec)
                    if spec in built:
                        pending.append(built[spec])
        ambient = sorted({name for spec, m in list(built.items()) if spec.kind == "dts" for name in m.modules})
        for name in ambient:
            pkg = package_name(name)
            if pkg is None or pkg == name or name in subpaths or pkg not in package_dirs:
                continue
            target = runtime_subpath(package_dirs[pkg], name[len(pkg) + 1:])
            if target is not None and target not in known:
                known.add(target)
                spec = SourceSpec("js", target, name, "discovered")
                specs.append(spec)
                read(spec)
        for part, whole in entry_parts:
            # a part of the package (each name it exports is the entry's export of one declaration): the
            # package's module, a superset of its exports (its own module would hold a second copy of each type)
            model = reuse.get(part) or _load_cached(cache, part, read_limits(workspace))
            if model is None:
                try:
                    model = extract(part.kind, part.path, part.module, read_limits(workspace))
                except Exception:  # noqa: BLE001 - typings we cannot read only leave the subpath unknown
                    log.info("%s: subpath entry typings not read", part.path, exc_info=True)
                    continue
                workspace.write_later(str(cache / part.key), lambda s=part, m=model: _store_cached(cache, s, m))
            if whole in built and _exports_part(model, part.module, built[whole], whole.module):
                subpaths.add(part.module)
        for p in problems:
            log.warning("%s", p)
        svc = cls(workspace, specs, built, imports, problems)
        svc.model.set_undeclared(undeclared_packages(workspace, imports))
        svc.model.subpaths = frozenset(subpaths)
        svc.model.by_file_path = frozenset(by_file_path)
        svc.model.package_dirs = package_dirs
        return svc

    def update(self, workspace: Workspace, changed: set[Path]) -> "ObjectModelService | None":
        changed_str = {str(p) for p in changed}
        imports = dict(self.imports)
        known_packages = set().union(*imports.values()) if imports else set()
        new_packages = False
        cfg = workspace.settings.get(ObjectModelConfig)
        declared = dict(self.declared)
        for p in changed:
            if cfg.discover and p.name == "package.json" and "node_modules" not in p.parts \
                    and (p.parent in (workspace.root, *workspace.roots) or workspace.contains(p)):
                # the project's declared dependencies may have changed, a nested package's (a monorepo's
                # `packages/web/package.json`) too: they decide which imported packages are undeclared
                new_packages = True
            if cfg.discover and p.suffix in SOURCE_SUFFIXES and workspace.contains(p) \
                    and "node_modules" not in p.parts and (not is_typings_path(p.name) or _may_augment(p)):
                doc = workspace.document(p) if p.exists() else None
                pkgs, names = file_names(doc, str(p)) if doc is not None else (set(), frozenset())
                if pkgs - known_packages:
                    new_packages = True  # a package no file imported before: look for its types
                if doc is None:
                    imports.pop(p, None)
                    declared.pop(p, None)
                else:
                    imports[p] = pkgs
                    declared[p] = names
        stale = {s for s, m in self.built.items() if _touches(s, m, changed_str)}
        if declared != self.declared:
            self.declared, self._workspace_names, self._augmented = declared, None, None
        if not stale and not new_packages:
            if imports == self.imports:
                return self
            self.imports = imports
            return self
        reuse = {s: m for s, m in self.built.items() if s not in stale}
        svc = self._assemble(workspace, imports, reuse, lambda *_: None)
        svc.declared = declared
        return svc

    def remember_names(self, workspace: Workspace, doc) -> None:
        """When `doc` is the workspace's reading of a source file with the stamp the discovery saw, its
        imported packages and declared names are the discovery's (`imported_packages`, `declared_members` of
        that snapshot then query nothing: a process that checks one file compiles neither query, ~7 ms)."""
        stamp = workspace.disk_stamp(doc)
        if stamp is None:
            return
        key = str(workspace.real_path_of(doc))
        if self.stamps.get(key) != stamp:
            return
        path = Path(key)
        packages, names = self.imports.get(path), self.declared.get(path)
        if packages is None or names is None:
            return
        with _packages_lock:
            _packages_of.setdefault(doc, frozenset(packages))
            _declared_of.setdefault(doc, names)

    def augmented(self) -> dict[str, frozenset[str]]:
        """package -> names the workspace's own module augmentations add to it (`declare module 'pkg' {...}`)."""
        if self._augmented is None:
            self._augmented = augmentations(self.declared)
        return self._augmented

    def workspace_names(self) -> frozenset[str]:
        """Every member name the workspace's own code declares (object keys, methods, fields, assigned
        properties, functions): names the vocabulary check never calls invented."""
        if self._workspace_names is None:
            self._workspace_names = frozenset().union(*self.declared.values()) if self.declared else frozenset()
        return self._workspace_names


_FENCE = re.compile(r"```[ \t]*(?:js|javascript|jsx|mjs|cjs|ts|typescript)?[^\n]*\n(.*?)```", re.S)
# a Markdown file's fenced blocks open and close at a line's start, as CommonMark (and `chunker`, and
# `conventions.examples`) read them: a code span of three backticks inside a sentence (alt's README: "a
# reference tag ```<reference path="<path>.d.ts" />```") opens nothing, else every fence after it pairs with
# the wrong one and the blocks read are prose
_LINE_FENCE = re.compile(r"^[ \t]*```[^\n`]*\n(.*?)^[ \t]*```", re.S | re.M)
_EXAMPLE = re.compile(r"@example\b(.*?)(?=\n\s*\*\s*@\w|\*/)", re.S)
_BINDS_MODULE = re.compile(r"\bimport\b[^;\n]*\bfrom\b|\brequire\s*\(")
MAX_EXAMPLES = 400
MAX_WORKSPACE_EXAMPLES = 200
MAX_DOC_EXAMPLES = 800  # a package's shipped docs (`_package_docs_examples`), beside MAX_EXAMPLES


def code_blocks(text: str, comments: bool = False) -> list[str]:
    """The code examples in a doc file (fenced blocks) or a source file's doc comments (`@example`)."""
    blocks = [m.group(1) for m in (_FENCE if comments else _LINE_FENCE).finditer(text)]
    if comments:
        blocks += [m.group(1) for m in _EXAMPLE.finditer(text)]
        blocks = ["\n".join(re.sub(r"^\s*\*\s?", "", ln) for ln in b.splitlines()) for b in blocks]
    # a block with no member access says nothing, unless it binds the package (`import * as Tone from "tone"`
    # alone in an install section: the namespace alias `naming` mines)
    return [b.strip() for b in blocks if ("." in b or _BINDS_MODULE.search(b)) and len(b) < 20000]


def engine_examples(workspace: Workspace, specs: list[SourceSpec], built: dict[SourceSpec, SourceModel],
                    imports: dict[Path, set[str]]) -> tuple[list[tuple[str, str]], int]:
    """The engine's own usage examples and the workspace's code that uses it, bounded; and how many, from
    the start, are the engine's own."""
    limits = read_limits(workspace)
    out: list[tuple[str, str]] = []
    beyond: list[tuple[str, str]] = []
    seen_dirs: set[Path] = set()

    def read(path: Path) -> str:
        try:
            return limits.read(path).decode("utf-8", "replace")
        except OSError:
            return ""

    for spec in specs:
        model = built.get(spec)
        if model is None:
            continue
        if spec.kind == "docs":
            for f in list(model.files)[:200]:
                out += [(f, b) for b in code_blocks(read(Path(f)))]
        elif spec.kind == "dts":
            for f in list(model.files)[:200]:
                out += [(f, b) for b in code_blocks(read(Path(f)), comments=True)]
        # the package's README, wherever its typings or builds live
        for parent in spec.path.parents:
            if parent.parent.name in ("node_modules", "@types") or parent.parent.name.startswith("@") and \
                    parent.parent.parent.name == "node_modules":
                if parent not in seen_dirs:
                    seen_dirs.add(parent)
                    for name in ("README.md", "readme.md", "README.markdown", "Readme.md"):
                        if (parent / name).is_file():
                            out += [(str(parent / name), b) for b in code_blocks(read(parent / name))]
                            break
                    docs = _package_docs_examples(parent, read, MAX_DOC_EXAMPLES)
                    room = max(MAX_EXAMPLES - len(out), 0)
                    out += docs[:room]
                    beyond += docs[room:]
                break
        if len(out) >= MAX_EXAMPLES:
            break
    engine_modules = {s.module for s in specs}
    users = [p for p, pkgs in sorted(imports.items(), key=_by_path) if pkgs & engine_modules][:MAX_WORKSPACE_EXAMPLES]
    own = len(out)
    out += [(str(p), read(p)) for p in users]
    out = out[:MAX_EXAMPLES + MAX_WORKSPACE_EXAMPLES]
    # the shipped docs' blocks the typings' doc comments left no room for (pixi's 700 blocks of agent-skill
    # pages behind thousands of `@example`s): the engine's own too, with a budget of their own
    beyond = beyond[:MAX_DOC_EXAMPLES]
    own = min(own, len(out))
    return out[:own] + beyond + out[own:], own + len(beyond)


PACKAGE_DOCS_FOLDERS = PAGE_FOLDERS
MAX_PACKAGE_DOC_FILES = 200
_OLD_API_PAGE = OLD_API_PAGE  # a page about older versions: not a source of the engine's members


def _interleaved(package: Path, files: list[Path]) -> list[Path]:
    """More pages than the budget: the sections (`docs/runtime`, `docs/guides`, `docs/lint`) take turns, each in
    its own order, so one large section (a thousand lint-rule pages, two hundred guides) does not use up the
    budget the reference pages need."""
    sections: dict[tuple[str, ...], list[Path]] = {}
    for f in files:
        sections.setdefault(f.relative_to(package).parts[:2], []).append(f)
    queues = list(sections.values())
    out: list[Path] = []
    for i in range(max(len(q) for q in queues)):
        out += [q[i] for q in queues if i < len(q)]
    return out


def _package_docs_examples(package: Path, read, room: int) -> list[tuple[str, str]]:
    """The code blocks of the docs a package ships beside its README: its `docs/` and `doc/` folders first, then
    any other markdown it ships (agent-skill pages `skills/<topic>/SKILL.md` and their `references/`, guides
    beside the code); sorted by path, at most `room` blocks, not a page about older versions (a migration guide,
    a changelog, by its name or its folder's) nor the README (the caller's). The engine's own docs, a source of
    its members and naming conventions as the README is (undici's `docs/docs/api/MockAgent.md` calls
    `mockAgent.clearAllCallHistory()`, which its typings lack)."""
    out: list[tuple[str, str]] = []
    files: list[Path] = []
    # MDX pages (Markdown with JSX components, as docs sites write them) fence their code the same way
    for folder in PACKAGE_DOCS_FOLDERS:
        if (package / folder).is_dir():
            files += docs_files(package / folder, MARKDOWN_PAGES)
    in_folders = set(files)
    files += [f for f in docs_files(package, MARKDOWN_PAGES) if f not in in_folders and f.parent != package]
    files = [f for f in files if f.suffix.lower() in MARKDOWN_PAGES
             and not any(_OLD_API_PAGE.search(part) for part in f.relative_to(package).parts)]
    if len(files) > MAX_PACKAGE_DOC_FILES:
        files = _interleaved(package, files)
    for f in files[:MAX_PACKAGE_DOC_FILES]:
        if len(out) >= room:
            break
        out += [(str(f), b) for b in code_blocks(read(f))]
    return out[:max(room, 0)]


def _imported_names(workspace: Workspace, imports: dict[Path, set[str]], module: str) -> set[str] | None:
    """The names the workspace's files import from `module` (`import { DefineMap } from "can"`, `const {
    DefineMap } = require("can")`, `default` for `import can from "can"`); None when a file takes the whole
    module (`import * as can from "can"`, `const can = require("can")`): any of its names."""
    out: set[str] = set()
    package = package_name(module)
    for path, pkgs in sorted(imports.items(), key=_by_path):
        if package not in pkgs:
            continue
        doc = workspace.document(path)
        if doc is None or doc.tree is None:
            continue
        for record in module_info_of(doc).imports:
            if record.specifier != module:
                continue
            for n in record.names:
                if n.name == NAMESPACE:
                    return None
                out.add(n.name)
            if not record.names or record.star:
                return None
    return out


def _touches(spec: SourceSpec, model: SourceModel, changed: set[str]) -> bool:
    if any(f in changed for f in model.files):
        return True
    if spec.path.is_dir() or spec.kind == "docs":
        base = str(spec.path) + os.sep
        return any(c.startswith(base) and c.lower().endswith(DOC_EXTENSIONS) for c in changed)
    return str(spec.path) in changed


def _by_path(item: tuple[Path, object]) -> tuple[str, ...]:
    """Sort key of (path, value) items in the paths' order (`Path.__lt__` compares the same parts), computed
    once per item: sorting 20,000 Paths by `<` took ~0.2 s, each comparison rebuilding both parts lists."""
    return item[0].parts


def read_limits(workspace: Workspace) -> ReadLimits:
    """Object-model sources are read like every source file: max_file_bytes (declaration files:
    max_declaration_bytes), regular files, the roots."""
    top = workspace.settings.top
    return ReadLimits(top.max_file_bytes, tuple(workspace.roots), top.max_declaration_bytes)


IMPORTS_CACHE = "object_model_imports.json"  # beside object_model/, which holds one file per source
NAMING_CACHE = "naming_conventions.json"  # the conventions naming.py mined from the examples
IMPORTS_VERSION = 3  # 3: TypeScript files declare members too; 2: each entry also holds the member names the file declares
IMPORTS_SIGNED_AS = "object-model-imports"


def _scan_imports(workspace: Workspace) -> tuple[dict[Path, set[str]], dict[Path, frozenset[str]],
                                                dict[str, tuple[int, int]]]:
    """The packages each workspace file imports (discovery looks for their types) and the member names it
    declares (the vocabulary check's workspace vocabulary), persisted with each file's
    (mtime_ns, size) in `<cache>/object_model_imports.json`: a warm start stats the files and parses only the
    ones that changed, instead of parsing all of them (~10 s of CPU on 20,000 files). Open documents are read
    from the editor's copy and never cached (their text is not the file's). Also each source file's stamp, as
    the walk saw it (`ObjectModelService.remember_names`)."""
    cache = workspace.cache_dir / IMPORTS_CACHE
    data, problem = integrity.read_signed_json(cache, IMPORTS_SIGNED_AS)
    if problem is not None:
        log.info("object model imports cache %s %s: scanning every file", cache, problem)
    known = {}
    if isinstance(data, dict) and data.get("version") == IMPORTS_VERSION and data.get("root") == str(workspace.root) \
            and isinstance(data.get("files"), dict):
        known = data["files"]
    elif (artifact := integrity.artifact_from_env()) is not None:
        # No cache of our own yet: what a team's index artifact (FOOTPRINT_INDEX) says of identical files.
        known = imports_from_artifact(workspace, artifact[1].get(ARTIFACT_PART))
    open_paths = {str(p) for p in workspace.open_paths()}  # strings: hashing 20,000 Paths costs ~0.1 s
    imports: dict[Path, set[str]] = {}
    declared: dict[Path, frozenset[str]] = {}
    entries: dict[str, list] = {}
    stamps: dict[str, tuple[int, int]] = {}
    reused = 0
    # The walk the import graph shares, with each file's stat, taken before any read: a file written
    # meanwhile has a newer stamp next time.
    for key, (mtime_ns, size) in workspace.indexed_files():
        path = Path(key)
        if is_typings_path(key) and not _may_augment(path):
            continue  # typings are not sources; only their module augmentations add names
        if key in open_paths:
            doc = workspace.document(path)
            if doc is not None:
                imports[path], declared[path] = file_names(doc, key)
            continue
        stamp = [mtime_ns, size]
        hit = known.get(key)
        if isinstance(hit, list) and len(hit) == 4 and hit[:2] == stamp:
            packages, names = hit[2], hit[3]
            reused += 1
        else:
            doc = workspace.document(path)
            found = None if doc is None else file_names(doc, key)  # None: not a document we read
            packages = None if found is None else sorted(found[0])
            names = None if found is None else sorted(found[1])
        entries[key] = [*stamp, packages, names]
        if isinstance(packages, list):
            imports[path] = set(packages)
        if isinstance(names, list):
            declared[path] = frozenset(names)
            if isinstance(packages, list) and not is_typings_path(key):
                stamps[key] = (mtime_ns, size)
    log.info("object model imports of %s: %d files, %d from the cache, %d scanned", workspace.root, len(entries),
             reused, len(entries) - reused)
    if entries != known and integrity.cache_folder(workspace.cache_dir) is not None:
        def write() -> None:
            try:
                integrity.write_signed_json(cache, {"version": IMPORTS_VERSION, "root": str(workspace.root),
                                                    "files": entries}, IMPORTS_SIGNED_AS)
            except OSError as exc:
                log.info("cannot cache the object model's imports in %s: %s", cache, exc)

        workspace.write_later(str(cache), write)  # in a server's warm-up: once the workspace is ready
    return imports, declared, stamps


def _load_cached(cache: Path, spec: SourceSpec, limits: ReadLimits) -> SourceModel | None:
    data, problem = integrity.read_signed_json(cache / f"{spec.key}.json", SIGNED_AS)
    if problem is not None:
        log.info("object model cache of %s %s: extracting again", spec.path, problem)
    if not isinstance(data, dict) or data.get("version") != reader_version():
        return None
    try:
        model = SourceModel.from_json(data["model"])
    except (KeyError, TypeError, ValueError):
        return None
    if spec.kind == "docs" and spec.path.is_dir():
        current = {str(p) for p in docs_files(spec.path)}
        if current != set(model.files):
            return None
    if spec.kind == "pages" and {str(p) for p in page_files(spec.path)} != set(model.files):
        return None
    # each file read within the limit its extractor read it with: a declaration file up to
    # max_declaration_bytes (`read_declaration`), as the `.d.ts` reader does. With `read`'s max_file_bytes
    # an engine whose typings include one declaration file over 2 MiB (a generated `*.generated.d.ts`) never
    # reused its cache: every process extracted the whole package again and rewrote the cache. Read as
    # `ReadLimits` reads, each folder resolved once (`read_bounded_each`: thousands of files in a large package)
    for path, data in read_bounded_each(
            model.files, lambda p: limits.max_declaration_bytes if is_typings_path(str(p)) else limits.max_bytes,
            list(limits.roots) if limits.roots else None):
        if isinstance(data, OSError) or content_hash(data) != model.files[path]:
            return None
    return model


PLATFORM_SIGNED_AS = "platform-module"


def _preload_platform(workspace: Workspace) -> None:
    """The platform's module (ECMAScript's and the DOM's libs, `platform.module()`), when first used, read back
    from the workspace's cache (`platform.json`, signed like every cache) instead of parsed again: ~1 s of CPU in
    every process, whatever the engine. Keyed by the reader code (`reader_version`) and the lib files' digests;
    written once when missing or stale."""
    cache = workspace.cache_dir / "platform.json"

    @lru_cache(maxsize=1)
    def key() -> str:  # (worked out only when the module is not loaded yet)
        h = hashlib.sha256(reader_version().encode())
        for f in platform.data_files():
            try:
                h.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
            except OSError:
                h.update(f.name.encode() + b"\0-")
        return h.hexdigest()

    def read() -> ModuleModel | None:
        data, problem = integrity.read_signed_json(cache, PLATFORM_SIGNED_AS)
        if problem is not None:
            log.info("platform cache %s %s: parsing the libs again", cache, problem)
        if not isinstance(data, dict) or data.get("key") != key():
            return None
        try:
            with collection_paused():
                return SourceModel.from_json(data["model"]).modules[platform.PLATFORM]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def write(mod: ModuleModel) -> None:
        if integrity.cache_folder(workspace.cache_dir) is None:
            return
        value = {"key": key(), "model": SourceModel("dts", {platform.PLATFORM: mod}).to_json()}

        def store() -> None:
            try:
                integrity.write_signed_json(cache, value, PLATFORM_SIGNED_AS)
            except OSError as exc:
                log.info("cannot cache the platform's module in %s: %s", cache, exc)

        workspace.write_later(str(cache), store)

    platform.use_cache(read, write)


def _store_cached(cache: Path, spec: SourceSpec, model: SourceModel) -> None:
    if integrity.cache_folder(cache.parent) is None:
        return  # unusable: said once; sources are extracted again by the next process
    try:
        integrity.write_signed_json(cache / f"{spec.key}.json", {"version": reader_version(), "spec": str(spec.path),
                                                                 "model": model.to_json()}, SIGNED_AS)
    except OSError as exc:
        log.info("cannot cache object model source %s: %s", spec.path, exc)


# --- index artifacts (footprint-ls index) -----------------------------------------------------------------
ARTIFACT_PART = "object-model"  # its part of an index artifact


def _rel(root: Path, path: str | Path) -> str:
    return Path(os.path.relpath(path, root)).as_posix()


PATH_FIELDS = ("path", "status_path")  # where a member is declared; where its removal/deprecation is said


def _map_paths(value, fn):
    """`value` (a source model's JSON) with every path field (PATH_FIELDS) mapped by `fn`."""
    if isinstance(value, dict):
        return {k: fn(v) if k in PATH_FIELDS and isinstance(v, str) and v else _map_paths(v, fn)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_map_paths(v, fn) for v in value]
    return value


def artifact_part(svc: "ObjectModelService", workspace: Workspace) -> dict:
    """Each source's extraction for an index artifact, its paths (the source's and those of the files it read,
    with their SHA-256) relative to the workspace root: packs beside the checkout stay `../pack/...`."""
    root = workspace.root
    sources = []
    for spec, model in svc.built.items():
        data = _map_paths(model.to_json(), lambda p: _rel(root, p) if os.path.isabs(p) else p)
        data["files"] = {_rel(root, f): digest for f, digest in model.files.items()}
        sources.append({"kind": spec.kind, "module": spec.module, "path": _rel(root, spec.path), "model": data})
    max_bytes, roots = workspace_limits(workspace)
    imports = {}
    for path, packages in svc.imports.items():
        try:
            digest, _ = file_content_hash(path, max_bytes, roots)
        except OSError:
            continue
        imports[_rel(root, path)] = [digest, sorted(packages), sorted(svc.declared.get(path, ()))]
    return {"version": reader_version(), "sources": sources, "imports_version": IMPORTS_VERSION, "imports": imports}


def workspace_limits(workspace: Workspace) -> tuple[int, list[Path]]:
    return workspace.settings.top.max_file_bytes, workspace.roots


def imports_from_artifact(workspace: Workspace, part: object) -> dict[str, list]:
    """Discovery cache entries (path -> [mtime_ns, size, packages, declared member names]) for the workspace
    files whose content has the SHA-256 the artifact recorded them with. Only a file the walker lists here
    can match (a path that leaves the root or names nothing here is none of them), hashed once per process
    whichever area asks (`storage.listed_content_hash`)."""
    imports = part.get("imports") if isinstance(part, dict) and part.get("imports_version") == IMPORTS_VERSION else None
    if not isinstance(imports, dict):
        return {}
    listed = dict(workspace.indexed_files())
    prefix = str(workspace.root).rstrip(os.sep) + os.sep
    max_bytes, roots = workspace_limits(workspace)
    out: dict[str, list] = {}
    with collection_paused():  # 20,000 entries decoded, no cycle among them
        for rel, entry in imports.items():
            path = prefix + (rel if os.sep == "/" else rel.replace("/", os.sep)) if isinstance(rel, str) else None
            stamp = listed.get(path)  # type: ignore[arg-type]
            if stamp is None or not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str) and
                                     all(isinstance(x, list) and all(isinstance(n, str) for n in x) for x in entry[1:])):
                continue
            if listed_content_hash(path, stamp, max_bytes, roots) == entry[0]:  # type: ignore[arg-type]
                out[path] = [*stamp, entry[1], entry[2]]  # type: ignore[index]
    return out


def import_artifact(workspace: Workspace, part: object) -> dict[str, int]:
    """Store an artifact's source extractions as this workspace's signed cache (`footprint-ls index use`).
    Each is used by the next build only if every file it read still has the recorded SHA-256 here
    (`_load_cached` checks that), so an extraction never applies to other content."""
    counts = {"sources": 0, "bad": 0}
    sources = part.get("sources") if isinstance(part, dict) and part.get("version") == reader_version() else None
    cache = workspace.cache_dir / "object_model"
    if not isinstance(sources, list) or integrity.cache_folder(cache.parent) is None:
        return counts
    root = workspace.root
    for entry in sources:
        try:
            model = _map_paths(dict(entry["model"]), lambda p: os.path.normpath(root / p))
            model["files"] = {os.path.normpath(root / rel): digest for rel, digest in model["files"].items()}
            spec = SourceSpec(entry["kind"], Path(os.path.normpath(root / entry["path"])), entry["module"])
            parsed = SourceModel.from_json(model)
        except (KeyError, TypeError, ValueError, AttributeError):
            counts["bad"] += 1
            continue
        _store_cached(cache, spec, parsed)
        counts["sources"] += 1
    known = imports_from_artifact(workspace, part)
    counts["imports"] = len(known)
    if known:
        try:
            integrity.write_signed_json(workspace.cache_dir / IMPORTS_CACHE, {
                "version": IMPORTS_VERSION, "root": str(root), "files": known}, IMPORTS_SIGNED_AS)
        except OSError as exc:
            log.info("cannot cache the object model's imports in %s: %s", workspace.cache_dir, exc)
    return counts


def model_for(workspace: Workspace) -> ObjectModel:
    return workspace.service(ObjectModelService).model


def dump(model: ObjectModel) -> str:
    """A readable JSON dump of the merged model (for debugging)."""
    return json.dumps({m: {"types": sorted(mod.types), "exports": mod.exports} for m, mod in model.modules.items()},
                      indent=2)
