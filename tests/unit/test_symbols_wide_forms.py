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
