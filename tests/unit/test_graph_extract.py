"""Every import and export form the graph reads, on small sources."""

from __future__ import annotations

from lsp_server.document import ParsedDocument
from lsp_server.syntax.modules import DYNAMIC, REEXPORT, REQUIRE, STATIC, ModuleInfo, extract


def info_of(src: str) -> ModuleInfo:
    doc = ParsedDocument.create("file:///ws/m.js", src)
    return extract(doc.source, doc.tree, doc.language)


def imports(src: str) -> list[tuple[str, str, list[str]]]:
    return [(r.specifier, r.kind, [n.name for n in r.names]) for r in info_of(src).imports]


def test_esm_import_forms():
    src = ('import a, { b, c as d, "e-f" as g, default as h } from "./x.js";\n'
           'import * as ns from "./y.js";\n'
           'import "./side.css";\n'
           'import data from "./data.json" with { type: "json" };\n')
    assert imports(src) == [
        ("./x.js", STATIC, ["default", "b", "c", "e-f", "default"]),
        ("./y.js", STATIC, ["*"]),
        ("./side.css", STATIC, []),
        ("./data.json", STATIC, ["default"]),
    ]


def test_name_ranges_and_lines_point_at_the_imported_name():
    src = 'import {\n  alpha,\n  beta as b,\n} from "./x.js";\n'
    doc = ParsedDocument.create("file:///ws/m.js", src)
    record = extract(doc.source, doc.tree, doc.language).imports[0]
    assert [(doc.source[n.start:n.end].decode(), n.line) for n in record.names] == [("alpha", 1), ("beta", 2)]
    assert doc.source[record.start:record.end] == b'"./x.js"' and record.line == 3


def test_reexports_and_export_star():
    src = ('export * from "./all.js";\n'
           'export * as ns from "./ns.js";\n'
           'export { h, i as j, default as k, l as default } from "./re.js";\n')
    info = info_of(src)
    assert [(r.specifier, r.kind, r.star, [(n.name, n.exported_as) for n in r.names]) for r in info.imports] == [
        ("./all.js", REEXPORT, True, []),
        ("./ns.js", REEXPORT, False, [("*", "ns")]),
        ("./re.js", REEXPORT, False, [("h", "h"), ("i", "j"), ("default", "k"), ("l", "default")]),
    ]
    assert info.export_names == {"ns", "h", "j", "k", "default"}
    assert info.format == "esm"


def test_dynamic_import_and_require_with_destructuring():
    src = ('const { buildCover, x: y } = await import("./cover.js");\n'
           'import("./lazy.js").then(m => m);\n'
           'const { a, b: c = 1 } = require("./a.cjs");\n'
           'const whole = require("./whole");\n'
           'const one = require("./member").prop;\n'
           'require("./polyfill");\n'
           'const notLiteral = require(name);\n'
           'const tpl = require(`./tpl`);\n'
           'import(`./locale/${lang}.js`);\n')
    assert imports(src) == [
        ("./cover.js", DYNAMIC, ["buildCover", "x"]),
        ("./lazy.js", DYNAMIC, ["*"]),
        ("./a.cjs", REQUIRE, ["a", "b"]),
        ("./whole", REQUIRE, ["*"]),
        ("./member", REQUIRE, ["prop"]),
        ("./polyfill", REQUIRE, []),
        ("./tpl", REQUIRE, ["*"]),
    ]


def test_esm_exports():
    src = ('export const a = 1, { b, c: d, ...e } = obj, [f] = arr;\n'
           'export function g() {}\n'
           'export class H {}\n'
           'function local() {}\n'
           'export { local, local as renamed };\n'
           'export default function named() {}\n')
    info = info_of(src)
    assert info.export_names == {"a", "b", "d", "e", "f", "g", "H", "local", "renamed", "default"}
    locals_ = {e.name: e.local for e in info.exports}
    assert locals_["renamed"] == "local" and locals_["default"] == "named" and locals_["d"] == "d"
    assert not info.dynamic_exports


def test_commonjs_exports():
    src = ('module.exports = { a, b: 1, c() {}, "d": 2 };\n'
           'exports.e = 1;\n'
           'module.exports.f = 2;\n'
           'Object.defineProperty(exports, "g", { get() { return 1; } });\n')
    info = info_of(src)
    assert info.format == "cjs"
    assert info.export_names == {"a", "b", "c", "d", "e", "f", "g", "default"}
    assert not info.dynamic_exports


def test_commonjs_exports_of_unknown_shape_are_dynamic():
    assert info_of("module.exports = createThing();\n").dynamic_exports
    assert info_of("module.exports = { ...base, x: 1 };\n").dynamic_exports


def test_a_script_exports_only_its_commonjs_default():
    info = info_of("console.log('hi');\n")
    assert info.format == "script" and info.export_names == {"default"}  # module.exports, if CommonJS


def test_json_round_trip():
    src = 'import a, { b } from "./x";\nexport * from "./y";\nexport const c = 1;\n'
    info = info_of(src)
    assert ModuleInfo.from_json(info.to_json()) == info


def test_syntax_errors_still_yield_the_imports_that_parse():
    src = 'import { a } from "./a.js";\nconst = ;\nimport b from "./b.js";\n'
    assert [s for s, *_ in imports(src)] == ["./a.js", "./b.js"]


# Every form the imports query reads, nested where a module may write it (inside classes, functions, class
# bodies exported whole, TypeScript namespaces and `declare module` blocks), with the words also where they
# mean nothing (strings, comments, identifiers that contain them).
EVERY_FORM = {
    "m.js": '''/// <reference path="./types.d.ts" />
import a, { b as c } from "./x.js";
import * as ns from "./ns.js";
import "./side.css";
export * from "./all.js";
export { d, e as f } from "./re.js";
export const g = 1, { h } = obj;
export default class Big {
  method() { const { q } = require("./inner.js"); return import("./lazy.js").then((m) => m.x); }
  importantThing() { return "import x from './not-an-import.js'"; }  // export nothing here
}
module.exports = { a, b: c, ...rest };
module.exports.parse = parse;
exports.format = function format() {};
Object.defineProperty(exports, "named", { enumerable: true, get() { return 1; } });
const reexported = require("./r.js").member;
function later() { return require(`./template.js`); }
const exporter = { requirements: 1, references: 2 };
''',
    "m.ts": '''/// <reference path="./globals.d.ts" />
import type { T } from "./types.js";
import { type U, V } from "./mixed.js";
import fs = require("./fs.js");
export type { W } from "./w.js";
export = something;
namespace Inner { export const x = 1; }
declare module "ambient" { import { Y } from "./y.js"; export const z: Y; }
let t: typeof import("./typed.js");
type P = import("./p.js").P;
export class Exported { load() { return import("./dyn.js"); } }
''',
}


def test_the_search_for_candidates_finds_what_the_whole_tree_query_finds():
    from lsp_server import queries
    from lsp_server.syntax import modules

    for name, src in EVERY_FORM.items():
        doc = ParsedDocument.create(f"file:///ws/{name}", src)
        assert modules._match_roots(doc.source, doc.tree) is not None  # the search ran, not the fallback
        imports, exports, flags = [], [], 0
        for _, match in queries.matches(doc.language, "imports", doc.tree.root_node):
            flags |= modules._read_match(doc.source, match, doc.language != "javascript", imports, exports)
        whole = modules._assemble(imports, exports, flags)
        assert extract(doc.source, doc.tree, doc.language) == whole, name
        assert len(whole.imports) >= 8 and whole.exports  # the forms were read, not an empty module twice


def test_a_module_with_syntax_errors_is_queried_whole():
    from lsp_server.syntax import modules

    doc = ParsedDocument.create("file:///ws/m.js", 'import a from "./a.js";\nconst x = (((;\nexport { a };\n')
    assert modules._match_roots(doc.source, doc.tree) is None
    assert [r.specifier for r in extract(doc.source, doc.tree, doc.language).imports] == ["./a.js"]
