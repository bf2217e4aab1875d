"""Module resolution the way Node and bundlers do it: specifier + importing file -> a file, a package or a builtin.

- relative and absolute paths: the exact file, then extension probing (`.js .mjs .cjs .jsx .ts ...`), TypeScript's
  `./x.js` -> `./x.ts`, then a folder's `package.json` `main` / `module` and `index.*`;
- `jsconfig.json` / `tsconfig.json` (nearest one; `extends` followed, relative or from a package:
  `@tsconfig/node20/tsconfig.json`, `@acme/tsconfig` -> its package.json `tsconfig` or `tsconfig.json`): `paths`
  aliases (longest prefix wins) and `baseUrl` for non-relative names;
- TypeScript importers (`.ts .tsx .mts .cts`, and type-only imports) resolve as TypeScript does: TypeScript
  extensions before JavaScript ones (`./x` -> `x.ts` over a compiled `x.js` beside it), `./x.js` -> `x.ts`
  first (NodeNext), a bare name with no package of its own -> its `@types/NAME` package; a path into the
  `outDir` / `declarationDir` of a project the tsconfig `references` -> that project's source (`rootDir`);
  a solution tsconfig (`"files": []`, `references`) defers to the referenced project that includes the file;
- `node:` builtins and bare builtin names -> `node:NAME`;
- URLs (`https://…`, `data:`, as in Deno and browser code) and runtime registry specifiers (`npm:`, `jsr:`,
  `bun:`) -> themselves, kind REMOTE: fetched by the runtime, never a missing package;
- root-absolute paths (`import '/dist/app.js'`): a file system path to Node and TypeScript, a path on the page's
  origin to a browser, the project root (or its `public/` folder) to Vite and dev servers. So: the path itself when
  it is inside the workspace, then the path under the importer's project root (the nearest folder up to the
  workspace root holding a package.json) and under the workspace root, each before its `public/`, then the path
  on the file system; an ES import found nowhere -> itself, kind SERVED (what the site serves there cannot be
  known from the files: never a missing file); a `require` stays Node's, a missing file;
- `#name` package imports (the nearest package.json `imports` field);
- bare packages: looked up in `node_modules` folders from the importing file upwards, verifying the subpath
  through `package.json` `exports` (conditions `import` or `require`, then `node`, `default`, in the object's
  order, with `*` patterns) or on disk -> `package:NAME`;
- modules the engine's object model provides (`[object_model] sources = [{ module = "@acme/layout" }]`) exist
  even without `node_modules` -> `package:NAME`.

Directory listings and JSON files are cached; `invalidate()` drops what a file change can affect, so resolving
all of a workspace's specifiers again costs set lookups, not system calls.

Every resolution knows its inputs (`resolve_tracked`): each path it probed (what the cached listing had there,
with the stamp, mtime and size, of the folder when it was listed) and each JSON file it read (its stamp and
content digest); see `FileSystem.stamp`. A folder's mtime changes whenever an entry appears in it or leaves
it, so one `stat` of an unchanged folder vouches for every probe in it; in a changed folder each probe is
checked by name. So a file that could shadow a resolution (`x.ts` beside the `x/index.js` it resolved to, a
package installed in a `node_modules` it looked in), a changed package.json `exports`/`main` or tsconfig
`paths`, or a deleted target each change an input of exactly the resolutions that could reach them, and an
unrelated file added to a probed folder changes none: the import graph persists resolutions with their inputs
and reuses them on a warm start while their inputs are unchanged.
"""

from __future__ import annotations

import json
import os
import re
import hashlib
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from lsp_server.storage import read_bounded

NODE_BUILTINS = frozenset([
    "assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
    "crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain", "events", "fs", "fs/promises",
    "http", "http2", "https", "inspector", "inspector/promises", "module", "net", "os", "path", "path/posix",
    "path/win32", "perf_hooks", "process", "punycode", "querystring", "readline", "readline/promises", "repl",
    "stream", "stream/consumers", "stream/promises", "stream/web", "string_decoder", "sys", "timers",
    "timers/promises", "tls", "trace_events", "tty", "url", "util", "util/types", "v8", "vm", "wasi",
    "worker_threads", "zlib",
])
# Only reachable with the prefix (`node:test`, `node:sqlite`, ...).
PREFIX_ONLY_BUILTINS = frozenset(["test", "test/reporters", "sqlite", "sea"])

EXTENSIONS = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts", ".d.ts", ".json")
# What a TypeScript file's imports probe: TypeScript's own extensions first (a compiled `x.js` may sit beside
# `x.ts`), then JavaScript (`allowJs` projects).
TS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx", ".json")
TS_FOR_JS = {".js": (".ts", ".tsx", ".d.ts"), ".mjs": (".mts", ".d.mts"), ".cjs": (".cts", ".d.cts"),
             ".jsx": (".tsx",)}
INDEX_FILES = tuple(f"index{ext}" for ext in EXTENSIONS)
TS_INDEX_FILES = tuple(f"index{ext}" for ext in TS_EXTENSIONS)
TYPESCRIPT_IMPORTERS = (".ts", ".tsx", ".mts", ".cts")  # `.d.ts` too (it ends with .ts)
CONFIG_FILES = ("tsconfig.json", "jsconfig.json")

# Resolution kinds.
FILE, PACKAGE, BUILTIN, REMOTE = "file", "package", "builtin", "remote"
# `https://esm.sh/x`, `npm:x@1`, `jsr:@std/path`, `bun:sqlite`: resolved by the runtime, not node_modules.
REMOTE_SPECIFIER = re.compile(r"^(?:https?|data|blob|npm|jsr|bun):|^//", re.I)
MISSING_FILE, MISSING_ALIAS, MISSING_PACKAGE = "missing-file", "missing-alias", "missing-package"
# `import '/dist/app.js'` that no file of the workspace or the file system answers: a path on the serving origin.
SERVED = "served"
# A stamp taken within this long of the path's mtime is not trusted: file systems stamp with a coarse clock
# (a jiffy), so a change right after the read could leave the same mtime (git's "racy" entries).
RACY_NS = 50_000_000
PROBE = "?"  # prefixes a probed path among a resolution's inputs (the others are JSON files read)
GONE = ("-",)  # the stamp of an input that does not exist (a valid stamp: creating it changes it)

_tracking = threading.local()  # .sink: the set the running resolution adds its inputs to (None: not tracked)


def folder_stamp(path: str) -> tuple[int, int] | None:
    """(mtime_ns, size) of a folder now, or None when it cannot vouch for its entries: missing, unreadable,
    or changed within RACY_NS (another change in the same clock tick would leave the same mtime)."""
    return _folder_state(path)[0]


def _folder_state(path: str) -> tuple[tuple[int, int] | None, bool]:
    """(folder_stamp, whether it is a folder) with one `stat`."""
    now = time.time_ns()
    try:
        st = os.stat(path)
    except OSError:
        return None, False
    if not stat.S_ISDIR(st.st_mode):
        return None, False
    return (None if now - st.st_mtime_ns < RACY_NS else (st.st_mtime_ns, st.st_size)), True


def probe_kind(path: str) -> str:
    """What is at `path` now, as a listing records it: "d" a folder, "f" anything else, "-" nothing."""
    try:
        return "d" if stat.S_ISDIR(os.stat(path).st_mode) else "f"
    except OSError:
        return "-"


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def folder_unchanged(folder: str, recorded: tuple) -> tuple[bool, bool]:
    """(whether `folder` still has the stamp `recorded` ((mtime_ns, size), or () when it could not vouch), so
    that every probe of an entry in it is unchanged; whether it is a folder now) with one `stat`."""
    now, exists = _folder_state(folder)
    return (bool(recorded) and now is not None and now == tuple(recorded)), exists


def probe_unchanged(path: str, kind: str, folder: tuple[bool, bool]) -> bool:
    """Whether the entry probed at `path` is still of `kind` ("f", "d", "-"): at once when its folder's
    stamp vouches for it or when nothing was there and the folder is still missing, else by a `stat`."""
    if folder[0] or kind == "-" and not folder[1]:
        return True
    return probe_kind(path) == kind


def json_unchanged(path: str, recorded: tuple, max_bytes: int) -> bool:
    """Whether a JSON file read by a resolution is unchanged: by its stamp, else (racy stamp, or touched)
    by its content digest; GONE: still no file there."""
    if recorded == GONE:
        return probe_kind(path) != "f"
    try:
        st = os.stat(path)
        if recorded[0] >= 0 and (st.st_mtime_ns, st.st_size) == (recorded[0], recorded[1]):
            return True
        return content_digest(read_bounded(Path(path), max_bytes)) == recorded[2]
    except OSError:
        return False


def read_stamped(path: str, max_bytes: int) -> tuple[bytes | None, tuple | None]:
    """(content, stamp) of a JSON file a resolution reads: the stamp as `FileSystem.stamp` gives it, (mtime_ns
    or -1 when racy, size, content digest); (None, None) when it cannot be read. Regular files only, at most
    max_bytes: a committed package.json -> /dev/zero never hangs."""
    try:
        st = os.stat(path)
        data = read_bounded(Path(path), max_bytes)
    except OSError:
        return None, None
    racy = time.time_ns() - st.st_mtime_ns < RACY_NS
    return data, (-1 if racy else st.st_mtime_ns, st.st_size, content_digest(data))


def _add_inputs(paths: tuple[str, ...]) -> None:
    """A cached result was used: its inputs are inputs of the running tracked resolution too."""
    sink = getattr(_tracking, "sink", None)
    if sink is not None:
        sink.update(paths)


def _consulted(path: str) -> None:
    sink = getattr(_tracking, "sink", None)
    if sink is not None:
        sink.add(path)


@dataclass(frozen=True)
class Resolution:
    kind: str  # FILE / PACKAGE / BUILTIN, or one of the MISSING_* kinds
    target: str | None  # absolute path (FILE), "package:NAME", "node:NAME"; None when missing
    detail: str = ""  # why it is missing, for the diagnostic

    @property
    def resolved(self) -> bool:
        return self.target is not None


def package_name(specifier: str) -> str:
    """`@scope/pkg/sub` -> `@scope/pkg`; `pkg/sub` -> `pkg`."""
    parts = specifier.split("/")
    if specifier.startswith("@") and len(parts) >= 2:
        return "/".join(parts[:2])
    return parts[0]


def is_relative(specifier: str) -> bool:
    return specifier.startswith(("./", "../")) or specifier in (".", "..") or specifier.startswith("/")


class FileSystem:
    """Cached directory listings and parsed JSON files; thread-safe; invalidated per changed path."""

    def __init__(self, max_bytes: int = 2 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes  # the workspace's max_file_bytes: package.json / tsconfig.json are read bounded
        self._dirs: dict[str, dict[str, bool] | None] = {}
        self._json: dict[str, object] = {}
        # Each folder's stamp when it was listed and each JSON file's when it was read (taken before reading:
        # a change after that shows as a different stamp later, never as a stale read under a current stamp).
        self._stamps: dict[str, tuple | None] = {}
        self._probes: dict[str, str] = {}  # path -> its input item (PROBE + path)
        self._lock = threading.Lock()

    def stamp(self, item: str) -> tuple | None:
        """The stamp of a resolution input as the cached listing / JSON saw it; None: no longer cached.
        A probe (PROBE + path): (kind "f"/"d"/"-", its folder's mtime_ns, size), without the folder stamp when
        the folder's cannot vouch for it. A JSON file: (mtime_ns or -1 when racy, size, content digest), GONE."""
        if item.startswith(PROBE):
            folder, name = os.path.split(item[1:])
            entries = self._dirs.get(folder, False)
            if entries is False:
                return None
            kind = "-" if entries is None or name not in entries else "d" if entries[name] else "f"
            folder_at = self._stamps.get(folder)
            return (kind, *folder_at) if folder_at is not None else (kind,)
        return self._stamps.get(item)

    def listing(self, folder: str) -> dict[str, bool] | None:
        """name -> is_dir for the entries of `folder`, or None when it is not a readable folder."""
        cached = self._dirs.get(folder, False)
        if cached is not False:
            return cached  # type: ignore[return-value]
        stamp = folder_stamp(folder)
        try:
            with os.scandir(folder) as it:
                entries = {}
                for entry in it:
                    try:
                        entries[entry.name] = entry.is_dir()
                    except OSError:
                        entries[entry.name] = False
        except OSError:
            entries = None
        with self._lock:
            self._dirs[folder] = entries
            self._stamps[folder] = stamp
        return entries

    def known(self, path: str) -> bool | None:
        """Whether `path` existed when its folder was last listed; None when it never was (so nothing that
        was resolved can depend on it)."""
        folder, name = os.path.split(path)
        entries = self._dirs.get(folder, False)
        if entries is False:
            return None
        return entries is not None and name in entries

    def _probe(self, path: str) -> None:
        """Record a probe of `path` in the running tracked resolution (one string per path probed, shared by
        every resolution that probes it: 20,000 modules' inputs would otherwise hold a copy each)."""
        sink = getattr(_tracking, "sink", None)
        if sink is not None:
            item = self._probes.get(path)
            if item is None:
                item = self._probes[path] = PROBE + path
            sink.add(item)

    def is_file(self, path: str) -> bool:
        self._probe(path)
        folder, name = os.path.split(path)
        entries = self.listing(folder)
        return entries is not None and entries.get(name) is False

    def is_dir(self, path: str) -> bool:
        folder, name = os.path.split(path)
        if not name:
            self._probe(folder)
            return self.listing(folder) is not None
        self._probe(path)
        entries = self.listing(folder)
        return bool(entries and entries.get(name))

    def read_json(self, path: str, comments: bool = False) -> object:
        """Parsed JSON (JSONC when `comments`), or None when missing or invalid."""
        _consulted(path)
        if path in self._json:
            return self._json[path]
        value = None
        stamp: tuple | None = GONE
        if self.is_file(path):
            data, stamp = read_stamped(path, self.max_bytes)
            if data is not None:
                try:
                    text = data.decode("utf-8-sig", errors="replace")
                    value = json.loads(strip_json_comments(text) if comments else text)
                except ValueError:
                    value = None
        with self._lock:
            self._json[path] = value
            self._stamps[path] = stamp
        return value

    def invalidate(self, paths: list[str]) -> None:
        with self._lock:
            for path in paths:
                folder = os.path.dirname(path)
                self._dirs.pop(folder, None)
                self._dirs.pop(path, None)
                self._json.pop(path, None)
                self._stamps.pop(folder, None)
                self._stamps.pop(path, None)

    def clear(self) -> None:
        with self._lock:
            self._dirs.clear()
            self._json.clear()
            self._stamps.clear()


_JSONC = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.S)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def strip_json_comments(text: str) -> str:
    """tsconfig/jsconfig are JSON with comments and trailing commas."""
    text = _JSONC.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    # Trailing commas outside strings: good enough after comments are gone (strings rarely hold ",}").
    return _TRAILING_COMMA.sub(r"\1", text)


@dataclass(frozen=True)
class PathsConfig:
    """`compilerOptions.baseUrl` / `paths` of one tsconfig/jsconfig (paths made absolute), and where the
    projects it `references` write their output (absolute outDir/declarationDir -> rootDir)."""

    file: str
    base_url: str | None
    paths: tuple[tuple[str, tuple[str, ...]], ...]  # (pattern, absolute substitutions)
    outputs: tuple[tuple[str, tuple[str, ...]], ...] = ()  # referenced projects: (output folder, source folders)
    # A "solution" config (`"files": []` and `references`, as Vite's template writes it) holds no options of its
    # own: each file belongs to the referenced project whose `include` covers it. (config file, include roots)
    projects: tuple[tuple[str, tuple[str, ...]], ...] = ()


class Resolver:
    def __init__(self, root: Path, provided_modules: frozenset[str] = frozenset(), fs: FileSystem | None = None):
        self.root = str(root)
        self.provided = provided_modules
        self.fs = fs or FileSystem()
        # Each cached config with the inputs it was read from (added to a tracked resolution that uses it).
        self._config_for_dir: dict[str, tuple[PathsConfig | None, tuple[str, ...]]] = {}
        self._loaded: dict[str, tuple[PathsConfig, tuple[str, ...]]] = {}  # referenced projects' configs, by file
        # (folder, specifier, require?, TypeScript importer?, config file) -> (result, its inputs)
        self._memo: dict[tuple, tuple[Resolution, tuple[str, ...]]] = {}
        self._lock = threading.Lock()
        self.calls = 0  # resolve() calls so far: what a warm start that reuses resolutions does not pay

    def resolve_tracked(self, specifiers, importer: str) -> tuple[tuple[Resolution, ...], tuple[str, ...]]:
        """Resolve each (specifier, kind) imported by `importer`; with the inputs (folders listed, JSON files
        read) the results depend on."""
        return self._tracked(lambda: tuple(self.resolve(spec, importer, kind) for spec, kind in specifiers))

    def _tracked(self, compute):
        """(compute(), the inputs it consulted), the inputs also added to the running tracked resolution."""
        outer = getattr(_tracking, "sink", None)
        sink: set[str] = set()
        _tracking.sink = sink
        try:
            value = compute()
        finally:
            _tracking.sink = outer
        if outer is not None:
            outer |= sink
        return value, tuple(sink)  # a tuple: 43,000 memoised resolutions of a 20,000-file monorepo keep one

    def invalidate(self, paths: list[str]) -> None:
        self._memo = {}
        self.fs.invalidate(paths)
        if any(os.path.basename(p) in (*CONFIG_FILES, "package.json") or not os.path.splitext(p)[1] for p in paths):
            with self._lock:
                self._config_for_dir.clear()
                self._loaded.clear()
            self.fs.clear()

    # --- entry point ------------------------------------------------------------------------------------
    def resolve(self, specifier: str, importer: str, kind: str = "import") -> Resolution:
        """Resolve `specifier` imported from file `importer` (absolute path). `kind` "require" selects the
        `require` export condition, anything else `import`."""
        self.calls += 1
        typed = kind == "type" or importer.endswith(TYPESCRIPT_IMPORTERS)
        # A .cts module is CommonJS: its `import` statements compile to require() and resolve as one.
        required = kind == "require" or importer.endswith(".cts")
        folder = os.path.dirname(importer)
        config = self.paths_config(folder)
        if config is not None and config.projects:
            config = self._project_of(importer, config)
        key = (folder, specifier, required, typed, config.file if config is not None else None)
        memo = self._memo.get(key)
        if memo is None:
            memo = self._memo[key] = self._tracked(
                lambda: self._resolve(specifier, importer, "require" if required else kind, typed, config))
        else:
            _add_inputs(memo[1])
        return memo[0]

    def _project_of(self, importer: str, solution: PathsConfig) -> PathsConfig:
        """The referenced project of a solution config whose `include` covers `importer` (else the solution)."""
        for config_path, roots in solution.projects:
            if any(importer == r or importer.startswith(r + os.sep) for r in roots):
                loaded = self._loaded.get(config_path)
                if loaded is None:
                    loaded = self._loaded[config_path] = self._tracked(lambda: self._load_config(config_path, set()))
                else:
                    _add_inputs(loaded[1])
                return loaded[0]
        return solution

    def _resolve(self, specifier: str, importer: str, kind: str, typed: bool = False,
                 config: PathsConfig | None = None) -> Resolution:
        conditions = ("require", "node", "default") if kind == "require" else ("import", "node", "default")
        folder = os.path.dirname(importer)
        if not specifier:
            return Resolution(MISSING_FILE, None, "empty specifier")
        if specifier.startswith("node:"):
            return Resolution(BUILTIN, specifier)
        if REMOTE_SPECIFIER.match(specifier):
            return Resolution(REMOTE, specifier)
        if not typed and is_relative(specifier):
            config = None  # only TypeScript maps a relative path (into a referenced project's output)
        if specifier.startswith("/"):
            return self._root_absolute(specifier, folder, kind, typed, config)
        if is_relative(specifier):
            base = os.path.normpath(os.path.join(folder, specifier))
            for candidate in _sources_for_output(base, config.outputs) if config is not None else (base,):
                found = self.file_or_dir(candidate, specifier.endswith("/"), typed)
                if found:
                    return Resolution(FILE, found)
            return Resolution(MISSING_FILE, None, f"no file or folder at {specifier}")
        if config is not None:
            aliased, matched = self._resolve_paths(specifier, config, typed)
            if aliased:
                return Resolution(FILE, aliased)
        if specifier.startswith("#"):
            return self._package_imports(specifier, folder, conditions)
        if config is not None:
            if matched and package_name(specifier) not in self.provided and not self._node_modules_dir(
                    package_name(specifier), folder):
                return Resolution(MISSING_ALIAS, None,
                                  f"alias in {os.path.basename(config.file)} `paths` matches no file")
            if config.base_url and not matched:
                found = self.file_or_dir(os.path.normpath(os.path.join(config.base_url, specifier)), typed=typed)
                if found:
                    return Resolution(FILE, found)
        if specifier in NODE_BUILTINS:
            return Resolution(BUILTIN, f"node:{specifier}")
        name = package_name(specifier)
        if specifier in self.provided:
            return Resolution(PACKAGE, f"package:{specifier}")
        if name in self.provided:
            return Resolution(PACKAGE, f"package:{name}")
        found = self._bare(specifier, name, folder, conditions)
        if typed and found.kind == MISSING_PACKAGE and not name.startswith("@types/"):
            # TypeScript reads a package's types from @types/NAME (`@scope/pkg` -> `@types/scope__pkg`).
            types = "@types/" + (name[1:].replace("/", "__") if name.startswith("@") else name)
            if self._node_modules_dir(types, folder):
                return Resolution(PACKAGE, f"package:{types}")
        return found

    def _root_absolute(self, specifier: str, folder: str, kind: str, typed: bool,
                       config: PathsConfig | None) -> Resolution:
        """`/dist/app.js` (see the module's docstring): inside the workspace as written, under a project root, on
        the file system; else a path on the origin (SERVED) for an ES import, a missing file for a `require`."""
        dir_only = specifier.endswith("/")
        written = os.path.normpath(specifier)
        inside = (written + os.sep).startswith(self.root.rstrip(os.sep) + os.sep)
        candidates = [written] if inside else []
        for root in self._project_roots(folder):
            served = os.path.normpath(os.path.join(root, specifier.lstrip("/")))
            candidates += [served, os.path.normpath(os.path.join(root, "public", specifier.lstrip("/")))]
        if not inside:
            candidates.append(written)
        for base in candidates:
            for candidate in _sources_for_output(base, config.outputs) if config is not None else (base,):
                found = self.file_or_dir(candidate, dir_only, typed)
                if found:
                    return Resolution(FILE, found)
        if kind == "require":
            return Resolution(MISSING_FILE, None, f"no file or folder at {specifier}")
        return Resolution(SERVED, specifier)

    def _project_roots(self, folder: str) -> list[str]:
        """The folders a root-absolute path may be served from: the nearest one from `folder` up to the workspace
        root holding a package.json (a dev server's root), then the workspace root. None outside the workspace."""
        root = self.root.rstrip(os.sep) or os.sep
        if not (folder + os.sep).startswith(root + os.sep) and folder != root:
            return []
        current = folder
        while current != root and not self.fs.is_file(os.path.join(current, "package.json")):
            parent = os.path.dirname(current)
            if parent == current:
                break
            current = parent
        return [current] if current == root else [current, root]

    # --- files ------------------------------------------------------------------------------------------
    def file_or_dir(self, base: str, dir_only: bool = False, typed: bool = False) -> str | None:
        """The file `base` names: exact, with an extension, TypeScript's .js -> .ts, or a folder's entry.
        `typed` (a TypeScript importer): `.js` -> `.ts` before the `.js` itself, TypeScript extensions first."""
        fs = self.fs
        if not dir_only:
            stem, ext = os.path.splitext(base)
            if typed:
                for alt in TS_FOR_JS.get(ext, ()):
                    if fs.is_file(stem + alt):
                        return stem + alt
            if fs.is_file(base):
                return base
            for ext_ in TS_EXTENSIONS if typed else EXTENSIONS:
                if fs.is_file(base + ext_):
                    return base + ext_
            for alt in TS_FOR_JS.get(ext, ()):
                if fs.is_file(stem + alt):
                    return stem + alt
        if fs.is_dir(base):
            return self._folder_entry(base, typed)
        return None

    def _folder_entry(self, folder: str, typed: bool = False) -> str | None:
        manifest = self.fs.read_json(os.path.join(folder, "package.json"))
        if isinstance(manifest, dict):
            for key in ("main", "module"):
                main = manifest.get(key)
                if isinstance(main, str) and main:
                    target = os.path.normpath(os.path.join(folder, main))
                    found = self.file_or_dir(target, typed=typed) if target != folder else None
                    if found:
                        return found
        for index in TS_INDEX_FILES if typed else INDEX_FILES:
            candidate = os.path.join(folder, index)
            if self.fs.is_file(candidate):
                return candidate
        return None

    # --- tsconfig / jsconfig ----------------------------------------------------------------------------
    def paths_config(self, folder: str) -> PathsConfig | None:
        """The nearest tsconfig.json / jsconfig.json at or above `folder`. Like the TypeScript compiler, the
        search goes on above the workspace root (`footprint-ls graph src/` of a project whose tsconfig.json is
        beside src/); config files are only read (bounded JSON), never run."""
        cached = self._config_for_dir.get(folder)
        if cached is not None:
            _add_inputs(cached[1])
            return cached[0]

        def find() -> PathsConfig | None:
            for name in CONFIG_FILES:
                path = os.path.join(folder, name)
                if self.fs.is_file(path):
                    return self._load_config(path, set())
            parent = os.path.dirname(folder)
            if parent != folder and os.path.basename(folder) != "node_modules":
                return self.paths_config(parent)
            return None

        found = self._tracked(find)
        with self._lock:
            self._config_for_dir[folder] = found
        return found[0]

    def _load_config(self, path: str, seen: set[str]) -> PathsConfig:
        seen.add(path)
        data = self._config_data(path)
        folder = os.path.dirname(path)
        inherited = PathsConfig(path, None, ())
        extends = data.get("extends")
        for parent in ([extends] if isinstance(extends, str) else extends if isinstance(extends, list) else []):
            parent_path = self._extended_config(parent, folder) if isinstance(parent, str) else None
            if parent_path is not None and parent_path not in seen:
                got = self._load_config(parent_path, seen)
                inherited = PathsConfig(path, got.base_url or inherited.base_url, got.paths or inherited.paths)
        options = data.get("compilerOptions")
        options = options if isinstance(options, dict) else {}
        base_url = inherited.base_url
        if isinstance(options.get("baseUrl"), str):
            base_url = os.path.normpath(os.path.join(folder, options["baseUrl"]))
        paths = inherited.paths
        if isinstance(options.get("paths"), dict):
            anchor = base_url or folder
            paths = tuple(
                (pattern, tuple(os.path.normpath(os.path.join(anchor, t)) for t in targets if isinstance(t, str)))
                for pattern, targets in options["paths"].items() if isinstance(targets, list))
        solution = data.get("files") == [] and not data.get("include")
        return PathsConfig(path, base_url, paths, self._referenced_outputs(data, folder),
                           self._solution_projects(data, folder) if solution else ())

    def _solution_projects(self, data: dict, folder: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(config file, the folders and files its `include` starts with) of each project a solution config
        references, in order."""
        out = []
        for path in self._reference_files(data, folder):
            include = self._config_data(path).get("include")
            starts = [i.split("*", 1)[0].rstrip("/") for i in include if isinstance(i, str)] \
                if isinstance(include, list) else [""]
            ref_folder = os.path.dirname(path)
            out.append((path, tuple(os.path.normpath(os.path.join(ref_folder, s)) for s in starts)))
        return tuple(out)

    def _reference_files(self, data: dict, folder: str) -> list[str]:
        """The config files of the projects in `references` that exist."""
        references = data.get("references")
        out = []
        for ref in references if isinstance(references, list) else []:
            ref_path = ref.get("path") if isinstance(ref, dict) else None
            if not isinstance(ref_path, str):
                continue
            path = os.path.normpath(os.path.join(folder, ref_path))
            if not path.endswith(".json"):
                path = os.path.join(path, "tsconfig.json")
            if self.fs.is_file(path):
                out.append(path)
        return out

    def _config_data(self, path: str) -> dict:
        data = self.fs.read_json(path, comments=True)
        return data if isinstance(data, dict) else {}

    def _extended_config(self, name: str, folder: str) -> str | None:
        """The file an `extends` entry names: a path relative to the config (`.json` optional), or a config
        in a package (`@tsconfig/node20/tsconfig.json`, `@acme/tsconfig/base`, or the package itself: its
        package.json `tsconfig` field, else its tsconfig.json)."""
        if name.startswith((".", "/")):
            path = os.path.normpath(os.path.join(folder, name))
            for candidate in (path, path + ".json"):
                if self.fs.is_file(candidate):
                    return candidate
            return None
        package = package_name(name)
        package_dir = self._node_modules_dir(package, folder)
        if package_dir is None:
            return None
        if name != package:
            path = os.path.join(package_dir, name[len(package) + 1:])
            for candidate in (path, path + ".json", os.path.join(path, "tsconfig.json")):
                if self.fs.is_file(candidate):
                    return candidate
            return None
        manifest = self.fs.read_json(os.path.join(package_dir, "package.json"))
        field = manifest.get("tsconfig") if isinstance(manifest, dict) else None
        candidate = os.path.normpath(os.path.join(package_dir, field if isinstance(field, str) else "tsconfig.json"))
        return candidate if self.fs.is_file(candidate) else None

    def _referenced_outputs(self, data: dict, folder: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(output folder, source folders) of each project in `references`: an import of a referenced
        project's built files (`../core/dist/x.js`) means its sources, as TypeScript's project references
        resolve them (whether it was built or not). The source folder is its `rootDir`; without one,
        TypeScript takes the common folder of its inputs: the folders its `include` starts with, then its own."""
        out: list[tuple[str, tuple[str, ...]]] = []
        for path in self._reference_files(data, folder):
            ref_folder = os.path.dirname(path)
            options = self._inherited_options(path, set())
            if isinstance(options.get("rootDir"), str):
                roots = (os.path.normpath(os.path.join(ref_folder, options["rootDir"])),)
            else:
                include = self._config_data(path).get("include")
                starts = [i.split("*", 1)[0].rstrip("/") for i in include if isinstance(i, str)] \
                    if isinstance(include, list) else []
                roots = tuple(dict.fromkeys(
                    [os.path.normpath(os.path.join(ref_folder, s)) for s in starts if s] + [ref_folder]))
            for key in ("outDir", "declarationDir"):
                if isinstance(options.get(key), str):
                    out.append((os.path.normpath(os.path.join(ref_folder, options[key])), roots))
        return tuple(out)

    def _inherited_options(self, path: str, seen: set[str]) -> dict:
        """`compilerOptions` of a config with those of the configs it extends (their paths made relative
        to this config's folder, as TypeScript resolves them relative to the config that sets them)."""
        seen.add(path)
        data = self._config_data(path)
        folder = os.path.dirname(path)
        merged: dict = {}
        extends = data.get("extends")
        for parent in ([extends] if isinstance(extends, str) else extends if isinstance(extends, list) else []):
            parent_path = self._extended_config(parent, folder) if isinstance(parent, str) else None
            if parent_path is not None and parent_path not in seen:
                for key, value in self._inherited_options(parent_path, seen).items():
                    merged[key] = (os.path.relpath(os.path.join(os.path.dirname(parent_path), value), folder)
                                   if key in ("outDir", "declarationDir", "rootDir") else value)
        options = data.get("compilerOptions")
        merged.update(options if isinstance(options, dict) else {})
        return merged

    def _resolve_paths(self, specifier: str, config: PathsConfig, typed: bool = False) -> tuple[str | None, bool]:
        """(file, whether a `paths` pattern matched): TypeScript's rule, the longest matching prefix wins."""
        best: tuple[int, str, tuple[str, ...]] | None = None
        for pattern, targets in config.paths:
            if "*" in pattern:
                prefix, _, suffix = pattern.partition("*")
                if specifier.startswith(prefix) and specifier.endswith(suffix) and len(specifier) >= len(prefix) + len(suffix):
                    star = specifier[len(prefix): len(specifier) - len(suffix)]
                    if best is None or len(prefix) > best[0]:
                        best = (len(prefix), star, targets)
            elif pattern == specifier:
                best = (len(pattern) + 1, "", targets)
                break
        if best is None:
            return None, False
        _, star, targets = best
        for target in targets:
            for candidate in _sources_for_output(target.replace("*", star), config.outputs):
                found = self.file_or_dir(candidate, typed=typed)
                if found:
                    return found, True
        return None, True

    # --- packages ---------------------------------------------------------------------------------------
    def _node_modules_dir(self, name: str, folder: str) -> str | None:
        current = folder
        while True:
            candidate = os.path.join(current, "node_modules", name)
            if os.path.basename(current) != "node_modules" and self.fs.is_dir(candidate):
                return candidate
            parent = os.path.dirname(current)
            if parent == current:
                return None
            current = parent

    def _bare(self, specifier: str, name: str, folder: str, conditions: tuple[str, ...]) -> Resolution:
        package_dir = self._node_modules_dir(name, folder)
        if package_dir is None:
            manifest_path = self._declaring_manifest(name, folder)
            if manifest_path:
                return Resolution(MISSING_PACKAGE, None,
                                  f"package {name} is not installed (it is in {manifest_path}: run npm install?)")
            return Resolution(MISSING_PACKAGE, None, f"package {name} is not installed (nor in package.json)")
        subpath = "." + specifier[len(name):]
        manifest = self.fs.read_json(os.path.join(package_dir, "package.json"))
        manifest = manifest if isinstance(manifest, dict) else {}
        if "exports" in manifest and manifest["exports"] is not None:
            target = exports_target(manifest["exports"], subpath, conditions)
            if target is None or not self.fs.is_file(os.path.normpath(os.path.join(package_dir, target))):
                return Resolution(MISSING_PACKAGE, None, f"package {name} does not export {subpath}")
            return Resolution(PACKAGE, f"package:{name}")
        if subpath != "." and not self.file_or_dir(os.path.normpath(os.path.join(package_dir, subpath))):
            return Resolution(MISSING_PACKAGE, None, f"package {name} has no {subpath[2:]}")
        return Resolution(PACKAGE, f"package:{name}")

    def _declaring_manifest(self, name: str, folder: str) -> str | None:
        """The nearest package.json (up to the workspace root) listing `name` as a dependency, relative."""
        current = folder
        while True:
            manifest = self.fs.read_json(os.path.join(current, "package.json"))
            if isinstance(manifest, dict):
                for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
                    deps = manifest.get(key)
                    if isinstance(deps, dict) and name in deps:
                        return os.path.relpath(os.path.join(current, "package.json"), self.root).replace(os.sep, "/")
            parent = os.path.dirname(current)
            if current == self.root or parent == current or not (current + os.sep).startswith(self.root + os.sep):
                return None
            current = parent

    def _package_imports(self, specifier: str, folder: str, conditions: tuple[str, ...]) -> Resolution:
        current = folder
        while True:
            manifest = self.fs.read_json(os.path.join(current, "package.json"))
            if isinstance(manifest, dict):
                imports = manifest.get("imports")
                target = exports_target(imports, specifier, conditions, imports=True) if isinstance(imports, dict) else None
                if target is None:
                    return Resolution(MISSING_ALIAS, None, f"{specifier} is not in package.json `imports`")
                if target.startswith("./"):
                    path = os.path.normpath(os.path.join(current, target))
                    if self.fs.is_file(path):
                        return Resolution(FILE, path)
                    return Resolution(MISSING_ALIAS, None, f"{specifier} maps to missing {target}")
                return self.resolve(target, os.path.join(current, "package.json"), "require" if "require" in conditions else "import")
            parent = os.path.dirname(current)
            if parent == current:
                return Resolution(MISSING_ALIAS, None, f"no package.json with `imports` for {specifier}")
            current = parent


def _sources_for_output(path: str, outputs: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[str, ...]:
    """Where to look for `path`: inside a referenced project's output folder, the same place in its source
    folders without the output's extension (`dist/x.js`, `dist/x.d.ts` -> `src/x`, probed as `x.ts`), then
    `path` itself (built output that has no source); anywhere else, `path`."""
    for out_dir, roots in outputs:
        if path == out_dir or path.startswith(out_dir + os.sep):
            rest = path[len(out_dir):]
            for ext in (".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs", ".jsx"):
                if rest.endswith(ext):
                    rest = rest[: -len(ext)]
                    break
            return (*(root + rest for root in roots), path)
    return (path,)


def exports_target(exports: object, subpath: str, conditions: tuple[str, ...], imports: bool = False) -> str | None:
    """Node's PACKAGE_EXPORTS_RESOLVE (and PACKAGE_IMPORTS_RESOLVE): the target path for `subpath`
    ("." or "./x") under `exports`, or None when it is not exported."""
    if not imports and (isinstance(exports, (str, list)) or (
            isinstance(exports, dict) and exports and not any(str(k).startswith(".") for k in exports))):
        exports = {".": exports}
    if not isinstance(exports, dict):
        return None
    if subpath in exports and "*" not in subpath:
        return _conditional_target(exports[subpath], None, conditions)
    best_key, best_match = None, None
    for key in exports:
        if "*" in key:
            prefix, _, suffix = key.partition("*")
            if subpath.startswith(prefix) and subpath.endswith(suffix) and len(subpath) >= len(key) - 1:
                if best_key is None or len(prefix) > len(best_key.partition("*")[0]):
                    best_key, best_match = key, subpath[len(prefix): len(subpath) - len(suffix)]
        elif key.endswith("/") and subpath.startswith(key):  # legacy folder mapping
            if best_key is None or len(key) > len(best_key.partition("*")[0]):
                best_key, best_match = key, subpath[len(key):]
    if best_key is None:
        return None
    target = _conditional_target(exports[best_key], best_match, conditions)
    if target is not None and best_key.endswith("/") and "*" not in best_key:
        target = target + (best_match or "")
    return target


def _conditional_target(value: object, match: str | None, conditions: tuple[str, ...]) -> str | None:
    if isinstance(value, str):
        return value.replace("*", match) if match is not None and "*" in value else value
    if isinstance(value, list):
        for item in value:
            found = _conditional_target(item, match, conditions)
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        for key, sub in value.items():  # the object's order decides, as in Node
            if key in conditions or key == "default":
                found = _conditional_target(sub, match, conditions)
                if found is not None:
                    return found
        return None
    return None
