"""A minimal JSON-RPC client that drives the real server over stdio, for timing it as an editor would.

Deliberately small and synchronous: the server runs as a subprocess exactly as editors start it
(`python -m lsp_server serve`, see tests/e2e/conftest.py); a reader thread stamps every message with
`time.perf_counter()` the moment it is parsed, so a latency is "request written" -> "answer read", with no
client-side event loop in between. Server-to-client requests (progress tokens, registrations, configuration)
are answered like a cooperative editor answers them.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.workloads import REPO, WORK

CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "window": {"workDoneProgress": True, "showMessage": {}},
    "workspace": {"configuration": True, "workspaceFolders": True, "workspaceEdit": {"documentChanges": True},
                  "didChangeWatchedFiles": {"dynamicRegistration": True}},
    "textDocument": {
        "synchronization": {"didSave": True, "dynamicRegistration": False},
        "publishDiagnostics": {"versionSupport": True, "relatedInformation": True},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "codeAction": {"disabledSupport": True},
    },
}

# The languageId an editor sends for a file, by its extension.
LANGUAGE_IDS = {".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "typescriptreact"}


class LspError(RuntimeError):
    pass


class Message:
    __slots__ = ("at", "method", "params")

    def __init__(self, at: float, method: str, params: Any):
        self.at, self.method, self.params = at, method, params


class LspClient:
    def __init__(self, cwd: Path, env: dict[str, str] | None = None, log_name: str = "server"):
        (WORK / "logs").mkdir(parents=True, exist_ok=True)
        self.log_path = WORK / "logs" / f"{log_name}.log"
        self._log = open(self.log_path, "wb")
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lsp_server", "serve"], cwd=cwd, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self._log,
            env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})})
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._cond = threading.Condition()
        self._responses: dict[int, tuple[float, dict]] = {}
        self.notifications: list[Message] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.proc.pid

    # --- wire -----------------------------------------------------------------------------------------
    def _send(self, message: dict) -> float:
        body = json.dumps(message).encode("utf-8")
        with self._lock:
            at = time.perf_counter()
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()
        return at

    def _read(self) -> None:
        stream = self.proc.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    with self._cond:
                        self._cond.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            if length is None:
                continue
            message = json.loads(stream.read(length))
            at = time.perf_counter()
            if "method" in message and "id" in message:
                self._answer(message)
                with self._cond:
                    self.notifications.append(Message(at, message["method"], message.get("params")))
                    self._cond.notify_all()
            elif "id" in message:
                with self._cond:
                    self._responses[message["id"]] = (at, message)
                    self._cond.notify_all()
            else:
                with self._cond:
                    self.notifications.append(Message(at, message["method"], message.get("params")))
                    self._cond.notify_all()

    def _answer(self, request: dict) -> None:
        method = request["method"]
        result: Any = None
        if method == "workspace/configuration":
            result = [None for _ in request.get("params", {}).get("items", [])]
        self._send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    # --- API ------------------------------------------------------------------------------------------
    def request(self, method: str, params: Any, timeout: float = 60) -> tuple[Any, float]:
        """Send a request; return (result, latency in ms)."""
        rid = next(self._ids)
        sent = self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self._cond:
            while rid not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise LspError(f"{method}: no answer within {timeout} s (see {self.log_path})")
                self._cond.wait(left)
            at, message = self._responses.pop(rid)
        if "error" in message:
            raise LspError(f"{method}: {message['error']}")
        return message.get("result"), (at - sent) * 1000

    def notify(self, method: str, params: Any) -> float:
        """Send a notification; return the perf_counter time it was written."""
        return self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def mark(self) -> int:
        with self._cond:
            return len(self.notifications)

    def wait_for(self, pred: Callable[[Message], bool], since: int = 0, timeout: float = 60) -> Message:
        """The first notification (or server request) from index `since` on that satisfies `pred`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            i = since
            while True:
                while i < len(self.notifications):
                    if pred(self.notifications[i]):
                        return self.notifications[i]
                    i += 1
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise LspError(f"no matching message within {timeout} s (see {self.log_path})")
                self._cond.wait(left)

    def diagnostics_for(self, uri: str, since: int = 0, version: int | None = None, timeout: float = 60) -> Message:
        return self.wait_for(lambda m: m.method == "textDocument/publishDiagnostics" and m.params["uri"] == uri
                             and (version is None or m.params.get("version") == version), since, timeout)

    def wait_idle(self, since: int = 0, settle: float | None = None, timeout: float = 600) -> None:
        """Wait until every `$/progress` begun since `since` has ended and none began for `settle` s (3 s; 0.5 s
        in a smoke run, `common.smoke`): the server's background indexing is done, so what follows measures the
        warm server."""
        from benchmarks.common import smoke

        if settle is None:
            settle = 0.5 if smoke() else 3.0
        deadline = time.monotonic() + timeout
        called = time.perf_counter()  # a warm-up may begin a little after the event that causes it
        while time.monotonic() < deadline:
            with self._cond:
                progress = [m for m in self.notifications[since:] if m.method == "$/progress"]
            begun = {m.params["token"] for m in progress if m.params.get("value", {}).get("kind") == "begin"}
            ended = {m.params["token"] for m in progress if m.params.get("value", {}).get("kind") == "end"}
            last = max([called, *(m.at for m in progress)])
            if begun <= ended and time.perf_counter() - last > settle:
                return
            time.sleep(0.1)
        raise LspError(f"the server was still indexing after {timeout} s")

    def initialize(self, root: Path, options: dict | None = None) -> dict:
        result, _ = self.request("initialize", {
            "processId": os.getpid(), "clientInfo": {"name": "footprint-bench"},
            "rootUri": root.as_uri(), "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": CAPABILITIES, "initializationOptions": options})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, version: int = 1, text: str | None = None, language_id: str | None = None) -> str:
        uri = path.resolve().as_uri()
        language_id = language_id or LANGUAGE_IDS.get(path.suffix, "javascript")
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language_id, "version": version,
            "text": text if text is not None else path.read_text(encoding="utf-8")}})
        return uri

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                self.request("shutdown", None, timeout=20)
                self.notify("exit", None)
                self.proc.wait(timeout=20)
        except Exception:  # noqa: BLE001 - a stuck server is killed below
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self._log.close()

    def __enter__(self) -> "LspClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
