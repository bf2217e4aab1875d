"""Every grammars/<lang>/*.scm compiles against its language, and uses only capture names from our closed
vocabulary (so a renamed capture cannot silently stop matching in the code that reads it)."""

from __future__ import annotations

import re

import pytest

from lsp_server import queries

VOCABULARY = {
    "def.var", "def.func", "def.class", "def.param", "def.import", "def.type", "def.enum", "def.namespace", "ref", "member.object", "member.property",
    "call.callee", "import.source", "import.statement", "import.reexport", "import.dynamic", "import.require",
    "export.statement", "export.commonjs", "export.value", "export.name",
    "member", "member.write", "member.chained", "member.called", "member.nested", "member.this", "member.holder", "call", "assignment", "name", "instance.name", "instance.type",
}
VOCABULARY |= {"import.equals", "import.reference"}  # TypeScript's imports.scm: `import x = require()`, `///`
VOCABULARY |= {"annotated", "augment.body"}  # TypeScript: annotated.scm (a declaration with a type annotation), augmentations.scm (a `declare module` body)
VOCABULARY |= {"template.tag", "template.body"}  # graphql.scm: a tagged template's tag and its template


@pytest.mark.parametrize("path", queries.all_query_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_query_compiles(path):
    query = queries.load(path.parent.name, path.stem)
    assert query.pattern_count > 0


@pytest.mark.parametrize("path", queries.all_query_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_capture_names_are_from_the_vocabulary(path):
    source = re.sub(r";[^\n]*", "", path.read_text(encoding="utf-8"))  # comments hold sample code
    names = set(re.findall(r"@([A-Za-z_][\w.]*)", source))
    unknown = {n for n in names if not n.startswith("_")} - VOCABULARY
    assert not unknown, f"{path.name}: capture names outside the vocabulary: {sorted(unknown)}"


def test_inheriting_files_extend_their_parent():
    """`; inherits: javascript` puts the parent's patterns first: TypeScript's bindings hold JavaScript's."""
    js = queries.load("javascript", "bindings").pattern_count
    ts = queries.load("typescript", "bindings").pattern_count
    assert ts > js
    assert queries.source_of("typescript", "bindings").startswith(queries.source_of("javascript", "bindings"))
    assert queries.load("tsx", "bindings").pattern_count == ts


def test_there_are_query_files():
    assert any(p.name == "imports.scm" for p in queries.all_query_files())
