"""The vocabulary check on `this` in a class of the file's own (issue 17, round 15 after planck's held-out run: a
README's renderer class, `this.world`, `this.renderBody(body)`, `this.loop`). Inside a class that extends
nothing, `this` is that class's instance and its members are in sight: a name no source in reach has that is a
near miss of one the class declares is that member misspelled."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace
from tests.unit.test_symbols_bundle_renamed_types import TYPES

OWN_CLASS = """class Renderer {
  world = null;
  start(world) {
    this.world = world;
    world.createBody({});
    this.loop();
  }
  loop = () => {
    this.world.step(1 / 60);
    for (let body = this.world.getBodyList(); body; body = body.getNext()) {
      this.renderBody(body);
    }
  }
  renderBody(body) {}
}
"""


def phys_workspace(tmp_path, files: dict[str, str]):
    """`files` beside the `phys` package (the bundle's renamed classes, `World$1` exported as `Earth`)."""
    return package_workspace(tmp_path, "phys", TYPES + "declare class World$1 { getBodyList(): Body$1; }\n"
                             "export { World$1 as Earth };\n", {
        "package.json": json.dumps({"dependencies": {"phys": "1.0.0"}}), **files})


def test_a_near_miss_of_the_own_classs_member_on_this_is_reported(tmp_path):
    """A file that uses the engine (a README fragment: `world.createBody({})`), a class of its own: `this.rendeBody`
    and `this.getLoop()` are that class's `renderBody` and `loop` misspelled (its own class declares nothing so
    named and extends nothing). A class with a base, and a nested `function`'s own `this`, stay silent."""
    ws = phys_workspace(tmp_path, {
        "src/typo.js": OWN_CLASS.replace("this.renderBody", "this.rendeBody"),
        "src/prefix.js": OWN_CLASS.replace("this.loop()", "this.getLoop()"),
        "src/field.js": OWN_CLASS.replace("this.world.step", "this.wold.step"),
        "src/clean.js": OWN_CLASS,
        "src/based.js": OWN_CLASS.replace("class Renderer {", "class Renderer extends Base {")
                                  .replace("this.renderBody", "this.rendeBody"),
        "src/nested.js": OWN_CLASS.replace("this.renderBody(body);",
                                           "items.forEach(function () { this.rendeBody(body); });"),
    })
    assert flags_with_first_suggestion(ws, "src/typo.js") == [(11, "rendeBody", ["renderBody"])]
    assert flags_with_first_suggestion(ws, "src/prefix.js") == [(6, "getLoop", ["loop"])]
    assert flags_with_first_suggestion(ws, "src/field.js") == [(9, "wold", ["world"])]
    for clean in ("src/clean.js", "src/based.js", "src/nested.js"):
        assert flags_with_first_suggestion(ws, clean) == [], clean


def test_an_element_class_s_own_members_are_in_sight(tmp_path):
    """A class extending an element root itself (`extends LitElement`, `extends HTMLElement`: the DOM's and Lit's
    members, none of its own) keeps its own members in sight too: `this._dta` of its `_data` (an underscored
    name, as a near miss of its own class's member only) is reported. Not with a mixin between (`extends
    SomeMixin(LitElement)`: the mixin may have the name), not a name of the DOM's elements, not a write (a new
    field of its own), and not an underscored name near nothing of its own."""
    element = OWN_CLASS.replace("class Renderer {", "class Renderer extends LitElement {") \
        .replace("  world = null;", "  world = null;\n  _data = [];\n  read() { return this._data.length; }")
    ws = phys_workspace(tmp_path, {
        "src/typo.js": element.replace("this._data.length", "this._dta.length"),
        "src/own.js": element.replace("this.renderBody", "this.rendeBody"),
        "src/clean.js": element,
        "src/mixed.js": element.replace("extends LitElement", "extends SomeMixin(LitElement)")
                               .replace("this._data.length", "this._dta.length"),
        "src/write.js": element.replace("this._data.length", "(this._dat = 1)"),
        "src/other.js": element.replace("this._data.length", "this._internals.length"),
    })
    assert flags_with_first_suggestion(ws, "src/typo.js") == [(4, "_dta", ["_data"])]
    assert flags_with_first_suggestion(ws, "src/own.js") == [(13, "rendeBody", ["renderBody"])]
    for clean in ("src/clean.js", "src/mixed.js", "src/write.js", "src/other.js"):
        assert flags_with_first_suggestion(ws, clean) == [], clean


def test_a_name_holding_an_instance_of_the_own_class_has_its_members_in_sight(tmp_path):
    """Round 30 (weak30, planck's rendering page: `const renderer = new Renderer(); renderer.start(world)`): a name
    bound once to `new C()`, C a class this file declares that extends nothing, is C's instance as `this` is in
    C's body: `renderer.Start(world)` and `renderer.getStart(world)` are its `start` misspelled. Not a `let`
    assigned again, not an instance of a class with a base (its members are not all in sight), not a name this
    workspace declares elsewhere."""
    used = OWN_CLASS + "const renderer = new Renderer();\nrenderer.start(world);\n"
    ws = phys_workspace(tmp_path, {
        "src/casing.js": used.replace("renderer.start(", "renderer.Start("),
        "src/prefix.js": used.replace("renderer.start(", "renderer.getStart("),
        "src/clean.js": used,
        "src/reassigned.js": used.replace("const renderer", "let renderer").replace(
            "renderer.start(", "renderer = makeRenderer();\nrenderer.Start("),
        "src/based.js": used.replace("class Renderer {", "class Renderer extends Base {")
                            .replace("renderer.start(", "renderer.Start("),
    })
    assert flags_with_first_suggestion(ws, "src/casing.js") == [(17, "Start", ["start"])]
    assert flags_with_first_suggestion(ws, "src/prefix.js") == [(17, "getStart", ["start"])]
    for clean in ("src/clean.js", "src/reassigned.js", "src/based.js"):
        assert flags_with_first_suggestion(ws, clean) == [], clean
    # a name the workspace declares elsewhere (`other.Start = 1`) is that one's
    ws = package_workspace(tmp_path / "declared", "phys", TYPES, {
        "package.json": json.dumps({"dependencies": {"phys": "1.0.0"}}),
        "src/app.js": used.replace("renderer.start(", "renderer.Start(") + "other.Start = 1;\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == []
