"""Answer generators for `rag_lookup`: the `[rag]` configuration and the two pluggable kinds.

- `generator = "http"`: an OpenAI-compatible chat-completions endpoint (`url`, `model`); the API key is read
  from the environment variable NAMED by `api_key_env`, never from a config file (a key in the file has
  no field to go in, and is reported as an unknown key).
- `generator = "command"`: a local command (`command`, split like a shell would) that reads the prompt on
  stdin and writes the answer on stdout.
- `generator = "none"` (the default): no answer is written; `rag_lookup` returns the fused passages.

Both kinds honour a deadline (`timeout_seconds`) and a cancellation event (the LSP request's
`ctx.cancelled`): the command's whole process group is killed, the HTTP socket is shut down mid-read.
Only the standard library is used (http.client/urllib.parse, subprocess).
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import threading
import time
import tomllib
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lsp_server.config import config_section

if TYPE_CHECKING:
    import http.client

KINDS = ("none", "http", "command")
MAX_ANSWER_BYTES = 1024 * 1024
_POLL = 0.05


@config_section("rag")
@dataclass(frozen=True)
class RagConfig:
    """`[rag]`: the answer generator of `rag_lookup` and its retrieval."""

    # trusted_only: these run a program, reach the network or read an environment variable, so they are
    # honoured only from the user-level config or for a trusted folder (see lsp_server/trust.py).
    generator: str = field(default="none", metadata={"trusted_only": True})  # none | http | command
    # http: the endpoint's base URL (".../v1") or the full ".../chat/completions" URL
    url: str = field(default="", metadata={"trusted_only": True})
    model: str = ""  # http: the model name sent in the request
    # http: NAME of the environment variable holding the API key (never the key)
    api_key_env: str = field(default="", metadata={"trusted_only": True})
    # command: the program and its arguments, split like a shell would; prompt on stdin
    command: str = field(default="", metadata={"trusted_only": True})
    timeout_seconds: float = 30.0
    max_chunks: int = 6  # retrieved chunks put in the prompt (and cited)
    semantic: bool = True  # re-rank with the local embedding model when the `semantic` extra is installed


class GeneratorError(RuntimeError):
    """The generator failed; the message is shown in the result (never holds the API key)."""


class GeneratorTimeout(GeneratorError):
    pass


class GeneratorCancelled(GeneratorError):
    pass


@dataclass(frozen=True)
class Generator:
    kind: str
    describe: str  # for the result: "command: python echo.py", "http: http://host/v1 (model m)"

    def generate(self, prompt: str, timeout: float, cancelled: threading.Event | None = None) -> str:
        raise NotImplementedError


GENERATOR_KEYS = ("generator", "command", "url", "api_key_env")


def pack_generator_keys(sources: list[Path], cfg: RagConfig) -> list[str]:
    """`[rag]` generator keys whose value in effect comes from an engine pack (`pack.toml`), as
    "file: key". A pack is documentation and data from a third party: it may not choose a program to run
    or an endpoint to send prompts (and a key) to; the workspace's footprint.toml or the client must."""
    def rag_section(path: Path) -> dict:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return {}
        return data["rag"] if isinstance(data.get("rag"), dict) else {}

    own = {k for s in sources if s.name != "pack.toml" for k in rag_section(s)}  # the workspace's own choice
    found = []
    for source in sources:
        if source.name == "pack.toml":
            section = rag_section(source)
            found += [f"{source}: {key}" for key in GENERATOR_KEYS
                      if key in section and key not in own and section[key] == getattr(cfg, key)]
    return found


def make_generator(cfg: RagConfig, root: Path, sources: list[Path] = ()) -> Generator | None:
    """The configured generator, None for `none`; GeneratorError for a configuration that cannot work
    (including generator settings that come from an engine pack, see `pack_generator_keys`)."""
    from_packs = pack_generator_keys(list(sources), cfg)
    if from_packs:
        raise GeneratorError("generator settings from an engine pack are not used (" + "; ".join(from_packs)
                             + "): set [rag] generator in the workspace's footprint.toml or the client settings")
    kind = (cfg.generator or "none").strip().lower()
    if kind not in KINDS:
        raise GeneratorError(f"[rag] generator = {cfg.generator!r} is not one of: {', '.join(KINDS)}")
    if kind == "none":
        return None
    if kind == "command":
        try:
            argv = shlex.split(cfg.command)
        except ValueError as exc:
            raise GeneratorError(f"[rag] command cannot be split: {exc}") from None
        if not argv:
            raise GeneratorError("[rag] generator = \"command\" needs a `command`")
        program = Path(argv[0]).expanduser()
        if not program.is_absolute() and ("/" in argv[0] or os.sep in argv[0]):
            argv[0] = str((root / program).resolve())  # a script of the workspace: relative to its root
        return CommandGenerator("command", "command: " + shlex.join(argv), tuple(argv), str(root))
    if not cfg.url:
        raise GeneratorError("[rag] generator = \"http\" needs a `url`")
    parsed = urllib.parse.urlsplit(cfg.url)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise GeneratorError(f"[rag] url {cfg.url!r} is not an http(s) URL")
    key = None
    if cfg.api_key_env:
        key = os.environ.get(cfg.api_key_env)
        if not key:
            raise GeneratorError(f"[rag] api_key_env names the environment variable {cfg.api_key_env!r}, "
                                 "which is not set")
    path = parsed.path.rstrip("/")
    if not path.endswith("/chat/completions"):
        path += "/chat/completions"
    safe_url = urllib.parse.urlunsplit((parsed.scheme, parsed.netloc.rsplit("@", 1)[-1], path, "", ""))
    return HttpGenerator("http", f"http: {safe_url}" + (f" (model {cfg.model})" if cfg.model else ""),
                         parsed.scheme, parsed.hostname, parsed.port, path + (f"?{parsed.query}" if parsed.query
                                                                              else ""), cfg.model, key)


# --- a local command ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CommandGenerator(Generator):
    argv: tuple[str, ...] = ()
    cwd: str = "."

    def generate(self, prompt: str, timeout: float, cancelled: threading.Event | None = None) -> str:
        try:
            # Its own session (process group), so a kill also reaches whatever the command started.
            proc = subprocess.Popen(list(self.argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, cwd=self.cwd, start_new_session=os.name == "posix")
        except OSError as exc:
            raise GeneratorError(f"cannot start the generator command {self.argv[0]!r}: {exc}") from None
        out: dict[str, bytes] = {}

        def talk() -> None:
            try:
                stdout, stderr = proc.communicate(prompt.encode("utf-8"))
                out["stdout"], out["stderr"] = stdout, stderr
            except (OSError, ValueError):
                pass  # killed mid-write (broken pipe): the waiter reports why

        worker = threading.Thread(target=talk, name="rag-generator-io", daemon=True)
        worker.start()
        deadline = time.monotonic() + timeout
        try:
            while worker.is_alive():
                if cancelled is not None and cancelled.is_set():
                    raise GeneratorCancelled("cancelled: the generator command was stopped")
                if time.monotonic() >= deadline:
                    raise GeneratorTimeout(f"the generator command did not answer within {timeout:g} s "
                                           "([rag] timeout_seconds); it was stopped")
                worker.join(_POLL)
        except GeneratorError:
            _kill(proc)
            worker.join(2)
            raise
        if proc.returncode != 0:
            tail = out.get("stderr", b"").decode("utf-8", "replace").strip()[-400:]
            raise GeneratorError(f"the generator command exited with status {proc.returncode}"
                                 + (f": {tail}" if tail else ""))
        answer = out.get("stdout", b"")[:MAX_ANSWER_BYTES]
        return answer.decode("utf-8", "replace").strip()


def _kill(proc: subprocess.Popen) -> None:
    """Stop the generator we started: its process group on POSIX, the process elsewhere."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        pass


# --- an OpenAI-compatible endpoint -----------------------------------------------------------------------------
SYSTEM_MESSAGE = ("You answer questions about a software library from the documentation excerpts in the "
                  "user's message only, and cite the excerpt ids you used.")


@dataclass(frozen=True)
class HttpGenerator(Generator):
    scheme: str = "http"
    host: str = ""
    port: int | None = None
    path: str = "/v1/chat/completions"
    model: str = ""
    api_key: str | None = None

    def __repr__(self) -> str:  # never print the key
        return f"HttpGenerator({self.describe!r})"

    def generate(self, prompt: str, timeout: float, cancelled: threading.Event | None = None) -> str:
        import http.client  # with email and ssl: ~15 ms, paid only by a process that calls a generator
        import socket

        body = json.dumps({"model": self.model, "temperature": 0, "messages": [
            {"role": "system", "content": SYSTEM_MESSAGE}, {"role": "user", "content": prompt}]}).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        conn = cls(self.host, self.port, timeout=timeout)
        out: dict = {}

        def talk() -> None:
            try:
                conn.request("POST", self.path, body, headers)
                resp = conn.getresponse()
                out["status"] = resp.status
                out["body"] = resp.read(MAX_ANSWER_BYTES + 1)
            except Exception as exc:  # noqa: BLE001 - reported by the waiter
                out["error"] = exc
            finally:
                conn.close()

        worker = threading.Thread(target=talk, name="rag-generator-http", daemon=True)
        worker.start()
        deadline = time.monotonic() + timeout
        while worker.is_alive():
            stop = None
            if cancelled is not None and cancelled.is_set():
                stop = GeneratorCancelled("cancelled: the HTTP request to the generator was aborted")
            elif time.monotonic() >= deadline:
                stop = GeneratorTimeout(f"the generator endpoint did not answer within {timeout:g} s "
                                        "([rag] timeout_seconds); the request was aborted")
            if stop is not None:
                _abort(conn)
                worker.join(2)
                raise stop
            worker.join(_POLL)
        if "error" in out:
            exc = out["error"]
            if isinstance(exc, (socket.timeout, TimeoutError)):
                raise GeneratorTimeout(f"the generator endpoint did not answer within {timeout:g} s "
                                       "([rag] timeout_seconds)")
            raise GeneratorError(f"the generator endpoint failed: {type(exc).__name__}: {exc}")
        text = out.get("body", b"").decode("utf-8", "replace")
        if out.get("status") != 200:
            raise GeneratorError(f"the generator endpoint answered HTTP {out.get('status')}: {text[:300]}")
        try:
            data = json.loads(text)
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise GeneratorError("the generator endpoint's answer is not an OpenAI-style chat completion "
                                 f"(choices[0].message.content): {text[:300]}") from None
        if not isinstance(content, str):
            raise GeneratorError("the generator endpoint's message content is not a string")
        return content.strip()


def _abort(conn: http.client.HTTPConnection) -> None:
    """Unblock a read in progress on another thread: shut the socket down, then close it."""
    import socket

    sock = conn.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    try:
        conn.close()
    except OSError:
        pass
