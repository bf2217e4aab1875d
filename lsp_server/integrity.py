"""Cache integrity: Footprint reads back from its cache folders only what it wrote there itself.

Cache folders are predictable (`$XDG_CACHE_HOME/footprint/<name>-<hash>`) or configurable, and the docs index
format (whoosh) unpickles its files when opened, so a planted index would run code. This module owns:

- the per-user secret key: 32 random bytes in `$XDG_CONFIG_HOME/footprint/cache-key` (mode 0600, created
  once, atomically; kept apart from the caches it protects, so files extracted into a cache folder cannot
  replace it). When it cannot be stored, a key for this process only is used: caches still work within the
  process and are rebuilt by the next one;
- signed files: `write_signed_json` / `read_signed_json` put an HMAC-SHA256 of the content (and of what the
  file is for) in front of it; a reader gets the value only if the signature matches;
- folder digests: `folder_digests` / `check_folder` record and verify the SHA-256 of every file of an index
  folder, so a signed manifest vouches for the whole folder (no unknown, missing or changed file);
- `cache_folder`: a cache folder is created 0700, tightened if others may write into it, and refused (one
  log line, the feature then works without a cache) when another user owns it or it cannot be created;
- index artifacts (`write_artifact` / `read_artifact`): the caches a team builds once (`footprint-ls index
  build`), read on another checkout or machine, where this user's key signed nothing. An artifact is data to
  verify, never code: JSON parts only (a part may be JSON lines, `.jsonl`, handed to its area as bytes to decode
  line by line; never the docs index's whoosh files, which unpickle), each listed in
  `footprint-index.json` with its SHA-256 and rejected (one line) when it differs (tampered or damaged); the
  manifest's own SHA-256 is the artifact's digest, which a team can pin (`--sha256`, FOOTPRINT_INDEX_SHA256;
  an OCI registry pulls by that kind of digest). What an area takes from it is keyed by the SHA-256 of the
  file it was computed from and applies only to a local file with that very content (content-verified); what
  is taken is re-signed with this user's key as an ordinary cache. docs/scaling.md says what this guards.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import stat
import threading
from pathlib import Path
from typing import Any

from lsp_server import storage

log = logging.getLogger(__name__)

KEY_FILE = "cache-key"
KEY_BYTES = 32
SIGNED_MAGIC = b"#footprint-signed-1 "
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

_lock = threading.Lock()
_keys: dict[str, bytes] = {}  # key file path -> key (a path per XDG_CONFIG_HOME: tests change it)
_warned: set[str] = set()  # one log line per refused cache folder and process


class UnusableFolder(Exception):
    """A cache folder that must not be used (another user owns it, it is not a folder...)."""


def _euid() -> int | None:
    geteuid = getattr(os, "geteuid", None)  # absent on Windows: no owner checks there
    return geteuid() if geteuid else None


def _warn_once(key: str, message: str, *args) -> None:
    with _lock:
        if key in _warned:
            return
        _warned.add(key)
    log.warning(message, *args)


# --- folders ------------------------------------------------------------------------------------------
def private_folder(path: Path) -> Path:
    """Create `path` (and missing parents) with mode 0700 and check it: a folder this user owns, that only
    this user may write to (group/other write bits are removed). Raises UnusableFolder or OSError."""
    missing = []
    p = path
    while not os.path.lexists(p) and p != p.parent:
        missing.append(p)
        p = p.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass  # another process made it meanwhile: checked below like any existing folder
    st = os.stat(path)
    if not stat.S_ISDIR(st.st_mode):
        raise UnusableFolder("it is not a folder")
    euid = _euid()
    if euid is not None:
        if st.st_uid != euid:
            raise UnusableFolder(f"it belongs to another user (uid {st.st_uid})")
        if st.st_mode & 0o022:  # others could swap files in: only their write bits go (new folders are 0700)
            os.chmod(path, stat.S_IMODE(st.st_mode) & ~0o022)
            log.info("cache folder %s was writable by other users: now 0%o", path, stat.S_IMODE(st.st_mode) & ~0o022)
    if not os.access(path, os.W_OK | os.X_OK):
        raise UnusableFolder("it is not writable")
    return path


def cache_folder(path: Path) -> Path | None:
    """`path`, checked (see `private_folder`), or None when it cannot be used: then one warning per folder and
    process says so, and the caller works without a cache (in memory, or rebuilt each time)."""
    try:
        return private_folder(path)
    except (OSError, UnusableFolder) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        _warn_once(f"folder:{path}", "cache folder %s cannot be used (%s): working without a cache", path, reason)
        return None


# --- the per-user key ---------------------------------------------------------------------------------
def key_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "footprint" / KEY_FILE


def user_key() -> bytes:
    """The user's secret signing key (created on first use)."""
    try:
        path = key_path()
    except RuntimeError:  # no home folder
        path = Path("<no home folder>")
    name = str(path)
    with _lock:
        key = _keys.get(name)
        if key is None:
            key = _keys[name] = _load_or_create_key(path)
        return key


def _load_or_create_key(path: Path) -> bytes:
    try:
        private_folder(path.parent)
        problem = None
        try:
            key = _read_key(path)
            if key is not None:
                return key
        except UnusableFolder as exc:
            problem = str(exc)
            log.warning("cache key %s %s: replacing it (existing caches will be rebuilt)", path, problem)
        return _create_key(path, replace=problem is not None)
    except (OSError, UnusableFolder) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        log.warning("cannot keep the cache key in %s (%s): caches are trusted only within this process", path,
                    reason)
        return os.urandom(KEY_BYTES)


def _read_key(path: Path) -> bytes | None:
    """The key in `path`, None if there is none; UnusableFolder if the file is not one we can trust."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError as exc:  # ELOOP: a symlink
        raise UnusableFolder(f"cannot be read safely ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        data = fh.read(KEY_BYTES + 1)
    euid = _euid()
    if not stat.S_ISREG(st.st_mode):
        raise UnusableFolder("is not a regular file")
    if euid is not None and st.st_uid != euid:
        raise UnusableFolder(f"belongs to another user (uid {st.st_uid})")
    if euid is not None and st.st_mode & 0o077:
        raise UnusableFolder(f"is readable or writable by other users (mode 0{stat.S_IMODE(st.st_mode):o})")
    if len(data) != KEY_BYTES:
        raise UnusableFolder(f"holds {len(data)} bytes, not {KEY_BYTES}")
    return data


def _create_key(path: Path, replace: bool) -> bytes:
    import tempfile  # here: only the first run on a machine creates the key

    key = os.urandom(KEY_BYTES)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(key)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
            return key
        try:
            os.link(tmp, path)  # fails if another process created the key first: then theirs is the key
        except FileExistsError:
            existing = _read_key(path)
            if existing is None:
                raise
            return existing
        except OSError:  # a file system without hard links
            os.replace(tmp, path)
        return key
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


# --- signed files -------------------------------------------------------------------------------------
def sign(purpose: str, data: bytes) -> str:
    """HMAC-SHA256 (hex) of `data` for `purpose` (a file signed for one use does not verify for another)."""
    mac = hmac.new(user_key(), purpose.encode("utf-8") + b"\0", hashlib.sha256)
    mac.update(data)
    return mac.hexdigest()


def write_signed_json(path: Path, value: Any, purpose: str) -> None:
    write_signed(path, json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), purpose)


def write_signed(path: Path, body: bytes, purpose: str) -> None:
    """Write `body` (data in an area's own encoding, e.g. JSON lines) signed for `purpose`, atomically."""
    storage.atomic_write_bytes(path, SIGNED_MAGIC + sign(purpose, body).encode("ascii") + b"\n" + body, mode=0o600)


def read_signed_json(path: Path, purpose: str) -> tuple[Any | None, str | None]:
    """(value, None) if `path` holds JSON this user's key signed for `purpose`; (None, None) if there is
    no such file; (None, what is wrong) otherwise. Never raises for a bad file."""
    body, problem = read_signed(path, purpose)
    if body is None:
        return None, problem
    try:
        return json.loads(body.decode("utf-8")), None
    except ValueError as exc:
        return None, f"is signed but not valid JSON ({exc})"


def read_signed(path: Path, purpose: str) -> tuple[bytes | None, str | None]:
    """(body, None) if `path` holds data this user's key signed for `purpose` (see `read_signed_json`)."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    head, newline, body = data.partition(b"\n")
    if not head.startswith(SIGNED_MAGIC) or not newline:
        return None, "is not signed"
    given = head[len(SIGNED_MAGIC):].decode("ascii", errors="replace")
    if not hmac.compare_digest(given, sign(purpose, body)):
        return None, "is not signed with this user's key"
    return body, None


# --- folder digests -----------------------------------------------------------------------------------
def file_digest(path: Path) -> str:
    """SHA-256 (hex) of a regular file's bytes; OSError for anything else (symlinks included)."""
    fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW)
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        return hashlib.file_digest(fh, "sha256").hexdigest()


def folder_digests(folder: Path, skip: frozenset[str] = frozenset(), known: dict[str, str] | None = None) -> dict[str, str]:
    """name -> SHA-256 of every file in `folder` (not in `skip`). Digests in `known` are reused for names
    it holds: for folders whose files are never rewritten in place (whoosh segments, numbered TOCs), only
    new files need reading, and a file changed behind our back keeps the digest we recorded."""
    out = {}
    for entry in os.scandir(folder):
        if entry.name in skip:
            continue
        if known is not None and entry.name in known:
            out[entry.name] = known[entry.name]
        else:
            out[entry.name] = file_digest(Path(entry.path))
    return out


def check_folder(folder: Path, expected: object, skip: frozenset[str] = frozenset()) -> str | None:
    """None if `folder` holds exactly the files of `expected` (name -> SHA-256), each with that content;
    else what differs (unknown, missing or changed files, anything that is not a regular file)."""
    if not isinstance(expected, dict) or not all(isinstance(v, str) for v in expected.values()):
        return "its manifest lists no files"
    try:
        entries = {e.name: e for e in os.scandir(folder) if e.name not in skip}
    except OSError as exc:
        return f"cannot be listed ({exc.strerror or exc})"
    unknown = sorted(set(entries) - set(expected))
    if unknown:
        return f"holds files it did not write ({', '.join(unknown[:3])})"
    missing = sorted(set(expected) - set(entries))
    if missing:
        return f"misses files ({', '.join(missing[:3])})"
    for name, entry in entries.items():
        try:
            digest = file_digest(Path(entry.path))
        except OSError as exc:
            return f"has an unreadable file {name} ({exc.strerror or exc})"
        if not hmac.compare_digest(digest, expected[name]):
            return f"has a changed file {name}"
    return None


# --- index artifacts ----------------------------------------------------------------------------------
ARTIFACT_MANIFEST = "footprint-index.json"
ARTIFACT_FORMAT = 1
MAX_ARTIFACT_PART_BYTES = 1024 * 1024 * 1024  # a 20,000-file import graph is ~30 MB


class ArtifactRejected(Exception):
    """An index artifact that must not be used (tampered, damaged, another format); one line for the user."""


def write_artifact(folder: Path, parts: dict[str, Any], meta: dict[str, Any]) -> str:
    """Write `parts` (name -> JSON value, or bytes of JSON lines) into `folder` with the manifest that lists each part's SHA-256;
    returns the artifact's digest (the SHA-256 of the manifest). Paths inside parts are the areas' business
    (relative to the workspace root: an artifact does not depend on where it was built)."""
    folder.mkdir(parents=True, exist_ok=True)
    listed = {}
    for name, value in sorted(parts.items()):
        if isinstance(value, bytes):  # JSON lines, encoded by the area (a header line, then one value a line)
            body, file = value, f"{name}.jsonl"
        else:
            body = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
            file = f"{name}.json"
        storage.atomic_write_bytes(folder / file, body)
        listed[name] = {"file": file, "sha256": hashlib.sha256(body).hexdigest(), "bytes": len(body)}
    manifest = json.dumps({"format": ARTIFACT_FORMAT, **meta, "parts": listed}, indent=1, sort_keys=True).encode()
    storage.atomic_write_bytes(folder / ARTIFACT_MANIFEST, manifest)
    return hashlib.sha256(manifest).hexdigest()


def read_artifact(folder: Path, pinned: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(manifest, parts) of the artifact in `folder`, every part checked against the manifest and the
    manifest against `pinned` (its SHA-256) when given. Raises ArtifactRejected with the reason."""
    try:
        raw = storage.read_bounded(folder / ARTIFACT_MANIFEST, storage.MAX_JSON_BYTES)
    except OSError as exc:
        raise ArtifactRejected(f"{folder}: no readable {ARTIFACT_MANIFEST} ({exc.strerror or exc})") from None
    digest = hashlib.sha256(raw).hexdigest()
    if pinned and not hmac.compare_digest(digest, pinned.strip().lower().removeprefix("sha256:")):
        raise ArtifactRejected(f"{folder}: its manifest's sha256 is {digest}, not the pinned {pinned}")
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except ValueError as exc:
        raise ArtifactRejected(f"{folder}: {ARTIFACT_MANIFEST} is not JSON ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != ARTIFACT_FORMAT \
            or not isinstance(manifest.get("parts"), dict):
        raise ArtifactRejected(f"{folder}: not a footprint index artifact of format {ARTIFACT_FORMAT}")
    parts = {}
    for name, entry in manifest["parts"].items():
        file = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(file, str) or "/" in file or "\\" in file or file.startswith(".") \
                or not isinstance(entry.get("sha256"), str):
            raise ArtifactRejected(f"{folder}: its manifest lists a bad part {name!r}")
        try:
            body = storage.read_bounded(folder / file, MAX_ARTIFACT_PART_BYTES)
        except OSError as exc:
            raise ArtifactRejected(f"{folder}: part {file} cannot be read ({exc.strerror or exc})") from None
        if not hmac.compare_digest(hashlib.sha256(body).hexdigest(), entry["sha256"]):
            raise ArtifactRejected(f"{folder}: {file} does not match the sha256 its manifest lists "
                                   "(tampered or damaged): not used")
        if file.endswith(".jsonl"):
            parts[name] = body  # JSON lines: the area decodes them, line by line, as data
            continue
        try:
            with storage.collection_paused():
                parts[name] = json.loads(body.decode("utf-8"))
        except ValueError as exc:
            raise ArtifactRejected(f"{folder}: {file} is not JSON ({exc})") from None
    return {**manifest, "sha256": digest}, parts


ARTIFACT_ENV = "FOOTPRINT_INDEX"  # an artifact folder a server or CLI takes what it lacks from
ARTIFACT_PIN_ENV = "FOOTPRINT_INDEX_SHA256"  # its pinned digest (optional)
_from_env: dict[tuple[str, str], tuple[dict, dict] | None] = {}


def artifact_from_env() -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The artifact FOOTPRINT_INDEX names (checked, see `read_artifact`), read once per process; None when
    unset or rejected (one warning line says why)."""
    folder = os.environ.get(ARTIFACT_ENV, "")
    if not folder:
        return None
    key = (folder, os.environ.get(ARTIFACT_PIN_ENV, ""))
    with _lock:
        if key in _from_env:
            return _from_env[key]
    try:
        found: tuple[dict, dict] | None = read_artifact(Path(folder), key[1] or None)
    except ArtifactRejected as exc:
        log.warning("index artifact rejected: %s", exc)
        found = None
    with _lock:
        _from_env[key] = found
    return found
