"""tsc-generated per-file typings (the konva shape, issue 17 point 1): relative imports written with a source
extension (`./Stage.ts`) resolve to the declaration beside it, and a `const` typed by an object type literal
(or an intersection of them) whose members are `typeof Class` is an object of those classes: `Lib.Stage` is the
class, `new Lib.Stage()` its instance, through a default, namespace or named import."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import resolve_relative
from tests.support.symbols_helpers import make_workspace, symbol_findings

STAGE = """import { Node } from './Node.ts';
export declare class Stage extends Node {
    container(): HTMLDivElement;
    batchDraw(): this;
}
"""
NODE = "export declare class Node {\n    destroy(): void;\n    getStage(): Stage | null;\n}\nimport type { Stage } from './Stage.ts';\n"
INTERNALS = """import { Stage } from './Stage.ts';
import { Node } from './Node.ts';
export declare const Lib: {
    version: string;
    getAngle(angle: number): number;
} & {
    Stage: typeof Stage;
    Node: typeof Node;
};
"""
INDEX = "import { Lib } from './_Internals.ts';\nexport default Lib;\n"


def lib_workspace(tmp_path, app: str, internals: str = INTERNALS):
    return make_workspace(tmp_path, {
        "node_modules/lib/package.json": json.dumps({
            "name": "lib", "type": "module", "main": "./lib/index.js", "types": "./lib/index.d.ts",
            "exports": {".": {"types": "./lib/index.d.ts", "default": "./lib/index.js"},
                        "./lib/*": {"types": "./lib/*.d.ts", "default": "./lib/*.js"}}}),
        "node_modules/lib/lib/index.d.ts": INDEX,
        "node_modules/lib/lib/_Internals.d.ts": internals,
        "node_modules/lib/lib/Stage.d.ts": STAGE,
        "node_modules/lib/lib/Node.d.ts": NODE,
        "src/app.js": app,
    })


def names(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_source_extension_in_a_declaration_import_resolves_to_the_declaration(tmp_path):
    (tmp_path / "Stage.d.ts").write_text("export declare class Stage {}\n")
    (tmp_path / "Shape.d.mts").write_text("export declare class Shape {}\n")
    base = tmp_path / "index.d.ts"
    assert resolve_relative(base, "./Stage.ts") == (tmp_path / "Stage.d.ts").resolve()
    assert resolve_relative(base, "./Stage.tsx") == (tmp_path / "Stage.d.ts").resolve()
    assert resolve_relative(base, "./Shape.mts") == (tmp_path / "Shape.d.mts").resolve()
    assert resolve_relative(base, "./Missing.ts") is None


def test_members_of_an_object_const_are_its_classes(tmp_path):
    ws = lib_workspace(tmp_path, """import Lib from "lib";
const stage = new Lib.Stage();
stage.batchDraw().container();
stage.destroy();
stage.batchDraws();
Lib.getAngle(3);
Lib.getAngel(3);
Lib.Stagee;
""")
    assert names(ws) == [(5, "batchDraws", ["batchDraw"]), (7, "getAngel", ["getAngle"]), (8, "Stagee", ["Stage"])]


def test_an_object_const_with_a_part_not_followed_is_open(tmp_path):
    internals = INTERNALS.replace("} & {\n    Stage", "} & Record<string, unknown> & {\n    Stage")
    ws = lib_workspace(tmp_path, """import Lib from "lib";
Lib.anything;
new Lib.Stage().batchDraws();
""", internals)
    assert names(ws) == [(3, "batchDraws", ["batchDraw"])]


def test_a_script_uses_the_object_its_readme_imports_as_a_global(tmp_path):
    ws = lib_workspace(tmp_path, 'import "lib";\n')
    (tmp_path / "node_modules/lib/README.md").write_text(
        "# lib\n\n```js\nimport Lib from 'lib';\nconst stage = new Lib.Stage();\n```\n")
    (tmp_path / "src/script.js").write_text("""var stage = new Lib.Stage();
stage.batchDraws();
Lib.getAngel(1);
""")
    assert names(ws, "src/script.js") == [(2, "batchDraws", ["batchDraw"]), (3, "getAngel", ["getAngle"])]


def test_examples_that_name_a_subclass_adding_nothing_agree_on_its_base(tmp_path):
    internals = INTERNALS.replace("    Node: typeof Node;", "    Node: typeof Node;\n    Fast: typeof Fast;\n    Big: typeof Big;")
    internals = "import { Fast, Big } from './Fast.ts';\n" + internals
    ws = lib_workspace(tmp_path, 'import "lib";\n', internals)
    (tmp_path / "node_modules/lib/lib/Fast.d.ts").write_text(
        "import { Stage } from './Stage.ts';\nexport declare class Fast extends Stage {\n    constructor(a?: any);\n}\n"
        "export declare class Big extends Stage {\n    grow(): void;\n}\n")
    (tmp_path / "node_modules/lib/README.md").write_text(
        "# lib\n\n```js\nimport Lib from 'lib';\nconst stage = new Lib.Stage();\nconst item = new Lib.Stage();\n```\n\n"
        "```js\nimport Lib from 'lib';\nconst stage = new Lib.Fast();\nconst item = new Lib.Big();\n```\n")
    (tmp_path / "src/script.js").write_text("stage.batchDraws();\nitem.batchDraws();\n")
    # `stage`: Stage or a Fast (a Stage adding nothing) -> a Stage; `item`: Stage or Big (which has `grow`): unknown,
    # so its near miss is only the vocabulary check's (the file uses the engine: `stage`), which claims no type
    found = [(f["line"], f["name"], f["data"].get("receiver") == "vocabulary")
             for f in symbol_findings(ws, "src/script.js")]
    assert found == [(1, "batchDraws", False), (2, "batchDraws", True)]
