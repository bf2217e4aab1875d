"""`footprint-ls footprint FILE:LINE:COL [--apply]` and `footprint-ls find QUERY [PATH]` (features/)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lsp_server.commands import cli_command
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.errors import InvalidArgument, NotFound
from lsp_server.features.find_in_files import find_with_concepts
from lsp_server.features.footprints import (
    apply_edits, compute_footprint, importer_files, importers_of, plan_deletions,
)
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.storage import FileChanged, SkippedFile, read_bounded, replace_file_if_unchanged
from lsp_server.surfaces.common import EXIT_FINDINGS, EXIT_OK, display_path, existing, workspace_for
from lsp_server.surfaces.present import footprint_text, for_cli


def parse_target(target: str) -> tuple[Path, int, int]:
    """FILE:LINE:COL (1-based, as editors and compilers print them) -> (path, 0-based line, 0-based column)."""
    parts = target.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        raise InvalidArgument(f"expected FILE:LINE:COL (1-based), got {target!r}")
    line, col = int(parts[1]), int(parts[2])
    if line < 1 or col < 1:
        raise InvalidArgument(f"line and column are 1-based, got {line}:{col}")
    return Path(parts[0]), line - 1, col - 1


@cli_command("footprint", "show (or --apply: delete) the footprint of the binding at FILE:LINE:COL (1-based)")
def _footprint_cli(parser: argparse.ArgumentParser):
    parser.add_argument("target", metavar="FILE:LINE:COL")
    parser.add_argument("--json", action="store_true", help="print JSON (0-based lines, UTF-16 characters)")
    parser.add_argument("--dependents", action="store_true", help="include bindings initialised from it")
    parser.add_argument("--apply", action="store_true", help="delete the footprint from the file")

    def run(args: argparse.Namespace) -> int:
        path, line, col = parse_target(args.target)
        if not path.is_file():
            raise NotFound(f"{path}: no such file")
        # The workspace the named file lives in, not the one a symlink leads to: a committed symlink leading
        # outside its roots is refused (read and --apply), even though the user typed its name.
        ws = workspace_for(path.absolute().parent)
        try:
            original = read_bounded(path, ws.settings.top.max_file_bytes, ws.roots)
        except SkippedFile as exc:
            raise InvalidArgument(f"{path}: {exc}") from None
        doc = ParsedDocument.create(path_to_uri(path.resolve()), original.decode("utf-8", "replace"))
        if doc.language not in SOURCE_LANGUAGES or is_typings_path(path):
            raise InvalidArgument(f"{path}: footprints are computed for JavaScript and TypeScript sources only")
        if line >= doc.lines.line_count:
            raise NotFound(f"{path}: line {line + 1} is past the end ({doc.lines.line_count} lines)")
        present = for_cli()
        fp = compute_footprint(doc, present.offset(doc, line, col), dependents=args.dependents)
        if fp is None:
            print(f"footprint-ls: no binding at {args.target}", file=sys.stderr)
            return EXIT_FINDINGS
        importers = importers_of(ws, doc, fp)
        shown = display_path(path.resolve())
        plan = None
        if args.apply:
            plans = plan_deletions(doc, fp, importers)
            plan = (plans[-1] if args.dependents else plans[0]) if plans else None
            if plan is None:
                print(f"footprint-ls: nothing to delete for `{fp.name}`", file=sys.stderr)
                return EXIT_FINDINGS
            if plan.disabled:
                print(f"footprint-ls: not applied: {plan.disabled}", file=sys.stderr)
                return EXIT_FINDINGS
            new = apply_edits(doc.source, list(plan.edits))
            # The file must still be what we analysed (compared right before the atomic write), and a
            # symlink is followed only to a file inside the workspace's roots (rewritten there, in place).
            try:
                replace_file_if_unchanged(path, original, new, ws.roots)
            except FileChanged:
                print(f"footprint-ls: not applied: {shown} changed since it was read", file=sys.stderr)
                return EXIT_FINDINGS
            except SkippedFile as exc:
                raise InvalidArgument(f"not applied: {path}: {exc}") from None
        if args.json:
            result = present.footprint(doc, fp)
            result["path"] = shown
            result["importers"] = present.importers(importers)
            if plan is not None:
                result["applied"] = {"title": plan.title, "lines": plan.lines}
            print(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            print("\n".join(footprint_text(doc, fp, shown)))
            files = importer_files(importers)
            if files:
                print(f"  imported by {len(files)} file(s): " + ", ".join(display_path(f) for f in files))
            if plan is not None:
                print(f"applied: {plan.title}")
        return EXIT_OK

    return run


@cli_command("find", "search file contents and names; matches come with the footprints of their bindings")
def _find_cli(parser: argparse.ArgumentParser):
    parser.add_argument("query", metavar="QUERY")
    parser.add_argument("path", metavar="PATH", nargs="?", type=Path, default=Path("."))
    parser.add_argument("--json", action="store_true", help="print JSON (0-based lines, UTF-16 characters)")
    parser.add_argument("--regex", action="store_true", help="QUERY is a regular expression")
    parser.add_argument("--include", action="append", default=[], help="only files matching this glob")
    parser.add_argument("--context", type=int, default=2, help="context lines around a match (default 2)")

    def run(args: argparse.Namespace) -> int:
        existing(args.path)
        if not 0 <= args.context <= 20:
            raise InvalidArgument("--context must be between 0 and 20")
        ws = workspace_for(args.path)
        ws.extra_roots = [args.path.resolve()]  # the user named it on their own command line
        result = for_cli().find(find_with_concepts(ws, args.query, args.regex, args.include, args.context,
                                                   args.path.resolve()))
        if args.json:
            print(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            print_find_text(args.query, result)
        return EXIT_OK if result["files"] else EXIT_FINDINGS

    return run


def print_find_text(query: str, result: dict) -> None:
    """grep-style lines: `path:LINE:text` for a match, `path-LINE-text` for context, `--` between matches."""
    if result.get("expansion"):
        exp = result["expansion"]
        print(f"no match for {query!r}; searched for {', '.join(exp['symbols'])} (concept {exp['word']!r})")
    for f in result["files"]:
        if f["name_match"] and not f["matches"]:
            print(f"{f['path']}: (file name matches)")
        for m in f["matches"]:
            for c in m["before"]:
                print(f"{f['path']}-{c['line'] + 1}-{c['text']}")
            print(f"{f['path']}:{m['line'] + 1}:{m['text']}")
            for c in m["after"]:
                print(f"{f['path']}-{c['line'] + 1}-{c['text']}")
            for fp in m.get("footprints", []):
                rows = ", ".join(str(r["line"] + 1) for r in fp["lines"])
                print(f"    footprint of {fp['name']}: declared line {fp['declaration']['line'] + 1}"
                      + (f"; lines {rows}" if rows else "")
                      + (f"; {len(fp['entangled'])} entangled" if fp["entangled"] else ""))
            print("--")
    if result["truncated"]:
        print(f"(stopped after {result['total_matches']} matches)", file=sys.stderr)
