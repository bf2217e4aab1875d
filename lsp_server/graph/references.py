"""`textDocument/references` on an exported binding: the sites in other files that import it.

The cursor may be on the exported name (`export function foo`, `export { foo as bar }`, `exports.foo =`), or on
the top-level declaration of a binding exported elsewhere in the file (`function foo` + `export default foo`).
Sites come from the import graph and follow re-exports through barrels; in-file references are other
providers' business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsp_server.document import ParsedDocument
from lsp_server.languages import SOURCE_LANGUAGES
from lsp_server.syntax.modules import ExportedName, module_info_of
from lsp_server.graph.service import ImportGraphService, ImportSite
from lsp_server.providers import Location, RequestContext, references_provider

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace

DECLARATIONS = ("function_declaration", "generator_function_declaration", "class_declaration", "variable_declarator",
                "class", "function_expression")
TOP_LEVEL = ("program", "export_statement", "lexical_declaration", "variable_declaration")


def exported_at(doc: ParsedDocument, offset: int) -> list[ExportedName]:
    """The exports the cursor designates, by export range or by the top-level declaration under it."""
    if doc.tree is None:
        return []
    info = module_info_of(doc)
    hits = [e for e in info.exports if e.start <= offset <= e.end]
    if hits:
        return hits
    node = doc.tree.root_node.named_descendant_for_byte_range(offset, offset)
    if node is None or node.type != "identifier":
        return []
    decl = node.parent
    if decl is None or decl.type not in DECLARATIONS or decl.child_by_field_name("name") != node:
        return []
    if not _top_level(decl):
        return []
    name = doc.node_text(node)
    return [e for e in info.exports if e.local == name]


def _top_level(decl) -> bool:
    parent = decl.parent
    while parent is not None and parent.type in TOP_LEVEL:
        if parent.type == "program":
            return True
        parent = parent.parent
    return False


def exported_names(doc: ParsedDocument, local: str) -> list[str]:
    """The names under which the module exports its top-level binding `local` (`export function local`,
    `export { local as other }`, `export default local`, `module.exports = { local }`)."""
    if doc.tree is None:
        return []
    return [e.name for e in module_info_of(doc).exports if e.local == local]


def binding_importers(workspace: "Workspace", doc: ParsedDocument, local: str) -> list[ImportSite]:
    """Sites in other files importing the top-level binding `local` of `doc` under any of its exported
    names (for "exported, imported by N files"). Empty when it is not exported or `doc` has no path."""
    path = doc.path
    names = exported_names(doc, local)
    if path is None or not names:
        return []
    graph = workspace.service(ImportGraphService)
    graph.refresh(doc)
    return sorted({site for name in names for site in graph.importers(path, name)},
                  key=lambda s: (str(s.path), s.start))


@references_provider
def importing_sites(doc: ParsedDocument, offset: int, ctx: RequestContext) -> list[Location]:
    path = doc.path
    if path is None or doc.language not in SOURCE_LANGUAGES:
        return []
    exports = exported_at(doc, offset)
    if not exports:
        return []
    graph = ctx.workspace.service(ImportGraphService)
    graph.refresh(doc)
    out: list[Location] = []
    for export in exports:
        for site in graph.importers(path, export.name):
            out.append(Location(site.path, site.start, site.end))
    return out
