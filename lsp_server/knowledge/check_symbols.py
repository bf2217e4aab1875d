"""`check_symbols`: prove names against the engine's object model, with a did-you-mean and the doc chunk.

A name is `Class`, `Class.member`, `module.export` (`@acme/layout.Document`) or a bare member name
(`addRow`). Each answer is a `SymbolAnswer`: `status` (known | unknown | ambiguous: a bare name found on several
types | removed: the engine's sources mark it removed, its replacement the first suggestion), `deprecated`
(marked deprecated, with `replacement` and the marker's place as `evidence`), `kind`, `qualified_name`, `signature`, `source` (where it is declared), `confidence`, `suggestions`,
`doc` (the doc chunk that documents it, when the docs search is available). Names listed in `known_symbols` are
answered as provided, free. A cheap tool: never counted against lookup budgets. Paths are absolute and lines
0-based here; surfaces show them (lsp_server/surfaces/present.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lsp_server import queries
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.naming import ensure_conventions
from lsp_server.knowledge.model_sources.base import Member
from lsp_server.knowledge.object_model import ObjectModel, ObjectModelService
from lsp_server.workspace import Workspace

MAX_NAMES = 500


@dataclass(frozen=True)
class SourceRef:
    """Where a symbol is declared: an absolute path and a 0-based line."""
    path: Path
    line: int


@dataclass(frozen=True)
class DocRef:
    """The doc chunk that documents a symbol (`for_name`: the suggestion it documents, for an unknown name)."""
    path: Path | None
    line: int | None  # 0-based
    heading: str | None
    for_name: str | None = None


@dataclass(slots=True)  # not frozen: a frozen dataclass's __init__ costs 3x, and 100 answers fit in ~1.5 ms
class SymbolAnswer:
    name: str
    status: str  # known | unknown | ambiguous | removed
    kind: str | None = None
    qualified_name: str | None = None
    signature: str | None = None
    suggestions: tuple[str, ...] = ()
    doc: DocRef | None = None
    source: SourceRef | None = None
    confidence: float | None = None
    candidates: tuple[str, ...] = ()  # the types a bare, ambiguous member name is found on
    inherited_by: str | None = None  # the asked type, when the member is declared on a base
    summary: str | None = None  # the member's doc comment
    provided: bool = False  # answered from `known_symbols`
    error: str | None = None  # why the name could not be checked (empty name)
    deprecated: bool = False  # the sources mark it deprecated (`@deprecated`, docs "Deprecated")
    replacement: str | None = None  # what a removed or deprecated marker says to use instead
    evidence: SourceRef | None = None  # where the removed / deprecated marker is
    status_note: str | None = None  # the marker as written


def check_symbols(workspace: Workspace, names: list[str], known_symbols=(), docs: bool = True) -> list[SymbolAnswer]:
    """Answer each name (see the module docstring). `docs=False` skips the doc-chunk search (the `doc`
    field is then filled only from what earlier calls found)."""
    svc = workspace.service(ObjectModelService)
    with queries.no_time_limit():  # once per model (then cached): the members the engine's own examples use
        ensure_conventions(svc.model)  # are members too, as the `unknown-symbol` check sees them
    svc.docs_available = docs and _docs_available(workspace)
    provided = _provided(known_symbols)
    out = []
    for raw in names:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name:
            out.append(SymbolAnswer(name=raw if isinstance(raw, str) else "", status="unknown", error="empty name"))
            continue
        if name in provided:
            given = provided[name]
            out.append(SymbolAnswer(name=name, status="known", kind=given.get("kind"),
                                    qualified_name=given.get("qualified_name", name),
                                    signature=given.get("signature"), provided=True))
            continue
        answer = _answer(svc, workspace, name.rstrip("()"))
        if answer["status"] == "unknown" and answer["suggestions"] and answer["doc"] is None:
            # the doc chunk that shows the real one
            top = answer["suggestions"][0]
            if not svc.docs_available:
                pass
            elif top not in svc.doc_cache:
                svc.doc_cache[top] = _lookup_doc(workspace, top)
            found = svc.doc_cache.get(top)
            if found is not None:
                answer["doc"] = DocRef(found.path, found.line, found.heading, for_name=top)
        answer["suggestions"] = tuple(answer["suggestions"])
        answer["candidates"] = tuple(answer.get("candidates") or ())
        out.append(SymbolAnswer(name=name, **answer))
    return out


def _provided(known_symbols) -> dict[str, dict]:
    out = {}
    for item in known_symbols or ():
        if isinstance(item, str):
            out[item] = {}
        elif isinstance(item, dict) and isinstance(item.get("name"), str):
            out[item["name"]] = item
    return out


def _result(status, kind=None, qualified=None, signature=None, suggestions=(), source=None, confidence=None,
            candidates=None) -> dict:
    r = {"status": status, "kind": kind, "qualified_name": qualified, "signature": signature,
         "suggestions": list(suggestions), "doc": None}
    if source:
        r["source"] = source
    if confidence is not None:
        r["confidence"] = confidence
    if candidates:
        r["candidates"] = candidates
    return r


def _answer(svc: ObjectModelService, workspace: Workspace, name: str) -> dict:
    model = svc.model
    index = _index(svc)
    # `module.export` (the module part may itself contain dots and slashes)
    for mod_name in index["modules"]:
        if name.startswith(mod_name + ".") and len(name) > len(mod_name) + 1:
            export = name[len(mod_name) + 1:]
            r = _module_export(svc, workspace, mod_name, export)
            if r is not None:
                return r
    if name in model.modules:
        return _with_doc(svc, workspace, _result("known", "module", name, f"module {name}"))
    if "." in name:
        owner, _, member = name.rpartition(".")
        owner_short = owner.split(".")[-1]
        tids = model.type_names.get(owner_short, [])
        if tids:
            for tid in tids:
                found = _member(model, tid, member)
                if found is not None:
                    m, otid, static = found
                    return _with_doc(svc, workspace, _member_result(model, workspace, tid, m, otid, static))
            tid = tids[0]
            cands = _member_candidates(svc, tid)
            t = model.type(tid)
            closed = model.closed(tid)
            return _result("unknown" if closed else "unknown", None, None, None,
                           [f"{owner_short}.{s}" for s in sg.suggest(member, cands)],
                           confidence=t.confidence if t else None)
        # unknown owner (often a variable: `page.createBlock`): owners that have the member, else the real
        # members of the types named like the owner (`Page.addBlock`), never the invented name on them
        owners = sorted({tid for tid, _ in index["member_owners"].get(member, [])})
        similar = sg.suggest(owner_short, index["type_cands"])
        sugg = [f"{s}.{member}" for s in similar if any(t[1] == s for t in owners)] or \
            [f"{tid[1]}.{member}" for tid in owners[:5]] or _members_of_similar_types(svc, similar, member)
        return _result("unknown", suggestions=sugg)
    # a type
    tids = model.type_names.get(name, [])
    if tids:
        t = model.type(tids[0])
        return _with_doc(svc, workspace, _result("known", t.kind, name, t.signature(),
                                                 source=_src(t.path, t.line), confidence=t.confidence))
    # a module-level function or constant
    for mod_name, mod in model.modules.items():
        local = mod.exports.get(name)
        if local and local in mod.values:
            m = mod.values[local]
            return _with_doc(svc, workspace, _with_status(_result("known", m.kind, f"{mod_name}.{name}", m.signature(),
                                                                  source=_src(m.path, m.line), confidence=m.confidence), m))
    # a bare member name
    owners = index["member_owners"].get(name, [])
    if owners:
        # members found on a base and its subclasses count once (the declaring type)
        declaring = sorted({otid for otid, _ in owners})
        if len(declaring) == 1:
            tid = declaring[0]
            m = next(m for otid, m in owners if otid == tid)
            return _with_doc(svc, workspace, _member_result(model, workspace, tid, m, tid, m.static))
        cands = [f"{tid[1]}.{name}" for tid in declaring]
        return _result("ambiguous", "member", None, None, [], candidates=cands)
    sugg = sg.suggest(name, index["all_cands"])
    return _result("unknown", suggestions=sugg)


def _members_of_similar_types(svc: ObjectModelService, types: list[str], member: str) -> list[str]:
    """`Type.best` for each type named like an unknown owner, where `best` is its member most like `member`."""
    out = []
    for name in types:
        for tid in svc.model.type_names.get(name, [])[:1]:
            out.extend(f"{name}.{s}" for s in sg.suggest(member, _member_candidates(svc, tid))[:1])
    return out


def _module_export(svc, workspace, mod_name, export) -> dict | None:
    model = svc.model
    mod = model.modules[mod_name]
    head, _, rest = export.partition(".")
    exp = model.export(mod_name, head)
    if exp is None:
        if not mod.complete:
            return None
        return _result("unknown", suggestions=[f"{mod_name}.{s}" for s in sg.suggest(head, list(mod.exports))])
    if exp[0] == "value":
        m: Member = exp[1]
        return _with_doc(svc, workspace, _with_status(_result("known", m.kind, f"{mod_name}.{head}", m.signature(),
                                                              source=_src(m.path, m.line), confidence=m.confidence), m))
    tid = exp[1]
    if rest:
        found = _member(model, tid, rest)
        if found is None:
            return _result("unknown", suggestions=[f"{tid[1]}.{s}" for s in sg.suggest(rest, _member_candidates(svc, tid))])
        m, otid, static = found
        return _with_doc(svc, workspace, _member_result(model, workspace, tid, m, otid, static))
    t = model.type(tid)
    return _with_doc(svc, workspace, _result("known", t.kind, tid[1], t.signature(),
                                             source=_src(t.path, t.line), confidence=t.confidence))


def _member(model: ObjectModel, tid, name):
    """`Type.name`: a written name does not say which side it means, so the instance side, then the static side,
    each as the `unknown-symbol` check sees a receiver's members (`ObjectModel.side`)."""
    for static in (False, True):
        entry = model.side(tid, static).get(name)
        if entry is not None:
            return entry[0], entry[1], static
    if name == "constructor" or name == "new":
        t = model.type(tid)
        ctor = next((m for m in t.members if m.kind == "constructor"), None) if t else None
        if ctor is not None:
            return ctor, tid, True
    return None


def _member_result(model, workspace, tid, m: Member, owner, static) -> dict:
    kind = m.kind if m.kind != "getter" else "property"
    if static and kind in ("method", "property"):
        kind = f"static {kind}"
    qualified = f"{owner[1]}.{m.name}" if m.kind != "constructor" else f"new {owner[1]}"
    r = _result("known", kind, qualified, m.signature(owner[1]), source=_src(m.path, m.line),
                confidence=m.confidence)
    if owner != tid:
        r["inherited_by"] = tid[1]
    if m.doc:
        r["summary"] = m.doc
    return _with_status(r, m, owner[1])


def _with_status(r: dict, m: Member, owner: str = "") -> dict:
    """A member the sources mark removed answers `removed` (its replacement first among the suggestions);
    a deprecated one stays known, flagged `deprecated`."""
    if not m.status:
        return r
    if m.status == "removed":
        r["status"] = "removed"
        if m.replacement:
            repl = m.replacement if "." in m.replacement or not owner else f"{owner}.{m.replacement}"
            r["suggestions"] = [repl]
    else:
        r["deprecated"] = True
    if m.replacement:
        r["replacement"] = m.replacement
    r["evidence"] = _src(m.status_path, m.status_line)
    r["status_note"] = m.status_note or None
    return r


@lru_cache(maxsize=65536)  # the same members are asked again and again; a Path costs as much as the lookup
def _src(path: str, line: int) -> SourceRef | None:
    return SourceRef(Path(path), line) if path else None


def _with_doc(svc: ObjectModelService, workspace: Workspace, r: dict) -> dict:
    q = r.get("qualified_name")
    if not q:
        return r
    cache = svc.doc_cache
    if q not in cache and getattr(svc, "docs_available", True):
        cache[q] = _lookup_doc(workspace, q)  # ~1 ms the first time a name is asked, then cached
    r["doc"] = cache.get(q)
    return r


def _docs_available(workspace: Workspace) -> bool:
    """Whether a docs index with files exists (when not, no per-name search is attempted)."""
    try:
        from lsp_server.knowledge.docs_index import DocsIndex
    except ImportError:
        return False
    try:
        return workspace.service(DocsIndex).file_count > 0
    except Exception:  # noqa: BLE001 - a broken docs index only means no doc field
        return False


def _lookup_doc(workspace: Workspace, query: str) -> DocRef | None:
    """The doc chunk documenting `query`: from the index's symbol table (a dict lookup), else a search."""
    from lsp_server.knowledge.docs_index import DocsIndex, normalize_symbol
    from lsp_server.knowledge.lookup import lookup_docs

    try:
        documented = workspace.service(DocsIndex).documented_symbols().get(normalize_symbol(query))
        if documented is not None:
            return DocRef(Path(documented["path"]), documented["start_line"], documented["heading"])
        found = lookup_docs(workspace, query, limit=3)
    except Exception:  # noqa: BLE001 - a broken docs index must not break symbol checks
        return None
    results = getattr(found, "results", None) or []
    if not results:
        return None
    top = results[0]
    path = getattr(top, "path", None)
    return DocRef(workspace.root / path if path else None, getattr(top, "start_line", None),
                  getattr(top, "heading", None))


def _index(svc: ObjectModelService) -> dict:
    """Name indexes over the merged model, built once per model."""
    idx = getattr(svc, "_symbol_index", None)
    if idx is not None:
        return idx
    model = svc.model
    member_owners: dict[str, list] = {}
    all_names: set[str] = set(model.type_names)
    for mname, mod in model.modules.items():
        all_names.update(k for k in mod.exports if k not in ("default", "="))
        for tname, t in mod.types.items():
            if t.kind == "alias":
                continue
            for m in t.members:
                if m.private or m.kind == "constructor":
                    continue
                member_owners.setdefault(m.name, []).append(((mname, tname), m))
                all_names.add(m.name)
    for tid, found in model.example_members.items():  # what the engine's own examples use on its types
        for name, m in found.items():
            member_owners.setdefault(name, []).append((tid, m))
            all_names.add(name)
    idx = {"member_owners": member_owners, "all_names": sorted(all_names), "type_names": sorted(model.type_names),
           "all_cands": sg.Candidates(all_names), "type_cands": sg.Candidates(model.type_names), "members": {},
           "modules": sorted(model.modules, key=len, reverse=True)}
    svc._symbol_index = idx
    for tid in model.object_types():  # warm: every type's member names prepared once per model
        _member_candidates(svc, tid)
    return idx


def _member_candidates(svc: ObjectModelService, tid) -> "sg.Candidates":
    cache = _index(svc)["members"]
    if tid not in cache:
        model = svc.model
        cache[tid] = sg.Candidates([n for static in (False, True) for n, (m, _) in model.side(tid, static).items()
                                    if not m.private and m.status != "removed"])
    return cache[tid]
