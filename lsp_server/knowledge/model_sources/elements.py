"""A custom-element package's tag registrations: which tag names it defines, with which class and members.

A web-component library registers its elements at run time, not in its typings: a side-effect module runs
`customElements.define('lion-input', LionInput)` (its `.d.ts` is `export {}`), and no `HTMLElementTagNameMap`
augmentation says which class a tag is. Two real sources say it:

- the package's custom-elements manifest (the `customElements` field of its package.json, a
  `custom-elements.json` in the schema of webcomponents/custom-elements-manifest): each module's
  `custom-element-definition` exports (`{"name": "lion-input", "declaration": {"name": "LionInput"}}`) and
  the declared classes (`tagName`, `customElement`, `members` with their `privacy`/`static`/`inheritedFrom`,
  `superclass`);
- the package's JavaScript: `customElements.define('x-y', Class)` calls, read with tree-sitter in the files
  that spell `customElements.define` (the class is then the model's, by name); only in a package that ships a
  manifest or depends on an element base class's package (`ELEMENT_BASES`: lit, FAST, Stencil, ...).

`registrations(package_dir)` returns `{tag: Registration}`; the manifest's classes come with their public
instance members (their own, and those of a superclass the manifest also declares). Reads through
`ReadLimits` (regular files, bounded sizes, a bounded number of files); a malformed manifest gives nothing.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from lsp_server.knowledge.model_sources.base import ReadLimits

MANIFEST_MAX_BYTES = 32 * 1024 * 1024  # a component library's manifest runs to megabytes (lion's: 5.8 MB)
MAX_JS_FILES = 4000  # JavaScript files of a package looked at for `customElements.define`
MAX_JS_PARSED = 400  # of which, at most, parsed (those that spell the call)


@dataclass(frozen=True)
class Registration:
    tag: str
    cls: str  # the class's name (`LionInput`)
    # its public instance members per the manifest, each with the class or mixin declaring it (its
    # `inheritedFrom`, else the class); empty: the manifest does not declare the class (the object model's
    # class of that name says)
    members: tuple[tuple[str, str], ...] = ()


def registrations(package_dir: Path, limits: ReadLimits = ReadLimits()) -> dict[str, Registration]:
    """The package's tag -> Registration, from its custom-elements manifest, then its `customElements.define`
    calls (a tag the manifest lacks). Kept per package folder while its package.json is unchanged (an
    installed package's files change with it)."""
    try:
        st = (package_dir / "package.json").stat()
    except OSError:
        return {}
    key = (str(package_dir), st.st_mtime_ns, st.st_size, limits.roots)
    cached = _READ.get(key)
    if cached is None:
        try:
            pkg = json.loads(limits.read(package_dir / "package.json"))
        except (OSError, ValueError):
            pkg = None
        cached = _from_manifest(package_dir, pkg, limits) if isinstance(pkg, dict) else {}
        if isinstance(pkg, dict) and (_component_package(pkg) or cached):
            for tag, cls in _from_define_calls(package_dir, limits).items():
                reg = cached.get(tag)
                if reg is None:
                    cached[tag] = Registration(tag, cls)
                elif not reg.cls:  # a manifest that names no class (web-component-analyzer's `tags`)
                    cached[tag] = Registration(tag, cls, tuple((m, owner or cls) for m, owner in reg.members))
        for tag, reg in list(cached.items()):
            if not reg.cls:  # no class the package's JavaScript registers: the tag names the element
                cached[tag] = Registration(tag, f"<{tag}>", tuple((m, owner or f"<{tag}>") for m, owner in reg.members))
        if len(_READ) > 32:
            _READ.clear()
        _READ[key] = cached
    return dict(cached)


_READ: dict[tuple, dict[str, Registration]] = {}


# the element base classes' packages: a package depending on one (or shipping a manifest) may define elements; the
# others' JavaScript is not read for `customElements.define` (pixi's or phaser's thousands of files)
ELEMENT_BASES = frozenset(("lit", "lit-element", "@lit/reactive-element", "@microsoft/fast-element", "@stencil/core",
                           "@polymer/polymer", "@open-wc/scoped-elements", "haunted", "atomico", "hybrids"))


def _component_package(pkg: dict) -> bool:
    """The package ships a custom-elements manifest or depends on an element base class's package."""
    if isinstance(pkg.get("customElements"), str):
        return True
    for field_name in ("dependencies", "peerDependencies"):
        deps = pkg.get(field_name)
        if isinstance(deps, dict) and ELEMENT_BASES & set(deps):
            return True
    return False


# where a package's manifest is when its package.json has no `customElements` field: the file both generators
# (the custom-elements-manifest analyzer, web-component-analyzer) write by default, at the package's root
DEFAULT_MANIFEST = "custom-elements.json"


def _from_manifest(package_dir: Path, pkg: dict, limits: ReadLimits) -> dict[str, Registration]:
    rel = pkg.get("customElements")
    if rel is None and (package_dir / DEFAULT_MANIFEST).is_file():
        rel = DEFAULT_MANIFEST
    if not isinstance(rel, str) or not rel or rel.startswith("/") or ".." in Path(rel).parts:
        return {}
    try:
        from lsp_server.storage import read_bounded

        data = json.loads(read_bounded(package_dir / rel, MANIFEST_MAX_BYTES,
                                       list(limits.roots) if limits.roots else None))
    except (OSError, ValueError):
        return {}
    if isinstance(data, dict) and isinstance(data.get("tags"), list) and not isinstance(data.get("modules"), list):
        return _from_analyzer_tags(data["tags"])
    modules = data.get("modules") if isinstance(data, dict) else None
    if not isinstance(modules, list):
        return {}
    classes: dict[str, dict] = {}  # class name -> its declaration (a custom element's first)
    tags: dict[str, str] = {}
    for module in modules:
        if not isinstance(module, dict):
            continue
        for decl in module.get("declarations") or ():
            if isinstance(decl, dict) and decl.get("kind") == "class" and isinstance(decl.get("name"), str):
                if decl["name"] not in classes or decl.get("customElement") and \
                        not classes[decl["name"]].get("customElement"):
                    classes[decl["name"]] = decl
                if isinstance(decl.get("tagName"), str) and decl.get("customElement"):
                    tags.setdefault(decl["tagName"], decl["name"])
        for export in module.get("exports") or ():
            if isinstance(export, dict) and export.get("kind") == "custom-element-definition" and \
                    isinstance(export.get("name"), str) and isinstance(export.get("declaration"), dict) and \
                    isinstance(export["declaration"].get("name"), str):
                tags[export["name"]] = export["declaration"]["name"]

    def members(name: str, seen: set) -> dict[str, str]:
        decl = classes.get(name)
        if decl is None or name in seen:
            return {}
        seen.add(name)
        out: dict[str, str] = {}
        for m in decl.get("members") or ():
            if isinstance(m, dict) and isinstance(m.get("name"), str) and not m.get("static") and \
                    m.get("privacy") not in ("private", "protected") and not m["name"].startswith(("_", "#")):
                inherited = m.get("inheritedFrom")
                owner = inherited.get("name") if isinstance(inherited, dict) else None
                out.setdefault(m["name"], owner if isinstance(owner, str) and owner else name)
        sup = decl.get("superclass")
        if isinstance(sup, dict) and isinstance(sup.get("name"), str):
            for k, v in members(sup["name"], seen).items():
                out.setdefault(k, v)
        return out

    return {tag: Registration(tag, cls, tuple(sorted(members(cls, set()).items()))) for tag, cls in tags.items()
            if "-" in tag}


def _from_analyzer_tags(tags: list) -> dict[str, Registration]:
    """web-component-analyzer's JSON (`{"version": "experimental", "tags": [{"name": "d2l-dialog", "path": ...,
    "properties": [{"name": "opened", ...}], "methods": [...]}]}`): each tag's public properties and methods,
    inherited ones included; no class is named (the package's `customElements.define` calls name it)."""
    out: dict[str, Registration] = {}
    for tag in tags:
        if not isinstance(tag, dict) or not isinstance(tag.get("name"), str) or "-" not in tag["name"]:
            continue
        names: dict[str, str] = {}
        for field_name in ("properties", "methods"):
            for m in tag.get(field_name) or ():
                if isinstance(m, dict) and isinstance(m.get("name"), str) and m["name"] and \
                        not m["name"].startswith(("_", "#")) and not m.get("static") and \
                        m.get("visibility", m.get("privacy")) not in ("private", "protected"):
                    names.setdefault(m["name"], "")
        out.setdefault(tag["name"], Registration(tag["name"], "", tuple(sorted(names.items()))))
    return out


def spelled(package_dir: Path, limits: ReadLimits = ReadLimits()) -> frozenset[str]:
    """Every identifier the package's JavaScript files spell (the files `_from_define_calls` walks, as bounded):
    the names its elements may have beyond what its manifest lists (a method a `tags` manifest leaves out),
    for a package whose JavaScript no model source read. Kept per package folder as `registrations` is."""
    try:
        st = (package_dir / "package.json").stat()
    except OSError:
        return frozenset()
    key = (str(package_dir), st.st_mtime_ns, st.st_size, limits.roots)
    cached = _SPELLED.get(key)
    if cached is None:
        words: set[bytes] = set()
        for path in _package_js_files(package_dir):
            try:
                words.update(_IDENTIFIER.findall(limits.read(path)))
            except OSError:
                continue
        cached = frozenset(w.decode("ascii", "replace") for w in words)
        if len(_SPELLED) > 8:
            _SPELLED.clear()
        _SPELLED[key] = cached
    return cached


_SPELLED: dict[tuple, frozenset[str]] = {}
_IDENTIFIER = re.compile(rb"[A-Za-z_$][\w$]*")


def _from_define_calls(package_dir: Path, limits: ReadLimits) -> dict[str, str]:
    """`customElements.define('x-y', Class)` (also `window.customElements...`) in the package's JavaScript:
    tag -> the class identifier's name."""
    from lsp_server.document import ParsedDocument

    found: dict[str, str] = {}
    parsed = 0
    for path in _package_js_files(package_dir):
        if parsed >= MAX_JS_PARSED:
            break
        try:
            data = limits.read(path)
        except OSError:
            continue
        if b"customElements.define(" not in data:
            continue
        parsed += 1
        doc = ParsedDocument.create(path.as_uri(), data.decode("utf-8", "replace"))
        if doc.tree is None:
            continue
        for tag, cls in define_calls(doc):
            found.setdefault(tag, cls)
    return found


def _package_js_files(package_dir: Path):
    """The package's own JavaScript files (`.js`/`.mjs`, not minified bundles, not its node_modules or dot
    folders), in a stable order, at most MAX_JS_FILES of them: what `spelled` and the define calls read."""
    looked = 0
    for folder, dirs, files in os.walk(package_dir):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and not d.startswith("."))
        for name in sorted(files):
            if not name.endswith((".js", ".mjs")) or name.endswith(".min.js"):
                continue
            looked += 1
            if looked > MAX_JS_FILES:
                return
            yield Path(folder) / name


def define_calls(doc) -> list[tuple[str, str]]:
    """(tag, class name) of each `customElements.define('x-y', Name)` in a parsed file."""
    out = []
    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            if fn is not None and fn.type == "member_expression" and args is not None and \
                    len(args.named_children) >= 2:
                prop, obj = fn.child_by_field_name("property"), fn.child_by_field_name("object")
                first, second = args.named_children[0], args.named_children[1]
                if prop is not None and doc.node_text(prop) == "define" and obj is not None and \
                        doc.node_text(obj).rpartition(".")[2] == "customElements" and first.type == "string" and \
                        second.type == "identifier":
                    tag = doc.node_text(first)[1:-1]
                    if "-" in tag:
                        out.append((tag, doc.node_text(second)))
        stack.extend(node.named_children)
    return out
