"""The JavaScript reader on a package whose whole value is an instance made where it is exported (`module.exports
= new Sails()`, the class required from another file or made by a factory), on constructors that hand their
instance to functions that add members to it (`mixinAfter(this)`, `this.load = loadSails(this)`), and on modules
required by a name computed at run time (`require('../hooks/' + identity)`)."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings


def write(tmp_path, files: dict[str, str]):
    for rel, code in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(code), encoding="utf-8")


def whole_value_type(mod) -> str:
    local = mod.exports.get("=")
    value = mod.values.get(local) if local else None
    return value.type if value is not None else ""


def test_an_instance_exported_as_the_module_is_the_modules_value(tmp_path):
    write(tmp_path, {"one/index.js": """
        function App() { this.started = false; }
        App.prototype.run = function () {};
        module.exports = new App();
    """})
    mod = extract_js(tmp_path / "one/index.js", "one").modules["one"]
    assert whole_value_type(mod) == "App"
    assert mod.exports.get("default") == mod.exports["="]


def test_an_instance_of_a_required_class_or_factory_is_the_modules_value(tmp_path):
    write(tmp_path, {
        # `new` of a factory that returns an object gives that object: the instance its class makes
        "two/lib/index.js": """
            var Sails = require('./app');
            module.exports = new Sails();
            module.exports.Sails = Sails;
        """,
        "two/lib/app/index.js": """
            var Sails = require('./Sails');
            module.exports = SailsFactory;
            function SailsFactory() { return new Sails(); }
        """,
        "two/lib/app/Sails.js": """
            function Sails() { this.childProcesses = []; }
            Sails.prototype.lift = function () {};
            module.exports = Sails;
        """,
        "three/index.js": """
            var Kit = require('./kit');
            module.exports = new Kit();
        """,
        "three/kit.js": """
            class Kit { run() {} }
            module.exports = Kit;
        """,
    })
    two = extract_js(tmp_path / "two/lib/index.js", "two").modules["two"]
    assert whole_value_type(two) == "Sails"
    assert "Sails" in two.exports  # the named export beside it
    three = extract_js(tmp_path / "three/index.js", "three").modules["three"]
    assert whole_value_type(three) == "Kit"


def test_a_constructor_handing_its_instance_to_a_function_adds_or_opens(tmp_path):
    write(tmp_path, {
        "pkg/index.js": """
            var _ = require('lodash');
            var mixinAfter = require('./after');
            var setup = require('./setup');
            function Adds() {
              mixinAfter(this);
              this.lift = _.bind(this.lift, this);
            }
            Adds.prototype.lift = function () {};
            function Opens() { setup(this); }
            Opens.prototype.go = function () {};
            function Local() { this.name = "local"; decorate(this); }
            class Klass { constructor() { init(this); } run() {} }
            function Plain() { EventEmitter.call(this); this.x = _.bind(this.y, this); }
            Plain.prototype.y = function () {};
            module.exports = { Adds: Adds, Opens: Opens, Local: Local, Klass: Klass, Plain: Plain };
        """,
        # an adder that only names its members: all of them are known
        "pkg/after.js": """
            module.exports = function mixinAfter(emitter) {
              emitter.warmEvents = {};
              emitter.after = function (events, fn) {};
            };
        """,
        # one that hands the instance on: not followed
        "pkg/setup.js": """
            module.exports = function (app) { app.config = {}; other(app); };
        """,
    })
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    adds = mod.types["Adds"]
    assert {"after", "warmEvents", "lift"} <= {m.name for m in adds.members} and not adds.open
    assert mod.types["Opens"].open and "config" in {m.name for m in mod.types["Opens"].members}
    assert mod.types["Local"].open and mod.types["Klass"].open
    assert not mod.types["Plain"].open  # a base constructor's call and `_.bind(f, this)` add nothing


def test_a_module_required_by_a_computed_name_in_a_folder_is_read(tmp_path):
    write(tmp_path, {
        "pkg/index.js": """
            module.exports = function load(name) { return require('./hooks/' + name); };
        """,
        "pkg/hooks/views/index.js": """
            function SailsView() {}
            SailsView.prototype.render = function () {};
            module.exports = SailsView;
        """,
        "pkg/hooks/util.js": "exports.helper = function () {};\n",
    })
    source = extract_js(tmp_path / "pkg/index.js", "pkg")
    assert {p.name for p in map(type(tmp_path), source.files)} >= {"index.js", "util.js"}
    assert "SailsView" in source.modules["pkg"].types


def test_the_package_instance_is_checked_against_its_class(tmp_path):
    """`const sails = require('sails'); sails.lifts()`: the package's value is an instance of its class; a near
    miss of a member is reported, and what the runtime adds to it (`config`, from the function the constructor
    hands the instance to, a type left open) is not."""
    ws = make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "lib/index.js"}),
        "node_modules/kit/lib/index.js": """
            var Kit = require('./Kit');
            module.exports = new Kit();
            module.exports.Kit = Kit;
        """,
        "node_modules/kit/lib/Kit.js": """
            var load = require('./load');
            function Kit() { this.load = load(this); }
            Kit.prototype.lift = function (opts, cb) {};
            Kit.prototype.lower = function (cb) {};
            module.exports = Kit;
        """,
        "node_modules/kit/lib/load.js": """
            module.exports = function (kit) {
              return function load() { kit.config = {}; kit.hooks = {}; register(kit); };
            };
        """,
        "src/app.js": """
            const kit = require('kit');
            kit.lift({});
            kit.lifts({});
            kit.config.port;
            kit.hooks.http;
            kit.on('lifted', function () {});
        """,
    })
    found = [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(4, "lifts", ["lift"])]


def test_an_undeclared_name_of_an_instance_valued_package_is_that_instance(tmp_path):
    """A fragment's undeclared `kit` where the package `kit`'s whole value is an instance of `Kit`: that instance
    (the framework's global, or `const kit = require('kit')` left out); another instance named so has the same
    type. Inferred: a warning. Not where the file assigns the name itself, nor on a package whose value is a
    class (`ws.send()` is an instance's, not the class's)."""
    ws = make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "index.js"}),
        "node_modules/kit/index.js": """
            class Kit { run() {} stop() {} }
            module.exports = new Kit();
        """,
        "node_modules/tool/package.json": json.dumps({"name": "tool", "main": "index.js"}),
        "node_modules/tool/index.js": """
            class Tool { run() {} }
            module.exports = Tool;
        """,
        "package.json": json.dumps({"dependencies": {"kit": "1", "tool": "1"}}),
        "src/a.js": """
            kit.run();
            kit.stopEverything();
        """,
        "src/b.js": """
            kit = makeAnother();
            kit.stopEverything();
        """,
        "src/c.js": """
            tool.run();
            tool.stopEverything();
        """,
    })
    found = [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, "src/a.js")]
    assert found == [(3, "stopEverything", "warning")]
    assert symbol_findings(ws, "src/b.js") == [] and symbol_findings(ws, "src/c.js") == []


def test_a_prototype_member_required_from_a_file_is_the_function_it_exports(tmp_path):
    """`Kit.prototype.lift = require('./lift')`: a method with that function's parameters, and what its body
    writes on `this` (through `var kit = this`) is every instance's member; a static the same way."""
    write(tmp_path, {
        "pkg/index.js": """
            function Kit() { this.lift = _.bind(this.lift, this); }
            Kit.prototype.lift = require('./lift');
            Kit.create = require('./create');
            module.exports = Kit;
        """,
        "pkg/lift.js": """
            module.exports = function lift(opts, cb) {
              var kit = this;
              kit.isLifted = true;
              return kit;
            };
        """,
        "pkg/create.js": """
            module.exports = create;
            function create(name) { return new Kit(); }
        """,
    })
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    kit = {(m.name, m.static): m for m in mod.types["Kit"].members}
    assert kit[("lift", False)].kind == "method" and kit[("lift", False)].params == ["opts", "cb"]
    assert ("isLifted", False) in kit
    assert kit[("create", True)].kind == "method" and kit[("create", True)].params == ["name"]


def test_the_constructor_of_the_package_instance_is_its_class(tmp_path):
    """`var Sails = require('sails').constructor; var app = new Sails(); app.lowr()`: an instance's
    `constructor` is its class where no type extends it; on a class that has subclasses it may be another."""
    ws = make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "index.js"}),
        "node_modules/kit/index.js": """
            class Kit { lower() {} }
            class Base { run() {} }
            class Special extends Base { fly() {} }
            module.exports = new Kit();
            module.exports.Base = Base;
            module.exports.Special = Special;
        """,
        "src/a.js": """
            var Kit = require('kit').constructor;
            var app = new Kit();
            app.lower();
            app.lowr();
            var base = new (require('kit').Base)();
            var Other = base.constructor;
            new Other().fly();
        """,
    })
    found = [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/a.js")]
    assert found == [(5, "lowr", ["lower"])]
