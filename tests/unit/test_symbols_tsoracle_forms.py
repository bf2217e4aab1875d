"""Declaration forms the TypeScript oracle (tests/corpus/tsoracle) found read wrongly, each on a minimal package:
general TypeScript semantics, checked through the real `unknown-symbol` check on a tiny workspace. A name tsc
knows is never flagged; an invented name on a closed type still is."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings


def package_workspace(tmp_path, files: dict[str, str], app: str, name: str = "pkg"):
    """`node_modules/<name>` with `files` (index.d.ts the typings entry) and `src/app.ts` using it."""
    tree = {f"node_modules/{name}/{rel}": text for rel, text in files.items()}
    tree[f"node_modules/{name}/package.json"] = json.dumps({"name": name, "types": "index.d.ts"})
    tree["src/app.ts"] = app
    return make_workspace(tmp_path, tree, '[typescript]\nunknown_symbols = "all"\n')


def flagged(ws) -> list[tuple[int, str]]:
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.ts")]


def test_export_equals_namespace_members_are_named_exports(tmp_path):
    # `import { Duration } from "moment"`: what the `export =` namespace declares, its types included
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare function moment(input?: string): moment.Moment;
declare namespace moment {
    interface Moment { format(): string; }
    interface Duration { humanize(): string; }
    const ISO_8601: string;
    function duration(ms: number): Duration;
}
export = moment;
"""}, """import { Duration, Moment, ISO_8601, duration, Durations } from "pkg";
import * as ns from "pkg";
function f(d: Duration, m: Moment) {
  d.humanize();
  d.humanise();
  m.format();
}
ns.duration(1).humanize();
ns.ISO_8601;
ns.ISO8601;
""")
    assert flagged(ws) == [(1, "Durations"), (5, "humanise"), (10, "ISO8601")]


def test_export_equals_value_members_are_exports(tmp_path):
    # `declare const _: _.LoDashStatic; export = _`: the value's members are what `import * as` reaches
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare const _: _.LoDashStatic;
declare namespace _ {
    interface LoDashStatic { chunk(a: any[]): any[][]; VERSION: string; }
}
export = _;
"""}, """import * as ns from "pkg";
import { chunk } from "pkg";
ns.chunk([1]);
ns.VERSION;
ns.chunks([1]);
chunk([]);
""")
    assert flagged(ws) == [(5, "chunks")]


def test_construct_signature_makes_its_declared_result(tmp_path):
    # `Tap: TapRecognizerStatic` with `new(options?): TapRecognizer`: `new ns.Tap()` is a TapRecognizer
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare var Hammer: HammerStatic;
interface HammerStatic { Tap: TapRecognizerStatic; }
interface TapRecognizerStatic { new(options?: any): TapRecognizer; }
interface TapRecognizer { canEmit(): boolean; }
export = Hammer;
"""}, """import * as ns from "pkg";
const tap = new ns.Tap();
tap.canEmit();
tap.cannEmit();
""")
    assert flagged(ws) == [(4, "cannEmit")]


def test_enum_in_a_namespace_merged_with_a_class_is_a_static_member(tmp_path):
    ws = package_workspace(tmp_path, {"index.d.ts": """
export default class Deck {
    addSlide(): void;
}
declare namespace Deck {
    enum AlignH { left = "left", right = "right" }
}
"""}, """import Deck from "pkg";
Deck.AlignH.left;
Deck.AlignV;
new Deck().addSlide();
""")
    assert flagged(ws) == [(3, "AlignV")]


def test_reference_path_files_are_part_of_the_typings(tmp_path):
    # `/// <reference path="static.d.ts" />`: @types/jquery declares its API in referenced files
    ws = package_workspace(tmp_path, {
        "index.d.ts": '/// <reference path="static.d.ts" />\nexport = jQuery;\n',
        "static.d.ts": "interface JQueryStatic { ajax(url: string): void; }\ndeclare const jQuery: JQueryStatic;\n",
    }, """import * as $ from "pkg";
$.ajax("x");
$.ajaxx("x");
""")
    assert flagged(ws) == [(3, "ajaxx")]


def test_relative_module_augmentation_merges_into_the_file_it_names(tmp_path):
    # @types/lodash: `declare module "../index" { interface LoDashStatic { chunk... } }` in common/array.d.ts
    ws = package_workspace(tmp_path, {
        "index.d.ts": """/// <reference path="./common/array.d.ts" />
export = _;
export as namespace _;
declare const _: _.LoDashStatic;
declare namespace _ {
    interface LoDashStatic { VERSION: string; }
}
""",
        "common/array.d.ts": """import _ = require("../index");
declare module "../index" {
    interface LoDashStatic { chunk(a: any[]): any[][]; }
    type Many<T> = T | readonly T[];
}
""",
    }, """import * as ns from "pkg";
import type { Many, LoDashStatic } from "pkg";
ns.chunk([]);
ns.VERSION;
ns.chunkz([]);
function f(l: LoDashStatic) { l.chunk([]); l.chunkk([]); }
""")
    assert flagged(ws) == [(5, "chunkz"), (6, "chunkk")]


def test_a_base_named_like_the_type_itself_is_another_type_and_leaves_it_open(tmp_path):
    # @types/express: `interface Application extends core.Application {}` (core: another package's namespace)
    ws = package_workspace(tmp_path, {"index.d.ts": """
import * as core from "core-lib";
declare function e(): e.Application;
declare namespace e {
    interface Application extends core.Application { extra(): void; }
    interface Router { use(): void; }
}
export = e;
"""}, """import { Application, Router } from "pkg";
function f(app: Application, r: Router) {
  app.listen(3000);
  app.extra();
  r.uses();
}
""")
    assert flagged(ws) == [(5, "uses")]


def test_a_declaration_module_without_export_declarations_exports_everything(tmp_path):
    # @types/leaflet: `declare class Events` beside `export class Map`: in a declaration file with no `export {}`
    # / `export =`, every top-level declaration is exported
    ws = package_workspace(tmp_path, {"index.d.ts": """
export as namespace L;
declare class Events { on(type: string): this; }
export class Map extends Events { setView(): this; }
"""}, """import { Events, Map } from "pkg";
import * as L from "pkg";
new L.Events().on("x");
new Map().setVieww();
L.Evented;
""")
    assert flagged(ws) == [(4, "setVieww"), (5, "Evented")]


def test_an_export_clause_keeps_the_other_declarations_private(tmp_path):
    # the same file with an export declaration: only what it names is exported (tsc's rule, both ways)
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare class Events { on(type: string): this; }
declare class Map extends Events { setView(): this; }
export { Map };
"""}, """import { Map, Events } from "pkg";
new Map().on("x");
""")
    assert flagged(ws) == [(1, "Events")]


def test_declare_module_blocks_of_one_name_merge_and_are_re_exported(tmp_path):
    # gsap: `declare module "gsap" { export * from "gsap/core" }` and `declare module "gsap/core"` in two files
    ws = package_workspace(tmp_path, {
        "index.d.ts": '/// <reference path="core.d.ts" />\n/// <reference path="utils.d.ts" />\n'
                      'declare module "pkg" {\n  export * from "pkg/core";\n  export { to as go } from "pkg/core";\n}\n',
        "core.d.ts": 'declare module "pkg/core" {\n  export function to(target: any): void;\n}\n',
        "utils.d.ts": 'declare module "pkg/core" {\n  export const clamp: (a: number) => number;\n}\n',
    }, """import { to, clamp, clampp, go } from "pkg";
""")
    assert flagged(ws) == [(1, "clampp")]


def test_a_namespace_export_clause_names_members(tmp_path):
    # tsc's JSDoc output: `namespace AnnotationMode { let DISABLE_1: number; export { DISABLE_1 as DISABLE } }`
    ws = package_workspace(tmp_path, {"index.d.ts": """
export namespace AnnotationMode {
    let DISABLE_1: number;
    export { DISABLE_1 as DISABLE };
    let ENABLE: number;
}
"""}, """import { AnnotationMode } from "pkg";
AnnotationMode.DISABLE;
AnnotationMode.ENABLE;
AnnotationMode.DISABLED;
""")
    # the body holds an export declaration, so only what it exports is a member (tsc: TS2339 on `ENABLE`)
    assert flagged(ws) == [(3, "ENABLE"), (4, "DISABLED")]


def test_a_bundlers_namespace_object_names_top_level_declarations_declared_later(tmp_path):
    # rolldown/tsdown's namespace object: `declare namespace out_d_exports { export { Output, object$2 as object } }`
    # naming the file's own top-level declarations, declared further down, exported under another name
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare namespace out_d_exports {
  export { Output, object$2 as object, text$1 as text, Helper };
}
interface Output<T = any> { parse(s: string): T; }
declare class Helper { run(): void; }
declare function object$2<T>(opts: { schema: T }): Output<T>;
declare const text$1: () => Output<string>;
export { out_d_exports as Output, type Output as OutputInterface };
"""}, """import { Output } from "pkg";
Output.object({ schema: 1 });
Output.text();
new Output.Helper().run();
Output.getObject({ schema: 1 });
Output.text().parse("x");
Output.text().parsed("x");
""")
    assert flagged(ws) == [(5, "getObject"), (7, "parsed")]


def test_a_namespace_export_clause_naming_an_import_stays_open(tmp_path):
    ws = package_workspace(tmp_path, {"index.d.ts": """
import { thing } from "./other";
declare namespace ns_exports { export { thing, local$1 as local }; }
declare const local$1: number;
export { ns_exports as NS };
""", "other.d.ts": "export declare const thing: number;\n"}, """import { NS } from "pkg";
NS.local;
NS.whatever;
""")
    assert flagged(ws) == []


def test_a_class_extending_an_error_class_has_the_error_constructors_statics_only(tmp_path):
    # `class NoImageError extends AISDKError` (another package's, which `extends Error`): its static side is its
    # own statics, the base's, and ErrorConstructor's and a function's; `hasInstance` is a symbol key, no name
    tree = {"node_modules/dep/package.json": json.dumps({"name": "dep", "types": "index.d.ts"}),
            "node_modules/dep/index.d.ts": """export declare class BaseError extends Error {
  static isInstance(error: unknown): error is BaseError;
}
"""}
    for rel, text in tree.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    ws = package_workspace(tmp_path, {"index.d.ts": """import { BaseError as BaseError$1 } from "dep";
export declare class NoThingError extends BaseError$1 { readonly calls: number; }
export declare class Plain extends TypeError { static make(): Plain; }
"""}, """import { NoThingError, Plain } from "pkg";
NoThingError.isInstance(1);
NoThingError.captureStackTrace({});
NoThingError.name;
NoThingError.hasInstance(1);
Plain.make().message;
Plain.stackTraceLimit;
Plain.makes();
""")
    assert flagged(ws) == [(5, "hasInstance"), (8, "makes")]


def test_an_interface_merged_with_a_namespace_keeps_its_instance_members(tmp_path):
    # immutable: `namespace Record { function isRecord() }` before `interface Record<T> { get(k) }`
    ws = package_workspace(tmp_path, {"index.d.ts": """
export namespace Record {
    function isRecord(x: unknown): boolean;
}
export interface Record<TProps extends object> {
    get(key: string): unknown;
}
export type RecordOf<TProps extends object> = Record<TProps> & Readonly<TProps>;
"""}, """import { Record, RecordOf } from "pkg";
function f(r: Record<{ a: 1 }>, o: RecordOf<{ a: 1 }>) {
  r.get("a");
  r.gett("a");
  o.get("a");
  o.a;
}
Record.isRecord(1);
Record.isRecords(1);
""")
    # `RecordOf` is also `Readonly<TProps>`: the members of its argument, so any name may be real
    assert flagged(ws) == [(4, "gett"), (9, "isRecords")]


def test_a_computed_member_name_leaves_the_type_open_unless_it_is_a_symbol(tmp_path):
    # mongodb: `type AbstractCursorEvents = { [AbstractCursor.CLOSE](): void }` ("close", which we cannot evaluate)
    ws = package_workspace(tmp_path, {"index.d.ts": """
export declare class Cursor { static readonly CLOSE: "close"; next(): void; [Symbol.asyncIterator](): any; }
export declare type CursorEvents = { [Cursor.CLOSE](): void; ["content-type"]: string; };
"""}, """import { Cursor, CursorEvents } from "pkg";
function f(e: CursorEvents, c: Cursor) {
  e.close();
  c.next();
  c.nextt();
}
""")
    assert flagged(ws) == [(5, "nextt")]


def test_in_a_type_position_a_name_means_its_type_not_its_value(tmp_path):
    # chart.js: `type BarController = DatasetController` beside `const BarController: ChartComponent & {...}`
    ws = package_workspace(tmp_path, {"index.d.ts": """
export declare class DatasetController { update(mode: string): void; }
export interface ChartComponent { id: string; }
export type BarController = DatasetController;
export declare const BarController: ChartComponent & { new (): BarController };
"""}, """import { BarController } from "pkg";
function f(c: BarController) {
  c.update("x");
  c.updates("x");
}
""")
    assert flagged(ws) == [(4, "updates")]


def test_a_qualified_type_through_a_named_namespace_import(tmp_path):
    # leaflet: `import { Control } from "leaflet"; (o: Control.ZoomOptions)`
    ws = package_workspace(tmp_path, {"index.d.ts": """
export class Control { remove(): this; }
export namespace Control {
    interface ZoomOptions { zoomInText?: string; }
}
"""}, """import { Control } from "pkg";
function f(o: Control.ZoomOptions) {
  o.zoomInText;
  o.zoomInTexts;
}
""")
    assert flagged(ws) == [(4, "zoomInTexts")]


def test_a_namespace_import_re_exported_is_a_namespace_object(tmp_path):
    # chart.js: `import * as controllers from './controllers/index.js'; export { controllers }`
    ws = package_workspace(tmp_path, {
        "index.d.ts": "import * as controllers from './controllers/index.js';\nexport { controllers };\n",
        "controllers/index.d.ts": "export declare class BarController { update(): void; }\n",
    }, """import { controllers } from "pkg";
function f(c: controllers.BarController) {
  c.update();
  c.updat();
}
new controllers.BarController().update();
new controllers.BarControler();
""")
    assert flagged(ws) == [(4, "updat"), (7, "BarControler")]


def test_an_omit_or_pick_base_has_the_members_of_its_argument(tmp_path):
    # mongodb: `interface AggregateOptions extends Omit<CommandOperationOptions, 'explain'>`
    ws = package_workspace(tmp_path, {"index.d.ts": """
export interface CommandOperationOptions { explain?: boolean; comment?: string; }
export interface AggregateOptions extends Omit<CommandOperationOptions, 'explain'> { allowDiskUse?: boolean; }
export interface Unknowable extends Omit<Elsewhere, 'x'> { y?: number; }
"""}, """import { AggregateOptions, Unknowable } from "pkg";
function f(o: AggregateOptions, u: Unknowable) {
  o.comment;
  o.allowDiskUse;
  o.allowDiskUsage;
  u.anything;
}
""")
    assert flagged(ws) == [(5, "allowDiskUsage")]


def test_a_const_typed_by_an_intersection_with_a_construct_signature_has_a_static_side(tmp_path):
    # chart.js: `const BarController: ChartComponent & { prototype: ...; new (...): BarController }`: its value
    # has ChartComponent's members and `prototype`, and `new` makes the type of the same name
    ws = package_workspace(tmp_path, {"index.d.ts": """
export interface ChartComponent { id: string; defaults?: object; beforeRegister?(): void; }
export declare class DatasetController { update(mode: string): void; }
export type BarController = DatasetController
export declare const BarController: ChartComponent & {
  prototype: BarController;
  new (chart: object, datasetIndex: number): BarController;
};
export declare const Loose: Record<string, any> & { new (): DatasetController };
"""}, """import { BarController, Loose } from "pkg";
BarController.id;
BarController.beforeRegister;
BarController.prototype;
BarController.zzProbe;
const c = new BarController({}, 0);
c.update("x");
c.zzUpdate();
Loose.anything;
""")
    assert flagged(ws) == [(5, "zzProbe"), (8, "zzUpdate")]


def test_a_function_of_a_class_name_is_its_call_signature_and_keeps_the_statics(tmp_path):
    # decimal.js: `declare class Decimal { static abs(...) }` and `declare function Decimal(n): Decimal`:
    # `Decimal.x` reads the class's static side, `Decimal(1)` still makes a Decimal
    ws = package_workspace(tmp_path, {"index.d.ts": """
export default Decimal;
export namespace Decimal {
  export type Value = string | number | Decimal;
  export interface Config { precision?: number; }
}
export declare class Decimal {
  constructor(n: Decimal.Value);
  abs(): Decimal;
  static abs(n: Decimal.Value): Decimal;
  static set(object: Decimal.Config): void;
  static readonly ROUND_UP: 0;
}
export declare function Decimal(n: Decimal.Value): Decimal;
"""}, """import { Decimal } from "pkg";
import D from "pkg";
Decimal.abs(1);
Decimal.ROUND_UP;
Decimal.set({ precision: 3 });
Decimal.zzProbe;
D.abs(1).abs();
D.zzProbe;
Decimal(1).abs();
Decimal(1).zzProbe;
new Decimal(1).zzProbe;
""")
    assert flagged(ws) == [(6, "zzProbe"), (8, "zzProbe"), (10, "zzProbe"), (11, "zzProbe")]


def test_a_function_merged_with_a_namespace_has_the_namespace_members(tmp_path):
    # leaflet: `function tileLayer(url): TileLayer` and `namespace tileLayer { function wms(url): TileLayer }`:
    # `tileLayer.wms` is the namespace's member, `tileLayer(url)` still makes a TileLayer
    ws = package_workspace(tmp_path, {"index.d.ts": """
export declare class TileLayer { redraw(): this; }
export declare function tileLayer(url: string): TileLayer;
export declare namespace tileLayer {
    function wms(url: string): TileLayer;
}
export declare function plain(url: string): TileLayer;
"""}, """import { tileLayer, plain } from "pkg";
tileLayer.wms("u").redraw();
tileLayer.zzProbe;
tileLayer("u").redraw();
tileLayer("u").zzProbe;
plain("u").zzProbe;
""")
    assert flagged(ws) == [(3, "zzProbe"), (5, "zzProbe"), (6, "zzProbe")]


def test_one_name_in_two_namespaces_is_two_types(tmp_path):
    # immutable: `Collection.Indexed` and `Seq.Indexed` are different interfaces (the second extends the first);
    # one merged `Indexed` would be its own base, so `List extends Collection.Indexed` would be left open
    ws = package_workspace(tmp_path, {"index.d.ts": """
declare namespace Immutable {
  interface Collection<K, V> { size: number; get(key: K): V | undefined; }
  namespace Collection {
    interface Indexed<T> extends Collection<number, T> { indexOf(value: T): number; }
  }
  interface Seq<K, V> extends Collection<K, V> { cacheResult(): this; }
  namespace Seq {
    interface Indexed<T> extends Seq<number, T>, Collection.Indexed<T> { toIndexedSeq(): Seq.Indexed<T>; }
  }
  function List<T>(values?: Iterable<T>): List<T>;
  interface List<T> extends Collection.Indexed<T> { push(value: T): List<T>; }
  function Range(start: number, end: number): Seq.Indexed<number>;
}
export = Immutable;
"""}, """import { List, Range } from "pkg";
function f(l: List<number>) {
  l.push(2).indexOf(1);
  l.size;
  l.toIndexedSeq();
}
const r = Range(0, 3);
r.toIndexedSeq().cacheResult().indexOf(1);
r.zzProbe;
""")
    assert flagged(ws) == [(5, "toIndexedSeq"), (9, "zzProbe")]


def test_a_namespace_the_runtime_exports_as_a_function_keeps_its_declared_sides(tmp_path):
    # immutable: `Collection` is a namespace (with a call signature) in the typings (`export =`) and a function
    # in the ESM build; `arg: Collection.Indexed` names the namespace's interface and `Collection.x` reads the
    # namespace's members, not the unknown members of the function
    tree = {"node_modules/pkg/index.d.ts": """
declare namespace Immutable {
  function Collection(value: unknown): Collection;
  interface Collection { size: number; }
  namespace Collection {
    interface Indexed extends Collection { indexOf(value: unknown): number; }
    function isIndexed(value: unknown): boolean;
  }
}
export = Immutable;
""", "node_modules/pkg/index.mjs": "export function Collection(value) { return value; }\n",
            "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts", "module": "index.mjs",
                                                         "main": "index.mjs"}),
            "src/app.ts": """import { Collection } from "pkg";
function f(arg: Collection.Indexed) {
  arg.indexOf(1);
  arg.size;
  arg.zzProbe;
}
Collection.isIndexed(1);
Collection.zzStatic;
Collection(1).size;
Collection(1).zzCalled;
"""}
    ws = make_workspace(tmp_path, tree, '[typescript]\nunknown_symbols = "all"\n')
    assert flagged(ws) == [(5, "zzProbe"), (8, "zzStatic"), (10, "zzCalled")]


def test_a_base_named_like_a_platform_collection_is_the_package_own_type(tmp_path):
    # immutable: `interface OrderedMap<K, V> extends Map<K, V>` extends immutable's own Map, not JavaScript's
    ws = package_workspace(tmp_path, {"index.d.ts": """
export interface Map<K, V> { merge(other: Map<K, V>): this; get(key: K): V | undefined; }
export interface OrderedMap<K, V> extends Map<K, V> { sortBy(f: (v: V) => number): this; }
export interface Listed<T> extends Array<T> { first(): T; }
"""}, """import { OrderedMap, Listed } from "pkg";
function f(m: OrderedMap<string, number>, l: Listed<number>) {
  m.merge(m);
  m.sortBy((v) => v);
  m.get("a");
  m.zzProbe;
  l.first();
  l.zzProbe;
}
""")
    # (`Listed<T> extends Array<T>`: the platform array's members and its own, all known; see
    # test_symbols_wide_forms.py::test_intersection_with_a_promise_is_closed)
    assert flagged(ws) == [(6, "zzProbe"), (8, "zzProbe")]
