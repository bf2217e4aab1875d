"""The guard of tests/unit/conftest.py fires: a unit test that starts a process gets a clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def test_starting_a_process_in_a_unit_test_fails_with_a_clear_error(no_process_started):
    with pytest.raises(RuntimeError, match="unit tests start no process: move this test to tests/e2e"):
        subprocess.run([sys.executable, "-c", "pass"], check=False)
    with pytest.raises(RuntimeError, match="unit tests start no process"):
        os.system("true")
    if hasattr(os, "fork"):
        with pytest.raises(RuntimeError, match="unit tests start no process"):
            os.fork()
    # Every attempt is recorded, so one the code under test swallowed still fails the test at teardown.
    assert no_process_started == ["Popen._execute_child", "os.system"] + (["os.fork"] if hasattr(os, "fork") else [])
    no_process_started.clear()  # expected here: this test is the proof the guard fires
