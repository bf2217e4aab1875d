"""The wire under the language server: JSON-RPC framing with limits, and the TCP listener with its token.

pygls' own readers (`pygls.io_.run_async`, `start_io`, `start_tcp`) trust the peer: a 1 GB `Content-Length` is
buffered, a negative or non-numeric one is skipped so the body is read as headers and every later message is
lost, a 100,000-deep array raises RecursionError and the request is never answered, and over TCP any local user
who can reach the port gets a session (each new connection even takes over the writer of the current one).
This module replaces those three entry points; the protocol object (handlers, responses) is pygls' own.

Framing (stdio and TCP):
- a message body is at most MAX_MESSAGE_BYTES (checked on the header, before anything is buffered) and nests
  arrays/objects at most MAX_DEPTH deep (the C decoder's RecursionError near 1,000 is caught; a depth below
  that is measured on the decoded value, only when the body holds more than MAX_DEPTH brackets);
- a header block that is refused (too large, negative or non-numeric length, a header line longer than
  MAX_HEADER_LINE) is answered with an error and the stream resyncs on the next `Content-Length: N` line, which
  valid JSON cannot contain (a raw newline cannot appear in a JSON string), so an honest oversized body is
  skipped whole and a lying length loses nothing after it; bytes are discarded as they arrive, never buffered;
- every refusal is a JSON-RPC error response: -32600 (invalid request) for framing, -32700 (parse error) for a
  body that is not JSON or nests too deep; its id is the request's when it can be read from the message's
  leading fields, else null.

TCP: a connection must open with `initialize` carrying `initializationOptions.token` (compared in constant time).
Anything else gets an error response and the connection is closed; the listener keeps serving. The token is
removed from the params before the server sees them, so it is never logged. One client at a time: a second
authenticated connection is refused while one is attached, and the server stops when its client disconnects
(as pygls did).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import stat
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from threading import Event
from typing import Any

from pygls.exceptions import JsonRpcException

from lsp_server import foreground

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # one message body; a didOpen of a 60 MB file still fits
PREAUTH_MAX_BYTES = 1024 * 1024  # before a TCP client has authenticated (an initialize is a few KB)
MAX_DEPTH = 512  # nesting of arrays/objects; Python's json gives up near 1,000 with RecursionError
MAX_HEADER_LINE = 8 * 1024
CHUNK = 64 * 1024

PARSE_ERROR, INVALID_REQUEST, SERVER_NOT_INITIALIZED = -32700, -32600, -32002

_HEADER = re.compile(rb"content-length:[ \t]*\d+[ \t]*\r?\n", re.I)
_HEADER_TAIL = 64  # bytes kept between scanned chunks so a header split across two reads is still found
# The id of a message whose body we refuse to parse: only from the leading "jsonrpc"/"method" fields (both
# VS Code and Neovim write the id before the params), so an "id" inside the params is never taken for it.
_LEADING_ID = re.compile(
    rb'\A\s*\{\s*(?:"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,200}"\s*,\s*){0,2}"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")')


@dataclass(frozen=True)
class Refusal:
    """A message the transport answers itself with a JSON-RPC error."""
    code: int
    message: str
    msg_id: int | str | None = None

    def response(self) -> dict:
        return {"jsonrpc": "2.0", "id": self.msg_id, "error": {"code": self.code, "message": self.message}}


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def leading_id(head: bytes) -> int | str | None:
    match = _LEADING_ID.match(head)
    return json.loads(match.group(1)) if match else None


def deeper_than(value: Any, limit: int) -> bool:
    """Whether decoded JSON nests arrays/objects more than `limit` deep (level by level: no recursion)."""
    level = [value]
    for _ in range(limit):
        level = [child for node in level for child in (node.values() if type(node) is dict else node)
                 if type(child) is dict or type(child) is list]
        if not level:
            return False
    return True


def decode(body: bytes) -> Any:
    """The JSON value of a message body, or a Refusal."""
    too_deep = Refusal(PARSE_ERROR, f"message nested deeper than {MAX_DEPTH} levels", leading_id(body[:CHUNK]))
    try:
        # The C decoder is the fast way to read the nesting: it stops near Python's recursion limit (~1,000)
        # with RecursionError at once, long before a 100,000-deep message is built.
        value = json.loads(body)
    except RecursionError:
        return too_deep
    except ValueError as exc:  # not JSON, or not UTF-8
        return Refusal(PARSE_ERROR, f"parse error: {str(exc)[:200]}", leading_id(body[:CHUNK]))
    # Fewer brackets than the limit cannot nest deeper (every ordinary message); otherwise the walk visits
    # only containers, so a large file's text full of brackets (one string) costs nothing.
    if (body.count(b"[") + body.count(b"{") > MAX_DEPTH and isinstance(value, (dict, list))
            and deeper_than(value, MAX_DEPTH)):
        return too_deep
    return value


class FrameReader:
    """Bytes from `read_some` (a coroutine returning up to n bytes, b"" at end of stream), with a bounded
    buffer: lines are cut at `MAX_HEADER_LINE`, bodies are read only once their length was accepted."""

    def __init__(self, read_some: Callable[[int], Awaitable[bytes]], max_message: int = MAX_MESSAGE_BYTES):
        self._read_some = read_some
        self.max_message = max_message  # the largest body accepted; checked on each header
        self._buf = bytearray()
        self.eof = False

    async def _fill(self, want: int = CHUNK) -> bool:
        if self.eof:
            return False
        chunk = await self._read_some(max(want, CHUNK))
        if not chunk:
            self.eof = True
            return False
        self._buf += chunk
        return True

    def peek(self) -> bytes:
        return bytes(self._buf[:CHUNK])

    async def readline(self) -> bytes:
        """A line with its newline; at most MAX_HEADER_LINE bytes (then without a newline); b"" at the end."""
        while True:
            end = self._buf.find(b"\n", 0, MAX_HEADER_LINE)
            if end >= 0 or len(self._buf) >= MAX_HEADER_LINE or not await self._fill():
                cut = end + 1 if end >= 0 else min(len(self._buf), MAX_HEADER_LINE)
                line = bytes(self._buf[:cut])
                del self._buf[:cut]
                return line

    async def readexactly(self, n: int) -> bytes | None:
        while len(self._buf) < n:
            if not await self._fill(n - len(self._buf)):
                return None
        body = bytes(self._buf[:n])
        del self._buf[:n]
        return body

    async def skip_to_header(self) -> bool:
        """Discard bytes up to the next `Content-Length: N` line; False at the end of the stream."""
        while True:
            match = _HEADER.search(self._buf)
            if match:
                del self._buf[:match.start()]
                return True
            del self._buf[:max(0, len(self._buf) - _HEADER_TAIL)]
            if not await self._fill():
                return False


async def _header_block(frames: FrameReader) -> int | Refusal | None:
    """The announced body length, a Refusal, or None at the end of the stream."""
    length: int | Refusal | None = None
    seen_header = False
    while True:
        line = await frames.readline()
        if not line:
            return None
        if not line.endswith(b"\n"):
            return Refusal(INVALID_REQUEST, f"header line longer than {MAX_HEADER_LINE} bytes")
        line = line.strip()
        if not line:
            if length is not None:
                return length
            if seen_header:
                return Refusal(INVALID_REQUEST, "header without Content-Length")
            continue  # a stray blank line between messages
        seen_header = True
        name, _, value = line.partition(b":")
        if name.strip().lower() != b"content-length" or length is not None:
            continue  # Content-Type and other headers carry nothing we use
        value = value.strip()
        if not value.isdigit():
            length = Refusal(INVALID_REQUEST, f"invalid Content-Length {value[:40].decode('latin-1')!r}")
        elif int(value) > frames.max_message:
            length = Refusal(INVALID_REQUEST,
                             f"message of {int(value)} bytes exceeds the limit of {frames.max_message}")
        else:
            length = int(value)


async def read_messages(frames: FrameReader) -> AsyncIterator[Any]:
    """Each message's decoded JSON value, or a Refusal to answer, until the end of the stream."""
    while True:
        header = await _header_block(frames)
        if header is None:
            return
        if isinstance(header, Refusal):
            # The refused header's body is whatever follows: resync on the next header, reading nothing whole.
            yield Refusal(header.code, header.message, leading_id(frames.peek()))
            log.warning("refused a message: %s", header.message)
            if not await frames.skip_to_header():
                return
            continue
        body = await frames.readexactly(header)
        if body is None:
            return
        value = decode(body)
        if isinstance(value, Refusal):
            log.warning("refused a message: %s", value.message)
        elif not isinstance(value, dict):
            value = Refusal(INVALID_REQUEST, "a message must be a JSON object")
        yield value


def dispatch(server, value: Any, write: Callable[[bytes], Any]) -> None:
    """Hand one decoded message to pygls' protocol (or answer a Refusal), as pygls' loop did."""
    if isinstance(value, Refusal):
        write(frame(value.response()))
        return
    protocol = server.protocol
    if "jsonrpc" not in value:
        write(frame(Refusal(INVALID_REQUEST, "not a JSON-RPC 2.0 message", value.get("id")).response()))
        return
    try:
        protocol.handle_message(protocol.structure_message(value))
    except Exception as exc:  # noqa: BLE001 - pygls' loop logged and carried on; so do we
        log.exception("unable to handle a message")
        server._report_server_error(exc, JsonRpcException)


# --- stdio ------------------------------------------------------------------------------------------------
class ClosedSafeWriter:
    """pygls' writer for a stream that may close under it: after `exit` (pygls closes stdout) or when the
    client goes away, worker threads still finishing (an index build's progress, a check's diagnostics) have
    nothing to say to anyone. Their messages are dropped quietly instead of each one logging a traceback on
    stderr (megabytes of them in the editor's log when a busy server is restarted)."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self._closed = False

    def write(self, data: bytes) -> None:
        if self._closed:
            return
        try:
            self._stream.write(data)
            self._stream.flush()
        except (ValueError, OSError) as exc:  # ValueError: I/O operation on a closed file
            self._closed = True
            log.info("the client's stream is closed (%s): later messages are dropped", exc)

    def close(self) -> None:
        self._closed = True
        try:
            self._stream.close()
        except (ValueError, OSError):
            pass


def _pool_reader(loop: asyncio.AbstractEventLoop, pool, stdin) -> Callable[[int], Awaitable[bytes]]:
    """One blocking read at a time on pygls' pool (as its StdinAsyncReader): a flood waits in the pipe."""
    def read_marked(n: int) -> bytes:
        data = stdin.read1(n)
        foreground.bytes_arrived()
        return data

    def read_some(n: int) -> Awaitable[bytes]:
        foreground.bytes_dispatched()
        return loop.run_in_executor(pool, read_marked, n)

    return read_some


def serve_stdio(server) -> None:
    """pygls' `start_io`, reading through the limits above."""
    server._stop_event = Event()
    stdin, writer = sys.stdin.buffer, ClosedSafeWriter(sys.stdout.buffer)
    server.protocol.set_writer(writer)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        # Background analysis steps aside from the moment a message's bytes arrive until the loop has
        # dispatched them (foreground.py): the loop parsing a request does not wait behind a check.
        read_some = _pool_reader(loop, server.thread_pool, stdin)
        frames = FrameReader(read_some)
        async for value in read_messages(frames):
            if server._stop_event.is_set():
                break
            dispatch(server, value, writer.write)

    try:
        asyncio.run(main())
    except BrokenPipeError:
        log.error("connection to the client is lost: shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


# --- TCP --------------------------------------------------------------------------------------------------
class TokenError(Exception):
    """The token file cannot be used (one line for the user)."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may resolve anywhere


def load_token(path: Path | None) -> str:
    """A fresh token, or the one in `path`: read if the file exists (it must be a regular file of this user
    that no one else can read or write), else created there with a fresh token (0600, atomically)."""
    if path is None:
        return secrets.token_urlsafe(32)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return _create_token_file(path)
    except OSError as exc:
        raise TokenError(f"cannot read token file {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise TokenError(f"token file {path} is not a regular file")
        if st.st_uid != os.getuid():
            raise TokenError(f"token file {path} belongs to another user")
        if st.st_mode & 0o077:
            raise TokenError(f"token file {path} is accessible to group/others "
                             f"(mode {stat.S_IMODE(st.st_mode):04o}): chmod 600 it")
        token = fh.read(4096).decode("utf-8", "replace").strip()
    if len(token) < 16:
        raise TokenError(f"token file {path} holds no token of at least 16 characters")
    return token


def _create_token_file(path: Path) -> str:
    token = secrets.token_urlsafe(32)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        # Created 0600 (O_EXCL: never someone else's file), written whole, then linked into place: a reader
        # sees no file or the complete token, and an existing file is never replaced.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(token.encode() + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.link(tmp, path)
    except FileExistsError:
        return load_token(path)  # another server created it meanwhile: use that one
    except OSError as exc:
        raise TokenError(f"cannot create token file {path}: {exc.strerror}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return token


def _authenticate(value: Any, token: str, busy: bool) -> Refusal | None:
    """None if `value` is an initialize request with the right token (removed from it), else the refusal."""
    if isinstance(value, Refusal):
        return value
    msg_id = value.get("id")
    if value.get("method") != "initialize" or "id" not in value:
        return Refusal(SERVER_NOT_INITIALIZED, "not authenticated: the first message must be initialize "
                       "with initializationOptions.token", msg_id if "method" in value else None)
    params = value.get("params")
    options = params.get("initializationOptions") if isinstance(params, dict) else None
    given = options.pop("token", None) if isinstance(options, dict) else None
    if not isinstance(given, str) or not hmac.compare_digest(given.encode(), token.encode()):
        return Refusal(INVALID_REQUEST, "not authenticated: missing or wrong initializationOptions.token",
                       msg_id)
    if busy:
        return Refusal(INVALID_REQUEST, "the server already has a client", msg_id)
    return None


def serve_tcp(server, host: str, port: int, token: str, on_listening: Callable[[str, int], None]) -> None:
    """pygls' `start_tcp`, with the token gate and the limits above. `on_listening(host, port)` runs once
    the socket is bound (port 0 picks a free one)."""
    server._stop_event = Event()
    attached: list[asyncio.StreamWriter] = []

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        frames = FrameReader(reader.read, max_message=PREAUTH_MAX_BYTES)
        authenticated = False
        try:
            async for value in read_messages(frames):
                if not authenticated:
                    refusal = _authenticate(value, token, busy=bool(attached))
                    if refusal is not None:
                        log.warning("refused TCP client %s: %s", peer, refusal.message)
                        writer.write(frame(refusal.response()))
                        await writer.drain()
                        return
                    authenticated = True
                    attached.append(writer)
                    server.protocol.set_writer(writer)
                    log.info("TCP client %s authenticated", peer)
                    frames.max_message = MAX_MESSAGE_BYTES
                dispatch(server, value, writer.write)
        except ConnectionError:
            pass
        finally:
            writer.close()
            if authenticated:
                attached.remove(writer)
                log.info("TCP client %s disconnected: shutting down", peer)
                server.shutdown()

    async def main() -> None:
        listener = await asyncio.start_server(connection, host, port)
        server._server = listener
        bound = listener.sockets[0].getsockname()
        on_listening(bound[0], bound[1])
        async with listener:
            await listener.serve_forever()

    try:
        asyncio.run(main())
    except (asyncio.CancelledError, KeyboardInterrupt):
        pass  # the listener closed (its client left) or ^C; `exit` ends the process with its code
