"""Round 11's wide-evaluation rules (dev only), each on minimal packages through the real `unknown-symbol` check:
a package the project declares in its package.json is an engine even where no file imports it; an export
re-exported under a new name (`export { default as scaleLinear } from "./linear.js"`) is named by that name in the
engine's vocabulary; an underscore member the engine's files spell is never reported on a typed receiver."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# An ESM engine that re-exports each function under a new name from a file of its own (d3's packages' layout),
# the functions returning an object whose methods are assigned at run time.
SCALES = {
    "node_modules/scalekit/package.json": json.dumps({"name": "scalekit", "main": "src/index.js",
                                                       "module": "src/index.js"}),
    "node_modules/scalekit/src/index.js": """
        export { default as scaleLinear, linearish } from "./linear.js";
        export { default as scaleTime } from "./time.js";
    """,
    "node_modules/scalekit/src/linear.js": """
        export function linearish(scale) { scale.tickFormat = function () {}; return scale; }
        export default function linear() {
          function scale(x) { return x; }
          scale.domain = function () { return scale; };
          scale.interpolate = function () { return scale; };
          return linearish(scale);
        }
    """,
    "node_modules/scalekit/src/time.js": "export default function calendar() { return {}; }\n",
}

FRAGMENT = """const x = sk.scaleLinear().domain([0, 1]);
x.interpolat(0.5);
const y = sk.getScaleLinear();
"""


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_declared_dependency_is_an_engine_without_an_import(tmp_path):
    """A script that uses the package through its global (`sk.scaleLinear()`), never importing it: with the
    package in package.json `dependencies` the model is built and the vocabulary check reports the near misses;
    without the declaration (or with it only in devDependencies: a tool) nothing says the package is used."""
    declared = make_workspace(tmp_path / "declared", {
        **SCALES, "package.json": json.dumps({"name": "app", "dependencies": {"scalekit": "^1.0.0"}}),
        "src/app.js": FRAGMENT})
    assert found(declared) == [(2, "interpolat", ["interpolate"]), (3, "getScaleLinear", ["scaleLinear"])]
    for manifest in ({"name": "app"}, {"name": "app", "devDependencies": {"scalekit": "^1.0.0"}}):
        plain = make_workspace(tmp_path / str(len(manifest)), {
            **SCALES, "package.json": json.dumps(manifest), "src/app.js": FRAGMENT})
        assert found(plain) == []


def test_a_project_that_imports_its_dependencies_models_only_the_imported_ones(tmp_path):
    """A project whose files import one declared package reaches its engines by import: the declared packages
    no file imports are not modeled (a project with 52 dependencies spent 35-60 s on its first check modeling
    every one). The same global script in a project that imports nothing still has its declared engine."""
    ws = make_workspace(tmp_path / "importing", {
        **SCALES, "node_modules/other/package.json": json.dumps({"name": "other", "main": "index.js"}),
        "node_modules/other/index.js": "export function go() {}\n",
        "package.json": json.dumps({"name": "app", "dependencies": {"scalekit": "^1.0.0", "other": "^1.0.0"}}),
        "src/main.js": "import { go } from 'other';\ngo();\n", "src/app.js": FRAGMENT})
    assert found(ws) == []
    from lsp_server.knowledge.object_model import ObjectModelService
    modules = set(ws.service(ObjectModelService).model.modules)
    assert "other" in modules and not any(m == "scalekit" or m.startswith("scalekit/") for m in modules), modules


def test_a_reexported_function_is_named_by_its_export(tmp_path):
    """`export { default as scaleLinear } from "./linear.js"`: the package's function is `scaleLinear` (the
    file's `linear` is no name a user writes). A file that calls it uses the engine, and `getScaleLinear` is a
    near miss of it; the file's local name is not suggested for it."""
    ws = make_workspace(tmp_path, {**SCALES, "src/app.js": """import { scaleLinear } from 'scalekit';
export function draw(lib) {
  const a = lib.scaleLinear();
  const b = lib.getScaleLinear();
  const c = lib.scaleTimes();
  return [a, b, c];
}
"""})
    assert found(ws) == [(4, "getScaleLinear", ["scaleLinear"]), (5, "scaleTimes", ["scaleTime"])]


def test_an_underscore_member_the_engine_spells_is_not_reported(tmp_path):
    """A class whose typings leave out an internal its runtime sets (`this._icon = ...` in
    a class system's `Class.extend({...})`, which the reader does not follow): `marker._icon` on a
    typed receiver exists; an invented underscore name and an invented public one are still reported."""
    ws = make_workspace(tmp_path, {
        "node_modules/mapkit/package.json": json.dumps({"name": "mapkit", "types": "index.d.ts", "main": "index.js"}),
        "node_modules/mapkit/index.d.ts": "export declare class Marker {\n  getIcon(): object;\n}\n",
        "node_modules/mapkit/index.js": """
            var Class = require('./class');
            exports.Marker = Class.extend({
              _initIcon: function () { this._icon = document.createElement('img'); },
              getIcon: function () { return this._icon; }
            });
        """,
        "src/app.js": """import { Marker } from 'mapkit';
const m = new Marker();
m._icon.title = 'a';
m._iconz.title = 'a';
m.getIcons();
""",
    })
    assert [(line, name) for line, name, _ in found(ws)] == [(4, "_iconz"), (5, "getIcons")]


# A package whose typings declare one class under several module names (per-file entry points and a dist copy,
# gsap's layout): `declare module "kit/Draggable"` exports its `_Draggable` under the public name, the others
# re-export that module.
PER_FILE_ENTRIES = {
    "node_modules/kit/package.json": json.dumps({"name": "kit", "types": "types/index.d.ts", "main": "index.js"}),
    "node_modules/kit/types/index.d.ts": """
        declare class Draggable {
          static hitTest(a: object, b: object): boolean;
          static create(target: string): Draggable[];
          enable(): this;
        }
        declare module "kit/Draggable" {
          class _Draggable extends Draggable {}
          export { _Draggable as Draggable, _Draggable as default };
        }
        declare module "kit/dist/Draggable" {
          export * from "kit/Draggable";
          export { default } from "kit/Draggable";
        }
        declare module "kit/all" {
          export * from "kit/Draggable";
        }
        declare module "kit" {
          export function to(target: string, vars: object): object;
        }
    """,
    "node_modules/kit/index.js": "exports.to = function (t, v) { return {}; };\n",
    "package.json": json.dumps({"name": "app", "dependencies": {"kit": "^3.0.0"}}),
}


def test_a_script_typings_class_is_a_global_beside_its_entry_points(tmp_path):
    """A fragment's undeclared `Draggable.hitTest(...)`, where the typings declare the class at the top level
    of a script file (gsap's layout, with several `declare module "kit/..."` entry points exporting it under
    another local name): the class is a global, so an invented static is reported with the real name, even
    where it is the fragment's only use of it; a real static is not."""
    ws = make_workspace(tmp_path, {**PER_FILE_ENTRIES, "src/app.js": "Draggable.hitTests(a, b);\n",
                                   "src/ok.js": "Draggable.hitTest(a, b);\nDraggable.create('#box')[0].enable();\n"})
    assert found(ws) == [(1, "hitTests", ["hitTest"])]
    assert found(ws, "src/ok.js") == []


# @types/jquery's shape: the entry says `export = jq` and references a script declaration file that declares the
# globals a page uses (`declare const $: JQStatic`), never exported under that name.
SCRIPT_GLOBALS = {
    "node_modules/domkit/package.json": json.dumps({"name": "domkit", "types": "index.d.ts", "main": "index.js"}),
    "node_modules/domkit/index.d.ts": '/// <reference path="misc.d.ts" />\nexport = jq;\n',
    "node_modules/domkit/misc.d.ts": """
        interface JQStatic {
          (selector: string): JQ;
          ajax(url: string): void;
        }
        interface JQ {
          length: number;
          show(): this;
          addClass(name: string): this;
        }
        declare const jq: JQStatic;
        declare const $: JQStatic;
    """,
    "node_modules/domkit/index.js": "module.exports = function jq(s) { return []; };\n",
    "package.json": json.dumps({"name": "app", "dependencies": {"domkit": "^3.0.0"}}),
}


def test_a_script_typings_global_types_a_free_name(tmp_path):
    """`$("#a")` in a page's script that never imports the package: the typings declare `$` in a script file
    (a global, as TypeScript sees it), so its calls are typed and a name neither the static nor the instance
    type has is reported, near miss or not; the real names are not."""
    ws = make_workspace(tmp_path, {**SCRIPT_GLOBALS, "src/app.js": """$("#a").show().addClass("x");
$.ajax("/u");
$("#b").frobnicate();
$.ajaxify("/u");
"""})
    assert [(line, name) for line, name, _ in found(ws)] == [(3, "frobnicate"), (4, "ajaxify")]


def test_a_numeric_index_signature_leaves_named_members_closed(tmp_path):
    """`[n: number]: T` (an array-like: jQuery's elements) and `[s: symbol]` name no identifier: `x.name` is
    not theirs (as in TypeScript), so the type stays closed to invented names; a string key opens it."""
    ws = make_workspace(tmp_path, {
        "node_modules/els/package.json": json.dumps({"name": "els", "types": "index.d.ts", "main": "index.js"}),
        "node_modules/els/index.d.ts": """
            export interface Elements { [n: number]: object; [s: symbol]: object; length: number; show(): this; }
            export interface Bag { [key: string]: any; size: number; }
            export declare function select(s: string): Elements;
            export declare function bag(): Bag;
        """,
        "node_modules/els/index.js": "exports.select = function () {}; exports.bag = function () {};\n",
        "src/app.js": """import { select, bag } from 'els';
select('a').show()[0];
select('a').frobnicate();
bag().anything;
""",
    })
    assert [(line, name) for line, name, _ in found(ws)] == [(3, "frobnicate")]


# An engine whose docs (the typings' doc comments) use their objects under names they never declare.
UNDECLARED_IN_DOCS = {
    "node_modules/graphkit/package.json": json.dumps({"name": "graphkit", "types": "index.d.ts", "main": "index.js"}),
    "node_modules/graphkit/index.d.ts": """
        /**
         * The graph.
         * @example
         * cy.addNode({ id: 'a' });
         * cy.runLayout().length;
         * cy.center();
         * eles.addNode({ id: 'b' });
         * eles.mergeWith(other);
         */
        export interface Core { addNode(x: object): Core; runLayout(): object[]; center(): void; fit(): void; }
        export interface Collection { addNode(x: object): Collection; mergeWith(o: object): this; }
        export declare function graphkit(): Core;
    """,
    "node_modules/graphkit/index.js": "exports.graphkit = function () { return {}; };\n",
    "package.json": json.dumps({"name": "app", "dependencies": {"graphkit": "^1.0.0"}}),
}


def test_a_name_the_engine_examples_use_undeclared_is_the_one_type_with_those_members(tmp_path):
    """The docs use `cy` undeclared with three members only `Core` has all of: `cy` is a Core (a convention),
    so a file that never imports the package and uses `cy` once (`cy.runLayouts()`, nothing else of the engine
    in it) gets the near miss reported, and `cy.fit()` nothing. `eles` is used with two members only: no
    convention, so `eles.runLayouts()` stays silent."""
    ws = make_workspace(tmp_path, {**UNDECLARED_IN_DOCS, "src/app.js": "cy.fit();\ncy.runLayouts();\n",
                                   "src/other.js": "eles.runLayouts();\n"})
    assert found(ws) == [(2, "runLayouts", ["runLayout"])]
    assert found(ws, "src/other.js") == []


def test_a_platform_type_name_is_not_another_engines_namesake(tmp_path):
    """pino's `import type { EventEmitter } from "events"` (Node's module, no typings read) beside an engine that
    declares a class `EventEmitter` of its own (eventemitter3): the base is the platform's type, whose members
    (`setMaxListeners`) may be real, not the namesake's; an invented name on the interface is still reported."""
    ws = make_workspace(tmp_path, {
        "node_modules/logkit/package.json": json.dumps({"name": "logkit", "types": "index.d.ts", "main": "index.js"}),
        "node_modules/logkit/index.d.ts": """
            import type { EventEmitter } from "events";
            export interface Extras extends EventEmitter { flush(): void; }
            export declare function make(): Extras;
        """,
        "node_modules/logkit/index.js": "exports.make = function () { return {}; };\n",
        "node_modules/emitkit/package.json": json.dumps({"name": "emitkit", "types": "index.d.ts", "main": "index.js"}),
        "node_modules/emitkit/index.d.ts": "export declare class EventEmitter { on(e: string): this; emit(e: string): boolean; }\n",
        "node_modules/emitkit/index.js": "exports.EventEmitter = function () {};\n",
        "package.json": json.dumps({"name": "app", "dependencies": {"logkit": "1", "emitkit": "1"}}),
        "src/app.js": """import { make } from 'logkit';
const log = make();
log.flush();
log.setMaxListeners(20);
log.flsuh();
""",
    })
    assert [(line, name) for line, name, _ in found(ws)] == [(5, "flsuh")]
