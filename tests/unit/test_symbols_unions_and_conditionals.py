"""Receivers typed by a discriminated union of object types or by a conditional type (round 15, ai tuned on):
`for await (const part of result.stream)` over an interface extending `AsyncIterable<Part>` gives a `Part`;
`if (part.type === "text")` and `case "text":` narrow a union to the members whose literal discriminant may
match; an alias to a conditional type, its condition not decided, is the union of its branches. A member any
remaining member has is known; a name none has is flagged only when every member is a closed object type.
Each on a minimal package checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, package_flags, package_workspace, symbol_findings

TYPES = """
type TextPart = { type: 'text'; text: string; };
type ToolPart = { type: 'tool-call'; toolName: string; input: unknown; };
type FinishPart = { type: 'finish' | 'abort'; reason: string; };
type OpenPart = { type: 'open'; [key: string]: unknown; };
export type Part = TextPart | ToolPart | FinishPart;
export type AnyPart = Part | OpenPart;
export interface PartStream<T> extends AsyncIterable<T> { cancel(): void; }
export interface Result { stream: PartStream<Part>; anyStream: PartStream<AnyPart>; parts: Part[]; }
export declare function run(): Result;
interface Wide { callId: string; toolName: string; }
interface Narrow { callId: string; toolInput: unknown; }
interface Other { callId: string; extra: number; }
export type Event<T = unknown> = [unknown] extends [T] ? Wide : Narrow | Other;
export type Guess<T> = T extends Promise<infer U> ? Wide : Narrow;
export declare function event(): Event;
export declare function guess(): Guess<string>;
export declare function pick(): Extract<Part, { type: 'text' }>;
export declare function drop(): Exclude<Part, TextPart>;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_iterating_an_interface_that_extends_an_iterable_gives_its_element(tmp_path):
    assert flagged(tmp_path, """import { run } from 'pkg';
const result = run();
for await (const part of result.stream) { part.type; part.zzType; }
""") == [(3, "zzType")]


def test_an_if_on_a_literal_discriminant_narrows_a_union(tmp_path):
    # `anyStream`'s union has an open member: only a test that rules it out lets a name be flagged
    assert flagged(tmp_path, """import { run } from 'pkg';
const result = run();
for await (const part of result.anyStream) {
  if (part.type === 'text') { part.text; part.zzText; }
  if ('tool-call' === part.type && part.zzNam) { part.input; }
  if (part.type === 'abort') { part.reason; part.zzReason; }
  part.zzAny; part.text;
}
for (const p of result.parts) { if (p.type == 'finish') { p.reason; } }
""") == [(4, "zzText"), (5, "zzNam"), (6, "zzReason")]


def test_a_switch_on_a_literal_discriminant_narrows_each_case(tmp_path):
    assert flagged(tmp_path, """import { run } from 'pkg';
for await (const part of run().anyStream) {
  switch (part.type) {
    case 'text': { part.text; part.zzText; break; }
    case 'tool-call':
    case 'finish':
      part.toolName; part.reason; part.zzBoth;
      break;
    case 'abort':
      part.reason;
    default:
      part.zzDefault;
  }
}
""") == [(4, "zzText"), (7, "zzBoth")]


def test_narrowing_stays_off_where_it_would_be_unsafe(tmp_path):
    # a reassigned binding, a case reached by falling through, an open member, a literal no member has, and a
    # name the engine has on another member (the docs' older shape): nothing flagged
    assert flagged(tmp_path, """import { run } from 'pkg';
const result = run();
for (let p of result.anyStream) { if (p.type === 'text') { p.zzText; } p = null; }
for await (const p of result.anyStream) {
  switch (p.type) {
    case 'text': p.text;
    case 'finish': p.zzFell; p.reason; break;
  }
  if (p.type === 'open') { p.zzOpen; }
  if (p.type === 'gone') { p.zzGone; }
  if (p.type === 'text') { p.toolName; p.reason; }
}
""") == []


def test_a_conditional_alias_is_the_union_of_its_branches(tmp_path):
    assert flagged(tmp_path, """import { event, guess } from 'pkg';
const e = event();
e.callId; e.toolName; e.toolInput; e.extra; e.zzName;
const g = guess();
g.zzName;
""") == [(3, "zzName"), (5, "zzName")]  # round 31: `Guess` binds `infer U` but no branch uses it: Wide | Narrow


def test_extract_and_exclude_are_read_as_their_first_argument(tmp_path):
    assert flagged(tmp_path, """import { pick, drop } from 'pkg';
const a = pick(); a.text; a.zzText;
const b = drop(); b.reason; b.zzReason;
""") == [(2, "zzText"), (3, "zzReason")]


def test_a_name_missing_on_a_narrowed_union_is_suggested_from_the_engines_other_members(tmp_path):
    from tests.support.symbols_helpers import make_workspace as mk
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": TYPES + "export interface Old { textDelta: string; }\n",
             "src/app.js": """import { run } from 'pkg';
for await (const p of run().anyStream) { if (p.type === 'text') { p.textdelta; } }
"""}
    found = symbol_findings(mk(tmp_path, files), "src/app.js")
    assert [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in found] == [(2, "textdelta", ["textDelta"])]


INLINE = """
export type Params =
    | { readonly id: string; readonly text: null; readonly name: string; }
    | { readonly cacheID: string; readonly id: null; readonly text: string | null; readonly name: string; };
export type FetchFunction = (request: Params, variables: object) => Promise<unknown>;
declare const RelayNetwork: { create(fetchFn: FetchFunction): object; };
export { RelayNetwork as Network };
export declare function params(): Params;
type Named = { kind: 'named'; label: string };
export type Mixed = Named | { kind: 'inline'; size: number } | null;
export type Open = { id: string } | { [key: string]: unknown };
export type Loose = string | { id: string };
export type Called = (() => void) | { id: string };
export declare function mixed(): Mixed;
export declare function open(): Open;
export declare function loose(): Loose;
export declare function called(): Called;
"""


def test_a_union_alias_of_object_type_literals_is_a_union_of_closed_types(tmp_path):
    # relay-runtime's `RequestParameters`: the arms written inline, no interface named; a callback handed by
    # name to a const object's method takes the union as its first parameter
    assert package_flags(tmp_path, INLINE, """import { Network, params, mixed } from 'pkg';
function fetchFunction(request, variables) { return request.text + request.cacheID + request.texts; }
Network.create(fetchFunction);
Network.create((op) => op.name + op.zzName);
const p = params(); p.id; p.zzId;
const m = mixed(); m.label; m.size; m.kind; m.zzSize;
""") == [(2, "texts"), (4, "zzName"), (5, "zzId"), (6, "zzSize")]


def test_a_union_alias_with_an_open_or_unread_arm_stays_unchecked(tmp_path):
    assert package_flags(tmp_path, INLINE, """import { open, loose, called } from 'pkg';
open().zzAny; loose().zzAny; called().zzAny;
""") == []


def test_a_union_alias_of_object_type_literals_is_named_by_the_alias(tmp_path):
    ws = package_workspace(tmp_path, "pkg", INLINE, {"src/app.js": "import { params } from 'pkg';\nparams().texts;\n"})
    [found] = symbol_findings(ws, "src/app.js")
    assert found["message"].startswith("`Params` has no member `texts`")
    assert found["data"]["suggestions"][:1] == ["text"]


# Round 37 (ch37rs): a conditional type whose check type is itself a generic instance (`IsSame<F, D> extends true
# ? Rows<unknown> : Rows<F>`) was parsed as that check type (`IsSame`, another alias: nothing), so a method
# returning `Promise<Result<F>>` left its awaited result untyped; it is read by its branches, here both `Rows`.
GATED = """
type Same<A, B> = [A] extends [B] ? (B extends A ? true : false) : false;
export type Format = 'JSON' | 'CSV';
export declare class Rows<F extends Format | unknown> { json<T>(): Promise<T[]>; text(): Promise<string>; close(): void; }
export type Result<F extends Format> = Same<F, Format> extends true ? Rows<unknown> : Rows<F>;
export declare class Client {
  query<F extends Format = 'JSON'>(params: { sql: string; format?: F }): Promise<Result<F>>;
  close(): Promise<void>;
}
export declare function createClient(): Client;
export declare class Box<T> { boxOnly: T; }
interface Wide<T> { callId: T; }
interface Narrow<T> { callId: T; extra: number; }
export type Checked<T> = Box<T> extends Box<string> ? Wide<T> : Narrow<T>;
export declare function checked(): Checked<number>;
"""


def test_a_conditional_checking_a_generic_instance_is_read_by_its_branches_not_its_check_type():
    from lsp_server.knowledge.model_sources.base import parse_type
    assert parse_type("IsSame<F, DataFormat> extends true ? ResultSet<unknown> : ResultSet<F>") is None
    assert parse_type("Box<T> extends Box<string> ? Wide<T> : Narrow<T>") is None
    # a named type's arguments that close at its end are still one named type
    assert parse_type("Rows<Map<string, Set<F>>>") == ("name", "Rows")
    assert parse_type("Box<(a: A) => B>") == ("name", "Box")


def test_an_awaited_result_typed_by_a_conditional_whose_branches_are_one_class_is_that_class(tmp_path):
    assert package_flags(tmp_path, GATED, """import { createClient } from 'pkg';
const client = createClient();
const rs = await client.query({ sql: 'SELECT 1', format: 'CSV' });
const rows = await rs.json();
rs.text(); rs.close();
rs.jsons(); rs.Json(); rs.colse();
const c = checked();
c.callId; c.extra; c.boxOnly;
""".replace("import { createClient }", "import { createClient, checked }")) == [
        (6, "jsons"), (6, "Json"), (6, "colse"), (8, "boxOnly")]


def test_a_name_declared_again_in_one_scope_holds_the_value_of_the_declaration_before_each_use(tmp_path):
    # documentation pages concatenate examples that each declare the same `const` (a script that would not
    # run, read as written): each use sees the declaration above it
    assert package_flags(tmp_path, GATED, """import { createClient } from 'pkg';
const client = createClient();
const rs = await client.query({ sql: 'SELECT 1' });
rs.json(); rs.stram();
const rs = client;
rs.query({ sql: 'SELECT 2' }); rs.json();
""") == [(4, "stram"), (6, "json")]
