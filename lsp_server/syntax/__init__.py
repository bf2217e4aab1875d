"""The syntax layer: what Footprint knows about a language's syntax, behind one interface per language.

- `scopes.py`    the scope model: bindings, declarations, references, shadowing, hoisting, closures; one
                 analysis per ParsedDocument, cached with it (`scopes_of`).
- `patterns.py`  the one destructuring walker (names, keys, defaults, rest, nesting).
- `jsdoc.py`     the one JSDoc reader (which comment documents a node, and what it says).
- `modules.py`   a module's imports and exports, from `grammars/<language>/imports.scm`.
- `members.py`   member chains (`a.b.c` as a root and the names read on it).

Areas (features, knowledge, graph) ask `syntax_for(doc.language)` and use what it returns; this package
imports only state modules (document, queries, languages), never an area or a surface. TypeScript and TSX
are second grammars behind the same interface: the same walkers over their own `grammars/<language>/` queries
(which extend JavaScript's), so every area handles them with no change.
"""

from __future__ import annotations

from typing import Callable, Protocol

from tree_sitter import Node, Tree

from lsp_server.document import ParsedDocument
from lsp_server.syntax import jsdoc, modules, patterns, scopes


class Syntax(Protocol):
    """What the areas need from a language."""

    language: str

    def scopes(self, doc: ParsedDocument) -> scopes.ScopeAnalysis:
        """The document's scope analysis (shared: one per snapshot)."""
        ...

    def module_info(self, source: bytes, tree: Tree | None) -> modules.ModuleInfo:
        """The module's imports and exports."""
        ...

    def declared_names(self, pattern: Node | None) -> list[Node]:
        """The names a binding pattern declares."""
        ...

    def jsdoc_before(self, node: Node, source: bytes, **options) -> jsdoc.JSDoc:
        """The documentation comment of a declaration, parsed."""
        ...


class JavaScriptSyntax:
    language = "javascript"

    def __init__(self, language: str | None = None) -> None:
        if language is not None:
            self.language = language

    def scopes(self, doc: ParsedDocument) -> scopes.ScopeAnalysis:
        return scopes.scopes_of(doc)

    def module_info(self, source: bytes, tree: Tree | None) -> modules.ModuleInfo:
        return modules.extract(source, tree, self.language)

    def declared_names(self, pattern: Node | None) -> list[Node]:
        return patterns.declared_names(pattern)

    def jsdoc_before(self, node: Node, source: bytes, **options) -> jsdoc.JSDoc:
        return jsdoc.jsdoc_before(node, source, **options)


class TypeScriptSyntax(JavaScriptSyntax):
    """TypeScript (`language="typescript"`) and TSX (`"tsx"`): JavaScript's model over the TypeScript grammar."""

    language = "typescript"


_REGISTRY: dict[str, Callable[[], Syntax]] = {
    "javascript": JavaScriptSyntax,
    "typescript": TypeScriptSyntax,
    "tsx": lambda: TypeScriptSyntax("tsx"),
}
_instances: dict[str, Syntax] = {}


def syntax_for(language: str | None) -> Syntax | None:
    """The syntax of a language we analyse as source, or None (a file we only parse, or do not parse)."""
    if language is None:
        return None
    found = _instances.get(language)
    if found is None and language in _REGISTRY:
        found = _instances.setdefault(language, _REGISTRY[language]())
    return found


def register(language: str, factory: Callable[[], Syntax]) -> None:
    """Add a language (or replace one's syntax)."""
    _REGISTRY[language] = factory
    _instances.pop(language, None)
