"""Member uses on a call of a name (`bag(items).wheres(...)`, and links chained from it: `bag(items).where(...)
.sortBys(...)`) or of `new` (`new Bag(items).wheres(...)`): where the analysis types the call's result as an engine type it could not close
(`Analysis.open_engine_receivers`), the vocabulary check treats the receiver as it treats a variable holding that
value (`const b = bag(items); b.wheres(...)`): a near miss of the type's own members is reported, a member the
runtime has beyond the typings is not. A call the analysis does not type as the engine's (the snippet's own helper,
another package's function, jQuery's `$`, a member the typings lack whose result is unknown) stays silent."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# A fluent collection: hand-written ambient typings whose class is open (an index signature for the methods
# `macro` adds at run time) and lag the runtime (`sole`, `mergeDeep` are on the prototype only), a callable
# default and named export `bag(items)` that makes one
TYPINGS = """declare module 'bag.js' {
  export function bag<T>(items?: T[] | Object): Bag<T>;
  export default function bag<T>(items?: T[] | Object): Bag<T>;
  export class Bag<Item> {
    constructor(items?: Item[]);
    where(key: string, value?: any): Bag<Item>;
    sortBy(key: string): Bag<Item>;
    first(fn?: (item: Item) => boolean): Item;
    all(): Item[];
    macro(name: string, fn: Function): any;
    [macroFn: string]: Function;
  }
}
"""
RUNTIME = """function Bag(items) { this.items = items || []; }
Bag.prototype.where = function (key, value) { return new Bag(this.items); };
Bag.prototype.sortBy = function (key) { return new Bag(this.items); };
Bag.prototype.first = function (fn) { return this.items[0]; };
Bag.prototype.all = function () { return this.items; };
Bag.prototype.macro = function (name, fn) { Bag.prototype[name] = fn; };
Bag.prototype.sole = function (fn) { return this.items[0]; };
Bag.prototype.mergeDeep = function (other) { return new Bag(this.items); };
var bag = function (items) { return new Bag(items); };
module.exports = bag;
module.exports.bag = bag;
module.exports.default = bag;
module.exports.Bag = Bag;
"""
# the docs call `bag` bare and chain its result (what binds a free lower-case function to the package)
README = """# bag.js

```js
bag([1, 2]).where('a').sortBy('b').all();
```
"""


def flags(tmp_path, app: str, typings: str = TYPINGS) -> list[tuple[int, str]]:
    return [(f["line"], f["name"]) for f in findings(tmp_path, app, typings)]


def findings(tmp_path, app: str, typings: str = TYPINGS) -> list[dict]:
    tree = {"src/app.js": app,
            "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"bag.js": "1.0.0"}}),
            "node_modules/bag.js/package.json": json.dumps({"name": "bag.js", "version": "1.0.0", "main": "index.js",
                                                           "typings": "index.d.ts"}),
            "node_modules/bag.js/index.d.ts": typings, "node_modules/bag.js/index.js": RUNTIME,
            "node_modules/bag.js/README.md": README}
    ws = make_workspace(tmp_path, tree)
    return symbol_findings(ws, "src/app.js")


def test_a_free_call_of_the_engines_function_is_checked_as_a_variable_holding_its_result(tmp_path):
    app = """bag([1]).wheres('a');
bag([1, 2]).where('a').sortBys('b');
const held = bag([1]); held.wheres('x');
bag([1])
  .where('a')
  .Sortby('b');
"""
    assert flags(tmp_path, app) == [(1, "wheres"), (2, "sortBys"), (3, "wheres"), (6, "Sortby")]


def test_members_the_runtime_has_beyond_the_typings_stay_quiet_on_a_call(tmp_path):
    app = """bag([1]).sole();
bag([1]).mergeDeep([2]).all();
bag([1]).where('a').sole();
bag([1]).soles();
"""
    assert flags(tmp_path, app) == [(4, "soles")]


def test_a_default_or_named_import_of_the_function_is_checked_alike(tmp_path):
    app = """import bag from 'bag.js';
bag([1]).wheres('a');
bag([1]).where('a').sortBys('b');
"""
    assert flags(tmp_path, app) == [(2, "wheres"), (3, "sortBys")]
    # a named export of the engine: only a near miss of the type's own members (as on a variable rooted at it)
    app = """import { bag } from 'bag.js';
bag([1]).wheres('a');
bag([1]).where('a').sortBys('b');
"""
    assert flags(tmp_path / "named", app) == [(2, "wheres"), (3, "sortBys")]


def test_a_new_of_the_engines_class_is_checked_alike(tmp_path):
    app = """import { Bag } from 'bag.js';
new Bag([1]).wheres('a');
new Bag([1]).where('a').sortBys('b');
new Bag([1]).where('a').sole();
"""
    assert flags(tmp_path, app) == [(2, "wheres"), (3, "sortBys")]


def test_calls_the_analysis_does_not_type_as_the_engines_stay_silent(tmp_path):
    app = """import { make } from 'other-package';
bag([1]).where('a');
makeBag([1]).wheres('a');
makeBag([1]).where('a').sortBys('b');
make([1]).wheres('a');
$('.x').wheres('a');
new Other([1]).wheres('a');
new Other([1]).where('a').sortBys('b');
bag([1]).sole().wheres('a');
bag([1]).first().wheres('a');
"""
    assert flags(tmp_path, app) == []


def test_the_message_shows_the_receiver_on_one_line_with_long_arguments_elided(tmp_path):
    app = """bag([{ name: 'Desk', price: 200 }, { name: 'Chair', price: 100 }])
  .where('price', 100)
  .sortBys('name');
"""
    got = findings(tmp_path, app)
    assert [f["name"] for f in got] == ["sortBys"]
    assert got[0]["message"].startswith("`bag(…).where('price', 100).sortBys`: "), got[0]["message"]
