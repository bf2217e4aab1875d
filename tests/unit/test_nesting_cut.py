"""Brackets nested deeper than languages.MAX_NESTING are not parsed (issue 19: a tree-sitter step over a deep
parse stack holds the GIL for milliseconds, the end of 100,000 unclosed `(` for 5-8 ms): the tree ends at the
first bracket past the limit and the file gets one note. What must hold: the cut is exactly where a plain walk
over the brackets first passes the limit; ordinary code is never cut (its parse is what it was); an edited cut
document gets the tree a fresh parse gives, so incremental parsing stays correct; and an edited ordinary tree
still spans its source, so it is still reused. Structural only: the time saved is a row of
`python -m benchmarks.bounds` (the hover while the 100,000-paren file is checked)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from benchmarks.bounds import minified, worst_cases
from benchmarks.workloads import large_file
from lsp_server import languages
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument, TextChange
from lsp_server.positions import UTF16
from lsp_server.workspace import Workspace

LIMIT = languages.MAX_NESTING
REPO = Path(__file__).resolve().parents[2]


def walked_cut(source: bytes) -> int | None:
    """The oracle: the first bracket at which the depth passes the limit, one byte at a time."""
    depth = 0
    for i, byte in enumerate(source):
        if byte in b"([{":
            depth += 1
            if depth > LIMIT:
                return i
        elif byte in b")]}":
            depth = max(0, depth - 1)
    return None


@cache
def shaped_sources() -> dict[str, bytes]:
    rng = random.Random(19)
    sources = {
        "unclosed (": b"(" * 100_000,
        "exactly the limit": b"x = " + b"[" * LIMIT + b"]" * LIMIT + b";",
        "one past the limit": b"x = " + b"[" * (LIMIT + 1) + b"]" * (LIMIT + 1) + b";",
        "calls": b"f(" * 30_000,
        "mixed kinds": b"a" * 5_000 + b"([{" * 4_000 + b"x" * 9_000,
        "stray closers first": b")" * 50_000 + b"(" * (LIMIT + 1),
        # Dips below the lowest depth seen at block edges, then a climb: what the cheap bound must not miss.
        "dips between blocks": (b"(" * 900 + b")" * 1_000) * 60 + b"(" * (LIMIT + 1),
        "deep then closed then deep": b"(" * 9_000 + b")" * 9_000 + b"(" * 9_000 + b"x" * 20_000 + b"(" * 2_000,
    }
    for k in range(30):
        alphabet = b"((([{)]}x \n" if k % 2 else b"(([{)]}x \n"
        sources[f"random {k}"] = bytes(rng.choice(alphabet) for _ in range(rng.randrange(10_000, 60_000)))
    return sources


@pytest.mark.parametrize("name", list(shaped_sources()))
def test_the_cut_is_where_a_plain_walk_first_passes_the_limit(name):
    source = shaped_sources()[name]
    assert languages.nesting_cut(source) == walked_cut(source)


def test_the_shapes_include_cut_and_uncut_sources():
    cuts = [walked_cut(s) for s in shaped_sources().values()]
    assert sum(c is None for c in cuts) >= 5 and sum(c is not None for c in cuts) >= 5


def ordinary_sources() -> dict[str, bytes]:
    sources = {"10,000 generated lines": large_file(10_000).encode(), "1 MB minified line": minified().encode()}
    for name, text in worst_cases().items():
        if "nested" in name:  # 10,000 levels: the deepest nesting still analysed whole
            sources[name] = text.encode()
    for path in sorted((REPO / "examples").rglob("*.[jt]s")):
        if "node_modules" not in path.parts:
            sources[str(path.relative_to(REPO))] = path.read_bytes()
    return sources


def test_ordinary_code_is_never_cut_and_its_tree_spans_it():
    sources = ordinary_sources()
    assert len(sources) > 10
    for name, source in sources.items():
        assert languages.nesting_cut(source) is None, name
        tree = languages.parse("javascript", source)
        assert tree.root_node.end_byte == len(source), name


def test_a_file_nested_too_deep_is_parsed_up_to_the_cut_and_says_so(tmp_path):
    text = "let a = 1;\n" + "(" * 100_000 + "\nlet b = a;\n"
    doc = ParsedDocument.create((tmp_path / "p.js").as_uri(), text)
    cut = len("let a = 1;\n") + LIMIT
    assert languages.nesting_cut(doc.source) == cut
    assert doc.tree.root_node.end_byte == cut  # the rest is not parsed at all
    findings = run_checks(doc, CheckContext(Workspace(tmp_path)), (Phase.TYPE,))
    [note] = [f for f in findings if f.code == "analysis-skipped" and "nest" in f.message]
    assert note.start == cut and note.message == (
        f"Footprint stops analysing this file at line 2: its brackets nest more than {LIMIT:,} deep there")
    assert "syntax-error" in [f.code for f in findings]
    ordinary = ParsedDocument.create((tmp_path / "o.js").as_uri(), "let = ;\n" + "(" * 100 + "\n")
    assert not [f for f in run_checks(ordinary, CheckContext(Workspace(tmp_path)), (Phase.TYPE,))
                if f.code == "analysis-skipped"]


def test_edits_of_a_cut_document_give_the_tree_a_fresh_parse_gives():
    """Edits before, across and after the cut, which moves or goes: the edited snapshot's tree (reusing the
    cut tree when it still spans the new prefix) is the tree of a parse from scratch."""
    rng = random.Random(7)
    for trial in range(40):
        head = rng.choice(["", "let a = 1;\n", "function f(x) {\n  return x;\n}\n" * 3])
        text = head + rng.choice(["(", "[", "{", "f("]) * rng.choice([LIMIT - 10, LIMIT, LIMIT + 1, 12_000]) \
            + rng.choice(["", "\n", ")" * 100, "\nlet z = 2;\n"])
        doc = ParsedDocument.create("file:///w/a.js", text)
        for step in range(3):
            size, cut = len(doc.source), doc.tree.root_node.end_byte
            where = rng.random()
            if where < 0.3:
                start = rng.randrange(0, max(1, cut))  # before the cut
            elif where < 0.6:
                start = rng.randrange(cut, size + 1)  # after it
            else:
                start = max(0, cut - rng.randrange(0, 20))  # across it
            end = min(size, start + rng.choice([0, 1, 5, 30, 3_000]))
            new = rng.choice(["", "(", ")", "x", "((((", "))))", "\n", "[" * 2_000, ")" * 5_000])
            change = TextChange(new, doc.lines.position(start, UTF16), doc.lines.position(end, UTF16))
            doc, _ = doc.apply_changes([change], step + 2)
            fresh = ParsedDocument.create("file:///w/a.js", doc.text)
            assert doc.tree.root_node.end_byte == fresh.tree.root_node.end_byte, (trial, step)
            assert str(doc.tree.root_node) == str(fresh.tree.root_node), (trial, step)


def test_an_edited_ordinary_tree_still_spans_its_source_so_it_is_reused():
    """languages.parse reuses an old tree only when it spans the source it parses: the edited tree of an
    ordinary document always does (else every keystroke would parse the whole file again)."""
    rng = random.Random(3)
    doc = ParsedDocument.create("file:///w/big.js", large_file(2_000))
    for step in range(30):
        size = len(doc.source)
        start = rng.randrange(0, size + 1)
        end = min(size, start + rng.choice([0, 1, 40]))
        change = TextChange(rng.choice(["", "x", "(", "}\n", "\n\n"]), doc.lines.position(start, UTF16),
                            doc.lines.position(end, UTF16))
        edited = doc.tree.copy()
        new_doc, [edit] = doc.apply_changes([change], step + 2)
        edited.edit(start_byte=edit.start, old_end_byte=edit.old_end, new_end_byte=edit.new_end,
                    start_point=doc.lines.ts_point(edit.start), old_end_point=doc.lines.ts_point(edit.old_end),
                    new_end_point=new_doc.lines.ts_point(edit.new_end))
        assert edited.root_node.end_byte == len(new_doc.source)
        assert new_doc.tree.root_node.end_byte == len(new_doc.source)
        doc = new_doc
