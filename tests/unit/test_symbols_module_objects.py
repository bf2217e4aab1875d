"""A scripting host's library typed by tsc from its JSDoc (openhab-js's shape, issue 17): a hand-written entry
types its exports as whole files (`export const items: typeof import("./items/items")`), each file says
`declare namespace _exports {...}; export = _exports` (every file's object named `_exports`) or has named
exports, and joins others by `import metadata = require("./metadata")`; the host injects the exports as
globals (`items.getItem(...)` with no import). And a module whose value is a Proxy with a `get` trap answers
every name (`items.KitchenLight`: the user's Item of that name). Each through the real pipeline on a tiny
workspace."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import extract_dts
from tests.support.symbols_helpers import make_workspace, symbol_findings

ENTRY = """\
export const items: typeof import("./items/items");
export const things: typeof import("./things");
export const actions: typeof import("./actions/actions");
export const rules: typeof import("./rules");
export const util: typeof import("./util");
"""
UTIL = "export function dumpObject(obj: any): void;\n"
# the manual's examples read the injected objects' members free (the host's evidence); none names `util`
README = """\
# host

```js
items.getItem('KitchenLight').sendCommand('ON');
actions.notificationBuilder('Hello').send();
rules.when().cron('0 * * * * ?');
things.getThing('hue:bridge:1').label;
```
"""
ITEMS = """\
declare namespace _exports {
    export { getItem };
    export { Item };
    export { metadata };
}
export = _exports;
declare function getItem(name: string, nullIfMissing?: boolean): Item;
declare class Item {
    sendCommand(value: string): void;
    get state(): string;
}
import metadata = require("./metadata");
//# sourceMappingURL=items.d.ts.map
"""
METADATA = """\
export function getMetadata(itemName: string, namespace?: string): object | null;
export function removeMetadata(itemName: string): object | null;
"""
THINGS = """\
declare namespace _exports {
    export { getThing };
    export { Thing };
}
export = _exports;
declare function getThing(uid: string): Thing;
declare class Thing {
    get label(): string;
}
"""
ACTIONS = """\
export const Exec: any;
export class ScriptExecution {
    static createTimer(identifier: string, zdt: any, fn: Function): object;
}
import { notificationBuilder } from "./notification-builder";
export { notificationBuilder };
"""
BUILDER = """\
declare class NotificationBuilder {
    withIcon(icon: string): NotificationBuilder;
    send(): void;
}
export declare function notificationBuilder(message?: string): NotificationBuilder;
export {};
"""
RULES = """\
declare const _exports: {
    when: (withToggle?: boolean) => import("./trigger-builder").TriggerBuilder;
    JSRule: typeof import("./rules").JSRule;
};
export = _exports;
"""
RULES_RULES = "export function JSRule(config: object): object;\n"
TRIGGER_BUILDER = """\
export class TriggerBuilder {
    cron(expression: string): TriggerBuilder;
    then(fn?: Function): operations.OperationBuilder;
}
import operations = require("./operation-builder");
export {};
"""
OPERATION_BUILDER = """\
export class OperationBuilder {
    sendOn(): OperationBuilder;
    build(name?: string): void;
}
"""
ITEMS_RUNTIME = """\
const itemProperties = { getItem, Item, metadata: require('./metadata') };
function getItem (name, nullIfMissing) { return null; }
class Item {}
module.exports = new Proxy(itemProperties, {
  get: function (target, prop) {
    return target[prop] || target.getItem(prop, true);
  }
});
"""
ITEMS_MAP = json.dumps({"version": 3, "file": "items.d.ts", "sources": ["../../src/items/items.js"],
                        "names": [], "mappings": ""})


def workspace(tmp_path, app: str, proxy: bool = False, runtime: dict[str, str] | None = None):
    home = "node_modules/host"
    files = {f"{home}/package.json": json.dumps({"name": "host", "main": "src/index.js",
                                                 "types": "types/index.d.ts"}),
             f"{home}/types/index.d.ts": ENTRY, f"{home}/types/items/items.d.ts": ITEMS,
             f"{home}/types/items/metadata.d.ts": METADATA, f"{home}/types/things.d.ts": THINGS,
             f"{home}/types/actions/actions.d.ts": ACTIONS,
             f"{home}/types/actions/notification-builder.d.ts": BUILDER,
             f"{home}/types/rules/index.d.ts": RULES, f"{home}/types/rules/rules.d.ts": RULES_RULES,
             f"{home}/types/rules/trigger-builder.d.ts": TRIGGER_BUILDER,
             f"{home}/types/rules/operation-builder.d.ts": OPERATION_BUILDER,
             f"{home}/types/util.d.ts": UTIL, f"{home}/README.md": README,
             f"{home}/src/index.js": "module.exports = { get items () { return require('./items/items'); } };\n",
             f"{home}/src/items/items.js": ITEMS_RUNTIME if proxy else
             "module.exports = { getItem () { return null; }, metadata: require('./metadata') };\n",
             **{f"{home}/{k}": v for k, v in (runtime or {}).items()},
             "package.json": json.dumps({"name": "app", "dependencies": {"host": "1.0.0"}}),
             "src/app.js": app}
    if proxy:
        files[f"{home}/types/items/items.d.ts.map"] = ITEMS_MAP
    return make_workspace(tmp_path, files)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_typeof_import_of_a_file_is_its_module_object(tmp_path):
    ws = workspace(tmp_path, "const { items, things, actions, rules } = require('host');\n"
                             "items.getItem('Lamp').sendCommand('ON');\n"       # 2: real
                             "items.getItme('Lamp');\n"                         # 3: items' own file
                             "things.getThing('hue:1').label;\n"                # 4: real
                             "things.getItem('Lamp');\n"                        # 5: another file's `_exports`
                             "items.metadata.getMetadata('Lamp');\n"            # 6: `import x = require`, real
                             "items.metadata.getMetadat('Lamp');\n"             # 7
                             "actions.Exec.executeAnything('ls');\n"            # 8: `any`: never flagged
                             "actions.notificationBuilder('x').withIcon('i').send();\n"  # 9: named exports
                             "actions.notificationBuildr('x');\n"               # 10
                             "actions.Execs.run();\n"                           # 11: the namespace is known
                             "rules.when().cron('0 * * * * ?');\n"              # 12: `declare const _exports`
                             "rules.JSRules({});\n")                            # 13
    assert found(ws) == [(3, "getItme", ["getItem"]), (5, "getItem", []),
                         (7, "getMetadat", ["getMetadata"]), (10, "notificationBuildr", ["notificationBuilder"]),
                         (11, "Execs", ["Exec"]), (13, "JSRules", ["JSRule"])]


def test_a_type_qualified_by_a_required_file_is_that_file_s(tmp_path):
    # `import operations = require("./operation-builder")`, `then(): operations.OperationBuilder`
    ws = workspace(tmp_path, "rules.when().cron('0 * * * * ?').then().sendOn().build('r');\n"
                             "rules.when().cron('0 * * * * ?').then().sendOn().buld('r');\n")
    assert found(ws) == [(2, "buld", ["build"])]


def test_each_file_s_exports_object_stays_its_own(tmp_path):
    # tsc names every file's object `_exports`: the package's one namespace merges them, the module objects do not
    workspace(tmp_path, "")
    mod = extract_dts(tmp_path / "node_modules/host/types/index.d.ts", "host").module("host")
    items = mod.types[mod.values["items"].type.removeprefix("typeof ")]
    things = mod.types[mod.values["things"].type.removeprefix("typeof ")]
    assert {m.name for m in items.members} == {"getItem", "Item", "metadata"} and not items.open
    assert {m.name for m in things.members} == {"getThing", "Thing"} and not things.open


def test_the_host_s_injected_globals_are_the_entry_s_exports(tmp_path):
    # the host puts the exports in every script's scope (no `require`): the same objects
    ws = workspace(tmp_path, "items.getItem('Lamp').sendCommand('ON');\nitems.getItme('Lamp');\n"
                             "actions.notificationBuilder('x').sendd();\n")
    assert found(ws) == [(2, "getItme", ["getItem"]), (3, "sendd", ["send"])]


def test_a_module_object_no_example_reads_stays_free(tmp_path):
    # `util` is an export too, but no example reads it: the host may not inject it (openhab's `utils`), so a free
    # `util` is not typed by it
    ws = workspace(tmp_path, "util.dumpObjct({});\nitems.getItme('Lamp');\n")
    assert [f["message"][:6] for f in symbol_findings(ws, "src/app.js") if f["line"] == 1 and
            f["message"].startswith("`util`")] == []
    assert [f[:2] for f in found(ws) if f[0] == 2] == [(2, "getItme")]


def test_a_file_declaring_the_name_keeps_its_own(tmp_path):
    ws = workspace(tmp_path, "const items = { getItme() {} };\nitems.getItme('Lamp');\n"
                             "function f(actions) { actions.notificationBuildr('x'); }\n")
    assert found(ws) == []


def test_a_proxy_module_answers_every_name(tmp_path):
    # `module.exports = new Proxy(itemProperties, { get })`: `items.KitchenLight` is the user's Item of that name,
    # even a near miss of a name the engine's files spell; the object's own members stay typed
    ws = workspace(tmp_path, "items.KitchenLight.sendCommand('ON');\nitems.KitchenLights.state;\n"
                             "items.getItem('Lamp').sendComand('ON');\nitems.metadata.getMetadat('Lamp');\n",
                   proxy=True, runtime={"src/items/scenes.js": "exports.scene = () => items.KitchenLight;\n"})
    assert found(ws) == [(3, "sendComand", ["sendCommand"]), (4, "getMetadat", ["getMetadata"])]


def test_a_name_a_lookup_proxy_lacks_called_throws(tmp_path):
    # `target[prop] || target.getItem(prop, true)`: a name the object lacks is an Item or null, which no call or
    # `new` can take; read, it is the user's Item
    ws = workspace(tmp_path, "items.getItme('Lamp');\nnew items.Itme();\nitems.Lamp.sendCommand('ON');\n"
                             "items.Lamp.state;\n", proxy=True)
    assert found(ws) == [(1, "getItme", ["getItem"]), (2, "Itme", ["Item"])]


def test_a_name_a_lookup_proxy_lacks_read_is_the_lookup_s_result(tmp_path):
    # `items.Lamp` is `getItem('Lamp', true)`: an Item, whose members are checked; a near miss of the object's own
    # member (`items.metadatas`) is more likely that member misspelt than an Item: no guess there
    ws = workspace(tmp_path, "items.Lamp.state;\nitems.Lamp.stat;\nitems.metadatas.getMetadata('x');\n"
                             "items.MyItem.stat;\n", proxy=True)  # (`MyItem`: only loosely like `Item`, an Item)
    assert found(ws) == [(2, "stat", ["state"]), (4, "stat", ["state"])]


def test_a_proxy_answering_with_functions_stays_open_to_calls(tmp_path):
    # an RPC-style trap answers any name with a function: `api.anyRemoteCall()` is real
    runtime = ITEMS_RUNTIME.replace("target[prop] || target.getItem(prop, true)",
                                    "target[prop] || ((...args) => call(prop, args))")
    ws = workspace(tmp_path, "items.getItme('Lamp');\nitems.Lamp.state;\n", proxy=True,
                   runtime={"src/items/items.js": runtime})
    assert found(ws) == []


def test_a_runtime_doc_comment_example_is_a_documented_use(tmp_path):
    # the runtime's own `@example` writes `items.metadata.getItemMetadata(...)`, which no typing declares: a name
    # a real source has is known; a near miss of it is not
    doc = ("/**\n * Gets metadata.\n * @example\n * var meta = items.metadata.getItemMetadata('Kitchen_Light');\n"
           " */\nfunction getMetadata () {}\nmodule.exports = { getMetadata };\n")
    ws = workspace(tmp_path, "items.metadata.getItemMetadata('Lamp');\nitems.metadata.getItemMetadatas('Lamp');\n",
                   runtime={"src/items/metadata.js": doc})
    assert [f[:2] for f in found(ws)] == [(2, "getItemMetadatas")]


def test_a_method_the_runtime_puts_on_a_class_s_prototype_is_a_member(tmp_path):
    # openhab's time.js: `time.ZonedDateTime.prototype.toToday = function () {...}` on its dependency's class,
    # which no typing declares: every instance has it at run time
    extras = "const items = require('./items/items');\nitems.Item.prototype.toggle = function () {};\n"
    ws = workspace(tmp_path, "items.getItem('Lamp').toggle();\nitems.getItem('Lamp').toggel();\n",
                   runtime={"src/index.js": "require('./extras');\nmodule.exports = { get items () { return "
                                            "require('./items/items'); } };\n", "src/extras.js": extras})
    assert [f[:2] for f in found(ws)] == [(2, "toggel")]
