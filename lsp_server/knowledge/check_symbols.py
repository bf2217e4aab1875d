"""`check_symbols`: prove names against the engine's object model, with a did-you-mean and the doc chunk.

A name is `Class`, `Class.member`, `module.export` (`@acme/layout.Document`), a path through members
(`Konva.Util.getRandomColor`) or a bare member name (`addRow`). How it is written says where it is looked up, as
the `unknown-symbol` check looks a name up in code (`read_as`):
- `new Foo.Bar` / `new Bar`: constructed: a class is meant (did-you-mean ties go to a class; a name `new`
  certainly throws on, an array or a primitive, is never suggested);
- `Foo.bar` with `Foo` a type or value of the engine: written on the value, its static side first, then its
  instance side (docs write `Table.addRow` for an instance method); a did-you-mean tie goes to a static;
- `x.bar` (a variable), `Foo#bar`, `Foo.prototype.bar`: an instance member (a variable's type: the engine's
  naming convention for it, else the type named like it, as the check infers it); suggestions from the instance
  side only, as the check makes them;
- `bar()` / `bar(x)`: called (a read-call or a call with arguments: suggest's usage).
A name that exists on both sides answers the side it is read as and reports the other (`other_side`).
Each answer is a `SymbolAnswer`: `status` (known | unknown | ambiguous: a bare name found on several
types | removed: the engine's sources mark it removed, its replacement the first suggestion), `deprecated`
(marked deprecated, with `replacement` and the marker's place as `evidence`), `kind`, `qualified_name`, `signature`, `source` (where it is declared), `confidence`, `suggestions`,
`doc` (the doc chunk that documents it, when the docs search is available). Names listed in `known_symbols` are
answered as provided, free. A cheap tool: never counted against lookup budgets. Paths are absolute and lines
0-based here; surfaces show them (lsp_server/surfaces/present.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lsp_server import queries
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.naming import ensure_conventions
from lsp_server.knowledge.model_sources.base import Member, parse_type
from lsp_server.knowledge.object_model import ObjectModel, ObjectModelService
from lsp_server.knowledge.types import INFERRED, Val, ValKind, constructs, platform_member, receiver_member
from lsp_server.knowledge.unknown_symbol import disagreeing_sources, shown_owner
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
    read_as: str | None = None  # new | static | instance: how the written form was read (see the module docstring)
    other_side: "OtherSide | None" = None  # the namesake on the other side (a static and an instance `load`)
    note: str | None = None  # how a variable's type was taken (`page` as a `Page`)


@dataclass(frozen=True)
class OtherSide:
    """A member of the same name on the other side of the type: `kind` says which (`static method`, `method`)."""
    kind: str
    signature: str
    source: SourceRef | None = None


@dataclass(frozen=True)
class Written:
    """What the way a name is written says (see the module docstring): the name itself (`Foo.bar`), whether it is
    constructed, marked an instance member, and suggest's usage for a call."""
    name: str
    constructed: bool = False
    instance: bool = False
    usage: str = ""


_NEW = re.compile(r"new\s+")
_CALL = re.compile(r"\((.*)\)\s*;?\s*$", re.S)


def written(raw: str) -> Written:
    """`new Foo.Bar()` -> (Foo.Bar, constructed); `Foo#bar`, `Foo.prototype.bar` -> (Foo.bar, instance); `x.bar(1)`
    -> (x.bar, usage call-args)."""
    name = raw.strip()
    if "(" not in name and "#" not in name and "prototype" not in name and not name.startswith("new"):
        return Written(name)  # the common form: `Class.member`, `member`
    new = _NEW.match(name)
    if new:
        name = name[new.end():]
    usage = ""
    call = _CALL.search(name)
    if call and "(" in name:
        usage = "call-args" if call.group(1).strip() else "read-call"
        name = name[:call.start()]
    name = name.rstrip("()").strip()
    instance = "#" in name or ".prototype." in name
    name = name.replace("#", ".").replace(".prototype.", ".")
    return Written(name, constructed=bool(new), instance=instance, usage="" if new else usage)


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
        answer = _answer(svc, workspace, written(name))
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


def _answer(svc: ObjectModelService, workspace: Workspace, w: Written) -> dict:
    model = svc.model
    index = _index(svc)
    name = w.name
    # `module.export` (the module part may itself contain dots and slashes)
    for mod_name in index["modules"]:
        if name.startswith(mod_name + ".") and len(name) > len(mod_name) + 1:
            export = name[len(mod_name) + 1:]
            r = _module_export(svc, workspace, mod_name, export, w)
            if r is not None:
                return r
    if name in model.modules:
        return _with_doc(svc, workspace, _result("known", "module", name, f"module {name}"))
    if "." in name:
        owner, _, member = name.rpartition(".")
        receivers, note = _receivers(model, owner, w)
        if receivers:
            r = _on_receivers(svc, workspace, receivers, member, w, note)
            # a variable's type taken from its name, and a member like none of it: the guess is more likely
            # wrong than the name (the check stays silent there too): answered as an unknown owner's
            if not (note and r["status"] == "unknown" and not r["suggestions"]):
                return r
        # unknown owner (often a variable no type is named like: `pg.createBlock`): owners that have the member
        # (on the instance side first: a variable holds an instance), else the real members of the types named
        # like the owner (`Page.addBlock`), never the invented name on them
        owner_short = owner.split(".")[-1]
        found = index["member_owners"].get(member, [])
        owners = sorted({tid for tid, m in found if not m.static}) + sorted({tid for tid, m in found if m.static})
        owners = list(dict.fromkeys(owners))
        similar = sg.suggest(owner_short, index["type_cands"])
        # (several owners can show as one name, a union alias's arms `Params$arm1`, `Params$arm2` as `Params`:
        # once each, and never the name as written)
        shown = [f"{shown_owner(model, tid)}.{member}" for tid in owners[:5]]
        sugg = [f"{s}.{member}" for s in similar if any(t[1] == s for t in owners)] or \
            [s for s in dict.fromkeys(shown) if s != name] or \
            _members_of_similar_types(svc, similar, member)
        return _result("unknown", suggestions=sugg)
    # a type
    tids = model.type_names.get(name, [])
    if tids:
        t = model.type(tids[0])
        r = _result("known", t.kind, name, t.signature(), source=_src(t.path, t.line), confidence=t.confidence)
        return _with_doc(svc, workspace, _read_as(r, "new" if w.constructed else None))
    # a module-level function or constant
    for mod_name, mod in model.modules.items():
        local = mod.exports.get(name)
        if local and local in mod.values:
            m = mod.values[local]
            r = _result("known", m.kind, f"{mod_name}.{name}", m.signature(), source=_src(m.path, m.line),
                        confidence=m.confidence)
            return _with_doc(svc, workspace, _with_status(_read_as(r, "new" if w.constructed else None), m))
    if w.constructed:  # `new Stagee()`: of the engine's types and exports, a class is meant
        model_classes = index["classes"]
        ranked = [r for r in sg.rank(name, index["construct_cands"], w.usage, prefer=lambda n: n in model_classes)
                  if r[0] in model_classes or not _throws_on_new(model, r[0])]
        return _read_as(_result("unknown", suggestions=[n for n, _ in ranked[:5]]), "new")
    # a bare member name
    owners = index["member_owners"].get(name, [])
    if owners:
        # members found on a base and its subclasses count once (the declaring type)
        declaring = sorted({otid for otid, _ in owners})
        if len(declaring) == 1:
            tid = declaring[0]
            # written bare, a name is most often an instance's (`x.load()`): that side first, the other reported
            found = _on_sides(model, tid, name, static_first=False)
            if found is not None:
                return _with_doc(svc, workspace, _member_result(model, workspace, tid, *found))
            m = next(m for otid, m in owners if otid == tid)  # an example-only member (the docs' own use)
            return _with_doc(svc, workspace, _member_result(model, workspace, tid, m, tid, m.static))
        cands = [f"{shown_owner(model, tid)}.{name}" for tid in declaring]
        return _result("ambiguous", "member", None, None, [], candidates=cands)
    sugg = sg.suggest(name, index["all_cands"], usage=w.usage)
    return _result("unknown", suggestions=sugg)


def _throws_on_new(model: ObjectModel, name: str) -> bool:
    """Whether every module exporting `name` exports a value `new` certainly throws on (an array, a primitive:
    `types.constructs`), so `new name()` never means it."""
    verdicts = [constructs(model, Val(ValKind.NAMESPACE, module=m), name) for m, mod in model.modules.items()
                if name in mod.exports]
    return bool(verdicts) and all(v is False for v in verdicts)


def _read_as(r: dict, how: str | None) -> dict:
    if how:
        r["read_as"] = how
    return r


def _receivers(model: ObjectModel, owner: str, w: Written) -> tuple[list[Val], str | None]:
    """The values `owner` (the part before the member) can be, as the check would type them in code: a type of
    the engine (its class value, or an instance for `Foo#bar`), a variable (an instance of the type the engine's
    naming convention or its name says), each further name a member of the one before (`Konva.Util`); with a
    note when a variable's type is taken from its name. Empty when nothing is known of it."""
    head, *path = owner.split(".")
    note = None
    if head in model.type_names:
        vals = [Val(ValKind.CLASS, tid) for tid in model.type_names[head]]
    elif (conv := (model.conventions or {}).get(head)) is not None and conv.kind == "union":
        # the classes the engine's examples give the name (`client`: a `Client`, an `Agent`): a member of any
        vals = [Val(ValKind.INSTANCE, tid, conf=INFERRED) for tid in conv.target]
        shown = " | ".join(shown_owner(model, tid) for tid in conv.target)
        note = f"`{head}` taken as a `{shown}` (the engine's examples name each so)"
    elif head[:1].islower() or head[:1] in "_$":
        val, note = _variable(model, head)
        vals = [val] if val is not None else []
    else:
        vals = []
    for name in path:
        vals = [v for v in (_member_value(model, val, name) for val in vals) if v is not None]
    if not vals and path and path[-1] in model.type_names:  # `konva.Stage.draw`: the last name is a type's
        vals, note = [Val(ValKind.CLASS, tid) for tid in model.type_names[path[-1]]], None
    if w.instance:
        vals = [Val(ValKind.INSTANCE, v.tid, conf=v.conf) if v.kind == ValKind.CLASS else v for v in vals]
    return vals, note if vals else None


def _variable(model: ObjectModel, name: str) -> tuple[Val | None, str | None]:
    """A variable's value as the check infers it from its name alone: the engine's examples' convention for the
    name (`stage` is a `Konva.Stage`, `konva` the module), else the one type named like it (`page`: `Page`)."""
    conv = (model.conventions or {}).get(name)
    if conv is not None and conv.kind == "inst":
        shown = shown_owner(model, conv.target)
        return (Val(ValKind.INSTANCE, conv.target, conf=INFERRED),
                f"`{name}` taken as a `{shown}` (the engine's examples name a `{shown}` `{name}`)")
    if conv is not None and conv.kind == "ns":
        return Val(ValKind.NAMESPACE, module=conv.target), None
    named = _types_by_lower_name(model).get(name.lower(), ())
    if len(named) == 1:
        return Val(ValKind.INSTANCE, named[0], conf=INFERRED), f"`{name}` taken as a `{named[0][1]}` (named like it)"
    return None, None


def _types_by_lower_name(model: ObjectModel) -> dict[str, list]:
    """Lower-cased type name -> its types (the model's own `$` names left out), once per model."""
    def build() -> dict[str, list]:
        found: dict[str, list] = {}
        for t, tids in model.type_names.items():
            if "$" not in t[1:]:
                found.setdefault(t.lower(), []).extend(tids)
        return found
    return model.derived("check_symbols.types_by_lower_name", build)


def _member_value(model: ObjectModel, val: Val, name: str) -> Val | None:
    """`val.name` as a value to look further members up on: a class (`typeof Stage`, an exported type), an
    instance of a declared type (`Util: Lib$Util`); a method's result is not followed (nothing is called)."""
    found = receiver_member(model, val, name)
    if found is None:
        return None
    member, owner = found
    if member is None:
        return Val(ValKind.CLASS, owner) if owner is not None else None
    if member.kind in ("method", "function", "constructor") or not member.type:
        return None
    parsed = parse_type(member.type)
    module = owner[0] if isinstance(owner, tuple) else val.module
    if not parsed or parsed[0] not in ("name", "typeof") or not module:
        return None
    tid = model.find_type(module, parsed[1])
    t = model.type(tid) if tid is not None else None
    if t is None:
        return None
    if parsed[0] == "typeof" or t.kind in ("namespace", "enum"):
        return Val(ValKind.CLASS, tid, conf=val.conf)
    return Val(ValKind.INSTANCE, tid, conf=val.conf) if t.kind in ("class", "interface") else None


def _on_receivers(svc: ObjectModelService, workspace: Workspace, receivers: list[Val], member: str, w: Written,
                  note: str | None) -> dict:
    """`member` on the first receiver that has it, on the side its value has first (a class value: static, then
    instance; an instance: its members); else unknown, with the did-you-mean the check would give there."""
    model = svc.model
    for val in receivers:
        if val.kind == ValKind.NAMESPACE:
            r = _module_export(svc, workspace, val.module, member, w)
            if r is not None:
                return _noted(r, note)
            continue
        static = val.kind == ValKind.CLASS
        # an instance has its own members only (`shape.fromJSON` is no member of a `Shape`); a class value its
        # statics, then (docs' `Table.addRow`) its instance members, unless constructed (`new` is on the value)
        found = _on_sides(model, val.tid, member, static_first=static, only_first=w.constructed or not static)
        if found is not None:
            r = _member_result(model, workspace, val.tid, *found)
            return _with_doc(svc, workspace, _noted(_read_as(r, _how(w, static)), note))
    val = receivers[0]
    if val.kind == ValKind.NAMESPACE:
        return _noted(_result("unknown"), note)
    static = val.kind == ValKind.CLASS
    shown = shown_owner(model, val.tid)
    t = model.type(val.tid)
    untyped = t is not None and t.confidence < 1.0
    if not w.constructed and model.platform_base(val.tid) and \
            any(platform_member(model, val.tid, member, side, untyped) for side in {static, False}):
        # `Client.listenerCount` with `Client extends Dispatcher extends EventEmitter`: the platform class's
        # member, which no typings in the model list (as the `unknown-symbol` check sees it); on a class value
        # its instance side too, as above
        r = _result("known", "platform member", f"{shown}.{member}", confidence=t.confidence if t else None)
        return _noted(_read_as(r, _how(w, static)), note)
    if w.constructed:
        # `new Kit.Stagee()`: on the value, as the check ranks it: a class wins a tie, and a name `new` certainly
        # throws on is never suggested (`stages`, an array)
        ranked = [r for r in sg.rank(member, _side_candidates(svc, val.tid, True), w.usage,
                                     prefer=lambda n: constructs(model, val, n) is True)
                  if constructs(model, val, r[0]) is not False]
    elif static:
        # written on a class value: its statics, as the check ranks them, win a tie; its instance members are
        # candidates too (docs write `Table.addRow` for an instance method)
        statics = model.side(val.tid, True)
        ranked = sg.rank(member, _member_candidates(svc, val.tid), w.usage, prefer=lambda n: n in statics)
    else:  # an instance: its members only, as the check suggests them
        ranked = sg.rank(member, _side_candidates(svc, val.tid, False), w.usage)
    t = model.type(val.tid)
    suggestions = [f"{shown}.{n}" for n, _ in ranked[:5]]
    if not static and member in model.side(val.tid, True):  # a static read on an instance: the class's is meant
        suggestions = [f"{shown}.{member}", *suggestions][:5]
    r = _result("unknown", suggestions=suggestions, confidence=t.confidence if t else None)
    return _noted(_read_as(r, _how(w, static)), note)


def _how(w: Written, static: bool) -> str:
    return "new" if w.constructed else "static" if static else "instance"


def _noted(r: dict, note: str | None) -> dict:
    if note:
        r["note"] = f"{note}; {r['note']}" if r.get("note") else note
    return r


def _members_of_similar_types(svc: ObjectModelService, types: list[str], member: str) -> list[str]:
    """`Type.best` for each type named like an unknown owner, where `best` is its member most like `member`."""
    out = []
    for name in types:
        for tid in svc.model.type_names.get(name, [])[:1]:
            out.extend(f"{name}.{s}" for s in sg.suggest(member, _member_candidates(svc, tid))[:1])
    return out


def _module_export(svc, workspace, mod_name, export, w: Written) -> dict | None:
    model = svc.model
    mod = model.modules[mod_name]
    head, _, rest = export.partition(".")
    exp = model.export(mod_name, head)
    if exp is None:
        if not mod.complete:
            return None
        val = Val(ValKind.NAMESPACE, module=mod_name)
        names = [n for n in mod.exports if n not in ("default", "=")]
        if w.constructed and not rest:  # `new eng.Shpae()`: a class wins a tie, as the check ranks it
            ranked = [r for r in sg.rank(head, names, w.usage, prefer=lambda n: constructs(model, val, n) is True)
                      if constructs(model, val, r[0]) is not False]
        else:
            ranked = sg.rank(head, names, w.usage)
        return _read_as(_result("unknown", suggestions=[f"{mod_name}.{n}" for n, _ in ranked[:5]]),
                        "new" if w.constructed else None)
    if exp[0] == "value":
        m: Member = exp[1]
        if rest:
            val = _member_value(model, Val(ValKind.NAMESPACE, module=mod_name), head)
            if val is not None and val.kind != ValKind.NAMESPACE:
                return _path_member(svc, workspace, val, rest, w)
        r = _result("known", m.kind, f"{mod_name}.{head}", m.signature(), source=_src(m.path, m.line),
                    confidence=m.confidence)
        return _with_doc(svc, workspace, _with_status(_read_as(r, "new" if w.constructed else None), m))
    tid = exp[1]
    if rest:
        return _path_member(svc, workspace, Val(ValKind.CLASS, tid), rest, w)
    t = model.type(tid)
    r = _result("known", t.kind, tid[1], t.signature(), source=_src(t.path, t.line), confidence=t.confidence)
    return _with_doc(svc, workspace, _read_as(r, "new" if w.constructed else None))


def _path_member(svc, workspace, val: Val, path: str, w: Written) -> dict:
    """`a.b.member` after a module's export: each name a member of the one before, the last looked up as
    `_on_receivers` does."""
    *between, member = path.split(".")
    vals = [val]
    for name in between:
        vals = [v for v in (_member_value(svc.model, v, name) for v in vals) if v is not None]
    if w.instance:
        vals = [Val(ValKind.INSTANCE, v.tid) if v.kind == ValKind.CLASS else v for v in vals]
    if not vals:
        return _result("unknown")
    return _on_receivers(svc, workspace, vals, member, w, None)


def _on_sides(model: ObjectModel, tid, name, static_first: bool, only_first: bool = False):
    """`Type.name` on the side the written form reads first, then the other (unless `only_first`), each as the
    `unknown-symbol` check sees a receiver's members (`ObjectModel.side`): (member, declaring type, static,
    the namesake on the other side or None)."""
    sides = (static_first,) if only_first else (static_first, not static_first)
    for static in sides:
        entry = model.side(tid, static).get(name)
        if entry is not None:
            other = model.side(tid, not static).get(name)
            return entry[0], entry[1], static, other
    if name == "constructor" or name == "new":
        t = model.type(tid)
        ctor = next((m for m in t.members if m.kind == "constructor"), None) if t else None
        if ctor is not None:
            return ctor, tid, True, None
    return None


def _member_result(model, workspace, tid, m: Member, owner, static, other=None) -> dict:
    kind = m.kind if m.kind != "getter" else "property"
    if static and kind in ("method", "property"):
        kind = f"static {kind}"
    shown = shown_owner(model, owner)  # never the model's `$` names (`Lib$Util` is `Lib.Util`)
    qualified = f"{shown}.{m.name}" if m.kind != "constructor" else f"new {shown}"
    r = _result("known", kind, qualified, m.signature(shown), source=_src(m.path, m.line),
                confidence=m.confidence)
    if owner != tid:
        r["inherited_by"] = shown_owner(model, tid)
    if m.doc:
        r["summary"] = m.doc
    if other is not None:
        om, oowner = other
        okind = om.kind if om.kind != "getter" else "property"
        if not static and okind in ("method", "property"):
            okind = f"static {okind}"
        r["other_side"] = OtherSide(okind, om.signature(shown_owner(model, oowner)), _src(om.path, om.line))
    kinds = disagreeing_sources(model, owner, m)
    if kinds is not None:  # the union of the sources decides it exists; say that they disagree
        r["note"] = f"sources disagree: in the engine's {kinds[0]}, not in its {kinds[1]}"
    return _with_status(r, m, shown)


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
    # the model's own names for synthesized types (`Lib$Util`, `Stage$static`) are never suggested
    type_names = {n for n in model.type_names if "$" not in n[1:]}
    all_names: set[str] = set(type_names)
    exports: set[str] = set()
    for mname, mod in model.modules.items():
        exports.update(k for k in mod.exports if k not in ("default", "="))
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
    classes = frozenset(n for n in type_names if any(model.class_like(tid) for tid in model.type_names[n]))
    idx = {"member_owners": member_owners, "all_names": sorted(all_names), "type_names": sorted(type_names),
           "all_cands": sg.Candidates(all_names), "type_cands": sg.Candidates(type_names), "members": {},
           "sides": {}, "modules": sorted(model.modules, key=len, reverse=True), "classes": classes,
           # what `new X()` can name: the engine's types and exports (a class wins a tie)
           "construct_cands": sg.Candidates(type_names | exports)}
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


def _side_candidates(svc: ObjectModelService, tid, static: bool) -> "sg.Candidates":
    """One side's public member names (`ObjectModel.side`), as the check's candidates on such a receiver."""
    cache = _index(svc)["sides"]
    key = (tid, static)
    if key not in cache:
        cache[key] = sg.Candidates([n for n, (m, _) in svc.model.side(tid, static).items()
                                    if not m.private and m.status != "removed"])
    return cache[key]
