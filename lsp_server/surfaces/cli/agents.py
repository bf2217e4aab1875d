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
