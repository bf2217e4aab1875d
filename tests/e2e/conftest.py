"""End-to-end fixtures: the real server as a subprocess over stdio, driven by pytest-lsp's client."""

from __future__ import annotations

import os
import re
import sys

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.conftest import REPO, SESSION_CONFIG_HOME, session_tempdir

SERVER = [sys.executable, "-m", "lsp_server", "serve"]
# Servers started by the e2e tests keep their caches out of the user's real ~/.cache, and read the test run's
# trust store and user config, never the user's (a test trusts its folder with trust_folder(ROOT, SESSION_CONFIG_HOME)).
_CACHE = session_tempdir("footprint-e2e-cache-")
ENV = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": _CACHE, "XDG_CONFIG_HOME": SESSION_CONFIG_HOME}


def capabilities(profile: str) -> lsp.ClientCapabilities:
    """Real client profiles; "utf-32" is the VS Code profile asking for UTF-32 only."""
    if profile == "utf-32":
        caps = client_capabilities("visual-studio-code")
        caps.general = lsp.GeneralClientCapabilities(position_encodings=[lsp.PositionEncodingKind.Utf32])
        return caps
    return client_capabilities(profile)


PROFILES = ["visual-studio-code", "neovim", "utf-32"]
ENCODING_OF = {"visual-studio-code": "utf-16", "neovim": "utf-8", "utf-32": "utf-32"}


def make_client_fixture(root_uri: str | None = None, params=PROFILES, init_options=None):
    # The first profile runs in every tier; the same test again in the other profiles belongs to the slow tier
    # (`pytest -m "not slow"` for day-to-day work: one real client per test; the whole suite runs them all).
    params = [p if i == 0 else pytest.param(p, marks=pytest.mark.slow) for i, p in enumerate(params)]

    @pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=ENV), params=params)
    async def client(lsp_client: LanguageClient, request):
        lsp_client.registrations = []

        @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
        def register(params: lsp.RegistrationParams):  # real clients accept dynamic registrations
            lsp_client.registrations.extend(params.registrations)

        result = await lsp_client.initialize_session(lsp.InitializeParams(
            capabilities=capabilities(request.param), root_uri=root_uri,
            workspace_folders=[lsp.WorkspaceFolder(uri=root_uri, name="ws")] if root_uri else None,
            initialization_options=init_options))
        lsp_client.profile = request.param
        lsp_client.init_result = result
        yield
        await lsp_client.shutdown_session()

    return client


# --- the client's side of positions, implemented independently of lsp_server.positions ---------------------
def units(text: str, encoding: str) -> int:
    """Length of `text` in the units of an LSP position encoding."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def position_of(text: str, index: int, encoding: str) -> lsp.Position:
    """LSP position of code-point index `index` in `text` (LSP line breaks: CRLF, LF, lone CR)."""
    lines = re.split("\r\n|\r|\n", text[:index])
    return lsp.Position(line=len(lines) - 1, character=units(lines[-1], encoding))
