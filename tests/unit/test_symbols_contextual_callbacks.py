"""Receivers whose only type is the contextual type of the callback they are a parameter of (round 11, fastify
tuned on as dev material): a route handler typed by a generic alias of a function type behind an interface's
call signatures, hooks whose overload a string literal picks through a conditional type, plugins whose
overloads disagree on the callback's type but agree on its first parameter, plugin functions handed by name,
an undeclared name the engine's examples give its instance, and types the runtime decorates by name. Each on a
minimal package checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """
export interface Request<G = unknown> { url: string; params: G; }
export interface Reply<G = unknown> { send(payload?: any): this; code(status: number): this; }
export type Handler<G = unknown, C = unknown> = (
  this: App,
  request: Request<G>,
  reply: Reply<G>
  // a comment inside the function type, as hand-written typings have
) => void;
export interface RouteMethod<S = unknown> {
  <G = unknown>(path: string, opts: { schema?: object }, handler: Handler<G, S>): App;
  <G = unknown>(path: string, handler: Handler<G, S>): App;
}
export interface Hook { (request: Request, reply: Reply, done: () => void): void; }
export interface AsyncHook { (request: Request, reply: Reply): Promise<unknown>; }
type AsyncFunction = (...args: any) => Promise<any>;
export type PluginCallback<O = object> = (instance: App, opts: O, done: (err?: Error) => void) => void;
export type PluginAsync<O = object> = (instance: App, opts: O) => Promise<void>;
export interface Register {
  (plugin: PluginCallback): App;
  (plugin: PluginAsync): App;
  (plugin: PluginCallback | PluginAsync | Promise<{ default: PluginAsync }>): App;
}
export interface RouteOptions {
  url: string;
  errorHandler?: (this: App, error: Error, request: Request, reply: Reply) => void;
}
type Adder<This, Return = This> = {
  <T, P extends string | symbol = string | symbol>(property: P,
    value: T extends (...args: any[]) => any ? (this: This, ...args: any[]) => T : T): Return;
  (property: string | symbol): Return;
};
export interface App {
  get: RouteMethod;
  register: Register;
  addHook<Fn extends Hook | AsyncHook = Hook>(name: 'onRequest',
    hook: Fn extends AsyncFunction ? AsyncHook : Hook): App;
  addHook(name: 'onClose', hook: (instance: App) => void): App;
  route(opts: RouteOptions): App;
  listen(port: number): void;
  close(): void;
}
export declare function make(): App;
"""


def flagged(tmp_path, app: str, readme: str = "", types: str = TYPES) -> list[tuple[int, str]]:
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": types, "src/app.js": app}
    if readme:  # (the model reads the packages the workspace imports)
        files["node_modules/pkg/README.md"] = readme
        files["src/server.js"] = "const pkg = require('pkg')();\npkg.listen(3000);\n"
    ws = make_workspace(tmp_path, files)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_handler_typed_by_a_generic_alias_behind_a_call_signature_types_its_parameters(tmp_path):
    # `fastify.get(url, [opts], (request, reply) => ...)`: the handler's type is an alias of a function type
    # (its own comment inside), named with the route method's type arguments, in overloads of a call signature
    assert flagged(tmp_path, """import { make } from 'pkg';
const app = make();
app.get('/', (req, res) => { res.code(200).send('x'); res.zzSend(); });
app.get('/b', { schema: {} }, function (req, res) { return req.zzUrl + req.url; });
""") == [(3, "zzSend"), (4, "zzUrl")]


def test_a_hook_picked_by_a_string_literal_through_a_conditional_type_types_its_parameters(tmp_path):
    # `addHook('onRequest', async (request, reply) => ...)`: the literal picks the overload, whose callback type
    # is a conditional type of two interfaces with call signatures; both give `reply` the same type
    assert flagged(tmp_path, """import { make } from 'pkg';
const app = make();
app.addHook('onRequest', async (req, res) => { res.send(); res.zzSend(); });
app.addHook('onRequest', (req, res, done) => { req.zzUrl; done(); });
app.addHook('onClose', (instance) => instance.zzClose());
""") == [(3, "zzSend"), (4, "zzUrl"), (5, "zzClose")]


def test_overloads_disagreeing_on_a_callback_type_still_type_the_parameters_they_agree_on(tmp_path):
    # `register(async function (instance, opts) {...})`: callback-style and async plugin overloads (and a
    # union with a promise of a module) all give the first parameter the instance type
    assert flagged(tmp_path, """import { make } from 'pkg';
const app = make();
app.register(async function (instance, opts) { instance.listen(1); instance.zzListen(1); });
app.register((instance, opts, done) => { instance.zzClose(); done(); });
""") == [(3, "zzListen"), (4, "zzClose")]


def test_a_function_handed_by_name_after_its_body_takes_the_callbacks_types(tmp_path):
    # `async function routes (fastify, options) {...}; fastify.register(routes)`: its body was walked before the
    # call typed its parameters, so it is walked again; one declared after the call is typed when reached
    assert flagged(tmp_path, """import { make } from 'pkg';
const app = make();
async function routes (server, options) {
  server.get('/', async (req, res) => res.zzSend());
}
app.register(routes);
app.register(later);
function later (srv, opts, done) { srv.zzClose(); done(); }
""") == [(4, "zzSend"), (8, "zzClose")]


def test_an_options_callbacks_this_parameter_is_not_one_of_its_parameters(tmp_path):
    # `errorHandler?: (this: App, error, request, reply) => void`: `reply` is the Reply, not the Request
    assert flagged(tmp_path, """import { make } from 'pkg';
const app = make();
app.route({ url: '/', errorHandler: (error, request, reply) => { reply.code(500).send(request.url); request.zzUrl; } });
""") == [(3, "zzUrl")]


README = """# pkg

```js
const Pkg = require('pkg')
const pkg = Pkg()
pkg.listen(3000)
```

```js
const pkg = require('pkg')()
pkg.close()
```
"""


def test_an_undeclared_name_the_examples_give_the_instance_is_that_instance(tmp_path):
    # a docs fragment's `fastify.addHook(...)`: the package of that very name exports a function, but its
    # examples name the instance so; never called itself, the name is the instance. A name the platform gives
    # objects too (`createHook`, Node's) is still reported on a receiver named after the package
    types = TYPES.replace("export declare function make(): App;",
                          "declare function pkg(): App;\ndeclare namespace pkg { const version: string; }\nexport = pkg;")
    assert flagged(tmp_path / "platform", """pkg.addHook('onClose', (instance) => instance.close());
pkg.createHook('onClose', (instance) => instance.close());
""", README, types) == [(2, "createHook")]
    assert flagged(tmp_path / "near", "pkg.close();\npkg.lisen(3000);\n", README, types) == [(2, "lisen")]


DECORATED = TYPES.replace("  listen(port: number): void;",
                          "  decorate: Adder<App>;\n  decorateReply: Adder<Reply, App>;\n  listen(port: number): void;")


def test_a_type_the_runtime_decorates_by_name_reports_only_plain_near_misses(tmp_path):
    # `decorate: Adder<App>` takes a property key and a value typed through `App`: the runtime adds members to
    # App under names the caller gives, so a name like none of its members (a plugin's `mongo`, a
    # `sendFile` on the reply) may be real; a plain near miss is still reported, the file's own decorations
    # are among the names it suggests
    assert [(line, name, f) for line, name, f in [
        (f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(make_workspace(tmp_path, {
            "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
            "node_modules/pkg/index.d.ts": DECORATED, "src/app.js": """import { make } from 'pkg';
/** @param {import('pkg').App} app */
function plugin (app) {
  app.mongo.db.collection('x');
  app.lisen(3000);
  app.decorateReply('view', function () {});
  app.get('/', (req, reply) => { reply.sendFile('a'); reply.view(); reply.View(); });
}
make().register(plugin);
"""}), "src/app.js")]] == [(5, "lisen", ["listen"]), (7, "View", ["view"])]


QUERY_TYPES = """
export interface Context { result?: unknown }
export declare class BaseQueryBuilder<TContext extends Context = Context> {
  from<S extends object>(source: S): QueryBuilder<TContext>;
  unionAll<S extends object>(source: S): QueryBuilder<TContext>;
  where(callback: (refs: any) => unknown): QueryBuilder<TContext>;
  orderBy(callback: (refs: any) => unknown, direction?: 'asc' | 'desc'): QueryBuilder<TContext>;
  limit(count: number): QueryBuilder<TContext>;
  _getQuery(): object;
}
export type InitialQueryBuilder = Pick<BaseQueryBuilder<Context>, `from` | `unionAll`>;
export type QueryBuilder<TContext extends Context> = Omit<BaseQueryBuilder<TContext>, `from` | `unionAll` | `_getQuery`>;
export type RootQueryFn<TQuery extends QueryBuilder<any>> = (q: InitialQueryBuilder) => TQuery;
export declare function createLiveQueryCollection<TQueryFn extends (q: InitialQueryBuilder) => QueryBuilder<any>,
  TQuery extends QueryBuilder<any> = ReturnType<TQueryFn>>(query: TQueryFn & RootQueryFn<TQuery>): object;
export declare function createLiveQueryCollection(config: { query: RootQueryFn<any>; id?: string }): object;
"""


def test_a_callback_typed_through_an_intersection_of_a_type_parameter_and_an_alias_of_pick_and_omit(tmp_path):
    # TanStack DB's live queries: the callback's type is `TQueryFn & RootQueryFn<TQuery>` (a type parameter,
    # nothing callable to read, and an alias of a function type), its `q` an alias of a `Pick` of the builder
    # class, each step's result a generic alias of an `Omit` of it: read as the class (a superset: a name the
    # class lacks is missing from both), so a misspelt step is the typed check's error, the real ones nothing
    # (untyped, the misspelt steps were only the vocabulary check's warnings)
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": QUERY_TYPES, "src/app.js": """import { createLiveQueryCollection } from 'pkg';
const todos = createLiveQueryCollection((q) =>
  q.from({ todo: todosCollection }).where(({ todo }) => todo.done).orderBy(({ todo }) => todo.at).limit(5));
const late = createLiveQueryCollection((q) => q.from({ todo: todosCollection }).whre(({ todo }) => todo.done));
const other = createLiveQueryCollection((q) => q.from({ todo: todosCollection }).limit(5).ordrBy(({ todo }) => 1));
"""}
    found = symbol_findings(make_workspace(tmp_path, files), "src/app.js")
    assert [(f["line"], f["name"], f["severity"], f["message"].split(";")[0]) for f in found] == [
        (4, "whre", "error", "`BaseQueryBuilder` has no member `whre`"),
        (5, "ordrBy", "error", "`BaseQueryBuilder` has no member `ordrBy`")]
