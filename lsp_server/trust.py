"""Folder trust: which workspaces may use the settings that run programs, reach the network, name
environment variables or choose where caches live (config fields with metadata `trusted_only=True`).

Like `direnv allow` and VS Code's Workspace Trust, a folder is untrusted until the user says otherwise with
`footprint-ls trust [PATH]`. The store is a small JSON file, `$XDG_CONFIG_HOME/footprint/trusted.json`
(default `~/.config/footprint/`), written atomically with mode 0600, holding resolved real paths. A folder
is trusted when it or one of its ancestors is in the store. A store that cannot be read or parsed trusts
nothing (fail closed) and says so once in the log; `trust`/`untrust` then refuse to overwrite it.

The user-level config (`config.toml` beside the store) is always trusted: the user wrote it.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from lsp_server.document import real_path
from lsp_server.storage import atomic_write_bytes

log = logging.getLogger(__name__)

STORE_FILE = "trusted.json"
USER_CONFIG_FILE = "config.toml"
_VERSION = 1
_warned: set[tuple[str, str]] = set()  # (store path, problem) already logged: one warning per problem


class TrustStoreError(Exception):
    """The trust store cannot be read or written; the message is one line naming the file."""


def config_dir() -> Path:
    """The user's Footprint config folder: `$XDG_CONFIG_HOME/footprint`, default `~/.config/footprint`."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    return Path(base if os.path.isabs(base) else Path.home() / ".config") / "footprint"


def store_path() -> Path:
    return config_dir() / STORE_FILE


def user_config_path() -> Path:
    return config_dir() / USER_CONFIG_FILE


def _read(path: Path) -> list[str]:
    """The stored folders; TrustStoreError when the file exists but is not a valid store."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise TrustStoreError(f"cannot read the trust store {path}: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise TrustStoreError(f"the trust store {path} is not valid JSON ({exc}); fix or delete it") from None
    folders = data.get("trusted") if isinstance(data, dict) else None
    if not isinstance(folders, list) or not all(isinstance(f, str) and os.path.isabs(f) for f in folders):
        raise TrustStoreError(f"the trust store {path} is not a {{\"trusted\": [absolute paths]}} object; "
                              "fix or delete it")
    return folders


def _write(path: Path, folders: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    data = json.dumps({"version": _VERSION, "trusted": sorted(set(folders))}, indent=2, ensure_ascii=False)
    try:
        atomic_write_bytes(path, (data + "\n").encode("utf-8"), mode=0o600)
    except OSError as exc:
        raise TrustStoreError(f"cannot write the trust store {path}: {exc.strerror or exc}") from None


def trusted_folders() -> list[Path]:
    """The folders the user trusted (each covers its subfolders). Raises TrustStoreError on a bad store."""
    return [Path(f) for f in _read(store_path())]


def trusted_by(path: Path) -> Path | None:
    """The stored folder that makes `path` trusted (itself or an ancestor), or None. Never raises: a bad
    store trusts nothing and logs one warning."""
    store = store_path()
    try:
        folders = _read(store)
    except TrustStoreError as exc:
        key = (str(store), str(exc))
        if key not in _warned:
            _warned.add(key)
            log.warning("%s: no folder is trusted until it is fixed", exc)
        return None
    if not folders:
        return None
    resolved = real_path(path)
    candidates = {resolved, *resolved.parents}
    for folder in sorted(folders, key=len):
        if Path(folder) in candidates:
            return Path(folder)
    return None


def is_trusted(path: Path) -> bool:
    """Whether the user trusted `path` or one of its ancestors."""
    return trusted_by(path) is not None


def _folder(path: Path) -> Path:
    resolved = real_path(path)
    if not resolved.exists():
        raise TrustStoreError(f"{path}: no such folder")
    if not resolved.is_dir():
        raise TrustStoreError(f"{path}: not a folder (trust applies to folders)")
    return resolved


def trust(path: Path) -> Path:
    """Trust the folder `path` (and everything below it); returns the resolved folder stored."""
    folder = _folder(path)
    store = store_path()
    folders = _read(store)
    if str(folder) not in folders:
        _write(store, [*folders, str(folder)])
    return folder


def untrust(path: Path) -> tuple[bool, Path | None]:
    """Remove `path` from the store. Returns (whether it was stored, the ancestor that still trusts it)."""
    folder = real_path(path)
    store = store_path()
    folders = _read(store)
    removed = str(folder) in folders
    if removed:
        _write(store, [f for f in folders if f != str(folder)])
    return removed, trusted_by(folder)
