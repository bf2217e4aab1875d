"""A store reached through a dependency's generic type (issue 17, round 31's c15t: `StoreApi<State>` of zustand,
named by `type StoreInstance = ReturnType<typeof createStore>`): what TypeScript binds the generic's type
parameter to is carried to the members that return it, so the state `getState()` gives is checked. Each through
the real pipeline on a tiny package."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

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
