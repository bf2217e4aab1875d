"""The JavaScript reader on Babel 6's CommonJS output with babel-plugin-add-module-exports (the packages of 2015-2017:
`exports['default'] = Alt; module.exports = exports['default'];`): the module's whole value is that class, so
`require('pkg')` and `import Pkg from 'pkg'` are the class and `new Pkg()` its instance."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

BABEL_LIB = """
    'use strict';

    Object.defineProperty(exports, "__esModule", {
      value: true
    });

    function _classCallCheck(instance, Constructor) { if (!(instance instanceof Constructor)) { throw new TypeError("Cannot call a class as a function"); } }

    var Flux = function () {
      function Flux() {
        _classCallCheck(this, Flux);
        this.stores = {};
      }
      Flux.prototype.createStore = function createStore(model, name) { return model; };
      Flux.prototype.takeSnapshot = function takeSnapshot() { return '{}'; };
      return Flux;
    }();

    exports['default'] = Flux;
    module.exports = exports['default'];
"""


def test_a_default_export_made_the_module_value_is_the_modules_value(tmp_path):
    (tmp_path / "flux/lib").mkdir(parents=True)
    (tmp_path / "flux/lib/index.js").write_text(textwrap.dedent(BABEL_LIB), encoding="utf-8")
    mod = extract_js(tmp_path / "flux/lib/index.js", "flux").modules["flux"]
    assert mod.exports.get("=") == "Flux" and mod.exports.get("default") == "Flux"
    # a string subscript other than `default` is a named export as its dotted spelling is
    (tmp_path / "named.js").write_text('exports["helper"] = function helper() {};\n', encoding="utf-8")
    assert "helper" in extract_js(tmp_path / "named.js", "named").modules["named"].exports


def test_an_instance_of_a_babel_exported_class_is_checked(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/flux/package.json": json.dumps({"name": "flux", "main": "lib"}),
        "node_modules/flux/lib/index.js": BABEL_LIB,
        "src/a.js": """
            const Flux = require('flux');
            const flux = new Flux();
            flux.takeSnapshot();
            flux.takeSnapshots();
        """,
        "src/b.js": """
            import Flux from 'flux';
            export default new Flux().createStores({});
        """,
    })
    assert [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/a.js")] == \
        [(5, "takeSnapshots", ["takeSnapshot"])]
    assert [(f["line"], f["name"], f["data"]["suggestions"]) for f in symbol_findings(ws, "src/b.js")] == \
        [(3, "createStores", ["createStore"])]
