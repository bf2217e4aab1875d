"""`footprint-ls check`: the JSON contract, text format, exit codes, config errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO, run_cli


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


def _project_without_config(root):
    """A project with no footprint.toml: package.json, an engine in node_modules, a module beside src/."""
    (root / "package.json").write_text('{"name": "app", "dependencies": {"eng": "1.0.0"}}\n')
    engine = root / "node_modules" / "eng"
    engine.mkdir(parents=True)
    (engine / "package.json").write_text('{"name": "eng", "version": "1.0.0", "types": "index.d.ts"}\n')
    (engine / "index.d.ts").write_text("export declare class Table {\n  addRow(): void;\n}\n")
    (root / "lib").mkdir()
    (root / "lib" / "x.js").write_text("export function helper() {}\n")
    (root / "src").mkdir()
    (root / "src" / "a.js").write_text("import { Table } from 'eng';\nconst t = new Table();\nt.addRw();\n")
    (root / "src" / "b.js").write_text("import { helper, nope } from '../lib/x.js';\nhelper();\n")


def test_a_file_named_in_a_project_without_footprint_toml_is_checked_against_the_whole_project(tmp_path):
    """`check src/a.js` with no footprint.toml: the workspace is the folder of the nearest package.json, not
    `src/` alone, so the engine in node_modules and the module in lib/ are read (before, neither was: no
    finding at all, and `lib/x.js` "outside the workspace")."""
    _project_without_config(tmp_path)
    out = run_cli("check", "--format", "json", "src/a.js", "src/b.js", cwd=tmp_path)
    found = {(i["path"], i["code"], i["line"]) for i in json.loads(out.stdout)}
    assert ("src/a.js", "unknown-symbol", 2) in found  # JSON lines are 0-based, out.stdout + out.stderr
    assert ("src/b.js", "unknown-export", 0) in found, out.stdout + out.stderr
    assert "outside the workspace" not in out.stderr
    # the same from inside src/, and from a folder named instead of files
    out = run_cli("check", "--format", "json", "a.js", cwd=tmp_path / "src")
    assert [i["code"] for i in json.loads(out.stdout)] == ["unknown-symbol"], out.stdout + out.stderr
    out = run_cli("check", "--format", "json", "src", cwd=tmp_path)
    assert {i["code"] for i in json.loads(out.stdout)} == {"unknown-symbol", "unknown-export"}, out.stderr


def test_a_folder_with_no_project_marker_is_its_own_workspace(tmp_path):
    """No footprint.toml and no package.json anywhere above: a lone file still gets the defaults, in its own
    folder (a marker is looked for, never invented)."""
    (tmp_path / "lone").mkdir()
    (tmp_path / "lone" / "a.js").write_text("import { x } from './missing.js';\n")
    out = run_cli("check", "--format", "json", "lone/a.js", cwd=tmp_path)
    assert [i["code"] for i in json.loads(out.stdout)] == ["unresolved-import"], out.stdout + out.stderr


def test_the_search_for_a_project_stops_at_a_repository_root_and_below_home(tmp_path):
    """A marker above a repository's root (or in the home folder: a stray ~/package.json) does not make its
    folder the workspace of a file inside the repository: walking it would read far more than the project."""
    (tmp_path / "package.json").write_text('{"name": "outer"}\n')
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (tmp_path / "lib.js").write_text("export const x = 1;\n")
    (repo / "a.js").write_text("import { y } from '../lib.js';\n")
    out = run_cli("check", "--format", "json", "a.js", cwd=repo)
    assert [i["code"] for i in json.loads(out.stdout)] == [], out.stdout + out.stderr
    assert "outside the workspace" in out.stderr  # ../lib.js is outside the repository: not read
    home = tmp_path / "home"
    (home / "proj").mkdir(parents=True)
    (home / "package.json").write_text('{"dependencies": {"left-pad": "1"}}\n')
    (home / "proj" / "a.js").write_text("import { z } from './missing.js';\n")
    out = subprocess.run([sys.executable, "-m", "lsp_server", "check", "--format", "json", "a.js"], cwd=home / "proj",
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HOME": str(home), "PYTHONPATH": str(REPO)})
    found = json.loads(out.stdout)
    assert [i["code"] for i in found] == ["unresolved-import"], out.stdout + out.stderr
    # paths in messages are relative to the workspace: `proj/missing.js` had home been the project
    assert "': missing.js does not exist" in found[0]["message"], found[0]["message"]
