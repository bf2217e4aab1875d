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


# --- git: every git command Footprint runs -------------------------------------------------------------
# Git runs on repositories an attacker may have prepared: the workspace (opened from an archive, with its own
# .git/config and .gitattributes) and a rule repository named by a URL in a config file. Neither may make git
# run a program or ask for a password. So every git argv is built by `safe_git` and run with `safe_git_env`:
# - values from a config or a caller (URLs, refs, revisions, paths) come after `--end-of-options`, so none is
#   read as an option such as `--upload-pack=<program>` (callers also refuse values starting with `-`);
# - only the transports in `protocols` (https, ssh, file at most) are allowed: `ext::` (runs a command), `fd::`,
#   git:// (runs core.gitProxy) and plain http are refused by git itself, whatever the user's config says;
# - settings that name a program are overridden on the command line, which beats every config file:
#   hooks (core.hooksPath, also the repo's own .git/hooks), core.fsmonitor, credential helpers and askpass,
#   core.alternateRefsCommand, uploadpack.packObjectsHook, diff.external, the pager, submodule recursion,
#   cookie saving and automatic gc/maintenance;
# - filter drivers (`filter.<name>.clean/smudge/process`, assigned by the repo's own .gitattributes, which no
#   option overrides on git < 2.40) are switched off by name: `git_filter_overrides` turns the repo's
#   `git config --get-regexp ^filter\.` listing (reading config runs nothing) into empty values, passed via
#   GIT_CONFIG_KEY_n (a driver name may contain `=`, which `-c` cannot express);
# - diff drivers (`diff.<name>.textconv/command`) are off through `--no-textconv --no-ext-diff` on every diff.
GIT_PROTOCOLS = ("https", "ssh", "file")  # the most a config may allow; see [rules] remote_protocols
GIT_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "core.alternateRefsCommand=",
    "core.askPass=",
    "core.pager=cat",
    "credential.helper=",
    "diff.external=",
    "uploadpack.packObjectsHook=",
    "core.sshCommand=ssh -oBatchMode=yes",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "http.saveCookies=false",  # a poisoned cache repo's http.cookieFile would name a file to overwrite
    "gc.auto=0", "maintenance.auto=false",  # no background maintenance after a fetch
    "protocol.allow=never",
)
END_OF_OPTIONS = "--end-of-options"


def safe_git(*args: str, values: Iterable[str] = (), protocols: Iterable[str] = GIT_PROTOCOLS) -> list[str]:
    """argv for `git ARGS --end-of-options VALUES` with the safety config above; run it with no shell and
    `env=safe_git_env(...)` (same `protocols`). `args` are Footprint's own options; every value that comes
    from a config, a caller or a repository goes in `values`, after `--end-of-options`."""
    allowed = _protocols(protocols)
    argv = ["git", "--no-pager", "--no-optional-locks"]
    for item in (*GIT_SAFE_CONFIG, *(f"protocol.{p}.allow=always" for p in allowed)):
        argv += ["-c", item]
    values = list(values)
    return [*argv, *args, *([END_OF_OPTIONS, *values] if values else [])]


# Variables that point git at another repository (set when we run inside a git hook, for instance) or
# inject config or programs around the -c overrides above.
_GIT_ENV_DROPPED = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
                    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES",
                    "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXTERNAL_DIFF", "GIT_PAGER",
                    "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PROXY_COMMAND", "GIT_ATTR_SOURCE")


def safe_git_env(base: dict[str, str] | None = None, protocols: Iterable[str] = GIT_PROTOCOLS,
                 overrides: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """The environment for `safe_git`: never prompt, never another repository, only `protocols`, plus the
    config `overrides` (key, value) such as `git_filter_overrides`. The user's proxies, certificates and
    ssh command still apply."""
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if k not in _GIT_ENV_DROPPED and not k.startswith(("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"))}
    env.update({
        "GIT_TERMINAL_PROMPT": "0",  # never prompt for a username or password
        "GIT_ASKPASS": "", "SSH_ASKPASS": "",  # set and empty: no askpass program, not even core.askPass
        "GCM_INTERACTIVE": "never",
        "GIT_PAGER": "cat",
        "GIT_OPTIONAL_LOCKS": "0",  # a diff never rewrites the user's index (nor runs post-index-change)
        "GIT_ALLOW_PROTOCOL": ":".join(_protocols(protocols)),  # beats any protocol.* config, as the -c do
    })
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -oBatchMode=yes"  # ssh prompts on the tty, not stdin: forbid them
    pairs = list(overrides)
    for i, (key, value) in enumerate(pairs):
        env[f"GIT_CONFIG_KEY_{i}"], env[f"GIT_CONFIG_VALUE_{i}"] = key, value
    if pairs:
        env["GIT_CONFIG_COUNT"] = str(len(pairs))
    return env


def git_filter_overrides(config_listing: str) -> list[tuple[str, str]]:
    """Config overrides that switch off every filter driver named in `config_listing` (the output of
    `git config -z --get-regexp ^filter\\.`: "key\\nvalue" records separated by NUL)."""
    names: dict[str, None] = {}
    for record in config_listing.split("\0"):
        key = record.split("\n", 1)[0]
        if key.startswith("filter.") and key.count(".") >= 2:
            names[key[len("filter."):key.rindex(".")]] = None
    return [(f"filter.{name}.{item}", value) for name in names
            for item, value in (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false"))]


def _protocols(protocols: Iterable[str]) -> list[str]:
    wanted = list(protocols)
    unknown = [p for p in wanted if p not in GIT_PROTOCOLS]
    if unknown:
        raise ValueError(f"git protocols {unknown} are not allowed (only {', '.join(GIT_PROTOCOLS)})")
    return wanted


# --- credentials in URLs ------------------------------------------------------------------------------------
_URL_USERINFO_RE = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s]*@")  # greedy: a raw @ in a password


def redact_url(text: str) -> str:
    """`text` with the user:password part of every URL in it replaced by `***` (a token is often the user
    part alone, so all of it goes): `https://***@host/repo.git`. For any message or log line naming a URL."""
    return _URL_USERINFO_RE.sub(r"\1***@", text)
