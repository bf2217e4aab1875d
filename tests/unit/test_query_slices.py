"""Queries over a document of very long lines run in byte-range slices (queries.py, issue 19: one query over
the 1 MB minified line held the GIL 52-112 ms). What must hold: the merged result is the whole query's (every
capture, every match, in the same order, nothing lost or repeated at a slice edge), for every query file, on
the minified line and on ordinary code sliced every few bytes; ordinary files are never sliced; and the checks
of a minified file find the same with and without slicing. Structural only: the time per slice is measured in
docs/performance.md, never asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest
from tree_sitter import QueryCursor

from benchmarks.bounds import minified
from benchmarks.workloads import large_file
from lsp_server import queries
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument
from lsp_server.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
QUERY_FILES = sorted({(p.parent.name, p.stem) for p in queries.all_query_files()})


def match_key(match: tuple[int, dict]) -> tuple:
    pattern, captures = match
    return pattern, sorted((name, [(n.start_byte, n.end_byte, n.type) for n in nodes])
                           for name, nodes in captures.items())


def assert_same_as_whole(lang: str, name: str, doc: ParsedDocument) -> None:
    root = doc.tree.root_node
    assert queries._slices(root) is not None  # the test is about slicing: make sure it happens
    assert not queries.wide_errors(root)  # (else the whole query is over the regions beside them)
    query = queries.load(lang, name)
    whole = QueryCursor(query).captures(root)
    sliced = queries.captures(lang, name, root)
    assert {k: set(v) for k, v in sliced.items()} == {k: set(v) for k, v in whole.items()}
    assert all(len(v) == len(set(v)) for v in sliced.values())  # nothing twice
    assert [match_key(m) for m in queries.matches(lang, name, root)] == \
        [match_key(m) for m in QueryCursor(query).matches(root)]


@pytest.fixture(scope="module")
def minified_doc() -> ParsedDocument:
    # A quarter of the benchmark's 1 MB line (the same generated code): 16 slices, seconds for all queries.
    return ParsedDocument.create("file:///w/min.js", minified(256 * 1024))


@pytest.mark.parametrize("name", [n for lang, n in QUERY_FILES if lang == "javascript"])
def test_the_minified_line_sliced_gives_the_whole_query(name, minified_doc):
    assert_same_as_whole("javascript", name, minified_doc)


def ordinary_sources() -> dict[str, tuple[str, str]]:
    """(language, text): ordinary code, and code with a syntax error on every line (empty MISSING nodes)."""
    return {
        "generated.js": ("javascript", large_file(800)),
        "missing.js": ("javascript", "let x = (1;\nfunction f(a { return a }\nconst o = {a: 1}\n" * 200),
        "engine.d.ts": ("typescript", (REPO / "examples/layout-engine/engine.d.ts").read_text(encoding="utf-8")),
        "component.tsx": ("tsx", "export function C<T>(p: {a: T}) {\n  return <div a={p.a}>{String(p.a)}</div>;\n}\n"
                          * 100),
    }


@pytest.mark.parametrize("source", list(ordinary_sources()))
def test_ordinary_code_sliced_every_few_bytes_gives_the_whole_query(source, monkeypatch):
    # Slices of 97 bytes: edges fall inside tokens, statements, empty nodes; every query file of the language.
    monkeypatch.setattr(queries, "SLICE_BYTES", 97)
    monkeypatch.setattr(queries, "SLICED_FROM", 0)
    monkeypatch.setattr(queries, "LONG_LINE", 0)
    lang, text = ordinary_sources()[source]
    doc = ParsedDocument.create(f"file:///w/{source}", text, language=lang)
    names = [n for query_lang, n in QUERY_FILES if query_lang == lang]
    assert names
    for name in names:
        assert_same_as_whole(lang, name, doc)


def test_only_documents_of_long_lines_are_sliced(minified_doc):
    assert queries._slices(minified_doc.tree.root_node) is not None
    for lines in (5_000, 20_000):  # 220 KB and ~900 KB of ordinary code: queried whole, as before
        doc = ParsedDocument.create("file:///w/big.js", large_file(lines))
        assert queries._slices(doc.tree.root_node) is None
    small = ParsedDocument.create("file:///w/small.js", minified(32 * 1024))
    assert queries._slices(small.tree.root_node) is None


def test_the_checks_of_a_minified_file_find_the_same_sliced_or_whole(tmp_path, monkeypatch):
    doc = ParsedDocument.create((tmp_path / "min.js").as_uri(), minified(300 * 1024))
    assert queries._slices(doc.tree.root_node) is not None

    def findings() -> list[tuple]:
        ctx = CheckContext(Workspace(tmp_path), time_limit_ms=0)  # no time limit: the same work both times
        return [(f.code, f.message, f.start, f.end) for f in run_checks(doc, ctx, (Phase.TYPE, Phase.SAVE))]

    sliced = findings()
    monkeypatch.setattr(queries, "SLICED_FROM", 1 << 40)  # queried whole, as before slicing
    assert sliced == findings()
    assert sliced  # the file has findings to compare
