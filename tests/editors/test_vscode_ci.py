"""The VS Code extension's own CI, exactly as `.ci/run` runs it: `npm ci`, `tsc --noEmit`, the node unit
tests, the esbuild bundle and `vsce package`. Skipped only when the npm registry cannot be reached.

`.ci/run` runs ci.sh before the suite and keeps its output in editors/vscode/ci.log: when that log is complete
(ci.sh's last line, printed only when every step passed) and the .vsix it made is newer than every source it
bundles, the test asserts on that run instead of building the same .vsix again (~30 s); otherwise (the test run
alone, a source edited since, the .vsix rebuilt by the workbench test) it runs ci.sh itself."""

from __future__ import annotations

import subprocess
import zipfile

import pytest

from tests.editors.conftest import VSCODE, registry_unreachable_reason, vsix_is_fresh

pytestmark = pytest.mark.slow  # drives a real editor

CI_LOG = VSCODE / "ci.log"  # written by .ci/run
PASSED = "== ci.sh passed"


def ci_output() -> tuple[int, str]:
    """ci.sh's exit status and output: .ci/run's when it describes the .vsix there now, else a run of its own."""
    vsix = VSCODE / "footprint.vsix"
    if CI_LOG.is_file() and vsix_is_fresh() and CI_LOG.stat().st_mtime >= vsix.stat().st_mtime:
        output = CI_LOG.read_text(encoding="utf-8", errors="replace")
        if output.rstrip().endswith(PASSED):
            return 0, output
    proc = subprocess.run(["bash", str(VSCODE / "scripts" / "ci.sh")], cwd=VSCODE, capture_output=True,
                          text=True, timeout=900)
    return proc.returncode, proc.stdout + proc.stderr


def test_vscode_extension_ci_builds_tests_and_packages():
    reason = registry_unreachable_reason()
    if reason:
        pytest.skip(f"cannot build the VS Code extension: {reason}")
    returncode, output = ci_output()
    assert returncode == 0, f"editors/vscode/scripts/ci.sh failed (exit {returncode}):\n{output[-6000:]}"
    assert PASSED in output, f"ci.sh stopped before its end:\n{output[-4000:]}"
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
