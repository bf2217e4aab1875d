"""Receivers the engine's examples name (`naming`'s conventions: the docs write `const depot = new Depot()`, so
`depot` is a `Depot`) whose class is runtime JavaScript only, open: the vocabulary check speaks there, with a near
miss of one of that class's members (round 42, alt's `alt.createStores(...)`).

- A plain slip (case, number, a get/set prefix, one letter) of exactly one member is that member misspelt even
  where the scores alone leave two names close: `createStores` scores near `createStore` and `addStore`, but only
  `createStore` is that name made plural.
- A name bound by an import nothing resolves (`import depot from './depot'` where no `./depot` file is, `from
  'MyDepot'` of no package installed or declared) is read as an undeclared name is, by its convention: the import
  itself is the dependency check's finding, and nothing else says what the binding holds. An import that resolves
  (a workspace file, a `paths` alias, a package the project declares) keeps its module's value, unguessed."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

RUNTIME = """class Depot {
  constructor(config) { this.config = config; this.stores = {}; }
  createStore(model, name) { this.stores[name] = model; return model; }
  addStore(name, model) { this.stores[name] = model; }
  createActions(spec) { return spec; }
  createAction(name) { return name; }
  takeSnapshot() { return JSON.stringify(this.stores); }
}
// (a helper copies members onto the class: it is open, the vocabulary check's to speak on its receivers)
function mixin(target, source) { Object.keys(source).forEach(function (k) { target.prototype[k] = source[k]; }); }
mixin(Depot, { flush: function () { this.stores = {}; } });
module.exports = Depot;
"""

README = "# depot\n\n" + "\n\n".join(
    "```js\nimport Depot from 'depot';\nconst depot = new Depot();\n"
    f"depot.createStore(Store{i}, 'Store{i}');\ndepot.createActions(Actions{i});\n```" for i in range(3)) + "\n"


def workspace(tmp_path, files: dict[str, str], dependencies: dict[str, str] | None = None):
    return make_workspace(tmp_path, {
        "package.json": json.dumps({"name": "app", "private": True,
                                    "dependencies": {"depot": "1.0.0", **(dependencies or {})}}),
        "node_modules/depot/package.json": json.dumps({"name": "depot", "version": "1.0.0", "main": "index.js"}),
        "node_modules/depot/index.js": RUNTIME,
        "node_modules/depot/README.md": README,
        **files,
    })


def test_a_plain_slip_of_one_member_is_reported_where_the_scores_are_close(tmp_path):
    ws = workspace(tmp_path, {
        "src/plural.js": "depot.createStores(TodoStore);\n",
        "src/cased.js": "depot.create_store(TodoStore);\n",
        # a change of case of `createActions` beside a one-letter slip of `createAction`: the case is meant
        "src/case_first.js": "depot.createactions(TodoActions);\n",
        "src/right.js": "depot.createStore(TodoStore);\ndepot.createActions(TodoActions);\n",
    })
    assert flags_with_first_suggestion(ws, "src/plural.js") == [(1, "createStores", ["createStore"])]
    assert flags_with_first_suggestion(ws, "src/cased.js") == [(1, "create_store", ["createStore"])]
    assert flags_with_first_suggestion(ws, "src/case_first.js") == [(1, "createactions", ["createActions"])]
    assert flags_with_first_suggestion(ws, "src/right.js") == []


def test_an_import_nothing_resolves_reads_the_binding_by_its_convention(tmp_path):
    ws = workspace(tmp_path, {
        "src/relative.js": "import depot from './depot';\ndepot.createStores(TodoStore);\n",
        "src/required.js": "var depot = require('../lib/depot');\ndepot.getCreateStore(TodoStore);\n",
        "src/bare.js": "import depot from 'MyDepot';\ndepot.takeSnapshots();\n",
        "src/right.js": "import depot from './depot';\ndepot.createStore(TodoStore);\n",
    })
    assert flags_with_first_suggestion(ws, "src/relative.js") == [(2, "createStores", ["createStore"])]
    assert flags_with_first_suggestion(ws, "src/required.js") == [(2, "getCreateStore", ["createStore"])]
    assert flags_with_first_suggestion(ws, "src/bare.js") == [(2, "takeSnapshots", ["takeSnapshot"])]
    assert flags_with_first_suggestion(ws, "src/right.js") == []
    # an import that resolves keeps its module's value, unguessed: a project's `paths` alias of its own module (the
    # dependency graph's resolver reads it), a module with an extension a bundler resolves (`./depot.vue`); beside
    # them an import of nothing is still read by the convention
    ws = workspace(tmp_path / "resolved", {
        "jsconfig.json": json.dumps({"compilerOptions": {"baseUrl": ".", "paths": {"app-depot": ["lib/depot.js"]}}}),
        "lib/depot.js": "export const helper = 1;\n",
        "src/aliased.js": "import depot from 'app-depot';\ndepot.getCreateStore(TodoStore);\n",
        "src/depot.vue": "<template><div/></template>\n",
        "src/sibling.js": "import depot from './depot';\ndepot.takeSnapshots();\n",
        "src/nothing.js": "import depot from './nothing-here';\ndepot.create_store(TodoStore);\n",
    })
    assert flags_with_first_suggestion(ws, "src/aliased.js") == []
    assert flags_with_first_suggestion(ws, "src/sibling.js") == []
    assert flags_with_first_suggestion(ws, "src/nothing.js") == [(2, "create_store", ["createStore"])]
