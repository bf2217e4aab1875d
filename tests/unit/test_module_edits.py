"""An editor buffer's imports and exports read incrementally (`module_info_of` on a snapshot made by
`apply_changes`: only the top-level statements an edit touched are queried again) equal a fresh `extract`
of the same text, and an edit that adds or removes an import, a dynamic import() or a require() is seen."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from lsp_server.document import ParsedDocument, TextChange
from lsp_server.syntax import modules
from lsp_server.syntax.modules import ModuleInfo, extract, module_info_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_uris = itertools.count()

JS = '''import { a } from "./a.js";
import b from "./b.js";

export function first(x) {
  return a(x) + b;
}

const helper = () => 1;

export const second = async () => {
  const { c } = require("./c.js");
  return c;
};

module.exports.third = 3;
'''

TS = '''/// <reference path="./types.d.ts" />
import type { T } from "./t";
import { u } from "./u";

export interface Shape { kind: T }

export function area(s: Shape): number {
  return u(s);
}

export type Lazy = typeof import("./lazy");
'''


def opened(text: str, suffix: str = ".js") -> ParsedDocument:
    doc = ParsedDocument.create(f"file:///ws/edit{next(_uris)}{suffix}", text, version=1)
    module_info_of(doc)  # the first reading, which the edits below start from
    return doc


def edited(doc: ParsedDocument, start: int, end: int, text: str) -> ParsedDocument:
    """`doc` with bytes [start, end) replaced by `text` (ASCII sources: offsets are characters), as a
    didChange makes it (the tree edited and parsed again incrementally)."""
    def position(offset: int) -> tuple[int, int]:
        before = doc.text[:offset]
        return before.count("\n"), offset - (before.rfind("\n") + 1)
    new, _ = doc.apply_changes([TextChange(text, position(start), position(end))], (doc.version or 0) + 1)
    return new


def fresh(doc: ParsedDocument) -> ModuleInfo:
    again = ParsedDocument.create(doc.uri, doc.text)
    return extract(again.source, again.tree, again.language)


def specifiers(info: ModuleInfo) -> list[tuple[str, str]]:
    return [(r.specifier, r.kind) for r in info.imports]


def test_an_edit_outside_every_import_keeps_them_moved_with_the_text():
    doc = opened(JS)
    at = JS.index("const helper")
    doc = edited(doc, at, at, "let inserted = 1;\n\n")
    info = module_info_of(doc)
    assert info == fresh(doc)
    require = next(r for r in info.imports if r.specifier == "./c.js")
    assert doc.source[require.start:require.end] == b'"./c.js"'
    assert require.line == doc.text[:doc.text.index('"./c.js"')].count("\n")
    assert {e.name for e in info.exports} == {"first", "second", "third"}


@pytest.mark.parametrize("where, added, expected", [
    ("const helper", 'import z from "./z.js";\n', ("./z.js", "import")),
    ("return a(x)", 'const lazy = import("./lazy.js");\n  ', ("./lazy.js", "dynamic")),
    ("return a(x)", 'require("./r.js");\n  ', ("./r.js", "require")),
    ("module.exports", 'export * from "./all.js";\n', ("./all.js", "reexport")),
])
def test_an_added_import_dynamic_import_or_require_is_seen(where, added, expected):
    doc = opened(JS)
    at = JS.index(where)
    doc = edited(doc, at, at, added)
    info = module_info_of(doc)
    assert expected in specifiers(info)
    assert info == fresh(doc)


@pytest.mark.parametrize("removed", ['import b from "./b.js";\n', 'require("./c.js")'])
def test_a_removed_import_or_require_is_gone(removed):
    doc = opened(JS)
    at = JS.index(removed)
    doc = edited(doc, at, at + len(removed), "" if removed.startswith("import") else "null")
    info = module_info_of(doc)
    gone = "./b.js" if "b.js" in removed else "./c.js"
    assert gone not in [s for s, _ in specifiers(info)]
    assert info == fresh(doc)


def test_an_unclosed_comment_hides_an_import_and_deleting_it_brings_it_back():
    doc = opened(JS)
    at = JS.index("import b")
    doc = edited(doc, at, at, "/* ")
    assert "./b.js" not in [s for s, _ in specifiers(module_info_of(doc))]
    assert module_info_of(doc) == fresh(doc)
    doc = edited(doc, at, at + 3, "")
    assert module_info_of(doc) == fresh(doc)
    assert [s for s, _ in specifiers(module_info_of(doc))] == ["./a.js", "./b.js", "./c.js"]


def test_a_statement_above_a_reference_directive_turns_it_into_a_comment():
    doc = opened(TS, ".ts")
    assert "./types.d.ts" in [s for s, _ in specifiers(module_info_of(doc))]
    doc = edited(doc, 0, 0, "let first = 1;\n")
    info = module_info_of(doc)
    assert "./types.d.ts" not in [s for s, _ in specifiers(info)]
    assert info == fresh(doc)
    doc = edited(doc, 0, len("let first = 1;\n"), "")
    assert "./types.d.ts" in [s for s, _ in specifiers(module_info_of(doc))]
    assert module_info_of(doc) == fresh(doc)


SNIPPETS = ["x", "\n", ";", "{", "}", "(", ")", "'", '"', "`", "/*", "*/", "//", "import ", "export ",
            'import q from "./q.js";\n', 'require("./r.js")', 'import("./d.js")', "module.exports = {a};\n",
            "exports.y = 1;\n", "export default 1;\n", "function f() {\n", "/// <reference path=\"./p.ts\" />\n"]


@pytest.mark.parametrize("path", [
    "layout-app/src/app.js", "layout-app/src/layout/index.js", "layout-app/src/reports/SummaryCard.tsx",
    "layout-engine/engine.d.ts",
])
def test_random_edits_read_incrementally_equal_a_fresh_extract(path):
    text = (EXAMPLES / path).read_text(encoding="utf-8")
    rng = random.Random(path)
    # ASCII only, so that offsets are LSP characters too
    doc = opened("".join(ch if ch.isascii() else "?" for ch in text) + TS + JS, Path(path).suffix)
    for step in range(150):
        size = len(doc.text)
        start = rng.randrange(size + 1)
        end = min(size, start + rng.choice([0, 0, 1, 3, 20, 200]))
        doc = edited(doc, start, end, rng.choice(SNIPPETS) if rng.random() < 0.7 else "")
        assert module_info_of(doc) == fresh(doc), (path, step, doc.text[max(0, start - 40):start + 40])


# --- the import graph taking a typed buffer in ------------------------------------------------------------
def _graph_ws(root: Path):
    from lsp_server.workspace import Workspace

    for name, text in {"a.js": 'import b from "./b.js";\n\nexport const a = b;\n', "b.js": "export default 1;\n",
                       "c.js": 'import "./a.js";\n'}.items():
        (root / name).write_text(text, encoding="utf-8")
    return Workspace(root)


def test_an_edit_that_moves_the_imports_keeps_their_resolutions_and_an_added_import_is_resolved(tmp_path: Path):
    from lsp_server.document import path_to_uri
    from lsp_server.graph.service import ImportGraphService

    ws = _graph_ws(tmp_path)
    graph = ws.service(ImportGraphService)
    doc = ParsedDocument.create(path_to_uri(tmp_path / "a.js"), (tmp_path / "a.js").read_text(), version=1)
    ws.open_document(doc)
    graph.take_buffer(ws, doc)
    key = str((tmp_path / "a.js").resolve())
    doc = edited(doc, len(doc.text), len(doc.text), "export const z = 1;\n")  # now unlike the file
    ws.open_document(doc)
    graph.take_buffer(ws, doc)
    first = graph.entry(key)
    # Typing above the import moves it: the entry has the new offsets and the same resolutions.
    doc = edited(doc, 0, 0, "// note\n")
    ws.open_document(doc)
    graph.take_buffer(ws, doc)
    moved = graph.entry(key)
    assert moved is not first and moved.info == module_info_of(doc) and moved.info.imports[0].line == 1
    assert moved.resolutions is first.resolutions and moved.edges == [str((tmp_path / "b.js").resolve())]
    # An import of another module: resolved, an edge, and the cycle it closes is found.
    at = doc.text.index("export")
    doc = edited(doc, at, at, 'import "./c.js";\n')
    ws.open_document(doc)
    graph.take_buffer(ws, doc)
    added = graph.entry(key)
    assert [r.target for r in added.resolutions] == [str((tmp_path / n).resolve()) for n in ("b.js", "c.js")]
    assert graph.cycles_of(key)
    # And removed again: the edge and the cycle go.
    doc = edited(doc, at, at + len('import "./c.js";\n'), "")
    ws.open_document(doc)
    graph.take_buffer(ws, doc)
    assert graph.entry(key).edges == [str((tmp_path / "b.js").resolve())] and not graph.cycles_of(key)


def test_an_open_document_keeps_the_path_it_resolved_to_when_it_opened(tmp_path: Path):
    from lsp_server.document import path_to_uri
    from lsp_server.workspace import Workspace

    (tmp_path / "real").mkdir()
    (tmp_path / "other").mkdir()
    for folder in ("real", "other"):
        (tmp_path / folder / "m.js").write_text("", encoding="utf-8")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "real")
    ws = Workspace(tmp_path)
    doc = ParsedDocument.create(path_to_uri(link / "m.js"), "", version=1)
    ws.open_document(doc)
    assert ws.real_path_of(doc) == (tmp_path / "real" / "m.js").resolve()
    link.unlink()
    link.symlink_to(tmp_path / "other")
    doc = edited(doc, 0, 0, "x")
    ws.open_document(doc)  # the next keystroke: no filesystem call, the path of the open document
    assert ws.real_path_of(doc) == (tmp_path / "real" / "m.js").resolve()
    assert ws.document(tmp_path / "real" / "m.js") is doc
    ws.close_document(link / "m.js", doc.uri)  # closed: the buffer is gone, the next opening resolves again
    assert ws.open_paths() == [] and ws.document(tmp_path / "real" / "m.js") is not doc
    assert ws.real_path_of(doc) == (tmp_path / "other" / "m.js").resolve()


@pytest.mark.parametrize("pathological", [
    "(" * 100_000,  # unclosed parens: the root is one ERROR node of 100,000 children
    "a;" * 6_000,  # more top-level statements than are worth a part each
], ids=["wide-error-root", "many-statements"])
def test_a_pathological_buffer_is_read_whole_within_the_query_bounds_not_node_by_node(pathological):
    """The old whole-file `extract` honoured the query bounds (a wide ERROR node is not entered); the
    incremental reading must too: such a buffer keeps no per-top-level-node reading (one Python object per
    child of a 100,000-wide ERROR node cost the document its time limit in the server), and its imports, before
    and after an edit, are those of a fresh `extract`."""
    text = 'import a from "./a.js";\nconst { b } = require("./b.js");\n' + pathological + "\n"
    doc = opened(text)
    root = doc.tree.root_node
    assert root.is_error or root.child_count > modules._PARTS_MAX_CHILDREN
    assert doc.uri not in modules._buffers
    assert module_info_of(doc) == fresh(doc)
    assert [r.specifier for r in module_info_of(doc).imports] == ["./a.js", "./b.js"]
    at = text.index("const")
    doc = edited(doc, at, at, 'import c from "./c.js";\n')
    assert doc.uri not in modules._buffers
    info = module_info_of(doc)
    assert info == fresh(doc) and [r.specifier for r in info.imports] == ["./a.js", "./c.js", "./b.js"]
    # An ordinary buffer is read in parts (what the assertions above tell apart).
    assert opened(JS).uri in modules._buffers
