"""Shared fixtures: paths of the bundled examples and a way to run the CLI as users do; how the suite runs in
parallel (pytest-xdist workers, the tests kept on one worker); the wall time of a whole tier, recorded for
`python -m benchmarks.testtiers`."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


def session_tempdir(prefix: str) -> str:
    """A temporary folder for the whole test run (for state captured at import, before per-test fixtures),
    removed when the run ends: a run leaves nothing behind in /tmp."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


# The processes the suite starts (the CLI, servers, hooks: several hundred) reuse compiled bytecode: with
# PYTHONDONTWRITEBYTECODE in the environment each of them would compile all of lsp_server again (~0.15 s of
# CPU apiece). __pycache__ is gitignored.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# A config folder for the whole run (module-scoped fixtures and servers started with an env captured at import
# run before the per-test one below is set): the user's real trust store and config.toml are never read.
SESSION_CONFIG_HOME = session_tempdir("footprint-test-config-")
os.environ["XDG_CONFIG_HOME"] = SESSION_CONFIG_HOME


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    # Never write indexes into the user's real cache, nor read or write their trust store, user-level config or
    # cache key: each test gets an empty config folder, so every folder is untrusted unless the test trusts it
    # (trust_folder below).
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))


def trust_folder(path: Path, config_home: str | None = None) -> None:
    """Trust `path` in this test's (isolated) trust store, as `footprint-ls trust PATH` would; in the one of
    `config_home` when given (the servers of tests/e2e read SESSION_CONFIG_HOME)."""
    from lsp_server import trust

    saved = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = config_home or saved or SESSION_CONFIG_HOME
    try:
        trust.trust(path)
    finally:
        if saved is None:
            os.environ.pop("XDG_CONFIG_HOME", None)
        else:
            os.environ["XDG_CONFIG_HOME"] = saved


def run_cli(*args: str, cwd: Path | None = None, input: str | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run `footprint-ls ARGS` in a subprocess, exactly as a user or an agent hook would."""
    return subprocess.run([sys.executable, "-m", "lsp_server", *args], cwd=cwd or REPO, input=input,
                          capture_output=True, text=True, timeout=timeout,
                          env={**__import__("os").environ, "PYTHONPATH": str(REPO)})


# --- running in parallel (pytest-xdist: `-n auto` in pyproject.toml) --------------------------------------
# Tests that share state outside their own tmp_path run on one worker, one after another: the benchmark runs
# (one session-wide `python -m benchmarks --quick`, tests/benchmarks/conftest.py; benchmarks/.work's generated
# workspaces, whose caches a cold-start row clears while another row would warm them; figures that a second
# benchmark beside them would skew) and VS Code (the extension's build writes editors/vscode/out, bundled/ and
# footprint.vsix, which the workbench test installs). So do the modules whose tests share one costly result:
# a module-scoped fixture (the wide evaluation's packages, the JS oracle's reports) or a per-process memo (the
# TypeScript oracle's reports, which also write their probe into the one shared install folder) would be
# computed again by each worker that runs one of its tests. Neovim's tests share none of that with VS Code: a
# group of their own (their module's editor and server start once), run beside it. The npm caches the corpora
# share take a file lock instead (benchmarks.common.file_lock), so other corpus tests run anywhere. (xdist's
# own `--dist loadgroup` cannot do this with pytest >= 9.2: it renames node ids through an attribute pytest no
# longer reads.) The order here is the order they are handed out in: the longest first.
SERIAL_GROUPS = {
    "vscode": ("tests/editors/test_vscode_ci.py", "tests/editors/test_vscode_workbench.py"),
    "benchmarks": ("tests/benchmarks/",),
    "tsoracle": ("tests/corpus/tsoracle/",),
    "wide": ("tests/corpus/wide/",),
    "jsoracle": ("tests/corpus/jsoracle/",),
    "neovim": ("tests/editors/test_neovim_e2e.py", "tests/editors/test_neovim_unit.py"),
}


def _group_of(nodeid: str) -> str | None:
    return next((group for group, prefixes in SERIAL_GROUPS.items() if nodeid.startswith(prefixes)), None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist's load-by-scope scheduler with each of SERIAL_GROUPS as one scope and every other test a scope of
    its own: a worker takes the next scope when it is free, in the order of the collection
    (pytest_collection_modifyitems below), not xdist's largest-scope-first (the number of tests says nothing of
    how long they take)."""
    from xdist.scheduler import LoadScopeScheduling

    class SerialGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _group_of(nodeid) or nodeid

    config.option.loadscopereorder = False
    return SerialGroups(config, log)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """The order work is handed out in: SERIAL_GROUPS (in their order), then the other modules holding slow
    tests, then the rest; each module's tests kept together and in order (a stable sort). The long tests start
    while both workers are fresh and the run ends on short ones, not on one long test that started last while
    the other worker sat idle."""
    slow_modules = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow")}
    groups = list(SERIAL_GROUPS)

    def rank(item) -> int:
        group = _group_of(item.nodeid)
        if group is not None:
            return groups.index(group)
        return len(groups) + (item.nodeid.split("::")[0] not in slow_modules)

    items.sort(key=rank)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` for a run that names only test files (or single tests) is one process: starting the workers,
    each importing and collecting again, costs more than it saves there. Folders, or no path, get a worker per
    core (xdist's default, None here)."""
    if config.args_source == pytest.Config.ArgsSource.ARGS and config.args and all(
            (config.invocation_params.dir / arg.split("::")[0]).is_file() for arg in config.args):
        return 0
    return None


# --- the wall time of a whole tier, recorded for `python -m benchmarks.testtiers` --------------------------
# Issue 19.6 sets `pytest -m "not slow"` <= 4 minutes and the whole suite <= 10. Running them inside
# `python -m benchmarks` would add a quarter of an hour to it, so each full run of a tier records its own wall
# time (with the machine's load, the commit and the outcome) and the benchmark reports the last one recorded.
TIER_RECORD = REPO / "benchmarks" / "results" / "test-tiers.json"
TIERS = {"": "whole suite", "not slow": "not slow"}
_STARTED = pytest.StashKey[tuple[float, str, tuple[float, float, float]]]()


def _tier_of(config) -> str | None:
    """"whole suite" or "not slow" when this run is one of them (every test path, no -k/--lf/-x, tests run:
    not `--collect-only`), else None."""
    opt = config.option
    if opt.collectonly:
        return None
    whole_tree = config.args_source == pytest.Config.ArgsSource.TESTPATHS or \
        [Path(a).resolve() for a in config.args] == [REPO / "tests"]
    if not whole_tree or opt.keyword or getattr(opt, "lf", False) or getattr(opt, "failedfirst", False) \
            or opt.maxfail or getattr(opt, "deselect", None):
        return None
    return TIERS.get((opt.markexpr or "").strip())


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist): it sees the whole run
        config.stash[_STARTED] = (time.monotonic(), datetime.now(timezone.utc).isoformat(timespec="seconds"),
                                  os.getloadavg())


def pytest_sessionfinish(session, exitstatus):
    config = session.config
    tier = _tier_of(config)
    if _STARTED not in config.stash or tier is None or exitstatus == pytest.ExitCode.INTERRUPTED:
        return
    started, at, load = config.stash[_STARTED]
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    counts = {k: len(reporter.stats.get(k, [])) for k in ("passed", "failed", "error", "skipped")} if reporter else {}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True)
    changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                             capture_output=True, text=True)
    record = {"tier": tier, "seconds": round(time.monotonic() - started, 1), "started": at,
              "load_average_at_start": [round(x, 2) for x in load],
              "load_average_at_end": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count(),
              "workers": getattr(config.option, "numprocesses", None) or 0, "exit_status": int(exitstatus),
              "commit": commit.stdout.strip() + (" with uncommitted changes" if changed.stdout.strip() else ""),
              "tests": counts,
              "command": "python -m pytest -q" + (f' -m "{config.option.markexpr}"' if config.option.markexpr else "")}
    try:
        records = json.loads(TIER_RECORD.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        records = {}
    records[tier] = record
    TIER_RECORD.parent.mkdir(parents=True, exist_ok=True)
    scratch = TIER_RECORD.with_suffix(f".{os.getpid()}.tmp")
    scratch.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    os.replace(scratch, TIER_RECORD)
