"""`syntax-error`: where tree-sitter could not parse the file. Other checks still run on the
error-tolerant tree, so this is reported next to their findings, not instead of them; except inside an
error too wide to query (queries.wide_errors, e.g. 20,000 unclosed `(`), which one note (`analysis-skipped`)
names with its lines, and past brackets nested too deep to parse (languages.nesting_cut, e.g. 100,000 unclosed
`(`: the tree ends there), which one note names with its line."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from lsp_server import languages, queries
from lsp_server.checks import CheckContext, Phase, check
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity

MAX_REPORTED = 20


def error_nodes(root: Node) -> Iterator[Node]:
    """ERROR and MISSING nodes, outermost first, without descending into subtrees that have none."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            yield node
            continue
        if node.has_error:
            stack.extend(reversed(node.children))


@check("syntax", Phase.TYPE, languages=("javascript", "typescript", "tsx"))
def syntax_errors(doc: ParsedDocument, ctx: CheckContext) -> Iterator[Finding]:
    if doc.tree is None or not doc.tree.root_node.has_error:
        return
    for i, node in enumerate(error_nodes(doc.tree.root_node)):
        if i >= MAX_REPORTED:
            break
        if node.is_missing:
            message = f"Syntax error: missing {node.type!r}"
            start, end = node.start_byte, node.start_byte
        else:
            text = doc.source[node.start_byte:node.end_byte].split(b"\n", 1)[0][:40].decode("utf-8", "replace")
            message = f"Syntax error: unexpected {text!r}" if text else "Syntax error"
            start, end = node.start_byte, min(node.end_byte, doc.lines.line_end(doc.lines.line_of(node.start_byte)))
        yield Finding("syntax-error", message, start, max(start, end), Severity.ERROR)


@check("syntax-skipped", Phase.TYPE, languages=("javascript", "typescript", "tsx"))
def skipped_regions(doc: ParsedDocument, ctx: CheckContext) -> Iterator[Finding]:
    if doc.tree is None:
        return
    parsed_to = doc.tree.root_node.end_byte  # a tree spans its whole source, unless the parse was cut
    if parsed_to < len(doc.source):
        line = doc.lines.line_of(parsed_to) + 1
        yield Finding("analysis-skipped", f"Footprint stops analysing this file at line {line}: its brackets "
                      f"nest more than {languages.MAX_NESTING:,} deep there", parsed_to, parsed_to,
                      Severity.INFORMATION)
    if not doc.tree.root_node.has_error:
        return
    for node in queries.wide_errors(doc.tree.root_node)[:MAX_REPORTED]:
        first = doc.lines.line_of(node.start_byte) + 1
        last = doc.lines.line_of(max(node.start_byte, node.end_byte - 1)) + 1
        lines = f"line {first}" if first == last else f"lines {first}-{last}"
        yield Finding("analysis-skipped", f"Footprint does not analyse {lines}: this syntax error spans "
                      f"{node.child_count:,} tokens; fix it to get the other checks there",
                      node.start_byte, node.start_byte, Severity.INFORMATION)
