"""Every query file under grammars/ compiles against its language (as Helix and nvim-treesitter do in CI)."""

from __future__ import annotations

import pytest

from lsp_server import queries


@pytest.mark.parametrize("path", queries.all_query_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_query_compiles(path):
    lang = {"javascript": "javascript", "typescript": "typescript", "tsx": "tsx"}[path.parent.name]
    queries.load.cache_clear()
    assert queries.load(lang, path.stem).pattern_count > 0
