"""The MCP server (the only module that imports the `mcp` SDK): `footprint-ls mcp` over stdio, or streamable
HTTP with `--http`. It translates only: tools/list from the tool table (tools.py), tools/call -> the
arguments checked against the tool's input schema -> the tool's adapter in a worker thread -> a CallToolResult
(structured content + text, or isError with a one-line reason: a tool failure never ends the server).

Per call it builds the CommandContext the adapters share with the LSP commands: the workspace (the
`--root`, else the first root the client declares, else the server's cwd; loaded by `load_settings` like the
LSP's, so an untrusted folder never runs a program), a client id per MCP session (the loop controls in
guards.py keep their turns, caches and budgets per session), a cancellation event (set when the client
cancels the request) and a progress callback (MCP progress notifications, when the client sent a
progressToken). Before a tool runs, `freshness.py` tells the workspace which files changed on disk since the
last call (no file watcher reaches an MCP server). The server's `instructions` carry the routing advice and the
always-on conventions of the start-up workspace; a session whose roots select another workspace is told so in
its first result, and `conventions_context` answers for the session's own workspace.

Sessions come and go over HTTP: what is kept per session (its roots, its loop controls in guards.py) is bounded
(guards.MAX_CLIENTS, guards.CLIENT_IDLE_SECONDS) and freed when the SDK answers the DELETE that ends a session.
"""

from __future__ import annotations

import hmac
import logging
import socket
import sys
import threading
import warnings
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel.server import Server
from mcp.shared.exceptions import MCPDeprecationWarning

from lsp_server import __version__, guards
from lsp_server.errors import FootprintError
from lsp_server.surfaces.mcp.freshness import Freshness
from lsp_server.surfaces.mcp.tools import TOOLS, Tool, add_notes

log = logging.getLogger(__name__)

INSTRUCTIONS = """\
Footprint knows this project's engine (its docs and typings), its import graph and its conventions.
- Before writing a call into the engine you are not sure of, confirm the name with `lookup_docs` (free, \
milliseconds, cannot invent) or many names at once with `check_symbols`.
- For a how-to question use `rag_lookup`: slow, may invent (check its citations), budgeted per turn.
- Before deleting or renaming a binding, `footprint` shows every line that belongs to it; `delete_footprint` \
removes them all.
- After editing, run `check` (no arguments: your uncommitted change) and `review_changes` before you finish.
- Pass `turn_id` (one per turn of yours) and `known_symbols` (names already in your context): repeats are \
answered from cache, past a limit they are blocked, and each tool result's `note` says so.
Positions: `line`/`column` inputs and text are 1-based; structured output is 0-based (UTF-16 characters). \
Paths are relative to the workspace root."""

MAX_CONVENTIONS_CHARS = 8000  # the instructions sit in every prompt: a long guide is cut, the tool has it all


MAX_REQUEST_BYTES = 1024 * 1024  # HTTP: a larger body is refused (413) before it is parsed; inputs are bounded


@dataclass
class _Session:
    root: Path | None  # the client's first local root, None: it declared none
    told: bool = False  # whether a result already said that this workspace is not the start-up one


class McpApp:
    """The state one `footprint-ls mcp` process keeps: workspaces by root (each with its Freshness), the sessions
    (bounded like the loop controls: at most guards.MAX_CLIENTS, least recently used dropped), the instructions."""

    def __init__(self, root: Path | None):
        self.root = root  # --root; None: the client's roots, else the cwd
        self.startup_root = (root or Path.cwd()).resolve()  # whose conventions the instructions carry
        self.workspaces: dict[Path, Any] = {}
        self.freshness: dict[Path, Freshness] = {}
        self.lock = threading.Lock()
        self.sessions: OrderedDict[str, _Session] = OrderedDict()  # client id -> what its roots chose

    def workspace(self, root: Path):
        from lsp_server.document import real_path
        from lsp_server.workspace import Workspace

        root = real_path(root)
        with self.lock:
            ws = self.workspaces.get(root)
            if ws is None:
                ws = self.workspaces[root] = Workspace(root)  # load_settings: the trust decision is made there
                self.freshness[root] = Freshness(ws)
                _warn_config(ws)
            return ws

    def refresh(self, ws, sources: bool) -> None:
        """Tell `ws` what changed on disk since the last call (see freshness.py)."""
        self.freshness[ws.root].refresh(sources)

    def session(self, client: str) -> _Session | None:
        with self.lock:
            found = self.sessions.get(client)
            if found is not None:
                self.sessions.move_to_end(client)
            return found

    def remember(self, client: str, root: Path | None) -> _Session:
        with self.lock:
            found = self.sessions[client] = _Session(root)
            while len(self.sessions) > guards.MAX_CLIENTS:
                self.sessions.popitem(last=False)  # asked again if that session comes back: one roots/list
            return found

    def forget(self, client: str) -> None:
        """The session ended: drop its roots and its loop controls."""
        with self.lock:
            self.sessions.pop(client, None)
        guards.forget_client(client)

    def instructions(self) -> str:
        """The routing advice, which workspace's conventions follow, then those conventions (rules without a
        trigger) of the start-up workspace."""
        text = INSTRUCTIONS
        try:
            from lsp_server.conventions.reports import guidance

            ws = self.workspace(self.startup_root)
            conventions = guidance(ws).text
            problems = [str(e) for e in ws.settings.errors if e.severity == "error"]
        except Exception:  # noqa: BLE001 - a broken rule file must not keep the server from starting
            log.exception("conventions context for the instructions")
            conventions, problems = "", []
        if self.root is None:  # the client's roots may choose another workspace, after this text is sent
            text += (f"\n\nThe conventions below are those of {self.startup_root} (the folder the server started "
                     "in). If your roots name another project folder, this session works there instead: the "
                     "first tool result says so, and `conventions_context` (no arguments) gives that "
                     "workspace's conventions.")
        if problems:  # said, never fatal: the tools run with the defaults for what is broken
            text += "\n\nFootprint's configuration has problems (defaults apply there):\n" + \
                "\n".join(f"- {_one_line(p)}" for p in problems[:5])
        if len(conventions) > MAX_CONVENTIONS_CHARS:
            conventions = conventions[:MAX_CONVENTIONS_CHARS] + "\n… (cut: call `conventions_context` for the rest)\n"
        return f"{text}\n\n{conventions}" if conventions else text


def _warn_config(ws) -> None:
    for problem in ws.settings.errors:
        log.warning("config: %s", problem)


def _one_line(text: str, limit: int = 400) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _error(reason: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=_one_line(reason))], is_error=True)


def _schema_error(tool: Tool, arguments: Any) -> str | None:
    """The first way `arguments` breaks the tool's input schema, in one line (None: they fit)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    validator = _VALIDATORS.get(tool.name)
    if validator is None:
        validator = _VALIDATORS[tool.name] = Draft202012Validator(tool.input_schema)
    error = best_match(validator.iter_errors(arguments))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = ", ".join(sorted(tool.input_schema["properties"]))
        return f"{tool.name}: {error.message} (arguments: {allowed})"
    return f"{tool.name}: argument {where or '(all)'}: {error.message}"


_VALIDATORS: dict[str, Any] = {}


def _client_id(ctx) -> str:
    """One id per MCP session: the Mcp-Session-Id of streamable HTTP; a stdio process has one client. (HTTP
    without a session id, the stateless form, leaves only `turn_id` to tell its callers' turns apart.)"""
    headers = getattr(ctx.request, "headers", None)
    if headers is None:
        return "mcp-stdio"
    session = headers.get("mcp-session-id")
    return f"mcp-{session}" if session else "mcp-http"


async def _root_for(app: McpApp, ctx, client: str) -> tuple[Path, _Session | None]:
    """`--root`, else the first local folder among the client's roots (asked once per session), else cwd; and
    the session (None with --root)."""
    if app.root is not None:
        return app.root, None
    session = app.session(client)
    if session is None:
        found = None
        caps = ctx.session.client_capabilities
        if caps is not None and caps.roots is not None and ctx.session.can_send_request:
            try:
                # Roots are deprecated as of the 2026-07-28 spec (SEP-2577), an advisory deprecation: a client
                # that declares the capability still answers roots/list, and one HTTP server shared by several
                # projects has no other way to learn a session's folder. `--root` is the form that needs no roots.
                # The SDK's warning is silenced here only; any other deprecation still shows.
                with anyio.fail_after(5), warnings.catch_warnings():
                    warnings.filterwarnings("ignore", category=MCPDeprecationWarning,
                                            message="The roots capability is deprecated")
                    result = await ctx.session.list_roots()
                from lsp_server.document import uri_to_path

                for r in result.roots:
                    path = uri_to_path(str(r.uri)) if str(r.uri).startswith("file:") else None
                    if path is not None and path.is_dir():
                        found = path
                        break
            except Exception:  # noqa: BLE001 - a client that cannot list its roots gets the cwd
                log.info("roots/list failed; using the current folder", exc_info=True)
        session = app.remember(client, found)
    return session.root or Path.cwd(), session


def build_server(app: McpApp) -> Server:
    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[
            types.Tool(name=t.name, title=t.title, description=t.description, input_schema=t.input_schema,
                       output_schema=t.output_schema,
                       annotations=types.ToolAnnotations(title=t.title, read_only_hint=t.read_only,
                                                         destructive_hint=not t.read_only,
                                                         idempotent_hint=t.read_only, open_world_hint=False))
            for t in TOOLS.values()])

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = TOOLS.get(params.name)
        if tool is None:
            return _error(f"unknown tool {params.name!r}; the tools are: {', '.join(TOOLS)}")
        arguments = params.arguments if params.arguments is not None else {}
        problem = _schema_error(tool, arguments)
        if problem:
            return _error(problem)
        try:
            return await _run(app, tool, dict(arguments), ctx)
        except FootprintError as exc:  # the caller's input, or a request that cannot be served
            return _error(f"{tool.name}: {exc}")
        except anyio.get_cancelled_exc_class():
            raise
        except Exception as exc:  # noqa: BLE001 - our failure is a tool error, never a dead server
            log.exception("tool %s failed", tool.name)
            return _error(f"{tool.name}: internal error ({type(exc).__name__}: {exc}); the server keeps running")

    return Server("footprint", version=__version__, title="Footprint",
                  description="Engine docs, symbol checks, footprints, conventions and diagnostics for JavaScript",
                  instructions=app.instructions(), on_list_tools=list_tools, on_call_tool=call_tool)


async def _run(app: McpApp, tool: Tool, arguments: dict, ctx) -> types.CallToolResult:
    from lsp_server.commands import CommandContext
    from lsp_server.positions import UTF16

    client = _client_id(ctx)
    root, session = await _root_for(app, ctx, client)
    cancelled = threading.Event()
    sent = {"stage": 0, "percent": -1, "value": -1.0}

    def progress(message: str, percent: int | None = None) -> None:
        # From the worker thread (a no-op without a progressToken). MCP progress must only grow, and one call
        # may build several indexes, each counting 0..100: the value is stage * 100 + percent, total unknown.
        if cancelled.is_set():
            return
        pct = sent["percent"] if percent is None else max(0, min(100, percent))
        if pct < sent["percent"]:
            sent["stage"] += 1  # the next index started
        value = sent["stage"] * 100.0 + max(pct, 0)
        if value <= sent["value"]:
            return
        sent.update(percent=pct, value=value)
        try:
            anyio.from_thread.run(ctx.session.report_progress, value, None, message)
        except Exception:  # noqa: BLE001 - a lost progress note is not worth failing the call
            log.debug("progress notification dropped", exc_info=True)

    def work() -> tuple[dict, str]:  # one worker-thread hop: the workspace (loaded once per root), the tool
        ws = app.workspace(root)
        app.refresh(ws, tool.reads_sources)  # the agent's edits since the last call reach the indexes
        command_ctx = CommandContext(ws, cancelled=cancelled, progress=progress, client_id=client, encoding=UTF16)
        return (*tool.run(command_ctx, arguments), ws.root)

    try:
        structured, text, ws_root = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        cancelled.set()  # the worker sees it at its next check and stops; its result is dropped
        raise
    if session is not None and not session.told and ws_root != app.startup_root:
        session.told = True  # once per session: the instructions carried another folder's conventions
        switched = (f"This session's workspace is {ws_root} (your first root), not {app.startup_root} whose "
                    "conventions the server's instructions carry: call `conventions_context` for this "
                    "workspace's conventions.")
        add_notes(structured, [switched])
        text = f"{switched}\n{text}"
    return types.CallToolResult(content=[types.TextContent(type="text", text=text or "(empty)")],
                                structured_content=structured)


# --- transports --------------------------------------------------------------------------------------------
def serve_stdio(root: Path | None) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(McpApp(root))

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


class _RequireToken:
    """ASGI wrapper: every HTTP request must carry `Authorization: Bearer <token>` (compared in constant time)."""

    def __init__(self, app, token: str):
        self.app, self.expected = app, f"Bearer {token}".encode()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"text/plain"), (b"www-authenticate", b"Bearer")]})
                await send({"type": "http.response.body", "body": b"footprint-ls mcp: missing or wrong token\n"})
                return
        await self.app(scope, receive, send)


class _SessionEnds:
    """ASGI wrapper: a DELETE that ends an MCP session, once the SDK answered it with success (the session is
    terminated), frees what this server kept for that session (`McpApp.forget`)."""

    def __init__(self, app, on_end):
        self.app, self.on_end = app, on_end

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") != "DELETE":
            await self.app(scope, receive, send)
            return
        session = dict(scope.get("headers") or []).get(b"mcp-session-id")

        async def watch(message):
            # Freed before the client reads the answer: once it has it, nothing of the session is left.
            if session and message["type"] == "http.response.start" and 200 <= message["status"] < 300:
                self.on_end(f"mcp-{session.decode('latin-1')}")
            await send(message)

        await self.app(scope, receive, watch if session else send)


def http_app(app: McpApp, host: str, token: str | None):
    """The ASGI application of `--http`: the SDK's streamable HTTP app (Host/Origin checks against DNS
    rebinding, the body limit, sessions that expire with guards.CLIENT_IDLE_SECONDS), the session-end
    observer, and the token check outermost (nothing else sees a request without it)."""
    from mcp.server.transport_security import TransportSecuritySettings

    server = build_server(app)
    shown_host = f"[{host}]" if ":" in host else host
    # Host/Origin checks against DNS rebinding: a browser page must not reach a loopback server.
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{shown_host}:*", "127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=[f"http://{shown_host}:*", "http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"])
    asgi = server.streamable_http_app(host=host, transport_security=security, max_request_body_size=MAX_REQUEST_BYTES,
                                      session_idle_timeout=guards.CLIENT_IDLE_SECONDS)
    asgi = _SessionEnds(asgi, app.forget)
    return _RequireToken(asgi, token) if token is not None else asgi


def serve_http(root: Path | None, host: str, port: int, token: str | None, token_note: str) -> None:
    """Streamable HTTP at http://HOST:PORT/mcp. A loopback host only unless a token guards it (the verb
    decides); with a token every request must carry it as a Bearer token."""
    import uvicorn

    asgi = http_app(McpApp(root), host, token)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)  # before the address is printed: a client that reads it waits in the backlog, never refused
    bound = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    print(f"footprint-ls: serving MCP on http://{shown_host}:{bound}/mcp (streamable HTTP){token_note}",
          file=sys.stderr, flush=True)
    config = uvicorn.Config(asgi, log_level="warning", lifespan="on", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
