"""A small, synchronous JSON-RPC/LSP client over a server subprocess's stdio (no pygls, no asyncio).

Used where pytest-lsp's async client is awkward: hypothesis-driven fuzzing (one server shared by many
examples), hostile-input tests that send raw params, and the load benchmark (many servers at once).
Every message is framed by hand, so the tests see exactly what the server sends, including errors.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

REPO = Path(__file__).resolve().parents[2]

# JSON-RPC / LSP error codes.
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603
REQUEST_CANCELLED, CONTENT_MODIFIED = -32800, -32801



def read_message(stream: BinaryIO) -> dict | None:
    """The next JSON-RPC message of a Content-Length framed stream (headers, blank line, body); None at its end.
    Header blocks without a Content-Length are skipped."""
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return None
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is not None:
            return json.loads(stream.read(length))

class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"[{code}] {message}")
        self.code, self.message, self.data = code, message, data


class ServerDied(Exception):
    pass


@dataclass
class _Pending:
    event: threading.Event
    response: dict | None = None


def server_command(*extra: str) -> list[str]:
    return [sys.executable, "-m", "lsp_server", *extra, "serve"]


def server_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), **extra}


class LspProcess:
    """One server subprocess. `request` blocks until the response arrives (or `timeout` passes)."""

    def __init__(self, command: list[str] | None = None, env: dict | None = None, cwd: Path | None = None,
                 stderr: Path | None = None):
        self._stderr = open(stderr, "wb") if stderr else subprocess.DEVNULL
        self.proc = subprocess.Popen(command or server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self._stderr, env=env or server_env(), cwd=cwd or REPO)
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self.notifications: list[dict] = []
        self._cond = threading.Condition()
        self.server_requests: list[dict] = []
        self.on_notification: Callable[[dict], None] | None = None
        self.eof = threading.Event()
        self._reader = threading.Thread(target=self._read_loop, args=(self.proc.stdout,), daemon=True)
        self._reader.start()

    # --- wire ---------------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        with self._write_lock:
            try:
                self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError, OSError) as exc:
                raise ServerDied(f"server gone (exit code {self.proc.poll()})") from exc

    def _read_loop(self, stream: BinaryIO) -> None:
        try:
            while (message := read_message(stream)) is not None:
                self._dispatch(message)
        finally:
            self.eof.set()
            with self._lock:
                for p in self._pending.values():
                    p.event.set()
            with self._cond:
                self._cond.notify_all()

    def _dispatch(self, message: dict) -> None:
        if "id" in message and "method" in message:
            # A request from the server (registerCapability, workDoneProgress/create, ...): accept it.
            self.server_requests.append(message)
            self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            return
        if "id" in message:
            with self._lock:
                pending = self._pending.get(message["id"])
            if pending is not None:
                pending.response = message
                pending.event.set()
            return
        if self.on_notification is not None:
            self.on_notification(message)
        with self._cond:
            self.notifications.append(message)
            self._cond.notify_all()

    # --- API ----------------------------------------------------------------------------------------
    def alive(self) -> bool:
        return self.proc.poll() is None and not self.eof.is_set()

    def notify(self, method: str, params: Any = None) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any = None, timeout: float = 60.0) -> Any:
        """The result, or RpcError for an error response; ServerDied / TimeoutError otherwise."""
        msg_id = next(self._ids)
        pending = _Pending(threading.Event())
        with self._lock:
            self._pending[msg_id] = pending
        try:
            self._send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
            if not pending.event.wait(timeout):
                raise TimeoutError(f"no answer to {method} #{msg_id} within {timeout} s")
        finally:
            with self._lock:
                self._pending.pop(msg_id, None)
        response = pending.response
        if response is None:
            raise ServerDied(f"server gone while waiting for {method} (exit code {self.proc.poll()})")
        if "error" in response:
            err = response["error"]
            raise RpcError(err.get("code"), err.get("message", ""), err.get("data"))
        return response.get("result")

    def wait_for(self, predicate: Callable[[dict], bool], timeout: float = 30.0, start: int = 0) -> dict:
        """The first notification at index >= `start` matching `predicate` (waits for it)."""
        with self._cond:
            while True:
                for message in self.notifications[start:]:
                    if predicate(message):
                        return message
                if self.eof.is_set():
                    raise ServerDied("server gone while waiting for a notification")
                if not self._cond.wait(timeout):
                    raise TimeoutError("notification did not arrive")

    def initialize(self, root: Path | None = None, encodings: list[str] | None = None,
                   options: dict | None = None, version_support: bool = True) -> dict:
        caps = {
            "general": {"positionEncodings": encodings or ["utf-16"]},
            "textDocument": {
                "synchronization": {"didSave": True, "dynamicRegistration": False},
                "publishDiagnostics": {"versionSupport": version_support},
                "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                    "", "quickfix", "refactor", "refactor.rewrite", "source", "source.fixAll"]}},
                    "disabledSupport": True},
                "hover": {"contentFormat": ["markdown", "plaintext"]},
            },
            "workspace": {"workspaceEdit": {"documentChanges": True}, "executeCommand": {},
                          "didChangeWatchedFiles": {"dynamicRegistration": True}},
            "window": {"workDoneProgress": True},
        }
        params = {"processId": os.getpid(), "capabilities": caps, "clientInfo": {"name": "rpc-test"},
                  "rootUri": root.as_uri() if root else None,
                  "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}] if root else None,
                  "initializationOptions": options}
        result = self.request("initialize", params, timeout=120)
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1, language_id: str = "javascript") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language_id, "version": version, "text": text}})

    def command(self, name: str, args: Any = None, timeout: float = 60.0) -> Any:
        return self.request("workspace/executeCommand",
                            {"command": name, "arguments": [] if args is None else [args]}, timeout=timeout)

    def close(self, timeout: float = 10.0) -> int | None:
        """shutdown + exit; kill if the server does not go. Returns the exit code."""
        try:
            if self.alive():
                self.request("shutdown", None, timeout=timeout)
                self.notify("exit")
            return self.proc.wait(timeout=timeout)
        except (ServerDied, TimeoutError, RpcError, subprocess.TimeoutExpired):
            self.proc.kill()
            return self.proc.wait()
        finally:
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            if self._stderr is not subprocess.DEVNULL:
                self._stderr.close()
