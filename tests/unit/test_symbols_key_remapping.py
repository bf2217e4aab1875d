"""Key sets TypeScript computes from string literal types: `keyof typeof configs` (a constant declared with an
object type literal), a key union named by an alias, and a mapped type whose `as` clause renames each key
through template literal types, intrinsic string types and a recursive conditional alias with `infer` holes
(`type CamelCase<S> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S`). A const typed
by an intersection with such a part (`Base & Omit<Producers, "slack">`) has the members of every part: a name no
part has is reported. Checked through the real `unknown-symbol` check on a minimal package; the evaluator's
matching is checked on its own too."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
export declare const configs: {
    slack: { secret: string };
    "cal-com": { secret: string };
    "pager-duty-v2": { secret: string };
    zoom: { secret: string };
};
export type ProviderId = keyof typeof configs;
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
export type Producers = {
    [K in Exclude<ProviderId, "zoom"> as CamelCase<K>]: () => Source;
};
export interface Source { verify(): boolean; }
interface Base {
    construct(secret: string): Source;
    endpoint: { define(id: string): void };
}
export declare const hooks: Base & Omit<Producers, "slack">;
type Loose<T> = { [K in keyof T as T[K] extends string ? K : never]: T[K] };
export declare const loose: Base & Loose<{ a: string; b: number }>;
export declare const numbered: Base & { [K in "a" | "b" as `${K}${number}`]: number };
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_renamed_keys_of_a_constant_s_keys_are_the_members(tmp_path):
    assert flagged(tmp_path, """import { hooks } from 'pkg';
hooks.calCom().verify(); hooks.pagerDutyV2(); hooks.construct('s'); hooks.endpoint.define('x');
hooks.calcom();
hooks.slack();
hooks.zoom();
hooks.endpont.define('x');
hooks.calCom().verfy();
""") == [(3, "calcom"), (4, "slack"), (5, "zoom"), (6, "endpont"), (7, "verfy")]


def test_keys_not_computed_here_leave_the_part_open(tmp_path):
    # a conditional on a property's type (not a string literal), a `${number}` hole: not evaluated
    assert flagged(tmp_path, """import { loose, numbered } from 'pkg';
loose.a; loose.anything; numbered.a1; numbered.whatever; loose.construct('s');
""") == []


def test_template_patterns_match_as_typescript_matches():
    from lsp_server.knowledge.object_model import _template_match
    pattern = "`${infer Head}-${infer Tail}`"
    assert _template_match("cal-com", pattern) == {"Head": "cal", "Tail": "com"}
    assert _template_match("a-b-c", pattern) == {"Head": "a", "Tail": "b-c"}  # the first delimiter
    assert _template_match("slack", pattern) is False
    assert _template_match("onClick", "`on${infer E}`") == {"E": "Click"}
    assert _template_match("ab", "`${infer A}${infer B}`") == {"A": "a", "B": "b"}  # one character
    assert _template_match("x", '"x"') == {} and _template_match("x", '"y"') is False
    assert _template_match("x1", "`x${number}`") is None  # not decided here


def test_a_declaration_read_twice_keeps_its_written_type():
    # tshy's dual output: the same alias in `dist/esm` and `dist/commonjs`, merged into one type; two declarations
    # that differ are not one written type
    from lsp_server.knowledge.model_sources.base import TypeDef, merge_types
    mapped = "{ [K in Id as CamelCase<K>]: () => Source }"
    esm = TypeDef("Producers", "interface", open=True, path="esm/webhooks.d.ts", shown_alias=mapped)
    cjs = TypeDef("Producers", "interface", open=True, path="commonjs/webhooks.d.ts", shown_alias=mapped)
    assert merge_types(esm, cjs).shown_alias == mapped
    other = TypeDef("Producers", "interface", open=True, path="other.d.ts", shown_alias="{ [K in Id]: number }")
    assert merge_types(esm, other).shown_alias == ""
