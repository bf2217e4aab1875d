"""Registries for request features (hover, code actions, highlights, references): pure providers.

A provider takes a ParsedDocument, byte offsets and a `RequestContext` and returns plain dataclasses in
byte offsets. The server calls every provider for a request, isolated from each other, merges the results
and converts them to LSP once. Areas add providers with a decorator; the LSP wiring never changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TextEdit:
    start: int  # byte offsets in the document the edit was computed for
    end: int
    text: str


@dataclass(frozen=True)
class Action:
    """A code action on the requested document. `disabled` set = shown greyed out with that reason."""

    title: str
    kind: str = "quickfix"  # an LSP CodeActionKind value
    edits: tuple[TextEdit, ...] = ()
    disabled: str | None = None
    fixes: tuple[Finding, ...] = ()  # the findings this action resolves
    preferred: bool = False
    command: tuple[str, list[Any]] | None = None  # (command name, arguments) to run instead of/after edits


@dataclass(frozen=True)
class HoverInfo:
    markdown: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: Literal["text", "read", "write"] = "text"


@dataclass(frozen=True)
class Location:
    path: Path
    start: int  # byte offsets in that file
    end: int


@dataclass
class RequestContext:
    workspace: "Workspace"
    findings: list[Finding] = field(default_factory=list)  # current findings of the document
    only: list[str] | None = None  # requested code action kinds
    client_findings: list[Finding] = field(default_factory=list)  # findings the client sent back


HoverProvider = Callable[[ParsedDocument, int, RequestContext], HoverInfo | None]
ActionProvider = Callable[[ParsedDocument, int, int, RequestContext], list[Action]]
HighlightProvider = Callable[[ParsedDocument, int, RequestContext], list[Span]]
LocationProvider = Callable[[ParsedDocument, int, RequestContext], list[Location]]

HOVER: list[HoverProvider] = []
CODE_ACTIONS: list[ActionProvider] = []
HIGHLIGHTS: list[HighlightProvider] = []
REFERENCES: list[LocationProvider] = []
DEFINITIONS: list[LocationProvider] = []


def _registrar(registry: list):
    def register(func):
        if func not in registry:
            registry.append(func)
        return func

    return register


hover_provider = _registrar(HOVER)
code_action_provider = _registrar(CODE_ACTIONS)
highlight_provider = _registrar(HIGHLIGHTS)
references_provider = _registrar(REFERENCES)
definition_provider = _registrar(DEFINITIONS)


def call_all(registry: list, *args) -> list:
    """Call every provider; a failing one is logged and skipped so the others still answer."""
    from lsp_server import plugins

    plugins.load()
    results = []
    for provider in list(registry):
        try:
            result = provider(*args)
        except Exception:  # noqa: BLE001
            log.exception("provider %s failed", getattr(provider, "__qualname__", provider))
            continue
        if result is None:
            continue
        if isinstance(result, list):
            results.extend(result)
        else:
            results.append(result)
    return results


@code_action_provider
def quick_fixes_from_findings(doc: ParsedDocument, start: int, end: int, ctx: RequestContext) -> list[Action]:
    """Fixes computed with their diagnostic (`data.fix`), offered for findings touching the range, plus a
    `source.fixAll.footprint` action applying every fix marked `fix_all` that does not overlap another."""
    actions = []
    for f in ctx.findings:
        fix = (f.data or {}).get("fix")
        if not fix or f.end < start or f.start > end:
            continue
        edits = tuple(TextEdit(e["start"], e["end"], e["text"]) for e in fix["edits"])
        actions.append(Action(fix["title"], "quickfix", edits, fixes=(f,), preferred=bool(fix.get("preferred"))))
    fix_all: list[TextEdit] = []
    fixed: list[Finding] = []
    for f in ctx.findings:
        fix = (f.data or {}).get("fix")
        if not fix or not fix.get("fix_all"):
            continue
        edits = [TextEdit(e["start"], e["end"], e["text"]) for e in fix["edits"]]
        if any(not (e.end <= o.start or e.start >= o.end) for e in edits for o in fix_all):
            continue
        fix_all.extend(edits)
        fixed.append(f)
    # Offered when asked for (fix-all on save: `only` = source / source.fixAll) or next to a fixable problem in
    # the range, never on a clean line (where it would be the first and only entry of a client's menu).
    asked = bool(ctx.only) and any("source.fixAll.footprint".startswith(k) for k in ctx.only)
    if fix_all and (asked or actions):
        actions.append(Action(f"Fix all auto-fixable problems ({len(fixed)})", "source.fixAll.footprint",
                              tuple(sorted(fix_all, key=lambda e: e.start)), fixes=tuple(fixed)))
    return actions
