"""Remote rule sources: a central conventions repo cloned/fetched with git into the cache folder.

Layout under `<cache_dir>/conventions/remote/<name>-<hash>/`: `repo.git` (a bare repository, fetched
incrementally) and `current/` (a snapshot of the wanted ref and subfolder, exported with `git archive`
and swapped in atomically, so readers never see a half-updated copy). `current/.footprint-remote.json`
records the URL (credentials redacted), ref, commit and time of the last good fetch.

Fetches run in a background thread and never block diagnostics: rules come from the last good copy until
the fetch finishes, then the service reloads. A failing fetch (offline, bad URL, bad ref) keeps the last
good copy and is reported once: one log line, and a warning shown to the user. Git runs with hooks
disabled and no terminal prompts; nothing fetched is executed.

A source's URL and ref come from a config file, so they are checked before git sees them (`source_problem`):
a URL or ref starting with `-` is refused (it would be read as an option such as `--upload-pack=<program>`),
the URL's transport must be one of the configured protocols (https, ssh, file at most: never `ext::` or
another remote helper), and the ref must be a valid ref name (`git check-ref-format`). Every git command is
run by `gitexec.run_git` (values after `--end-of-options`, program-running config overridden, filter
drivers of the repository it runs in switched off). Messages and log lines name
a source by `display`, its URL without `user:password@`.

What is verified: a source may pin its content (`sha256`, `snapshot_digest` of the rules folder) or its commit
(a full commit id as `ref`); a fetch that does not match is refused and the last good copy kept. Every copy is
sealed (`SEAL_FILE`: digest and commit, signed with the user's key) and `verified_copy` checks it before the
rules load, so a copy edited in the cache is discarded and fetched again. Who made a commit is not checked.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lsp_server import integrity
from lsp_server.gitexec import GIT_PROTOCOLS, GitError, run_git
from lsp_server.security import redact_url
from lsp_server.storage import atomic_write_json, read_json, swap_directory

log = logging.getLogger(__name__)

META_FILE = ".footprint-remote.json"
SEAL_FILE = ".footprint-seal"  # the snapshot's digest and commit, signed with this user's key (integrity.py)
SEAL_PURPOSE = "rules-snapshot"
SHA_RE = re.compile(r"^[0-9a-fA-F]{7,64}$")
FULL_COMMIT_RE = re.compile(r"^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$")
SHA256_RE = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class RemoteSource:
    url: str
    ref: str = ""  # branch, tag or commit; "" = the remote's default branch
    subdir: str = ""
    protocols: tuple[str, ...] = GIT_PROTOCOLS  # the transports git may use for it ([rules] remote_protocols)
    sha256: str = ""  # the pinned `snapshot_digest` of the rules folder; "" = not pinned

    @property
    def display(self) -> str:
        """The URL for messages and logs: without its credentials."""
        return redact_url(self.url)

    @property
    def key(self) -> str:
        pin = f"\n{self.sha256.lower()}" if self.sha256 else ""  # a copy made under another pin is not this one
        digest = hashlib.sha1(f"{self.url}\n{self.ref}\n{self.subdir}{pin}".encode()).hexdigest()[:12]
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", self.display.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"))[:40]
        return f"{name or 'rules'}-{digest}"

    def folder(self, cache_dir: Path) -> Path:
        return cache_dir / "conventions" / "remote" / self.key

    def copy(self, cache_dir: Path) -> Path:
        """The last good snapshot (its rules folder), which may not exist yet."""
        return self.folder(cache_dir) / "current"


class FetchError(GitError):
    pass


_SCHEME_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)(://|::)")
_SCHEME_PROTOCOLS = {"https": "https", "ssh": "ssh", "git+ssh": "ssh", "ssh+git": "ssh", "file": "file"}


def protocol_of(url: str) -> str | None:
    """The transport git would use for `url` ("https", "ssh" or "file"), or None for any other (http, git://,
    `ext::` and every other `<helper>::` address), following git's own rules: `scheme://`, then a `:` before
    the first `/` (scp-style `host:path`, ssh), else a local path."""
    m = _SCHEME_RE.match(url)
    if m:
        return _SCHEME_PROTOCOLS.get(m.group(1).lower()) if m.group(2) == "://" else None
    if re.match(r"^[A-Za-z]:[\\/]", url):  # a Windows drive path
        return "file"
    return "ssh" if ":" in url.split("/", 1)[0] else "file"


def source_problem(source: RemoteSource) -> str | None:
    """Why git must not be run for `source` (its URL and ref come from a config file), or None."""
    for what, value in (("url", source.url), ("ref", source.ref), ("subdir", source.subdir)):
        if value.startswith("-"):
            return f"{what} {redact_url(value)!r} starts with '-' (it would be read as a git option); refused"
        if any(ord(c) < 32 or c == "\x7f" for c in value):
            return f"{what} {redact_url(value)!r} contains control characters; refused"
    protocol = protocol_of(source.url)
    if protocol is None:
        return (f"url {source.display!r}: only https://, ssh:// (or user@host:path) and local paths are "
                f"supported; refused")
    if protocol not in source.protocols:
        return (f"url {source.display!r}: the {protocol} protocol is not allowed "
                f"([rules] remote_protocols = {list(source.protocols)}); refused")
    if source.ref:
        try:  # prefixed, so the ref is never git's first word; check-ref-format takes no --end-of-options
            run_git(["check-ref-format", f"refs/footprint/{source.ref}"], timeout=30)
        except GitError:
            return f"ref {source.ref!r} is not a valid branch, tag or commit name (git check-ref-format); refused"
    return None


def fetch(source: RemoteSource, cache_dir: Path, timeout: float = 120) -> dict:
    """Fetch `source` and swap in a fresh snapshot; return its metadata. Raises FetchError."""
    import shutil  # here, not at the top: loading the rules service (every check, every hook) never fetches
    import tempfile

    problem = source_problem(source)
    if problem:
        raise FetchError(problem)
    folder = source.folder(cache_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(".current.*"):  # left by a process killed mid-fetch
        shutil.rmtree(stale, ignore_errors=True)
    repo = folder / "repo.git"
    if not (repo / "HEAD").is_file():
        shutil.rmtree(repo, ignore_errors=True)
        run_git(["init", "--quiet", "--bare"], values=[str(repo)], timeout=timeout)
    ref = source.ref or "HEAD"
    # --upload-pack: git's default, given explicitly so no remote.<url>.uploadpack in repo.git's config counts.
    fetch_args = ["fetch", "--quiet", "--no-tags", "--upload-pack=git-upload-pack"]
    run = dict(git_dir=repo, protocols=source.protocols)
    try:
        run_git([*fetch_args, "--depth", "1"], values=[source.url, ref], timeout=timeout, **run)
        commit = run_git(["rev-parse", "--verify"], values=["FETCH_HEAD^{commit}"], **run).strip()
    except GitError:
        if not SHA_RE.match(ref):
            raise
        # A commit id: not every server serves unadvertised commits by id; fetch the branches, then look it up.
        run_git(fetch_args, values=[source.url, "+refs/heads/*:refs/remotes/origin/*"], timeout=timeout, **run)
        commit = run_git(["rev-parse", "--verify"], values=[f"{ref}^{{commit}}"], **run).strip()
    treeish = f"{commit}:{source.subdir.strip('/')}" if source.subdir.strip("/") else commit
    try:
        archive = run_git(["archive", "--format=tar"], values=[treeish], binary=True, timeout=timeout, **run)
    except GitError as exc:
        raise FetchError(f"subdir '{source.subdir}' not found at {commit[:12]}: {exc}") from exc
    if FULL_COMMIT_RE.match(ref) and commit.lower() != ref.lower():  # git guarantees it; checked all the same
        raise FetchError(f"fetched commit {commit[:12]} is not the pinned ref {ref[:12]}: snapshot refused")
    built = Path(tempfile.mkdtemp(prefix=".current.", dir=folder))
    try:
        import tarfile  # here: only a fetch unpacks an archive, every process loads this module

        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(built, filter="data")  # no absolute paths, no escapes, no devices
        digest = snapshot_digest(built)
        if source.sha256 and digest != source.sha256.lower():
            raise FetchError(f"the content of {commit[:12]} has sha256 {digest}, not the pinned {source.sha256.lower()}: "
                             "snapshot refused")
        meta = {"url": source.display, "ref": source.ref, "subdir": source.subdir, "commit": commit,
                "sha256": digest, "fetched_at": time.time()}
        atomic_write_json(built / META_FILE, meta)
        integrity.write_signed_json(built / SEAL_FILE, {"key": source.key, "commit": commit, "sha256": digest},
                                    SEAL_PURPOSE)
        swap_directory(built, source.copy(cache_dir))
    finally:
        shutil.rmtree(built, ignore_errors=True)
    return meta


def snapshot_digest(folder: Path) -> str:
    """SHA-256 of a snapshot's content, as `sha256sum` lists it: the SHA-256 of the lines
    `<sha256 of the file>  ./<path>` of every file under `folder` in byte order of the path (our own
    `.footprint-*` files left out; a symlink counts as a file holding its target). The shell equivalent, in
    an export of the rules folder: `find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`."""
    lines = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            path = Path(dirpath) / name
            rel = "./" + path.relative_to(folder).as_posix()
            if rel in (f"./{META_FILE}", f"./{SEAL_FILE}"):
                continue
            if path.is_symlink():
                data_digest = hashlib.sha256(os.readlink(path).encode()).hexdigest()
            else:
                data_digest = integrity.file_digest(path)
            lines.append((rel.encode("utf-8", "surrogateescape"), data_digest))
    text = b"".join(f"{d}  ".encode() + rel + b"\n" for rel, d in sorted(lines))
    return hashlib.sha256(text).hexdigest()


def verified_copy(source: RemoteSource, cache_dir: Path) -> tuple[Path | None, str | None]:
    """(the snapshot folder, None) if there is a copy and it is what a fetch of ours wrote for `source`: its
    signed seal names this source, its content has the sealed digest, and the pinned `sha256` if there is
    one; (None, None) if there is no copy; (None, why) for a copy that fails, which is then deleted (the next
    fetch makes a new one). Rule files are data, but a planted or edited rule could still add or silence
    findings."""
    import shutil  # here, not at the top: see `fetch`

    copy = source.copy(cache_dir)
    if not copy.is_dir():
        return None, None
    seal, problem = integrity.read_signed_json(copy / SEAL_FILE, SEAL_PURPOSE)
    if problem is None and not isinstance(seal, dict):
        problem = "has no seal (not written by this version of Footprint for this user)"
    elif problem is None and seal.get("key") != source.key:
        problem = "was sealed for another source"
    if problem is None:
        try:
            digest = snapshot_digest(copy)
        except OSError as exc:
            digest, problem = "", f"cannot be read ({exc})"
        if problem is None and digest != seal.get("sha256"):
            problem = "changed after it was fetched"
        elif problem is None and source.sha256 and digest != source.sha256.lower():
            problem = f"has sha256 {digest}, not the pinned {source.sha256.lower()}"
    if problem is None:
        return copy, None
    shutil.rmtree(copy, ignore_errors=True)
    return None, f"the cached copy of {source.display} {problem}: discarded, fetched again"


def copy_meta(source: RemoteSource, cache_dir: Path) -> dict | None:
    meta = read_json(source.copy(cache_dir) / META_FILE)
    return meta if isinstance(meta, dict) else None


# --- background fetching ------------------------------------------------------------------------------
@dataclass
class FetchJob:
    source: RemoteSource
    cache_dir: Path
    thread: threading.Thread | None = None
    done: threading.Event = None  # type: ignore[assignment]
    error: str | None = None
    meta: dict | None = None
    callbacks: list[Callable[["FetchJob"], None]] = None  # type: ignore[assignment]
    finished_at: float = 0.0
    reported: bool = False  # a failure is logged and shown once per fetch, however many services listen


_jobs: dict[Path, FetchJob] = {}
_jobs_lock = threading.Lock()


def fetch_in_background(
    source: RemoteSource, cache_dir: Path, on_done: Callable[[FetchJob], None], refresh_s: float, timeout: float
) -> FetchJob:
    """Start fetching `source` unless a fetch is running or finished less than `refresh_s` ago in this
    process; `on_done(job)` runs (in the fetching thread) when it ends, or at once if it already has."""
    key = source.folder(cache_dir)
    with _jobs_lock:
        job = _jobs.get(key)
        fresh = job is not None and (not job.finished_at or time.time() - job.finished_at < refresh_s)
        if fresh:
            if job.finished_at:
                run_now = True
            else:
                job.callbacks.append(on_done)
                run_now = False
        else:
            job = FetchJob(source, cache_dir, done=threading.Event(), callbacks=[on_done])
            job.thread = threading.Thread(target=_run, args=(job, timeout), name=f"rules-fetch-{source.key}",
                                          daemon=True)
            _jobs[key] = job
            job.thread.start()
            run_now = False
    if run_now:
        on_done(job)
    return job


ATTEMPT_FILE = "last-attempt.json"


def is_due(source: RemoteSource, cache_dir: Path, refresh_s: float) -> bool:
    """Whether `source` should be fetched: no copy yet, or no attempt (by any process) in `refresh_s`."""
    if not source.copy(cache_dir).is_dir():
        return True
    attempt = read_json(source.folder(cache_dir) / ATTEMPT_FILE)
    last = attempt.get("t", 0) if isinstance(attempt, dict) else 0
    return not isinstance(last, (int, float)) or time.time() - last >= refresh_s


def job_for(source: RemoteSource, cache_dir: Path) -> FetchJob | None:
    with _jobs_lock:
        return _jobs.get(source.folder(cache_dir))


def _run(job: FetchJob, timeout: float) -> None:
    try:
        job.meta = fetch(job.source, job.cache_dir, timeout)
    except Exception as exc:  # noqa: BLE001 - a failed fetch falls back to the last good copy
        job.error = str(exc) or type(exc).__name__
    try:
        atomic_write_json(job.source.folder(job.cache_dir) / ATTEMPT_FILE, {"t": time.time(), "error": job.error})
    except OSError:
        pass
    with _jobs_lock:
        job.finished_at = time.time()  # from now on, new subscribers run their callback themselves
        callbacks = list(job.callbacks)
    for cb in callbacks:
        try:
            cb(job)
        except Exception:  # noqa: BLE001
            log.exception("rules: reloading after fetching %s failed", job.source.display)
    job.done.set()  # after the callbacks: whoever waits sees the reloaded rules


def describe_fallback(job: FetchJob) -> str:
    """The one line logged (and shown) when a fetch fails."""
    meta = copy_meta(job.source, job.cache_dir)
    if meta:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("fetched_at", 0)))
        using = f"using the last good copy (commit {str(meta.get('commit'))[:12]}, fetched {when})"
    else:
        using = "no copy yet, so its rules are not used"
    ref = f"@{job.source.ref}" if job.source.ref else ""
    return redact_url(f"Footprint rules: cannot fetch {job.source.display}{ref}: {job.error}; {using}")


def forget_jobs() -> None:
    """Tests: forget finished fetches so the next build fetches again."""
    with _jobs_lock:
        for key in [k for k, j in _jobs.items() if j.finished_at]:
            del _jobs[key]
