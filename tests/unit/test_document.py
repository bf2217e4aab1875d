"""ParsedDocument: incremental edits produce the same text and tree as a parse from scratch."""

from __future__ import annotations

import random

from lsp_server.document import ParsedDocument, TextChange, path_to_uri, uri_to_path

SRC = 'import { Block } from "@acme/layout";\nconst box = new Block(); // 中文 😀\nbox.width = 200;\n'


def fresh(text: str) -> str:
    return str(ParsedDocument.create("file:///x.js", text).tree.root_node)


def test_create_parses_javascript_by_extension():
    doc = ParsedDocument.create("file:///tmp/a.mjs", SRC, 1)
    assert doc.language == "javascript"
    assert not doc.has_syntax_errors
    assert [c.type for c in doc.tree.root_node.children] == ["import_statement", "lexical_declaration", "comment", "expression_statement"]


def test_unknown_extension_is_not_parsed():
    doc = ParsedDocument.create("file:///tmp/notes.md", "# hi")
    assert doc.language is None and doc.tree is None


def test_incremental_edit_matches_full_parse_and_keeps_old_snapshot():
    doc = ParsedDocument.create("file:///x.js", SRC, 1)
    new, edits = doc.apply_changes([TextChange("300", (2, 12), (2, 15))], 2)
    assert new.text == SRC.replace("200", "300")
    assert str(new.tree.root_node) == fresh(new.text)
    assert edits[0].start == SRC.encode().index(b"200") and edits[0].delta == 0
    # The old snapshot is untouched: its tree was copied before editing.
    assert doc.text == SRC and doc.node_text(doc.tree.root_node.child(3)) == "box.width = 200;"


def test_edit_after_astral_character_uses_utf16_columns():
    doc = ParsedDocument.create("file:///x.js", 'let s = "😀";\nlet t = 1;\n', 1)
    # UTF-16: `let s = "😀` is 11 units; replace the closing quote + `;` would be at 11..13.
    new, _ = doc.apply_changes([TextChange("!", (0, 11), (0, 11))], 2, "utf-16")
    assert new.text == 'let s = "😀!";\nlet t = 1;\n'
    new8, _ = doc.apply_changes([TextChange("!", (0, 13), (0, 13))], 2, "utf-8")
    assert new8.text == new.text


def test_whole_document_change():
    doc = ParsedDocument.create("file:///x.js", SRC, 1)
    new, edits = doc.apply_changes([TextChange("let a = 1;\n")], 5)
    assert new.text == "let a = 1;\n" and new.version == 5
    assert str(new.tree.root_node) == fresh(new.text)


def test_random_edit_sequences_match_full_parse():
    rng = random.Random(7)
    pieces = ["(", ")", "{", "}", "x", "é", "😀", "\n", " = ", "box.", "1;", "\r\n", "//", '"']
    doc = ParsedDocument.create("file:///x.js", SRC, 0)
    text = SRC
    for version in range(1, 150):
        a = rng.randrange(len(text) + 1)
        b = min(len(text), a + rng.randrange(4))
        while 0 < a < len(text) and text[a - 1] == "\r" and text[a] == "\n":
            a -= 1
        while 0 < b < len(text) and text[b - 1] == "\r" and text[b] == "\n":
            b += 1
        new = rng.choice(pieces)
        # positions in UTF-32 (code points) computed independently
        import re
        def pos(i):
            parts = re.split("\r\n|\r|\n", text[:i])
            return len(parts) - 1, len(parts[-1])
        doc, _ = doc.apply_changes([TextChange(new, pos(a), pos(b))], version, "utf-32")
        text = text[:a] + new + text[b:]
        assert doc.text == text
        assert str(doc.tree.root_node) == fresh(text), f"tree differs after edit {version}"


def test_uri_round_trip_with_spaces_and_unicode(tmp_path):
    path = tmp_path / "dir with space" / "fïle.js"
    uri = path_to_uri(path)
    assert uri.startswith("file://") and "%20" in uri
    assert uri_to_path(uri) == path
    assert uri_to_path("untitled:Untitled-1") is None
