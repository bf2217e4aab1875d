"""Round 17 (bun-types, dev): what an ambient block exports, on minimal packages through the real `unknown-symbol`
check. TypeScript's binder marks a `declare module "x"` body, a `declare namespace` body and a namespace nested in
either (anywhere in a declaration file) an export context: every declaration in it is exported, `export` written or
not, unless that very block holds an export declaration (`export {}`, `export { a as b }`, `export =`, `export *
from`). The rule is per block: a module reopened in several files adds each block's exports. A `declare module`
in a module file (one that imports or exports something) augments a module declared elsewhere: it adds names and
never makes the module's list of exports complete. A script's global whose type is a conditional type we cannot
decide is unknown, never the package's namespace. Each expectation below was checked with tsc 5."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings


def runtime_workspace(tmp_path, files: dict[str, str], app: str):
    """A typings-only package `rtkit` declaring its modules in ambient blocks (bun-types' layout: an index of
    `/// <reference path>` lines), declared by the project, and `src/app.js` using it."""
    tree = {f"node_modules/rtkit/{rel}": text for rel, text in files.items()}
    tree["node_modules/rtkit/package.json"] = json.dumps({"name": "rtkit", "types": "./index.d.ts"})
    tree["node_modules/rtkit/index.d.ts"] = "".join(f'/// <reference path="./{rel}" />\n' for rel in files)
    tree["package.json"] = json.dumps({"name": "app", "dependencies": {"rtkit": "1.0.0"}})
    tree["src/app.js"] = app
    return make_workspace(tmp_path, tree)


def flagged(ws) -> list[tuple[int, str, str]]:
    return [(f["line"], f["name"], f["message"]) for f in symbol_findings(ws, "src/app.js")]


REOPENED = {
    "a.d.ts": '''declare module "rt" {
  /** TOML related APIs */
  namespace TOML { function parse(input: string): object; }
  export function serve(options: object): void;
  class SQL { query(text: string): Promise<unknown>; }
  namespace SQL {
    class SQLError extends Error {}
    const camel: { readonly column: string };
  }
}
''',
    "b.d.ts": '''declare module "rt" {
  namespace dns { function lookup(host: string): void; }
  function hidden(): void;
  export function visible(): void;
  export {};
}
declare module "rt:ffi" {
  namespace read { function u8(ptr: number): number; }
}
''',
}


def test_a_declare_module_block_exports_every_declaration_unless_it_holds_an_export_declaration(tmp_path):
    """`namespace TOML {...}` in `declare module "rt"` (written without `export`) is `import { TOML } from "rt"`,
    and a class merged with such a namespace has its declarations as statics (`SQL.camel`, `SQL.SQLError`).
    The other block of the same module holds `export {}`: only what it marks `export` is exported there (tsc:
    TS2305 on `dns` and `hidden`), which the first block's implicit exports do not change."""
    ws = runtime_workspace(tmp_path, REOPENED, """import { TOML, serve, SQL, visible, dns, hidden, TOMl } from "rt";
import { read } from "rt:ffi";
TOML.parse("a = 1");
SQL.camel;
new SQL.SQLError();
SQL.camle;
read.u8(0);
read.u9(0);
""")
    assert [(line, name) for line, name, _ in flagged(ws)] == [
        (1, "dns"), (1, "hidden"), (1, "TOMl"), (6, "camle"), (8, "u9")]


def test_a_namespace_holding_an_export_declaration_has_only_what_it_exports(tmp_path):
    """`declare namespace N { function f(): void; export {} }`: `N.f` does not exist (tsc: TS2339), while a
    namespace without one (`M`, and `M.Inner` nested in it) has every declaration as a member."""
    ws = runtime_workspace(tmp_path, {"n.d.ts": '''declare module "rt" {
  namespace N { function f(): void; export function g(): void; export {}; }
  namespace M { function f(): void; namespace Inner { function h(): void; } }
}
'''}, """import { N, M } from "rt";
N.f();
N.g();
M.f();
M.Inner.h();
M.Inner.j();
""")
    assert [(line, name) for line, name, _ in flagged(ws)] == [(2, "f"), (6, "j")]


def test_a_module_augmentation_adds_names_and_never_closes_the_module(tmp_path):
    """`declare module "node:fs/promises" { function exists(...) }` in a module file (it says `export {}`)
    augments Node's module: its other exports (`readdir`) are not flagged, nor those of another package it
    augments. A module a script file declares keeps its complete list, which augmentations extend."""
    ws = runtime_workspace(tmp_path, {
        "a.d.ts": 'declare module "rt" { function serve(options: object): void; }\n',
        "overrides.d.ts": '''export {};
declare module "node:fs/promises" { function exists(path: string): Promise<boolean>; }
declare module "rt" { function extra(): void; }
declare module "otherlib" { function more(): void; }
'''}, """import { readdir, exists } from "node:fs/promises";
import { serve, extra, srve } from "rt";
import { other, more } from "otherlib";
""")
    assert flagged(ws) == [(2, "srve", "`rt` has no export `srve`; did you mean `serve`?")]


def test_a_script_global_of_a_conditional_on_the_environment_is_the_package_s_own_declaration(tmp_path):
    """`declare var Widget: Rt.UseLibIfAvailable<"Widget", {...}>` (a conditional type choosing lib.dom's
    declaration when it is loaded, the package's own otherwise): the value is the package's own constructor type
    (round 29, bun29: it was unknown), never the package's namespace (`Widget.make` is no export of `rtkit`);
    `new Widget()` is a Widget. A conditional testing something other than the environment stays unknown; a
    global typed by a plain object type is still checked."""
    ws = runtime_workspace(tmp_path, {
        "a.d.ts": '''declare module "rt" {
  function serve(options: object): void;
  namespace Rt {
    type LibDomIsLoaded = typeof globalThis extends { onabort: any } ? true : false;
    type UseLibIfAvailable<K extends PropertyKey, Otherwise> = LibDomIsLoaded extends true
      ? typeof globalThis extends { [P in K]: infer T } ? T : Otherwise
      : Otherwise;
    type IfString<K, Otherwise> = K extends string ? unknown : Otherwise;
  }
}
''',
        "globals.d.ts": '''interface Widget { spin(): void; }
declare var Widget: Rt.UseLibIfAvailable<"Widget", { prototype: Widget; new (): Widget; make(n: number): Widget }>;
declare var Gadget: { prototype: Widget; new (): Widget; build(): Widget };
declare var Gizmo: Rt.IfString<"Gizmo", { prototype: Widget; new (): Widget; make(n: number): Widget }>;
declare var Sprocket: typeof globalThis extends { onmessage: any; Sprocket: infer T } ? T : Widget;
'''}, """Widget.make(1);
Widget.mkae(1);
new Widget().spni();
Widget.make(2).spin();
Gadget.build();
Gadget.biuld();
Gizmo.mkae(1);
Sprocket.spin();
Sprocket.sipn();
""")
    assert [(line, name) for line, name, _ in flagged(ws)] == [(2, "mkae"), (3, "spni"), (6, "biuld"), (9, "sipn")]


def test_an_engine_namespace_named_like_an_ecmascript_namespace_object_leaves_the_global_alone(tmp_path):
    """`declare module "rt" { namespace WebAssembly { interface Imports {} } }` (types for the engine's own
    signatures): `WebAssembly.instantiate(...)` in a fragment that never imports it is the JavaScript global,
    not the engine's namespace of the same name assumed imported."""
    ws = runtime_workspace(tmp_path, {"a.d.ts": '''declare module "rt" {
  function file(path: string): { bytes(): Promise<Uint8Array> };
  namespace WebAssembly { interface Imports { env?: object } }
}
'''}, """import { file } from "rt";
const bytes = await file("x.wasm").bytes();
const mod = await WebAssembly.instantiate(bytes);
""")
    assert flagged(ws) == []


def test_an_access_the_engines_docs_pages_write_is_known(tmp_path):
    """`jest.now()` in a docs page the package ships (`docs/test/dates-times.mdx`, MDX as docs sites write
    them) that its typings lack: the docs are a source, so it is never flagged, however far down the pages it
    is. A misspelling (`jest.nwo`) still is, and so is a name written only in a migration guide (`jest.runAll`,
    possibly gone) or only on another receiver (`clock.tick`)."""
    filler = "".join(f"```ts\nimport {{ jest }} from 'rt:test';\njest.useFakeTimers({i});\n```\n" for i in range(30))
    ws = runtime_workspace(tmp_path, {"a.d.ts": '''declare module "rt:test" {
  export function test(name: string, fn: () => void): void;
  export namespace jest {
    function useFakeTimers(n?: number): void;
    function useRealTimers(): void;
  }
}
'''}, """import { test, jest } from "rt:test";
test("time", () => {
  jest.now();
  jest.nwo();
  jest.runAll();
  jest.tick();
});
""")
    docs = tmp_path / "node_modules/rtkit/docs"
    (docs / "test").mkdir(parents=True)
    for i in range(40):
        (docs / f"a{i:02}.mdx").write_text(f"# Page {i}\n\n{filler}", encoding="utf-8")
    (docs / "test/dates-times.mdx").write_text(
        "## Get mocked time with jest.now()\n\n```ts\nimport { jest } from 'rt:test';\n"
        "expect(jest.now()).toBe(1577836800000);\nclock.tick(10);\n```\n", encoding="utf-8")
    (docs / "migration.mdx").write_text("```ts\njest.runAll();\n```\n", encoding="utf-8")
    assert [(line, name) for line, name, _ in flagged(ws)] == [(4, "nwo"), (5, "runAll"), (6, "tick")]


def test_a_package_augmenting_itself_keeps_its_exports_complete(tmp_path):
    """`declare module "selfpkg" {...}` in selfpkg's own module typings merges into the module read from its
    entry: its list of exports stays complete, so an invented import is still flagged."""
    ws = make_workspace(tmp_path, {
        "node_modules/selfpkg/package.json": json.dumps({"name": "selfpkg", "types": "index.d.ts"}),
        "node_modules/selfpkg/index.d.ts": '''export declare function start(): void;
export interface Options { verbose?: boolean }
declare module "selfpkg" { interface Options { quiet?: boolean } }
''',
        "package.json": json.dumps({"name": "app", "dependencies": {"selfpkg": "1.0.0"}}),
        "src/app.js": 'import { start, stop } from "selfpkg";\nstart();\n'})
    assert [(line, name) for line, name, _ in flagged(ws)] == [(1, "stop")]
