"""TypeScript's evaluation of the type forms modern typings build their API with (round 31, issue 17): a conditional
type whose true branch builds on an `infer` variable, or whose last branch is `never` (react-router's `useRoute`
result); a union of option records made by an `XOR<A, B>` of mapped types (bun's `Serve.Options`), whose property
types the literal's callbacks are contextually typed by. Precision first: wherever the evaluation is not certain the
type stays open (nothing flagged). Each on a minimal package through the real `unknown-symbol` check."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

ROUTES = """
interface RouteModules { root: { handle: string }; "routes/a": { handle: number } }
type UseRouteArgs = [] | [routeId: keyof RouteModules];
type UseRouteResult<Args extends UseRouteArgs> = Args extends [] ? UseRoute<unknown> : Args extends ["root"]
  ? UseRoute<"root"> : Args extends [infer RouteId extends keyof RouteModules] ? UseRoute<RouteId> | undefined : never;
type UseRoute<RouteId extends keyof RouteModules | unknown> = {
  handle: RouteId extends keyof RouteModules ? RouteModules[RouteId] extends { handle: infer H } ? H : unknown : unknown;
  loaderData: unknown;
  actionData: unknown;
};
export declare function useRoute<Args extends UseRouteArgs>(...args: Args): UseRouteResult<Args>;
interface Box<T> { value: T; open(): void; }
type Unboxed<T> = T extends Box<infer V> ? V : never;
type Boxed<T> = T extends Promise<infer V> ? Box<V> : never;
type Either<T> = T extends string ? Box<T> : T extends number ? string : never;
export declare function unbox<T>(value: T): Unboxed<T>;
export declare function boxed<T>(value: T): Boxed<T>;
export declare function either<T>(value: T): Either<T>;
"""


def test_a_conditional_branch_built_on_an_infer_variable_and_a_never_branch_are_read(tmp_path):
    # fails on 8bd9da3: a condition binding `infer` or a `never` branch left the whole result unknown
    assert package_flags(tmp_path, ROUTES, """import { useRoute, boxed } from 'pkg';
const route = useRoute("routes/a");
if (route) { route.handle; route.loaderData; route.actionData; }
route.hanle;
const current = useRoute();
current.pathname;
const b = boxed(Promise.resolve(1));
b.value; b.open();
b.close();
""") == [(4, "hanle"), (6, "pathname"), (9, "close")]


def test_a_branch_that_is_the_inferred_variable_or_no_object_leaves_the_result_open(tmp_path):
    # precision guard (passes on both): `T extends Box<infer V> ? V : never` is whatever V is; a branch that is a
    # primitive has members the model does not check here
    assert package_flags(tmp_path, ROUTES, """import { unbox, either } from 'pkg';
const v = unbox(thing);
v.anything;
const e = either(other);
e.value; e.toUpperCase();
e.nothingAtAll;
""") == []


SERVE = """
type Without<A, B> = A & { [Key in Exclude<keyof B, keyof A>]?: never };
type XOR<A, B> = Without<A, B> | Without<B, A>;
export interface Socket<T> { data: T; send(message: string): number; close(): void; }
export interface SocketHandler<T> { message(ws: Socket<T>, message: string): void; open?(ws: Socket<T>): void; }
export interface OtherHandler { message(peer: Peer): void; }
export interface Peer { reply(): void; }
interface PortOptions { port?: number; hostname?: string; }
interface UnixOptions { unix: string; }
type Plain = { fetch(req: Request): Response; } | { routes: Record<string, unknown>; };
type WithSocket<T> = { websocket: SocketHandler<T>; } & ({ fetch?(req: Request): Response; } | { routes: object; });
export type Options<T> = XOR<PortOptions, UnixOptions> & XOR<Plain, WithSocket<T>>;
export declare function serve<T = undefined>(options: Options<T>): void;
export interface PlainOptions { port: number; websocket: SocketHandler<number>; }
export declare function plainServe(options: PlainOptions): void;
type Loose<A> = A & { [Key in keyof Whatever<A>]?: never };
export declare function looseServe(options: Loose<{ websocket: SocketHandler<string> }> | { websocket: OtherHandler }): void;
export declare function eitherServe(options: { websocket: SocketHandler<string> } | { websocket: OtherHandler }): void;
export declare function condServe<T>(options: T extends string ? { websocket: SocketHandler<T> } : never): void;
"""


def test_a_callback_in_a_nested_literal_is_typed_through_a_union_of_mapped_option_records(tmp_path):
    # fails on 8bd9da3: `Options` (an XOR of intersections with mapped types) was not read, and a literal given for
    # a property was never typed by the property's type: `ws` was untyped
    assert package_flags(tmp_path, SERVE, """import { serve } from 'pkg';
serve({
  port: 3000,
  fetch(req) { return new Response("x"); },
  websocket: {
    message(ws, message) { ws.send(message); ws.data; ws.close(); ws.sendText(message); },
    open(ws) { ws.zzReady(); },
  },
});
""") == [(6, "sendText"), (7, "zzReady")]


def test_a_literal_given_for_a_property_is_typed_by_the_property_s_type(tmp_path):
    # guard (passes on both: a plain interface's nested literal was already typed by another path): TypeScript
    # types a nested object literal by its property's declared type, its methods' parameters as the options' own
    assert package_flags(tmp_path, SERVE, """import { plainServe } from 'pkg';
plainServe({ port: 1, websocket: { message(p) { p.close(); p.zzClosed(); } } });
""") == [(2, "zzClosed")]


def test_an_uncertain_evaluation_types_nothing(tmp_path):
    # precision guard (passes on both): a mapped type over keys not known, a property two records type apart, a
    # conditional options type: the evaluation is not certain, so `ws` stays untyped
    assert package_flags(tmp_path, SERVE, """import { looseServe, eitherServe, condServe } from 'pkg';
looseServe({ websocket: { message(ws) { ws.reply(); ws.zzOne(); } } });
eitherServe({ websocket: { message(ws) { ws.reply(); ws.zzTwo(); } } });
condServe({ websocket: { message(ws) { ws.zzThree(); } } });
""") == []


FETCHERS = """
type States<T = any> = {
  Idle: { state: "idle"; data: T | undefined; };
  Submitting: { state: "submitting"; formData: FormData; data: T | undefined; };
};
export type Fetcher<T = any> = States<T>[keyof States<T>];
export interface Keyed { key: string; owner: Owner; }
export interface Owner { name: string; }
export declare function useFetchers(): (Fetcher & { key: string })[];
export declare function useKeyed(): (Fetcher & Keyed)[];
export declare function useLoose<T>(): (Fetcher & T)[];
export declare function useTwo(): (Fetcher & (Keyed | { other: number }))[];
"""


def test_an_intersection_distributes_over_its_union_part(tmp_path):
    # fails on 8bd9da3: `Fetcher & { key: string }` (Fetcher a union of state records) was left open
    assert package_flags(tmp_path, FETCHERS, """import { useFetchers, useKeyed } from 'pkg';
for (const f of useFetchers()) {
  f.state; f.key; f.data; f.key.length;
  f.zzNope;
  if (f.state === "idle") { f.key; f.data; }
}
for (const g of useKeyed()) { g.state; g.key; g.formData; g.zzNope; g.owner.name; g.owner.zzName; }
""") == [(4, "zzNope"), (7, "zzNope"), (7, "zzName")]


def test_an_intersection_with_an_open_or_a_second_union_part_stays_open(tmp_path):
    # precision guard (passes on both): a type parameter part, two union parts: not distributed, nothing flagged
    assert package_flags(tmp_path, FETCHERS, """import { useLoose, useTwo } from 'pkg';
for (const f of useLoose()) { f.state; f.zzNope; }
for (const g of useTwo()) { g.state; g.zzNope; }
""") == []
