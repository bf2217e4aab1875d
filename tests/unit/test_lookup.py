"""lookup_docs (pure function, command, CLI), concepts, search_queries and the docs hover."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lsp_server.commands import CommandContext, CommandError
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.knowledge.aliases import mine_aliases
from lsp_server.knowledge.concepts import ConceptsConfig, expand_concepts, match_concepts
from lsp_server.knowledge.chunker import chunk_file
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import docs_hover, lookup_docs
from lsp_server.surfaces.commands import lookup_docs_command, search_queries_command
from lsp_server.knowledge.search_queries import search_queries
from lsp_server.providers import RequestContext
from lsp_server.workspace import Workspace
from tests.conftest import trust_folder

DOCS = {
    "block.md": "# Block\n\nA `Block` (often called a box) stacks its children.\n\n## Block.setPadding(top, right)\n\n"
                "Set the inner spacing.\n\n```js\nconst box = page.addBlock();\nbox.setPadding(8, 12);\n```\n",
    "table.md": "# Table\n\nA `Table` — \"the grid\" — holds rows.\n\n## Table.addRow(options)\n\nAppend a row. Call it "
                "in a loop to add many rows.\n\n```js\nconst row = table.addRow();\n```\n\n## Table.getCell(row, column)\n\n"
                "Get a cell by position.\n",
    "guides/fonts.md": "# Fonts\n\n## Changing the font size\n\nAssign `fontSize` on a paragraph: `p.fontSize = 9`.\n",
    "faq.html": "<h1>FAQ</h1>\n<h2>What is a picture?</h2>\n<p>Designers say <em>picture</em> for an <code>Image</code>.</p>\n",
}


def make_ws(tmp_path: Path, extra: str = "", docs: dict | None = None) -> Workspace:
    for name, text in (docs or DOCS).items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "footprint.toml").write_text(f'cache_dir = ".cache-idx"\n[docs]\npaths = ["docs"]\n{extra}',
                                             encoding="utf-8")
    trust_folder(tmp_path)  # cache_dir is a trusted-only key
    ws = Workspace(tmp_path)
    assert not ws.settings.errors, [str(e) for e in ws.settings.errors]
    return ws


# --- the pure function --------------------------------------------------------------------------------------
def test_lookup_returns_ranked_chunks_with_lines_and_marked_snippets(tmp_path):
    ws = make_ws(tmp_path)
    result = lookup_docs(ws, "addRow")
    top = result.results[0]
    assert top.heading == "Table › Table.addRow(options)"
    assert top.path == (tmp_path / "docs" / "table.md").resolve()
    lines = top.path.read_text().splitlines()
    assert lines[top.start_line] == "## Table.addRow(options)" and lines[top.end_line] == "```"
    assert "**addRow**" in top.snippet and result.note is None


def test_no_match_says_so_and_offers_nearest_terms(tmp_path):
    result = lookup_docs(make_ws(tmp_path), "Table.addRows")
    assert result.results == []
    assert "'addRows' is not in the docs (did you mean: addRow?)" in result.note


def test_no_chunk_with_all_terms_says_which_terms_exist(tmp_path):
    result = lookup_docs(make_ws(tmp_path), "fontSize addRow")
    assert result.results == [] and "no chunk holds all of the terms" in result.note


def test_stopword_only_query(tmp_path):
    assert "no searchable terms" in lookup_docs(make_ws(tmp_path), "how do I").note


def test_no_docs_configured(tmp_path):
    (tmp_path / "footprint.toml").write_text('cache_dir = "c"\n', encoding="utf-8")
    result = lookup_docs(Workspace(tmp_path), "addRow")
    assert result.results == [] and "[docs] paths" in result.note


def test_path_argument_restricts_to_a_folder(tmp_path):
    ws = make_ws(tmp_path)
    assert lookup_docs(ws, "size", path="docs/guides").results
    assert not lookup_docs(ws, "size", path="docs/table.md").results


# --- concepts -------------------------------------------------------------------------------------------------
def test_concepts_section_is_a_free_mapping(tmp_path):
    ws = make_ws(tmp_path, '[concepts]\nsheet = ["Page"]\n"the grid" = ["Table"]\n')
    assert ws.settings.get(ConceptsConfig).words == {"sheet": ["Page"], "the grid": ["Table"]}
    (tmp_path / "footprint.toml").write_text('[concepts]\nsheet = "Page"\n', encoding="utf-8")
    errors = Workspace(tmp_path).settings.errors
    assert len(errors) == 1 and errors[0].line == 1 and "'sheet'" in errors[0].message


def test_aliases_are_mined_from_docs(tmp_path):
    chunks = [c for name, text in DOCS.items() for c in chunk_file(Path(name), text)]
    assert dict((w, s) for w, s in mine_aliases(chunks)) == {
        "box": ["Block"], "the grid": ["Table"], "picture": ["Image"]}


def test_expand_concepts_merges_configured_and_mined(tmp_path):
    ws = make_ws(tmp_path, '[concepts]\nsheet = ["Page"]\nbox = ["Container"]\n')
    found = expand_concepts(ws, "put a box on the sheet next to the grid")
    assert found == [("box", ["Container", "Block"]), ("sheet", ["Page"]), ("the grid", ["Table"])]
    assert match_concepts({"grid": ["Table"], "the grid": ["Table"]}, "resize the grid") == [("the grid", ["Table"])]


def test_concept_words_are_expanded_when_the_literal_search_finds_nothing(tmp_path):
    ws = make_ws(tmp_path)
    result = lookup_docs(ws, "box padding")
    assert result.results[0].heading == "Block › Block.setPadding(top, right)"
    assert result.note is None  # `box` is literally in the example code: no expansion needed
    result = lookup_docs(ws, "the grid cell position")
    assert result.results and result.results[0].heading == "Table › Table.getCell(row, column)"
    assert result.expansions == ["the grid -> Table"]
    assert "expanded concept" in result.note and "Table cell position" in result.note


# --- search_queries -----------------------------------------------------------------------------------------------
def _shares_most(a: str, b: str) -> bool:
    sa, sb = set(a.lower().split()), set(b.lower().split())
    return len(sa & sb) * 2 > min(len(sa), len(sb))


def test_search_queries_gives_different_angles():
    question = "How do I add many rows to a table?"
    queries = search_queries(question, vocabulary={"addRow", "Table"}.__contains__)
    assert queries == ["add rows table", "Table.addRow"]
    words = sorted(question.lower().strip("?").split())
    assert all(sorted(q.lower().split()) != words for q in queries)  # never merely reordered
    assert len(set(queries)) == len(queries)


ENGINE_NAMES = {"Table": 5, "addRow": 4, "addHeaderRow": 2, "repeatHeader": 3, "Row": 6, "getRow": 1, "Page": 8}


def _names(word: str) -> dict[str, int]:
    from lsp_server.knowledge.docs_index import identifier_words, singular

    return {i: n for i, n in ENGINE_NAMES.items() if singular(word.lower()) in identifier_words(i)}


@pytest.mark.parametrize("question", [
    "how do I make a table with a header row that repeats on each page",
    "How do I add many rows to a table?",
    "how can I change the font size of a paragraph",
    "get the third row of a table",
    "free the memory used by a sound",
    "notify me when a row changes and remove the header",
])
def test_search_queries_angles_never_share_most_of_their_words(question):
    """The issue's case: "make table header row repeats page" and "table header row repeats page" were the
    same words twice. Angles now come from different vocabularies: the asker's, the engine's, the code's."""
    queries = search_queries(question, vocabulary=ENGINE_NAMES.__contains__, names=_names)
    assert queries
    for i, a in enumerate(queries):
        for b in queries[i + 1:]:
            assert not _shares_most(a, b), queries


def test_search_queries_map_the_question_to_the_engine_vocabulary():
    queries = search_queries("how do I make a table with a header row that repeats on each page",
                             vocabulary=ENGINE_NAMES.__contains__, names=_names)
    assert queries[0] == "make table header row repeats page"  # the focused how-to
    assert "addHeaderRow" in queries[1].split() and "repeatHeader" in queries[1].split()  # engine names
    assert queries[2] == "Table.addHeaderRow"  # the example-code angle


SOUND_NAMES = {"Howl": 6, "unload": 2, "play": 9, "sounds": 3, "html": 4, "volume": 5}
SOUND_USES = {"unload": {"sound.unload": 2, "Howler.unload": 1}, "play": {"sound.play": 9},
              "html": {"Sounds.html": 4}, "sounds": {}, "volume": {"sound.volume": 3}}


def _sound_names(word: str) -> dict[str, int]:
    from lsp_server.knowledge.docs_index import identifier_words, singular

    return {i: n for i, n in SOUND_NAMES.items() if singular(word.lower()) in identifier_words(i)}


def _sound_uses(member: str) -> dict[str, int]:
    return SOUND_USES.get(member, {})


def test_search_queries_reach_the_engine_name_through_a_thesaurus_synonym():
    # "free" is in the thesaurus group of "release / dispose / unload": the docs' code calls `sound.unload()`
    queries = search_queries("free the memory used by a sound", vocabulary=SOUND_NAMES.__contains__,
                             names=_sound_names, usages=_sound_uses)
    assert queries == ["free memory used sound", "unload", "sound.unload"]


def test_search_queries_skip_names_equal_to_the_question_words_and_file_names():
    # `sounds` (a file name's stem) is the question's own word; `html` is only ever a file extension
    queries = search_queries("show the sounds in an html page", vocabulary=SOUND_NAMES.__contains__,
                             names=_sound_names, usages=_sound_uses)
    assert queries == ["show sounds html page"]


def test_search_queries_a_question_of_content_words_only_keeps_itself_as_the_focused_angle():
    queries = search_queries("unload sounds", vocabulary=SOUND_NAMES.__contains__, names=_sound_names,
                             usages=_sound_uses)
    assert queries[0] == "unload sounds"


def test_search_queries_without_vocabulary_has_no_reworded_copy():
    assert search_queries("how can I change the font size of a paragraph") == ["change font size paragraph"]


@pytest.mark.parametrize("symbol", ["Table.addRow", "addRow()", "`Document.create`", "fontSize"])
def test_search_queries_fact_lookup_is_one_query(symbol):
    assert search_queries(symbol) == [symbol.strip("`").removesuffix("()")]


def test_lookup_expand_runs_every_angle_and_fuses(tmp_path):
    ws = make_ws(tmp_path)
    plain = lookup_docs(ws, "how do I add many rows to a table in a loop")
    expanded = lookup_docs(ws, "how do I add many rows to a table in a loop", expand=True)
    assert expanded.results[0].heading == "Table › Table.addRow(options)"
    assert len(expanded.queries) >= 3 and "fused" in expanded.note
    assert len(expanded.results) >= len(plain.results)


# --- the command and the CLI -----------------------------------------------------------------------------------------
def test_command_json_contract(tmp_path):
    ws = make_ws(tmp_path)
    out = lookup_docs_command(CommandContext(ws), {"query": "addRow", "limit": 2})
    assert set(out) >= {"query", "results", "debug"}
    assert len(out["results"]) <= 2
    item = out["results"][0]
    # The LSP command's form: paths relative to the workspace root, each with its file URI (the CLI has no uri).
    assert set(item) == {"path", "uri", "start_line", "end_line", "heading", "snippet", "score"}
    assert item["uri"] == (ws.root / item["path"]).as_uri()
    assert out["debug"]["status"] == "live"
    json.dumps(out)


@pytest.mark.parametrize("args,message", [
    ({}, "missing argument 'query'"),
    ({"query": "  "}, "empty"),
    ({"query": "x", "limit": 0}, "between 1 and 50"),
    ({"query": "x", "expand": "yes"}, "true or false"),
    ({"query": "x", "turn_id": ["a"]}, "turn_id"),
    ({"query": "x", "known_symbols": "Table"}, "list of strings"),
])
def test_command_rejects_bad_arguments(tmp_path, args, message):
    with pytest.raises(CommandError, match=message):
        lookup_docs_command(CommandContext(make_ws(tmp_path)), args)


def test_command_notes_show_the_loop_controls(tmp_path):
    ctx = CommandContext(make_ws(tmp_path), client_id="agent-1")
    outs = [lookup_docs_command(ctx, {"query": "addRow", "turn_id": "T"}) for _ in range(5)]
    assert [o["debug"]["status"] for o in outs] == ["live", "cached", "cached", "cached", "blocked"]
    assert outs[-1]["results"] == [] and "Earlier answer: 1 result(s), top: Table › Table.addRow" in outs[-1]["note"]
    known = lookup_docs_command(ctx, {"query": "getCell", "known_symbols": ["Table.getCell"]})
    assert known["results"] == [] and "already provided" in known["note"]
    assert outs[-1]["debug"]["searches"] == 1


def test_cache_is_invalidated_when_the_docs_change(tmp_path):
    ws = make_ws(tmp_path)
    ctx = CommandContext(ws, client_id="agent")
    assert lookup_docs_command(ctx, {"query": "measure", "turn_id": "1"})["results"] == []
    fonts = tmp_path / "docs" / "guides" / "fonts.md"
    fonts.write_text(fonts.read_text() + "\n## Measuring\n\nCall `Font.measure(text)` to measure.\n")
    ws.files_changed([fonts])
    out = lookup_docs_command(ctx, {"query": "measure", "turn_id": "1"})
    assert out["debug"]["status"] == "live" and out["results"][0]["heading"] == "Fonts › Measuring"


def test_search_queries_command(tmp_path):
    ctx = CommandContext(make_ws(tmp_path))
    out = search_queries_command(ctx, {"question": "how do I add many rows to a table"})
    assert out["queries"][-1] == "Table.addRow"
    with pytest.raises(CommandError):
        search_queries_command(ctx, {"question": ""})


# --- hover ----------------------------------------------------------------------------------------------------------
def hover_at(ws: Workspace, source: str, needle: str, delta: int = 1):
    path = ws.root / "src" / "app.js"
    doc = ParsedDocument.create(path_to_uri(path), source)
    offset = source.encode().index(needle.encode()) + delta
    return docs_hover(doc, offset, RequestContext(ws))


def test_hover_shows_the_doc_chunk_of_a_member(tmp_path):
    ws = make_ws(tmp_path)
    ws.service(DocsIndex)
    src = "const t = box.addTable();\nconst r = t.addRow();\n"
    info = hover_at(ws, src, "addRow")
    assert info is not None and info.markdown.startswith("**Table › Table.addRow(options)** — [docs/table.md:5](file://")
    assert "Append a row." in info.markdown
    assert src.encode()[info.start:info.end] == b"addRow"


def test_hover_on_a_class_name_and_nothing_for_unknown_or_local_names(tmp_path):
    ws = make_ws(tmp_path)
    ws.service(DocsIndex)
    src = "const row = new Block();\nconst x = row.frobnicate();\n"
    assert "A `Block` (often called a box)" in hover_at(ws, src, "Block").markdown
    assert hover_at(ws, src, "frobnicate") is None
    assert hover_at(ws, src, "row", delta=0) is None  # a local variable: docs mention `row`, but it is noise


def test_hover_before_the_index_is_built_is_none(tmp_path):
    ws = make_ws(tmp_path)
    assert hover_at(ws, "t.addRow();\n", "addRow") is None


def test_hover_on_a_local_named_like_a_concept_shows_no_faq_and_no_repeated_heading(tmp_path):
    """Issue 20.11: `box` (a local variable) showed the FAQ's "What is a box?" while `page` showed nothing; a
    chunk that opens with its own heading showed it twice."""
    ws = make_ws(tmp_path)
    ws.service(DocsIndex)
    src = "const box = new Block();\nbox.addTable();\nconst t = box.addTable();\nt.addRow();\n"
    assert hover_at(ws, src, "box.addTable", delta=0) is None
    info = hover_at(ws, src, "addRow")
    heading_tail = info.markdown.split("\n", 1)[0].split(" › ")[-1].split("**")[0]
    assert info.markdown.count(heading_tail) == 1, info.markdown


GREP_DOCS = {"audio.md": """# Audio

## Volume
Set the volume of every sound between 0 and 1. Sounds load from the network.

## Sound sprites
Define named segments of one file and play a segment by name: `sound.play("blast")`.

## Loading
Sounds load from URLs; the load event fires when loading is done. Sounds load in order.

## Module formats
Use the library through AMD with `require(["audio"], ...)` or as a browser global.
"""}


def test_grep_angle_ranks_by_words_held_and_by_their_rarity(tmp_path):
    index = make_ws(tmp_path, docs=GREP_DOCS).service(DocsIndex)
    # substrings, as grep matches them: "segment" in "segments", "load" in "loading"
    hits, _ = index.grep(["play", "segment", "file"], limit=3)
    assert hits[0].heading == "Audio › Sound sprites"
    assert index.grep(["load", "library", "amd"], limit=1)[0][0].heading == "Audio › Module formats"  # all 3
    by_count, by_rarity = index.grep(["load", "amd"], limit=1)
    assert by_count[0].score == 1  # no section holds both
    assert by_rarity[0].heading == "Audio › Module formats"


def test_grep_angle_puts_the_shorter_of_two_sections_holding_as_many_words_first(tmp_path):
    """A tie in words held goes to the shorter section, which is more about them, not to the docs' order (with
    several engines' docs in one index, the order of their folders' names decided every tie)."""
    docs = {"a-engine/README.md": "# A\n\n## Servers\n\nStart a server. " + "Many other things are said here. " * 30,
            "b-engine/README.md": "# B\n\n## Server start\n\nStart a server on a port.\n"}
    by_count, by_rarity = make_ws(tmp_path, docs=docs).service(DocsIndex).grep(["server", "start"], limit=2)
    assert [h.heading for h in by_count] == ["B › Server start", "A › Servers"]
    assert [h.heading for h in by_rarity] == ["B › Server start", "A › Servers"]


def test_grep_angle_counts_each_chunk_once_per_word_and_keeps_to_a_folder(tmp_path):
    docs = dict(GREP_DOCS)
    docs["more/extra.md"] = "# Extra\n\n## Preload\nload load load, then amd.\n"
    ws = make_ws(tmp_path, docs=docs)
    index = ws.service(DocsIndex)
    by_count, by_rarity = index.grep(["load", "amd"], limit=10)
    # "Preload" says load three times and amd once: two words, like Module formats (amd, "audio" not asked)
    assert [h.heading for h in by_count][:1] == ["Extra › Preload"] and by_count[0].score == 2
    assert sorted(h.score for h in by_count).count(2) == 1 and {h.score for h in by_count} <= {1, 2}
    inside, _ = index.grep(["load", "amd"], limit=10, under=(tmp_path / "docs" / "more").resolve())
    assert [h.heading for h in inside] == ["Extra › Preload"]


def test_expanded_lookup_reaches_a_section_holding_only_the_rarest_word(tmp_path):
    ws = make_ws(tmp_path, docs=GREP_DOCS)
    # the answer holds one of the question's words, the rarest: no literal angle, relaxed or partial query
    # reaches it; the rarity-weighted grep ranking puts it first
    result = lookup_docs(ws, "load sounds from a script tag or AMD", limit=3, expand=True)
    assert "Audio › Module formats" in [h.heading for h in result.results]


def test_how_to_results_are_distinct_sections(tmp_path):
    """A long section is split into several chunks; the how-to search gives each section one place (its
    best chunk), so the next section is not pushed out of the top results by the same section's repeats."""
    para = ("Stream the rows of a large sheet to a file with the streaming writer: each row is committed and "
            "written out, so memory stays flat however many rows there are.\n\n")
    long_section = "# Writer\n\n## Streaming rows\n\n" + para * 60
    other = "# Reader\n\n## Reading rows back\n\nRead the rows of a file one at a time with the streaming reader.\n"
    ws = make_ws(tmp_path, docs={"writer.md": long_section, "reader.md": other})
    chunks = chunk_file(tmp_path / "docs" / "writer.md", long_section)
    assert sum(c.heading == "Writer › Streaming rows" for c in chunks) >= 5  # split in more than the top 5
    results = lookup_docs(ws, "how do I stream rows to a file without running out of memory", limit=5,
                          expand=True).results
    sections = [(r.path, r.heading) for r in results]
    assert len(sections) == len(set(sections))
    assert results[0].heading == "Writer › Streaming rows"
    assert ("Reader › Reading rows back") in [r.heading for r in results]


# --- the doc-file prior (several engines' docs in one index) -------------------------------------------------
TWO_ENGINES = {
    # chess-like docs: the board, pieces and squares are their words; one section says "print" in passing
    "chess/README.md": "# Chess\n\n## .board()\n\nThe board as an array of rows of pieces by square.\n\n"
                       "## .ascii()\n\nA text diagram of the board: pieces on squares, rank and file labels.\n\n"
                       "## .move(san)\n\nMove a piece from square to square on the board.\n\n"
                       "## .put(piece, square)\n\nPlace a piece on a square of the board.\n",
    # a logging engine: "print" and "text" in every section
    "logger/README.md": "# Logger\n\n## Printing text\n\nPrint plain text to the terminal.\n\n"
                        "## Colours\n\nPrint text in colour to the terminal.\n\n"
                        "## Levels\n\nPrint text only at or above a level.\n\n"
                        "## Files\n\nPrint text to a file instead of the terminal.\n",
}


def test_file_affinity_points_at_the_engine_whose_words_the_question_uses(tmp_path):
    from lsp_server.knowledge.thesaurus import question_concepts

    ws = make_ws(tmp_path, docs=TWO_ENGINES)
    index = ws.service(DocsIndex)
    aff = index.file_affinity(question_concepts("show the board with its pieces as plain text"))
    chess = next(f for f in aff if "chess" in f)
    logger = next(f for f in aff if "logger" in f)
    assert aff[chess] > aff[logger]
    aff = index.file_affinity(question_concepts("print text in colour"))
    assert aff[logger] > aff[chess]


def test_file_affinity_counts_sections_so_a_long_table_split_into_chunks_does_not_dilute_its_file(tmp_path,
                                                                                                  monkeypatch):
    """A generated reference table split between its rows (`chunker.SPLIT_TABLES`) is one section of many chunks:
    its file's share of the question's words is counted over sections, as if the table were a few rows long."""
    from lsp_server.knowledge import chunker, docs_index
    from lsp_server.knowledge.thesaurus import question_concepts

    monkeypatch.setattr(chunker, "SPLIT_TABLES", True)  # measured, not shipped: the switches' setting

    def affinity(rows: int, by_section: bool, where: Path) -> float:
        monkeypatch.setattr(docs_index, "AFFINITY_BY_SECTION", by_section)
        table = "\n".join(f"| `field{i}` | `number` | the width of widget {i} in pixels, or zero |" for i in range(rows))
        docs = dict(TWO_ENGINES)
        docs["logger/README.md"] += "\n## Reference\n\n| Name | Type | Description |\n| --- | --- | --- |\n" + table + "\n"
        index = make_ws(where, docs=docs).service(DocsIndex)
        aff = index.file_affinity(question_concepts("print text in colour"))
        return aff[next(f for f in aff if "logger" in f)] - aff[next(f for f in aff if "chess" in f)]

    long_rows = 400  # ~25 KB: split into dozens of chunks
    assert affinity(long_rows, True, tmp_path / "a") == pytest.approx(affinity(3, True, tmp_path / "b"))
    # counted in chunks, the table's rows outnumber the prose: the logger's lead shrinks
    assert affinity(long_rows, False, tmp_path / "c") < affinity(3, False, tmp_path / "d") - 0.1


def test_file_affinity_is_empty_with_one_doc_file(tmp_path):
    from lsp_server.knowledge.thesaurus import question_concepts

    ws = make_ws(tmp_path, docs={"chess/README.md": TWO_ENGINES["chess/README.md"]})
    assert ws.service(DocsIndex).file_affinity(question_concepts("show the board")) == {}


def test_file_prior_lifts_the_hits_of_the_file_the_question_points_at():
    from lsp_server.knowledge.lookup import DocHit, file_prior

    a, b = Path("/d/a.md"), Path("/d/b.md")
    hits = [DocHit(b, 0, 1, "B1", "", 0.30, chunk_id="b1"), DocHit(a, 0, 1, "A1", "", 0.25, chunk_id="a1"),
            DocHit(b, 2, 3, "B2", "", 0.10, chunk_id="b2")]
    lifted = file_prior(hits, {str(a): 3.0, str(b): 0.0})
    assert [h.chunk_id for h in lifted] == ["a1", "b1", "b2"]  # a's share ~0.95: 0.25 x 1.95 > 0.30 x 1.05
    even = file_prior(hits, {str(a): 0.0, str(b): 0.0})
    assert [h.chunk_id for h in even] == ["b1", "a1", "b2"]  # words spread evenly: the order is kept
    assert file_prior(hits, {}) == hits


def test_a_changelog_section_falls_below_a_usage_section_unless_the_question_asks_about_changes(tmp_path, monkeypatch):
    from lsp_server.knowledge import lookup
    from lsp_server.knowledge.lookup import DocHit, demote_changelogs

    log = DocHit(Path("/d/README.md"), 90, 99, "Release History[⬆](#contents)<!-- generated -->", "", 0.30,
                 chunk_id="log")
    usage = DocHit(Path("/d/README.md"), 10, 19, "Guide › Adding rows", "", 0.20, chunk_id="usage")
    method = DocHit(Path("/d/README.md"), 30, 39, "API › .history()", "", 0.10, chunk_id="method")
    assert [h.chunk_id for h in demote_changelogs([log, usage, method])] == ["usage", "log", "method"]
    # a member named history is not a changelog
    assert [h.score for h in demote_changelogs([usage, method])] == [0.20, 0.10]
    docs = {"guide.md": "# Guide\n\n## Adding rows\n\nCall `table.addRow(values)` to add rows to a table.\n",
            "CHANGES.md": "# Changelog\n\n* 2.0: rows can be added to a table with addRow\n"
                          "* 1.9: table rows fixed, adding many rows is faster\n"}
    ws = make_ws(tmp_path, docs=docs)
    # the changelog holds more of these words ("many", "faster") than the guide: it falls below it
    top = lookup_docs(ws, "add many rows to a table faster", expand=True).results
    assert [h.heading for h in top] == ["Guide › Adding rows", "Changelog"]
    # a question about versions keeps the changelog's own score
    asked = lookup_docs(ws, "which version changed how rows are added to a table", expand=True).results
    log_score = next(h.score for h in asked if h.heading == "Changelog")
    monkeypatch.setattr(lookup, "CHANGELOG_WEIGHT", 1.0)
    again = lookup_docs(ws, "which version changed how rows are added to a table", expand=True).results
    assert next(h.score for h in again if h.heading == "Changelog") == log_score
    assert [h.heading for h in lookup_docs(ws, "add many rows to a table faster", expand=True).results][0] == \
        "Changelog"  # undemoted, it would lead: the demotion is what puts the guide first


def test_doc_collections_are_the_folders_below_the_one_all_files_share():
    from lsp_server.knowledge.docs_index import collection_of

    files = ["/w/docs/chess/README.md", "/w/docs/web/README.md", "/w/docs/web/docs/Reference/Routes.md",
             "/w/docs/NOTES.md"]
    assert collection_of(files) == {"/w/docs/chess/README.md": "/w/docs/chess", "/w/docs/web/README.md": "/w/docs/web",
                                    "/w/docs/web/docs/Reference/Routes.md": "/w/docs/web",
                                    "/w/docs/NOTES.md": "/w/docs/NOTES.md"}
    assert collection_of(["/w/docs/a.md"]) == {"/w/docs/a.md": "/w/docs/a.md"}


def test_collection_affinity_pools_an_engines_files(tmp_path):
    """An engine whose docs are several files is one collection: the question's words count over all of them."""
    from lsp_server.knowledge.thesaurus import question_concepts

    docs = dict(TWO_ENGINES)
    docs["logger/docs/colours.md"] = "# Colours\n\n## Palette\n\nPrint text in colour: red, green, blue.\n"
    index = make_ws(tmp_path, docs=docs).service(DocsIndex)
    grouped = index.file_affinity(question_concepts("print text in colour"), collections=True)
    assert len(grouped) == 2 and max(grouped, key=grouped.get).endswith("logger")
    assert set(index.collections().values()) == set(grouped)


def test_code_ranking_finds_the_section_whose_example_calls_the_member_named_by_the_question(tmp_path):
    """`search_concepts(code=True)` ranks by the identifiers of the sections' code only, split into their words
    (`startFollow` -> start, follow): prose that merely says the word is not code (the round-13 code ranking,
    a how-to variant kept off in the fusion: `lookup.CODE_WEIGHT`)."""
    from lsp_server.knowledge.thesaurus import question_concepts

    docs = {"guide.md": "# Camera\n\n## Overview\n\nThe camera can follow, follow and follow again: follow is a word "
                        "said here in prose only.\n\n## Tracking a sprite\n\n```js\ncamera.startFollow(player, true);\n"
                        "```\n"}
    index = make_ws(tmp_path, docs=docs).service(DocsIndex)
    hits = index.search_concepts(question_concepts("follow the player"), limit=5, code=True)
    assert [h.heading for h in hits] == ["Camera › Tracking a sprite"]
    # the whole-text ranking holds both sections
    assert {h.heading for h in index.search_concepts(question_concepts("follow"), limit=5)} == \
        {"Camera › Overview", "Camera › Tracking a sprite"}


def test_an_engine_whose_docs_are_many_files_is_lifted_as_one_collection(tmp_path):
    """A question in the words of one engine whose docs are many small files: each file alone is too small to
    say anything (its affinity is smoothed toward the whole), the engine's collection does, so its sections take
    the top places and another engine's section that merely holds the same words falls below them."""
    rules = "".join(f"## Rule {i}\n\nA piece moves across square {i} of the board.\n\n" for i in range(20))
    docs = {"chess/README.md": "# Chess\n\n" + rules + "## Printing the board\n\nPrint the board as text in the terminal.\n"}
    for i in range(20):  # a logging engine of 20 one-section files
        docs[f"logger/docs/topic{i}.md"] = f"# Topic {i}\n\n## Output {i}\n\nPrint text lines to the terminal, rule {i}.\n"
    top = lookup_docs(make_ws(tmp_path, docs=docs), "print text to the terminal", limit=3, expand=True).results
    assert [h.heading for h in top] == ["Topic 0 › Output 0", "Topic 1 › Output 1", "Topic 2 › Output 2"]


def test_a_clause_leader_the_fusion_barely_supports_is_not_put_first():
    """A clause's best section goes first only when the fusion scores it at least `CLAUSE_LEADER_SHARE` of the
    best hit (round 14 put it first at any score: a changelog line fused at a tenth of the top went first)."""
    from lsp_server.knowledge.lookup import DocHit, leaders_first

    d = Path("/d/a.md")
    hits = [DocHit(d, 0, 1, "Answer", "", 2.0, chunk_id="answer"), DocHit(d, 2, 3, "Clause", "", 1.2, chunk_id="clause"),
            DocHit(d, 4, 5, "Other", "", 0.9, chunk_id="other"), DocHit(d, 6, 7, "Changelog", "", 0.2, chunk_id="log")]
    assert [h.chunk_id for h in leaders_first(hits, {"log"})] == ["answer", "clause", "other", "log"]
    assert [h.chunk_id for h in leaders_first(hits, {"log", "clause"})] == ["clause", "answer", "other", "log"]
    assert leaders_first(hits, set()) == hits


def test_the_collection_a_question_points_at_clearly_lifts_its_section_over_a_better_scored_one_elsewhere():
    """The collection prior (`COLLECTION_PRIOR`, 2 in rounds 13-14): with the question's words ~7 times as likely
    in collection a's docs (affinity 2 against 0), a's section fused at 0.12 passes b's at 0.30."""
    from lsp_server.knowledge import lookup
    from lsp_server.knowledge.lookup import DocHit, file_prior

    hits = [DocHit(Path("/d/b/x.md"), 0, 1, "B", "", 0.30, chunk_id="b"),
            DocHit(Path("/d/a/y.md"), 0, 1, "A", "", 0.12, chunk_id="a")]
    of = {"/d/b/x.md": "b", "/d/a/y.md": "a"}
    lifted = file_prior(hits, {"a": 2.0, "b": 0.0}, lookup.COLLECTION_PRIOR, key=lambda p: of[p])
    assert [h.chunk_id for h in lifted] == ["a", "b"]  # 0.12 x (1 + 4 x 0.88) > 0.30 x (1 + 4 x 0.12)


def test_the_collection_prior_weighs_less_when_the_dense_ranking_joined_the_fusion():
    """The dense ranking already brings the engine the question is about; a strong prior from the question's
    words then lifts the engine they merely sound like (round 15: 4 over the lexical rankings alone, 2 with it)."""
    from lsp_server.knowledge.lookup import collection_prior_weight

    assert collection_prior_weight(dense_ran=False) == 4.0
    assert collection_prior_weight(dense_ran=True) == 2.0


MARKER_DOCS = {
    "server/README.md": "# Server\n\n"
    "## Example\n\nAn example: the client gets a reply written by the server.\n\n```js\nserver.listen(8080)\n```\n\n"
    "## Example\n\nAnother example that shows how a reply is written.\n\n```js\nserver.get('/', handler)\n```\n\n"
    "## Example\n\nOne more example.\n\n```js\nserver.close()\n```\n\n"
    "## onSend hook\n\nAlter the payload of a reply before it goes out.\n\n"
    "```js\nserver.addHook('onSend', async (req, reply, payload) => payload)\n```\n\n"
    "## Logging\n\nWrite a line for every request.\n",
}


def test_a_for_example_marker_does_not_lead_the_search_to_sections_headed_example(tmp_path):
    """"..., for example to compress it": the marker introduces an illustration, its word `example` is no
    subject. Searched with it, the sections headed `Example` (every engine's reference pages have many) held
    it in their heading and lead and came first; without it, the section about changing the payload does."""
    ws = make_ws(tmp_path, docs=MARKER_DOCS)
    q = "change the payload of a reply, for example to compress it"
    top = lookup_docs(ws, q, limit=3, expand=True).results
    assert top and top[0].heading.endswith("onSend hook"), [h.heading for h in top]
    from lsp_server.knowledge.rag import retrieve

    hits = retrieve(ws, q, limit=3, semantic=False).hits
    assert hits[0].heading.endswith("onSend hook")


def test_without_markers_leaves_out_only_the_discourse_marker():
    from lsp_server.knowledge.question_words import without_markers

    assert without_markers("alter the body, for example to compress it") == "alter the body, to compress it"
    assert without_markers("a string, e.g. a hex color") == "a string, a hex color"
    assert without_markers("for instance: x") == ": x"
    assert without_markers("an example of creating a document") == "an example of creating a document"
    assert without_markers("for example") == "for example"  # nothing would be left


REPEATED_HEADING_PAGE = """# {name}

Generate {name} with a model.

## Settings

### Abort signals and timeouts

Pass an `abortSignal` to stop a command that hangs: the signal ends it after five seconds.

```js
await generate{name}({{ abortSignal: AbortSignal.timeout(5000) }});
```
"""
REPEATED_HEADING_DOCS = {f"{n}.md": REPEATED_HEADING_PAGE.format(name=n)
                         for n in ("Speech", "Images", "Video", "Embeddings", "Transcripts")}
REPEATED_HEADING_DOCS["process.md"] = """# Processes

Start programs from your script.

## Using timeout and killSignal

Set `timeout` to kill the subprocess after some milliseconds; `killSignal` chooses which signal is sent.

```js
spawn({ cmd: ["sleep", "10"], timeout: 5000, killSignal: "SIGKILL" });
```
"""


def test_the_same_section_of_many_generated_pages_does_not_fill_the_top_places(tmp_path):
    """Five model pages share `Settings › Abort signals and timeouts`, in the question's words; the first
    keeps its place, its repeats make room for the process page's own section about the same thing."""
    ws = make_ws(tmp_path, docs=REPEATED_HEADING_DOCS)
    q = "stop a command that hangs after five seconds, and choose which signal ends it"
    top = [h.heading for h in lookup_docs(ws, q, limit=3, expand=True).results]
    assert top[0].endswith("Abort signals and timeouts"), top
    assert "Processes › Using timeout and killSignal" in top, top


def test_demote_repeated_headings_keeps_the_first_and_lowers_its_repeats():
    from lsp_server.knowledge.lookup import DocHit, demote_repeated_headings

    a = DocHit(Path("/d/a.md"), 0, 9, "A › Settings › `Timeouts`", "", 0.30, chunk_id="a")
    b = DocHit(Path("/d/b.md"), 0, 9, "B › Settings › Timeouts", "", 0.28, chunk_id="b")
    c = DocHit(Path("/d/c.md"), 0, 9, "C › Killing a process", "", 0.20, chunk_id="c")
    d = DocHit(Path("/d/d.md"), 0, 9, "D › Timeouts", "", 0.10, chunk_id="d")
    out = demote_repeated_headings([a, b, c, d])
    assert [h.chunk_id for h in out] == ["a", "c", "b", "d"]
    assert [h.score for h in out] == [0.30, 0.20, 0.14, 0.05]
    assert demote_repeated_headings([a, c]) == [a, c]  # no repeat: unchanged


# --- one page's sections in the top places (round 31 after its held-out run) ------------------------------------
CROWDED_DOCS = {
    "framework.md": "# Transparency framework\n\nThe framework lets a site ask consent for advertising partners.\n\n"
        "## Advertising partners\n\nAdvertising partners are the companies a site works with; each partner "
        "declares its purposes.\n\n"
        "## Legitimate interest\n\nA partner may process data under legitimate interest instead of consent; "
        "people can object to it per partner.\n\n"
        "## Purposes\n\nEach advertising partner lists the purposes it asks for, consent or legitimate interest.\n\n"
        "## How the site implements it\n\nThe site shows every advertising partner and its legitimate interest "
        "claims in its own dialog.\n",
    "dialog.md": "# Dialog\n\nThe dialog shows the choices.\n\n## Tabs\n\n### Vendors tab\n\nA text box finds "
        "vendors by name. Each vendor row shows its legitimate interest setting.\n",
}


def test_one_pages_sections_leave_a_place_for_another_pages_answer(tmp_path, monkeypatch):
    """Every section of the framework page holds the question's words (advertising partners, legitimate
    interest); the dialog page's tab that answers holds fewer. The page's best two keep their places, its
    third and later sections make room for the tab (6th without `demote_crowded_pages`, which is off as shipped:
    `CROWDED_PAGE_WEIGHT` 1, measured on and not shipped in round 31)."""
    from lsp_server.knowledge import lookup

    q = "search advertising partners and toggle legitimate interest per company"
    monkeypatch.setattr(lookup, "CROWDED_PAGE_WEIGHT", 0.5)
    top = [h.heading for h in lookup_docs(make_ws(tmp_path / "on", docs=CROWDED_DOCS), q, limit=3,
                                          expand=True).results]
    assert top[:2] == ["Transparency framework › Legitimate interest", "Transparency framework › Purposes"], top
    assert "Dialog › Tabs › Vendors tab" in top, top
    monkeypatch.setattr(lookup, "CROWDED_PAGE_WEIGHT", 1.0)
    off = [h.heading for h in lookup_docs(make_ws(tmp_path / "off", docs=CROWDED_DOCS), q, limit=5,
                                          expand=True).results]
    assert "Dialog › Tabs › Vendors tab" not in off, off


def test_demote_crowded_pages_keeps_a_pages_best_two_and_lowers_the_rest(monkeypatch):
    from lsp_server.knowledge import lookup
    from lsp_server.knowledge.lookup import DocHit, demote_crowded_pages

    monkeypatch.setattr(lookup, "CROWDED_PAGE_WEIGHT", 0.5)
    a1 = DocHit(Path("/d/a.md"), 0, 9, "A › One", "", 0.40, chunk_id="a1")
    a2 = DocHit(Path("/d/a.md"), 10, 19, "A › Two", "", 0.30, chunk_id="a2")
    a3 = DocHit(Path("/d/a.md"), 20, 29, "A › Three", "", 0.28, chunk_id="a3")
    b = DocHit(Path("/d/b.md"), 0, 9, "B › Tab", "", 0.20, chunk_id="b")
    a4 = DocHit(Path("/d/a.md"), 30, 39, "A › Four", "", 0.10, chunk_id="a4")
    out = demote_crowded_pages([a1, a2, a3, b, a4])
    assert [h.chunk_id for h in out] == ["a1", "a2", "b", "a3", "a4"]
    assert [h.score for h in out] == [0.40, 0.30, 0.20, 0.14, 0.05]
    assert demote_crowded_pages([a1, a2, b]) == [a1, a2, b]  # no page with more than two: unchanged


# --- page titles and the page ranking (round 18 after its held-out run) ---------------------------------------
WIDGET_DOCS = {
    "widgets/dialog.md": "# Dialog\n\nA dialog appears above the page. A dialog asks for attention; open the dialog "
                         "with its `open` property.\n\n```html\n<x-dialog label=\"Dialog\">Hello</x-dialog>\n```\n\n"
                         "## Examples\n\n### Width\n\nSet the dialog's width with a custom property.\n\n"
                         "### Light Dismissal\n\nTo close it when the user clicks on the overlay, add the "
                         "`light-dismiss` attribute.\n\n```html\n<x-dialog light-dismiss></x-dialog>\n```\n",
    "widgets/drawer.md": "# Drawer\n\nA drawer slides in from an edge of the screen.\n\n## Examples\n\n### Placement\n\n"
                         "Use `placement` to slide it in from the start, end, top or bottom.\n",
    "guides/theming.md": "# Theming\n\n## Backgrounds\n\nThe background of a window, and the background of the "
                         "page, are set by the theme. Close buttons and clicks on a window's background use "
                         "the theme's colours.\n",
}


def test_title_matches_a_page_named_by_the_question_or_by_its_thesaurus_synonym(tmp_path):
    from lsp_server.knowledge.thesaurus import question_concepts

    index = make_ws(tmp_path, docs=WIDGET_DOCS).service(DocsIndex)
    dialog, drawer = (str((tmp_path / "docs" / "widgets" / f).resolve()) for f in ("dialog.md", "drawer.md"))
    # "modal window" is a thesaurus synonym of "dialog": the page titled Dialog is what the question names
    assert index.title_matches(question_concepts("close the modal window on a click")) == {dialog: 1.0}
    assert index.title_matches(question_concepts("a drawer on the left")) == {drawer: 1.0}  # the asker's own word
    assert index.title_matches(question_concepts("close the window on a click")) == {}
    assert index.title_terms(dialog) == frozenset({"dialog"}) and index.title_terms("nowhere.md") == frozenset()


def test_a_named_page_gains_affinity_over_a_page_holding_the_question_words(tmp_path, monkeypatch):
    from lsp_server.knowledge import docs_index
    from lsp_server.knowledge.thesaurus import question_concepts

    index = make_ws(tmp_path, docs=WIDGET_DOCS).service(DocsIndex)
    dialog, theming = (str((tmp_path / "docs" / f).resolve()) for f in ("widgets/dialog.md", "guides/theming.md"))
    asked = question_concepts("close the modal window when someone clicks on its background")
    monkeypatch.setattr(docs_index, "TITLE_AFFINITY", 4.0)  # measured, not shipped (0): howto_cv's variants
    with_title, bonus = index.file_affinity(asked), docs_index.TITLE_AFFINITY
    monkeypatch.setattr(docs_index, "TITLE_AFFINITY", 0.0)
    without = index.file_affinity(asked)
    assert bonus > 0 and with_title[dialog] - without[dialog] == pytest.approx(bonus)
    assert with_title[theming] == without[theming]


def test_page_ranking_ranks_the_named_pages_sections_by_the_questions_other_words(tmp_path, monkeypatch):
    from lsp_server.knowledge import lookup
    from lsp_server.knowledge.lookup import FILE_PRIOR_SMOOTHING, page_ranking
    from lsp_server.knowledge.thesaurus import question_concepts

    ws = make_ws(tmp_path, docs=WIDGET_DOCS)
    index = ws.service(DocsIndex)
    asked = question_concepts("close the modal window when someone clicks on the dimmed background around it")
    from lsp_server.knowledge import docs_index as _di
    monkeypatch.setattr(_di, "TITLE_AFFINITY", 4.0)
    ranked = page_ranking(index, asked, index.file_affinity(asked, FILE_PRIOR_SMOOTHING), 10)
    # the page's opening section says "dialog" most; the title's concept holds for every section of the page, so
    # the section on closing at a click on the overlay ("dimmed background") leads
    assert ranked[0].heading == "Dialog › Examples › Light Dismissal"
    assert {Path(h.path).name for h in ranked} <= {"dialog.md", "drawer.md", "theming.md"}
    monkeypatch.setattr(lookup, "PAGE_WEIGHT", 3.0)  # measured, not shipped (0): howto_cv's "page ranking 3"
    from lsp_server.knowledge import docs_index
    monkeypatch.setattr(docs_index, "TITLE_AFFINITY", 4.0)
    top = lookup_docs(ws, "close the modal window when someone clicks on the dimmed background around it",
                      expand=True).results[0]
    assert top.heading == "Dialog › Examples › Light Dismissal"
    # under another folder, only that folder's pages are ranked
    guides = (tmp_path / "docs" / "guides").resolve()
    under = page_ranking(index, asked, index.file_affinity(asked, FILE_PRIOR_SMOOTHING), 10, guides)
    assert all(guides in Path(h.path).parents for h in under)


def test_page_ranking_leaves_out_the_concepts_the_pages_title_names(tmp_path, monkeypatch):
    from lsp_server.knowledge.lookup import FILE_PRIOR_SMOOTHING, page_ranking
    from lsp_server.knowledge.thesaurus import question_concepts

    index = make_ws(tmp_path, docs=WIDGET_DOCS).service(DocsIndex)
    asked = question_concepts("close the modal window when someone clicks on the dimmed background around it")
    searched = []
    real = index.search_concepts
    monkeypatch.setattr(index, "search_concepts", lambda concepts, limit, under=None, **kw: (
        searched.append((Path(under).name, [c.said for c in concepts])), real(concepts, limit, under, **kw))[1])
    page_ranking(index, asked, index.file_affinity(asked, FILE_PRIOR_SMOOTHING), 10)
    pages = dict(searched)
    # the Dialog page is searched without "modal window" (its title, through the thesaurus), other pages with it
    assert "modal window" not in pages["dialog.md"] and "dimmed background" in pages["dialog.md"]
    assert all("modal window" in said for name, said in searched if name != "dialog.md")


# --- form-field and widget words (round 20 after its held-out run) -----------------------------------------------
FORM_DOCS = {
    "forms/checkbox.md": "# Checkbox Group\n\n## Indeterminate\n\nA parent checkbox is indeterminate when only some "
                         "of the checkboxes in its group are checked.\n\n## Disabled\n\nA disabled group cannot be "
                         "changed.\n",
    "forms/combobox.md": "# Combobox\n\n## Require option match\n\nBy default a combobox accepts only one of its "
                         "options; set `requireOptionMatch` to false to accept free text.\n",
    "guides/layout.md": "# Layout\n\n## Containers\n\nA box can hold other boxes.\n\n## Text\n\nLong text "
                        "wraps.\n",
}


def test_form_field_words_reach_the_docs_names_for_them(tmp_path, monkeypatch):
    """"tick box", "half-ticked": the docs say checkbox, indeterminate. Without the round's thesaurus lines the
    question's literal words find the layout guide's boxes."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import thesaurus_before_round_20

    ws = make_ws(tmp_path, docs=FORM_DOCS)
    ticked = "a parent tick box that shows half-ticked when only some of the boxes nested under it are ticked"
    assert _top_heading(ws, ticked) == "Checkbox Group › Indeterminate"
    monkeypatch.setattr(thesaurus, "default_thesaurus", thesaurus_before_round_20)
    assert _top_heading(ws, ticked) == "Layout › Containers"


def _top_heading(ws, question: str) -> str:
    """The heading of `lookup --expand`'s first result."""
    return lookup_docs(ws, question, expand=True).results[0].heading


# --- everyday widget-and-part words (round 21 after its held-out run) ---------------------------------------------
EXPAND_DOCS = {
    "widgets/expand-collapse.md": "# Expand Collapse Content\n\n## Events\n\nThe `expand-collapse-content-expand` "
                                  "event is dispatched when the content starts to expand; its promise resolves "
                                  "once the animation is complete.\n",
    "guides/regions.md": "# Page Regions\n\n## Region\n\nEach region of the page sits in its own panel.\n",
}


def test_everyday_widget_words_reach_the_docs_names_for_them(tmp_path, monkeypatch):
    """"the show/hide region": the docs say expand collapse. Without round 21's thesaurus lines the question's
    literal words find the guide's regions."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import thesaurus_before_round_21

    ws = make_ws(tmp_path, docs=EXPAND_DOCS)
    region = "know when the show/hide region has finished its opening animation"
    assert _top_heading(ws, region) == "Expand Collapse Content › Events"
    monkeypatch.setattr(thesaurus, "default_thesaurus", thesaurus_before_round_21)
    assert _top_heading(ws, region) == "Page Regions › Region"


# --- testing and browser-automation words (round 23 after its held-out run) ---------------------------------------
BROWSER_DOCS = {
    "guides/browser.md": "# Browser\n\n## Timezone Change\n\nSet `timezoneId` in the context options to test the page "
                         "in another timezone.\n\n## Launch\n\nThe browser takes some time to start before the first "
                         "test; set `headless` to watch it.\n",
}


def test_testing_words_reach_the_docs_names_for_them(tmp_path, monkeypatch):
    """"Tokyo local time": the docs say timezone. Without round 23's thesaurus lines the question's literal
    words (browser, time) find the section about the browser's start-up time."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import thesaurus_before_round_23

    ws = make_ws(tmp_path, docs=BROWSER_DOCS)
    question = "open the browser as if the visitor were on Tokyo local time"
    assert _top_heading(ws, question) == "Browser › Timezone Change"
    monkeypatch.setattr(thesaurus, "default_thesaurus", thesaurus_before_round_23)
    assert _top_heading(ws, question) == "Browser › Launch"


REFERENCE_TABLE_DOCS = {
    "api/bot.mdx": "---\ntitle: Bot\n---\n\n## onJoin\n\nRegisters a handler.\n\n```ts\nbot.onJoin(handler);\n```\n\n"
                   "<TypeTable\n  type={{\n    member: {\n      description: 'The newcomer who entered the lobby, "
                   "with their avatar.',\n      type: 'Member',\n    },\n    isGuest: {\n      description: "
                   "\"Whether they arrived without an account ('guest').\",\n      type: 'boolean',\n    },\n  }}\n/>\n\n"
                   "## onLeave\n\nRegisters a handler.\n\n```ts\nbot.onLeave(handler);\n```\n",
    "guide.md": "# Guide\n\n## Members\n\nA member has an avatar.\n\n## Lobby\n\nThe lobby lists members.\n",
}


def test_a_reference_tables_object_literal_descriptions_are_the_sections_words(tmp_path, monkeypatch):
    from lsp_server.knowledge import chunker

    monkeypatch.setattr(chunker, "OBJECT_PROPS_SHOWN", True)  # measured, not shipped (round 27: howto27)
    # A docs site renders `<TypeTable type={{ name: { description: '...' } }} />` as the member's parameter table:
    # its descriptions are the only words saying what the handler is for (the section's own sentence is generic)
    chunks = chunk_file(Path("api/bot.mdx"), REFERENCE_TABLE_DOCS["api/bot.mdx"])
    join = next(c for c in chunks if c.heading.endswith("onJoin"))
    assert "The newcomer who entered the lobby, with their avatar." in join.text
    assert "Whether they arrived without an account ('guest')." in join.text
    assert "Member" not in join.text.split("```")[-1] and "boolean" not in join.text  # the table's markup, not words
    assert len(join.text.splitlines()) == join.end_line - join.start_line + 1  # line numbers hold
    ws = make_ws(tmp_path, docs=REFERENCE_TABLE_DOCS)
    top = lookup_docs(ws, "a newcomer entered the lobby", limit=3, expand=True).results
    assert top and top[0].heading == "Bot › onJoin"


# --- same-titled pages told apart by their folder (round 33 after its held-out run) ------------------------------
def _normal_page(intro: str) -> str:
    return (f"# Normal Random Numbers\n\n> {intro}\n\n## Usage\n\n#### sampler( mu, sigma )\n\nReturns pseudorandom "
            "numbers drawn from a normal distribution with mean `mu` and standard deviation `sigma`.\n\n"
            "## Notes\n\nIf `sigma <= 0`, the function returns NaN.\n")


SIBLING_DOCS = {
    "random/base/normal/README.md": _normal_page("Normally distributed pseudorandom numbers."),
    "random/iter/normal/README.md": _normal_page("Normally distributed pseudorandom numbers, one at a time."),
    "random/streams/normal/README.md": _normal_page("Normally distributed pseudorandom numbers, piped."),
    "guide.md": "# Guide\n\n## Drawing numbers\n\nPick a sampler for the distribution you need.\n",
}


def test_the_question_naming_a_pages_folder_picks_it_among_same_titled_pages(tmp_path, monkeypatch):
    """Three pages titled "Normal Random Numbers" with the same sections, in the folders `base`, `iter` and
    `streams` (one thing's variants, each page in its own folder, as generated docs give them): the question's
    words for the thing match all three alike, and "as an iterator" is not in any page's text, only in its
    folder's name (iter). With `prefer_named_siblings` the iter page's section takes the first place its
    family holds; without it (`NAMED_SIBLINGS` off) the base page's, the first in path order, keeps it."""
    from lsp_server.knowledge import lookup

    q = "normal distribution samples with a mean and standard deviation as an iterator"
    monkeypatch.setattr(lookup, "NAMED_SIBLINGS", True)
    on = lookup_docs(make_ws(tmp_path / "on", docs=SIBLING_DOCS), q, limit=3, expand=True).results
    assert on[0].path.parent.name == "normal" and on[0].path.parent.parent.name == "iter", on[0].path
    monkeypatch.setattr(lookup, "NAMED_SIBLINGS", False)
    off = lookup_docs(make_ws(tmp_path / "off", docs=SIBLING_DOCS), q, limit=3, expand=True).results
    assert off[0].path.parent.parent.name == "base", off[0].path
    assert on[0].heading == off[0].heading  # the same section of its sibling: the place changed hands


def test_sibling_identities_are_the_path_terms_that_tell_same_titled_pages_apart():
    from lsp_server.knowledge.docs_index import collection_of, sibling_identities

    normal = ["/w/docs/rand/iter/normal/README.md", "/w/docs/rand/normal/README.md",
              "/w/docs/rand/streams/normal/README.md", "/w/docs/rand/strided/normal/README.md"]
    guides = ["/w/docs/web/frameworks/javascript/consent.md", "/w/docs/web/shared/consent.md"]
    apart = ["/w/docs/one/intro.md", "/w/docs/two/intro.md"]  # two engines' pages titled alike: no siblings
    ids, family = sibling_identities([normal, guides, apart], collection_of(normal + guides + apart))
    assert ids == {normal[0]: {"iter"}, normal[2]: {"stream"}, normal[3]: {"stride"},
                   guides[0]: {"framework", "javascript"}, guides[1]: {"share"}}
    assert family[normal[1]] == family[normal[0]] != family[guides[0]] == family[guides[1]]
    assert not set(apart) & set(family)


def test_prefer_named_siblings_gives_a_familys_places_to_the_named_page_only():
    from lsp_server.knowledge.lookup import DocHit, named_siblings, prefer_named_siblings
    from lsp_server.knowledge.thesaurus import question_concepts

    base = DocHit(Path("/d/base/n.md"), 0, 9, "N › f", "", 0.9, chunk_id="b")
    other = DocHit(Path("/d/guide.md"), 0, 9, "G › x", "", 0.5, chunk_id="g")
    it = DocHit(Path("/d/iter/n.md"), 0, 9, "N › f", "", 0.3, chunk_id="i")
    stream = DocHit(Path("/d/streams/n.md"), 0, 9, "N › f", "", 0.2, chunk_id="s")
    family = {str(h.path): "n" for h in (base, it, stream)}
    ids = {"/d/base/n.md": frozenset({"base"}), "/d/iter/n.md": frozenset({"iter"}),
           "/d/streams/n.md": frozenset({"stream"})}
    named = named_siblings(ids, question_concepts("pull values from an iterator"))
    assert named == {"/d/iter/n.md": 1.0}
    out = prefer_named_siblings([base, other, it, stream], named, family)
    assert [h.chunk_id for h in out] == ["i", "g", "b", "s"]  # the guide keeps its place between them
    assert [h.score for h in out] == [0.9, 0.5, 0.3, 0.2]
    assert prefer_named_siblings([base, other, stream], named, family) == [base, other, stream]  # not ranked
    assert named_siblings(ids, question_concepts("draw some values")) == {}


# --- a README assembled from the doc pages (round 40 after its held-out run) -------------------------------------
VERBATIM_DOCS = {
    "README.md": "# Lists\n\nA list helper.\n\n## API\n\nEvery method.\n\n"
        "### `tally()`\n\nThe tally method counts how many items share each value given by a callback, "
        "returning an object of counts per value.\n\n"
        "### `pick()`\n\nThe pick method returns the items at the given positions of the list, in order.\n",
    "api/tally.md": "# `tally()`\n\nThe tally method counts how many items share each value given by a callback, "
        "returning an object of counts per value.\n\n[View source](https://example.com/tally.js)\n",
    "api/pick.md": "# `pick()`\n\nThe pick method returns the items at the given positions of the list, in order.\n",
}


def test_a_readme_copy_of_a_doc_page_gives_its_place_to_the_page(tmp_path):
    """The README repeats each method page word for word under the same heading (the page adding a source
    link): the two copies took two places, the README's first, and it demoted the page as a repeated heading.
    One place now, the page's (its own title, the shortest heading path), at the better copy's place."""
    ws = make_ws(tmp_path, docs=VERBATIM_DOCS)
    hits = lookup_docs(ws, "count how many items share each value with a callback", limit=5, expand=True).results
    where = [(Path(h.path).relative_to(tmp_path / "docs").as_posix(), h.heading) for h in hits]
    assert where[0] == ("api/tally.md", "tally()"), where
    assert not any(p == "README.md" and h.endswith("tally()") for p, h in where), where


def test_merge_verbatim_copies_keeps_the_dedicated_page_at_the_best_place():
    from lsp_server.knowledge.lookup import DocHit, merge_verbatim_copies

    body = "The avg method returns the average value of a given key, or of every item when none is given."
    readme = DocHit(Path("/d/README.md"), 0, 9, "Intro › API › `avg()`", "", 0.9, text=f"#### `avg()`\n\n{body}",
                    chunk_id="r")
    other = DocHit(Path("/d/x.md"), 0, 9, "X › Means", "", 0.5, text=body, chunk_id="x")
    page = DocHit(Path("/d/api/avg.md"), 0, 9, "`avg()`", "", 0.3, text=f"# `avg()`\n\n{body}\n\n[source](s)",
                  chunk_id="p")
    out = merge_verbatim_copies([readme, other, page])
    assert [(h.chunk_id, h.score) for h in out] == [("p", 0.9), ("x", 0.5)]  # another heading is no copy
    short = DocHit(Path("/d/README.md"), 0, 9, "Intro › `avg()`", "", 0.9, text="Alias of sum.", chunk_id="s")
    alias = DocHit(Path("/d/api/avg.md"), 0, 9, "`avg()`", "", 0.3, text="Alias of sum.", chunk_id="a")
    assert merge_verbatim_copies([short, alias]) == [short, alias]  # too short to tell a copy from a stock line


def test_merge_verbatim_copies_keeps_copies_as_deep_in_their_places():
    """One generated page's variants (a sampler, its iterator) say the same words under the same heading at the
    same depth: nothing tells which one the question asks for, so none is left out."""
    from lsp_server.knowledge.lookup import DocHit, merge_verbatim_copies

    body = "Returns a pseudorandom number drawn from a normal distribution with the given mean and deviation."
    a = DocHit(Path("/d/base/normal.md"), 0, 9, "Normal › Usage", "", 0.9, text=body, chunk_id="a")
    b = DocHit(Path("/d/iter/normal.md"), 0, 9, "Normal › Usage", "", 0.7, text=body, chunk_id="b")
    deep = DocHit(Path("/d/README.md"), 0, 9, "All › Normal › Usage", "", 0.95, text=body, chunk_id="r")
    assert merge_verbatim_copies([a, b]) == [a, b]
    out = merge_verbatim_copies([deep, a, b])
    assert [(h.chunk_id, h.score) for h in out] == [("a", 0.95), ("b", 0.7)]


SIGNATURE_DOCS = {
    "api/wrapper.md": "# Wrapper API\n\nEvery method of the wrapper, in a line each.\n\n## Methods\n\n"
        "### `.tap(fn) => Self`\n\nTaps into the chain: handy for debugging a method chain.\n\n"
        "### `.pick(index) => Wrapper`\n\nThe item at a position.\n\n"
        "### `.size() => Number`\n\nHow many items the wrapper holds.\n",
    "api/Wrapper/tap.md": "# `.tap(fn) => Self`\n\nInvokes fn with the wrapper and returns the wrapper itself: the chain goes on.\n\n"
        "#### Arguments\n\n1. `fn` (`Function`): called with the current wrapper.\n\n"
        "#### Example\n\n```js\nwrap(list).tap(w => console.log(w.size())).pick(0);\n```\n",
    "api/Wrapper/pick.md": "# `.pick(index) => Wrapper`\n\nA new wrapper around the item at the index.\n",
    "api/Wrapper/size.md": "# `.size() => Number`\n\nThe number of items.\n",
    "guide.md": "# Guide\n\n## Chains\n\nEvery method returns a wrapper, so calls chain.\n",
}


def test_an_overview_entry_gives_its_place_to_the_page_titled_with_its_signature(tmp_path):
    """An API overview lists each member under its signature with a line of its own words, which here hold the
    question's words (debugging, chain) and the member's page does not: the entry ranked first, and the page, a
    repeat of its heading, was demoted behind it. The page titled with the signature takes the entry's place."""
    ws = make_ws(tmp_path, docs=SIGNATURE_DOCS)
    hits = lookup_docs(ws, "debugging a method chain", limit=5, expand=True).results
    where = [(Path(h.path).relative_to(tmp_path / "docs").as_posix(), h.heading) for h in hits]
    assert where[0] == ("api/Wrapper/tap.md", ".tap(fn) => Self"), where
    assert not any(p == "api/wrapper.md" and h.endswith("=> Self") for p, h in where), where


def test_merge_signature_entries_leaves_prose_headings_and_other_collections_alone():
    from dataclasses import replace

    from lsp_server.knowledge.lookup import DocHit, merge_signature_entries

    entry = DocHit(Path("/d/a/api.md"), 0, 9, "API › Methods › `.tap(fn) => Self`", "", 0.9, chunk_id="e")
    other = DocHit(Path("/d/a/guide.md"), 0, 9, "Guide › Chains", "", 0.6, chunk_id="g")
    page = DocHit(Path("/d/a/tap.md"), 0, 9, "`.tap(fn) => Self`", "", 0.3, chunk_id="p")
    twin = DocHit(Path("/d/a/b/tap.md"), 0, 9, ".tap(fn) => self", "", 0.2, chunk_id="t")
    same = {"/d/a/api.md": "a", "/d/a/guide.md": "a", "/d/a/tap.md": "a", "/d/a/b/tap.md": "a"}
    out = merge_signature_entries([entry, other, page, twin], same)
    # the member's two pages (one member of two classes) take the best places of the entry and the pages
    assert [(h.chunk_id, h.score) for h in out] == [("p", 0.9), ("g", 0.6), ("t", 0.3)]
    # an overview may give another return type than the page: the member is its signature through its parameters
    other_type = replace(entry, heading="API › Methods › `.tap(fn) => Wrapper`")
    assert [h.chunk_id for h in merge_signature_entries([other_type, other, page], same)] == ["p", "g"]
    # the page ranked above the entry keeps its place; the entry is left out
    assert [h.chunk_id for h in merge_signature_entries([page, entry], same)] == ["p"]
    # another engine's page of the same signature is no page of this member
    apart = {**same, "/d/a/tap.md": "z", "/d/a/b/tap.md": "z"}
    assert merge_signature_entries([entry, other, page], apart) == [entry, other, page]
    # a prose heading may head other words on another page: `README › Installation` beside installation.md
    guide = DocHit(Path("/d/a/README.md"), 0, 9, "Intro › Installation", "", 0.9, chunk_id="i")
    install = DocHit(Path("/d/a/install.md"), 0, 9, "Installation", "", 0.5, chunk_id="j")
    both = {"/d/a/README.md": "a", "/d/a/install.md": "a"}
    assert merge_signature_entries([guide, install], both) == [guide, install]


def test_a_page_titled_with_a_signature_keeps_its_place_beside_its_twin():
    """One member of two classes (`ShallowWrapper/tap.md`, `ReactWrapper/tap.md`) has two pages of the same title:
    the second is no repeat to demote (the question's words seldom tell the class); a repeated subsection heading
    (`Example`) and an overview's entry still are."""
    from lsp_server.knowledge.lookup import DocHit, demote_repeated_headings

    a = DocHit(Path("/d/A/tap.md"), 0, 9, "`.tap(fn) => Self`", "", 0.9, chunk_id="a")
    other = DocHit(Path("/d/guide.md"), 0, 9, "Guide › Chains", "", 0.5, chunk_id="g")
    b = DocHit(Path("/d/B/tap.md"), 0, 9, "`.tap(fn) => Self`", "", 0.6, chunk_id="b")
    assert [h.chunk_id for h in demote_repeated_headings([a, other, b])] == ["a", "b", "g"]
    ex1 = DocHit(Path("/d/A/tap.md"), 0, 9, "`.tap(fn) => Self` › Example", "", 0.9, chunk_id="e1")
    ex2 = DocHit(Path("/d/B/tap.md"), 0, 9, "`.tap(fn) => Self` › Example", "", 0.6, chunk_id="e2")
    assert [h.chunk_id for h in demote_repeated_headings([ex1, other, ex2])] == ["e1", "g", "e2"]
    entry = DocHit(Path("/d/api.md"), 0, 9, "API › `.tap(fn) => Self`", "", 0.6, chunk_id="n")
    assert [h.chunk_id for h in demote_repeated_headings([a, other, entry])] == ["a", "g", "n"]
