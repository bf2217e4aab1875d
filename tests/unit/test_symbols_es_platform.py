"""The ECMAScript standard library as part of the platform module (`model_sources/platform`: TypeScript's
lib.es5 ... lib.esnext beside lib.dom): the platform's functions are typed (`fetch(url)` is a
`Promise<Response>`, so a `.then` callback's parameter is a `Response`), `new Map()` is a `Map`, the ES globals'
statics are known (`Promise.all`, `Object.groupBy`); what code or an engine adds to those types (an interface
of the same name, `declare global`, a prototype assignment) is never flagged. Each through the real pipeline on a tiny
package."""

from __future__ import annotations

import json
import logging
import pickle

import pytest

from lsp_server import integrity
from lsp_server.knowledge.model_sources import platform
from lsp_server.knowledge.model_sources.base import Member, ModuleModel, TypeDef
from tests.support.symbols_helpers import make_workspace, symbol_findings


def workspace(tmp_path, app: str, name: str = "src/app.js", global_dts: str = ""):
    files = {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "types": "index.d.ts"}),
        "node_modules/kit/index.d.ts": "export declare function start(name: string): void;\n" + global_dts,
        "package.json": json.dumps({"name": "app", "dependencies": {"kit": "1.0.0"}}),
        name: "import { start } from 'kit';\n" + app,
    }
    return make_workspace(tmp_path, files)


def flagged(ws, name: str = "src/app.js") -> dict[tuple[int, str], list[str]]:
    return {(f["line"], f["name"]): (f["data"] or {}).get("suggestions", []) for f in symbol_findings(ws, name)}


def test_a_fetch_callbacks_response_is_typed_by_the_promise_it_resolves(tmp_path):
    found = flagged(workspace(tmp_path, "fetch('/api').then(r => r.jsn());\n"
                                        "fetch('/api').then(response => response.json()).then(data => data.x);\n"
                                        "fetch('/api').thenn(r => r);\n"))
    assert set(found) == {(2, "jsn"), (4, "thenn")}
    assert found[(2, "jsn")][:1] == ["json"]
    assert found[(4, "thenn")][:1] == ["then"]


def test_es_classes_and_globals_have_their_members(tmp_path):
    found = flagged(workspace(tmp_path, "new Map().gett(1);\nnew Map().get(1);\nPromise.alll([]);\n"
                                        "JSON.stringiffy({});\nnew Date().getFulYear();\n"))
    assert set(found) == {(2, "gett"), (4, "alll"), (5, "stringiffy"), (6, "getFulYear")}
    assert found[(2, "gett")][:1] == ["get"]
    assert found[(4, "alll")][:1] == ["all"]
    assert found[(5, "stringiffy")][:1] == ["stringify"]


def test_the_es_namespaces_members_and_what_their_constructors_make(tmp_path):
    found = flagged(workspace(tmp_path, "new Intl.NumberFormat('en').format(1);\n"
                                        "new Intl.NumberFormat('en').formatt(1);\nIntl.Collatorr;\n"
                                        "Reflect.ownKeys({});\nReflect.ownKey({});\nIntl.DurationFormat;\n"))
    assert set(found) == {(3, "formatt"), (4, "Collatorr"), (6, "ownKey")}
    assert [found[k][:1] for k in sorted(found)] == [["format"], ["Collator"], ["ownKeys"]]


CLEAN = """Promise.all([start('a')]).then(all => all.length);
Promise.allSettled([]);
Promise.withResolvers();
Array.from([1, 2]).map(x => x);
Array.isArray([]);
Object.groupBy([1, 2], x => x);
Object.hasOwn({}, 'a');
const arr = [3, 1, 2];
arr.toSorted();
arr.findLast(x => x > 1);
const seen = new Set();
seen.add(1);
seen.union(new Set([2]));
const cache = new Map();
cache.set('a', 1).get('a');
cache.custom = 1;
const failure = new Error('x');
failure.code = 'E_FAIL';
failure.retryPlan = { retry: false };
console.log(failure.retryPlan.retry);
Error.captureStackTrace(failure);
new WeakRef({}).deref();
RegExp.escape('a.b');
Math.sumPrecise([1, 2]);
"""


def test_real_es_members_and_properties_code_adds_are_never_flagged(tmp_path):
    assert flagged(workspace(tmp_path, CLEAN)) == {}


def test_an_augmentation_in_the_file_merges_into_the_es_type(tmp_path):
    plain = "new Map().gett(1);\nPromise.mapSeries([]);\n"
    assert set(flagged(workspace(tmp_path / "a", plain, "src/app.ts"), "src/app.ts")) == \
        {(2, "gett"), (3, "mapSeries")}
    augmented = ("interface Array<T> { last(): T }\n[1].last();\nArray.prototype.last.call([1]);\n"
                 "interface Map<K, V> { gett(k: K): V }\ninterface PromiseConstructor { mapSeries(a: any[]): any }\n")
    assert flagged(workspace(tmp_path / "b", augmented + plain, "src/app.ts"), "src/app.ts") == {}
    js = "Map.prototype.gett = function (k) { return this.get(k); };\nPromise.mapSeries = () => {};\n"
    assert flagged(workspace(tmp_path / "c", js + plain)) == {}


def test_an_engines_global_augmentation_merges_into_the_es_type(tmp_path):
    """`declare global { interface Map<K, V> {...} }` in an engine's typings: the `.d.ts` reader keeps it
    (`globalThis$Map`), so the names it adds are known."""
    dts = ("declare global {\n    interface Map<K, V> { gett(key: K): V; }\n"
           "    interface PromiseConstructor { mapSeries(a: any[]): any; }\n}\n")
    found = flagged(workspace(tmp_path, "new Map().gett(1);\nPromise.mapSeries([]);\nnew Map().gts(1);\n",
                              global_dts=dts))
    assert set(found) == {(4, "gts")}  # (the augmentation opens no other name)


def test_the_es_data_is_the_esnext_lib():
    assert {"Promise", "Map", "ArrayConstructor", "ReadonlyArray"} <= platform.es_type_names()
    assert not {"Promise", "Array"} & platform.type_names()  # the DOM's fallback (`find_type`) stays the DOM's
    assert platform.es_globals()["Promise"] == "PromiseConstructor"
    assert {"Map", "Set", "Date", "WeakRef"} <= platform.es_constructors()
    assert not {"Array", "Promise", "Error", "TypeError", "Proxy"} & platform.es_constructors()
    assert "fetch" in platform.functions() and "setTimeout" not in platform.functions()
    array = {m.name for m in platform.module().types["Array"].members}
    assert {"toSorted", "findLast", "at", "flat", "includes", "map"} <= array  # es5 ... es2023 merged


def test_the_es_libs_are_read_after_the_libs_they_reference(tmp_path):
    (tmp_path / "lib.esnext.d.ts").write_text('/// <reference lib="es2015" />\n/// <reference lib="esnext.x" />\n'
                                              "interface A { c(): void }\n")
    (tmp_path / "lib.es2015.d.ts").write_text('/// <reference lib="es5" />\ninterface A { b(): void }\n')
    (tmp_path / "lib.es5.d.ts").write_text("/** doc */\ninterface A { a(): void }\n")
    (tmp_path / "lib.esnext.x.d.ts").write_text('/// <reference lib="es5" />\n')
    assert platform.es_lib_files(tmp_path) == ["lib.es5.d.ts", "lib.es2015.d.ts", "lib.esnext.x.d.ts",
                                               "lib.esnext.d.ts"]
    text = platform.generate_es(tmp_path)
    assert text.index("a(): void") < text.index("b(): void") < text.index("c(): void") and "doc" not in text


def test_what_the_engines_examples_call_a_platform_object_names_no_convention(tmp_path):
    """`response.then((data) => data.json())` in the engine's docs types `data` as the DOM's `Response`: a name
    the example gives the platform's object, not the engine's, so it is no convention (relay's docs once made
    every fragment's `data` a `Response`, and `data.story` a near miss of a member the docs use on it)."""
    from lsp_server.knowledge.object_model import ObjectModelService
    from tests.support.symbols_helpers import package_workspace

    block = ("```js\nimport { start } from 'kit';\nconst session = start('a');\nconst response = fetch('/api');\n"
             "response.then((data) => data.json());\n```\n")
    ws = package_workspace(tmp_path, "kit", "export declare class Session { close(): void; }\n"
                                            "export declare function start(name: string): Session;\n", {
        "package.json": json.dumps({"name": "app", "dependencies": {"kit": "1.0.0"}}),
        "src/app.js": "function Story(props) {\n    const data = useQuery(props.id);\n    return data.story;\n}\n",
    }, {"README.md": "# kit\n\n" + "\n".join([block] * 4)})
    assert flagged(ws) == {}
    conventions = ws.service(ObjectModelService).model.conventions or {}
    assert conventions.get("session") is not None and conventions["session"].target == ("kit", "Session")
    assert "data" not in conventions and "response" not in conventions
