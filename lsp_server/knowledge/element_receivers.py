"""The vocabulary check on elements of unknown subclass: a custom-element engine's API reached through the DOM.

Browser code finds a web component by a DOM lookup and imports nothing of it:

    const dialog = document.querySelector('.dialog-without-header');
    dialog.nextElementSibling.addEventListener('click', () => (dialog.opens = true));

TypeScript types `dialog` as `Element`; at run time it is one of the engine's elements (`open` is its member),
so its type is an element of unknown subclass: neither the engine's nor the DOM's types close it. This module
owns what such a receiver is (`element_receivers`: the result of `querySelector`, `closest`, `getElementById`,
`createElement`, an item of `querySelectorAll`/`getElementsByClassName`/`children`, `nextElementSibling`,
`parentElement`, ..., an element listener's `event.target`, each directly or through a `const` that holds it),
which member names an element can have (`element_vocabulary`: the DOM's element types, from TypeScript's
lib.dom, and the engine's custom element classes: those its typings register in `HTMLElementTagNameMap` or
that extend `HTMLElement`), and the engine's tag names (`custom_element_tags`: a file that spells one, as a
selector, in `createElement` or `whenDefined`, uses the engine). `unknown_symbol`'s vocabulary check reports
a name on such a receiver that no type in reach has and that is a near miss of one of those members.

The DOM's element members come from the platform's module (`model_sources/platform`: lib.dom read by the
`.d.ts` reader, parsed on first use, which only a workspace whose engine defines custom elements and a file
with an element lookup reach here).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lsp_server.document import ParsedDocument
from lsp_server.knowledge.model_sources import elements, platform
from lsp_server.knowledge.model_sources.base import TAG_MAPS, parse_type
from lsp_server.knowledge.object_model import package_name
from lsp_server.knowledge.types import GLOBALS
from lsp_server.syntax.templates import Element, templates

# The DOM's element interfaces: `Element`, `HTMLElement`, `SVGElement`, `MathMLElement`, each `HTML*Element`, `SVG*Element`
_ELEMENT_INTERFACE = re.compile(r"^(?:Element|HTMLElement|SVGElement|MathMLElement|HTML\w+Element|SVG\w+Element)$")


@lru_cache(maxsize=1)
def dom_element_members() -> frozenset[str]:
    """Every member name the DOM gives an element of some class: the members of the platform module's element
    interfaces and of every interface they extend (`Node`, `EventTarget`, `ParentNode`, `GlobalEventHandlers`,
    ...). The platform's module is parsed on first use (`platform.module`), which only a workspace whose engine
    defines custom elements and a file with an element lookup reach from here."""
    mod = platform.module()
    seen = _with_bases(mod, [name for name in mod.types if _ELEMENT_INTERFACE.match(name)])
    return frozenset(m.name for name in seen for m in mod.types[name].members if m.kind != "constructor")


def _with_bases(mod, names: list[str]) -> set[str]:
    """`names` and every interface of `mod` they extend, directly or not (type arguments dropped)."""
    todo, seen = list(names), set()
    while todo:
        name = todo.pop()
        if name in seen or name not in mod.types:
            continue
        seen.add(name)
        todo.extend(re.sub(r"<.*", "", base).strip() for base in mod.types[name].bases)
    return seen


@lru_cache(maxsize=1)
def dom_event_members() -> dict[str, str]:
    """Every member name the DOM gives an event of some class, each with the interface declaring it (`Event`,
    `CustomEvent`, `MouseEvent`, each `*Event` interface of lib.dom and the interfaces they extend)."""
    mod = platform.module()
    seen = _with_bases(mod, [name for name in mod.types if re.fullmatch(r"[A-Z]\w*Event", name)])
    owners: dict[str, str] = {}
    for name in sorted(seen, key=lambda n: (n != "Event", n != "CustomEvent", n)):
        for m in mod.types[name].members:
            if m.kind != "constructor":
                owners.setdefault(m.name, name)
    return owners


@lru_cache(maxsize=256)
def dom_tag_members(tag: str) -> tuple[str, frozenset[str]] | None:
    """A DOM tag's interface (`button` -> `HTMLButtonElement`, from lib.dom's `HTMLElementTagNameMap`) and its
    members through its chain of bases, else None (a tag the DOM does not name)."""
    mod = platform.module()
    found = None
    for map_name in TAG_MAPS:
        t = mod.types.get(map_name)
        found = next((m.type for m in t.members if m.name == tag), None) if t is not None else None
        if found:
            break
    if not found or found not in mod.types:
        return None
    seen = _with_bases(mod, [found])
    return found, frozenset(m.name for name in seen for m in mod.types[name].members if m.kind != "constructor")


def tag_members(model, tag: str) -> tuple[str, dict[str, str]] | None:
    """What an element of this tag is: its class's name and its members, each with its owner: a tag the engine
    registers (its manifest's members of the class, the model's class chain, the DOM's `HTMLElement`), else
    a DOM tag's interface; None for a tag neither names (an element of unknown subclass)."""
    found = custom_elements(model)
    cls = found["tags"].get(tag)
    if cls is not None:
        members: dict[str, str] = dict(found["classes"].get(cls, {}))
        for tid in model.type_names.get(cls, ()):
            if tid[0] == platform.PLATFORM:
                continue
            for name, (m, owner) in model.members(tid).items():
                if not m.private and not m.static and m.kind != "constructor":
                    members.setdefault(name, owner[1].rpartition("$")[2].rpartition(".")[2])
        if not members:
            return None  # a class whose members no source says
        for name in dom_tag_members("div")[1] if dom_tag_members("div") else ():
            members.setdefault(name, "HTMLElement")
        return cls, members
    dom = dom_tag_members(tag)
    if dom is None:
        return None
    return dom[0], {name: dom[0] for name in dom[1]}


# --- the engine's custom elements -------------------------------------------------------------------------------
_ELEMENT_ROOTS = frozenset(("HTMLElement", "LitElement", "ReactiveElement", "FASTElement", "PolymerElement"))


def custom_elements(model) -> dict:
    """The engine's custom elements: `{"tags": {tag: class}, "members": {member: class}}`. The tags from the
    object model (`_registered_tags`); the members those of its element classes, through their chains of
    bases (`model.members`: the engine's classes and a dependency's, `LitElement`'s; not the DOM's, which
    `dom_element_members` holds): the registered classes, and every class of the model extending
    `HTMLElement`, a registered class or the base of one (a form control missing from the tag map: the `.d.ts`
    reader reads those files too, `dts._element_files`). Public instance members only. Empty for an engine
    that defines no element. Built once per model."""
    return model.derived("element_receivers.custom_elements", lambda: _build_custom_elements(model))


def _build_custom_elements(model) -> dict:
    """`custom_elements`'s building (once per model)."""
    tags = _registered_tags(model)
    members: dict[str, str] = {}
    registered = set(_registered_classes(model))
    classes: dict[str, dict] = {}  # a registered class -> its members per the package's manifest, with owners
    for reg in _runtime_registrations(model):
        tags.setdefault(reg.tag, reg.cls)
        if reg.members:
            classes.setdefault(reg.cls, {}).update(reg.members)
        for tid in model.type_names.get(reg.cls, ()):
            if tid[0] != platform.PLATFORM:
                registered.add(tid)
    bases: dict = {}  # a class of the model -> the model's class it extends (None: none, or another's)
    roots: set = set()  # the classes extending an element root (`HTMLElement`, `LitElement`)

    def base_of(tid):
        if tid not in bases:
            bases[tid] = None
            t = model.type(tid)
            for base in t.bases if t is not None else ():
                name = base.partition("<")[0].strip()
                if name.rpartition(".")[2] in _ELEMENT_ROOTS:
                    roots.add(tid)
                btid = model.find_type(tid[0], name)
                if btid is not None and btid[0] != platform.PLATFORM:
                    bases[tid] = btid
                    break
        return bases[tid]

    element_bases: set = set()
    for tid in registered:
        current, seen = base_of(tid), set()
        while current is not None and current not in seen:
            seen.add(current)
            element_bases.add(current)
            current = base_of(current)
    known: dict = {}

    def is_element(tid, depth: int = 0) -> bool:
        if tid not in known:
            base = base_of(tid)
            known[tid] = tid in registered or tid in element_bases or tid in roots or \
                (depth < 20 and base is not None and is_element(base, depth + 1))
        return known[tid]

    element_classes = set(registered)
    for module, mod in model.modules.items():
        for name, t in mod.types.items():
            if t.kind == "class" and t.bases and is_element((module, name)):
                element_classes.add((module, name))
    own = {tid[0] for tid in registered}  # the engine's classes first, each by name, then a dependency's
    for tid in sorted(element_classes, key=lambda tid: (tid[0] not in own, tid[1], tid[0])):
        for name, (m, owner) in model.members(tid).items():
            if owner[0] == platform.PLATFORM or m.private or m.static or m.kind == "constructor" or \
                    name.startswith(("_", "#")):
                continue
            # (the class declaring it: `WaDialog.open`, `WebAwesomeElement.dir`)
            members.setdefault(name, owner[1].rpartition("$")[2].rpartition(".")[2])
    for cls in sorted(classes, key=lambda c: (c.startswith("<"), c)):  # a class's name before a bare tag's
        for name, owner in sorted(classes[cls].items()):
            members.setdefault(name, owner)
    # the names an unread package's JavaScript spells: an element of it may have any of them (a method its
    # manifest leaves out), so none is reported as a near miss
    spelled: set[str] = set()
    for folder in _unread_packages(model).values():
        if elements.registrations(folder):
            spelled.update(elements.spelled(folder))
    found = {"tags": tags, "members": members, "classes": classes, "spelled": frozenset(spelled)}
    return found


def _runtime_registrations(model) -> list:
    """The tags the model's packages register at run time (`customElements.define('lion-input', LionInput)` in
    a side-effect module, or their custom-elements manifest: `model_sources.elements`), each package's folder
    found from the files its sources were read from."""
    folders: dict[str, Path] = {}
    for spec, _ in model.sources:
        name = package_name(spec.module)
        if name is None or name in folders:
            continue
        path = Path(spec.path)
        for d in (path, *path.parents):
            if "node_modules" not in d.parts:
                break
            if (d / "package.json").is_file():
                if d.as_posix().endswith("/node_modules/" + name):
                    folders[name] = d
                break
    for name, folder in _unread_packages(model).items():
        folders.setdefault(name, folder)
    out = []
    for name in sorted(folders):
        out.extend(elements.registrations(folders[name]).values())
    return out


def _unread_packages(model) -> dict[str, Path]:
    """The packages the workspace imports or declares of which the model read no source (deep-path JavaScript
    only: no entry, no typings; `ObjectModel.package_dirs`), each with its folder."""
    read = {package_name(spec.module) for spec, _ in model.sources}
    return {name: folder for name, folder in sorted(getattr(model, "package_dirs", {}).items())
            if name not in read and folder is not None}


def _registered_classes(model) -> list:
    """The types the engine's tag-map augmentations register (`'wa-dialog': WaDialog`)."""
    out = []
    for module, mod in model.modules.items():
        for map_name in TAG_MAPS:
            t = mod.types.get(f"globalThis${map_name}")
            for m in t.members if t is not None else ():
                parsed = parse_type(m.type) if m.type and "-" in m.name else None
                tid = model.find_type(module, parsed[1]) if parsed and parsed[0] == "name" else None
                if tid is not None and tid[0] != platform.PLATFORM and tid not in out:
                    out.append(tid)
    return out


def _registered_tags(model) -> dict[str, str]:
    """The tag names the engine's typings register in the DOM's tag-name maps, each with its class's name: the
    object model's `declare global { interface HTMLElementTagNameMap { 'wa-dialog': WaDialog } }` augmentations
    (kept by the `.d.ts` reader as `globalThis$HTMLElementTagNameMap`, the map `querySelector('wa-dialog')` is
    typed through)."""
    tags: dict[str, str] = {}
    for module, mod in model.modules.items():
        for map_name in TAG_MAPS:
            t = mod.types.get(f"globalThis${map_name}")
            for m in t.members if t is not None else ():
                parsed = parse_type(m.type) if m.type and "-" in m.name else None
                if parsed and parsed[0] == "name":
                    tid = model.find_type(module, parsed[1])
                    tags.setdefault(m.name, (tid[1] if tid is not None else parsed[1]).rpartition("$")[2]
                                    .rpartition(".")[2])
    return tags


def spells_custom_tag(doc: ParsedDocument, tags) -> bool:
    """The file names one of the engine's custom elements by its tag in a string (a selector
    `'wa-dialog'`, `'wa-select > wa-option'`, `createElement('wa-dialog')`, `whenDefined('wa-dialog')`)."""
    if not tags or b"-" not in doc.source:
        return False
    for word in _TAG_WORD.findall(doc.source):
        if word.decode() in tags:
            return True
    return False


_TAG_WORD = re.compile(rb"(?<![\w-])([a-z][a-z0-9]*-[a-z0-9-]*[a-z0-9])(?![\w-])")


# --- which receivers are elements --------------------------------------------------------------------------------
_RETURNS_ELEMENT = frozenset(("querySelector", "closest", "getElementById", "createElement", "createElementNS",
                              "elementFromPoint"))
_ELEMENT_COLLECTIONS = frozenset(("querySelectorAll", "getElementsByClassName", "getElementsByTagName",
                                  "getElementsByName"))
_ELEMENT_PROPERTIES = frozenset(("nextElementSibling", "previousElementSibling", "parentElement", "firstElementChild",
                                 "lastElementChild", "activeElement", "assignedSlot", "offsetParent",
                                 # (a node's parent: an element, else a document or a fragment, whose own members
                                 # are the platform's names, never reported)
                                 "parentNode"))
_EVENT_ELEMENTS = frozenset(("target", "currentTarget"))
# a file with none of these words reaches no element (the walk below is the costly part)
_LOOKUP_WORD = re.compile(rb"querySelector|getElement|closest|createElement|elementFromPoint|ElementSibling|"
                          rb"parentElement|parentNode|ElementChild|activeElement|assignedSlot|offsetParent|children|"
                          rb"addEventListener|Attribute|classList|dataset|innerHTML|outerHTML|insertAdjacent|"
                          rb"getBoundingClientRect|scrollIntoView|shadowRoot|attachShadow")
_ITERATING = frozenset(("forEach", "map", "filter", "find", "some", "every", "flatMap"))


def element_receivers(doc: ParsedDocument) -> list:
    """`element_receivers_in(doc)`'s member expressions."""
    return element_receivers_in(doc)[0]


def element_receivers_in(doc: ParsedDocument) -> tuple[list, dict, list]:
    """The member expressions of this file whose receiver is a DOM element of unknown subclass: an element
    lookup's result (`document.querySelector('.x')`, `root.closest('.y')`, `children[0]`,
    `list.querySelectorAll('li')[i]`, `el.nextElementSibling`), an identifier a `const` (or a `let`/`var` never
    assigned again) binds to one, the item of a `for ... of` or `forEach` over an element collection
    (`for (const item of menu.children)`, `[...panels].forEach(panel => ...)` where `panels` holds one), and
    `event.target` / `event.currentTarget` in a listener passed to
    `addEventListener` or bound in a Lit-style template (`` html`<x-y @change=${ev => ev.target.value}>` ``, a
    named listener `@change=${onChange}` / `${this.onChange}`, a destructured `({ target }) => ...`). By name
    within the file: a name the file also binds to anything else is left out.

    With them, the template element each receiver is known to be (by the member's property's start byte): the
    element a listener's `event.currentTarget` / `event.target` sits on, the enclosing element of one
    (`ev.target.parentElement`), the one element of the file's templates with an id or a tag
    (`root.querySelector('#car-collapsible')`, `getElementById(...)`, `querySelector('lion-steps')`), directly
    or through a `const`. (`event.target` may be a descendant of the listener's element: a check closes the
    receiver on that element's members only to pick its did-you-mean.) And the member expressions on a
    listener's event parameter itself (`ev.detail`, `ev.preventDefault()`: an event of some DOM class), where
    the parameter is the listener's first one in its own scope."""
    if doc.tree is None or not (_LOOKUP_WORD.search(doc.source) or b"html`" in doc.source or b"svg`" in doc.source):
        return [], {}, []
    text = doc.node_text
    lit = templates(doc)
    listeners: dict[int, Element] = {}  # a template listener function's start byte -> the element it is bound on
    by_id: dict[str, list] = {}
    by_tag: dict[str, list] = {}
    for template in lit:
        for element in template.elements:
            by_tag.setdefault(element.tag, []).append(element)
            if element.attributes.get("id"):
                by_id.setdefault(element.attributes["id"], []).append(element)
    bound_names: dict[int, Element] = {}  # a `({ target })` parameter's start byte -> the listener's element
    name_elements: dict[str, Element | None] = {}  # a `const` holding a known template element
    listener_fns: set[int] = set()  # the start bytes of listener functions (template and addEventListener)
    element_functions: set[str] = set()  # the file's functions returning an element
    element_names: set[str] = set()
    collection_names: set[str] = set()  # `const panels = root.querySelectorAll('[data-step]')`
    event_names: set[str] = set()
    assigned: set[str] = set()

    def is_element(node) -> bool:
        while node is not None and node.type in ("parenthesized_expression", "non_null_expression", "await_expression"):
            node = node.named_children[0] if node.named_children else None
        if node is None:
            return False
        if node.type == "identifier":
            return text(node) in element_names
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is not None and fn.type == "member_expression":
                prop = fn.child_by_field_name("property")
                return prop is not None and text(prop) in _RETURNS_ELEMENT
            return fn is not None and fn.type == "identifier" and text(fn) in element_functions
        if node.type == "subscript_expression":
            obj = node.child_by_field_name("object")
            return obj is not None and is_collection(obj)
        if node.type == "member_expression":
            prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
            if prop is None or obj is None:
                return False
            name = text(prop)
            if name in _ELEMENT_PROPERTIES:
                return True
            if name == "value" and obj.type == "identifier" and text(obj) in refs:
                return True  # lit's `ref(inputRef)` on an element: `inputRef.value` is it
            return name in _EVENT_ELEMENTS and obj.type == "identifier" and text(obj) in event_names
        return False

    def is_collection(node) -> bool:
        if node.type == "identifier":
            return text(node) in collection_names
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            prop = fn.child_by_field_name("property") if fn is not None and fn.type == "member_expression" else None
            if prop is not None and text(prop) == "from" and text(fn.child_by_field_name("object")) == "Array":
                args = node.child_by_field_name("arguments")  # `Array.from(panels)`
                return args is not None and len(args.named_children) == 1 and is_collection(args.named_children[0])
            return prop is not None and text(prop) in _ELEMENT_COLLECTIONS
        if node.type == "member_expression":
            prop = node.child_by_field_name("property")
            return prop is not None and text(prop) == "children"
        if node.type in ("array", "spread_element"):
            return any(c.type == "spread_element" and c.named_children and is_collection(c.named_children[0])
                       for c in node.named_children) if node.type == "array" else bool(node.named_children) and \
                is_collection(node.named_children[0])
        return False

    nodes = []
    stack = [doc.tree.root_node]
    while stack:  # document order: a binding comes before its uses
        node = stack.pop()
        nodes.append(node)
        stack.extend(reversed(node.named_children))
    tag_elements: dict[str, Element] = {}  # a custom element known by its tag only (`querySelector('x-y')`)
    refs: dict[str, Element | None] = {}  # `${ref(inputRef)}` in a tag: the ref's name -> that element
    for template in lit:
        for start, element in template.element_holes.items():
            for node in nodes:
                if node.start_byte == start and node.parent is not None and \
                        node.parent.type == "template_substitution" and node.type == "call_expression":
                    fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
                    if fn is not None and text(fn) == "ref" and args is not None and \
                            len(args.named_children) == 1 and args.named_children[0].type == "identifier":
                        name = text(args.named_children[0])
                        refs[name] = element if name not in refs else None
    if lit:
        listener_holes = {start: element for template in lit for start, (element, attr) in template.bindings.items()
                          if attr.startswith("@")}
        named: dict[str, list] = {}  # a function's name -> its function nodes (declarations, methods, consts)
        for node in nodes:
            if node.type in ("function_declaration", "method_definition"):
                name = node.child_by_field_name("name")
                if name is not None:
                    named.setdefault(text(name), []).append(node)
            elif node.type == "variable_declarator":
                name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                if name is not None and value is not None and value.type in ("arrow_function", "function_expression",
                                                                              "function"):
                    named.setdefault(text(name), []).append(value)
        for node in nodes:
            element = listener_holes.get(node.start_byte)
            if element is None or node.parent is None or node.parent.type != "template_substitution":
                continue
            fns = [node]
            if node.type == "identifier" or node.type == "member_expression" and \
                    text(node.child_by_field_name("object")) == "this":
                key = text(node) if node.type == "identifier" else text(node.child_by_field_name("property"))
                fns = named.get(key, [])
            for fn in fns:
                param = _method_parameter(fn)
                if param is not None:
                    event_names.add(text(param))
                    listeners[fn.start_byte] = element
                    listener_fns.add(fn.start_byte)
                    continue
                pattern = _first_pattern(fn)
                for prop in pattern.named_children if pattern is not None else ():
                    if prop.type == "shorthand_property_identifier_pattern" and text(prop) in _EVENT_ELEMENTS:
                        element_names.add(text(prop))
                        bound_names[prop.start_byte] = element
                        listeners[fn.start_byte] = element

    def listener_element(node, name: str):
        """The template element of the listener whose first parameter `name` is, seen from `node`."""
        current = node.parent
        while current is not None:
            if current.start_byte in listeners and current.type in _SCOPES:
                param = _method_parameter(current)
                if param is not None and text(param) == name:
                    return listeners[current.start_byte]
                pattern = _first_pattern(current)
                if pattern is not None and any(text(p) == name for p in pattern.named_children):
                    return listeners[current.start_byte]
            current = current.parent
        return None

    def element_of(node):
        """The template element `node` (an element expression) is known to be, else None."""
        while node is not None and node.type in ("parenthesized_expression", "non_null_expression", "await_expression"):
            node = node.named_children[0] if node.named_children else None
        if node is None:
            return None
        if node.type == "identifier":
            if text(node) in _EVENT_ELEMENTS:
                return listener_element(node, text(node))
            return name_elements.get(text(node))
        if node.type == "member_expression":
            prop, obj = node.child_by_field_name("property"), node.child_by_field_name("object")
            if prop is None or obj is None:
                return None
            if text(prop) in _EVENT_ELEMENTS and obj.type == "identifier":
                return listener_element(node, text(obj))
            if text(prop) == "parentElement":
                inner = element_of(obj)
                return inner.parent if inner is not None else None
            if text(prop) == "value" and obj.type == "identifier":
                return refs.get(text(obj))
            return None
        if node.type == "call_expression":
            fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            prop = fn.child_by_field_name("property") if fn is not None and fn.type == "member_expression" else None
            if prop is None or args is None or len(args.named_children) != 1 or args.named_children[0].type != "string":
                return None
            value = text(args.named_children[0])[1:-1]
            found = []
            if text(prop) == "getElementById":
                found = by_id.get(value, [])
            elif text(prop) == "querySelector":
                if value.startswith("#") and _SIMPLE_NAME.fullmatch(value[1:]):
                    found = by_id.get(value[1:], [])
                elif _SIMPLE_NAME.fullmatch(value):
                    found = by_tag.get(value.lower(), [])
            if len(found) == 1:
                return found[0]
            tag = platform.selector_tag(value) if text(prop) in ("querySelector", "closest") else \
                value.lower() if text(prop) == "createElement" else None
            # `document.querySelector('d2l-dialog')`, `el.closest('x-panel')`, `createElement('x-item')`: an
            # autonomous custom element of that tag, whether or not the file's templates show it (its class is
            # the tag's registered one)
            if tag is None or "-" not in tag or not platform.TAG_NAME.fullmatch(tag):
                return None
            return tag_elements.setdefault(tag, Element(tag, None))  # one per tag: the same element to two bindings
        return None
    # listeners' event parameters: `el.addEventListener('click', event => ...)`
    for node in nodes:
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            prop = fn.child_by_field_name("property") if fn is not None and fn.type == "member_expression" else None
            args = node.child_by_field_name("arguments")
            if prop is not None and text(prop) == "addEventListener" and args is not None and \
                    len(args.named_children) >= 2:
                param = _first_parameter(args.named_children[1])
                if param is not None:
                    event_names.add(text(param))
                    listener_fns.add(args.named_children[1].start_byte)
        elif node.type == "assignment_expression":
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                assigned.add(text(left))
    bound: set[int] = set()  # the parameters taken as elements (a `forEach` callback's item)
    # the file's functions that return an element on every path that returns (`function getCalendar(ev) { return
    # ev.target.parentElement.querySelector('.js-calendar'); }`): a call of one is an element
    function_returns: dict[str, list] = {}
    for node in nodes:
        fn = name = None
        if node.type == "function_declaration":
            fn, name = node, node.child_by_field_name("name")
        elif node.type == "variable_declarator":
            value = node.child_by_field_name("value")
            if value is not None and value.type in ("arrow_function", "function_expression", "function"):
                fn, name = value, node.child_by_field_name("name")
        if fn is None or name is None or name.type != "identifier":
            continue
        if text(name) in function_returns:
            function_returns[text(name)] = []  # two functions of one name: neither is known
            continue
        function_returns[text(name)] = _returned(fn)
    for _ in range(2):  # a binding to another element binding (`const b = a.nextElementSibling`) settles in two
        element_functions.update(name for name, returned in function_returns.items()
                                 if returned and all(is_element(r) for r in returned))
        other_names: set[str] = set()
        declared_otherwise: set[str] = set()  # given something else by a declaration
        for node in nodes:
            if node.type == "variable_declarator":
                name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                if name is None or name.type != "identifier":
                    continue
                if value is not None and text(name) not in assigned:
                    if is_element(value):
                        element_names.add(text(name))
                        found = element_of(value)
                        if text(name) in name_elements and name_elements[text(name)] is not found:
                            found = None  # two consts of one name: not one element
                        name_elements[text(name)] = found
                        continue
                    if is_collection(value):
                        collection_names.add(text(name))
                        continue
                other_names.add(text(name))
                declared_otherwise.add(text(name))
            elif node.type == "assignment_pattern" and node.parent is not None and \
                    node.parent.type == "formal_parameters":
                # `(scenario, inputTel = inputTelRef.value) => ...`: the default says what the parameter is
                name, value = node.child_by_field_name("left"), node.child_by_field_name("right")
                if name is not None and value is not None and name.type == "identifier" and \
                        text(name) not in assigned and is_element(value):
                    element_names.add(text(name))
                    bound.add(name.start_byte)
                    found = element_of(value)
                    if text(name) in name_elements and name_elements[text(name)] is not found:
                        found = None  # two bindings of one name: not one element
                    name_elements[text(name)] = found
            elif node.type == "for_in_statement":
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                if left is not None and right is not None and left.type == "identifier" and \
                        any(c.type == "of" for c in node.children) and is_collection(right):
                    element_names.add(text(left))
            elif node.type == "call_expression":
                fn = node.child_by_field_name("function")
                args = node.child_by_field_name("arguments")
                if fn is not None and fn.type == "member_expression" and args is not None and args.named_children:
                    prop, obj = fn.child_by_field_name("property"), fn.child_by_field_name("object")
                    if prop is not None and obj is not None and text(prop) in _ITERATING and is_collection(obj):
                        param = _first_parameter(args.named_children[0])
                        if param is not None:
                            element_names.add(text(param))
                            bound.add(param.start_byte)
        for node in nodes:  # a name some function also takes as a parameter is not only an element
            if node.type in ("formal_parameters", "required_parameter", "optional_parameter"):
                for child in node.named_children:
                    if child.type == "object_pattern" and child.parent is not None and \
                            child.parent.parent is not None and child.parent.parent.start_byte in listeners:
                        continue  # a listener's `({ target })`
                    if child.type == "identifier" and child.start_byte not in bound and \
                            text(child) not in event_names:
                        other_names.add(text(child))
            elif node.type == "arrow_function":
                param = node.child_by_field_name("parameter")
                if param is not None and param.start_byte not in bound and text(param) not in event_names:
                    other_names.add(text(param))
        element_names -= other_names
        collection_names -= other_names
    # a receiver nothing binds to an element that the file uses as one (`mutator: svg => { svg.setAttribute(...);
    # svg.querySelectorAll(...) }`): a name the same binding (a parameter, else the file's) is given an element's
    # own member under (`_ELEMENT_ONLY`), not an element binding's name and not bound to anything else
    used_as_element: set[tuple[str, int]] = set()
    for node in nodes:
        if node.type == "member_expression":
            obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
            if obj is not None and prop is not None and obj.type == "identifier" and text(obj) not in GLOBALS and \
                    _ELEMENT_ONLY.search(text(prop)) and text(prop) in dom_element_members():
                used_as_element.add((text(obj), _binding_scope(obj, text(obj))))
    out = []
    known: dict[int, Element] = {}
    events: list = []  # `ev.detail`, `ev.preventDefault()`: a listener's event parameter's members
    for node in nodes:
        if node.type == "member_expression":
            obj = node.child_by_field_name("object")
            if obj is not None and (is_element(obj) or obj.type == "identifier" and text(obj) not in declared_otherwise
                                    and text(obj) not in element_names and text(obj) not in collection_names
                                    and (text(obj), _binding_scope(obj, text(obj))) in used_as_element):
                out.append(node)
                element = element_of(obj)
                prop = node.child_by_field_name("property")
                if element is not None and prop is not None:
                    known[prop.start_byte] = element
            elif obj is not None and obj.type == "identifier" and text(obj) in event_names and listener_fns:
                prop = node.child_by_field_name("property")
                if prop is not None and text(prop) not in _EVENT_ELEMENTS and \
                        _binding_scope(obj, text(obj)) in listener_fns and _is_first_parameter(obj, text(obj)):
                    events.append(node)
    return out, known, events


# members only elements (and documents) have: using one on a receiver says it is an element
_ELEMENT_ONLY = re.compile(r"Attribute|^querySelector|^classList$|^dataset$|^closest$|ElementSibling$|^parentElement$|"
                           r"ElementChild$|^innerHTML$|^outerHTML$|^insertAdjacent|^getBoundingClientRect$|"
                           r"^scrollIntoView$|^shadowRoot$|^attachShadow$")
_SCOPES = frozenset(("arrow_function", "function_expression", "function_declaration", "function", "method_definition",
                     "generator_function", "generator_function_declaration"))


def _binding_scope(node, name: str) -> int:
    """The start of the function whose parameter `name` is, seen from `node` (0: the file's)."""
    current = node.parent
    while current is not None:
        if current.type in _SCOPES:
            param = current.child_by_field_name("parameter")
            params = current.child_by_field_name("parameters")
            names = [param] if param is not None else list(params.named_children) if params is not None else []
            for p in names:
                p = p.child_by_field_name("pattern") or p if p.type in ("required_parameter", "optional_parameter") \
                    else p
                if p.type == "identifier" and p.text.decode() == name:
                    return current.start_byte
        current = current.parent
    return 0


_SIMPLE_NAME = re.compile(r"[A-Za-z][\w-]*")


def _method_parameter(method):
    """A function's or method's first parameter identifier (`ev => ...` too), else None."""
    if method.type == "arrow_function" and method.child_by_field_name("parameter") is not None:
        return _first_parameter(method)
    first = _first_parameter_pattern(method)
    return first if first is not None and first.type == "identifier" else None


def _first_pattern(fn):
    """The object pattern a function's first parameter destructures (`({ target }) => ...`), else None."""
    first = _first_parameter_pattern(fn)
    return first if first is not None and first.type == "object_pattern" else None


def _first_parameter_pattern(fn):
    """The pattern of a function's first parenthesized parameter (TypeScript's `ev: Event` gives `ev`), else None."""
    params = fn.child_by_field_name("parameters")
    if params is None or not params.named_children:
        return None
    first = params.named_children[0]
    if first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern") or first
    return first


def _returned(fn) -> list:
    """The expressions a function returns (an arrow's expression body; each `return x` of its own body, not a
    nested function's); empty when some path returns nothing (`return;`) or the body returns nothing."""
    body = fn.child_by_field_name("body")
    if body is None:
        return []
    if body.type != "statement_block":
        return [body]
    out = []
    stack = list(body.named_children)
    while stack:
        node = stack.pop()
        if node.type in _SCOPES or node.type in ("class_declaration", "class"):
            continue
        if node.type == "return_statement":
            if not node.named_children:
                return []
            out.append(node.named_children[0])
            continue
        stack.extend(node.named_children)
    return out


def _is_first_parameter(node, name: str) -> bool:
    """`name`, seen from `node`, is the first parameter of the function binding it (`_binding_scope`)."""
    current = node.parent
    while current is not None:
        if current.type in _SCOPES:
            param = _method_parameter(current)
            if param is not None and text_of(param) == name:
                return True
            params = current.child_by_field_name("parameters")
            if params is not None and any(text_of(p.child_by_field_name("pattern") or p if p.type in (
                    "required_parameter", "optional_parameter") else p) == name for p in params.named_children):
                return False
        current = current.parent
    return False


def text_of(node) -> str:
    return node.text.decode("utf-8", "replace")


def _first_parameter(fn):
    """The first parameter's identifier of a function or arrow function node, else None."""
    if fn.type not in ("arrow_function", "function_expression", "function"):
        return None
    param = fn.child_by_field_name("parameter")
    if param is not None:
        return param if param.type == "identifier" else None
    params = fn.child_by_field_name("parameters")
    if params is None or not params.named_children:
        return None
    first = params.named_children[0]
    if first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern") or first
    return first if first.type == "identifier" else None


def this_element_receivers(doc: ParsedDocument) -> list:
    """The `this.x` member expressions of the file's classes whose heritage is an element: `extends LitElement`,
    `extends HTMLElement` (`_ELEMENT_ROOTS`, by name: a class of that name a file extends is the DOM's or Lit's
    element, whichever module it comes from) or mixins applied to one (`extends OverlayMixin(LitElement)`,
    `extends A(B(LitElement))`), each with the names of the mixins applied (the caller knows which it can
    close: a mixin it cannot read may add any member). `this` of the class's instance only: in its instance
    methods, accessors and fields and the arrow functions within them (not a nested `function`'s, a nested
    class's or a static member's). An instance of such a class is an element of unknown subclass, as a lookup's
    result is: the DOM's, Lit's and the mixins' members, and what the class itself declares."""
    if doc.tree is None or b"extends" not in doc.source:
        return []
    out = []
    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type not in ("class_declaration", "class"):
            continue
        heritage = next((c for c in node.children if c.type == "class_heritage"), None)
        body = node.child_by_field_name("body")
        expr = heritage.named_children[0] if heritage is not None and heritage.named_children else None
        mixins = element_heritage(expr)
        if mixins is None or body is None:
            continue
        for member in body.named_children:
            if member.type not in ("method_definition", "field_definition") or \
                    any(c.type == "static" for c in member.children):
                continue
            inner = list(member.named_children)
            while inner:
                n = inner.pop()
                if n.type in ("function_expression", "function_declaration", "function", "generator_function",
                              "generator_function_declaration", "class_declaration", "class"):
                    continue
                if n.type == "member_expression":
                    obj = n.child_by_field_name("object")
                    if obj is not None and obj.type == "this":
                        out.append((n, mixins))
                inner.extend(n.named_children)
    return out


def element_heritage(expr) -> tuple[str, ...] | None:
    """The mixins a class heritage applies to an element root (`OverlayMixin(LitElement)` -> `('OverlayMixin',)`,
    `LitElement` -> `()`), else None (another base, or a call of something not a named mixin)."""
    mixins: list[str] = []
    while expr is not None:
        if expr.type == "identifier":
            return tuple(mixins) if text_of(expr) in _ELEMENT_ROOTS else None
        if expr.type == "member_expression":
            prop = expr.child_by_field_name("property")
            return tuple(mixins) if prop is not None and text_of(prop) in _ELEMENT_ROOTS else None
        if expr.type != "call_expression":
            return None
        fn, args = expr.child_by_field_name("function"), expr.child_by_field_name("arguments")
        if fn is None or fn.type != "identifier" or args is None or len(args.named_children) != 1:
            return None
        mixins.append(text_of(fn))
        expr = args.named_children[0]
    return None
