"""Receivers that neither the code nor its own fragment types (issue 17, round 2): conventions mined in rounds
from README fragments (`const sheet = workbook.addWorksheet()` with `workbook` declared in another block),
short names the docs use without declaring them (`ws` -> `Worksheet`), an undeclared alias of the engine's
namespace (`Excel.Workbook`), and near-miss property writes on engine objects, through the real pipeline."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """export declare class Workbook {
    creator: string;
    created: Date;
    addWorksheet(name?: string): Worksheet;
    getWorksheet(name: string): Worksheet;
}
export declare class Worksheet {
    state: string;
    getCell(ref: string): Cell;
    addRow(values: any[]): Row;
}
export declare class WorksheetWriter {
    commit(): void;
}
export declare class Row { commit(): void; height: number; }
export declare class Cell { value: any; note: string; }
"""

README = """# sheets

```js
const Sheets = require('sheets');
```

```js
const workbook = new Sheets.Workbook();
```

```js
const sheet = workbook.addWorksheet('My Sheet');
```

```js
const worksheet = workbook.getWorksheet('My Sheet');
```

```js
ws.getCell('A1').value = 5;
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return make_workspace(tmp_path, {
        "node_modules/sheets/package.json": json.dumps({"name": "sheets", "types": "index.d.ts"}),
        "node_modules/sheets/index.d.ts": TYPES,
        "node_modules/sheets/README.md": README,
        "src/uses.js": 'import { Workbook } from "sheets";\nnew Workbook();\n',
        **files,
    })


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_conventions_mined_in_rounds_type_fragments_receivers(tmp_path):
    # `worksheet` is only ever declared from an undeclared `workbook`: the second round types it
    ws = workspace(tmp_path, {"src/a.js": "worksheet.getCells('A1');\nworksheet.state = 'hidden';\n",
                              "src/b.js": "sheet.addRows([1]);\n"})
    assert found(ws, "src/a.js") == [(1, "getCells", "warning", ["getCell"])]
    assert found(ws, "src/b.js") == [(1, "addRows", "warning", ["addRow"])]


def test_short_names_the_docs_use_abbreviate_one_conventional_type(tmp_path):
    ws = workspace(tmp_path, {"src/a.js": "ws.getcell('A1');\n", "src/b.js": "ws.getCell('A1').note = 'x';\n"})
    assert found(ws, "src/a.js") == [(1, "getcell", "warning", ["getCell"])]
    assert found(ws, "src/b.js") == []


def test_undeclared_namespace_alias_is_the_engine_when_it_uses_its_exports(tmp_path):
    ws = workspace(tmp_path, {"src/a.js": "const a = new Excel.Workbook();\nconst b = new Excel.Workbooks();\n",
                              "src/b.js": "const t = new THREE.Vector3();\nTHREE.Workbooks;\n"})
    assert [(line, name) for line, name, _, _ in found(ws, "src/a.js")] == [(2, "Workbooks")]
    assert found(ws, "src/b.js") == []  # uses no export of the engine: another library's namespace


def test_property_writes_on_engine_objects(tmp_path):
    ws = workspace(tmp_path, {"src/a.js": """import { Workbook } from "sheets";
const book = new Workbook();
book.creator = "me";
book.getCreator = "me";
book.createdd = new Date();
book.isAlive = true;
book.lastPrinted = new Date();
"""})
    # a get/set-prefixed near miss written is a warning, a plain typo stays an error (tsc reports it too),
    # a new property unlike any member (an expando) is left alone
    assert found(ws, "src/a.js") == [(4, "getCreator", "warning", ["creator"]),
                                     (5, "createdd", "error", ["created"])]


def test_key_preserving_mapped_types_are_closed(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/pages/package.json": json.dumps({"name": "pages", "types": "index.d.ts"}),
        "node_modules/pages/index.d.ts": """export interface PageSetup { margins: object; printArea: string; }
export declare class Sheet { pageSetup: Partial<PageSetup>; frozen: Readonly<PageSetup>; }
""",
        "src/a.js": """import { Sheet } from "pages";
const sheet = new Sheet();
sheet.pageSetup.printArea = "A1:G20";
sheet.pageSetup.printarea = "A1:G20";
sheet.frozen.margin;
""",
    })
    assert [(line, name) for line, name, _, _ in found(ws, "src/a.js")] == [(4, "printarea"), (5, "margin")]


def test_an_exported_singleton_of_the_engines_own_type_is_checked(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/tunes/package.json": json.dumps({"name": "tunes", "main": "dist/tunes.js"}),
        "node_modules/tunes/dist/tunes.js": """(function () {
  var TunesGlobal = function () { this.init(); };
  TunesGlobal.prototype = { init: function () { return this; }, volume: function (v) { return this; } };
  var Tunes = new TunesGlobal();
  var scratch = new Date();
  if (typeof exports !== "undefined") { exports.Tunes = Tunes; exports.scratch = scratch; }
})();
""",
        "src/a.js": 'import { Tunes, scratch } from "tunes";\nTunes.volume(0.5);\nTunes.volum(0.5);\nscratch.anything;\n',
    })
    assert found(ws, "src/a.js") == [(3, "volum", "error", ["volume"])]


def test_a_short_name_the_package_exports_is_that_value_not_an_abbreviation(tmp_path):
    """@mysten/sui's `bcs` (an exported const, which fragments use without importing it) is no abbreviation of a
    conventional type whose letters it happens to follow (`BuildTransactionOptions`): `ws` exported here is the
    package's own object, whose near misses are read on it, not on a Worksheet (round 34)."""
    ws = make_workspace(tmp_path, {
        "node_modules/sheets/package.json": json.dumps({"name": "sheets", "types": "index.d.ts"}),
        "node_modules/sheets/index.d.ts": TYPES + "export declare const ws: { open(path: string): Workbook };\n",
        "node_modules/sheets/README.md": README,
        "src/uses.js": 'import { Workbook } from "sheets";\nnew Workbook();\n',
        "src/a.js": "ws.open('book.xlsx');\nws.opne('book.xlsx');\n",
    })
    assert found(ws, "src/a.js") == [(2, "opne", "warning", ["open"])]


def test_a_read_handed_to_another_package_is_not_the_guessed_objects(tmp_path):
    # `sheet` is a `Worksheet` by the docs' convention alone; a property read on it handed straight to another
    # package's function or class (an argument, a value of an object literal that is one) is that package's
    # input: the name `sheet` is all the guess has, and the file's `sheet` is more likely that package's object
    # (round 45: RxDB's `db.todos` handed to `replicateRxCollection({ collection: db.todos })`, with `db` guessed
    # to be the engine's IndexedDB wrapper by its name)
    imports = 'import { replicate, Exporter } from "sheet-sync";\nimport { Workbook } from "sheets";\n'
    # one a file: a guess that several missing names contradict is dropped anyway
    handed = {"in_literal.js": "replicate({ collection: sheet.stae, pull: { handler } });\n",
              "argument.js": "replicate(sheet.stae);\n", "constructed.js": "new Exporter([sheet.stae]);\n"}
    ws = workspace(tmp_path, {f"src/{name}": imports + code for name, code in handed.items()})
    guessed = {name: [f["message"] for f in symbol_findings(ws, f"src/{name}") if "`Worksheet`" in f["message"]]
               for name in handed}
    assert guessed == {name: [] for name in handed}
    # kept: a read not handed, one handed to the file's own (undeclared) helper, a call handed, a read whose
    # value is read on, not handed
    imports = 'import { replicate } from "sheet-sync";\nimport { Workbook } from "sheets";\n'
    kept = {"not_handed.js": "const s = sheet.stae;\n", "own_helper.js": "mine({ collection: sheet.stae });\n",
            "called.js": "replicate(sheet.getCells('A1'));\n", "read_on.js": "replicate(sheet.stae.value);\n"}
    ws = workspace(tmp_path / "kept", {f"src/{name}": imports + code for name, code in kept.items()})
    assert {name: found(ws, f"src/{name}") for name in kept} == {
        "not_handed.js": [(3, "stae", "warning", ["state"])], "own_helper.js": [(3, "stae", "warning", ["state"])],
        "called.js": [(3, "getCells", "warning", ["getCell"])], "read_on.js": [(3, "stae", "warning", ["state"])]}
