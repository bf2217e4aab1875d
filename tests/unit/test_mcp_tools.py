"""The MCP tool table (surfaces/mcp/tools.py) without a server: schemas that any client can read, descriptions
that route the agent, and the 1-based `line`/`column`/`name` inputs turned into offsets."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from lsp_server.document import ParsedDocument
from lsp_server.errors import InvalidArgument
from lsp_server.surfaces.mcp.tools import TOOLS, offset_at


def walk(schema):
    yield schema
    for value in schema.values() if isinstance(schema, dict) else schema if isinstance(schema, list) else ():
        if isinstance(value, (dict, list)):
            yield from walk(value)


def test_every_schema_is_valid_and_portable():
    assert set(TOOLS) == {"lookup_docs", "check_symbols", "find_in_files", "footprint", "delete_footprint",
                          "search_queries", "rag_lookup", "review_changes", "conventions_context", "check"}
    for tool in TOOLS.values():
        for schema in (tool.input_schema, tool.output_schema):
            Draft202012Validator.check_schema(schema)
            for node in walk(schema):
                if isinstance(node, dict):
                    # Single-type dialects (Gemini's function declarations) reject a list of types.
                    assert not isinstance(node.get("type"), list), (tool.name, node)
        assert tool.input_schema["additionalProperties"] is False
        assert set(tool.input_schema["required"]) <= set(tool.input_schema["properties"])
        json.dumps(tool.input_schema), json.dumps(tool.output_schema)  # plain JSON


def test_descriptions_route_the_agent():
    assert "cannot invent" in TOOLS["lookup_docs"].description and "Free" in TOOLS["lookup_docs"].description
    assert "rag_lookup" in TOOLS["lookup_docs"].description  # where how-to questions go
    rag = TOOLS["rag_lookup"].description
    assert "MAY INVENT" in rag and "budgeted" in rag and "lookup_docs" in rag
    assert not TOOLS["delete_footprint"].read_only and all(t.read_only for n, t in TOOLS.items()
                                                            if n != "delete_footprint")


def test_inputs_are_checked_by_the_schema():
    lookup = Draft202012Validator(TOOLS["lookup_docs"].input_schema)
    assert not list(lookup.iter_errors({"query": "Table", "turn_id": 3, "known_symbols": ["Table"]}))
    assert list(lookup.iter_errors({"query": ""}))
    assert list(lookup.iter_errors({"query": "x", "turn_id": 1.5}))
    assert list(lookup.iter_errors({"query": "x" * 1001}))  # free text is bounded
    symbols = Draft202012Validator(TOOLS["check_symbols"].input_schema)
    assert list(symbols.iter_errors({"names": ["x" * 301]})) and list(symbols.iter_errors({"names": []}))
    delete = Draft202012Validator(TOOLS["delete_footprint"].input_schema)
    assert list(delete.iter_errors({"path": "a.js", "line": 0}))  # lines are 1-based
    assert list(delete.iter_errors({"path": "a.js", "line": 1, "sha256": "abc"}))


def test_line_column_and_name_inputs():
    doc = ParsedDocument.create("file:///w/a.js", "const é = 1;\nconst headings = 2, head = é;\n")
    assert offset_at(doc, {"line": 2, "column": 7}) == doc.source.index(b"headings")
    assert offset_at(doc, {"line": 2, "name": "head"}) == doc.source.index(b"head =")  # a whole word
    assert offset_at(doc, {"line": 1, "name": "é"}) == doc.source.index("é".encode())
    with pytest.raises(InvalidArgument, match="past the end"):
        offset_at(doc, {"line": 9, "column": 1})
    with pytest.raises(InvalidArgument, match="does not occur on line 1"):
        offset_at(doc, {"line": 1, "name": "head"})
    with pytest.raises(InvalidArgument, match="give `column`"):
        offset_at(doc, {"line": 1})


def test_text_rendering_is_capped():
    from lsp_server.surfaces.mcp.tools import MAX_TEXT_LINES, text_lines

    text = text_lines("head", None, *[f"row {i}" for i in range(500)])
    lines = text.splitlines()
    assert len(lines) == MAX_TEXT_LINES and lines[0] == "head" and "more line(s)" in lines[-1]
    assert text_lines("a", None, "b") == "a\nb"
