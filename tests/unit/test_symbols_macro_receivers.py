"""Round 40 (open40): an instance of an engine class open only to the methods code adds at run time. collect.js
declares `export class Collection<Item> { ...; macro(name: string, fn: Function): void; [macroFn: string]:
Function; }`, and its runtime's `macro` writes `this.constructor.prototype[name] = fn`: any name type-checks
on a collection (the index signature), so the analysis leaves its unknown names to the vocabulary check, which
skipped a name some platform type has (`contain`, CSS's; `getTransform`, a canvas's) or one shorter than four
letters (`Pad`). On such a receiver the platform's types are no source of its members: only what code adds is.

- A string index signature whose value is a function (`Function`, a function type) makes its type extensible as
  `[key: string]: any` does (`unknown_symbol._extensible`), so a plain slip of one of its tools is reported
  (`_extension_near_miss`), a platform-named one too, a short one as a change of case (`Pad` of `pad`, a method
  only the runtime has); not a longer rewording (`flattenAll`: a macro's name as likely as a slip).
- The runtime's `this.constructor.prototype[name] = fn` (or `Object.getPrototypeOf(this)[name]`) in a method,
  assigned onto the prototype from its own module, adds the name its call gives (`Member.adds`): `macro('pads',
  fn)` makes `collection.pads()` real, as `defineCommand("echo")` makes `echo`.
- A dictionary of functions (no tools), a receiver of unknown type, stay as they were."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace, symbol_findings

TYPES = """declare module 'coll' {
  export class Collection<Item> {
    constructor(items?: Item[]);
    all(): Item[];
    contains(key: any, value?: any): boolean;
    keyBy(key: string): Collection<Item>;
    transform(fn: (item: Item) => Item): Collection<Item>;
    flatten(depth?: number): Collection<Item>;
    macro(name: string, fn: Function): void;
    [macroFn: string]: Function;
  }
  export interface Handlers {
    [key: string]: Function;
  }
  export function handlers(): Handlers;
  export const shared: Collection<number>;
  export default function collect<T>(items?: T[]): Collection<T>;
}
"""
RUNTIME = {
    "dist/index.js": "'use strict';\n\nfunction Collection(items) {\n  this.items = items || [];\n}\n\n"
                     + "".join(f"Collection.prototype.{m} = require('./methods/{m}');\n"
                               for m in ("all", "contains", "keyBy", "transform", "flatten", "macro", "pad"))
                     + "\nconst collect = items => new Collection(items);\n\nmodule.exports = collect;\n"
                       "module.exports.collect = collect;\nmodule.exports.default = collect;\n"
                       "module.exports.Collection = Collection;\n",
    **{f"dist/methods/{m}.js": f"'use strict';\n\nmodule.exports = function {m}(a) {{\n  return this;\n}};\n"
       for m in ("all", "contains", "keyBy", "transform", "flatten", "pad")},
    "dist/methods/macro.js": "'use strict';\n\nmodule.exports = function macro(name, fn) {\n"
                             "  this.constructor.prototype[name] = fn;\n};\n",
}
HEAD = "const collect = require('coll');\n\nconst collection = collect([1, 2, 3]);\n"


def workspace(tmp_path, files: dict[str, str]):
    home = "node_modules/coll"
    return make_workspace(tmp_path, {
        f"{home}/package.json": json.dumps({"name": "coll", "main": "dist/index.js", "typings": "index.d.ts"}),
        f"{home}/index.d.ts": TYPES,
        **{f"{home}/{path}": text for path, text in RUNTIME.items()},
        **files,
    })


def test_a_slip_of_its_own_method_is_reported_platform_named_or_short(tmp_path):
    ws = workspace(tmp_path, {
        "src/platform.js": HEAD + "collection.contain(2);\n",  # CSS's `contain`
        "src/accessor.js": HEAD + "collection.getTransform(x => x);\n",  # a canvas's `getTransform`
        "src/typo.js": HEAD + "collection.keyBys('id');\n",
        "src/case.js": HEAD + "collection.Pad(5, 0);\n",  # `pad`: only the runtime has it
        "src/real.js": HEAD + "collection.contains(2);\ncollection.pad(5, 0);\ncollection.keyBy('id').all();\n",
    })
    assert flags_with_first_suggestion(ws, "src/platform.js") == [(4, "contain", ["contains"])]
    assert flags_with_first_suggestion(ws, "src/accessor.js") == [(4, "getTransform", ["transform"])]
    assert flags_with_first_suggestion(ws, "src/typo.js") == [(4, "keyBys", ["keyBy"])]
    assert flags_with_first_suggestion(ws, "src/case.js") == [(4, "Pad", ["pad"])]
    assert flags_with_first_suggestion(ws, "src/real.js") == []


def test_the_finding_names_the_index_signature(tmp_path):
    ws = workspace(tmp_path, {"src/platform.js": HEAD + "collection.contain(2);\n"})
    [found] = symbol_findings(ws, "src/platform.js")
    assert found["severity"] == "warning"
    assert "`[key: string]: Function`" in found["message"]
    assert "`contains` (`Collection.contains`)" in found["message"]


def test_what_no_slip_is_stays_silent(tmp_path):
    ws = workspace(tmp_path, {
        # another word (a macro's name as likely), a short name's other slip
        "src/other.js": HEAD + "collection.flattenAll();\ncollection.pd(5);\n",
        # a dictionary of functions is the user's keys; a receiver of unknown type may be any library's object
        "src/dict.js": "const { handlers } = require('coll');\nconst h = handlers();\nh.contain();\nh.keyBys();\n"
                       "const el = document.querySelector('#x');\nel.style.contain;\n",
    })
    assert flags_with_first_suggestion(ws, "src/other.js") == []
    assert flags_with_first_suggestion(ws, "src/dict.js") == []


def test_a_name_a_macro_call_adds_is_real(tmp_path):
    ws = workspace(tmp_path, {
        "src/macros.js": HEAD + "collect().macro('pads', function () { return this; });\n"
                                "collection.macro('contain', x => x);\ncollection.pads();\ncollection.contain(2);\n"
                                "collection.keyBys('id');\n",
        # a name the file does not write out: any name may be added here
        "src/any.js": HEAD + "const name = 'keyBys';\ncollection.macro(name, x => x);\ncollection.keyBys('id');\n",
    })
    assert flags_with_first_suggestion(ws, "src/macros.js") == [(8, "keyBys", ["keyBy"])]
    assert flags_with_first_suggestion(ws, "src/any.js") == []


def test_the_runtime_reader_reads_a_write_onto_the_receivers_prototype_as_an_adder(tmp_path):
    workspace(tmp_path, {})
    mod = extract_js(tmp_path / "node_modules/coll/dist/index.js", "coll").modules["coll"]
    members = {m.name: m for m in mod.types["Collection"].members}
    assert members["macro"].adds == ["{0}"]
    assert members["pad"].adds == []
    # the same written in the file, and `Object.getPrototypeOf(this)`; a plain `this[key] = value` of a function
    # assigned as a method stays no adder (as often a setter of the user's keys)
    (tmp_path / "own.js").write_text(
        "function Box() {}\n"
        "Box.prototype.mixin = function (name, fn) { Object.getPrototypeOf(this)[name] = fn; };\n"
        "Box.prototype.extend = function (name, fn) { this.constructor.prototype[name + 'Async'] = fn; };\n"
        "Box.prototype.set = function (key, value) { this[key] = value; };\n"
        "module.exports = Box;\n")
    box = {m.name: m for m in extract_js(tmp_path / "own.js", "own").modules["own"].types["Box"].members}
    assert box["mixin"].adds == ["{0}"]
    assert box["extend"].adds == ["{0}Async"]
    assert box["set"].adds == []


def test_on_an_instance_the_package_exports_too(tmp_path):
    # the receiver is the package's own export (imported): its slips are asked of its tools as on any instance
    ws = workspace(tmp_path, {
        "src/shared.js": "import { shared } from 'coll';\nshared.keyBys('id');\nshared.contain(2);\n"
                         "shared.keyBy('id');\nshared.flattenAll();\n",
    })
    assert flags_with_first_suggestion(ws, "src/shared.js") == [(2, "keyBys", ["keyBy"]), (3, "contain", ["contains"])]
