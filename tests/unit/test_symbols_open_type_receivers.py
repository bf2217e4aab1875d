"""A receiver the engine's examples name as an instance of a type the reader cannot close (round 47, Redux Toolkit:
`api` for `createApi`'s `Api`, an intersection whose members mostly come from an interface indexed by a unique
symbol), through the real pipeline: its uses are no evidence of another type, and a near miss is told from its
twin in another case (`reducerPath`, a member; `ReducerPath`, a type-holder member of another type)."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """declare const coreName: unique symbol;
type CoreModule = typeof coreName;
interface ApiModules<ReducerPath extends string> {
    [coreName]: {
        reducerPath: ReducerPath;
        reducer: (state: any, action: any) => any;
        middleware: (api: any) => any;
    };
}
export type Api<ReducerPath extends string> = ApiModules<ReducerPath>[CoreModule] & {
    injectEndpoints(options: object): Api<ReducerPath>;
    enhanceEndpoints(options: object): Api<ReducerPath>;
};
export declare function createApi<ReducerPath extends string = 'api'>(options: { reducerPath?: ReducerPath }): Api<ReducerPath>;
export interface ConfigureStoreOptions {
    reducer: object;
    middleware?: (getDefault: () => any[]) => any[];
    devTools?: boolean;
}
export interface Store { dispatch(action: object): void; getState(): any; }
export declare function configureStore(options: ConfigureStoreOptions): Store;
export interface Slice { name: string; reducerPath: string; reducer: (state: any, action: any) => any; }
export declare function createSlice(options: { name: string; initialState: unknown; reducers: object }): Slice;
export type QueryTypes<ReducerPath extends string> = { ReducerPath: ReducerPath; ResultType: unknown };
export interface Message { verb: string; data: unknown; }
export declare const VERB: 'created' | 'updated';
"""

README = """# kit

```js
import { createApi } from 'kit'
export const api = createApi({ reducerPath: 'api' })
```

```js
import { createApi } from 'kit'
const api = createApi({ reducerPath: 'posts' })
api.injectEndpoints({})
```
"""

STORE = """import { configureStore } from 'kit'
configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
})
"""


def workspace(tmp_path, files: dict[str, str]):
    return make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "types": "index.d.ts"}),
        "node_modules/kit/index.d.ts": TYPES,
        "node_modules/kit/README.md": README,
        **files,
    })


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_uses_of_a_receiver_named_for_an_open_type_are_no_evidence_of_another(tmp_path):
    # `api.reducer` and `api.middleware` are what `ConfigureStoreOptions` has too: guessed from those uses, the
    # receiver was that options type, and the slip of `reducerPath` was its missing member, "did you mean
    # `reducer`?" (an error on a guess). The examples say `api` is an `Api`: the vocabulary check decides
    ws = workspace(tmp_path, {"src/clean.js": STORE,
                              "src/slip.js": STORE.replace("api.reducerPath", "api.getReducerPath")})
    assert found(ws, "src/clean.js") == []
    assert found(ws, "src/slip.js") == [(3, "getReducerPath", "warning", ["reducerPath"])]


def test_a_near_miss_is_the_case_twin_nearest_as_written(tmp_path):
    # `reducerPaths` ranks as near `reducerPath` (a member) as `ReducerPath` (another type's member, a type
    # holder): the member is one letter away as written, its twin two; `Verb` is the member `verb` recased (one
    # letter), not the constant `VERB` (three)
    ws = workspace(tmp_path, {"src/plural.js": STORE.replace("api.reducerPath", "api.reducerPaths"),
                              "src/recased.js": "import { configureStore } from 'kit'\n"
                                                "onMessage((msg) => { if (msg.Verb === 'created') msg.data })\n"})
    assert found(ws, "src/plural.js") == [(3, "reducerPaths", "warning", ["reducerPath"])]
    assert found(ws, "src/recased.js") == [(2, "Verb", "warning", ["verb"])]
