"""Classes the engine mixes its members into that the file shows alone, handed nowhere in it (round 42, alt's store
classes: `class SearchStore { constructor() { this.registerAsync(SearchSource); } }`, the `alt.createStore(...)`
call in another file), and subclasses of an open engine class (`class Flux extends Alt`).

- A class that extends nothing has only what it declares. One whose `this` reads, without declaring it, a member
  the engine's examples show mixed into such classes (read on `this` in a class they hand to the engine, or in a
  class of theirs that extends nothing and does not declare it), or reads a plain slip of one (`this.bindHandler`
  of `bindHandlers`) that nothing in reach spells, is a class the engine mixes into: its other `this` names are
  checked as a handed class's are (near misses of the mixed-in members or of its own), and its misspelt writes.
  A decorated class (the decorator may add any member), a class extending something, one writing `this` in ways
  not read off the code (`this[k] = v`), and a name that is another word (`fetchStatus` of `getStatus`) stay
  quiet.
- On a subclass of an open engine class (runtime JavaScript) a name whose scores tie between two members is the
  one member it is a change of case or number of, or behind a get/set prefix (`this.createStores` of
  `createStore`, beside `addStore`), as on a receiver named by the docs' convention."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace, symbol_findings

# the engine: a plugin host whose `register(Cls)` mixes `Base`'s methods into the class's prototype
HOST = """var Base = {
  bindHandlers: function (map) { this.handlers = map; },
  setStatus: function (next) { this.status = Object.assign({}, this.status, next); },
  getStatus: function () { return this.status; },
  emitUpdate: function () { return true; },
  watchSource: function (source) { this.sources = [source]; },
  getOwner: function () { return this.owner; }
};
function Host() { this.plugins = []; }
Host.prototype.register = function (Plugin) {
  if (typeof Plugin === 'function') { Object.assign(Plugin.prototype, Base); this.plugins.push(new Plugin()); }
  else { this.plugins.push(Object.assign({}, Base, Plugin)); }
};
module.exports = Host;
"""
# one block hands a class to `host.register`; another shows a plugin class alone, calling what the host adds
README = """# plughost

```js
import Host from 'plughost';
const host = new Host();
class Clock {
  constructor() { this.bindHandlers({ tick: this.onTick }); }
  onTick() { this.setStatus({ at: Date.now() }); this.emitUpdate(); }
}
host.register(Clock);
```

A plugin may watch a source:

```js
class Feed {
  constructor() { this.watchSource(FeedSource); }
  onItem() { this.getOwner().refresh(); }
}
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return make_workspace(tmp_path, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"plughost": "1.0.0"}}),
        "node_modules/plughost/package.json": json.dumps({"name": "plughost", "main": "index.js"}),
        "node_modules/plughost/index.js": HOST,
        "node_modules/plughost/README.md": README,
        **files,
    })


def flagged(tmp_path, app: str, name: str = "src/app.js") -> list[tuple[int, str, list[str]]]:
    ws = workspace(tmp_path, {name: app})
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, name)]


def test_a_class_shown_alone_that_reads_a_mixed_in_member_is_checked_as_a_handed_one(tmp_path):
    # (no use of the engine in the file: the `host.register(Counter)` call is elsewhere)
    assert flagged(tmp_path, """class Counter {
  constructor() {
    this.bindHandlers({ inc: this.onInc });
    this.count = 0;
  }
  onInc() {
    this.setStatus({ count: this.cont + 1 });
    this.emitUpdates();
    this.whatever();
  }
}
""") == [(7, "cont", ["count"]), (8, "emitUpdates", ["emitUpdate"])]


def test_a_slip_of_a_mixed_in_member_is_reported_in_a_class_handed_nowhere(tmp_path):
    assert flagged(tmp_path, """class Counter {
  constructor() { this.bindHandler({ inc: this.onInc }); }
  onInc() {}
}
class Panel {
  show() { this.getEmitUpdate(); }
}
""") == [(2, "bindHandler", ["bindHandlers"]), (6, "getEmitUpdate", ["emitUpdate"])]
    # quiet, each in a file of its own (a file that shows another use of the engine is checked against its whole
    # vocabulary): another word; a decorated class; a class extending another; one writing members on `this` by
    # computed names; a class whose `this` reads nothing of the host's
    quiet = {
        "src/word.js": "class Counter {\n  constructor() { this.fetchStatus(); }\n}\n",
        "src/decorated.js": "@tracked\nclass Marked {\n  run() { this.bindHandler({}); }\n}\n",
        "src/child.js": "class Child extends Widget {\n  run() { this.bindHandler({}); }\n}\n",
        "src/opened.js": "class Opened {\n  constructor(opts) { for (const k in opts) this[k] = opts[k]; }\n"
                         "  run() { this.bindHandler({}); }\n}\n",
        "src/plain.js": "class Plain {\n  constructor() { this.total = 0; }\n  run() { this.totl += 1; this.launch(); }\n}\n",
    }
    ws = workspace(tmp_path / "quiet", quiet)
    assert {name: flags_with_first_suggestion(ws, name) for name in quiet} == {name: [] for name in quiet}


def test_the_members_a_docs_class_shown_alone_reads_are_the_mixed_in_ones(tmp_path):
    # `watchSource` and `getOwner` are read only in the README's `class Feed` (handed nowhere there): a class that
    # extends nothing has only what it declares, so the docs show what the host adds
    assert flagged(tmp_path, """class News {
  constructor() { this.watchSources(NewsSource); }
  onItem() { this.getOwnr().refresh(); this.getOwner().refresh(); }
}
""") == [(2, "watchSources", ["watchSource"]), (3, "getOwnr", ["getOwner"])]


def test_a_misspelt_write_in_a_class_shown_alone_is_reported(tmp_path):
    found = [f for f in symbol_findings(workspace(tmp_path, {
        "src/app.js": """class Counter {
  constructor() {
    this.Status = { count: 0 };
    this.tally = 0;
    this.bindHandlers({ inc: this.onInc });
  }
  onInc() { this.tally += 1; }
}
""",
    }), "src/app.js")]
    assert [(f["line"], f["name"], f["data"]["suggestions"]) for f in found] == [(3, "Status", ["status"])]
    assert "a class plughost mixes its members into (it reads `this.bindHandlers`)" in found[0]["message"]


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


def test_a_subclass_of_an_open_engine_class_gets_the_one_plain_slip_where_scores_tie(tmp_path):
    ws = make_workspace(tmp_path, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"depot": "1.0.0"}}),
        "node_modules/depot/package.json": json.dumps({"name": "depot", "version": "1.0.0", "main": "index.js"}),
        "node_modules/depot/index.js": RUNTIME,
        "node_modules/depot/README.md": "# depot\n\n```js\nimport Depot from 'depot';\nconst depot = new Depot();\n"
                                         "depot.createStore(Store, 'Store');\n```\n",
        "src/app.js": """import Depot from 'depot';
class Flux extends Depot {
  constructor() {
    super();
    this.createStores(TodoStore, 'todos');
    this.addStore('x', X);
    this.createactions(TodoActions);
    this.makeStore(Y);
  }
}
""",
    })
    # (`createStores` scores near `createStore` and `addStore`; `makeStore` is another word, left)
    assert flags_with_first_suggestion(ws, "src/app.js") == [(5, "createStores", ["createStore"]),
                                                            (7, "createactions", ["createActions"])]
