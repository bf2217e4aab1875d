"""The path guard: every command or CLI verb that takes a path from a caller resolves it here.

A language server reads files for whoever talks to it (an editor, an agent hook). Paths from a caller are
data, so `resolve_user_path` accepts only paths that resolve, symlinks followed, inside the workspace
root, an engine pack folder, a path the configuration names (any `metadata={"path": True}` key of any
section, e.g. doc folders and rule files) or an `extra_roots` folder the caller adds (a rule cache).
Everything else, including `..` tricks, symlinks pointing out, NUL bytes and non-file URIs, is an
`InvalidArgument` (lsp_server/errors.py) naming the path (InvalidParams over LSP, exit 2 in the CLI).
Whether a path outside the roots exists is not revealed. Files are then read with `storage.read_bounded`, and the file walker leaves
out symlinks leading outside the same roots (`Workspace.roots`). See docs/security.md for the threat model.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from lsp_server.errors import InvalidArgument

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace

_URI_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]+:")


def resolve_user_path(workspace: "Workspace", raw: object, extra_roots: Iterable[Path | str] = (),
                      must_exist: bool = False) -> Path:
    """The absolute, resolved path `raw` (a path, relative to the workspace root, or a `file:` URI) names,
    if it lies inside an allowed root; else InvalidArgument."""
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidArgument(f"expected a path (a non-empty string), got {type(raw).__name__}")
    if "\x00" in raw:
        raise InvalidArgument("a path cannot contain a NUL character")
    text = raw
    if _URI_SCHEME.match(raw):  # `untitled:1`, `http://...`, `file:///...` (a drive letter is one character)
        try:
            parsed = urlparse(raw)
        except ValueError:  # `file://[` (a bad IPv6 host)
            raise InvalidArgument(f"not a valid URI: {_short(raw)}") from None
        if parsed.scheme != "file":
            raise InvalidArgument(f"not a file URI or path: {_short(raw)}")
        if parsed.netloc not in ("", "localhost"):
            raise InvalidArgument(f"remote file URIs are not allowed: {_short(raw)}")
        text = unquote(parsed.path)
        if "\x00" in text:
            raise InvalidArgument("a path cannot contain a NUL character")
    try:
        os.fsencode(text)  # lone surrogates (JSON allows them) name no file; stat would raise, not fail
    except UnicodeError:
        raise InvalidArgument(f"not a valid file name: {_short(raw)}") from None
    path = Path(text)
    if not path.is_absolute():
        path = workspace.root / path
    try:
        # Not strict: whether a path outside the roots exists is nobody's business (checked below, inside).
        resolved = path.resolve()
    except (OSError, RuntimeError, ValueError):  # symlink loops, names too long
        raise InvalidArgument(f"cannot resolve {_short(raw)} (a symlink loop?)") from None
    roots = [*workspace.roots, *_resolved(extra_roots)]
    if not any(_inside(resolved, root) for root in roots):
        raise InvalidArgument(f"{_short(raw)} is outside the workspace and the configured doc, pack and rule folders")
    if must_exist and not os.path.exists(resolved):
        raise InvalidArgument(f"no such file or folder: {_short(raw)}")
    return resolved


def _resolved(paths: Iterable[Path | str]) -> list[Path]:
    out = []
    for r in paths:
        try:
            out.append(Path(r).resolve())
        except (OSError, RuntimeError, ValueError):
            continue
    return out


def allowed_roots(workspace: "Workspace", extra_roots: Iterable[Path | str] = ()) -> list[Path]:
    """The workspace root, its packs, every path the configuration names, and `extra_roots`; resolved.
    (`Workspace.roots` caches this, with the workspace's own `extra_roots`.)"""
    from lsp_server.config import _SECTIONS

    raw: list[str] = [str(workspace.root), *map(str, workspace.settings.packs), *map(str, extra_roots)]
    for section, schemas in _SECTIONS.items():
        values = workspace.settings.values.get(section, {})
        for schema in schemas:
            for f in dataclasses.fields(schema):
                if f.metadata.get("path") and f.name in values:
                    raw.extend(_paths_in(values[f.name]))
    return _resolved(raw)


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


# --- credentials in URLs ------------------------------------------------------------------------------------
_URL_USERINFO = r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s]*@"  # greedy: a raw @ in a password


def redact_url(text: str) -> str:
    """`text` with the user:password part of every URL in it replaced by `***` (a token is often the user
    part alone, so all of it goes): `https://***@host/repo.git`. For any message or log line naming a URL.
    (The pattern is compiled on first use, by `re`'s cache: a case-insensitive one costs ~0.5 ms to compile,
    and every process that imports this module, an agent hook's included, rarely redacts anything.)"""
    return re.sub(_URL_USERINFO, r"\1***@", text)
