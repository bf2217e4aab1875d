"""Receivers narrowed by a user-defined type guard (round 30, ctx30): a call of a function or method declared
`isX(value: any): value is X` narrows its argument (a binding, or a path of properties on one, as TypeScript
narrows a reference) where the call's result decides: the right operand of `&&`, a ternary's branches, an
`if`'s consequence, and through `!` the other side. Narrowing never makes a known type poorer: a known type
the guard's type does not extend stays (TypeScript intersects the two), a predicate on `this` or an
`asserts` guard narrows nothing here. Each on a minimal package checked through the real `unknown-symbol`
check."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
export interface ErrorResponse { status: number; statusText: string; data: any; }
export interface Base { id: string; }
export interface Special extends Base { special(): void; }
export interface Unrelated { other: number; }
export declare function isErrorResponse(error: any): error is ErrorResponse;
export declare function isSpecial(value: Base): value is Special;
export declare function isUnrelated(value: any): value is Unrelated;
export declare function assertResponse(value: any): asserts value is ErrorResponse;
export declare function make(): Base;
export declare function makeSpecial(): Special;
export interface Checker { isResponse(value: unknown): value is ErrorResponse; isThis(): this is ErrorResponse; }
export declare const checker: Checker;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_guard_narrows_an_untyped_reference_where_it_holds(tmp_path):
    assert flagged(tmp_path, """import { isErrorResponse, checker } from 'pkg';
export function f(results, error) {
  results.some((r) => isErrorResponse(r.result) && r.result.status === 404 && r.result.zzStatus);
  if (isErrorResponse(error)) { error.statusText; error.zzText; } else { error.zzElse; }
  const s = !isErrorResponse(error) ? error.zzNot : error.zzAlt;
  const t = isErrorResponse(error) || error.zzOr;
  if (checker.isResponse(error)) { error.data; error.zzData; }
  error.zzOutside;
}
""") == [(3, "zzStatus"), (4, "zzText"), (5, "zzAlt"), (7, "zzData")]


def test_a_guard_narrows_a_known_type_to_a_subtype_or_an_intersection(tmp_path):
    # `isUnrelated(b)` on a Base: TypeScript's `Base & Unrelated` has `id` and `other`
    assert flagged(tmp_path, """import { isSpecial, isUnrelated, isErrorResponse, make, makeSpecial } from 'pkg';
const b = make();
if (isSpecial(b)) { b.special(); b.id; b.zzSpecial(); }
if (isUnrelated(b)) { b.id; b.other; b.zzBoth; }
const s = makeSpecial();
if (isSpecial(s)) { s.special(); }
""") == [(3, "zzSpecial"), (4, "zzBoth")]


def test_this_predicates_and_assertions_narrow_nothing(tmp_path):
    assert flagged(tmp_path, """import { assertResponse, checker } from 'pkg';
export function f(value) {
  assertResponse(value);
  value.anything;
  if (checker.isThis()) { value.other; }
}
""") == []
