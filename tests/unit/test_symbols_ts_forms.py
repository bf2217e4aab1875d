"""TypeScript forms the wide evaluation's TypeScript figure (tests/corpus/wide: the READMEs' TypeScript blocks)
asks about, each on a minimal package checked through the real `unknown-symbol` check: clean TypeScript
(annotations, generics, `as`, `satisfies`, `!`, `?.`, decorators, enums, `declare`, type-only imports,
parameter properties) gives no finding; an invented member name on a receiver typed by those forms is
reported under `[typescript] unknown_symbols = "all"`; the vocabulary check (untyped receivers) runs on
TypeScript as on JavaScript, leaving receivers with a declared type to TypeScript."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

DTS = """
export declare class Schema<T = any> {
  constructor(def?: T);
  parse(x: unknown): T;
  safeParse(x: unknown): { success: boolean; data?: T };
  optional(): Schema<T | undefined>;
  readonly shape: T;
  static create<U>(def: U): Schema<U>;
}
export interface Options { strict?: boolean; onError?: (e: Error) => void; }
export declare function make(opts?: Options): Schema;
export declare enum Mode { Fast, Slow }
export type Kind = 'a' | 'b';
export declare const defaults: Options;
"""

ALL = '[typescript]\nunknown_symbols = "all"\n'


def flagged(tmp_path, app: str, config: str | None = ALL, app_name: str = "src/app.ts",
            more: dict[str, str] | None = None, typescript_service: bool = False) -> list[tuple[int, str]]:
    tree = {"node_modules/pkg/index.d.ts": DTS,
            "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
            app_name: app, **(more or {})}
    ws = make_workspace(tmp_path, tree, config)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, app_name, typescript_service)]


CLEAN = """import { Schema, make, Mode, defaults } from 'pkg';
import type { Options, Kind } from 'pkg';
import * as ns from 'pkg';
const s: Schema<{ a: number }> = new Schema({ a: 1 });
s.parse(1);
s.optional().safeParse(2);
Schema.create<string>('x').parse('y');
(make() as Schema).shape;
const v = make() satisfies Schema;
v.safeParse(3);
make()!.parse(4);
let maybe: Schema | undefined;
maybe?.parse(5);
maybe!.optional();
const opts: Options = { strict: true };
opts.onError?.(new Error('x'));
const m = Mode.Fast;
const k: Kind = 'a';
defaults.strict;
ns.make().parse(1);
enum Local { A, B }
Local.B;
declare const g: Schema;
g.parse(1);
function f(x: Schema<number>, y?: Options) { x.parse(1); y?.strict; }
class Holder {
  private s: Schema;
  constructor(public readonly t: Schema) { this.s = t; }
  run() { this.s.parse(1); this.t.safeParse(2); }
}
abstract class Base<T> { abstract get(): T; }
class Impl extends Base<Schema> { get() { return new Schema(); } }
new Impl().get().parse(1);
const arr: Array<Schema> = [];
arr.map((x) => x.parse(1));
const rec: Record<string, Schema> = {};
rec.foo.parse(1);
function dec(target: any, key?: string) { return target; }
@dec
class Decorated { @dec method() {} }
new Decorated().method();
namespace Inner { export const z = 1; }
Inner.z;
const tup = [new Schema(), 1] as const;
tup[0].parse(1);
const gen = <T,>(x: T): T => x;
gen(new Schema()).parse(1);
export {};
"""


def test_clean_typescript_forms_give_no_finding(tmp_path):
    assert flagged(tmp_path, CLEAN) == []


def test_clean_tsx_forms_give_no_finding(tmp_path):
    app = CLEAN.replace("const gen = <T,>(x: T): T => x;\ngen(new Schema()).parse(1);\n", "") + \
        "const el = <div title={s.parse(1)} />;\n"
    assert flagged(tmp_path, app, app_name="src/app.tsx") == []


def test_invented_names_on_receivers_typed_by_typescript_forms_are_reported(tmp_path):
    app = """import { Schema, make, Mode } from 'pkg';
import type { Options } from 'pkg';
const s: Schema<{ a: number }> = new Schema({ a: 1 });
s.parze(1);
(make() as Schema).shap;
const v = make() satisfies Schema;
v.safeParze(3);
make()!.parze(4);
let maybe: Schema | undefined;
maybe?.parze(5);
function f(x: Schema<number>, y?: Options) { x.parze(1); y?.strickt; }
class Holder {
  private s: Schema;
  constructor(public readonly t: Schema) { this.s = t; }
  run() { this.s.parze(1); this.t.safeParze(2); }
}
const arr: Array<Schema> = [];
arr.map((x) => x.parze(1));
Mode.Fastt;
let later: Schema;
later = make();
later.parze(1);
"""
    assert flagged(tmp_path, app) == [(4, "parze"), (5, "shap"), (7, "safeParze"), (8, "parze"), (10, "parze"),
                                      (11, "parze"), (11, "strickt"), (15, "parze"), (15, "safeParze"),
                                      (18, "parze"), (19, "Fastt"), (22, "parze")]


def test_beyond_tsc_leaves_typed_receivers_to_typescript(tmp_path):
    app = "import { Schema } from 'pkg';\nconst s: Schema = new Schema();\ns.parze(1);\n"
    # the editor's default: its TypeScript service reports these itself from the same typings
    assert flagged(tmp_path / "editor", app, config=None, typescript_service=True) == []
    # the CLI's, hooks' and MCP's: nothing else reports them
    assert flagged(tmp_path / "cli", app, config=None) == [(3, "parze")]


VOCABULARY = """import { Schema } from 'pkg';
const s = new Schema();
s.parse(1);
function run(doc) { doc.safeParze(1); }
function typed(x: Other) { x.safeParze(1); }
function anyish(y: any) { y.safeParze(1); }
class H { private f: Other; go() { this.f.safeParze(1); } }
"""


def test_vocabulary_check_runs_on_typescript_untyped_receivers(tmp_path):
    # `doc` (no annotation) and `y: any` are `any` to TypeScript, which reports nothing on them; `x: Other` and
    # the field `f: Other` have a declared type (here of no package the model reads): TypeScript's to check
    assert flagged(tmp_path, VOCABULARY, config=None) == [(4, "safeParze"), (6, "safeParze")]


def test_vocabulary_check_runs_on_tsx_untyped_receivers(tmp_path):
    assert flagged(tmp_path, VOCABULARY, config=None, app_name="src/app.tsx") == [(4, "safeParze"), (6, "safeParze")]


def test_typescript_files_declare_workspace_vocabulary(tmp_path):
    # an interface member, an enum member, a parameter property declared in the workspace's TypeScript is a
    # name of the workspace: never a near miss of the engine's (here `safeParze`, `parseX`, `shapes`)
    more = {"src/types.ts": """export interface Other { safeParze(n: number): void }
export enum E { shapes }
export class K { constructor(public parseX: number) {} }
"""}
    app = """import { Schema } from 'pkg';
new Schema().parse(1);
function run(doc) { doc.safeParze(1); doc.shapes; doc.parseX; doc.optionl(); }
"""
    assert flagged(tmp_path, app, config=None, more=more) == [(3, "optionl")]


AUGMENT = """import 'pkg';
declare module 'pkg' {
  interface Options { extra?: number }
  interface Schema<T> { brand(): void }
  export function extraFn(): void;
}
export {};
"""
USES_AUGMENTED = """import { Schema, extraFn } from 'pkg';
import type { Options } from 'pkg';
const opts: Options = {};
opts.extra;
new Schema().brand();
new Schema().brnd();
extraFn();
"""


def test_module_augmentation_in_a_workspace_ts_file_adds_members(tmp_path):
    # TypeScript merges `declare module 'pkg' {...}` into the package's declarations: its names exist
    assert flagged(tmp_path, USES_AUGMENTED, more={"src/augment.ts": AUGMENT}) == [(6, "brnd")]


def test_module_augmentation_in_a_workspace_d_ts_file_adds_members_to_js_too(tmp_path):
    js = "import { Schema } from 'pkg';\nnew Schema().brand();\nnew Schema().brnd();\n"
    assert flagged(tmp_path, js, config=None, app_name="src/app.js",
                   more={"types/pkg-augment.d.ts": AUGMENT}) == [(3, "brnd")]
    assert flagged(tmp_path / "ts", USES_AUGMENTED, more={"types/pkg-augment.d.ts": AUGMENT}) == [(6, "brnd")]


def test_an_augmentation_of_another_package_adds_nothing(tmp_path):
    other = AUGMENT.replace("'pkg'", "'other-pkg'")
    assert flagged(tmp_path, "import { Schema } from 'pkg';\nnew Schema().brand();\n",
                   more={"src/augment.ts": other}) == [(2, "brand")]


def test_vocabulary_check_leaves_destructured_annotated_names_to_typescript(tmp_path):
    # `{ doc }: Props` and `const { a: renamed, b = 1 }: Props`: TypeScript knows each name's type
    app = """import { Schema } from 'pkg';
new Schema().parse(1);
function view({ doc }: Props, [first]: Other[]) { doc.safeParze(1); first.safeParze(2); }
const { a: renamed, b = 1 }: Props = load();
renamed.safeParze(3);
b.safeParze(4);
function loose({ page }) { page.safeParze(5); }
"""
    assert flagged(tmp_path, app, config=None) == [(7, "safeParze")]
