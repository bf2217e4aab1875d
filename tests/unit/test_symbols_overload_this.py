"""Overloads whose results differ, one of them `this`: `filter<F>(p: (v: T) => v is F): Seq<F>` beside
`filter(p: (v: T) => unknown): this` (immutable's collections). `this` is the receiver's type; when one of the
results a call fits extends every other, a name that type lacks is missing from all, whichever overload
TypeScript picks, so it is reported; results that are unrelated leave the call's result unknown (never flagged).
Each on a minimal package checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, package_flags, symbol_findings

TYPES = """
export interface Seq<T> {
  filter<F extends T>(predicate: (value: T) => value is F): Seq<F>;
  filter(predicate: (value: T) => unknown): this;
  take(n: number): this;
  other(flag: boolean): Other;
  other(flag: string): this;
}
export interface Range extends Seq<number> { step(): number; }
export interface Other { unrelated(): void; }
export declare function seq(): Seq<number>;
export declare function range(a: number, b: number): Range;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_this_result_among_differing_overloads_is_the_receivers_type(tmp_path):
    assert flagged(tmp_path, """import { seq, range } from 'pkg';
seq().filter((n) => n > 1).take(2).filter((n) => n % 2 === 0).take(1);
seq().filter((n) => n > 1).tke(2);
range(1, 9).filter((n) => n > 1).step();
range(1, 9).filter((n) => n > 1).stepp();
""") == [(3, "tke"), (5, "stepp")]


def test_unrelated_overload_results_leave_the_call_unknown(tmp_path):
    assert flagged(tmp_path, """import { seq } from 'pkg';
const s = seq();
const x = s.other(maybe);
x.unrelated(); x.take(1); x.anything();
""") == []


def test_a_packages_own_collection_named_type_is_its_own(tmp_path):
    # immutable declares its own `Map`, `Set` and `Stack` inside its namespace: a result `Map<K, V>` there names
    # that interface (TypeScript's scoping), not the platform's keyed collection, so its chain is checked
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": """
declare namespace Immutable {
  function Map<K, V>(collection?: Iterable<readonly [K, V]>): Map<K, V>;
  function Map<V>(obj: { [key: string]: V }): Map<string, V>;
  namespace Map { function isMap(maybeMap: unknown): boolean; }
  interface Map<K, V> { set(key: K, value: V): this; asMutable(): this; }
  function Set<T>(values?: Iterable<T>): Set<T>;
  namespace Set { function isSet(maybeSet: unknown): boolean; }
  interface Set<T> { add(value: T): this; union(other: Set<T>): this; }
}
export = Immutable;
""", "src/app.js": """import { Map, Set } from 'pkg';
Map().asMutable().set('a', 1);
Map().asMutablee();
Set().add(1).union(Set()).ad(2);
"""}
    assert [(f["line"], f["name"]) for f in symbol_findings(make_workspace(tmp_path, files), "src/app.js")] == \
        [(3, "asMutablee"), (4, "ad")]
