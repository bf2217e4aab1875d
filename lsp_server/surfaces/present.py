"""The one presenter: typed area results (byte offsets, absolute paths) in each surface's form.

A `Presenter` carries the two things a surface decides: the position encoding (LSP: the one negotiated at
initialize; CLI JSON and text: UTF-16, 0-based in JSON, 1-based in text) and how a path is shown (LSP: relative
to the workspace root, with URIs where the command contract has them; CLI: relative to the current directory).
Positions go through positions.py (`doc.lines.position`), the only encoding-aware module.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Finding
from lsp_server.positions import UTF16, Encoding

if TYPE_CHECKING:  # result types only: importing their areas here would load them all for every verb
    from lsp_server.conventions.evaluate import Evaluation
    from lsp_server.conventions.reports import Guidance, RulesReport, RuleStats
    from lsp_server.conventions.review import Review
    from lsp_server.conventions.rules import Rule, RuleProblem
    from lsp_server.features.find_in_files import FindResult, LineFootprint, LineText, Match
    from lsp_server.features.footprints import Footprint
    from lsp_server.graph.export import GraphSnapshot
    from lsp_server.knowledge.check_symbols import SymbolAnswer
    from lsp_server.knowledge.lookup import LookupResult
    from lsp_server.knowledge.rag import RagResult
    from lsp_server.workspace import Workspace


def why(rule: Rule) -> str:
    """`conventions.reports.why`, imported when a rule is shown: that module brings the rules engine (the
    evaluator, the examples, the review, the regex engine), imports that verbs showing no rule (`graph`)
    do not pay."""
    from lsp_server.conventions.reports import why as rule_why

    return rule_why(rule)


# Text output (CLI lines, hook messages, the review's `text`) counts columns in UTF-16, 1-based, as editors
# and `grep -n`-style tools show them.
TEXT_ENCODING = UTF16


def display_path(path: Path, cwd: Path | None = None) -> str:
    """A path as the CLI shows it: relative to the current directory (or `cwd`), POSIX separators."""
    try:
        return Path(os.path.relpath(path, cwd or Path.cwd())).as_posix()
    except ValueError:  # another drive (Windows): nothing to be relative to
        return path.as_posix()


@dataclass(frozen=True)
class Presenter:
    encoding: Encoding
    show_path: Callable[[Path], str]
    lsp: bool  # LSP results carry URIs (and workspace-relative paths); CLI results do not

    # --- positions -------------------------------------------------------------------------------------
    def position(self, doc: ParsedDocument, offset: int) -> tuple[int, int]:
        return doc.lines.position(offset, self.encoding)

    def range(self, doc: ParsedDocument, start: int, end: int) -> dict:
        """An LSP-shaped range: {start: {line, character}, end: {line, character}}."""
        (l1, c1), (l2, c2) = self.position(doc, start), self.position(doc, end)
        return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}

    def location(self, doc: ParsedDocument, start: int, end: int) -> dict:
        """A flat location: {line, character, end_line, end_character}."""
        (line, char), (end_line, end_char) = self.position(doc, start), self.position(doc, end)
        return {"line": line, "character": char, "end_line": end_line, "end_character": end_char}

    def offset(self, doc: ParsedDocument, line: int, character: int) -> int:
        return doc.lines.offset(line, character, self.encoding)

    # --- findings ----------------------------------------------------------------------------------------
    def finding(self, doc: ParsedDocument, f: Finding) -> dict:
        """A finding of one known file (the `check_file` command)."""
        return {**self.location(doc, f.start, f.end), "severity": f.severity.label, "code": f.code,
                "message": f.message}

    def finding_at(self, doc: ParsedDocument, path: Path, f: Finding) -> dict:
        """A finding with its path and source (`footprint-ls check --format json`)."""
        item = {"path": self.show_path(path), **self.location(doc, f.start, f.end), "severity": f.severity.label,
                "code": f.code, "source": f.source, "message": f.message}
        if f.data:
            item["data"] = f.data
        if f.tags:
            item["tags"] = list(f.tags)
        return item

    # --- footprints --------------------------------------------------------------------------------------
    def footprint(self, doc: ParsedDocument, fp: Footprint) -> dict[str, Any]:
        rng = lambda start, end: self.range(doc, start, end)  # noqa: E731

        def first_line(start: int) -> str:
            return doc.lines.line_bytes(doc.lines.line_of(start)).decode("utf-8", "replace").strip()

        return {
            "name": fp.name,
            "kind": fp.kind,
            "exported": fp.exported,
            "name_range": rng(fp.name_start, fp.name_end),
            "declaration": rng(*fp.declaration),
            "statements": [{"range": rng(s.start, s.end), "role": s.role, "text": first_line(s.start)}
                           for s in fp.statements],
            "lines": _line_count(doc, fp),
            "entangled": [{"line": u.line, "text": u.text, "range": rng(u.start, u.end)} for u in fp.entangled],
            "initialises": [{"line": u.line, "text": u.text, "range": rng(u.start, u.end)} for u in fp.initialises],
            "dependents": [self.footprint(doc, d) for d in fp.dependents],
        }

    def importers(self, importers: list | None) -> list[dict]:
        return [{"path": self.show_path(Path(getattr(s, "path", s))), "line": getattr(s, "line", None)}
                for s in (importers or [])]

    # --- find_in_files -----------------------------------------------------------------------------------
    def find(self, result: FindResult) -> dict[str, Any]:
        expansion = result.expansion
        return {"query": result.query, "regex": result.regex,
                "files": [{"path": self.show_path(f.path), "name_match": f.name_match,
                           "matches": [self._match(m) for m in f.matches]} for f in result.files],
                "total_matches": result.total_matches, "truncated": result.truncated,
                "expansion": None if expansion is None else {"word": expansion.word,
                                                             "symbols": list(expansion.symbols)}}

    def _match(self, m: Match) -> dict[str, Any]:
        item = {"line": m.line, "character": m.lines.position(m.offset, self.encoding)[1], "text": m.text,
                "before": [_line(c) for c in m.before], "after": [_line(c) for c in m.after]}
        if m.footprints is not None:
            item["footprints"] = [_line_footprint(fp) for fp in m.footprints]
        return item

    # --- docs lookups ------------------------------------------------------------------------------------
    def lookup(self, result: LookupResult) -> dict:
        """`lookup_docs`: each hit with its path (and, for LSP, its URI) and 0-based lines."""
        out: dict = {"query": result.query, "results": []}
        for h in result.results:
            item = {"path": self.show_path(h.path), "start_line": h.start_line, "end_line": h.end_line,
                    "heading": h.heading, "snippet": h.snippet, "score": h.score}
            if self.lsp:
                item["uri"] = path_to_uri(h.path)
            out["results"].append(item)
        if result.note:
            out["note"] = result.note
        if result.expansions:
            out["expansions"] = result.expansions
        return out

    def symbol(self, answer: SymbolAnswer) -> dict[str, Any]:
        """One `check_symbols` answer: the fields every answer has, then the optional ones it carries.
        `source` is "path:line" (1-based line, as `grep -n` shows it); `doc.line` is 0-based."""
        out: dict[str, Any] = {"name": answer.name, "status": answer.status, "kind": answer.kind,
                               "qualified_name": answer.qualified_name, "signature": answer.signature,
                               "suggestions": list(answer.suggestions), "doc": None}
        if answer.doc is not None:
            doc = answer.doc
            out["doc"] = {"path": self.show_path(doc.path) if doc.path else None, "line": doc.line,
                          "heading": doc.heading}
            if doc.for_name:
                out["doc"]["for"] = doc.for_name
        if answer.source is not None:
            out["source"] = f"{self.show_path(answer.source.path)}:{answer.source.line + 1}"
        if answer.confidence is not None:
            out["confidence"] = round(answer.confidence, 2)
        for key in ("candidates", "inherited_by", "summary", "provided", "error", "deprecated", "replacement",
                    "status_note", "read_as", "note"):
            value = getattr(answer, key)
            if value:
                out[key] = list(value) if isinstance(value, tuple) else value
        if answer.evidence is not None:  # where the removed / deprecated marker is, "path:line" like `source`
            out["evidence"] = f"{self.show_path(answer.evidence.path)}:{answer.evidence.line + 1}"
        if answer.other_side is not None:  # the namesake on the other side (a static and an instance `load`)
            other = answer.other_side
            out["other_side"] = {"kind": other.kind, "signature": other.signature}
            if other.source is not None:
                out["other_side"]["source"] = f"{self.show_path(other.source.path)}:{other.source.line + 1}"
        return out

    # --- graph ----------------------------------------------------------------------------------------------
    def graph(self, snap: GraphSnapshot) -> dict[str, Any]:
        """The import graph's JSON contract, the same on every surface: paths relative to the asked folder (or
        the asked file's folder), POSIX separators; external targets `package:NAME` / `node:NAME`:
        `{"modules": [paths], "edges": [{"from", "to", "kind", "names"}], "unresolved": [{"from", "specifier",
        "line"}], "cycles": [[paths]]}` with 0-based `line`."""
        rel = relative_to(snap.anchor)
        edges = sorted((rel(e.source), e.target if e.external else rel(e.target), e.kind, e.names)
                       for e in snap.edges)
        return {"modules": [rel(p) for p in snap.modules],
                "edges": [{"from": f, "to": t, "kind": k, "names": list(n)} for f, t, k, n in edges],
                "unresolved": [{"from": rel(u.source), "specifier": u.specifier, "line": u.line}
                               for u in snap.unresolved],
                "cycles": [[rel(p) for p in c] for c in snap.cycles]}

    # --- conventions --------------------------------------------------------------------------------------
    def rule(self, rule: Rule) -> dict[str, Any]:
        return {"id": rule.id, "title": rule.title, "severity": rule.severity.label, "scope": rule.scope,
                "priority": rule.priority, "files": list(rule.files), "exclude": list(rule.exclude),
                "trigger": [k for k, v in (("regex", rule.regex_source), ("query", rule.query_source)) if v],
                "path": self.show_path(rule.path), "origin": rule.origin}

    def guidance(self, result: Guidance) -> dict[str, Any]:
        return {"rules": [self.rule(r) for r in result.rules], "checked": [r.id for r in result.checked],
                "text": result.text}

    def rule_stats(self, stats: list[RuleStats]) -> list[dict[str, Any]]:
        return [dict(vars(s)) for s in stats]

    def rule_problem(self, p: RuleProblem) -> dict[str, Any]:
        """`line` is 0-based; `path` is None for a problem of the `[rules]` configuration."""
        return {"path": self.show_path(p.path) if p.path is not None else None, "line": p.line,
                "severity": p.severity.label, "message": p.message}

    def rules_report(self, report: RulesReport) -> dict[str, Any]:
        return {"rules": [self.rule(r) for r in report.rules],
                "sources": [{"origin": s.origin, "folder": self.show_path(s.folder), "rules": s.rules}
                            for s in report.sources],
                "problems": [self.rule_problem(p) for p in report.problems]}

    def rag(self, result: RagResult) -> dict[str, Any]:
        """`rag_lookup`: the answer (may invent), its citations as the caller sees paths, the passages when
        there is no generator, the grounding check and how the chunks were retrieved."""
        out: dict[str, Any] = {"question": result.question, "may_invent": True, "answer": result.answer}
        out["citations"] = [{**c, "path": self.show_path(c["path"]), "chunk": self._chunk_ref(c)}
                            for c in result.citations]
        if self.lsp:  # LSP callers open the cited file
            for c, raw in zip(out["citations"], result.citations):
                c["uri"] = path_to_uri(raw["path"])
        if result.answer is None:
            out["passages"] = [{"id": c["id"], "path": self.show_path(h.path), "start_line": h.start_line,
                                "end_line": h.end_line, "heading": h.heading, "text": h.text}
                               for c, h in zip(result.citations, result.passages)]
        out["grounding"] = result.grounding
        out["generator"] = result.generator
        out["retrieval"] = {"method": result.retrieval, "queries": result.queries}
        if result.error:
            out["error"] = result.error
        if result.notes:
            out["note"] = " ".join(result.notes)
        return out

    def _chunk_ref(self, citation: dict) -> str:
        """`path#n` of a chunk id, with the path as the caller sees paths."""
        chunk = citation["chunk"]
        _, _, n = chunk.rpartition("#")
        return f"{self.show_path(citation['path'])}#{n}" if n.isdigit() else chunk

    # --- convention reviews ------------------------------------------------------------------------------
    def review(self, result: Review) -> dict:
        reminders = []
        for r in result.reminders:
            reminders.append({
                "rule": r.rule.id, "title": r.rule.title, "message": r.rule.message,
                "severity": r.rule.severity.label, "why": why(r.rule),
                "locations": [{"path": self.show_path(p), "uri": path_to_uri(p), **self.location(d, s, e)}
                              for d, p, s, e in r.locations]})
        return {"rev": result.rev, "files": [self.show_path(p) for p in result.files], "reminders": reminders,
                "more": result.more, "text": review_text(result, self.show_path)}


def relative_to(anchor: Path) -> Callable[[str], str]:
    """A memoised `path -> POSIX path relative to anchor`: a string slice for paths under it (a graph of
    thousands of modules names each one many times; os.path.relpath on each was a measurable share of a
    graph export), os.path.relpath for the rest."""
    prefix = str(anchor).rstrip(os.sep) + os.sep
    seen: dict[str, str] = {}

    def rel(path: str) -> str:
        shown = seen.get(path)
        if shown is None:
            tail = path[len(prefix):] if path.startswith(prefix) else os.path.relpath(path, anchor)
            shown = seen[path] = tail.replace(os.sep, "/") if os.sep != "/" else tail
        return shown

    return rel


def _line(t: LineText) -> dict:
    return {"line": t.line, "text": t.text}


def _line_footprint(fp: LineFootprint) -> dict:
    return {"name": fp.name, "kind": fp.kind, "declaration": _line(fp.declaration),
            "lines": [_line(t) for t in fp.lines], "entangled": [_line(t) for t in fp.entangled]}


def for_lsp(encoding: Encoding, workspace: "Workspace") -> Presenter:
    """LSP commands: the negotiated encoding, paths relative to the workspace root."""
    return Presenter(encoding, workspace.relpath, lsp=True)


def for_cli(cwd: Path | None = None) -> Presenter:
    """CLI JSON: 0-based UTF-16 positions, paths relative to the current directory (or `cwd`)."""
    return Presenter(UTF16, lambda p: display_path(p, cwd), lsp=False)


# --- text ----------------------------------------------------------------------------------------------------
def text_position(doc: ParsedDocument, offset: int) -> tuple[int, int]:
    """1-based line and column (UTF-16) for text output."""
    line, char = doc.lines.position(offset, TEXT_ENCODING)
    return line + 1, char + 1


def finding_text(doc: ParsedDocument, shown: str, f: Finding) -> str:
    line, column = text_position(doc, f.start)
    return f"{shown}:{line}:{column}: {f.severity.label} {f.code} {f.message}"


def _line_count(doc: ParsedDocument, fp: Footprint) -> int:
    from lsp_server.features.footprints import line_count

    return line_count(doc, list(fp.pieces))


def footprint_text(doc: ParsedDocument, fp: Footprint, shown: str, indent: str = "") -> list[str]:
    lines = doc.lines
    decl_line = lines.line_of(fp.name_start) + 1
    out = [f"{indent}{fp.name} ({fp.kind}{', exported' if fp.exported else ''}) declared at {shown}:{decl_line}"
           f" — {len(fp.statements)} statement(s), {_line_count(doc, fp)} line(s)"]
    for s in fp.statements:
        first, last = lines.line_of(s.start), lines.line_of(max(s.start, s.end - 1))
        for row in range(first, last + 1):
            out.append(f"{indent}  {row + 1:>5}: {lines.line_bytes(row).decode('utf-8', 'replace')}")
    if fp.entangled:
        out.append(f"{indent}  entangled uses ({len(fp.entangled)}):")
        out.extend(f"{indent}  {u.line + 1:>5}: {u.text}" for u in fp.entangled)
    for dep in fp.dependents:
        out.append(f"{indent}  dependent:")
        out.extend(footprint_text(doc, dep, shown, indent + "    "))
    return out


def symbol_text(shown: dict) -> str:
    """One `check_symbols` answer (as `Presenter.symbol` shows it) on one line: `NAME: status  signature
    (source)  also a static method: SIGNATURE (source)  [how a variable was typed]  on TYPES  did you mean A, B,
    C?`, or for a removed or deprecated member what replaces it and where that is said."""
    line = f"{shown['name']}: {shown['status']}"
    if shown.get("signature"):
        line += f"  {shown['signature']}"
    if shown.get("source"):
        line += f"  ({shown['source']})"
    if shown.get("other_side"):
        other = shown["other_side"]
        line += f"  also a {other['kind']}: {other['signature']}" + (f" ({other['source']})" if other.get("source") else "")
    if shown.get("note"):
        line += f"  [{shown['note']}]"
    if shown.get("candidates"):
        line += "  on " + ", ".join(shown["candidates"])
    if shown["status"] not in ("known", "removed") and shown.get("suggestions"):
        line += "  did you mean " + ", ".join(shown["suggestions"][:3]) + "?"
    if shown["status"] == "removed" or shown.get("deprecated"):
        said = "deprecated" if shown.get("deprecated") else "removed"
        line += f"  {said}" + (f", use {shown['replacement']} instead" if shown.get("replacement") else "") \
            + (f" ({shown['evidence']})" if shown.get("evidence") else "")
    return line


def review_text(result: Review, show_path: Callable[[Path], str], max_locations: int = 5) -> str:
    """The diff review as a reminder an agent or a person reads (empty when clean)."""
    if result.clean:
        return ""
    lines = [f"Footprint review: before you finish, check your change (vs {result.rev[:12]}) against "
             f"{len(result.reminders)} project convention(s):"]
    for r in result.reminders:
        lines.append(f"- {r.rule.id}: {r.rule.message}")
        lines.append(f"  why: {why(r.rule)}")
        locs = ["{}:{}:{}".format(show_path(p), *text_position(d, s)) for d, p, s, _ in r.locations]
        extra = f" (+{len(locs) - max_locations} more)" if len(locs) > max_locations else ""
        lines.append(f"  at {', '.join(locs[:max_locations])}{extra}")
    if result.more:
        lines.append(f"({len(result.more)} more rule(s) also fired; the highest-priority ones are shown)")
    return "\n".join(lines) + "\n"


def file_text(evaluation: Evaluation, doc: ParsedDocument, shown: str) -> str:
    """The on-save rules that apply to one written file, for the agent that wrote it (empty when none)."""
    if not evaluation.hits:
        return ""
    lines = [f"Footprint: {len(evaluation.hits)} project convention(s) apply to {shown}; fix them now:"]
    for hit in evaluation.hits:
        r = hit.rule
        for s, _ in hit.ranges:
            line, column = text_position(doc, s)
            lines.append(f"- {shown}:{line}:{column}: {r.severity.label} {r.id}: {r.message}")
        lines.append(f"  why: {why(r)}")
    return "\n".join(lines) + "\n"


# --- the import graph as DOT and text -----------------------------------------------------------------------
def graph_dot(data: dict) -> str:
    """Graphviz DOT of `Presenter.graph`'s JSON: modules as boxes, packages/builtins as ellipses, cycle edges
    red, dynamic dashed."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    cyclic = set()
    for cycle in data["cycles"]:
        for i, node in enumerate(cycle):
            cyclic.add((node, cycle[(i + 1) % len(cycle)]))
    lines = ["digraph imports {", "  rankdir=LR;", "  node [shape=box, fontsize=10];"]
    for module in data["modules"]:
        lines.append(f"  {q(module)};")
    externals = sorted({e["to"] for e in data["edges"] if e["to"].startswith(("package:", "node:"))})
    for ext in externals:
        lines.append(f"  {q(ext)} [shape=ellipse, color=gray40];")
    for e in data["edges"]:
        attrs = []
        if (e["from"], e["to"]) in cyclic:
            attrs.append("color=red")
        if e["kind"] == "dynamic":
            attrs.append("style=dashed")
        if e["names"]:
            attrs.append(f"label={q(', '.join(e['names']))}")
        lines.append(f"  {q(e['from'])} -> {q(e['to'])}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    for u in data["unresolved"]:
        lines.append(f"  {q(u['from'])} -> {q('unresolved: ' + u['specifier'])} [color=orange];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph_text(data: dict) -> str:
    """`footprint-ls graph PATH`'s text: a count, one line per edge, unresolved imports (1-based lines), cycles."""
    out = [f"{len(data['modules'])} module(s), {len(data['edges'])} edge(s)"]
    for e in data["edges"]:
        names = f" {{{', '.join(e['names'])}}}" if e["names"] else ""
        out.append(f"{e['from']} -> {e['to']} [{e['kind']}]{names}")
    for u in data["unresolved"]:
        out.append(f"{u['from']}:{u['line'] + 1}: unresolved '{u['specifier']}'")
    for c in data["cycles"]:
        out.append("cycle: " + " -> ".join([*c, c[0]]))
    return "\n".join(out) + "\n"
