"""Each object-model source kind (.d.ts, discovery in node_modules, JavaScript, docs, manifest), the
per-source cache and incremental updates."""

from __future__ import annotations

import json

from lsp_server.knowledge import object_model
from lsp_server.knowledge.model_sources.dts import extract_dts
from lsp_server.knowledge.object_model import ObjectModelService
from tests.conftest import trust_folder
from tests.support.symbols_helpers import make_workspace, symbol_findings


def model_of(ws):
    return ws.service(ObjectModelService).model


# --- .d.ts ------------------------------------------------------------------------------------------------------
PKG_FILES = {
    "pkg/index.d.ts": 'export * from "./api";\nexport { default as Sheet } from "./Sheet";\nexport declare function open(p: string): Promise<Book>;\nimport Book from "./Book";\n',
    "pkg/api/index.d.ts": 'export { default as Book } from "../Book";\nexport declare enum Mode { Fast = 1, Safe }\n',
    "pkg/Book.d.ts": '''import Sheet from "./Sheet";
/** A workbook. */
export default class Book {
  private constructor();
  static create(): Book;
  readonly sheets: Sheet[];
  get title(): string;
  set title(v: string);
  addSheet(name: string): Sheet;
  find(name: string): Sheet;
  find(index: number): Sheet | undefined;
  load(x: string): Promise<Book>;
  load(x: number): Book;
  private secret;
}
export interface Book { merged(): void; }
''',
    "pkg/Sheet.d.ts": '''export default class Sheet {
  name: string;
  cell(ref: string): { value: string; formula: string };
}
export interface Loose { [key: string]: unknown; known: number; }
''',
}


def test_dts_package_exports_members_overloads_and_merging(tmp_path):
    for rel, text in PKG_FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    src = extract_dts(tmp_path / "pkg" / "index.d.ts", "wb")
    mod = src.modules["wb"]
    assert set(mod.exports) >= {"Sheet", "Book", "Mode", "open"}
    assert mod.exports["Book"] == "Book" and mod.complete
    assert len(src.files) == 4
    book = mod.types["Book"]
    members = {(m.name, m.static): m for m in book.members}
    assert members[("create", True)].type == "Book"
    assert members[("title", False)].kind == "getter" and members[("title", False)].type == "string"
    assert members[("find", False)].type == "Sheet"  # overloads that agree (modulo undefined) keep their type
    assert members[("load", False)].type == ""  # overloads with different results: unknown
    assert members[("merged", False)].kind == "method"  # interface merged into the class
    assert members[("secret", False)].private
    assert book.doc == "A workbook."
    assert mod.types["Loose"].open
    assert "Sheet$cell" in mod.types  # object literal return type, closed
    assert mod.types["Mode"].kind == "enum" and [m.name for m in mod.types["Mode"].members] == ["Fast", "Safe"]


def test_dts_declare_module_and_export_equals(tmp_path):
    (tmp_path / "types.d.ts").write_text('''declare module "legacy-lib" {
  export class Widget { render(): void; }
  export function make(): Widget;
}
declare namespace Tool { function run(x: number): Runner; interface Runner { stop(): void; } }
export = Tool;
''')
    src = extract_dts(tmp_path / "types.d.ts", "tool")
    assert src.modules["legacy-lib"].exports == {"Widget": "Widget", "make": "make"}
    tool = src.modules["tool"]
    assert tool.exports["="] == "Tool"
    ns = tool.types["Tool"]
    assert ns.kind == "namespace" and {m.name for m in ns.members} == {"run"}


# --- automatic discovery ---------------------------------------------------------------------------------------
def test_discovery_package_json_types_index_and_at_types(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/typed-pkg/package.json": json.dumps({"name": "typed-pkg", "types": "lib/main.d.ts"}),
        "node_modules/typed-pkg/lib/main.d.ts": "export declare class Alpha { one(): void; }\n",
        "node_modules/plain-pkg/index.d.ts": "export declare class Beta { two(): void; }\n",
        "node_modules/untyped-pkg/package.json": json.dumps({"name": "untyped-pkg", "main": "index.js"}),
        "node_modules/@types/untyped-pkg/index.d.ts": "export declare class Gamma { three(): void; }\n",
        "node_modules/@types/scope__inner/index.d.ts": "export declare class Delta { four(): void; }\n",
        "node_modules/@scope/inner/package.json": json.dumps({"name": "@scope/inner"}),
        "node_modules/unused/index.d.ts": "export declare class Unused {}\n",
        "src/app.js": '''import { Alpha } from "typed-pkg";
import { Beta } from "plain-pkg";
const { Gamma } = require("untyped-pkg");
import { Delta } from "@scope/inner/sub/path";
new Alpha().onne();
new Beta().two();
new Gamma().thre();
new Delta().four();
''',
    })
    model = model_of(ws)
    assert set(model.modules) == {"typed-pkg", "plain-pkg", "untyped-pkg", "@scope/inner"}
    found = symbol_findings(ws, "src/app.js")
    assert [(f["line"], f["name"]) for f in found] == [(5, "onne"), (7, "thre")]


def test_configured_source_overrides_discovered_package(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/eng/index.d.ts": "export declare class Thing { old(): void; }\n",
        "types/eng.d.ts": "export declare class Thing { fresh(): void; }\n",
        "app.js": 'import { Thing } from "eng";\nnew Thing().fresh();\nnew Thing().old();\n',
    }, '[object_model]\nsources = [{ path = "types/eng.d.ts", module = "eng" }]\n')
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "app.js")] == [(3, "old")]


def test_discovery_can_be_switched_off(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/eng/index.d.ts": "export declare class Thing { a(): void; }\n",
        "app.js": 'import { Thing } from "eng";\nnew Thing().b();\n',
    }, "[object_model]\ndiscover = false\n")
    assert symbol_findings(ws, "app.js") == []


def _restart(ws):
    """A new process on the same folder: a fresh Workspace with the same settings and cache folder."""
    from lsp_server.workspace import Workspace

    return Workspace(ws.root, ws.settings)


def test_a_warm_start_reads_unchanged_files_imports_from_the_cache_and_parses_changed_ones(tmp_path):
    from lsp_server import integrity

    ws = make_workspace(tmp_path, {"node_modules/eng/index.d.ts": "export declare class Thing { a(): void; }\n",
                                   "node_modules/other/index.d.ts": "export declare class Other { b(): void; }\n",
                                   "app.js": 'import { Thing } from "eng";\n', "util.js": "export const u = 1;\n"})
    assert set(model_of(ws).modules) == {"eng"}
    cache = ws.cache_dir / object_model.IMPORTS_CACHE
    data, problem = integrity.read_signed_json(cache, object_model.IMPORTS_SIGNED_AS)
    assert problem is None and data["files"][str(tmp_path / "app.js")][2] == ["eng"]
    # The cache is what a warm start believes for a file whose (mtime, size) did not change: make it say that
    # util.js imports `other`, as this user's Footprint would have written it.
    data["files"][str(tmp_path / "util.js")][2] = ["other"]
    integrity.write_signed_json(cache, data, object_model.IMPORTS_SIGNED_AS)
    assert set(model_of(_restart(ws)).modules) == {"eng", "other"}
    # A changed file is parsed again (its stamp differs), whatever the cache said.
    (tmp_path / "util.js").write_text("export const u = 2; // changed\n")
    assert set(model_of(_restart(ws)).modules) == {"eng"}


def test_an_imports_cache_not_signed_by_this_user_is_not_believed(tmp_path):
    ws = make_workspace(tmp_path, {"node_modules/other/index.d.ts": "export declare class Other { b(): void; }\n",
                                   "util.js": "export const u = 1;\n"})
    model_of(ws)
    cache = ws.cache_dir / object_model.IMPORTS_CACHE
    head, _, body = cache.read_bytes().partition(b"\n")
    data = json.loads(body)
    data["files"][str(tmp_path / "util.js")][2] = ["other"]
    cache.write_bytes(head + b"\n" + json.dumps(data).encode())  # the old signature no longer matches
    assert "other" not in model_of(_restart(ws)).modules


# --- JavaScript source -----------------------------------------------------------------------------------------
ENGINE_JS = '''const { EventEmitter } = require("events");
function Sheet(name) { this.name = name; this.cells = []; }
Sheet.prototype.addCell = function (v) { return this; };
/** @returns {Cell} */
Sheet.prototype.getCell = function (i) { return this.cells[i]; };
Sheet.create = function (name) { return new Sheet(name); };
const Sizable = { setSize(w, h) { return this; } };
Object.assign(Sheet.prototype, Sizable, { clear() {} });
class Cell {
  constructor() { this.value = null; }
  static of(v) { return new Cell(); }
  get text() { return String(this.value); }
  format() { return this; }
}
class Book extends EventEmitter { open() {} }
module.exports = { Sheet, Cell, Book };
'''


def test_js_engine_source(tmp_path):
    ws = make_workspace(tmp_path, {
        "engine/index.js": ENGINE_JS,
        "app.js": '''const { Sheet, Cell, Book } = require("sheets");
const s = Sheet.create("a");
s.addCell(1).setSize(1, 2).clear();
s.getCell(0).format().txt;
s.addCells();
Cell.of(1).text;
new Book().anything();
new Book().once("open", () => {});
''',
    }, '[object_model]\nsources = [{ path = "engine/index.js", module = "sheets" }]\n')
    found = symbol_findings(ws, "app.js")
    # `Book extends EventEmitter`: a platform base keeps the type checkable; its members (`once`) are known
    assert [(f["line"], f["name"], f["severity"]) for f in found] == [(4, "txt", "error"), (5, "addCells", "error"),
                                                                      (7, "anything", "error")]
    assert found[0]["data"]["suggestions"][0] == "text"


# --- docs --------------------------------------------------------------------------------------------------------
DOCS = {
    "docs/reference/grid.md": '''# Grid

A grid of rows. Inheritance: `Grid` → `Widget`.

| Member | Type | Description |
| --- | --- | --- |
| `rowCount` | `number` | Number of rows. |
| `clear()` | `void` | Remove every row. |
| `bounds` | `Rect \\| null` | Where it is. |

### Grid.addRow(options) → GridRow

Append a row.

```js
const row = grid.addRow();
```

### Grid.create(options)

Create a grid. Returns a `Grid`.

```js
const grid = Grid.create();
```
''',
    "docs/reference/row.md": "# GridRow\n\n### GridRow.addCell(text)\n\nReturns the `GridRow` itself (`this`).\n",
    "docs/guides/intro.md": "Use `Widget.render()` to draw and `Chart.plot()` for charts.\n",
}


def test_docs_extraction_confidence_and_severity(tmp_path):
    ws = make_workspace(tmp_path, {**DOCS, "app.js": '''import { Grid } from "gridlib";
const grid = Grid.create({});
grid.addRow().addCell("a").addCel("b");
grid.addRows();
grid.clear();
grid.render();
import { Chart } from "gridlib";
'''}, '[object_model]\nsources = [{ path = "docs", module = "gridlib" }]\n')
    model = model_of(ws)
    mod = model.modules["gridlib"]
    grid = mod.types["Grid"]
    assert grid.confidence == 0.85 and not grid.open and grid.bases == ["Widget"]
    members = {(m.name, m.static): m for m in grid.members}
    assert members[("addRow", False)].type == "GridRow" and members[("addRow", False)].confidence == 0.9
    assert members[("create", True)].type == "Grid"
    assert members[("bounds", False)].type == "Rect | null"
    assert members[("rowCount", False)].confidence == 0.8
    assert mod.types["Chart"].open and mod.types["Chart"].confidence == 0.5  # code span only
    assert mod.types["GridRow"].members[0].type == "this"
    assert members[("addRow", False)].path.endswith("grid.md") and members[("addRow", False)].line == 10
    found = symbol_findings(ws, "app.js")
    # docs-derived types: warnings, never errors. Grid's base Widget is known only from a code span, so Grid
    # may inherit anything: `addRows` and `render` on it stay silent (low confidence never reports on its own)
    assert [(f["line"], f["name"], f["severity"]) for f in found] == [(3, "addCel", "warning")]
    assert not model.closed(("gridlib", "Grid")) and model.closed(("gridlib", "GridRow"))


def test_html_docs(tmp_path):
    ws = make_workspace(tmp_path, {"docs/api.html": "<h1>Pen</h1><h3>Pen.draw(x) → Pen</h3><p>Draws.</p>",
                                   "app.js": 'import { Pen } from "pens";\nconst p = new Pen();\np.draw(1).drow();\n'},
                        '[object_model]\nsources = [{ path = "docs", module = "pens", kind = "docs" }]\n')
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "app.js")] == [(3, "drow")]


# --- manifest ----------------------------------------------------------------------------------------------------
def test_manifest_source_and_bad_manifest(tmp_path):
    manifest = {"types": {"Canvas": {"members": {"drawLine": {"params": ["a: number"], "returns": "Canvas"},
                                                 "width": {"type": "number"}}},
                          "Mode": {"kind": "enum", "members": ["On", "Off"]}},
                "functions": {"createCanvas": {"returns": "Canvas"}}}
    ws = make_workspace(tmp_path, {
        "model.json": json.dumps(manifest),
        "bad.json": "{not json",
        "app.js": 'import { createCanvas, Mode } from "canvaskit";\ncreateCanvas().drawLine(1).drawLines(2);\nMode.Of;\n',
    }, '[object_model]\nsources = [{ path = "model.json", module = "canvaskit" }, { path = "bad.json", module = "other" }]\n')
    found = symbol_findings(ws, "app.js")
    assert [(f["line"], f["name"]) for f in found] == [(2, "drawLines"), (3, "Of")]
    problems = ws.service(ObjectModelService).problems
    assert any("bad.json" in p and "not valid JSON" in p for p in problems)


def test_bad_config_items_are_reported_not_fatal(tmp_path):
    ws = make_workspace(tmp_path, {"a.d.ts": "export declare class A {}\n"},
                        '[object_model]\nsources = [{ path = "a.d.ts" }, { path = "missing.d.ts", module = "m" },'
                        ' { path = "a.d.ts", module = "x", kind = "yaml" }]\n')
    problems = ws.service(ObjectModelService).problems
    assert any("needs a 'module'" in p for p in problems)
    assert any("does not exist" in p for p in problems)
    assert any("kind must be one of" in p for p in problems)


# --- cache and updates -----------------------------------------------------------------------------------------
def test_cache_reuses_unchanged_sources_and_update_rebuilds_only_changed(tmp_path, monkeypatch):
    trust_folder(tmp_path)  # cache_dir is a trusted-only key
    ws = make_workspace(tmp_path, {"one.d.ts": "export declare class One { a(): void; }\n",
                                   "two.d.ts": "export declare class Two { b(): void; }\n",
                                   "app.js": 'import { One } from "one";\nnew One().c();\n'},
                        'cache_dir = ".cache-fp"\n[object_model]\n'
                        'sources = [{ path = "one.d.ts", module = "one" }, { path = "two.d.ts", module = "two" }]\n')
    calls = []
    real_extract = object_model.extract

    def counting(kind, path, module, *limits):
        calls.append(path.name)
        return real_extract(kind, path, module, *limits)

    monkeypatch.setattr(object_model, "extract", counting)
    svc = ws.service(ObjectModelService)
    assert sorted(calls) == ["one.d.ts", "two.d.ts"]
    assert len(list((tmp_path / ".cache-fp" / "object_model").glob("*.json"))) == 2
    # a fresh build (a new server) reads both from the cache
    calls.clear()
    fresh = ObjectModelService.build(ws, lambda *a: None)
    assert calls == [] and set(fresh.model.modules) == {"one", "two"}
    # a change to one source re-extracts that source only
    (tmp_path / "one.d.ts").write_text("export declare class One { a(): void; c(): void; }\n")
    calls.clear()
    ws.files_changed([tmp_path / "one.d.ts"])
    updated = ws.service(ObjectModelService)
    assert calls == ["one.d.ts"] and updated is not svc
    assert symbol_findings(ws, "app.js") == []
    # an unrelated change keeps the same service
    calls.clear()
    (tmp_path / "notes.txt").write_text("x")
    ws.files_changed([tmp_path / "notes.txt"])
    assert ws.service(ObjectModelService) is updated and calls == []


def test_a_changed_reader_is_never_served_a_model_an_older_reader_extracted(tmp_path, monkeypatch):
    """The cache key is the readers' code, not only EXTRACTOR_VERSION: a reader edited without a bump (as once
    gave an evaluation a stale model) extracts again; unchanged code reads the cache."""
    trust_folder(tmp_path)
    ws = make_workspace(tmp_path, {"one.d.ts": "export declare class One { a(): void; }\n"},
                        'cache_dir = ".cache-fp"\n[object_model]\nsources = [{ path = "one.d.ts", module = "one" }]\n')
    calls = []
    real_extract = object_model.extract
    monkeypatch.setattr(object_model, "extract", lambda kind, path, *rest: calls.append(path.name) or
                        real_extract(kind, path, *rest))
    ws.service(ObjectModelService)
    assert calls == ["one.d.ts"]
    calls.clear()
    ObjectModelService.build(ws, lambda *a: None)
    assert calls == []  # same code: the cache serves it
    # the same EXTRACTOR_VERSION, other reader code (a copy of the readers with one byte more)
    code = tmp_path / "code"
    (code / "knowledge" / "model_sources").mkdir(parents=True)
    (code / "knowledge" / "model_sources" / "dts.py").write_text("# reader\n")
    before = object_model.reader_code_hash(("knowledge/model_sources",), code)
    (code / "knowledge" / "model_sources" / "dts.py").write_text("# reader, edited\n")
    after = object_model.reader_code_hash(("knowledge/model_sources",), code)
    assert before != after
    monkeypatch.setattr(object_model, "_READER_VERSION", f"{object_model.EXTRACTOR_VERSION}+{after[:16]}")
    ObjectModelService.build(ws, lambda *a: None)
    assert calls == ["one.d.ts"]
    # and the real fingerprint covers the real readers' bytes
    assert object_model.reader_code_hash(object_model.READER_CODE) != object_model.reader_code_hash(("languages.py",))


def test_update_discovers_a_newly_imported_package(tmp_path):
    ws = make_workspace(tmp_path, {"node_modules/late/index.d.ts": "export declare class Late { x(): void; }\n",
                                   "app.js": "const a = 1;\n"})
    assert "late" not in model_of(ws).modules
    (tmp_path / "app.js").write_text('import { Late } from "late";\nnew Late().y();\n')
    ws.files_changed([tmp_path / "app.js"])
    assert "late" in model_of(ws).modules
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "app.js")] == [(2, "y")]
