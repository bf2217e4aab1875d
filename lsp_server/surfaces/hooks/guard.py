"""The per-session guard: the same findings never block an agent twice in one session.

Agents loop when a hook blocks again on what it already said (Claude Code's `stop_hook_active` is reported
to stay false on repeated fires; Cursor has only `loop_count`). Each blocking answer is keyed by its findings
(workspace, rule or code, file, the text of the line: stable when other lines move); a key already shown in this session
becomes a one-line note instead. State: one small JSON file per session under the user's cache folder
(`$XDG_CACHE_HOME/footprint/hook-sessions`, 0700), at most MAX_KEYS keys each and MAX_SESSIONS files.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

MAX_KEYS = 512
MAX_SESSIONS = 200


def state_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "footprint" / "hook-sessions"


def key_of(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", errors="replace")).hexdigest()[:24]


def unseen(agent: str, session: str | None, keys: list[str]) -> list[str]:
    """The keys not yet shown in this session, and remember them all. Without a session every key is new
    (a hook run by hand); when the state cannot be read or written, too (never block less than asked)."""
    if not session or not keys:
        return keys
    from lsp_server.storage import atomic_write_json, read_json

    folder = state_dir()
    path = folder / f"{key_of(agent, session)}.json"
    seen = read_json(path, max_bytes=1024 * 1024)
    seen = [k for k in seen if isinstance(k, str)] if isinstance(seen, list) else []
    new = [k for k in keys if k not in seen]
    if not new:
        return []
    try:
        fresh = not path.exists()
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write_json(path, (seen + new)[-MAX_KEYS:])
        if fresh:
            _prune(folder)
    except OSError as exc:
        log.info("hook guard: cannot record the session's findings: %s", exc)
    return new


def _prune(folder: Path) -> None:
    """Keep the MAX_SESSIONS most recent session files."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[MAX_SESSIONS:]:
            old.unlink(missing_ok=True)
    except OSError as exc:
        log.info("hook guard: cannot prune %s: %s", folder, exc)
