"""The error types of the areas: what went wrong, in words the caller can act on, never how to report it.

Areas raise these; the surfaces map them (lsp_server/surfaces/errors.py): `InvalidArgument` and its kinds are
the caller's input (CLI exit 2, JSON-RPC InvalidParams), any other `FootprintError` a request that cannot be
served (CLI exit 2, JSON-RPC RequestFailed). The message is shown as is: one line, naming the file or argument.
"""

from __future__ import annotations


class FootprintError(Exception):
    """A request that cannot be served; the message is shown to the caller."""


class InvalidArgument(FootprintError, ValueError):
    """The caller's input is wrong: a bad argument, a path outside the workspace, a broken configuration."""


class NotFound(InvalidArgument):
    """The caller named something that does not exist: a file, a folder, a line past the end."""
