"""An editor buffer's imports and exports read incrementally (`module_info_of` on a snapshot made by
`apply_changes`: only the top-level statements an edit touched are queried again) equal a fresh `extract`
of the same text, and an edit that adds or removes an import, a dynamic import() or a require() is seen."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from lsp_server.document import ParsedDocument, TextChange
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
