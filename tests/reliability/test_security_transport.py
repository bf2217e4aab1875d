"""Security of the wire (transport.py): the TCP token gate and the JSON-RPC framing limits.

Every test runs the real server process and talks to it over a real TCP socket on 127.0.0.1 or its stdio,
framing bytes by hand so hostile headers can be sent as they are. Waits are on responses (generous timeouts).
"""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.rpc_client import (INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, REPO, read_message,
                                          server_command, server_env)
from tests.reliability.test_security import _listening_addresses

SERVER_NOT_INITIALIZED = -32002
TIMEOUT = 60
LISTENING = re.compile(r"serving LSP on (\S+):(\d+) \(TCP\); token for initializationOptions.token: (.+)")


# --- a raw client over any byte stream -----------------------------------------------------------------
class RawClient:
    """Frames JSON-RPC by hand over `read`/`write` streams; a thread queues each message the server sends
    (None at the end of the stream)."""

    def __init__(self, reader, write):
        self._write = write
        self.messages: queue.Queue[dict | None] = queue.Queue()
        self._ids = iter(range(1, 10**9))
        threading.Thread(target=self._read_loop, args=(reader,), daemon=True).start()

    def _read_loop(self, stream) -> None:
        try:
            while (message := read_message(stream)) is not None:
                self.messages.put(message)
        except (OSError, ValueError):
            return
        finally:
            self.messages.put(None)

    def send_raw(self, data: bytes) -> None:
        self._write(data)

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self._write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def next_message(self, timeout: float = TIMEOUT) -> dict | None:
        """The next message from the server, None once the stream ended."""
        return self.messages.get(timeout=timeout)

    def response(self, msg_id: Any, timeout: float = TIMEOUT) -> dict:
        """The response to `msg_id` (messages before it are skipped; server requests get a null result)."""
        while True:
            message = self.next_message(timeout)
            assert message is not None, f"the stream ended before the response to {msg_id!r}"
            if "method" in message:
                if "id" in message:
                    self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                continue
            if message.get("id") == msg_id:
                return message

    def next_response(self, timeout: float = TIMEOUT) -> dict:
        """The next response (notifications and server requests are skipped)."""
        while True:
            message = self.next_message(timeout)
            assert message is not None, "the stream ended"
            if "method" not in message:
                return message
            if "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def request(self, method: str, params: Any = None) -> dict:
        msg_id = next(self._ids)
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return self.response(msg_id)

    def initialize(self, root: Path, options: dict | None) -> dict:
        response = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {},
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}], "initializationOptions": options})
        if "result" in response:
            self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return response

    def works(self, root: Path) -> None:
        """A real round trip: open a file, read the server's copy back."""
        uri = (root / "a.js").as_uri()
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "javascript", "version": 1, "text": "const x = 1;\n"}}})
        response = self.request("workspace/executeCommand",
                                {"command": "document_state", "arguments": [{"uri": uri}]})
        assert response["result"]["text"] == "const x = 1;\n", response

    def closed(self, timeout: float = TIMEOUT) -> bool:
        """True once the server closed the stream (every message before the end is skipped)."""
        while self.next_message(timeout) is not None:
            pass
        return True


class TcpClient(RawClient):
    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        super().__init__(self.sock.makefile("rb"), self.sock.sendall)

    def close(self) -> None:
        self.sock.close()


# --- server processes ------------------------------------------------------------------------------------
class TcpServer:
    """`footprint-ls serve --tcp --port 0 ...`; `port` and `token_shown` come from its listening line."""

    def __init__(self, tmp_path: Path, *args: str):
        self.proc = subprocess.Popen([*server_command(), "--tcp", "--port", "0", *args], env=server_env(),
                                     cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        self.stderr_lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_text: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        while True:
            line = self.stderr_lines.get(timeout=TIMEOUT)
            assert line is not None, f"the server exited: {''.join(self.stderr_text)}"
            if match := LISTENING.search(line):
                self.host, self.port, self.token_shown = match[1], int(match[2]), match[3].strip()
                return

    def _drain(self) -> None:
        for raw in self.proc.stderr:
            line = raw.decode(errors="replace")
            self.stderr_text.append(line)
            self.stderr_lines.put(line)
        self.stderr_lines.put(None)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


@pytest.fixture
def tcp_server(tmp_path):
    servers: list[TcpServer] = []

    def start(*args: str) -> TcpServer:
        servers.append(TcpServer(tmp_path, *args))
        return servers[-1]

    yield start
    for s in servers:
        s.stop()


def _fresh_token(server: TcpServer) -> str:
    assert re.fullmatch(r"[A-Za-z0-9_-]{40,}", server.token_shown), server.token_shown
    return server.token_shown


def _rag_command_options(marker: Path) -> dict:
    """Settings that would make rag_lookup run a program creating `marker`."""
    return {"footprint": {"rag": {"generator": "command",
                                  "command": f"{sys.executable} -c \"open({str(marker)!r}, 'w')\""}}}


# --- H3: the TCP token -------------------------------------------------------------------------------------
def test_tcp_clients_without_the_token_are_refused_and_the_rightful_client_works(tmp_path, tcp_server):
    server = tcp_server()
    token = _fresh_token(server)
    marker = tmp_path / "rag-ran"
    (tmp_path / "a.js").write_text("const x = 1;\n")

    no_token = TcpClient(server.port)
    response = no_token.initialize(tmp_path, _rag_command_options(marker))
    assert response["error"]["code"] == INVALID_REQUEST and "token" in response["error"]["message"]
    assert no_token.closed()

    wrong = TcpClient(server.port)
    response = wrong.initialize(tmp_path, {**_rag_command_options(marker), "token": token[:-1] + "x"})
    assert response["error"]["code"] == INVALID_REQUEST
    assert wrong.closed()

    not_a_string = TcpClient(server.port)
    assert "error" in not_a_string.initialize(tmp_path, {"token": [token]})
    assert not_a_string.closed()

    # Skipping initialize: the command is refused before anything runs.
    early = TcpClient(server.port)
    response = early.request("workspace/executeCommand", {"command": "rag_lookup", "arguments": [
        {"question": "how do I lay out two columns?"}]})
    assert response["error"]["code"] == SERVER_NOT_INITIALIZED
    assert early.closed()

    early_notification = TcpClient(server.port)
    early_notification.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    assert early_notification.next_response()["error"]["code"] == SERVER_NOT_INITIALIZED
    assert early_notification.closed()

    assert not marker.exists()
    assert server.proc.poll() is None  # the listener is still up for the rightful client

    rightful = TcpClient(server.port)
    response = rightful.initialize(tmp_path, {"token": token})
    assert "capabilities" in response["result"], response
    rightful.works(tmp_path)

    # One client at a time: a second one, even with the token, cannot take the session over.
    second = TcpClient(server.port)
    response = second.initialize(tmp_path, {"token": token})
    assert "already has a client" in response["error"]["message"]
    assert second.closed()
    rightful.works(tmp_path)

    assert rightful.request("shutdown")["result"] is None
    rightful.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.proc.wait(timeout=TIMEOUT) == 0
    assert token not in "".join(server.stderr_text).replace(f"initializationOptions.token: {token}", "")


def test_the_token_never_reaches_the_log_file(tmp_path, tcp_server):
    log = tmp_path / "server.log"
    server = tcp_server("--log-file", str(log), "--log-level", "DEBUG")
    token = _fresh_token(server)
    client = TcpClient(server.port)
    assert "result" in client.initialize(tmp_path, {"token": token})
    client.works(tmp_path)  # DEBUG traces the session, initialize params included
    assert "initialize" in log.read_text()
    assert token not in log.read_text()


def test_token_file_is_created_private_and_reused(tmp_path, tcp_server):
    token_file = tmp_path / "token"
    server = tcp_server("--token-file", str(token_file))
    assert server.token_shown == f"in {token_file}"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    token = token_file.read_text().strip()
    assert len(token) >= 40 and token not in "".join(server.stderr_text)
    client = TcpClient(server.port)
    assert "result" in client.initialize(tmp_path, {"token": token})
    client.works(tmp_path)
    server.stop()

    again = tcp_server("--token-file", str(token_file))
    assert token_file.read_text().strip() == token  # an existing file is read, never replaced
    assert "error" in TcpClient(again.port).initialize(tmp_path, {"token": "not-" + token})
    assert "result" in TcpClient(again.port).initialize(tmp_path, {"token": token})


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o660])
def test_a_token_file_others_can_read_is_refused(tmp_path, mode):
    token_file = tmp_path / "token"
    token_file.write_text("a-token-that-is-long-enough-0123456789\n")
    token_file.chmod(mode)
    result = subprocess.run([*server_command(), "--tcp", "--port", "0", "--token-file", str(token_file)],
                            env=server_env(), cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "group/others" in result.stderr, result.stderr


def test_a_symlinked_token_file_is_refused(tmp_path):
    real = tmp_path / "real"
    real.write_text("a-token-that-is-long-enough-0123456789\n")
    real.chmod(0o600)
    (tmp_path / "token").symlink_to(real)
    result = subprocess.run([*server_command(), "--tcp", "--port", "0", "--token-file", str(tmp_path / "token")],
                            env=server_env(), cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2 and "token file" in result.stderr, result.stderr


def test_non_loopback_host_needs_a_token_file(tmp_path, tcp_server):
    result = subprocess.run([*server_command(), "--tcp", "--host", "0.0.0.0", "--port", "0"],
                            env=server_env(), cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--token-file" in result.stderr, result.stderr


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc/net/tcp to see bound addresses")
def test_non_loopback_host_with_a_token_file_listens_there(tmp_path, tcp_server):
    token_file = tmp_path / "token"
    server = tcp_server("--host", "0.0.0.0", "--token-file", str(token_file))
    assert _listening_addresses(server.port) == ["00000000"]
    client = TcpClient(server.port)
    assert "error" in client.initialize(tmp_path, {})
    client = TcpClient(server.port)
    assert "result" in client.initialize(tmp_path, {"token": token_file.read_text().strip()})


def test_token_file_without_tcp_is_a_usage_error(tmp_path):
    result = subprocess.run([*server_command(), "--token-file", str(tmp_path / "t")], env=server_env(), cwd=REPO,
                            capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "--tcp" in result.stderr, result.stderr


# --- JSON-RPC limits, over stdio and over TCP ------------------------------------------------------------
@pytest.fixture(params=["stdio", "tcp"])
def session(request, tmp_path, tcp_server):
    """An initialized client of a fresh server, and the server's pid."""
    (tmp_path / "a.js").write_text("const x = 1;\n")
    if request.param == "stdio":
        proc = subprocess.Popen(server_command(), env=server_env(), cwd=REPO, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

        def write(data: bytes) -> None:
            proc.stdin.write(data)
            proc.stdin.flush()

        client, pid, options = RawClient(proc.stdout, write), proc.pid, {}
    else:
        server = tcp_server()
        client, pid, options = TcpClient(server.port), server.proc.pid, {"token": server.token_shown}
    assert "result" in client.initialize(tmp_path, options)
    client.works(tmp_path)
    yield client, pid
    if request.param == "stdio":
        proc.kill()
        proc.wait()


def _peak_rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status)[1]) / 1024


def _request_bytes(msg_id: int, params: bytes) -> bytes:
    return b'{"jsonrpc":"2.0","id":%d,"method":"workspace/executeCommand","params":' % msg_id + params + b"}"


def test_a_100k_deep_message_is_answered_with_an_error_and_the_server_goes_on(session, tmp_path):
    client, _ = session
    deep = b"[" * 100_000 + b"]" * 100_000
    body = _request_bytes(41, b'{"command":"document_state","arguments":' + deep + b"}")
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    error = client.response(41)["error"]
    assert error["code"] == PARSE_ERROR and "deeper than 512" in error["message"]
    client.works(tmp_path)

    # Nesting within the limit is decoded and reaches the command (which finds the argument wrong).
    body = _request_bytes(42, b'{"command":"document_state","arguments":' + b"[" * 500 + b"]" * 500 + b"}")
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert client.response(42)["error"]["code"] == INVALID_PARAMS

    client.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    error = client.next_response()
    assert error["id"] is None and error["error"]["code"] == PARSE_ERROR, error
    client.works(tmp_path)


def test_brackets_inside_strings_are_not_nesting(session, tmp_path):
    """A minified file full of brackets is text, not depth: it opens like any other."""
    client, _ = session
    uri = (tmp_path / "b.js").as_uri()
    text = 'const s = "' + "[{\\\"" * 50_000 + '";\n'
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "javascript", "version": 1, "text": text}}})
    response = client.request("workspace/executeCommand", {"command": "document_state", "arguments": [{"uri": uri}]})
    assert response["result"]["text"] == text


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's peak RSS from /proc")
def test_a_1gb_content_length_is_not_buffered(session, tmp_path):
    client, pid = session
    before = _peak_rss_mb(pid)
    small = _request_bytes(51, b'{"command":"document_state","arguments":[{}]}')
    client.send_raw(b"Content-Length: 1000000000\r\n\r\n" + small)
    error = client.response(51)["error"]  # the id is read from the body's leading fields
    assert error["code"] == INVALID_REQUEST and "exceeds the limit" in error["message"]
    client.works(tmp_path)  # the stream resynced on the next header: nothing after the lie was lost
    assert _peak_rss_mb(pid) - before < 50, (before, _peak_rss_mb(pid))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's peak RSS from /proc")
def test_an_honest_oversized_message_is_skipped_without_buffering(session, tmp_path):
    client, pid = session
    before = _peak_rss_mb(pid)
    text = b"x" * (65 * 1024 * 1024)
    body = _request_bytes(61, b'{"command":"document_state","arguments":[{"text":"' + text + b'"}]}')
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    error = client.response(61)["error"]
    assert error["code"] == INVALID_REQUEST and "exceeds the limit of 67108864" in error["message"]
    client.works(tmp_path)
    assert _peak_rss_mb(pid) - before < 50, (before, _peak_rss_mb(pid))


@pytest.mark.parametrize("length", [b"-5", b"abc", b"", b"1e3"])
def test_an_invalid_content_length_does_not_stick_the_stream(session, tmp_path, length):
    client, _ = session
    body = _request_bytes(71, b'{"command":"document_state","arguments":[{}]}')
    client.send_raw(b"Content-Length: " + length + b"\r\n\r\n" + body)
    error = client.response(71)["error"]
    assert error["code"] == INVALID_REQUEST and "Content-Length" in error["message"]
    client.works(tmp_path)


def test_a_header_line_without_end_does_not_stick_the_stream(session, tmp_path):
    client, _ = session
    client.send_raw(b"X-Garbage: " + b"y" * 100_000)
    error = client.next_response()
    assert error["id"] is None and "header line longer" in error["error"]["message"], error
    client.works(tmp_path)


# --- the pieces, directly --------------------------------------------------------------------------------
def test_the_depth_limit_is_exactly_max_depth():
    from lsp_server.surfaces.lsp.transport import MAX_DEPTH, Refusal, decode
    assert not isinstance(decode(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH), Refusal)
    assert not isinstance(decode(b'{"a":' * MAX_DEPTH + b"1" + b"}" * MAX_DEPTH), Refusal)
    assert isinstance(decode(b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1)), Refusal)
    assert isinstance(decode(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)), Refusal)


@pytest.mark.parametrize(("head", "expected"), [
    (b'{"jsonrpc":"2.0","id":7,"method":"x","params":', 7),          # VS Code's order
    (b'{"id":"a-1","jsonrpc":"2.0","method":"x","params":', "a-1"),  # Neovim's order
    (b'{ "jsonrpc" : "2.0" , "method" : "x" , "id" : -3 , "params":', -3),
    (b'{"jsonrpc":"2.0","method":"x","params":{"id":9}}', None),       # an id inside the params is not it
    (b'{"jsonrpc":"2.0","method":"x"}', None),
    (b"garbage", None),
])
def test_the_id_of_a_refused_message_comes_only_from_its_leading_fields(head, expected):
    from lsp_server.surfaces.lsp.transport import leading_id
    assert leading_id(head) == expected


# --- a standard client: Neovim's own TCP transport sends the token as init_options -------------------------
NVIM_TCP = r"""
local port, token_file, root, out = tonumber(arg[1]), arg[2], arg[3], arg[4]
local token = arg[5] == 'wrong' and 'wrong-token-0123456789abcdef' or vim.fn.readfile(token_file)[1]
vim.cmd.edit(root .. '/a.js')
local id = vim.lsp.start({ name = 'footprint', cmd = vim.lsp.rpc.connect('127.0.0.1', port), root_dir = root,
                           init_options = { token = token } })
local ok = vim.wait(60000, function()
  local c = vim.lsp.get_client_by_id(id)
  return c == nil or c:is_stopped() or c.initialized
end, 20)
local c = vim.lsp.get_client_by_id(id)
local result = { waited = ok, initialized = c ~= nil and not c:is_stopped() and c.initialized == true }
if result.initialized then
  local r = c:request_sync('textDocument/hover', { textDocument = { uri = vim.uri_from_fname(root .. '/a.js') },
                                                   position = { line = 0, character = 6 } }, 60000, 0)
  result.hover_answered = r ~= nil and r.err == nil
end
vim.fn.writefile({ vim.json.encode(result) }, out)
vim.cmd('qa!')
"""


@pytest.mark.parametrize("token", ["right", "wrong"])
def test_neovim_connects_over_tcp_with_the_token_in_init_options(tmp_path, tcp_server, token):
    from tests.editors.conftest import find_nvim
    nvim, why = find_nvim()
    if nvim is None:
        pytest.skip(why)
    (tmp_path / "a.js").write_text("const x = 1;\n")
    token_file = tmp_path / "token"
    server = tcp_server("--token-file", str(token_file))
    script, out = tmp_path / "tcp.lua", tmp_path / "out.json"
    script.write_text(NVIM_TCP)
    subprocess.run([nvim, "--headless", "--clean", "-l", str(script), str(server.port), str(token_file),
                    str(tmp_path), str(out), token], env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")},
                   timeout=180, check=True, capture_output=True)
    result = json.loads(out.read_text())
    assert result["waited"], result
    if token == "right":
        assert result == {"waited": True, "initialized": True, "hover_answered": True}, result
    else:
        assert result == {"waited": True, "initialized": False}, result
        assert server.proc.poll() is None  # refused, and still serving
