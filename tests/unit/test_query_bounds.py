"""The bounds of one document's analysis (issue 19): brackets nested too deep are not parsed, wide ERROR nodes
are not queried into, and a document's time limit stops its checks with one note instead of letting them run
away. Structural assertions only: no timing here (the worst cases' times are rows of
`python -m benchmarks.bounds`)."""

from __future__ import annotations

import gc
import time

import pytest

from lsp_server import languages, queries
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.checks.budget import DEFAULT_DOCUMENT_MS, budget
from lsp_server.config import load_settings
from lsp_server.document import ParsedDocument
from lsp_server.syntax.modules import extract
from lsp_server.workspace import Workspace

PARENS = 9_000  # one ERROR node far wider than WIDE_ERROR_CHILDREN, not nested deep enough to be cut
assert queries.WIDE_ERROR_CHILDREN < PARENS <= languages.MAX_NESTING


def parens_doc(before: str = "", after: str = "") -> ParsedDocument:
    return ParsedDocument.create("file:///w/parens.js", before + "(" * PARENS + after)


def test_a_file_of_unclosed_parens_has_one_wide_error_node_and_no_query_enters_it():
    doc = parens_doc('import a from "./a.js";\n')
    [wide] = queries.wide_errors(doc.tree.root_node)
    assert wide.is_error and wide.child_count > PARENS
    # What is left to query: the subtrees among its children (the import statement), not its 100,000 tokens.
    regions = queries._regions(doc.tree.root_node)
    assert [r.type for r in regions] == ["import_statement"]


def test_queries_still_find_what_lies_outside_the_wide_node():
    doc = parens_doc('import a from "./a.js";\nconst { b } = require("./b.js");\n')
    assert [r.specifier for r in extract(doc.source, doc.tree, doc.language).imports] == ["./a.js", "./b.js"]


def test_a_tree_without_errors_is_queried_whole():
    doc = ParsedDocument.create("file:///w/ok.js", "x = " + "[" * 10_000 + "]" * 10_000 + ";\n")
    assert not queries.wide_errors(doc.tree.root_node)
    assert queries._regions(doc.tree.root_node) == [doc.tree.root_node]


def test_a_narrow_error_is_queried_as_before():
    doc = ParsedDocument.create("file:///w/e.js", 'import a from "./a.js";\nlet = ;\n')
    assert doc.tree.root_node.has_error and not queries.wide_errors(doc.tree.root_node)
    assert [r.specifier for r in extract(doc.source, doc.tree, doc.language).imports] == ["./a.js"]


def test_time_limit_stops_queries_and_walkers_and_nests():
    doc = ParsedDocument.create("file:///w/ok.js", 'import a from "./a.js";\n')
    with queries.time_limit(0):
        assert queries.expired()
        with pytest.raises(queries.AnalysisTimeout):
            queries.check_time()
        with pytest.raises(queries.AnalysisTimeout):
            queries.matches("javascript", "imports", doc.tree.root_node)
        with queries.time_limit(60):  # an inner limit never extends an outer one
            assert queries.expired()
        with queries.no_time_limit():  # a workspace index built for the caller is not its document's work
            assert not queries.expired()
            assert queries.matches("javascript", "imports", doc.tree.root_node)
    assert not queries.expired()


def test_cpu_spent_without_a_limit_is_not_charged_to_the_document():
    """A workspace index (or the name conventions mined once per model) built inside a check's limit: its
    CPU time is not the document's, so the document keeps what it had left."""
    with queries.time_limit(3600):
        left = queries.remaining()
        with queries.no_time_limit():
            spent = sum(i * i for i in range(300_000))  # real CPU work inside the lifted block
        assert spent and queries.remaining() >= left - 0.05  # only the few lines outside the block count


def test_a_garbage_collection_is_not_charged_to_the_document():
    """The collector runs in whichever thread allocates past a threshold and scans the whole heap: a full
    collection of garbage other work left is not the document's analysis (a long-lived process's collections
    took hundreds of ms, enough to skip a small document's checks at the limit)."""
    gc.disable()  # the garbage below is collected once, inside the limit, by the explicit collection
    try:
        garbage = [[] for _ in range(1_500_000)]
        for i, item in enumerate(garbage):  # cycles: only the collector frees them
            item.append(garbage[i - 1])
        del garbage, item
        with queries.time_limit(3600):
            left = queries.remaining()
            started = time.thread_time()
            assert gc.collect() >= 1_500_000
            collecting = time.thread_time() - started
            assert collecting > 0.1  # a real collection's cost (so the next line can fail)
            assert queries.remaining() >= left - 0.05
    finally:
        gc.enable()


def test_a_document_past_its_limit_gets_one_note_naming_the_checks_stopped(tmp_path, caplog):
    doc = ParsedDocument.create((tmp_path / "a.js").as_uri(), "let = ;\n")
    ws = Workspace(tmp_path)
    ctx = CheckContext(ws, time_limit_ms=1e-9)
    findings = run_checks(doc, ctx, (Phase.TYPE, Phase.SAVE))
    [note] = findings
    assert note.code == "analysis-limit" and "syntax" in ctx.timed_out
    # a check skipped because the limit passed before its turn is in the log, as a stopped one is
    logged = [r.getMessage() for r in caplog.records if "at the time limit" in r.getMessage()]
    assert {m.split()[1] for m in logged} == set(ctx.timed_out) and all(doc.uri in m for m in logged)
    assert "[limits] document_ms" in note.message and "syntax" in note.message and "\n" not in note.message
    ctx = CheckContext(ws)  # the default limit: an ordinary file is far below it
    assert [f.code for f in run_checks(doc, ctx, (Phase.TYPE,))] == ["syntax-error"] and not ctx.timed_out


def test_document_ms_setting(tmp_path):
    assert budget(load_settings(tmp_path)).document_ms == DEFAULT_DOCUMENT_MS == 750
    (tmp_path / "footprint.toml").write_text("[limits]\ndocument_ms = 250\n")
    assert budget(load_settings(tmp_path)).document_ms == 250


def test_each_check_gets_a_fair_share_so_a_slow_one_cannot_starve_the_rest(tmp_path):
    from lsp_server.checks import CHECKS, check

    ran: list[str] = []

    @check("zz-slow-bounds-test", Phase.TYPE)
    def slow(doc, ctx):  # spins until its share of the limit is gone
        while True:
            queries.check_time()
            yield from ()

    @check("zz-quick-bounds-test", Phase.TYPE)
    def quick(doc, ctx):
        ran.append("quick")
        return []

    try:
        doc = ParsedDocument.create((tmp_path / "a.js").as_uri(), "let a = 1;\n")
        ctx = CheckContext(Workspace(tmp_path), time_limit_ms=200)
        findings = run_checks(doc, ctx, (Phase.TYPE,))
        assert ran == ["quick"] and ctx.timed_out == ["zz-slow-bounds-test"]
        assert [f.code for f in findings] == ["analysis-limit"]
    finally:
        CHECKS.pop("zz-slow-bounds-test", None)
        CHECKS.pop("zz-quick-bounds-test", None)


def test_the_lines_left_out_get_one_note(tmp_path):
    doc = ParsedDocument.create((tmp_path / "p.js").as_uri(), "let a = 1;\n" + "(" * PARENS + "\n")
    findings = run_checks(doc, CheckContext(Workspace(tmp_path)), (Phase.TYPE,))
    [note] = [f for f in findings if f.code == "analysis-skipped"]
    assert note.message.startswith("Footprint does not analyse lines 1-2: this syntax error spans 9,00")
    assert "\n" not in note.message
    assert "syntax-error" in [f.code for f in findings]
    ordinary = ParsedDocument.create((tmp_path / "o.js").as_uri(), "let = ;\n")
    assert "analysis-skipped" not in [f.code for f in run_checks(ordinary, CheckContext(Workspace(tmp_path)), (Phase.TYPE,))]


def test_a_cancelled_run_stops_like_one_past_its_limit():
    """A run whose result nobody will use (the document changed meanwhile) stops at its next check, as at
    its time limit; what the run builds for the whole workspace (no_time_limit) is not cut half-way."""
    import threading

    cancel = threading.Event()
    with queries.cancelled_by(cancel):
        assert not queries.expired()
        cancel.set()
        assert queries.expired()
        with pytest.raises(queries.AnalysisTimeout):
            queries.check_time()
        with queries.no_time_limit():
            assert not queries.expired()
        assert queries.expired()
    assert not queries.expired()


def test_on_pause_checks_are_skipped_while_typing_and_run_after_the_quick_ones(tmp_path):
    from lsp_server.checks import CHECKS, check

    ran: list[str] = []

    @check("zz-whole-document-test", Phase.TYPE, on_pause=True)
    def whole(doc, ctx):
        ran.append("whole")
        return []

    @check("zz-quick-after-test", Phase.TYPE)
    def quick(doc, ctx):
        ran.append("quick")
        return []

    try:
        doc = ParsedDocument.create((tmp_path / "a.js").as_uri(), "let a = 1;\n")
        ctx = CheckContext(Workspace(tmp_path), typing=True)
        run_checks(doc, ctx, (Phase.TYPE,))
        assert ran == ["quick"] and "zz-whole-document-test" in ctx.deferred
        ran.clear()
        ctx = CheckContext(Workspace(tmp_path))
        run_checks(doc, ctx, (Phase.TYPE,))
        assert ran == ["quick", "whole"] and not ctx.deferred  # registered first, run last
    finally:
        CHECKS.pop("zz-whole-document-test", None)
        CHECKS.pop("zz-quick-after-test", None)
