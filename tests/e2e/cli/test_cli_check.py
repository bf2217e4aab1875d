"""`footprint-ls check`: the JSON contract, text format, exit codes, config errors."""

from __future__ import annotations

import json

from tests.conftest import run_cli


def test_version():
    out = run_cli("--version")
    assert out.returncode == 0 and out.stdout.startswith("footprint-ls ")


def test_json_contract_and_exit_code_on_errors(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.js").write_text('const s = "😀";\nlet = ;\n', encoding="utf-8")
    (tmp_path / "src" / "ok.js").write_text("export const ok = 1;\n")
    out = run_cli("check", "--format", "json", "src", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    items = json.loads(out.stdout)
    assert items and all(set(i) >= {"path", "line", "character", "end_line", "end_character", "severity",
                                      "code", "source", "message"} for i in items)
    first = items[0]
    assert first["path"] == "src/bad.js" and first["source"] == "footprint"
    assert first["severity"] == "error" and first["code"] == "syntax-error"
    assert (first["line"], first["character"]) == (1, 4)


def test_text_format_is_one_based(tmp_path):
    (tmp_path / "bad.js").write_text("let = ;\n")
    out = run_cli("check", "bad.js", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == "bad.js:1:5: error syntax-error Syntax error: unexpected '='"


def test_clean_tree_exits_zero(tmp_path):
    (tmp_path / "a.js").write_text("export const a = 1;\n")
    out = run_cli("check", "--format", "json", ".", cwd=tmp_path)
    assert out.returncode == 0 and json.loads(out.stdout) == []


def test_config_error_exits_two_with_location(tmp_path):
    (tmp_path / "footprint.toml").write_text("bogus = 1\n")
    (tmp_path / "a.js").write_text("let a;\n")
    out = run_cli("check", "a.js", cwd=tmp_path)
    assert out.returncode == 2
    assert "footprint.toml:1: unknown key 'bogus'" in out.stderr


def test_usage_errors_exit_two(tmp_path):
    assert run_cli("check", cwd=tmp_path).returncode == 2
    assert run_cli("check", "missing.js", cwd=tmp_path).returncode == 2
    assert run_cli(cwd=tmp_path).returncode == 2
