"""A store reached through a dependency's generic type (issue 17, round 31's c15t: `StoreApi<State>` of zustand,
named by `type StoreInstance = ReturnType<typeof createStore>`): what TypeScript binds the generic's type
parameter to is carried to the members that return it, so the state `getState()` gives is checked; a naming
convention keeps those type arguments for a fragment's undeclared store. Also the callbacks of a nested options
literal (`{ callbacks: { onX: (p) => ... } }`) and a receiver named with an engine type's whole name
(`locationInfo`). Each through the real pipeline on a tiny package."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags, package_workspace, symbol_findings

STORE_TYPES = """\
export interface StoreApi<T> {
    getState: () => T;
    subscribe: (listener: (state: T, prevState: T) => void) => () => void;
}
export interface ConsentState {
    policy: { id: string } | null;
    model: string;
    selectedConsents: Record<string, boolean>;
    setSelectedConsent(name: string, value: boolean): void;
    saveConsents(kind: string): Promise<void>;
}
export declare const createConsentStore: (options?: object) => StoreApi<ConsentState>;
type ConsentStoreInstance = ReturnType<typeof createConsentStore>;
export interface Runtime { consentStore: ConsentStoreInstance; cacheKey: string; }
export declare function getRuntime(options?: object): Runtime;
"""


def test_return_type_of_a_function_keeps_its_results_type_arguments(tmp_path):
    # `ReturnType<typeof f>` is f's declared result as written, `StoreApi<ConsentState>`: its type argument
    # binds `T`, so what `getState()` returns is a `ConsentState`, checked like any declared one (failed on
    # 8bd9da3: the alias lost the argument and the state was untyped)
    app = """import { getRuntime } from 'pkg';
const { consentStore } = getRuntime();
const state = consentStore.getState();
console.log(state.polcy?.id, state.model);
consentStore.getState().selectedConsent('marketing', false);
consentStore.getState().setSelectedConsent('marketing', false);
console.log(consentStore.getState().selectedConsents, state.policy?.id);
await consentStore.getState().exportConsents('all');
"""
    assert package_flags(tmp_path, STORE_TYPES, app) == [(4, "polcy"), (5, "selectedConsent"), (8, "exportConsents")]


def test_a_listener_parameter_typed_by_the_bound_type_argument(tmp_path):
    # `subscribe: (listener: (state: T, prevState: T) => void) => ...` on `StoreApi<ConsentState>`: the
    # callback's parameters are `ConsentState`s (failed on 8bd9da3)
    app = """import { getRuntime } from 'pkg';
const { consentStore } = getRuntime();
consentStore.subscribe((state, prevState) => {
  if (state.mdoel !== prevState.model) console.log(state.model, prevState.getModel);
});
"""
    assert package_flags(tmp_path, STORE_TYPES, app) == [(4, "mdoel"), (4, "getModel")]


CALLBACK_TYPES = """\
export type Callback<T> = (payload: T) => void;
export interface BannerPayload {
    jurisdiction: string;
    translations: { language: string; text: Record<string, string> };
}
export interface Callbacks {
    onBannerFetched?: Callback<BannerPayload>;
    onError?: (payload: { error: string }) => void;
}
export interface RuntimeOptions { mode?: string; callbacks?: Callbacks; }
export declare function getRuntime(options?: RuntimeOptions): { cacheKey: string };
"""


def test_callbacks_of_a_nested_options_literal_are_typed_by_the_property(tmp_path):
    # `{ callbacks: { onBannerFetched: ({ translations }) => ... } }`: TypeScript types the inner literal by the
    # outer type's `callbacks` property, so its callbacks' parameters are typed as the outer literal's are
    # (failed on 8bd9da3: only the outer literal's own callbacks were)
    app = """import { getRuntime } from 'pkg';
getRuntime({
  mode: 'hosted',
  callbacks: {
    onBannerFetched: ({ jurisdiction, translations }) => {
      console.log(jurisdiction, translations.languages, translations.text);
    },
    onError: ({ error }) => console.log(error),
  },
});
"""
    assert package_flags(tmp_path, CALLBACK_TYPES, app) == [(6, "languages")]


STORE_README = """# pkg

```js
import { getRuntime } from 'pkg';
const { consentStore } = getRuntime();
consentStore.getState().setSelectedConsent('marketing', true);
```

```js
import { getRuntime } from 'pkg';
const { consentStore } = getRuntime({ mode: 'offline' });
await consentStore.getState().saveConsents('all');
```
"""


def test_a_convention_binds_the_type_arguments_every_example_shows(tmp_path):
    # the docs always name `getRuntime()`'s `StoreApi<ConsentState>` `consentStore`: a fragment's undeclared
    # `consentStore` is that instance with that argument, so its state's members are checked (a warning: the
    # type is inferred); a real one never (failed on 8bd9da3: the convention kept the type, not its argument)
    ws = package_workspace(tmp_path, "pkg", STORE_TYPES, {
        "src/runtime.js": "import { getRuntime } from 'pkg';\nexport const { consentStore } = getRuntime();\n",
        "src/app.js": """const { policy } = consentStore.getState();
console.log(policy?.id);
consentStore.getState().setSelectedConsent('measurement', true);
console.log(consentStore.getState().selectedConsents);
await consentStore.getState().exportConsents('custom');
"""}, {"README.md": STORE_README})
    found = symbol_findings(ws, "src/app.js")
    assert [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in found] == \
        [(5, "exportConsents", "warning", ["saveConsents"])]


def test_a_conventions_type_arguments_survive_its_cache_forms(tmp_path):
    # the conventions' rows and each example's observations, as written to the cache and an artifact, read back
    # with the type arguments (a record without them would type the fragment's store without its state)
    from lsp_server.knowledge import naming
    from lsp_server.knowledge.object_model import ObjectModelService

    ws = package_workspace(tmp_path, "pkg", STORE_TYPES, {
        "src/runtime.js": "import { getRuntime } from 'pkg';\nexport const { consentStore } = getRuntime();\n",
    }, {"README.md": STORE_README})
    model = ws.service(ObjectModelService).model
    conventions = naming.ensure_conventions(model)
    assert conventions["consentStore"].targs == ("ConsentState",)
    assert naming._decode_rows(model, naming._rows(model, conventions)) == dict(conventions)
    mined = naming._RECORDS[model]
    for observations in naming._observations_json(mined)["examples"].values():
        for value in observations:
            decoded = naming._decode_observation(value)
            assert decoded is not None and decoded in [o for os in mined.examples.values() for o in os]


LOCATION_TYPES = """\
export type LocationInfo = {
    countryCode: string | null;
    regionCode: string | null;
    jurisdiction: string | null;
};
export interface ConsentState { locationInfo: LocationInfo | null; }
export declare function getState(): ConsentState;
"""


def test_a_receiver_named_with_an_engine_types_whole_name(tmp_path):
    # a fragment that shows no other use of the engine (`useConsentManager` is another package's hook, not
    # installed) and names its receiver `locationInfo`: the engine's `LocationInfo` by its own name, so a near
    # miss of that type's members is reported, a real one never; a plain word (`info`) stays everyone's
    # (failed on 8bd9da3: only a name's last word, `Info`, was matched against the engine's types)
    app = """const { locationInfo } = useConsentManager();
if (locationInfo) console.log(locationInfo.jurisdction);
const info = readInfo();
console.log(info.regioCode);
"""
    ws = package_workspace(tmp_path, "pkg", LOCATION_TYPES, {
        "src/uses.js": "import { getState } from 'pkg';\nconsole.log(getState().locationInfo);\n", "src/app.js": app})
    assert [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/app.js")] == \
        [(2, "jurisdction", ["jurisdiction"])]
