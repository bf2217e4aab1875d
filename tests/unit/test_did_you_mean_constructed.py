"""A misspelled name that the code constructs (`new X.Stagee()`, `new Stagee()`) or writes as a type
(`s: Stagee`): of equally near real names, the class wins the did-you-mean (`Stage`, not `stages`), and a
name `new` certainly throws on (an array property) is not suggested for a constructed one; the same name
read as a value keeps the usual ranking (the closer length, then the case)."""

from __future__ import annotations

import json

from lsp_server.knowledge import suggest as sg
from tests.support.symbols_helpers import make_workspace, symbol_findings

ENGINE = {
    "node_modules/stagekit/package.json": json.dumps({"name": "stagekit", "types": "index.d.ts"}),
    # konva's shape: a default-exported object whose members are the classes (`Stage: typeof Stage`) beside
    # a plain member one letter from the misspelling too (`stages`)
    "node_modules/stagekit/index.d.ts": """
        export declare class Stage { constructor(); draw(): void; }
        export declare class Layer { constructor(); }
        export declare const stages: Stage[];
        declare const Kit: { Stage: typeof Stage; Layer: typeof Layer; stages: Stage[]; version: string; };
        export default Kit;
    """,
}


def suggestions(tmp_path, rel: str, code: str) -> dict[int, str]:
    ws = make_workspace(tmp_path, {**ENGINE, rel: code})
    return {f["line"]: f["data"]["suggestions"][0] for f in symbol_findings(ws, rel) if f["data"].get("suggestions")}


def test_rank_breaks_a_tie_for_the_preferred_name_only():
    assert sg.rank("Stagee", ["stages", "Stage"])[0][0] == "stages"  # equal scores: the closer length wins
    assert sg.rank("Stagee", ["stages", "Stage"], prefer=lambda n: n == "Stage")[0][0] == "Stage"
    # a preferred name that scores lower does not win: `prefer` breaks ties, it does not reorder
    assert sg.rank("setWidht", ["setWidth", "Set"], prefer=lambda n: n == "Set")[0][0] == "setWidth"


def test_a_constructed_member_suggests_the_class(tmp_path):
    code = """\
import Kit from "stagekit";
const s = new Kit.Stagee();
const t = Kit.Stagee;
const u = new Kit.Layr();
const v = new Kit.Stages();
const w = Kit.Stages;
"""
    # `new Kit.Stages()`: `stages` differs only in case, but `new` on an array throws: the class is meant
    assert suggestions(tmp_path, "src/app.js", code) == {2: "Stage", 3: "stages", 4: "Layer", 5: "Stage", 6: "stages"}


def test_a_constructed_export_of_a_namespace_suggests_the_class(tmp_path):
    code = """\
import * as kit from "stagekit";
const s = new kit.Stagee();
const t = kit.Stagee;
"""
    assert suggestions(tmp_path, "src/app.js", code) == {2: "Stage", 3: "stages"}


def test_a_misspelled_import_constructed_or_written_as_a_type_suggests_the_class(tmp_path):
    assert suggestions(tmp_path, "src/a.js", 'import { Stagee } from "stagekit";\nnew Stagee();\n') == {1: "Stage"}
    assert suggestions(tmp_path, "src/b.ts", 'import { Stagee } from "stagekit";\nlet s: Stagee;\n') == {1: "Stage"}
    assert suggestions(tmp_path, "src/c.js", 'import { Stagee } from "stagekit";\nStagee.length;\n') == {1: "stages"}
    assert suggestions(tmp_path, "src/d.js", 'import { Stages } from "stagekit";\nnew Stages();\n') == {1: "Stage"}
    assert suggestions(tmp_path, "src/e.js", 'import { Stages } from "stagekit";\nStages.length;\n') == {1: "stages"}


# koffi's shape: a function `union` beside the class `Union`; `getUnion` is either behind the accessor prefix `get`
UNION_ENGINE = {
    "node_modules/unionkit/package.json": json.dumps({"name": "unionkit", "types": "index.d.ts"}),
    "node_modules/unionkit/index.d.ts": """
        export declare function union(name: string, def: object): object;
        export declare class Union { constructor(name: string); }
        declare const Kit: { union: typeof union; Union: typeof Union; };
        export default Kit;
    """,
}


def test_rank_under_new_puts_the_class_behind_an_accessor_prefix_first():
    assert sg.rank("getUnion", ["union", "Union"])[0][0] == "union"  # read or called: the member
    assert sg.rank("getUnion", ["union", "Union"], constructed=True)[0][0] == "Union"


def test_a_constructed_or_extended_accessor_prefixed_name_suggests_the_class(tmp_path):
    ws = make_workspace(tmp_path, {**UNION_ENGINE, "src/app.js": """\
import Kit from "unionkit";
const u = new Kit.getUnion('U');
const v = Kit.getUnion('U', {});
class W extends Kit.getUnion {}
""", "src/app.ts": """\
import Kit from "unionkit";
class W extends Kit.getUnion {}
"""})
    found = {f["line"]: f["data"]["suggestions"][0] for f in symbol_findings(ws, "src/app.js")}
    assert found == {2: "Union", 3: "union", 4: "Union"}
    assert [f["data"]["suggestions"][0] for f in symbol_findings(ws, "src/app.ts")] == ["Union"]
