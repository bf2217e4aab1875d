"""Which members a receiver has, one lookup for the `unknown-symbol` check, its hover and `check_symbols`
(types.receiver_members / receiver_member, ObjectModel.side): a class value has its static side (inherited
statics, a merged namespace's members), an instance its instance members, a module namespace its exports, an
object const of classes (the konva shape) its members. A misspelled static's hover names the static, never an
instance namesake."""

from __future__ import annotations

import pytest

from lsp_server.knowledge.check_symbols import check_symbols
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.knowledge.types import Val, ValKind, receiver_member, receiver_members
from tests.support.symbols_helpers import engine_workspace, make_workspace, symbol_findings
from tests.unit.test_symbols_features import hover_at
from tests.unit.test_symbols_object_consts import INTERNALS, lib_workspace

ENGINE = """export declare class Base {
  static fromJSON(json: string): Base;
  loadAll(): void;
}
export declare class Shape extends Base {
  static load(url: string): Promise<Shape>;
  load(): void;
  lode(x: number): void;
}
export declare namespace Shape {
  function parse(text: string): Shape;
}
export declare function makeShape(): Shape;
"""

APP = """import { Shape } from "eng";
import * as eng from "eng";
Shape.loda("u");
Shape.fromJSNO("x");
Shape.prase("t");
new Shape().loda();
Shape.load("u");
Shape.fromJSON("{}");
eng.Shpae;
eng.makeShap();
"""


def shape_workspace(tmp_path, ext="js"):
    return make_workspace(tmp_path, {"engine/e.d.ts": ENGINE, f"app.{ext}": APP},
                          '[object_model]\nsources = [{ path = "engine/e.d.ts", module = "eng" }]\n')


def test_a_class_value_has_its_static_side_and_an_instance_its_members(tmp_path):
    model = shape_workspace(tmp_path).service(ObjectModelService).model
    shape, base = model.type_names["Shape"][0], model.type_names["Base"][0]
    statics = receiver_members(model, Val(ValKind.CLASS, shape))
    assert statics == model.side(shape, static=True) == model.statics(shape)
    assert statics["load"][0].signature("Shape") == "Shape.load(url: string): Promise<Shape>"
    assert statics["fromJSON"][1] == base  # inherited static, declared on the base
    assert "parse" in statics  # the merged namespace's member
    assert "lode" not in statics and "loadAll" not in statics
    instance = receiver_members(model, Val(ValKind.INSTANCE, shape))
    assert instance == model.side(shape, static=False) == model.members(shape)
    assert instance["load"][0].signature("Shape") == "Shape.load(): void"
    assert {"lode", "loadAll"} <= set(instance) and not {"fromJSON", "parse"} & set(instance)
    # a module namespace: its exports (a type), a union: what every type has
    assert receiver_member(model, Val(ValKind.NAMESPACE, module="eng"), "Shape") == (None, shape)
    assert receiver_member(model, Val(ValKind.NAMESPACE, module="eng"), "Shpae") is None
    assert receiver_member(model, Val(ValKind.UNION, (shape, base)), "loadAll") == model.members(base)["loadAll"]
    assert receiver_member(model, Val(ValKind.UNION, (shape, base)), "lode") is None
    assert receiver_members(model, Val(ValKind.NAMESPACE, module="eng")) == {}


def did_you_mean(ws, rel, name) -> tuple[str, str]:
    """The hover's did-you-mean and the signature it shows for the misspelled `name`."""
    (shown,) = [h.markdown for h in hover_at(ws, rel, name)]
    assert shown.startswith("Did you mean `"), shown
    return shown.split("`")[1], shown.split("```ts\n", 1)[1].split("\n```", 1)[0]


@pytest.mark.parametrize("ext", ["js", "ts"])
def test_hover_check_and_check_symbols_agree_on_a_receivers_members(tmp_path, ext):
    ws = shape_workspace(tmp_path, ext)
    rel = f"app.{ext}"
    found = {(f["line"], f["name"]): f for f in symbol_findings(ws, rel)}
    assert sorted(found) == [(3, "loda"), (4, "fromJSNO"), (5, "prase"), (6, "loda"), (9, "Shpae"), (10, "makeShap")]
    # the static `load`, not the instance `load(): void`; an inherited static; a namespace-merged member
    assert did_you_mean(ws, rel, "loda") == ("load", "Shape.load(url: string): Promise<Shape>")
    assert did_you_mean(ws, rel, "fromJSNO") == ("fromJSON", "Base.fromJSON(json: string): Base")
    assert did_you_mean(ws, rel, "prase") == ("parse", "Shape.parse(text: string): Shape")
    # an instance's misspelled member: the instance method
    (instance,) = [h.markdown for h in hover_at(ws, rel, "loda", occurrence=1)]
    assert instance.startswith("Did you mean `load`?") and "Shape.load(): void" in instance
    # a module namespace's exports: a class, a function (unqualified, as the hover of a known export shows it)
    assert did_you_mean(ws, rel, "Shpae")[0] == "Shape"
    assert did_you_mean(ws, rel, "makeShap") == ("makeShape", "makeShape(): Shape")
    for (line, name), f in found.items():
        if line == 6:
            continue  # the hover at the second `loda` is checked above
        first = f["data"]["suggestions"][0]
        assert did_you_mean(ws, rel, name)[0] == first
        # `Shape.name` / `eng.name` to check_symbols: the same real name among its suggestions
        owner = "Shape" if line < 9 else "eng"
        (answer,) = check_symbols(ws, [f"{owner}.{name}"], docs=False)
        assert answer.status == "unknown" and f"{owner}.{first}" in answer.suggestions, answer
    # statics that exist: no finding, their own signature in the hover
    (shown,) = [h.markdown for h in hover_at(ws, rel, "load(")]
    assert "Shape.load(url: string): Promise<Shape>" in shown and "verified in object model" in shown
    (shown,) = [h.markdown for h in hover_at(ws, rel, "fromJSON(")]
    assert "Base.fromJSON(json: string): Base" in shown
    (answer,) = check_symbols(ws, ["Shape.fromJSON"], docs=False)
    assert answer.status == "known" and answer.kind == "static method"


@pytest.mark.parametrize("ext", ["js", "ts"])
def test_an_object_const_of_classes_hovers_its_own_members(tmp_path, ext):
    """`Konva.Stagee` (an engine's default export: an object const whose members are classes): the hover names
    the member the check suggests, with its signature."""
    app = 'import Lib from "lib";\nLib.Stagee;\nLib.getAngel(3);\nnew Lib.Stage().batchDraws();\n' \
          'Lib.Util.getRandomColr();\nLib.Util.getRandomColor();\n'
    nested = "    version: string;\n    Util: {\n        getRandomColor(): string;\n    };\n"
    ws = lib_workspace(tmp_path, app, INTERNALS.replace("    version: string;\n", nested))
    rel = f"src/app.{ext}"
    if ext == "ts":
        (tmp_path / rel).write_text(app, encoding="utf-8")
    assert [(f["line"], f["data"]["suggestions"][0]) for f in symbol_findings(ws, rel)] == \
        [(2, "Stage"), (3, "getAngle"), (4, "batchDraw"), (5, "getRandomColor")]
    assert did_you_mean(ws, rel, "Stagee") == ("Stage", "Lib.Stage: typeof Stage")
    assert did_you_mean(ws, rel, "getAngel") == ("getAngle", "Lib.getAngle(angle: number): number")
    assert did_you_mean(ws, rel, "batchDraws") == ("batchDraw", "Stage.batchDraw(): this")
    # a member of a nested object (a synthesized type): named as the code reaches it, never `Lib$Util`
    assert did_you_mean(ws, rel, "getRandomColr") == ("getRandomColor", "Lib.Util.getRandomColor(): string")
    (known,) = [h.markdown for h in hover_at(ws, rel, "getRandomColor(")]
    assert "Lib.Util.getRandomColor(): string" in known and "$" not in known
    (answer,) = check_symbols(ws, ["Lib.Stagee"], docs=False)
    assert "Lib.Stage" in answer.suggestions, answer


def test_a_synthesized_types_members_are_qualified_as_the_code_reaches_them(tmp_path):
    """An object literal type (`Layout.twoColumn()`'s result, synthesized as `Layout$twoColumn`): its members'
    hovers, known and misspelled, never show the `$` name."""
    ws = engine_workspace(tmp_path, {"app.js": """import { Document, Layout } from "@acme/layout";
const cols = Layout.twoColumn(Document.create().addPage());
cols.left.addTable({ columns: 1 });
cols.rigth;
"""})
    (known,) = [h.markdown for h in hover_at(ws, "app.js", "left")]
    assert "Layout.twoColumn().left: Block" in known, known
    assert did_you_mean(ws, "app.js", "rigth") == ("right", "Layout.twoColumn().right: Block")


def test_the_hover_speaks_of_a_missing_name_exactly_where_the_check_reports_it(tmp_path):
    """A name the receiver's type lacks but the file adds itself (an expando read back) is no finding, so no
    hover claims it missing; the typo where it is written is both."""
    ws = engine_workspace(tmp_path, {"app.js": """import { Document } from "@acme/layout";
const doc = Document.create();
doc.titl = "x";
console.log(doc.titl);
doc.isAlive = true;
console.log(doc.isAlive);
Document.craete();
"""})
    reported = {(f["line"], f["name"]) for f in symbol_findings(ws, "app.js")}
    assert reported == {(3, "titl"), (7, "craete")}
    for needle, occurrence, line in (("titl", 0, 3), ("titl", 1, 4), ("isAlive", 0, 5), ("isAlive", 1, 6),
                                     ("craete", 0, 7)):
        hovers = hover_at(ws, "app.js", needle, occurrence)
        assert bool(hovers) == ((line, needle) in reported), (needle, line, hovers)
