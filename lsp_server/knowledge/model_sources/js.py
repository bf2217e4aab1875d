"""An engine's plain JavaScript source -> object model (for engines that ship no types).

Classes (methods, accessors, static members, fields, `this.x = ...` assignments), constructor functions with
`X.prototype.m = function` / `X.prototype = {...}`, `Object.assign(X.prototype, Mixin, {...})` mixins, plugin
members assigned at run time (`X.API.m = function`), static assignments `X.create = function`, and module
exports (ESM `export`, `module.exports = {...}`, `exports.X = X` also inside UMD wrappers). Return types come from JSDoc `@returns {T}`, `return this` and `return new T()`.
A file or a folder (every .js/.mjs/.cjs file under it, node_modules and tests excluded) makes one module.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

from tree_sitter import Node

from lsp_server import queries
from lsp_server.graph.resolve import NODE_BUILTINS
from lsp_server.knowledge.builtin_names import is_builtin_type, node_import_class, renamed_base
from lsp_server.knowledge.model_sources.base import (
    Member, ModuleModel, ReadLimits, SourceModel, TypeDef, deprecation_in, mark,
)
from lsp_server.knowledge.model_sources.definers import DEFINE_PROPERTY, module_definer, resolve_require
from lsp_server.knowledge.model_sources.dts import CALL
from lsp_server.languages import parser
from lsp_server.syntax.jsdoc import JSDoc, jsdoc_before
from lsp_server.syntax.members import this_writes
from lsp_server.syntax.modules import export_specifiers, import_bindings
from lsp_server.syntax.patterns import declared_names, parameters
from lsp_server.syntax.reactive import declared_properties
from lsp_server.syntax.scopes import ScopeAnalysis

JS_CONF = 0.9
# The model's name for a module's whole value when it is an instance made where it is exported
# (`module.exports = new Sails()`): a value of no declared name, so a name no identifier can be.
INSTANCE_EXPORT = "module.exports"


MAX_FOLLOWED = 2500  # files reached from an entry file through its relative imports


def extract_js(path: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    """A folder: every JavaScript file under it. A file: it and the files its relative `require`/`import`s
    reach (a package's CJS entry requires its classes from `lib/`), at most MAX_FOLLOWED; what the entry
    exports stays the module's exports."""
    source = SourceModel("js")
    mod = source.module(module)
    runtime = _Runtime()
    if not path.is_file():
        defaults = set()
        for f, data in source.read_files(path, _js_files(path), limits):
            _File(f, data, mod, runtime).run()
            if "default" in mod.exports:
                defaults.add(mod.exports["default"])
        if len(defaults) > 1:
            del mod.exports["default"]  # each file's own: which one an import means, the folder does not say
    else:
        entry = path.resolve()
        queue, seen = [entry], {entry}
        exports_known = True
        member_of: tuple[Path, str] | None = None
        while queue and len(source.files) < MAX_FOLLOWED:
            f = queue.pop(0)
            inner = ModuleModel(module)  # a required file's exports are not the package's
            for _, data in source.read_files(path, [f], limits):
                reader = _File(f, data, mod if f == entry else inner, runtime)
                reader.run()
                runtime.file_requires[f.resolve()] = reader.required_files
                if f == entry:
                    exports_known = reader.exports_known()
                    target = mod.exports.get("=")
                    if f != path.resolve() and target is not None and target not in mod.types and \
                            target not in mod.values:
                        # re-exported `module.exports = ExcelJS` with `const ExcelJS = { ... }` extended later
                        # (`Object.assign(ExcelJS, require('./enums'))`): an object whose keys this reader does
                        # not follow; as unknown as the entry's `require` was before it was followed
                        mod.exports.clear()
                        exports_known = False
                    if reader.reexported is not None:  # `module.exports = require('./lib/x')`: x's exports
                        entry = reader.reexported  # are the package's (read below: it is among the imports)
                    member_of = reader.reexported_member
                elif member_of is not None and f == member_of[0] and inner.exports.get(member_of[1]):
                    # `module.exports = require("./Redis").default`: the class that file exports so is the
                    # package's `=` value (its exports still unknown: `dynamic_exports` was set)
                    mod.exports["="] = inner.exports[member_of[1]]
                runtime.file_exports[f.resolve()] = dict((mod if f == entry else inner).exports)
                for t in inner.types.values():
                    mod.add_type(t)
                for k, v in inner.values.items():
                    mod.values.setdefault(k, v)
                for target in _relative_imports(f, data):
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
    mod.complete = path.is_file() and exports_known
    if path.is_file():
        runtime.name_copied_exports(mod, entry)
    runtime.name_reexports(mod)
    if path.is_file():
        runtime.name_star_exports(mod, entry)
    runtime.name_required_bases(mod)
    runtime.name_required_member_types(mod)
    runtime.name_required_exports(mod)  # (a UMD factory's parameters only: see `_File.run`)
    runtime.name_exported_instance(mod)
    runtime.apply(mod)
    for t in mod.types.values():
        t.confidence = min(t.confidence, JS_CONF)
    return source


_RELATIVE = re.compile(rb"""(?:require\(\s*|from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}/[^'"\n]+)['"]""")


# `require('../../hooks/' + identity)`: a module of that folder, chosen at run time
_RELATIVE_FOLDER = re.compile(rb"""require\(\s*['"](\.{1,2}/(?:[^'"\n]*/)?)['"]\s*\+""")


def _relative_imports(file: Path, data: bytes) -> list[Path]:
    out = []
    for m in _RELATIVE.finditer(data):
        target = _resolve_relative(file, m.group(1).decode("utf-8", "replace"))
        if target is not None:
            out.append(target)
    for m in _RELATIVE_FOLDER.finditer(data):
        out += _folder_modules((file.parent / m.group(1).decode("utf-8", "replace")).resolve())
    return out


def _folder_modules(folder: Path) -> list[Path]:
    """The modules `require(folder + name)` may load: each JavaScript file directly in the folder and each
    subfolder's index.js (Node's resolution of `folder/name`), in name order."""
    if not folder.is_dir() or folder.name in ("node_modules", "test", "tests", "__tests__"):
        return []
    out = []
    for entry in sorted(folder.iterdir()):
        if entry.is_file() and entry.suffix in (".js", ".cjs", ".mjs") and \
                not entry.name.endswith((".test.js", ".spec.js", ".min.js")):
            out.append(entry.resolve())
        elif entry.is_dir() and not entry.name.startswith(".") and entry.name != "node_modules" and \
                (entry / "index.js").is_file():
            out.append((entry / "index.js").resolve())
    return out


def _resolve_relative(file: Path, spec: str) -> Path | None:
    """The JavaScript file a relative specifier of `file` loads (Node's resolution: as written, then with
    .js/.mjs/.cjs, then a folder's index.js), or None."""
    if not spec.startswith(("./", "../")):
        return None
    base = file.parent / spec
    for c in (base, base.with_name(base.name + ".js"), base.with_name(base.name + ".mjs"),
              base.with_name(base.name + ".cjs"), base / "index.js"):
        if c.is_file() and c.suffix in (".js", ".mjs", ".cjs"):
            return c.resolve()
    return None


def _js_files(folder: Path) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in ("node_modules", "test", "tests", "__tests__") and not d.startswith("."))
        for n in sorted(filenames):
            if n.endswith((".js", ".mjs", ".cjs")) and not n.endswith((".test.js", ".spec.js", ".min.js")):
                out.append(Path(dirpath) / n)
    return out


class _Runtime:
    """What one file learns of the types of others (a package's classes are extended where they are used):
    types whose members are added in ways the reader cannot follow (open), and bases set at run time."""

    def __init__(self):
        self.opened: set[str] = set()
        self.bases: list[tuple[str, str]] = []
        self.package_bases: set[tuple[str, str]] = set()  # of `bases`: another package's class, by its local name
        # `require('./options/audio')(X.prototype)`: (X, the file) ...
        self.applied: list[tuple[str, Path]] = []
        # `export { default as scaleLinear } from "./linear.js"`: (the exporting module, the exported name, that
        # file, the name read from it); the export names the local function or class that file exports so
        # (`linear`), once every file is read (`name_reexports`)
        self.reexports: list[tuple[ModuleModel, str, Path, str]] = []
        # ... and what such a file's `module.exports = function (proto) { proto.m = ... }` adds to the object it
        # is given: file -> (members, whether that is all of it)
        self.adders: dict[Path, tuple[list[Member], bool]] = {}
        # `class Redis extends Commander_1.default` with `const Commander_1 = require("./utils/Commander")`
        # (tsc's CJS output): (the class, the base as written, that file, the export read); the base becomes
        # the name that file exports so once it is read (`name_required_bases`)
        self.required_bases: list[tuple[str, str, tuple[dict[str, Path], str], str]] = []
        # each file read -> its `const x = require("./y")` names (`_File.required_files`), for the members whose
        # value a `new x(...)` makes (`name_required_member_types`)
        self.file_requires: dict[Path, dict[str, Path]] = {}
        self.file_exports: dict[Path, dict[str, str]] = {}
        # `module.exports = { kClose: Symbol('close') }`: file -> the export names whose value is a symbol
        self.symbol_exports: dict[Path, set[str]] = {}
        # `this[kClose] = ...` with `const { kClose } = require('./symbols')`: (the owners, that file, the export);
        # a symbol key is no member name, so the owners stay closed if the export is a symbol (`apply`)
        self.keyed_by_required: list[tuple[set[str], Path, str]] = []
        # `module.exports = new Sails()`, `Sails` declared there or `require('./app')`: (the module written to,
        # the constructor as written, that file's requires); the entry's makes the module's whole value an
        # instance, named once every file is read (`name_exported_instance`)
        self.exported_new: list[tuple[ModuleModel, str, dict[str, Path]]] = []
        # `Sails.prototype.lift = require('./lift')`: (the type, the member, static, that file) ...
        self.required_members: list[tuple[str, str, bool, Path]] = []
        # ... and the function such a file exports (`module.exports = function lift(opts, cb) { var sails = this;
        # sails.isLifted = true; }`): file -> (it as a method, the members its body writes on `this`)
        self.exported_functions: dict[Path, tuple[Member, list[Member]]] = {}
        # exported object constants (`_object_constants`): name -> (closed in its file, frozen) for each file
        # that declares one so; and the names any file read may add keys to (`_key_writes`)
        self.constants: dict[str, list[tuple[bool, bool]]] = {}
        self.key_writes: set[str] = set()
        self.export_counts: dict[str, int] = {}  # name -> how many files read export a declaration of it
        # `Accordion.defaults.extra = 1`, `$.extend(Accordion.defaults, more)` in any file read: (the owner, the
        # static, the key written, "" when any key may be: `open_static_objects`)
        self.static_key_writes: set[tuple[str, str, str]] = set()
        # the names UMD factories' own `var exports` are renamed to (`_rename_factory_exports`): one a file
        self.factory_names: set[str] = set()
        # a UMD factory's `return { Bee: B }` with its parameter `B` bound to `require('./b')`: (the module
        # written to, the export, that file); the export becomes the name that file exports as its whole value
        # once every file is read (`name_required_exports`)
        self.required_exports: list[tuple[ModuleModel, str, Path]] = []
        # an ES file's `export { X as Y } from "./x.js"`: file -> (Y, x.js, X) (`name_star_exports`) ...
        self.file_reexports: dict[Path, list[tuple[str, Path, str]]] = {}
        # ... `export { default as DefineMap } from "can-define/map/map"`: (file, DefineMap) -> (the specifier,
        # "default") ...
        self.foreign: dict[tuple[Path, str], tuple[str, str]] = {}
        # ... and `export * from "./legacy.js"`: file -> the files whose exports it re-exports
        self.stars: dict[Path, list[Path]] = {}
        # a file's whole value when it is an object (`_exported_object`): file -> (the module written to, the
        # local name ("" for a literal), its members, the files whose exported objects' keys it copies, whether
        # that is all of it, the exported node)
        self.object_exports: dict[Path, tuple[ModuleModel, str, list[Member], list[Path], bool, Node]] = {}
        self.written_objects: set[Path] = set()  # ... and the files whose object another file writes keys on
        # ... and what its keys hold that is named once every file is read (`_value_refs`): file -> key -> a
        # package file (its whole value) or a class of that file
        self.object_refs: dict[Path, dict[str, Path | str]] = {}
        self.namespaces: dict[Path, str] = {}  # a file whose object is a namespace type -> that type's name
        # a factory's made instance's writes (`_made_local_writes`): (its class, the members, no computed key)
        self.made_members: list[tuple[str, list[Member], bool]] = []

    def name_reexports(self, mod: ModuleModel) -> None:
        """An export re-exported from another file under a new name (`export { default as scaleLinear } from
        "./linear.js"`) is the function or class that file exports so (`function linear`): its kind and
        members, where the export's own name would find nothing in the module."""
        for owner, exported, target, imported in self.reexports:
            if owner is not mod or mod.exports.get(exported) != exported or exported in mod.values or \
                    exported in mod.types:
                continue
            local = self.file_exports.get(target, {}).get(imported)
            if local is not None and local != exported and (local in mod.values or local in mod.types):
                mod.exports[exported] = local

    def name_star_exports(self, mod: ModuleModel, entry: Path) -> None:
        """The entry's exports through its re-exports of other files of the package (`export * from
        "./legacy.js"`, `export { DefineMap } from "./es/can-define"`, chained): each name such a file exports of
        its own (its function or class, read into the module), or re-exports from another package (`export {
        default as DefineMap } from "can-define/map/map"`: the module's `reexports`, followed by the object
        model once the discovery has read that specifier's file). A name already bound stays as it is."""
        def resolve(file: Path, name: str, depth: int, seen: set) -> tuple[str, ...] | None:
            if depth > 8 or (file, name) in seen:
                return None
            seen.add((file, name))
            if (file, name) in self.foreign:
                return ("foreign", *self.foreign[(file, name)], str(file))
            for exported, target, imported in self.file_reexports.get(file, ()):
                if exported == name:
                    return resolve(target, imported, depth + 1, seen)
            local = self.file_exports.get(file, {}).get(name)
            if local is not None and (local in mod.types or local in mod.values):
                return ("local", local)
            if name != "default":
                for star in self.stars.get(file, ()):
                    found = resolve(star, name, depth + 1, seen)
                    if found is not None:
                        return found
            return None

        def names(file: Path, depth: int, seen: set) -> set[str]:
            if depth > 8 or file in seen:
                return set()
            seen.add(file)
            out = set(self.file_exports.get(file, {}))
            for star in self.stars.get(file, ()):
                out |= names(star, depth + 1, seen) - {"default", "="}
            return out

        entry = entry.resolve()
        for name in sorted(names(entry, 0, set())):
            local = mod.exports.get(name)
            if local is not None and (local in mod.types or local in mod.values):
                continue
            found = resolve(entry, name, 0, set())
            if found is None:
                continue
            if found[0] == "local":
                mod.exports[name] = found[1]
            else:
                mod.exports.setdefault(name, name)
                mod.reexports[name] = list(found[1:])

    def name_exported_instance(self, mod: ModuleModel) -> None:
        """`module.exports = new X()`: the module's value is an instance of X's type, where X is a class or
        constructor function of the package, or a function that returns an instance of one (`function
        SailsFactory() { return new Sails(); }`: `new` of a function that returns an object gives that object).
        The value is kept under the name `module.exports` (no identifier can take it)."""
        found = [(written, requires) for owner, written, requires in self.exported_new if owner is mod]
        if len(found) != 1 or "=" in mod.exports:
            return
        written, requires = found[0]
        local = self.file_exports.get(requires[written], {}).get("=") if written in requires else written
        if not local:
            return
        made = ""
        value = mod.values.get(local)
        if value is not None and value.kind == "function" and value.type in mod.types:
            made = value.type  # a factory called with `new`: what it returns
        elif local in mod.types and mod.types[local].kind == "class":
            made = local
        if not made:
            return
        t = mod.types[made]
        mod.values[INSTANCE_EXPORT] = Member(INSTANCE_EXPORT, "property", made, path=t.path, line=t.line,
                                             confidence=JS_CONF, doc=t.doc)
        mod.exports["="] = INSTANCE_EXPORT
        mod.exports.setdefault("default", INSTANCE_EXPORT)

    def name_required_exports(self, mod: ModuleModel) -> None:
        """An export whose value is another package file's whole value (a UMD factory's `return { Bee: B }` with
        its parameter `B` bound to `require('./b')`) is what that file exports as `module.exports = Foo`: its
        class or function `Foo`, whatever the requiring file calls it."""
        for owner, key, target in self.required_exports:
            local = self.file_exports.get(target, {}).get("=")
            if owner is mod and local and (local in mod.types or local in mod.values):
                mod.exports[key] = local

    def name_required_member_types(self, mod: ModuleModel) -> None:
        """A member whose value a `new x(...)` makes, `x` the file's name for another package file's whole value
        (flutterwave-node-v3's index.js: `const beneficiary = require('./lib/rave.beneficiaries')`, then `this.
        Beneficiary = new beneficiary(ravebase)` in the constructor), is an instance of the class or constructor
        function that file exports as `module.exports = Beneficiaries`, whatever the requiring file calls it: the
        local name is no type of the package."""
        requires = {str(path): names for path, names in self.file_requires.items()}
        for t in list(mod.types.values()):
            for m in t.members:
                if not m.type or m.type in mod.types or not m.type.isidentifier() or not m.path:
                    continue
                names = requires.get(m.path)
                if names is None:  # (the member's path as written: resolved once per file)
                    names = requires.setdefault(m.path, self.file_requires.get(Path(m.path).resolve(), {}))
                target = names.get(m.type)
                local = self.file_exports.get(target, {}).get("=") if target is not None else None
                if local and local in mod.types:
                    m.type = local

    def name_required_bases(self, mod: ModuleModel) -> None:
        for name, written, (required, head), prop in self.required_bases:
            t = mod.types.get(name)
            local = self.file_exports.get(required[head], {}).get(prop) if head in required else None
            if t is not None and local and local in mod.types and written in t.bases:
                t.bases[t.bases.index(written)] = local

    def close_constants(self, mod: ModuleModel) -> None:
        """An exported object constant stays closed only if every file declaring that name left it as written
        and, unless frozen, no file read writes a key on that name; a name that is also a class or function
        of the package is no constant: its value is not typed so."""
        for name, found in self.constants.items():
            t, value = mod.types.get(name), mod.values.get(name)
            if t is None or t.kind != "namespace" or len(found) > 1 or self.export_counts.get(name, 0) > 1:
                if value is not None and value.type == f"typeof {name}":
                    value.type = ""
                if t is not None and t.kind == "namespace":
                    t.open = True
                continue
            closed, frozen = found[0]
            if not closed or (not frozen and name in self.key_writes):
                t.open = True

    def open_static_objects(self, mod: ModuleModel) -> None:
        """An object literal assigned to a static (`Accordion.defaults = { slideSpeed: 250, ... }`, the synthesized
        type `Accordion$defaults`, see `_member_from_value`) stays closed only when nothing read can add to it:
        a file that writes it a key it lacks (`Accordion.defaults.extra = 1`, `Accordion.defaults[k] = v`) or
        hands it to a call that may fill it (`Object.assign(Accordion.defaults, more)`, `$.extend(true,
        Accordion.defaults, more)`) opens it, as `close_constants` does for an exported object constant."""
        for owner, static, key in self.static_key_writes:
            t = mod.types.get(f"{owner}${static}")
            if t is not None and not t.open and (not key or not any(m.name == key for m in t.members)):
                t.open = True

    def copied_members(self, file: Path, seen: frozenset[Path] = frozenset()) -> tuple[list[Member], bool]:
        """The members of the object a file exports as its whole value, with those of the objects it copies keys
        from, and whether they are all of them: every object copied known (a file read that exports an object
        literal, or one built so), none open."""
        found = self.object_exports.get(file)
        if found is None or file in seen:
            return [], False
        _, _, members, sources, closed, _ = found
        closed = closed and file not in self.written_objects
        out = list(members)
        for source in sources:
            more, known = self.copied_members(source, seen | {file})
            out += more
            closed = closed and known
        return out, closed

    def name_copied_exports(self, mod: ModuleModel, entry: Path) -> None:
        """The entry's `module.exports = reflect` with `reflect` an object the file builds (`_object_fill`): a
        namespace of its members and of those of the objects its keys are copied from (`var reflect = {};
        [a, b].forEach(function (r) { for (var k in r) reflect[k] = r[k]; })`, `Object.assign(reflect, a, b)`),
        as an exported object constant is (`_object_constants`); closed only when every object copied is known
        (`copied_members`)."""
        found = self.object_exports.get(entry.resolve())
        if found is None or found[0] is not mod or not found[1]:
            return
        name = found[1]
        if name in mod.types or name in mod.values or mod.exports.get("=") != name:
            return
        self.namespace(mod, entry.resolve(), name, "")
        mod.values[name] = Member(name, "property", f"typeof {name}", path=str(entry), line=mod.types[name].line,
                                  confidence=JS_CONF)

    def namespace(self, mod: ModuleModel, file: Path, name: str, key: str) -> str:
        """The namespace type of the object a file exports as its whole value (`_object_fill`), made once under
        `name` (the file's own name for it, unless the module has a type or value of that name already), reached
        as `key` of another one ("" for the entry's). Each key that holds another package file's value is typed
        as that value (`var Neataptic = { Network: require('./network'), methods: require('./methods') }`: the
        class `typeof Network`, the namespace of methods.js's object, a function that file exports), so a
        namespace of modules is read through. Closed as `copied_members` says, and, reached as `key`, not when
        a file read writes a key it lacks through its holder (`methods.mutation.EXTRA = ...`)."""
        made = self.namespaces.get(file)
        if made is not None:
            return made
        unique, n = name, 1
        while unique in mod.types or unique in mod.values or unique in self.namespaces.values():
            unique, n = f"{name}$ns{n}", n + 1
        self.namespaces[file] = unique
        node = self.object_exports[file][5]
        members, closed = self.copied_members(file)
        if key and any(static == key and written and not any(m.name == written for m in members)
                       for _, static, written in self.static_key_writes):
            closed = False
        td = TypeDef(unique, "namespace", path=str(file), line=node.start_point[0], open=not closed)
        mod.types[unique] = td
        refs = self.object_refs.get(file, {})
        for m in members:
            if any(old.name == m.name for old in td.members):
                continue
            ref = refs.get(m.name)
            typed = self.file_value(mod, ref, m.name) if isinstance(ref, Path) else \
                replace(m, type=f"typeof {ref}") if ref and not ref.startswith("()") else None
            td.members.append(replace(typed, name=m.name, static=True, path=m.path, line=m.line)
                              if typed is not None else m)
        # a function whose every return is another of the object's functions' result (`Perceptron` returns
        # `architect.Construct(nodes)`, which returns `new Network(0, 0)`): that result, once the other's is known
        local = self.object_exports[file][1]
        for _ in range(len(td.members)):
            changed = False
            for i, m in enumerate(td.members):
                ref = refs.get(m.name)
                if m.kind != "method" or m.type or not isinstance(ref, str) or not ref.startswith("()"):
                    continue
                results = set()
                for callee in ref[2:].split(","):
                    head, _, prop = callee.partition(".")
                    other = next((o for o in td.members if o.name == prop and o.kind == "method"), None) \
                        if head == local else None
                    results.add(other.type if other is not None else "")
                if len(results) == 1 and "" not in results:
                    td.members[i] = replace(m, type=results.pop())
                    changed = True
            if not changed:
                break
        return unique

    def file_value(self, mod: ModuleModel, target: Path, key: str) -> Member | None:
        """A package file's whole value as a namespace's member `key`: its object (a namespace of its own,
        `typeof methods`), its class or constructor function (`typeof Network`), its function; None when the file
        was not read or its value is none of these."""
        if target in self.object_exports:
            found = self.object_exports[target]
            ns = self.namespace(mod, target, found[1] or _identifier_of(target.stem), key)
            return Member(key, "property", f"typeof {ns}", static=True, confidence=JS_CONF)
        local = self.file_exports.get(target, {}).get("=")
        if not local and target in self.exported_functions:  # `module.exports = function helper(a, b) {...}`
            return replace(self.exported_functions[target][0], name=key, static=True)
        if not local:
            return None
        t = mod.types.get(local)
        if t is not None and t.kind == "class":
            return Member(key, "property", f"typeof {local}", static=True, confidence=JS_CONF)
        fn = mod.values.get(local)
        if fn is not None and fn.kind == "function":
            return replace(fn, name=key, kind="method", static=True)
        return None

    def apply(self, mod: ModuleModel) -> None:
        for owners, file, exported in self.keyed_by_required:
            if exported not in self.symbol_exports.get(file, ()):
                self.opened.update(owners)
        for name, file in self.applied:
            members, closed = self.adders.get(file, ([], False))
            t = mod.types.get(name)
            if t is None:
                continue
            for m in members:
                if not any(old.name == m.name and old.static == m.static for old in t.members):
                    t.members.append(m)
            if not closed:  # a file not read, or an adder that does more than name its members
                self.opened.add(name)
        for name, member, static, file in self.required_members:
            t = mod.types.get(name)
            found = self.exported_functions.get(file)
            if t is None or found is None:
                continue
            method, written = found
            made = replace(method, name=member, static=static, private=member.startswith("_"))
            t.members = [made if (m.name, m.static) == (member, static) else m for m in t.members]
            if not any((m.name, m.static) == (member, static) for m in t.members):
                t.members.append(made)
            for m in written if not static else ():  # its `this.x = ...`: every instance's
                if not any(old.name == m.name and not old.static for old in t.members):
                    t.members.append(m)
        for name, members, closed in self.made_members:
            t = mod.types.get(name)
            if t is None or t.kind != "class":
                continue  # another package's class, or no class: nothing to add to
            for m in members:
                if not any(old.name == m.name and not old.static for old in t.members):
                    t.members.append(m)
            if not closed:
                self.opened.add(name)
        for name in self.opened:
            if name in mod.types:
                mod.types[name].open = True
        self.close_constants(mod)
        self.open_static_objects(mod)
        for name, base in self.bases:
            t = mod.types.get(name)
            if t is None or base == name or base in t.bases:
                continue
            if base in mod.types or is_builtin_type(base):
                t.bases.append(base)
            elif (name, base) in self.package_bases:
                # another package's class a factory extends (`_File.factory_base_packages`): named, for the
                # object model to find once the discovery has read that package; open whatever it has
                t.bases.append(base)
                t.open = True
            else:  # a base this reader cannot name (`__extends(X, _super)` with `_super` a required module's
                t.open = True  # class): its members are unknown; typings beside it still decide (merge_types)


# Calls that take a class (or its prototype) and change no member of it.
_READING_CALLS = frozenset({"Object.freeze", "Object.seal", "Object.keys", "Object.getOwnPropertyNames",
                            "Object.getPrototypeOf", "Object.isFrozen", "Object.isSealed", "Object.entries",
                            "Object.values", "Object.getOwnPropertyDescriptor", "Object.getOwnPropertyDescriptors",
                            "Object.getOwnPropertySymbols", "Object.prototype.hasOwnProperty.call", "Symbol",
                            "Reflect.getPrototypeOf", "Reflect.ownKeys", "Reflect.has", "Array.isArray",
                            "Object.create"})
# `inherits(Child, Parent)`, `_inherits`, `__extends`, CoffeeScript's `extend(child, parent)`, `Object.setPrototypeOf`:
# the first argument gets the second's members (its prototype chain, or copies of them).
_INHERITING = re.compile(r"(?:^|\.)_*(?:inherits|inheritsLoose|extends?|setPrototypeOf)$", re.I)


# a call that copies its later arguments' own keys onto its first one (lodash's `assignIn`, can-reflect's
# `assignMap`, jQuery's and underscore's `extend`). Not `Object.assign(Foo, {...})`: read so, its keys lowered
# exceljs's recall (4 untyped near misses lost), a cause not found in the time this round had
_ASSIGNING = re.compile(r"(?:^|\.)_*(?:assignIn|assignMap|extend)$")


_EXPORTS_WORD = re.compile(r"(?<![\w$.])(?:module\.)?exports(?![\w$])")


class _File:
    def __init__(self, path: Path, data: bytes, mod: ModuleModel, runtime: "_Runtime | None" = None):
        self.path, self.data, self.mod = path, data, mod
        self.runtime = runtime or _Runtime()
        self.objects: dict[str, Node] = {}  # const Mixin = { ... }
        self.functions: dict[str, Node] = {}
        self.dynamic_exports = False  # exports added in a way the reader cannot follow
        self.proto_aliases: dict[str, str] = {}  # `var proto = Moment.prototype` -> {"proto": "Moment"}
        self.requires: set[str] = set()  # `const X = require(...)`: a value the file does not define
        self.imported_from: dict[str, str] = {}  # a name bound to another npm package's export -> that package
        self.reexported: Path | None = None  # `module.exports = require('./lib/x')`: that file
        # `exports = module.exports = require("./Redis").default` (ioredis, tsc's CJS output): the package's
        # value is what that file exports under that name, known once the file is read (`extract_js`)
        self.reexported_member: tuple[Path, str] | None = None
        self.required_files: dict[str, Path] = {}  # `const Commander_1 = require("./utils/Commander")`
        self.factory_params: dict[str, Path] = {}  # a UMD factory's parameter -> the file its `require` loads
        self.symbols: set[str] = set()  # `const kOnClosed = Symbol('onClosed')`: a key that names no member
        # `const EE = require('node:events')`: local -> the platform class it is (a base `EE` is EventEmitter)
        self.platform_names: dict[str, str] = {}
        # `const { kClose } = require('./symbols')`: the local name -> (that file, the export read)
        self.required_names: dict[str, tuple[Path, str]] = {}
        self.exported_function: Node | None = None  # `module.exports = function lift(...) {...}`
        # (class, base) of the mixins a class applies (`extends A(B(superclass))`): an imported one is the
        # class its package's mixin function returns (read where that package is), no unknown base
        self.mixin_bases: set[tuple[str, str]] = set()
        # `const listLayouts = Object.freeze({ list: 'list' })` at the top: name -> (the object, whether frozen),
        # read as a namespace of its keys if the file exports it (`_object_constants`)
        self.constants: dict[str, tuple[Node, bool]] = {}
        self.required_specs: dict[str, str] = {}  # `const X = require('spec')` -> spec
        self.factory_bases: list[tuple[str, str]] = []  # (made class, its base's local name): `factory_class`
        self.definers: dict[str, bool] = {}  # a callee -> whether it defines a property (`defines_property`)

    def exports_known(self) -> bool:
        """Whether every export of this (entry) file is known: no dynamic exports, and `module.exports = X`
        names something the file defines."""
        if self.dynamic_exports:
            return False
        target = self.mod.exports.get("=")
        if target is None:
            return True
        return target not in self.requires and (target in self.mod.types or target in self.mod.values or
                                                target in self.objects or target in self.functions)

    def stores_exports(self, ident: Node) -> bool:
        """`module` or `exports` (or `module.exports`) kept in another variable, as a value is kept: `var
        freeModule = typeof module == 'object' && module` (lodash), `var out = module.exports`. What the file
        then writes on the alias (`(freeModule.exports = _)._ = _`) is its exports, unread here. Reading them
        (`typeof exports`, `exports.x = ...`, `module.exports = X`) or naming `exports` itself so (`exports =
        module.exports`, whose `exports.x` writes are read) is no such alias."""
        name = self.text(ident)
        if name not in ("module", "exports"):
            return False
        node, parent = ident, ident.parent
        if name == "module":
            if parent is not None and parent.type == "member_expression" and \
                    parent.child_by_field_name("object") == ident:
                if self.text(parent.child_by_field_name("property")) != "exports":
                    return False  # `module.id`, `module.require(...)`
                node, parent = parent, parent.parent
        # through the operands that pass a value on: `a && module`, `(module)`, `x ? exports : {}`
        while parent is not None and (parent.type == "parenthesized_expression" or parent.type ==
                                      "binary_expression" and self.text(parent.child_by_field_name("operator"))
                                      in ("&&", "||", "??") or parent.type == "ternary_expression" and
                                      parent.child_by_field_name("condition") != node):
            node, parent = parent, parent.parent
        if parent is None:
            return False
        if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
            target = parent.child_by_field_name("name")
        elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
            target = parent.child_by_field_name("left")
        else:
            return False
        return self.text(target) not in ("exports", "module.exports")

    def text(self, node: Node | None) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "replace") if node is not None else ""

    def run(self) -> None:
        tree = parser("javascript").parse(self.data)
        renamed = _rename_factory_exports(self, tree.root_node)
        if renamed is not None:  # the UMD factory's own `var exports`, under a name of its own (see there)
            self.data = renamed
            tree = parser("javascript").parse(self.data)
        split = _split_exported_alias(self, tree.root_node)
        if split is not None:  # `var grunt = module.exports = {}` as `var grunt = {}; module.exports = grunt` (see there)
            self.data = split
            tree = parser("javascript").parse(self.data)
        inlined = _inline_member_helpers(self, tree.root_node)
        if inlined is not None:  # `gExpose(task, 'registerTask')` written out as the member it adds (see there)
            self.data = inlined
            tree = parser("javascript").parse(self.data)
        self.tree = tree  # (the text read, after the rewrites above: what `ScopeAnalysis` resolves names in)
        root = self.tree_root = tree.root_node
        for node in root.named_children:
            self.top(node, exported=False)
        factory = _exported_factory(self, root)
        body = factory.child_by_field_name("body") if factory is not None else None
        for node in body.named_children if body is not None and body.type == "statement_block" else ():
            # the factory whose result the module exports is the module's scope (the wrapper around it only
            # chooses how to export that result: `module.exports =`, AMD's `define`, a browser global): its
            # declarations are read as a file's top-level ones are
            if node.type in ("function_declaration", "class_declaration", "variable_declaration",
                             "lexical_declaration"):
                self.top(node, exported=False)
        self.nested_functions(root)
        instances: dict[str, str] = {}
        for pattern, match in queries.matches("javascript", "engine_source", root):
            if pattern == 6:
                instances.setdefault(self.text(match["instance.name"][0]), self.text(match["instance.type"][0]))
            else:
                self.fact(pattern, match)
        self.dynamic(root)
        self.factory_base_packages()
        _object_constants(self, root)
        _exported_object(self, root)
        # an exported singleton of the engine's own type (`var Howler = new HowlerGlobal(); exports.Howler =
        # Howler`): an instance of that type, so `Howler.volum()` is checked like any instance
        for local in set(self.mod.exports.values()):
            kind = instances.get(local)
            if kind and kind in self.mod.types and local not in self.mod.values and local not in self.mod.types:
                self.mod.values[local] = Member(local, "property", kind, path=str(self.path), confidence=JS_CONF)
        self.mark_deprecated()
        fn = self.exported_function
        if fn is None and self.mod.exports.get("=") in self.functions:
            fn = self.functions[self.mod.exports["="]]
        if fn is not None:
            member = _member_from_value(self, "", fn, False, "") if fn.type != "function_declaration" else \
                Member("", "method", _returns(self, fn), _param_names(self, fn), path=str(self.path),
                       line=fn.start_point[0], confidence=JS_CONF, doc=_doc(self, fn))
            if member.kind == "method":
                if fn.type == "function_declaration" and not member.adds:  # (`_member_from_value` reads the rest)
                    member.adds = _added_by_name(self, fn, prototype_only=True)
                self.runtime.exported_functions[self.path.resolve()] = \
                    (member, _this_assignments(self, fn.child_by_field_name("body")))
        for key, local in self.mod.exports.items():
            if key not in ("=", "default") and local in self.factory_params:
                # `return { ApiClient: ApiClient }` with `ApiClient` the factory's parameter bound to a required
                # file's value: named once that file is read. (Not yet for `const B = require('./b')`: sails's
                # `module.exports.Sails = require('./app')` would then name the factory that file exports, not
                # the class the reader names today, and one of sails's mutants goes unreported.)
                self.runtime.required_exports.append((self.mod, key, self.factory_params[local]))

    def mark_deprecated(self) -> None:
        """Members declared right below a `/** ... @deprecated ... */` block are deprecated."""
        text = self.data.decode("utf-8", "replace")
        if "@deprecated" not in text:
            return
        below: dict[int, tuple[str, int]] = {}  # declaration line -> (tag text, line of the tag)
        for block in _DOC_BLOCK.finditer(text):
            note = deprecation_in(block.group(0))
            if note is None:
                continue
            after = re.compile(r"\S").search(text, block.end())
            if after is not None and text.count("\n", block.end(), after.start()) <= 1:
                below[text.count("\n", 0, after.start())] = (f"@deprecated {note}".strip(),
                                                             text.count("\n", 0, block.start()))
        path = str(self.path)
        members = [m for t in self.mod.types.values() for m in t.members] + list(self.mod.values.values())
        for m in members:
            if m.path == path and m.line in below:
                note, line = below[m.line]
                mark(m, "deprecated", note, path, line)

    def typedef(self, name: str, node: Node) -> TypeDef:
        t = self.mod.types.get(name)
        if t is None:
            t = TypeDef(name, "class", path=str(self.path), line=node.start_point[0], doc=_doc(self, node))
            self.mod.types[name] = t
        return t

    def add(self, t: TypeDef, m: Member) -> None:
        for old in t.members:
            if old.name == m.name and old.static == m.static:
                old.type = old.type or m.type
                return
        t.members.append(m)

    # --- declarations ---
    def top(self, node: Node, exported: bool, default: bool = False) -> None:
        t = node.type
        if t == "export_statement":
            decl = node.child_by_field_name("declaration")
            is_default = any(c.type == "default" for c in node.children)
            if decl is not None:
                self.top(decl, True, is_default)
                return
            clause = next((c for c in node.named_children if c.type == "export_clause"), None)
            if clause is not None and node.child_by_field_name("source") is None:
                for spec in export_specifiers(self.data, clause):
                    self.mod.exports[spec.exported] = spec.name
            elif clause is not None:  # `export { default as scaleLinear } from "./linear.js"`
                source = self.text(node.child_by_field_name("source")).strip("\"'`")
                target = _resolve_relative(self.path, source)
                here = self.path.resolve()
                for spec in export_specifiers(self.data, clause):
                    self.mod.exports.setdefault(spec.exported, spec.exported)
                    if target is not None:  # named by what that file exports so, once it is read
                        self.runtime.reexports.append((self.mod, spec.exported, target, spec.name))
                        self.runtime.file_reexports.setdefault(here, []).append((spec.exported, target, spec.name))
                    elif _is_package(source):  # `export { default as DefineMap } from "can-define/map/map"`
                        self.runtime.foreign[(here, spec.exported)] = (source, spec.name)
            elif node.child_by_field_name("source") is not None:
                star = next((c for c in node.named_children if c.type == "namespace_export"), None)
                if star is not None:  # `export * as d3 from "..."`
                    alias = next((c for c in star.named_children if c.type in ("identifier", "string")), None)
                    if alias is not None:
                        self.mod.exports.setdefault(self.text(alias).strip("\"'"), self.text(alias).strip("\"'"))
                else:
                    self.dynamic_exports = True  # `export * from "./x.js"`: names this reader does not list
                    # (all of them: those it can are the package's too, `_Runtime.name_star_exports`)
                    target = _resolve_relative(self.path, self.text(node.child_by_field_name("source")).strip("\"'`"))
                    if target is not None:
                        self.runtime.stars.setdefault(self.path.resolve(), []).append(target)
            elif is_default:
                ident = next((c for c in node.named_children if c.type == "identifier"), None)
                if ident is not None:
                    self.mod.exports["default"] = self.text(ident)
            return
        if t in ("class_declaration", "class"):
            name_node = node.child_by_field_name("name")
            if name_node is None:
                return
            name = self.text(name_node)
            self.klass(node, name)
            if exported:
                self.mod.exports["default" if default else name] = name
            return
        if t in ("function_declaration", "generator_function_declaration"):
            name = self.text(node.child_by_field_name("name"))
            self.functions[name] = node
            if _mixin(self, node) is not None:  # `function M(superclass) { return class extends superclass {} }`
                self.mixin(name, node, *_mixin(self, node))
            elif _looks_like_constructor(self, node, name):
                td = self.typedef(name, node)
                for prop in _this_assignments(self, node.child_by_field_name("body")):
                    self.add(td, prop)
                if _returns_new_of_itself(self, node, name):  # `ffmpeg('in.avi')`: callable without `new`
                    self.add(td, Member(CALL, "method", name, _param_names(self, node), True, True, str(self.path),
                                        node.start_point[0], JS_CONF))
            else:
                self.mod.values[name] = Member(name, "function", _returns(self, node),
                                               _param_names(self, node), path=str(self.path),
                                               line=node.start_point[0], confidence=JS_CONF, doc=_doc(self, node))
            if exported:
                self.mod.exports["default" if default else name] = name
            return
        if t in ("lexical_declaration", "variable_declaration"):
            for d in (c for c in node.named_children if c.type == "variable_declarator"):
                name_node, value = d.child_by_field_name("name"), d.child_by_field_name("value")
                if name_node is None or name_node.type != "identifier" or value is None:
                    continue
                name = self.text(name_node)
                _note_object_constant(self, node, name, value)
                if value.type == "object":
                    self.objects[name] = value
                elif value.type == "class":
                    self.klass(value, name)
                elif _mixin(self, value) is not None:
                    self.mixin(name, d, *_mixin(self, value))
                elif value.type == "function_expression" and _looks_like_constructor(self, value, name):
                    # `var Client = function (options) { this.basePath = ...; this.get = function () {...} }`: a
                    # constructor function as `function Client(options) {...}` is one (a function expression
                    # bound to a name is the same function), its `this.x = ...` every instance's members
                    td = self.typedef(name, d)
                    for prop in _this_assignments(self, value.child_by_field_name("body")):
                        self.add(td, prop)
                    if _returns_new_of_itself(self, value, name):  # `var u = function (s) { if (!(this
                        # instanceof u)) return new u(s); ... }`: callable without `new`, as a declaration is
                        self.add(td, Member(CALL, "method", name, _param_names(self, value), True, True,
                                            str(self.path), d.start_point[0], JS_CONF))
                    self.functions.setdefault(name, value)
                elif value.type in ("function_expression", "arrow_function"):
                    self.mod.values[name] = Member(name, "function", _returns(self, node), _param_names(self, value),
                                                   path=str(self.path), line=d.start_point[0], confidence=JS_CONF)
                    own = value.child_by_field_name("name")
                    if own is not None and self.text(own) == name:
                        # immutable's `var Collection = function Collection(value) {...}`: a constructor by
                        # another spelling, whose static assignments (`Collection.Keyed = KeyedCollection`) are
                        # its members as a declaration's are
                        self.functions.setdefault(name, value)
                elif value.type == "call_expression" and self.text(value.child_by_field_name("function")) == "require":
                    continue
                elif value.type in ("new_expression", "call_expression") and _factory_definition(self, value):
                    self.factory_class(name, value, _factory_definition(self, value))
                if exported:
                    self.mod.exports[name] = name
            return
        if t == "expression_statement" and node.named_children:
            self.module_exports(node.named_children[0])

    def klass(self, node: Node, name: str, superclass: str | None = None) -> None:
        """A class declaration or expression; `superclass`: the parameter of the mixin function that returns
        it (`superclass => class extends B(superclass) {...}`), whose argument is no base of the mixin's own."""
        td = self.typedef(name, node)
        heritage = next((c for c in node.named_children if c.type == "class_heritage"), None)
        if heritage is not None and heritage.named_children:
            base = heritage.named_children[0]
            # a mixin's class names the mixins it applies to its argument; any other class keeps its base as
            # written (`extends createCollectionMixin(CommonMethods)` beside typings that say what it makes)
            bases = _heritage_bases(self, base, superclass) if superclass is not None else [self.text(base)]
            for b in bases:
                if b not in td.bases:
                    td.bases.append(b)
            if base.type == "call_expression" and bases != [self.text(base)]:
                # the mixins applied (`A(B(superclass))`): functions named by the model's types, whichever package's
                self.mixin_bases.update((name, b) for b in bases)
            head = base.child_by_field_name("object") if base.type == "member_expression" else None
            prop = base.child_by_field_name("property") if head is not None else None
            if head is not None and head.type == "identifier" and prop is not None:
                # the file's requires are read after its classes: resolved by `name_required_bases`
                self.runtime.required_bases.append((name, self.text(base), (self.required_files, self.text(head)),
                                                    self.text(prop)))
        body = node.child_by_field_name("body")
        for pname, key, ptype in declared_properties(body, self.text):
            # Lit's reactive properties (`static get properties() { return { checked: {...} } }`): accessors
            self.add(td, Member(pname, "property", ptype, [], False, pname.startswith("_"), str(self.path),
                                key.start_point[0], JS_CONF))
        for item in body.named_children if body is not None else []:
            if item.type == "method_definition":
                mname = self.text(item.child_by_field_name("name"))
                tokens = {c.type for c in item.children}
                static = "static" in tokens
                if mname == "constructor":
                    for prop in _this_assignments(self, item.child_by_field_name("body")):
                        self.add(td, prop)
                    forwarded = _names_forwarded(self, item)
                    if forwarded:  # what an instance gets by the names its options give (see `Member.adds`)
                        self.add(td, Member("constructor", "constructor", name, _param_names(self, item),
                                            path=str(self.path), line=item.start_point[0], confidence=JS_CONF,
                                            adds=forwarded))
                    continue
                private = mname.startswith("#") or mname.startswith("_")
                if "get" in tokens or "set" in tokens:
                    self.add(td, Member(mname, "getter", _returns(self, item), [], static, private, str(self.path),
                                        item.start_point[0], JS_CONF, _doc(self, item)))
                else:
                    self.add(td, Member(mname, "method", _returns(self, item, name), _param_names(self, item), static,
                                        private, str(self.path), item.start_point[0], JS_CONF, _doc(self, item),
                                        adds=_added_by_name(self, item)))
                    for prop in _this_assignments(self, item.child_by_field_name("body")):
                        self.add(td, prop)
            elif item.type == "field_definition":
                prop = item.child_by_field_name("property")
                if prop is None:
                    continue
                static = any(c.type == "static" for c in item.children)
                pname = self.text(prop)
                self.add(td, Member(pname, "property", _value_type(self, item.child_by_field_name("value")), [],
                                    static, pname.startswith("#"), str(self.path), item.start_point[0], JS_CONF))

    def mixin(self, name: str, decl: Node, superclass: str, cls: Node) -> None:
        """`export const M = superclass => class extends B(superclass) {...}` (also `(superclass) => ...`, a
        function returning the class, either wrapped in a call as `dedupeMixin(superclass => ...)`): the class
        is the type `M`, its bases the mixins it applies to its argument; the function `M` gives what its
        argument makes and `M`'s members, said as a TypeScript mixin's result is: `T & M` of `superclass: T`
        (types.mixin_instance reads a runtime function whose result names its own file's class so)."""
        self.klass(cls, name, superclass)
        self.mod.values[name] = Member(name, "function", f"T & {name}", ["superclass: T"], path=str(self.path),
                                       line=decl.start_point[0], confidence=JS_CONF, doc=_doc(self, decl),
                                       fixed_type_params=[["T", ""]])

    def factory_class(self, name: str, call: Node, definition: Node) -> None:
        """`var Color = new Class({ initialize: function Color() { this.r = 0 }, setTo: function () {...} })`
        (Phaser, MooTools, Prototype.js's `Class.create`, Backbone's `Model.extend`): a class whose methods are
        the literal's functions, whose fields are the `this.x = ...` of its constructor and methods; `Extends: B`
        (or `B.extend`'s receiver) is its base, `Mixins: [A, ...]` add the members of literals this file has,
        another mixin (a required one) opens it."""
        td = self.typedef(name, call)
        keys = {self.text(p.child_by_field_name("key")).strip("\"'"): p.child_by_field_name("value")
                for p in definition.named_children if p.type == "pair"}
        fn = call.child_by_field_name("constructor") if call.type == "new_expression" else \
            call.child_by_field_name("function")
        base = keys.get("Extends")
        if base is None and call.type == "call_expression" and fn is not None and fn.type == "member_expression" \
                and self.text(fn.child_by_field_name("property")) == "extend":
            base = fn.child_by_field_name("object")  # `Backbone.Model.extend({...})`
        if base is not None:
            self.runtime.bases.append((name, renamed_base(self.text(base), self.platform_names)))
            if base.type == "identifier" and base is not keys.get("Extends"):
                self.factory_bases.append((name, self.text(base)))  # (`factory_base_packages`, once requires are read)
        mixins = keys.get("Mixins")
        if mixins is not None:
            for m in (mixins.named_children if mixins.type == "array" else [mixins]):
                obj = self.objects.get(self.text(m)) if m.type == "identifier" else m if m.type == "object" else None
                if obj is None:
                    self.runtime.opened.add(name)  # `Components.Alpha`, a required mixin: members not followed
                    continue
                for member in _object_members(self, obj, name):
                    self.add(td, member)
        statics = _factory_statics(self, call)
        for member in _object_members(self, statics, name) if statics is not None else ():
            self.add(td, replace(member, static=True))  # `X.extend({ statics }, { prototype })`
        for member in _object_members(self, definition, name):
            if member.name in _FACTORY_KEYS:
                continue
            value = keys.get(member.name)
            if value is not None and value.type == "object" and _accessor(self, value):
                # Phaser's `alpha: { get: function () {...}, set: function (v) {...} }`: a property
                self.mod.types.pop(f"{name}${member.name}", None)
                member = Member(member.name, "getter", "", [], False, member.name.startswith("_"), str(self.path),
                                value.start_point[0], JS_CONF)
            self.add(td, member)

    def factory_base_packages(self) -> None:
        """`Construct.extend(...)` after `var Construct = require("can-construct")`: a class a factory makes from
        another package's class, whose members the discovery reads by name (`ModuleModel.base_packages`); that
        package is never what closes the made class, which stays open."""
        for name, base in self.factory_bases:
            spec = self.required_specs.get(base)
            if spec is not None and _is_package(spec):
                entry = [spec, str(self.path.resolve())]
                if entry not in self.mod.base_packages:
                    self.mod.base_packages.append(entry)
                self.runtime.opened.add(name)
                self.runtime.package_bases.add((name, base))

    def export_path(self, node: Node | None) -> str:
        """The text of an export target with string subscripts read as dots: Babel's CommonJS output writes
        `exports['default'] = Alt` (and `exports["x"]`) where hand-written code writes `exports.default`."""
        if node is not None and node.type == "subscript_expression":
            index = node.child_by_field_name("index")
            if index is not None and index.type == "string" and \
                    re.fullmatch(r"[A-Za-z_$][\w$]*", key := self.text(index)[1:-1]):
                return f"{self.export_path(node.child_by_field_name('object'))}.{key}"
        return self.text(node)

    def module_exports(self, expr: Node) -> None:
        if expr.type != "assignment_expression":
            return
        left, right = expr.child_by_field_name("left"), expr.child_by_field_name("right")
        lt = self.export_path(left)
        if lt == "module.exports" and right is not None and \
                self.export_path(right) in ("exports.default", "module.exports.default") and \
                (value := self.mod.exports.get("default")) is not None:
            # `exports['default'] = Alt; module.exports = exports['default'];` (babel-plugin-add-module-exports,
            # the Babel 6 packages of 2015-2017): the module's value is what its default export was
            self.mod.exports["="] = value
            return
        while right is not None and right.type == "assignment_expression" and \
                self.text(right.child_by_field_name("left")) in ("exports", "module.exports"):
            right = right.child_by_field_name("right")  # `module.exports = exports = createApplication`
        if lt == "exports" and right is not None and right.type == "assignment_expression":
            lt, right = self.text(right.child_by_field_name("left")), right.child_by_field_name("right")
        while (lt == "module.exports" or lt.startswith(("module.exports.", "exports."))) and right is not None \
                and right.type == "assignment_expression" and right.child_by_field_name("operator") is None \
                and right.child_by_field_name("left").type in ("identifier", "member_expression"):
            # `module.exports = ns.DefineMap = DefineMap`, `module.exports = namespace.Reflect = reflect` (a chained
            # assignment: its value is the last right side)
            right = right.child_by_field_name("right")
        if lt == "module.exports" and right is not None and right.type == "call_expression" and \
                self.text(right.child_by_field_name("function")) == "require":
            args = [a for a in right.child_by_field_name("arguments").named_children if a.type != "comment"]
            target = _resolve_relative(self.path, self.text(args[0]).strip("\"'`")) \
                if len(args) == 1 and args[0].type == "string" else None
            if target is not None:
                self.reexported = target
                return
        if lt == "module.exports" and right is not None and right.type == "member_expression":
            call, prop = right.child_by_field_name("object"), right.child_by_field_name("property")
            if call is not None and call.type == "call_expression" and \
                    self.text(call.child_by_field_name("function")) == "require":
                args = [a for a in call.child_by_field_name("arguments").named_children if a.type != "comment"]
                target = _resolve_relative(self.path, self.text(args[0]).strip("\"'`")) \
                    if len(args) == 1 and args[0].type == "string" else None
                if target is not None and prop is not None:
                    self.reexported_member = (target.resolve(), self.text(prop))
        if lt == "module.exports" and right is not None and right.type == "new_expression" and \
                (right.child_by_field_name("constructor") or right).type == "identifier":
            # `module.exports = new Sails()`: named once the file's requires (read later) and the files they
            # load are read
            self.runtime.exported_new.append((self.mod, self.text(right.child_by_field_name("constructor")),
                                              self.required_files))
        if lt == "module.exports" and right is not None and right.type == "call_expression":
            returned = _umd_factory_result(self, right)
            if returned is not None:
                self.bind_factory_parameters(right)
                made = _umd_factory(self, right)
                name = _browser_global_name(self, made[0], made[1], True) if made is not None else ""
                if name and name not in self.mod.globals:  # `root.tinycolor = factory()`: the same value
                    self.mod.globals.append(name)
                if returned.type == "object" and returned.parent is not None and \
                        returned.parent.type == "variable_declarator":
                    made = _umd_factory(self, right)
                    local = self.text(returned.parent.child_by_field_name("name"))
                    for key, value in _keys_written(self, made[2].child_by_field_name("body"), local) or ():
                        self.mod.exports[key] = self.text(value) if value.type == "identifier" else key
                right = returned  # `module.exports = factory()` in a UMD wrapper: what the factory returns
        if lt == "module.exports" and right is not None and right.type in ("function_expression", "function",
                                                                         "arrow_function"):
            self.runtime.adders[self.path.resolve()] = _added_members(self, right)
            self.exported_function = right
        if lt == "module.exports" and right is not None and right.type not in ("object", "identifier", "class"):
            self.dynamic_exports = True  # `module.exports = factory()`, `= exports.default`: not followed
        if lt == "module.exports" and right is not None and right.type == "object" and \
                any(p.type not in ("shorthand_property_identifier", "pair", "method_definition", "comment")
                    for p in right.named_children):
            self.dynamic_exports = True  # `module.exports = { ...helpers }`
        if lt == "module.exports":
            if right.type == "object":
                for p in right.named_children:
                    if p.type == "shorthand_property_identifier":
                        self.mod.exports[self.text(p)] = self.text(p)
                    elif p.type == "pair":
                        key, value = self.text(p.child_by_field_name("key")), p.child_by_field_name("value")
                        if value is not None and value.type == "class":  # `{ Kit: class { ... } }`
                            self.klass(value, key)
                            self.mod.exports[key] = key
                        else:
                            self.mod.exports[key] = self.text(value)
            elif right.type == "identifier":
                self.mod.exports["="] = self.text(right)
                self.mod.exports.setdefault("default", self.text(right))
            elif right.type == "class" and right.child_by_field_name("name") is not None:
                name = self.text(right.child_by_field_name("name"))  # `module.exports = class Kit { ... }`
                self.klass(right, name)
                self.mod.exports["="] = name
                self.mod.exports.setdefault("default", name)
        elif lt.startswith(("module.exports.", "exports.")):
            key = lt.rsplit(".", 1)[1]
            if right.type == "class":  # `exports.Kit = class { ... }`
                self.klass(right, key)
            self.mod.exports[key] = self.text(right) if right.type == "identifier" else key

    def bind_factory_parameters(self, call: Node) -> None:
        """`module.exports = factory(require('./ApiClient'), require('./model/Item'))`: each parameter of the
        factory is the module the `require` at its position loads (a call binds its arguments to the parameters
        in order), as `const ApiClient = require('./ApiClient')` binds it."""
        made = _umd_factory(self, call)
        params = made[2].child_by_field_name("parameters") if made is not None else None
        args = call.child_by_field_name("arguments")
        if params is None or args is None:
            return
        names = [p for p in params.named_children if p.type != "comment"]
        given = [a for a in args.named_children if a.type != "comment"]
        for param, arg in zip(names, given):
            target = _required_file(self, arg)
            if param.type == "identifier" and target is not None:
                self.required_files[self.text(param)] = target.resolve()
                self.factory_params[self.text(param)] = target.resolve()

    def nested_functions(self, root: Node) -> None:
        """Function declarations inside others (a UMD factory's `function hooks() {}`): their static
        assignments (`hooks.invalid = createInvalid`) are members of the function's value too."""
        stack = list(root.named_children)
        while stack:
            n = stack.pop()
            if n.type == "function_declaration" and n.parent is not None and n.parent.type != "program":
                name = n.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.text(name), n)
            stack.extend(n.named_children)

    # --- members added at run time ---
    def dynamic(self, root: Node) -> None:
        """What classes and exports get at run time beyond their declarations: prototype aliases (`var proto =
        X.prototype; proto.a = proto.b = function`), `X.prototype = Object.create(Y.prototype)` and
        `inherits(X, Y)` bases, `Object.defineProperty` members; and what cannot be followed (a class handed
        to a function that may add members, computed member names, `module.exports = factory()`), which leaves
        the type open, or the module's exports incomplete, rather than wrongly closed."""
        nodes, stack = [], [root]
        while stack:
            n = stack.pop()
            nodes.append(n)
            stack.extend(reversed(n.named_children))
        for n in nodes:  # aliases first: they are used wherever they stand
            if n.type == "variable_declarator":
                self.alias(n.child_by_field_name("name"), n.child_by_field_name("value"))
                value, name = n.child_by_field_name("value"), n.child_by_field_name("name")
                if value is not None and value.type == "object" and name is not None and name.type == "identifier":
                    self.objects.setdefault(self.text(name), value)  # `var P = {...}` inside a UMD wrapper
            elif n.type == "assignment_expression" and n.child_by_field_name("left").type == "identifier":
                self.alias(n.child_by_field_name("left"), n.child_by_field_name("right"))
        for n in nodes:
            if n.type == "call_expression":
                self.dynamic_call(n)
            elif n.type == "assignment_expression":
                self.dynamic_assignment(n)
            elif n.type == "identifier" and not self.dynamic_exports and self.stores_exports(n):
                self.dynamic_exports = True  # `var freeModule = ... && module`: exports through the alias
        self.symbol_exports(nodes)
        self.computed_this_owners(nodes)
        for n in nodes:
            if n.type == "import_statement":
                src = n.child_by_field_name("source")
                spec = self.text(src).strip("\"'`") if src is not None else ""
                if _is_package(spec):
                    for b in import_bindings(self.data, n):  # the local names: `T` of `{ Transform as T }`
                        self.imported_from[self.text(b.local)] = spec
                elif spec and _node_module(spec):  # `import EE from 'node:events'`: a platform class
                    for b in import_bindings(self.data, n):
                        found = node_import_class(spec, b.imported)
                        if found:
                            self.platform_names[self.text(b.local)] = found
        for t in self.mod.types.values():  # `class Bus extends EE` with `const EE = require('events')`
            if self.platform_names and t.path == str(self.path):
                t.bases = [renamed_base(b, self.platform_names) for b in t.bases]
        for tname, t in self.mod.types.items():
            # a base class from another npm package (`class Logger extends Transform` from 'readable-stream'):
            # its members are that package's, which this reader does not see, whatever platform class it
            # imitates: the type stays open
            if any(self.imported_from.get(b.split(".")[0]) for b in t.bases if (tname, b) not in self.mixin_bases):
                self.runtime.opened.add(tname)
        for name, fn in self.functions.items():  # a constructor declared inside a wrapper: its `this.x = ...`
            if name in self.mod.types and fn.parent is not None and fn.parent.type != "program":
                for prop in _this_assignments(self, fn.child_by_field_name("body")):
                    self.add(self.mod.types[name], prop)

    def alias(self, name: Node | None, value: Node | None) -> None:
        if name is None or value is None:
            return
        node_spec, prop = _required_node_module(self, value)
        if node_spec:  # `const EE = require('node:events')`, `const { Readable: R } = require('stream')`
            if name.type == "identifier":
                found = node_import_class(node_spec, prop or "=")
                if found:
                    self.platform_names[self.text(name)] = found
            elif name.type == "object_pattern" and not prop:
                for p in name.named_children:
                    key = p if p.type == "shorthand_property_identifier_pattern" else \
                        p.child_by_field_name("key") if p.type == "pair_pattern" else None
                    local = p if key is p else p.child_by_field_name("value") if key is not None else None
                    if key is not None and local is not None and local.type in ("identifier",
                                                                                "shorthand_property_identifier_pattern"):
                        self.platform_names[self.text(local)] = self.text(key)
        spec = _required_package(self, value)
        if spec:  # `const { Transform } = require('readable-stream')`, `const EE = require('eventemitter3')`
            for ident in declared_names(name):  # renamed too: `T` of `{ Transform: T }`
                self.imported_from[self.text(ident)] = spec
        target = _required_file(self, value)
        if name.type == "object_pattern" and target is not None:  # `const { kClose, kUrl: url } = require('./s')`
            for p in name.named_children:
                if p.type == "shorthand_property_identifier_pattern":
                    self.required_names[self.text(p)] = (target.resolve(), self.text(p))
                elif p.type == "pair_pattern" and p.child_by_field_name("value").type == "identifier":
                    self.required_names[self.text(p.child_by_field_name("value"))] = \
                        (target.resolve(), self.text(p.child_by_field_name("key")).strip("\"'`"))
        if name.type != "identifier":
            return
        if _symbol_call(self, value):
            self.symbols.add(self.text(name))
        if value.type == "call_expression" and self.text(value.child_by_field_name("function")) == "require":
            self.requires.add(self.text(name))
            args = [a for a in value.child_by_field_name("arguments").named_children if a.type != "comment"]
            target = _resolve_relative(self.path, self.text(args[0]).strip("\"'`")) \
                if len(args) == 1 and args[0].type == "string" else None
            if target is not None:
                self.required_files[self.text(name)] = target.resolve()
            if len(args) == 1 and args[0].type == "string":
                self.required_specs[self.text(name)] = self.text(args[0])[1:-1]
        while value.type == "assignment_expression" and not self.prototype_of(value):
            left = value.child_by_field_name("left")  # `P = BigNumber.prototype = { ... }`
            if self.prototype_of(left):
                value = left
                break
            value = value.child_by_field_name("right")
        owner = self.prototype_of(value)
        if owner:
            self.proto_aliases[self.text(name)] = owner

    def prototype_of(self, node: Node | None) -> str:
        """`X.prototype` (or an alias of it) -> "X"; else ""."""
        while node is not None and node.type in ("parenthesized_expression", "binary_expression"):
            # `(X.prototype)`, and compilers' `Object.create(Base && Base.prototype)`
            node = node.child_by_field_name("right") if node.type == "binary_expression" else \
                (node.named_children[0] if node.named_children else None)
        if node is None:
            return ""
        if node.type == "identifier":
            return self.proto_aliases.get(self.text(node), "")
        if node.type == "member_expression" and self.text(node.child_by_field_name("property")) == "prototype":
            obj = node.child_by_field_name("object")
            return self.text(obj) if obj is not None and obj.type == "identifier" else ""
        return ""

    def base_name(self, node: Node) -> str:
        """The class a base expression names: an identifier, or the argument a compiled class wrapper is called
        with for its parameter (`(function (_super) { __extends(Kid, _super); ... }(Base))` -> "Base"); "" when
        no name can be told (`Base_1.default`)."""
        if node.type == "member_expression":
            prop = self.text(node.child_by_field_name("property"))
            return prop if prop not in ("default", "prototype") else ""
        if node.type != "identifier":
            return ""
        name = self.text(node)
        invoked, arg = _passed_for(self, node, name, ("function_expression", "function", "arrow_function",
                                                      "function_declaration", "method_definition"))
        if not invoked:
            return name  # not a parameter, or one of an ordinary function: unknown (apply() opens the type)
        return self.base_name(arg) if arg is not None else ""

    def base_name_of_prototype(self, node: Node) -> str:
        """`_super.prototype` / `_super && _super.prototype` in a compiled wrapper -> the wrapper's argument."""
        while node is not None and node.type == "binary_expression":
            node = node.child_by_field_name("right")
        if node is None or node.type != "member_expression" or \
                self.text(node.child_by_field_name("property")) != "prototype":
            return ""
        return self.base_name(node.child_by_field_name("object"))

    def defines_property(self, callee: str) -> bool:
        """`Object.defineProperty` / `Reflect.defineProperty`, or a name this file requires whose module is a
        helper proven to define the property its second argument names on its first (`definers`:
        `setReadOnly( fn, 'NAME', 'randu' )` of `require( '@stdlib/utils/define-read-only-property' )`)."""
        if callee in DEFINE_PROPERTY:
            return True
        known = self.definers.get(callee)
        if known is None:
            target = self.required_files.get(callee)
            if target is None and callee in self.required_specs:
                target = resolve_require(self.required_specs[callee], self.path)
            known = self.definers[callee] = target is not None and module_definer(target) == (0, 1)
        return known

    def class_named(self, node: Node | None) -> str:
        """An identifier naming a class or constructor of the package, or ""."""
        if node is None or node.type != "identifier":
            return ""
        name = self.text(node)
        return name if name in self.mod.types or name in self.functions or name[:1].isupper() else ""

    def dynamic_call(self, call: Node) -> None:
        fn = call.child_by_field_name("function")
        while fn is not None and fn.type == "parenthesized_expression" and fn.named_children:
            fn = fn.named_children[0]
        callee = self.text(fn)
        args = call.child_by_field_name("arguments")
        items = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
        if callee in _READING_CALLS or not items:
            return
        wrapper = fn is not None and fn.type in ("function_expression", "arrow_function", "function")
        if wrapper and self.function_assigns_exports_param(fn, items):
            self.dynamic_exports = True  # `(function (sax) { sax.parser = ... })(exports)`: not followed
        if wrapper:
            return  # `(function (Base) { ... }(Base))`: a wrapper whose parameter is the class, not a mixin
        if fn is not None and fn.type == "identifier" and any(a.type == "this" for a in items):
            made = self.constructed_here(call)
            if made:
                # `mixinAfter(this)`, `this.load = loadSails(this)` in a constructor: the instance handed to a
                # function that may add members to it; a package file's adder is read (`apply`), anything else
                # leaves the type open
                target = self.required_files.get(callee)
                if target is not None:
                    self.runtime.applied.append((made, target))
                else:
                    self.runtime.opened.add(made)
                return
        defines = len(items) >= 2 and self.defines_property(callee)
        if any(_EXPORTS_WORD.search(self.text(a)) for a in items):
            if defines and items[1].type == "string":
                key = self.text(items[1]).strip("\"'`")
                if key != "__esModule":
                    self.mod.exports.setdefault(key, key)
            elif callee != "require":
                self.dynamic_exports = True  # `Object.assign(module.exports, ...)`, `__exportStar(m, exports)`
        first = items[0]
        owner, static = self.prototype_of(first), False
        if not owner:
            owner, static = self.class_named(first), True
        if not owner:
            return
        if defines:  # `Object.defineProperty(X.prototype, 'k', ...)`, or a helper proven to call it: `setReadOnly(X, 'k', v)`
            if items[1].type == "string":
                key = self.text(items[1]).strip("\"'`")
                self.add(self.typedef(owner, call), Member(key, "getter", "", [], static, key.startswith("_"),
                                                           str(self.path), call.start_point[0], JS_CONF))
            else:
                self.runtime.opened.add(owner)
            return
        if callee == "Object.defineProperties" and len(items) >= 2 and items[1].type == "object":
            td = self.typedef(owner, call)
            for p in items[1].named_children:
                if p.type == "pair" and p.child_by_field_name("key").type in ("property_identifier", "string"):
                    key = self.text(p.child_by_field_name("key")).strip("\"'`")
                    self.add(td, Member(key, "getter", "", [], static, key.startswith("_"), str(self.path),
                                        p.start_point[0], JS_CONF))
                else:
                    self.runtime.opened.add(owner)
            return
        if callee.split(".")[-1].lstrip("_") == "createClass" and static and len(items) >= 2:
            self.created_class(owner, items[1:3], call)  # Babel's `_createClass(X, [{key: "m", ...}], [...])`
            return
        if callee == "Object.assign" and not static:
            return  # read by the `Object.assign(X.prototype, ...)` pattern
        target = _required_file(self, fn)
        if target is not None and not static and len(items) == 1:
            self.runtime.applied.append((owner, target))  # `require('./options/audio')(X.prototype)`
            return
        if _INHERITING.search(callee) and len(items) == 2:
            base = self.prototype_of(items[1]) or self.base_name(items[1])
            if base:  # `util.inherits(Bus, EE)` with `const EE = require('events')`: Node's EventEmitter
                self.runtime.bases.append((owner, renamed_base(base, self.platform_names)))
                if callee.split(".")[-1].lower().lstrip("_") == "extend":
                    self.runtime.opened.add(owner)  # CoffeeScript / jQuery `extend` also copies own statics
                return
        if static and len(items) >= 2 and self.prototype_copier(self.functions.get(callee)):
            # immutable's `mixin(Collection, { toArray() {...}, ... })`, a local function that copies the keys of
            # its second argument onto its first one's prototype: the literal's members (or another
            # prototype's, as a base: `mixin(KeyedSeq, KeyedCollectionPrototype)`)
            td = self.typedef(owner, call)
            for a in items[1:]:
                value = self.objects.get(self.text(a)) if a.type == "identifier" else (a if a.type == "object" else None)
                base = self.prototype_of(a)
                if value is not None:
                    for m in _object_members(self, value, owner):
                        self.add(td, m)
                elif base:
                    self.runtime.bases.append((owner, base))
                else:
                    self.runtime.opened.add(owner)
            return
        if static and len(items) >= 2 and _ASSIGNING.search(callee):
            # `canReflect.assignMap(Construct, { extend: function ... })`, `_.extend(Foo, {...})`: the object literals' keys are the class's statics. The class stays open
            # (below): the call is no proof that nothing else copies members onto it
            td = self.typedef(owner, call)
            for a in items[1:]:
                for m in _object_members(self, a, owner) if a.type == "object" else ():
                    self.add(td, replace(m, static=True))
        self.runtime.opened.add(owner)  # handed to a function that may add members: `mixin(List, {...})`

    def constructed_here(self, node: Node) -> str:
        """The type whose constructor `node` stands in (arrow functions within it keep its `this`): a class's
        `constructor`, or a constructor function of the package (`function Sails() {...}`); else ""."""
        fn = node.parent
        while fn is not None and fn.type not in ("function_expression", "function_declaration", "function",
                                                 "method_definition", "generator_function",
                                                 "generator_function_declaration", "class_body", "program"):
            fn = fn.parent
        if fn is None:
            return ""
        if fn.type == "function_declaration":
            name = self.text(fn.child_by_field_name("name"))
            return name if name in self.mod.types else ""
        if fn.type == "method_definition" and self.text(fn.child_by_field_name("name")) == "constructor":
            cls = fn.parent.parent if fn.parent is not None else None
            name = cls.child_by_field_name("name") if cls is not None else None
            if name is not None and self.text(name) in self.mod.types:
                return self.text(name)
        return ""

    def prototype_copier(self, fn: Node | None) -> bool:
        """Whether a local function `function mixin(ctor, methods)` only copies the keys of its second parameter
        onto its first one's prototype: `ctor.prototype[key] = methods[key]` over `Object.keys(methods)` (and
        its symbols), nothing else assigned."""
        if fn is None or fn.type != "function_declaration":
            return False
        params = fn.child_by_field_name("parameters")
        names = [self.text(p) for p in params.named_children if p.type == "identifier"] if params is not None else []
        if len(names) != 2:
            return False
        body = self.text(fn.child_by_field_name("body"))
        ctor, methods = (re.escape(n) for n in names)
        copies = re.findall(rf"\b{ctor}\.prototype\[(\w+)\]\s*=\s*{methods}\[\1\]", body)
        assigned = re.findall(r"(?<![=!<>])=(?![=>])", body)
        return len(copies) == 1 and re.search(rf"Object\.keys\(\s*{methods}\s*\)", body) is not None and \
            len(assigned) == 2  # the copy, and the copier's own `var keyCopier = function`

    def function_assigns_exports_param(self, fn: Node, items: list[Node]) -> bool:
        """Whether a wrapper is handed the module's exports (`(function (sax) {...})(typeof exports ===
        'undefined' ? this.sax = {} : exports)`, a UMD factory given `exports`). A function passed (a UMD
        wrapper's factory) is no such object, whatever its body or comments say of `exports`: the wrapper's own
        `factory(exports)` call is read where it stands."""
        return any(_EXPORTS_WORD.search(self.text(a)) for a in items if a.type not in _FUNCTIONS)

    def symbol_exports(self, nodes: list[Node]) -> None:
        """The exports of this file whose value is a symbol (`module.exports = { kClose: Symbol('close') }`,
        `exports.kUrl = Symbol('url')`): keys that name no member where another file uses them (`this[kClose]`)."""
        found = self.runtime.symbol_exports.setdefault(self.path.resolve(), set())
        for n in nodes:
            if n.type != "assignment_expression":
                continue
            left, right = self.text(n.child_by_field_name("left")), n.child_by_field_name("right")
            if left in ("module.exports", "exports") and right is not None and right.type == "object":
                for p in right.named_children:
                    if p.type == "pair" and _symbol_call(self, p.child_by_field_name("value")):
                        found.add(self.text(p.child_by_field_name("key")).strip("\"'`"))
            elif re.fullmatch(r"(?:module\.)?exports\.[\w$]+", left) and _symbol_call(self, right):
                found.add(left.rsplit(".", 1)[1])

    def computed_this_owners(self, nodes: list[Node]) -> None:
        """`this[name] = value` inside a class's method, constructor or a function assigned as its member
        (`Decimal.config = config` with `function config(o) { ... this[p] = v }`): members by computed names,
        so the class stays open."""
        assigned: dict[str, set[str]] = {}  # function name -> owners it is assigned to (`X.m = fname`)
        for n in nodes:
            if n.type == "assignment_expression":
                left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
                while right is not None and right.type == "assignment_expression":
                    right = right.child_by_field_name("right")
                if left is not None and left.type == "member_expression" and right is not None and \
                        right.type == "identifier":
                    owner = self.owner_of_target(left)
                    if owner:
                        assigned.setdefault(self.text(right), set()).add(owner)
        for n in nodes:
            if n.type != "assignment_expression":
                continue
            left = n.child_by_field_name("left")
            if left is None or left.type != "subscript_expression" or \
                    left.child_by_field_name("object").type != "this":
                continue
            index = left.child_by_field_name("index")
            if index is not None and ("symbol" in self.text(index).lower() or index.type == "string" or
                                      self.text(index) in self.symbols):
                continue
            fn = n.parent
            while fn is not None and fn.type not in ("function_expression", "function_declaration", "function",
                                                     "method_definition"):
                fn = fn.parent
            if fn is None:
                continue
            owners: set[str] = set()
            if fn.type == "method_definition":
                body = fn.parent
                cls = body.parent if body is not None else None
                name = cls.child_by_field_name("name") if cls is not None else None
                if name is not None:
                    owners.add(self.text(name))
            elif fn.type == "function_declaration":
                fname = self.text(fn.child_by_field_name("name"))
                owners |= {fname} | assigned.get(fname, set())
            else:
                holder = fn.parent
                while holder is not None and holder.type == "assignment_expression" and \
                        holder.child_by_field_name("right") is not None and holder.parent is not None and \
                        holder.parent.type == "assignment_expression":
                    holder = holder.parent
                if holder is not None and holder.type == "assignment_expression":
                    owner = self.owner_of_target(holder.child_by_field_name("left"))
                    if owner:
                        owners.add(owner)
            required = self.required_names.get(self.text(index)) if index is not None else None
            if required is not None and owners:  # a symbol if that file exports one so: known once it is read
                self.runtime.keyed_by_required.append((owners, *required))
                continue
            self.runtime.opened.update(owners)

    def owner_of_target(self, left: Node | None) -> str:
        """`X.m` / `X.prototype.m` / `alias.m` as an assignment target -> "X"."""
        if left is None or left.type != "member_expression":
            return ""
        obj = left.child_by_field_name("object")
        owner = self.prototype_of(obj)
        if owner:
            return owner
        if obj is not None and obj.type == "identifier" and (self.text(obj) in self.mod.types or
                                                             self.text(obj) in self.functions):
            return self.text(obj)
        return ""

    def created_class(self, owner: str, lists: list[Node], call: Node) -> None:
        """The members a compiled class declares through `_createClass(X, protoProps, staticProps)`: arrays of
        `{ key: "name", value: function }` / `{ key: "name", get: function }` descriptors."""
        td = self.typedef(owner, call)
        for static, items in zip((False, True), lists):
            if items.type != "array":
                if items.type not in ("null", "undefined") and self.text(items) not in ("void 0",):
                    self.runtime.opened.add(owner)
                continue
            for desc in items.named_children:
                pairs = {self.text(p.child_by_field_name("key")): p.child_by_field_name("value")
                         for p in desc.named_children if p.type == "pair"} if desc.type == "object" else {}
                key = pairs.get("key")
                if key is None or key.type != "string":
                    if not (key is not None and "Symbol" in self.text(key)):
                        self.runtime.opened.add(owner)  # a computed name: not followed
                    continue
                name = self.text(key).strip("\"'`")
                if "value" in pairs:
                    m = _member_from_value(self, name, pairs["value"], static, owner)
                else:
                    m = Member(name, "getter", "", [], static, name.startswith("_"), str(self.path),
                               desc.start_point[0], JS_CONF)
                self.add(td, m)

    def dynamic_assignment(self, node: Node) -> None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            return
        if left.type == "subscript_expression" and self.export_path(left) == "module.exports" and \
                not _top_level_statement(node):
            # `if (typeof module !== "undefined") module["exports"] = m()` in a UMD wrapper (ospec), as the dotted
            # form below
            self.module_exports(node)
            return
        if left.type == "subscript_expression":
            obj = left.child_by_field_name("object")
            owner = self.prototype_of(obj) or self.class_named(obj)
            index = left.child_by_field_name("index")
            if owner and index is not None and "symbol" in self.text(index).lower():
                return  # `X.prototype[Symbol.iterator] = ...` (Babel: `_proto[_Symbol$iterator]`): no name
            if owner and index is not None and index.type == "string":  # `X['default'] = X`: a named member
                value = right
                while value.type == "assignment_expression":
                    value = value.child_by_field_name("right")
                static = not self.prototype_of(obj)
                self.add(self.typedef(owner, node), _member_from_value(self, self.text(index).strip("\"'`"), value,
                                                                       static, owner))
                return
            if owner:
                self.runtime.opened.add(owner)  # `X.prototype[name] = ...`: members by computed names
            elif self.text(obj) in ("exports", "module.exports"):
                self.dynamic_exports = True
            return
        if left.type != "member_expression":
            return
        if self.text(left) == "module.exports" and not _top_level_statement(node):
            self.module_exports(node)  # inside a UMD wrapper or an `if (typeof module ...)` block
            return
        obj, prop = left.child_by_field_name("object"), left.child_by_field_name("property")
        if self.text(prop) == "prototype" and obj is not None and obj.type == "identifier":
            owner = self.text(obj)  # `X.prototype = ...` other than an object literal
            value = right
            while value.type == "assignment_expression":  # `X.prototype = Y.prototype = {...}`
                value = value.child_by_field_name("right")
            if value.type == "object":
                return
            if value.type == "call_expression" and self.text(value.child_by_field_name("function")) == "Object.create":
                args = [a for a in value.child_by_field_name("arguments").named_children if a.type != "comment"]
                base = (self.prototype_of(args[0]) or self.base_name_of_prototype(args[0])) if args else ""
                if base:
                    self.typedef(owner, node)
                    self.runtime.bases.append((owner, base))
                    if len(args) == 1:
                        return
            elif value.type == "identifier" and self.text(value) in self.objects:
                self.typedef(owner, node)  # `X.prototype = P` with `var P = {...}`: read like the literal
                for m in _object_members(self, self.objects[self.text(value)], owner):
                    self.add(self.mod.types[owner], m)
                self.proto_aliases.setdefault(self.text(value), owner)
                self.alias_members(self.text(value), owner)
                return
            elif value.type == "new_expression":
                ctor = value.child_by_field_name("constructor")
                if ctor is not None and ctor.type == "identifier":
                    self.typedef(owner, node)
                    self.runtime.bases.append((owner, renamed_base(self.text(ctor), self.platform_names)))
                    return
            self.typedef(owner, node)
            self.runtime.opened.add(owner)
            return
        if obj is not None and obj.type == "identifier" and node.parent is not None and \
                node.parent.type == "assignment_expression" and self.text(prop) != "prototype" and \
                (self.text(obj) in self.mod.types or self.text(obj) in self.functions):
            value = right  # `X['default'] = X.X = X`: the inner assignments of a chain are statics too
            while value.type == "assignment_expression":
                value = value.child_by_field_name("right")
            self.add(self.typedef(self.text(obj), node), _member_from_value(self, self.text(prop), value, True,
                                                                           self.text(obj)))
            return
        if obj is not None and obj.type == "identifier" and self.text(obj) in self.proto_aliases:
            owner = self.proto_aliases[self.text(obj)]
            value = right
            while value.type == "assignment_expression":  # `proto.a = proto.b = function () {}`
                value = value.child_by_field_name("right")
            self.add(self.typedef(owner, node), _member_from_value(self, self.text(prop), value, False, owner))

    def alias_members(self, alias: str, owner: str) -> None:
        """`P.m = ...` anywhere in the file, for an object `P` that becomes `owner`'s prototype later on."""
        stack = [self.tree_root] if getattr(self, "tree_root", None) is not None else []
        while stack:
            n = stack.pop()
            stack.extend(n.named_children)
            if n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                if left.type == "member_expression" and self.text(left.child_by_field_name("object")) == alias:
                    value = n.child_by_field_name("right")
                    while value.type == "assignment_expression":
                        value = value.child_by_field_name("right")
                    self.add(self.mod.types[owner], _member_from_value(
                        self, self.text(left.child_by_field_name("property")), value, False, owner))

    # --- query facts ---
    def fact(self, pattern: int, match: dict) -> None:
        """One match of grammars/javascript/engine_source.scm (patterns 0-5, 7-8, in file order; 6 is read by run)."""
        if pattern == 4:  # exports.X = value, wherever it stands
            name, value = match["export.name"][0], match["export.value"][0]
            self.mod.exports.setdefault(self.text(name), self.text(value) if value.type == "identifier" else self.text(name))
            return
        obj = match.get("member.object", [None])[0]
        if obj is None:
            return
        owner = self.text(obj)
        if owner in ("module", "exports", "Object", "this"):
            return
        if pattern == 0:  # X.prototype.m = value
            prop = match["member.property"][0]
            assignment = prop.parent.parent
            value = assignment.child_by_field_name("right")
            if value is not None:
                self.add(self.typedef(owner, obj), _member_from_value(self, self.text(prop), value, False, owner))
                target = _required_file(self, value)
                if target is not None:  # `X.prototype.lift = require('./lift')`: the function that file exports
                    self.runtime.required_members.append((owner, self.text(prop), False, target.resolve()))
        elif pattern == 1:  # X.prototype = { ... }
            value = obj.parent.parent.child_by_field_name("right")
            td = self.typedef(owner, obj)
            for m in _object_members(self, value, owner):
                self.add(td, m)
        elif pattern == 2:  # Object.assign(X.prototype, Mixin, { ... })
            td = self.typedef(owner, obj)
            call = match["call.callee"][0].parent
            for a in call.child_by_field_name("arguments").named_children[1:]:
                value = self.objects.get(self.text(a)) if a.type == "identifier" else (a if a.type == "object" else None)
                if value is None:
                    if a.type == "identifier" and self.text(a) in self.mod.types:
                        td.bases.append(self.text(a))
                    else:
                        td.open = True  # a mixin we cannot see: do not claim to know every member
                    continue
                for m in _object_members(self, value, owner):
                    self.add(td, m)
        elif pattern == 5:  # X.API.m = function: a plugin member every X instance gets at run time
            owner_known = owner in self.mod.types or owner in self.functions
            value = match["member.property"][0].parent.parent.child_by_field_name("right")
            if owner_known and value is not None:
                prop = self.text(match["member.property"][0])
                m = _member_from_value(self, prop, value, False, owner)
                m.doc = m.doc or f"assigned at run time ({owner}.{self.text(match['member.holder'][0])}.{prop})"
                self.add(self.typedef(owner, obj), m)
        elif pattern in (3, 7, 8):  # X.m = value: a static member of a class or constructor function
            prop_node = match["member.property"][0]
            prop = self.text(prop_node)
            if prop != "prototype" and (owner in self.mod.types or owner in self.functions):
                value = prop_node.parent.parent.child_by_field_name("right")
                if value is not None:
                    self.add(self.typedef(owner, obj), _member_from_value(self, prop, value, True, owner))
                    target = _required_file(self, value)
                    if target is not None:  # `X.create = require('./create')`
                        self.runtime.required_members.append((owner, prop, True, target.resolve()))


def _is_package(spec: str) -> bool:
    """An npm package specifier (not a relative path, not one of Node's own modules)."""
    return bool(spec) and not spec.startswith((".", "/", "node:")) and spec not in NODE_BUILTINS and \
        spec.split("/")[0] not in NODE_BUILTINS


def _required_package(f: "_File", value: Node) -> str:
    """The npm package `require('pkg')` / `require('pkg').X` loads, else ""."""
    if value.type == "member_expression":
        value = value.child_by_field_name("object")
    if value is None or value.type != "call_expression" or f.text(value.child_by_field_name("function")) != "require":
        return ""
    args = value.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    spec = f.text(first).strip("\"'`") if first is not None and first.type == "string" else ""
    return spec if _is_package(spec) else ""


def _node_module(spec: str) -> bool:
    """`node:events`, `events`, `stream/promises`: one of Node's own modules."""
    return spec.startswith("node:") or spec.split("/")[0] in NODE_BUILTINS


def _required_node_module(f: "_File", value: Node) -> tuple[str, str]:
    """(`events`, "") for `require('events')`, (`events`, `EventEmitter`) for `require('node:events').EventEmitter`;
    ("", "") where the value is not one of Node's own modules."""
    prop = ""
    if value.type == "member_expression":
        prop = f.text(value.child_by_field_name("property"))
        value = value.child_by_field_name("object")
    if value is None or value.type != "call_expression" or f.text(value.child_by_field_name("function")) != "require":
        return "", ""
    args = value.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    spec = f.text(first).strip("\"'`") if first is not None and first.type == "string" else ""
    return (spec, prop) if spec and _node_module(spec) else ("", "")


def _symbol_call(f: "_File", node: Node | None) -> bool:
    """`Symbol('close')`, `Symbol.for('x')`: a new symbol."""
    return node is not None and node.type == "call_expression" and \
        f.text(node.child_by_field_name("function")) in ("Symbol", "Symbol.for")


def _required_file(f: "_File", node: Node | None) -> Path | None:
    """The package file `require('./x')` loads, else None."""
    if node is None or node.type != "call_expression" or f.text(node.child_by_field_name("function")) != "require":
        return None
    args = [a for a in node.child_by_field_name("arguments").named_children if a.type != "comment"]
    return _resolve_relative(f.path, f.text(args[0]).strip("\"'`")) if len(args) == 1 and args[0].type == "string" \
        else None


def _added_members(f: "_File", fn: Node) -> tuple[list[Member], bool]:
    """What `function (proto) { proto.a = proto.b = function () {...}; ... }` adds to the object it is given
    (a module other files apply to their prototypes), and whether that is all: the parameter used otherwise
    (handed to a call, `proto[name] = ...`, reassigned) leaves the receiving type open."""
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    names = [c for c in (params.named_children if params is not None and params.type != "identifier" else
                         [params] if params is not None else []) if c.type != "comment"]
    if len(names) != 1 or names[0].type != "identifier":
        return [], False
    param = f.text(names[0])
    body = fn.child_by_field_name("body")
    out: list[Member] = []
    closed = True
    for n in _walk(body) if body is not None else ():
        if n.type != "identifier" or f.text(n) != param:
            continue
        parent = n.parent
        if parent is not None and parent.type == "member_expression" and parent.child_by_field_name("object") == n:
            holder = parent.parent
            if holder is not None and holder.type == "assignment_expression" and \
                    holder.child_by_field_name("left") == parent:
                value = holder.child_by_field_name("right")
                while value.type == "assignment_expression":  # `proto.a = proto.b = function () {}`
                    value = value.child_by_field_name("right")
                name = f.text(parent.child_by_field_name("property"))
                out.append(_member_from_value(f, name, value, False, ""))
                if value.type in ("function_expression", "function"):  # its `this.x = ...`
                    out += _this_assignments(f, value.child_by_field_name("body"))
            continue  # `proto.m` read: no change
        closed = False  # `fn(proto)`, `proto[k] = ...`, `proto = other`: not followed
    return out, closed


# Keys of a class factory's definition that declare no member: its base and its mixins.
_FACTORY_KEYS = frozenset({"Extends", "Mixins"})
# Keys that mark an object literal handed to a class factory as a class definition.
_FACTORY_MARKS = frozenset({"initialize", "constructor", "init", "Extends", "Mixins"})


def _mixin(f: _File, value: Node) -> tuple[str, Node] | None:
    """(the superclass parameter, the class node) of a mixin function: one parameter, and a class expression
    as its result (the arrow's expression body or a body's last statement `return class ...`); a call
    wrapping one such function as its only argument (`dedupeMixin(superclass => class ...)`) is one too."""
    if value.type == "call_expression":
        args = value.child_by_field_name("arguments")
        given = [a for a in args.named_children if a.type != "comment"] if args is not None else []
        return _mixin(f, given[0]) if len(given) == 1 and given[0].type == "arrow_function" else None
    if value.type not in ("arrow_function", "function_expression", "function_declaration"):
        return None
    single = value.child_by_field_name("parameter")  # `superclass => ...`
    params = value.child_by_field_name("parameters")
    targets = [single] if single is not None else [t for t, _ in parameters(params)] if params is not None else []
    names = [f.text(t) for t in targets if t is not None and t.type == "identifier"]
    if len(names) != 1 or len(targets) != 1:
        return None
    body = value.child_by_field_name("body")
    if body is not None and body.type == "statement_block":
        last = [c for c in body.named_children if c.type != "comment"][-1:]
        body = last[0].named_children[0] if last and last[0].type == "return_statement" and \
            last[0].named_children else None
    while body is not None and body.type == "parenthesized_expression" and body.named_children:
        body = body.named_children[0]
    return (names[0], body) if body is not None and body.type == "class" else None


def _heritage_bases(f: _File, base: Node, superclass: str | None) -> list[str]:
    """A class's bases as names: `A(B(LitElement))` is `LitElement`, `B`, `A` (each mixin a class over the
    one before: the last named wins as the nearest); a mixin's own parameter (`B(superclass)`) ends the chain
    with nothing. Any other expression stays as written (a base the model cannot name: the class is open)."""
    chain: list[str] = []
    node = base
    while node.type == "call_expression":
        callee = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        given = [a for a in args.named_children if a.type != "comment"] if args is not None else []
        if callee is None or callee.type != "identifier" or len(given) != 1:
            return [f.text(base)]
        chain.append(f.text(callee))
        node = given[0]
    if superclass is not None and node.type == "identifier" and f.text(node) == superclass:
        pass
    elif node is base or node.type in ("identifier", "member_expression"):
        chain.append(f.text(node))
    else:
        return [f.text(base)]
    return chain[::-1]


def _factory_definition(f: _File, call: Node) -> Node | None:
    """The definition a class factory is given, `new Class({...})`, `Class({...})`, `Class.create({...})`,
    `X.extend({...})`: its one argument, an object literal with a constructor-like key (`initialize`, `init`,
    `constructor`), `Extends`/`Mixins`, or a function-valued property. `X.extend` also takes a name and the
    statics before it (can-construct's `Construct.extend("DefineMap", { statics }, { prototype })`, `X.extend({
    statics }, { prototype })`): the prototype's literal is the last argument (`_factory_statics`: the one
    before), and either literal may carry the mark."""
    items = _factory_arguments(f, call)
    if items is None:
        return None
    for obj in items[-2:] if len(items) > 1 else items:
        for p in obj.named_children if obj.type == "object" else ():
            if p.type == "method_definition":
                return items[-1]
            if p.type == "pair":
                key, value = p.child_by_field_name("key"), p.child_by_field_name("value")
                if f.text(key).strip("\"'") in _FACTORY_MARKS or (value is not None and value.type in (
                        "function_expression", "function", "arrow_function")):
                    return items[-1]
    return None


def _factory_statics(f: _File, call: Node) -> Node | None:
    """The statics' literal of `X.extend("Name", { statics }, { prototype })` / `X.extend({ statics }, {
    prototype })`: the object literal before the last one; None for the one-literal forms."""
    items = _factory_arguments(f, call)
    return items[-2] if items is not None and len(items) == 2 else None


def _factory_arguments(f: _File, call: Node) -> list[Node] | None:
    """A class factory call's definition literals (see `_factory_definition`): one object literal, or for
    `X.extend` an optional leading name string, then one or two object literals."""
    fn = call.child_by_field_name("constructor") if call.type == "new_expression" else \
        call.child_by_field_name("function")
    if fn is None or fn.type not in ("identifier", "member_expression"):
        return None
    parts = f.text(fn).split(".")
    if not (parts[-1] == "Class" or (call.type == "call_expression" and len(parts) >= 2 and
                                     (parts[-1] == "extend" or parts[-2:] == ["Class", "create"]))):
        return None
    args = call.child_by_field_name("arguments")
    items = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
    if len(items) == 1 and items[0].type == "object":
        return items
    if call.type != "call_expression" or parts[-1] != "extend":
        return None
    named = bool(items) and items[0].type == "string"
    if named:  # `Construct.extend("DefineMap", ...)`: the class's name
        items = items[1:]
    if not (len(items) in (1, 2) and all(i.type == "object" for i in items)):
        return None
    if len(items) == 2 and not named and not items[0].named_children:
        return None  # `$.extend({}, { a: function () {} })`: a copy into a new object, no class
    return items


def _accessor(f: _File, obj: Node) -> bool:
    """`{ get: function () {...}, set: function (v) {...} }`: a property descriptor's accessors only."""
    keys = {f.text(p.child_by_field_name("key")).strip("\"'") if p.type == "pair" else
            f.text(p.child_by_field_name("name")) if p.type == "method_definition" else "?"
            for p in obj.named_children if p.type != "comment"}
    return bool(keys & {"get", "set"}) and keys <= {"get", "set", "enumerable", "configurable"}


def _walk(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.named_children)


def _iterated_strings(f: _File, ident: Node) -> list[str] | None:
    """The strings an identifier takes when it is the first parameter of the callback of `['a', 'b'].forEach(...)`
    over an array literal of strings only; else None."""
    fn = ident.parent
    while fn is not None and fn.type not in ("function_expression", "function", "arrow_function",
                                             "function_declaration", "method_definition"):
        fn = fn.parent
    params = fn.child_by_field_name("parameters") if fn is not None else None
    first = next((p for p in params.named_children if p.type != "comment"), None) if params is not None else \
        (fn.child_by_field_name("parameter") if fn is not None else None)
    args = fn.parent if fn is not None else None
    call = args.parent if args is not None and args.type == "arguments" else None
    callee = call.child_by_field_name("function") if call is not None else None
    if first is None or f.text(first) != f.text(ident) or callee is None or callee.type != "member_expression" or \
            f.text(callee.child_by_field_name("property")) != "forEach":
        return None
    array = callee.child_by_field_name("object")
    items = [c for c in array.named_children if c.type != "comment"] if array.type == "array" else None
    if not items or any(c.type != "string" for c in items):
        return None
    return [f.text(c)[1:-1] for c in items]


def _made_local_writes(f: _File, fn: Node) -> None:
    """A factory that makes an instance in a local and returns it (`Layer.Dense = function (size) { var layer =
    new Layer(); ...; layer.input = function (from) {...}; return layer; }`): the members it writes on the made
    object are members of what it returns, its class's (`_Runtime.made_members`, added once every file is read,
    when that class is the package's); a computed key written on it opens the class."""
    body = fn.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return
    names = set()
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in ("function_expression", "function_declaration", "arrow_function", "method_definition",
                      "class", "function"):
            continue  # another function's returns
        if n.type == "return_statement":
            value = n.named_children[0] if n.named_children else None
            if value is None or value.type != "identifier":
                return
            names.add(f.text(value))
        stack.extend(n.named_children)
    if len(names) != 1:
        return
    local = names.pop()
    made = _local_made_by_new(f, body, local)
    if not made:
        return
    members: list[Member] = []
    closed = True
    for n in _walk(body):
        if n.type != "assignment_expression":
            continue
        left = n.child_by_field_name("left")
        obj = left.child_by_field_name("object") if left is not None and left.type in (
            "member_expression", "subscript_expression") else None
        if obj is None or obj.type != "identifier" or f.text(obj) != local:
            continue
        if left.type == "subscript_expression":
            index = left.child_by_field_name("index")
            keys = _iterated_strings(f, index) if index is not None and index.type == "identifier" else None
            if keys is not None:  # `['_global', '_filters'].forEach(function (k) { made[k] = ... })`: those keys
                members += [Member(k, "property", confidence=JS_CONF, path=str(f.path), line=n.start_point[0])
                            for k in keys]
                continue
            if index is None or index.type != "string":
                closed = False
                continue
            key = f.text(index)[1:-1]
        else:
            key = f.text(left.child_by_field_name("property"))
        value = n.child_by_field_name("right")
        members.append(_member_from_value(f, key, value, False, "") if value is not None else
                       Member(key, "property", confidence=JS_CONF))
    if members or not closed:
        f.runtime.made_members.append((made, members, closed))


def _member_from_value(f: _File, name: str, value: Node, static: bool, owner: str) -> Member:
    if value.type in ("function_expression", "arrow_function", "function"):
        _made_local_writes(f, value)
        return Member(name, "method", _returns(f, value, owner), _param_names(f, value), static, name.startswith("_"),
                      str(f.path), value.start_point[0], JS_CONF, _doc(f, value),
                      adds=_added_by_name(f, value, prototype_only=True) if value.type != "arrow_function" else [])
    kind = _value_type(f, value)
    if value.type == "object" and owner and "$" not in owner:
        # `hooks.HTML5_FMT = { DATE: ..., TIME: ... }`: an object of known keys, a synthesized type
        kind = f"{owner}${name}"
        t = f.mod.types.get(kind) or TypeDef(kind, "interface", path=str(f.path), line=value.start_point[0])
        f.mod.types[kind] = t
        t.open = t.open or any(p.type not in ("pair", "method_definition", "shorthand_property_identifier", "comment")
                               or (p.type == "pair" and p.child_by_field_name("key").type == "computed_property_name")
                               for p in value.named_children)
        for m in _object_members(f, value, kind):
            f.add(t, m)
    return Member(name, "property", kind, [], static, name.startswith("_"), str(f.path),
                  value.start_point[0], JS_CONF)


def _object_members(f: _File, obj: Node, owner: str) -> list[Member]:
    out = []
    known = {f.text(p.child_by_field_name("name") or p.child_by_field_name("key")).strip("\"'")
             for p in obj.named_children if p.type in ("method_definition", "pair")}
    for p in obj.named_children:
        # a prototype method's `this.x = ...` (`var self = this; self.x = ...`) gives every instance an `x`
        fn = p if p.type == "method_definition" else p.child_by_field_name("value") if p.type == "pair" else None
        if fn is not None and fn.type in ("method_definition", "function_expression", "function"):
            out += [m for m in _this_assignments(f, fn.child_by_field_name("body")) if m.name not in known]
        if p.type == "method_definition":
            name = f.text(p.child_by_field_name("name"))
            tokens = {c.type for c in p.children}
            kind = "getter" if ("get" in tokens or "set" in tokens) else "method"
            out.append(Member(name, kind, _returns(f, p, owner), _param_names(f, p) if kind == "method" else [],
                              False, name.startswith("_"), str(f.path), p.start_point[0], JS_CONF, _doc(f, p)))
        elif p.type == "pair":
            key = f.text(p.child_by_field_name("key")).strip("\"'")
            out.append(_member_from_value(f, key, p.child_by_field_name("value"), False, owner))
        elif p.type == "shorthand_property_identifier":
            out.append(Member(f.text(p), "property", "", path=str(f.path), line=p.start_point[0], confidence=JS_CONF))
    return out


def _this_assignments(f: _File, body: Node | None) -> list[Member]:
    """The members a function body writes on its instance (`this.x = ...`, `self.x = ...`: `this_writes`)."""
    if body is None:
        return []
    out = []
    for prop, assignment in this_writes(body, f.text)[0]:
        name = f.text(prop)
        out.append(Member(name, "property", _value_type(f, assignment.child_by_field_name("right")), [], False,
                          name.startswith(("_", "#")), str(f.path), assignment.start_point[0], JS_CONF))
    return out


def _value_type(f: _File, value: Node | None) -> str:
    if value is None:
        return ""
    if value.type == "new_expression":
        ctor = value.child_by_field_name("constructor")
        if ctor is not None and ctor.type == "identifier":
            return f.text(ctor)
    if value.type == "array":
        return ""
    return ""


def _returns(f: _File, node: Node, owner: str = "") -> str:
    doc = _jsdoc(f, node)
    if doc.returns is not None:
        return doc.returns
    body = node.child_by_field_name("body")
    if body is None:
        return ""
    found: set[str] = set()
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in ("function_expression", "function_declaration", "arrow_function", "method_definition", "class"):
            continue
        if n.type == "return_statement" and n.named_children:
            v = n.named_children[0]
            if v.type == "this":
                found.add("this")
            elif v.type == "new_expression":
                found.add(_value_type(f, v) or "?")
            elif v.type == "identifier":  # `var clone = new X(); ...; return clone;`
                found.add(_local_made_by_new(f, body, f.text(v)) or "?")
            else:
                found.add("?")
        stack.extend(n.named_children)
    return found.pop() if len(found) == 1 and "?" not in found else ""


def _local_made_by_new(f: _File, body: Node, name: str) -> str:
    """The class of a function's local `var name = new X()` that is never assigned again (closures included;
    a second declaration of the name anywhere in it gives up), else ""."""
    made, stack = "", [body]
    while stack:
        n = stack.pop()
        if n.type == "variable_declarator" and f.text(n.child_by_field_name("name")) == name:
            value = n.child_by_field_name("value")
            if made or value is None or value.type != "new_expression" or not _value_type(f, value):
                return ""
            made = _value_type(f, value)
        elif n.type in ("assignment_expression", "augmented_assignment_expression", "update_expression") and \
                f.text(n.child_by_field_name("left") or n.child_by_field_name("argument")) == name:
            return ""
        stack.extend(n.named_children)
    return made


def _added_by_name(f: _File, fn: Node, prototype_only: bool = False) -> list[str]:
    """What a method adds to `this` under names its parameters give: `this[name] = ...` -> "{0}", `this[name +
    "Buffer"] = ...` -> "{0}Buffer" (patterns over the call's arguments; see `Member.adds`). Also what it writes
    onto its receiver's class's prototype (`this.constructor.prototype[name] = fn`, `Object.getPrototypeOf(this)
    [name] = fn`: collect.js's `macro(name, fn)`), which every instance then has, the receiver too.
    `prototype_only`: only those (a function assigned as a method, `X.prototype.m = function (k, v) {...}`, or
    a module's exported one: a plain `this[key] = value` there is as often a setter of the user's keys, whose
    every call with a name not written out would leave the file's names unknown)."""
    params = fn.child_by_field_name("parameters")
    body = fn.child_by_field_name("body")
    if params is None or body is None or prototype_only and b"rototype" not in f.data[body.start_byte:body.end_byte]:
        return []  # (`prototype`, `getPrototypeOf`: a quick test before the walk, as most functions write neither)
    index = {f.text(target): i for i, (target, _) in enumerate(parameters(params)) if target.type == "identifier"}
    if not index:
        return []

    def pattern(key: Node) -> str | None:
        if key.type == "identifier":
            return "{%d}" % index[f.text(key)] if f.text(key) in index else None
        if key.type == "binary_expression" and f.text(key.child_by_field_name("operator")) == "+":
            left, right = key.child_by_field_name("left"), key.child_by_field_name("right")
            if left.type == "identifier" and right.type == "string":
                head = pattern(left)
                return head + right.text.decode("utf-8", "replace")[1:-1].replace("{", "{{").replace("}", "}}") \
                    if head else None
            if left.type == "string" and right.type == "identifier":
                tail = pattern(right)
                return left.text.decode("utf-8", "replace")[1:-1].replace("{", "{{").replace("}", "}}") + tail \
                    if tail else None
        return None

    out: list[str] = []
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in ("function_declaration", "function_expression", "class", "method_definition"):
            continue  # another function's `this`
        if n.type == "assignment_expression":
            left = n.child_by_field_name("left")
            if left is not None and left.type == "subscript_expression" and (
                    _this_prototype(f, left.child_by_field_name("object")) or
                    not prototype_only and left.child_by_field_name("object").type == "this"):
                found = pattern(left.child_by_field_name("index"))
                if found and found not in out:
                    out.append(found)
        stack.extend(reversed(n.named_children))  # source order
    return out


def _this_prototype(f: _File, node: Node | None) -> bool:
    """`this.constructor.prototype` or `Object.getPrototypeOf(this)`: the prototype of the receiver's class."""
    if node is None:
        return False
    if node.type == "member_expression":
        inner = node.child_by_field_name("object")
        return f.text(node.child_by_field_name("property")) == "prototype" and inner is not None and \
            inner.type == "member_expression" and inner.child_by_field_name("object").type == "this" and \
            f.text(inner.child_by_field_name("property")) == "constructor"
    if node.type == "call_expression" and f.text(node.child_by_field_name("function")) == "Object.getPrototypeOf":
        args = [a for a in node.child_by_field_name("arguments").named_children if a.type != "comment"]
        return len(args) == 1 and args[0].type == "this"
    return False


def _names_forwarded(f: _File, fn: Node) -> list[str]:
    """`this.defineCommand(name, definition)` in a constructor, `name` not a literal (ioredis: over
    `Object.entries(this.options.scripts)`): "@defineCommand", a method that may add members by the names the
    constructor's arguments carry (object keys). Whether that method adds members is known once every source
    is merged (`ObjectModel.member_adders`)."""
    out: list[str] = []
    stack = [fn.child_by_field_name("body")] if fn.child_by_field_name("body") is not None else []
    while stack:
        n = stack.pop()
        if n.type in ("function_declaration", "function_expression", "class", "method_definition"):
            continue  # another function's `this`
        if n.type == "call_expression":
            callee, args = n.child_by_field_name("function"), n.child_by_field_name("arguments")
            values = [a for a in args.named_children if a.type != "comment"] if args is not None else []
            if callee is not None and callee.type == "member_expression" and \
                    callee.child_by_field_name("object").type == "this" and values and values[0].type != "string":
                name = "@" + f.text(callee.child_by_field_name("property"))
                if name not in out:
                    out.append(name)
        stack.extend(reversed(n.named_children))  # source order
    return out


def _param_names(f: _File, node: Node) -> list[str]:
    params = node.child_by_field_name("parameters")
    if params is None:
        return []
    types = _jsdoc(f, node).params
    out = []
    for target, _ in parameters(params):
        name = f.text(target)
        out.append(f"{name}: {types[name]}" if name in types else name)
    return out


_DOC_BLOCK = re.compile(r"/\*\*.*?\*/", re.S)


def _jsdoc(f: _File, node: Node) -> JSDoc:
    return jsdoc_before(node, f.data)


def _doc(f: _File, node: Node) -> str:
    return _jsdoc(f, node).summary


def _returns_new_of_itself(f: _File, fn: Node, name: str) -> bool:
    """Whether a constructor function makes its instance when called without `new` (`if (!(this instanceof
    X)) return new X(a, b)`): a return of `new X(...)` in its own body (not a nested function's)."""
    stack = [fn.child_by_field_name("body")]
    while stack:
        n = stack.pop()
        if n is None or n.type in ("function_expression", "function_declaration", "arrow_function", "class",
                                   "method_definition", "function"):
            continue
        returned = n.named_children[0] if n.type == "return_statement" and n.named_children else None
        # a minifier's `return this instanceof u ? (...) : new u(t, e)`: the same test as a conditional
        made = [returned] if returned is None or returned.type != "ternary_expression" else \
            [returned.child_by_field_name("consequence"), returned.child_by_field_name("alternative")]
        for m in made:
            ctor = m.child_by_field_name("constructor") if m is not None and m.type == "new_expression" else None
            if ctor is not None and f.text(ctor) == name:
                return True
        stack.extend(n.named_children)
    return False


def _looks_like_constructor(f: _File, node: Node, name: str) -> bool:
    return name[:1].isupper() and bool(_this_assignments(f, node.child_by_field_name("body"))) or \
        f"{name}.prototype" in f.data.decode("utf-8", "replace")


def _passed_for(reader, node: Node, name: str, kinds: tuple[str, ...]) -> tuple[bool, Node | None]:
    """`name`, read at `node`, as a parameter of the nearest enclosing function of `kinds` that is invoked where
    it stands (`(function (_super) {...}(Base))`, a UMD wrapper's `(function (root, factory) {...})(this, f)`):
    (True, the argument passed for it, or None when the call passes none at that position); (False, None) when
    `name` is not that function's parameter or the function is not called where it stands."""
    fn = node.parent
    while fn is not None and fn.type not in kinds:
        fn = fn.parent
    params = fn.child_by_field_name("parameters") if fn is not None else None
    names = [reader.text(p) for p in params.named_children] if params is not None else []
    if name not in names:
        return False, None
    call = fn.parent
    while call is not None and call.type == "parenthesized_expression":
        call = call.parent
    if call is None or call.type != "call_expression":
        return False, None
    args = call.child_by_field_name("arguments")
    actual = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    index = names.index(name)
    return True, actual[index] if index < len(actual) else None


_FUNCTIONS = ("function_expression", "function", "arrow_function")


def _top_level_statement(node: Node) -> bool:
    """Whether `node` is the expression of a statement of the program itself (read by `_File.statement`)."""
    return node.parent is not None and node.parent.type == "expression_statement" and \
        node.parent.parent is not None and node.parent.parent.type == "program"


def _umd_factory(reader, call: Node) -> tuple[Node, str, Node] | None:
    """`factory(...)` inside a UMD wrapper, `(function (root, factory) {...})(this, function () {...})`: (the
    wrapper, the name of its parameter `factory`, the factory function passed for it); else None."""
    callee = call.child_by_field_name("function")
    if callee is None or callee.type != "identifier":
        return None
    invoked, factory = _passed_for(reader, call, reader.text(callee), _FUNCTIONS)
    if not invoked:
        return None
    while factory is not None and factory.type == "parenthesized_expression" and factory.named_children:
        factory = factory.named_children[0]
    if factory is None or factory.type not in _FUNCTIONS:
        return None
    wrapper = call.parent
    while wrapper is not None and wrapper.type not in _FUNCTIONS:
        wrapper = wrapper.parent
    return (wrapper, reader.text(callee), factory) if wrapper is not None else None


# `module.exports = factory(`: where a UMD wrapper's CommonJS branch exports what its factory returns
_EXPORTS_CALL = re.compile(rb"(?<![\w$.])module\s*\.\s*exports\s*=\s*[A-Za-z_$][\w$]*\s*\(")


def _exported_call(reader, root: Node) -> list[Node]:
    """The calls `module.exports = f(...)` of a file assigns (found by their text, then their node)."""
    out = []
    for m in _EXPORTS_CALL.finditer(reader.data):
        node = root.descendant_for_byte_range(m.start(), m.start() + len("module"))
        while node is not None and node.type != "assignment_expression" and node.start_byte == m.start():
            node = node.parent
        right = node.child_by_field_name("right") if node is not None and \
            node.type == "assignment_expression" else None
        if right is not None and right.type == "call_expression":
            out.append(right)
    return out


def _exported_factory(reader, root: Node) -> Node | None:
    """The UMD factory whose result `module.exports = factory(...)` exports, when the file has one such call."""
    found = [made for made in (_umd_factory(reader, call) for call in _exported_call(reader, root)) if made]
    return found[0][2] if len({made[2].start_byte for made in found}) == 1 else None


# Identifiers a name can not be renamed to (reserved words, and names a module's scope already gives meaning)
_RESERVED = frozenset("""break case catch class const continue debugger default delete do else enum export extends
false finally for function if import in instanceof new null return super switch this throw true try typeof var void
while with yield let static implements interface package private protected public await arguments eval undefined
module exports require""".split())
# Where an identifier declares a binding of its own (a nested scope's `exports` is another variable)
_BINDING_PARENTS = frozenset({"formal_parameters", "arrow_function", "catch_clause", "function_declaration",
                              "function_expression", "function", "generator_function_declaration",
                              "generator_function", "class_declaration", "class", "array_pattern",
                              "assignment_pattern", "rest_pattern", "pair_pattern", "object_pattern"})


def _split_exported_alias(reader, root: Node) -> bytes | None:
    """The file's text with a top-level `var grunt = module.exports = {...}` (also `= exports = module.exports =
    ...`) written as `var grunt = {...}; module.exports = grunt;`, or None when there is none.

    The variable and the module's value are one object, so what the file writes on `grunt` (`grunt.tasks =
    function ...`, `grunt.log = require('./grunt/log')`) is the package's, as after `module.exports = grunt`;
    read as it stands, the chained assignment inside a declaration exported nothing and the file looked
    complete with no export at all. Only a declaration of one variable whose last right side is an object,
    function or class literal (a call's value is another matter); lines are kept: the added statement goes at
    the end of the declaration's last line."""
    edits = []
    for node in root.named_children:
        if node.type not in ("variable_declaration", "lexical_declaration"):
            continue
        declarators = [c for c in node.named_children if c.type == "variable_declarator"]
        if len(declarators) != 1:
            continue
        name, value = declarators[0].child_by_field_name("name"), declarators[0].child_by_field_name("value")
        if name is None or name.type != "identifier" or value is None:
            continue
        inner, targets = value, []
        while inner is not None and inner.type == "assignment_expression" and \
                reader.text(inner.child_by_field_name("left")) in ("module.exports", "exports"):
            targets.append(reader.text(inner.child_by_field_name("left")))
            inner = inner.child_by_field_name("right")
        if "module.exports" not in targets or inner is None or \
                inner.type not in ("object", "function_expression", "function", "arrow_function", "class"):
            continue
        exported = " = ".join(targets)
        text = reader.data[node.start_byte:value.start_byte] + reader.data[inner.start_byte:inner.end_byte] + \
            f"; {exported} = {reader.text(name)};".encode("utf-8")
        edits.append((node.start_byte, node.end_byte, text))
    return _apply_edits(reader.data, edits)


def _apply_edits(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes | None:
    """`data` with each (start, end, text) edit made (spans that do not overlap), or None when there is none."""
    if not edits:
        return None
    for start, end, text in sorted(edits, key=lambda e: -e[0]):
        data = data[:start] + text + data[end:]
    return data


_IDENTIFIER_NAME = re.compile(r"^[A-Za-z_$][\w$]*$")
_STRING_SUM = re.compile(r"""(['"])([^'"\\\n]*)\1\s*\+\s*(['"])([^'"\\\n]*)\3""")


def _helper_write(reader, fn: Node) -> tuple[list[str], Node, Node] | None:
    """(parameters, the written key, the statement) of a top-level function whose whole body writes one member
    of an outer object by a key its parameters give: `function gRequire(name) { return grunt[name] =
    require('./grunt/' + name) }`, `function gExpose(obj, methodName, newMethodName) { grunt[newMethodName ||
    methodName] = obj[methodName].bind(obj) }`; None for any other function."""
    params = fn.child_by_field_name("parameters")
    body = fn.child_by_field_name("body")
    if params is None or body is None or any(p.type != "identifier" for p in params.named_children if
                                             p.type != "comment"):
        return None
    names = [reader.text(p) for p in params.named_children if p.type == "identifier"]
    statements = [c for c in body.named_children if c.type != "comment"]
    if len(statements) != 1 or statements[0].type not in ("return_statement", "expression_statement"):
        return None
    expr = statements[0].named_children[0] if statements[0].named_children else None
    if expr is None or expr.type != "assignment_expression":
        return None
    left = expr.child_by_field_name("left")
    if left is None or left.type != "subscript_expression":
        return None
    obj, index = left.child_by_field_name("object"), left.child_by_field_name("index")
    if obj is None or obj.type != "identifier" or reader.text(obj) in names or index is None:
        return None
    keys = [index]
    while keys[-1].type == "binary_expression" and reader.text(keys[-1].child_by_field_name("operator")) == "||":
        keys[-1:] = [keys[-1].child_by_field_name("left"), keys[-1].child_by_field_name("right")]
    if any(k is None or k.type != "identifier" or reader.text(k) not in names for k in keys):
        return None
    return names, index, statements[0]


def _inline_member_helpers(reader, root: Node) -> bytes | None:
    """The file's text with each call of a member-writing helper written out as the write it makes, or None when
    there is none.

    Hand-written CommonJS of the early npm years builds its package object through a small helper called with
    literals (grunt 0.3: `var grunt = module.exports = {}; function gRequire(name) { return grunt[name] =
    require('./grunt/' + name) }; var log = gRequire('log'); function gExpose(obj, methodName, newMethodName) {
    grunt[newMethodName || methodName] = obj[methodName].bind(obj) }; gExpose(config, 'init', 'initConfig')`).
    Read as written, the computed key leaves the object open and nothing is known of it; but a helper that only
    writes `outer[key] = value` and is only ever called with literal keys (other arguments plain names) adds
    exactly those members: each call is the write with the parameters replaced by its arguments (`(grunt.log =
    require('./grunt/log'))`, literal concatenations folded, a missing argument `undefined`, `a || b` the first
    given), and the helper's own write is blanked. A helper used any other way (handed on, exported, called with
    a variable key) or a key that is no identifier is left as it is, and so is the object it writes on: open.
    Lines are kept: each call is on one line and stays there."""
    helpers: dict[str, tuple[list[str], Node, Node]] = {}
    for node in root.named_children:
        if node.type == "function_declaration":
            found = _helper_write(reader, node)
            name = node.child_by_field_name("name")
            if found is not None and name is not None:
                helpers[reader.text(name)] = found
    if not helpers:
        return None
    calls: dict[str, list[Node]] = {h: [] for h in helpers}
    for n in _walk(root):
        if n.type != "identifier" or reader.text(n) not in helpers:
            continue
        parent = n.parent
        if parent is not None and parent.type == "function_declaration" and parent.child_by_field_name("name") == n:
            continue
        args = parent.child_by_field_name("arguments") if parent is not None and \
            parent.type == "call_expression" and parent.child_by_field_name("function") == n else None
        if args is None or any(a.type not in ("string", "identifier") for a in args.named_children
                               if a.type != "comment") or \
                "\n" in reader.text(parent):
            calls.pop(reader.text(n), None)  # handed on, or called with more than names and literals
            helpers.pop(reader.text(n), None)
            continue
        if reader.text(n) in calls:
            calls[reader.text(n)].append(parent)
    edits: list[tuple[int, int, bytes]] = []
    for h, (params, index, statement) in helpers.items():
        written = []
        for call in calls.get(h, []):
            args = [a for a in call.child_by_field_name("arguments").named_children if a.type != "comment"]
            if len(args) > len(params):
                break
            given = {p: reader.text(a) for p, a in zip(params, args)}
            key = next((given[k] for k in reader.text(index).replace("||", " ").split() if k in given), None)
            key = key[1:-1] if key and key[0] in "\"'" and key[-1] == key[0] else None  # a literal key only
            if key is None or not _IDENTIFIER_NAME.match(key):
                break
            expr = statement.named_children[0]
            value = expr.child_by_field_name("right")
            raw, start = reader.data[value.start_byte:value.end_byte], value.start_byte
            for n in sorted((n for n in _walk(value) if n.type == "identifier" and reader.text(n) in params),
                            key=lambda n: -n.start_byte):  # each parameter by its argument, from the end
                raw = raw[:n.start_byte - start] + given.get(reader.text(n), "undefined").encode("utf-8") + \
                    raw[n.end_byte - start:]
            text = raw.decode("utf-8", "replace")
            while _STRING_SUM.search(text):  # `'./grunt/' + 'log'` -> `'./grunt/log'`
                text = _STRING_SUM.sub(lambda m: m.group(1) + m.group(2) + m.group(4) + m.group(1), text)
            target = reader.text(expr.child_by_field_name("left").child_by_field_name("object"))
            write = f"{target}.{key} = {text}"
            whole = call.parent is not None and call.parent.type == "expression_statement"
            written.append((call.start_byte, call.end_byte, (write if whole else f"({write})").encode("utf-8")))
        else:
            if written:
                edits.extend(written)
                blank = bytes(b if b == 0x0A else 0x20 for b in reader.data[statement.start_byte:statement.end_byte])
                edits.append((statement.start_byte, statement.end_byte, blank))
    return _apply_edits(reader.data, edits)


def _rename_factory_exports(reader, root: Node) -> bytes | None:
    """The file's text with a UMD factory's own `var exports` renamed, or None when there is none.

    umdjs's "returnExports" factories (swagger-codegen's JavaScript clients, many pre-ESM packages) build their
    result in a local of that name, `function (ApiClient) { var exports = function () {...}; exports.prototype.x =
    ...; exports.instance = new exports(); return exports; }`: a variable of the factory's scope that shadows
    CommonJS's `exports` there, so none of its writes is an export of the file (the module's value is what the
    factory returns). Renaming a local binding throughout its scope changes no meaning (alpha-conversion); the
    new name is the one the wrapper gives the result as a browser global (`root.Lib.ApiClient = factory(...)`),
    else the file's own name, never one the factory already uses. Lines are kept: only identifiers change.
    Not renamed when the factory takes `exports` as a parameter (TypeScript's and Babel's UMD output hand it the
    real one) or a nested scope declares an `exports` of its own."""
    calls = _exported_call(reader, root)
    made = [m for m in (_umd_factory(reader, c) for c in calls) if m]
    if not made or len({m[2].start_byte for m in made}) != 1:
        return None
    wrapper, param, factory = made[0]
    body = factory.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return None
    declared = {d.start_byte for st in body.named_children if st.type in ("variable_declaration", "lexical_declaration")
                for d in st.named_children if d.type == "variable_declarator" and
                reader.text(d.child_by_field_name("name")) == "exports"}
    params = factory.child_by_field_name("parameters")
    if not declared or params is None or any(reader.text(p) == "exports" for p in params.named_children):
        return None
    uses: list[Node] = []
    taken = {reader.text(p) for p in params.named_children}
    for n in _walk(body):
        if n.type in ("shorthand_property_identifier", "shorthand_property_identifier_pattern") and \
                reader.text(n) == "exports":
            return None  # `{ exports }`: a key of that name too
        if n.type != "identifier":
            continue
        text = reader.text(n)
        taken.add(text)
        if text != "exports":
            continue
        parent = n.parent
        if parent is not None and parent.type == "variable_declarator" and parent.child_by_field_name("name") == n:
            if parent.start_byte not in declared:
                return None  # a nested `var exports`
        elif parent is None or parent.type in _BINDING_PARENTS:
            return None
        uses.append(n)
    name = _browser_global_name(reader, wrapper, param) or _identifier_of(reader.path.stem)
    while name in taken or name in _RESERVED or name in reader.runtime.factory_names:
        name += "_"
    reader.runtime.factory_names.add(name)
    data = bytearray(reader.data)
    for n in sorted(uses, key=lambda n: n.start_byte, reverse=True):
        data[n.start_byte:n.end_byte] = name.encode()
    return bytes(data)


def _browser_global_name(reader, wrapper: Node, param: str, exports_apart: bool = False) -> str:
    """The name a UMD wrapper gives its factory's result as a browser global (`root.Lib.ApiClient =
    factory(root.Lib.Base)`, `global.tinycolor = factory()`), when it gives one name; else "". `exports_apart`:
    the CommonJS branch's `module.exports = factory()` is no such name (`_rename_factory_exports` counts it, so
    a wrapper with one gets the file's own name for its factory's `exports`, as it always has)."""
    names = set()
    for n in _walk(wrapper.child_by_field_name("body")):
        if n.type != "assignment_expression":
            continue
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        while right is not None and right.type == "assignment_expression":
            right = right.child_by_field_name("right")
        if left is not None and left.type == "member_expression" and right is not None and \
                right.type == "call_expression" and reader.text(right.child_by_field_name("function")) == param \
                and not (exports_apart and _EXPORTS_WORD.match(reader.text(left))):
            names.add(reader.text(left.child_by_field_name("property")))
    return next(iter(names)) if len(names) == 1 and re.fullmatch(r"[A-Za-z_$][\w$]*", next(iter(names))) else ""


def _identifier_of(stem: str) -> str:
    """A file's name as an identifier (`api-client` -> `api_client`)."""
    name = re.sub(r"[^\w$]", "_", stem) or "_"
    return "_" + name if name[0].isdigit() else name


def _umd_factory_result(reader, call: Node) -> Node | None:
    """`module.exports = factory()` inside a UMD wrapper, `(function (global, factory) {...})(this, function ()
    { function tinycolor() {...}; ...; return tinycolor; })`: what the factory returns, when it is a function,
    class or variable the factory declares at its top level (its own declarations are read as the wrapper's), or
    an object literal (returned as written, or a declared `var api = { ... }` the factory uses for nothing else
    than to return it: no key is added to it on the way); else None (not followed: the exports stay
    incomplete)."""
    made = _umd_factory(reader, call)
    body = made[2].child_by_field_name("body") if made is not None else None
    if body is None or body.type != "statement_block":
        return None
    declared: dict[str, Node | None] = {}
    returned = None
    for st in body.named_children:
        if st.type in ("function_declaration", "class_declaration") and st.child_by_field_name("name") is not None:
            declared[reader.text(st.child_by_field_name("name"))] = None
        elif st.type in ("variable_declaration", "lexical_declaration"):
            declared.update((reader.text(d.child_by_field_name("name")), d.child_by_field_name("value"))
                            for d in st.named_children
                            if d.type == "variable_declarator" and d.child_by_field_name("name") is not None
                            and d.child_by_field_name("name").type == "identifier")
        elif st.type == "return_statement":
            value = st.named_children[0] if st.named_children else None
            returned = value if value is not None and value.type in ("identifier", "object") else None
    if returned is None or returned.type == "object":
        return returned
    name = reader.text(returned)
    if name not in declared:
        return None
    value = declared[name]
    if value is not None and value.type == "object":
        # `var api = { A: A }; api.b = b; return api;`: the literal and the keys written on it; an object used
        # otherwise as well (`extend(api, more)`) is not followed
        return value if _keys_written(reader, body, name) is not None else None
    return returned


def _keys_written(reader, body: Node, name: str) -> list[tuple[str, Node]] | None:
    """The keys a factory writes on its local object `name` (`api.A = A`: ("A", the value)), when every use of
    `name` in the factory is its declaration, its return, or such a write; None when any other use may add keys
    this reader does not follow (`extend(api, more)`, `api[k] = v`)."""
    out: list[tuple[str, Node]] = []
    for n in _walk(body):
        if n.type != "identifier" or reader.text(n) != name:
            continue
        parent = n.parent
        if parent is None:
            return None
        if parent.type == "variable_declarator" and parent.child_by_field_name("name") == n or \
                parent.type == "return_statement":
            continue
        holder = parent.parent
        if parent.type == "member_expression" and parent.child_by_field_name("object") == n and \
                holder is not None and holder.type == "assignment_expression" and \
                holder.child_by_field_name("left") == parent and holder.parent is not None and \
                holder.parent.type == "expression_statement":
            out.append((reader.text(parent.child_by_field_name("property")), holder.child_by_field_name("right")))
            continue
        return None
    return out


# --- exported object constants (`export const listLayouts = Object.freeze({ list: 'list', tiles: 'tiles' })`) ---

# Writes that may give an object a key it was not written with, wherever the package makes them: `x.k = v`,
# `x[k] += v`, `x.k++`, `delete x.k`, `Object.assign(x, ...)`, `Object.defineProperty(x, ...)`. Read as text,
# so a name written on in any file counts (an over-count only leaves a constant open).
_KEY_WRITE = re.compile(
    r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\??\.\s*[A-Za-z_$][\w$]*|\[[^\]\n]*\])\s*"
    r"(?:=(?![=>])|(?:\*\*|<<|>>>?|&&|\|\||\?\?|[-+*/%&|^])=|\+\+|--)")
_KEY_WRITE_CALL = re.compile(
    r"(?:\bObject\.(?:assign|defineProperty|defineProperties|setPrototypeOf)|\bdelete|\+\+|--)\s*\(?\s*"
    r"([A-Za-z_$][\w$]*)")
_RENAMED = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)")
# A frozen object's keys are fixed (`Object.freeze` is shallow: its values' keys are not)
_FREEZING = frozenset({"Object.freeze"})


def _note_object_constant(f: _File, decl: Node, name: str, value: Node) -> None:
    """A top-level `const NAME = { ... }` or `const NAME = Object.freeze({ ... })`: a candidate for a closed
    namespace of its keys (`_object_constants`, once the file is read)."""
    if decl.type != "lexical_declaration" or not any(c.type == "const" for c in decl.children):
        return
    frozen = False
    if value.type == "call_expression" and f.text(value.child_by_field_name("function")) in _FREEZING:
        args = [a for a in value.child_by_field_name("arguments").named_children if a.type != "comment"]
        if len(args) != 1:
            return
        value, frozen = args[0], True
    if value.type == "object":
        f.constants[name] = (value, frozen)


def _key_writes(data: bytes) -> set[str]:
    """The names a file may add keys to (see `_KEY_WRITE`), and, for `import { a as b }` / `export { a as
    b }`, both spellings of a name so renamed."""
    text = data.decode("utf-8", "replace")
    names = {m.group(1) for m in _KEY_WRITE.finditer(text)} | {m.group(1) for m in _KEY_WRITE_CALL.finditer(text)}
    for m in _RENAMED.finditer(text):
        if m.group(2) in names:
            names.add(m.group(1))
    return names


# `X.s.k = v`, `X.s[k] += v`, `X.s.k++`: a key written on the static object `X.s`
_STATIC_KEY_WRITE = re.compile(
    r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*(?:\??\.\s*([A-Za-z_$][\w$]*)|\[[^\]\n]*\])\s*"
    r"(?:=(?![=>])|(?:\*\*|<<|>>>?|&&|\|\||\?\?|[-+*/%&|^])=|\+\+|--)")
# `Object.assign(X.s, more)`, `$.extend(true, X.s, more)`, `_.merge(X.s, more)`, `_.defaults(X.s, more)`: a call
# whose first object argument is the target it fills
_STATIC_KEY_FILL = re.compile(
    r"(?:\bObject\.(?:assign|defineProperty|defineProperties|setPrototypeOf)|(?<![\w$])(?:[\w$]+\.)?"
    r"(?:extend|merge|defaults|defaultsDeep|mixin|assign))\s*\(\s*(?:(?:true|false)\s*,\s*)?"
    r"([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*[,)]")


def _static_key_writes(data: bytes) -> set[tuple[str, str, str]]:
    """(owner, static, key) for each key a file writes on a static object (`Accordion.defaults.extra = 1`; key ""
    for a computed key or a call that may fill it: `_STATIC_KEY_FILL`)."""
    text = data.decode("utf-8", "replace")
    out = {(m.group(1), m.group(2), m.group(3) or "") for m in _STATIC_KEY_WRITE.finditer(text)}
    out |= {(m.group(1), m.group(2), "") for m in _STATIC_KEY_FILL.finditer(text)}
    return out


def _constant_closed(f: _File, root: Node, name: str, decl_name: Node, obj: Node, frozen: bool) -> bool:
    """Whether the file leaves the object constant NAME with the keys it is written with: every key written out
    (no spread, no computed key), and, unless frozen (no key can be added then), every use of NAME in the file
    a read of one key (`x.k`, `x[k]`), an export of it, or an argument of a call that only reads
    (`Object.keys(x)`). Anything else (an alias, a call that is given it, a method call on it, a shadowing
    declaration) may add keys: the object is left open. An empty object (`export const registry = {}`) is
    there to be filled: open."""
    if not any(p.type != "comment" for p in obj.named_children) or any(p.type not in ("pair", "method_definition", "shorthand_property_identifier", "comment") or
           p.type == "pair" and p.child_by_field_name("key").type == "computed_property_name"
           for p in obj.named_children):
        return False
    if frozen:
        return True
    for n in _walk(root):
        if n.type not in ("identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern") \
                or n == decl_name or f.text(n) != name:
            continue
        parent = n.parent
        if n.type != "identifier" or parent is None:
            return False
        if parent.type in ("member_expression", "subscript_expression") and \
                parent.child_by_field_name("object") == n:
            up = parent.parent
            if up is None:
                continue
            if up.type in ("assignment_expression", "augmented_assignment_expression") and \
                    up.child_by_field_name("left") == parent:
                return False
            if up.type == "update_expression" or up.type == "unary_expression" and \
                    f.text(up.child_by_field_name("operator")) == "delete":
                return False
            if up.type == "call_expression" and up.child_by_field_name("function") == parent:
                return False  # `x.register(k)`: a method may add keys to its `this`
            continue
        if parent.type == "export_specifier":
            continue
        if parent.type == "arguments" and parent.parent is not None and \
                f.text(parent.parent.child_by_field_name("function")) in _READING_CALLS:
            continue
        if parent.type == "binary_expression" and f.text(parent.child_by_field_name("operator")) == "in":
            continue  # `k in x`
        return False
    return True


def _own_exports(f: _File, root: Node) -> set[str]:
    """The names this file exports of its own (not re-exported `from` another file, nor an imported binding
    exported again): local and exported names both."""
    out: set[str] = set()
    imported = {f.text(b.local) for node in root.named_children if node.type == "import_statement"
                for b in import_bindings(f.data, node)}
    for node in (c for c in root.named_children if c.type == "export_statement"):
        if node.child_by_field_name("source") is not None:
            continue
        decl = node.child_by_field_name("declaration")
        if decl is not None:
            named = decl.child_by_field_name("name")
            if named is not None:
                out.add(f.text(named))
            for d in (c for c in decl.named_children if c.type == "variable_declarator"):
                out.update(f.text(n) for n in declared_names(d.child_by_field_name("name")))
            continue
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        for spec in export_specifiers(f.data, clause) if clause is not None else ():
            if spec.name not in imported:
                out.update((spec.name, spec.exported))
    return out


def _object_constants(f: _File, root: Node) -> None:
    """Each exported top-level object constant becomes a namespace of its keys, as the `.d.ts` reader reads
    `declare const x: { a: ...; b: ... }`: the value is `typeof NAME` and NAME's members are its keys, closed
    when the file leaves the object as written (`_constant_closed`), no other file read exports that name
    (a folder's files share one module) and, unless frozen, no file of the package writes a key on that name
    (`_Runtime.close_constants`). Its values' own keys are not modeled (a nested object may be extended
    through the constant)."""
    f.runtime.key_writes |= _key_writes(f.data)
    f.runtime.static_key_writes |= _static_key_writes(f.data)
    exported = _own_exports(f, root)
    for name in exported:
        f.runtime.export_counts[name] = f.runtime.export_counts.get(name, 0) + 1
    for name, (obj, frozen) in f.constants.items():
        if name not in exported:
            continue
        if name in f.mod.types or name in f.mod.values:
            f.runtime.constants.setdefault(name, []).append((False, False))  # another declaration of it
            continue
        decl = obj.parent
        while decl is not None and decl.type != "variable_declarator":
            decl = decl.parent
        if decl is None:
            continue
        closed = _constant_closed(f, root, name, decl.child_by_field_name("name"), obj, frozen)
        td = TypeDef(name, "namespace", path=str(f.path), line=decl.start_point[0], doc=_doc(f, decl.parent),
                     open=not closed)
        for m in _object_members(f, obj, ""):
            m.static = True
            f.add(td, m)
        f.mod.types[name] = td
        f.mod.values[name] = Member(name, "property", f"typeof {name}", path=str(f.path), line=decl.start_point[0],
                                    confidence=JS_CONF, doc=td.doc)
        f.runtime.constants.setdefault(name, []).append((closed, frozen))


# --- a module's value as an object assembled from others (`var reflect = {}; [a, b].forEach(function (r) { for (var
# k in r) reflect[k] = r[k]; }); module.exports = reflect`) ---

def _exported_assignment_value(f: _File, root: Node) -> Node | None:
    """The value of the file's one top-level `module.exports = VALUE` (through chained assignments, whose value
    is their right side: `module.exports = namespace.Reflect = reflect`); None when there is none or several."""
    found = []
    for node in _guarded_statements(root):
        expr = node.named_children[0] if node.type == "expression_statement" and node.named_children else None
        if expr is None or expr.type != "assignment_expression" or \
                f.text(expr.child_by_field_name("left")) not in ("module.exports", "exports"):
            continue
        right = expr.child_by_field_name("right")
        while right is not None and right.type == "assignment_expression":
            right = right.child_by_field_name("right")
        found.append(right)
    return found[0] if len(found) == 1 else None


def _writes_computed_this(f: _File, obj: Node) -> bool:
    """Whether a function of an object literal writes a computed key on its `this` (`register: function (k, v) {
    this[k] = v; }`): a call of it may give the object any key."""
    for n in _walk(obj):
        if n.type == "assignment_expression":
            left = n.child_by_field_name("left")
            if left is not None and left.type == "subscript_expression" and \
                    left.child_by_field_name("object").type == "this" and \
                    left.child_by_field_name("index").type != "string":
                return True
    return False


def _guarded_statements(root: Node) -> list[Node]:
    """The file's top-level statements, and those inside top-level `if` blocks (a UMD guard's `if (typeof module
    !== 'undefined' && module.exports) { module.exports = X; }`, `else` branches too): statements that run once,
    when the module loads, as the top level's do (a function's body is not one of them)."""
    out: list[Node] = []
    stack = list(reversed(root.named_children))
    while stack:
        node = stack.pop()
        if node.type == "if_statement":
            for part in (node.child_by_field_name("consequence"), node.child_by_field_name("alternative")):
                while part is not None and part.type in ("else_clause",) and part.named_children:
                    part = part.named_children[0]
                if part is None:
                    continue
                stack.extend(reversed(part.named_children) if part.type == "statement_block" else [part])
            continue
        out.append(node)
    out.sort(key=lambda n: n.start_byte)
    return out


def _clean_literal(obj: Node) -> bool:
    """An object literal whose keys are all written out (no spread, no computed key)."""
    return all(p.type in ("pair", "method_definition", "shorthand_property_identifier", "comment") and
               not (p.type == "pair" and p.child_by_field_name("key").type == "computed_property_name")
               for p in obj.named_children)


def _copy_sources(f: _File, node: Node | None) -> list[Path | Node] | None:
    """What a copy reads keys from: a file `require`d by a relative path (its exported object, known once it is
    read), a local object literal; a function's parameter given each element of an array literal by
    `[a, b].forEach(function (p) {...})` is each of them. None when it is anything else."""
    if node is None:
        return None
    if node.type == "object":
        return [node]
    if node.type != "identifier":
        return None
    name = f.text(node)
    if name in f.required_files:
        return [f.required_files[name]]
    if name in f.objects and f.objects[name].type == "object":
        return [f.objects[name]]
    fn = node.parent
    while fn is not None and fn.type not in ("function_expression", "function", "arrow_function",
                                             "function_declaration"):
        fn = fn.parent
    params = fn.child_by_field_name("parameters") if fn is not None else None
    names = [f.text(p) for p in params.named_children if p.type != "comment"] if params is not None else []
    args, call = fn.parent if fn is not None else None, None
    if args is not None and args.type == "arguments":
        call = args.parent
    callee = call.child_by_field_name("function") if call is not None else None
    if names[:1] != [name] or callee is None or callee.type != "member_expression" or \
            f.text(callee.child_by_field_name("property")) != "forEach" or \
            callee.child_by_field_name("object").type != "array":
        return None
    out: list[Path | Node] = []
    for element in callee.child_by_field_name("object").named_children:
        if element.type == "comment":
            continue
        got = _copy_sources(f, element) if element.type != "identifier" or f.text(element) != name else None
        if got is None:
            return None
        out += got
    return out


def _object_fill(f: _File, root: Node, name: str,
                 exported: Node) -> tuple[list[Member], list[Path], bool, dict[str, Path | str]] | None:
    """How the file builds the object `name` it exports as its whole value: the members it is written with
    (`var reflect = { a: ... }`, or one later `reflect = { ... }`) and gets by name (`reflect.k = v`,
    `reflect["k"] = v`), the objects its keys are copied from (`for (var k in src) reflect[k] = src[k]`, also in a
    `[a, b].forEach(function (src) {...})`, and `Object.assign(reflect, a, b)`), and whether that is all of it:
    any other use (an alias, a call it is handed to, a computed key written otherwise) may add keys; and what the
    keys that hold another file's value or a class of this file name (`_value_refs`). None when `name` is no
    object of the file."""
    literals: list[Node] = []
    members: list[Member] = []
    sources: list[Path | Node] = []
    refs: dict[str, Path | str] = {}
    closed = True
    scopes = ScopeAnalysis(f.data, f.tree)
    own = scopes.resolve(exported) if exported.type == "identifier" else None
    for n in _walk(root):
        if n.type not in ("identifier", "shorthand_property_identifier") or f.text(n) != name or n == exported:
            continue
        if own is not None and n.type == "identifier" and (other := scopes.resolve(n)) is not None and \
                other.key != own.key:
            continue  # another binding of the name (grunt's `template.process = function (template) { template
            # = ...}`: the parameter), which says nothing of the object
        parent = n.parent
        if n.type != "identifier" or parent is None:
            closed = False
            continue
        if parent.type == "variable_declarator" and parent.child_by_field_name("name") == n:
            value = parent.child_by_field_name("value")
            if value is not None and value.type == "object":
                literals.append(value)
            elif value is not None:
                return None
            continue
        if parent.type == "assignment_expression" and parent.child_by_field_name("left") == n:
            value = parent.child_by_field_name("right")
            if value is None or value.type != "object":
                return None
            literals.append(value)
            continue
        if parent.type == "return_statement" or _global_export(f, parent, n):
            # handed out as the module's value is (AMD's `define([], function () { return X; })`, a browser
            # global `window['x'] = X`, `ninja() { return X; }`): what its users write on it is theirs, as for
            # `module.exports = X`
            continue
        up = parent.parent
        if parent.type in ("member_expression", "subscript_expression") and parent.child_by_field_name("object") == n:
            writes = up is not None and up.type in ("assignment_expression", "augmented_assignment_expression") and \
                up.child_by_field_name("left") == parent
            if parent.type == "member_expression":
                key = f.text(parent.child_by_field_name("property"))
            else:
                index = parent.child_by_field_name("index")
                key = f.text(index)[1:-1] if index is not None and index.type == "string" else None
            if key is not None:
                if writes and up.type == "assignment_expression":
                    # `mutation.FFW = [...]`, `Neataptic.ninja = function () {...}`: typed as a literal's key is
                    members.append(replace(_member_from_value(f, key, up.child_by_field_name("right"), True, name),
                                           static=True))
                    target = _required_file(f, up.child_by_field_name("right"))
                    if target is not None:
                        refs[key] = target.resolve()
                elif writes:
                    members.append(Member(key, "property", "", [], True, key.startswith("_"), str(f.path),
                                          parent.start_point[0], JS_CONF))
                continue
            if not writes:
                continue  # `reflect[k]`: a read
            # `reflect[k] = src[k]` in `for (var k in src)`: src's keys
            value, loop = up.child_by_field_name("right"), up.parent
            while loop is not None and loop.type != "for_in_statement":
                loop = loop.parent
            index = parent.child_by_field_name("index")
            if loop is not None and f.text(loop.child_by_field_name("operator")) == "in" and value is not None and \
                    value.type == "subscript_expression" and index is not None and \
                    f.text(index) == f.text(loop.child_by_field_name("left")) == \
                    f.text(value.child_by_field_name("index")) and \
                    f.text(value.child_by_field_name("object")) == f.text(loop.child_by_field_name("right")):
                got = _copy_sources(f, loop.child_by_field_name("right"))
                if got is not None:
                    sources += got
                    continue
            closed = False
            continue
        if parent.type == "arguments" and up is not None and up.type == "call_expression":
            callee = f.text(up.child_by_field_name("function"))
            given = [a for a in parent.named_children if a.type != "comment"]
            if callee == "Object.assign" and given[0] == n:
                for a in given[1:]:
                    got = _copy_sources(f, a)
                    if got is None:
                        closed = False
                    else:
                        sources += got
                continue
            if callee in _READING_CALLS:
                continue
        closed = False
    if len(literals) != 1:
        return None  # `var reflect;` never given an object here, or given several
    files: list[Path] = []
    for source in literals + sources:
        if isinstance(source, Path):
            files.append(source.resolve())
            continue
        closed = closed and _clean_literal(source) and not _writes_computed_this(f, source)
        members = _static_members(f, source, name if source is literals[0] else "") + members
        if source is literals[0]:
            refs = {**_value_refs(f, source), **refs}
    return members, files, closed, refs


# The names a script reaches the global object by (a UMD wrapper's `root` parameter is given `this`, or one of
# them). Not `this` itself: at a CommonJS module's top level it is `module.exports`
_GLOBAL_OBJECTS = frozenset({"window", "self", "global", "globalThis", "root"})


def _global_export(f: _File, parent: Node, value: Node) -> str:
    """The global name an assignment `window['neataptic'] = X` / `window.X = X` / `root.X = X` (`parent`, with
    `value` its right side, through chains: `window.a = window.b = X`) gives a browser script, else ""."""
    while parent is not None and parent.type == "assignment_expression" and \
            parent.child_by_field_name("right") == value:
        left = parent.child_by_field_name("left")
        obj = left.child_by_field_name("object") if left is not None and left.type in (
            "member_expression", "subscript_expression") else None
        if obj is None or f.text(obj) not in _GLOBAL_OBJECTS:
            return ""
        if left.type == "member_expression":
            return f.text(left.child_by_field_name("property"))
        index = left.child_by_field_name("index")
        name = f.text(index)[1:-1] if index is not None and index.type == "string" else ""
        return name if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else ""
    return ""


def _browser_globals(f: _File, root: Node) -> None:
    """The globals a file's browser build sets to what it exports (what `export as namespace` declares in
    typings): `window['neataptic'] = Neataptic` beside `module.exports = Neataptic` (the module's value), `window.Howl
    = Howl` beside `exports.Howl = Howl` (that export, under its own name)."""
    whole = f.mod.exports.get("=")
    for n in _walk(root):
        if n.type != "identifier" or n.parent is None or n.parent.type != "assignment_expression":
            continue
        name = _global_export(f, n.parent, n)
        local = f.text(n)
        if name and (local == whole or f.mod.exports.get(name) == local) and name not in f.mod.globals:
            f.mod.globals.append(name)
    if whole and not f.mod.globals and _script_declares(f, root, whole) and _probes_module(f, root):
        # `var u = function (...) {...}` at the top level of a file that exports it only where `module` exists
        # (`if (typeof module === 'object' && module.exports) module.exports = u`): the file is also meant to run
        # as a classic <script>, whose top-level declarations are globals, so `u` is one (what its docs then call:
        # `u('li').addClass('main')`), as `export as namespace u` would declare in typings. A file that names its
        # global itself (`window['lib'] = Lib`) has said what its readers use.
        f.mod.globals.append(whole)


def _script_declares(f: _File, root: Node, name: str) -> bool:
    """Whether a file that is no ES module (no `import` or `export` statement) declares `name` at its top level
    (`var`, `let`, `const`, `function`, `class`): in a classic script, a global binding."""
    found = False
    for node in root.named_children:
        if node.type in ("import_statement", "export_statement"):
            return False
        if node.type in ("function_declaration", "class_declaration"):
            found = found or f.text(node.child_by_field_name("name")) == name
        elif node.type in ("variable_declaration", "lexical_declaration"):
            found = found or any(d.type == "variable_declarator" and f.text(d.child_by_field_name("name")) == name
                                 for d in node.named_children)
    return found


def _probes_module(f: _File, root: Node) -> bool:
    """Whether the file's top-level code (no function's body) tests `typeof module` or `typeof exports`: it
    expects to run where neither exists, as a browser script."""
    stack = list(root.named_children)
    while stack:
        node = stack.pop()
        if node.type in _FUNCTIONS or node.type in ("function_declaration", "class_declaration", "class"):
            continue
        if node.type == "unary_expression" and f.text(node).startswith("typeof"):
            arg = node.child_by_field_name("argument")
            if arg is not None and arg.type == "identifier" and f.text(arg) in ("module", "exports"):
                return True
        stack.extend(node.named_children)
    return False


def _static_members(f: _File, obj: Node, owner: str = "") -> list[Member]:
    """An object literal's members as a namespace's (static), a quoted method name unquoted (`"new"() {}`); an
    object literal value of a key is the synthesized type `owner$key` when an owner is named (`mutation =
    { ADD_NODE: { name: 'ADD_NODE' } }`: `mutation$ADD_NODE`, see `_member_from_value`)."""
    return [replace(m, name=m.name.strip("\"'`"), static=True) for m in _object_members(f, obj, owner)]


def _returned_calls(f: _File, fn: Node) -> list[str]:
    """The callees a function's every return gives the result of, written as member calls: `return
    architect.Construct(nodes)`, `return new architect.Construct(list)` (`new` of a function that returns an
    object yields that object), or a local assigned once from one (`var network = architect.Construct(x);
    return network`); [] when any return is something else (its result is then told otherwise, or unknown)."""
    body = fn.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return []
    out: list[str] = []
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in ("function_expression", "function_declaration", "arrow_function", "method_definition",
                      "class", "function"):
            continue
        if n.type == "return_statement":
            value = n.named_children[0] if n.named_children else None
            if value is not None and value.type == "identifier":
                value = _assigned_once(f, body, f.text(value))
            callee = value.child_by_field_name("constructor" if value.type == "new_expression" else "function") \
                if value is not None and value.type in ("call_expression", "new_expression") else None
            if callee is None or callee.type != "member_expression" or \
                    callee.child_by_field_name("object").type != "identifier":
                return []
            out.append(f.text(callee))
            continue
        stack.extend(n.named_children)
    return out


def _assigned_once(f: _File, body: Node, name: str) -> Node | None:
    """The value a function's local `var name = value` is declared with, when it is never assigned again (a
    second declaration or any assignment of the name gives up), else None."""
    found = None
    for n in _walk(body):
        if n.type == "variable_declarator" and f.text(n.child_by_field_name("name")) == name:
            if found is not None:
                return None
            found = n.child_by_field_name("value")
            if found is None:
                return None
        elif n.type in ("assignment_expression", "augmented_assignment_expression", "update_expression") and \
                f.text(n.child_by_field_name("left") or n.child_by_field_name("argument")) == name:
            return None
    return found


def _value_refs(f: _File, obj: Node) -> dict[str, Path | str]:
    """What each key of an object literal holds when it is a value the reader can name once every file is read:
    a package file's whole value (`methods: require('./methods/methods')`, or `Network` / `Network: Network`
    with `var Network = require('./network')`) as that file's path; a class or constructor function this file
    declares (`{ Layer: Layer }`) as its name."""
    out: dict[str, Path | str] = {}
    for p in obj.named_children:
        if p.type == "shorthand_property_identifier":
            key, value = f.text(p), p
        elif p.type == "pair" and p.child_by_field_name("key").type in ("property_identifier", "string"):
            key, value = f.text(p.child_by_field_name("key")).strip("\"'`"), p.child_by_field_name("value")
        else:
            continue
        target = _required_file(f, value) if value.type == "call_expression" else None
        name = f.text(value) if value.type in ("identifier", "shorthand_property_identifier") else ""
        if target is None and name in f.required_files:
            target = f.required_files[name]
        if target is not None:
            out[key] = target.resolve()
        elif name and name in f.mod.types and f.mod.types[name].kind == "class" and \
                f.mod.types[name].path == str(f.path):
            out[key] = name
        elif value.type in ("function_expression", "function"):
            calls = _returned_calls(f, value)
            if calls:  # `Perceptron: function () { ...; return architect.Construct(nodes); }`: named later
                out[key] = "()" + ",".join(calls)
    return out


def _exported_object(f: _File, root: Node) -> None:
    """What the file exports as its whole value when that is an object (`module.exports = { a: ..., b: ... }`,
    or `module.exports = reflect` with `reflect` an object the file builds: `_object_fill`): kept for the files
    that copy its keys (`_Runtime.name_copied_exports`)."""
    for name in _key_writes(f.data):
        if name in f.required_files:  # `require("./b").extra = 1` by another name: b's object gets a key here
            f.runtime.written_objects.add(f.required_files[name])
    _browser_globals(f, root)
    value = _exported_assignment_value(f, root)
    if value is None:
        return
    if value.type == "object":
        members = _static_members(f, value)
        f.runtime.object_refs[f.path.resolve()] = _value_refs(f, value)
        known = {m.name for m in members}
        members += [Member(k, "property", "", [], True, k.startswith("_"), str(f.path), value.start_point[0],
                           JS_CONF) for k in f.mod.exports if k not in ("=", "default") and k not in known]
        f.runtime.object_exports[f.path.resolve()] = (f.mod, "", members, [],
                                                      _clean_literal(value) and not f.dynamic_exports, value)
    elif value.type == "identifier":
        filled = _object_fill(f, root, f.text(value), value)
        if filled is not None:
            f.runtime.object_exports[f.path.resolve()] = (f.mod, f.text(value), *filled[:3], value)
            f.runtime.object_refs[f.path.resolve()] = filled[3]
