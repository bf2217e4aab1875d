"""The JavaScript reader on a package without typings whose whole value is an object of its modules, exported inside
UMD guards (`var Lib = { Net: require('./net'), tools: require('./tools') }; if (typeof module !== 'undefined' &&
module.exports) { module.exports = Lib; }`, AMD's `define([], function () { return Lib; })`, the browser global
`window['lib'] = Lib`): a namespace whose keys are typed as each file's value (a class, a function, that file's own
object as a namespace, its object-literal values as closed types), factory functions typed by what their bodies
return (another of the object's functions' result, with or without `new`), and the members a factory writes on the
instance it makes and returns."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

ENTRY = """
    var Lib = {
      Net: require('./net'),
      tools: require('./tools'),
      make: require('./make'),
      helper: require('./helper')
    };

    // CommonJS & AMD
    if (typeof define !== 'undefined' && define.amd) {
      define([], function () { return Lib; });
    }

    // Node.js
    if (typeof module !== 'undefined' && module.exports) {
      module.exports = Lib;
    }

    // Browser
    if (typeof window === 'object') {
      (function () {
        var old = window['lib'];
        Lib.ninja = function () { window['lib'] = old; return Lib; };
      })();
      window['lib'] = Lib;
    }
"""

PACKAGE = {
    "net.js": """
        module.exports = Net;
        function Net(size) { this.size = size; this.nodes = []; }
        Net.prototype = { run: function (input) { return input; }, train: function (set) {} };
        Net.Dense = function (size) {
          var net = new Net(size);
          net.input = function (from) { return from; };
          return net;
        };
        Net.Wide = function () {
          var net = new Net(2);
          ['left', 'right'].forEach(function (side) { net[side] = new Net(1); });
          return net;
        };
    """,
    "tools.js": """
        var tools = {
          ADD: { name: 'ADD' },
          SCALE: { name: 'SCALE', min: -1, max: 1 },
          pick: function (list) { return list[0]; }
        };
        tools.ALL = [tools.ADD, tools.SCALE];
        module.exports = tools;
    """,
    "make.js": """
        var Net = require('./net');
        var make = {
          Build: function (size) {
            var net = new Net(size);
            net.size++;
            return net;
          },
          Quick: function () { return make.Build(1); },
          Chained: function () {
            var made = new make.Quick();
            return made;
          },
          Other: function () { return make.Unknown(); }
        };
        module.exports = make;
    """,
    "helper.js": "module.exports = function helper(a, b) { return a + b; };\n",
}


def write(root, files: dict[str, str]) -> None:
    for rel, code in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(code), encoding="utf-8")


def members(mod, name):
    t = mod.types[name]
    return {m.name: (m.kind, m.type) for m in t.members}, t.open


def test_an_object_of_modules_exported_in_umd_guards_is_a_namespace_of_their_values(tmp_path):
    write(tmp_path, {"pkg/index.js": ENTRY, **{f"pkg/{k}": v for k, v in PACKAGE.items()}})
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    assert mod.exports["="] == "Lib" and mod.values["Lib"].type == "typeof Lib"
    assert mod.globals == ["lib"]  # `window['lib'] = Lib`: the browser build's global is the module's value
    found, open_ = members(mod, "Lib")
    # (the AMD `define`'s `return Lib`, the browser global and `ninja`'s `return Lib` hand the object out as
    # `module.exports` does: none of them adds a key, so the namespace stays closed)
    assert not open_
    assert found["Net"] == ("property", "typeof Net")
    assert found["tools"] == ("property", "typeof tools") and found["make"] == ("property", "typeof make")
    assert found["helper"][0] == "method"  # a file exporting a function: that function
    assert found["ninja"][0] == "method"  # written by name at run time (`Lib.ninja = function`)
    tools, open_ = members(mod, "tools")
    assert not open_ and set(tools) == {"ADD", "SCALE", "pick", "ALL"}
    assert tools["SCALE"] == ("property", "tools$SCALE")  # an object-literal value: a closed type of its keys
    assert {m.name for m in mod.types["tools$SCALE"].members} == {"name", "min", "max"}
    assert not mod.types["tools$SCALE"].open


def test_factory_functions_are_typed_by_what_their_bodies_return(tmp_path):
    write(tmp_path, {"pkg/index.js": ENTRY, **{f"pkg/{k}": v for k, v in PACKAGE.items()}})
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    found, _ = members(mod, "make")
    # a local made by `new` (its member written, never the local), another function's result, the result of `new`
    # of a function that returns an object (that object); a call of a function the object lacks: unknown
    assert found["Build"] == ("method", "Net") and found["Quick"] == ("method", "Net")
    assert found["Chained"] == ("method", "Net") and found["Other"] == ("method", "")
    # `net.input = ...` on the instance `Net.Dense` makes and returns: a member of what it returns, Net's
    net = {m.name for m in mod.types["Net"].members if not m.static}
    assert {"run", "train", "size", "nodes", "input"} <= net and not mod.types["Net"].open
    # (keys written from an array literal of strings, `['left', 'right'].forEach(function (side) { net[side] =
    # ... })`, are those names: no computed key that may be anything)
    assert {"left", "right"} <= net


def test_keys_written_through_a_holder_or_computed_keep_the_objects_open(tmp_path):
    write(tmp_path, {"pkg/index.js": ENTRY, **{f"pkg/{k}": v for k, v in PACKAGE.items()},
                     # a file of the package writes a key `tools` lacks through the object holding it, and one
                     # `tools.ADD` lacks
                     "pkg/extra.js": "var Lib = require('./index');\nLib.tools.EXTRA = {};\n"
                                     "var tools = require('./tools');\ntools.ADD.weight = 1;\n",
                     "pkg/net.js": PACKAGE["net.js"].replace("net.input = ", "net[name()] = "),
                     # a function of the object that writes a computed key on its `this`
                     "pkg/make.js": PACKAGE["make.js"].replace(
                         "Other: function () {", "add: function (k, v) { this[k] = v; },\n  Other: function () {")})
    text = (tmp_path / "pkg/index.js").read_text() + "\nrequire('./extra');\n"
    (tmp_path / "pkg/index.js").write_text(text)
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    assert mod.types["tools"].open and mod.types["tools$ADD"].open and not mod.types["tools$SCALE"].open
    assert mod.types["Net"].open  # a computed key written on the made instance: not every member is known
    assert mod.types["make"].open


def test_the_namespaces_check_code_that_requires_the_package_or_uses_its_global(tmp_path):
    files = {f"node_modules/eng/{k}": v for k, v in PACKAGE.items()}
    ws = make_workspace(tmp_path, {
        **files,
        "node_modules/eng/index.js": ENTRY.replace("'lib'", "'eng'"),
        "node_modules/eng/package.json": json.dumps({"name": "eng", "version": "1.0.0", "main": "index.js"}),
        "package.json": json.dumps({"name": "app", "dependencies": {"eng": "1.0.0"}}),
        "src/app.js": """
            const lib = require('eng');
            var a = lib.make.Quick();
            a.run([1]); a.ruun([1]);
            var b = new lib.make.Build(2);
            b.train([]); b.trian([]);
            var c = new lib.Net.Dense(2);
            c.input(a); c.inptu(a);
            lib.tools.SCALE.min = 0; var m = lib.tools.SCALE.mn;
            lib.tools.ALL.forEach(function (t) {}); lib.tools.AL;
            lib.helper(1, 2); lib.hepler(1, 2);
        """,
        # a script (no import, no require): the package's browser global
        "src/page.js": "var n = new eng.Net(2);\nn.run([1]);\neng.Nte;\n",
    })
    found = [f["name"] for f in symbol_findings(ws, "src/app.js")]
    assert found == ["ruun", "trian", "inptu", "mn", "AL", "hepler"]
    found = [(f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/page.js")]
    assert found == [("Nte", ["Net"])]


def test_a_umd_wrappers_browser_global_is_the_modules_global(tmp_path):
    write(tmp_path, {"pkg/tiny.js": """
        (function (root, factory) {
          if (typeof define === 'function' && define.amd) define([], factory);
          else if (typeof module === 'object' && module.exports) module.exports = factory();
          else root.tiny = factory();
        }(this, function () {
          function tiny(x) { this.x = x; }
          tiny.prototype.go = function () { return this; };
          return tiny;
        }));
    """})
    mod = extract_js(tmp_path / "pkg/tiny.js", "tiny").modules["tiny"]
    assert mod.exports["="] == "tiny" and mod.globals == ["tiny"]


def test_a_browser_global_set_to_a_named_export_is_that_export(tmp_path):
    write(tmp_path, {"pkg/sound.js": """
        var Howl = function (o) { this.init(o); };
        Howl.prototype = { init: function (o) { this.o = o; return this; }, play: function () {} };
        var Sound = function (howl) { this._parent = howl; };
        if (typeof exports !== 'undefined') { exports.Howl = Howl; }
        if (typeof window !== 'undefined') { window.Howl = Howl; window.Sound = Sound; }
    """})
    mod = extract_js(tmp_path / "pkg/sound.js", "sound").modules["sound"]
    assert mod.globals == ["Howl"]  # `Sound` is set too, but is no export: not the module's
