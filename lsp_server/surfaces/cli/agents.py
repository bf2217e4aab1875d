"""The agent verbs: `hook post-write|stop` (the agent hooks, lsp_server/surfaces/hooks) and `init AGENT`
(writes each agent's project configuration: hooks and the MCP server entry). See docs/agents.md."""

from __future__ import annotations

import argparse
from pathlib import Path

from lsp_server.commands import cli_command


@cli_command("hook", "agent hooks: post-write [FILE] (rules on the lines an agent changed), stop (review its change)")
def _hook(parser: argparse.ArgumentParser):
    from lsp_server.surfaces import hooks

    hooks.add_arguments(parser)
    return hooks.run


@cli_command("init", "write or merge an agent's project configuration: the hooks and the MCP server entry")
def _init(parser: argparse.ArgumentParser):
    parser.add_argument("agent", choices=("claude", "codex", "gemini", "cursor", "all"))
    parser.add_argument("--dry-run", action="store_true", help="print the diff of each file instead of writing it")
    parser.add_argument("--project", type=Path, default=Path("."), help="the project folder (default: here)")

    def run(args: argparse.Namespace) -> int:
        from lsp_server.errors import InvalidArgument
        from lsp_server.surfaces.hooks import setup

        agents = list(setup.AGENTS) if args.agent == "all" else [args.agent]
        if not args.project.is_dir():
            raise InvalidArgument(f"{args.project}: no such folder")
        try:
            return setup.init(agents, args.project.resolve(), args.dry_run)
        except setup.SetupError as exc:
            raise InvalidArgument(str(exc)) from None

    return run
