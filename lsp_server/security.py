"""The path guard: every command or CLI verb that takes a path from a caller resolves it here.

A language server reads files for whoever talks to it (an editor, an agent hook). Paths from a caller are
data, so `resolve_user_path` accepts only paths that resolve, symlinks followed, inside the workspace
root, an engine pack folder, a path the configuration names (any `metadata={"path": True}` key of any
section, e.g. doc folders and rule files) or an `extra_roots` folder the caller adds (a rule cache).
Everything else, including `..` tricks, symlinks pointing out, NUL bytes and non-file URIs, is a
`CommandError` naming the path. See docs/security.md for the threat model.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from lsp_server.commands import CommandError

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace


def resolve_user_path(workspace: "Workspace", raw: object, extra_roots: Iterable[Path | str] = (),
                      must_exist: bool = False) -> Path:
    """The absolute, resolved path `raw` (a path, relative to the workspace root, or a `file:` URI) names,
    if it lies inside an allowed root; else CommandError."""
    if not isinstance(raw, str) or not raw.strip():
        raise CommandError(f"expected a path (a non-empty string), got {type(raw).__name__}")
    if "\x00" in raw:
        raise CommandError("a path cannot contain a NUL character")
    text = raw
    if "://" in raw or raw.startswith("file:"):
        parsed = urlparse(raw)
        if parsed.scheme != "file":
            raise CommandError(f"not a file path or file: URI: {_short(raw)}")
        if parsed.netloc not in ("", "localhost"):
            raise CommandError(f"remote file URIs are not allowed: {_short(raw)}")
        text = unquote(parsed.path)
        if "\x00" in text:
            raise CommandError("a path cannot contain a NUL character")
    path = Path(text)
    if not path.is_absolute():
        path = workspace.root / path
    try:
        resolved = path.resolve(strict=must_exist)
    except FileNotFoundError:
        raise CommandError(f"no such file or folder: {_short(raw)}") from None
    except (OSError, RuntimeError, ValueError) as exc:  # symlink loops, names too long
        raise CommandError(f"cannot resolve {_short(raw)}: {exc}") from None
    roots = allowed_roots(workspace, extra_roots)
    if not any(_inside(resolved, root) for root in roots):
        raise CommandError(f"{_short(raw)} is outside the workspace and the configured doc and rule folders")
    return resolved


def allowed_roots(workspace: "Workspace", extra_roots: Iterable[Path | str] = ()) -> list[Path]:
    """The workspace root, its packs, every path the configuration names, and `extra_roots`; resolved."""
    from lsp_server.config import _SECTIONS

    raw: list[str] = [str(workspace.root), *map(str, workspace.settings.packs), *map(str, extra_roots)]
    for section, schemas in _SECTIONS.items():
        values = workspace.settings.values.get(section, {})
        for schema in schemas:
            for f in dataclasses.fields(schema):
                if f.metadata.get("path") and f.name in values:
                    raw.extend(_paths_in(values[f.name]))
    roots = []
    for r in raw:
        try:
            roots.append(Path(r).resolve())
        except (OSError, RuntimeError, ValueError):
            continue
    return roots


def _paths_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, str) and item:
                out.append(item)
            elif isinstance(item, dict) and isinstance(item.get("path"), str):
                out.append(item["path"])
        return out
    return []


def _inside(path: Path, root: Path) -> bool:
    p, r = str(path), str(root)
    return p == r or p.startswith(r.rstrip(os.sep) + os.sep)


def _short(raw: str) -> str:
    return repr(raw if len(raw) <= 200 else raw[:200] + "...")


# --- git: remote rule repositories are data ---------------------------------------------------------------
# Fetching a rule repository must never run code or ask for a password: hooks off (a user-wide
# core.hooksPath would otherwise run on checkout), no fsmonitor program, no credential helper or prompt,
# ssh in batch mode, and the `ext::` transport (runs a command) refused.
GIT_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "credential.helper=",
    "protocol.ext.allow=never",
    "core.sshCommand=ssh -oBatchMode=yes",
    "submodule.recurse=false",
)


def safe_git(*args: str) -> list[str]:
    """argv for `git ARGS` with the safety config above; run it with `env=safe_git_env()` and no shell."""
    argv = ["git"]
    for item in GIT_SAFE_CONFIG:
        argv += ["-c", item]
    return [*argv, *args]


def safe_git_env(base: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    env.update({
        "GIT_TERMINAL_PROMPT": "0",  # never prompt for a username or password
        "GIT_ASKPASS": "true", "SSH_ASKPASS": "true",  # an askpass program answers nothing
        "GCM_INTERACTIVE": "never",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_SSH_COMMAND": "ssh -oBatchMode=yes",
    })
    return env
