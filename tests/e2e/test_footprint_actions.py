"""The footprint features through the real server: code actions applied on the client side, versioned edits
that a changed document rejects, disabled actions, document highlights and the `footprint` command, in the
VS Code (UTF-16, versioned edits, disabledSupport), Neovim (UTF-8, plain edits) and UTF-32 profiles."""

from __future__ import annotations

import re

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.e2e.conftest import ENCODING_OF, make_client_fixture, position_of, units

client = make_client_fixture()

TEXT = (
    'import { Block } from "@acme/layout";\n'
    "export function preview(page) {\n"
    '  const title = "Aperçu 😀";\n'
    "  var a = 1, box = new Block(), c = 2;\n"
    '  /* 😀 */ box.width = 200;\n'
    "  box.style.border = \"1px\";\n"
    "  box.addRow()\n"
    "    .setHeight(3);\n"
    "  page.add(box);\n"
    "  return [title, a, c];\n"
    "}\n"
)
EXPECTED = (
    'import { Block } from "@acme/layout";\n'
    "export function preview(page) {\n"
    '  const title = "Aperçu 😀";\n'
    "  var a = 1, c = 2;\n"
    "  return [title, a, c];\n"
    "}\n"
)


def index_of(text: str, pos: lsp.Position, encoding: str) -> int:
    """Code-point index of an LSP position, computed independently of the server."""
    starts = [0] + [m.end() for m in re.finditer("\r\n|\r|\n", text)]
    line_start = starts[pos.line]
    i, used = line_start, 0
    while used < pos.character:
        used += units(text[i], encoding)
        i += 1
    return i


def apply_client_side(text: str, version: int, edit: lsp.WorkspaceEdit, uri: str, encoding: str) -> str:
    """What an editor does with a WorkspaceEdit: a versioned one is refused for another document version."""
    if edit.document_changes:
        (change,) = edit.document_changes
        assert change.text_document.uri == uri
        if change.text_document.version is not None and change.text_document.version != version:
            raise ValueError(f"stale edit for version {change.text_document.version}, document is at {version}")
        edits = list(change.edits)
    else:
        edits = list(edit.changes[uri])
    spans = sorted(((index_of(text, e.range.start, encoding), index_of(text, e.range.end, encoding), e.new_text)
                    for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


async def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=version, text=text)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def actions_at(client: LanguageClient, uri: str, pos: lsp.Position) -> list[lsp.CodeAction]:
    result = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Range(pos, pos), lsp.CodeActionContext(diagnostics=[])))
    return [a for a in (result or []) if isinstance(a, lsp.CodeAction) and a.title.startswith("Delete footprint")]


async def test_delete_footprint_applied_by_the_client(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    uri = f"file:///tmp/footprint-e2e/{client.profile}/apply.js"
    await open_doc(client, uri, TEXT, version=7)
    # On the reference after the emoji: the position is in the negotiated encoding.
    pos = position_of(TEXT, TEXT.index("box.width") + 1, enc)
    actions = await actions_at(client, uri, pos)
    assert [a.title for a in actions] == ["Delete footprint of `box` (6 lines)"]
    action = actions[0]
    assert action.kind == lsp.CodeActionKind.RefactorRewrite and action.disabled is None
    if client.profile != "neovim":
        assert action.edit.document_changes[0].text_document.version == 7
    assert apply_client_side(TEXT, 7, action.edit, uri, enc) == EXPECTED


async def test_stale_edit_is_rejected(client: LanguageClient):
    if client.profile == "neovim":
        pytest.skip("the Neovim profile has no workspaceEdit.documentChanges: edits cannot carry a version")
    enc = ENCODING_OF[client.profile]
    uri = f"file:///tmp/footprint-e2e/{client.profile}/stale.js"
    await open_doc(client, uri, TEXT, version=1)
    (action,) = await actions_at(client, uri, position_of(TEXT, TEXT.index("box ="), enc))
    changed = "// edited\n" + TEXT
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), text="// edited\n")]))
    with pytest.raises(ValueError, match="stale edit for version 1"):
        apply_client_side(changed, 2, action.edit, uri, enc)
    # Asked again, the server answers for the new version, and that edit applies.
    (fresh,) = await actions_at(client, uri, position_of(changed, changed.index("box ="), enc))
    assert fresh.edit.document_changes[0].text_document.version == 2
    assert apply_client_side(changed, 2, fresh.edit, uri, enc) == "// edited\n" + EXPECTED


async def test_entangled_footprint_is_disabled_with_its_reason(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    uri = f"file:///tmp/footprint-e2e/{client.profile}/entangled.js"
    text = "function f(a) {\n  const box = make();\n  box.width = 1;\n  render(a, box).show();\n  return box;\n}\n"
    await open_doc(client, uri, text)
    actions = await actions_at(client, uri, position_of(text, text.index("box ="), enc))
    if client.profile == "neovim":
        assert actions == []  # no disabledSupport: the server omits what cannot be applied
        return
    (action,) = actions
    assert action.edit is None
    assert action.disabled.reason == ("2 uses inside larger statements: line 4 render(a, box).show();; "
                                      "line 5 return box;")


async def test_document_highlight_shows_the_footprint(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    uri = f"file:///tmp/footprint-e2e/{client.profile}/highlight.js"
    await open_doc(client, uri, TEXT)
    highlights = await client.text_document_document_highlight_async(lsp.DocumentHighlightParams(
        lsp.TextDocumentIdentifier(uri), position_of(TEXT, TEXT.index("box.style"), enc)))
    by_line = {h.range.start.line: h for h in highlights}
    assert sorted(by_line) == [3, 4, 5, 6, 8]
    assert by_line[3].kind == lsp.DocumentHighlightKind.Write  # the declaration
    assert by_line[6].kind == lsp.DocumentHighlightKind.Read and by_line[6].range.end.line == 7
    line4 = TEXT.splitlines()[4]
    assert by_line[4].range.start.character == units(line4[: line4.index("box")], enc)


async def test_footprint_command(client: LanguageClient):
    enc = ENCODING_OF[client.profile]
    uri = f"file:///tmp/footprint-e2e/{client.profile}/command.js"
    await open_doc(client, uri, TEXT)
    pos = position_of(TEXT, TEXT.index("box.width"), enc)
    result = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="footprint", arguments=[{"uri": uri, "position": {"line": pos.line, "character": pos.character},
                                         "dependents": True}]))
    assert result["name"] == "box" and result["kind"] == "var" and result["exported"] is False
    assert [s["range"]["start"]["line"] for s in result["statements"]] == [3, 4, 5, 6, 8]
    assert result["statements"][1]["range"]["start"]["character"] == pos.character
    assert result["entangled"] == [] and result["dependents"] == [] and result["importers"] == []
    with pytest.raises(Exception, match="position"):
        await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command="footprint", arguments=[{"uri": uri, "position": [1, 2]}]))
