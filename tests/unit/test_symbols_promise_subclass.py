"""Awaiting an instance of a class that extends `Promise<X>` directly (`class WaiterPromise<T> extends
Promise<Result<T>> { unwrap(): Promise<T> }`, a promise with helper methods) gives X, its type parameters bound
as the instance binds them: a name X lacks is reported. A class that declares its own `then` is left alone (its
`then` decides what an await gives), and so is one whose promise type is an intersection left open (`Query<T>
extends Promise<T & Meta>`, T unbound): the result is then typed by its uses, as before. Checked through the real `unknown-symbol` check on a minimal package."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
export type Result<T> = { ok: true; output: T } | { ok: false; error: Error };
export interface Event { id: string; }
export declare class WaiterPromise<T> extends Promise<Result<T>> {
    unwrap(): Promise<T>;
}
export declare class OwnThen<T> extends Promise<Result<T>> {
    then(onfulfilled?: (value: unknown) => unknown): Promise<unknown>;
}
export declare function wait(id: string): WaiterPromise<Event>;
export declare function other(id: string): OwnThen<Event>;
export interface Meta { columns: string[]; statement: { text: string }; }
export interface Query<T = any> extends Promise<T & Meta> { cancel(): void; }
export declare function query(text: string): Query;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_awaiting_a_promise_subclass_gives_its_promise_s_type(tmp_path):
    assert flagged(tmp_path, """import { wait } from 'pkg';
const result = await wait('x');
if (result.ok) console.log(result.output.id); else console.log(result.error);
console.log(result.Ok);
const event = await wait('y').unwrap();
console.log(event.id, event.idd);
""") == [(4, "Ok"), (6, "idd")]


def test_a_subclass_with_its_own_then_is_left_alone(tmp_path):
    assert flagged(tmp_path, """import { other } from 'pkg';
const result = await other('x');
console.log(result.anything);
""") == []


def test_an_open_intersection_result_is_left_to_the_receiver_s_uses(tmp_path):
    # before: the await gave nothing and the uses (`columns`, `statement`) typed the result as `Meta`; an open
    # `any & Meta` would hide the missing name
    assert flagged(tmp_path, """import { query } from 'pkg';
const result = await query('select 1');
result.columns; result.statement.text;
result.statment.text;
""") == [(4, "statment")]
