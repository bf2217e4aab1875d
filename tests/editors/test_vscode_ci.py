"""The VS Code extension's own CI, exactly as `.ci/run` runs it: `npm ci`, `tsc --noEmit`, the node unit
tests, the esbuild bundle and `vsce package`. Skipped only when the npm registry cannot be reached."""

from __future__ import annotations

import subprocess
import zipfile

import pytest

from tests.editors.conftest import VSCODE, registry_unreachable_reason

pytestmark = pytest.mark.slow  # drives a real editor


def test_vscode_extension_ci_builds_tests_and_packages():
    reason = registry_unreachable_reason()
    if reason:
        pytest.skip(f"cannot build the VS Code extension: {reason}")
    proc = subprocess.run(["bash", str(VSCODE / "scripts" / "ci.sh")], cwd=VSCODE, capture_output=True,
                          text=True, timeout=900)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"editors/vscode/scripts/ci.sh failed (exit {proc.returncode}):\n{output[-6000:]}"
    assert "# fail 0" in output and "# pass 0" not in output, f"node tests did not all pass:\n{output[-4000:]}"
    vsix = VSCODE / "footprint.vsix"
    assert vsix.is_file(), "vsce did not produce footprint.vsix"
    with zipfile.ZipFile(vsix) as z:
        names = set(z.namelist())
    assert "extension/dist/extension.js" in names, sorted(names)
    assert "extension/package.json" in names
    assert "extension/media/icon.png" in names and "extension/media/walkthrough/server.md" in names
    assert not any("node_modules" in n or n.startswith("extension/src/") for n in names), \
        f"the .vsix must hold the bundle only: {sorted(names)}"
    # The bundled server (issue 20.3): our wheel, pip's, and a native wheel per supported CPython.
    wheels = [n.rsplit("/", 1)[-1] for n in names if n.startswith("extension/bundled/wheels/")]
    assert any(w.startswith("footprint_ls-") for w in wheels) and any(w.startswith("pip-") for w in wheels), wheels
    for tag in ("cp311", "cp312", "cp313"):
        assert any(w.startswith("tree_sitter-") and f"-{tag}-" in w for w in wheels), (tag, wheels)
