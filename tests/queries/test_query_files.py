"""Every query file under grammars/ compiles, and captures only names from our closed vocabulary."""

from __future__ import annotations

import re

import pytest

from lsp_server import queries

VOCABULARY = {"def.var", "def.func", "def.class", "def.param", "def.import", "ref", "member.object",
              "member.property", "import.source", "call.callee", "scope"}


@pytest.mark.parametrize("path", queries.all_query_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_query_compiles_with_known_captures(path):
    query = queries.load(path.parent.name, path.stem)
    assert query.pattern_count > 0
    names = set(re.findall(r"@([\w.]+)", re.sub(r";.*", "", path.read_text(encoding="utf-8"))))
    assert names <= VOCABULARY, f"unknown capture names: {names - VOCABULARY}"


def test_every_pattern_has_a_sample_comment():
    for path in queries.all_query_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.startswith("("):
                above = lines[i - 1] if i else ""
                assert above.startswith(";") or lines[i - 1].startswith("("), f"{path.name}:{i + 1} needs a sample comment"
