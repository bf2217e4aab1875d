"""Files changed on disk count as saved (agents never send didSave); config errors are diagnostics on the
config file; the server keeps running on defaults."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_server.document import path_to_uri
from tests.e2e.conftest import ENV, SERVER, capabilities


@pytest.fixture
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("ws")
    (root / "footprint.toml").write_text("# team config\nexclude = 3\n")
    (root / "src").mkdir()
    (root / "src" / "ok.js").write_text("export const a = 1;\n")
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=ENV))
async def client(lsp_client: LanguageClient, workspace):
    lsp_client.registrations = []

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=capabilities("visual-studio-code"),
        workspace_folders=[lsp.WorkspaceFolder(uri=path_to_uri(workspace), name="ws")]))
    yield
    await lsp_client.shutdown_session()


async def wait_for_diagnostics(client: LanguageClient, uri: str, timeout: float = 10.0):
    deadline = asyncio.get_running_loop().time() + timeout
    while uri not in client.diagnostics:
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no diagnostics for {uri}; got {list(client.diagnostics)}")
        await asyncio.sleep(0.05)
    return list(client.diagnostics[uri])


async def test_config_error_is_published_on_the_config_file(client: LanguageClient, workspace):
    diags = await wait_for_diagnostics(client, path_to_uri(workspace / "footprint.toml"))
    assert [(d.range.start.line, d.code) for d in diags] == [(1, "config-error")]
    assert "exclude" in diags[0].message and "list" in diags[0].message


async def test_watchers_are_registered(client: LanguageClient):
    await asyncio.sleep(0.2)
    methods = [r.method for r in client.registrations]
    assert lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES in methods


async def test_file_written_on_disk_is_checked_without_open_or_save(client: LanguageClient, workspace):
    target = workspace / "src" / "agent.js"
    target.write_text("export function f( {\n", encoding="utf-8")
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(target), type=lsp.FileChangeType.Created)]))
    diags = await wait_for_diagnostics(client, path_to_uri(target))
    assert any(d.code == "syntax-error" for d in diags)
    # The agent fixes the file: the diagnostics clear.
    target.write_text("export function f() {}\n", encoding="utf-8")
    client.diagnostics.pop(path_to_uri(target))
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(target), type=lsp.FileChangeType.Changed)]))
    assert await wait_for_diagnostics(client, path_to_uri(target)) == []


async def test_fixing_the_config_clears_its_diagnostic(client: LanguageClient, workspace):
    cfg = workspace / "footprint.toml"
    await wait_for_diagnostics(client, path_to_uri(cfg))
    cfg.write_text('exclude = ["gen/**"]\n')
    client.diagnostics.pop(path_to_uri(cfg))
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(cfg), type=lsp.FileChangeType.Changed)]))
    assert await wait_for_diagnostics(client, path_to_uri(cfg)) == []


async def test_fixing_a_toml_syntax_error_is_picked_up(client: LanguageClient, workspace):
    """Issue 20.1: a file that failed to parse is still watched; its error sits on the broken line."""
    cfg = workspace / "footprint.toml"
    uri = path_to_uri(cfg)
    await wait_for_diagnostics(client, uri)
    for text, expected in (('exclude = ["gen/**"]\npacks_typo = ["x"\n', [(1, "invalid TOML")]),
                           ('exclude = ["gen/**"]\n', [])):
        cfg.write_text(text)
        client.diagnostics.pop(uri, None)
        client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
            lsp.FileEvent(uri=uri, type=lsp.FileChangeType.Changed)]))
        diags = await wait_for_diagnostics(client, uri)
        assert [(d.range.start.line, d.message.split(":")[0]) for d in diags] == expected


async def test_open_importer_is_rechecked_when_its_dependency_changes_on_disk(client: LanguageClient, workspace):
    (workspace / "footprint.toml").write_text("")
    lib = workspace / "src" / "lib.js"
    lib.write_text("export const one = 1;\n")
    main = workspace / "src" / "main.js"
    text = 'import { two } from "./lib.js";\nexport const x = two;\n'
    main.write_text(text)
    uri = path_to_uri(main)
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=text)))
    deadline = asyncio.get_running_loop().time() + 20
    while not any(d.code == "unknown-export" for d in client.diagnostics.get(uri, ())):
        assert asyncio.get_running_loop().time() < deadline, f"no unknown-export: {client.diagnostics.get(uri)}"
        await asyncio.sleep(0.05)
    # An agent adds the export on disk; main.js is not touched, yet its diagnostic must go.
    lib.write_text("export const one = 1;\nexport const two = 2;\n")
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(lib), type=lsp.FileChangeType.Changed)]))
    deadline = asyncio.get_running_loop().time() + 20
    while any(d.code == "unknown-export" for d in client.diagnostics.get(uri, ())):
        assert asyncio.get_running_loop().time() < deadline, "importer not re-checked after its dependency changed"
        await asyncio.sleep(0.05)


async def wait_until(client: LanguageClient, uri: str, predicate, what: str, timeout: float = 30.0):
    """The diagnostics of `uri` once `predicate` holds for them (each publish is an event; no fixed sleep)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not (uri in client.diagnostics and predicate(list(client.diagnostics[uri]))):
        assert asyncio.get_running_loop().time() < deadline, f"{what}: got {client.diagnostics.get(uri)}"
        await asyncio.sleep(0.05)
    return list(client.diagnostics[uri])


def unresolved(diags) -> list:
    return [d for d in diags if d.code == "unresolved-import"]


async def test_a_package_with_its_own_config_is_its_own_workspace(client: LanguageClient, workspace):
    """A monorepo opened at its root: a file under a package with its own footprint.toml is checked with that
    package's settings, as `footprint-ls check` and the agent hooks do (nearest config); creating or deleting
    that footprint.toml moves the open file between the package and the root, and re-checks it."""
    (workspace / "footprint.toml").write_text('[dependencies]\nunresolved_packages = "error"\n')
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(workspace / "footprint.toml"), type=lsp.FileChangeType.Changed)]))
    pkg = workspace / "packages" / "a"
    (pkg / "src").mkdir(parents=True)
    text = 'import pad from "left-pad-not-installed";\nexport const x = pad;\n'
    in_root, in_pkg = workspace / "src" / "uses.js", pkg / "src" / "uses.js"
    in_root.write_text(text)
    in_pkg.write_text(text)
    config = pkg / "footprint.toml"
    config.write_text('[dependencies]\nunresolved_packages = "off"\n')
    for path in (in_root, in_pkg):
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
            uri=path_to_uri(path), language_id="javascript", version=1, text=text)))
    root_uri, pkg_uri = path_to_uri(in_root), path_to_uri(in_pkg)
    diags = await wait_until(client, root_uri, unresolved, "the root's settings: an error")
    assert {d.severity for d in unresolved(diags)} == {lsp.DiagnosticSeverity.Error}
    assert unresolved(await wait_until(client, pkg_uri, lambda d: True, "the package's file checked")) == []

    config.unlink()  # the package now falls under the root's settings
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(config), type=lsp.FileChangeType.Deleted)]))
    diags = await wait_until(client, pkg_uri, unresolved, "after the package's config went")
    assert {d.severity for d in unresolved(diags)} == {lsp.DiagnosticSeverity.Error}

    config.write_text('[dependencies]\nunresolved_packages = "warning"\n')
    client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
        lsp.FileEvent(uri=path_to_uri(config), type=lsp.FileChangeType.Created)]))
    diags = await wait_until(client, pkg_uri, lambda d: {x.severity for x in unresolved(d)} == {
        lsp.DiagnosticSeverity.Warning}, "the package's new config: a warning")
    root_diags = list(client.diagnostics[root_uri])
    assert {d.severity for d in unresolved(root_diags)} == {lsp.DiagnosticSeverity.Error}  # the root's file stays
