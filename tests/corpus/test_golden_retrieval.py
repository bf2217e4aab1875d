"""Golden retrieval set on the bundled engine docs (`examples/layout-engine`): each query names the chunk
(file and heading) that must rank in the top 3. Symbol lookups run as a plain `lookup_docs`; how-to
phrasings run with `expand=True`, the mode meant for them (the plain mode's rates are printed too).

Run with `-s` to see the top-1 / top-3 hit rates."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES, trust_folder

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)

PACK = EXAMPLES / "layout-engine"

SYMBOLS = [
    ("Table.addRow", "docs/reference/table.md", "Table.addRow(options)"),
    ("addRow", "docs/reference/table.md", "Table.addRow(options)"),
    ("Document.create", "docs/reference/document.md", "Document.create(options)"),
    ("addPage", "docs/reference/document.md", "Document.addPage(options)"),
    ("Page.addBlock", "docs/reference/page.md", "Page.addBlock(options)"),
    ("setPadding", "docs/reference/block.md", "Block.setPadding("),
    ("Layout.twoColumn", "docs/reference/layout.md", "Layout.twoColumn("),
    ("Layout.grid", "docs/reference/layout.md", "Layout.grid("),
    ("Font.load", "docs/reference/font.md", "Font.load("),
    ("Font.measure", "docs/reference/font.md", "Font.measure("),
    ("Image.fromBytes", "docs/reference/image.md", "Image.fromBytes("),
    ("Image.fit", "docs/reference/image.md", "Image.fit("),
    ("repeatHeader", "docs/reference/table.md", "Table.repeatHeader"),
    ("Paragraph.addRun", "docs/reference/paragraph.md", "Paragraph.addRun("),
    ("Paragraph.lineHeight", "docs/reference/paragraph.md", "Paragraph.lineHeight"),
    ("Document.defineStyle", "docs/reference/document.md", "Document.defineStyle("),
    ("Cell.setSpan", "docs/reference/cell.md", "Cell.setSpan("),
    ("Document.save", "docs/reference/document.md", "Document.save(path)"),
    ("pageCount", "docs/reference/document.md", "Document.pageCount"),
    ("Style.background", "docs/reference/style.md", "Style.background"),
    ("Table.getCell", "docs/reference/table.md", "Table.getCell("),
    ("Row.addCell", "docs/reference/row.md", "Row.addCell("),
]

HOW_TO = [
    ("How do I add many rows to a table?", "docs/faq.html", "How do I add many rows to a table?"),
    ("how do I change the font size", "docs/faq.html", "How do I change the font size?"),
    ("how to make a two column layout", "docs/guides/two-column-layout.md", "Two-column layout"),
    ("repeat a header on every page", "docs/guides/repeating-headers.md", "A header on every page"),
    ("how can I put page numbers in the footer", "docs/guides/repeating-headers.md", "Footers with page numbers"),
    ("load a web font", "docs/guides/fonts.md", "System and web fonts"),
    ("how do I measure the width of a text", "docs/guides/fonts.md", "Measuring text"),
    ("stream the rendered bytes in an HTTP response", "docs/guides/rendering-and-saving.md", "Output"),
    ("why is my PDF empty", "docs/faq.html", "My PDF is empty or missing."),
    ("how do I count the pages", "docs/guides/pagination.md", "Counting pages"),
    ("make a cell span two columns", "docs/reference/cell.md", "Cell.setSpan("),
    ("scale an image to fit", "docs/guides/images.md", "Fitting"),
    ("load an image from bytes in memory", "docs/guides/images.md", "From memory"),
    ("define a named style and reuse it", "docs/guides/styles-and-themes.md", "Named styles"),
    ("why does new Document() fail", "docs/faq.html", "Why does new Document() fail?"),
    ("chinese text shows empty squares", "docs/faq.html", "Chinese text renders as empty squares."),
    ("how do I install the package", "docs/guides/getting-started.md", "Install"),
    ("use the engine with CommonJS require", "docs/guides/getting-started.md", "CommonJS"),
    ("different header on the first page", "docs/guides/repeating-headers.md", "Different first page"),
    ("what is a box", "docs/faq.html", 'What is a "box"?'),
    ("how do I add a page in landscape orientation", "docs/reference/document.md", "Document.addPage(options)"),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Workspace:
    root = tmp_path_factory.mktemp("golden")
    (root / "footprint.toml").write_text(f'cache_dir = "cache"\npacks = ["{PACK.as_posix()}"]\n', encoding="utf-8")
    trust_folder(root)  # cache_dir is a trusted-only key
    ws = Workspace(root)
    assert not ws.settings.errors, ws.settings.errors
    return ws


def rank_of(ws: Workspace, query: str, rel: str, heading: str, expand: bool) -> int | None:
    result = lookup_docs(ws, query, limit=3, expand=expand)
    for i, hit in enumerate(result.results):
        if hit.path == (PACK / rel).resolve() and hit.heading.endswith(heading) or \
                hit.path == (PACK / rel).resolve() and f"› {heading}" in hit.heading + " › ":
            return i
    return None


def _rates(ranks: list[int | None]) -> tuple[float, float]:
    return (sum(r == 0 for r in ranks) / len(ranks), sum(r is not None for r in ranks) / len(ranks))


def test_golden_set_size():
    assert len(SYMBOLS) >= 20 and len(HOW_TO) >= 20


def test_golden_retrieval(workspace, capsys):
    sym = [rank_of(workspace, q, rel, h, expand=False) for q, rel, h in SYMBOLS]
    how = [rank_of(workspace, q, rel, h, expand=True) for q, rel, h in HOW_TO]
    how_plain = [rank_of(workspace, q, rel, h, expand=False) for q, rel, h in HOW_TO]
    with capsys.disabled():
        for label, ranks in (("symbols", sym), ("how-to (expand)", how), ("how-to (plain)", how_plain),
                             ("all (symbols plain, how-to expand)", sym + how)):
            top1, top3 = _rates(ranks)
            print(f"\ngolden {label}: n={len(ranks)} top-1 {top1:.0%} top-3 {top3:.0%}", end="")
        print()
    misses = [q for (q, _, _), r in zip(SYMBOLS + HOW_TO, sym + how) if r is None]
    assert not misses, f"not in the top 3: {misses}"
