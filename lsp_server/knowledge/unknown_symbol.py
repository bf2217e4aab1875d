"""The `unknown-symbol` check and the engine-member hover, both on top of `types.analyze`.

A member access whose receiver has a known engine type that does not have the member (through its
inheritance chain) is reported with the closest real members. Severity: error when the receiver's type is
declared (imports, constructors, declared return types, JSDoc) from a high-confidence source; warning when
it was inferred from evidence or comes from a medium-confidence source (docs); nothing below that.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.model_sources.base import HIGH, MEDIUM, display_type
from lsp_server.knowledge.object_model import ObjectModel, ObjectModelService
from lsp_server.knowledge.types import Access, Analysis, ValKind, analyze
from lsp_server.providers import HoverInfo, RequestContext, hover_provider

# The analyses of recent documents, shared by the check and the hover: one per document (the latest stored
# replaces the document's older snapshots: an edit makes them useless, and each holds thousands of objects
# that every full garbage collection walks, keystroke after keystroke), at most _CACHE_SIZE documents.
_CACHE: "OrderedDict[tuple, Analysis]" = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 64


def analysis_for(doc: ParsedDocument, model: ObjectModel) -> Analysis:
    key = (doc.uri, doc.version, hash(doc.source), id(model))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    result = analyze(doc, model)
    with _CACHE_LOCK:
        for older in [k for k in _CACHE if k[0] == doc.uri]:
            del _CACHE[older]
        _CACHE[key] = result
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return result


def finding_for(a: Access, model: ObjectModel) -> Finding | None:
    recv = a.recv
    inferred = recv.evidence is not None
    if recv.kind == ValKind.UNION:
        type_conf = min(model.type_confidence(t) for t in recv.tid)
    else:
        type_conf = model.type_confidence(recv.tid) if recv.tid else 1.0
    conf = min(recv.conf, type_conf)
    if conf < MEDIUM:
        return None
    ranked = sg.rank(a.name, a.candidates, a.usage)
    if a.usage == "write" and (not ranked or ranked[0][1] < 0.75):
        return None  # a new property on an object (expando) unless it is plainly a typo of a real one
    if inferred and not ranked:
        return None  # an inferred type and a name like none of its members: more likely our guess is wrong
    suggestions = [n for n, _ in ranked[:5]]
    severity = Severity.ERROR if (conf >= HIGH and not inferred) else Severity.WARNING
    if a.usage == "import":
        message = f"`{a.container}` has no export `{a.name}`"
    elif recv.kind == ValKind.NAMESPACE:
        message = f"`{a.container}` has no export `{a.name}`"
    else:
        static = "static " if a.static and recv.kind == ValKind.CLASS and _is_class(model, recv.tid) else ""
        message = f"{display_type(a.container)} has no {static}member `{a.name}`"
    if suggestions:
        message += f"; did you mean `{suggestions[0]}`?"
    if inferred:
        why = recv.evidence.text()
        if why:
            message += f" ({why})"
    data: dict = {"suggestions": suggestions, "type": a.container, "member": a.name,
                  "receiver": "inferred" if inferred else "declared"}
    if suggestions:
        data["fix"] = {"title": f"Rename to `{suggestions[0]}`",
                       "edits": [{"start": a.start, "end": a.end, "text": suggestions[0]}],
                       "fix_all": (not inferred) and severity == Severity.ERROR and sg.unambiguous(ranked)}
        # The one confident rename is what Auto Fix (and Neovim's first entry) applies.
        data["fix"]["preferred"] = data["fix"]["fix_all"]
    return Finding("unknown-symbol", message, a.start, a.end, severity, data)


def _is_class(model: ObjectModel, tid) -> bool:
    t = model.type(tid) if tid else None
    return t is not None and t.kind == "class"


@check("unknown-symbol", Phase.TYPE)
def unknown_symbol(doc: ParsedDocument, ctx: CheckContext):
    svc = ctx.workspace.service(ObjectModelService)
    if not svc.model.modules:
        return []
    result = analysis_for(doc, svc.model)
    out = []
    for a in result.import_problems + result.accesses:
        if a.missing:
            f = finding_for(a, svc.model)
            if f is not None:
                out.append(f)
    return out


@hover_provider
def engine_member_hover(doc: ParsedDocument, offset: int, ctx: RequestContext) -> HoverInfo | None:
    """The verified signature of an engine member, or the did-you-mean of an unknown one."""
    if doc.language != "javascript" or doc.tree is None:
        return None
    svc = ctx.workspace.service(ObjectModelService)
    if not svc.model.modules:
        return None
    a = analysis_for(doc, svc.model).access_at(offset)
    if a is None:
        return None
    model = svc.model
    if a.missing:
        f = finding_for(a, model)
        if f is None:
            return None
        # The diagnostic already says what is wrong (editors show it in this hover): show what is right instead,
        # the did-you-mean member's signature and where it is declared.
        suggestions = (f.data or {}).get("suggestions") or []
        typed = a.recv.kind in (ValKind.INSTANCE, ValKind.CLASS) and a.recv.tid
        found = model.members(a.recv.tid).get(suggestions[0]) if suggestions and typed else None
        if found is None:
            return HoverInfo(f"**{f.message}**", a.start, a.end)
        member, owner = found
        loc = _location(ctx, member.path, member.line)
        return HoverInfo(f"Did you mean `{suggestions[0]}`?\n\n```ts\n{member.signature(owner[1])}\n```"
                         + (f"\n\ndeclared at {loc}" if loc else ""), a.start, a.end)
    if a.member is not None:
        owner = a.owner[1] if isinstance(a.owner, tuple) else a.container
        sig = a.member.signature(owner if a.recv.kind != ValKind.NAMESPACE else "")
        loc = _location(ctx, a.member.path, a.member.line)
        how = "inferred from usage" if a.recv.evidence is not None else "verified in object model"
        conf = f", confidence {a.member.confidence:.1f}" if a.member.confidence < HIGH else ""
        lines = [f"```ts\n{sig}\n```", f"{how}{conf}" + (f" — {loc}" if loc else "")]
        if a.recv.evidence is not None:
            lines.append(a.recv.evidence.text())
        # the doc chunk itself is another provider's part of the hover (the server joins them)
        return HoverInfo("\n\n".join(lines), a.start, a.end)
    if a.owner is not None:  # a type exported from a module namespace
        t = model.type(a.owner)
        if t is not None:
            loc = _location(ctx, t.path, t.line)
            return HoverInfo(f"```ts\n{t.signature()}\n```\n\nverified in object model" + (f" — {loc}" if loc else ""),
                             a.start, a.end)
    return None


def _location(ctx: RequestContext, path: str, line: int) -> str:
    if not path:
        return ""
    from pathlib import Path

    import os

    from lsp_server.document import path_to_uri

    # A link to the declaration, shown relative to the workspace (an engine pack beside it: `../engine/x.d.ts`),
    # so a long absolute path neither wraps nor needs copying.
    try:
        shown = Path(os.path.relpath(path, ctx.workspace.root)).as_posix()
    except ValueError:  # another drive
        shown = Path(path).as_posix()
    return f"[{shown}:{line + 1}]({path_to_uri(Path(path))}#L{line + 1})"
