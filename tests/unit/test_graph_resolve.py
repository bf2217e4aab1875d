"""Resolution rules on small folders built in tmp_path: relative probing, folders, package.json fields and
`exports` conditions, tsconfig/jsconfig paths and baseUrl, builtins, node_modules, object-model modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lsp_server.graph.resolve import (
    BUILTIN, FILE, MISSING_ALIAS, MISSING_FILE, MISSING_PACKAGE, SERVED, Resolver, exports_target,
    strip_json_comments,
)


def write(root: Path, files: dict[str, str | dict]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content) if isinstance(content, dict) else content, encoding="utf-8")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    write(tmp_path, {"src/main.js": "", "src/a.js": "", "src/b.mjs": "", "src/c.cjs": "", "src/d.jsx": "",
                     "src/t.ts": "", "src/data.json": "{}", "src/dir/index.js": "", "src/pkgdir/package.json":
                     {"main": "lib/entry.js"}, "src/pkgdir/lib/entry.js": "", "src/modonly/package.json":
                     {"module": "esm.js"}, "src/modonly/esm.js": "", "src/noindex/readme.md": ""})
    return tmp_path


def resolve(root: Path, spec: str, importer: str = "src/main.js", kind: str = "import", provided=frozenset()):
    return Resolver(root, frozenset(provided)).resolve(spec, str(root / importer), kind)


@pytest.mark.parametrize("spec, expected", [
    ("./a.js", "src/a.js"),  # exact
    ("./a", "src/a.js"),  # extension probing
    ("./b", "src/b.mjs"),
    ("./c", "src/c.cjs"),
    ("./d", "src/d.jsx"),
    ("./t.js", "src/t.ts"),  # TypeScript's .js -> .ts
    ("./data.json", "src/data.json"),
    ("./dir", "src/dir/index.js"),  # folder index
    ("./dir/", "src/dir/index.js"),
    ("./pkgdir", "src/pkgdir/lib/entry.js"),  # folder package.json main
    ("./modonly", "src/modonly/esm.js"),  # folder package.json module
    ("../src/a", "src/a.js"),
])
def test_relative_resolution(ws: Path, spec: str, expected: str):
    res = resolve(ws, spec)
    assert res.kind == FILE and Path(res.target) == ws / expected


@pytest.mark.parametrize("spec", ["./missing.js", "./noindex", "../../../nowhere/x"])
def test_relative_missing(ws: Path, spec: str):
    res = resolve(ws, spec)
    assert res.kind == MISSING_FILE and res.target is None


@pytest.mark.parametrize("spec, target", [
    ("node:fs", "node:fs"), ("fs", "node:fs"), ("fs/promises", "node:fs/promises"), ("node:test", "node:test"),
    ("path", "node:path"),
])
def test_builtins(ws: Path, spec: str, target: str):
    res = resolve(ws, spec)
    assert (res.kind, res.target) == (BUILTIN, target)


def test_bare_packages_in_node_modules_from_any_ancestor(ws: Path):
    write(ws, {"node_modules/left-pad/package.json": {"main": "index.js"}, "node_modules/left-pad/index.js": "",
               "node_modules/left-pad/lib/util.js": "",
               "node_modules/@scope/pkg/package.json": {"main": "main.js"}, "node_modules/@scope/pkg/main.js": ""})
    assert resolve(ws, "left-pad", "src/dir/index.js").target == "package:left-pad"
    assert resolve(ws, "left-pad/lib/util").target == "package:left-pad"
    assert resolve(ws, "@scope/pkg").target == "package:@scope/pkg"
    missing_sub = resolve(ws, "left-pad/nope")
    assert missing_sub.kind == MISSING_PACKAGE and "has no nope" in missing_sub.detail
    not_installed = resolve(ws, "react")
    assert not_installed.kind == MISSING_PACKAGE and "not installed (nor in package.json)" in not_installed.detail
    write(ws, {"package.json": {"name": "app", "devDependencies": {"react": "^19"}}})
    declared = Resolver(ws).resolve("react", str(ws / "src/dir/index.js"))
    assert declared.kind == MISSING_PACKAGE and "it is in package.json: run npm install?" in declared.detail


def test_package_exports_conditions_and_patterns(ws: Path):
    write(ws, {
        "node_modules/dual/package.json": {"name": "dual", "exports": {
            ".": {"import": "./esm/index.mjs", "require": "./cjs/index.cjs"},
            "./feature/*": {"require": "./cjs/features/*.cjs"},
            "./internal/*": None,
            "./package.json": "./package.json"}},
        "node_modules/dual/esm/index.mjs": "", "node_modules/dual/cjs/index.cjs": "",
        "node_modules/dual/cjs/features/x.cjs": "",
    })
    assert resolve(ws, "dual").target == "package:dual"
    assert resolve(ws, "dual", kind="require").target == "package:dual"
    assert resolve(ws, "dual/feature/x", kind="require").target == "package:dual"
    # Only a `require` condition for features: an ESM import of it is not exported.
    assert resolve(ws, "dual/feature/x").kind == MISSING_PACKAGE
    assert resolve(ws, "dual/internal/secret").kind == MISSING_PACKAGE
    assert resolve(ws, "dual/cjs/index.cjs").kind == MISSING_PACKAGE  # not in exports, even though the file exists


def test_exports_target_follows_node_rules():
    exports = {".": [{"node": {"import": "./n.mjs"}}, "./fallback.js"], "./a/*.js": "./lib/a/*.js",
               "./a/special.js": "./special.js", "./legacy/": "./old/"}
    assert exports_target(exports, ".", ("import", "node", "default")) == "./n.mjs"
    assert exports_target(exports, ".", ("require", "default")) == "./fallback.js"
    assert exports_target(exports, "./a/x.js", ("import",)) == "./lib/a/x.js"
    assert exports_target(exports, "./a/special.js", ("import",)) == "./special.js"
    assert exports_target(exports, "./legacy/y.js", ("import",)) == "./old/y.js"
    assert exports_target("./main.js", ".", ("import",)) == "./main.js"
    assert exports_target({"import": "./m.mjs", "default": "./d.js"}, ".", ("require", "default")) == "./d.js"
    assert exports_target(exports, "./nope", ("import",)) is None


def test_tsconfig_paths_longest_prefix_and_base_url(ws: Path):
    write(ws, {
        "tsconfig.json": '{\n  // comments and trailing commas are allowed\n  "compilerOptions": {\n'
                         '    "baseUrl": "./src",\n    "paths": {"@/*": ["./*"], "@/dir/*": ["./pkgdir/lib/*"],'
                         ' "~config": ["./a.js"], "@missing/*": ["./nothing/*"],},\n  },\n}\n',
    })
    assert Path(resolve(ws, "@/a").target) == ws / "src/a.js"
    assert Path(resolve(ws, "@/dir/entry").target) == ws / "src/pkgdir/lib/entry.js"  # longer prefix wins
    assert Path(resolve(ws, "~config").target) == ws / "src/a.js"
    assert Path(resolve(ws, "dir").target) == ws / "src/dir/index.js"  # baseUrl
    missing = resolve(ws, "@missing/x")
    assert missing.kind == MISSING_ALIAS and "tsconfig.json" in missing.detail


def test_jsconfig_paths_without_base_url_and_extends(ws: Path):
    write(ws, {"configs/base.json": {"compilerOptions": {"paths": {"#lib/*": ["../src/dir/*"]}}},
               "jsconfig.json": {"extends": "./configs/base.json"}})
    assert Path(resolve(ws, "#lib/index.js").target) == ws / "src/dir/index.js"


def test_nearest_config_wins(ws: Path):
    write(ws, {"jsconfig.json": {"compilerOptions": {"paths": {"x": ["src/a.js"]}}},
               "src/dir/jsconfig.json": {"compilerOptions": {"paths": {"x": ["../b.mjs"]}}}})
    assert Path(resolve(ws, "x").target) == ws / "src/a.js"
    assert Path(resolve(ws, "x", "src/dir/index.js").target) == ws / "src/b.mjs"


def test_package_imports_field(ws: Path):
    write(ws, {"package.json": {"name": "app", "imports": {"#util/*": "./src/*.js",
                                                           "#dep": {"node": "left-pad", "default": "./src/a.js"}}},
               "node_modules/left-pad/package.json": {"main": "index.js"}, "node_modules/left-pad/index.js": ""})
    assert Path(resolve(ws, "#util/a").target) == ws / "src/a.js"
    assert resolve(ws, "#dep").target == "package:left-pad"
    assert resolve(ws, "#nope").kind == MISSING_ALIAS


def test_object_model_modules_exist_without_node_modules(ws: Path):
    provided = {"@acme/layout"}
    assert resolve(ws, "@acme/layout", provided=provided).target == "package:@acme/layout"
    assert resolve(ws, "@acme/layout/extra", provided=provided).target == "package:@acme/layout"
    assert resolve(ws, "@acme/other", provided=provided).kind == MISSING_PACKAGE


def test_strip_json_comments_keeps_strings():
    text = '{"a": "http://x//y", /* c */ "b": [1, 2,], // end\n}'
    assert json.loads(strip_json_comments(text)) == {"a": "http://x//y", "b": [1, 2]}


def test_cache_invalidation_sees_new_files(ws: Path):
    resolver = Resolver(ws)
    importer = str(ws / "src/main.js")
    assert resolver.resolve("./late", importer).kind == MISSING_FILE
    (ws / "src/late.js").write_text("")
    assert resolver.resolve("./late", importer).kind == MISSING_FILE  # cached listing
    resolver.invalidate([str(ws / "src/late.js")])
    assert resolver.resolve("./late", importer).kind == FILE


def test_root_absolute_paths_resolve_against_the_project_root_then_are_the_origin_s(tmp_path: Path):
    """`import '/dist/app.js'`: a dev server (Vite) serves the project root and its `public/` at `/`, a browser
    asks the page's origin: the nearest package.json folder, then the workspace root, each before its
    `public/`; the file system path itself when it is inside the workspace; what no file answers is a path
    on the origin (SERVED, resolved: never a missing file), except to `require`, which is Node's file system."""
    write(tmp_path, {"package.json": {}, "dist/app.js": "", "public/vendor.js": "", "site/package.json": {},
                     "site/dist/app.js": "", "site/pages/main.js": "", "pages/main.js": "", "lib/x.js": ""})
    top = resolve(tmp_path, "/dist/app.js", "pages/main.js")
    assert top.kind == FILE and Path(top.target) == tmp_path / "dist/app.js"
    nested = resolve(tmp_path, "/dist/app.js", "site/pages/main.js")  # its own project's root first
    assert nested.kind == FILE and Path(nested.target) == tmp_path / "site/dist/app.js"
    public = resolve(tmp_path, "/vendor.js", "site/pages/main.js")
    assert public.kind == FILE and Path(public.target) == tmp_path / "public/vendor.js"
    probed = resolve(tmp_path, "/lib/x", "pages/main.js")  # extension probing as for any path
    assert probed.kind == FILE and Path(probed.target) == tmp_path / "lib/x.js"
    written = resolve(tmp_path, str(tmp_path / "lib/x.js"), "pages/main.js")  # an absolute path into the workspace
    assert written.kind == FILE and Path(written.target) == tmp_path / "lib/x.js"
    served = resolve(tmp_path, "/translations/<code>.js", "pages/main.js")
    assert served.kind == SERVED and served.resolved and served.target == "/translations/<code>.js"
    required = resolve(tmp_path, "/translations/en.js", "pages/main.js", kind="require")
    assert required.kind == MISSING_FILE and not required.resolved
