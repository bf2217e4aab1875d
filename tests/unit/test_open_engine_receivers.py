"""Near misses on receivers of an engine type the model knows but cannot close, and statics a class gets from an
assign-like call with an object literal (`_.assignIn(Foo, {...})`, `canReflect.assignMap(Construct, {...})`,
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
_.extend(Widget, { register: function (tag) { return tag; }, version: "1" });
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


# an engine whose class is made by another package's class factory (`Construct.extend("Map", {...}, {...})`
# with `Construct = require("base-construct")`): that package's statics (`extend`, from an assign-like call)
# are the made class's, known by name; the class stays open (the other package is never what closes it)
FACTORY_ENGINE = """
var Construct = require("base-construct");
var Map = Construct.extend("Map", { setup: function () {} }, {
  get: function (k) { return this[k]; },
  serialize: function () { return {}; }
});
module.exports = Map;
module.exports.Map = Map;
"""
CONSTRUCT = """
var assignMap = function (d, s) { for (var k in s) d[k] = s[k]; return d; };
function Construct() {}
Construct.prototype.init = function () {};
assignMap(Construct, { extend: function (name, statics, protos) { return function Made() {}; }, newInstance: function () {} });
module.exports = Construct;
"""


def factory_flags(tmp_path, app: str) -> list[tuple[int, str]]:
    extra = {"node_modules/base-construct/index.js": CONSTRUCT,
             "node_modules/base-construct/package.json": json.dumps({"name": "base-construct", "version": "1.0.0",
                                                                    "main": "index.js"}),
             "node_modules/pkg/package.json": json.dumps({"name": "pkg", "version": "1.0.0", "main": "index.js",
                                                          "dependencies": {"base-construct": "1.0.0"}})}
    return flags(tmp_path, app, FACTORY_ENGINE, extra)


def test_a_class_made_by_another_package_s_factory_has_that_class_s_statics_by_name(tmp_path):
    app = """import { Map } from "pkg";
const Person = Map.extend({
  first: "string", last: "string",
  get fullName() { return this.first + this.lasts; }
});
Map.Extend({});
Map.newInstance(); Map.setup(); Map.whatever;
const me = new Person({ first: "J" });
me.first; me.fullName; me.serialize(); me.anything;
me.fullNames;
me.getFirst;
"""
    assert factory_flags(tmp_path, app) == [(4, "lasts"), (6, "Extend"), (10, "fullNames"), (11, "getFirst")]
