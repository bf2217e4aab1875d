"""The import graph's persisted forms (graph/service.py owns the graph itself): its signed cache and its part
of an index artifact.

Both are JSON lines: a header line, then one line per module holding its extraction. Every line is JSON data
(never JSON text inside JSON), so a start decodes the header alone and each extraction only when it is used;
splitting 30 MB at newlines costs milliseconds (JSON escapes every newline inside a value). Paths are relative
to the workspace root (`RootPaths`), which keeps both small.

Resolutions travel in an artifact in a path-independent form (`portable_resolutions`): each input (a path
probed, a package.json / tsconfig read) relative to the root, with what was there (a probe's kind, a JSON
file's size and content digest; no stamps, which mean nothing on another machine). An input above the root
(the search for a tsconfig or a `node_modules` goes up to `/`) is carried only when it found nothing: then it
reads "absent in every folder above the root" (ANCESTOR), which holds or not wherever the checkout is; a
resolution that found something above the root, or a file outside it, is left out and resolved locally.
`local_resolutions` checks every input against the checkout before any resolution is trusted, and gives
them this checkout's stamps, so the next start checks them as cheaply as those it resolved itself.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from itertools import chain

from lsp_server.graph.resolve import FILE, GONE, PROBE, FileSystem, Resolution, read_stamped

ANCESTOR = "^"  # prefixes an artifact input above the root: absent in every folder above the workspace root


def encode_lines(header: object, lines: Iterable[bytes | str]) -> bytes:
    """A header line, then `lines` (each the JSON text of one value, without a newline)."""
    head = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"\n".join([head, *(line if isinstance(line, bytes) else line.encode("utf-8") for line in lines)])


def decode_lines(body: bytes) -> tuple[object, list[bytes]]:
    """(the header, decoded; every other line as bytes, decoded by whoever uses it). ValueError if the header
    is not JSON."""
    head, newline, rest = body.partition(b"\n")
    return json.loads(head), (rest.split(b"\n") if newline else [])


class RootPaths:
    """Paths relative to a workspace root and back; a path outside the root stays absolute."""

    def __init__(self, root: str):
        self.root = root
        self.prefix = root.rstrip(os.sep) + os.sep

    def rel(self, path: str) -> str:
        if path.startswith(self.prefix):
            return path[len(self.prefix):]
        return "." if path == self.root else path

    def abs(self, rel: str) -> str:
        if rel[:1] == "/" or os.sep != "/" and os.path.isabs(rel):  # isabs is the slow way to say it on POSIX
            return rel
        return self.root if rel == "." else self.prefix + rel

    def inside(self, path: str) -> bool:
        return path.startswith(self.prefix) or path == self.root

    def item_rel(self, item: str) -> str:
        """A resolution input (PROBE + path, or a JSON file's path) with its path relative."""
        return PROBE + self.rel(item[1:]) if item.startswith(PROBE) else self.rel(item)

    def item_abs(self, item: str) -> str:
        return PROBE + self.abs(item[1:]) if item.startswith(PROBE) else self.abs(item)

    def above(self, path: str) -> str | None:
        """`path` relative to the nearest folder above the root that holds it (`/work/tsconfig.json` ->
        `tsconfig.json` for the root /work/repo); None when it is the root, inside it, or a folder above it."""
        if self.inside(path):
            return None
        common = os.path.commonpath([path, self.root])
        rel = os.path.relpath(path, common)
        return None if rel == "." or rel.startswith("..") else rel.replace(os.sep, "/")

    def ancestors(self) -> list[str]:
        """The folders above the root, nearest first, up to the file system's root."""
        out, current = [], self.root
        while (parent := os.path.dirname(current)) != current:
            out.append(parent)
            current = parent
        return out


Entry = tuple[str, tuple[Resolution, ...], tuple[tuple[str, tuple | None], ...]]  # path, resolutions, inputs


def portable_resolutions(root: str, entries: Iterable[Entry], resolver_key: list) -> dict:
    """The resolutions of `entries` in the artifact's form (see the module docstring): a table of inputs
    ([item, kind] for a probe, [item, size, digest] or [item, "-"] for a JSON file read), a table of results
    and, per module (relative path), the ids of its inputs and results."""
    paths = RootPaths(root)
    input_ids: dict[tuple, int] = {}
    result_ids: dict[tuple, int] = {}
    modules: dict[str, list[list[int]]] = {}
    for path, resolutions, inputs in entries:
        rows = [_portable_input(paths, item, stamp) for item, stamp in inputs]
        results = [_portable_result(paths, r) for r in resolutions]
        if any(row is None for row in rows) or any(r is None for r in results):
            continue  # depends on something outside the root: resolved where it is used
        modules[paths.rel(path)] = [sorted({input_ids.setdefault(row, len(input_ids)) for row in rows}),  # type: ignore[arg-type]
                                    [result_ids.setdefault(r, len(result_ids)) for r in results]]  # type: ignore[arg-type]
    return {"version": 1, "resolver": resolver_key, "inputs": [list(row) for row in input_ids],
            "results": [list(r) for r in result_ids], "modules": modules}


def _portable_input(paths: RootPaths, item: str, stamp: tuple | None) -> tuple | None:
    if not stamp:
        return None
    probe = item.startswith(PROBE)
    path = item[1:] if probe else item
    if paths.inside(path):
        rel = paths.item_rel(item)
        if probe:
            return (rel, stamp[0])
        return (rel, "-") if tuple(stamp) == GONE else (rel, stamp[1], stamp[2])
    above = paths.above(path)
    if above is None or (stamp[0] != "-" if probe else tuple(stamp) != GONE):
        return None  # found something above the root: that depends on the machine
    return (ANCESTOR + (PROBE if probe else "") + above, "-")


def _portable_result(paths: RootPaths, res: Resolution) -> tuple | None:
    if res.kind == FILE and res.target:
        if not paths.inside(res.target):
            return None
        return (res.kind, paths.rel(res.target), res.detail)
    return (res.kind, res.target, res.detail)


def local_resolutions(root: str, section: object, fs: FileSystem, resolver_key: list,
                      wanted: Iterable[str]) -> tuple[dict[str, tuple[tuple[Resolution, ...], tuple]], dict[str, int]]:
    """The artifact's resolutions of the modules in `wanted` (absolute paths) whose every input is as the
    artifact recorded it in this checkout: path -> (resolutions, inputs with this checkout's stamps). Counts:
    reused, changed (an input differs: resolved again), bad (not well formed). Each input is checked once,
    whichever modules share it: a probe against its folder's listing, a JSON file by its size and digest,
    an input above the root in every folder above this root."""
    counts = {"reused": 0, "changed": 0, "bad": 0}
    if not isinstance(section, dict) or section.get("version") != 1 or section.get("resolver") != resolver_key:
        return {}, counts
    paths = RootPaths(root)
    above_root = paths.ancestors()
    try:
        rows, results, modules = section["inputs"], section["results"], section["modules"]
        checked = _local_inputs(paths, above_root, fs, rows)
        resolutions = [Resolution(kind, paths.abs(target) if kind == FILE else target, detail)
                       for kind, target, detail in results]
        if not isinstance(modules, dict) or any(not isinstance(r.target, (str, type(None))) or
                                                not isinstance(r.detail, str) for r in resolutions):
            raise TypeError("malformed")
    except (KeyError, TypeError, ValueError, AttributeError):
        counts["bad"] += 1
        return {}, counts
    out: dict[str, tuple[tuple[Resolution, ...], tuple]] = {}
    for path in wanted:
        row = modules.get(paths.rel(path))
        if row is None:
            continue
        try:
            input_ids, result_ids = row
            inputs = [checked[i] for i in input_ids]
            found = tuple(resolutions[i] for i in result_ids)
        except (TypeError, ValueError, IndexError):
            counts["bad"] += 1
            continue
        if None in inputs:
            counts["changed"] += 1
            continue
        out[path] = (found, tuple(chain.from_iterable(inputs)))  # type: ignore[arg-type]
        counts["reused"] += 1
    return out, counts


def _local_inputs(paths: RootPaths, above_root: list[str], fs: FileSystem, rows: list) -> list[tuple | None]:
    """`_local_input` of every row. Most rows are probes of a path inside the root (`?packages/a/src/util`,
    ~32,000 of the ~34,000 of a 20,000-module workspace): those are checked here against their folder's
    listing, each folder listed and stamped once; the others, and any probe path that is not plain (absolute,
    a `..`), go the general way."""
    if os.sep != "/":
        return [_local_input(paths, above_root, fs, row) for row in rows]
    prefix = paths.prefix
    folders: dict[str, tuple] = {}  # folder -> (its listing, what every probe's stamp holds after the kind)
    out: list[tuple | None] = []
    for row in rows:
        item = row[0] if type(row) is list and len(row) == 2 else None
        if type(item) is not str or item[:1] != PROBE or not _plain(item[1:]):
            out.append(_local_input(paths, above_root, fs, row))
            continue
        path = prefix + item[1:]
        folder, _, name = path.rpartition("/")
        known = folders.get(folder)
        if known is None:
            entries = fs.listing(folder)
            first = fs.stamp(PROBE + path)  # (kind, *the folder's stamp), as FileSystem.stamp gives every probe
            known = folders[folder] = (entries, first[1:] if first is not None else None)
        entries, folder_at = known
        if folder_at is None:
            out.append(None)
            continue
        kind = "-" if entries is None or name not in entries else "d" if entries[name] else "f"
        out.append((((PROBE + path), (kind, *folder_at)),) if kind == row[1] else None)
    return out


def _plain(rel: str) -> bool:
    """A relative path without `..` (and not the root itself): one that stays inside the root."""
    return bool(rel) and rel != "." and rel[0] != "/" and rel != ".." and not rel.startswith("../") \
        and "/../" not in rel and not rel.endswith("/..")


def _local_input(paths: RootPaths, above_root: list[str], fs: FileSystem, row: object) -> tuple | None:
    """The (item, stamp) pairs of an artifact input in this checkout, or None when it differs (or is not
    well formed): an input above the root becomes one pair per folder above this root."""
    if not isinstance(row, list) or len(row) < 2 or not isinstance(row[0], str):
        return None
    item = row[0]
    if item.startswith(ANCESTOR):
        name = item[len(ANCESTOR):]
        probe = name.startswith(PROBE)
        name = name[1:] if probe else name
        if row[1:] != ["-"] or not name or os.path.isabs(name) or ".." in name.split("/"):
            return None
        pairs = []
        for folder in above_root:
            path = os.path.join(folder, name)
            stamp = _probe_stamp(fs, path)
            if stamp is None or stamp[0] != "-":
                return None
            pairs.append((PROBE + path, stamp) if probe else (path, GONE))
        return tuple(pairs)
    local = paths.item_abs(item)
    if os.path.isabs(item[1:] if item.startswith(PROBE) else item) or ".." in item.lstrip(PROBE).split("/"):
        return None  # the artifact's inputs are inside the root
    if item.startswith(PROBE):
        stamp = _probe_stamp(fs, local[1:])
        return ((local, stamp),) if stamp is not None and stamp[0] == row[1] else None
    if row[1:] == ["-"]:
        stamp = _probe_stamp(fs, local)
        return ((local, GONE),) if stamp is not None and stamp[0] != "f" else None
    if len(row) != 3:
        return None
    data, stamp = read_stamped(local, fs.max_bytes) if fs.is_file(local) else (None, None)
    if data is None or stamp is None or [stamp[1], stamp[2]] != row[1:]:
        return None
    return ((local, stamp),)


def _probe_stamp(fs: FileSystem, path: str) -> tuple | None:
    """What a probe of `path` records now (kind, and its folder's stamp), from the folder's listing."""
    fs.listing(os.path.dirname(path))
    return fs.stamp(PROBE + path)
