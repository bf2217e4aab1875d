"""A class, an object literal or an ES5 constructor the code hands to a function of the engine that mixes its own
members into it (a plugin host's `host.register(Plugin)` assigning a `Base` object's methods onto the class's
prototype, as alt's `alt.createStore(TodoStore)` does): `this` in its methods has the value's own members and the
mixed-in ones, so a near miss of either on that `this` is reported (with did-you-mean) even where the file shows no
other use of the engine (`host` the user's own module's export), and a misspelt `this.x = ...` write the engine
never reads is reported as on a class extending a package's base (`handed_writes`). Anything else on that `this`
stays quiet; and `this` in a method of an object literal handed to a function no package of the model owns
(`React.createClass({...})`, React not installed) is that function's to define: never checked against the
engine's vocabulary."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# the engine: a plugin host whose `register(Cls)` mixes `Base`'s methods into the class's prototype
HOST = """var Base = {
  bindHandlers: function (map) { this.handlers = map; },
  setStatus: function (next) { this.status = Object.assign({}, this.status, next); },
  getStatus: function () { return this.status; },
  emitUpdate: function () { return true; }
};
function Host() { this.plugins = []; }
Host.prototype.register = function (Plugin) {
  if (typeof Plugin === 'function') { Object.assign(Plugin.prototype, Base); this.plugins.push(new Plugin()); }
  else { this.plugins.push(Object.assign({}, Base, Plugin)); }
};
module.exports = Host;
"""
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
"""


def flagged(tmp_path, app: str, name: str = "src/app.js") -> list[tuple[int, str, list[str]]]:
    ws = make_workspace(tmp_path, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"plughost": "1.0.0"}}),
        "node_modules/plughost/package.json": json.dumps({"name": "plughost", "main": "index.js"}),
        "node_modules/plughost/index.js": HOST,
        "node_modules/plughost/README.md": README,
        "src/host.js": "import Host from 'plughost';\nexport default new Host();\n",
        name: app,
    })
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, name)]


def test_this_in_a_class_handed_to_the_engine_has_the_mixed_in_members(tmp_path):
    assert flagged(tmp_path, """import host from './host';
class Counter {
  constructor() {
    this.bindHandler({ inc: this.onInc });
    this.count = 0;
  }
  onInc() {
    this.setStatus({ count: this.cont + 1 });
    this.emitUpdates();
    return this.getStatus();
  }
}
host.register(Counter);
""") == [(4, "bindHandler", ["bindHandlers"]), (8, "cont", ["count"]), (9, "emitUpdates", ["emitUpdate"])]


def test_a_misspelt_write_in_a_handed_class_is_reported(tmp_path):
    assert flagged(tmp_path, """import host from './host';
class Counter {
  constructor() {
    this.handler = {};
    this.stauts = { count: 0 };
  }
  onInc() { return this.getStatus(); }
}
host.register(Counter);
""") == [(5, "stauts", ["status"])]


def test_an_object_literal_handed_to_the_engine_is_checked_alike(tmp_path):
    assert flagged(tmp_path, """import host from './host';
host.register({
  total: 0,
  onInc() {
    this.setStatuss({ total: this.totl + 1 });
  }
});
""") == [(5, "setStatuss", ["setStatus"]), (5, "totl", ["total"])]


def test_the_values_other_names_and_an_unhanded_class_stay_quiet_beside_a_slip(tmp_path):
    assert flagged(tmp_path, """import host from './host';
class Counter {
  onInc() { this.whatever(); this.tally = this.other + 1; }
  onDec() { this.emitUpdates(); }
}
class Loose {
  run() { this.launch({}); }
}
host.register(Counter);
""") == [(4, "emitUpdates", ["emitUpdate"])]
# (a class handed nowhere whose `this` reads a slip of a mixed-in member, `this.bindHandler`, is one the engine
# mixes into: test_symbols_mixin_targets.py)


def test_this_in_a_literal_handed_to_another_packages_function_is_not_the_engines(tmp_path):
    assert flagged(tmp_path, """import Host from 'plughost';
const host = new Host();
host.register({ onInc() { this.setStatus({}); } });
var List = React.createClass({
  render() { return this.getStatuss() + this.setStatu(); }
});
""") == []


def test_a_get_prefix_or_a_typo_of_a_member_the_docs_show_the_engine_mixing_in_is_reported(tmp_path):
    # (the engine's examples read `bindHandlers`, `setStatus`, `emitUpdate` on `this` in a class they hand to
    # `host.register`: the members such a value has)
    assert flagged(tmp_path, """import host from './host';
class Counter {
  constructor() { this.getBindHandlers({}); }
  onInc() { this.emitUpdat(); }
}
host.register(Counter);
""") == [(3, "getBindHandlers", ["bindHandlers"]), (4, "emitUpdat", ["emitUpdate"])]
