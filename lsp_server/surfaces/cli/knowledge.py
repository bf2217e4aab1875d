"""`footprint-ls symbols NAME...`, `footprint-ls lookup QUERY`, `footprint-ls rag QUESTION` (knowledge/)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lsp_server.commands import CommandContext, CommandError, cli_command
from lsp_server.knowledge.check_symbols import check_symbols
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.surfaces.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, existing, workspace_for
from lsp_server.surfaces.commands import lookup_docs_result, rag_lookup_result
from lsp_server.surfaces.present import for_cli, symbol_text


@cli_command("symbols", "check engine symbol names (Class, Class.member, module.export, member) against the object model")
def _symbols_cli(parser: argparse.ArgumentParser):
    parser.add_argument("names", nargs="+", metavar="NAME")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--root", type=Path, default=Path("."), help="workspace folder (default: current)")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        ws = workspace_for(existing(args.root, "folder"), args.config)
        present = for_cli()  # CLI convention: paths relative to the current directory
        results = [present.symbol(a) for a in check_symbols(ws, args.names)]
        if args.json:
            print(json.dumps(results, indent=2, ensure_ascii=False))
        else:
            for r in results:
                print(symbol_text(r))
            svc = ws.service(ObjectModelService)
            for p in svc.problems:
                print(f"warning: {p}", file=sys.stderr)
        return EXIT_OK if all(r["status"] == "known" for r in results) else EXIT_FINDINGS

    return run


@cli_command("lookup", "search the engine's docs literally (the lookup_docs command)")
def _lookup_cli(parser: argparse.ArgumentParser):
    parser.add_argument("query", nargs="+", metavar="QUERY")
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument("--limit", type=int, default=5)
    parser.add_argument("--expand", action="store_true", help="also run the search_queries angles and fuse them")
    parser.add_argument("--path", help="only chunks from this doc file or folder")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        ws = workspace_for(Path.cwd(), args.config)
        call = {"query": " ".join(args.query), "limit": args.limit, "expand": args.expand}
        if args.path:
            call["path"] = str(Path(args.path).resolve())
            ws.extra_roots = [Path(call["path"])]  # the user named it on their own command line
        out = lookup_docs_result(CommandContext(ws), call, for_cli())
        out.pop("debug", None)
        if args.json:
            print(json.dumps(out, indent=2, ensure_ascii=False))
        else:
            for r in out["results"]:
                print(f"{r['path']}:{r['start_line'] + 1}-{r['end_line'] + 1}: {r['heading']}  ({r['score']})")
                for line in r["snippet"].splitlines():
                    print(f"    {line}")
            if out.get("note"):
                print(out["note"], file=sys.stderr)
        for item in out.get("skipped", []):
            print(f"footprint-ls: skipped {item['path']}: {item['reason']}", file=sys.stderr)
        return EXIT_OK if out["results"] else EXIT_FINDINGS

    return run


@cli_command("rag", "answer a how-to question from the docs: cited, grounding-checked, may invent (rag_lookup)")
def _rag_cli(parser: argparse.ArgumentParser):
    parser.add_argument("question", nargs="+", metavar="QUESTION")
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument("--limit", type=int, help="chunks to retrieve and cite (default: [rag] max_chunks)")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        ws = workspace_for(Path.cwd(), args.config)
        call: dict[str, Any] = {"question": " ".join(args.question)}
        if args.limit is not None:
            call["limit"] = args.limit
        try:
            out = rag_lookup_result(CommandContext(ws), call, for_cli())
        except CommandError as exc:
            print(f"footprint-ls rag: {exc}", file=sys.stderr)
            return EXIT_USAGE
        out.pop("debug", None)
        if args.json:
            print(json.dumps(out, indent=2, ensure_ascii=False))
        else:
            print_rag_text(out)
        return EXIT_OK if out.get("answer") or out.get("passages") else EXIT_FINDINGS

    return run


def print_rag_text(out: dict) -> None:
    print("(may invent: check the citations and the flags below)")
    if out.get("answer"):
        print(out["answer"])
    for p in out.get("passages", []):
        print(f"[{p['id']}] {p['heading']}")
        for line in p["text"].strip().splitlines()[:12]:
            print(f"    {line}")
    if out["citations"]:
        print("\nCitations:")
        for c in out["citations"]:
            mark = "*" if c["cited"] else " "
            print(f" {mark}[{c['id']}] {c['path']}:{c['start_line'] + 1}-{c['end_line'] + 1}: {c['heading']}")
    for flag in out["grounding"].get("flags", []):
        print(f"FLAG: {flag}")
    if out.get("note"):
        print(out["note"], file=sys.stderr)
