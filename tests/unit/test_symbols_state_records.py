"""Hook results that are unions of state records (round 30, react-router tuned on): `type Fetcher<TData> =
FetcherStates<TData>[keyof FetcherStates<TData>]`, an indexed access into an object type whose members are the
records (idle, loading, submitting), and `useFetcher()`'s `FetcherWithComponents<T> = Fetcher<T> & { Form; submit;
load }` extending it. A name no record has is on no state: missing, whatever state the object is in; a name some
record has is known. A record TypeScript cannot bound (a primitive, an index signature) leaves the union open. And
a recursive alias (`JsonValue` = ... | `JsonArray`, `JsonArray = JsonValue[]`) no longer ends the file's analysis
where a call's parameter is typed by it. Each on a minimal package through the real `unknown-symbol` check."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_flags, package_workspace

TYPES = """
interface Submission { formMethod: string; formAction: string; formData: FormData; json: unknown; }
interface Location { pathname: string; search: string; }
type FetcherStates<TData = any> = {
  Idle: { state: "idle"; formMethod: undefined; formData: undefined; data: TData | undefined; };
  Loading: { state: "loading"; formMethod: Submission["formMethod"] | undefined; formData: Submission["formData"]
    | undefined; data: TData | undefined; };
  Submitting: { state: "submitting"; formMethod: Submission["formMethod"]; formData: Submission["formData"];
    data: TData | undefined; };
};
export type Fetcher<TData = any> = FetcherStates<TData>[keyof FetcherStates<TData>];
export type FetcherWithComponents<TData> = Fetcher<TData> & {
  Form: unknown;
  submit(target: JsonValue, options?: { action?: string }): Promise<void>;
  load(href: string): Promise<void>;
};
type NavigationStates = {
  Idle: { state: "idle"; location: undefined; matches: undefined; formAction: undefined; formData: undefined; };
  Loading: { state: "loading"; location: Location; matches: string[]; formAction: string | undefined;
    formData: FormData | undefined; };
  Submitting: { state: "submitting"; location: Location; matches: string[]; formAction: string;
    formData: FormData; };
};
export type Navigation = NavigationStates[keyof NavigationStates];
type ActiveVariant = { location: Location; searchParams: URLSearchParams; type: string; };
type PendingVariants = {
  Loading: ActiveVariant & Omit<NavigationStates["Loading"], "matches">;
  Submitting: ActiveVariant & Omit<NavigationStates["Submitting"], "matches">;
};
export type PendingVariant = PendingVariants[keyof PendingVariants];
type OpenStates = { A: { state: "a"; }; B: { state: "b"; [key: string]: unknown; }; };
export type OpenState = OpenStates[keyof OpenStates];
type Mixed = { A: { state: "a"; }; B: string; };
export type MixedState = Mixed[keyof Mixed];
type JsonPrimitive = string | number | boolean | null;
type JsonArray = JsonValue[] | readonly JsonValue[];
interface JsonObject { [key: string]: JsonValue; }
type JsonValue = JsonPrimitive | JsonObject | JsonArray;
export declare function useFetcher<T = any>(): FetcherWithComponents<T>;
export declare function useNavigation(): Navigation;
export declare function usePending(): PendingVariant | null;
export declare function useOpen(): OpenState;
export declare function useMixed(): MixedState;
"""


def test_a_name_no_state_record_has_is_missing_on_the_union(tmp_path):
    # fails on main: `Fetcher<T>` (an indexed access) was no type, so `FetcherWithComponents` extending it was
    # open, and `Navigation` unknown: nothing on a fetcher or a navigation was checked
    assert package_flags(tmp_path, TYPES, """import { useFetcher, useNavigation } from 'pkg';
const fetcher = useFetcher();
fetcher.state; fetcher.data; fetcher.formData; fetcher.load('/x'); fetcher.Form;
fetcher.stte;
fetcher.subit();
const navigation = useNavigation();
navigation.state; navigation.location; navigation.formAction;
navigation.formdata;
""") == [(4, "stte"), (5, "subit"), (8, "formdata")]


def test_a_record_made_of_an_intersection_has_every_part_s_members(tmp_path):
    # fails on main: the pending variant was unknown
    ws = package_workspace(tmp_path, "pkg", TYPES, {"src/app.js": """import { usePending } from 'pkg';
const pending = usePending();
pending.searchParams; pending.location; pending.formAction; pending.state; pending.matches;
pending.sarchParams;
pending.getFormAction;
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(4, "sarchParams", ["searchParams"]),
                                                             (5, "getFormAction", ["formAction"])]


def test_a_record_that_is_open_or_no_object_leaves_the_union_open(tmp_path):
    assert package_flags(tmp_path, TYPES, """import { useOpen, useMixed } from 'pkg';
const o = useOpen();
o.state; o.anything;
const m = useMixed();
m.state; m.length; m.anything;
""") == []


def test_a_recursive_alias_of_a_parameter_does_not_end_the_analysis(tmp_path):
    # fails on main: following `JsonValue` -> `JsonArray` -> `JsonValue[]` recursed without end; the analysis
    # stopped at `fetcher.submit({})` and nothing after it was checked
    assert package_flags(tmp_path, TYPES, """import { useFetcher } from 'pkg';
const fetcher = useFetcher();
fetcher.submit({}, { action: '/projects' });
fetcher.subit({}, { action: '/projects?index' });
""") == [(4, "subit")]


def test_a_member_only_undefined_in_some_records_has_the_others_type(tmp_path):
    # fails on main (and with the union alone): `location` is `undefined` while idle, a Location otherwise; the
    # records disagreed on its type, so what the code reads on it was unchecked (`state`, a name the engine has
    # elsewhere, is left alone by the vocabulary check)
    assert package_flags(tmp_path, TYPES, """import { useNavigation } from 'pkg';
const navigation = useNavigation();
navigation.location.pathname;
navigation.location.state;
""") == [(4, "state")]
