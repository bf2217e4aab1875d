"""Round 17, after the held-out run (bun-types tuned on): a global that aliases a module's namespace
(`import * as RtModule from "rt"; declare global { export import Rt = RtModule }`, in a file the entry reaches by
`/// <reference path>`, the module declared by `declare module "rt" {...}` blocks) is that module's namespace
object in every file, module or script: `Rt.x` is checked as `import * as Rt from "rt"; Rt.x` would be, and what
its calls and `new` make is typed. A namespace declared in a `declare module` block (`namespace Toml {...}`, which
the grammar wraps in an expression statement there) is one of the module's exports; a platform global
(`WebAssembly`) is never taken for a namespace of types of that name the module declares."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

RUNTIME = {
    "node_modules/rt-types/package.json": json.dumps({"name": "rt-types", "version": "1.0.0", "types": "index.d.ts"}),
    "node_modules/rt-types/index.d.ts": """/// <reference path="./rt.d.ts" />
/// <reference path="./wasm.d.ts" />
/// <reference path="./rt.ns.d.ts" />
""",
    "node_modules/rt-types/rt.d.ts": """declare module "rt" {
  /** Parse TOML. */
  namespace Toml {
    function parse(input: string): object;
  }
  interface Archive {
    extract(path: string): Promise<number>;
    files(): Promise<Map<string, File>>;
  }
  const Archive: {
    new (data: Uint8Array): Archive;
  };
  interface FileRef {
    text(): Promise<string>;
    bytes(): Promise<Uint8Array>;
  }
  function file(path: string): FileRef;
  interface Job {
    stop(): void;
  }
  const cron: {
    (schedule: string, handler: () => void): Job;
    parse(schedule: string): Date;
  };
  interface Hash {
    crc32: (data: string) => number;
  }
  const hash: ((data: string, seed?: number) => bigint) & Hash;
  function inspect(value: unknown): string;
  namespace inspect {
    function table(rows: object[]): string;
  }
  function color(input: string, format: "css"): string;
  function color(input: string, format: "number"): number;
}
""",
    "node_modules/rt-types/wasm.d.ts": """declare module "rt" {
  namespace WebAssembly {
    type Kind = "function" | "global";
  }
}
declare namespace WebAssembly {
  function instantiate(bytes: ArrayBuffer): Promise<object>;
}
""",
    "node_modules/rt-types/rt.ns.d.ts": """import * as RtModule from "rt";

declare global {
  export import Rt = RtModule;
}
""",
    "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"rt-types": "1.0.0"}}),
}


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_global_alias_of_a_namespace_import_is_the_module_namespace(tmp_path):
    ws = make_workspace(tmp_path, {**RUNTIME, "src/app.js": """import { file } from "rt";
const bytes = await Rt.file("a.tar").bytes();
const archive = new Rt.Archive(bytes);
await archive.extract("./out");
Rt.color("red", "css");
Rt.Toml.parse("a = 1");
Rt.colr("red", "css");
await Rt.file("a.tar").byes();
await archive.extact("./out");
Rt.Toml.pars("a = 1");
"""})
    assert found(ws) == [(7, "colr", ["color"]), (8, "byes", ["bytes"]), (9, "extact", ["extract"]),
                         (10, "pars", ["parse"])]


def test_the_global_alias_holds_in_a_script_too(tmp_path):
    ws = make_workspace(tmp_path, {**RUNTIME, "src/app.js": """const f = Rt.file("a.txt");
f.text();
f.txt();
"""})
    assert found(ws) == [(3, "txt", ["text"])]


def test_a_platform_global_is_not_the_module_namespace_of_its_name(tmp_path):
    ws = make_workspace(tmp_path, {**RUNTIME, "src/app.js": """import { file } from "rt";
const bytes = await file("a.wasm").bytes();
const mod = await WebAssembly.instantiate(bytes);
"""})
    assert found(ws) == []


def test_without_the_global_alias_the_name_stays_unchecked(tmp_path):
    files = dict(RUNTIME)
    files["node_modules/rt-types/rt.ns.d.ts"] = "export {};\n"
    ws = make_workspace(tmp_path, {**files, "src/app.js": """Rt.colr("red", "css");
"""})
    assert found(ws) == []


def test_callable_consts_with_members(tmp_path):
    """`const cron: { (s, h): Job; parse(s): Date }` and `const hash: ((d) => bigint) & Hash`: a callable value
    whose members are its type's; a call's result is the call signature's."""
    ws = make_workspace(tmp_path, {**RUNTIME, "src/app.js": """import { cron, hash } from "rt";
const job = cron("* * * * *", () => {});
job.stop();
cron.parse("* * * * *");
hash.crc32("data");
hash("data").toString();
job.stp();
cron.pars("* * * * *");
hash.crc_32("data");
Rt.cron.pars("x");
"""})
    assert found(ws) == [(7, "stp", ["stop"]), (8, "pars", ["parse"]), (9, "crc_32", ["crc32"]),
                         (10, "pars", ["parse"])]


def test_a_function_merged_with_a_namespace_in_a_declare_module_block(tmp_path):
    """`function inspect(v): string` beside `namespace inspect { function table() }` in `declare module "rt"`:
    the value is callable and has the namespace's members."""
    ws = make_workspace(tmp_path, {**RUNTIME, "src/app.js": """import { inspect } from "rt";
inspect({ a: 1 }).length;
inspect.table([]);
Rt.inspect.table([]);
inspect.tabl([]);
Rt.inspect.tale([]);
"""})
    assert found(ws) == [(5, "tabl", ["table"]), (6, "tale", ["table"])]


def test_a_type_qualified_by_the_global_alias_is_the_module_s_type(tmp_path):
    """`declare var ReadableStream: { new (source?: Bun.UnderlyingSource<R>): ... }` in bun's global declaration
    file: the qualifier is the global alias of the module's namespace, so TypeScript reads `Bun.UnderlyingSource`
    as the module's type (round 30, bun30), though another module declares a type of that name too (`node:stream/web`'s
    `UnderlyingSource`; a name read alone would be ambiguous): the construct signature's parameter types the
    callbacks."""
    files = dict(RUNTIME)
    files["node_modules/rt-types/index.d.ts"] += '/// <reference path="./globals.d.ts" />\n'
    files["node_modules/rt-types/rt.d.ts"] = files["node_modules/rt-types/rt.d.ts"].replace(
        "  interface Job {", """  interface Feed { close(): void; enqueue(chunk: string): void; }
  interface Sink<R = any> { start?: (controller: Feed) => void; }
  interface Job {""")
    files["node_modules/rt-types/globals.d.ts"] = """interface Tap { read(): string; }
declare var Tap: { prototype: Tap; new <R = any>(sink?: Rt.Sink<R>): Tap };
declare module "rt:web" {
  interface Sink { start?: (controller: object) => void; }
}
"""
    ws = make_workspace(tmp_path, {**files, "src/app.js": """new Tap({ start(controller) { controller.enqueue("a"); controller.clsoe(); controller.terminate(); } });
"""})
    # (`clsoe`, a near miss, is reported on any receiver; `terminate` only on a receiver known to be a `Feed`)
    assert [(line, name) for line, name, _ in found(ws)] == [(1, "clsoe"), (1, "terminate")]
