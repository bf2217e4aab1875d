"""Two usage forms whose types the declarations give (round 15): the UMD global of typings with named exports
only (`export as namespace Lf`: the module's namespace in every script, not in a module), and names a runtime
writes onto objects whose typings declare them only on subtypes."""

from __future__ import annotations

from tests.support.symbols_helpers import make_workspace, symbol_findings

UMD_TYPES = """export as namespace Lf;
export class Layer { addTo(map: Map): this; remove(): this; }
export class Marker extends Layer { setLatLng(p: number[]): this; }
export class Map { setView(p: number[], zoom: number): this; addLayer(layer: Layer): this; }
export function map(id: string): Map;
"""


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_umd_global_of_named_exports_is_the_namespace_in_scripts_only(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/@types/lf/index.d.ts": UMD_TYPES,
        "node_modules/lf/package.json": '{"name": "lf", "version": "1.0.0"}',
        "package.json": '{"dependencies": {"lf": "1.0.0"}}',
        "src/app.js": 'import { map } from "lf";\nmap("m");\n',
        "src/page.js": """var m = Lf.map("m").setView([0, 0], 3);
new Lf.Marker([0, 0]).addTo(m).setLatLang([1, 1]);
m.addLayr(new Lf.Layer());
m.flyAround();
""",
        # a module (it imports): the UMD global is no name of it (TypeScript: an error without an import)
        "src/mod.js": """import "./page.js";
var m = Lf.map("m").setView([0, 0], 3);
m.flyAround();
""",
    })
    assert found(ws, "src/page.js") == [(2, "setLatLang", "error", ["setLatLng"]),
                                      (3, "addLayr", "error", ["addLayer"]), (4, "flyAround", "error", [])]
    assert found(ws, "src/mod.js") == []


SUBTYPE_TYPES = """export class Layer { addTo(map: any): this; bindPopup(content: (layer: Layer) => string): this; }
export class Marker extends Layer { feature?: { properties: any }; setLatLng(p: number[]): this; }
export class Path extends Layer { feature?: { properties: any }; setStyle(s: object): this; }
export class Group extends Layer { eachLayer(fn: (layer: Layer) => void): this; }
export function marker(p: number[]): Marker;
"""
SUBTYPE_RUNTIME = """export class Layer { addTo(map) { return this; } bindPopup(fn) { return this; } }
export class Marker extends Layer { setLatLng(p) { return this; } }
export class Path extends Layer { setStyle(s) { return this; } }
export class Group extends Layer {
  eachLayer(fn) { return this; }
  addData(data) { var layer = toLayer(data); layer.feature = data; return this.addLayer(layer); }
}
export function marker(p) { return new Marker(p); }
"""


def test_a_name_subtypes_declare_and_the_runtime_writes_on_any_object_is_known(tmp_path):
    """`layer.feature` on a `Layer` the callee hands in: the typings declare `feature` on its subclasses only,
    while the runtime writes it onto whatever layer it made (`layer.feature = data`): the name is real on the
    family (issue 17: a name any real source has). A name subtypes declare that the runtime never writes stays a
    finding, as TypeScript's, and so does a name no type has."""
    ws = make_workspace(tmp_path, {
        "node_modules/lf/package.json":
            '{"name": "lf", "version": "1.0.0", "module": "index.js", "types": "index.d.ts"}',
        "node_modules/lf/index.d.ts": SUBTYPE_TYPES,
        "node_modules/lf/index.js": SUBTYPE_RUNTIME,
        "package.json": '{"dependencies": {"lf": "1.0.0"}}',
        "src/app.js": """import { marker } from "lf";
marker([0, 0]).bindPopup(function (layer) { return layer.feature.properties.name; });
marker([0, 0]).bindPopup(function (layer) { return layer.setStyle({}) && ""; });
marker([0, 0]).bindPopup(function (layer) { return layer.featur; });
""",
    })
    assert found(ws, "src/app.js") == [(3, "setStyle", "error", []), (4, "featur", "error", [])]


THIS_TYPES = """export class Loader { image(key: string): this; }
export class Scene { add: Loader; start(): void; }
export type CreateCallback = (this: Scene, data: object) => void;
export interface SceneConfig { key?: string; create?: CreateCallback; update?: (time: number) => void;
    preload?(this: Scene): void; }
export interface Api { stop(): void; speed: number; }
export interface Methods { [name: string]: Function; }
export interface Definition { methods?: Methods & ThisType<Api>; }
export declare function createScene(config: SceneConfig): Scene;
export declare function run(fn: CreateCallback): void;
export declare function define(def: Definition): void;
"""


def test_this_the_callee_declares_for_a_callback(tmp_path):
    """`this` in a callback whose declared type gives it: a `this:` parameter of the option's function type
    (written out, through an alias, or on a method signature), and `ThisType<T>` in an option's type (the
    methods of the literal given for it). An arrow keeps its outer `this`; an option with no declared `this`
    leaves it untyped."""
    ws = make_workspace(tmp_path, {
        "node_modules/sc/package.json": '{"name": "sc", "version": "1.0.0", "types": "index.d.ts"}',
        "node_modules/sc/index.d.ts": THIS_TYPES,
        "package.json": '{"dependencies": {"sc": "1.0.0"}}',
        "src/app.js": """import { createScene, run, define } from "sc";
createScene({
  create() { this.add.image("a").imag("b"); },
  preload: function () { this.strat(); },
  update: function () { this.anything(); },
});
createScene({ create: () => { this.whatever(); } });
run(function () { this.add.imge("c"); });
define({ methods: { go() { this.stop(); this.stp(); return this.speed; } } });
""",
    })
    assert found(ws, "src/app.js") == [(3, "imag", "error", ["image"]), (4, "strat", "error", ["start"]),
                                      (8, "imge", "error", ["image"]), (9, "stp", "error", ["stop"])]


CONTEXT_TYPES = """export class Scene { start(): void;
    on<C>(event: string, fn: (this: C, value: number) => void, context: C): this;
    once(event: string, fn: (value: number) => void, context?: any): this; }
export class Timer { delay: number; reset(): void; }
export declare function scene(): Scene;
"""


def test_a_context_argument_the_declaration_types_as_the_callbacks_this(tmp_path):
    """`scene.on("tick", fn, timer)` where `on<C>(..., fn: (this: C) => void, context: C)`: the callback's `this`
    is the context argument; `context?: any` (no declared link) leaves it untyped."""
    ws = make_workspace(tmp_path, {
        "node_modules/sc/package.json": '{"name": "sc", "version": "1.0.0", "types": "index.d.ts"}',
        "node_modules/sc/index.d.ts": CONTEXT_TYPES,
        "package.json": '{"dependencies": {"sc": "1.0.0"}}',
        "src/app.js": """import { scene, Timer } from "sc";
const timer = new Timer();
scene().on("tick", function () { this.reset(); this.rest(); }, timer);
scene().once("tick", function () { this.rest(); }, timer);
""",
    })
    assert found(ws, "src/app.js") == [(3, "rest", "error", ["reset"])]
