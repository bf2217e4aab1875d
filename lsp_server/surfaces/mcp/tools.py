"""The MCP tool table: each tool's JSON Schemas (input and output), the description that routes an agent to
it, and its adapter: validated arguments -> the same area call as the LSP command (surfaces/commands.py) ->
the presenter (present.py) -> structured content plus a short text rendering.

No SDK here (server.py owns the wire), and no area import at module level: each adapter imports what it
calls, so starting the server loads none of them. Conventions every tool follows:
- paths in results are relative to the workspace root (POSIX; `../` for a pack outside it);
- positions in structured output are 0-based lines and UTF-16 characters; in text and in the `line`/`column`
  inputs they are 1-based, as editors, compilers and file-reading tools show them;
- loop controls (guards.run) answer per MCP session: a repeat is answered from the cache, blocked past the
  limit, or charged to the turn's budget, and each of those is said in `note`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lsp_server.errors import InvalidArgument

if TYPE_CHECKING:
    from lsp_server.commands import CommandContext
    from lsp_server.document import ParsedDocument
    from lsp_server.surfaces.present import Presenter


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    input_schema: dict
    output_schema: dict
    run: Callable[["CommandContext", dict], tuple[dict, str]]  # (structured content, text rendering)
    read_only: bool = True
    reads_sources: bool = False  # reads workspace sources: the server stats them for edits first (freshness.py)


TOOLS: dict[str, Tool] = {}


def tool(name: str, title: str, description: str, input_schema: dict, output_schema: dict, read_only: bool = True,
         reads_sources: bool = False):
    def register(fn):
        TOOLS[name] = Tool(name, title, description, input_schema, output_schema, fn, read_only, reads_sources)
        return fn
    return register


# --- schema pieces ----------------------------------------------------------------------------------------
STR = {"type": "string"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
NUM = {"type": "number"}


def either(*types: str) -> dict:
    """One of several types, as `anyOf` branches of one `type` each: clients that map tool schemas onto a
    single-type dialect (Gemini's function declarations) reject `"type": [...]`."""
    return {"anyOf": [{"type": t} for t in types]}


NULLABLE_STR = either("string", "null")
TURN_ID = {**either("string", "integer"), "description": "Your agent turn: calls with the same turn_id form one "
           "turn for the loop controls. Without it, a turn ends after [limits] turn_idle_seconds of silence."}
KNOWN = {"type": "array", "items": {"type": "string"},
         "description": "Names already given to you (in your prompt or an earlier answer): asking about one of "
                        "them is answered free, without a search."}
QUESTION = {"type": "string", "minLength": 1, "maxLength": 2000}
PATH_IN = {"type": "string", "minLength": 1, "maxLength": 4096,
           "description": "A file path, relative to the workspace root (or absolute inside it)."}
LINE_IN = {"type": "integer", "minimum": 1, "description": "1-based line, as file viewers and compilers show it."}
COLUMN_IN = {"type": "integer", "minimum": 1, "description": "1-based column (UTF-16 code units); or give `name`."}
NAME_IN = {"type": "string", "minLength": 1,
           "description": "The binding's name on that line (instead of `column`): its first occurrence there."}
NOTE = {"type": "string", "description": "What the loop controls did (cache hit, block, budget charge) and "
                                         "anything else worth knowing about this answer."}
LOOP = {"type": "object", "description": "Loop-control state of this call: turn, status (live | cached | "
        "coalesced | near_duplicate | known | blocked), identical calls so far, budget.",
        "properties": {"turn": STR, "status": STR, "identical_calls": INT,
                       "budget": {"type": "object", "properties": {"spent": INT, "limit": INT}},
                       "searches": INT}}
RANGE = {"type": "object", "required": ["start", "end"],
         "properties": {"start": {"type": "object", "properties": {"line": INT, "character": INT}},
                        "end": {"type": "object", "properties": {"line": INT, "character": INT}}}}
LINE_TEXT = {"type": "object", "required": ["line", "text"], "properties": {"line": INT, "text": STR}}
SKIPPED = {"type": "array", "items": {"type": "object", "required": ["path", "reason"],
                                      "properties": {"path": STR, "reason": STR}}}


def obj(required: list[str], properties: dict, **extra) -> dict:
    return {"type": "object", "required": required, "properties": properties, **extra}


def inputs(required: list[str], properties: dict) -> dict:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


# --- shared adapter pieces ----------------------------------------------------------------------------------
def presenter(ctx: "CommandContext") -> "Presenter":
    """MCP results: 0-based UTF-16 positions, paths relative to the workspace root (`../` outside it)."""
    from lsp_server.positions import UTF16
    from lsp_server.surfaces.present import Presenter, display_path

    root = ctx.workspace.root
    return Presenter(UTF16, lambda p: display_path(Path(p), root), lsp=False)


def loop_of(debug: dict, tool_name: str) -> tuple[dict, list[str]]:
    """The `loop` field from guards' debug dict, and the note a budget charge gets."""
    loop = {k: debug[k] for k in ("turn", "status", "identical_calls", "budget", "searches") if k in debug}
    notes = []
    budget = debug.get("budget")
    if budget and debug.get("status") == "live":
        notes.append(f"Budget: {budget['spent']}/{budget['limit']} live {tool_name} call(s) spent this turn.")
    return loop, notes


def add_notes(out: dict, notes: list[str]) -> None:
    joined = " ".join(n for n in [out.get("note"), *notes] if n)
    if joined:
        out["note"] = joined


def document_at(ctx: "CommandContext", raw: str) -> "ParsedDocument":
    """The JavaScript or TypeScript source `raw` names, through the path guard; a one-line reason otherwise."""
    from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path

    doc = ctx.document(raw)
    if doc.language not in SOURCE_LANGUAGES or is_typings_path(doc.uri):
        raise InvalidArgument(f"{raw}: footprints are computed for JavaScript and TypeScript sources only")
    return doc


def offset_at(doc: "ParsedDocument", args: dict) -> int:
    """The byte offset `line` (1-based) and `column` (1-based, UTF-16) or `name` point at."""
    from lsp_server.positions import UTF16

    line = args["line"] - 1
    if line >= doc.lines.line_count:
        raise InvalidArgument(f"line {line + 1} is past the end of the file ({doc.lines.line_count} lines)")
    if args.get("column") is not None:
        return doc.lines.offset(line, args["column"] - 1, UTF16)
    name = args.get("name")
    if not name:
        raise InvalidArgument("give `column` (1-based) or the binding's `name` on that line")
    text = doc.lines.line_bytes(line).decode("utf-8", "replace")
    m = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text)
    if m is None:
        raise InvalidArgument(f"`{name}` does not occur on line {line + 1}")
    return doc.lines.offset(line, len(text[:m.start()].encode("utf-16-le")) // 2, UTF16)


MAX_TEXT_LINES = 80  # the text rendering sits in the agent's context; the structured content has everything


def text_lines(*parts: str | None) -> str:
    lines = [p for p in parts if p]
    if len(lines) > MAX_TEXT_LINES:
        more = len(lines) - MAX_TEXT_LINES + 1
        lines = lines[:MAX_TEXT_LINES - 1] + [f"… {more} more line(s) in the structured result"]
    return "\n".join(lines)


# --- knowledge ------------------------------------------------------------------------------------------------
LOOKUP_HIT = obj(["path", "start_line", "end_line", "heading", "snippet", "score"],
                 {"path": STR, "start_line": INT, "end_line": INT, "heading": STR, "snippet": STR, "score": NUM})


@tool("lookup_docs", "Look up a name in the engine's docs",
      "Confirm a name you already know (a class, method, option, event) by searching the engine's docs "
      "literally. Free, answers in milliseconds, cannot invent: every hit is a real doc passage with its path "
      "and lines. Use it before writing a call you are not sure of. Pass `known_symbols` (names already in "
      "your context) and `turn_id` so repeats are answered free. For how-to questions use rag_lookup.",
      inputs(["query"], {"query": {"type": "string", "minLength": 1, "maxLength": 1000,
                                   "description": "A name or a few words."},
                         "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
                         "path": {**PATH_IN, "description": "Only chunks from this doc file or folder."},
                         "expand": {"type": "boolean", "default": False,
                                    "description": "Also search the search_queries angles and fuse them."},
                         "turn_id": TURN_ID, "known_symbols": KNOWN}),
      obj(["query", "results", "loop"], {"query": STR, "results": {"type": "array", "items": LOOKUP_HIT},
                                         "note": NOTE, "expansions": {"type": "array"}, "skipped": SKIPPED,
                                         "loop": LOOP}))
def lookup_docs(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.surfaces.commands import lookup_docs_result

    out = lookup_docs_result(ctx, args, presenter(ctx))
    loop, notes = loop_of(out.pop("debug", {}), "lookup_docs")
    out["loop"] = loop
    add_notes(out, notes)
    rows = []
    for r in out["results"]:
        rows.append(f"{r['path']}:{r['start_line'] + 1}-{r['end_line'] + 1}: {r['heading']}")
        rows.extend(f"    {line}" for line in r["snippet"].splitlines()[:6])
    head = f"{len(out['results'])} doc passage(s) for {out['query']!r}" if out["results"] else \
        f"No doc passage for {out['query']!r}."
    return out, text_lines(head, out.get("note"), *rows)  # the note (a block, a cache hit) is never cut


SYMBOL = obj(["name", "status"], {"name": STR, "status": {"enum": ["known", "unknown", "ambiguous", "removed"]},
                                  "kind": NULLABLE_STR, "qualified_name": NULLABLE_STR, "signature": NULLABLE_STR,
                                  "suggestions": {"type": "array", "items": STR},
                                  "source": {"type": "string", "description": "Where it is defined: `path:LINE`, "
                                                                              "1-based like a compiler's."},
                                  "confidence": NUM, "candidates": {"type": "array", "items": STR},
                                  "doc": either("object", "null"), "provided": BOOL, "error": STR,
                                  "deprecated": BOOL, "replacement": STR, "status_note": STR,
                                  "evidence": {"type": "string", "description": "Where the removal or "
                                                                                "deprecation is said: `path:LINE`."},
                                  "read_as": {"enum": ["new", "static", "instance"],
                                              "description": "How the written form was read: `new X.Y`, "
                                                             "`X.y` on a class value, `x.y` / `X#y` on an "
                                                             "instance."},
                                  "other_side": obj(["kind", "signature"], {"kind": STR, "signature": STR,
                                                                            "source": STR}),
                                  "note": STR})


@tool("check_symbols", "Check engine names exist",
      "Verify many engine symbol names at once (`Class`, `Class.member`, `module.export`, bare `member`) "
      "against the engine's object model: status known | unknown | ambiguous, the signature, where it is "
      "defined, and a did-you-mean with the doc passage that shows the real name. Write names as the code "
      "uses them: `new X.Y` (constructed), `X.y` (on the class), `x.y` or `X#y` (on an instance); a name on "
      "both sides reports the other in `other_side`. Free and fast (never budgeted), cannot invent. Run it on "
      "the engine names in code you are about to write.",
      inputs(["names"], {"names": {"type": "array", "items": {"type": "string", "maxLength": 300}, "minItems": 1,
                                   "maxItems": 500},
                         "known_symbols": {"type": "array",
                                           "items": {"anyOf": [STR, obj(["name"], {"name": STR})]},
                                           "description": KNOWN["description"]},
                         "turn_id": TURN_ID}),
      obj(["results", "budgeted"], {"results": {"type": "array", "items": SYMBOL},
                                    "turn_id": either("string", "integer", "null"),
                                    "budgeted": BOOL}))
def check_symbols(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.knowledge.check_symbols import check_symbols as answers
    from lsp_server.knowledge.object_model import ObjectModelService
    from lsp_server.surfaces.present import symbol_text

    ctx.workspace.service(ObjectModelService, ctx.progress or (lambda *_: None))  # built here: with progress
    present = presenter(ctx)
    results = [present.symbol(a) for a in answers(ctx.workspace, args["names"], args.get("known_symbols") or [])]
    out = {"results": results, "turn_id": args.get("turn_id"), "budgeted": False}
    return out, text_lines(*(symbol_text(r) for r in results))


@tool("search_queries", "Search angles for a question",
      "Turn a how-to question into 2-3 literal search angles (one for a plain symbol lookup), to run with "
      "lookup_docs. Free, no search is run.",
      inputs(["question"], {"question": QUESTION}),
      obj(["question", "queries"], {"question": STR, "queries": {"type": "array", "items": STR}}))
def search_queries(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.surfaces.commands import search_queries_command

    out = search_queries_command(ctx, args)
    return out, "\n".join(out["queries"])


CITATION = obj(["id", "path", "start_line", "end_line", "heading"],
               {"id": STR, "path": STR, "start_line": INT, "end_line": INT, "heading": STR, "cited": BOOL,
                "chunk": STR})


@tool("rag_lookup", "Answer a how-to question (may invent)",
      "Answer a how-to question (\"how do I ...\") from the engine's docs, with cited passages and a grounding "
      "check of the names it uses. Slow, MAY INVENT (check the citations and flags), and budgeted per turn: "
      "past [limits] live_calls_per_turn it is blocked. To confirm a name use lookup_docs or check_symbols "
      "instead (free).",
      inputs(["question"], {"question": QUESTION,
                            "limit": {"type": "integer", "minimum": 1, "maximum": 20},
                            "turn_id": TURN_ID}),
      obj(["question", "may_invent", "answer", "citations", "grounding", "loop"],
          {"question": STR, "may_invent": {"const": True}, "answer": NULLABLE_STR,
           "citations": {"type": "array", "items": CITATION},
           "passages": {"type": "array", "items": obj(["id", "path", "text"], {"id": STR, "path": STR,
                                                                               "text": STR})},
           "grounding": obj([], {"symbols": {"type": "array"}, "flags": {"type": "array", "items": STR}}),
           "generator": NULLABLE_STR, "retrieval": {"type": "object"}, "error": NULLABLE_STR, "note": NOTE,
           "loop": LOOP}))
def rag_lookup(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.surfaces.commands import rag_lookup_result

    out = rag_lookup_result(ctx, args, presenter(ctx))
    loop, notes = loop_of(out.pop("debug", {}), "rag_lookup")
    out["loop"] = loop
    add_notes(out, notes)
    rows = ["(may invent: check the citations and flags)", out.get("note")]
    if out.get("answer"):
        rows.append(out["answer"])
    for p in out.get("passages", []):
        rows.append(f"[{p['id']}] {p['path']}: {p.get('heading', '')}")
    rows.extend(f"FLAG: {f}" for f in out["grounding"].get("flags", []))
    return out, text_lines(*rows)


# --- features -------------------------------------------------------------------------------------------------
LINE_FOOTPRINT = obj(["name", "kind", "declaration", "lines"],
                     {"name": STR, "kind": STR, "declaration": LINE_TEXT,
                      "lines": {"type": "array", "items": LINE_TEXT},
                      "entangled": {"type": "array", "items": LINE_TEXT}})
MATCH = obj(["line", "character", "text"],
            {"line": INT, "character": INT, "text": STR, "before": {"type": "array", "items": LINE_TEXT},
             "after": {"type": "array", "items": LINE_TEXT},
             "footprints": {"type": "array", "items": LINE_FOOTPRINT}})


@tool("find_in_files", "Find in files, with footprints",
      "Search the workspace's file names and contents (literal, or a regex) like grep, skipping "
      "node_modules, build outputs and .gitignored files. Each match comes with context lines and the "
      "footprints of the bindings declared on its line (every line that uses them), so one call shows what "
      "an edit would touch.",
      inputs(["query"], {"query": {"type": "string", "minLength": 1, "maxLength": 1000},
                         "regex": {"type": "boolean", "default": False},
                         "include": {"anyOf": [STR, {"type": "array", "items": STR}],
                                     "description": "Only files matching this glob (or these globs)."},
                         "context": {"type": "integer", "minimum": 0, "maximum": 20, "default": 2},
                         "path": {**PATH_IN, "description": "Only under this folder or file."}}),
      obj(["query", "files", "total_matches", "truncated"],
          {"query": STR, "regex": BOOL, "total_matches": INT, "truncated": BOOL, "expansion": either("object", "null"),
           "files": {"type": "array", "items": obj(["path", "name_match", "matches"], {
               "path": STR, "name_match": BOOL, "matches": {"type": "array", "items": MATCH}})}}), reads_sources=True)
def find_in_files(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.features.find_in_files import find_with_concepts
    from lsp_server.surfaces.commands import _include_arg

    under = ctx.path(args["path"]) if args.get("path") is not None else None  # the path guard
    out = presenter(ctx).find(find_with_concepts(ctx.workspace, args["query"], args.get("regex", False),
                                                 _include_arg(args), args.get("context", 2), under,
                                                 cancelled=ctx.cancelled))
    rows = []
    if out.get("expansion"):
        exp = out["expansion"]
        rows.append(f"no match for {args['query']!r}; searched for {', '.join(exp['symbols'])} "
                    f"(concept {exp['word']!r})")
    for f in out["files"]:
        if f["name_match"] and not f["matches"]:
            rows.append(f"{f['path']}: (file name matches)")
        for m in f["matches"]:
            rows.append(f"{f['path']}:{m['line'] + 1}:{m['text']}")
            for fp in m.get("footprints", []):
                lines = ", ".join(str(r["line"] + 1) for r in fp["lines"])
                rows.append(f"    footprint of {fp['name']}: declared line {fp['declaration']['line'] + 1}"
                            + (f"; lines {lines}" if lines else ""))
    if out["truncated"]:
        rows.append(f"(stopped after {out['total_matches']} matches)")
    return out, text_lines(*rows) or f"No match for {args['query']!r}."


FOOTPRINT: dict = obj(["name", "kind", "exported", "declaration", "statements", "lines"], {
    "name": STR, "kind": STR, "exported": BOOL, "name_range": RANGE, "declaration": RANGE,
    "statements": {"type": "array", "items": obj(["range", "role", "text"], {"range": RANGE, "role": STR,
                                                                              "text": STR})},
    "lines": INT, "entangled": {"type": "array"}, "initialises": {"type": "array"},
    "dependents": {"type": "array"}})
POSITION_INPUTS = {"path": PATH_IN, "line": LINE_IN, "column": COLUMN_IN, "name": NAME_IN,
                   "dependents": {"type": "boolean", "default": False,
                                  "description": "Also the bindings initialised from it."}}


def _footprint(ctx: "CommandContext", args: dict):
    from lsp_server.features.footprints import compute_footprint

    doc = document_at(ctx, args["path"])
    fp = compute_footprint(doc, offset_at(doc, args), dependents=args.get("dependents", False))
    if fp is None:
        where = f"{args['path']}:{args['line']}" + (f":{args['column']}" if args.get("column") else "")
        raise InvalidArgument(f"no binding at {where}")
    return doc, fp


@tool("footprint", "A binding's footprint",
      "Every statement that belongs to the binding at a position (declaration, assignments, calls, wiring, "
      "exports), the uses entangled in other statements and the files that import it: what you must edit "
      "together to remove or rename it, so you never delete one line of a five-line footprint.",
      inputs(["path", "line"], POSITION_INPUTS),
      obj(["path", "footprint", "importers"], {"path": STR, "footprint": FOOTPRINT,
                                               "importers": {"type": "array", "items": obj(["path"], {
                                                   "path": STR, "line": either("integer", "null")})}}),
      reads_sources=True)
def footprint(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.features.footprints import importers_of
    from lsp_server.surfaces.present import footprint_text

    doc, fp = _footprint(ctx, args)
    present = presenter(ctx)
    path = present.show_path(doc.path)
    importers = present.importers(importers_of(ctx.workspace, doc, fp))
    out = {"path": path, "footprint": present.footprint(doc, fp), "importers": importers}
    rows = footprint_text(doc, fp, path)
    if importers:
        rows.append(f"  imported by: {', '.join(sorted({i['path'] for i in importers}))}")
    return out, text_lines(*rows)


@tool("delete_footprint", "Delete a binding's footprint",
      "Delete the whole footprint of the binding at a position (every statement that belongs to it). Returns "
      "the edit as a unified diff and the file's sha256; nothing is written unless `apply` is true and "
      "`sha256` is the hash this tool returned (the file must not have changed since).",
      inputs(["path", "line"], {**POSITION_INPUTS, "apply": {"type": "boolean", "default": False},
                                "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$",
                                           "description": "The file's sha256 from a previous call (required "
                                                          "with apply)."}}),
      obj(["path", "name", "sha256", "diff", "applied"],
          {"path": STR, "name": STR, "title": STR, "sha256": STR, "diff": STR, "lines": INT, "applied": BOOL,
           "disabled": NULLABLE_STR}),
      read_only=False, reads_sources=True)
def delete_footprint(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    import difflib

    from lsp_server.features.footprints import apply_edits, importers_of, plan_deletions
    from lsp_server.storage import FileChanged, SkippedFile, replace_file_if_unchanged

    if args.get("apply") and not args.get("sha256"):
        raise InvalidArgument("apply needs `sha256`: the hash this tool returned with the diff")
    doc, fp = _footprint(ctx, args)
    ws, path = ctx.workspace, doc.path
    digest = hashlib.sha256(doc.source).hexdigest()
    present = presenter(ctx)
    plans = plan_deletions(doc, fp, importers_of(ws, doc, fp))
    if not plans:
        raise InvalidArgument(f"nothing to delete for `{fp.name}`")
    plan = plans[-1] if args.get("dependents") else plans[0]
    new = apply_edits(doc.source, list(plan.edits))
    name = present.show_path(path)
    diff = "".join(difflib.unified_diff(doc.source.decode("utf-8", "replace").splitlines(keepends=True),
                                        new.decode("utf-8", "replace").splitlines(keepends=True),
                                        f"a/{name}", f"b/{name}"))
    out = {"path": name, "name": fp.name, "title": plan.title, "sha256": digest, "diff": diff,
           "lines": plan.lines, "applied": False, "disabled": plan.disabled}
    if args.get("apply"):
        if plan.disabled:
            raise InvalidArgument(f"not applied: {plan.disabled}")
        if args["sha256"] != digest:
            raise InvalidArgument(f"not applied: {name} changed since the diff was computed (sha256 "
                                  f"{digest[:12]}…, not {args['sha256'][:12]}…); call delete_footprint again")
        try:  # compared once more right before the atomic write
            replace_file_if_unchanged(path, doc.source, new, ws.roots)
        except FileChanged:
            raise InvalidArgument(f"not applied: {name} changed while the edit was being written") from None
        except SkippedFile as exc:
            raise InvalidArgument(f"not applied: {name}: {exc}") from None
        ws.files_changed([path])
        out["applied"] = True
    state = "applied" if out["applied"] else ("cannot apply: " + plan.disabled if plan.disabled else
                                              "not applied (pass apply and sha256 to write it)")
    return out, text_lines(f"{plan.title} in {name} ({state}; sha256 {digest})", diff)


# --- conventions ----------------------------------------------------------------------------------------------
@tool("review_changes", "Conventions your change touches",
      "The project conventions your uncommitted change (git diff against HEAD, or `rev`) touches, at most "
      "[rules] max_per_diff of them with where they fire and why: a reminder to run before you finish.",
      inputs([], {"rev": {"type": "string", "minLength": 1, "maxLength": 200,
                          "description": "Compare against this revision."}}),
      obj(["rev", "files", "reminders", "more", "text"],
          {"rev": STR, "files": {"type": "array", "items": STR}, "more": {"type": "array", "items": STR},
           "text": STR, "reminders": {"type": "array", "items": obj(["rule", "message", "locations"], {
               "rule": STR, "title": STR, "message": STR, "severity": STR, "why": STR,
               "locations": {"type": "array", "items": obj(["path", "line", "character"], {
                   "path": STR, "line": INT, "character": INT, "end_line": INT, "end_character": INT})}})}}),
      reads_sources=True)
def review_changes(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.conventions.review import review

    out = presenter(ctx).review(review(ctx.workspace, args.get("rev")))
    for r in out["reminders"]:
        for loc in r["locations"]:
            loc.pop("uri", None)
    return out, out["text"] or f"No convention fires on the lines changed since {out['rev'][:12]}."


@tool("conventions_context", "Project conventions",
      "The project's always-on conventions (rules without a trigger) as Markdown, for a file (`path`) or the "
      "whole project; with `all`, also the ids of the rules checked automatically on save. The server's "
      "instructions already carry the project-wide text: call this for a specific file.",
      inputs([], {"path": {**PATH_IN, "description": "Only the conventions that apply to this file."},
                  "all": {"type": "boolean", "default": False}}),
      obj(["workspace", "rules", "checked", "text"], {
          "workspace": {"type": "string", "description": "The session's workspace folder (absolute): the "
                                                         "conventions are this folder's."},
          "rules": {"type": "array", "items": obj(["id", "title"], {
              "id": STR, "title": STR, "severity": STR, "path": STR})}, "checked": {"type": "array", "items": STR},
          "text": STR}), reads_sources=True)
def conventions_context(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.conventions.reports import guidance

    ws = ctx.workspace
    relpath = ws.relpath(ctx.path(args["path"], must_exist=False)) if args.get("path") else None  # the path guard
    out = {"workspace": str(ws.root), **presenter(ctx).guidance(guidance(ws, relpath, args.get("all", False)))}
    text = out["text"] or "No always-on convention applies."
    return out, f"Conventions of the workspace {ws.root}:\n{text}"


# --- checks ---------------------------------------------------------------------------------------------------
FINDING = obj(["path", "line", "character", "end_line", "end_character", "severity", "code", "message"],
              {"path": STR, "line": INT, "character": INT, "end_line": INT, "end_character": INT,
               "severity": STR, "code": STR, "source": STR, "message": STR, "data": {"type": "object"}})


@tool("check", "Diagnostics of files",
      "Every check the language server runs on save (unknown engine symbols, layering, import cycles, "
      "unresolved imports, the project's conventions, syntax) over the given files, or without `paths` over "
      "the files of your uncommitted change (git diff against HEAD, new files included). Run it after "
      "editing, before you finish.",
      inputs([], {"paths": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 4096},
                            "maxItems": 200,
                            "description": "Files or folders, relative to the workspace root."}}),
      obj(["files", "findings", "errors", "skipped"],
          {"files": {"type": "array", "items": STR}, "findings": {"type": "array", "items": FINDING},
           "errors": INT, "skipped": SKIPPED}), reads_sources=True)
def check(ctx: "CommandContext", args: dict) -> tuple[dict, str]:
    from lsp_server.checks import CheckContext, Phase, run_checks
    from lsp_server.conventions.review import changed_lines
    from lsp_server.findings import Severity
    from lsp_server.graph.service import ImportGraphService
    from lsp_server.surfaces.present import finding_text

    ws = ctx.workspace
    present = presenter(ctx)
    files, skipped = [], []
    if args.get("paths"):
        for raw in args["paths"]:
            try:
                target = ctx.path(raw)  # the path guard; a refused path is reported, the others checked
            except InvalidArgument as exc:
                skipped.append({"path": raw, "reason": str(exc)})
                continue
            files.extend([target] if target.is_file() else ws.files(target))
    else:
        _, changed = changed_lines(ws.root, None)
        files = sorted(p for p in changed if p.is_file() and ws.contains(p))
    files = list(dict.fromkeys(files))
    # The server told the indexes about edits since the last call (freshness.py, by mtime and size); the files
    # named here are told again, whatever their stamps say (an edit within the file system's clock tick).
    ws.files_changed(files)
    ws.service(ImportGraphService, ctx.progress or (lambda *_: None))
    findings, rows, checked = [], [], []
    for path in files:
        if ctx.cancelled.is_set():
            raise InvalidArgument("cancelled")
        doc = ws.document(path)
        if doc is None or doc.language is None:
            reason = ws.skipped.get(path) or ("not a JavaScript or TypeScript file" if doc else "cannot read it")
            skipped.append({"path": present.show_path(path), "reason": reason})
            continue
        check_ctx = CheckContext(ws)
        found = run_checks(doc, check_ctx, (Phase.TYPE, Phase.SAVE))
        ws.document_checked(doc, found, tuple(check_ctx.completed))
        checked.append(present.show_path(path))
        for f in found:
            findings.append(present.finding_at(doc, path, f))
            rows.append(finding_text(doc, present.show_path(path), f))
    errors = sum(1 for f in findings if f["severity"] == Severity.ERROR.label)
    out = {"files": checked, "findings": findings, "errors": errors, "skipped": skipped}
    rows += [f"skipped {s['path']}: {s['reason']}" for s in skipped]
    head = f"{len(findings)} problem(s), {errors} error(s) in {len(checked)} file(s)"
    return out, text_lines(head, *rows)
