"""Rule telemetry through the real CLI process: post-write hooks in sequence, then `footprint-ls rules stats`
(split from tests/unit/test_conventions_telemetry.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli
from tests.support.conventions_support import make_workspace, rule_text


def test_noisy_rule_after_a_scripted_sequence_of_saves(tmp_path: Path):
    """A rule whose trigger is too broad fires on every save and the code around it never changes."""
    ws = make_workspace(tmp_path, {
        "broad.md": rule_text("t/too-broad", regex=r"\bconst\b", priority=1),  # fires on every const
        "precise.md": rule_text("t/precise", regex=r"\bvar\b", priority=2),
    }, {".gitignore": ".fp-cache/\n"}, config="noisy_min_firings = 5\n")
    src = tmp_path / "src/a.js"
    src.parent.mkdir()
    for i in range(8):  # the agent keeps writing the file, each time in its own session
        body = "".join(f"const v{j} = {j};\n" for j in range(i + 1))
        body += "var old = 1;\n" if i % 2 == 0 else "let fixed = 1;\n"  # var is fixed each time it is flagged
        src.write_text(body, encoding="utf-8")
        event = json.dumps({"cwd": str(tmp_path), "session_id": f"s{i}", "tool_input": {"file_path": "src/a.js"}})
        res = run_cli("hook", "post-write", input=event, cwd=tmp_path)
        assert res.returncode == 2 and "t/too-broad" in res.stderr, res.stderr
    res = run_cli("rules", "stats", "--format", "json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    stats = {s["rule"]: s for s in json.loads(res.stdout)}
    broad, precise = stats["t/too-broad"], stats["t/precise"]
    assert broad["noisy"] and broad["followed_share"] == 0.0 and broad["sessions"] == 8
    assert not precise["noisy"] and precise["followed_share"] == 1.0
    text = run_cli("rules", "stats", cwd=tmp_path).stdout
    assert "t/too-broad" in text and "NOISY" in text.splitlines()[1]
