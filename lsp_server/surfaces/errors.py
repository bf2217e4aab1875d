"""Area errors (lsp_server/errors.py) to each surface's form: CLI exit codes and JSON-RPC error codes."""

from __future__ import annotations

from lsp_server.errors import FootprintError, InvalidArgument

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
EXIT_HOOK = 2  # agent hooks: exit 2 makes the agent read stderr and act on it

# JSON-RPC / LSP error codes (the LSP specification, "ErrorCodes")
INVALID_PARAMS = -32602
REQUEST_FAILED = -32803


def exit_code(exc: FootprintError) -> int:
    """Bad input and requests that cannot be served both end a CLI run with 2 (a finding is 1)."""
    return EXIT_USAGE


def jsonrpc_code(exc: FootprintError) -> int:
    """The caller's input (InvalidArgument, NotFound) is InvalidParams; anything else the server could not do."""
    return INVALID_PARAMS if isinstance(exc, InvalidArgument) else REQUEST_FAILED
