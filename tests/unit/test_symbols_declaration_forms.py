"""The declaration shapes of real npm engines (issue 17), each through the real pipeline on a tiny workspace:
DefinitelyTyped namespaces with `declare module` + `export =`, construct and call signatures, `export as
namespace` (a UMD global), platform bases (`NodeJS.ReadableStream`), bases from a dependency's typings,
generic bases, index signatures (never flagged), intersections of closed parts (a member of any part exists,
one no part has is flagged: tests/unit/test_symbols_intersections.py), `typesVersions`, the runtime builds'
exports and plugin members (the union of sources), and name conventions from the engine's README."""

from __future__ import annotations

import json

from lsp_server.knowledge.object_model import ObjectModelService, find_package_runtime
from tests.support.symbols_helpers import make_workspace, symbol_findings

DT_TYPES = """/// <reference types="node" />
type KitReadable = import("stream").Readable;
declare namespace Kit {
    interface PDFDocument extends KitReadable, Mixins.PDFText {
        new(options?: object): PDFDocument;
        info: { [key: string]: any };
        addPage(): PDFDocument;
        end(): void;
    }
}
declare namespace Kit.Mixins {
    interface PDFText {
        text(s: string, x?: number): this;
        text(s: string, options?: object): this;
        fontSize(n: number): this;
        moveDown(lines?: number): this;
    }
}
declare module "kit" {
    var doc: Kit.PDFDocument;
    export = doc;
}
"""
KIT_RUNTIME = """class PDFDocument { lineGap(n) { return this; } }
function registerFont(name) {}
export { PDFDocument, registerFont };
"""


def kit_workspace(tmp_path, app: str, readme: str = ""):
    files = {
        "node_modules/@types/kit/index.d.ts": DT_TYPES,
        "node_modules/@types/kit/package.json": json.dumps({"name": "@types/kit", "types": "index.d.ts"}),
        "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "js/kit.js",
                                                     "exports": {".": {"import": "./js/kit.mjs",
                                                                       "require": "./js/kit.js"}}}),
        "node_modules/kit/js/kit.mjs": KIT_RUNTIME,
        "node_modules/kit/js/kit.js": "module.exports = require('./kit.mjs');\n",
        "src/app.js": app,
    }
    if readme:
        files["node_modules/kit/README.md"] = readme
    return make_workspace(tmp_path, files)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_definitely_typed_namespace_export_equals_and_construct_signature(tmp_path):
    ws = kit_workspace(tmp_path, """const PDFDocument = require("kit");
const doc = new PDFDocument();
doc.text("a").fontSize(3).moveDown().pipe(process.stdout);
doc.fontSizes(12);
doc.info.Title = "x";
doc.addPages();
doc.fontsize(1);
doc.end();
""")
    # the mixin interfaces, the platform base (`pipe` of a Node stream) and an open `info` are all known;
    # `fontsize` is a member of another platform type (String.prototype.fontsize), not of the stream the class
    # extends, whose real members are known (test_symbols_platform_bases): reported
    assert found(ws) == [(4, "fontSizes", "error", ["fontSize"]), (6, "addPages", "error", ["addPage"]),
                         (7, "fontsize", "error", ["fontSize"])]


def test_typings_that_lag_the_runtime_never_flag_what_the_runtime_exports(tmp_path):
    ws = kit_workspace(tmp_path, """import { PDFDocument, registerFont } from "kit";
const { PDFDocument: Doc2 } = require("kit");
registerFont("x");
new PDFDocument().lineGap(2).text("a");
new Doc2().txt("b");
import { PDFDocumentt } from "kit";
""")
    # lineGap is only in the runtime build; the named exports are only in its ESM build
    assert [(line, name) for line, name, _, _ in found(ws)] == [(5, "txt"), (6, "PDFDocumentt")]


def test_runtime_entries_follow_exports_conditions_main_and_module(tmp_path):
    ws = kit_workspace(tmp_path, 'require("kit");\n')
    entries = [p.relative_to(tmp_path).as_posix() for p in find_package_runtime("kit", tmp_path / "src")]
    assert entries == ["node_modules/kit/js/kit.mjs", "node_modules/kit/js/kit.js"]
    assert "registerFont" in ws.service(ObjectModelService).model.modules["kit"].exports


def test_readme_examples_teach_name_conventions_for_receivers_used_once(tmp_path):
    readme = "# kit\n\n```js\nconst PDFDocument = require('kit');\nconst doc = new PDFDocument();\ndoc.text('hi');\n```\n"
    ws = kit_workspace(tmp_path, """import "kit";
export function title(doc) {
  doc.fontSizes(20);
}
export function other(report) {
  report.fontSizes(20);
}
""", readme)
    [(line, name, severity, suggestion)] = found(ws)
    assert (line, name, severity, suggestion) == (3, "fontSizes", "warning", ["fontSize"])
    message = symbol_findings(ws, "src/app.js")[0]["message"]
    assert "examples" in message and "README.md" in message


def test_umd_global_and_call_signature(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/@types/chromatic/index.d.ts": """declare namespace chromatic {
    interface ChromaticStatic {
        (color: string): Color;
        scale(colors?: string[]): Scale;
    }
    interface Color { hex(): string; darken(amount?: number): Color; }
    interface Scale { mode(m: string): Scale; colors(n: number): string[]; }
}
declare var chromatic: chromatic.ChromaticStatic;
export default chromatic;
export as namespace chromatic;
""",
        "src/app.js": 'import chromatic from "chromatic";\n',
        "src/page.js": """chromatic("red").darken(2).hex();
chromatic("red").darkn(2);
chromatic.scale(["red", "blue"]).mode("lab").color(5);
""",
    })
    assert found(ws, "src/page.js") == [(2, "darkn", "error", ["darken"]), (3, "color", "error", ["colors"])]


def test_bases_from_a_dependency_generic_bases_index_signatures_and_intersections(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/dep/package.json": json.dumps({"name": "dep", "exports": {
            "./observable": {"types": "./observable.d.ts", "import": "./observable.js"}}}),
        "node_modules/dep/observable.d.ts": "export class Observable<E> { on(name: string, f: Function): void; }\n",
        "node_modules/crdt/package.json": json.dumps({"name": "crdt", "types": "./dist/index.d.ts"}),
        "node_modules/crdt/dist/index.d.ts": """import { Observable } from "dep/observable";
export class Base<T> { get(key: string): T; }
export class YMap<T> extends Base<T> { set(key: string, value: T): void; }
export class Doc extends Observable<string> { getMap(name: string): YMap<any>; }
export interface Bag { [key: string]: number; }
export interface A { a(): void; }
export interface B { b(): void; }
export declare function bag(): Bag;
export declare function both(): A & B;
export declare function anything(): any;
""",
        "src/app.js": """import { Doc, bag, both, anything } from "crdt";
const doc = new Doc();
doc.on("update", () => {});
const map = doc.getMap("m");
map.set("k", 1);
map.get("k");
map.gett("k");
doc.getMapp("m");
bag().whatever;
both().c();
anything().zzz();
both().a(); both().b();
""",
    })
    assert [(line, name) for line, name, _, _ in found(ws)] == [(7, "gett"), (8, "getMapp"), (10, "c")]


def test_types_versions_redirects_the_typings_entry(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/tv/package.json": json.dumps({"name": "tv", "types": "index.d.ts",
                                                   "typesVersions": {">=4.0": {"*": ["ts4/*"]}}}),
        "node_modules/tv/index.d.ts": "export declare class Old { legacy(): void; }\n",
        "node_modules/tv/ts4/index.d.ts": "export declare class New { modern(): void; }\n",
        "src/app.js": 'import { New } from "tv";\nnew New().modern();\nnew New().modrn();\n',
    })
    assert [(line, name) for line, name, _, _ in found(ws)] == [(3, "modrn")]


def test_runtime_plugin_members_and_umd_exports_are_known(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/sheetish/package.json": json.dumps({"name": "sheetish", "main": "dist/sheetish.js"}),
        "node_modules/sheetish/dist/sheetish.js": """(function () {
  var Sheet = function (o) { this.init(o); };
  Sheet.prototype = { init: function (o) { return this; }, play: function () { return this; } };
  Sheet.API = {};
  Sheet.API.autoTable = function (opts) { return this; };
  if (typeof exports !== "undefined") { exports.Sheet = Sheet; }
})();
""",
        "src/app.js": """const { Sheet } = require("sheetish");
const s = new Sheet({});
s.play().autoTable({});
s.plays();
""",
    })
    assert [(line, name) for line, name, _, _ in found(ws)] == [(4, "plays")]


def test_vocabulary_check_on_untyped_receivers_precision_first(tmp_path):
    """A receiver nothing types (`thing`, no evidence, no convention) in a file that uses the engine: a name
    no type in reach has that is a near miss of an engine member is a warning with the did-you-mean; a
    platform name (`lenght` is near `length`, a JavaScript name), a name the workspace declares, and files
    that do not use the engine stay silent."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "local.js").write_text("export const widgetApi = { lineGaps(n) { return n; } };\n")
    (tmp_path / "src" / "plain.js").write_text("export function d(thing) { thing.moveDwn(2); }\n")
    ws = kit_workspace(tmp_path, """import PDFDocument from "kit";
export function a(thing) { thing.moveDwn(2); }
export function b(list) { return list.lenght; }
export function c(widget) { widget.lineGaps(3); }
""")
    [f] = symbol_findings(ws, "src/app.js")
    assert (f["line"], f["name"], f["severity"], f["data"]["suggestions"]) == (2, "moveDwn", "warning", ["moveDown"])
    assert "no type in reach has `moveDwn`" in f["message"] and f["data"]["receiver"] == "vocabulary"
    assert symbol_findings(ws, "src/plain.js") == []


def test_hover_says_when_the_sources_disagree(tmp_path):
    from lsp_server import providers
    from lsp_server.providers import RequestContext

    ws = kit_workspace(tmp_path, 'import { PDFDocument } from "kit";\nnew PDFDocument().lineGap(2).text("a");\n')
    doc = ws.document(ws.root / "src/app.js")
    hovers = providers.call_all(providers.HOVER, doc, doc.source.index(b"lineGap") + 1, RequestContext(ws))
    text = "\n".join(h.markdown for h in hovers)
    assert "Sources disagree: `lineGap` is in the engine's runtime" in text and "not in its typings" in text
    hovers = providers.call_all(providers.HOVER, doc, doc.source.index(b"text") + 1, RequestContext(ws))
    assert "Sources disagree" not in "\n".join(h.markdown for h in hovers)


def test_intersection_aliases_and_class_mixins(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/mix/index.d.ts": """export interface Events { on(name: string): void; }
export interface Drawing { line(x: number): this; }
export type Canvas = Events & Drawing & { width: number; clear(): void };
export type Weird = Events & ((x: number) => void);
declare function Mixin<T>(base: T): T;
export declare class Base { a(): void; }
export declare class Mixed extends Mixin(Base) { b(): void; }
export declare function canvas(): Canvas;
export declare function weird(): Weird;
""",
        "src/app.js": """import { canvas, weird, Mixed } from "mix";
const c = canvas();
c.on("x"); c.line(1).clear(); c.width;
c.lines(2);
weird().anything();
new Mixed().b(); new Mixed().whatever();
""",
    })
    # the intersection is an interface of its parts; a part we cannot follow, or a mixin call as a base, opens it
    assert [(line, name) for line, name, _, _ in found(ws)] == [(4, "lines")]


def test_nested_namespaces_are_members_of_their_namespace(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/sheets/index.d.ts": """export namespace stream {
    namespace xlsx {
        class WorkbookWriter { commit(): Promise<void>; }
    }
}
""",
        "src/app.js": """import { stream } from "sheets";
const writer = new stream.xlsx.WorkbookWriter();
writer.commit();
writer.comit();
stream.xlsxx;
""",
    })
    assert [(line, name) for line, name, _, _ in found(ws)] == [(4, "comit"), (5, "xlsxx")]


def test_a_cjs_entry_is_followed_into_the_files_it_requires(tmp_path):
    """exceljs-style: typings declare `class Reader` without `on`; the runtime entry requires
    `lib/reader.js`, whose `class Reader extends EventEmitter` has it. The union knows `on`."""
    ws = make_workspace(tmp_path, {
        "node_modules/book/package.json": json.dumps({"name": "book", "main": "./main.js", "types": "./index.d.ts"}),
        "node_modules/book/index.d.ts": "export declare class Reader { read(): Promise<void>; }\n",
        "node_modules/book/main.js": "module.exports = { Reader: require('./lib/reader') };\n",
        "node_modules/book/lib/reader.js": """const { EventEmitter } = require("events");
class Reader extends EventEmitter { read() {} close() {} }
module.exports = Reader;
""",
        "src/app.js": """const { Reader } = require("book");
const r = new Reader();
r.on("row", () => {});
r.close();
r.reed();
""",
    })
    assert [(line, name) for line, name, _, _ in found(ws)] == [(5, "reed")]
