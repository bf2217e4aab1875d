"""The ECMAScript standard library as part of the platform module (`model_sources/platform`: TypeScript's
lib.es5 ... lib.esnext beside lib.dom): the platform's functions are typed (`fetch(url)` is a
`Promise<Response>`, so a `.then` callback's parameter is a `Response`), `new Map()` is a `Map`, the ES globals'
statics are known (`Promise.all`, `Object.groupBy`); what code or an engine adds to those types (an interface
of the same name, `declare global`, a prototype assignment) is never flagged. The parsed module is persisted
(a signed pickle keyed by the data and the reader): a corrupt or stale file is parsed again. Each through the
real pipeline on a tiny package."""

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


@pytest.fixture
def fresh_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(platform, "_module", None)
    return platform.cache_file()


def test_the_parsed_platform_module_is_persisted_and_read_back(fresh_platform, monkeypatch):
    first = platform.module()
    assert fresh_platform.is_file()
    monkeypatch.setattr(platform, "_module", None)
    monkeypatch.setattr(platform, "_read", lambda: pytest.fail("parsed again despite a fresh persisted module"))
    again = platform.module()
    assert again is not first and set(again.types) == set(first.types)
    assert {m.name for m in again.types["Promise"].members} == {m.name for m in first.types["Promise"].members}


def small_module() -> ModuleModel:
    return ModuleModel(platform.PLATFORM, {"Promise": TypeDef("Promise", "interface", members=[Member("then", "method")])})


@pytest.mark.parametrize("damage", ["garbage", "unsigned", "stale", "not a module"])
def test_a_corrupt_or_stale_persisted_module_is_parsed_again(fresh_platform, monkeypatch, caplog, damage):
    monkeypatch.setattr(platform, "_read", small_module)  # (the parse itself: another test's)
    platform.module()
    if damage == "garbage":  # signed, but not a pickle
        integrity.write_signed(fresh_platform, b"\x80\x05not a pickle", platform.SIGNED_AS)
    elif damage == "unsigned":
        fresh_platform.write_bytes(b"\x80\x05anything")
    elif damage == "stale":
        monkeypatch.setattr(platform, "_cache_key", lambda: "another reader")
    else:
        integrity.write_signed(fresh_platform, pickle.dumps((platform._cache_key(), {"a": 1})), platform.SIGNED_AS)
    monkeypatch.setattr(platform, "_module", None)
    parsed = []
    monkeypatch.setattr(platform, "_read", lambda: parsed.append(1) or small_module())
    with caplog.at_level(logging.INFO, logger=platform.__name__):
        assert "Promise" in platform.module().types
    assert parsed == [1]
    assert len([r for r in caplog.records if "parsing the platform's types again" in r.getMessage()]) == 1
    monkeypatch.setattr(platform, "_module", None)
    monkeypatch.setattr(platform, "_read", lambda: pytest.fail("the rewritten file was not used"))
    assert "Promise" in platform.module().types


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
