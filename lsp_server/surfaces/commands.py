"""The LSP commands (`workspace/executeCommand`): validate the client's JSON arguments, call one area
function, present the result (present.py: the negotiated encoding, paths relative to the workspace root).

Each is `f(ctx, args) -> JSON-able`, registered here with `@command` and served by server.py in a worker
thread; bad arguments raise `CommandError` (InvalidParams). The `*_result` functions hold what a CLI verb
shares with its command (the guarded call and its JSON), given the surface's presenter.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from lsp_server import guards
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import CommandContext, CommandError, arg_bool, arg_int, arg_str, arg_str_list, command
from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import compute_footprint, importers_of
from lsp_server.graph.service import ImportGraphService
from lsp_server.knowledge import lookup as lookup_mod
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.search_queries import search_queries
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.surfaces.present import Presenter, for_lsp, graph_dot

if TYPE_CHECKING:
    from lsp_server.knowledge.rag import RagResult

# The areas a command alone uses (answer generation, symbol checks, rule reports and reviews, search in files,
# the graph's export) are imported by that command when it runs, not by every server start (`serve` imports
# this module: ~10 ms of CPU before the first diagnostics and the indexes, on top of what plugins.load needs).


def presenter(ctx: CommandContext) -> Presenter:
    return for_lsp(ctx.encoding, ctx.workspace)


def _no_progress(*_args) -> None:
    return None


# --- the pipeline itself ----------------------------------------------------------------------------------
@command("document_state", "the server's copy of an open document: version, text and its SHA-256")
def document_state(ctx: CommandContext, args: dict) -> dict | None:
    uri = arg_str(args, "uri", required=True)
    state = ctx.session.documents.get(uri) if ctx.session else None
    if state is None:
        return None
    doc = state.doc
    return {"uri": uri, "version": doc.version, "text": doc.text,
            "sha256": hashlib.sha256(doc.source).hexdigest(), "has_syntax_errors": doc.has_syntax_errors}


@command("check_file", "run every check on one file and return its findings (0-based positions in the "
                       "negotiated encoding)")
def check_file(ctx: CommandContext, args: dict) -> list[dict]:
    doc = ctx.document(arg_str(args, "uri", required=True))
    # what the editor's diagnostics show: its TypeScript service is beside the server (scheduler.py)
    check_ctx = CheckContext(ctx.workspace, typescript_service=True)
    findings = run_checks(doc, check_ctx, (Phase.TYPE, Phase.SAVE))
    ctx.workspace.document_checked(doc, findings, tuple(check_ctx.completed))  # checks only read: telemetry here
    present = presenter(ctx)
    return [present.finding(doc, f) for f in findings]


# --- features ---------------------------------------------------------------------------------------------
def _position(args: dict) -> tuple[int, int]:
    pos = args.get("position")
    if not isinstance(pos, dict):
        raise CommandError("argument 'position' must be an object {line, character}")
    line, character = pos.get("line"), pos.get("character")
    for key, value in (("line", line), ("character", character)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CommandError(f"position.{key} must be a non-negative integer")
    return line, character


def _source(ctx: CommandContext, uri: str) -> ParsedDocument:
    doc = ctx.document(uri)
    if doc.language not in SOURCE_LANGUAGES or is_typings_path(doc.uri):
        raise CommandError(f"{doc.path.name}: footprints are computed for JavaScript and TypeScript sources only")
    return doc


@command("footprint", "the footprint of the binding at a position: declaration, statements, dependents, "
                      "entangled uses and importing files")
def footprint_command(ctx: CommandContext, args: dict) -> dict | None:
    uri = arg_str(args, "uri", required=True)
    line, character = _position(args)
    with_deps = arg_bool(args, "dependents", False)
    doc = _source(ctx, uri)
    present = presenter(ctx)
    if line >= doc.lines.line_count:
        raise CommandError(f"line {line} is past the end of the document ({doc.lines.line_count} lines)")
    fp = compute_footprint(doc, present.offset(doc, line, character), dependents=with_deps)
    if fp is None:
        return None
    result = present.footprint(doc, fp)
    result["uri"] = doc.uri
    result["importers"] = present.importers(importers_of(ctx.workspace, doc, fp))
    return result


def _include_arg(args: dict) -> list[str]:
    value = args.get("include")
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise CommandError("argument 'include' must be a glob or a list of globs")


@command("find_in_files", "search file contents and names ({query, regex?, include?, context?, path?}); each "
                          "match comes with context lines and the footprints of the bindings on its line")
def find_in_files_command(ctx: CommandContext, args: dict) -> dict:
    query = arg_str(args, "query", required=True)
    is_regex = arg_bool(args, "regex", False)
    context = arg_int(args, "context", 2, 0, 20)
    raw = arg_str(args, "path")
    under = ctx.path(raw) if raw is not None else None  # the path guard: inside the roots only
    from lsp_server.features.find_in_files import find_with_concepts

    return presenter(ctx).find(find_with_concepts(ctx.workspace, query, is_regex, _include_arg(args), context,
                                                  under, cancelled=ctx.cancelled))


# --- knowledge ----------------------------------------------------------------------------------------------
@command("check_symbols", "verify engine symbol names against the object model (cheap: never budgeted)")
def check_symbols_command(ctx: CommandContext, args: dict) -> dict:
    from lsp_server.knowledge.check_symbols import MAX_NAMES, check_symbols

    if not isinstance(args, dict):
        raise CommandError("arguments must be an object: {names: [...], known_symbols?: [...], turn_id?}")
    names = arg_str_list(args, "names", required=True)
    if len(names) > MAX_NAMES:
        raise CommandError(f"too many names ({len(names)}); at most {MAX_NAMES} per call")
    known = args.get("known_symbols") or []
    if not isinstance(known, list) or not all(isinstance(k, (str, dict)) for k in known):
        raise CommandError("argument 'known_symbols' must be a list of names (or {name, ...} objects)")
    turn_id = args.get("turn_id")
    if turn_id is not None and not isinstance(turn_id, (str, int)):
        raise CommandError("argument 'turn_id' must be a string or an integer")
    present = presenter(ctx)
    results = [present.symbol(a) for a in check_symbols(ctx.workspace, names, known)]
    return {"results": results, "turn_id": turn_id, "budgeted": False}


def _turn_id(args: dict) -> str | None:
    value = args.get("turn_id")
    if value is None or isinstance(value, (str, int)) and not isinstance(value, bool):
        return None if value is None else str(value)
    raise CommandError("argument 'turn_id' must be a string")


def lookup_docs_result(ctx: CommandContext, args: dict, present: Presenter) -> dict:
    """`lookup_docs` for any surface: {query, limit?, path?, expand?, turn_id?, known_symbols?} through
    guards.run (cache, blocks, budget), presented with `present`."""
    query = (arg_str(args, "query", required=True) or "").strip()
    if not query:
        raise CommandError("argument 'query' is empty")
    limit = arg_int(args, "limit", 5, lo=1, hi=50)
    raw_path = arg_str(args, "path")
    path = str(ctx.path(raw_path, must_exist=False)) if raw_path else None  # the path guard
    expand = arg_bool(args, "expand", False)
    turn_id = _turn_id(args)
    known = arg_str_list(args, "known_symbols")
    index = ctx.workspace.service(DocsIndex, ctx.progress or _no_progress)
    call = {"query": query, "limit": limit, "path": path, "expand": expand, "turn_id": turn_id,
            "known_symbols": known}
    guarded = guards.run(ctx, tool="lookup_docs", args=call,
                         fn=lambda: lookup_mod.lookup_docs(ctx.workspace, query, limit, path, expand),
                         cost=1, subject="query", version=(id(index), index.generation), gist=lookup_mod.gist)
    result = guarded.value if guarded.value is not None else lookup_mod.LookupResult(query, [])
    out = present.lookup(result)
    notes = [n for n in (result.note, guarded.note) if n]
    if notes:
        out["note"] = " ".join(notes)
    skipped = lookup_mod.skipped_docs(ctx.workspace)
    if skipped:
        out["skipped"] = [{"path": present.show_path(p), "reason": reason} for p, reason in skipped]
    out["debug"] = {**guarded.debug, "searches": index.searches}
    return out


@command("lookup_docs", "Search the engine's docs literally: {query, limit?, path?, expand?, turn_id?, "
                        "known_symbols?}.")
def lookup_docs_command(ctx: CommandContext, args: dict) -> dict:
    return lookup_docs_result(ctx, args, presenter(ctx))


def rag_lookup_result(ctx: CommandContext, args: dict, present: Presenter) -> dict:
    """`rag_lookup` for any surface: {question, turn_id?, limit?} through guards.run, presented with `present`."""
    from lsp_server.knowledge import rag as rag_mod
    from lsp_server.knowledge.generators import GeneratorCancelled
    from lsp_server.knowledge.rag import RagConfig, RagGeneratorFailed

    question = (arg_str(args, "question", required=True) or "").strip()
    if not question:
        raise CommandError("argument 'question' is empty")
    limit = arg_int(args, "limit", 6, lo=1, hi=20) if args.get("limit") is not None else None
    turn = args.get("turn_id")
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, (str, int))):
        raise CommandError("argument 'turn_id' must be a string")
    index = ctx.workspace.service(DocsIndex, ctx.progress or _no_progress)
    cfg = ctx.workspace.settings.get(RagConfig)
    call = {"question": question, "limit": limit, "turn_id": turn}
    version = (id(index), index.generation, cfg)

    def live() -> RagResult:
        # A failed generator is not cached, and guards give the budget back (it re-raises).
        return rag_mod.rag_lookup(ctx.workspace, question, limit, ctx.cancelled)

    try:
        guarded = guards.run(ctx, tool="rag_lookup", args=call, fn=live, cost=1, subject="question",
                             version=version, gist=rag_mod.gist)
    except RagGeneratorFailed as exc:
        if isinstance(exc.error, GeneratorCancelled):
            raise CommandError(str(exc.error)) from None
        guarded = guards.Guarded(exc.partial, "failed", [], "", {"status": "failed"})
    result = guarded.value
    if result is None:  # blocked, or answered as already known
        out: dict[str, Any] = {"question": question, "may_invent": True, "answer": None, "citations": [],
                               "grounding": {"symbols": [], "flags": []}}
    else:
        out = present.rag(result)
    notes = [n for n in (out.get("note"), guarded.note) if n]
    if notes:
        out["note"] = " ".join(notes)
    out["debug"] = guarded.debug
    return out


@command("rag_lookup", "Answer a how-to question from the docs (may invent: cited and grounded): {question, "
                       "turn_id?, limit?}.")
def rag_lookup_command(ctx: CommandContext, args: dict) -> dict:
    return rag_lookup_result(ctx, args, presenter(ctx))


@command("search_queries", "Turn a how-to question into 2-3 search angles (one for a plain symbol lookup).")
def search_queries_command(ctx: CommandContext, args: dict) -> dict:
    question = arg_str(args, "question", required=True) or ""
    if not question.strip():
        raise CommandError("argument 'question' is empty")
    try:
        index = ctx.workspace.service(DocsIndex)
        vocabulary, names, usages = index.has_identifier, index.identifiers_with, index.usages_of
    except Exception:  # noqa: BLE001 - the angles still work without the docs vocabulary
        vocabulary = names = usages = None
    return {"question": question, "queries": search_queries(question, vocabulary, names, usages)}


# --- conventions --------------------------------------------------------------------------------------------
@command("review_changes", "the conventions your git diff touches (at most [rules] max_per_diff rules), as a reminder")
def review_changes(ctx: CommandContext, args: dict) -> dict:
    from lsp_server.conventions.review import review

    rev = arg_str(args, "rev")
    return presenter(ctx).review(review(ctx.workspace, rev))


@command("conventions_context", "always-on project guidance (rules without a trigger) for an agent's context")
def conventions_context(ctx: CommandContext, args: dict) -> dict:
    from lsp_server.conventions.reports import guidance

    ws = ctx.workspace
    raw = arg_str(args, "path") or arg_str(args, "uri")
    relpath = ws.relpath(ctx.path(raw, must_exist=False)) if raw else None  # the path guard
    return presenter(ctx).guidance(guidance(ws, relpath, arg_bool(args, "all", False)))


@command("rule_stats", "per-rule telemetry: firings, sessions, share followed by a change, noisy rules")
def rule_stats(ctx: CommandContext, args: dict) -> list[dict]:
    from lsp_server.conventions.reports import stats

    return presenter(ctx).rule_stats(stats(ctx.workspace))


@command("rules_list", "the loaded rules (after same-id overrides) and the problems in rule files")
def rules_list(ctx: CommandContext, args: dict) -> dict:
    from lsp_server.conventions.reports import rules_report

    return presenter(ctx).rules_report(rules_report(ctx.workspace))


# --- graph --------------------------------------------------------------------------------------------------
@command("dependency_graph", "the workspace import graph as JSON (or DOT): modules, edges, unresolved, cycles")
def dependency_graph(ctx: CommandContext, args: dict) -> dict | str:
    fmt = arg_str(args, "format", "json")
    if fmt not in ("json", "dot"):
        raise CommandError(f"argument 'format' must be json or dot, got {fmt!r}")
    raw = arg_str(args, "path") or arg_str(args, "uri")
    base = ctx.workspace.root if raw is None else ctx.path(raw)  # the path guard: inside the roots only
    graph = ctx.workspace.service(ImportGraphService, ctx.progress or _no_progress)
    from lsp_server.graph.export import graph_snapshot

    data = presenter(ctx).graph(graph_snapshot(graph, base))
    return graph_dot(data) if fmt == "dot" else data
