"""Remote rule sources: a central conventions repo cloned/fetched with git into the cache folder.

Layout under `<cache_dir>/conventions/remote/<name>-<hash>/`: `repo.git` (a bare repository, fetched
incrementally) and `current/` (a snapshot of the wanted ref and subfolder, exported with `git archive`
and swapped in atomically, so readers never see a half-updated copy). `current/.footprint-remote.json`
records the URL, ref, commit and time of the last good fetch.

Fetches run in a background thread and never block diagnostics: rules come from the last good copy until
the fetch finishes, then the service reloads. A failing fetch (offline, bad URL, bad ref) keeps the last
good copy and is reported once: one log line, and a warning shown to the user. Git runs with hooks
disabled and no terminal prompts; nothing fetched is executed.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lsp_server.security import safe_git
from lsp_server.storage import atomic_write_json, read_json, swap_directory

log = logging.getLogger(__name__)

META_FILE = ".footprint-remote.json"
SHA_RE = re.compile(r"^[0-9a-fA-F]{7,64}$")


@dataclass(frozen=True)
class RemoteSource:
    url: str
    ref: str = ""  # branch, tag or commit; "" = the remote's default branch
    subdir: str = ""

    @property
    def key(self) -> str:
        digest = hashlib.sha1(f"{self.url}\n{self.ref}\n{self.subdir}".encode()).hexdigest()[:12]
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", self.url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"))[:40]
        return f"{name or 'rules'}-{digest}"

    def folder(self, cache_dir: Path) -> Path:
        return cache_dir / "conventions" / "remote" / self.key

    def copy(self, cache_dir: Path) -> Path:
        """The last good snapshot (its rules folder), which may not exist yet."""
        return self.folder(cache_dir) / "current"


class FetchError(RuntimeError):
    pass


# Variables that point git at another repository (set when we run inside a git hook, for instance).
_REPO_VARS = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
              "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX")


def git_env() -> dict[str, str]:
    """The environment for git: never prompt (no terminal, no askpass), never use another repository;
    proxies, certificates and credential helpers configured by the user still apply."""
    env = {k: v for k, v in os.environ.items() if k not in _REPO_VARS}
    env.update({"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": "", "GCM_INTERACTIVE": "never"})
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"  # ssh prompts on the tty, not stdin: forbid them
    return env


def git(args: list[str], cwd: Path | None = None, timeout: float = 120, binary: bool = False):
    """Run git with hooks disabled and no prompts; raise FetchError with git's own message on failure."""
    cmd = safe_git(*args)  # hooks, fsmonitor, credential helpers and the ext:: transport off
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=git_env(), capture_output=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError as exc:
        raise FetchError("git is not installed") from exc
    except subprocess.TimeoutExpired as exc:
        raise FetchError(f"git {args[0]} timed out after {timeout:.0f} s") from exc
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise FetchError(message[-1] if message else f"git {args[0]} failed with code {proc.returncode}")
    return proc.stdout if binary else proc.stdout.decode("utf-8", errors="replace")


def fetch(source: RemoteSource, cache_dir: Path, timeout: float = 120) -> dict:
    """Fetch `source` and swap in a fresh snapshot; return its metadata. Raises FetchError."""
    folder = source.folder(cache_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(".current.*"):  # left by a process killed mid-fetch
        shutil.rmtree(stale, ignore_errors=True)
    repo = folder / "repo.git"
    if not (repo / "HEAD").is_file():
        shutil.rmtree(repo, ignore_errors=True)
        git(["init", "--quiet", "--bare", str(repo)], timeout=timeout)
    gd = ["--git-dir", str(repo)]
    ref = source.ref or "HEAD"
    try:
        git([*gd, "fetch", "--quiet", "--no-tags", "--depth", "1", source.url, ref], timeout=timeout)
        commit = git([*gd, "rev-parse", "--verify", "FETCH_HEAD^{commit}"]).strip()
    except FetchError:
        if not SHA_RE.match(ref):
            raise
        # A commit id: not every server serves unadvertised commits by id; fetch the branches, then look it up.
        git([*gd, "fetch", "--quiet", "--no-tags", source.url, "+refs/heads/*:refs/remotes/origin/*"], timeout=timeout)
        commit = git([*gd, "rev-parse", "--verify", f"{ref}^{{commit}}"]).strip()
    treeish = f"{commit}:{source.subdir.strip('/')}" if source.subdir.strip("/") else commit
    try:
        archive = git([*gd, "archive", "--format=tar", treeish], binary=True, timeout=timeout)
    except FetchError as exc:
        raise FetchError(f"subdir '{source.subdir}' not found at {commit[:12]}: {exc}") from exc
    built = Path(tempfile.mkdtemp(prefix=".current.", dir=folder))
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(built, filter="data")  # no absolute paths, no escapes, no devices
        meta = {"url": source.url, "ref": source.ref, "subdir": source.subdir, "commit": commit,
                "fetched_at": time.time()}
        atomic_write_json(built / META_FILE, meta)
        swap_directory(built, source.copy(cache_dir))
    finally:
        shutil.rmtree(built, ignore_errors=True)
    return meta


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
            log.exception("rules: reloading after fetching %s failed", job.source.url)
    job.done.set()  # after the callbacks: whoever waits sees the reloaded rules


def describe_fallback(job: FetchJob) -> str:
    """The one line logged (and shown) when a fetch fails."""
    meta = copy_meta(job.source, job.cache_dir)
    if meta:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("fetched_at", 0)))
        using = f"using the last good copy (commit {str(meta.get('commit'))[:12]}, fetched {when})"
    else:
        using = "no copy yet, so its rules are not used"
    return f"Footprint rules: cannot fetch {job.source.url}{'@' + job.source.ref if job.source.ref else ''}: {job.error}; {using}"


def forget_jobs() -> None:
    """Tests: forget finished fetches so the next build fetches again."""
    with _jobs_lock:
        for key in [k for k, j in _jobs.items() if j.finished_at]:
            del _jobs[key]
