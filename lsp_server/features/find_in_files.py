"""`find_in_files`: grep over the workspace that answers with whole features, not single lines.

Matches file contents and file names/paths (so `json` finds `sampleData.json` even when no file contains
the word). Each content match in a JavaScript file carries grep-style context lines and the footprints of
the bindings named on the matched line (declaration, property and call lines, entangled uses), so a caller
sees the whole feature. When nothing matches, the query is expanded through the workspace's concepts
(user words -> engine symbols), when that area is available, and the expansion used is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pathspec
import regex
from tree_sitter import QueryCursor

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import compute_footprint
from lsp_server.syntax.scopes import ScopeAnalysis, scopes_of
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path, language_for_path
from lsp_server.errors import InvalidArgument
from lsp_server.positions import LineIndex
from lsp_server.workspace import Workspace, read_text_file

MAX_MATCHES = 200
MAX_FOOTPRINTS_PER_LINE = 4
MAX_FOOTPRINT_LINES = 40
REGEX_TIMEOUT = 2.0  # seconds per file: a pathological user regex must not hang the server


@dataclass(frozen=True)
class LineText:
    line: int  # 0-based
    text: str


@dataclass(frozen=True)
class LineFootprint:
    """The footprint of a binding named on a matched line, as lines (see footprints.py for the whole)."""
    name: str
    kind: str
    declaration: LineText
    lines: tuple[LineText, ...]  # the footprint's other lines, the matched one left out
    entangled: tuple[LineText, ...]


@dataclass(frozen=True)
class Match:
    line: int  # 0-based
    offset: int  # byte offset of the match in the file: the presenter turns it into a column
    lines: LineIndex  # the file's line index, to do so
    text: str  # the matched line
    before: tuple[LineText, ...]
    after: tuple[LineText, ...]
    footprints: tuple[LineFootprint, ...] | None  # None: not a JavaScript file


@dataclass(frozen=True)
class FileMatches:
    path: Path
    name_match: bool
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Expansion:
    word: str  # the concept word of the query
    symbols: tuple[str, ...]  # the engine symbols searched for instead


@dataclass(frozen=True)
class FindResult:
    query: str
    regex: bool
    files: tuple[FileMatches, ...]
    total_matches: int
    truncated: bool
    expansion: Expansion | None = field(default=None)


def _matcher(query: str, is_regex: bool):
    if not query:
        raise InvalidArgument("argument 'query' must not be empty")
    if is_regex:
        try:
            return regex.compile(query.encode("utf-8"))
        except regex.error as exc:
            raise InvalidArgument(f"invalid regular expression {query!r}: {exc}") from exc
    return regex.compile(regex.escape(query.encode("utf-8")), regex.IGNORECASE)


def _include_spec(include: list[str]) -> pathspec.PathSpec | None:
    return pathspec.GitIgnoreSpec.from_lines(include) if include else None


def _footprints_on_line(doc: ParsedDocument, line: int, analysis: ScopeAnalysis) -> tuple[LineFootprint, ...]:
    """Footprints of the bindings named on one line (declaration, statement lines, entangled uses)."""
    start, end = doc.lines.starts[line], doc.lines.line_end(line)
    cursor = QueryCursor(queries.load(doc.language, "references"))
    cursor.set_byte_range(start, end)
    out: list[LineFootprint] = []
    seen: set[tuple[int, str]] = set()
    names = sorted((n for nodes in cursor.captures(doc.tree.root_node).values() for n in nodes),
                   key=lambda n: n.start_byte)
    for node in names:
        if node.start_byte < start or node.end_byte > end:
            continue
        binding = analysis.resolve(node)
        if binding is None or binding.key in seen:
            continue
        seen.add(binding.key)
        fp = compute_footprint(doc, node.start_byte)
        if fp is None:
            continue
        rows: set[int] = set()
        for s in fp.statements:
            rows.update(range(doc.lines.line_of(s.start), doc.lines.line_of(max(s.start, s.end - 1)) + 1))
        rows.discard(line)
        text = lambda r: doc.lines.line_bytes(r).decode("utf-8", "replace")  # noqa: E731
        decl_line = doc.lines.line_of(fp.declaration[0])
        out.append(LineFootprint(
            fp.name, fp.kind, LineText(decl_line, text(decl_line)),
            tuple(LineText(r, text(r)) for r in sorted(rows)[:MAX_FOOTPRINT_LINES]),
            tuple(LineText(u.line, u.text) for u in fp.entangled)))
        if len(out) >= MAX_FOOTPRINTS_PER_LINE:
            break
    return tuple(out)


def _read(ws: Workspace, path: Path) -> ParsedDocument | str | None:
    doc = ws.document(path) if _is_parsed(path) else None
    if doc is not None:
        return doc
    try:
        return read_text_file(path, ws.settings.top.max_file_bytes, ws.roots)
    except OSError:  # FileTooLarge, BinaryFile, NotRegularFile, OutsideRoots are OSErrors too
        return None


def _is_parsed(path: Path) -> bool:
    return language_for_path(path) is not None


def find_in_files(ws: Workspace, query: str, is_regex: bool = False, include: list[str] | None = None,
                  context: int = 2, under: Path | None = None, cancelled=None) -> FindResult:
    """Files under `under` (default: the workspace) whose contents or path match `query`, in walk order;
    at most MAX_MATCHES matches (one per line), `truncated` when there were more or the call was cancelled."""
    matcher = _matcher(query, is_regex)
    spec = _include_spec(include or [])
    files_out: list[FileMatches] = []
    total = 0
    truncated = False
    for path in ws.files(under, languages=None):
        if cancelled is not None and cancelled.is_set():
            truncated = True
            break
        rel = ws.relpath(path)
        if spec is not None and not spec.match_file(rel):
            continue
        name_match = bool(matcher.search(rel.encode("utf-8")))
        content = _read(ws, path)
        matches: list[Match] = []
        if content is not None and total < MAX_MATCHES:
            doc = content if isinstance(content, ParsedDocument) else None
            source = doc.source if doc is not None else content.encode("utf-8")
            lines_index = doc.lines if doc is not None else LineIndex.of(source)
            analysis = scopes_of(doc) if doc is not None and doc.language in SOURCE_LANGUAGES and doc.tree \
                and not is_typings_path(path) else None
            seen_lines: set[int] = set()
            try:
                found = list(matcher.finditer(source, timeout=REGEX_TIMEOUT))
            except TimeoutError as exc:
                raise InvalidArgument(f"regular expression {query!r} took too long on {rel}") from exc
            for m in found:
                if m.end() == m.start():
                    continue
                line = lines_index.line_of(m.start())
                if line in seen_lines:
                    continue
                seen_lines.add(line)
                if total >= MAX_MATCHES:
                    truncated = True
                    break
                total += 1
                text = lambda r: lines_index.line_bytes(r).decode("utf-8", "replace")  # noqa: E731
                matches.append(Match(
                    line, m.start(), lines_index, text(line),
                    tuple(LineText(r, text(r)) for r in range(max(0, line - context), line)),
                    tuple(LineText(r, text(r)) for r in range(line + 1, min(lines_index.line_count, line + 1 + context))),
                    _footprints_on_line(doc, line, analysis) if analysis is not None else None))
        if name_match or matches:
            files_out.append(FileMatches(path, name_match, tuple(matches)))
    return FindResult(query, is_regex, tuple(files_out), total, truncated)


def find_with_concepts(ws: Workspace, query: str, is_regex: bool = False, include: list[str] | None = None,
                       context: int = 2, under: Path | None = None, cancelled=None) -> FindResult:
    """`find_in_files`, and when nothing matches, again with the engine symbols the query's words map to."""
    result = find_in_files(ws, query, is_regex, include, context, under, cancelled)
    if result.files or is_regex:
        return result
    try:
        from lsp_server.knowledge.concepts import expand_concepts  # type: ignore[import-not-found]
    except ImportError:
        return result
    try:
        expansions = expand_concepts(ws, query) or []
    except Exception:  # noqa: BLE001 - concepts are an optional enrichment
        return result
    for word, symbols in expansions:
        symbols = [s for s in symbols if isinstance(s, str) and s]
        if not symbols:
            continue
        pattern = "|".join(re.escape(s) for s in symbols)
        expanded = find_in_files(ws, pattern, True, include, context, under, cancelled)
        if expanded.files:
            return replace(expanded, query=query, regex=False, expansion=Expansion(word, tuple(symbols)))
    return result
