"""`footprint-ls rules check` runs each rule's Before/After examples: the real CLI process (split from
tests/unit/test_conventions_examples.py, whose example rule it reuses)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli
from tests.unit.test_conventions_examples import RULE, _rule


def test_rules_check_runs_the_examples(tmp_path: Path):
    (tmp_path / "footprint.toml").write_text('[rules]\npaths = ["rules"]\n', encoding="utf-8")
    _rule(tmp_path, RULE.replace("const a = 1;", "var b = 2;"))
    bad = run_cli("rules", "check", str(tmp_path), "--format", "json", cwd=tmp_path)
    assert bad.returncode == 1, bad.stderr
    messages = [p["message"] for p in json.loads(bad.stdout)["problems"]]
    assert messages == ["rule t/no-var fires on its After example"]
    _rule(tmp_path, RULE)
    good = run_cli("rules", "check", str(tmp_path), cwd=tmp_path)
    assert good.returncode == 0, good.stdout + good.stderr
