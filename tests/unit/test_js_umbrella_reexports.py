"""An umbrella package re-exporting other packages' files (`export * from "./legacy.js"` -> `export { DefineMap }
from "./es/can-define"` -> `export { default as DefineMap } from "can-define/map/map"`, a CommonJS file whose
`module.exports = ns.DefineMap = DefineMap`): the umbrella's export is that file's class, its kind and members;
and class factories given a name and two definition literals (`Construct.extend("Name", { statics }, {
prototype })`)."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings


def read(tmp_path, code: str):
    p = tmp_path / "index.js"
    p.write_text(textwrap.dedent(code), encoding="utf-8")
    return extract_js(p, "pkg").modules["pkg"]


def umbrella_tree(readme: str) -> dict[str, str]:
    return {
        # the umbrella: an ES entry in a package without `"type": "module"`
        "node_modules/umb/package.json": json.dumps({"name": "umb", "main": "umb.js"}),
        "node_modules/umb/umb.js": 'export * from "./core.js";\nexport * from "./legacy.js";\n',
        "node_modules/umb/core.js": 'export { default as helper } from "./es/helper";\n',
        "node_modules/umb/es/helper.js": 'export default function helper() {}\n',
        "node_modules/umb/legacy.js": 'export { Widget, other } from "./es/widget";\n',
        "node_modules/umb/es/widget.js": 'export { default as Widget } from "widgetlib/lib/widget";\n'
                                         'export { default as other } from "otherlib";\n',
        # the re-exported package's CommonJS file (no typings anywhere)
        "node_modules/widgetlib/package.json": json.dumps({"name": "widgetlib", "main": "index.js"}),
        "node_modules/widgetlib/index.js": "module.exports = {};\n",
        "node_modules/widgetlib/lib/widget.js": textwrap.dedent("""\
            var ns = require("../ns");
            function Widget(opts) { this.opts = opts; }
            Widget.prototype.render = function () { return this; };
            Widget.create = function (opts) { return new Widget(opts); };
            module.exports = ns.Widget = Widget;
        """),
        "node_modules/widgetlib/ns.js": "module.exports = {};\n",
        "README.js": readme,
    }


def test_an_umbrella_export_is_the_class_another_packages_file_exports(tmp_path):
    ws = make_workspace(tmp_path, umbrella_tree(textwrap.dedent("""\
        import { Widget, helper } from "umb";
        const w = new Widget({});
        w.render();
        w.rendr();
        Widget.create({});
        Widget.creat({});
        helper();
    """)))
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "README.js")] == [(4, "rendr"), (6, "creat")]


def test_the_umbrella_entry_records_what_it_reexports_from_other_packages(tmp_path):
    tree = umbrella_tree("")
    for rel, text in tree.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    mod = extract_js(tmp_path / "node_modules/umb/umb.js", "umb").modules["umb"]
    assert mod.reexports["Widget"][:2] == ["widgetlib/lib/widget", "default"]
    assert mod.reexports["other"][:2] == ["otherlib", "default"]
    assert mod.exports["helper"] == "helper" and "helper" in mod.values  # a file of its own, through `export *`
    assert not mod.complete  # (a re-export this reader cannot follow may still be any name)


def test_a_chained_module_exports_assignment_exports_its_value(tmp_path):
    mod = read(tmp_path, """
        var ns = {};
        function Widget() {}
        Widget.prototype.render = function () {};
        module.exports = ns.Widget = Widget;
    """)
    assert mod.exports["="] == "Widget"
    assert mod.complete


def test_a_factory_given_a_name_statics_and_a_prototype_makes_a_class_of_both(tmp_path):
    mod = read(tmp_path, """
        var Base = require('./base');
        var Model = Base.extend("Model", {
            seal: true,
            make: function () { return new this(); }
        }, {
            setup: function () {},
            get: function (key) { return this[key]; }
        });
        var Plain = Base.extend({ count: 0 }, { init: function () { this.n = 1; } });
        var copy = $.extend({}, { a: function () {} });
    """)
    model = mod.types["Model"]
    assert {(m.name, m.static) for m in model.members} >= {("seal", True), ("make", True), ("setup", False),
                                                          ("get", False)}
    assert not {("seal", False), ("get", True)} & {(m.name, m.static) for m in model.members}
    assert model.open  # its base is another file's: its inherited members are not read here
    assert {("count", True), ("init", False), ("n", False)} <= {(m.name, m.static) for m in mod.types["Plain"].members}
    assert "copy" not in mod.types


def test_a_named_factory_class_inherits_its_local_bases_statics_and_an_invented_one_is_reported(tmp_path):
    tree = {
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "main": "index.js"}),
        "node_modules/pkg/index.js": textwrap.dedent("""\
            function Construct() {}
            Construct.extend = function (name, statics, protos) { return function () {}; };
            Construct.prototype.init = function () {};
            var Thing = Construct.extend("Thing", { make: function () {} }, { run: function () {} });
            module.exports = Thing;
        """),
        "README.js": textwrap.dedent("""\
            import Thing from "pkg";
            Thing.make();
            Thing.extend("Other", {}, {});
            Thing.mak();
            const t = new Thing();
            t.run();
            t.init();
            t.rn();
        """),
    }
    ws = make_workspace(tmp_path, tree)
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "README.js")] == [(4, "mak"), (8, "rn")]


def test_members_copied_from_an_object_whose_keys_are_not_listed_leave_the_factory_class_open(tmp_path):
    # can-define's map: `for (var prop in define.eventsProto) { DefineMap[prop] = ...; Object.defineProperty(
    # DefineMap.prototype, prop, {...}) }`, `canReflect.assignSymbols(DefineMap.prototype, obj)`: keys this
    # reader cannot list, so neither side of the class may report a name missing
    mod = read(tmp_path, """
        var define = require('./define');
        function Construct() {}
        Construct.extend = function () {};
        var Looped = Construct.extend("Looped", { make: function () {} }, { run: function () {} });
        for (var prop in define.eventsProto) {
            Looped[prop] = define.eventsProto[prop];
            Object.defineProperty(Looped.prototype, prop, { value: define.eventsProto[prop] });
        }
        var Assigned = Construct.extend("Assigned", { make: function () {} }, { run: function () {} });
        canReflect.assignSymbols(Assigned.prototype, define.symbols);
        var Plain = Construct.extend("Plain", { make: function () {} }, { run: function () {} });
        module.exports = { Looped: Looped, Assigned: Assigned, Plain: Plain };
    """)
    assert mod.types["Looped"].open and mod.types["Assigned"].open
    assert not mod.types["Plain"].open
    assert mod.types["Plain"].bases == ["Construct"]


def test_only_the_reexports_the_workspace_imports_are_read_unless_it_takes_the_whole_umbrella(tmp_path):
    from lsp_server.knowledge.object_model import model_for
    tree = umbrella_tree('import { Widget } from "umb";\nnew Widget({}).render();\n')
    tree["node_modules/otherlib/package.json"] = json.dumps({"name": "otherlib", "main": "index.js"})
    tree["node_modules/otherlib/index.js"] = "function Other() {}\nOther.prototype.go = function () {};\n" \
                                             "module.exports = Other;\n"
    model = model_for(make_workspace(tmp_path / "named", tree))
    assert "widgetlib/lib/widget" in model.modules and "otherlib" not in model.modules
    tree["README.js"] = 'import * as umb from "umb";\nnew umb.Widget({}).render();\n'
    model = model_for(make_workspace(tmp_path / "whole", tree))
    assert {"widgetlib/lib/widget", "otherlib"} <= set(model.modules)
    assert model.export("umb", "other")[0] == "type"
