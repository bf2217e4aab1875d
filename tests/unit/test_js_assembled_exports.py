"""The JavaScript reader on a package whose whole value is an object it assembles at run time from other files'
exported objects (`var reflect = {}; [a, b].forEach(function (r) { for (var k in r) reflect[k] = r[k]; });
module.exports = namespace.Reflect = reflect`, `Object.assign(reflect, a, b)`): a namespace of the union of their
keys, closed only when every object copied is known; and the name the docs bind that value to (`var canReflect =
require("eng")`) typing a fragment's undeclared receiver of that name."""

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


PARTS = {
    "pkg/a.js": """
        function alpha() {}
        module.exports = { alpha: alpha, beta: function () { return 1; }, "new"() { return {}; } };
    """,
    # an object declared first, given its literal later, and keys by name (also `obj["delete"]`)
    "pkg/b.js": """
        var parts;
        function helper() { return parts.gamma(); }
        parts = { gamma: function () { return helper(); } };
        parts.delta = parts.gamma;
        parts["delete"] = parts.gamma;
        module.exports = parts;
    """,
    "pkg/ns.js": "module.exports = {};\n",
}


def namespace(mod):
    local = mod.exports.get("=")
    t = mod.types.get(local) if local else None
    value = mod.values.get(local) if local else None
    assert t is not None and t.kind == "namespace" and value is not None and value.type == f"typeof {local}"
    return {m.name for m in t.members}, t.open


def test_an_object_filled_by_copying_required_objects_keys_is_their_union(tmp_path):
    write(tmp_path, {**PARTS, "pkg/index.js": """
        var a = require("./a"), b = require("./b"), ns = require("./ns");
        var reflect = {};
        [a, b].forEach(function (reflections) {
            for (var prop in reflections) {
                reflect[prop] = reflections[prop];
                if (typeof reflections[prop] === "function") {
                    Object.defineProperty(reflections[prop], "name", { value: prop });
                }
            }
        });
        module.exports = ns.Reflect = reflect;
    """})
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    assert namespace(mod) == ({"alpha", "beta", "new", "gamma", "delta", "delete"}, False)


def test_object_assign_and_a_single_for_in_copy_are_read_too(tmp_path):
    write(tmp_path, {**PARTS,
                     "pkg/one.js": """
                         var a = require("./a");
                         var out = { own: 1 };
                         Object.assign(out, a, { extra: function () {} });
                         module.exports = out;
                     """,
                     "pkg/two.js": """
                         var b = require("./b");
                         var out = {};
                         for (var k in b) { out[k] = b[k]; }
                         out.more = true;
                         module.exports = out;
                     """})
    one = extract_js(tmp_path / "pkg/one.js", "one").modules["one"]
    assert namespace(one) == ({"own", "alpha", "beta", "new", "extra"}, False)
    two = extract_js(tmp_path / "pkg/two.js", "two").modules["two"]
    assert namespace(two) == ({"gamma", "delta", "delete", "more"}, False)


def test_an_object_copied_from_something_unknown_stays_open(tmp_path):
    write(tmp_path, {**PARTS,
                     # a copied file whose value is no object this reader knows the keys of
                     "pkg/made.js": "module.exports = makeReflections();\n",
                     "pkg/one.js": """
                         var a = require("./a"), made = require("./made");
                         var out = {};
                         [a, made].forEach(function (r) { for (var k in r) out[k] = r[k]; });
                         module.exports = out;
                     """,
                     # handed to a function that may add keys
                     "pkg/two.js": """
                         var a = require("./a");
                         var out = Object.assign({}, a);
                         var more = { x: 1 };
                         extend(more, a);
                         module.exports = more;
                     """,
                     "pkg/three.js": """
                         var a = require("./a");
                         var out = {};
                         Object.assign(out, a);
                         mixin(out);
                         module.exports = out;
                     """,
                     # a computed key written from anything but a for-in copy of a known object
                     "pkg/four.js": """
                         var out = {};
                         ["x", "y"].forEach(function (k) { out[k] = function () {}; });
                         module.exports = out;
                     """,
                     # a copied file's object given a key by another file that requires it
                     "pkg/six.js": """
                         var a = require("./a"), extra = require("./extra");
                         var out = {};
                         for (var k in a) { out[k] = a[k]; }
                         module.exports = out;
                     """,
                     "pkg/extra.js": """
                         var parts = require("./a");
                         parts[name()] = function () {};
                         module.exports = {};
                     """,
                     # another package's object copied (not followed)
                     "pkg/five.js": """
                         var other = require("other-package");
                         var out = {};
                         for (var k in other) { out[k] = other[k]; }
                         module.exports = out;
                     """})
    one = extract_js(tmp_path / "pkg/one.js", "one").modules["one"]
    assert namespace(one) == ({"alpha", "beta", "new"}, True)
    two = extract_js(tmp_path / "pkg/two.js", "two").modules["two"]
    assert namespace(two) == ({"x"}, True)
    for name in ("three", "four", "five", "six"):
        mod = extract_js(tmp_path / f"pkg/{name}.js", name).modules[name]
        assert namespace(mod)[1], name


def test_the_docs_name_for_the_packages_object_types_an_undeclared_fragment_receiver(tmp_path):
    files = {f"node_modules/eng/{rel[len('pkg/'):]}": code for rel, code in PARTS.items()}
    ws = make_workspace(tmp_path, {
        **files,
        "node_modules/eng/package.json": json.dumps({"name": "eng", "main": "index.js"}),
        "node_modules/eng/index.js": """
            var a = require("./a"), b = require("./b"), ns = require("./ns");
            var reflect = {};
            [a, b].forEach(function (reflections) {
                for (var prop in reflections) { reflect[prop] = reflections[prop]; }
            });
            module.exports = ns.Reflect = reflect;
        """,
        # (an example that binds JavaScript's global name `Reflect` to the package: no convention for a global)
        "node_modules/eng/README.md": "# eng\n\n```js\nvar engReflect = require(\"eng\");\nengReflect.alpha();\n```\n\n"
                                      "```js\nvar Reflect = require(\"eng\");\nReflect.beta();\n```\n",
        "src/required.js": "var r = require('eng');\nr.alpha(); r.gamma(); r.alpah();\n",
        # a doc comment's fragment: the receiver is not declared
        "src/fragment.js": "engReflect.beta(); engReflect.delta(); engReflect.bta();\n"
                           "Reflect.ownKeys({}); Reflect.getPrototypeOf({}); Reflect.defineProperty({}, 'a', {});\n",
    })
    found = [(f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/required.js")]
    assert found == [("alpah", ["alpha"])]
    found = [(f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/fragment.js")]
    assert found == [("bta", ["beta"])]  # JavaScript's own `Reflect` is no name of the package's

