"""Aliased imports behave as unaliased ones: the syntax layer's import records carry both the name imported and
the local binding (lsp_server/syntax/modules.py), and the features that map a local name to what it was imported
as (the unknown-symbol check's engine-import guard) or report an imported name (unknown-export) read the right
one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument
from lsp_server.syntax.modules import ModuleInfo, extract, module_info_of
from tests.support.symbols_helpers import make_workspace, symbol_findings


def names_of(uri: str, src: str) -> list[tuple[str, list[tuple[str, str | None, str]]]]:
    """(specifier, [(imported name, local binding, text at the name's range)]) of each import record."""
    doc = ParsedDocument.create(uri, src)
    assert not doc.tree.root_node.has_error
    return [(r.specifier, [(n.name, n.local, doc.source[n.start:n.end].decode()) for n in r.names])
            for r in extract(doc.source, doc.tree, doc.language).imports]


def test_esm_records_carry_the_local_binding_of_every_form():
    src = ('import a, { b, c as d, "e-f" as g, default as h } from "./x.js";\n'
           'import * as ns from "./y.js";\n'
           'import "./side.css";\n'
           'export { i, j as k } from "./re.js";\n'
           'export * as star from "./star.js";\n')
    assert names_of("file:///ws/m.js", src) == [
        ("./x.js", [("default", "a", "a"), ("b", "b", "b"), ("c", "d", "c"), ("e-f", "g", '"e-f"'),
                    ("default", "h", "default")]),
        ("./y.js", [("*", "ns", "ns")]),
        ("./side.css", []),
        # A re-export binds nothing in this module: its other name is `exported_as`.
        ("./re.js", [("i", None, "i"), ("j", None, "j")]),
        ("./star.js", [("*", None, "star")]),
    ]


def test_commonjs_and_dynamic_records_carry_the_renamed_local():
    src = ('const { k, l: m, n = 1, o: p = 2, q: { r }, "s-t": u } = require("./r");\n'
           'const { v, ...w } = require("./rest");\n'
           'const whole = require("./whole");\n'
           'const [first] = require("./arr");\n'
           'const mem = require("./member").prop;\n'
           'use(require("./inplace").x);\n'
           'const { y: z } = await import("./dyn");\n'
           'const dm = await import("./dyn2");\n')
    assert names_of("file:///ws/m.js", src) == [
        # A nested pattern binds several names, none of them the export `q`.
        ("./r", [("k", "k", "k"), ("l", "m", "l"), ("n", "n", "n"), ("o", "p", "o"), ("q", None, "q"),
                 ("s-t", "u", '"s-t"')]),
        ("./rest", [("*", None, "{ v, ...w }")]),
        ("./whole", [("*", "whole", "whole")]),
        ("./arr", [("*", None, "[first]")]),
        ("./member", [("prop", "mem", "prop")]),
        ("./inplace", [("x", None, "x")]),
        ("./dyn", [("y", "z", "y")]),
        ("./dyn2", [("*", "dm", "dm")]),
    ]


@pytest.mark.parametrize("ext", ["ts", "tsx"])
def test_typescript_records_carry_the_local_binding(ext):
    src = ('import fs = require("./fs");\n'
           'import type { A as B } from "./t";\n'
           'import { type C as D, E } from "./u";\n'
           'import type F from "./f";\n'
           'import type * as G from "./g";\n')
    assert names_of(f"file:///ws/m.{ext}", src) == [
        ("./fs", [("*", "fs", '"./fs"')]),
        ("./t", [("A", "B", "A")]),
        ("./u", [("C", "D", "C"), ("E", "E", "E")]),
        ("./f", [("default", "F", "F")]),
        ("./g", [("*", "G", "G")]),
    ]


def test_locals_map_and_json_round_trip_keep_the_alias():
    doc = ParsedDocument.create("file:///ws/m.js", 'import a, { b as c } from "./x";\nconst { d: e } = require("./y");\n')
    info = extract(doc.source, doc.tree, doc.language)
    assert [r.locals() for r in info.imports] == [{"a": "default", "c": "b"}, {"e": "d"}]
    assert ModuleInfo.from_json(info.to_json()) == info


def test_an_edited_buffer_read_in_parts_keeps_the_aliases_shifted():
    """The editor path (`module_info_of` on versioned snapshots) reuses the records of untouched statements,
    shifted after an edit: the local binding travels with them."""
    uri = "file:///ws/parts.js"
    first = ParsedDocument.create(uri, 'import { a as b } from "./x";\nconst { c: d } = require("./y");\n', 1)
    module_info_of(first)
    second = ParsedDocument.create(uri, '// a comment above\n' + first.source.decode(), 2)
    info = module_info_of(second)
    assert info == extract(second.source, second.tree, second.language)
    assert [(n.local, second.source[n.start:n.end].decode()) for r in info.imports for n in r.names] == [
        ("b", "a"), ("d", "c")]


def test_import_declaring_answers_for_the_declarator_of_the_import_only():
    """`import_declaring`: a declared identifier -> what its import or require imported, read from that
    statement alone; a declarator that merely holds a require somewhere inside is a local variable."""
    from lsp_server.syntax import syntax_for
    from lsp_server.syntax.modules import import_declaring

    src = ('import D, { a as b } from "./x";\n'
           'const { c: d } = require("./y");\n'
           'const e = (await import("./z")).f;\n'
           'const T = (() => { const { Types: T } = require("db"); return T; })();\n'
           'let plain = 1;\n')
    doc = ParsedDocument.create("file:///ws/m.mjs", src)
    scopes = syntax_for(doc.language).scopes(doc)

    def declaring(name: str, nth: int = 0):
        at = [m.start() for m in re.finditer(rf"\b{name}\b", src)][nth]
        binding = scopes.resolve(doc.tree.root_node.descendant_for_byte_range(at, at + len(name)))
        found = import_declaring(doc, binding.declaration.node, name)
        return found and found.name

    assert [declaring("D"), declaring("b"), declaring("d"), declaring("e")] == ["default", "a", "c", "f"]
    assert declaring("T") is None  # the outer `T`: its value holds a require, it is not one
    assert declaring("T", 1) == "Types"  # the inner one is
    assert declaring("plain") is None
    ts = ParsedDocument.create("file:///ws/m.ts", 'import fs = require("fs");\nfs.readFileSync;\n')
    node = ts.tree.root_node.descendant_for_byte_range(7, 9)
    assert import_declaring(ts, node, "fs").name == "*"


# --- features ------------------------------------------------------------------------------------------------

ENGINE = {
    "node_modules/db/package.json": json.dumps({"name": "db", "main": "index.js"}),
    # `Types` is filled in a loop: the model cannot know its members, so `Types.RenderPage` is the engine's
    # business, not a near miss of `renderPage` to guess about.
    "node_modules/db/index.js": """
        function Connection() {}
        Connection.prototype.renderPage = function () {};
        const Types = {};
        ['RenderPage', 'Tiny'].forEach(function (t, i) { Types[t] = i; });
        exports.Types = Types;
        exports.Connection = Connection;
    """,
}


@pytest.mark.parametrize("binding, local", [
    ("const { Types } = require('db');", "Types"),
    ("const { Types: T } = require('db');", "T"),
    ("const T = require('db').Types;", "T"),
    ("import { Types } from 'db';", "Types"),
    ("import { Types as T } from 'db';", "T"),
])
def test_the_engine_import_guard_holds_for_an_aliased_import(tmp_path, binding, local):
    """The vocabulary check guesses nothing on a chain rooted at a name bound to a named export of the engine,
    whatever local name it is bound to; a receiver of unknown origin (a parameter) is still checked."""
    ws = make_workspace(tmp_path, {**ENGINE, "src/app.js": f"""
        {binding}
        {local}.RenderPage;
        function f(conn) {{ conn.renderPages(); }}
    """})
    found = symbol_findings(ws, "src/app.js")
    assert [(f["line"], f["name"]) for f in found] == [(4, "renderPages")], found


def test_the_guard_keys_on_the_local_name_not_the_imported_one(tmp_path):
    """`import { Types as T }` binds `T`, not `Types`: a `Types` of unknown origin is still checked."""
    ws = make_workspace(tmp_path, {**ENGINE, "src/app.js": """
        import { Types as T } from 'db';
        T.RenderPage;
        function f(Types) { Types.renderPages(); }
    """})
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")] == [(4, "renderPages")]


@pytest.mark.parametrize("path, binding", [
    ("src/app.js", "import * as React from 'react';"),
    ("src/app.js", "import React from 'react';"),
    ("src/app.js", "const React = require('react');"),
    ("src/app.js", "import { React } from './local';"),
    ("src/app.tsx", "import * as React from 'react';"),
])
def test_a_name_imported_from_another_module_is_that_modules_not_a_near_miss_of_the_engine(tmp_path, path, binding):
    """`React.useState` in a file that uses the engine is React's member, even when the engine spells
    `setState` and react is not installed: the vocabulary check guesses only on receivers of unknown origin
    (tanstack's own sources gave 88 such findings before)."""
    engine = {**ENGINE, "node_modules/db/index.js": ENGINE["node_modules/db/index.js"].replace(
        "renderPage", "setState")}
    ws = make_workspace(tmp_path, {**engine, "src/local.js": "export const React = {};\n", path: f"""
        import {{ Connection }} from 'db';
        {binding}
        new Connection().setState();
        React.useState(0);
        function f(conn) {{ conn.useState(); }}
    """})
    found = symbol_findings(ws, path)
    assert [(f["line"], f["name"]) for f in found] == [(6, "useState")], found


def dependency_findings(root: Path, files: dict[str, str], rel: str) -> list[tuple[str, int, str, str]]:
    ws = make_workspace(root, files)
    doc = ws.document(root / rel)
    out = []
    for f in run_checks(doc, CheckContext(ws), (Phase.TYPE, Phase.SAVE)):
        if f.code == "unknown-export":
            out.append((f.code, doc.lines.position(f.start, "utf-16")[0], doc.source[f.start:f.end].decode(),
                        f.message))
    return out


@pytest.mark.parametrize("ext", ["js", "ts"])
def test_an_aliased_unknown_export_is_reported_at_the_imported_name(tmp_path, ext):
    """`import { Nope as N }` is reported as `import { Nope }` is: at `Nope`, naming `Nope`, never at `N`."""
    files = {f"x.{ext}": "export const yes = 1;\n",
             f"a.{ext}": ('import { Nope } from "./x";\n'
                          'import { Nope as N, yes as Y } from "./x";\n'
                          + ('import type { Nope as T } from "./x";\n' if ext == "ts" else
                             'const { Nope: M } = require("./x");\n')
                          + "use(Nope, N, Y);\n")}
    got = dependency_findings(tmp_path, files, f"a.{ext}")
    assert [(line, text) for _, line, text, _ in got] == [(0, "Nope"), (1, "Nope"), (2, "Nope")], got
    assert all(message.startswith("'Nope' is not exported by x.") for *_, message in got)


@pytest.mark.parametrize("binding", [
    "const { Transform } = require('readable-stream');",
    "const { Transform: Base } = require('readable-stream');",
    "const { Transform: Base = null } = require('readable-stream');",
    "import { Transform } from 'readable-stream';",
    "import { Transform as Base } from 'readable-stream';",
])
def test_the_engine_reader_follows_an_aliased_base_class_to_its_package(tmp_path, binding):
    """The engine's JavaScript reader leaves open a class whose base is another package's export (members it
    cannot see), whatever local name the base is bound to."""
    from lsp_server.knowledge.model_sources.js import extract_js

    base = "Base" if "Base" in binding else "Transform"
    code = (binding + "\n" + f"class Logger extends {base} {{ log() {{}} }}\n"
            "class Local { run() {} }\nclass Kid extends Local {}\nmodule.exports = { Logger, Kid };\n")
    (tmp_path / "index.js").write_text(code, encoding="utf-8")
    mod = extract_js(tmp_path / "index.js", "pkg").modules["pkg"]
    assert mod.types["Logger"].open and not mod.types["Kid"].open


@pytest.mark.parametrize("binding, local", [
    ("import { Block } from 'layout';", "Block"),
    ("import { Block as B } from 'layout';", "B"),
    ("const { Block } = require('layout');", "Block"),
    ("const { Block: B } = require('layout');", "B"),
    ("const B = require('layout').Block;", "B"),
])
def test_the_docs_hover_on_an_aliased_import_shows_the_export_docs(tmp_path, binding, local):
    """Hovering the local name of an imported export shows the docs of the export (`Block`), aliased or not,
    ESM or CommonJS; a local variable, or a parameter shadowing the import, still shows nothing."""
    from lsp_server.knowledge.docs_index import DocsIndex
    from tests.unit.test_lookup import hover_at, make_ws

    ws = make_ws(tmp_path)
    ws.service(DocsIndex)
    src = f"{binding}\nconst box = new {local}();\nfunction f({local}) {{ return {local}; }}\n"
    info = hover_at(ws, src, f"new {local}", delta=len("new "))
    assert info is not None and "A `Block` (often called a box)" in info.markdown
    assert src.encode()[info.start:info.end] == local.encode()
    assert hover_at(ws, src, f"return {local}", delta=len("return ")) is None  # the parameter, not the import
    assert hover_at(ws, src, "box", delta=0) is None
