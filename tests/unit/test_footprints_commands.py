"""The `footprint` and `find_in_files` commands, the `footprint` and `find` CLI verbs, and cross-file
awareness, on small workspaces written to tmp_path."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

import lsp_server.graph.service  # noqa: F401  (registers the import graph service footprints ask)
import lsp_server.knowledge.concepts  # noqa: F401  (registers [concepts], which find expands)
from lsp_server.surfaces import cli
from lsp_server.commands import CommandContext, CommandError
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.features import footprints
from lsp_server.surfaces.cli import features as cli_features
from lsp_server.features.find_in_files import find_in_files
from lsp_server.features.footprints import compute_footprint, plan_deletions
from lsp_server.positions import UTF16
from lsp_server.surfaces.commands import find_in_files_command, footprint_command
from lsp_server.surfaces.present import for_lsp
from lsp_server.workspace import Workspace

PREVIEW = (
    'import { Block } from "@acme/layout";\n'
    "export function preview(page) {\n"
    '  const title = "中文 😀";\n'
    "  var box = new Block();\n"
    "  box.width = 200;\n"
    "  page.add(box);\n"
    "  return title;\n"
    "}\n"
)


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "preview.js").write_text(PREVIEW, encoding="utf-8")
    (tmp_path / "src" / "sampleData.json").write_text('{"rows": []}\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("The box is drawn by preview.\n", encoding="utf-8")
    return Workspace(tmp_path)


def ctx(ws: Workspace) -> CommandContext:
    return CommandContext(ws)


# --- footprint command ----------------------------------------------------------------------------------
def test_footprint_command_returns_the_footprint(ws: Workspace):
    uri = path_to_uri(ws.root / "src" / "preview.js")
    result = footprint_command(ctx(ws), {"uri": uri, "position": {"line": 4, "character": 3}})
    assert result["name"] == "box" and result["kind"] == "var"
    assert result["declaration"] == {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 24}}
    assert [(s["range"]["start"]["line"], s["role"]) for s in result["statements"]] == [
        (3, "declaration"), (4, "assign"), (5, "wire")]
    assert result["entangled"] == [] and result["dependents"] == [] and result["importers"] == []


def test_footprint_command_positions_are_utf16_without_a_session(ws: Workspace):
    uri = path_to_uri(ws.root / "src" / "preview.js")
    # `title` on line 6: `  return title;` -> character 9; and on line 2 after non-BMP text nothing else.
    result = footprint_command(ctx(ws), {"uri": uri, "position": {"line": 6, "character": 9}})
    assert result["name"] == "title"
    assert [u["line"] for u in result["entangled"]] == [6]


@pytest.mark.parametrize("args, message", [
    ({"position": {"line": 0, "character": 0}}, "missing argument 'uri'"),
    ({"uri": "untitled:1", "position": {"line": 0, "character": 0}}, "not a file URI"),
    ({"uri": "URI", "position": {"line": -1, "character": 0}}, "non-negative"),
    ({"uri": "URI", "position": [0, 0]}, "must be an object"),
    ({"uri": "URI", "position": {"line": 99, "character": 0}}, "past the end"),
    ({"uri": "URI", "position": {"line": 0, "character": 0}, "dependents": "yes"}, "true or false"),
])
def test_footprint_command_rejects_bad_arguments(ws: Workspace, args, message):
    uri = path_to_uri(ws.root / "src" / "preview.js")
    args = {k: (uri if v == "URI" else v) for k, v in args.items()}
    with pytest.raises(CommandError, match=message):
        footprint_command(ctx(ws), args)


def test_footprint_command_on_a_non_binding_returns_none(ws: Workspace):
    uri = path_to_uri(ws.root / "src" / "preview.js")
    assert footprint_command(ctx(ws), {"uri": uri, "position": {"line": 4, "character": 7}}) is None  # .width


# --- cross-file ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Site:
    path: Path
    line: int


def test_exported_binding_with_importers_is_offered_with_the_warning():
    doc = ParsedDocument.create("file:///w/theme.js", "export const theme = {};\ntheme.x = 1;\n")
    fp = compute_footprint(doc, 14)
    sites = [Site(Path("/w/a.js"), 0), Site(Path("/w/a.js"), 3), Site(Path("/w/b.js"), 1)]
    (plan,) = plan_deletions(doc, fp, sites)
    assert plan.title == "Delete footprint of `theme` (2 lines) — exported, imported by 2 files (a.js, b.js)"
    assert plan.disabled is None


def test_importers_come_from_the_import_graph_when_it_exists(tmp_path: Path):
    (tmp_path / "theme.js").write_text("export const theme = { ink: 1 };\n", encoding="utf-8")
    (tmp_path / "a.js").write_text('import { theme } from "./theme.js";\nconsole.log(theme.ink);\n', encoding="utf-8")
    ws = Workspace(tmp_path)
    result = footprint_command(CommandContext(ws), {"uri": path_to_uri(tmp_path / "theme.js"),
                                                    "position": {"line": 0, "character": 14}})
    assert result["exported"] and [i["path"] for i in result["importers"]] == ["a.js"]


def test_importers_of_a_binding_exported_under_another_name(tmp_path: Path):
    (tmp_path / "helpers.js").write_text("function helper() {}\nexport { helper as assist };\n", encoding="utf-8")
    (tmp_path / "a.js").write_text('import { assist } from "./helpers.js";\nassist();\n', encoding="utf-8")
    (tmp_path / "b.js").write_text('import { helper } from "./helpers.js";\n', encoding="utf-8")  # not exported as that
    ws = Workspace(tmp_path)
    result = footprint_command(CommandContext(ws), {"uri": path_to_uri(tmp_path / "helpers.js"),
                                                    "position": {"line": 0, "character": 10}})
    assert result["name"] == "helper" and result["exported"]
    assert [i["path"] for i in result["importers"]] == ["a.js"]


# --- find_in_files ----------------------------------------------------------------------------------------
def test_find_matches_contents_with_context_and_footprints(ws: Workspace):
    result = for_lsp(UTF16, ws).find(find_in_files(ws, "box.width", context=1))
    (f,) = [f for f in result["files"] if f["matches"]]
    assert f["path"] == "src/preview.js" and not f["name_match"]
    (m,) = f["matches"]
    assert m["line"] == 4 and m["character"] == 2 and m["text"] == "  box.width = 200;"
    assert [c["line"] for c in m["before"]] == [3] and [c["line"] for c in m["after"]] == [5]
    (fp,) = m["footprints"]
    assert fp["name"] == "box" and fp["declaration"]["line"] == 3
    assert [r["line"] for r in fp["lines"]] == [3, 5]


def test_find_matches_file_names(ws: Workspace):
    result = for_lsp(UTF16, ws).find(find_in_files(ws, "json"))
    assert [(f["path"], f["name_match"], f["matches"]) for f in result["files"]] == [("src/sampleData.json", True, [])]


def test_find_regex_include_and_errors(ws: Workspace):
    result = for_lsp(UTF16, ws).find(find_in_files(ws, r"b[o]x\b", is_regex=True, include=["*.md"]))
    assert [f["path"] for f in result["files"]] == ["README.md"]
    assert "footprints" not in result["files"][0]["matches"][0]  # not JavaScript
    with pytest.raises(CommandError, match="invalid regular expression"):
        find_in_files_command(ctx(ws), {"query": "(", "regex": True})
    with pytest.raises(CommandError, match="must not be empty"):
        find_in_files_command(ctx(ws), {"query": ""})
    with pytest.raises(CommandError, match="include"):
        find_in_files_command(ctx(ws), {"query": "x", "include": 3})
    with pytest.raises(CommandError, match="context"):
        find_in_files_command(ctx(ws), {"query": "x", "context": 99})


def test_find_without_match_reports_no_expansion_when_concepts_are_absent(ws: Workspace):
    result = find_in_files_command(ctx(ws), {"query": "nowhere-to-be-found"})
    assert result["files"] == [] and result["expansion"] is None


def test_find_expands_concepts_when_nothing_matches(tmp_path: Path):
    (tmp_path / "footprint.toml").write_text('[concepts]\n"the grid" = ["Table"]\n', encoding="utf-8")
    (tmp_path / "a.js").write_text("const t = new Table();\nt.addRow();\n", encoding="utf-8")
    # (footprint.toml itself says "the grid": search the sources only)
    result = find_in_files_command(CommandContext(Workspace(tmp_path)), {"query": "the grid", "include": ["*.js"]})
    assert result["expansion"] == {"word": "the grid", "symbols": ["Table"]}
    assert [m["line"] for m in result["files"][0]["matches"]] == [0]


# --- CLI -----------------------------------------------------------------------------------------------
def test_cli_footprint_json_and_text(ws: Workspace, capsys, monkeypatch):
    monkeypatch.chdir(ws.root)
    assert cli.main(["footprint", "--json", "src/preview.js:5:3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["name"] == "box" and out["path"] == "src/preview.js" and out["lines"] == 3
    assert cli.main(["footprint", "src/preview.js:5:3"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("box (var) declared at src/preview.js:4") and "      6:   page.add(box);" in text


def test_cli_footprint_apply_writes_the_deletion(ws: Workspace, capsys, monkeypatch):
    monkeypatch.chdir(ws.root)
    assert cli.main(["footprint", "--apply", "src/preview.js:4:7"]) == 0
    assert "applied: Delete footprint of `box` (3 lines)" in capsys.readouterr().out
    assert (ws.root / "src/preview.js").read_text(encoding="utf-8") == PREVIEW.replace(
        "  var box = new Block();\n  box.width = 200;\n  page.add(box);\n", "")


def test_cli_footprint_apply_refuses_entangled_and_changed_files(ws: Workspace, capsys, monkeypatch):
    monkeypatch.chdir(ws.root)
    target = ws.root / "src/preview.js"
    assert cli.main(["footprint", "--apply", "src/preview.js:3:9"]) == 1  # `title` is returned
    assert "not applied: 1 use inside larger statements: line 7 return title;" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == PREVIEW

    real = footprints.plan_deletions

    def edit_meanwhile(*args, **kwargs):  # another writer changes the file between read and write
        plans = real(*args, **kwargs)
        target.write_text(PREVIEW + "// edited\n", encoding="utf-8")
        return plans

    monkeypatch.setattr(cli_features, "plan_deletions", edit_meanwhile)  # the name the verb calls
    assert cli.main(["footprint", "--apply", "src/preview.js:4:7"]) == 1
    assert "changed since it was read" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == PREVIEW + "// edited\n"


@pytest.mark.parametrize("target, message", [
    ("src/preview.js", "expected FILE:LINE:COL"),
    ("src/preview.js:0:1", "1-based"),
    ("src/missing.js:1:1", "no such file"),
    ("src/sampleData.json:1:1", "JavaScript and TypeScript sources only"),
    ("src/preview.js:99:1", "past the end"),
])
def test_cli_footprint_usage_errors(ws: Workspace, capsys, monkeypatch, target, message):
    monkeypatch.chdir(ws.root)
    assert cli.main(["footprint", target]) == 2
    assert message in capsys.readouterr().err
