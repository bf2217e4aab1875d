"""`footprint-ls graph PATH [--json | --format dot|text]` (graph/)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lsp_server.commands import cli_command
from lsp_server.errors import InvalidArgument
from lsp_server.graph.export import graph_for, graph_snapshot
from lsp_server.surfaces.common import EXIT_OK, existing, workspace_for
from lsp_server.surfaces.present import for_cli, graph_dot, graph_text

FORMATS = ("json", "dot", "text")


@cli_command("graph", "print the workspace import graph of PATH (text, --json or --format dot)")
def _graph(parser: argparse.ArgumentParser):
    parser.add_argument("path", type=Path, metavar="PATH")
    parser.add_argument("--json", action="store_true", help="same as --format json")
    parser.add_argument("--format", choices=FORMATS, default=None)
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        existing(args.path)
        fmt = "json" if args.json else (args.format or "text")
        if args.json and args.format not in (None, "json"):
            raise InvalidArgument("--json and --format " + args.format + " disagree")
        ws = workspace_for(args.path, args.config)
        ws.extra_roots = [args.path.resolve()]  # the user named it on their own command line
        data = for_cli().graph(graph_snapshot(graph_for(ws, args.path), args.path))
        if fmt == "json":
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        elif fmt == "dot":
            sys.stdout.write(graph_dot(data))
        else:
            sys.stdout.write(graph_text(data))
        return EXIT_OK

    return run
