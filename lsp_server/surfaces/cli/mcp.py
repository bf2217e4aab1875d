"""`footprint-ls mcp [--root DIR] [--http [--host H] [--port P] [--token-file F]]`: the MCP server
(surfaces/mcp). The SDK and the tools are imported when the verb runs, never by the other verbs."""

from __future__ import annotations

import argparse
from pathlib import Path

from lsp_server.commands import cli_command
from lsp_server.errors import InvalidArgument
from lsp_server.surfaces.common import EXIT_OK, existing


@cli_command("mcp", "start the MCP server for coding agents (stdio by default; --http: streamable HTTP)")
def _mcp(parser: argparse.ArgumentParser):
    parser.add_argument("--root", type=Path, help="the workspace folder (default: the client's first root, "
                                                  "else the current folder)")
    parser.add_argument("--http", action="store_true", help="serve streamable HTTP at http://HOST:PORT/mcp")
    parser.add_argument("--host", default="127.0.0.1",
                        help="HTTP host (default 127.0.0.1: local only; any other address needs --token-file)")
    parser.add_argument("--port", type=int, default=8787, help="HTTP port (0: any free port, printed)")
    parser.add_argument("--token-file", type=Path,
                        help="HTTP: clients must send this file's token as `Authorization: Bearer TOKEN` (created "
                             "0600 with a fresh token if missing); without it a fresh token is printed on stderr")

    def run(args: argparse.Namespace) -> int:
        root = existing(args.root, "folder").resolve() if args.root else None
        if root is not None and not root.is_dir():
            raise InvalidArgument(f"--root {args.root}: not a folder")
        if not args.http:
            if args.token_file is not None:
                raise InvalidArgument("--token-file is for --http (stdio needs no token: the agent started the server)")
            from lsp_server.surfaces.mcp.server import serve_stdio

            serve_stdio(root)
            return EXIT_OK
        from lsp_server.surfaces.lsp import transport

        if not transport.is_loopback(args.host) and args.token_file is None:
            raise InvalidArgument(f"--host {args.host} is reachable from other machines: it needs --token-file F "
                                  "(the token clients must send)")
        if not 0 <= args.port <= 65535:
            raise InvalidArgument(f"--port {args.port}: not a port number")
        # Always a token, as `serve --tcp`: the tools read files and `delete_footprint` writes them, and any
        # local user (or a browser page, through DNS rebinding) can reach a loopback port.
        try:
            token = transport.load_token(args.token_file)
        except transport.TokenError as exc:
            raise InvalidArgument(str(exc)) from None
        from lsp_server.surfaces.mcp.server import serve_http

        # The token goes to stderr only, never to a --log-file; with --token-file only the file is named.
        where = f"the token in {args.token_file}" if args.token_file else f"token {token}"
        note = f"; send {where} as `Authorization: Bearer …`"
        try:
            serve_http(root, args.host, args.port, token, note)
        except OSError as exc:
            raise InvalidArgument(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
        return EXIT_OK

    return run
