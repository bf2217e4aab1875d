"""Helper functions proven to define a property named by an argument (`setReadOnly( fn, 'seed', value )`).

A library may attach its objects' members at run time through a helper of its own or of a dependency that wraps
`Object.defineProperty` (stdlib's `@stdlib/utils/define-nonenumerable-read-only-property`, `define-read-only-
accessor`, ...): the member's name is then a string argument of a call of that helper, never written after a `.`.
Such a call defines that member as `Object.defineProperty(obj, 'name', ...)` does, once the helper is proven to
pass its first two parameters on as `Object.defineProperty`'s object and key. The proof reads the helper's
module as Node would load it (`require` of a relative path or of an installed package, a folder by its
package.json `main` or its index.js) and follows it, at most MAX_HOPS modules deep:

- a module's value is its `module.exports = X`;
- `Object.defineProperty` and `Reflect.defineProperty` define (object 0, key 1);
- `require('m')` is m's value; a name is what the file binds it to (a function declaration, a variable's value,
  and any value assigned to it later: `defineProperty = builtin` in one branch, `= polyfill` in another; one
  proven value is enough, the other being a fallback of the same function), a conditional either branch;
- a function defines (i, j) when its body calls a definer with two of its own parameters, unchanged, as that
  definer's object and key: `function setReadOnly( obj, prop, value ) { defineProperty( obj, prop, {...} ) }`.

Anything else proves nothing (a helper that copies keys, a name computed in the body): its calls add no member.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from tree_sitter import Node

from lsp_server.knowledge.model_sources.base import ReadLimits
from lsp_server.languages import parser

MAX_HOPS = 6  # modules followed from a helper's require to `Object.defineProperty`
DEFINE_PROPERTY = frozenset({"Object.defineProperty", "Reflect.defineProperty"})
_JS = (".js", ".cjs")

_lock = threading.Lock()
_proven: dict[Path, tuple[int, int] | None] = {}  # a module file -> what its value defines (by its contents' key)
_keys: dict[Path, tuple[int, float]] = {}


def resolve_require(spec: str, importer: Path) -> Path | None:
    """The JavaScript file `require(spec)` in `importer` loads, as Node resolves it without an `exports` map
    (a package with one is resolved only for its root, by `main`; its subpaths prove nothing here), else None."""
    if spec.startswith(("./", "../")):
        return as_file_or_folder(importer.parent / spec, 0)
    if spec.startswith((".", "/")) or ":" in spec.split("/")[0]:
        return None
    parts = spec.split("/")
    n = 2 if spec.startswith("@") else 1
    if len(parts) < n:
        return None
    package, sub = "/".join(parts[:n]), "/".join(parts[n:])
    folder = importer.parent
    while True:
        candidate = folder / "node_modules" / package
        if (candidate / "package.json").is_file():
            if sub and _has_exports_map(candidate):
                return None
            return as_file_or_folder(candidate / sub if sub else candidate, 0)
        if folder.parent == folder:
            return None
        folder = folder.parent


def package_file(package: Path, sub: str) -> Path | None:
    """The file `require('<package>/<sub>')` loads in a package without an `exports` map (Node's LOAD_AS_FILE,
    then LOAD_AS_DIRECTORY: a folder by its package.json `main`, then its index.js), inside the package."""
    found = as_file_or_folder(package / sub, 0)
    root = str(package.resolve()).rstrip("/") + "/"
    return found if found is not None and str(found).startswith(root) else None


def _has_exports_map(package: Path) -> bool:
    manifest = _manifest(package)
    return isinstance(manifest, dict) and "exports" in manifest


def _manifest(folder: Path) -> object:
    try:
        return json.loads((folder / "package.json").read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return None


def as_file_or_folder(base: Path, depth: int = 0, suffixes: tuple[str, ...] = _JS) -> Path | None:
    """Node's LOAD_AS_FILE then LOAD_AS_DIRECTORY: `base` (when its suffix is one of `suffixes`), `base.js`,
    `base.cjs`; a folder's package.json `main`, then its index.js (grunt 0.3's `"main": "lib/grunt"` is
    `lib/grunt.js`, though a folder `lib/grunt/` stands beside it). None when none is a file."""
    for c in (base, base.with_name(base.name + ".js"), base.with_name(base.name + ".cjs")):
        if c.is_file() and c.suffix in suffixes:
            return c.resolve()
    if not base.is_dir() or depth > 2:
        return None
    manifest = _manifest(base)
    main = manifest.get("main") if isinstance(manifest, dict) else None
    if isinstance(main, str) and main.strip():
        found = as_file_or_folder(base / main, depth + 1, suffixes)
        if found is not None:
            return found
    index = base / "index.js"
    return index.resolve() if index.is_file() else None


def module_definer(path: Path | None, limits: ReadLimits = ReadLimits(), hops: int = 0) -> tuple[int, int] | None:
    """(object's argument index, key's argument index) when the value the module at `path` exports is proven to
    define a property (see the module's doc), else None. Kept per file while its size and time are unchanged."""
    if path is None or hops > MAX_HOPS:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    key = (st.st_size, st.st_mtime)
    with _lock:
        if _keys.get(path) == key:
            return _proven[path]
        _keys[path], _proven[path] = key, None  # (a cycle of requires proves nothing)
    try:
        data = limits.read(path)
    except OSError:
        return None
    found = _Module(path, data, limits, hops).exported()
    with _lock:
        _proven[path] = found
    return found


class _Module:
    def __init__(self, path: Path, data: bytes, limits: ReadLimits, hops: int):
        self.path, self.data, self.limits, self.hops = path, data, limits, hops
        self.root = parser("javascript").parse(data).root_node
        self.functions: dict[str, Node] = {}
        self.values: dict[str, list[Node]] = {}  # a top-level name -> every value given it (declared, assigned)
        self.exports: list[Node] = []
        self._index(self.root, top=True)

    def text(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def _index(self, node: Node, top: bool) -> None:
        for child in node.named_children:
            if child.type == "function_declaration" and top:
                name = child.child_by_field_name("name")
                if name is not None:
                    self.functions[self.text(name)] = child
                continue  # (a function's own body binds its own names)
            if child.type in ("function_expression", "arrow_function", "function", "class_declaration", "class"):
                continue
            if child.type == "variable_declarator" and top:
                name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
                if name is not None and name.type == "identifier" and value is not None:
                    self.values.setdefault(self.text(name), []).append(value)
            elif child.type == "assignment_expression":
                left, right = child.child_by_field_name("left"), child.child_by_field_name("right")
                if left is not None and right is not None:
                    written = self.text(left).replace(" ", "")
                    if written == "module.exports":
                        self.exports.append(right)
                    elif left.type == "identifier":
                        self.values.setdefault(written, []).append(right)
            # top-level statements and the blocks of top-level `if`s keep their names the file's own
            self._index(child, top=top and child.type in (
                "program", "expression_statement", "variable_declaration", "lexical_declaration", "variable_declarator",
                "if_statement", "else_clause", "statement_block", "assignment_expression", "parenthesized_expression"))

    def exported(self) -> tuple[int, int] | None:
        for value in self.exports:
            found = self.value(value, set())
            if found is not None:
                return found
        return None

    def value(self, node: Node | None, seen: set[str]) -> tuple[int, int] | None:
        """What a value of this file defines, if proven."""
        while node is not None and node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[0]
        if node is None:
            return None
        if node.type == "member_expression":
            return (0, 1) if self.text(node).replace(" ", "") in DEFINE_PROPERTY else None
        if node.type == "ternary_expression":
            return self.value(node.child_by_field_name("consequence"), seen) or \
                self.value(node.child_by_field_name("alternative"), seen)
        if node.type in ("function_expression", "arrow_function", "function", "function_declaration"):
            return self.function(node, seen)
        if node.type == "call_expression":
            spec = self.required(node)
            if spec is None:
                return None
            return module_definer(resolve_require(spec, self.path), self.limits, self.hops + 1)
        if node.type == "identifier":
            name = self.text(node)
            if name in seen:
                return None
            seen = seen | {name}
            if name in self.functions:
                return self.function(self.functions[name], seen)
            for value in self.values.get(name, ()):
                found = self.value(value, seen)
                if found is not None:
                    return found
        return None

    def required(self, call: Node) -> str | None:
        """`require('spec')`'s spec, else None."""
        fn, args = call.child_by_field_name("function"), call.child_by_field_name("arguments")
        if fn is None or args is None or self.text(fn) != "require":
            return None
        items = [a for a in args.named_children if a.type != "comment"]
        if len(items) != 1 or items[0].type != "string":
            return None
        return self.text(items[0])[1:-1]

    def function(self, fn: Node, seen: set[str]) -> tuple[int, int] | None:
        """(i, j) when the function's body calls a definer with its parameters i and j as object and key."""
        params_node = fn.child_by_field_name("parameters")
        body = fn.child_by_field_name("body")
        if params_node is None or body is None:
            return None
        params = [self.text(p) if p.type == "identifier" else None for p in params_node.named_children
                  if p.type != "comment"]
        reassigned = {self.text(n.child_by_field_name("left")) for n in _descendants(body, "assignment_expression")
                      if n.child_by_field_name("left") is not None}
        for call in _descendants(body, "call_expression"):
            args = call.child_by_field_name("arguments")
            callee = call.child_by_field_name("function")
            if args is None or callee is None:
                continue
            items = [a for a in args.named_children if a.type != "comment"]
            defines = self.value(callee, seen) if callee.type in ("identifier", "member_expression") else None
            if defines is None or max(defines) >= len(items):
                continue
            obj, key = items[defines[0]], items[defines[1]]
            if obj.type != "identifier" or key.type != "identifier":
                continue
            o, k = self.text(obj), self.text(key)
            if o in params and k in params and o not in reassigned and k not in reassigned:
                return params.index(o), params.index(k)
        return None


def _descendants(node: Node, kind: str):
    """The nodes of `kind` under `node`, not inside a nested function."""
    for child in node.named_children:
        if child.type in ("function_expression", "arrow_function", "function", "function_declaration"):
            continue
        if child.type == kind:
            yield child
        yield from _descendants(child, kind)
