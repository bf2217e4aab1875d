"""The bundled example's footprint.toml and pack load without a single config error."""

from __future__ import annotations

from lsp_server import plugins
from lsp_server.config import load_settings
from tests.conftest import EXAMPLES


def test_bundled_example_config_loads_cleanly():
    plugins.load()  # the real section schemas
    s = load_settings(EXAMPLES / "layout-app")
    assert [str(e) for e in s.errors] == []
    assert [p.name for p in s.packs] == ["layout-engine"]
