"""The one JSDoc reader (lsp_server/syntax/jsdoc.py): which comment documents a node, and what it says."""

from __future__ import annotations

import textwrap

from lsp_server.document import ParsedDocument
from lsp_server.syntax.jsdoc import comment_before, jsdoc_before, parse


def test_parse_reads_params_returns_type_typedef_and_summary():
    doc = parse(textwrap.dedent("""\
        /**
         * Adds a block to the page.
         * Second line of the summary.
         *
         * More detail that is not the summary.
         * @param {Page} page The page.
         * @param {number} [count=1] How many.
         * @param {string} [label]
         * @returns {Block} the new block
         * @typedef {Object} Options
         */"""))
    assert doc.summary == "Adds a block to the page. Second line of the summary."
    assert doc.params == {"page": "Page", "count": "number", "label": "string"}
    assert doc.returns == "Block"
    assert doc.typedefs == {"Options": "Object"}
    assert parse("/** @type {Array<Page>} */").type == "Array<Page>"
    assert parse("/** @return {this} */").returns == "this"
    assert parse("/**\n * > an example\n * Real text.\n */").summary == "Real text."
    assert parse("// @type {Page}").type == "Page" and parse("// @type {Page}").summary == ""


def _doc(src: str) -> ParsedDocument:
    return ParsedDocument.create("file:///t/a.js", textwrap.dedent(src))


def _node(doc: ParsedDocument, text: str, type_: str):
    start = doc.source.index(text.encode())
    node = doc.tree.root_node.descendant_for_byte_range(start, start + len(text))
    while node.type != type_:
        node = node.parent
    return node


def test_the_comment_above_a_wrapping_declaration_documents_the_function():
    doc = _doc("""\
        /** @param {Page} page */
        const draw = (page) => page;
        /** @returns {Block} */
        Layout.prototype.block = function () {};
        """)
    assert jsdoc_before(_node(doc, "(page) => page", "arrow_function"), doc.source).params == {"page": "Page"}
    assert jsdoc_before(_node(doc, "function () {}", "function_expression"), doc.source).returns == "Block"


def test_a_member_never_takes_the_comment_of_its_container():
    doc = _doc("""\
        /**
         * The class.
         * @returns {Nope}
         */
        class A {
          plain() {}
          /** Documented. */
          documented() {}
        }
        """)
    assert comment_before(_node(doc, "plain() {}", "method_definition"), doc.source) == ""
    assert jsdoc_before(_node(doc, "documented() {}", "method_definition"), doc.source).summary == "Documented."
    assert jsdoc_before(_node(doc, "class A", "class_declaration"), doc.source).summary == "The class."


def test_adjacency_and_plain_comments():
    doc = _doc("""\
        /** @type {Page} */

        let far = x;
        // @type {Page}
        let near = y;
        /* not a doc block */
        function f() {}
        """)
    far = _node(doc, "let far", "lexical_declaration")
    assert jsdoc_before(far, doc.source).type == "Page"
    assert jsdoc_before(far, doc.source, adjacent=True).type is None
    near = _node(doc, "let near", "lexical_declaration")
    assert jsdoc_before(near, doc.source).type is None  # a line comment is not JSDoc
    assert jsdoc_before(near, doc.source, adjacent=True, jsdoc_only=False).type == "Page"
    assert comment_before(_node(doc, "function f", "function_declaration"), doc.source) == ""


def test_declaration_files_use_the_same_reader():
    doc = ParsedDocument.create("file:///t/a.d.ts", textwrap.dedent("""\
        /** A page. */
        export declare class Page {
          /** Width in points. */
          width: number;
          height: number;
        }
        """))
    assert jsdoc_before(_node(doc, "class Page", "class_declaration"), doc.source, adjacent=True).summary == "A page."
    assert jsdoc_before(_node(doc, "width: number", "public_field_definition"), doc.source).summary == "Width in points."
    assert comment_before(_node(doc, "height: number", "public_field_definition"), doc.source) == ""
