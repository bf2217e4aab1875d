"""Misspelt contract members written on a value handed to a package (`handed_writes`): a class extending an
installed package's base (`class Card extends Viewlib.Component`), or a capitalised function returning JSX (a
component `react` is handed), given a member under a name no file in reach spells that is a slip of one the
package's files spell (`Card.propypes` of the `propTypes` the framework reads off the class, `this.stte` of the
`state` it reads off the instance): silently ignored at run time, reported with the did-you-mean. The user's own
members (read back, or of no near name), a new member's plural or prefixed form of a one-word name, a capitalised
static, a name the package spells, a base of a relative module or of no installed package stay quiet. Checked
through the real check, beside an engine (a test harness) the workspace depends on."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# the engine: a test harness rendering the framework's components (what the workspace depends on)
HARNESS = """function render(type, props) { return { type: type, props: props || {} }; }
function Wrapper(node) { this.node = node; }
Wrapper.prototype.find = function (selector) { return new Wrapper(this.node); };
Wrapper.prototype.text = function () { return String(this.node); };
module.exports = { render: render, Wrapper: Wrapper };
"""
# a framework whose runtime reads its contract off the classes handed to it
VIEWLIB = """var checkTypes = require('./check');
function Component(props) { this.props = props; }
Component.prototype.setState = function (partial) { this.state = Object.assign({}, this.state, partial); };
function mount(type, props) {
  var merged = Object.assign({}, type.defaultProps, props);
  checkTypes(type.propTypes, merged, type.displayName);
  var inst = new type(merged);
  if (inst.componentDidMount) inst.componentDidMount();
  return inst.state;
}
module.exports = { Component: Component, mount: mount };
module.exports.PropTypes = { string: String };
if (typeof window !== 'undefined') window.Viewlib = module.exports;
"""
CHECK = """module.exports = function checkTypes(types, props, name) {
  var spec = {
    contextTypes: 'many',
    item: null
  };
  return Object.keys(types || {}).every(function (k) { return types[k](props[k], name); });
};
"""
# a JSX runtime: what JSX's default factory hands function components to
REACT = """function createElement(type, config) {
  var props = Object.assign({}, type && type.defaultProps, config);
  if (type && type.propTypes) validate(type.propTypes, props, type.displayName);
  return { type: type, props: props };
}
function validate(types, props, name) { return Object.keys(types).length; }
module.exports = { createElement: createElement };
"""


def flagged(tmp_path, app: str, name: str = "src/app.js") -> list[tuple[int, str, list[str]]]:
    ws = make_workspace(tmp_path, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"harness": "1.0.0"}}),
        "node_modules/harness/package.json": json.dumps({"name": "harness", "main": "index.js"}),
        "node_modules/harness/index.js": HARNESS,
        "node_modules/viewlib/package.json": json.dumps({"name": "viewlib", "main": "lib/index.js"}),
        "node_modules/viewlib/lib/index.js": VIEWLIB,
        "node_modules/viewlib/lib/check.js": CHECK,
        "node_modules/thing/package.json": json.dumps({"name": "thing", "main": "index.js"}),
        "node_modules/thing/index.js": "exports.Base = function Base() { this.state = 1; };\n",
        "node_modules/react/package.json": json.dumps({"name": "react", "main": "index.js"}),
        "node_modules/react/index.js": REACT,
        name: app,
    })
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, name)]


def test_a_slip_of_a_member_the_base_package_reads_is_reported_on_the_class_and_its_instances(tmp_path):
    assert flagged(tmp_path, """import { render } from 'harness';
import { Component } from 'viewlib';
class Card extends Component {
  constructor(props) {
    super(props);
    this.stte = { open: false };
    this.componentDidMounts = () => {};
  }
  static defaulProps = { open: true };
  show() { return this.state.open; }
}
Card.propypes = { open: Boolean };
Card.DisplayName = 'Card';
render(Card, {});
""") == [(6, "stte", ["state"]), (7, "componentDidMounts", ["componentDidMount"]),
         (9, "defaulProps", ["defaultProps"]), (12, "propypes", ["propTypes"])]


def test_a_free_name_of_an_installed_package_is_that_packages_base(tmp_path):
    # the docs' UMD global: `Viewlib` where `viewlib` is installed, as `React` for `react`
    assert flagged(tmp_path, """import { render } from 'harness';
class Card extends Viewlib.Component {
  constructor(props) { super(props); this.State = { open: false }; }
}
Card.getContextTypes = {};
Card.getPropTypes = {};
render(Card, {});
""") == [(3, "State", ["state"]), (5, "getContextTypes", ["contextTypes"]), (6, "getPropTypes", ["propTypes"])]


def test_a_capitalised_function_returning_jsx_is_handed_to_the_jsx_runtime(tmp_path):
    assert flagged(tmp_path, """import { render } from 'harness';
function Book({ title }) {
  return <h1 className="title">{title}</h1>;
}
Book.defaulProps = { title: '' };
const Cover = ({ src }) => (<img src={src} />);
Cover.propType = { src: String };
function helper() { return 1; }
helper.propypes = {};
render(Book, {});
""", "src/app.jsx") == [(5, "defaulProps", ["defaultProps"]), (7, "propType", ["propTypes"])]


def test_the_users_own_members_stay_quiet(tmp_path):
    assert flagged(tmp_path, """import { render } from 'harness';
import { Component } from 'viewlib';
class List extends Component {
  constructor(props) {
    super(props);
    this.stte = [];
    this.states = [];
    this.getState = () => this.props;
    this.counter = 0;
  }
  add(x) { this.stte.push(x); }
}
List.Item = function Item() {};
List.Items = [];
List.propTypes = {};
List.defaulProps = {};
render(List, {});
""") == [(16, "defaulProps", ["defaultProps"])]


def test_a_base_of_no_installed_package_or_a_relative_module_stays_quiet(tmp_path):
    # (`Thing` is free and `thing` installed, but its files never spell `Thing`: no global of that package)
    assert flagged(tmp_path, """import { render } from 'harness';
import { Base } from './base';
import { Thing } from 'uninstalled';
class A extends Base { constructor() { super(); this.stte = 1; } }
class B extends Thing { constructor() { super(); this.stte = 1; } }
class C extends Other.Thing { constructor() { super(); this.stte = 1; } }
class D extends Thing.Base { constructor() { super(); this.stte = 1; } }
class E extends Viewlib.Component { constructor() { super(); this.sate = 1; } }
render(A, {});
""") == [(8, "sate", ["state"])]


def test_a_jsx_factory_pragma_names_no_package(tmp_path):
    assert flagged(tmp_path, """/** @jsx h */
import { render } from 'harness';
import { Component } from 'viewlib';
function Book() { return <h1 />; }
Book.defaulProps = {};
class Shelf extends Component { render() { return <Book />; } }
Shelf.defaultPros = {};
render(Book, {});
""", "src/app.jsx") == [(7, "defaultPros", ["defaultProps"])]


def test_typescript_reports_an_undeclared_members_assignment_itself(tmp_path):
    # TS2339 on `this.stte = ...` and `Card.propypes = ...` of a class; a definition and a function's expando
    # member are accepted by TypeScript, so reported here
    assert flagged(tmp_path, """import { render } from 'harness';
import { Component } from 'viewlib';
class Card extends Component {
  static defaulProps = {};
  constructor(props: object) { super(props); this.stte = {}; }
}
Card.propypes = {};
function Book() { return <h1 />; }
Book.dispayName = 'Book';
render(Card, {});
""", "src/app.tsx") == [(4, "defaulProps", ["defaultProps"]), (9, "dispayName", ["displayName"])]
