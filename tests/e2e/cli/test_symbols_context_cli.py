"""`footprint-ls symbols` reads a name as it is written, as the `unknown-symbol` check reads it in code: `new X.Y`
(a class is meant), `X.y` on a class value (its static side first), `x.y` / `X#y` / `X.prototype.y` on an
instance; a name on both sides answers the side it is read as and reports the other; its did-you-mean is the
check's on the same written form; a synthesized type's `$` name never shows. The real CLI on a workspace with a
package's typings (the konva shape: a default-exported object of classes beside a plain array member)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.conftest import run_cli

INDEX_DTS = """\
export declare class Stage { constructor(); draw(): void; }
export declare class Layer { constructor(); }
export declare class Shape {
  static load(url: string): Promise<Shape>;
  load(): void;
  lode(x: number): void;
  static fromJSON(json: string): Shape;
}
export declare const stages: Stage[];
declare const Kit: {
  Stage: typeof Stage;
  Layer: typeof Layer;
  stages: Stage[];
  Util: {
    getRandomColor(): string;
    /** @deprecated use getRandomColor */
    getRandomColour(): string;
  };
};
export default Kit;
"""

# the same written forms in code, for the check's own did-you-mean on each (line -> the name asked)
APP = """\
import Kit, { Shape } from "shapekit";
const a = new Kit.Stagee();
const b = Kit.Stagee;
const c = new Kit.Stages();
Shape.lod("u");
new Shape().lod();
Kit.Util.getRandomColr();
Kit.Util.getRandomColour();
"""
ASKED = {2: "new Kit.Stagee()", 3: "Kit.Stagee", 4: "new Kit.Stages()", 5: "Shape.lod", 6: "Shape#lod",
         7: "Kit.Util.getRandomColr"}


def shapekit_workspace(root: Path) -> Path:
    files = {"node_modules/shapekit/package.json": json.dumps({"name": "shapekit", "types": "index.d.ts"}),
             "node_modules/shapekit/index.d.ts": INDEX_DTS, "src/app.js": APP}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def symbols(root: Path, *names: str) -> dict[str, dict]:
    proc = run_cli("symbols", "--json", "--root", str(root), *names, cwd=root)
    assert proc.returncode in (0, 1), proc.stderr
    return {a["name"]: a for a in json.loads(proc.stdout)}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    return shapekit_workspace(tmp_path_factory.mktemp("shapekit"))


def test_a_name_on_both_sides_answers_the_side_it_is_read_as_and_reports_the_other(workspace):
    got = symbols(workspace, "Shape.load", "Shape#load", "Shape.prototype.load", "shape.load", "Shape.fromJSON",
                  "shape.fromJSON")
    static, instance = "Shape.load(url: string): Promise<Shape>", "Shape.load(): void"
    # written on the class: the static `load`, the instance one reported beside it
    assert (got["Shape.load"]["status"], got["Shape.load"]["kind"]) == ("known", "static method"), got["Shape.load"]
    assert got["Shape.load"]["read_as"] == "static" and got["Shape.load"]["signature"] == static
    assert got["Shape.load"]["other_side"]["kind"] == "method"
    assert got["Shape.load"]["other_side"]["signature"] == instance
    assert got["Shape.load"]["other_side"]["source"].endswith("index.d.ts:5")
    # marked or used as an instance's: the instance `load`, the static reported beside it
    for name in ("Shape#load", "Shape.prototype.load", "shape.load"):
        a = got[name]
        assert (a["status"], a["kind"], a["read_as"], a["signature"]) == ("known", "method", "instance", instance), a
        assert a["other_side"] == {"kind": "static method", "signature": static,
                                   "source": a["other_side"]["source"]} and a["other_side"]["source"].endswith(":4")
    assert "`shape` taken as a `Shape`" in got["shape.load"]["note"]
    # a static only: known on the class, not a member of an instance (the class's is the did-you-mean)
    assert got["Shape.fromJSON"]["kind"] == "static method" and "other_side" not in got["Shape.fromJSON"]
    assert got["shape.fromJSON"]["status"] == "unknown" and got["shape.fromJSON"]["suggestions"][0] == "Shape.fromJSON"
    text = run_cli("symbols", "--root", str(workspace), "Shape.load", cwd=workspace).stdout
    assert f"Shape.load: known  {static}" in text and f"also a method: {instance}" in text, text


def test_the_did_you_mean_is_the_checks_on_the_same_written_form(workspace):
    proc = run_cli("check", "--format", "json", str(workspace), cwd=workspace)
    check = {f["line"] + 1: f["data"]["suggestions"][0] for f in json.loads(proc.stdout)
             if f["code"] == "unknown-symbol" and f["path"].endswith("app.js") and "status" not in f["data"]}
    assert set(check) == set(ASKED), (check, proc.stderr)
    got = symbols(workspace, *ASKED.values())
    for line, name in ASKED.items():
        top = got[name]["suggestions"][0]
        assert got[name]["status"] == "unknown" and top.rsplit(".", 1)[-1] == check[line], (name, got[name], check)
    # `new` on the object's array member throws: a constructed name means the class, a read the array
    assert got["new Kit.Stagee()"]["suggestions"][0] == "Kit.Stage" and got["Kit.Stagee"]["suggestions"][0] == "Kit.stages"
    assert not any(s.endswith("stages") for s in got["new Kit.Stagee()"]["suggestions"] + got["new Kit.Stages()"]["suggestions"])
    assert got["new Kit.Stagee()"]["read_as"] == "new" and got["Shape#lod"]["read_as"] == "instance"


def test_a_member_path_is_followed_and_no_internal_name_shows(workspace):
    got = symbols(workspace, "Kit.Util.getRandomColor", "getRandomColor", "Kit.Util.getRandomColr", "new Stagee()")
    for a in got.values():
        assert "$" not in json.dumps(a), a  # the model's own `Kit$Util` is never shown
    assert got["Kit.Util.getRandomColor"]["status"] == "known"
    assert got["Kit.Util.getRandomColor"]["qualified_name"] == "Kit.Util.getRandomColor"
    assert got["Kit.Util.getRandomColor"]["signature"] == "Kit.Util.getRandomColor(): string"
    assert got["getRandomColor"]["qualified_name"] == "Kit.Util.getRandomColor"
    assert got["Kit.Util.getRandomColr"]["suggestions"][0] == "Kit.Util.getRandomColor"
    assert got["new Stagee()"]["suggestions"][0] == "Stage" and "stages" not in got["new Stagee()"]["suggestions"]


def test_a_deprecated_member_of_a_synthesized_type_is_named_as_the_code_reaches_it(workspace):
    """`status_finding`: `Kit.Util.getRandomColour` is deprecated, never `Kit$Util.getRandomColour`."""
    proc = run_cli("check", "--format", "json", str(workspace), cwd=workspace)
    (found,) = [f for f in json.loads(proc.stdout) if f["code"] == "unknown-symbol" and f["data"].get("status")]
    assert found["message"].startswith("`Kit.Util.getRandomColour` is deprecated; use `getRandomColor` instead"), found
    assert found["line"] + 1 == 8 and found["data"]["type"] == "Kit.Util", found
    assert "$" not in json.dumps(found)
    assert symbols(workspace, "Kit.Util.getRandomColour")["Kit.Util.getRandomColour"]["deprecated"] is True
