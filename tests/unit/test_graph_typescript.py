"""The import graph of TypeScript sources, one rule per test on small folders in tmp_path: type-only imports
(extraction, edge kind `type`, left out of cycles unless `type_cycles`), `import x = require()`,
`/// <reference path>`, tsconfig `paths` / `baseUrl` / `extends` (relative and from packages) / project
references, NodeNext `.js` -> `.ts`, TypeScript extension order, `@types` packages, `allowJs` mixed projects,
`.d.ts` modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lsp_server.graph.export import graph_snapshot
from lsp_server.graph.resolve import FILE, MISSING_PACKAGE, PACKAGE, Resolver
from lsp_server.graph.service import ImportGraphService
from lsp_server.languages import parser
from lsp_server.surfaces.present import for_cli
from lsp_server.syntax.modules import REEXPORT, REQUIRE, STATIC, TYPE, extract
from lsp_server.workspace import Workspace


def write(root: Path, files: dict[str, str | dict]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content) if isinstance(content, dict) else content, encoding="utf-8")
    return root


def imports_of(text: str, language: str = "typescript") -> list[tuple[str, str, list[str]]]:
    source = text.encode()
    info = extract(source, parser(language).parse(source), language)
    return [(r.specifier, r.edge_kind, [n.name for n in r.names]) for r in info.imports]


def resolve(root: Path, spec: str, importer: str, kind: str = "import"):
    res = Resolver(root).resolve(spec, str(root / importer), kind)
    return res.kind, (Path(res.target).relative_to(root).as_posix() if res.kind == FILE else res.target)


def graph(root: Path) -> dict:
    return for_cli().graph(graph_snapshot(Workspace(root).service(ImportGraphService), root))


# --- extraction -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["typescript", "tsx"])
def test_type_only_imports_and_exports_are_type_edges(language: str):
    assert imports_of(
        'import type { A } from "./a";\n'
        'import { type B, type C } from "./bc";\n'
        'import { type D, e } from "./de";\n'
        'export type { F } from "./f";\n'
        'export { type G } from "./g";\n'
        'export { h } from "./h";\n'
        'import "./side-effect";\n', language) == [
        ("./a", TYPE, ["A"]), ("./bc", TYPE, ["B", "C"]), ("./de", STATIC, ["D", "e"]), ("./f", TYPE, ["F"]),
        ("./g", TYPE, ["G"]), ("./h", REEXPORT, ["h"]), ("./side-effect", STATIC, [])]


def test_import_in_a_type_is_a_type_edge_and_in_code_a_dynamic_import():
    assert imports_of(
        'type T = import("./t").T;\n'
        'let v: typeof import("./v");\n'
        'interface I { p: import("./i").P }\n'
        'const m = await import("./m");\n'
        'const n = (await import("./n")) as typeof import("./o");\n') == [
        ("./t", TYPE, []), ("./v", TYPE, []), ("./i", TYPE, []), ("./m", "dynamic", ["*"]),
        ("./n", "dynamic", ["*"]), ("./o", TYPE, [])]


def test_import_equals_require_and_reference_directives():
    assert imports_of(
        '/// <reference path="globals.d.ts" />\n'
        '/// <reference types="node" />\n'
        'import fs = require("./fs");\n'
        'import type T = require("./t");\n'
        '/// <reference path="./late.d.ts" />\n') == [
        ("./globals.d.ts", TYPE, []), ("./fs", REQUIRE, ["*"]), ("./t", TYPE, ["*"])]


def test_javascript_has_no_type_edges():
    # `import type` is not JavaScript: whatever tree-sitter makes of it, no import of a .js file is type-only.
    assert all(kind != TYPE for _, kind, _ in imports_of('import { a } from "./a";\n', "javascript"))


# --- resolution -------------------------------------------------------------------------------------------
def test_js_specifier_resolves_to_the_ts_source_first(tmp_path: Path):
    """NodeNext: `./x.js` in TypeScript is the `x.ts` source, even when a compiled `x.js` sits beside it."""
    write(tmp_path, {"src/x.ts": "", "src/x.js": "", "src/y.tsx": "", "src/z.mts": "", "src/main.ts": "",
                     "src/main.js": ""})
    assert resolve(tmp_path, "./x.js", "src/main.ts") == (FILE, "src/x.ts")
    assert resolve(tmp_path, "./y.js", "src/main.ts") == (FILE, "src/y.tsx")
    assert resolve(tmp_path, "./z.mjs", "src/main.ts") == (FILE, "src/z.mts")
    assert resolve(tmp_path, "./x.js", "src/main.js") == (FILE, "src/x.js")  # JavaScript: the file named


def test_extensionless_prefers_typescript_for_typescript_importers(tmp_path: Path):
    write(tmp_path, {"src/x.ts": "", "src/x.js": "", "src/dir/index.ts": "", "src/dir/index.js": "",
                     "src/main.ts": "", "src/main.js": ""})
    assert resolve(tmp_path, "./x", "src/main.ts") == (FILE, "src/x.ts")
    assert resolve(tmp_path, "./dir", "src/main.ts") == (FILE, "src/dir/index.ts")
    assert resolve(tmp_path, "./x", "src/main.js") == (FILE, "src/x.js")
    assert resolve(tmp_path, "./dir", "src/main.js") == (FILE, "src/dir/index.js")


def test_allow_js_mixed_project(tmp_path: Path):
    write(tmp_path, {"src/legacy.js": "", "src/modern.ts": "", "src/types.d.ts": "", "src/app.ts": "",
                     "src/old.js": ""})
    assert resolve(tmp_path, "./legacy", "src/app.ts") == (FILE, "src/legacy.js")
    assert resolve(tmp_path, "./modern", "src/old.js") == (FILE, "src/modern.ts")
    assert resolve(tmp_path, "./types", "src/app.ts") == (FILE, "src/types.d.ts")


def test_tsconfig_paths_and_base_url(tmp_path: Path):
    write(tmp_path, {
        "tsconfig.json": '{\n  // comments and trailing commas: tsconfig is JSONC\n  "compilerOptions": {\n'
                         '    "baseUrl": "./src",\n    "paths": {"@app/*": ["app/*"], "@lib": ["lib/index.ts"],},\n'
                         '  },\n}\n',
        "src/app/feature.ts": "", "src/lib/index.ts": "", "src/util/strings.ts": "", "src/main.ts": ""})
    assert resolve(tmp_path, "@app/feature", "src/main.ts") == (FILE, "src/app/feature.ts")
    assert resolve(tmp_path, "@app/feature.js", "src/main.ts") == (FILE, "src/app/feature.ts")
    assert resolve(tmp_path, "@lib", "src/main.ts") == (FILE, "src/lib/index.ts")
    assert resolve(tmp_path, "util/strings", "src/main.ts") == (FILE, "src/util/strings.ts")  # baseUrl


def test_tsconfig_extends_relative_and_from_packages(tmp_path: Path):
    write(tmp_path, {
        # a chain: tsconfig.json -> ./configs/base (no .json) -> @acme/tsconfig (package.json `tsconfig`)
        "tsconfig.json": {"extends": "./configs/base", "compilerOptions": {"outDir": "dist"}},
        "configs/base.json": {"extends": "@acme/tsconfig"},
        "node_modules/@acme/tsconfig/package.json": {"name": "@acme/tsconfig", "tsconfig": "shared.json"},
        # paths in an extended config are relative to that config's baseUrl, not to the extending one
        "node_modules/@acme/tsconfig/shared.json": {"compilerOptions": {"baseUrl": "../../../src",
                                                                        "paths": {"~/*": ["*"]}}},
        "pkg/tsconfig.json": {"extends": "@tsconfig/strictest/tsconfig.json"},
        "node_modules/@tsconfig/strictest/tsconfig.json": {"compilerOptions": {"paths": {"#x": ["./x.ts"]}}},
        "node_modules/@tsconfig/strictest/x.ts": "",
        "src/a/b.ts": "", "src/main.ts": "", "pkg/main.ts": ""})
    assert resolve(tmp_path, "~/a/b", "src/main.ts") == (FILE, "src/a/b.ts")
    assert resolve(tmp_path, "a/b", "src/main.ts") == (FILE, "src/a/b.ts")  # the inherited baseUrl
    assert resolve(tmp_path, "#x", "pkg/main.ts") == (FILE, "node_modules/@tsconfig/strictest/x.ts")


def test_project_references_map_built_output_to_sources(tmp_path: Path):
    write(tmp_path, {
        "packages/core/tsconfig.json": {"compilerOptions": {"composite": True, "rootDir": "src", "outDir": "lib"}},
        "packages/core/src/math.ts": "",
        "packages/util/tsconfig.json": {"compilerOptions": {"outDir": "dist"}, "include": ["source/**/*"]},
        "packages/util/source/strings.ts": "",
        "packages/app/tsconfig.json": {"references": [{"path": "../core"}, {"path": "../util/tsconfig.json"}],
                                       "compilerOptions": {"paths": {"@core/*": ["../core/lib/*"]}}},
        "packages/app/src/main.ts": ""})
    # Not built yet (no lib/ or dist/): TypeScript reads the referenced project's sources.
    assert resolve(tmp_path, "../../core/lib/math.js", "packages/app/src/main.ts") == (FILE, "packages/core/src/math.ts")
    assert resolve(tmp_path, "../../core/lib/math", "packages/app/src/main.ts") == (FILE, "packages/core/src/math.ts")
    assert resolve(tmp_path, "@core/math", "packages/app/src/main.ts") == (FILE, "packages/core/src/math.ts")
    assert resolve(tmp_path, "../../util/dist/strings.js", "packages/app/src/main.ts") == \
        (FILE, "packages/util/source/strings.ts")


def test_types_packages_for_typescript_importers(tmp_path: Path):
    write(tmp_path, {"node_modules/@types/estree/package.json": {"name": "@types/estree", "types": "index.d.ts"},
                     "node_modules/@types/estree/index.d.ts": "",
                     "node_modules/@types/babel__core/package.json": {"name": "@types/babel__core"},
                     "node_modules/@types/babel__core/index.d.ts": "",
                     "src/a.d.ts": "", "src/b.ts": "", "src/c.js": ""})
    assert resolve(tmp_path, "estree", "src/a.d.ts") == (PACKAGE, "package:@types/estree")
    assert resolve(tmp_path, "@babel/core", "src/b.ts") == (PACKAGE, "package:@types/babel__core")
    assert resolve(tmp_path, "estree", "src/c.js")[0] == MISSING_PACKAGE  # JavaScript has no @types
    assert resolve(tmp_path, "estree", "src/c.js", kind="type") == (PACKAGE, "package:@types/estree")


# --- the graph -------------------------------------------------------------------------------------------
def test_typescript_files_are_modules_with_typed_edges(tmp_path: Path):
    write(tmp_path, {
        "src/a.ts": 'import { b } from "./b.js";\nimport type { C } from "./c";\n',
        "src/b.tsx": 'export const b = <div />;\nimport d = require("./d.cts");\n',
        "src/c.mts": 'export type C = 1;\n/// ok\nexport * from "./e";\n',
        "src/d.cts": "export = 1;\n",
        "src/e.d.ts": "export declare const e: number;\n",
        "src/f.js": 'import { b } from "./b";\n'})
    data = graph(tmp_path)
    assert data["modules"] == ["src/a.ts", "src/b.tsx", "src/c.mts", "src/d.cts", "src/e.d.ts", "src/f.js"]
    assert {(e["from"], e["to"], e["kind"]) for e in data["edges"]} == {
        ("src/a.ts", "src/b.tsx", "import"), ("src/a.ts", "src/c.mts", "type"), ("src/b.tsx", "src/d.cts", "require"),
        ("src/c.mts", "src/e.d.ts", "reexport"), ("src/f.js", "src/b.tsx", "import")}


CYCLE = {"src/a.ts": 'import { b } from "./b";\nexport const a = 1;\n',
         "src/b.ts": 'import type { A } from "./a";\nexport const b: A = 1 as any;\n',
         "src/c.ts": 'import { d } from "./d";\nexport const c = 1;\n',
         "src/d.ts": 'import { c } from "./c";\nexport const d = c;\n'}


def test_type_only_edges_close_no_cycle_by_default(tmp_path: Path):
    write(tmp_path, CYCLE)
    g = Workspace(tmp_path).service(ImportGraphService)
    assert sorted(map(sorted, g.sccs.values())) == [[str(tmp_path / "src/c.ts"), str(tmp_path / "src/d.ts")]]
    assert g.cycles_of(str(tmp_path / "src/a.ts")) == []
    assert ("src/b.ts", "src/a.ts", "type") in {(e["from"], e["to"], e["kind"]) for e in graph(tmp_path)["edges"]}


def test_type_cycles_setting_counts_them(tmp_path: Path):
    write(tmp_path, {**CYCLE, "footprint.toml": "[dependencies]\ntype_cycles = true\n"})
    g = Workspace(tmp_path).service(ImportGraphService)
    assert len(g.sccs) == 2
    assert g.cycles_of(str(tmp_path / "src/a.ts")) == [[str(tmp_path / "src/a.ts"), str(tmp_path / "src/b.ts")]]


def test_editing_a_type_import_into_a_value_import_closes_the_cycle(tmp_path: Path):
    write(tmp_path, CYCLE)
    ws = Workspace(tmp_path)
    g = ws.service(ImportGraphService)
    b = tmp_path / "src/b.ts"
    b.write_text('import { A } from "./a";\nexport const b = A;\n', encoding="utf-8")
    ws.files_changed([b])
    g = ws.service(ImportGraphService)
    assert g.cycles_of(str(tmp_path / "src/a.ts")) == [[str(tmp_path / "src/a.ts"), str(b)]]


def test_imports_of_declaration_files_are_type_edges(tmp_path: Path):
    """A `.d.ts` emits no JavaScript: its imports are type-only whatever their syntax, so two declaration
    files importing each other are no import cycle."""
    write(tmp_path, {"types/index.d.ts": 'import * as R from "./rules";\nexport declare const x: R.Rule;\n',
                     "types/rules.d.ts": 'import { x } from "./index";\nexport type Rule = typeof x;\n'})
    data = graph(tmp_path)
    assert {(e["from"], e["to"], e["kind"]) for e in data["edges"]} == {
        ("types/index.d.ts", "types/rules.d.ts", "type"), ("types/rules.d.ts", "types/index.d.ts", "type")}
    assert data["cycles"] == []


def test_typescript_exports_and_module_blocks():
    """`export declare ...` exports its name; a namespace's or an ambient module's own imports and exports
    are not the file's (only a module's top-level statements are its dependencies)."""
    source = (b'export declare const e: number;\nexport declare function f(): void;\nexport declare class C {}\n'
              b'export enum En { X }\nexport interface I {}\nexport type T = 1;\n'
              b'export function over(a: string): void;\nexport function over(a: any) {}\n'
              b'export namespace N { export const z = 1; export * from "./q"; }\n'
              b'declare module "m" { export function g(): void; import x from "./inner"; }\n'
              b'import { a } from "./a";\n')
    info = extract(source, parser("typescript").parse(source), "typescript")
    assert [e.name for e in info.exports] == ["e", "f", "C", "En", "I", "T", "over", "N"]
    assert [r.specifier for r in info.imports] == ["./a"]


def test_the_nearest_tsconfig_may_be_above_the_workspace_root(tmp_path: Path):
    """`footprint-ls graph src/` of a project whose tsconfig.json is beside src/: found as TypeScript finds
    it, by walking up from the file."""
    write(tmp_path, {"tsconfig.json": {"compilerOptions": {"paths": {"@/*": ["./src/*"]}}},
                     "src/a/b.ts": "", "src/main.ts": ""})
    res = Resolver(tmp_path / "src").resolve("@/a/b", str(tmp_path / "src/main.ts"))
    assert res.kind == FILE and Path(res.target) == tmp_path / "src/a/b.ts"


def test_cts_imports_resolve_with_the_require_condition(tmp_path: Path):
    """A `.cts` module is CommonJS: `import x from "pkg"` compiles to require("pkg"), so a package whose
    `exports` has only a `require` entry resolves from it, and not from an ES module."""
    write(tmp_path, {"node_modules/cjs-only/package.json": {"name": "cjs-only", "exports": {"require": "./index.js"}},
                     "node_modules/cjs-only/index.js": "", "src/a.cts": "", "src/b.mts": ""})
    assert resolve(tmp_path, "cjs-only", "src/a.cts") == (PACKAGE, "package:cjs-only")
    assert resolve(tmp_path, "cjs-only", "src/b.mts")[0] == MISSING_PACKAGE


def test_solution_config_picks_the_referenced_project_that_includes_the_file(tmp_path: Path):
    """Vite's template: tsconfig.json is a solution (`"files": []`, `references`); the `paths` alias lives in
    tsconfig.app.json, whose `include` covers src/. TypeScript reads a file's options from the project
    that includes it."""
    write(tmp_path, {
        "tsconfig.json": {"files": [], "references": [{"path": "./tsconfig.app.json"},
                                                      {"path": "./tsconfig.node.json"}]},
        "tsconfig.app.json": {"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["./src/*"]}}, "include": ["src"]},
        "tsconfig.node.json": {"compilerOptions": {"paths": {"@/*": ["./config/*"]}}, "include": ["vite.config.ts"]},
        "src/components/button.tsx": "", "src/main.tsx": "", "config/button.ts": "", "vite.config.ts": ""})
    assert resolve(tmp_path, "@/components/button", "src/main.tsx") == (FILE, "src/components/button.tsx")
    assert resolve(tmp_path, "@/button", "vite.config.ts") == (FILE, "config/button.ts")
    # Memoised per project, not per folder: the same specifier from both projects.
    r = Resolver(tmp_path)
    assert r.resolve("@/button", str(tmp_path / "vite.config.ts")).kind == FILE
    assert r.resolve("@/button", str(tmp_path / "src/main.tsx")).kind != FILE


def test_export_equals_makes_the_exports_unknown():
    """`export = value` (TypeScript's CommonJS export): `import x from`, `import x = require()` and named
    imports of it are not reported as unknown exports."""
    source = b'import { helper } from "./helper";\nconst api = { helper };\nexport = api;\n'
    info = extract(source, parser("typescript").parse(source), "typescript")
    assert info.dynamic_exports and "default" not in {e.name for e in info.exports}
