"""Forms the wide mutation evaluation (tests/corpus/wide: the engine evaluation over the oracles' packages'
READMEs) found read wrongly on its dev packages, each on a minimal package checked through the real
`unknown-symbol` check: a name the package has is never flagged; an invented name on a closed type still is."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings


def flagged(tmp_path, files: dict[str, str], app: str, name: str = "pkg", manifest: dict | None = None,
            app_name: str = "src/app.js") -> list[tuple[int, str]]:
    tree = {f"node_modules/{name}/{rel}": text for rel, text in files.items()}
    tree[f"node_modules/{name}/package.json"] = json.dumps(manifest or {"name": name, "types": "index.d.ts"})
    tree[app_name] = app
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, app_name)]


def test_export_import_alias_in_a_namespace_is_a_member(tmp_path):
    # winston's typings hoist a dependency's namespace: `export import format = logform.format`
    assert flagged(tmp_path, {"index.d.ts": """
import * as logform from 'logform';
declare namespace winston {
  export import format = logform.format;
  class Logger { add(t: any): this; }
  let createLogger: (options?: any) => Logger;
}
export = winston;
"""}, """const winston = require('pkg');
const logger = winston.createLogger({});
winston.makeLogger({});
logger.add(1);
logger.ad(1);
winston.format.json();
""") == [(3, "makeLogger"), (5, "ad")]


def test_umd_factory_result_is_the_module_value(tmp_path):
    # tinycolor2's CommonJS build: `module.exports = factory()` inside a UMD wrapper; the factory returns the
    # constructor it declares, whose statics and prototype are then known
    umd = """(function (global, factory) {
  typeof exports === 'object' && typeof module !== 'undefined' ? module.exports = factory() :
  typeof define === 'function' && define.amd ? define(factory) :
  (global = typeof globalThis !== 'undefined' ? globalThis : global || self, global.tinycolor = factory());
})(this, (function () { 'use strict';
  function tinycolor(color) {
    if (!(this instanceof tinycolor)) return new tinycolor(color);
    this._r = 0;
  }
  tinycolor.prototype = {
    lighten: function () { return this; },
    toHex: function () { return ''; }
  };
  tinycolor.fromRatio = function (c) { return tinycolor(c); };
  return tinycolor;
}));
"""
    assert flagged(tmp_path, {"index.js": umd}, """var tinycolor = require('pkg');
tinycolor.fromRatio({}).toHex();
tinycolor.fromRatioo({});
new tinycolor('red').lighten().toHex();
new tinycolor('red').lightenn();
""", manifest={"name": "pkg", "main": "index.js"}) == [(3, "fromRatioo"), (5, "lightenn")]


def test_umd_factory_returning_something_else_stays_open(tmp_path):
    # a factory that returns what it does not declare (an object built elsewhere) is not followed: no flag
    umd = """(function (root, factory) {
  if (typeof module === 'object' && module.exports) { module.exports = factory(); } else { root.lib = factory(); }
}(this, function () {
  var api = makeApi();
  function helper() {}
  return api;
}));
"""
    assert flagged(tmp_path, {"index.js": umd}, """var lib = require('pkg');
lib.anything();
lib.whatever.deep();
""", manifest={"name": "pkg", "main": "index.js"}) == []


def test_statics_assigned_in_a_declaration_or_a_chain_are_members(tmp_path):
    # tinycolor2: `var names = tinycolor.names = {...}`; `X.a = X.b = function` chains
    code = """function Kit() {}
Kit.prototype.run = function () {};
var names = Kit.names = { red: 1 };
Kit.first = Kit.second = function () {};
module.exports = Kit;
"""
    assert flagged(tmp_path, {"index.js": code}, """var Kit = require('pkg');
Kit.names.red;
Kit.first();
Kit.second();
Kit.thrid();
""", manifest={"name": "pkg", "main": "index.js"}) == [(5, "thrid")]


def test_a_fragment_s_free_name_of_the_package_is_its_whole_value(tmp_path):
    # dayjs's README: `dayjs().startOf('month').format()` with no import; the package's `export =` is a function
    dts = """declare function dayjs(date?: string): dayjs.Dayjs;
declare namespace dayjs {
  class Dayjs { startOf(unit: string): Dayjs; format(template?: string): string; }
  function extend(plugin: any): Dayjs;
}
export = dayjs;
"""
    app = """dayjs().startOf('month').format();
dayjs().startOff('month');
dayjs.extend(1);
dayjs.extnd(1);
"""
    tree = {"node_modules/dayjs/index.d.ts": dts,
            "node_modules/dayjs/package.json": json.dumps({"name": "dayjs", "types": "index.d.ts"}),
            "src/uses.js": "import 'dayjs';\n", "src/app.js": app}
    ws = make_workspace(tmp_path, tree)
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")] == [(2, "startOff"), (4, "extnd")]


def test_a_free_name_of_a_package_whose_value_is_a_class_stays_unknown(tmp_path):
    # `ws.send()` in a fragment: `ws` is the README's socket (an instance), not the package's class
    dts = """declare class WebSocket { send(data: any): void; static readonly OPEN: number; }
export = WebSocket;
"""
    tree = {"node_modules/ws/index.d.ts": dts,
            "node_modules/ws/package.json": json.dumps({"name": "ws", "types": "index.d.ts"}),
            "src/uses.js": "import 'ws';\n", "src/app.js": "ws.send('x');\nws.close();\n"}
    ws = make_workspace(tmp_path, tree)
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")] == []


def test_a_runtime_object_static_beside_typings_keeps_its_known_keys(tmp_path):
    # tinycolor2 with @types/tinycolor2: the runtime's `var names = tinycolor.names = {...}` merges into the
    # declared namespace; its synthesized type of known keys comes with it (else `names` would read as open)
    dts = """declare namespace tinycolor { interface Constructor { (c?: string): Instance; names: { red: string }; }
  interface Instance { toHex(): string; } }
declare const tinycolor: tinycolor.Constructor;
export = tinycolor;
"""
    js = """(function (global, factory) {
  typeof exports === 'object' && typeof module !== 'undefined' ? module.exports = factory() : global.tinycolor = factory();
})(this, (function () {
  function tinycolor(c) { this._r = 0; }
  tinycolor.prototype = { toHex: function () { return ''; } };
  var names = tinycolor.names = { red: 'f00' };
  return tinycolor;
}));
"""
    tree = {"node_modules/pkg/index.d.ts": dts, "node_modules/pkg/index.js": js,
            "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts", "main": "index.js"}),
            "src/app.ts": "import * as ns from 'pkg';\nns.names.red;\nns.names.rde;\n"}
    ws = make_workspace(tmp_path, tree, '[typescript]\nunknown_symbols = "all"\n')
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.ts")] == [(3, "rde")]


def test_vocabulary_check_reads_chains_of_method_calls_on_an_untyped_receiver(tmp_path):
    # big.js's README: `x.div(y).plus(z)` with `x` from elsewhere: a near miss of an engine member on a method's
    # result is reported as on the receiver itself; a platform name and a call of no member stay silent
    dts = """declare class Big { div(n: any): Big; plus(n: any): Big; times(n: any): Big; }
export = Big;
"""
    tree = {"node_modules/big/index.d.ts": dts,
            "node_modules/big/package.json": json.dumps({"name": "big", "types": "index.d.ts"}),
            "src/app.js": """import Big from 'big';
export function f(x, y) {
  x.div(y).plus(y);
  x.div(y).Plus(y);
  x.div(y).toStrin();
  make().Plus(1);
}
"""}
    ws = make_workspace(tmp_path, tree)
    found = [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(4, "Plus", ["plus"])]


def test_another_module_file_s_export_equals_const_is_not_the_package_s(tmp_path):
    # winston: the entry's `declare namespace winston` + `export = winston`; its config file, imported as a
    # module, has its own `declare const winston: winston.Config; export = winston`
    entry = """import * as Config from './config';
declare namespace winston {
  export import config = Config;
  class Logger { add(t: any): this; }
  let createLogger: (options?: any) => Logger;
}
export = winston;
"""
    config = """declare namespace winston {
  interface Config { npm: any; addColors(c: any): void; }
}
declare const winston: winston.Config;
export = winston;
"""
    assert flagged(tmp_path, {"index.d.ts": entry, "config.d.ts": config}, """const winston = require('pkg');
winston.createLogger({}).add(1);
winston.makeLogger({});
winston.config.npm;
""") == [(3, "makeLogger")]


def test_a_script_file_s_const_of_the_namespace_s_name_is_still_its_value(tmp_path):
    # a script (no import/export) declaring the const merges with the entry's namespace, as in tsc
    entry = """/// <reference path="./core.d.ts" />
declare namespace lib { interface Options { a: number; } }
export = lib;
"""
    core = """declare const lib: LibStatic;
interface LibStatic { run(): void; }
"""
    assert flagged(tmp_path, {"index.d.ts": entry, "core.d.ts": core}, """const lib = require('pkg');
lib.run();
""") == []


def test_intersection_with_a_promise_is_closed(tmp_path):
    # ky: `ky.post(...)` returns `Promise<KyResponse> & { json(): ..., text(): ... }`; the promise's members are
    # the platform's, the others all listed, so an invented one is reported and `then` / `catch` are not
    assert flagged(tmp_path, {"index.d.ts": """
export type KyResponse = Response & { json<T>(): Promise<T> };
export type ResponsePromise<T = unknown> = {
  json: <J = T>() => Promise<J>;
  text: () => Promise<string>;
} & Promise<KyResponse>;
export interface KyInstance {
  (url: string): ResponsePromise;
  post: (url: string, options?: object) => ResponsePromise;
}
declare const ky: KyInstance;
export default ky;
"""}, """import ky from 'pkg';
async function main() {
  const a = await ky.post('https://example.com', {}).json();
  const b = await ky.post('https://example.com').jsons();
  ky('https://example.com').then(r => r).catch(e => e).finally(() => 1);
  const c = await ky('https://example.com').text();
  const d = await ky('https://example.com').texts();
}
""") == [(4, "jsons"), (7, "texts")]


def test_hoisted_file_namespace_is_that_files_export_value(tmp_path):
    # winston: `import * as Transports from './transports'` hoisted by `export import transports = Transports`;
    # that file's own `declare const winston: winston.Transports; export = winston` types the member, so
    # `winston.transports.File` is a constructor of a known instance and an invented transport is reported
    transports = """
declare namespace winston {
  interface FileTransportOptions { filename?: string; }
  interface FileTransportInstance {
    filename: string;
    new (options?: FileTransportOptions): FileTransportInstance;
  }
  interface Transports {
    FileTransportOptions: FileTransportOptions;
    File: FileTransportInstance;
  }
}
declare const winston: winston.Transports;
export = winston;
"""
    entry = """
import * as logform from 'logform';
import * as Transports from './transports';
declare namespace winston {
  export import format = logform.format;
  export import transports = Transports;
  class Logger { add(t: any): this; }
  let createLogger: (options?: any) => Logger;
}
export = winston;
"""
    assert flagged(tmp_path, {"index.d.ts": entry, "transports.d.ts": transports}, """const winston = require('pkg');
const logger = winston.createLogger({ format: winston.format.json() });
logger.add(new winston.transports.File({ filename: 'a.log' }));
logger.add(new winston.transports.Files({ filename: 'a.log' }));
const file = new winston.transports.File({ filename: 'b.log' });
console.log(file.filename, file.filenames);
""") == [(4, "Files"), (6, "filenames")]


def test_overloads_of_a_function_returning_a_type_and_its_subtype(tmp_path):
    # immutable: `function Map(collection?): Map<K, V>` and `function Map(obj: R): MapOf<R>` (MapOf extends Map)
    # beside `namespace Map` and `interface Map`: `Map({a: 1})` fits both, so its members are MapOf's (every
    # Map member among them); a name neither has is reported, one only MapOf declares is not. (Its base
    # `Map<...>` is immutable's own Map, not the platform's: `set`-like platform names are not let through)
    assert flagged(tmp_path, {"index.d.ts": """
declare namespace Immutable {
  function Map<K, V>(collection?: Iterable<[K, V]>): Map<K, V>;
  function Map<R extends object>(obj: R): MapOf<R>;
  namespace Map {
    function isMap(maybeMap: unknown): boolean;
  }
  interface Map<K, V> {
    set(key: K, value: V): this;
    equals(other: unknown): boolean;
  }
  interface MapOf<R> extends Map<keyof R, unknown> {
    getIn(path: Array<string>): unknown;
  }
}
export = Immutable;
"""}, """import { Map } from 'pkg';
const map1 = Map({ a: 1 });
map1.equals(map1);
map1.getIn(['a']);
map1.getEquals(map1);
Map.isMap(map1);
const map2 = Map([['a', 1]]);
map2.sets('a', 2);
""") == [(5, "getEquals"), (8, "sets")]


def test_runtime_base_class_and_mixin_copier_close_a_typed_class(tmp_path):
    # immutable's build: compiled classes (`var List = (function (Collection) {...}(Collection))`) whose base is
    # an internal class the typings never name, given its members by a local `mixin(Collection, {...})` that
    # copies the literal's keys onto the prototype. The base is kept (its members are names the engine has) and
    # the mixin read, so the typed class stays closed: an invented name is reported, the build's own is not
    runtime = """function mixin(ctor, methods) {
  var keyCopier = function (key) { ctor.prototype[key] = methods[key]; };
  Object.keys(methods).forEach(keyCopier);
  return ctor;
}
var Collection = (function () { function Collection() {} return Collection; }());
var List = (function (Collection) {
  function List() {}
  if (Collection) List.__proto__ = Collection;
  List.prototype = Object.create(Collection && Collection.prototype);
  List.prototype.constructor = List;
  List.prototype.push = function (v) { return this; };
  return List;
}(Collection));
mixin(Collection, { toArray: function () { return []; }, runtimeOnly: function () { return 1; } });
export { List };
"""
    typings = """export declare class List {
  push(v: any): this;
  toArray(): any[];
}
"""
    assert flagged(tmp_path, {"index.d.ts": typings, "index.js": runtime}, """import { List } from 'pkg';
const list = new List();
list.push(1).toArray();
list.runtimeOnly();
list.pushs(2);
""", manifest={"name": "pkg", "types": "index.d.ts", "main": "index.js"}) == [(5, "pushs")]


def test_runtime_function_does_not_hide_the_typed_namespace_of_its_name(tmp_path):
    # knex: the typings' `declare function knex(config): Knex` beside `declare namespace knex` (its call
    # signature), the build's own `function knex(config) {...}`: the typed namespace stays the value, so
    # `require('knex')({...})` is a Knex whose members are checked (any invented name, not only near misses)
    typings = """declare function knex(config: object): knex.Knex;
declare namespace knex {
  interface SchemaBuilder { createTable(name: string): SchemaBuilder; }
  interface Knex { schema: SchemaBuilder; destroy(): void; }
  const VERSION: string;
}
export = knex;
"""
    builder = """function knex(config) { return { schema: {}, destroy: function () {} }; }
knex.VERSION = '1';
module.exports = knex;
"""
    entry = """const knex = require('./lib/knex');
knex.knex = knex;
module.exports = knex;
"""
    assert flagged(tmp_path, {"index.d.ts": typings, "index.js": entry, "lib/knex.js": builder}, """const db = require('pkg')({ client: 'sqlite3' });
db.schema.createTable('users');
db.zzProbe.createTable('users');
db.schema.zzCreate('users');
db.destroy();
""", manifest={"name": "pkg", "types": "index.d.ts", "main": "index.js"}) == [(3, "zzProbe"), (4, "zzCreate")]


def test_named_function_expression_constructor_keeps_its_statics(tmp_path):
    # immutable's build: `var Collection = function Collection(value) {...}` with `Collection.Keyed = ...`
    # statics and `mixin(Collection, {...})` for its prototype; a compiled subclass inherits the statics
    # (`Stack.__proto__ = Collection`): `Stack.Keyed` is real, an invented static is not
    runtime = """function mixin(ctor, methods) {
  var keyCopier = function (key) { ctor.prototype[key] = methods[key]; };
  Object.keys(methods).forEach(keyCopier);
  return ctor;
}
var Collection = function Collection(value) { return value; };
var Stack = (function (Collection) {
  function Stack() {}
  if (Collection) Stack.__proto__ = Collection;
  Stack.prototype = Object.create(Collection && Collection.prototype);
  Stack.prototype.constructor = Stack;
  Stack.prototype.peek = function () { return 1; };
  return Stack;
}(Collection));
Collection.Keyed = Stack;
mixin(Collection, { toArray: function () { return []; } });
module.exports = { Collection: Collection, Stack: Stack };
"""
    assert flagged(tmp_path, {"index.js": runtime}, """const { Stack } = require('pkg');
const Keyed = Stack.Keyed;
const s = new Stack();
s.peek();
s.toArray();
s.zzPeek();
""", manifest={"name": "pkg", "main": "index.js"}) == [(6, "zzPeek")]


def test_a_pick_of_a_promise_base_is_closed(tmp_path):
    # knex: `interface ChainableInterface<T> extends Pick<Promise<T>, keyof Promise<T> & ExposedPromiseKeys>`
    # under every builder: some of the promise's members (platform names), the builder's own all listed
    assert flagged(tmp_path, {"index.d.ts": """
type ExposedPromiseKeys = 'then' | 'catch' | 'finally';
export interface ChainableInterface<T = any> extends Pick<Promise<T>, keyof Promise<T> & ExposedPromiseKeys> {
  toQuery(): string;
}
export interface SchemaBuilder extends ChainableInterface<void> {
  createTable(name: string): SchemaBuilder;
}
export declare function schema(): SchemaBuilder;
"""}, """import { schema } from 'pkg';
schema().createTable('a').then(() => 1);
schema().createTables('a');
schema().toQuery();
""") == [(3, "createTables")]


def test_hoisted_namespace_of_another_package_is_that_export(tmp_path):
    # winston: `import * as logform from 'logform'` then `export import format = logform.format`, logform's
    # `export function format(...)` + `export namespace format { function json(): Format; ... }`: the member
    # is that namespace (callable), so `winston.format.json()` is checked and `winston.format.jsons()` is not real
    tree = {
        "node_modules/logform/package.json": json.dumps({"name": "logform", "types": "index.d.ts"}),
        "node_modules/logform/index.d.ts": """
export class Format { transform: (info: object) => object; }
export function format(transform: (info: object) => object): () => Format;
export namespace format {
  function json(): Format;
  function simple(): Format;
}
""",
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
        "node_modules/pkg/index.d.ts": """
import * as logform from 'logform';
declare namespace winston {
  export import format = logform.format;
  let createLogger: (options?: any) => object;
}
export = winston;
""",
        "src/app.js": """const winston = require('pkg');
winston.createLogger({ format: winston.format.json() });
winston.format.simple().transform({});
winston.format.jsons();
""",
    }
    ws = make_workspace(tmp_path, tree)
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")] == [(4, "jsons")]


def test_options_callbacks_are_typed_by_the_declared_options_type(tmp_path):
    # ky: `ky(url, { onDownloadProgress: (progress, chunk) => ... })`, the callee (a call signature) declaring
    # `options?: Options` with `onDownloadProgress?: (progress: Progress, chunk: Uint8Array) => void`: the
    # callback's `progress` is a Progress, as TypeScript types it from context
    assert flagged(tmp_path, {"index.d.ts": """
export interface Progress { percent: number; totalBytes: number; }
export interface Options { onDownloadProgress?: (progress: Progress, chunk: Uint8Array) => void; }
export interface KyInstance {
  (url: string, options?: Options): Promise<unknown>;
  get: (url: string, options?: Options) => Promise<unknown>;
}
declare const ky: KyInstance;
export default ky;
"""}, """import ky from 'pkg';
await ky('https://example.com', {
  onDownloadProgress: (progress, chunk) => { console.log(progress.percent, progress.totalBytes); }
});
await ky.get('https://example.com', { onDownloadProgress: (progress) => progress.zzPercent });
await ky('https://example.com', { onDownloadProgress: function (progress) { return progress.zzTotal; } });
""") == [(5, "zzPercent"), (6, "zzTotal")]


def test_a_call_signature_of_an_instance_with_written_type_arguments_types_its_options_callbacks(tmp_path):
    # fastify (round 10's held-out run): `fastify()` returns `FastifyInstance<Server, ...>`, an instance whose
    # type arguments are written; calling an instance that has a call signature took those positional
    # arguments for the function's name -> type bindings and the whole check failed on the file (ValueError)
    assert flagged(tmp_path, {"index.d.ts": """
export interface Reply<R> { send(payload: R): void; statusCode: number; }
export interface Options<R> { handler?: (reply: Reply<R>) => void; }
export interface App<R = string> {
  (url: string, options?: Options<R>): void;
  close(): void;
}
export declare function make(): App<number>;
"""}, """import { make } from 'pkg';
const app = make();
app('/a', { handler: (reply) => { reply.send(1); return reply.statusCode; } });
app('/b', { handler: (reply) => reply.zzSend(2) });
app.close();
app.zzClose();
""") == [(4, "zzSend"), (6, "zzClose")]
