"""The LSP surface through the real server, in the VS Code (UTF-16), Neovim (UTF-8) and UTF-32 profiles:
commands answer in the negotiated encoding (the presenter), and an area's typed error reaches the client as
InvalidParams (-32602) with its one-line message. Columns are computed here from the text, independently."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument
from lsp_server.workspace import Workspace
from tests.e2e.conftest import ENCODING_OF, make_client_fixture, units

ROOT = Path(tempfile.mkdtemp(prefix="footprint-e2e-surfaces-"))
SOURCE = (
    'const label = "中文 😀"; var box = makeBox();\n'
    "/* 😀 */ box.width = 200;\n"
    "/* 😀 */ let broken = ;\n"
)
(ROOT / "src").mkdir()
(ROOT / "src" / "a.js").write_text(SOURCE, encoding="utf-8")
FILE_URI = (ROOT / "src" / "a.js").as_uri()

client = make_client_fixture(root_uri=ROOT.as_uri())


def column(needle: str, encoding: str) -> tuple[int, int]:
    row, text = next((i, text) for i, text in enumerate(SOURCE.split("\n")) if needle in text)
    return row, units(text[:text.index(needle)], encoding)


def column_of_byte(offset: int, encoding: str) -> tuple[int, int]:
    before = SOURCE.encode("utf-8")[:offset].decode("utf-8").split("\n")
    return len(before) - 1, units(before[-1], encoding)


async def command(client: LanguageClient, name: str, args: dict):
    return await client.workspace_execute_command_async(lsp.ExecuteCommandParams(command=name, arguments=[args]))


async def test_find_in_files_answers_in_the_negotiated_encoding(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    found = await command(client, "find_in_files", {"query": "box.width"})
    (file,) = found["files"]
    assert file["path"] == "src/a.js"  # relative to the workspace root
    (match,) = file["matches"]
    assert (match["line"], match["character"]) == column("box.width", enc)


async def test_check_file_answers_in_the_negotiated_encoding(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    findings = await command(client, "check_file", {"uri": FILE_URI})
    (syntax,) = [f for f in findings if f["code"] == "syntax-error"]
    # Where the parser puts the error, as UTF-8 bytes (in process); its columns are computed here from the text.
    (error,) = [f for f in run_checks(ParsedDocument.create(FILE_URI, SOURCE), CheckContext(Workspace(ROOT)),
                                      (Phase.TYPE,)) if f.code == "syntax-error"]
    assert error.start > SOURCE.encode().index(b"let broken")  # on the line that starts with an astral character
    assert (syntax["line"], syntax["character"]) == column_of_byte(error.start, enc)
    assert (syntax["end_line"], syntax["end_character"]) == column_of_byte(error.end, enc)


async def test_footprint_reads_and_answers_positions_in_the_negotiated_encoding(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    line, character = column("box.width", enc)
    out = await command(client, "footprint", {"uri": FILE_URI, "position": {"line": line, "character": character}})
    assert out["name"] == "box"
    starts = [(s["range"]["start"]["line"], s["range"]["start"]["character"]) for s in out["statements"]]
    assert starts == [column("var box", enc), column("box.width", enc)]


@pytest.mark.parametrize("name,args,message", [
    ("footprint", {"uri": FILE_URI, "position": {"line": -1, "character": 0}}, "position.line"),
    ("find_in_files", {"query": ""}, "must not be empty"),
    ("check_file", {"uri": "file:///etc/passwd"}, "outside the workspace"),
])
async def test_typed_area_errors_are_invalid_params(client: LanguageClient, name: str, args: dict, message: str):
    with pytest.raises(JsonRpcException) as err:
        await command(client, name, args)
    assert err.value.code == -32602 and message in err.value.message and name in err.value.message
