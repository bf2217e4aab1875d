"""The footprint queries (bindings.scm, references.scm): closed capture vocabulary, a sample comment above
every pattern, and each pattern matching the code its comment shows."""

from __future__ import annotations

import re

import pytest

from lsp_server import queries
from lsp_server.document import ParsedDocument

FILES = ["bindings", "references"]
VOCABULARY = {"def.var", "def.func", "def.class", "def.param", "def.import", "ref"}


@pytest.mark.parametrize("name", FILES)
def test_captures_and_sample_comments(name):
    path = queries.grammars_dir() / "javascript" / f"{name}.scm"
    text = path.read_text(encoding="utf-8")
    names = set(re.findall(r"@([\w.]+)", re.sub(r";.*", "", text)))
    assert names <= VOCABULARY, f"unknown capture names: {names - VOCABULARY}"
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("("):
            assert i and (lines[i - 1].startswith(";") or lines[i - 1].startswith("(")), \
                f"{path.name}:{i + 1} needs a sample comment above it"


def test_binding_captures():
    src = ('import D, { a, b as c } from "m";\nimport * as ns from "n";\nvar v = 1; let { p, q: [r] } = o;\n'
           "for (const it of xs) {}\nfor (x of xs) {}\nfunction f(m, ...rest) {}\nconst g = function h() {};\n"
           "class K {}\nconst L = class M {};\nconst arrow = z => z;\ntry {} catch (err) {}\n")
    doc = ParsedDocument.create("file:///q.js", src)
    caps = queries.captures("javascript", "bindings", doc.tree.root_node)
    got = {k: [doc.node_text(n) for n in sorted(v, key=lambda n: n.start_byte)] for k, v in caps.items()}
    assert got["def.import"] == ["D", "a", "c", "ns"]
    assert got["def.var"] == ["v", "{ p, q: [r] }", "it", "g", "L", "arrow"]
    assert got["def.param"] == ["m", "...rest", "z", "err"]
    assert got["def.func"] == ["f", "h"] and got["def.class"] == ["K", "M"]


TS_VOCABULARY = VOCABULARY | {"def.type", "def.enum", "def.namespace"}


@pytest.mark.parametrize("lang", ["typescript", "tsx"])
@pytest.mark.parametrize("name", FILES)
def test_typescript_files_extend_javascript_with_sample_comments(lang, name):
    path = queries.grammars_dir() / lang / f"{name}.scm"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("; inherits: ")
    names = set(re.findall(r"@([\w.]+)", re.sub(r";.*", "", text)))
    assert names <= TS_VOCABULARY, f"unknown capture names: {names - TS_VOCABULARY}"
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("("):
            assert i and (lines[i - 1].startswith(";") or lines[i - 1].startswith("(")), \
                f"{path.name}:{i + 1} needs a sample comment above it"


TS_SAMPLE = ('import D, { a, type B } from "m";\nimport fs = require("fs");\nimport Al = NS.Inner;\n'
             "interface Props<K> { [key: string]: K }\ntype Size = 's';\ntype M<T> = { [P in keyof T]: T[P] };\n"
             "type E<T> = T extends Array<infer U> ? U : never;\nenum Color { Red }\nnamespace Shapes {}\n"
             "declare function amb(x: number): void;\nfunction over(s: string): void;\n"
             "abstract class Base {}\nclass Page<T> { constructor(private page: Page<T>, opt?: number, d = a) {} }\n"
             "const f = <V,>(v: V, ...rest: V[]) => v;\n")


@pytest.mark.parametrize("lang", ["typescript", "tsx"])
def test_typescript_binding_captures(lang):
    doc = ParsedDocument.create(f"file:///q.{'ts' if lang == 'typescript' else 'tsx'}", TS_SAMPLE)
    assert doc.language == lang and not doc.tree.root_node.has_error
    caps = queries.captures(lang, "bindings", doc.tree.root_node)
    got = {k: [doc.node_text(n) for n in sorted(v, key=lambda n: n.start_byte)] for k, v in caps.items()}
    assert got["def.import"] == ["D", "a", "B", "fs", "Al"]
    assert got["def.type"] == ["Props", "K", "Size", "M", "T", "P", "E", "T", "U", "T", "V"]
    assert got["def.enum"] == ["Color"] and got["def.namespace"] == ["Shapes"]
    assert got["def.func"] == ["amb", "over"]
    assert got["def.class"] == ["Base", "Page"]
    # Parameters are captured with their TypeScript wrapper; syntax/patterns.py reads the declared name in it.
    assert got["def.param"] == ["key", "x: number", "s: string", "private page: Page<T>", "opt?: number", "d = a", "v: V",
                                "...rest: V[]"]
    assert got["def.var"] == ["f"]
