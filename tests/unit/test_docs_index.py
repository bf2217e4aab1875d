"""The docs index: code-aware analyzer, build, search, incremental update, damage recovery
(kill -9 recovery, which needs a real child process: tests/e2e/test_docs_index_crash.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server import integrity
from lsp_server.knowledge.docs_index import (
    INDEX_DIR, MANIFEST, SIGNED_AS, DocsIndex, analyze, mark_snippet, query_terms, token_terms,
)
from lsp_server.workspace import Workspace
from tests.conftest import REPO, trust_folder

TABLE_MD = """# Table

A `Table` arranges rows. Create one with `Block.addTable(options)`.

## Table.addRow(options)

Append a row; call it in a loop.

```js
const row = table.addRow();
```

## Table.max_rows

The snake_case limit on rows.
"""

GUIDE_MD = """# Fonts

## Loading a font

Fonts load asynchronously: `await Font.load(family, url)`.
"""


def make_ws(tmp_path: Path, docs: dict[str, str] | None = None, extra: str = "") -> Workspace:
    docs_dir = tmp_path / "docs"
    docs_dir.mkdir(parents=True, exist_ok=True)
    for name, text in (docs or {"table.md": TABLE_MD, "guide/fonts.md": GUIDE_MD}).items():
        (docs_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (docs_dir / name).write_text(text, encoding="utf-8")
    (tmp_path / "footprint.toml").write_text(f'cache_dir = "cache"\n[docs]\npaths = ["docs"]\n{extra}', encoding="utf-8")
    trust_folder(tmp_path)  # cache_dir is a trusted-only key
    ws = Workspace(tmp_path)
    assert not ws.settings.errors, ws.settings.errors
    return ws


def headings(outcome) -> list[str]:
    return [h.heading for h in outcome.hits]


# --- analyzer -----------------------------------------------------------------------------------------------
def test_identifiers_are_indexed_whole_and_split():
    assert token_terms("addRow", False) == ("addrow", "add", "row")
    assert token_terms("max_file_bytes", False) == ("maxfilebytes", "max", "file", "byte")
    assert token_terms("XMLHttpRequest", False)[0] == "xmlhttprequest"
    assert token_terms("addRow", True) == ("addrow",)  # a query identifier stands for itself
    assert token_terms("add_row", True) == token_terms("ADDROW", True) == ("addrow",)
    assert token_terms("the", False) == () and token_terms("x", False) == ()
    assert query_terms("how do I add rows?") == ["add", "row"]


def test_addrow_is_found_by_every_spelling(tmp_path):
    index = DocsIndex.build(make_ws(tmp_path), lambda m, p=None: None)
    for query in ("addRow", "add row", "addrow", "add_row", "Table.addRow"):
        assert "Table › Table.addRow(options)" in headings(index.search(query)), query
    assert headings(index.search("max rows")) == ["Table › Table.max_rows"]
    assert headings(index.search("maxrows")) == ["Table › Table.max_rows"]
    assert index.search("addRows").hits == []  # not a spelling of addRow: literal


def test_every_term_must_be_present_and_heading_is_boosted(tmp_path):
    index = DocsIndex.build(make_ws(tmp_path), lambda m, p=None: None)
    assert headings(index.search("row loop")) == ["Table › Table.addRow(options)"]
    assert index.search("row font").hits == []
    hits = index.search("font").hits
    assert hits[0].heading == "Fonts › Loading a font"
    out = index.search("addRow")
    assert out.hits[0].heading == "Table › Table.addRow(options)"  # heading mention ranks first
    assert "**addRow**" in out.hits[0].snippet


def test_missing_terms_and_nearest_terms(tmp_path):
    index = DocsIndex.build(make_ws(tmp_path), lambda m, p=None: None)
    out = index.search("addRows")
    assert out.missing == ["addrows"]
    assert index.nearest_terms("addrows")[0] == "addRow"  # in the docs' own spelling


def test_snippet_marks_matched_terms():
    snippet = mark_snippet("Intro line.\nCall `Table.addRow()` in a loop.\nOther.", {"addrow", "loop"})
    assert "`Table.**addRow**()` in a **loop**." in snippet


def test_path_filter(tmp_path):
    ws = make_ws(tmp_path)
    index = DocsIndex.build(ws, lambda m, p=None: None)
    assert index.search("load", under=tmp_path / "docs" / "guide").hits
    assert not index.search("load", under=tmp_path / "docs" / "table.md").hits
    assert index.search("row", under=tmp_path / "docs" / "table.md").hits


def test_a_build_folder_below_a_docs_path_is_read_but_dependencies_are_not(tmp_path):
    """A docs path the config names is read whole, build folders included (packages ship docs pages in
    `dist/`: round 18's @awesome.me/webawesome keeps them in `dist/skills/`, which the walk skipped, so its
    how-to questions found nothing); `node_modules` and dot-folders below it stay skipped."""
    ws = make_ws(tmp_path, {"pkg/dist/skills/dialog.md": "# Dialog\n\n## Light dismissal\n\nClose on backdrop.\n",
                            "pkg/node_modules/dep/README.md": "# Dep\n\n## Backdrop\n\nA dependency's backdrop.\n",
                            "pkg/.cache/old.md": "# Old\n\n## Backdrop\n\nA cached backdrop.\n"})
    index = DocsIndex.build(ws, lambda m, p=None: None)
    assert headings(index.search("backdrop")) == ["Dialog › Light dismissal"]
    # sources still skip build folders
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "bundle.js").write_text("export const x = 1;\n", encoding="utf-8")
    assert not [p for p in ws.files() if "dist" in p.parts]


def test_a_changed_file_is_indexed_on_the_walk_s_terms(tmp_path):
    """A doc file created below a docs root is indexed when the full walk would read it (a build folder), and not
    when the walk skips its folder (a dependency's README): an update gives the index a build would."""
    ws = make_ws(tmp_path)
    ws.service(DocsIndex)  # built before the files exist: they arrive as changes
    dep = tmp_path / "docs" / "node_modules" / "dep" / "README.md"
    built = tmp_path / "docs" / "dist" / "skills.md"
    for path, text in ((dep, "# Dep\n\n## Backdrop\n\nA dependency's backdrop.\n"),
                       (built, "# Skills\n\n## Backdrop\n\nThe skill's backdrop.\n")):
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
    ws.files_changed([dep, built])
    assert headings(ws.service(DocsIndex).search("backdrop")) == ["Skills › Backdrop"]
    assert headings(DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None).search("backdrop")) == \
        ["Skills › Backdrop"]


# --- persistence and incremental updates ------------------------------------------------------------------------
def test_index_is_persisted_and_reopened_without_rebuild(tmp_path):
    ws = make_ws(tmp_path)
    first = DocsIndex.build(ws, lambda m, p=None: None)
    folder = ws.cache_dir / INDEX_DIR
    assert (folder / MANIFEST).is_file() and str(folder).startswith(str(tmp_path / "cache"))
    stamp = (folder / MANIFEST).stat().st_mtime_ns
    first.close()
    again = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert (folder / MANIFEST).stat().st_mtime_ns == stamp  # opened, not rebuilt
    assert headings(again.search("addRow"))[0] == "Table › Table.addRow(options)"


def test_an_index_built_by_other_indexing_code_is_rebuilt(tmp_path, monkeypatch):
    # the chunker or the index's fields changed without a FORMAT bump: the old index must not be served
    from lsp_server.knowledge import docs_index

    ws = make_ws(tmp_path)
    DocsIndex.build(ws, lambda m, p=None: None).close()
    folder = ws.cache_dir / INDEX_DIR
    stamp = (folder / MANIFEST).stat().st_mtime_ns
    monkeypatch.setattr(docs_index, "_index_code", lambda: "other indexing code")
    again = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert (folder / MANIFEST).stat().st_mtime_ns != stamp  # rebuilt
    assert headings(again.search("addRow"))[0] == "Table › Table.addRow(options)"


def test_changed_file_is_reindexed_alone(tmp_path):
    ws = make_ws(tmp_path)
    index = ws.service(DocsIndex)
    fonts = tmp_path / "docs" / "guide" / "fonts.md"
    fonts.write_text(GUIDE_MD + "\n## Measuring\n\nUse `Font.measure(text)`.\n", encoding="utf-8")
    added = tmp_path / "docs" / "images.md"
    added.write_text("# Images\n\nA picture is an `Image`.\n", encoding="utf-8")
    generation = index.generation
    ws.files_changed([fonts, added])
    assert ws.service(DocsIndex) is index and index.generation == generation + 1
    assert headings(index.search("measure")) == ["Fonts › Measuring"]
    assert headings(index.search("Image")) == ["Images"]
    added.unlink()
    ws.files_changed([added])
    assert index.search("Image").hits == []
    # A restart sees the same state without rebuilding anything.
    index.close()
    folder = ws.cache_dir / INDEX_DIR
    stamp = (folder / MANIFEST).stat().st_mtime_ns
    reopened = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert (folder / MANIFEST).stat().st_mtime_ns == stamp
    assert headings(reopened.search("measure")) == ["Fonts › Measuring"] and not reopened.search("Image").hits


def test_edits_made_while_the_server_was_down_are_picked_up_at_start(tmp_path):
    ws = make_ws(tmp_path)
    DocsIndex.build(ws, lambda m, p=None: None).close()
    (tmp_path / "docs" / "table.md").write_text(TABLE_MD.replace("in a loop", "in a for-of loop"), encoding="utf-8")
    index = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert headings(index.search("for-of loop")) == ["Table › Table.addRow(options)"]


@pytest.mark.parametrize("damage", ["manifest", "segments", "toc", "count"])
def test_broken_index_is_detected_and_rebuilt(tmp_path, damage):
    ws = make_ws(tmp_path)
    DocsIndex.build(ws, lambda m, p=None: None).close()
    folder = ws.cache_dir / INDEX_DIR
    if damage == "manifest":
        (folder / MANIFEST).write_text("{not json", encoding="utf-8")
    elif damage == "segments":
        for f in folder.glob("*.seg"):
            f.unlink()
    elif damage == "toc":
        for f in folder.glob("*.toc"):
            f.write_bytes(b"garbage")
    else:  # a manifest we signed that disagrees with the index (a kill between commit and manifest)
        manifest, problem = integrity.read_signed_json(folder / MANIFEST, SIGNED_AS)
        assert problem is None
        next(iter(manifest["files"].values()))["chunks"] += 1
        integrity.write_signed_json(folder / MANIFEST, manifest, SIGNED_AS)
    index = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert headings(index.search("addRow"))[0] == "Table › Table.addRow(options)"


def test_whoosh_is_imported_only_by_docs_index():
    importers = [p.relative_to(REPO).as_posix() for p in (REPO / "lsp_server").rglob("*.py")
                 if any(line.lstrip().startswith(("import whoosh", "from whoosh"))
                        for line in p.read_text(encoding="utf-8").splitlines())]
    assert importers == ["lsp_server/knowledge/docs_index.py"]


def test_the_analyzer_stop_words_are_whoosh_s_english_ones():
    """docs_index writes whoosh's STOP_WORDS out so the analyzer loads without whoosh: they must agree (a change
    would change every index's terms)."""
    from whoosh.analysis import STOP_WORDS

    from lsp_server.knowledge.docs_index import WHOOSH_STOP_WORDS

    assert WHOOSH_STOP_WORDS == frozenset(STOP_WORDS)


def test_a_number_with_a_unit_is_one_term_in_docs_and_questions():
    # docs quote values such as note lengths and CSS sizes: split, `8t` was a bare 8 and a dropped letter
    docs = [t for t, _, _ in analyze('"8t" is an eighth-note triplet; width: 100px; a 3D panner')]
    assert "8t" in docs and "100px" in docs and "3d" in docs
    assert "px" in docs  # a unit still stands on its own when indexing
    assert query_terms("what does 8t mean") == ["8t", "mean"]
    # a plain number and a hex literal are read as before
    assert [t for t, _, _ in analyze("44100 Hz, 0x1F")] == ["44100", "hz", "x1f"]


def test_a_tag_pages_title_words_are_heading_words_of_each_of_its_sections(tmp_path, monkeypatch):
    from lsp_server.knowledge import chunker

    monkeypatch.setattr(chunker, "TAG_PAGES", True)  # measured, not shipped (round 38): the switch on
    # `@function lib/list.prototype.push push`: "push" is said only by the page's first tag, and its `## Use`
    # section (which never says it) is found by it with its own words
    page = ("@function lib/list.prototype.push push\n@parent lib/list.prototype\n\n@description Adds items.\n\n"
            "@body\n\n## Use\n\nConcatenate a whole array onto the end with apply.\n")
    other = "# Arrays\n\n## Joining\n\nConcatenate a whole array onto the end, then push it again.\n"
    index = DocsIndex.build(make_ws(tmp_path, {"list/prototype.add.md": page, "arrays.md": other}),
                            lambda m, p=None: None)
    assert headings(index.search("push apply")) == ["prototype.add › Use"]
    assert "Arrays › Joining" in headings(index.search("push concatenate"))
