"""`[typescript] unknown_symbols` through the real CLI (`check`, as CI runs it): no TypeScript service runs beside
it, so by default an invented member on a receiver typed by typings TypeScript finds is reported on a .ts file
("all"); an explicit "beyond-tsc" in footprint.toml leaves it to TypeScript; a mode that does not exist stops
the check with the config file's line (tests/support/typescript_default_support.py holds the workspace)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from tests.support.typescript_default_support import (
    ANY, ANY_LINE, FILE, TYPED, TYPED_LINE, make_ts_workspace, reported,
)


@pytest.mark.parametrize("mode", [None, "beyond-tsc", "all"], ids=["default", "beyond-tsc", "all"])
def test_check_reports_typed_receivers_unless_the_config_says_beyond_tsc(tmp_path, mode):
    root = make_ts_workspace(tmp_path / "ws", mode)
    proc = run_cli("check", "--format", "json", FILE, cwd=root)
    assert proc.returncode == 1, proc.stderr  # an error is found in every mode: the `as any` receiver's
    found = {(f["line"] + 1, f["data"]["member"]) for f in json.loads(proc.stdout) if f["code"] == "unknown-symbol"}
    lines = {TYPED: TYPED_LINE, ANY: ANY_LINE}
    assert found == {(lines[name], name) for name in reported(mode, default="all")}


def test_a_mode_that_does_not_exist_is_a_one_line_config_error(tmp_path):
    root = make_ts_workspace(tmp_path / "ws")
    (root / "footprint.toml").write_text('[typescript]\nunknown_symbols = "everything"\n', encoding="utf-8")
    proc = run_cli("check", FILE, cwd=root)
    assert proc.returncode == 2, proc.stdout
    assert "footprint.toml:2: [typescript] unknown_symbols: expected one of 'beyond-tsc', 'all', got 'everything'" \
        in proc.stderr
    assert "Traceback" not in proc.stderr
