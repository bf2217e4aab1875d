"""Every tree-sitter query file under grammars/ compiles against its language."""

from __future__ import annotations

import pytest

from lsp_server import queries


@pytest.mark.parametrize("path", queries.all_query_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_query_compiles(path):
    assert queries.load(path.parent.name, path.stem) is not None
