"""A class the user makes by calling an engine class's static class factory with a definition object
(`const Person = Model.extend({ first: "string", get fullName() {...}, greet() {...} })`, the prototype-chain idiom
of Backbone, CanJS, Ember): its instances (`new Person(...)`) and `this` in the definition's functions have the
base's instance members plus the definition's keys; a name neither gives is reported only when the base's instance
is closed and every key of the definition is spelt; what typings declare the factory returns wins."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# an untyped engine: a class whose static `extend` makes a subclass from a definition object
ENGINE = """
function Construct() {}
Construct.extend = function (name, staticProps, protoProps) {
  function Made() {}
  Made.prototype = Object.create(this.prototype);
  return Made;
};
class Model extends Construct {
  constructor(props) { super(); this.props = props; }
  get(name) { return this.props[name]; }
  set(name, value) { this.props[name] = value; return this; }
  serialize() { return {}; }
}
Model.extend = Construct.extend;
class Loose extends Construct {
  constructor(props) { super(); this.props = props; }
  set(name, value) { this[name] = value; return this; }
  serialize() { return {}; }
}
Loose.extend = Construct.extend;
module.exports = { Model, Loose };
"""


def flags(tmp_path, app: str, engine: str = ENGINE, typings: str | None = None) -> list[tuple[int, str]]:
    pkg = {"name": "pkg", "version": "1.0.0", "main": "index.js"}
    tree = {"node_modules/pkg/index.js": engine, "README.js": app}
    if typings is not None:
        pkg.update(types="index.d.ts", version="1.0.1")  # (another package: its model is another one)
        tree["node_modules/pkg/index.d.ts"] = typings
    tree["node_modules/pkg/package.json"] = json.dumps(pkg)
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "README.js")]


def test_an_instance_of_a_made_class_has_the_base_members_and_the_definition_keys(tmp_path):
    app = """const { Model } = require('pkg');
const Person = Model.extend({
  first: "string",
  age: { type: "number", default: 0 },
  get fullName() { return this.first + " " + this.lasts; },
  greet() { this.greeted = true; return this.fullNme; },
  full: { get: function () { return this.ages; } }
});
const me = new Person({ first: "Justin" });
me.first; me.age; me.fullName; me.greet(); me.greeted; me.full; me.serialize();
me.firsts;
me.getFullName;
me.extra = 1;
console.log(me.extra);
"""
    assert flags(tmp_path, app) == [(5, "lasts"), (6, "fullNme"), (7, "ages"), (11, "firsts"), (12, "getFullName")]


def test_the_name_first_form_and_a_class_made_from_a_made_class(tmp_path):
    # (the made class's statics: the base's, and what the factory copies or adds, unknown here: never missing)
    app = """const { Model } = require('pkg');
const Person = Model.extend("Person", { count: 0 }, { first: "string" });
const Hero = Person.extend({ power: "string" });
Person.count; Person.extend;
Person.cuont;
const hero = new Hero();
hero.first; hero.power; hero.serialize();
hero.powers;
"""
    assert flags(tmp_path, app) == [(8, "powers")]


def test_a_definition_with_a_key_not_spelt_flags_nothing(tmp_path):
    # a wildcard key, a spread, `this[key] = v`: the class takes keys its definition does not spell, so a name
    # beside one it spells (`firsts`, `first`) may be one of those; on a call's result as on a variable
    app = """const { Model } = require('pkg');
const Wild = Model.extend({ "*": "string", first: "string" });
const Spread = Model.extend({ ...defaults, first: "string" });
const Indexed = Model.extend({ first: "string", method() { this[key] = 1; } });
new Wild().firsts;
new Spread().firsts;
new Indexed().firsts;
const wild = new Wild(), spread = new Spread(), indexed = new Indexed();
wild.firsts; spread.firsts; indexed.firsts;
"""
    assert flags(tmp_path, app) == []


def test_on_a_base_not_closed_a_missing_name_is_left_to_the_vocabulary_check(tmp_path):
    # as when the made class was not followed: a near miss of an engine member no file spells is still reported
    # (and of a key the definition spells: the base writes names it is given, `set(name, value)`, not the
    # definition's keys' slips)
    app = """const { Loose } = require('pkg');
const Open = Loose.extend({ first: "string" });
const open = new Open();
open.first;
open.serialise();
new Open().firsts;
"""
    assert flags(tmp_path, app) == [(5, "serialise"), (6, "firsts")]


def test_what_typings_declare_the_factory_returns_wins(tmp_path):
    # the same runtime, typed: `extend` returns `any` there, so nothing is known of the made class's instances
    typings = """export declare class Model {
  constructor(props?: object);
  get(name: string): any;
  set(name: string, value: any): this;
  serialize(): object;
  static extend(...args: any[]): any;
}
export declare class Loose { set(name: string, value: any): this; static extend(...args: any[]): any; }
"""
    app = """const { Model } = require('pkg');
const Person = Model.extend({ first: "string", greet() { return this.fullNme; } });
const me = new Person({ first: "Justin" });
me.firsts;
"""
    assert flags(tmp_path / "typed", app, typings=typings) == []
    assert flags(tmp_path / "untyped", app) == [(2, "fullNme"), (4, "firsts")]


# Vue 2's runtime, in little: `extend` makes a subclass whose instances get the definition's `data()` keys and
# `methods` (not the keys `data` and `methods`), through functions that write the instance by computed names
VUE = """
function Vue(options) { this._init(options); }
function initMixin(Vue) {
  Vue.prototype._init = function (options) { var vm = this; vm.$options = options; initState(vm); };
}
function initState(vm) {
  var data = vm._data = vm.$options.data.call(vm);
  for (var key in data) { proxy(vm, key); }
  var methods = vm.$options.methods;
  for (var name in methods) { vm[name] = methods[name].bind(vm); }
}
function proxy(target, key) { Object.defineProperty(target, key, { get: function () { return this._data[key]; } }); }
initMixin(Vue);
Vue.prototype.$mount = function (el) { return this; };
Vue.extend = function (extendOptions) {
  var Super = this;
  var Sub = function VueComponent(options) { this._init(options); };
  Sub.prototype = Object.create(Super.prototype);
  return Sub;
};
module.exports = Vue;
"""


def test_a_factory_whose_instances_get_other_names_than_the_definition_s_keys_flags_nothing(tmp_path):
    # the instance is open (the runtime writes it by computed names), so no name is missing on it
    app = """const Vue = require('pkg');
const Comp = Vue.extend({
  data() { return { msg: "hi" }; },
  methods: { greet() { return this.msg; } }
});
const vm = new Comp();
vm.msg; vm.greet(); vm.$mount("#app");
"""
    assert flags(tmp_path, app, engine=VUE) == []
