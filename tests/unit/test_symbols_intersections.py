"""Values typed by an intersection (`A & B`): a factory returning `Instance<...> & PromiseLike<...>`, an options
parameter typed `Options & {...}`. A member exists if any part has it; a name is reported missing only when every
part is a closed type the model knows (an open part, an index signature, `any`/`unknown`, an unknown name, a type
parameter or an object literal leaves it open: never flagged), with the did-you-mean over all parts' members.
Each on a minimal package checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """
export interface Server<S = unknown> { listen(port: number): void; close(): void; decorate(name: string): this; }
export interface Thenable<T> { then(done: (value: T) => void): void; ready(): Thenable<T>; }
export interface Loose { [key: string]: unknown; }
export interface Reply { send(payload?: any): this; code(status: number): this; }
export declare function make(): Server<string> & Thenable<Server<string>>;
export declare function makeNested(): Server & (Thenable<Server> & Reply);
export declare function makeLoose(): Server & Loose;
export declare function makeAny(): Server & any;
export declare function makeUnknownPart(): Server & NotDeclaredAnywhere;
export declare function makeLiteral(): Server & { extra: Reply; readonly path?: string, go(a: string, b: number): void };
export declare function makeIndexed(): Server & { extra: number; [key: string]: unknown };
export declare function makeGeneric<T>(part: T): Server & T;
export declare function makeSame(): Server & Server;
export interface Options { url: string; reply: Reply; }
export declare function route(handler: (opts: Options & Thenable<Reply>) => void): void;
export interface Base { url: string; }
export interface Route<C = Reply> { config: Base & C; }
export declare function getRoute(): Route<Server>;
type Adder<This> = {
  <T, P extends string | symbol = string | symbol>(property: P,
    value: T extends (...args: any[]) => any ? (this: This, ...args: any[]) => T : T): This;
  (property: string | symbol): This;
};
export interface App { decorate: Adder<App>; listen(port: number): void; }
export declare function makeApp(): App & Thenable<App>;
"""


def flagged(tmp_path, app: str) -> list[dict]:
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": TYPES, "src/app.js": app}
    return symbol_findings(make_workspace(tmp_path, files), "src/app.js")


def names(findings: list[dict]) -> list[tuple[int, str]]:
    return [(f["line"], f["name"]) for f in findings]


def test_a_member_of_any_part_exists_and_a_name_no_part_has_is_flagged(tmp_path):
    found = flagged(tmp_path, """import { make, makeNested, makeSame } from 'pkg';
const app = make();
app.listen(3000); app.then(() => {}); app.decorate('x').close(); app.ready().then(() => {});
app.lisen(3000);
app.redy();
makeNested().code(200).sned('x');
makeNested().code(200);
makeSame().clse();
""")
    assert names(found) == [(4, "lisen"), (5, "redy"), (6, "sned"), (8, "clse")]
    suggestions = {f["name"]: f["data"]["suggestions"][:1] for f in found}
    # the did-you-mean ranges over every part's members: `ready` is the second part's
    assert suggestions == {"lisen": ["listen"], "redy": ["ready"], "sned": ["send"], "clse": ["close"]}


def test_an_object_literal_parts_members_exist(tmp_path):
    # `Options & { routePath: string }`: the literal's members are the value's too, a property's type followed
    found = flagged(tmp_path, """import { makeLiteral } from 'pkg';
const v = makeLiteral();
v.extra.code(1).send(); v.path; v.go('a', 1); v.listen(1);
v.extra.snd(); v.pth;
""")
    assert [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in found] == \
        [(4, "snd", ["send"]), (4, "pth", ["path"])]


def test_a_chain_through_a_part_member_keeps_that_parts_type(tmp_path):
    assert names(flagged(tmp_path, """import { make } from 'pkg';
make().decorate('a').decorate('b').lisen(1);
make().ready().ready().thn(() => {});
""")) == [(2, "lisen"), (3, "thn")]


def test_an_open_part_leaves_the_intersection_open(tmp_path):
    # an index signature (in a named part or an object literal), `any`, a name the typings never declare, a type
    # parameter: any name may exist, yet what the known part has is still typed
    assert names(flagged(tmp_path, """import { makeLoose, makeAny, makeUnknownPart, makeIndexed, makeGeneric } from 'pkg';
makeLoose().anything(); makeAny().anything(); makeUnknownPart().anything();
makeIndexed().extra; makeIndexed().anything(); makeGeneric({ x: 1 }).x;
makeLoose().decorate('a').lisen(1);
""")) == [(4, "lisen")]


def test_a_callback_parameter_typed_by_an_intersection(tmp_path):
    assert names(flagged(tmp_path, """import { route } from 'pkg';
route((opts) => { opts.url; opts.reply.code(1).send(); opts.then(() => {}); opts.ulr; });
""")) == [(2, "ulr")]


def test_a_part_that_is_the_owners_type_parameter_stays_open(tmp_path):
    # `config: Base & C`: whatever `C` is bound to here, the caller's code may have declared it otherwise
    assert names(flagged(tmp_path, """import { getRoute } from 'pkg';
const config = getRoute().config;
config.url; config.output; config.listen(1);
""")) == []


def test_an_intersection_with_a_part_the_runtime_decorates_reports_only_plain_near_misses(tmp_path):
    found = flagged(tmp_path, """import { makeApp } from 'pkg';
const app = makeApp();
app.decorate('foo', 1);
app.mongo.db; app.foo; app.lisen(1); app.fooo;
""")
    assert [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in found] == \
        [(4, "lisen", ["listen"]), (4, "fooo", ["foo"])]
