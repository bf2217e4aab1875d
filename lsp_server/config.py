"""Configuration: `footprint.toml`, engine packs (`pack.toml`) and client settings -> one `Settings`.

Layers, lowest first: defaults, the user-level config (`$XDG_CONFIG_HOME/footprint/config.toml`, same
schema) after its packs, each engine pack of the workspace in `packs` order, the workspace's
`footprint.toml`, then client settings (`initializationOptions`, `workspace/didChangeConfiguration`).
Lists concatenate, tables merge, scalars are overridden by later layers. Relative paths resolve against the
file that names them.

Trust (see trust.py): fields with metadata `trusted_only=True` (they run programs, reach the network, name
environment variables or choose where caches live) are honoured only from the user-level config and the
packs it names, or for a folder the user trusted. From any other layer they are dropped, each with one
warning located on the line that sets it; everything else in that layer applies.

Areas declare their own section schema with `@config_section("docs")` on a dataclass, so adding a key
never means editing this module. Every error (bad TOML, unknown key, wrong type) is a `ConfigError` that
names the file and line; loading never raises, it falls back to defaults for what is broken.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import re
import shlex
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pathspec

from lsp_server import trust
from lsp_server.document import real_path
from lsp_server.storage import read_bounded

log = logging.getLogger(__name__)

CONFIG_FILE = "footprint.toml"
PACK_FILE = "pack.toml"
RESERVED_SECTIONS = ("docs", "object_model", "concepts", "rules", "dependencies", "limits")

T = TypeVar("T")

# section name -> dataclasses describing (parts of) it. Several areas may share one section ([limits]).
_SECTIONS: dict[str, list[type]] = {name: [] for name in RESERVED_SECTIONS}


def config_section(name: str):
    """Register a dataclass as (part of) the schema of `[name]`. Fields with metadata `path=True` hold
    paths (a str, a list of str, or a list of tables with a "path" key) resolved against their file.
    A field with metadata `rest=True`, typed `dict[str, V]`, receives every undeclared key of the section
    (each value checked against V): the way to declare a section that is a free mapping. A field typed
    `Literal[...]` takes only those values; one typed `... | None = None` is a key whose absence means
    something (the code that reads it decides the default)."""

    def register(cls: type[T]) -> type[T]:
        _SECTIONS.setdefault(name, [])
        if cls not in _SECTIONS[name]:
            _SECTIONS[name].append(cls)
        cls.__config_section__ = name  # type: ignore[attr-defined]
        return cls

    return register


@dataclass(frozen=True)
class ConfigError:
    path: Path | None
    line: int  # 0-based
    message: str
    severity: str = "error"  # "error" (the CLI stops) or "warning" (reported, loading goes on)
    code: str = "config-error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line + 1}: " if self.path else ""
        return f"{where}{self.message}"


@dataclass(frozen=True)
class TopLevel:
    """Keys at the top of `footprint.toml`."""

    packs: list[str] = field(default_factory=list, metadata={"path": True})
    exclude: list[str] = field(default_factory=list)
    max_file_bytes: int = 2 * 1024 * 1024
    # A package's declaration files are read up to this size instead: generated typings of a whole engine in one
    # file run to several megabytes (phaser.d.ts 8 MB, Office.js 7 MB), and skipping one hides the whole API.
    max_declaration_bytes: int = 32 * 1024 * 1024
    cache_dir: str = field(default="", metadata={"path": True, "trusted_only": True})


@dataclass
class Settings:
    root: Path
    config_path: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)  # merged, validated raw values by section
    top: TopLevel = field(default_factory=TopLevel)
    errors: list[ConfigError] = field(default_factory=list)
    sources: list[Path] = field(default_factory=list)  # every config/pack file that was read
    # Every config/pack file whose change on disk must reload the settings: the ones read, and also the ones
    # that failed to parse or were missing (fixing or creating them must be picked up without a restart).
    watched: list[Path] = field(default_factory=list)
    trusted: bool = False  # the workspace's own layers (footprint.toml, its packs, the client) are trusted
    user_sources: list[Path] = field(default_factory=list)  # the user-level config and the packs it names
    ignored: list[str] = field(default_factory=list)  # trusted-only keys dropped, as "[rag] command"
    untrusted_reason: str = ""  # why they were dropped ("this folder is not trusted")

    def ignored_note(self, section: str) -> str | None:
        """One sentence naming the trusted-only keys of `[section]` that were dropped, or None. For results
        an agent reads: it says why, not how to grant trust (a decision for the user, not the agent)."""
        keys = [k for k in self.ignored if k.startswith(f"[{section}] ")]
        if not keys:
            return None
        return (f"{', '.join(keys)} {'is' if len(keys) == 1 else 'are'} ignored: {self.untrusted_reason} "
                "(the user decides which folders to trust).")

    def get(self, schema: type[T]) -> T:
        """The typed view of the section `schema` was registered for, with defaults for missing keys."""
        section = getattr(schema, "__config_section__")
        raw = self.values.get(section, {})
        names = {f.name for f in dataclasses.fields(schema)}
        return schema(**{k: v for k, v in raw.items() if k in names})

    @property
    def packs(self) -> list[Path]:
        return [Path(p) for p in self.top.packs]

    @property
    def cache_dir(self) -> Path:
        if self.top.cache_dir:
            return Path(self.top.cache_dir)
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        return base / "footprint" / workspace_cache_name(self.root)


def workspace_cache_name(root: Path) -> str:
    """The folder name of a workspace's caches under a shared cache folder: `<name>-<hash of the path>`."""
    digest = hashlib.sha1(str(real_path(root)).encode()).hexdigest()[:12]
    return f"{root.name or 'root'}-{digest}"


def find_config(start: Path) -> Path | None:
    """The nearest `footprint.toml` at or above `start`. One found in a folder above `start`'s own must belong
    to the user running Footprint, to root, or to whoever owns `start`'s folder: like git's safe.directory
    check, a `/tmp/footprint.toml` another local user planted does not configure (rules whose messages reach
    an agent's prompt, doc folders) every project someone works on under /tmp. Such a file ends the search
    with one warning in the log: no config."""
    start = real_path(start)
    base = start if start.is_dir() else start.parent
    for folder in [base, *base.parents]:
        candidate = folder / CONFIG_FILE
        if candidate.is_file():
            if folder != base and not _owned_alike(candidate, base):
                if candidate not in _foreign_warned:
                    _foreign_warned.add(candidate)
                    log.warning("%s belongs to another user (uid %s): ignored for %s", candidate,
                                _owner(candidate), base)
                return None
            return candidate
    return None


_foreign_warned: set[Path] = set()

# What makes a folder a JavaScript project when no footprint.toml says so: the files npm, Node, tsc and Deno
# read there. The folder holding the nearest one is where the project's node_modules and its other modules live.
PROJECT_MARKERS = ("package.json", "tsconfig.json", "jsconfig.json", "deno.json", "deno.jsonc")


def project_folder(start: Path) -> Path:
    """The folder a path belongs to when no footprint.toml configures it: the nearest folder at or above it that
    holds a project marker (`package.json`, `tsconfig.json`...), else the path itself (a folder) or its folder.
    Without this, `footprint-ls check src/app.js` in a project with no footprint.toml took `src/` as the whole
    workspace: the engine's typings in `node_modules/` and `../lib` were outside it, so nothing was checked
    against them. A marker above the start that another user owns (a planted `/tmp/package.json`) is passed
    over, as find_config does; the search stops at a repository's root and below the home folder."""
    start = real_path(start)
    base = start if start.is_dir() else start.parent
    home = real_path(Path.home()) if "HOME" in os.environ else None
    for folder in [base, *base.parents]:
        if folder != base and (folder == home or folder.parent == folder):
            break  # a stray ~/package.json (`npm install x` run at home) must not make the home folder a project
        for name in PROJECT_MARKERS:
            candidate = folder / name
            if candidate.is_file() and (folder == base or _owned_alike(candidate, base)):
                return folder
        if (folder / ".git").exists():
            break  # a repository's root bounds the search: its modules are what it checks out
    return base


def _owner(path: Path) -> int | None:
    try:
        return path.stat().st_uid
    except OSError:
        return None


def _owned_alike(config: Path, base: Path) -> bool:
    """Whether `config` belongs to the current user, root or the owner of `base` (always, without uids)."""
    if not hasattr(os, "geteuid"):
        return True
    return _owner(config) in {os.geteuid(), 0, _owner(base)}


def workspace_trusted(root: Path, config_path: Path | None = None, client_trust: bool | None = None) -> bool:
    """Whether the workspace at `root` may use trusted-only settings: the client did not declare it
    untrusted (`client_trust is False`, e.g. VS Code's Workspace Trust) and the user trusted the folder
    (and the folder of its config file, when that lies elsewhere) with `footprint-ls trust`."""
    if client_trust is False:
        return False
    return trust.is_trusted(root) and (config_path is None or trust.is_trusted(config_path.parent))


def load_settings(root: Path, config_path: Path | None = None, client: dict | None = None,
                  client_trust: bool | None = None) -> Settings:
    """Load the workspace at `root`: the user-level config, its footprint.toml (or `config_path`), their
    packs, client settings. `client_trust` is what the client declared (None: nothing; see
    `workspace_trusted`)."""
    root = real_path(root)
    if config_path is None and (root / CONFIG_FILE).is_file():
        config_path = root / CONFIG_FILE
    settings = Settings(root=root, config_path=config_path)
    settings.watched.append(config_path or root / CONFIG_FILE)
    settings.trusted = workspace_trusted(root, config_path, client_trust)
    if client_trust is False:
        settings.untrusted_reason = "the editor marks this workspace as untrusted (Workspace Trust)"
        reason = f"{settings.untrusted_reason}; trust it there, then restart"
    else:
        settings.untrusted_reason = "this folder is not trusted"
        reason = f"this folder is not trusted (run `footprint-ls trust {shlex.quote(str(root))}` to allow it)"
    layers: list[dict] = []
    user_config = trust.user_config_path()
    settings.watched.append(user_config)
    if user_config.is_file():  # the user's own file: always trusted, and so are the packs it names
        data = _read_toml(user_config, settings.errors)
        if data is not None:
            settings.sources.append(user_config)
            settings.user_sources.append(user_config)
            user_layer = _validate(data, user_config, settings.errors, allow_top=True)
            if user_layer.get("", {}).get("cache_dir"):  # shared by every workspace: one subfolder each
                user_layer[""]["cache_dir"] = str(Path(user_layer[""]["cache_dir"]) / workspace_cache_name(root))
            for pack in user_layer.get("", {}).get("packs", []):
                layers.append(_load_pack(Path(pack), settings, user_config))
                settings.user_sources.append(Path(pack) / PACK_FILE)
            layers.append(user_layer)
    if config_path is not None:
        data = _read_toml(config_path, settings.errors)
        if data is not None:
            settings.sources.append(config_path)
            workspace_layer = _validate(data, config_path, settings.errors, allow_top=True)
            for pack in workspace_layer.get("", {}).get("packs", []):
                layers.append(_untrusted_dropped(_load_pack(Path(pack), settings, config_path),
                                                 Path(pack) / PACK_FILE, settings, reason))
            layers.append(_untrusted_dropped(workspace_layer, config_path, settings, reason))
    if client:
        # Client settings are workspace-level: VS Code sends a folder's .vscode/settings.json this way.
        layers.append(_untrusted_dropped(_validate(client, None, settings.errors, allow_top=True, base=root),
                                         None, settings, reason))
        for pack in layers[-1].get("", {}).get("packs", []):
            layers.insert(len(layers) - 1, _untrusted_dropped(_load_pack(Path(pack), settings, None),
                                                              Path(pack) / PACK_FILE, settings, reason))
    merged: dict[str, Any] = {}
    for layer in layers:
        _merge_into(merged, layer)
    top = merged.pop("", {})
    if "packs" in top:
        # A pack is a folder holding a pack.toml; one that is not (reported above) is no root of the path
        # guard: `packs = ["/"]` in a repository's footprint.toml must not make every file readable.
        top["packs"] = [p for p in top["packs"] if (Path(p) / PACK_FILE).is_file()]
    _check_top_values(top, settings)
    settings.top = TopLevel(**top)
    settings.values = merged
    return settings


def _trusted_only_fields(section: str) -> set[str]:
    """The keys of `[section]` ("" = top level) that are honoured only from trusted config."""
    fields = dataclasses.fields(TopLevel) if section == "" else [f for cls in _SECTIONS.get(section, [])
                                                                 for f in dataclasses.fields(cls)]
    return {f.name for f in fields if f.metadata.get("trusted_only")}


def _path_fields(section: str) -> set[str]:
    """The keys of `[section]` ("" = top level) that hold paths (metadata `path=True`)."""
    fields = dataclasses.fields(TopLevel) if section == "" else [f for cls in _SECTIONS.get(section, [])
                                                                 for f in dataclasses.fields(cls)]
    return {f.name for f in fields if f.metadata.get("path")}


def _untrusted_dropped(layer: dict, path: Path | None, settings: Settings, reason: str) -> dict:
    """`layer` (validated) without its trusted-only keys unless the workspace is trusted; one warning per
    dropped key, on the line of `path` that sets it (client settings: no file, the message says so).
    Untrusted, a path it names (docs, rules, object model sources) must also stay inside the workspace root
    or the folder of the file that names it (a pack's own folder): see `_confined`."""
    if settings.trusted:
        return layer
    _confined(layer, path, settings, reason)
    for section, values in layer.items():
        privileged = _trusted_only_fields(section)
        for key in [k for k in values if k in privileged]:  # file order: the warnings follow the lines
            del values[key]
            label = f"[{section}] {key}" if section else key
            settings.errors.append(ConfigError(path, _locate(path, section, key), f"{label} is ignored: {reason}",
                                               severity="warning", code="untrusted-setting"))
            if label not in settings.ignored:
                settings.ignored.append(label)
    return layer


def _confined(layer: dict, path: Path | None, settings: Settings, reason: str) -> None:
    """Drop from an untrusted `layer` every path (already resolved, symlinks followed) outside the workspace
    root and the folder of `path`, with one warning each on its line: a repository's footprint.toml must not
    make Footprint read, index and hand to an agent `/etc`, `~/.ssh` or another project, directly or through
    a symlink it commits. `packs` may name a folder anywhere: only one holding a `pack.toml` is read, and the
    pack's own paths are held to the same rule (inside the pack or the workspace)."""
    allowed = [settings.root, *([real_path(path.parent)] if path is not None else [])]

    def inside(value: str) -> bool:
        p = Path(value)
        return any(p == a or a in p.parents for a in allowed)

    for section, values in layer.items():
        exempt = _trusted_only_fields(section) | ({"packs"} if section == "" else set())  # those: dropped anyway
        for key in [k for k in values if k in _path_fields(section) and k not in exempt]:
            value = values[key]
            items = value if isinstance(value, list) else [value]
            kept, refused = [], []
            for item in items:
                named = item.get("path") if isinstance(item, dict) else item
                (kept if not isinstance(named, str) or not named or inside(named) else refused).append(item)
            if not refused:
                continue
            if isinstance(value, list):
                values[key] = kept
            else:
                del values[key]
            label = f"[{section}] {key}" if section else key
            shown = ", ".join(repr(r.get("path") if isinstance(r, dict) else r) for r in refused)
            settings.errors.append(ConfigError(
                path, _locate(path, section, key),
                f"{label}: {shown} {'is' if len(refused) == 1 else 'are'} outside the workspace, ignored: {reason}",
                severity="warning", code="untrusted-setting"))
            note = f"{label} outside the workspace"
            if note not in settings.ignored:
                settings.ignored.append(note)


def _check_top_values(top: dict, settings: Settings) -> None:
    """Values of the right type that still make no sense fall back to the default, with an error."""
    where = settings.config_path
    if "max_file_bytes" in top and top["max_file_bytes"] < 1:
        settings.errors.append(ConfigError(where, _locate(where, "", "max_file_bytes"),
                                           f"max_file_bytes: must be at least 1, got {top.pop('max_file_bytes')}"))
    if "max_declaration_bytes" in top and top["max_declaration_bytes"] < 1:
        settings.errors.append(ConfigError(
            where, _locate(where, "", "max_declaration_bytes"),
            f"max_declaration_bytes: must be at least 1, got {top.pop('max_declaration_bytes')}"))
    bad = []
    for pattern in top.get("exclude", []):
        try:
            pathspec.GitIgnoreSpec.from_lines([pattern])
        except (ValueError, TypeError):
            bad.append(pattern)
    if bad:
        settings.errors.append(ConfigError(where, _locate(where, "", "exclude"),
                                           f"exclude: not a valid gitignore pattern: {', '.join(map(repr, bad))}"))
        top["exclude"] = [p for p in top["exclude"] if p not in bad]


def _load_pack(folder: Path, settings: Settings, named_by: Path | None) -> dict:
    pack_file = folder / PACK_FILE
    settings.watched.append(pack_file)
    if not pack_file.is_file():
        where = named_by
        settings.errors.append(ConfigError(where, _locate(where, "", "packs"), f"pack not found: {pack_file}"))
        return {}
    data = _read_toml(pack_file, settings.errors)
    if data is None:
        return {}
    settings.sources.append(pack_file)
    layer = _validate(data, pack_file, settings.errors, allow_top=False)
    return layer


# A config file is a few KB; a repository may still commit `footprint.toml -> /dev/zero` or a huge one.
CONFIG_MAX_BYTES = 1024 * 1024


def read_config_text(path: Path) -> str:
    """The text of a config or pack file: a regular file of at most CONFIG_MAX_BYTES (storage.read_bounded);
    raises OSError (with the reason) otherwise. Invalid UTF-8 raises UnicodeDecodeError."""
    return read_bounded(path, CONFIG_MAX_BYTES).decode("utf-8")


def _read_toml(path: Path, errors: list[ConfigError]) -> dict | None:
    try:
        text = read_config_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        errors.append(ConfigError(path, 0, f"cannot read: {exc}"))
        return None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) - 1 if match else _broken_line(text)
        errors.append(ConfigError(path, line, f"invalid TOML: {exc}"))
        return None
    except RecursionError:  # tomllib recurses into nested arrays and inline tables
        errors.append(ConfigError(path, 0, "invalid TOML: values are nested too deeply"))
        return None


# Up to this many lines, an error tomllib reports "at end of document" (an unclosed array or string) is
# located by parsing prefixes; beyond it, on the last line.
_LOCATE_MAX_LINES = 400


def _broken_line(text: str) -> int:
    """0-based line where a TOML error without a line number starts: the line after the longest prefix of
    whole lines that parses (an unclosed `[` or `'''` opened there runs to the end of the file)."""
    lines = text.splitlines()
    if len(lines) > _LOCATE_MAX_LINES:
        return max(len(lines) - 1, 0)
    for k in range(len(lines) - 1, -1, -1):
        try:
            tomllib.loads("\n".join(lines[:k]))
        except (tomllib.TOMLDecodeError, RecursionError):
            continue
        return k
    return 0


def _validate(
    data: dict, path: Path | None, errors: list[ConfigError], allow_top: bool, base: Path | None = None
) -> dict:
    """Check `data` against the registered schemas; return {section: {key: value}} of the valid keys,
    with paths made absolute. The top-level keys are returned under the section name ""."""
    from lsp_server import plugins

    base = base or (path.parent if path else Path.cwd())
    out: dict[str, dict] = {}
    top_fields = {f.name: f for f in dataclasses.fields(TopLevel)}
    # The schemas of the sections `data` names must be registered before validating it: a section without one
    # is accepted as is, and its trusted-only keys (metadata on the schema) would go unrecognised. Only those
    # (plugins.CONFIG_SECTIONS): a verb or hook need not import every area to validate sections it lacks.
    plugins.load_config_schemas(key for key in data if not (allow_top and key in top_fields))
    for key, value in data.items():
        if key in _SECTIONS:
            if not isinstance(value, dict):
                errors.append(ConfigError(path, _locate(path, "", key), f"[{key}] must be a table"))
                continue
            schema_fields = {f.name: f for cls in _SECTIONS[key] for f in dataclasses.fields(cls)}
            hints = {n: h for cls in _SECTIONS[key] for n, h in typing.get_type_hints(cls).items()}
            section: dict[str, Any] = {}
            # A field with metadata `rest=True` (typed dict[str, V]) collects the keys no other field
            # declares, for sections that are free mappings such as [concepts] (word -> symbols).
            rest = next((f for f in schema_fields.values() if f.metadata.get("rest")), None)
            for sub, sub_value in value.items():
                if not _SECTIONS[key]:
                    section[sub] = sub_value  # reserved section with no schema yet: accept as is
                    continue
                if sub not in schema_fields and rest is not None:
                    value_hint = typing.get_args(hints[rest.name])[1]
                    problem = _type_problem(sub_value, value_hint)
                    if problem:
                        errors.append(ConfigError(path, _locate(path, key, sub), f"[{key}] '{sub}': {problem}"))
                        continue
                    section.setdefault(rest.name, {})[sub] = sub_value
                    continue
                if sub not in schema_fields:
                    known = ", ".join(sorted(schema_fields))
                    errors.append(ConfigError(path, _locate(path, key, sub), f"unknown key '{sub}' in [{key}] (known: {known})"))
                    continue
                problem = _type_problem(sub_value, hints[sub])
                if problem:
                    errors.append(ConfigError(path, _locate(path, key, sub), f"[{key}] {sub}: {problem}"))
                    continue
                section[sub] = _resolve_paths(sub_value, schema_fields[sub], base)
            out[key] = section
        elif allow_top and key in top_fields:
            problem = _type_problem(value, typing.get_type_hints(TopLevel)[key])
            if problem:
                errors.append(ConfigError(path, _locate(path, "", key), f"{key}: {problem}"))
                continue
            out.setdefault("", {})[key] = _resolve_paths(value, top_fields[key], base)
        else:
            known = ", ".join(sorted([*(top_fields if allow_top else []), *(f"[{s}]" for s in _SECTIONS)]))
            errors.append(ConfigError(path, _locate(path, "", key), f"unknown key '{key}' (known: {known})"))
    return out


def _type_problem(value: Any, hint: Any) -> str | None:
    """A message when `value` does not fit the type `hint`, else None."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if any(_type_problem(value, a) is None for a in args):
            return None
        settable = [a for a in args if a is not type(None)]  # None: a key left unset (TOML cannot write it)
        if len(settable) == 1:
            return _type_problem(value, settable[0])
        return f"expected {_type_name(hint)}, got {_type_name(type(value))}"
    if origin is typing.Literal:  # a key with a closed set of values: a typo is an error, not another mode
        if any(value == a and type(value) is type(a) for a in args):
            return None
        return f"expected one of {', '.join(repr(a) for a in args)}, got {value!r:.80}"
    if hint is Any:
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"expected a list, got {_type_name(type(value))}"
        for i, item in enumerate(value):
            problem = _type_problem(item, args[0]) if args else None
            if problem:
                return f"item {i + 1}: {problem}"
        return None
    if origin is dict:
        if not isinstance(value, dict):
            return f"expected a table, got {_type_name(type(value))}"
        for k, v in value.items():
            problem = _type_problem(v, args[1]) if len(args) == 2 else None
            if problem:
                return f"'{k}': {problem}"
        return None
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(hint, type):
        ok = isinstance(value, hint)
    else:
        ok = True
    return None if ok else f"expected {_type_name(hint)}, got {_type_name(type(value))}"


def _type_name(t: Any) -> str:
    names = {str: "a string", int: "an integer", float: "a number", bool: "a boolean", list: "a list",
             dict: "a table", type(None): "nothing"}
    if t in names:
        return names[t]
    return str(t).replace("typing.", "")


def _resolve_paths(value: Any, f: dataclasses.Field, base: Path) -> Any:
    if not f.metadata.get("path"):
        return value

    def resolve(p: str) -> str:
        return str(real_path(base / os.path.expanduser(p))) if p else p

    if isinstance(value, str):
        return resolve(value)
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, str):
                out.append(resolve(item))
            elif isinstance(item, dict) and isinstance(item.get("path"), str):
                out.append({**item, "path": resolve(item["path"])})
            else:
                out.append(item)
        return out
    return value


def _merge_into(target: dict, layer: dict) -> None:
    for section, values in layer.items():
        merged = target.setdefault(section, {})
        for key, value in values.items():
            old = merged.get(key)
            if isinstance(old, list) and isinstance(value, list):
                merged[key] = old + [v for v in value if v not in old]
            elif isinstance(old, dict) and isinstance(value, dict):
                merged[key] = {**old, **value}
            else:
                merged[key] = value


def _locate(path: Path | None, section: str, key: str) -> int:
    """Best-effort 0-based line of `key` in `[section]` of a TOML file ("" = top level)."""
    if path is None:
        return 0
    try:
        lines = read_bounded(path, CONFIG_MAX_BYTES).decode("utf-8", errors="replace").splitlines()
    except OSError:
        return 0
    current = ""
    header_line = 0
    key_re = re.compile(rf"^\s*(\"{re.escape(key)}\"|'{re.escape(key)}'|{re.escape(key)})\s*[.=]")
    for i, line in enumerate(lines):
        header = re.match(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?", line)
        if header:
            parts = [p.strip().strip("\"'") for p in header.group(1).split(".")]
            current = parts[0]
            if current == key and section == "":
                return i
            if current == section and parts[1:2] == [key]:  # [[rules.remote]] sets `remote`
                return i
            if current == section:
                header_line = i
            continue
        if current == section and key_re.match(line):
            return i
    return header_line
