"""Classes made by a class factory (Phaser's `new Class({...})`, MooTools, Prototype.js's `Class.create`, Backbone's
`X.extend`): the JavaScript reader reads them as classes, so a member only the runtime has (typings that lag it) is
known, and an invented one is still reported."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings


def read(tmp_path, code: str):
    p = tmp_path / "index.js"
    p.write_text(textwrap.dedent(code), encoding="utf-8")
    return extract_js(p, "pkg").modules["pkg"]


def test_a_class_factory_definition_is_a_class_with_its_methods_fields_base_and_mixins(tmp_path):
    mod = read(tmp_path, """
        var Class = require('./Class');
        var Base = new Class({ initialize: function Base() { this.id = 1; } });
        var Alpha = { clearAlpha: function () { this._alpha = 1; } };
        var Color = new Class({
            Extends: Base,
            Mixins: [Alpha],
            initialize: function Color(red) { Base.call(this); this.r = 0; },
            setTo: function (r) { this.dirty = true; return this; },
            alpha: { get: function () { return this.a; }, set: function (v) { this.a = v; } }
        });
        var Model = Backbone.Model.extend({ save: function () {} });
        var Shape = Class.create({ init: function () { this.w = 0; } });
        var opts = Object.create({ toString: function () {} });
        module.exports = Color;
    """)
    color = mod.types["Color"]
    names = {m.name for m in color.members}
    assert {"r", "setTo", "dirty", "alpha", "clearAlpha", "_alpha"} <= names
    assert not {"Extends", "Mixins"} & names
    assert next(m for m in color.members if m.name == "alpha").kind == "getter"
    assert not color.open
    assert {"id"} <= {m.name for m in mod.types["Base"].members}
    assert "save" in {m.name for m in mod.types["Model"].members}
    assert "w" in {m.name for m in mod.types["Shape"].members}
    assert "opts" not in mod.types


def test_a_required_mixin_opens_the_factory_class(tmp_path):
    mod = read(tmp_path, """
        var Components = require('./components');
        var Sprite = new Class({ Mixins: [Components.Alpha], play: function () {} });
    """)
    assert mod.types["Sprite"].open


def test_a_member_only_the_factory_made_runtime_class_has_is_known_beside_typings(tmp_path):
    # phaser: the typings declare `red/green/blue` on `Phaser.Display.Color`, its docs read `color.r`, which the
    # runtime's `new Class({ initialize: function Color() { this.r = 0; ... } })` assigns
    files = {
        "index.d.ts": "export declare class Color {\n  constructor(red?: number);\n  red: number;\n"
                      "  setTo(red: number): this;\n}\n",
        "src/Class.js": "function Class(definition) { return definition.initialize; }\nmodule.exports = Class;\n",
        "src/Color.js": "var Class = require('./Class');\nvar Color = new Class({\n"
                        "  initialize: function Color(red) { this.r = 0; this.red = red; },\n"
                        "  setTo: function (red) { this.r = red; return this; }\n});\nmodule.exports = Color;\n",
        "src/index.js": "module.exports = { Color: require('./Color') };\n",
    }
    tree = {f"node_modules/pkg/{rel}": text for rel, text in files.items()}
    tree["node_modules/pkg/package.json"] = json.dumps({"name": "pkg", "types": "index.d.ts",
                                                        "main": "src/index.js"})
    tree["README.js"] = ("import { Color } from 'pkg';\nconst color = new Color(255);\nconsole.log(color.r);\n"
                         "color.setTo(1);\ncolor.setTos(2);\n")
    ws = make_workspace(tmp_path, tree)
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "README.js")] == [(5, "setTos")]
