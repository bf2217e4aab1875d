"""A library shipped as a plain script that also runs under CommonJS (`var q = function (sel) {...}` at its top
level, `if (typeof module === 'object' && module.exports) module.exports = q`): loaded by a <script> element, its
top-level `var q` is a global, which its readers call without importing it (`q('li').addTag('x')`). Its typings
may declare only the module (`declare module "qsel" { ... const q: Q; export default q }`), never the global: the
runtime's own global is then the module's value, typed by those typings. A callable interface's `(sel): this`
gives the interface itself; a member typed by a query of another value's method (`hide: typeof q.show`) is that
method; `Element | false` is an element where used (false a sentinel for none, as null is)."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPINGS = """declare module "qsel" {
  export interface Q {
    new (selector: string): this;
    (selector: string, context?: Element): this;
    nodes: Array<Element>;
    show(): this;
    show(duration: number): this;
    hide: typeof q.show;
    first(): Element | false;
  }
  const q: Q;
  export default q;
}
"""
RUNTIME = """var q = function (selector, context) {
  if (!(this instanceof q)) return new q(selector, context);
  this.nodes = [].slice.call((context || document).querySelectorAll(selector));
};
q.prototype.show = function () { return this; };
q.prototype.hide = function () { return this; };
q.prototype.first = function () { return this.nodes[0] || false; };
q.prototype.each = function (fn) { this.nodes.forEach(fn); return this; };
GUARD
"""
GUARD = "if (typeof module === 'object' && module.exports) { module.exports = q; }"
README = """# qsel

```js
q('ul li').show().hide();
```
"""


def flags(tmp_path, app: str, runtime: str = RUNTIME.replace("GUARD", GUARD), typings: str | None = TYPINGS):
    tree = {"src/app.js": app,
            "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"qsel": "1.0.0"}}),
            "node_modules/qsel/package.json": json.dumps(
                {"name": "qsel", "version": "1.0.0", "main": "qsel.js",
                 **({"types": "qsel.d.ts"} if typings is not None else {})}),
            "node_modules/qsel/qsel.js": runtime, "node_modules/qsel/README.md": README}
    if typings is not None:
        tree["node_modules/qsel/qsel.d.ts"] = typings
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def test_the_scripts_global_is_the_modules_value_typed_by_its_typings(tmp_path):
    app = """q('ul li').shw();
q.nodez;
const items = q('li');
items.Show();
q('li').show(200).hidden();
"""
    assert flags(tmp_path, app) == [(1, "shw"), (2, "nodez"), (4, "Show"), (5, "hidden")]


def test_a_member_typed_by_a_query_of_a_method_is_that_method(tmp_path):
    # `hide: typeof q.show`: a call of it gives what show gives (the selection), so a chain goes on typed
    app = """q('li').hide().shwo();
q('li').hide(100).show().hied();
"""
    assert flags(tmp_path, app) == [(1, "shwo"), (2, "hied")]


def test_an_element_or_false_result_is_an_element_of_any_class(tmp_path):
    # `first(): Element | false`: a near miss of the DOM's names is reported; a name some element class has
    # (`value` of inputs, `data` of <object>) is not
    app = """q('h1').first().clasList.add('x');
q('input').first().value;
q('object').first().data;
q('h1').first().classList.add('y');
"""
    assert flags(tmp_path, app) == [(1, "clasList")]


def test_members_the_runtime_and_typings_have_stay_quiet(tmp_path):
    app = """q('ul li').show().hide().first();
new q('li').show();
q.nodes.length;
"""
    assert flags(tmp_path, app) == []


def test_no_global_without_evidence_the_file_runs_as_a_script(tmp_path):
    # exported unguarded, `module.exports = q` is a CommonJS module's: its top-level `var q` is local to it
    unguarded = RUNTIME.replace("GUARD", "module.exports = q;")
    assert flags(tmp_path, "q('ul li').shw();\n", runtime=unguarded) == []
    # an ES module's top-level declarations are never globals
    esm = RUNTIME.replace("GUARD", GUARD + "\nexport default q;")
    assert flags(tmp_path / "esm", "q('ul li').shw();\n", runtime=esm) == []


def test_a_name_the_file_binds_itself_is_not_the_global(tmp_path):
    app = """import q from './mine';
q('li').shw();
function f(q) { return q.nodez; }
"""
    assert flags(tmp_path, app) == []


MINIFIED = ("var q=function(t,e){return this instanceof q?void(this.nodes=[].slice.call((e||document)"
            ".querySelectorAll(t))):new q(t,e)};q.prototype.show=function(){return this},"
            "q.prototype.hide=function(){return this},q.prototype.each=function(t){return this.nodes.forEach(t),this},"
            "\"object\"==typeof module&&module.exports&&(module.exports=q);\n")


def test_without_typings_the_scripts_constructor_called_without_new_makes_its_instance(tmp_path):
    # `var q = function (s) { if (!(this instanceof q)) return new q(s); ... }`, and a minifier's `return this
    # instanceof q ? ... : new q(t, e)`: `q('li')` is a q, whose prototype methods are its members
    app = "q('ul li').shw();\nconst items = q('li'); items.eech(f);\nq('li').each(f).show().hide();\n"
    assert flags(tmp_path / "plain", app, typings=None) == [(1, "shw"), (2, "eech")]
    assert flags(tmp_path / "min", app, runtime=MINIFIED, typings=None) == [(1, "shw"), (2, "eech")]
