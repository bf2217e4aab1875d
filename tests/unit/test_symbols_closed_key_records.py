"""A value typed by a type over a closed key set written where it is used (`export const types: Record<Keys,
TypeObject>`, a member `sizes: Partial<Record<Keys, number>>`, `Readonly<{ [P in Keys]: V }>`), K a union of
string literals (written, through an alias, `keyof` of a declared type): TypeScript gives it exactly those keys,
so a name not among them is reported, its near misses among the keys. Keys TypeScript cannot list (`string`,
`PropertyKey`, a template literal, a type parameter, an unresolved name, a union holding one) keep it open, and a
package that declares a `Record` of its own is not TypeScript's. Each on a minimal package checked through the
real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """
type Keys =
    | 'int'
    | 'long'
    | 'long long'
    | 'str';
export interface TypeObject { size: number; alignment: number; }
export interface Options { verbose: boolean; depth: number; }
export declare const types: Record<Keys, TypeObject>;
export declare const partial: Partial<Record<Keys | 'char', TypeObject>>;
export declare const frozen: Readonly<{ [P in Keys]: TypeObject }>;
export declare const flags: Record<keyof Options, boolean>;
export interface Registry { sizes: Record<Keys, number>; kinds: Record<string, number>; }
export declare function registry(): Registry;
export declare const loose: Record<string, TypeObject>;
export declare const keyed: Record<PropertyKey, TypeObject>;
export declare const templated: Record<`on${string}`, TypeObject>;
export declare const mixed: Record<Keys | string, TypeObject>;
export declare const unresolved: Record<NotDeclaredAnywhere, TypeObject>;
export interface Table<K extends string> { rows: Record<K, number>; }
export declare function table(): Table<any>;
export type Spaced = Record<'long long' | 'short', TypeObject>;
export declare const spaced: Spaced;
"""


def flagged(tmp_path, app: str, types: str = TYPES) -> list[tuple[int, str, list[str]]]:
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": types, "src/app.js": app}
    return [(f["line"], f["name"], f["data"]["suggestions"][:1])
            for f in symbol_findings(make_workspace(tmp_path, files), "src/app.js")]


def test_a_const_typed_by_a_record_of_listed_keys_has_those_members_only(tmp_path):
    found = flagged(tmp_path, """import { types } from 'pkg';
types.int.size + types.long.alignment + types.str.size;
types.longs;
types.getInt;
types.int.sizes;
""")
    assert found == [(3, "longs", ["long"]), (4, "getInt", ["int"]), (5, "sizes", ["size"])]


def test_partial_readonly_mapped_keyof_and_member_records_are_closed_too(tmp_path):
    found = flagged(tmp_path, """import { partial, frozen, flags, registry } from 'pkg';
partial.char; partial.int; frozen.long; flags.verbose; flags.depth; registry().sizes.int;
partial.chars;
frozen.longs;
flags.verbos;
registry().sizes.ints;
registry().kinds.anything;
""")
    assert found == [(3, "chars", ["char"]), (4, "longs", ["long"]), (5, "verbos", ["verbose"]),
                     (6, "ints", ["int"])]


def test_keys_typescript_cannot_list_keep_the_record_open(tmp_path):
    assert flagged(tmp_path, """import { loose, keyed, templated, mixed, unresolved, table } from 'pkg';
loose.anything; keyed.anything; templated.onx; templated.other; mixed.anything; unresolved.anything;
table().rows.anything;
""") == []


def test_a_package_declaring_its_own_record_is_not_typescripts(tmp_path):
    types = """
export interface Record<K, V> { [key: string]: V; }
export interface TypeObject { size: number; }
export declare const types: Record<'int' | 'long', TypeObject>;
"""
    assert flagged(tmp_path, "import { types } from 'pkg';\ntypes.longs;\n", types) == []


def test_a_record_alias_over_keys_that_are_no_identifiers_is_closed(tmp_path):
    # `'long long'`: a key code reaches only by `x["long long"]`, still one of the alias's listed keys
    assert flagged(tmp_path, "import { spaced } from 'pkg';\nspaced.short;\nspaced.shorts;\n") == \
        [(3, "shorts", ["short"])]
