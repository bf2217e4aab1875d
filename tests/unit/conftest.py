"""The rule of tests/unit: a unit test starts no process. Starting one (subprocess, asyncio subprocesses,
multiprocessing, fork, spawn, os.system) raises here, and a test whose code swallowed that error still fails at
teardown; such a test belongs in tests/e2e, which runs the real CLI, the real server and real git."""

from __future__ import annotations

import os
import subprocess

import _posixsubprocess
import pytest

MESSAGE = "unit tests start no process: move this test to tests/e2e"


class ProcessStartedInUnitTest(RuntimeError):
    """Raised when a unit test (or the code it calls) starts a process. A RuntimeError, not an OSError, so the
    `except OSError` fallbacks of the code under test do not mistake it for a missing program."""


# The entry points every way of starting a process ends in: subprocess.run/Popen/check_output and asyncio's
# subprocesses in Popen._execute_child (subprocess binds fork_exec at import, so patching _posixsubprocess alone
# would miss it), multiprocessing's spawn/forkserver in _posixsubprocess.fork_exec, its fork and pty in
# os.fork/os.forkpty, os.system and os.spawn* on their own.
_ENTRY_POINTS = [(subprocess.Popen, "_execute_child"), (_posixsubprocess, "fork_exec")] + [
    (os, name) for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system", "spawnv", "spawnve",
                            "spawnvp", "spawnvpe")
    if hasattr(os, name)]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # Remember whether the test already failed, so an attempt whose error surfaced is not reported twice.
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture(autouse=True)
def no_process_started(request, monkeypatch):
    """Yields the list of attempts; a test that expects the error (the meta-test) clears it."""
    attempts: list[str] = []

    def refuse(name: str):
        def started(*args, **kwargs):
            attempts.append(name)
            raise ProcessStartedInUnitTest(f"{MESSAGE} ({name})")
        return started

    for module, name in _ENTRY_POINTS:
        monkeypatch.setattr(module, name, refuse(f"{module.__name__}.{name}"))
    yield attempts
    if attempts and not request.node.stash.get(_FAILED, False):
        pytest.fail(f"{MESSAGE}: the code under test caught the error of {', '.join(attempts)}", pytrace=False)


@pytest.fixture(autouse=True)
def our_loggers_stay_enabled():
    """A test that switches off lsp_server's loggers (logging.config.dictConfig without
    disable_existing_loggers=False, as import-linter's does) silently breaks every later test in its worker that
    checks our log records; fail the test that did it, not the innocent one after it."""
    import logging

    yield
    off = sorted(name for name, logger in logging.Logger.manager.loggerDict.items()
                 if name.split(".")[0] == "lsp_server" and isinstance(logger, logging.Logger) and logger.disabled)
    if off:
        pytest.fail(f"this test left lsp_server loggers disabled: {', '.join(off[:5])}", pytrace=False)
