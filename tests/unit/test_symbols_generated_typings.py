"""Typings that tsc generates per file (fabric's shape), each mechanism through the real pipeline on a tiny
workspace: `export type * from` (TS 5.0), import types (`import("../..").Shape<...>`) that the grammar cannot
read, the mixin base tsc emits (`declare const X_base: { new (...args: any[]): {...} } & {...}`), and a
runtime build whose class heritage is a mixin call the typings already declare."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import extract_dts, grammar_readable
from lsp_server.languages import parser
from tests.support.symbols_helpers import make_workspace, symbol_findings


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def workspace(tmp_path, files: dict[str, str], app: str):
    pkg = {"name": "gen", "types": "./dist/index.d.ts",
           "exports": {".": {"types": "./dist/index.d.ts", "import": "./dist/index.mjs"}}}
    return make_workspace(tmp_path, {"node_modules/gen/package.json": json.dumps(pkg),
                                     **{f"node_modules/gen/dist/{k}": v for k, v in files.items()},
                                     "src/app.js": app})


def test_export_type_star_reexports_the_names_of_a_file(tmp_path):
    ws = workspace(tmp_path, {
        "index.d.ts": "export type * from './typedefs';\nexport { Shape } from './shape';\n",
        "typedefs.d.ts": "export interface Options { width: number }\nexport type Size = number;\n",
        "shape.d.ts": "export declare class Shape { draw(): void; }\n",
    }, "import { Shape } from 'gen';\nconst s = new Shape();\ns.draw();\ns.drawe();\n")
    assert found(ws) == [(4, "drawe", ["draw"])]
    model = extract_dts(tmp_path / "node_modules/gen/dist/index.d.ts", "gen").module("gen")
    assert {"Options", "Size", "Shape"} <= set(model.exports) and model.complete
    # the grammar's error recovery reads a small file anyway; a long one (fabric's) loses what follows
    assert not parser("typescript").parse(grammar_readable(b"export type * from './typedefs';\n")).root_node.has_error


def test_import_types_do_not_make_a_file_unreadable(tmp_path):
    ws = workspace(tmp_path, {
        "index.d.ts": "export { Group } from './group';\n",
        "group.d.ts": "import { Shape } from './shape';\n"
                      "export declare class Group {\n"
                      "    item(i: number): import(\"./shape\").Shape<Partial<import(\"./shape\").Props>>;\n"
                      "    remove(...o: Shape[]): import(\"./shape\").Shape<Partial<import(\"./shape\").Props>>[];\n"
                      "    size(): number;\n}\n",
        "shape.d.ts": "export interface Props { x: number }\nexport declare class Shape<P = Props> { draw(): void; }\n",
    }, "import { Group } from 'gen';\nconst g = new Group();\ng.size();\ng.sizes();\n")
    assert found(ws) == [(4, "sizes", ["size"])]
    data = b'x: import("../..").Path<import("./a").P>;'
    assert len(grammar_readable(data)) == len(data) and b"import(" not in grammar_readable(data)


def test_a_mixin_base_const_is_the_type_its_construct_signatures_make(tmp_path):
    ws = workspace(tmp_path, {
        "index.d.ts": "export { Canvas } from './canvas';\n",
        "common.d.ts": "export declare class CommonMethods { on(name: string): void; }\n",
        "canvas.d.ts": "import { CommonMethods } from './common';\n"
                       "declare const Canvas_base: {\n"
                       "    new (...args: any[]): {\n        add(...o: object[]): number;\n        size(): number;\n    };\n"
                       "} & {\n    new (): CommonMethods;\n};\n"
                       "export declare class Canvas extends Canvas_base { render(): void; }\n",
    }, "import { Canvas } from 'gen';\nconst c = new Canvas();\nc.add({});\nc.on('x');\nc.render();\n"
       "c.adds({});\nc.onn('x');\n")
    # the base's members (both construct signatures) are known, so the class is closed and near misses flag
    assert found(ws) == [(6, "adds", ["add"]), (7, "onn", ["on"])]


def test_a_runtime_mixin_call_base_does_not_open_a_declared_class(tmp_path):
    ws = workspace(tmp_path, {
        "index.d.ts": "export { Canvas } from './canvas';\n",
        "canvas.d.ts": "export declare class Canvas { render(): void; }\n",
        "index.mjs": "const mix = (B) => class extends B {};\nclass Base {}\n"
                     "export class Canvas extends mix(Base) { render() {} }\n",
    }, "import { Canvas } from 'gen';\nconst c = new Canvas();\nc.render();\nc.renders();\n")
    assert found(ws) == [(4, "renders", ["render"])]


def test_export_star_as_namespace_is_an_object_of_the_files_values(tmp_path):
    ws = workspace(tmp_path, {
        "index.d.ts": "export * as filters from './filters';\nexport * as util from './util';\n",
        "filters.d.ts": "export declare class Invert { apply(): void; }\nexport interface FilterOptions { x: number }\n",
        "util.d.ts": "export * as string from './str';\nexport declare function rotate(p: number): number;\n",
        "str.d.ts": "export declare function capitalize(s: string): string;\n",
    }, "import * as gen from 'gen';\nconst f = new gen.filters.Invert();\nf.apply();\nf.aply();\n"
       "gen.util.rotate(1);\ngen.util.rotat(1);\ngen.util.string.capitalize('a');\ngen.util.string.capitalise('a');\n"
       "new gen.filters.Inverts();\n")
    assert found(ws) == [(4, "aply", ["apply"]), (6, "rotat", ["rotate"]), (8, "capitalise", ["capitalize"]),
                         (9, "Inverts", ["Invert"])]
    model = extract_dts(tmp_path / "node_modules/gen/dist/index.d.ts", "gen").module("gen")
    assert model.complete and "FilterOptions" not in {m.name for m in model.types[model.exports["filters"]].members}


def test_a_subpath_with_its_own_typings_adds_its_names_to_the_package(tmp_path):
    pkg = {"name": "gen", "types": "./dist/index.d.ts",
           "exports": {".": {"types": "./dist/index.d.ts", "import": "./dist/index.mjs"},
                       "./node": {"node": "./dist/node.cjs", "types": "./dist/node.d.ts"}}}
    ws = make_workspace(tmp_path, {
        "node_modules/gen/package.json": json.dumps(pkg),
        "node_modules/gen/dist/index.d.ts": "export declare class Canvas { render(): void; }\n",
        "node_modules/gen/dist/node.d.ts": "import { Canvas as Base } from './index';\nexport * from './index';\n"
                                           "export declare class Canvas extends Base { createPNGStream(): void; }\n",
        "src/app.js": "import * as gen from 'gen/node';\nconst c = new gen.Canvas();\nc.render();\n"
                      "c.createPNGStream();\nc.createPGStream();\nnew gen.Canva();\n",
    })
    assert found(ws) == [(5, "createPGStream", ["createPNGStream"]), (6, "Canva", ["Canvas"])]
