"""npm packages that corpus tests fetch at test time into a cache (never committed): one install per folder and
package list, skipped with a reason when npm or the registry cannot be reached."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from benchmarks.common import file_lock

NETWORK_ERRORS = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ETIMEDOUT", "ECONNRESET", "network", "getaddrinfo",
                  "ENETUNREACH", "EHOSTUNREACH", "proxy")


class Unavailable(Exception):
    """npm (or the registry) cannot be reached: the corpus test is skipped with this reason."""


def cache_root() -> Path:
    """Where fetched test material lives: $FOOTPRINT_TEST_CACHE, else ~/.cache/footprint-test."""
    return Path(os.environ.get("FOOTPRINT_TEST_CACHE") or Path.home() / ".cache" / "footprint-test")


def npm_install(root: Path, specs: list[str], timeout: int = 900) -> Path:
    """`specs` installed into `root/node_modules` once (a marker file records the list); returns `root`.
    Install scripts never run: the packages are data for the tests, not programs. Processes that want the same
    folder at once (parallel test workers) take turns: the first installs, the others find it installed."""
    ready = root / ".installed"
    if ready.is_file() and ready.read_text() == " ".join(specs):
        return root
    with file_lock(root):
        if ready.is_file() and ready.read_text() == " ".join(specs):
            return root
        return _install(root, specs, timeout)


def _install(root: Path, specs: list[str], timeout: int) -> Path:
    ready = root / ".installed"
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is not installed")
    root.mkdir(parents=True, exist_ok=True)
    (root / "package.json").write_text('{"name": "footprint-test-packages", "private": true}\n')
    try:
        proc = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-package-lock", "--ignore-scripts",
                               *specs], cwd=root, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise Unavailable(f"npm install timed out: {exc}") from exc
    if proc.returncode != 0:
        out = proc.stdout + proc.stderr
        if any(e in out for e in NETWORK_ERRORS):
            raise Unavailable(f"the npm registry is unreachable: {out.strip().splitlines()[-1] if out.strip() else ''}")
        raise RuntimeError(f"npm install failed:\n{out}")
    ready.write_text(" ".join(specs))
    return root
