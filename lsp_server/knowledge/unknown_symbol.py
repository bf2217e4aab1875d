"""The `unknown-symbol` check and the engine-member hover, both on top of `types.analyze`.

A member access whose receiver has a known engine type that does not have the member (through its
inheritance chain) is reported with the closest real members. Severity: error when the receiver's type is
declared (imports, constructors, declared return types, JSDoc) from a high-confidence source; warning when
it was inferred from evidence or comes from a medium-confidence source (docs); nothing below that.

On TypeScript and TSX the TypeScript service in the same editor already reports an unknown member of a
receiver whose type it knows. So in the editor (`CheckContext.typescript_service`: the server's runs), by
default (`[typescript] unknown_symbols = "beyond-tsc"`), a finding on a `.ts`/`.tsx` file is kept only when
TypeScript cannot make it: the receiver is `any` or untyped to TypeScript (typed here from evidence, or declared
`any`), or the engine's types are not typings TypeScript finds itself (installed `.d.ts` in node_modules): a
JavaScript source, docs, a manifest, or a declaration file configured in `[object_model] sources`.
`unknown_symbols = "all"` reports everything, as on JavaScript: the default of callers with no TypeScript
service beside them (the CLI, agent hooks, MCP). A value in the settings wins for every caller.

A use of a member the engine's sources mark removed (docs: "Removed in 4.0", a changelog's Removed list) is an
error on every language (a warning when the receiver's type is inferred from evidence), on `.ts` too even when TypeScript sees typings that still declare it (typings lag the
engine): the replacement the marker names is the did-you-mean, the marker's place the evidence. A member marked
deprecated (`@deprecated`, docs "Deprecated") is a warning tagged deprecated (editors strike it through); on
`.ts` it is left to TypeScript when the tag is in typings TypeScript reads.
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path


from lsp_server.checks import CheckContext, Phase, check
from lsp_server.document import ParsedDocument
from lsp_server.languages import SOURCE_LANGUAGES, TYPESCRIPT_LANGUAGES, is_typings_path
from lsp_server.findings import Finding, Severity
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge import spelling_cache
from lsp_server.knowledge.model_sources.base import HIGH, MEDIUM, Member, ReadLimits, display_type, parse_type
from lsp_server.knowledge.model_sources.definers import module_definer, package_file, resolve_require
from lsp_server.knowledge.model_sources.docs import MARKDOWN_PAGES, OLD_API_PAGE, docs_files, page_files
from lsp_server.knowledge.model_sources import platform as platform_lib
from lsp_server.knowledge.model_sources.platform import PLATFORM
from lsp_server import queries
from lsp_server.knowledge.builtin_names import PLATFORM_ROOTS, builtin_members, is_builtin_type, platform_class_members
from lsp_server.knowledge.graphql_data import graphql_data_sites
from lsp_server.knowledge.entry_writes import entry_write_sites
from lsp_server.knowledge.handed_writes import Handed, engine_handed, handed_write_sites, own_this, this_owner
from lsp_server.knowledge.element_receivers import (custom_elements, dom_element_members, dom_event_members,
                                                    element_receivers_in, tag_members,
                                                    spells_custom_tag, this_element_receivers, element_heritage)
from lsp_server.knowledge.jquery_receivers import jquery_sites
from lsp_server.knowledge.naming import ensure_conventions
from lsp_server.knowledge.object_model import (
    OBJECT_MEMBERS, ObjectModel, ObjectModelService, _package_dir, code_blocks, declared_members, find_package_runtime,
    imported_packages, package_name, runtime_subpath, runtime_target,
)
from lsp_server.graph.resolve import MISSING_FILE, MISSING_PACKAGE, Resolver
from lsp_server.storage import collection_paused, read_bounded_in, read_json
from lsp_server.knowledge.types import (CONVENTION_EVIDENCE, GLOBALS, Access, Analysis, ValKind, analyze, constructs,
                                        receiver_member, receiver_members)
from lsp_server.knowledge.typescript_settings import BEYOND_TSC, TypeScriptConfig
from lsp_server.syntax.members import member_chain
from lsp_server.syntax.modules import DEFAULT, NAMESPACE, module_info_of
from lsp_server.syntax.scopes import scopes_of
from lsp_server.providers import HoverInfo, RequestContext, hover_provider

# The analyses of recent documents, shared by the check and the hover: one per document (the latest stored
# replaces the document's older snapshots: an edit makes them useless, and each holds thousands of objects
# that every full garbage collection walks, keystroke after keystroke), at most _CACHE_SIZE documents.
_CACHE: "OrderedDict[tuple, Analysis]" = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 64
# The score (`suggest.rank`) from which an unknown name is plainly a variant of the real member it ranks first.
PLAIN_NEAR_MISS = 0.75
# Receivers whose `tid` is a tuple of types: a union (one of them) or an intersection (all at once).
_MANY = (ValKind.UNION, ValKind.INTERSECTION)




def typescript_sees(a: Access, model: ObjectModel) -> bool:
    """Whether TypeScript itself reports this unknown name: its receiver is typed to TypeScript (not `any`,
    not typed here from evidence) by typings TypeScript finds (a `.d.ts` discovered in node_modules). Other
    sources of the same package (its JavaScript, read for evidence) do not change what TypeScript sees."""
    recv = a.recv
    if recv.evidence is not None or recv.untyped:
        return False
    modules, types = typings_of(model)
    if a.usage == "import" and recv.kind == ValKind.CLASS and recv.tid:
        return recv.tid[0] in modules  # a subpath that is a namespace object of the package's typings
    if a.usage == "import" or recv.kind == ValKind.NAMESPACE:
        return (a.container if a.usage == "import" else recv.module) in modules
    # the DOM's own types (`platform.PLATFORM`) are TypeScript's lib: it types `document`, a tag-name lookup's
    # element and what they return itself, and reports their unknown names
    if recv.kind in _MANY:
        # (literal members alone, `Record<'a' | 'b', V>`: the typings module that writes that type)
        return all(tid in types or tid[0] == PLATFORM for tid in recv.tid) and (bool(recv.tid) or recv.module in modules)
    return bool(recv.tid) and (recv.tid in types or recv.tid[0] == PLATFORM)


_TYPINGS: dict[int, tuple[frozenset[str], frozenset[tuple[str, str]]]] = {}


def typings_of(model: ObjectModel) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The modules, and the types (module, name), that typings TypeScript finds itself declare: `.d.ts`
    sources discovered in node_modules (a configured source, even a `.d.ts`, is invisible to TypeScript)."""
    found = _TYPINGS.get(id(model))
    if found is None:
        modules: set[str] = set()
        types: set[tuple[str, str]] = set()
        for spec, src in model.sources:
            if src.kind == "dts" and spec.origin == "discovered":
                for name, mod in src.modules.items():
                    modules.add(name)
                    types.update((name, t) for t in mod.types)
        found = (frozenset(modules), frozenset(types))
        if len(_TYPINGS) > 8:
            _TYPINGS.clear()
        _TYPINGS[id(model)] = found
    return found


def analysis_for(doc: ParsedDocument, model: ObjectModel) -> Analysis:
    key = (doc.uri, doc.version, hash(doc.source), id(model))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    if model.conventions is None or not model.has_derived("unknown_symbol.vocabulary_index"):
        # workspace-wide, once per model: not this document's analysis (no time limit); what it builds lives
        # as long as the model, so collection is paused meanwhile, as for an index (storage.collection_paused)
        with queries.no_time_limit(), collection_paused():
            ensure_conventions(model)  # mined from the engine's examples once per model
            _engine_vocabulary(model)  # reads the engine's files as text once per model (~30 ms a MB)
    result = analyze(doc, model)
    with _CACHE_LOCK:
        for older in [k for k in _CACHE if k[0] == doc.uri]:
            del _CACHE[older]
        _CACHE[key] = result
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return result


def finding_for(a: Access, model: ObjectModel) -> Finding | None:
    if a.unawaited:
        return unawaited_finding(a, model)
    recv = a.recv
    inferred = recv.evidence is not None
    if recv.kind in _MANY:
        type_conf = min((model.type_confidence(t) for t in recv.tid), default=1.0)  # (literal members alone: 1)
    else:
        type_conf = model.type_confidence(recv.tid) if recv.tid else 1.0
    conf = min(recv.conf, type_conf)
    if conf < MEDIUM:
        return None
    if recv.tid and model.of_undeclared(recv.tid):
        return None  # a package installed for another one, at its version: the code may target another
    # `new Konva.Stagee()`: of equally near names, a class is meant (`Stage`), and a name that `new` certainly
    # throws on (the array `stages`, even spelt `Stages`) is never the one meant
    prefer = (lambda name: constructs(model, a.recv, name) is True) if a.constructed else None
    ranked = [r for r in sg.rank(a.name, a.candidates, a.usage, prefer=prefer, constructed=a.constructed)
              if r[0] not in _removed_names(a, model)
              and not (a.constructed and constructs(model, a.recv, r[0]) is False)]
    if not ranked and a.usage != "import":
        # `tx.shiftCall()` of the one member `moveCall`: its verb said otherwise, the rest kept (`sg.head_swap`);
        # a fallback at the lowest score that counts (a write stays silent below: an expando may be so named)
        swapped = sg.head_swap(a.name, [c for c in a.candidates if c not in _removed_names(a, model)])
        if swapped is not None and not (a.constructed and constructs(model, a.recv, swapped) is False):
            ranked = [(swapped, sg.THRESHOLD)]
    if not ranked and recv.narrowed:  # a union narrowed by a discriminant, and a name like none of what is left:
        # the engine's member names elsewhere (an older shape the docs show: `textdelta` for `textDelta`)
        # or spelled as a member in its files (a member of an anonymous object type the model does not keep)
        vocabulary = _engine_vocabulary(model)
        ranked = sorted(sg.rank(a.name, vocabulary["cands_members"], a.usage) +
                        sg.rank(a.name, vocabulary["cands_spelled_members"], a.usage), key=lambda r: -r[1])
    if a.usage == "write" and (not ranked or (ranked[0][1] < 0.75 and not _prefixed(a.name, ranked[0][0]))):
        return None  # a new property on an object (expando) unless it is plainly a near miss of a real one
    if inferred and not ranked:
        return None  # an inferred type and a name like none of its members: more likely our guess is wrong
    if inferred and a.usage != "import" and a.name in _guessed_package_names(model, recv.evidence.tid):
        # a name another type of the guessed type's package declares, on a receiver whose type is a guess
        # (`service` of a function's parameter, by its name's convention a `CheckoutService`, calling
        # `deinitializeButton`, a `CheckoutButtonInitializer`'s): the guess, not the name, is the likelier mistake
        return None
    if a.usage != "import" and (recv.kind == ValKind.INSTANCE and model.decorated(recv.tid) or recv.kind ==
                                ValKind.INTERSECTION and any(model.decorated(t) for t in recv.tid)) and \
            (not ranked or ranked[0][1] < PLAIN_NEAR_MISS):
        return None  # the runtime adds members to it by name (a plugin's decoration): only a plain variant of a
        # real member is surely a mistake (`reply.sendFile()` of a plugin the install lacks is not one)
    if inferred and a.name in builtin_members() and recv.evidence.name not in model.modules and \
            not _accessor_of_method(a, model) and not _reached_through_proven_guess(a, model):
        # an inferred type (a name's convention, usage) and a name JavaScript, the DOM or Node gives objects: the
        # receiver is more likely one of those (`res.end()` on Node's ServerResponse in a handler whose `res`
        # the engine's docs name for its own reply type) than our guess's object missing it. A receiver named
        # after the package itself (`fastify`), or typed through one, is the engine's object, not a platform one
        return None
    suggestions = [n for n, _ in ranked[:5]]
    elsewhere = _slip_of_another_type(a, model, ranked) if inferred else None
    if elsewhere is not None:
        suggestions = [elsewhere, *(n for n in suggestions if n != elsewhere)][:5]
    # a write may add a property on purpose: only a plain typo of a real member (as tsc reports on a closed
    # class) is an error; a get/set-prefixed near miss written (`sheet.getState = ...`) is a warning
    weak_write = a.usage == "write" and (ranked[0][1] < 0.75 or _prefixed(a.name, ranked[0][0]))
    severity = Severity.ERROR if (conf >= HIGH and not inferred and not weak_write) else Severity.WARNING
    if a.usage == "import":
        message = f"`{a.container}` has no export `{a.name}`"
    elif recv.kind == ValKind.NAMESPACE:
        message = f"`{a.container}` has no export `{a.name}`"
    else:
        static = "static " if a.static and recv.kind == ValKind.CLASS and _has_statics(model, recv.tid) else ""
        message = f"{shown_type(model, a)} has no {static}member `{a.name}`"
    if suggestions:
        message += f"; did you mean `{suggestions[0]}`?"
    if inferred:
        why = recv.evidence.text(shown_owner(model, recv.evidence.tid))
        if why:
            message += f" ({why})"
    typed = recv.kind in (ValKind.INSTANCE, ValKind.CLASS) and isinstance(recv.tid, tuple)
    data: dict = {"suggestions": suggestions, "type": shown_owner(model, recv.tid, a.written) if typed else a.container,
                  "member": a.name,
                  "receiver": "inferred" if inferred else "declared"}
    if suggestions:
        data["fix"] = {"title": f"Rename to `{suggestions[0]}`",
                       "edits": [{"start": a.start, "end": a.end, "text": suggestions[0]}],
                       "fix_all": (not inferred) and severity == Severity.ERROR and sg.unambiguous(ranked)}
        # The one confident rename is what Auto Fix (and Neovim's first entry) applies.
        data["fix"]["preferred"] = data["fix"]["fix_all"]
    return Finding("unknown-symbol", message, a.start, a.end, severity, data)


def _package_of(module: str) -> str:
    """`@scope/pkg` of `@scope/pkg/sub`, `pkg` of `pkg/sub`."""
    parts = module.split("/")
    return "/".join(parts[:2] if module.startswith("@") else parts[:1])


def _guessed_package_names(model: ObjectModel, tid) -> frozenset[str]:
    """Every member name the types of the package of the guessed type `tid` declare (all its modules), once per
    model and package."""
    if not isinstance(tid, tuple):
        return frozenset()
    package = _package_of(tid[0])
    cache: dict[str, frozenset[str]] = model.derived("unknown_symbol.package_names", dict)
    found = cache.get(package)
    if found is None:
        found = cache[package] = frozenset(
            m.name for name, mod in model.modules.items() if _package_of(name) == package
            for t in mod.types.values() for m in t.members)
    return found


SYNONYM_NEAR = 0.9  # `sg.rank`'s score of a known synonym (`fetchCell` of `getCell`: 0.95; `hasAwake` of `isAwake`)


def _slip_of_another_type(a: Access, model: ObjectModel, ranked: list) -> str | None:
    """On a receiver whose type is a guess (a name's convention, its uses), a name that is no plain slip of any
    of the guessed type's members but is one (`sg.plain_variant`: case, number, a get/set prefix, one letter) of
    exactly one member name of its package's other types: `service.deinitializeButtons()` where the docs' `service`
    is guessed a `CheckoutService` and `deinitializeButton` is a `CheckoutButtonInitializer`'s. The guess is the
    likelier mistake, and that member the likelier meaning: it leads the did-you-mean, before the guessed type's
    nearest names, which only score as near (`deinitializeCustomer`: one word swapped). Not where a guessed
    member is a known synonym of the name (`fetchCell` of `getCell`, `hasAwake` of `isAwake`: the guess fits, and
    another type's two-letter slip, `eachCell`, is the weaker reading). The finding itself stands: no type has the
    name."""
    if a.usage in ("write", "import") or (ranked and ranked[0][1] >= SYNONYM_NEAR) or \
            any(sg.plain_variant(a.name, c) for c in a.candidates):
        return None
    slip = _one_plain_slip(a.name, _guessed_package_names(model, a.recv.evidence.tid))
    return slip if slip is not None and slip not in a.candidates else None


def unawaited_finding(a: Access, model: ObjectModel) -> Finding | None:
    """`state.data` where `state` is a promise of a type that has `data`: an `await` left out (TypeScript: "did
    you forget to use 'await'?"; JavaScript reads `undefined` there, and throws on the next step). A warning on a
    guessed receiver, as every finding on one is."""
    conf = min(a.recv.conf, model.type_confidence(a.owner)) if isinstance(a.owner, tuple) else a.recv.conf
    if conf < MEDIUM:
        return None
    owner = shown_owner(model, a.owner) if isinstance(a.owner, tuple) else a.container
    written = f"`{a.written}`" if a.written else "this value"
    message = (f"{written} is a Promise of `{owner}`, not a `{owner}`: `{a.name}` is on what it resolves to; "
               f"did you forget `await`?")
    inferred = a.recv.evidence is not None
    if inferred:
        why = a.recv.evidence.text(shown_owner(model, a.recv.evidence.tid))
        message += f" ({why})" if why else ""
    severity = Severity.ERROR if conf >= HIGH and not inferred else Severity.WARNING
    return Finding("unknown-symbol", message, a.start, a.end, severity,
                   {"suggestions": [], "type": "Promise", "member": a.name, "awaited_type": owner,
                    "receiver": "inferred" if inferred else "declared"})


def shown_type(model: ObjectModel, a: Access) -> str:
    """The receiver's type as a message names it: the name the package exports it under (a bundle's
    `export { create$6 as string }` shows `string`, never the bundle's local `create$6`; of several aliases, the
    one the code wrote); a synthesized type as the code reaches it (`shown_owner`), a method's result as
    "`Layout.twoColumn` result"; `$` in a real name kept."""
    tid = a.recv.tid if a.recv.kind in (ValKind.INSTANCE, ValKind.CLASS) else None
    mod = model.modules.get(tid[0]) if isinstance(tid, tuple) else None
    guess = a.recv.evidence.tid if a.recv.evidence is not None else None
    if a.recv.kind == ValKind.INTERSECTION and isinstance(guess, tuple) and " | " in guess[1] and \
            set(guess[1].split(" | ")) == {t[1] for t in a.recv.tid if isinstance(t, tuple)}:
        # a name's "union" convention (`service` one of a few classes) is held as an object with the members of
        # any of them, but it is one of them: shown as the union the evidence names, never as `A & B`
        return f"`{shown_owner(model, guess)}`"
    if mod is None:
        return display_type(a.container)
    shown = shown_owner(model, tid, a.written)
    return f"`{shown[:-2]}` result" if shown.endswith("()") else f"`{shown}`"


# What the model names a value's own type: `Stage$static` (a const's construct signature: `typeof Stage`'s
# like), `filters$ns1` (a namespace object `export * as filters`), `items$module4` (a declaration file's module
# object, `typeof import("./items/items")`), `Params$arm1` (an object type arm of a union alias, dts's
# `literal_union`). Shown as the value's (or the alias's) name.
_VALUE_TYPE_SUFFIX = re.compile(r"static|ns\d+|module\d+|arm\d+")
# A function's declared object result (`declare function createPure<T>(..): { u8(n: number): T }`, dts's
# `createPure$returns`): shown as that function's result
_RESULT_SUFFIX = re.compile(r"returns\d*")


def shown_owner(model: ObjectModel, tid, written: str = "") -> str:
    """A type's name as the code reaches it, which hovers, messages and `check_symbols` qualify its members by: the
    name its package exports it under (`ObjectModel.exported_name`); a synthesized type, never its `$` (the
    model's internal names are never shown): a namespace's copy `Konva$Util` as `Konva.Util` (nested ones too), an object literal
    type `Layout$twoColumn` as `Layout.twoColumn()` (a method's result) or `Owner.prop` (a property's object), a
    value's own type (`Stage$static`, `filters$ns1`) as the value's name."""
    cache: dict = model.derived("unknown_symbol.shown_owner", dict)
    key = (tid, written)
    shown = cache.get(key)
    if shown is None:
        shown = cache[key] = _shown_owner(model, tid, written)
    return shown


def _shown_owner(model: ObjectModel, tid, written: str) -> str:
    name = tid[1]
    exported = model.exported_name(tid, written)
    head, _, rest = name.rpartition("$")
    if not head or exported != name:
        return exported  # a real name (`$`, `$el`), or one the package exports under a name of its own
    if _VALUE_TYPE_SUFFIX.fullmatch(rest):
        return shown_owner(model, (tid[0], head))
    owner = model.type((tid[0], head))
    if owner is None and _RESULT_SUFFIX.fullmatch(rest):
        return f"{head.replace('$', '.')}()"  # `createPure$returns`: the object a function's declaration returns
    if owner is None:
        return exported  # a bundle's local (`create$6`) no export renames: the only name there is
    shown = f"{shown_owner(model, (tid[0], head))}.{rest}"
    member = next((m for m in owner.members if m.name == rest), None)
    if owner.kind == "namespace" or (member is not None and member.kind not in ("method", "function")):
        return shown
    return f"{shown}()"


def _prefixed(name: str, real: str) -> bool:
    """`getState` / `setState` written where the type has `state`: a get/set prefix on a real property."""
    return any(name == p + real[:1].upper() + real[1:] for p in _PREFIXES)


def _accessor_of_method(a: Access, model: ObjectModel) -> bool:
    """`client.getQuery(...)` where the receiver's type has the method `query` (and no `getQuery`): a get/set
    prefix put in front of one of its methods' names, called. The platform name rule of `finding_for` reads a
    name JavaScript, the DOM or Node gives objects (WebGL's `getQuery`) as a sign that the receiver is one of
    those; a called accessor form of the guessed type's own method says the writer had that type in mind. Not
    where the name is one the engine has anywhere (the guess may be the wrong one of its types), nor a member of
    the platform classes packages extend (an emitter's, a stream's, an EventTarget's: the receiver may be one
    at run time, whatever the typings say)."""
    if a.usage not in ("read-call", "call-args") or a.name in model.member_names():
        return False
    written = _unprefixed_as_written(a.name)
    bare = written[:1].lower() + written[1:] if written else None
    if bare is None or bare not in a.candidates:
        return False
    tids = a.recv.tid if a.recv.kind in _MANY else (a.recv.tid,)
    tables = [model.members(t) for t in tids if isinstance(t, tuple) and model.type(t) is not None]
    if not tables or any(bare not in table or not _callable(table[bare][0]) or a.name in table
                         for table in tables):
        return False
    return not any(a.name in (platform_class_members(root) or ()) for root in PLATFORM_ROOTS)


def _reached_through_proven_guess(a: Access, model: ObjectModel) -> bool:
    """`state.data.getExtension()` after `const state = await service.loadExtensions()`, where `service` is typed
    by its name (the engine's examples name a `CheckoutService` `service`): the receiver is not the guessed object
    but what the engine's typings give through members of it, and the guess is borne out by a member no platform
    object has (`loadExtensions`). The platform name rule of `finding_for` reads a name the DOM or Node gives
    objects (WebGL's `getExtension`) as a sign that the guessed object is one of theirs; a platform object does not
    come out of the engine's own typed members. Not where every use that bears the guess out is a platform name
    too (`get`, `close`: a platform object answers those), nor for a name some engine type has (the guess may be
    the wrong one of its types) or the platform classes packages extend have (an emitter's, a stream's)."""
    evidence = a.recv.evidence
    if evidence is None or not isinstance(evidence.tid, tuple) or a.name in model.member_names():
        return False
    module, shown = evidence.tid
    guessed = {evidence.tid} | {(module, part) for part in shown.split(" | ")}  # a union guess: each arm
    reached = set(a.recv.tid) if a.recv.kind in _MANY else {a.recv.tid}
    if not reached or None in reached or reached & guessed:
        return False  # the guessed object itself (or a member typed as it): it may yet be a platform one
    platform = builtin_members()
    if not any(use not in platform for use in evidence.uses):
        return False
    return not any(a.name in (platform_class_members(root) or ()) for root in PLATFORM_ROOTS)


def _has_statics(model: ObjectModel, tid) -> bool:
    """A class, or a function merged with a namespace (`declare function f(); declare namespace f {...}`): what
    is written on its value is its static side."""
    t = model.type(tid) if tid else None
    return t is not None and (t.kind == "class" or (t.kind == "namespace" and any(
        m.name == "__call__" and m.static for m in t.members)))


@check("unknown-symbol", Phase.TYPE, languages=SOURCE_LANGUAGES, on_pause=True)
def unknown_symbol(doc: ParsedDocument, ctx: CheckContext):
    if doc.uri.endswith((".d.ts", ".d.mts", ".d.cts")):
        return []  # typings describe the engine; they are not code using it
    svc = ctx.workspace.service(ObjectModelService)
    if not svc.model.modules:
        return []
    svc.remember_names(ctx.workspace, doc)  # a file read from disk: what the discovery read of it, unqueried
    result = analysis_for(doc, svc.model)
    beyond_tsc = doc.language in TYPESCRIPT_LANGUAGES and ctx.workspace.settings.get(
        TypeScriptConfig).unknown_symbols_mode(ctx.typescript_service) == BEYOND_TSC
    out = []
    for a in result.import_problems + result.accesses:
        if a.missing:
            if added_elsewhere(a, result, svc, doc) or guess_handed_away(a, doc, svc.model):
                continue
            if beyond_tsc and typescript_sees(a, svc.model):
                continue
            f = finding_for(a, svc.model)
            if f is not None:
                out.append(f)
        elif a.member is not None and a.member.status:
            f = status_finding(a, svc.model, ctx.workspace.root)
            if f is not None and not (beyond_tsc and a.member.status == "deprecated"
                                      and source_kind(a.member.status_path) == "typings" and typescript_sees(a, svc.model)):
                out.append(f)
    out += vocabulary_findings(doc, result, svc)
    out += _entry_write_findings(doc, result, svc, {f.start for f in out})
    out += _handed_write_findings(doc, result, svc, {f.start for f in out})
    return out


def _value_name(doc: ParsedDocument, node) -> str:
    """A class's or a function's name as written (empty for an anonymous class expression)."""
    name = node.child_by_field_name("name")
    return doc.node_text(name) if name is not None else ""


def _entry_write_findings(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService,
                          done: set[int]) -> list[Finding]:
    """`apiKey.apikey = KEY` where `apiKey` is an entry of an engine object's map (`client.authentications[
    'api-key']`) and the engine's runtime reads `apiKey` on those entries: a misspelt write the engine never
    reads (`entry_writes`). A warning: the object itself would take any field."""
    if doc.language not in SOURCE_LANGUAGES or analysis.names_unknown:
        return []
    spelled = _engine_vocabulary(svc.model)["names"]
    out = []
    for prop, name, meant, where in entry_write_sites(doc, analysis, svc.model, spelled,
                                                      lambda n: _declared_elsewhere(svc, doc, n)):
        if prop.start_byte in done:
            continue
        message = (f"`{name}` is written on an entry of `{where}`, which the engine never reads; "
                   f"did you mean `{meant}` (the field it reads)?")
        data = {"suggestions": [meant], "type": where, "member": name, "receiver": "entry",
                "fix": {"title": f"Rename to `{meant}`",
                        "edits": [{"start": prop.start_byte, "end": prop.end_byte, "text": meant}], "fix_all": False}}
        out.append(Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data))
    return out


def _handed_write_findings(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService,
                           done: set[int]) -> list[Finding]:
    """`Foo.propypes = {...}` on a class extending `React.Component`, `this.stte = {...}` in its constructor: a
    member written on a value handed to a package, under a name nothing in reach spells, a slip of one the package's
    files spell (`handed_writes`). A warning: the class itself takes any member; the package never reads it."""
    if doc.language not in SOURCE_LANGUAGES or analysis.names_unknown or doc.path is None:
        return []
    index = _engine_vocabulary(svc.model)
    platform = builtin_members()
    start = doc.path.parent

    def known(name: str) -> bool:
        return name in index["names"] or name in platform or name in OBJECT_MEMBERS or name in analysis.added \
            or _declared_elsewhere(svc, doc, name)

    out = []
    other = _other_package_imports(doc, svc.model)
    owner_of = lambda callee: _call_owner(doc, callee, svc.model, other)  # noqa: E731
    # the classes the engine mixes its members into that this file shows alone (`_mixin_targets`)
    mixed_into: list[Handed] = []
    if doc.language not in TYPESCRIPT_LANGUAGES and b"this" in doc.source and \
            _handed_this_members(svc.model, index):
        local = declared_members(doc)
        handed = {h.node.start_byte: h.node for h in engine_handed(doc, owner_of)}
        mixed_into = [Handed(_value_name(doc, node), node, package, f"this.{read}", this_only=True, mixed=True)
                      for node, package, read in _mixin_targets(
                          doc, svc.model, index, handed, lambda n: known(n) or n in local, platform).values()]
    for w in handed_write_sites(doc, lambda pkg: _package_spelling(svc.model, pkg, start), known,
                                doc.language in TYPESCRIPT_LANGUAGES, owner_of, mixed_into):
        if w.prop.start_byte in done:
            continue
        receiver = w.handed.name if w.static else "this"
        whose = "" if w.static else "an instance of "
        how = f"a class {w.handed.package} mixes its members into (it reads `{w.handed.via}`)" if w.handed.mixed \
            else f"handed to {w.handed.package} (`{w.handed.via}`)"
        message = (f"`{receiver}.{w.name}` is written on {whose}`{w.handed.name}`, {how}, but no file in reach "
                   f"spells `{w.name}` ({w.handed.package}'s, the engine's, this workspace's, JavaScript's, the "
                   f"DOM's or Node's): {w.handed.package} never reads it; did you mean `{w.meant}`?")
        data = {"suggestions": [w.meant], "type": w.handed.via, "member": w.name, "receiver": "handed",
                "fix": {"title": f"Rename to `{w.meant}`",
                        "edits": [{"start": w.prop.start_byte, "end": w.prop.end_byte, "text": w.meant}],
                        "fix_all": False}}
        out.append(Finding("unknown-symbol", message, w.prop.start_byte, w.prop.end_byte, Severity.WARNING, data))
    return out


# an object literal's or a typing's key on its own line (`contextTypes: 'DEFINE_MANY',`, `propTypes?: ...`): a
# member of the object it is written in
_KEY_DECLARED = re.compile(rb"(?m)^[ \t]*['\"]?([A-Za-z_$][\w$]*)['\"]?[ \t]*\??[ \t]*:")


def _package_spelling(model: ObjectModel, package: str, start: Path) -> tuple[frozenset[str], frozenset[str]] | None:
    """The identifiers and the member names (after a `.`, an own-line key, a method definition) that an installed
    package's files spell: its runtime entries and the files they import by relative path, its dependencies' alike
    (`_dependency_files`' reading of one package), and its typings (its own `types`, `@types/<package>`). None when
    the package is not installed where `start` resolves it. Kept per model and package folder."""
    home = _package_dir(package, start)
    if home is None:
        return None
    cache: dict = model.derived("unknown_symbol.package_spelling", dict)
    key = str(home)
    if key not in cache:
        cache[key] = _read_package_spelling(package, home)
    return cache[key]


def _read_package_spelling(package: str, home: Path) -> tuple[frozenset[str], frozenset[str]]:
    limits = ReadLimits()
    files = _package_files(package, home, limits)
    manifest = read_json(home / "package.json") or {}
    deps = manifest.get("dependencies") if isinstance(manifest, dict) else None
    for dep in sorted(deps) if isinstance(deps, dict) else ():
        if isinstance(dep, str):
            files += _package_files(dep, home, limits)
    for typings in (manifest.get("types"), manifest.get("typings")) if isinstance(manifest, dict) else ():
        if isinstance(typings, str) and (home / typings).is_file():
            files.append(home / typings)
    types_home = _package_dir(f"@types/{package.lstrip('@').replace('/', '__')}", home)
    if types_home is not None and (types_home / "index.d.ts").is_file():
        files.append(types_home / "index.d.ts")
    words: set[bytes] = set()
    members: set[bytes] = set()
    for path in files:
        try:
            data = limits.read(path)
        except OSError:
            continue
        words.update(_IDENTIFIER.findall(data))
        members.update(_MEMBER_SPELLED.findall(data))
        members.update(_KEY_DECLARED.findall(data))
        members.update(set(_METHOD_DECLARED.findall(data)) - _NOT_METHODS)
    return (frozenset(w.decode("ascii", "replace") for w in words),
            frozenset(m.decode("ascii", "replace") for m in members))


def _package_files(package: str, start: Path, limits: ReadLimits) -> list[Path]:
    """A package's runtime entries and its own files they import by relative path (`_import_closure`)."""
    todo = list(find_package_runtime(package, start))
    if not todo:
        return []
    root = todo[0].parent
    while root.parent != root and not (root / "package.json").is_file():
        root = root.parent
    return _import_closure(todo, root, limits)


def added_elsewhere(a: Access, analysis: Analysis, svc: ObjectModelService, doc: ParsedDocument | None = None) -> bool:
    """Whether a name the receiver's type lacks exists all the same, so it is no unknown symbol (the check and
    the hover both ask): the file adds that property itself and reads it back (`ws.isAlive = true`), the engine
    adds it by the name the file gives (`defineCommand("echo", ...)`) or under names the file does not spell
    (`defineCommand(name, ...)`), the workspace's `declare module 'pkg' {...}` adds it (TypeScript merges it
    in), another file of the workspace writes it on a runtime object literal (`_written_by_workspace`), or a
    runtime class of the receiver's family has it. A member read on a promise that its awaited type has
    (`unawaited`) exists only there: the question is not whether the name exists, so only the file's own write of
    it onto that promise answers it."""
    if a.usage != "write" and a.name in analysis.written:
        return True
    if a.unawaited:
        return False
    if a.name in analysis.added or (analysis.names_unknown and a.usage != "import"):
        return True
    if doc is not None and _written_by_workspace(a, svc, doc):
        return True
    return _augmented(a, svc) or _runtime_class_has(a, svc.model) or _internal_spelled(a, svc.model) or \
        _subtype_by_convention(a, svc.model) or _subtype_written_at_run_time(a, svc.model) or \
        _narrowed_elsewhere(a, svc.model) or _documented_use(a, svc.model) or _prototype_assigned(a, svc.model)


def guess_handed_away(a: Access, doc: ParsedDocument, model: ObjectModel) -> bool:
    """A property read (`db.todos`, no call) on a receiver typed only by its name's convention (the engine's
    examples name an `IndexedDBInstance` `db`), whose value the file hands straight to a function or class of
    another package it imports (`rxdbCollectionOptions({ rxCollection: db.todos })`, `replicateRxCollection({
    collection: db.todos })`: an argument, or a value of an object or array literal that is one): the value is
    that package's input, so the receiver is more likely that package's world (RxDB's database) than the guessed
    engine object; a name is all the guess has, and a common one (`db`, `client`, `store`) is every package's.
    A call (`db.todos()`), a receiver typed by its declaration or its uses, and a value handed to the engine's,
    the platform's or the file's own functions stay checked (the check and the hover both ask)."""
    recv = a.recv
    if a.usage != "read" or recv.evidence is None or recv.evidence.uses or \
            not recv.evidence.produces.startswith(CONVENTION_EVIDENCE) or doc.tree is None:
        return False
    node = doc.tree.root_node.descendant_for_byte_range(a.start, a.end)
    access = node.parent if node is not None else None
    if access is None or access.type != "member_expression":
        return False
    value, holder = access, access.parent
    while holder is not None and (holder.type in ("object", "array") or holder.type == "pair" and
                                  holder.child_by_field_name("value") == value):
        value, holder = holder, holder.parent
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    if call is None or call.type not in ("call_expression", "new_expression"):
        return False
    callee = call.child_by_field_name("function" if call.type == "call_expression" else "constructor")
    root = None if callee is None else doc.node_text(callee) if callee.type == "identifier" else \
        _chain_root(doc, callee)
    return root is not None and root in _other_package_imports(doc, model)


def _written_by_workspace(a: Access, svc: ObjectModelService, doc: ParsedDocument) -> bool:
    """A key missing on an object literal of the engine's runtime (`Accordion.defaults = { slideSpeed: 250 }`:
    the synthesized type `Accordion$defaults`, no typings) that another file of the workspace declares (writes
    it, `Foundation.Accordion.defaults.myOption = 1`, or names it as a key): the workspace adds keys to that
    object, so it is open to them. A near miss of one of its keys (`slidespeed`, `getMultiExpand`: the test
    `finding_for` puts a write to) is the mistake itself, wherever else it is spelled, and stays a finding."""
    recv = a.recv
    if a.usage == "import" or recv.kind != ValKind.INSTANCE or not isinstance(recv.tid, tuple) or \
            "$" not in recv.tid[1]:
        return False
    t = svc.model.type(recv.tid)
    if t is None or not t.path or is_typings_path(t.path):
        return False
    here = {doc.path, doc.path.resolve()} if doc.path is not None else set()
    if not any(a.name in names for path, names in svc.declared.items() if path not in here):
        return False
    ranked = sg.rank(a.name, a.candidates, a.usage)
    return not ranked or (ranked[0][1] < PLAIN_NEAR_MISS and not _prefixed(a.name, ranked[0][0]))


def _documented_use(a: Access, model: ObjectModel) -> bool:
    """The engine's own docs pages write this very access in their code (`jest.now()` in bun's
    `docs/test/dates-times.mdx`, which its typings lack): a name a real source has is known (issue 17). Matched
    as the receiver's written name and the member (`jest.now`), over every page the engine ships, beyond the
    budget of the examples the conventions are mined from; a name the docs write on another receiver is not
    enough. The `@example`s of its runtime's doc comments too, each pair of a chain (`metadata.getItemMetadata`
    of openhab's `items.metadata.getItemMetadata(...)` in src/items/metadata.js, which no typing declares)."""
    if a.usage == "import" or not a.written:
        return False
    return f"{a.written}.{a.name}" in _docs_spelling(model)


# `recv.member` in a docs page's code block (not `a.b.c`'s `b.c`)
_DOCS_ACCESS = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\??\.\s*([A-Za-z_$][\w$]*)")
# a doc comment that shows code, and each chain of names in it (`items.metadata.getItemMetadata`)
_EXAMPLE_COMMENT = re.compile(r"/\*\*(?:(?!\*/).)*?@example((?:(?!\*/).)*)\*/", re.S)
_CHAIN = re.compile(r"(?<![\w$.])[A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)+")
_DOCS_CODE = re.compile(r"```[^\n]*\n(.*?)```", re.S)
MAX_DOCS_PAGES = 3000
MAX_DOCS_BYTES = 32 * 1024 * 1024


def _docs_spelling(model: ObjectModel) -> frozenset[str]:
    """Every `recv.member` the code blocks of the engine's packages' docs pages write (`docs/` and `doc/`
    folders, Markdown and MDX), read once per model, only when a name is missing on a receiver."""
    return model.derived("unknown_symbol.docs_spelling", lambda: _read_docs_spelling(model))


def _read_docs_spelling(model: ObjectModel) -> frozenset[str]:
    """`_docs_spelling`'s reading: every docs page of the engine's packages (bounded), then the runtime's
    `@example` comments."""
    found: set[str] = set()
    packages: set[Path] = set()
    for spec, _ in model.sources:
        for parent in Path(spec.path).parents:
            if parent.parent.name in ("node_modules", "@types") or parent.parent.name.startswith("@") and \
                    parent.parent.parent.name == "node_modules":
                packages.add(parent)
                break
    limits = ReadLimits()
    pages, budget = 0, MAX_DOCS_BYTES
    for package in sorted(packages):
        for folder in ("docs", "doc"):
            for page in docs_files(package / folder, MARKDOWN_PAGES):
                if pages >= MAX_DOCS_PAGES or budget <= 0:
                    break
                if any(OLD_API_PAGE.search(part) for part in page.relative_to(package).parts):
                    continue  # a migration guide's or changelog's names may be gone
                try:
                    data = limits.read(page)
                except OSError:
                    continue
                pages, budget = pages + 1, budget - len(data)
                for block in _DOCS_CODE.findall(data.decode("utf-8", "replace")):
                    found.update(f"{r}.{m}" for r, m in _DOCS_ACCESS.findall(block))
    for _, data in model.runtime_texts():
        if b"@example" not in data:
            continue
        for example in _EXAMPLE_COMMENT.findall(data.decode("utf-8", "replace")):
            for chain in _CHAIN.findall(example):
                names = [n.strip(" \t\n?*") for n in chain.split(".")]
                found.update(f"{r}.{m}" for r, m in zip(names, names[1:]))
    return frozenset(found)


def _subtype_written_at_run_time(a: Access, model: ObjectModel) -> bool:
    """A name types extending the receiver's type declare (`feature` on a `Layer`'s subclasses) that the
    engine's runtime writes onto objects it does not type as `this` (`layer.feature = data` on whatever layer it
    made): the typings declare it where they knew of it, the runtime gives it to any object of the family
    (issue 17: a name any real source has is known). A name only subtypes declare that the runtime never
    writes stays a finding (TypeScript's)."""
    recv = a.recv
    if a.usage == "import" or recv.kind not in (ValKind.INSTANCE, *_MANY):
        return False
    tids = {t for t in (recv.tid if recv.kind in _MANY else (recv.tid,)) if isinstance(t, tuple) and t}
    if not tids or not any(o not in tids and tids & model.ancestors(o) for o in model.owners(a.name)):
        return False
    return a.name in _runtime_written(model)


# `x.name = ...` (not `this.name`, not `==` / `=>`): a property a runtime writes onto an object it holds
_WRITTEN = re.compile(rb"(?<![\w$.])(?!this\b)[A-Za-z_$][\w$]*\s*\.\s*([A-Za-z_$][\w$]*)\s*=(?![=>])")


def _runtime_written(model: ObjectModel) -> frozenset[str]:
    """The property names the engine's runtime builds (the JavaScript files the model was read from) write onto
    an object other than `this`: read once per model, only when a name is missing on a typed receiver and a
    subtype declares it."""
    def read() -> frozenset[str]:
        found: set[bytes] = set()
        for _, data in model.runtime_texts():
            found.update(_WRITTEN.findall(data))
        return frozenset(n.decode("ascii", "replace") for n in found)
    return model.derived("unknown_symbol.runtime_written", read)


# `ZonedDateTime.prototype.toToday = function ...` (`time.ZonedDateTime.prototype...` too): a method a runtime
# puts on a class's prototype
_PROTOTYPE_WRITE = re.compile(rb"(?<![\w$])([A-Za-z_$][\w$]*)\s*\.\s*prototype\s*\.\s*([A-Za-z_$][\w$]*)\s*=(?![=>])")


def _prototype_assigned(a: Access, model: ObjectModel) -> bool:
    """A member the engine's runtime assigns on the prototype of a class the receiver is an instance of (by the
    class's name, its ancestors' too): openhab's `time.js` adds `toToday`, `isBetweenTimes`, `toOpenHabString`
    to its @js-joda/core dependency's `ZonedDateTime.prototype`, which no typing declares. Every instance has
    it at run time (issue 17: a name any real source has is known)."""
    recv = a.recv
    if a.usage == "import" or recv.kind != ValKind.INSTANCE or not isinstance(recv.tid, tuple) or not recv.tid:
        return False
    written = _prototype_written(model)
    if not written:
        return False
    names = {t[1].rsplit("$", 1)[-1] for t in (recv.tid, *model.ancestors(recv.tid)) if isinstance(t, tuple)}
    return any(a.name in written.get(n, ()) for n in names)


def _prototype_written(model: ObjectModel) -> dict[str, frozenset[str]]:
    """Class name -> the members the engine's runtime files assign on its prototype; read once per model, only
    when a name is missing on a typed receiver."""
    def read() -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for _, data in model.runtime_texts():
            if b"prototype" in data:
                for cls, member in _PROTOTYPE_WRITE.findall(data):
                    found.setdefault(cls.decode("ascii", "replace"), set()).add(member.decode("ascii", "replace"))
        return {k: frozenset(v) for k, v in found.items()}
    return model.derived("unknown_symbol.prototype_written", read)


def _narrowed_elsewhere(a: Access, model: ObjectModel) -> bool:
    """A name missing on a union narrowed by a discriminant (`if (part.type === "text-delta") part.textDelta`)
    that the engine has elsewhere: the narrowing is this analysis's reading of the control flow, and a real
    name of the engine (a member of another union member or of an older shape the docs still show) is never
    flagged on it; only a name the engine has nowhere is."""
    return a.recv is not None and a.recv.narrowed and a.name in _engine_vocabulary(model)["names"]


def _subtype_by_convention(a: Access, model: ObjectModel) -> bool:
    """A receiver typed only by its name's convention (`player` -> Sprite) whose missing name a type extending
    that type has (`player.setCollideWorldBounds()`, a physics Sprite's): the name says which family, not which
    member of it the object is, so the subtype's members are real on it."""
    recv = a.recv
    if a.usage == "import" or recv.evidence is None or not recv.evidence.produces.startswith(CONVENTION_EVIDENCE):
        return False
    tids = {t for t in (recv.tid if recv.kind in _MANY else (recv.tid,)) if isinstance(t, tuple) and t}
    return any(o not in tids and tids & model.ancestors(o) for o in model.owners(a.name))


def _internal_spelled(a: Access, model: ObjectModel) -> bool:
    """An underscore member (`marker._icon`) the engine's files spell: an internal its runtime sets
    (`this._icon = ...` inside a class system the reader does not follow) that its typings leave out on
    purpose. It exists; whether code should touch it is not this check's question."""
    return a.usage != "import" and a.name.startswith("_") and a.name in _engine_vocabulary(model)["names"]


def _augmented(a: Access, svc: ObjectModelService) -> bool:
    """Whether a module augmentation in the workspace (`declare module 'pkg' { interface Options { extra?:
    number } }`) adds the name to the package the receiver's type comes from: by name over the whole package
    (an augmented base interface gives the member to every type extending it)."""
    added = svc.augmented()
    if not added:
        return False
    recv = a.recv
    tids = recv.tid if recv.kind in _MANY else (recv.tid,)
    modules = {a.container if a.usage == "import" else "", recv.module,
               *(t[0] for t in tids if isinstance(t, tuple) and t)}
    return any(a.name in added.get(package_name(m) or m, ()) for m in modules if m)


def _runtime_class_has(a: Access, model: ObjectModel) -> bool:
    """A receiver typed by an interface alone (no class of that name at run time: ioredis's
    `ChainableCommander`, made as a `Pipeline`) whose missing name a runtime class of its family has
    (`ObjectModel.runtime_names`)."""
    recv = a.recv
    if recv.kind != ValKind.INSTANCE or not isinstance(recv.tid, tuple) or a.usage == "import":
        return False
    t = model.type(recv.tid)
    return t is not None and t.kind == "interface" and a.name in model.runtime_names(recv.tid)


def status_finding(a: Access, model: ObjectModel, root=None) -> Finding | None:
    """A use of a member the sources mark removed (an error) or deprecated (a warning tagged deprecated)."""
    m = a.member
    if m is None or m.status not in ("removed", "deprecated"):
        return None
    # the owner as the code reaches it, never the model's internal `$` name (`Lib$Util` is `Lib.Util`)
    owner = shown_owner(model, a.owner, a.written) if isinstance(a.owner, tuple) else a.container
    shown = f"{owner}.{m.name}" if owner and a.recv.kind != ValKind.NAMESPACE else m.name
    where = _shown_path(m.status_path, root)
    evidence = f"{where}:{m.status_line + 1}" if where else ""
    suggestion = _replacement_member(a, model)
    verb = "was removed" if m.status == "removed" else "is deprecated"
    message = f"`{shown}` {verb}"
    if m.replacement:
        message += f"; use `{m.replacement}` instead"
    if evidence:
        message += f" ({evidence})"
    data: dict = {"status": m.status, "type": owner, "member": m.name,
                  "suggestions": [suggestion] if suggestion else [],
                  "evidence": {"path": m.status_path, "line": m.status_line, "text": m.status_note}}
    if m.replacement:
        data["replacement"] = m.replacement
    if suggestion:
        data["fix"] = {"title": f"Replace with `{suggestion}`",
                       "edits": [{"start": a.start, "end": a.end, "text": suggestion}], "fix_all": False,
                       "preferred": False}
    if a.recv.evidence is not None:  # the receiver's type is our guess from its uses: say why, and only warn
        why = a.recv.evidence.text(shown_owner(model, a.recv.evidence.tid))
        message += f" ({why})" if why else ""
        data["receiver"] = "inferred"
    if m.status == "removed":
        severity = Severity.WARNING if a.recv.evidence is not None else Severity.ERROR
        return Finding("unknown-symbol", message, a.start, a.end, severity, data)
    return Finding("unknown-symbol", message, a.start, a.end, Severity.WARNING, data, tags=("deprecated",))


def _removed_names(a: Access, model: ObjectModel) -> frozenset[str]:
    """Members of the receiver the sources mark removed, on the side it has (`receiver_members`: a removed static
    leaves an instance member of its name a did-you-mean): never a did-you-mean."""
    if a.recv.kind in _MANY:
        tables = [model.side(tid, static=False) for tid in a.recv.tid]
    else:
        tables = [receiver_members(model, a.recv)]
    return frozenset(n for table in tables for n, (m, _) in table.items() if m.status == "removed")


def _replacement_member(a: Access, model: ObjectModel) -> str:
    """The replacement's name when it is a current member of the same receiver (a rename fixes the use):
    `Page.addBlock` for `Page.addBox`; not `page.footer.addBlock()` (another receiver)."""
    repl = a.member.replacement if a.member is not None else ""
    if not repl:
        return ""
    owner = a.owner[1] if isinstance(a.owner, tuple) else ""
    parts = repl.split(".")
    if len(parts) > 2 or (len(parts) == 2 and parts[0] not in (owner, a.container)):
        return ""
    name = parts[-1]
    if a.usage == "import" or a.recv.kind == ValKind.NAMESPACE:
        module = a.container if a.usage == "import" else a.recv.module
        found = model.export(module, name)
        return name if found is not None and not (found[0] == "value" and found[1].status == "removed") else ""
    tids = a.recv.tid if a.recv.kind in _MANY else ((a.recv.tid,) if a.recv.tid else ())
    for tid in tids:
        found = model.side(tid, a.static).get(name)
        if found is None or found[0].status == "removed" or _callable(found[0]) != _callable(a.member):
            return ""  # a rename of `cell.colSpan = 2` to a method `setSpan` would not be a fix
    return name if tids else ""


def _callable(m) -> bool:
    return m.kind in ("method", "function", "constructor")


def _shown_path(path: str, root) -> str:
    if not path:
        return ""
    import os

    try:
        return Path(os.path.relpath(path, root)).as_posix() if root else Path(path).name
    except ValueError:
        return Path(path).as_posix()


# --- the vocabulary check: untyped receivers in files that use the engine ------------------------------------
NEAR_MISS = 0.85  # suggest.score at or above: casing, plural/singular, known synonyms, small typos
_PREFIXES = sg.ACCESSOR_PREFIXES


def vocabulary_findings(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService) -> list[Finding]:
    """The vocabulary check's findings (see `vocabulary_sites`)."""
    return [f for f, _ in vocabulary_sites(doc, analysis, svc)]


def vocabulary_sites(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService) -> list[tuple[Finding, tuple | None]]:
    """`_vocabulary_sites`, kept on the document's analysis (`analysis_for` caches it per snapshot) while the
    model and the workspace's declared names stay the same objects: the hover reads what the check found
    (~0.1 ms a KB of source to recompute)."""
    workspace = svc.workspace_names()
    kept = getattr(analysis, "_vocabulary_sites", None)
    if kept is not None and kept[0] is svc.model and kept[1] is workspace:
        return kept[2]
    sites = _vocabulary_sites(doc, analysis, svc, workspace)
    analysis._vocabulary_sites = (svc.model, workspace, sites)
    return sites


def _vocabulary_sites(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService,
                      workspace: frozenset[str]) -> list[tuple[Finding, tuple | None]]:
    """Each vocabulary finding with the declaration its did-you-mean names, `(Member, owner's name)` when the
    suggestion is one type's (or module's) member, else None (a name only the engine's files spell): the check
    reports the findings, the hover shows them with that declaration's signature, both from this one pass.

    `x.fontsize(...)` where nothing says what `x` is: reported (a warning) only when no type in reach has
    the name (the engine's, the workspace's own declarations, JavaScript built-ins, the DOM, Node) and it is
    a near miss of one engine member (casing, plural, a get/set prefix, a known synonym, a small typo) that
    is not itself a platform name. Only in files that use the engine (import it, or spell a member only it has:
    `_spells_engine_member`). Also on a receiver of an engine type the model could not close (an unknown base:
    `Analysis.open_engine_sites`). The engine's vocabulary is the model's members, then, as a fallback, the
    members its files spell (`_engine_spelling`); a name the files spell anywhere is never reported. On
    TypeScript, as on JavaScript, except
    on a receiver declared with a type annotation (`s: Schema`, a class field `this.s`): TypeScript knows its
    type (and reports its unknown members) even where the object model does not; an unannotated parameter is
    `any` to TypeScript, which reports nothing on it."""
    model = svc.model
    if doc.language not in SOURCE_LANGUAGES or doc.tree is None:
        return []
    platform = builtin_members()
    # GraphQL data first: its selection set is the closed type of the object, whatever the engine adds elsewhere
    on_data = graphql_data_sites(doc, {a.start for a in analysis.accesses})
    if analysis.names_unknown:
        return on_data
    index = _engine_vocabulary(model)
    imported = _imported_names(doc, model)
    local = declared_members(doc)
    found = on_data + _element_sites(doc, analysis, svc, workspace, index, local)
    # jQuery objects in a workspace whose engine is a jQuery plugin (`$('#reveal').foundations('open')`):
    # jQuery's vocabulary decides on those receivers (`jquery_receivers`), not the engine's whole one
    on_jquery, jquery_names = jquery_sites(doc, model, lambda n: n in index["names"] or n in platform or
                                           n in local or n in workspace or n in analysis.added)
    if on_jquery or jquery_names:
        taken = {f.start for f, _ in found}
        found += [site for site in on_jquery if site[0].start not in taken]
    if found or jquery_names:
        done = {f.start for f, _ in found} | jquery_names
        return found + [site for site in _engine_sites(doc, analysis, svc, workspace, index, imported, local,
                                                       platform) if site[0].start not in done]
    return _engine_sites(doc, analysis, svc, workspace, index, imported, local, platform)


def _written_only(doc, writes: dict[str, int]) -> set[str]:
    """The member names of `writes` (name -> how many times the file assigns it) that the file spells nowhere
    else: a name only ever written is an expando, or a near miss nobody reads back."""
    return {n for n, count in writes.items()
            if len(re.findall(rb"(?<![\w$])" + re.escape(n.encode()) + rb"(?![\w$])", doc.source)) == count}


def _engine_sites(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService, workspace: frozenset[str],
                  index: dict, imported: frozenset[str], local: frozenset[str], platform: frozenset[str]) -> list:
    """`_vocabulary_sites` on receivers of unknown type, against the engine's whole vocabulary."""
    model = svc.model
    # a name bound by an import nothing resolves (`import alt from './alt'` in a snippet without that file): read
    # by its name, as an undeclared one is, where the engine's examples name their instances so
    guessed = _unresolved_convention_names(doc, model)
    imported = imported - guessed.keys()
    by_convention = {**guessed, **analysis.named_by_convention}
    found = queries.captures(doc.language, "evidence", doc.tree.root_node)
    members = [*found.get("member", ()), *found.get("member.chained", ())]
    # a file that shows no other use of the engine: only receivers named as instances of one of its classes
    named_as_class: dict[str, str] | None = None
    pages = _page_kinds(model)
    declared_here = scopes_of(doc).declared_anywhere() if pages["types"] else frozenset()
    # a file whose only sign of the engine is an undeclared capitalised name of the kind the examples make
    # the user's objects (`await Pet.removeFromCollection(...)`), or a `this` the host may set: only near misses
    # of that object's members (of the host's objects on `this`)
    kinds_only = handed_only = False
    handed: dict[int, object] | None = None
    if not guessed and not _uses_engine(doc, analysis, model) and not _engine_loaded_module(doc, model) and \
            not _spells_engine_member(doc, members, index, imported, local | workspace) and \
            not _uses_docs_bound_name(doc, members, docs_bound_names(model), scopes_of(doc).declared_anywhere()) and \
            not _uses_page_receiver(doc, [*members, *found.get("member.this", ())], pages, declared_here,
                                    shaped=False):
        named_as_class = _named_as_engine_class(doc, members, index)
        if not named_as_class:
            if not _uses_page_receiver(doc, [*members, *found.get("member.this", ())], pages, declared_here):
                # a file whose one use of the engine is handing it a class or an object literal to mix its
                # members into (`alt.createStore(TodoStore)`, `alt` the user's own module): `this` in it only
                handed = _mixed_owners(doc, analysis, model, index, local | workspace, platform)
                if not handed:
                    return []
                handed_only, named_as_class = True, None
            else:
                kinds_only, named_as_class = True, None
    # a member of a member or of `this` (`reply.raw.statuCode`, `this.log.trace()`): receivers as untyped; and a
    # member of a call of a name (`collect(items).sum()`), checked only where the analysis typed the call (below)
    members += [*found.get("member.nested", ()), *found.get("member.this", ()), *found.get("member.called", ())]
    annotated = _annotated_names(doc) if doc.language in TYPESCRIPT_LANGUAGES else frozenset()
    other_packages = _other_package_imports(doc, model)
    typed = {a.start for a in analysis.accesses} | {a.start for a in analysis.import_problems} | \
        (analysis.open_sites - analysis.open_engine_sites)
    # the names no source in reach has, used on each receiver the engine's examples name (`sprite`): as
    # `Analyzer.by_convention` asks, one such name is the invented one, several say the name misleads
    # And a name the file declares only by writing it on such receivers (`sprite.blenMode = "add"`, read nowhere)
    # is that type's member misspelled, not an expando: the one unknown name there, a near miss of a member.
    unknown_on: dict[str, set[str]] = {}
    written_only: set[str] = set()
    if by_convention:
        writes: dict[str, int] = {}
        for node in {(n.start_byte, n.end_byte): n for n in members}.values():
            prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
            if prop is None or obj is None or obj.type != "identifier" or prop.type != "property_identifier":
                continue
            receiver, name = doc.node_text(obj), doc.node_text(prop)
            if receiver in by_convention and name not in index["names"] and name not in platform \
                    and name not in OBJECT_MEMBERS:
                unknown_on.setdefault(receiver, set()).add(name)
                parent = node.parent
                if parent is not None and parent.type == "assignment_expression" and \
                        parent.child_by_field_name("left") == node:
                    writes[name] = writes.get(name, 0) + 1
        written_only = _written_only(doc, writes)
    # the names each receiver (as written: `toolCall`, `ev.target`; never `this`, `_receiver_key`) is read with
    # in this file
    receiver_reads: dict[str, set[str]] = {}
    for node in members:
        prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
        key = _receiver_key(doc, obj) if prop is not None and prop.type == "property_identifier" else None
        if key is not None:
            receiver_reads.setdefault(key, set()).add(doc.node_text(prop))
    out = []
    for node in members:
        prop = node.child_by_field_name("property")
        obj = node.child_by_field_name("object")
        if prop is None or obj is None or prop.type != "property_identifier":
            continue
        # a receiver of the engine's extensible types (a string index signature of `any` beside its tools):
        # TypeScript accepts any name on it, `_extension_near_miss` asks whether the name is a tool misspelt. On an
        # intersection of them (the analysis left it open: no other guess is made there) only that rule speaks
        bag = _extension_types(model, analysis.open_engine_receivers.get(prop.start_byte) or
                               analysis.open_compound_receivers.get(prop.start_byte))
        bag_only = prop.start_byte in typed
        if bag_only and bag is None:
            continue
        if obj.type not in ("identifier", "member_expression", "this") and \
                not (obj.type == "call_expression" and _call_chain_root(doc, obj) is not None) and \
                not (obj.type in ("call_expression", "new_expression") and
                     _call_chain_root(doc, obj, called=True) is not None and
                     (prop.start_byte in analysis.open_engine_receivers or bag is not None)):
            # a literal's result, or a call of no name's member: the receiver is something else's business. A call
            # of a name or a `new` of one, or a chain of member calls from one (`collect(items).where(...)
            # .sortBy(...)`, `new Collection(items).where(...)`, `collect` the engine's export, free or imported), is
            # the value a variable would hold: checked as such a variable is where the analysis typed it as an
            # engine type it could not close (`open_engine_receivers`, or an extensible one: `bag`; a closed one's
            # missing member is the analysis' own finding), else silent: what `fetch(...)`, another package's
            # function or the snippet's own helper returns is theirs
            continue
        if obj.type == "this":
            if handed is None:
                handed = _mixed_owners(doc, analysis, model, index, local | workspace, platform)
            if _foreign_literal_this(doc, obj, model, handed, index["names"]):
                continue
            if _foreign_base_this(doc, obj, model, handed, index["names"]) and not (
                    doc.language not in TYPESCRIPT_LANGUAGES and _own_class_near_miss(
                        doc, obj, doc.node_text(prop), analysis.mixin_members, model) is not None):
                continue  # (a slip of the class's own member stays reported: `this._dta` of its `_data`)
            owner = this_owner(obj) if handed_only else None
            if handed_only and (owner is None or owner.start_byte not in handed):
                continue
        elif handed_only:
            continue
        roots = {_chain_root(doc, obj), _call_chain_root(doc, obj, called=True)} - {None}
        if annotated and (roots & annotated or _this_field(doc, obj) in annotated) and bag is None:
            continue  # TypeScript's to check: the receiver has a declared type
        if obj.type == "member_expression" and roots & GLOBALS:
            # `process.env.SNAPSHOT_MODE`, `window.myApp.x`: a value a platform global holds, an open dictionary
            # or the program's own object (`globalThis.getFetch()` itself stays: the global's own members are known)
            continue
        own_only = False
        if roots & imported:
            # `Types.DECIMAL` after `const { Types } = require('engine')`: the receiver is an export of the
            # engine, which the model types when it can; where it could not, the reader does not know that
            # value's shape, and a guess would flag a name the engine has (the runtime oracle's misses). And
            # `React.useState`: another module's value, whatever the engine spells (`_imported_names`).
            # Where the model did type it, as an engine class or instance it could not close (`import {
            # DefineMap } from "can"`: a class whose base is another package's), only a near miss of that type's
            # own known members (`_receiver_near_miss`) is reported, as on any other open engine receiver
            if bag_only or prop.start_byte not in analysis.open_engine_receivers:
                continue
            own_only = True
        if other_packages and _made_by_other_package(doc, obj, other_packages):
            # `const result = streamText({...}); result.textStream` after `import { streamText } from "ai"`: what
            # another package makes is that package's value, as its export itself is (above), whatever the
            # engine spells. A relative module's is not known so: a user's class may implement an engine type
            continue
        if _through_undeclared_member(doc, obj, analysis, model, index):
            # `client.suins.getNameRecord()` where `client`'s type is known (the engine's, open: extended by
            # registrations it cannot read) and no engine type has `suins`: what that member holds is whatever
            # put it there (another package's extension, the user's), no value the engine describes; its members
            # are no evidence of the engine's vocabulary (the member itself stays the check's: `client.suins`)
            continue
        if named_as_class is not None and (obj.type != "identifier" or doc.node_text(obj) not in named_as_class):
            continue
        name = doc.node_text(prop)
        expando = name in written_only  # declared here only by this kind of write: `sprite.blenMode = "add"`
        hole = analysis.open_engine_receivers.get(prop.start_byte)
        if hole is not None and not _on_hole(hole, model):
            hole = None
        kind = _page_kind(doc, obj, pages, declared_here) if not expando else None
        on_kind = _kind_near_miss(name, kind, pages, model) if kind is not None else \
            _host_this_near_miss(name, obj, pages) if obj.type == "this" and not expando else None
        if kinds_only and on_kind is None:
            continue
        # on an interface the user's typings fill, what the engine has is a name some type has as a member, or
        # its files write after a `.` (what the runtime mixes in): a word its files spell otherwise (a local
        # `sees`, a vocabulary table's key) is no member that object may have. So too on a pages' object where
        # the name is a plain variant of one of its members (`User.find(...).limits(10)`: the engine's files
        # say `limits` in a comment or a key of their own, never as anything's member), a capitalised word too
        # (`sails.Config`: the files' `Config` is a local's or a class's name; the pages' objects are instances
        # the framework makes, whose members the pages and the files' `.x` say)
        known = (name in model.member_names() or name in index["spelled_members_any"] or name in index["names"]
                 and not name[:1].islower() and on_kind is None) if hole is not None or on_kind is not None \
            else name in index["names"]
        # A short name, or one a platform type has (`contain`, CSS's; `getTransform`, a canvas's), is no evidence
        # on a receiver of unknown type: any library's object may have it. On an instance of the engine's
        # extensible types (`bag`: every base known and the engine's, none a platform type, open only by a string
        # index signature for what code adds) the platform's types are no source of its members: only what code
        # adds there is (the workspace's writes, a `macro('contain', fn)` call: `analysis.added`), so such a name
        # is asked of its own tools alone (`_extension_near_miss`, below), a short one only as a change of case
        # (`Pad` of `pad`: a short name's other slips are too near other words)
        short, platform_named = len(name) < 4, name in platform
        if ((short or platform_named) and bag is None) or known or (name in local and not expando) \
                or (name in workspace and not (expando and not _declared_elsewhere(svc, doc, name))) \
                or name in OBJECT_MEMBERS or name in analysis.added:
            continue
        if name.startswith("_") and not (obj.type == "this" and doc.language not in TYPESCRIPT_LANGUAGES
                                         and not expando and _own_class_near_miss(
                                             doc, obj, name, analysis.mixin_members, model) is not None):
            continue  # (an underscored name only as a near miss of its own class's: `this._dta` of its `_data`)
        if kind is not None and on_kind is None and name in _kind_names(pages, kind):
            continue
        on_hole = _hole_near_miss(name, hole, model) if hole is not None and not expando and on_kind is None \
            else None
        on_bag = _extension_near_miss(name, bag, model) if bag is not None and not expando and on_kind is None \
            and on_hole is None and not _written(node) and name not in analysis.written \
            and name not in _docs_members(model) else None
        if (short or platform_named) and (on_bag is None or short and sg.plain_variant(name, on_bag[0]) != "case"):
            continue  # (see above: on an extensible type's instance, only as a slip of one of its tools)
        # read as a class or an export: `new x.getGateway()`, or on a receiver of capitalised names only
        export_meant = _constructed(node) or _namespace_like(doc, members, obj, prop, index["names"])
        called = node.parent is not None and node.parent.type == "call_expression" and \
            node.parent.child_by_field_name("function") == node
        if bag_only and on_bag is None:
            continue
        suggestion = None if expando or on_kind is not None or on_hole is not None or on_bag is not None else \
            _near_miss(name, index, export_meant, called)
        named = by_convention.get(doc.node_text(obj)) if obj.type == "identifier" else None
        own_class = _own_class_near_miss(doc, obj, name, analysis.mixin_members, model) \
            if obj.type in ("this", "identifier") and doc.language not in TYPESCRIPT_LANGUAGES and not expando \
            else None
        if own_class is None and obj.type == "this" and handed and not expando:
            own_class = _handed_own_near_miss(doc, obj, name, handed) or \
                _handed_mixed_near_miss(doc, obj, name, handed, _handed_this_members(model, index),
                                        index["names"])
        if own_only:  # `DefineMap.getExtend` on the imported open class: its own member misspelt, nothing else
            # (on an instance of an extensible type, as on any of its receivers: a slip of one of its tools)
            real, owner, decl = on_bag or _receiver_near_miss(name, analysis.open_engine_receivers[prop.start_byte],
                                                              model) or (None, None, None)
            if real is None or expando:
                continue
        elif on_hole is not None:  # `I.grabTitles()` on an interface the user's typings fill: the package's member
            real, owner, decl = on_hole
        elif on_kind is not None:  # `User.findOnes()`, `User.find().popuate()`: the pages' object's own member
            real, owner, decl = on_kind
        elif on_bag is not None:  # `toolbox.prnt` of an extensible toolbox's `print`: its own tool misspelt
            real, owner, decl = on_bag
        elif own_class is not None:  # `this.rendeBody(body)` in a class that declares `renderBody`: its own name
            real, owner, decl = own_class  # (or a member its engine mixins add: `this._overlayIvokerNode`)
        elif suggestion is None and named is not None and unknown_on.get(doc.node_text(obj)) == {name}:
            real, owner, decl = _convention_near_miss(name, named, model) or (None, None, None)
            if real is None:
                continue
        elif suggestion is None and prop.start_byte in analysis.open_engine_receivers:
            # `Point.getShared()` on the engine's class the model could not close: a variant of one of its own
            # members, platform-named ones too (the receiver's type is declared: no other library's object)
            real, owner, decl = _receiver_near_miss(name, analysis.open_engine_receivers[prop.start_byte], model) \
                or (None, None, None)
            if real is None:
                continue
        elif suggestion is None and (evidenced := _evidenced_near_miss(
                name, receiver_reads.get(_receiver_key(doc, obj), ()), model, platform,
                local | workspace | analysis.added)) is not None:
            # `toolCall.getInput` beside `toolCall.toolName`: the receiver's other names are the engine's types'
            real, owner, decl = evidenced
        elif suggestion is None:
            continue
        elif named_as_class is not None:
            # `myBody.isAwakes()`: a member of a class the receiver's name ends with (`Body`, or `RevoluteJoint`
            # for `myJoint`), nothing else
            word = named_as_class[doc.node_text(obj)]
            real = suggestion[0]
            owner = next((t for t in sorted(index["member_types"].get(real, ())) if t.endswith(word)), None)
            if owner is None:
                continue
            decl = index["member_declared"].get((real, owner))
        else:
            real, owner, decl = _member_first(name, index, suggestion, model,
                                              analysis.open_engine_receivers.get(prop.start_byte),
                                              export_meant, _capitalised(doc, obj), called)
        if sg.synonym_swap(name, real) and (_made_by_foreign_call(doc, obj, index["names"], workspace) or (
                on_hole is None and on_kind is None and on_bag is None and own_class is None and
                _handed_in_parameter(doc, obj))):
            # `const db = createDatabaseClient(host, port); db.insert(data)`: the value of the user's own helper,
            # which the engine never names, may well be the user's object, whose `insert` is its own word, not
            # the engine's `push` in another word. A misspelling, a change of case or number or an accessor
            # prefix is a mistake whoever's the object is (a test helper's `const elem = await fixture(...)`
            # returns the engine's element: `elem.flushRequiredPropertyError()` is still reported). So too a
            # parameter of a callback an object literal hands to a call, untyped here (`registerPlugin({ setup(build)
            # { build.onLoad(...) } })`): whoever calls it passes its own object, as likely another library's
            continue
        if name in pages["dependencies"] and (kind is not None or real in pages["documented"]):
            # `req.acceptsCharset()` near the pages' `req.acceptsCharsets()`: an object the pages describe may be
            # a dependency's, extended; a name that dependency spells is its real member
            continue
        # (`hasTouching` of the engine's `isTouching` stays the predicate beside the file's `let touching`)
        mine = None if _predicate_swap(name, (real,)) == real else _own_near(name, real, local)
        if mine is not None:  # `this.getPlayer` beside the file's own `this.player = ...`: its name is meant
            real, owner, decl = mine, THIS_FILE, None
        receiver = _shown_receiver(doc, obj)
        where = "spelled in the engine's files" if owner == ENGINE_FILES else \
            "declared in this file" if owner == THIS_FILE else f"`{owner}.{real}`"
        message = (f"`{receiver}.{name}`: no type in reach has `{name}` (the engine's, this workspace's, "
                   f"JavaScript's, the DOM's or Node's); did you mean `{real}` ({where})?")
        if on_bag is not None and (real, owner, decl) == on_bag:
            message = f"`{receiver}.{name}`: {_extension_evidence(model, bag, name)}; did you mean `{real}` ({where})?"
        data = {"suggestions": [real], "type": "" if owner in (ENGINE_FILES, THIS_FILE) else owner, "member": name,
                "receiver": "vocabulary",
                "fix": {"title": f"Rename to `{real}`",
                        "edits": [{"start": prop.start_byte, "end": prop.end_byte, "text": real}], "fix_all": False}}
        out.append((Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data), decl))
    return out


_WRAPPERS = frozenset(("await_expression", "parenthesized_expression"))

# the longest call arguments a message shows as written (`collect([1, 2])`); longer ones read `(…)`
SHOWN_ARGUMENTS = 24


def _shown_receiver(doc: ParsedDocument, obj) -> str:
    """A receiver as a message shows it: on one line (a chain the docs break before each `.`, `collect(products)
    \n  .where(...)`, reads `collect(products).where(...)`), a call's long arguments as `(…)` (the record literal
    handed to `collect({ ... })`), so the message names the link without repeating the snippet."""
    parts, at = [], obj.start_byte
    todo = [obj]
    while todo:
        node = todo.pop()
        if node.type == "arguments" and len(doc.node_text(node)) > SHOWN_ARGUMENTS:
            parts += [doc.source[at:node.start_byte].decode("utf-8", "replace"), "(…)"]
            at = node.end_byte
            continue
        todo += reversed(node.named_children)
    parts.append(doc.source[at:obj.end_byte].decode("utf-8", "replace"))
    return re.sub(r"\s*\n\s*", " ", re.sub(r"\s*\n\s*(?=\??\.)", "", "".join(parts)))


def _through_undeclared_member(doc: ParsedDocument, obj, analysis: Analysis, model: ObjectModel,
                               index: dict) -> bool:
    """Whether the receiver `obj` is reached through a member that a receiver of known type does not declare
    (`client.suins` of `client.suins.getNameRecord`, or a call of it: `client.ext().x`, `client.ext.y.z`):
    the analysis typed that receiver as an engine type the model could not close and found the name absent
    from it (`Analysis.open_engine_sites`), and the name is no member of any engine type nor written after a
    `.` in the engine's files, so nothing says what the member holds. A name some engine type has stays
    evidence (`result.Transaction.balanceChanges` where `result`'s open type is a union the model could not
    close: `Transaction` is a member of its parts). On a receiver the analysis typed as extended by plugins
    (`View & PluginTypes`: `Val.extended`), a name no engine type has is a plugin's even where the engine's
    files spell it (`doc.dates().isValid().isBefore()`: compromise's files name the dates plugin's `dates`,
    which no declaration of its own has): the plugin's value, not the engine's `View.before` misspelt."""
    node = obj
    while node is not None and node.type in ("member_expression", "call_expression", "subscript_expression",
                                             *_WRAPPERS):
        if node.type == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is not None and doc.node_text(prop) not in model.member_names():
                receiver = analysis.open_engine_receivers.get(prop.start_byte)
                if (prop.start_byte in analysis.open_engine_sites and
                        doc.node_text(prop) not in index["spelled_members_any"]) or \
                        (receiver is not None and receiver.extended):
                    return True
            node = node.child_by_field_name("object")
        elif node.type == "call_expression":
            node = node.child_by_field_name("function")
        elif node.type == "subscript_expression":
            node = node.child_by_field_name("object")
        else:
            node = node.named_children[-1] if node.named_children else None
    return False


def _made_by_foreign_call(doc: ParsedDocument, obj, engine_names: frozenset[str], workspace: frozenset[str]) -> bool:
    """Whether the receiver `obj` (a name, or a chain of members and member calls from one) is a variable every
    declaration of which binds it to the result of a call (or `new`, or an `await` of either) of a free function
    that is no one's in reach: not declared or imported in the file, not declared in the workspace, no platform
    global (`fetch`, `Promise`: typed or left to the platform), and a name the engine has nowhere (its exports,
    its types' members, its files' identifiers: `_engine_vocabulary`'s names, so a fragment's undeclared
    `createCookieSessionStorage(...)` or `getSession(...)` stays the engine's). Such a function is the snippet's
    own helper whose declaration the docs leave out (`const db = createDatabaseClient(host, port)`): the value may
    be the user's object (or another package's), so a synonym of an engine member on it (`db.insert` of the
    engine's `push`) says nothing of the engine. An assignment without a declaration, a destructuring
    or a declared function is left as before (their value may well be the engine's)."""
    node = obj
    while node is not None and node.type in ("member_expression", "call_expression"):
        node = node.child_by_field_name("object" if node.type == "member_expression" else "function")
    if node is None or node.type != "identifier":
        return False
    scopes = scopes_of(doc)
    binding = scopes.resolve(node)
    if binding is None or not binding.declarations:
        return False
    for decl in binding.declarations:
        holder = decl.top.parent
        if decl.top.type != "identifier" or holder is None or holder.type != "variable_declarator":
            return False
        value = holder.child_by_field_name("value")
        while value is not None and value.type in _WRAPPERS:
            value = value.named_children[-1] if value.named_children else None
        if value is None or value.type not in ("call_expression", "new_expression"):
            return False
        callee = value.child_by_field_name("function" if value.type == "call_expression" else "constructor")
        if callee is None or callee.type != "identifier" or scopes.resolve(callee) is not None:
            return False
        name = doc.node_text(callee)
        if name in engine_names or name in workspace or name in GLOBALS or is_builtin_type(name) or \
                name in platform_lib.functions() or name in platform_lib.globals_() or \
                name in platform_lib.es_globals() or name in platform_lib.es_namespaces():
            return False
    return True


_HANDED_FUNCTIONS = frozenset(("function_expression", "arrow_function", "generator_function"))
_LITERAL_PARTS = frozenset(("pair", "object", "array", "parenthesized_expression"))


def _handed_in_parameter(doc: ParsedDocument, obj) -> bool:
    """Whether the receiver `obj` (a name, or a chain of members and member calls from one) is a parameter of a
    function written in an object literal handed to a call: a method of the literal or a property's function value
    (`context.registerPlugin({ name, setup(build) { build.onLoad(...) } })`, `defineConfig({ extensions: [{
    onBuildStart: async (context) => ... }] })`), the literal an argument of the call or nested in one (in another
    literal's property, an array's element). Whatever code makes that call passes the parameter's value: where
    the analysis could not type it (contextual typing stops at a call it cannot type, or at a type it cannot
    read, such as another package's `Plugin`), the value is that caller's object, the engine's or any other
    library's. A function declared or assigned in the snippet, or passed bare (`arr.map(x => ...)`), is not."""
    node = obj
    while node is not None and node.type in ("member_expression", "call_expression"):
        node = node.child_by_field_name("object" if node.type == "member_expression" else "function")
    if node is None or node.type != "identifier":
        return False
    binding = scopes_of(doc).resolve(node)
    if binding is None or not binding.declarations:
        return False
    for decl in binding.declarations:
        if decl.kind != "param":
            return False
        fn = decl.top.parent
        if fn is not None and fn.type == "formal_parameters":
            fn = fn.parent
        if fn is None:
            return False
        if fn.type == "method_definition":
            holder = fn.parent
        elif fn.type in _HANDED_FUNCTIONS and fn.parent is not None and fn.parent.type == "pair" and \
                fn.parent.child_by_field_name("value") == fn:
            holder = fn.parent.parent
        else:
            return False
        if holder is None or holder.type != "object":
            return False
        while holder.parent is not None and holder.parent.type in _LITERAL_PARTS:
            holder = holder.parent
        if holder.parent is None or holder.parent.type != "arguments" or holder.parent.parent is None or \
                holder.parent.parent.type not in ("call_expression", "new_expression"):
            return False
    return True


def _receiver_key(doc: ParsedDocument, obj) -> str | None:
    """A receiver as written, when the text names one value throughout a snippet: a name or a chain of names
    (`ev.target`); a call's result or a subscript is a new value each time it is written. Not `this` (nor a
    chain from it): in a class or function the file declares, it is the user's own object, whose base may be
    another package's class the engine's classes extend too (`this.requestUpdate()` in any Lit element)."""
    if obj is None:
        return None
    node = obj
    while node.type == "member_expression":
        node = node.child_by_field_name("object")
        if node is None:
            return None
    return doc.node_text(obj) if node.type == "identifier" else None


# the shortest name that counts as evidence of a receiver's type in `_evidenced_near_miss`
EVIDENCE_MIN = 4


def _evidenced_near_miss(name: str, reads, model: ObjectModel, platform: frozenset[str],
                         declared: frozenset[str]) -> tuple[str, str, tuple] | None:
    """`toolCall.getInput` where the file also reads `toolCall.toolName` and `toolCall.toolCallId`: a receiver of
    unknown type whose other names read in the file include one only the engine has (no platform name, none
    the workspace or the file declares), and that every such type lacking none of them (`_typed_pool`) is an
    object whose members are all known, is one of those types; a near miss of their members is the member meant,
    platform-named ones too (`input`, `status`, `next`), which the vocabulary check otherwise leaves silent
    (a variant of a platform word is as likely another library's real name: here the receiver shows it is the
    engine's object, not another library's). Nothing when the other names fit no type, or fit one the model
    cannot close (an unknown base may have the name), or the near miss is not plain (several members as near).
    Returns (the member, its owner as shown, its declaration) or None."""
    table = _typed_pool(model)
    # the names that say what the receiver is: not the file's or the workspace's own (`store.fetchMyData()` of
    # the user's own object), nor a platform name no engine type has (`el.shadowRoot` of an element: the
    # platform base's, which the model does not list)
    others = {n for n in reads if n != name and n not in OBJECT_MEMBERS
              and (n in table or n not in declared and n not in platform)}
    evidence = [n for n in others if len(n) >= EVIDENCE_MIN and n not in platform and n not in declared
                and not n.startswith("_")]
    if not evidence:
        return None
    types: set | None = None
    for n in others:
        owners = table.get(n, set())
        types = set(owners) if types is None else types & owners
        if not types:
            return None  # a name no engine type has beside the others: someone else's object
    if not types or not all(model.closed(t) for t in types):
        return None
    pool: dict[str, tuple] = {}
    for tid in sorted(types):
        for n, (m, declaring) in model.members(tid).items():
            if n == name:
                return None
            if not m.private and m.status != "removed" and n[:1] != "_" and m.kind != "constructor":
                pool.setdefault(n, (m, declaring))
    ranked = sg.rank(name, sorted(pool), "", threshold=NEAR_MISS)
    if not ranked or not sg.unambiguous(ranked):
        return None
    real = ranked[0][0]
    member, declaring = pool[real]
    shown = shown_owner(model, declaring) if isinstance(declaring, tuple) else str(declaring)
    return real, shown, (member, shown)


def _typed_pool(model: ObjectModel) -> dict[str, set]:
    """Each public member name -> the engine's classes and interfaces that have it (inherited ones too, plain
    data interfaces too: `_evidenced_near_miss` reads names, it never builds such an object), once per model."""
    def build() -> dict[str, set]:
        pool: dict[str, set] = {}
        for tid in model.object_types():
            if model.type_confidence(tid) < MEDIUM:
                continue
            for n, (m, _) in model.members(tid).items():
                if not m.private:
                    pool.setdefault(n, set()).add(tid)
        return pool
    return model.derived("unknown_symbol.typed_pool", build)


def _element_sites(doc: ParsedDocument, analysis: Analysis, svc: ObjectModelService, workspace: frozenset[str],
                   index: dict, local: frozenset[str]) -> list[tuple[Finding, tuple | None]]:
    """`dialog.opens = true` where `dialog = document.querySelector('.my-dialog')`, in a workspace whose engine
    defines custom elements (`element_receivers`): the receiver is an element of unknown subclass, the DOM's or
    one of the engine's elements. A name no type in reach has (the engine's names, the platform's, the
    workspace's, this file's own, the element members themselves) that is a near miss (casing, plural, a get/set
    or predicate prefix, a known synonym, a small typo) of one element member, the DOM's
    (`nextElementSiblings`) or an engine element class's (`valueFormater` of a slider's `valueFormatter`), is
    reported. The engine's model holds the workspace's declared dependencies: a project that depends on a
    custom-element library finds its elements by selector in any file, so every file counts as using it here
    (the names reported are mistakes on any element). Not in TypeScript: it types a lookup's result (`Element`
    at least) and reports a name the type lacks itself."""
    model = svc.model
    if doc.language in TYPESCRIPT_LANGUAGES:
        return []  # TypeScript types a lookup's result (`Element`, `querySelector<WaDialog>`) and reports its unknowns
    elements = custom_elements(model)
    if not elements["members"]:
        return []
    nodes, known, events = element_receivers_in(doc)
    # `this` in the file's element classes (`class X extends OverlayMixin(LitElement)`): an element too, where
    # each mixin applied is one an import of the engine binds, or an undeclared name that is the engine's export
    # (a fragment without imports), so its members are in the pool; reads, and writes of a name the file never
    # reads back: a class writes its own new fields on `this`, but one it only ever writes is read by nobody
    # here, and a near miss of an element member written so (`this.openeds = !this.opened`, `this.readOnlys =
    # true`) is the member misspelt, which the element never reads (the element's own checks below apply)
    engine_bound = _engine_bound(doc, model) | analysis.engine_free
    this_nodes = [node for node, mixins in this_element_receivers(doc) if all(m in engine_bound for m in mixins)]
    this_writes: dict[str, int] = {}
    for node in this_nodes:
        prop = node.child_by_field_name("property")
        if prop is not None and _written(node):
            this_writes[doc.node_text(prop)] = this_writes.get(doc.node_text(prop), 0) + 1
    this_written_only = _written_only(doc, this_writes) if this_writes else set()
    this_reads = [node for node in this_nodes if not _written(node) or
                  doc.node_text(node.child_by_field_name("property")) in this_written_only]
    nodes = nodes + this_reads
    if not nodes and not events:
        return []
    pool = _element_pool(model, index, elements)
    event_pool = _event_pool()
    # the names the analysis typed, except one missing on a receiver whose type is only a guess (a name's
    # convention, its uses: `ev` of a listener read as some engine event type) that the type check dropped
    # (`finding_for`: a name like none of the guessed type's members): the guess, not the name, is likely wrong,
    # and the DOM says what the receiver is (`ev.target` of a listener bound on a known element)
    typed = {a.start for a in analysis.accesses if a.member is not None or a.missing and not (
        a.recv.evidence is not None and finding_for(a, model) is None)}
    # a name the file declares only by writing it on elements (`dialog.opens = true`, read nowhere): the element's
    # member misspelled, not an expando (one written and read back: `el.myState = 1; ... el.myState`)
    writes: dict[str, int] = {}
    for node in nodes:
        parent, prop = node.parent, node.child_by_field_name("property")
        if prop is not None and parent is not None and parent.type in ("assignment_expression",
                                                                        "augmented_assignment_expression") \
                and parent.child_by_field_name("left") == node:
            writes[doc.node_text(prop)] = writes.get(doc.node_text(prop), 0) + 1
    written_only = _written_only(doc, writes)
    out = []
    event_nodes = {node.start_byte for node in events}
    for node in [*nodes, *events]:
        prop = node.child_by_field_name("property")
        obj = node.child_by_field_name("object")
        if prop is None or obj is None or prop.type != "property_identifier" or prop.start_byte in typed:
            continue
        name = doc.node_text(prop)
        expando = name in written_only
        on_event = node.start_byte in event_nodes
        if on_event:
            # a listener's event: an `Event` of some DOM class (a custom event's `detail` is open)
            if len(name) < 4 or name in event_pool["names"] or name in pool["names"] or name in index["names"] or \
                    name in builtin_members() or name in local or name in workspace or name in OBJECT_MEMBERS or \
                    name.startswith("_") or name in analysis.added:
                continue
            real = _element_near_miss(name, event_pool)
            if real is None:
                continue
            receiver = doc.node_text(obj)
            message = (f"`{receiver}.{name}`: no type in reach has `{name}` (the engine's, this workspace's, "
                       f"JavaScript's, the DOM's or Node's) and `{receiver}` is a listener's event; did you mean "
                       f"`{real}` (`{event_pool['owners'][real]}.{real}`)?")
            data = {"suggestions": [real], "type": event_pool["owners"][real], "member": name, "receiver": "event",
                    "fix": {"title": f"Rename to `{real}`", "edits": [{"start": prop.start_byte, "end": prop.end_byte,
                                                                        "text": real}], "fix_all": False}}
            out.append((Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data),
                        None))
            continue
        if len(name) < 4 or name in pool["names"] or name in index["names"] or name in builtin_members() \
                or name in elements["spelled"] \
                or (name in local and not expando) \
                or (name in workspace and not (expando and not _declared_elsewhere(svc, doc, name))) \
                or name in OBJECT_MEMBERS or name.startswith("_") or name in analysis.added:
            continue
        real = owner = None
        element = known.get(prop.start_byte)
        typed_as = _tag_pool(model, element.tag) if element is not None else None
        if typed_as is not None:
            # the element a template binds the listener on, or the one with that id: its own members first
            # (a known element's own members: a shorter name's one-letter misspelling too, `progress.lael`)
            real = _element_near_miss(name, typed_as, typo_min=TAG_TYPO_MIN)
            owner = typed_as["owners"].get(real)
        if real is None:
            real = _element_near_miss(name, pool)
            if real is None:
                continue
            owner = pool["owners"][real]
        receiver = doc.node_text(obj)
        where = f"`{owner}.{real}`"
        message = (f"`{receiver}.{name}`: no type in reach has `{name}` (the engine's, this workspace's, "
                   f"JavaScript's, the DOM's or Node's) and `{receiver}` is an element; did you mean `{real}` "
                   f"({where})?")
        data = {"suggestions": [real], "type": owner, "member": name, "receiver": "element",
                "fix": {"title": f"Rename to `{real}`",
                        "edits": [{"start": prop.start_byte, "end": prop.end_byte, "text": real}], "fix_all": False}}
        decl = index["member_declared"].get((real, owner))
        out.append((Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data), decl))
    return out


def _engine_bound(doc: ParsedDocument, model: ObjectModel) -> frozenset[str]:
    """The local names this file's imports bind to the engine's packages' exports (`OverlayMixin` of
    `import { OverlayMixin } from '@lion/ui/overlays.js'`)."""
    names: set[str] = set()
    for record in module_info_of(doc).imports:
        if package_name(record.specifier) in model.modules:
            names.update(record.locals())
    return frozenset(names)


def _written(node) -> bool:
    """The member expression is the target of an assignment (`this.x = 1`, `this.x += 1`)."""
    parent = node.parent
    return parent is not None and parent.type in ("assignment_expression", "augmented_assignment_expression") and \
        parent.child_by_field_name("left") == node


@lru_cache(maxsize=1)
def _event_pool() -> dict:
    """`_element_pool`'s shape for a listener's event: the DOM's event members, each with its interface."""
    owners = dom_event_members()
    names = frozenset(owners)
    return {"owners": owners, "names": names, "cands": sg.Candidates(names)}


def _tag_pool(model: ObjectModel, tag: str) -> dict | None:
    """`_element_pool`'s shape for one tag's element (`tag_members`), built once per model and tag."""
    cached: dict[str, dict | None] = model.derived("unknown_symbol.tag_pools", dict)
    if tag not in cached:
        found = tag_members(model, tag)
        cached[tag] = None if found is None else {"owners": found[1], "names": frozenset(found[1]),
                                                  "cands": sg.Candidates(frozenset(found[1]))}
    return cached[tag]


def _element_pool(model: ObjectModel, index: dict, elements: dict) -> dict:
    """The member names an element of unknown subclass can have, each with the owner a finding shows: the
    engine's element classes' (`WaSlider`), the model's element bases' (lit's `ReactiveElement.updateComplete`),
    the DOM's (`Element`). Built once per model."""
    return model.derived("unknown_symbol.element_pool", lambda: _build_element_pool(model, index, elements))


def _build_element_pool(model: ObjectModel, index: dict, elements: dict) -> dict:
    """`_element_pool`'s building (once per model)."""
    owners: dict[str, str] = dict(elements["members"])
    element_types = set(elements["members"].values()) | {"HTMLElement", "LitElement", "ReactiveElement"}
    for name, types in index["member_types"].items():
        if name not in owners and name[:1] != "_" and types & element_types:
            owners[name] = sorted(types & element_types)[0]
    for name in dom_element_members():
        owners.setdefault(name, "Element")
    names = frozenset(owners)
    pool = {"owners": owners, "names": names, "cands": sg.Candidates(names)}
    return pool


def _element_near_miss(name: str, pool: dict, typo_min: int | None = None) -> str | None:
    """The one element member `name` is a near miss of: behind a get/set/is/has prefix (`getOpen` of `open`),
    with another predicate's prefix, else the unambiguous best scoring at least NEAR_MISS, else the one member
    it misspells by one letter (at least ELEMENT_TYPO_MIN letters)."""
    names = pool["names"]
    bare = _unprefixed(name)
    ranked = sg.rank(name, pool["cands"], "", threshold=NEAR_MISS)
    top = ranked[0][0] if ranked and sg.unambiguous(ranked) else None
    if ranked and bare is not None and ranked[0][0][:len(name) - len(bare)] == name[:len(name) - len(bare)] and \
            (top is not None or ranked[1][0] == bare and (len(ranked) == 2 or ranked[0][1] - ranked[2][1] >= 0.05)):
        # `setAttributes` is `setAttribute` made plural (it keeps the prefix), not `attributes` behind `set`: the
        # bare form beside it is the same reading twice, no ambiguity
        return ranked[0][0]
    found = [(sg.score(name, real), -i, real) for i, real in enumerate(
        (bare if bare in names else None, _predicate_swap(name, names), top)) if real is not None]
    if found:
        return max(found)[2]
    if len(name) < (typo_min or ELEMENT_TYPO_MIN):
        return None
    # `popup.acitve`, `placement.apepnd(option)`: one letter wrong, missing, extra or two swapped, of one member
    near = [real for real, _ in sg.rank(name, pool["cands"], "", threshold=ELEMENT_TYPO_SCORE)
            if sg.distance(name, real) == 1]
    return near[0] if len(near) == 1 else None


ELEMENT_TYPO_MIN = 5  # letters of a name whose one-letter misspellings of an element member `_element_near_miss` reports
ELEMENT_TYPO_SCORE = 0.7
TAG_TYPO_MIN = 4  # the same on an element whose tag is known (its class's members, the DOM's `HTMLElement`'s)


_FUNCTIONS = frozenset(("function_expression", "function_declaration", "function", "generator_function",
                        "generator_function_declaration"))


def _own_class_near_miss(doc: ParsedDocument, this, name: str, mixed: dict | None = None,
                         model: ObjectModel | None = None) -> tuple[str, str, tuple | None] | None:
    """`this.rendeBody(body)`, `this.getLoop()`, `this.wold.step(...)` in a class of the file's own that
    declares `renderBody`, `loop`, `world` and nothing named as written (the caller checked: no declaration in
    the file or the workspace, no engine or platform name): the class's member misspelled, a near miss of one
    the class itself declares (a method, a field, a member written on `this` in its body; a get/set prefix, case,
    number, a small typo). Only where `this` is that class's instance (a method's or a field's, arrow functions
    within them; not a nested `function`'s own `this`) and the class extends nothing (a base's members are not
    in sight) or an element root itself (`extends LitElement`, `extends HTMLElement`: the DOM's and Lit's members,
    which the caller's platform and engine names hold, and none of the class's own), or the engine's mixins
    applied to one whose members the model reads whole (`extends OverlayMixin(LitElement)`: `mixed`, the
    analysis's `mixin_members` by class; protected ones too, the subclass's to use: `this._overlayIvokerNode`).
    Also on a name bound to an instance of such a class (`const renderer = new Renderer(); renderer.Start()`:
    `_own_instance_body`). Returns (the member meant, its owner as shown, its declaration for the hover) or None."""
    if this.type == "identifier":
        body = _own_instance_body(doc, this)
    else:
        body = this.parent
        while body is not None and body.type != "class_body":
            if body.type in _FUNCTIONS:
                return None
            body = body.parent
    if body is None or body.parent is None:
        return None
    heritage = next((c for c in body.parent.children if c.type == "class_heritage"), None)
    inherited: dict = {}
    if heritage is not None:
        mixins = element_heritage(heritage.named_children[0]) if heritage.named_children else None
        if mixins is None or name in dom_element_members():
            return None
        if mixins:
            inherited = (mixed or {}).get(body.parent.start_byte)
            if not inherited or name in inherited:
                return None  # a mixin the model cannot read whole may have any name
    own: set[str] = set()
    for child in body.named_children:
        key = child.child_by_field_name("name") if child.type == "method_definition" else \
            child.child_by_field_name("property") if child.type == "field_definition" else None
        if key is not None and key.type in ("property_identifier", "identifier"):
            own.add(doc.node_text(key))
    own |= _this_written_names(doc, body)  # the members written on `this` in the class's body (`this.started = true`)
    own.discard(name)
    # (the receiver's type is known: its class is in sight; a plain variant, as on a typed receiver)
    real = _variant_of(name, own | set(inherited), PLAIN_NEAR_MISS) if own or inherited else None
    if real is None:
        return None
    if real in own or real not in inherited:
        return real, THIS_FILE, None
    member, declaring = inherited[real]
    shown = shown_owner(model, declaring) if model is not None and isinstance(declaring, tuple) else str(declaring)
    return real, shown, (member, shown)


def _method_packages(model: ObjectModel) -> dict[str, frozenset[str]]:
    """Member name -> the packages whose classes the model reads have an instance member so named (`createStore`
    -> alt, of its `Alt`); once per model."""
    def build() -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for spec, mod in model.modules.items():
            pkg = package_name(spec) or spec
            for t in mod.types.values():
                if t.kind == "class":
                    for m in t.members:
                        if not m.static:
                            found.setdefault(m.name, set()).add(pkg)
        return {k: frozenset(v) for k, v in found.items()}
    return model.derived("unknown_symbol.method_packages", build)


def _call_owner(doc: ParsedDocument, callee, model: ObjectModel, other: frozenset[str]) -> str | None:
    """The package whose function a call of `callee` calls, read off its member name: `alt.createStore` where one
    package's class has `createStore` (`Alt`), `alt` no other package's import (`other`). A name is the evidence
    the analysis has where the receiver is the user's own module (`import alt from './alt'`, holding `new
    Alt()`) or a fragment's free name. None for a call of a name or of a member no class of the model has
    (`React.createClass`: React's, whatever it makes `this`)."""
    if callee.type != "member_expression":
        return None
    prop = callee.child_by_field_name("property")
    root = _chain_root(doc, callee)
    if prop is None or root is None or root in other or root in GLOBALS:
        return None
    packages = _method_packages(model).get(doc.node_text(prop), frozenset())
    return next(iter(packages)) if len(packages) == 1 else None


def _engine_handed_owners(doc: ParsedDocument, model: ObjectModel) -> dict[int, object]:
    """The values this file hands to a call of a function of the model's packages (`handed_writes.engine_handed`:
    `alt.createStore(TodoStore)`), by their node's start -> the node. None in TypeScript, whose compiler
    reports a member a class does not declare itself (TS2339), mixed in or not: the class must declare them."""
    if doc.language in TYPESCRIPT_LANGUAGES:
        return {}
    other = _other_package_imports(doc, model)
    return {h.node.start_byte: h.node
            for h in engine_handed(doc, lambda callee: _call_owner(doc, callee, model, other))}


def _mixed_owners(doc: ParsedDocument, analysis: Analysis, model: ObjectModel, index: dict, names: frozenset[str],
                  platform: frozenset[str]) -> dict[int, object]:
    """The values whose `this` the engine mixes its members into: those this file hands to it
    (`_engine_handed_owners`) and the classes it shows alone that read such a member (`_mixin_targets`), by start.
    `names`: the file's and the workspace's own names, which with the engine's and the platform's are spelled."""
    handed = _engine_handed_owners(doc, model)
    targets = _mixin_targets(doc, model, index, handed, lambda name: name in index["names"] or name in names or
                             name in platform or name in OBJECT_MEMBERS or name in analysis.added, platform)
    return {**handed, **{start: node for start, (node, _, _) in targets.items()}}


def _foreign_literal_this(doc: ParsedDocument, this, model: ObjectModel, handed: dict[int, object],
                          names: frozenset[str]) -> bool:
    """`this` in a method of an object literal handed to a call of another package's function (`React.createClass({
    render() { this.props } })`: `React` imported from a package the model does not read, or free, a name the
    engine's files never spell (`names`), where no class of the model has the member called): that function makes
    `this` whatever it makes it (React's component instance), nothing the engine's vocabulary describes. A call of
    the platform's (`Object.assign(target, {...})`), of the engine's free export, of a member of `this` or of the
    file's own names stays the vocabulary check's."""
    owner = this_owner(this)
    if owner is None or owner.type != "object" or owner.start_byte in handed:
        return False
    args = owner.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    callee = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    if callee is None:
        return False
    root = doc.node_text(callee) if callee.type == "identifier" else _chain_root(doc, callee)
    if root is None or root in GLOBALS:
        return False
    other = _other_package_imports(doc, model)
    if root in other:
        return True
    return root not in scopes_of(doc).declared_anywhere() and root not in names and \
        _call_owner(doc, callee, model, other) is None


def _foreign_base_this(doc: ParsedDocument, this, model: ObjectModel, handed: dict[int, object],
                       names: frozenset[str]) -> bool:
    """`this` in a method of a class that extends another package's class (`class LocationView extends
    React.Component { render() { this.props.city } }`: `React` imported from a package the model does not read,
    or free, a name the engine's files never spell): `this` has that base's members, which nothing in reach
    describes, so the engine's vocabulary says nothing of them (`props` is no near miss of immutable's
    `setProps`); a near miss of the class's own members still is (the caller asks). As `_foreign_literal_this` for an object literal handed to such a package's function; a class
    the file hands to an engine function (`alt.createStore(class extends Base {...})`) stays the check's."""
    owner = this_owner(this)
    if owner is None or owner.type not in ("class_declaration", "class") or owner.start_byte in handed:
        return False
    heritage = next((c for c in owner.named_children if c.type == "class_heritage"), None)
    base = heritage.named_children[0] if heritage is not None and heritage.named_children else None
    if base is not None and base.type == "extends_clause":  # (TypeScript's grammar)
        base = base.child_by_field_name("value") or (base.named_children[0] if base.named_children else None)
    if base is None:
        return False
    root = doc.node_text(base) if base.type == "identifier" else _chain_root(doc, base)
    if root is None or root in GLOBALS:
        return False
    if root in _other_package_imports(doc, model):
        return True
    return root not in scopes_of(doc).declared_anywhere() and root not in names


# `this.bindListeners(`, `this.state.todos`: a member read on `this` in an example
_THIS_MEMBER = re.compile(r"(?<![\w$.])this\s*\.\s*([A-Za-z_$][\w$]*)")
# `.createStore(TodoStore`, `.register({`: a call handing a capitalised name or an object literal to a method
_HANDING_CALL = re.compile(r"\.\s*([A-Za-z_$][\w$]*)\s*\(\s*(?:[A-Z][\w$]*\s*[,)]|\{)")


def _handed_this_members(model: ObjectModel, index: dict) -> dict[str, frozenset[str]]:
    """The members the engine gives `this` in the values its users write for it to mix its members into, as its
    own examples show them, each with the packages whose examples show it. Two kinds of example say so:
    - a block that hands a class or a literal to a method of one of the model's classes (`alt.createStore(
      TodoStore, ...)` after `class TodoStore { constructor() { this.bindListeners({...}) } }`): the names read
      on `this` in it;
    - of a package whose examples do hand values so, a class that extends nothing, shown alone (`class
      SearchStore { constructor() { this.registerAsync(SearchSource) } }`, the page on data sources): the names
      its `this` reads that it does not declare (no method, field or `this.x = ...` of its own). A class that
      extends nothing has only what it declares; the engine's docs calling more on it show what the engine adds.
    Only names the engine's files spell too (`bindListeners` is the mixin's; the example's own `this.todos` is
    no name of the engine's). Once per model."""
    def build() -> dict[str, frozenset[str]]:
        methods = _method_packages(model)
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        found: dict[str, set[str]] = {}

        def mixable(name: str) -> bool:
            return name in index["names"] and len(name) >= 4 and name[:1] not in "_$"

        handing: set[str] = set()
        for _, code in own:
            if not code or "this" not in code:
                continue
            called = {pkg for m in _HANDING_CALL.finditer(code) for pkg in methods.get(m.group(1), ())}
            handing |= called
            for name in _THIS_MEMBER.findall(code) if called else ():
                if mixable(name):
                    found.setdefault(name, set()).update(called)
        for i, (label, code) in enumerate(own):
            pkg = _example_package(label)
            if pkg not in handing or not code or "class" not in code or "this" not in code or \
                    len(code) > _MAX_EXAMPLE_BYTES:
                continue
            try:
                doc = ParsedDocument.create(f"untitled:mixin-example-{i}.js", code)
            except (RecursionError, ValueError):
                continue
            for cls in _bare_classes(doc, classes_only=True):
                seen = own_this(doc, cls)
                if not seen.unseen:
                    for name in seen.undeclared:
                        if mixable(name):
                            found.setdefault(name, set()).add(pkg)
        return {k: frozenset(v) for k, v in found.items()}
    return model.derived("unknown_symbol.handed_this_members", build)


# the longest example read as code for the members it shows on `this`
_MAX_EXAMPLE_BYTES = 20_000


def _example_package(label: str) -> str | None:
    """The package an example was read from (`.../node_modules/alt/docs/async.md` -> alt), None outside one."""
    parts = Path(label).parts
    at = max((i for i, part in enumerate(parts) if part == "node_modules"), default=-1)
    if at < 0 or at + 1 >= len(parts):
        return None
    if parts[at + 1].startswith("@") and at + 2 < len(parts):
        return f"{parts[at + 1]}/{parts[at + 2]}"
    return parts[at + 1]


def _bare_classes(doc: ParsedDocument, classes_only: bool = False) -> list:
    """The file's classes (declarations and expressions) that extend nothing and carry no decorator (a decorator
    may add any member: `@datasource(SearchSource)`), and unless `classes_only` its ES5 constructors (capitalised
    function declarations): the values whose `this` has only what they declare, unless something mixes more in."""
    out = []
    stack = [doc.tree.root_node]
    while stack:
        n = stack.pop()
        stack.extend(n.named_children)
        if n.type in ("class_declaration", "class"):
            if not any(c.type in ("class_heritage", "decorator") for c in n.children) and \
                    not (n.parent is not None and any(c.type == "decorator" for c in n.parent.children
                                                      if c.end_byte <= n.start_byte)):
                out.append(n)
        elif n.type == "function_declaration" and not classes_only:
            name = n.child_by_field_name("name")
            if name is not None and doc.node_text(name)[:1].isupper():
                out.append(n)
    return out


def _mixin_targets(doc: ParsedDocument, model: ObjectModel, index: dict, handed: dict[int, object],
                   spelled, platform: frozenset[str]) -> dict[int, tuple[object, str, str]]:
    """The classes and ES5 constructors of this file (JavaScript; `_bare_classes`, not already handed to the
    engine) that the engine mixes its members into though no call here hands them to it (the file shows a store
    class alone; the call is in another file): their own `this` reads, without declaring it, a member the engine's
    examples show mixed into such values (`_handed_this_members`: `this.registerAsync(...)`, `this.bindListeners
    ({...})`), or a name nothing in reach spells (`spelled(name)` false) that is a plain variant of one (a get/set
    prefix, case, number, a small typo: `this.bindListener({...})`; a name such a class does not declare is
    missing on it, as TypeScript's checkJs says, unless the engine adds it). A member a platform type has too
    (`this.preventDefault()`) is no such sign: another library's object may have it. By start -> (the node, the
    package whose member it reads, that member as read)."""
    if doc.language in TYPESCRIPT_LANGUAGES or b"this" not in doc.source:
        return {}
    mixed = _handed_this_members(model, index)
    if not mixed:
        return {}
    out: dict[int, tuple[object, str, str]] = {}
    for value in _bare_classes(doc):
        if value.start_byte in handed:
            continue
        seen = own_this(doc, value)
        if seen.unseen:
            continue
        for name in sorted(seen.undeclared):
            real = name if name in mixed and name not in platform else None
            if real is None and not spelled(name):
                real = _variant_of(name, mixed, PLAIN_NEAR_MISS) or _one_plain_slip(name, mixed)
                if real is not None and sg.plain_variant(name, real) is None:
                    real = None  # (another word, `fetchState` of `getState`, may be the class's own method)
            if real is not None:
                out[value.start_byte] = (value, sorted(mixed[real])[0], name)
                break
    return out


def _this_written_names(doc: ParsedDocument, node) -> set[str]:
    """The member names written on `this` anywhere under `node` (`this.started = true`), nested functions
    included: the own members of a class body or a handed value, as both near-miss readers take them."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "assignment_expression":
            left = n.child_by_field_name("left")
            if left is not None and left.type == "member_expression" and \
                    (left.child_by_field_name("object") or left).type == "this":
                prop = left.child_by_field_name("property")
                if prop is not None:
                    out.add(doc.node_text(prop))
        stack.extend(n.named_children)
    return out


def _handed_own_near_miss(doc: ParsedDocument, this, name: str,
                          handed: dict[int, object]) -> tuple[str, str, None] | None:
    """`this.satte` in a method of an object literal or an ES5 constructor handed to the engine (`alt.createStore({
    state: {...}, addItem() { this.state.foods } })`): a plain variant of one of the value's own members (the
    literal's keys and methods, the members written on `this` in it) not written as such; as `_own_class_near_miss`
    for a class."""
    owner = this_owner(this)
    if owner is None or owner.start_byte not in handed or owner.type not in ("object", "function_declaration"):
        return None
    own: set[str] = set()
    stack = [owner]
    while stack:
        n = stack.pop()
        if n.type in ("pair", "method_definition") and n.parent is not None and n.parent.type == "object":
            key = n.child_by_field_name("key" if n.type == "pair" else "name")
            if key is not None and key.type in ("property_identifier", "identifier"):
                own.add(doc.node_text(key))
        stack.extend(n.named_children)
    own |= _this_written_names(doc, owner)
    own.discard(name)
    real = _variant_of(name, own, PLAIN_NEAR_MISS) if own else None
    return (real, THIS_FILE, None) if real is not None else None


def _handed_mixed_near_miss(doc: ParsedDocument, this, name: str, handed: dict[int, object],
                            mixed: frozenset[str], names: frozenset[str]) -> tuple[str, str, None] | None:
    """`this.generateAction(...)`, `this.getBindActions(...)` in a value handed to the engine
    (`_engine_handed_owners`): a plain variant (a get/set prefix, case, number, a small typo) of one of the members
    the engine mixes into such values (`mixed`: `_handed_this_members`), as `_own_class_near_miss` asks of a class's
    own and its mixins' members."""
    owner = this_owner(this)
    if not mixed or owner is None or owner.start_byte not in handed or name in mixed:
        return None
    real = _variant_of(name, mixed, PLAIN_NEAR_MISS)
    if real is None:
        return None
    # the same name with another case or without a get/set prefix, spelled by the engine though no example shows
    # it on `this` (`this.bindaction` of its `bindAction`, not the examples' `bindActions`), is the one meant
    bare = _unprefixed(name)
    exact = {bare} & names if bare is not None else {n for n in names if n.lower() == name.lower()}
    if len(exact) == 1 and (sg.plain_variant(name, real) is None or sg.plain_variant(name, real) == "typo"):
        return next(iter(exact)), ENGINE_FILES, None
    # (but a plainer slip of the mixed-in member stays it: `getInstances` is `getInstance` made plural, not the
    # engine's `instances` behind a prefix)
    return real, ENGINE_FILES, None


def _own_instance_body(doc: ParsedDocument, name):
    """The body of the class a name holds an instance of: `renderer` after `const renderer = new Renderer()`,
    `Renderer` a class this file declares (one declaration of each; a `let` or `var` never assigned again). Its
    members are those the class declares, as on `this` within it (TypeScript types the name by that class in a
    JavaScript file too); None for any other binding (a parameter, a destructured name, a class of another file)."""
    scopes = scopes_of(doc)
    binding = scopes.resolve(name)
    if binding is None or len(binding.declarations) != 1:
        return None
    decl = binding.declarations[0]
    declarator = decl.node.parent
    if decl.kind not in ("const", "let", "var") or decl.top is not decl.node or declarator is None or \
            declarator.type != "variable_declarator":
        return None
    value = declarator.child_by_field_name("value")
    ctor = value.child_by_field_name("constructor") if value is not None and value.type == "new_expression" \
        else None
    if ctor is None or ctor.type != "identifier":
        return None
    made = scopes.resolve(ctor)
    if made is None or len(made.declarations) != 1 or made.declarations[0].kind != "class":
        return None
    cls = made.declarations[0].node.parent
    if cls is None or cls.type != "class_declaration":
        return None
    if decl.kind != "const":
        for occ in scopes.occurrences(binding):
            parent = occ.node.parent
            if occ.declaration is None and parent is not None and (
                    parent.type == "update_expression" or parent.type in ("assignment_expression",
                                                                          "augmented_assignment_expression")
                    and parent.child_by_field_name("left") == occ.node):
                return None  # assigned again: it may hold anything
    return cls.child_by_field_name("body")


def _receiver_near_miss(name: str, receiver, model: ObjectModel) -> tuple[str, str, tuple] | None:
    """A near miss (`_near_miss`'s kinds: a get/set prefix, case, number, a small typo) of a public member of
    the receiver's own (open) engine type, platform-named members included; None when it is no plain one."""
    if receiver.tid and model.of_undeclared(receiver.tid):
        return None  # a package installed for another one, at its version (`ObjectModel.set_undeclared`)
    table = {n: (m, declaring) for n, (m, declaring) in receiver_members(model, receiver).items()
             if _public(n, m)}
    # the instance of a class a factory made: its definition's keys too (`first`, `fullName`), unless the class
    # takes keys it does not spell (a wildcard `"*"` key or a spread in its definition, `this[key] = v` in its
    # functions, a base that writes any name): there `firsts` beside a key `first` may be one of those
    if receiver.made and not receiver.open:
        table.update({k: (Member(k, "property", ""), THIS_FILE) for k, _ in receiver.literal
                      if k not in table and k[:1] != "_"})
    # (a slip inside a short member's name too, `extnd` of `extend`, unless the type takes any key: a string index
    # signature, its own or a base's, makes `shelf.prnt` the user's key as likely as a misspelt `print`)
    keyed = _keyed(model, receiver)
    real = _variant_of(name, table, NEAR_MISS, typos=not keyed)
    if real is None and not keyed:
        # scores tied between members (`addAction` near `addActions`, `createAction`, `getActions`): the one
        # member it is that name of in another case or number or behind a get/set prefix, as on a receiver
        # named by the docs' convention (`_one_plain_slip`); a letter changed stays `typos`' to judge (a last
        # letter's change, `extenf`, is no slip inside the name)
        real = _one_plain_slip(name, [n for n in table if sg.plain_variant(name, n) in ("case", "number",
                                                                                        "accessor")])
    if real is None:
        return None
    member, declaring = table[real]
    if declaring == THIS_FILE:  # (a key of the definition object: declared where the class is made)
        return real, THIS_FILE, None
    shown = shown_owner(model, declaring) if isinstance(declaring, tuple) else real
    return real, shown, (member, shown)


def _keyed(model: ObjectModel, receiver) -> bool:
    """Whether a type of `receiver` (each of a union's or an intersection's), or a base of one, declares a string
    index signature (`[key: string]: Printer`, `[x: string]: any`): code may use any name on it. True too where
    the receiver's types are not plain type ids (nothing says they take no key)."""
    tids = receiver.tid if receiver.kind in _MANY else (receiver.tid,)
    for tid in tids or ((),):
        if not isinstance(tid, tuple) or len(tid) != 2 or not isinstance(tid[0], str):
            return True
        for each in (tid, *sorted(model.ancestors(tid))):
            t = model.type(each)
            if t is not None and t.index_value:
                return True
    return False


def _hole_near_miss(name: str, receiver, model: ObjectModel) -> tuple[str, str, tuple] | None:
    """A near miss (a get/set prefix, case, number, a small typo: `_variant_of`) of a public member of a type of
    the package that declares the receiver's type, when that type is a declaration-merging hole
    (`ObjectModel.merging_hole`: an empty interface the user's typings fill). The package declares it for
    its own objects' members to be merged in, so its vocabulary is what the package's types have, platform-named
    members included (`click`, `focus`: the receiver's type is the package's, no other library's object). The
    caller made sure no type in reach has the name; None when it is no plain variant of one member."""
    if not _on_hole(receiver, model):
        return None
    table = _package_members(model, receiver.tid[0])
    # and what the package's own docs use on that object (`naming.example_members`: `I.mockRequest(...)` of a
    # helper documented beside the others, its runtime another package)
    extra = {n: (m, model.exported_name(receiver.tid)) for n, m in model.example_members.get(receiver.tid, {}).items()
             if n not in table and _public(n, m)}
    if extra:
        table = {**table, **extra}
    # (the package's members are the receiver's own vocabulary, as a closed type's are: a plain variant of one,
    # `clck` of `click`, is the mistake, as `finding_for` reports it on a typed receiver)
    real = _variant_of(name, table, PLAIN_NEAR_MISS)
    if real is None:
        return None
    member, owner = table[real]
    return real, owner, (member, owner)


# --- receivers of an extensible engine type: its tools beside a string index signature of `any` -------------
# The value types of a string index signature that lets code add members of any kind (`[key: string]: any`),
# or methods (`[macroFn: string]: Function` beside a class's `macro(name, fn)`, which writes `fn` onto the
# class's prototype: what such a signature holds is a function code added, a tool like the declared ones; a
# function type written out, `[k: string]: (...args: any[]) => any`, too: `_extension_value`): a dictionary of
# some other value (`[name: string]: string`, headers, `process.env`) holds the user's keys
EXTENSION_VALUES = frozenset(("any", "unknown", "Function"))
# the fewest tools (methods, or properties holding an object type of the engine's) such a type declares
EXTENSION_TOOLS_MIN = 3


def _extension_types(model: ObjectModel, receiver) -> tuple | None:
    """The engine types of `receiver` (an instance, or each type of a union or an intersection: a convention's
    several classes) when every one is extensible (`_extensible`); None otherwise."""
    if receiver is None or not receiver.tid or not isinstance(receiver.tid, tuple):
        return None
    if receiver.kind == ValKind.INSTANCE and isinstance(receiver.tid[0], str):
        tids = (receiver.tid,)
    elif receiver.kind in _MANY and all(isinstance(t, tuple) and len(t) == 2 for t in receiver.tid):
        tids = tuple(receiver.tid)
    else:
        return None
    known: dict = model.derived("unknown_symbol.extensible", dict)
    for tid in tids:
        if tid not in known:
            known[tid] = _extensible(model, tid)
        if not known[tid]:
            return None
    return tids


def _extensible(model: ObjectModel, tid) -> bool:
    """Whether `tid` is an engine type that code extends at run time: an interface or class of typings
    (`GluegunToolbox extends GluegunEmptyToolbox { print: GluegunPrint; ... }` beside `interface
    GluegunEmptyToolbox { [key: string]: any }`) whose string index signature (its own or a base's) takes a value
    of any kind, that is open by nothing else (every base known, no part the reader could not follow), and whose
    declared members are mostly tools, at least EXTENSION_TOOLS_MIN (`_tool`: methods, properties holding an
    object of the engine's). The index signature is there for what extensions add beside the tools
    (`toolbox.hello = ...`); a dictionary of values (`[key: string]: string`), a settings bag (properties of
    primitive values), an empty `any` map or an interface the user's typings fill (`merging_hole`) is none."""
    t = model.type(tid)
    if t is None or t.kind not in ("interface", "class") or t.any_name or t.confidence < HIGH or \
            model.of_undeclared(tid) or model.merging_hole(tid):
        return False
    values = []
    for each in (tid, *sorted(model.ancestors(tid))):
        et = model.type(each)
        if et is None or et.any_name:
            return False
        if et.index_value:
            values.append(" ".join(et.index_value.split()))
        elif et.open:
            return False  # open by something else: a part the reader could not follow
        for base in et.bases:
            parsed = parse_type(base)
            if not parsed or parsed[0] != "name" or model.find_type(tid[0], parsed[1]) is None:
                return False  # an unknown base may have any name
    if not values or not all(_extension_value(v) for v in values):
        return False
    public = [(m, declaring) for n, (m, declaring) in model.members(tid).items() if _public(n, m)]
    tools = sum(1 for m, declaring in public if _tool(model, m, declaring))
    return tools >= EXTENSION_TOOLS_MIN and 2 * tools >= len(public)


def _extension_value(text: str) -> bool:
    """Whether a string index signature's value type (`TypeDef.index_value`, spaces folded) is one code adds
    members of at run time: any value (EXTENSION_VALUES) or a function (`Function`, a function type)."""
    if text in EXTENSION_VALUES:
        return True
    parsed = parse_type(text)
    return parsed is not None and parsed[0] == "fn"


def _tool(model: ObjectModel, member, declaring) -> bool:
    """A member that is a tool of its object: a method, a function-typed property, or a property holding an
    instance of one of the engine's classes or interfaces (`print: GluegunPrint`), not a value (a string, a
    number, `any`)."""
    if member.kind in ("method", "function"):
        return True
    if member.kind != "property":
        return False
    parsed = parse_type(member.type)
    if parsed is None:
        return False
    if parsed[0] == "fn":
        return True
    module = declaring[0] if isinstance(declaring, tuple) else None
    found = model.find_type(module, parsed[1]) if parsed[0] == "name" and module else None
    held = model.type(found) if found is not None else None
    return held is not None and held.kind in ("interface", "class", "namespace")


def _extension_near_miss(name: str, tids: tuple, model: ObjectModel) -> tuple[str, str, tuple] | None:
    """`toolbox.prnt`, `toolbox.getPrint`, `toolbox.Parameters`, `toolbox.metas` on a receiver whose types are
    all extensible (`_extension_types`): the one tool of theirs `name` is a plain slip of (`sg.plain_variant`:
    case, number, an accessor prefix, a short typo), ranked as on a typed receiver (PLAIN_NEAR_MISS, platform-
    named tools too: the receiver's type is declared). The caller made sure nothing makes the name real (no type
    in reach has it, the workspace and the file never write it, the engine's docs never use it). None when the
    name is no plain slip of one tool, or is a name the engine's examples use on those types."""
    table: dict = {}
    for tid in tids:
        if name in model.example_members.get(tid, {}):
            return None
        for n, (m, declaring) in model.members(tid).items():
            if _public(n, m):
                table.setdefault(n, (m, declaring, tid))
    real = _variant_of(name, table, PLAIN_NEAR_MISS)
    if real is None or sg.plain_variant(name, real) is None:
        return None
    member, declaring, tid = table[real]
    if not _tool(model, member, declaring):
        return None  # a value the object holds (`pluginName: string`): the name may be another key of the user's
    shown = shown_owner(model, declaring if isinstance(declaring, tuple) else tid)
    return real, shown, (member, shown)


def _extension_evidence(model: ObjectModel, tids: tuple, name: str) -> str:
    """What a finding on an extensible receiver says of its types: none declares the name, and the string index
    signature that opens them (`GluegunEmptyToolbox`'s `[key: string]: any`) is for what extensions add."""
    tid = tids[0]
    holder = next((t for t in (tid, *sorted(model.ancestors(tid)))
                   if model.type(t) is not None and model.type(t).index_value), tid)
    value = model.type(holder).index_value if model.type(holder) is not None else "any"
    shown = "`" + " | ".join(shown_owner(model, t) for t in tids) + "`"
    where = "its own" if holder == tid else f"`{shown_owner(model, holder)}`'s"
    return (f"{shown} declares no `{name}`, open only by {where} `[key: string]: {value}` for what extensions "
            f"add, and nothing in this workspace or the engine's docs adds `{name}`")


def _docs_members(model: ObjectModel) -> frozenset[str]:
    """Every name the engine's docs pages' code writes as a member of some receiver (`_docs_spelling`)."""
    return model.derived("unknown_symbol.docs_members",
                         lambda: frozenset(p.rpartition(".")[2] for p in _docs_spelling(model)))


def _on_hole(receiver, model: ObjectModel) -> bool:
    """Whether `receiver` is an instance of a declaration-merging hole (`ObjectModel.merging_hole`)."""
    return receiver is not None and receiver.kind == ValKind.INSTANCE and isinstance(receiver.tid, tuple) and \
        bool(receiver.tid) and model.merging_hole(receiver.tid) and not model.of_undeclared(receiver.tid)


def _package_members(model: ObjectModel, module: str) -> dict:
    """The public members of every class and interface of `module` (a name -> (Member, its first owner's name)),
    built once per model and module."""
    cache: dict[str, dict] = model.derived("unknown_symbol.package_members", dict)
    found = cache.get(module)
    if found is None:
        found = {}
        mod = model.modules.get(module)
        for tname, t in sorted(mod.types.items()) if mod is not None else ():
            if t.kind not in ("class", "interface") or "$" in tname:
                continue
            for m in t.members:
                if not m.static and _public(m.name, m) and (m.confidence or 0) >= MEDIUM:
                    found.setdefault(m.name, (m, tname))
        cache[module] = found
    return found


# `User.findOne(` in the docs' examples: a receiver calling a member; `.find({...}).populate(` a member called on
# the result of another member's call (the arguments' parentheses nest a little)
_EXAMPLE_CALL = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(")
_MEMBER_CALL = re.compile(r"\.\s*([A-Za-z_$][\w$]*)\s*\(")
_THEN_CALL = re.compile(r"\s*\.\s*([A-Za-z_$][\w$]*)\s*\(")
MIN_CHAINS = 2  # and CHAIN_SHARE of the chains on an object's calls say what they return
CHAIN_SHARE = 0.75
MIN_RECEIVER_MEMBERS = 2  # members of one pages' object the examples call on a receiver that names such objects
# A host that makes the user's own objects globals by their file names (a framework's models, `Pet`, `Invoice`;
# a game engine's or an automation host's scripts' entities): its examples call one pages' object's members on
# many capitalised names they never import, each standing for some user's object of that kind. At least
# MIN_SHAPED_RECEIVERS such names, and SHAPED_SHARE of all the capitalised names the examples call a pages'
# object's member on, make that object what an undeclared capitalised name is (`_page_kinds`' "capitalised").
MIN_SHAPED_RECEIVERS = 3
SHAPED_SHARE = 0.9
# A host that calls the user's functions with its own `this` (a framework's action body reads `this.req`,
# `this.res`): the pages' objects the examples read on a `this` of no class, in at least MIN_HOST_THIS examples
MIN_HOST_THIS = 2
# A host's registry of the user's own functions on its global (a framework's `sails.helpers.sendEmail(...)`, one
# file per helper; a host's `app.services.x()`, `game.scripts.y()`): the examples call many names no page
# documents on one dotted path rooted at a pages' object, and chain one pages' object's members on those calls
# (`.intercept()`: the host wraps each function in its deferred). At least MIN_REGISTRY_NAMES such names, and the
# chains as `results`' (MIN_CHAINS, CHAIN_SHARE), make any call on that path that object (`_page_kinds`'
# "registries").
MIN_REGISTRY_NAMES = 3
_PATH_CALL = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)+)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(")
_THIS_READ = re.compile(r"(?<![\w$.])this\s*\.\s*([A-Za-z_$][\w$]*)")
_CLASS_WORD = re.compile(r"(?<![\w$.])class\s+[A-Za-z_$]")


def _page_kinds(model: ObjectModel) -> dict:
    """The objects the engine's reference pages titled as code describe (`model_sources.docs.extract_pages`:
    `req`, `io.socket`, the kinds `models` and `queries` of a folder of `.findOne()` pages), built once per
    model: "types", each object's name -> (its type, its member names); "owner", a member name -> the one
    object that has it (a name two objects have says nothing); "receivers", an undeclared name the engine's
    own examples call members of one object on (`User.findOne(...)`, `User.create(...)`: at least
    MIN_RECEIVER_MEMBERS of them, and no other object's) -> that object; "results", an object -> the object
    its members' calls return, where the examples chain a member of only that one on them
    (`User.find(...).populate(...)`, `.populate(...).limit(...)`: a model's calls make queries), at least
    MIN_CHAINS times and CHAIN_SHARE of the chains on its calls (an example's `.stream().on(...)` is another
    object's). The receivers' members counted are no platform names (`error.catch()`, `x.then()` are anyone's).
    "capitalised": the object an undeclared capitalised name stands for when the examples call that object's
    members (platform-named ones too: the pages' object owns them) on several such names and on almost no other
    (`User.find()`, `Pet.create()`, `Order.find()`, `Something.create()`: a host's globals named by the user's
    own files, `MIN_SHAPED_RECEIVERS`), else None. Platform globals and classes (`Date.now()`,
    `Promise.all()`) are no such names; "parts", that object -> the objects whose members the examples call
    only beside its own on such names (a hook's methods every model gets, documented in a folder of their own):
    its members too. "this": the pages' objects the examples read on `this` outside any class
    (`this.req` in an action's body: the host calls the user's function with its own `this`), in at least
    MIN_HOST_THIS examples. "registries": a dotted path rooted at a pages' object and named by no page
    (`sails.helpers`) -> the object the examples chain on calls of the user's own names on it (`MIN_REGISTRY_NAMES`:
    `sails.helpers.inviteNewUser(...).intercept(...)`)."""
    return model.derived("unknown_symbol.page_kinds", lambda: _build_page_kinds(model))


def _build_page_kinds(model: ObjectModel) -> dict:
    """`_page_kinds`'s building (once per model)."""
    types: dict[str, tuple] = {}
    holders: dict[str, set[str]] = {}
    spelled: set[str] = set()
    for spec, src in model.sources:
        if src.kind != "pages":
            continue
        if any(mod.types for mod in src.modules.values()):
            spelled |= _dependency_spelling(spec.path)
        for module, mod in src.modules.items():
            for tname, t in mod.types.items():
                tid = (module, tname)
                if model.type(tid) is None:
                    continue
                names = frozenset(model.members(tid))
                types[tname] = (tid, names)
                for n in names:
                    holders.setdefault(n, set()).add(tname)
    owner = {n: next(iter(ts)) for n, ts in holders.items() if len(ts) == 1}
    platform = builtin_members()
    called: dict[str, dict[str, set[str]]] = {}
    chained: dict[str, dict[str, int]] = {}
    shaped: dict[str, set[str]] = {}  # a capitalised receiver -> the pages' objects whose members it is called with
    anyone: dict[str, set[str]] = {}  # the same, for every receiver
    on_this: dict[str, int] = {}  # a pages' object -> the pages' code blocks of no class that read it on `this`
    on_path: dict[str, tuple[set[str], dict[str, int]]] = {}  # a dotted path -> undocumented names called, chains
    if types:
        for code in _pages_code(model):
            if not _CLASS_WORD.search(code):
                for n in set(_THIS_READ.findall(code)) & types.keys():
                    on_this[n] = on_this.get(n, 0) + 1
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        for _, code in own:
            for found in _EXAMPLE_CALL.finditer(code):
                receiver, member = found.groups()
                if member in owner and receiver not in types and member not in platform:
                    called.setdefault(receiver, {}).setdefault(owner[member], set()).add(member)
                if member in owner and receiver not in types:
                    anyone.setdefault(receiver, set()).add(owner[member])
                    if _shaped_name(receiver):
                        shaped.setdefault(receiver, set()).add(owner[member])
            for found in _MEMBER_CALL.finditer(code):
                first = owner.get(found.group(1))
                end = _closing(code, found.end() - 1)
                then = _THEN_CALL.match(code, end) if first is not None and end > 0 else None
                if then is not None and then.group(1) in owner:
                    by = chained.setdefault(first, {})
                    by[owner[then.group(1)]] = by.get(owner[then.group(1)], 0) + 1
            for found in _PATH_CALL.finditer(code):
                path = re.sub(r"\s+", "", found.group(1))
                root, _, rest = path.partition(".")
                if root not in types or path in types or found.group(2) in holders or \
                        any(p in holders for p in rest.split(".")):
                    continue  # the host's documented objects and members are no registry of the user's names
                names, by = on_path.setdefault(path, (set(), {}))
                names.add(found.group(2))
                end = _closing(code, found.end() - 1)
                then = _THEN_CALL.match(code, end) if end > 0 else None
                if then is not None and then.group(1) in owner:
                    by[owner[then.group(1)]] = by.get(owner[then.group(1)], 0) + 1
    # the object most capitalised receivers are called with, and its parts: another object whose members the
    # examples call on such receivers only, each called with the first one's members too (the methods a hook
    # adds to every model: `User.subscribe(req, ids)` beside `User.find()`; a page folder of their own)
    counts: dict[str, int] = {}
    for by in shaped.values():
        for k in by:
            counts[k] = counts.get(k, 0) + 1
    main = max(counts, key=lambda k: (counts[k], k)) if counts else None
    parts = frozenset(k for k in counts if k != main and all(
        k not in by or main in shaped.get(r, ()) for r, by in anyone.items()))
    if parts:
        shaped = {r: by - parts for r, by in shaped.items()}
        called = {r: {k: v for k, v in by.items() if k not in parts} or by for r, by in called.items()}
    receivers = {r: next(iter(by)) for r, by in called.items()
                 if len(by) == 1 and len(next(iter(by.values()))) >= MIN_RECEIVER_MEMBERS}
    results = {}
    for first, by in chained.items():
        top = max(by, key=lambda k: (by[k], k))
        if by[top] >= MIN_CHAINS and by[top] >= CHAIN_SHARE * sum(by.values()):
            results[first] = top
    registries = {}
    for path, (names, by) in on_path.items():
        top = max(by, key=lambda k: (by[k], k)) if by else None
        if top is not None and len(names) >= MIN_REGISTRY_NAMES and by[top] >= MIN_CHAINS and \
                by[top] >= CHAIN_SHARE * sum(by.values()):
            registries[path] = top
    alone: dict[str, int] = {}  # a pages' object -> the capitalised receivers called with its members only
    for by in shaped.values():
        if len(by) == 1:
            alone[next(iter(by))] = alone.get(next(iter(by)), 0) + 1
    top = max(alone, key=lambda k: (alone[k], k)) if alone else None
    capitalised = top if top is not None and alone[top] >= MIN_SHAPED_RECEIVERS and \
        alone[top] >= SHAPED_SHARE * len(shaped) else None
    kinds = {"types": types, "owner": owner, "receivers": receivers, "results": results,
             "capitalised": capitalised, "parts": {main: [types[k] for k in sorted(parts)]} if parts else {},
             "this": frozenset(n for n, c in on_this.items() if c >= MIN_HOST_THIS),
             "registries": registries,
             "dependencies": frozenset(spelled), "documented": frozenset(holders)}
    return kinds


def _pages_code(model: ObjectModel) -> list[str]:
    """The code blocks of the reference pages titled as code (every page `extract_pages` reads, not only the
    examples' budget's: the pages that show a host's `this` are a framework's concept pages and a few
    references, which a bounded sample of its docs misses)."""
    limits = ReadLimits()
    out: list[str] = []
    for spec, src in model.sources:
        if src.kind != "pages" or not any(mod.types for mod in src.modules.values()):
            continue
        for f in page_files(spec.path):
            try:
                out += code_blocks(limits.read(f).decode("utf-8", "replace"))
            except OSError:
                continue
    return out


MAX_DEPENDENCY_FILES = 300  # JavaScript files read of each dependency (`_dependency_spelling`)
MAX_DEPENDENCY_BYTES = 16 * 1024 * 1024  # in all


def _dependency_spelling(package: Path) -> frozenset[str]:
    """The member names (written after a `.`) the JavaScript files of a package's installed dependencies spell
    (not their own dependencies'). An object the package's pages describe may be a dependency's that the package
    extends (a framework's request is its HTTP library's: `req.header()`, `req.acceptsCharset()` beside the
    documented `req.headers`, `req.acceptsCharsets()`): such a name is real, never a near miss of a page's."""
    manifest = read_json(package / "package.json")
    deps = manifest.get("dependencies") if isinstance(manifest, dict) else None
    if not isinstance(deps, dict):
        return frozenset()
    limits = ReadLimits()
    out: set[bytes] = set()
    budget = MAX_DEPENDENCY_BYTES
    for dep in sorted(deps):
        home = _package_dir(dep, package)
        if home is None:
            continue
        read = 0
        for dirpath, dirnames, filenames in os.walk(home):
            dirnames[:] = sorted(d for d in dirnames if d != "node_modules" and not d.startswith("."))
            for name in sorted(filenames):
                if not name.endswith((".js", ".cjs", ".mjs")) or read >= MAX_DEPENDENCY_FILES or budget <= 0:
                    continue
                try:
                    data = limits.read(Path(dirpath) / name)
                except OSError:
                    continue
                read += 1
                budget -= len(data)
                out.update(_MEMBER_SPELLED.findall(data))
    return frozenset(n.decode("ascii", "replace") for n in out)


def _closing(code: str, start: int) -> int:
    """The offset after the parenthesis closing the one at `start`; -1 when the code ends first."""
    depth = 0
    for i in range(start, min(len(code), start + 2000)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _shaped_name(name: str) -> bool:
    """A name written as a host's global of the user's own object (`Pet`, `BankAccount`): capitalised, with a
    lower-case letter (not a constant's `MAX_SIZE`), no platform global or class (`Date`, `Promise`, `JSON`)."""
    return name[:1].isupper() and any(c.islower() for c in name) and name not in GLOBALS \
        and not is_builtin_type(name)


def _page_kind(doc: ParsedDocument, obj, pages: dict, declared: frozenset[str], shaped: bool = True) -> str | None:
    """The pages' object a receiver is, when the file does not declare its root: a name a page title gives
    (`req`, `io` of `io.socket.get()`), a dotted path one does (`io.socket`), a name the examples call one
    object's members on (`User`), or the call of such an object's member whose result the examples chain
    another object's members on (`User.find(...)`: a query). With `shaped`, also an undeclared capitalised name
    where the examples make such names one object (`_page_kinds`' "capitalised": `Pet`, `Invoice`)."""
    if not pages["types"]:
        return None
    if obj.type == "identifier":
        name = doc.node_text(obj)
        if name in declared:
            return None
        if name in pages["types"]:
            return name
        if name in pages["receivers"]:
            return pages["receivers"][name]
        return pages["capitalised"] if shaped and _shaped_name(name) else None
    if obj.type == "member_expression":
        chain = _member_chain(doc, obj)
        if chain is None:
            return None
        node, names = chain
        if node.type == "this" and names[0] in pages["this"] and _free_this(node):
            path = ".".join(names)  # `this.req.x`: the host's `req` (`_page_kinds`' "this")
            return path if path in pages["types"] else None
        path = _dotted_path(doc, obj, declared)
        return path if path in pages["types"] else None
    if obj.type == "call_expression":
        fn = obj.child_by_field_name("function")
        if fn is None or fn.type != "member_expression":
            return None
        inner, prop = fn.child_by_field_name("object"), fn.child_by_field_name("property")
        if inner is None or prop is None:
            return None
        if inner.type == "member_expression" and pages["registries"]:
            path = _dotted_path(doc, inner, declared)  # `sails.helpers.x(...)`: a call of the user's own name
            if path in pages["registries"]:
                return pages["registries"][path]
        kind = _page_kind(doc, inner, pages, declared, shaped)
        if kind is None or doc.node_text(prop) not in pages["types"][kind][1]:
            return None
        return pages["results"].get(kind)
    return None


def _member_chain(doc: ParsedDocument, node) -> tuple[object, list[str]] | None:
    """A member expression of plain names, `a.b.c` (`this.req.session`): its root node (`a`, `this`) and the
    names read on it in order (`b`, `c`); the root of `a[k].b` is the subscript, a private name none."""
    return member_chain(node, doc.node_text)


def _dotted_path(doc: ParsedDocument, node, declared: frozenset[str]) -> str | None:
    """`a.b.c` of a member expression of plain names whose root the file does not declare, else None."""
    chain = _member_chain(doc, node)
    if chain is None or chain[0].type != "identifier" or doc.node_text(chain[0]) in declared:
        return None
    return ".".join([doc.node_text(chain[0]), *chain[1]])


def _free_this(this) -> bool:
    """Whether `this` is no class's instance as written: not in a class body (its methods, its fields' arrow
    functions) nor in a function assigned to a `X.prototype.m`; the `this` a caller chooses (a function's, a
    fragment's top level), which a host that calls the user's code sets."""
    node = this.parent
    while node is not None:
        if node.type == "class_body":
            return False
        if node.type in _FUNCTIONS:
            parent = node.parent
            left = parent.child_by_field_name("left") if parent is not None and \
                parent.type == "assignment_expression" else None
            return left is None or ".prototype." not in f".{left.text.decode('utf-8', 'replace')}."
        node = node.parent
    return True


def _host_this_near_miss(name: str, this, pages: dict) -> tuple[str, str, None] | None:
    """`this.reqs`, `this.getRes` on a `this` of no class where the examples read the host's objects on `this`
    (`_page_kinds`' "this": `req`, `res`): the one of them it is a close variant of (a get/set prefix, case,
    number; NEAR_MISS, not the plain threshold: the names are short, and `this.rest` is anyone's)."""
    if not pages["this"] or name in pages["this"] or not _free_this(this):
        return None
    bare = _unprefixed(name)
    real = bare if bare is not None and bare in pages["this"] else _variant_of(name, pages["this"], NEAR_MISS)
    return (real, "this", None) if real is not None else None


def _uses_page_receiver(doc: ParsedDocument, members: list, pages: dict, declared: frozenset[str],
                        shaped: bool = True) -> bool:
    """The file uses, undeclared, a receiver the engine's reference pages describe (`req`, `io.socket`) or its
    examples call such an object's members on (`User`): evidence as a receiver named by the examples is. With
    `shaped`, an undeclared capitalised name of the examples' kind (`_page_kind`) counts too, and a `this` of no
    class where the host sets one (`_page_kinds`' "this")."""
    if not pages["types"]:
        return False
    for node in members:
        obj = node.child_by_field_name("object")
        if obj is not None and obj.type == "this" and (_page_kind(doc, node, pages, declared) is not None or
                                                       shaped and pages["this"] and _free_this(obj)):
            return True  # `this.req.setLocale(...)`: the host's `req`; (shaped) any `this` the host may set
        if obj is not None and obj.type in ("identifier", "member_expression") and \
                _page_kind(doc, obj, pages, declared, shaped) is not None:
            return True
    return False


def _kind_near_miss(name: str, kind: str, pages: dict, model: ObjectModel) -> tuple[str, str, tuple] | None:
    """A plain variant (a get/set prefix, case, number, a small typo) of a member of the pages' object the
    receiver is, platform-named members included (`getFetch` of a query's `fetch`): the receiver's object
    is known, as on a typed receiver; with the member's owner and declaration."""
    names = _kind_names(pages, kind)
    if name in names or name in pages["dependencies"]:
        return None
    real = _variant_of(name, names, PLAIN_NEAR_MISS)
    if real is None:
        return None
    for shown, (tid, own) in [(kind, pages["types"][kind]), *((t[0][1], t) for t in pages["parts"].get(kind, ()))]:
        if real in own:
            member, declaring = model.members(tid)[real]
            return real, shown, (member, shown)
    return None


def _kind_names(pages: dict, kind: str) -> frozenset[str]:
    """The member names of a pages' object, its parts' (`_page_kinds`' "parts") included."""
    names = pages["types"][kind][1]
    for _, more in pages["parts"].get(kind, ()):
        names = names | more
    return names


def _declared_elsewhere(svc: ObjectModelService, doc: ParsedDocument, name: str) -> bool:
    """Some workspace file other than `doc` declares `name` (the workspace's names include `doc`'s own, as
    saved: a write on disk is no evidence for itself)."""
    own = doc.path.resolve() if doc.path is not None else None
    return any(name in names for path, names in svc.declared.items() if path != own)


def _convention_near_miss(name: str, types: tuple, model: ObjectModel) -> tuple[str, str, tuple] | None:
    """`sprite.getAnchor`, `parent.replaceChilds(...)`: on an undeclared receiver named as the engine's own
    examples name instances of its types (`naming`'s conventions), a near miss of a public member those types
    have (a get/set prefix, case, number, a typo), platform-named ones included (`anchor`, `destroy`,
    `removeChild`): `_near_miss` leaves those to other libraries, but here the receiver's name says whose object
    it is, and no type in reach has the name (the caller checked). Did-you-mean and declaration: that member."""
    table: dict = {}
    for tid in types:
        if model.type(tid) is None or model.of_undeclared(tid):
            return None
        for n, (m, declaring) in model.members(tid).items():
            if _public(n, m):
                table.setdefault(n, (m, declaring, tid))
    # (the receiver's type is known by its name: a plain variant, as on a typed receiver)
    real = _variant_of(name, table, PLAIN_NEAR_MISS) or _one_plain_slip(name, table)
    if real is None:
        return None
    member, declaring, tid = table[real]
    shown = shown_owner(model, declaring if isinstance(declaring, tuple) else tid)
    return real, shown, (member, shown)


def _one_plain_slip(name: str, names) -> str | None:
    """The one of `names` that `name` is a plain slip of (`sg.plain_variant`: case, number, a get/set prefix, one
    letter), where the scores alone leave it ambiguous: `createStores` scores near both `createStore` and
    `addStore`, but only `createStore` is that name made plural (another word swapped, `add` for `create`, is no
    slip). Several plain slips: the one change of case if there is one (`createactions` is `createActions` in
    other letters' case, `createAction` in one letter more); else None, as a compiler's did-you-mean that cannot
    tell which was meant."""
    slips = [(n, sg.plain_variant(name, n)) for n in sorted(names)]
    slips = [(n, kind) for n, kind in slips if kind is not None]
    if len(slips) == 1:
        return slips[0][0]
    cased = [n for n, kind in slips if kind == "case"]
    return cased[0] if len(cased) == 1 else None


def _public(name: str, member) -> bool:
    """A member a user's code may name: not private, not the constructor, not `_`-prefixed, not removed."""
    return not member.private and member.kind != "constructor" and name[:1] != "_" and member.status != "removed"


def _unprefixed(name: str) -> str | None:
    """`name` without its get/set/is/has prefix (`getCameras` -> `cameras`); None when it has none."""
    for prefix in _PREFIXES:
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            return name[len(prefix)].lower() + name[len(prefix) + 1:]
    return None


def _unprefixed_as_written(name: str) -> str | None:
    """`name` without its get/set prefix, the rest as written (`getGateway` -> `Gateway`); None without one."""
    for prefix in ("get", "set"):
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            return name[len(prefix):]
    return None


def _namespace_like(doc: ParsedDocument, members: list, obj, prop, names: frozenset[str]) -> bool:
    """Whether the file reads only capitalised names on the receiver `obj` (an identifier) besides `prop`, at
    least one of them a name of the engine (`names`: `synthetics.Canary`, `synthetics.Runtime`): it uses it as a
    module's namespace of classes and constants, whose exports are capitalised; a lower-case member would be an
    object's. (A capitalised name the engine lacks, another invention, says nothing either way.)"""
    if obj.type != "identifier":
        return False
    receiver = doc.node_text(obj)
    seen = False
    for node in members:
        other_obj = node.child_by_field_name("object")
        other = node.child_by_field_name("property")
        if other_obj is None or other is None or other.start_byte == prop.start_byte or \
                other_obj.type != "identifier" or doc.node_text(other_obj) != receiver:
            continue
        text = doc.node_text(other)
        if not text[:1].isupper():
            return False
        seen = seen or text in names
    return seen


def _variant_of(name: str, names, threshold: float, typos: bool = False) -> str | None:
    """The one of `names` that `name` is a variant of: itself behind a get/set prefix, else the unambiguous
    best near miss scoring at least `threshold` (case, number, a small typo); None when there is none.
    `typos`: else, when nothing scores that much, the one name it misspells inside (`sg.typo_of`: `extnd` of
    `extend`, 0.83 under NEAR_MISS)."""
    bare = _unprefixed(name)
    if bare is not None and bare in names:
        return bare
    ranked = sg.rank(name, sorted(names), "", threshold=threshold)
    if ranked:
        return ranked[0][0] if sg.unambiguous(ranked) else None
    return sg.typo_of(name, sorted(names)) if typos else None


def _accessor_of(name: str, real: str) -> bool:
    """`name` is the member `real` with a get/set/is/has prefix (`getCameras` of `cameras`)."""
    return _prefixed(name, real) and real[:1].islower()


THIS_FILE = "(this file)"  # the owner shown for a did-you-mean the file itself declares


def _own_near(name: str, real: str, local: frozenset[str]) -> str | None:
    """A name the file itself declares that `name` is as near a miss of as of the engine's `real`: the file's
    own name with a get/set prefix (`getPlayer` beside `this.player = ...`, not the engine's `getLayer`), or one
    that scores at least as high. The file's names are what its author had in mind."""
    bare = _unprefixed(name)
    if bare is not None and bare in local and bare != real:
        return bare
    ranked = sg.rank(name, sorted(n for n in local if len(n) >= 4), "", threshold=NEAR_MISS)
    if ranked and ranked[0][0] != real and ranked[0][1] > sg.score(name, real) and sg.unambiguous(ranked):
        return ranked[0][0]
    return None


def _constructed(node) -> bool:
    """Whether the member expression `node` is what `new` constructs (`new Konva.Rectt()`)."""
    parent = node.parent
    return parent is not None and parent.type == "new_expression" and parent.child_by_field_name("constructor") == node


def _capitalised(doc: ParsedDocument, obj) -> bool:
    """Whether the receiver is written as a class or a namespace other than the platform's (`Immutable`, `Konva`,
    `Undici.util`; not `AbortSignal`, whose statics are members): its last name starts with a capital letter."""
    if obj.type == "member_expression":
        obj = obj.child_by_field_name("property")
    if obj is None or obj.type not in ("identifier", "property_identifier"):
        return False
    name = doc.node_text(obj)
    return name[:1].isupper() and not is_builtin_type(name)


def _annotated_names(doc: ParsedDocument) -> frozenset[str]:
    """Names a TypeScript file declares with a type annotation other than `any` (grammars/typescript/
    annotated.scm: variables, parameters, class fields), by name: one annotated declaration of a name is
    enough to leave its members to TypeScript (precision first)."""
    names = set()
    for node in queries.captures(doc.language, "annotated", doc.tree.root_node).get("annotated", ()):
        target = node.child_by_field_name("name") or node.child_by_field_name("pattern")
        annotation = node.child_by_field_name("type")
        if target is None or annotation is None or doc.node_text(annotation).lstrip(":").strip() == "any":
            continue
        stack = [target]  # a destructuring pattern's names are typed by the annotation too: `({ store }: Props)`
        while stack:
            n = stack.pop()
            if n.type in ("identifier", "property_identifier", "shorthand_property_identifier_pattern"):
                names.add(doc.node_text(n))
            elif n.type == "pair_pattern":  # `{ store: s }`: the bound name is the value's
                stack.extend(filter(None, [n.child_by_field_name("value")]))
            elif n.type in ("object_assignment_pattern", "assignment_pattern"):  # `{ store = x }`
                stack.extend(filter(None, [n.child_by_field_name("left")]))
            elif n.type in ("object_pattern", "array_pattern", "rest_pattern"):
                stack.extend(n.named_children)
    return frozenset(names)


def _this_field(doc: ParsedDocument, node) -> str | None:
    """The field a `this.field...` chain starts from, if the receiver is such a chain."""
    while node.type == "member_expression":
        obj = node.child_by_field_name("object")
        if obj is None:
            return None
        if obj.type == "this":
            prop = node.child_by_field_name("property")
            return doc.node_text(prop) if prop is not None else None
        node = obj
    return None


def _imported_names(doc: ParsedDocument, model: ObjectModel) -> frozenset[str]:
    """The local names whose value is known to come from somewhere other than an untyped guess:
    - names this file's imports and requires bind to named exports of the engine's packages (`{ Types }`,
      `import { Types }`, renamed: `{ Types: T }`, `import { Types as T }`). Not the engine module itself
      (`import * as e`, a default import, a whole `require`): on that object a near miss of one of its own
      exports is still worth a guess (`Konva.getRect`), and an engine module whose exports are not all known is
      open already (see types.py);
    - every name bound by an import of any other module, a package or the workspace's own file
      (`import * as React from 'react'`, `const util = require('./util')`): its members are that module's,
      whatever the engine spells (`React.useState` is not a near miss of the engine's `setState`)."""
    names = set()
    for record in module_info_of(doc).imports:
        bound = record.locals()
        if package_name(record.specifier) in model.modules:
            names.update(local for local, imported in bound.items() if imported not in (NAMESPACE, DEFAULT))
        else:
            names.update(bound)
    return frozenset(names)


def _other_package_imports(doc: ParsedDocument, model: ObjectModel) -> frozenset[str]:
    """The local names this file's imports and requires bind to another package, one the model does not hold
    (`import { streamText } from "ai"`, `const { google } = require("googleapis")`). Not a relative module
    (`./adapter`: the user's class there may implement the engine's interface), nor a path alias of the
    project's own (`@/lib/db`, `~/db`: no package is named so), a URL, a `node:` or `#` specifier, nor a module
    the model holds under its own specifier (bun-types' `declare module "bun:ffi"`)."""
    return frozenset(local for record in module_info_of(doc).imports
                     if package_name(record.specifier) is not None and not record.specifier.startswith(("@/", "~"))
                     and record.specifier not in model.modules
                     and package_name(record.specifier) not in model.modules
                     for local in record.locals())


def _unresolved_convention_names(doc: ParsedDocument, model: ObjectModel) -> dict[str, tuple]:
    """The lower-case names this file binds by an import or a `require` of a module nothing resolves, each that
    the engine's examples name as an instance of its types (`naming`'s conventions: `alt` for an `Alt`), with
    those types: `import alt from './alt'` where no `./alt` file is there (a docs snippet, a file not yet
    written), `import alt from 'MyAlt'` of no package installed or declared. The dependency check reports the
    import itself (`unresolved-import`); the binding's value is then as unknown as an undeclared name's, and
    its name is all that says what it is, as it is for an undeclared `alt` (`Analysis.named_by_convention`). A
    module that resolves, or may (a package the project declares, a Node built-in, any specifier a `paths` map
    or a bundler's alias may rewrite: not `./` nor `../`, nor a plain package name), keeps its binding
    `_imported_names`'."""
    conventions = model.conventions or {}
    if doc.path is None or not conventions:
        return {}
    out: dict[str, tuple] = {}
    for record in module_info_of(doc).imports:
        named = {local: conventions[local] for local in record.locals()
                 if local[:1].islower() and local in conventions and
                 conventions[local].kind in ("inst", "union", "names")}
        if named and _unresolvable(record.specifier, doc.path, model):
            out.update((local, conv.target if conv.kind != "inst" else (conv.target,))
                       for local, conv in named.items())
    return out


def _unresolvable(spec: str, importer: Path, model: ObjectModel) -> bool:
    """Whether no module is there for `spec` imported from `importer`: the dependency graph's resolver finds none
    (`Resolver`: relative paths, a `tsconfig`/`jsconfig` `paths` alias, `exports` maps, Node's built-ins), as its
    `unresolved-import` says, and, the more to be sure, a relative path names no file with any extension (a
    bundler resolves a `.vue` or a `.ts` module the resolver may not) nor folder; a package name no package the
    model holds, none installed in a `node_modules` above the importer and none the nearest package.json
    declares (declared, it is a real package not yet installed: another package's value). An alias whose
    target is missing, a URL, an absolute path: False (rules not read here may resolve them)."""
    if spec.startswith(("/", "@/", "~", "#")) or ":" in spec:
        return False
    found = Resolver(importer.parent).resolve(spec, str(importer))
    if found.resolved or found.kind not in (MISSING_FILE, MISSING_PACKAGE):
        return False
    if spec.startswith(("./", "../")):
        base = importer.parent / spec
        try:
            return found.kind == MISSING_FILE and not base.exists() and (
                not base.parent.is_dir() or not any(p.name.startswith(base.name + ".") for p in base.parent.iterdir()))
        except OSError:
            return False
    name = package_name(spec)
    if found.kind != MISSING_PACKAGE or name is None or name in model.modules:
        return False
    for folder in importer.parents:
        if (folder / "node_modules" / name).exists():
            return False
        manifest = folder / "package.json"
        if manifest.is_file():  # the nearest manifest: the project's dependencies
            data = read_json(manifest)
            return isinstance(data, dict) and not any(
                isinstance(data.get(k), dict) and name in data[k]
                for k in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"))
    return True


# the expressions a value is made of, walked to the name it starts from: `f(x)`, `new a.B()`, `a.b.c`, `await ...`
_MADE_OF = {"call_expression": "function", "new_expression": "constructor", "member_expression": "object",
            "subscript_expression": "object"}


def _made_of_root(node):
    """The identifier a value expression starts from (`google` of `new google.auth.GoogleAuth({...})`, `streamText`
    of `await streamText({...}).toResponse()`), through calls, `new`, members, `await` and parentheses; None
    when it starts from anything else (a literal, a function, `this`)."""
    for _ in range(64):
        if node is None or node.type == "identifier":
            return node
        if node.type in _WRAPPERS:
            node = node.named_children[-1] if node.named_children else None
        elif node.type in _MADE_OF:
            node = node.child_by_field_name(_MADE_OF[node.type])
        else:
            return None
    return None


def _made_by_other_package(doc: ParsedDocument, obj, other: frozenset[str], depth: int = 0) -> bool:
    """Whether the receiver `obj` (a name, or a chain of members and calls from one) is a variable every
    declaration of which binds it to a value made from another package's import (`other`, by
    `_other_package_imports`): `const result = streamText({...})` after `import { streamText } from "ai"`, `const
    auth = new google.auth.GoogleAuth()` of `googleapis`, `const { Body } = await s3.send(cmd)`, or made so from
    such a variable in turn (`const client = await auth.getClient()`, 3 levels). The import must bind at the
    program's top (a local of its name shadows it); any declaration without such a value (a parameter, `let x;`
    assigned later) leaves the receiver checked. The receiver's own root being the import is `_imported_names`'."""
    root = _made_of_root(obj)
    if root is None or depth > 3:
        return False
    binding = scopes_of(doc).resolve(root)
    if binding is None or not binding.declarations:
        return False
    if depth > 0 and binding.scope.type == "program" and binding.name in other:
        return True
    for decl in binding.declarations:
        holder = decl.top.parent
        if decl.top.type not in ("identifier", "object_pattern", "array_pattern") or holder is None or \
                holder.type != "variable_declarator":
            return False
        value = holder.child_by_field_name("value")
        if value is None or not _made_by_other_package(doc, value, other, depth + 1):
            return False
    return True


def _chain_root(doc: ParsedDocument, node) -> str | None:
    """The identifier a member chain starts from (`a` of `a.b.c`), if it starts from one."""
    while node.type == "member_expression":
        node = node.child_by_field_name("object")
        if node is None:
            return None
    return doc.node_text(node) if node.type == "identifier" else None


def _call_chain_root(doc: ParsedDocument, node, called: bool = False) -> str | None:
    """The identifier a chain of member calls starts from (`x` of `x.div(y).plus(z)`), if the receiver is such a
    chain (a method's result on an untyped receiver, as in big.js's README): `f()`, `(a || b)()` are not. With
    `called`, also the name a chain starts by calling (`collect` of `collect(items)` and of
    `collect(items).where(...).sortBy(...)`) or constructing (`Collection` of `new Collection(items).where(...)`,
    `Konva` of `new Konva.Stage(...)`): the function whose result the chain goes on from."""
    if node.type not in ("call_expression", "new_expression") or node.type == "new_expression" and not called:
        return None
    while node.type in ("call_expression", "member_expression", "new_expression"):
        if node.type == "new_expression":
            if not called:
                return None
            made = node.child_by_field_name("constructor")
            return None if made is None else doc.node_text(made) if made.type == "identifier" else \
                _chain_root(doc, made) if made.type == "member_expression" else None
        if node.type == "call_expression":
            node = node.child_by_field_name("function")
            if node is not None and node.type == "identifier" and called:
                return doc.node_text(node)
            if node is None or node.type != "member_expression":
                return None
        node = node.child_by_field_name("object")
        if node is None:
            return None
    return doc.node_text(node) if node.type == "identifier" else None


def _uses_engine(doc: ParsedDocument, analysis: Analysis, model: ObjectModel) -> bool:
    """The file imports the engine, resolves one of its members, uses one of its exports undeclared (`new
    Sprite(texture)`, `Assets.load(...)` in a fragment without imports) or a receiver named as the engine's own
    examples name its instances (`sprite.anchor.set(0.5)` where the examples write `const sprite = new
    Sprite(...)`)."""
    if imported_packages(doc) & set(model.modules):
        return True
    if analysis.engine_free or analysis.named_by_convention:
        return True
    if any(a.member is not None and not a.missing for a in analysis.accesses):
        return True
    # a parameter the engine's examples name as the instance of an interface the user's typings fill (`I` in
    # `login(I)`, `({ I }) => I.refreshPage()` of a heal recipe: codeceptjs's actor): as a free name so named
    if any(v.evidence is not None and v.evidence.produces.startswith(CONVENTION_EVIDENCE) and v.tid
           and model.merging_hole(v.tid) for v in analysis.open_engine_receivers.values()):
        return True
    # so too a parameter named as the instance of an extensible engine type (`run: async toolbox => ...`, whose
    # `GluegunToolbox` has its tools beside `[key: string]: any`) when its one use there is no tool it declares
    # (`toolbox.prints.info()`): the name is the engine's sign, as a resolved member would be
    if any(v.evidence is not None and v.evidence.produces.startswith(CONVENTION_EVIDENCE) and
           _extension_types(model, v) is not None for v in analysis.open_engine_receivers.values()):
        return True
    # `document.querySelector('wa-dialog')`, `customElements.whenDefined('wa-dialog')`: one of its custom elements
    return spells_custom_tag(doc, custom_elements(model)["tags"])


# the fewest members beside `default` of an engine interface `_module_shape_names` reads as a module's exports
MODULE_SHAPE_MIN = 2


# `var bernoulli = require( '@stdlib/random/array/bernoulli' );`, `const axios = require("axios")`, `import Konva
# from "konva"`, `import * as Y from "yjs"`: a name an example binds to a whole module (not one of its exports)
_WHOLE_REQUIRE = re.compile(r"""(?<![\w$.])(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*(['"])"""
                            r"""([^'"\n]+)\2\s*\)\s*(?:[;,\n]|$)""")
_WHOLE_IMPORT = re.compile(r"""(?<![\w$.])import\s+(?:\*\s*as\s+)?([A-Za-z_$][\w$]*)\s+from\s*(['"])([^'"\n]+)\2""")


MAX_BINDING_PAGES = 400  # markdown pages of each documented package read for `docs_bound_names`
MAX_BINDING_BYTES = 16 * 1024 * 1024  # in all


def docs_bound_names(model: ObjectModel) -> frozenset[str]:
    """The names the engine's own examples bind to a whole module of the engine's packages, by a require or an
    import of the module itself (`var bernoulli = require( '@stdlib/random/array/bernoulli' )`, `import * as Y
    from "yjs"`; not a named export, not a call's result), built once per model. The docs then use that name in
    later fragments without binding it again (`var random = bernoulli.factory();` in the README's next block):
    such a name, undeclared in a file, is the engine's module as the docs name it, whichever of the modules the
    docs bind it to (one name may be several folders' export: `normal` of `base/normal` and of `iter/normal`).
    So it is evidence that the file uses the engine (`_engine_sites`), and its members are the engine's
    vocabulary, the union of those modules' (a name any of them has is known)."""
    return _docs_bindings(model)[0]


def docs_required_subpaths(model: ObjectModel) -> frozenset[str]:
    """The specifiers of the engine's modules below a package's root that its docs require or import whole
    (`@stdlib/random/base/randu`): public entries of a package as an `exports` map's are (`_subpath_files`)."""
    return _docs_bindings(model)[1]


def _docs_bindings(model: ObjectModel) -> tuple[frozenset[str], frozenset[str]]:
    """`docs_bound_names` and `docs_required_subpaths`, built once per model."""
    def build() -> tuple[frozenset[str], frozenset[str]]:
        own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
        texts = [code for _, code in own]
        # the examples are a bounded sample of the docs (a library of one README per folder, 245 of them, fills
        # it with a few dozen): the packages' markdown pages too, each package's at most MAX_BINDING_PAGES
        limits = ReadLimits()
        budget = MAX_BINDING_BYTES
        seen: set[Path] = set()
        for spec, src in model.sources:
            if src.kind != "pages" or spec.path in seen or not spec.path.is_dir():
                continue
            seen.add(spec.path)
            for f in docs_files(spec.path, MARKDOWN_PAGES)[:MAX_BINDING_PAGES]:
                if budget <= 0:
                    break
                try:
                    data = limits.read(f)
                except OSError:
                    continue
                budget -= len(data)
                texts.append(data.decode("utf-8", "replace"))
        out: set[str] = set()
        specs: set[str] = set()
        for code in texts:
            for pattern in (_WHOLE_REQUIRE, _WHOLE_IMPORT):
                for found in pattern.finditer(code):
                    spec = found.group(3)
                    if package_name(spec) in model.modules:
                        out.add(found.group(1))
                        if spec != package_name(spec):
                            specs.add(spec)
        return frozenset(out), frozenset(specs)
    return model.derived("unknown_symbol.docs_bindings", build)


def _uses_docs_bound_name(doc: ParsedDocument, members: list, bound: frozenset[str], declared: frozenset[str]) -> bool:
    """A receiver of the file is a name the engine's examples bind to one of its modules (`docs_bound_names`) that
    the file leaves undeclared (`bernoulli.factory()` in a fragment after the README's first block), of at least two
    letters, no platform global (stdlib names modules `Float64Array`, `ArrayBuffer`)."""
    if not bound:
        return False
    for node in members:
        obj = node.child_by_field_name("object")
        root = _chain_root(doc, obj) if obj is not None else None
        if root is not None and len(root) >= 2 and root in bound and root not in declared and root not in GLOBALS \
                and not is_builtin_type(root) and root not in platform_lib.globals_() and \
                root not in platform_lib.es_globals() and root not in platform_lib.es_namespaces():
            return True  # (a platform global's name is the platform's, whatever a package names a module)
    return False


def _engine_loaded_module(doc: ParsedDocument, model: ObjectModel) -> bool:
    """A file that exports by name what the engine's typings declare a module it loads exports
    (`_module_shape_names`): `export const instrumentations = [...]` of react-router's `ServerEntryModule`,
    `export async function loader(...)` of its route modules. The framework finds such exports by name and calls
    them, so the file is written for the engine though it need not import it (the objects its callbacks receive,
    `handler.instrument(...)`, are the engine's). The default export alone says nothing (every module has one)."""
    names = _module_shape_names(model)
    return bool(names) and any(e.name in names for e in module_info_of(doc).exports)


def _module_shape_names(model: ObjectModel) -> frozenset[str]:
    """The names the engine's typings say a module it loads exports: the members beside `default` of each of its
    interfaces with a `default` member and at least MODULE_SHAPE_MIN others (the shape of an ES module's exports:
    `interface ServerEntryModule { default: HandleDocumentRequestFunction; handleError?: ...; instrumentations?:
    ServerInstrumentation[] }`, `interface ServerRouteModule { default: RouteComponent; loader?: LoaderFunction;
    ... }`). Once per model."""
    def build() -> frozenset[str]:
        out: set[str] = set()
        for tid in model.object_types():
            members = model.members(tid)
            others = [n for n in members if n != "default" and n[:1] != "_"]
            if "default" in members and len(others) >= MODULE_SHAPE_MIN:
                out.update(others)
        return frozenset(out)
    return model.derived("unknown_symbol.module_shape_names", build)


_CAMEL_TAIL = re.compile(r"[a-z0-9]([A-Z][a-z0-9]+)$")


def _named_as_engine_class(doc: ParsedDocument, members: list, index: dict) -> dict[str, str]:
    """The receivers of a file that shows no other use of the engine whose name ends with the name of an engine
    type that has members (`myBody`, `groundBody` of `Body`; `sensorContact` of `Contact`), each with that name:
    README fragments name the engine's objects so (`myBody.applyForce(...)`, undeclared). A compound name
    only: the plain word (`body`, `contact`) is everyone's. A compound name that is a type's whole name in
    camelCase (`locationInfo` of `LocationInfo`, whatever `Info` is) is that type's, as its own name says."""
    out: dict[str, str] = {}
    for node in members:
        obj = node.child_by_field_name("object")
        if obj is None or obj.type != "identifier":
            continue
        receiver = doc.node_text(obj)
        tail = _CAMEL_TAIL.search(receiver)
        whole = receiver[:1].upper() + receiver[1:]
        if tail is not None and receiver[:1].islower() and whole in index["member_type_names"]:
            out[receiver] = whole
        elif tail is not None and len(tail.group(1)) >= 4 and tail.group(1) in index["member_type_names"]:
            out[receiver] = tail.group(1)
    return out


def _spells_engine_member(doc: ParsedDocument, members: list, index: dict, imported: frozenset[str],
                          declared: frozenset[str]) -> bool:
    """A file that imports nothing of the engine still uses it when it calls, on a receiver of unknown origin,
    a member only the engine has: a public member the model knows (at least 4 letters) that is no platform name, no
    name this file or the workspace declares (`lazySeq.flip().map(...).flip()`, a README fragment or a helper
    that receives the engine's object as a parameter). A file whose only engine-like name is the invented one
    says nothing of the engine: it stays silent."""
    for node in members:
        prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
        if prop is None or obj is None or prop.type != "property_identifier":
            continue
        name = doc.node_text(prop)
        if len(name) >= 4 and name in index["modelled"] and name not in declared and \
                not ({_chain_root(doc, obj), _call_chain_root(doc, obj)} & imported):
            return True
    return False


def _engine_vocabulary(model: ObjectModel) -> dict:
    """Every name the engine has (members, types, exports; private ones too: they exist) and the public
    members to suggest, with an owner for each; built once per model."""
    return model.derived("unknown_symbol.vocabulary_index", lambda: _build_engine_vocabulary(model))


def _build_engine_vocabulary(model: ObjectModel) -> dict:
    """`_engine_vocabulary`'s building (once per model)."""
    names: set[str] = set(model.type_names)
    owners: dict[str, str] = {}
    declared: dict[str, tuple] = {}  # a suggestable name -> (its Member, the owner shown): the hover's signature

    # the names some type has as a member (platform-named ones too: undici's `Dispatcher.request`), each with its
    # first owner: the did-you-mean of a member access prefers them to a module's export or class (`_member_first`)
    member_owners: dict[str, str] = {}
    member_declared: dict[tuple[str, str], tuple] = {}

    def own(name: str, owner: str, member) -> None:
        if name not in owners:
            owners[name] = owner
            declared[name] = (member, owner)

    member_types: dict[str, set[str]] = {}  # a suggestable member -> every type (shown) that has it

    callable_names: set[str] = set()  # names some type or module has as a method or function

    def as_member(name: str, owner: str, member) -> None:
        if _callable(member):
            callable_names.add(name)
        member_owners.setdefault(name, owner)
        member_declared.setdefault((name, owner), (member, owner))
        member_types.setdefault(name, set()).add(owner)

    for module, mod in model.modules.items():
        names.update(mod.exports)
        names.update(mod.values)
        for tname, t in mod.types.items():
            # a `$` name is the model's own synthesized type (`Konva$Util`, `Stage$static`), except a bundle's
            # local that its export list renames (`export { Body$1 as Body }`: the package's class `Body`)
            shown = tname if "$" not in tname else model.exported_name((module, tname))
            for m in t.members:
                names.add(m.name)
                if not m.private and m.kind != "constructor" and not m.name.startswith("_") and "$" not in shown \
                        and (m.confidence or 0) >= MEDIUM and m.status != "removed":
                    own(m.name, shown, m)
                    as_member(m.name, shown, m)
        # the engine's module-level functions (ioredis's `utils.convertMapToArray`, reached in its README
        # through an internal module): a near miss of one is as likely meant as one of a member
        # and by the name it is exported as (`export { default as scaleLinear } from "./linear.js"`: users
        # call `scaleLinear`, not the file's `linear`)
        exported_as = [(e, mod.values[local]) for e, local in mod.exports.items()
                       if e not in ("=", "default") and local != e and local in mod.values]
        for vname, v in [*mod.values.items(), *exported_as]:
            if v.kind == "function" and not vname.startswith("_") and (v.confidence or 0) >= MEDIUM \
                    and v.status != "removed" and "$" not in vname:
                own(vname, mod.name, v)
                callable_names.add(vname)
    for tid, found in model.example_members.items():  # the docs' own uses are members too
        names.update(found)
        for name, m in found.items():
            own(name, shown_owner(model, tid), m)
            as_member(name, shown_owner(model, tid), m)
    modelled = frozenset(n for n in owners if n not in builtin_members())
    spelled, members = _engine_spelling(model)
    names.update(spelled)
    spelled_as_member = set()
    for name in members:  # what the model could not type is still the engine's vocabulary (`x.current`)
        if len(name) >= 4 and name[:1] != "_" and "$" not in name:
            owners.setdefault(name, ENGINE_FILES)
            if name not in member_owners:
                spelled_as_member.add(name)
    suggestable = frozenset(n for n in owners if n not in builtin_members())
    index = _VocabularyIndex({
        "names": frozenset(names), "owners": owners, "declared": declared, "suggestable": suggestable,
        "modelled": modelled, "spelled_members": suggestable - modelled,
        "member_owners": member_owners, "member_declared": member_declared, "member_types": member_types,
        "callable": frozenset(callable_names),
        "member_type_names": frozenset(t for ts in member_types.values() for t in ts
                                       if t[:1].isupper() and "." not in t and "(" not in t)})
    # the did-you-mean candidate lists, prepared when a finding first ranks against one (`_VocabularyIndex`)
    index.pools.update({"cands": modelled, "cands_spelled": suggestable - modelled,
                        "cands_members": frozenset(member_owners), "cands_spelled_members": frozenset(spelled_as_member)})
    # the members some engine type has that are also platform names (`statusCode`, `getClientRect`), long enough
    # that a misspelling of one is no other library's real name: the last pool of `_near_miss`, typos only
    platform_named = frozenset(n for n in member_owners if n in builtin_members() and len(n) >= PLATFORM_TYPO_MIN
                               and n[:1] != "_" and n not in OBJECT_MEMBERS)
    index["platform_named"] = platform_named
    forms: dict[str, set[str]] = {}  # every member the engine's types have or its files spell, by its lower case
    for name in (*members, *member_owners):
        if len(name) >= 4 and name[:1] != "_" and "$" not in name:
            forms.setdefault(name.lower(), set()).add(name)
    index["spelled_member_forms"] = {k: tuple(sorted(v)) for k, v in forms.items()}
    index["spelled_members_any"] = frozenset(n for v in forms.values() for n in v)
    index["modelled_by_lower"] = _by_lower_case(modelled)
    index["spelled_by_lower"] = _by_lower_case(index["spelled_members"])
    index.pools["cands_platform_named"] = platform_named
    index.pools["cands_typo"] = suggestable | platform_named  # (`_inner_typo`'s)
    return index


class _VocabularyIndex(dict):
    """`_engine_vocabulary`'s index, whose did-you-mean candidate lists (`sg.Candidates`: every name tokenized
    and lower-cased) are prepared on the first look-up of their key, from the names kept in `pools`. Only a
    finding's near-miss search ranks against them, and a clean file asks for none: preparing all five up front
    cost a large engine's every process seconds (aws-cdk-lib: ~160,000 names, ~3.5 s of a one-file check) that a
    check finding nothing never used. The lists hold exactly the names they held when built eagerly."""

    def __init__(self, items: dict):
        super().__init__(items)
        self.pools: dict[str, frozenset[str]] = {}

    def __missing__(self, key: str):
        names = self.pools.get(key)
        if names is None:
            raise KeyError(key)
        with _POOLS_LOCK:
            if key not in self:  # another thread may have prepared it meanwhile
                with collection_paused():  # it lives as long as the model (as the index itself)
                    dict.__setitem__(self, key, sg.Candidates(names))
        return dict.__getitem__(self, key)


_POOLS_LOCK = threading.Lock()


ENGINE_FILES = "(the engine's files)"  # the owner shown for a member only the engine's files spell
_IDENTIFIER = re.compile(rb"[A-Za-z_$][\w$]*")
_MEMBER_SPELLED = re.compile(rb"\.([A-Za-z_$][\w$]*)")
# an indented method definition (`  async getText() {`, `  static get x() {`, `  *items(a, b) {`) of a class body
# or an object literal: a member of the object it is written in. A call followed by a block is no JavaScript,
# except a statement's keyword (`if (x) {`), left out
_METHOD_DECLARED = re.compile(rb"(?m)^[ \t]+(?:static[ \t]+)?(?:async[ \t]+)?(?:[gs]et[ \t]+)?\*?[ \t]*"
                              rb"([A-Za-z_$][\w$]*)[ \t]*\([^()\n]*\)[ \t]*\{")
_NOT_METHODS = frozenset({b"if", b"for", b"while", b"switch", b"catch", b"with", b"function", b"return", b"do",
                          b"else", b"await", b"typeof", b"new", b"yield"})
# a line that is all comment (` * Parts are synthesized in order.`, `// note`): prose, where a capitalised word
# (`Parts`, `Preliminary`: one capital, then lower-case letters) is English, a sentence's first word, no name
_COMMENT_LINE = re.compile(rb"(?m)^[ \t]*(?:\*|/\*|//).*$")
_CAPITALISED_WORD = re.compile(rb"[A-Z][a-z]+")
# such a word written as code all the same: a member (`.Parts`), a call (`Parts(`), in backticks
_CAPITALISED_AS_MEMBER = re.compile(rb"[.`]([A-Z][a-z]+)\b")
_CAPITALISED_CALLED = re.compile(rb"\b([A-Z][a-z]+)[(`]")


def _engine_spelling(model: ObjectModel) -> tuple[set[str], set[str]]:
    """The engine's files as text (its typings and runtime builds, the files the model was read from, and the
    runtime of the packages its runtime depends on: `_dependency_files`): every
    identifier they spell, and the member-like ones (written after a `.`: `scene.current`, `X.prototype.draw
    = ...`). A form-independent net under the model: a name the engine's files spell is never a vocabulary
    finding (whatever declaration form hid it from the model), and a member they spell is a did-you-mean
    candidate even where the model could not type it. On a line that is all comment (a doc comment's ` * ...`,
    `// ...`), a capitalised word (`Parts are synthesized in order`: one capital, then lower-case letters) is
    English, not the name `Parts`, unless written as code there (`.Parts`, `Parts(`, `` `Parts` ``); its other
    words (`currents`) still count. Regular expressions over the bytes: ~30 ms a MB."""
    spelled: set[bytes] = set()
    members: set[bytes] = set()
    as_code: set[bytes] = set()  # the words spelled as code somewhere (capitalised ones matter)
    limits = ReadLimits()
    paths = [Path(path) for _, src in model.sources if src.kind in ("dts", "js") for path in src.files]
    read = set(paths)
    unread = [p for p in _subpath_files(model) if p not in read]
    declaring = set(unread)
    files = [*paths, *unread, *_dependency_files(model)]
    # kept for the next process under the key of the files' contents and this code (spelling_cache.py): ~7 s
    # of CPU a process on a 161 MB engine
    cache_key = spelling_cache.key(model, files, declaring)
    found = spelling_cache.read(model, cache_key)
    if found is not None:
        return found
    for path in files:
        try:
            data = limits.read(Path(path))
        except OSError:
            continue  # gone or changed since the model read it: the model's own names still count
        words = set(_IDENTIFIER.findall(data))
        spelled.update(words)
        if any(_CAPITALISED_WORD.fullmatch(w) for w in words):
            as_code.update(set(_IDENTIFIER.findall(_COMMENT_LINE.sub(b"", data))))
            as_code.update(_CAPITALISED_AS_MEMBER.findall(data))
            as_code.update(_CAPITALISED_CALLED.findall(data))
        members.update(_MEMBER_SPELLED.findall(data))
        members.update(_defined_by_helpers(Path(path), data, limits))
        if path in declaring:  # a file the model did not read: its methods, as the model would have read them
            members.update(set(_METHOD_DECLARED.findall(data)) - _NOT_METHODS)
    spelled -= {w for w in spelled if _CAPITALISED_WORD.fullmatch(w)} - as_code  # only prose's
    found = {n.decode("ascii", "replace") for n in spelled}, {n.decode("ascii", "replace") for n in members}
    spelling_cache.write(model, cache_key, *found)
    return found


# `setReadOnly( fn, 'seed', value )`: a call of a name with an object and a string naming a member
_HELPER_CALL = re.compile(rb"""(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(\s*[A-Za-z_$][\w$.]*\s*,\s*(['"])([A-Za-z_$][\w$]*)\2\s*[,)]""")
# `var setReadOnly = require( '@stdlib/utils/define-read-only-property' );`
_REQUIRED_AS = re.compile(rb"""(?<![\w$.])(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*(['"])([^'"\n]+)\2\s*\)""")


def _defined_by_helpers(path: Path, data: bytes, limits: ReadLimits) -> set[bytes]:
    """The member names a runtime file defines through a required helper proven to define a property named by
    its argument (`definers`: `setReadOnly( fn, 'seed', value )`, `setReadWriteAccessor( fn, 'state', get, set )`
    where the helper passes its first two parameters to `Object.defineProperty`): the string that names the
    member, as `fn.seed = value` would spell it. A call of any other function spells nothing."""
    calls = [(m.group(1), m.group(3)) for m in _HELPER_CALL.finditer(data)]
    if not calls:
        return set()
    required = {m.group(1): m.group(3) for m in _REQUIRED_AS.finditer(data)}
    out: set[bytes] = set()
    proven: dict[bytes, bool] = {}
    for callee, name in calls:
        if callee not in required:
            continue
        if callee not in proven:
            spec = required[callee].decode("utf-8", "replace")
            proven[callee] = module_definer(resolve_require(spec, path), limits) == (0, 1)
        if proven[callee]:
            out.add(name)
    return out


# `require("./x")`, `from "./x"`, `import("./x")`: a runtime file's relative imports (its package's own files)
_RELATIVE_IMPORT = re.compile(rb"""(?:\brequire\s*\(|\bfrom|\bimport\s*\(?)\s*['"](\.{1,2}/[^'"\n]+)['"]""")
MAX_DEPENDENCY_FILES = 400  # per package the engine depends on (sails's parley: 2 files, its machine: 14)


def _dependency_files(model: ObjectModel) -> list[Path]:
    """The runtime files of the packages an engine's JavaScript build declares in its package.json
    `dependencies`: their entries (`find_package_runtime`) and the package's own files those import, as they
    are installed beside it. The engine hands their objects to its users as its own (sails's
    `sails.helpers.x(...)` is a `machine` callable returning a `parley` deferred: `.intercept()`,
    `.tolerate()`; a client built on a protocol package returns that package's results), so what their files
    spell is the engine's vocabulary too: a name they spell is never a vocabulary finding, a member they spell
    is a did-you-mean. Runtime builds only (typings name their dependencies' types themselves); none of an
    engine the workspace imports (a module the model reads for itself)."""
    own = {spec.module for spec, _ in model.sources}
    limits = ReadLimits()
    out: list[Path] = []
    seen_packages: set[str] = set()
    for spec, src in model.sources:
        if src.kind != "js":
            continue
        pkg_dir = _package_root(Path(spec.path), spec.module)
        if pkg_dir is None:
            continue
        dependencies = (read_json(pkg_dir / "package.json") or {}).get("dependencies")
        if not isinstance(dependencies, dict):
            continue
        for dep in sorted(dependencies):
            if dep in own or dep in seen_packages or not isinstance(dep, str):
                continue
            seen_packages.add(dep)
            todo = list(find_package_runtime(dep, pkg_dir))
            if not todo:
                continue
            root = todo[0].parent
            while root.parent != root and not (root / "package.json").is_file():
                root = root.parent
            out.extend(_import_closure(todo, root, limits))
    return out


def _import_closure(todo: list[Path], root: Path, limits: ReadLimits) -> list[Path]:
    """The JavaScript files `todo` and those of the package at `root` they import by relative path, at most
    MAX_DEPENDENCY_FILES of them, in a stable order."""
    files: set[Path] = set()
    todo = list(todo)
    resolved_root = root.resolve()  # once, not per import followed (a realpath each: ~1 s on aws-cdk-lib)
    below_root = str(resolved_root).rstrip(os.sep) + os.sep  # `resolved_root in candidate.parents`, as a string
    folders: dict = {}  # read as `limits.read` reads, each folder resolved once (`read_bounded_in`)
    resolved_folders: dict[str, str] = {}  # `_resolved`'s folders
    roots = list(limits.roots) or None
    while todo and len(files) < MAX_DEPENDENCY_FILES:
        f = todo.pop()
        if f in files:
            continue
        files.add(f)
        try:
            data = read_bounded_in(f, limits.max_bytes, roots, folders)
        except OSError:
            continue
        for rel in _RELATIVE_IMPORT.findall(data):
            target = _resolved(f.parent / rel.decode("utf-8", "replace"), resolved_folders)
            for candidate in (target, target.with_name(target.name + ".js"), target / "index.js"):
                if candidate.is_file() and candidate.suffix in (".js", ".cjs", ".mjs") and \
                        str(candidate).startswith(below_root):
                    todo.append(candidate)
                    break
    return sorted(files)


def _resolved(path: Path, folders: dict[str, str]) -> Path:
    """`path.resolve()`, its folder resolved once for all the paths of `folders` that share it: a realpath is a
    system call per component of the path, and a package's files import the same few folders over and over
    (~4,000 imports followed in aws-cdk-lib's exports). The folder resolved, only the last component can be a
    link: one lstat, and a link is resolved as `resolve` resolves it (its loops raise as they did)."""
    folder, name = os.path.split(str(path))
    if not folder or name in ("", ".", ".."):
        return path.resolve()
    real = folders.get(folder)
    if real is None:
        real = folders[folder] = str(Path(folder).resolve())
    joined = os.path.join(real, name)
    return Path(joined).resolve() if os.path.islink(joined) else Path(joined)


def _subpath_files(model: ObjectModel) -> list[Path]:
    """The runtime files an engine package's package.json `exports` map makes importable besides its root entry
    (`"./els": "./lib/els.js"`, each file a pattern such as `"./lib/*": "./lib/*.js"` matches) and the package's
    own files they import by relative path, at most MAX_DEPENDENCY_FILES a package. Any of them is the package's
    public runtime: a user imports it by that subpath, or gets its objects from a function of it (a wrapper class
    of one file that another file's function returns, `new WebElement(...)`), whichever entry the model followed.
    So what they spell is the engine's vocabulary as much as its root entry's is."""
    limits = ReadLimits()
    out: list[Path] = []
    seen: set[Path] = set()
    for spec, src in model.sources:
        if src.kind not in ("dts", "js"):
            continue
        pkg = package_name(spec.module)
        pkg_dir = _package_root(Path(spec.path), pkg) if pkg else None
        if pkg_dir is None or pkg_dir in seen:
            continue
        seen.add(pkg_dir)
        exports = (read_json(pkg_dir / "package.json") or {}).get("exports")
        if exports is None:
            # no `exports` map: any subpath is importable; the ones the docs require are the public entries
            # (`require( '@stdlib/random/base/randu' )`: a folder of its own, by its package.json `main`)
            out.extend(_docs_subpath_files(model, pkg, pkg_dir, limits))
            continue
        if not isinstance(exports, dict):
            continue
        entries: list[Path] = []
        resolved_dir = pkg_dir.resolve()
        for key in exports:
            if not isinstance(key, str) or not key.startswith("./") or key.count("*") > 1:
                continue
            if "*" not in key:
                found = runtime_subpath(pkg_dir, key[2:], exports=exports, resolved_root=resolved_dir)
                entries += [found] if found is not None else []
                continue
            entries += _pattern_files(pkg_dir, key, exports[key], MAX_DEPENDENCY_FILES - len(entries))
        out.extend(_import_closure(entries, pkg_dir, limits))
    return out


MAX_DOCS_SUBPATH_FILES = 2000  # runtime files of the subpaths the docs require, per package


def _docs_subpath_files(model: ObjectModel, pkg: str, pkg_dir: Path, limits: ReadLimits) -> list[Path]:
    """The runtime files of a package without an `exports` map that its docs reach by a deep require
    (`docs_required_subpaths`): each subpath's file as Node loads it (a folder by its package.json `main`, then
    its index.js) and the package's files it imports by relative path, at most MAX_DOCS_SUBPATH_FILES in all."""
    out: list[Path] = []
    seen: set[Path] = set()
    for spec in sorted(docs_required_subpaths(model)):
        if package_name(spec) != pkg or len(out) >= MAX_DOCS_SUBPATH_FILES:
            continue
        entry = package_file(pkg_dir, spec[len(pkg) + 1:])
        if entry is None or entry in seen:
            continue
        for f in _import_closure([entry], pkg_dir, limits):
            if f not in seen and len(out) < MAX_DOCS_SUBPATH_FILES:
                seen.add(f)
                out.append(f)
    return out


def _pattern_files(pkg_dir: Path, key: str, value, most: int) -> list[Path]:
    """The runtime files an `exports` pattern (`"./lib/*": "./lib/*.js"`) matches: those under the folder of its
    target's `*` that end as its target does (nested folders too, as Node's `*` matches `/`), `most` at most,
    none in a nested node_modules."""
    written = runtime_target(value)
    if written is None or written.count("*") != 1 or most <= 0:
        return []
    prefix, _, suffix = written.partition("*")
    prefix = prefix.removeprefix("./")
    root = pkg_dir.resolve()
    folder = (root / prefix) if prefix.endswith("/") or not prefix else (root / prefix).parent
    if not folder.is_dir() or not (folder == root or root in folder.resolve().parents):
        return []
    out: list[Path] = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith("."))
        for name in sorted(files):
            f = Path(here) / name
            rel = f.relative_to(root).as_posix()
            if f.suffix in (".js", ".cjs", ".mjs") and rel.startswith(prefix) and rel.endswith(suffix) and \
                    len(rel) > len(prefix) + len(suffix):
                out.append(f)
                if len(out) >= most:
                    return out
    return out
    return []


def _package_root(path: Path, module: str) -> Path | None:
    """The folder of the package `module` a source file of it lies in (the nearest one up with its package.json)."""
    for folder in path.parents:
        manifest = folder / "package.json"
        if manifest.is_file() and (read_json(manifest) or {}).get("name") == module:
            return folder
        if folder.name == "node_modules":
            return None
    return None


def _near_miss(name: str, index: dict, export_meant: bool = False,
               called: bool = False) -> tuple[str, str, float] | None:
    """`_any_near_miss`, but a name written with a leading `$` (`prisma.$disconnect()`, `vm.$emit()`: the prefix
    a library reserves for its own members) is a near miss only of a `$` name: nobody adds a `$` by mistake, so
    the name is some library's reserved member, no variant of the engine's `DISCONNECT` (a `$` name misspelt,
    `r.$mesage` of `$message`, stays one)."""
    found = _any_near_miss(name, index, export_meant, called)
    if found is not None and name.startswith("$") and not found[0].startswith("$"):
        return None
    return found


def _any_near_miss(name: str, index: dict, export_meant: bool = False,
                   called: bool = False) -> tuple[str, str, float] | None:
    """The one engine member `name` is a near miss of, its owner and score: among the members the model knows
    first; among those only the engine's files spell when none of the model's is near (a fallback, so a spelled
    name never makes a modelled near miss ambiguous: `BulkWriteResult` exported beside the member
    `bulkWriteResult`). Whether to report; the did-you-mean itself is `_member_first`'s. `export_meant`: the
    code reads the name as a class or an export (`new x.getGateway()`, or on a receiver it reads only
    capitalised names of: `_namespace_like`), so `getGateway` is the class `Gateway` behind a getter's prefix,
    as written, before the member `gateway`."""
    for cands, pool, folded in ((index["cands"], index["modelled"], index["modelled_by_lower"]),
                                (index["cands_spelled"], index["spelled_members"], index["spelled_by_lower"])):
        ranked = _case_twins_as_written(name, sg.rank(name, cands, "", threshold=NEAR_MISS))
        # getTitle / setTitle for a `title` member, and the reverse; before a ranked near miss: `getCameras` is
        # the member `cameras` with a getter's prefix more plainly than the method `getCamera` made plural
        bare = _unprefixed(name)
        swapped = _predicate_swap(name, pool)
        if swapped is not None:  # `hasAwake` for the member `isAwake`, before the option `awake`
            return swapped, index["owners"][swapped], sg.score(name, swapped)
        written = _unprefixed_as_written(name) if export_meant else None
        if written is not None and written in pool:
            return written, index["owners"][written], sg.score(name, written)
        method = _called_method(name, bare, ranked, index) if called else None
        if method is not None:  # `info.getValues()` of the method `getValue`, not the property `values`
            return method, index["owners"][method], sg.score(name, method)
        if bare is not None and bare in pool:
            return bare, index["owners"][bare], sg.score(name, bare)
        cased = _case_variant(name, folded)
        if cased is not None:  # `getlinkedrecords`: the one member spelled so in another case, whatever else is
            # near (`setLinkedRecords`, `getLinkedRecord` rank close behind an exact match but are other names)
            return cased, index["owners"][cased], sg.score(name, cased)
        if ranked and sg.unambiguous(ranked):
            real = ranked[0][0]
            return real, index["owners"][real], ranked[0][1]
        if ranked:
            return None  # near several of the model's members: which one is meant is not clear
    return _platform_named_typo(name, index) or _inner_typo(name, index)


# the edits, case counted, between a name as written and the one of its case twins it is a slip of
# (`_case_twins_as_written`): one, a recased letter, a letter added, dropped or changed, or two letters swapped
TWIN_SLIP = 1


def _case_twins_as_written(name: str, ranked: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """`ranked` with each set of case twins (candidates of the same letters in other cases, which `sg.rank` scores
    alike: it folds case) cut to the one nearest `name` as written, case counted, when one is nearest:
    `reducerPaths` is the member `reducerPath` made plural, one letter from it, two from `ReducerPath` (a
    type-holder member of another type); `Verb` is the member `verb` recased (one letter), not the constant `VERB`
    (three); `Rutnime` the class `Runtime` with two letters swapped (one edit), not the member `runtime` (two).
    Twins equally near stay, and so do twins none of which is one slip (`TWIN_SLIP`) from the name as written
    (`LAYER` is four edits from `Layer`, five from `layer`: which one is meant is not clear); an ambiguity
    between other names stays one."""
    if len(ranked) < 2:
        return ranked
    twins: dict[str, list[str]] = {}
    for cand, _ in ranked:
        twins.setdefault(cand.lower(), []).append(cand)
    dropped: set[str] = set()
    for group in twins.values():
        if len(group) < 2:
            continue
        near = sorted((sg.distance(name, cand), cand) for cand in group)
        if near[0][0] <= TWIN_SLIP and near[0][0] < near[1][0]:
            dropped.update(cand for _, cand in near[1:])
    return [r for r in ranked if r[0] not in dropped] if dropped else ranked


def _inner_typo(name: str, index: dict) -> tuple[str, str, float] | None:
    """`socre` of `score`, `heiht` of `height`: one slip inside a name too short for NEAR_MISS (one edit of a name
    of 6 letters scores 0.83), when nothing is nearer (`_any_near_miss` found nothing): of one member the engine's
    types have or its files spell, or one of its platform-named members of at least PLATFORM_TYPO_MIN letters, and
    of no other name in reach, the platform's or one the engine's files spell (`sg.typo_of`)."""
    real = sg.typo_of(name, index["cands_typo"], (builtin_members(), index["names"]))
    if real is None:
        return None
    return real, index["owners"].get(real) or index["member_owners"][real], sg.score(name, real)


def _called_method(name: str, bare: str | None, ranked, index: dict) -> str | None:
    """Where a called name is a get/set-prefixed variant (`getValues()`) both of a property without its prefix
    (`values`) and of a method (`getValue`, the plain near miss): the method. Calling a property that holds
    no function is a TypeError, so the call says a method was meant; read without a call (`this.getCameras.main`)
    the property stays the pick. None when the bare name is no member or is callable somewhere, or the near miss
    is not plain or not callable."""
    # (the property itself ranks close behind: `cameras` for `getCameras`; the method must be plain among the rest)
    others = [r for r in ranked if r[0] != bare]
    if bare is None or bare not in index["owners"] or bare in index["callable"] or not others or \
            not sg.unambiguous(others):
        return None
    top = others[0][0]
    return top if top in index["callable"] and top != bare and top[:3] == name[:3] else None


def _case_variant(name: str, folded: dict[str, tuple[str, ...]]) -> str | None:
    """The one name of a pool (`folded`: its names by their lower case) that `name` is in another case
    (`getlinkedrecords` of `getLinkedRecords`); None when none is, or several are (`Layer` and `layer`: which
    one is meant is not plain)."""
    found = [n for n in folded.get(name.lower(), ()) if n != name]
    return found[0] if len(found) == 1 else None


def _by_lower_case(names) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for n in sorted(names):
        out.setdefault(n.lower(), []).append(n)
    return {k: tuple(v) for k, v in out.items()}


_PREDICATE_PREFIXES = ("is", "has", "can", "should")


def _predicate_swap(name: str, pool) -> str | None:
    """The one member of `pool` that `name` is with another predicate's prefix (`hasAwake`, `canAwake` of
    `isAwake`; `isChildren` of `hasChildren`): a question asked with the wrong verb, the member meant."""
    for prefix in _PREDICATE_PREFIXES:
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            rest = name[len(prefix):]
            found = [p + rest for p in _PREDICATE_PREFIXES if p != prefix and p + rest in pool]
            return found[0] if len(found) == 1 else None
    return None


PLATFORM_TYPO_MIN = 6  # letters of a platform-named engine member whose misspellings `_platform_named_typo` reports


def _platform_named_typo(name: str, index: dict) -> tuple[str, str, float] | None:
    """`reply.raw.statuCode`, `shape.getClintRect()`: a misspelling (one or two letters wrong, missing, extra or
    swapped) of a member an engine type has that JavaScript, the DOM or Node also give objects, when no other
    member is near. No type in reach has the name (the caller checked), so it is a mistake whichever object the
    receiver is: the engine's or the platform's. Only a plain typo of a name of at least PLATFORM_TYPO_MIN
    letters: a change of case (`Body` for `body`, an AWS-style field), of number (`paths` for `path`), a
    get/set prefix (`store.getState()` for `state`) or a synonym of a platform word is as likely another
    library's real name, and stays silent."""
    ranked = sg.rank(name, index["cands_platform_named"], "", threshold=NEAR_MISS)
    if not ranked or not sg.unambiguous(ranked):
        return None
    real = ranked[0][0]
    if name.lower() == real.lower() or sg.tokens(name) == sg.tokens(real) or sg.distance(name.lower(), real.lower()) > 2:
        return None
    return real, index["member_owners"][real], ranked[0][1]


MEMBER_TIE = 0.03  # a member scoring this much below an export's near miss is still the one meant


def _member_first(name: str, index: dict, found: tuple[str, str, float], model: ObjectModel,
                  receiver=None, constructed: bool = False, capitalised: bool = False,
                  called: bool = False) -> tuple[str, str, tuple | None]:
    """The did-you-mean of a vocabulary finding `_near_miss` decided on: a member access means a member. So the
    receiver's own members first, inherited ones included, when its (open) type is known
    (`Analysis.open_engine_receivers`); then, on a lower-case name, the names the engine's types have as
    members (platform-named ones too: `client.getRequest()` means undici's `Dispatcher.request`, not its
    exported class `Request`), then those its files spell after a `.`; a module's export or class (`_near_miss`'s
    own pick) only when no member is about as near. Where an export or a class is plausible as the member, on a
    receiver written as the engine's class or namespace (`Immutable.getMap()` means the export `Map`), a member
    must be clearly nearer; a platform class's statics are members (`AbortSignal.timout` -> `timeout`). A name
    `new` constructs (`new Konva.getRect()`: a class is meant) keeps `_near_miss`'s pick. With the declaration
    the hover shows: `(Member, owner's name)`, or None for a name only the engine's files spell. (`constructed`:
    also a name read on a receiver of capitalised names only, `_near_miss`'s `export_meant`.)"""
    real, owner, best = found
    if constructed or _accessor_of(name, real) or _predicate_swap(name, (real,)) == real or \
            (called and real in index["callable"] and real[:3] == name[:3] and
             _called_method(name, _unprefixed(name), [(real, best)], index) == real):
        # (and `getValues()` of the method `getValue`: `_near_miss` picked it over the property `values`)
        # (`getCameras` of the member `cameras`, `hasAwake` of `isAwake`: `_near_miss`'s pick)
        return real, owner, index["declared"].get(real) if owner != ENGINE_FILES else None
    if receiver is not None:
        table = receiver_members(model, receiver)
        names = tuple(sorted(n for n, (m, _) in table.items() if not m.private and m.status != "removed"
                             and n[:1] != "_" and m.kind != "constructor"))
        ranked = sg.rank(name, names, "", threshold=NEAR_MISS) if names else []
        if ranked:
            top = ranked[0][0]
            member, declaring = table[top]
            shown = shown_owner(model, declaring) if isinstance(declaring, tuple) else owner
            return top, shown, (member, shown)
    plain = _plain_member_form(name, real, index)
    if plain is not None:
        owner = index["member_owners"].get(plain)
        return (plain, owner, index["member_declared"].get((plain, owner))) if owner else (plain, ENGINE_FILES, None)
    if name[:1].islower():  # (`_near_miss`'s pick is among them when it is a member: ties go to the name's case)
        for cands, owners in ((index["cands_members"], index["member_owners"]), (index["cands_spelled_members"], None)):
            tie = MEMBER_TIE if capitalised else -MEMBER_TIE  # a member clearly nearer; or about as near
            ranked = sg.rank(name, cands, "", threshold=max(NEAR_MISS, best + tie))
            if ranked:
                top = ranked[0][0]
                if owners is None:
                    return top, ENGINE_FILES, None
                return top, owners[top], index["member_declared"].get((top, owners[top]))
    return real, owner, index["declared"].get(real) if owner != ENGINE_FILES else None


def _plain_member_form(name: str, real: str, index: dict) -> str | None:
    """The member `name` is written in another case (`Timeout` of `timeout`) or behind a get/set prefix
    (`getStream` of `stream`; not `is`/`has`: `isTypes` is `isType` made plural more plainly than `types`),
    when the engine's types have it or its files spell it after a `.`, platform-named
    ones too (`_near_miss` leaves those out of its pools, and picked something further: `timeouts`, the class
    `Stream`); None when there is no such member, when `_near_miss`'s pick is the name with the other
    accessor prefix (`getWith` beside `setWith`: which one is meant is not plain), or when its pick is a
    member of a type the model knows that has the bare name in another case (`getMask` of phaser's `Mask`)."""
    bare = _unprefixed(name) if name.startswith(("get", "set")) else None
    if real.lower() == name.lower() or bare is not None and _unprefixed(real) == bare:
        return None
    if bare is not None and real.lower() == bare.lower() and real in index["member_owners"]:
        return None  # (`_near_miss` picked a member of that name itself, in its own case: `getMask` of `Mask`)
    if bare is not None and bare in index["spelled_members_any"]:
        return bare if bare != real else None
    folded = [m for m in index["spelled_member_forms"].get(name.lower(), ()) if m != name]
    if len(folded) != 1 or folded[0] == real:
        return None
    if name[:1].islower() and folded[0][:1].isupper() and real in index["member_owners"]:
        # a lower-case name on a value means a member: a capitalised name the files spell only after a `.` (a
        # namespace's class or type: `bcs.CommandResult`) does not displace a member of the engine's types that
        # `_near_miss` found (`result.commandResult` of `commandResults`)
        return None
    return folded[0]


def receiver_types_at(doc: ParsedDocument, offset: int, workspace) -> list[str] | None:
    """The types the member named at `offset` is looked up on, named as docs qualify it (`Table` of
    `table.addRow()`, never a `$` name): the receiver's type as the code reaches it, then the type declaring the
    member when it inherits it. [] when the receiver's type lacks the name (an unknown symbol: no doc is about
    it); None when the receiver's type is not known (the model not built yet, an untyped receiver, a union, a
    module namespace). The docs hover qualifies its match by them; a request never builds the model."""
    svc = workspace.peek_service(ObjectModelService)
    if svc is None or not svc.model.modules or doc.tree is None or doc.language not in SOURCE_LANGUAGES:
        return None
    a = analysis_for(doc, svc.model).access_at(offset)
    if a is None or a.recv.kind not in (ValKind.INSTANCE, ValKind.CLASS) or not isinstance(a.recv.tid, tuple):
        return None
    if a.missing:
        return None if added_elsewhere(a, analysis_for(doc, svc.model), svc, doc) else []
    names = [shown_owner(svc.model, a.recv.tid, a.written)]
    if isinstance(a.owner, tuple):
        names.append(shown_owner(svc.model, a.owner))
    return list(dict.fromkeys(names))


@hover_provider
def engine_member_hover(doc: ParsedDocument, offset: int, ctx: RequestContext) -> HoverInfo | None:
    """The verified signature of an engine member, or the did-you-mean of an unknown one."""
    if doc.language not in SOURCE_LANGUAGES or doc.tree is None:
        return None
    svc = ctx.workspace.service(ObjectModelService)
    if not svc.model.modules:
        return None
    analysis = analysis_for(doc, svc.model)
    a = analysis.access_at(offset)
    if a is None:
        return _vocabulary_hover(doc, offset, analysis, svc, ctx) or _import_hover(doc, offset, svc.model, ctx)
    model = svc.model
    if a.missing:
        f = None if added_elsewhere(a, analysis, svc, doc) or guess_handed_away(a, doc, model) else \
            finding_for(a, model)
        if f is None:
            return None
        # The diagnostic already says what is wrong (editors show it in this hover): show what is right instead,
        # the did-you-mean member's signature and where it is declared.
        # The suggestion is looked up on the receiver as the check looked the name up (a class value's static
        # side, an instance's members, a namespace's exports): never another side's namesake.
        suggestions = (f.data or {}).get("suggestions") or []
        found = receiver_member(model, a.recv, suggestions[0]) if suggestions else None
        shown = _signature_of(model, found, a) if found is not None else None
        if shown is None:
            return None  # nothing to add to the diagnostic: repeating its words would show them twice
        sig, path, line = shown
        loc = _location(ctx, path, line)
        return HoverInfo(f"Did you mean `{suggestions[0]}`?\n\n```ts\n{sig}\n```"
                         + (f"\n\ndeclared at {loc}" if loc else ""), a.start, a.end)
    if a.member is not None:
        owner = shown_owner(model, a.owner, a.written) if isinstance(a.owner, tuple) else a.container
        sig = a.member.signature(owner if a.recv.kind != ValKind.NAMESPACE else "")
        loc = _location(ctx, a.member.path, a.member.line)
        how = "inferred from usage" if a.recv.evidence is not None else "verified in object model"
        conf = f", confidence {a.member.confidence:.1f}" if a.member.confidence < HIGH else ""
        lines = [f"```ts\n{sig}\n```", f"{how}{conf}" + (f" — {loc}" if loc else "")]
        if a.member.status:
            said = "Removed" if a.member.status == "removed" else "Deprecated"
            where = _location(ctx, a.member.status_path, a.member.status_line)
            lines.insert(0, f"**{said}**" + (f": use `{a.member.replacement}` instead" if a.member.replacement else "")
                         + (f" — {where}" if where else "")
                         + (f"\n\n> {a.member.status_note}" if a.member.status_note else ""))
        if a.recv.evidence is not None:
            lines.append(a.recv.evidence.text(shown_owner(model, a.recv.evidence.tid)))
        disagreement = sources_disagree(model, a.owner, a.member, loc)
        if disagreement:
            lines.append(disagreement)
        # the doc chunk itself is another provider's part of the hover (the server joins them)
        return HoverInfo("\n\n".join(lines), a.start, a.end)
    if a.owner is not None:  # a type exported from a module namespace
        t = model.type(a.owner)
        if t is not None:
            loc = _location(ctx, t.path, t.line)
            return HoverInfo(f"```ts\n{t.signature()}\n```\n\nverified in object model" + (f" — {loc}" if loc else ""),
                             a.start, a.end)
    return None


def _vocabulary_hover(doc: ParsedDocument, offset: int, analysis: Analysis, svc: ObjectModelService,
                      ctx: RequestContext) -> HoverInfo | None:
    """On a name the vocabulary check flags (an untyped receiver: `pdf.addPaeg()` on a parameter), the suggested
    member's signature and where it is declared; nothing on any other name. Never the diagnostic's own words:
    editors show the diagnostic beside the hover (VS Code in the same hover, Neovim in its float), so repeating
    its message showed the text twice. The check's own pass decides (`vocabulary_sites`), so hover and
    diagnostic never disagree."""
    node = doc.tree.root_node.descendant_for_byte_range(offset, offset)
    if node is None or node.type != "property_identifier" or node.parent is None \
            or node.parent.type != "member_expression":
        return None  # only a member's name can be a vocabulary finding: spare the pass on every other hover
    site = next(((f, decl) for f, decl in vocabulary_sites(doc, analysis, svc)
                 if f.start <= offset < f.end or (offset == f.end and f.start < f.end)), None)
    if site is None:
        return None
    f, decl = site
    if decl is None:  # only the engine's files spell the suggestion: no declaration to add to the diagnostic
        return None
    member, owner = decl
    sig = member.signature(owner)
    loc = _location(ctx, member.path, member.line)
    return HoverInfo(f"Did you mean `{f.data['suggestions'][0]}`?\n\n```ts\n{sig}\n```"
                     + (f"\n\ndeclared at {loc}" if loc else ""), f.start, f.end)


def _import_hover(doc: ParsedDocument, offset: int, model: ObjectModel, ctx: RequestContext) -> HoverInfo | None:
    """On a name an import statement takes from a module (`import { within } from 'pkg/sub'`) that only the
    engine's runtime exports, where its typings declare that module too (a `declare module 'pkg/sub'` block that
    lags the file the `exports` map gives `./sub`): the sources disagree, and the union decides it exists."""
    node = doc.tree.root_node.descendant_for_byte_range(offset, offset)
    spec_node = node.parent if node is not None and node.type == "identifier" else None
    if spec_node is None or spec_node.type != "import_specifier" or \
            spec_node.child_by_field_name("name") is None or spec_node.child_by_field_name("name").id != node.id:
        return None
    statement = spec_node
    while statement is not None and statement.type != "import_statement":
        statement = statement.parent
    source = statement.child_by_field_name("source") if statement is not None else None
    if source is None:
        return None
    module, name = doc.node_text(source).strip("\"'`"), doc.node_text(node)
    mod = model.modules.get(module)
    value = mod.values.get(mod.exports.get(name, "")) if mod is not None else None
    if value is None or source_kind(value.path) != "runtime":
        return None
    typings = [src.modules[module] for _, src in model.sources if src.kind == "dts" and module in src.modules]
    if not typings or any(name in m.exports for m in typings):
        return None
    loc = _location(ctx, value.path, value.line)
    return HoverInfo(f"```ts\n{value.signature('')}\n```\n\nSources disagree: `{name}` is in the engine's runtime "
                     f"({loc}) but not in its typings (`declare module '{module}'`); it exists, so it is not "
                     f"reported.", node.start_byte, node.end_byte)


def _signature_of(model: ObjectModel, found: tuple, a: Access) -> tuple[str, str, int] | None:
    """A `receiver_member` answer's signature and where it is declared, as the hover of a known name shows it:
    a member qualified by its declaring type's exported name (a namespace's value unqualified), a type its own."""
    member, owner = found
    if member is not None:
        qualified = shown_owner(model, owner) if isinstance(owner, tuple) and a.recv.kind != ValKind.NAMESPACE else ""
        return member.signature(qualified), member.path, member.line
    t = model.type(owner) if owner is not None else None
    return (t.signature(), t.path, t.line) if t is not None else None


def source_kind(path: str) -> str:
    """Which kind of source a declaration comes from, by its file: typings, runtime build or docs."""
    low = path.lower()
    if low.endswith((".d.ts", ".d.mts", ".d.cts", ".ts")):
        return "typings"
    if low.endswith((".js", ".mjs", ".cjs")):
        return "runtime"
    return "docs" if low else ""


def disagreeing_sources(model: ObjectModel, owner, member) -> tuple[str, str] | None:
    """(the kind of source the member is in, the kind its type is declared in) when they differ (a member only
    the docs use on a type its typings declare: ("docs", "typings")), else None."""
    t = model.type(owner) if isinstance(owner, tuple) else None
    if t is None or member is None or not member.path or not t.path:
        return None
    declared, found = source_kind(t.path), source_kind(member.path)
    if declared == found or not declared or not found:
        return None
    return found, declared


def sources_disagree(model: ObjectModel, owner, member, where: str) -> str:
    """When the sources of the engine disagree on a member (the union decides it exists): say so."""
    kinds = disagreeing_sources(model, owner, member)
    if kinds is None:
        return ""
    found, declared = kinds
    return (f"Sources disagree: `{member.name}` is in the engine's {found} ({where}) but not in its {declared}; "
            f"it exists, so it is not reported.")


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
