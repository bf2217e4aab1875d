"""The vocabulary check on jQuery objects, in a workspace whose engine is a jQuery plugin.

Foundation, Bootstrap 3/4, Select2, DataTables, Slick, jQuery UI and countless in-house engines add their API
to jQuery's objects (`$.fn.foundation = foundation`) and their docs reach it through the jQuery global:

    $('#reveal').foundation('open');
    var $modal = $('#modal');
    $modal.html(resp).foundation('open');

jQuery ships no typings and the engine's (`interface JQuery { foundation(...): JQuery; }`) augment a JQuery
nobody else declares, so nothing types `$('#reveal')`. This module owns:

- which expressions are jQuery objects (`jquery_receivers`): a call of the jQuery function (`$`/`jQuery` where
  the file does not declare them, a name it imports from 'jquery', the first parameter of a function jQuery is
  handed to: `(function ($) {...})(jQuery)`, `jQuery(function ($) {...})`), a chain of jQuery methods on one (a call of
  one of its members that returns the object again: not a reader such as `.attr('href')`, `.html()`), and a
  variable the file binds once to one and never assigns again (`var $modal = $('#modal')`); and the request
  objects of `$.ajax(...)`, `$.get(...)`, ... (jqXHR, a Deferred: `.done(...)`, `.fail(...)`), chained through
  their callbacks' registration;
- what such an object has (`jquery_vocabulary`): the members of the `interface JQuery` declarations the
  engine's typings hold, the plugins its runtime assigns (`$.fn.X = ...`, `jQuery.fn.X = ...`), and jQuery's
  own members read from the installed jquery package's runtime (`jQuery.fn = jQuery.prototype = {...}`,
  `jQuery.fn.extend({...})`, `jQuery.fn.X = ...`, and the names its loops assign: `jQuery.each("blur focus
  ...".split(" "), function(_i, name) { jQuery.fn[name] = ... })`). The runtime does not close the type
  (`"inner" + name`), so every name jquery's files (and @types/jquery's, when installed) spell outside comments
  counts as a member: never reported. A Deferred's members are the keys and names its `Deferred` and `ajax`
  functions spell.

`unknown_symbol`'s vocabulary check reports a name on such a receiver that no type in reach has and that is
a near miss of one of those members. Nothing without an installed jquery package (its own names could not be
told from invented ones), nothing when the engine is no jQuery plugin, nothing on a `$` the file declares
itself (Prototype.js-style code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Finding, Severity
from lsp_server.knowledge import suggest as sg
from lsp_server.languages import TYPESCRIPT_LANGUAGES
from lsp_server.knowledge.model_sources.base import ReadLimits
from lsp_server.knowledge.object_model import OBJECT_MEMBERS, _package_dir, find_package_runtime, package_name
from lsp_server.storage import read_bounded_each, read_json
from lsp_server.syntax.modules import module_info_of
from lsp_server.syntax.scopes import scopes_of

JQUERY = "jquery"
JQUERY_GLOBALS = ("$", "jQuery")  # the globals the jquery script sets (`window.jQuery = window.$ = jQuery`)
JQUERY_OWNER = "jQuery.fn"  # the owner shown for jQuery's own members
PLUGIN_OWNER = "$.fn"  # for a plugin the engine's runtime assigns and its typings do not declare
DEFERRED_OWNER = "jqXHR"  # for a request object's members
# jQuery's statics that return a request object (jqXHR, a Deferred or its promise)
REQUEST_STATICS = frozenset({"ajax", "get", "post", "getJSON", "getScript", "Deferred", "when"})
# a request object's methods that return it again (registering callbacks) or a promise of it
DEFERRED_CHAIN = frozenset({"done", "fail", "always", "progress", "then", "catch", "pipe"})
# jQuery's methods whose result is a value, not the jQuery object: always when called with a key argument (or
# with nothing: `.get()`), and those of `READ_WITHOUT_ARGUMENTS` when called with no argument (`.html()` reads,
# `.html(x)` writes and returns the object)
READ_WITH_KEY = frozenset({"attr", "prop", "data", "css", "is", "hasClass", "index", "get", "queue", "promise",
                           "toArray", "serialize", "serializeArray", "triggerHandler", "size"})
READ_WITHOUT_ARGUMENTS = frozenset({"html", "text", "val", "width", "height", "innerWidth", "innerHeight",
                                    "outerWidth", "outerHeight", "offset", "position", "scrollTop", "scrollLeft"})
MAX_RUNTIME_BYTES = 2_000_000  # per jquery file read

_IDENTIFIER = re.compile(rb"[A-Za-z_$][\w$]*")
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_WORD = re.compile(r"^[A-Za-z_$][\w$]*$")
# `$.fn.foundation = foundation`, `jQuery.fn.addTouch = function () {...}`, `$.fn['select2'] = ...`
_FN_ASSIGNED = re.compile(rb"""(?<![\w$.])(?:\$|jQuery)\.fn(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([A-Za-z_$][\w$]*)['"]\s*\])\s*=(?!=)""")


@dataclass(frozen=True)
class JQueryVocabulary:
    members: dict  # a jQuery object's members to suggest: name -> owner shown
    declared: dict  # name -> (Member, owner) for the typings' members (the hover's signature)
    deferred: dict  # a request object's members: name -> owner shown
    names: frozenset  # every name jQuery's files spell (outside comments): never reported
    typed: bool  # @types/jquery is installed: TypeScript types a jQuery object itself
    returns_object: frozenset  # the typings' plugin methods declared to return the JQuery object


def jquery_vocabulary(model) -> JQueryVocabulary | None:
    """What a jQuery object has in this workspace (see the module's doc); None when the engine is no jQuery
    plugin (no `interface JQuery` in its typings, no `$.fn.X =` in its runtime) or no jquery package is
    installed beside it. Built once per model."""
    return model.derived("jquery_receivers.vocabulary", lambda: _vocabulary(model))


def _vocabulary(model) -> JQueryVocabulary | None:
    members: dict[str, str] = {}
    declared: dict[str, tuple] = {}
    returns_object: set[str] = set()
    plugin = False  # the engine augments jQuery's objects (its typings' `interface JQuery`, its runtime's `$.fn.X`)
    for key, mod in model.modules.items():
        t = mod.types.get("JQuery")
        if t is None:
            continue
        plugin = plugin or package_name(key) != JQUERY  # (@types/jquery's own, read as the module 'jquery')
        for m in t.members:
            if not m.private and m.kind != "constructor" and m.name[:1] != "_" and m.status != "removed":
                members.setdefault(m.name, "JQuery")
                declared.setdefault(m.name, (m, "JQuery"))
                if re.fullmatch(r"JQuery(?:<.*>)?", (m.type or "").strip()):
                    returns_object.add(m.name)
    limits = ReadLimits()
    engine_files = [Path(p) for spec, src in model.sources if src.kind == "js" and spec.module != JQUERY
                    for p in src.files]  # (jquery itself, read when the workspace imports it, is read below)
    # (read as `limits.read` reads each, each folder resolved once: a large engine has thousands of runtime files)
    for _, data in read_bounded_each(engine_files, lambda _: limits.max_bytes, list(limits.roots) or None):
        if isinstance(data, OSError):
            continue
        # every match spells `.fn` (`$.fn.X =`, `jQuery.fn['X'] =`): a file without it has none. The pattern
        # has no literal prefix to scan for, so it is tried at every byte: ~1.3 ms a file, 3 s over a large
        # engine's 2,500 runtime files; the substring test is a memchr
        if b".fn" not in data:
            continue
        for a, b in _FN_ASSIGNED.findall(data):
            name = (a or b).decode("ascii", "replace")
            if name[:1] != "_":
                members.setdefault(name, PLUGIN_OWNER)
                plugin = True
    if not plugin:
        return None  # the engine adds nothing to jQuery's objects
    starts = [Path(folder) for folder in getattr(model, "package_dirs", {}).values()] + \
        [Path(spec.path).parent for spec, _ in model.sources]
    runtime = _jquery_files(starts)
    if not runtime:
        return None
    own: dict[str, str] = {}
    deferred: dict[str, str] = {}
    names: set[str] = set()
    for path in runtime:
        try:
            stat = path.stat()
        except OSError:
            continue
        fn, request, spelled = _runtime_file(str(path), stat.st_mtime_ns, stat.st_size)
        for n in fn:
            own.setdefault(n, JQUERY_OWNER)
        for n in request:
            deferred.setdefault(n, DEFERRED_OWNER)
        names |= spelled
    if not own:
        return None  # not the jQuery runtime we know how to read
    typed = False
    for start in starts:
        types_dir = _package_dir("@types/jquery", start)
        if types_dir is not None:
            typed = True
            for f in sorted(types_dir.glob("*.d.ts"))[:20]:
                try:
                    names.update(w.decode("ascii", "replace") for w in _IDENTIFIER.findall(limits.read(f)))
                except OSError:
                    continue
            break
    for n, owner in own.items():
        members.setdefault(n, owner)
    names |= set(members) | set(deferred)
    return JQueryVocabulary(members, declared, deferred, frozenset(names), typed, frozenset(returns_object))


def _jquery_files(starts: list[Path]) -> list[Path]:
    """The installed jquery package's runtime: its `main` build (the whole library in one script), else the
    entries `find_package_runtime` finds; the first installation found from `starts`."""
    for start in starts:
        pkg = _package_dir(JQUERY, start)
        if pkg is None:
            continue
        manifest = read_json(pkg / "package.json") or {}
        main = manifest.get("main")
        if isinstance(main, str):
            target = (pkg / main).resolve()
            for candidate in (target, target.with_name(target.name + ".js")):
                if candidate.is_file() and pkg.resolve() in candidate.parents:
                    return [candidate]
        return find_package_runtime(JQUERY, start)
    return []


@lru_cache(maxsize=4)
def _runtime_file(path: str, mtime: int, size: int) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """`runtime_members` of one jquery file, kept while it is unchanged (one parse for every model of the
    process: ~0.1 s for jquery.js)."""
    try:
        with open(path, "rb") as f:
            text = f.read(MAX_RUNTIME_BYTES).decode("utf-8", "replace")
    except OSError:
        return frozenset(), frozenset(), frozenset()
    return tuple(frozenset(x) for x in runtime_members(text))  # type: ignore[return-value]


def runtime_members(text: str) -> tuple[set[str], set[str], set[str]]:
    """From a jQuery runtime's source: the members it gives jQuery's objects (`jQuery.fn = jQuery.prototype =
    {...}`'s keys, `jQuery.fn.extend({...})`'s, `jQuery.fn.X = ...`, and the names its `jQuery.each(list, fn)`
    loops assign as `jQuery.fn[name]`: a `"a b c".split(" ")` string's words, an array's strings, an object's
    keys or, for the loop's second parameter, its string values: jQuery.each passes an array's index and item, an
    object's key and value); a request object's members (the keys and the
    identifier-like strings of the functions bound to `Deferred` and `ajax`); and every name it spells outside
    comments (identifiers, and the words of its strings)."""
    doc = ParsedDocument.create(path_to_uri(Path("/jquery-runtime.js")), text, language="javascript")
    src = doc.source
    fn: set[str] = set()
    request: set[str] = set()
    comments: list[tuple[int, int]] = []

    def t(node) -> str:
        return src[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def is_fn(node) -> bool:  # `jQuery.fn`, `$.fn`, `jQuery.prototype`
        return node is not None and node.type == "member_expression" and t(node) in (
            "jQuery.fn", "$.fn", "jQuery.prototype")

    def keys(obj) -> list[str]:
        out = []
        for child in obj.named_children:
            key = child.child_by_field_name("key") if child.type == "pair" else \
                child.child_by_field_name("name") if child.type == "method_definition" else \
                child if child.type == "shorthand_property_identifier" else None
            if key is not None:
                k = t(key).strip("'\"")
                if _WORD.match(k):
                    out.append(k)
        return out

    def strings(node) -> list[str]:
        out = []
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type == "string":
                out.extend(_NAME.findall(t(n)))
            else:
                stack.extend(n.named_children)
        return out

    def each_names(listed, param: int) -> list[str]:
        while listed.type == "parenthesized_expression" and listed.named_children:
            listed = listed.named_children[0]
        if listed.type == "call_expression":  # `"a b".split(" ")`, `("a " + "b").split(" ")`
            f = listed.child_by_field_name("function")
            if f is not None and f.type == "member_expression" and t(f.child_by_field_name("property")) == "split":
                return strings(f.child_by_field_name("object"))
            return []
        if listed.type == "array":  # (the callback's first parameter is the index, its second the item)
            return [w for c in listed.named_children if c.type == "string" for w in _NAME.findall(t(c))]
        if listed.type == "object":
            if param == 0:
                return keys(listed)
            return [w for c in listed.named_children if c.type == "pair"
                    for v in [c.child_by_field_name("value")] if v is not None and v.type == "string"
                    for w in _NAME.findall(t(v))]
        return []

    def assigned_fn_subscripts(body) -> set[str]:  # `jQuery.fn[ name ] = ...` in a loop's callback: `name`
        out = set()
        stack = [body]
        while stack:
            n = stack.pop()
            if n.type == "assignment_expression":
                left = n.child_by_field_name("left")
                if left is not None and left.type == "subscript_expression" and is_fn(left.child_by_field_name("object")):
                    index = left.child_by_field_name("index")
                    if index is not None and index.type == "identifier":
                        out.add(t(index))
            stack.extend(n.named_children)
        return out

    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "comment":
            comments.append((node.start_byte, node.end_byte))
            continue
        if kind == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and left.type == "member_expression" and is_fn(left.child_by_field_name("object")):
                fn.add(t(left.child_by_field_name("property")))
            if is_fn(left):  # `jQuery.fn = jQuery.prototype = {...}`
                while right is not None and right.type == "assignment_expression":
                    right = right.child_by_field_name("right")
                if right is not None and right.type == "object":
                    fn.update(keys(right))
        elif kind == "call_expression":
            f, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            if f is not None and f.type == "member_expression" and args is not None:
                prop = t(f.child_by_field_name("property"))
                listed = [a for a in args.named_children if a.type != "comment"]
                if prop == "extend" and is_fn(f.child_by_field_name("object")) and listed and listed[0].type == "object":
                    fn.update(keys(listed[0]))
                elif prop == "each" and len(listed) == 2 and listed[1].type in ("function_expression", "arrow_function",
                                                                                 "function"):
                    params = listed[1].child_by_field_name("parameters")
                    names = [t(p) for p in params.named_children] if params is not None else []
                    for assigned in assigned_fn_subscripts(listed[1]):
                        if assigned in names[:2]:
                            fn.update(each_names(listed[0], names.index(assigned)))
        elif kind == "pair":
            key, value = node.child_by_field_name("key"), node.child_by_field_name("value")
            if key is not None and t(key) in ("Deferred", "ajax") and value is not None and \
                    value.type in ("function_expression", "function", "arrow_function"):
                inner = [value]
                while inner:
                    n = inner.pop()
                    if n.type == "object":
                        request.update(keys(n))
                    elif n.type == "string":
                        request.update(w for w in _NAME.findall(t(n)) if _WORD.match(t(n).strip("'\"")))
                    inner.extend(n.named_children)
        stack.extend(node.named_children)
    fn = {n for n in fn if n[:1] != "_" and _WORD.match(n) and n not in OBJECT_MEMBERS}
    request = {n for n in request if len(n) >= 4 and n[:1] != "_" and n[:1].islower()}
    kept = bytearray(src)
    for start, end in comments:
        kept[start:end] = b" " * (end - start)
    spelled = {w.decode("ascii", "replace") for w in _IDENTIFIER.findall(bytes(kept))}
    return fn, request, spelled


# --- which expressions are jQuery objects -----------------------------------------------------------------------
OBJECT, REQUEST = "jquery", "request"


def jquery_receivers(doc: ParsedDocument, vocab: JQueryVocabulary) -> dict[int, tuple[str, object, object]]:
    """Each member access of the file whose receiver is a jQuery object or a request object: the property's
    start byte -> (OBJECT or REQUEST, the property node, the receiver node)."""
    if doc.tree is None:
        return {}
    src = doc.source
    if not any(g.encode() in src for g in JQUERY_GLOBALS) and b"jquery" not in src:
        return {}
    scopes = scopes_of(doc)
    imported = frozenset(local for record in module_info_of(doc).imports
                         if package_name(record.specifier) == JQUERY for local in record.locals())
    is_jquery_cache: dict[int, bool] = {}

    def t(node) -> str:
        return src[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def is_jquery(node, depth: int = 0) -> bool:
        """`node` (an identifier, or `window.jQuery`) is the jQuery function: an undeclared `$`/`jQuery` (the
        globals the jquery script sets), a name bound by an import or require of 'jquery', or the first
        parameter of a function jQuery is handed to: `(function ($) {...})(jQuery)`, `jQuery(function ($)
        {...})`, `jQuery(document).ready(function ($) {...})`. Not a `$` the file declares otherwise."""
        if node.type == "member_expression":
            return t(node) in ("window.jQuery", "window.$")
        if node.type != "identifier" or depth > 4:
            return False
        if node.id in is_jquery_cache:
            return is_jquery_cache[node.id]
        name = t(node)
        binding = scopes.resolve_name(name, node)
        if binding is None:
            found = name in JQUERY_GLOBALS
        elif len(binding.declarations) != 1:
            found = False
        else:
            decl = binding.declaration
            if name in imported and decl.kind in ("import", "var", "let", "const"):
                found = True
            elif decl.kind == "param":
                found = _handed_jquery(decl.node, depth)
            else:
                found = False
        is_jquery_cache[node.id] = found
        return found

    def _handed_jquery(param, depth: int) -> bool:
        params = param.parent
        if params is None or params.type != "formal_parameters" or not params.named_children or \
                params.named_children[0].id != param.id:
            return False
        fn = params.parent
        holder = fn.parent if fn is not None else None
        while holder is not None and holder.type == "parenthesized_expression":
            fn, holder = holder, holder.parent
        if holder is None:
            return False
        if holder.type == "call_expression" and holder.child_by_field_name("function") == fn:
            args = [a for a in holder.child_by_field_name("arguments").named_children if a.type != "comment"]
            return bool(args) and is_jquery(args[0], depth + 1)  # `(function ($) {...})(jQuery)`
        if holder.type == "arguments" and holder.parent is not None and holder.parent.type == "call_expression":
            callee = holder.parent.child_by_field_name("function")
            if callee is None:
                return False
            if callee.type == "identifier":  # `jQuery(function ($) {...})`
                return is_jquery(callee, depth + 1)
            if callee.type == "member_expression" and t(callee.child_by_field_name("property")) == "ready":
                ready_on = callee.child_by_field_name("object")  # `jQuery(document).ready(function ($) {...})`
                return ready_on is not None and ready_on.type == "call_expression" and \
                    is_jquery(ready_on.child_by_field_name("function"), depth + 1)
        return False

    variables: dict[str, str] = {}

    def kind_of(node, depth: int = 0) -> str | None:
        if node is None or depth > 40:
            return None
        while node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[-1]
        if node.type == "identifier":
            return variables.get(t(node))
        if node.type != "call_expression":
            return None
        f, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if f is None:
            return None
        if f.type == "identifier":
            return OBJECT if is_jquery(f) else None
        if f.type != "member_expression":
            return None
        obj, prop = f.child_by_field_name("object"), f.child_by_field_name("property")
        if obj is None or prop is None:
            return None
        name = t(prop)
        if obj.type == "identifier" and is_jquery(obj):
            return REQUEST if name in REQUEST_STATICS else None
        receiver = kind_of(obj, depth + 1)
        count = len([a for a in args.named_children if a.type != "comment"]) if args is not None else 0
        if receiver == OBJECT:
            if name not in vocab.members:
                return None
            if vocab.members[name] != JQUERY_OWNER:  # a plugin's method: the object again when its typings say so
                return OBJECT if name in vocab.returns_object else None
            if name in READ_WITH_KEY or (count == 0 and name in READ_WITHOUT_ARGUMENTS):
                return None
            return OBJECT
        if receiver == REQUEST and name in DEFERRED_CHAIN:
            return REQUEST
        return None

    root = doc.tree.root_node
    declarators: dict[str, list] = {}
    reassigned: set[str] = set()
    members = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None and name.type == "identifier":
                declarators.setdefault(t(name), []).append(node)
        elif node.type in ("assignment_expression", "augmented_assignment_expression"):
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                reassigned.add(t(left))
        elif node.type in ("formal_parameters", "catch_clause", "function_declaration", "class_declaration"):
            for child in node.named_children:
                if child.type == "identifier":
                    reassigned.add(t(child))  # a parameter or a declaration of that name: another binding
        elif node.type == "member_expression":
            members.append(node)
        stack.extend(node.named_children)
    ordered = sorted(((nodes[0].start_byte, name, nodes[0]) for name, nodes in declarators.items()
                      if len(nodes) == 1 and name not in reassigned and name not in JQUERY_GLOBALS),
                     key=lambda x: x[0])
    for _, name, node in ordered:  # in the order written: `var $a = $('.a'); var $b = $a.find('.b');`
        k = kind_of(node.child_by_field_name("value"))
        if k is not None:
            variables[name] = k
    out = {}
    for node in members:
        prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
        if prop is None or obj is None or prop.type != "property_identifier":
            continue
        k = kind_of(obj)
        if k is not None:
            out[prop.start_byte] = (k, prop, obj)
    return out


def fn_assigned_in(doc: ParsedDocument) -> frozenset[str]:
    """The plugins a file adds itself (`$.fn.myPlugin = function () {...}`): known members of jQuery's objects."""
    return frozenset((a or b).decode("ascii", "replace") for a, b in _FN_ASSIGNED.findall(doc.source))


# --- the check ------------------------------------------------------------------------------------------------------
NEAR_MISS = 0.85  # suggest.score at or above: casing, plural/singular, known synonyms, small typos (as elsewhere)


def jquery_sites(doc: ParsedDocument, model, known) -> tuple[list[tuple[Finding, tuple | None]], frozenset[int]]:
    """The vocabulary findings on jQuery objects and request objects (`$('#reveal').foundations('open')`,
    `$.ajax(url).dones(...)`), each with the declaration its did-you-mean names (`(Member, owner)` for the
    typings' members, else None); and the start of every member name on such a receiver, reported or not: jQuery's
    vocabulary decides there, not the engine's (`_engine_sites` leaves them). `known(name)` says whether a type
    in reach has the name otherwise (the engine's, the platform's, the workspace's, the file's). A name is
    reported when it has at least 4 characters, no jQuery file spells it, and it is a near miss of one member
    of the receiver (`near_member`). Not on TypeScript when @types/jquery is installed (TypeScript types the
    object and reports its unknown members itself)."""
    vocab = jquery_vocabulary(model)
    if vocab is None or doc.tree is None or (vocab.typed and doc.language in TYPESCRIPT_LANGUAGES):
        return [], frozenset()
    receivers = jquery_receivers(doc, vocab)
    if not receivers:
        return [], frozenset()
    own_plugins = fn_assigned_in(doc)
    out = []
    for start, (kind, prop, obj) in sorted(receivers.items()):
        name = doc.node_text(prop)
        if len(name) < 4 or name[:1] == "_" or name in vocab.names or name in own_plugins or \
                name in OBJECT_MEMBERS or known(name):
            continue
        pool = vocab.members if kind == OBJECT else vocab.deferred
        real = near_member(name, pool)
        if real is None:
            continue
        owner = pool[real]
        receiver = doc.node_text(obj)
        if len(receiver) > 40:
            receiver = receiver[:20] + "..." + receiver[-16:]
        what = "a jQuery object" if kind == OBJECT else "a jQuery request (jqXHR)"
        message = (f"`{receiver}.{name}`: {what} has no `{name}` (no type in reach has it: jQuery's, the engine's, "
                   f"this workspace's, JavaScript's, the DOM's); did you mean `{real}` (`{owner}.{real}`)?")
        data = {"suggestions": [real], "type": owner, "member": name, "receiver": "vocabulary",
                "fix": {"title": f"Rename to `{real}`",
                        "edits": [{"start": prop.start_byte, "end": prop.end_byte, "text": real}], "fix_all": False}}
        out.append((Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data),
                    vocab.declared.get(real) if kind == OBJECT else None))
    return out, frozenset(receivers)


def near_member(name: str, pool: dict) -> str | None:
    """The one member of `pool` that `name` is a near miss of: the name behind a get/set/is/has prefix
    (`getFoundation`), in another case, or the unambiguous best rank at NEAR_MISS or above (plural, known
    synonym, small typo: `foundations`, `createTouch` of `addTouch`, `foundtion`); None otherwise."""
    for prefix in sg.ACCESSOR_PREFIXES:
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            bare = name[len(prefix)].lower() + name[len(prefix) + 1:]
            if bare in pool:
                return bare
    cased = [n for n in pool if n.lower() == name.lower() and n != name]
    if len(cased) == 1:
        return cased[0]
    ranked = sg.rank(name, _candidates(tuple(sorted(pool))), "", threshold=NEAR_MISS)
    return ranked[0][0] if ranked and sg.unambiguous(ranked) else None


_CANDIDATES: dict[tuple, object] = {}


def _candidates(names: tuple[str, ...]):
    found = _CANDIDATES.get(names)
    if found is None:
        if len(_CANDIDATES) > 8:
            _CANDIDATES.clear()
        found = _CANDIDATES[names] = sg.Candidates(names)
    return found
