"""Near misses on receivers of an engine type the model knows but cannot close, and statics a class gets from an
assign-like call with an object literal (`Object.assign(Foo, {...})`, `canReflect.assignMap(Construct, {...})`,
`_.extend(Foo, {...})`): the literal's keys are the class's statics; the class stays open."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# an untyped engine whose exported class is open (its base is another package's, which the reader cannot list)
OPEN_CLASS = """
var Base = require('other-base');
function Store() {}
Store.prototype = Object.create(Base.prototype);
Store.setup = function (opts) { return opts; };
Store.prototype.get = function (k) { return this[k]; };
class Table extends Base {
  static connect(url) { return url; }
  query(q) { return q; }
}
module.exports = { Store, Table };
"""

# an engine whose class's statics come from an assign-like call with an object literal
ASSIGNED = """
var helpers = require('./helpers');
function Construct() {}
helpers.assignMap(Construct, {
  setupStatics: function () {},
  extend: function (name, statics, protos) { return function Made() {}; },
});
Construct.prototype.setup = function () {};
function Widget() {}
Widget.prototype.render = function () {};
Object.assign(Widget, { register: function (tag) { return tag; }, version: "1" });
module.exports = { Construct, Widget };
"""


def flags(tmp_path, app: str, engine: str, extra: dict | None = None) -> list[tuple[int, str]]:
    tree = {"node_modules/pkg/index.js": engine, "README.js": app,
            "node_modules/pkg/package.json": json.dumps({"name": "pkg", "version": "1.0.0", "main": "index.js"}),
            "node_modules/pkg/helpers.js": "exports.assignMap = function (d, s) { for (var k in s) d[k] = s[k]; return d; };"}
    tree.update(extra or {})
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "README.js")]


def test_a_named_import_of_an_open_engine_class_gets_near_misses_of_its_own_members(tmp_path):
    app = """import { Store, Table } from "pkg";
Store.setup({}); Store.setups({});
Store.Setup;
Table.connect("x"); Table.conect("x");
Store.anything; Store.whatever();
"""
    assert flags(tmp_path, app, OPEN_CLASS) == [(2, "setups"), (3, "Setup"), (4, "conect")]


def test_a_name_the_engine_spells_anywhere_is_never_flagged_on_the_open_class(tmp_path):
    # `setups` is written after a `.` in the engine's files: the open class may well have it
    engine = OPEN_CLASS + "\nfunction later(o) { return o.setups; }\n"
    app = """import { Store } from "pkg";
Store.setups({});
"""
    assert flags(tmp_path, app, engine) == []


def test_statics_assigned_by_an_assign_like_call_with_an_object_literal(tmp_path):
    app = """import { Construct, Widget } from "pkg";
Construct.extend("A", {}, {}); Construct.setupStatics();
Construct.getExtend({});
Construct.Extend({});
Widget.register("x"); Widget.version;
Widget.registr("x");
Widget.somethingElse;
"""
    assert flags(tmp_path, app, ASSIGNED) == [(3, "getExtend"), (4, "Extend"), (6, "registr")]
