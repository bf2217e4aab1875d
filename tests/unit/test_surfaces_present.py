"""The one presenter (lsp_server/surfaces/present.py): the same typed area result rendered for LSP clients in
UTF-8, UTF-16 and UTF-32 and for CLI JSON (UTF-16, paths relative to the current directory); and the error
mapping of the surfaces (exit codes, JSON-RPC codes). Columns are computed here from the text itself, not
through lsp_server.positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import CommandContext
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.errors import FootprintError, InvalidArgument, NotFound
from lsp_server.features.find_in_files import find_in_files
from lsp_server.features.footprints import compute_footprint
from lsp_server.surfaces import cli
from lsp_server.surfaces.commands import check_file, find_in_files_command, footprint_command
from lsp_server.surfaces.errors import EXIT_USAGE, INVALID_PARAMS, REQUEST_FAILED, exit_code, jsonrpc_code
from lsp_server.surfaces.present import display_path, for_cli, for_lsp
from lsp_server.workspace import Workspace

# An astral character (2 UTF-16 units, 4 UTF-8 bytes) and CJK (1 unit, 3 bytes) before everything that matters.
SOURCE = (
    'const label = "中文 😀"; var box = makeBox();\n'
    '/* 😀 */ box.width = 200;\n'
    "/* 😀 */ let broken = ;\n"
)
ENCODINGS = ("utf-8", "utf-16", "utf-32")


def units(text: str, encoding: str) -> int:
    """Length of `text` in an LSP encoding's units, from the string alone."""
    return {"utf-8": len(text.encode("utf-8")), "utf-16": len(text.encode("utf-16-le")) // 2,
            "utf-32": len(text)}[encoding]


def column(needle: str, encoding: str) -> tuple[int, int]:
    """(line, character) of the first `needle` in SOURCE, in `encoding`."""
    row, text = next((i, text) for i, text in enumerate(SOURCE.split("\n")) if needle in text)
    return row, units(text[:text.index(needle)], encoding)


def column_of_byte(offset: int, encoding: str) -> tuple[int, int]:
    """(line, character) of a UTF-8 byte offset of SOURCE, in `encoding`."""
    before = SOURCE.encode("utf-8")[:offset].decode("utf-8").split("\n")
    return len(before) - 1, units(before[-1], encoding)


def syntax_error(ws: Workspace):
    doc = document(ws)
    (finding,) = [f for f in run_checks(doc, CheckContext(ws), (Phase.TYPE, Phase.SAVE)) if f.code == "syntax-error"]
    assert finding.start > SOURCE.encode().index("let broken".encode())  # after the astral character
    return finding


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.js").write_text(SOURCE, encoding="utf-8")
    return Workspace(tmp_path)


def document(ws: Workspace) -> ParsedDocument:
    return ws.document(ws.root / "src" / "a.js")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_footprint_is_presented_in_the_negotiated_encoding(ws: Workspace, encoding: str):
    doc = document(ws)
    fp = compute_footprint(doc, SOURCE.encode().index(b"box ="))
    out = for_lsp(encoding, ws).footprint(doc, fp)
    assert (out["name_range"]["start"]["line"], out["name_range"]["start"]["character"]) == column("box =", encoding)
    width = out["statements"][1]["range"]["start"]
    assert (width["line"], width["character"]) == column("box.width", encoding)


def test_cli_json_is_utf16_whatever_the_lsp_would_negotiate(ws: Workspace):
    doc = document(ws)
    fp = compute_footprint(doc, SOURCE.encode().index(b"box ="))
    assert for_cli().footprint(doc, fp) == for_lsp("utf-16", ws).footprint(doc, fp)
    assert for_cli().footprint(doc, fp) != for_lsp("utf-8", ws).footprint(doc, fp)  # the astral line differs


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_footprint_command_reads_and_answers_in_the_callers_encoding(ws: Workspace, encoding: str):
    line, character = column("box.width", encoding)
    out = footprint_command(CommandContext(ws, encoding=encoding), {
        "uri": path_to_uri(ws.root / "src" / "a.js"), "position": {"line": line, "character": character}})
    assert out["name"] == "box"
    assert [(s["range"]["start"]["line"], s["range"]["start"]["character"]) for s in out["statements"]] == [
        column("var box", encoding), column("box.width", encoding)]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_find_matches_and_findings_carry_columns_in_the_callers_encoding(ws: Workspace, encoding: str):
    ctx = CommandContext(ws, encoding=encoding)
    found = find_in_files_command(ctx, {"query": "box.width"})
    (match,) = found["files"][0]["matches"]
    assert found["files"][0]["path"] == "src/a.js"  # LSP: relative to the workspace root
    assert (match["line"], match["character"]) == column("box.width", encoding)
    (syntax,) = [f for f in check_file(ctx, {"uri": path_to_uri(ws.root / "src" / "a.js")})
                 if f["code"] == "syntax-error"]
    finding = syntax_error(ws)
    assert (syntax["line"], syntax["character"]) == column_of_byte(finding.start, encoding)
    assert (syntax["end_line"], syntax["end_character"]) == column_of_byte(finding.end, encoding)


def test_cli_paths_are_relative_to_the_current_directory(ws: Workspace, monkeypatch):
    doc, finding = document(ws), syntax_error(ws)
    monkeypatch.chdir(ws.root / "src")
    item = for_cli().finding_at(doc, doc.path, finding)
    assert item["path"] == "a.js" and (item["line"], item["character"]) == column_of_byte(finding.start, "utf-16")
    assert display_path(ws.root / "README.md") == "../README.md"
    assert display_path(ws.root / "src" / "a.js", cwd=ws.root) == "src/a.js"
    # find: the same typed result, the caller's paths
    result = find_in_files(ws, "box.width")
    assert for_cli().find(result)["files"][0]["path"] == "a.js"
    assert for_lsp("utf-16", ws).find(result)["files"][0]["path"] == "src/a.js"


def test_cli_footprint_json_from_another_folder(ws: Workspace, monkeypatch, capsys):
    (ws.root / "sub").mkdir()
    monkeypatch.chdir(ws.root / "sub")
    line, character = column("box =", "utf-16")
    assert cli.main(["footprint", "--json", f"../src/a.js:{line + 1}:{character + 1}"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["path"] == "../src/a.js" and out["name"] == "box"
    assert (out["name_range"]["start"]["line"], out["name_range"]["start"]["character"]) == (line, character)


# --- error mapping --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("error,code,rpc", [
    (InvalidArgument("argument 'query' is empty"), EXIT_USAGE, INVALID_PARAMS),
    (NotFound("a.js: no such file"), EXIT_USAGE, INVALID_PARAMS),
    (FootprintError("the index could not be built"), EXIT_USAGE, REQUEST_FAILED),
])
def test_area_errors_map_to_exit_codes_and_jsonrpc_codes(error, code, rpc):
    assert exit_code(error) == code and jsonrpc_code(error) == rpc
    assert INVALID_PARAMS == -32602 and REQUEST_FAILED == -32803  # the LSP specification's numbers


@pytest.mark.parametrize("argv,message", [
    (["footprint", "nowhere.js:1:1"], "footprint-ls: nowhere.js: no such file\n"),
    (["footprint", "a.js:0:1"], "footprint-ls: line and column are 1-based, got 0:1\n"),
    (["find", "x", "nowhere"], "footprint-ls: nowhere: no such file or directory\n"),
    (["graph", "."], None),
])
def test_cli_errors_are_one_line_and_exit_2(tmp_path: Path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    code = cli.main(argv)
    err = capsys.readouterr().err
    if message is None:
        assert code == 0
    else:
        assert code == 2 and err == message


def test_a_symbol_answer_is_shown_relative_to_each_surface(tmp_path):
    """check_symbols returns absolute paths and 0-based lines; the LSP shows paths relative to the workspace
    root, the CLI relative to its current directory, and `source` with a 1-based line."""
    from lsp_server.knowledge.check_symbols import DocRef, SourceRef, SymbolAnswer

    root = tmp_path / "ws"
    (root / "types").mkdir(parents=True)
    ws = Workspace(root)
    answer = SymbolAnswer(name="Table.addRows", status="unknown", suggestions=("Table.addRow",),
                          source=SourceRef(root / "types" / "engine.d.ts", 9), confidence=0.876,
                          doc=DocRef(root / "docs" / "table.md", 4, "Table.addRow", for_name="Table.addRow"))
    lsp = for_lsp("utf-16", ws).symbol(answer)
    assert lsp["source"] == "types/engine.d.ts:10" and lsp["doc"] == {
        "path": "docs/table.md", "line": 4, "heading": "Table.addRow", "for": "Table.addRow"}
    assert lsp["suggestions"] == ["Table.addRow"] and lsp["confidence"] == 0.88
    assert "provided" not in lsp and "candidates" not in lsp  # optional fields only when they say something
    shown = for_cli(cwd=root / "types").symbol(answer)
    assert shown["source"] == "engine.d.ts:10" and shown["doc"]["path"] == "../docs/table.md"
    assert json.loads(json.dumps(shown)) == shown
