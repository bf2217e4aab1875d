"""A command API reached only by declaration merging (ioredis's shape, round 9), each rule on minimal files
through the real pipeline: a class merged with an interface whose generic `extends` chain carries the members,
class heritage with type arguments, a computed key that is a `unique symbol` const, a CommonJS entry exporting
another file's default export, `extends X_1.default` of tsc's CJS output, and members a runtime method adds
under names given as strings (`defineCommand("echo")`, a constructor forwarding its options' keys)."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import extract_dts
from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

# the typings: `Client` reaches its commands only through `Commander`'s merged interface
COMMANDS = """
export interface ResultTypes<T, Context> { default: Promise<T>; pipeline: Chainable; }
export type ClientContext = { type: keyof ResultTypes<unknown, unknown> };
export type Result<T, Context extends ClientContext> = ResultTypes<T, Context>[Context["type"]];
export interface Chainable extends Commands<{ type: "pipeline" }> { exec(): Promise<unknown>; }
interface Commands<Context extends ClientContext = { type: "default" }> {
    get(key: string): Result<string | null, Context>;
    set(key: string, value: string): Result<"OK", Context>;
    publish(channel: string, message: string): Result<number, Context>;
}
export default Commands;
"""
COMMANDER = """
import Commands, { ClientContext } from "./commands";
declare class Commander<Context extends ClientContext = { type: "default" }> {
    defineCommand(name: string, definition: { lua: string }): void;
}
interface Commander<Context> extends Commands<Context> {
}
export default Commander;
"""
CLIENT = """
import { EventEmitter } from "events";
import Commander from "./commander";
import { Chainable } from "./commands";
import { hidden } from "./symbols";
declare class Client extends Commander<{ type: "default" }> {
    private [hidden];
    constructor(options?: { scripts?: Record<string, { lua: string }> });
    disconnect(): void;
}
interface Client extends EventEmitter {
}
interface Client extends Transaction {
}
export interface Transaction { pipeline(): Chainable; multi(): Chainable; }
export default Client;
"""
INDEX_DTS = ('export { default } from "./client";\nexport { default as Client } from "./client";\n'
             'export { default as Pipeline } from "./pipeline";\n')
# the class the runtime makes pipelines with, declared without the `multi` its build has
PIPELINE_DTS = """
import Commander from "./commander";
declare class Pipeline extends Commander<{ type: "pipeline" }> {
    exec(): Promise<unknown>;
}
export default Pipeline;
"""
SYMBOLS = "export declare const hidden: unique symbol;\nexport declare const named: string;\n"
# the runtime: tsc's CommonJS output, the package's value being the client class itself
INDEX_JS = """"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports = module.exports = require("./client").default;
var client_1 = require("./client");
Object.defineProperty(exports, "Client", { enumerable: true, get: function () { return client_1.default; } });
"""
COMMANDER_JS = """"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
class Commander {
    defineCommand(name, definition) {
        this[name] = function () {};
        this[name + "Buffer"] = function () {};
    }
}
exports.default = Commander;
"""
PIPELINE_JS = """"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const commander_1 = require("./commander");
class Pipeline extends commander_1.default {
    multi() { return this; }
    exec() { return Promise.resolve([]); }
}
exports.default = Pipeline;
"""
UTILS_DTS = "export declare function convertMapToArray<K, V>(map: Map<K, V>): (K | V)[];\n"
CLIENT_JS = """"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const events_1 = require("events");
const commander_1 = require("./commander");
const pipeline_1 = require("./pipeline");
class Client extends commander_1.default {
    constructor(options = {}) {
        super();
        this.options = options;
        Object.entries(options.scripts || {}).forEach(([name, definition]) => {
            this.defineCommand(name, definition);
        });
    }
    disconnect() {}
}
exports.default = Client;
"""


def workspace(tmp_path, app: str, runtime: bool = True):
    pkg = {"name": "kv", "main": "./built/index.js", "types": "./built/index.d.ts"}
    files = {"index.d.ts": INDEX_DTS, "commands.d.ts": COMMANDS, "commander.d.ts": COMMANDER,
             "client.d.ts": CLIENT, "symbols.d.ts": SYMBOLS, "pipeline.d.ts": PIPELINE_DTS}
    if runtime:
        files |= {"index.js": INDEX_JS, "commander.js": COMMANDER_JS, "client.js": CLIENT_JS,
                  "pipeline.js": PIPELINE_JS}
    return make_workspace(tmp_path, {"node_modules/kv/package.json": json.dumps(pkg),
                                     **{f"node_modules/kv/built/{k}": v for k, v in files.items()},
                                     "src/app.js": app})


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_members_of_a_merged_interfaces_generic_base_are_known(tmp_path):
    ws = workspace(tmp_path, "import Client from 'kv';\nconst c = new Client();\n"
                             "c.publish('ch', 'm');\nc.on('error', () => {});\nc.disconnect();\n"
                             "c.pubish('ch', 'm');\nc.getDisconnect();\n", runtime=False)
    # the commands (Commander's merged interface's base), the EventEmitter mixin and the class's own members
    # are known; near misses of them are flagged
    assert found(ws) == [(6, "pubish", ["publish"]), (7, "getDisconnect", ["disconnect"])]


def test_a_merged_interfaces_methods_make_the_objects_they_declare(tmp_path):
    ws = workspace(tmp_path, "import { Client } from 'kv';\nconst c = new Client();\n"
                             "c.pipeline().gett('a');\nc.multi().set('a', 'b');\nc.mutli();\n", runtime=False)
    assert found(ws) == [(3, "gett", ["get"]), (5, "mutli", ["multi"])]


def test_a_result_chosen_through_a_generic_alias_follows_the_context(tmp_path):
    # `Result<T, Context> = ResultTypes<T, Context>[Context["type"]]`: on a pipeline (`{ type: "pipeline" }`)
    # a command gives the Chainable again, on the client (`{ type: "default" }`) a Promise
    ws = workspace(tmp_path, "import Client from 'kv';\nconst c = new Client();\n"
                             "c.get('a').then((v) => v);\nc.pipeline().set('a', 'b').get('a').exec();\n"
                             "c.pipeline().set('a', 'b').gett('a');\n", runtime=False)
    assert found(ws) == [(5, "gett", ["get"])]


def test_an_alias_the_reader_cannot_follow_leaves_the_result_open(tmp_path):
    # a key no written argument spells (`Context` unbound): what the call gives is unknown, never flagged
    ws = workspace(tmp_path, "", runtime=False)
    (tmp_path / "node_modules/kv/built/commands.d.ts").write_text(
        COMMANDS.replace('get(key: string): Result<string | null, Context>;',
                         'get(key: string): Result<string | null, Other>;').replace(
            "export default Commands;", "export type Other = { type: string };\nexport default Commands;"),
        encoding="utf-8")
    (tmp_path / "src/app.js").write_text("import Client from 'kv';\nconst c = new Client();\n"
                                         "c.get('a').whatever();\nc.pipeline().get('a').whatever();\n",
                                         encoding="utf-8")
    assert found(ws) == []


def test_class_heritage_keeps_its_type_arguments(tmp_path):
    ws = workspace(tmp_path, "", runtime=False)
    mod = extract_dts(tmp_path / "node_modules/kv/built/index.d.ts", "kv").module("kv")
    assert mod.types["Client"].bases[0] == 'Commander<{ type: "default" }>'
    assert "Transaction" in mod.types["Client"].bases and "EventEmitter" in mod.types["Client"].bases


def test_a_computed_key_is_a_symbol_only_when_declared_unique_symbol(tmp_path):
    ws = workspace(tmp_path, "", runtime=False)
    mod = extract_dts(tmp_path / "node_modules/kv/built/index.d.ts", "kv").module("kv")
    assert not mod.types["Client"].open  # `private [hidden]`, `hidden: unique symbol`: names no property
    (tmp_path / "node_modules/kv/built/client.d.ts").write_text(CLIENT.replace("[hidden]", "[named]").replace(
        "import { hidden }", "import { named }"), encoding="utf-8")
    mod = extract_dts(tmp_path / "node_modules/kv/built/index.d.ts", "kv").module("kv")
    assert mod.types["Client"].open  # `[named]`, a string const we cannot evaluate: any name may be it


def test_module_exports_of_a_required_files_default_and_its_qualified_base(tmp_path):
    workspace(tmp_path, "")
    mod = extract_js(tmp_path / "node_modules/kv/built/index.js", "kv").modules["kv"]
    assert mod.exports["="] == "Client"
    assert mod.types["Client"].bases == ["Commander"]  # `extends commander_1.default`, named by that file
    adder = next(m for m in mod.types["Commander"].members if m.name == "defineCommand")
    assert adder.adds == ["{0}", "{0}Buffer"]
    ctor = next(m for m in mod.types["Client"].members if m.kind == "constructor")
    assert ctor.adds == ["@defineCommand"]


def test_require_of_the_package_is_the_class_its_entry_exports(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\nconst c = new Client();\n"
                             "c.publish('ch', 'm');\nc.publishs('ch', 'm');\n")
    assert found(ws) == [(4, "publishs", ["publish"])]


def test_a_member_defined_by_a_string_name_is_never_flagged(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\nconst c = new Client();\n"
                             "c.defineCommand('echoTwice', { lua: 'return 1' });\n"
                             "c.echoTwice('k');\nc.echoTwiceBuffer('k');\n"
                             "c.pipeline().echoTwice('k').exec();\nc.pubish('ch', 'm');\n")
    assert found(ws) == [(7, "pubish", ["publish"])]


def test_untyped_receivers_get_the_defined_names_too(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\nnew Client();\n"
                             "function use(client) {\n  client.defineCommand('echoTwice', { lua: '' });\n"
                             "  client.echoTwice('k');\n  client.echoTwiceBuffer('k');\n  client.pubish('c', 'm');\n}\n")
    assert [(line, name) for line, name, _ in found(ws)] == [(7, "pubish")]


def test_names_a_constructor_forwards_from_its_options_are_known(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\n"
                             "const c = new Client({ scripts: { myecho: { lua: 'return 1' } } });\n"
                             "c.myecho('k');\nc.myechoBuffer('k');\nc.pubish('ch', 'm');\n")
    assert found(ws) == [(5, "pubish", ["publish"])]


def test_a_name_the_file_does_not_spell_leaves_its_members_unchecked(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\nconst c = new Client();\n"
                             "function define(name) { c.defineCommand(name, { lua: '' }); }\n"
                             "define('anything');\nc.anything('k');\nc.pubish('ch', 'm');\n")
    assert found(ws) == []


def test_a_name_a_runtime_class_gives_an_interface_typed_object_is_real(tmp_path):
    # the typings' Chainable lacks `multi`; the runtime makes it as a Pipeline, which has it
    ws = workspace(tmp_path, "const Client = require('kv');\nconst c = new Client();\n"
                             "c.pipeline().get('a').multi().exec();\nc.pipeline().get('a').multis();\n")
    assert found(ws) == [(4, "multis", ["multi"])]
    ws = workspace(tmp_path / "typings-only", "import Client from 'kv';\nconst c = new Client();\n"
                                              "c.pipeline().get('a').multi();\n", runtime=False)
    assert found(ws) == [(3, "multi", [])]  # no runtime says otherwise: the typings decide


def test_a_near_miss_of_an_engine_function_on_an_unknown_receiver(tmp_path):
    ws = workspace(tmp_path, "const Client = require('kv');\nnew Client();\n"
                             "const pairs = utils.convertMapToArray(new Map());\n"
                             "const more = utils.convertMpToArray(new Map());\n")
    (tmp_path / "node_modules/kv/built/utils.d.ts").write_text(UTILS_DTS, encoding="utf-8")
    (tmp_path / "node_modules/kv/built/index.d.ts").write_text(
        INDEX_DTS + 'export { convertMapToArray } from "./utils";\n', encoding="utf-8")
    assert found(ws) == [(4, "convertMpToArray", ["convertMapToArray"])]
