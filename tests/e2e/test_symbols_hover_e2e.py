"""The engine-member hover of a misspelled member through the real server over stdio, on the example app
(a buffer opened in its `src/`, never written to disk): the did-you-mean is looked up on the receiver's side as
the `unknown-symbol` diagnostic was (a class value's statics, an instance's members, a module namespace's
exports), in JavaScript and TypeScript."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES
from tests.e2e.conftest import ENCODING_OF, make_client_fixture, position_of

APP = EXAMPLES / "layout-app"
client = make_client_fixture(root_uri=APP.as_uri(), params=["visual-studio-code"])

PROBE = """import * as layout from "@acme/layout";
import { Document } from "@acme/layout";

export async function probe() {
  const made = Document.craete({ title: "x" });
  const doc = Document.create({ title: "y" });
  doc.addPaeg();
  const opened = await Document.open("report.pdf");
  return [made, doc, opened, layout.Documnet];
}
"""


async def diagnostics_until(client: LanguageClient, uri: str, done, timeout: float = 60.0) -> list[lsp.Diagnostic]:
    """Wait for published diagnostics of `uri` until `done(diagnostics)` holds (each publication is an event)."""
    async def wait():
        while not done(client.diagnostics.get(uri, [])):
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]
    return await asyncio.wait_for(wait(), timeout)


async def hover(client: LanguageClient, uri: str, needle: str) -> str:
    at = PROBE.index(needle) + 1
    found = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(uri), position_of(PROBE, at, ENCODING_OF[client.profile])))
    assert found is not None, needle
    return found.contents.value


@pytest.mark.parametrize("suffix, language_id", [("js", "javascript"), ("ts", "typescript")])
async def test_hover_of_a_misspelled_member_names_the_real_one_on_the_receivers_side(
        client: LanguageClient, suffix: str, language_id: str):
    uri = (APP / "src" / f"hover_probe.{suffix}").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id=language_id, version=1, text=PROBE)))
    diags = await diagnostics_until(client, uri, lambda d: sum(x.code == "unknown-symbol" for x in d) >= 3)
    by_line = {d.range.start.line + 1: d.message for d in diags if d.code == "unknown-symbol"}
    assert by_line == {
        5: "`Document` has no static member `craete`; did you mean `create`?",
        7: "`Document` has no member `addPaeg`; did you mean `addPage`?",
        9: "`@acme/layout` has no export `Documnet`; did you mean `Document`?",
    }, by_line  # line 8: `Document.open`, a static that exists, is no finding

    # a misspelled static: the did-you-mean is the static `create` (the instance side has no such name)
    text = await hover(client, uri, "craete")
    assert text.startswith("Did you mean `create`?"), text
    assert "Document.create(options?: DocumentOptions): Document" in text and "engine.d.ts:" in text
    # a misspelled instance member: unchanged, the instance method
    text = await hover(client, uri, "addPaeg")
    assert text.startswith("Did you mean `addPage`?"), text
    assert "Document.addPage(options?: PageOptions): Page" in text
    # a static that exists: its signature, no warning
    text = await hover(client, uri, "open(")
    assert "Document.open(path: string): Promise<Document>" in text and "verified in object model" in text
    assert "has no" not in text and "Did you mean" not in text
    # a module namespace's misspelled export: the exported class
    text = await hover(client, uri, "Documnet")
    assert text.startswith("Did you mean `Document`?"), text
    assert "class Document" in text


UNTYPED = """import { Document } from "@acme/layout";

export function fill(pdf, thing) {
  pdf.addPaeg();
  thing.frobnicate();
  return Document;
}
"""


async def test_hover_of_a_near_miss_on_an_untyped_receiver_says_what_its_diagnostic_says(client: LanguageClient):
    """`pdf.addPaeg()` on a parameter nothing types: the vocabulary pass's warning, and on hover the suggested
    member's signature without the warning's words again (VS Code shows the diagnostic in the same hover: the
    text appeared twice); a name it does not flag gets no such hover."""
    uri = (APP / "src" / "untyped_probe.js").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id="javascript", version=1, text=UNTYPED)))
    diags = await diagnostics_until(client, uri, lambda d: any(x.code == "unknown-symbol" for x in d))
    found = [d for d in diags if d.code == "unknown-symbol"]
    assert [d.range.start.line + 1 for d in found] == [4], [d.message for d in found]
    message = found[0].message
    assert "no type in reach has `addPaeg`" in message and "did you mean `addPage`" in message, message

    async def hover_on(needle: str):
        return await client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier(uri),
            position_of(UNTYPED, UNTYPED.index(needle) + 1, ENCODING_OF[client.profile])))

    text = (await hover_on("addPaeg")).contents.value
    assert text.startswith("Did you mean `addPage`?"), text
    assert "Document.addPage(options?: PageOptions): Page" in text and "engine.d.ts:" in text, text
    assert message not in text and "no type in reach" not in text, text  # the diagnostic's words: once, its own
    other = await hover_on("frobnicate")
    assert other is None or "Did you mean" not in other.contents.value and "no type in reach" not in other.contents.value
