"""Untyped subpath entry files (round 35's gluegun: `require('gluegun/filesystem')` found nothing): a package
without an `exports` map ships one-line CommonJS files at its root (`filesystem.js`: `module.exports =
require('./build/filesystem')`) with no declaration beside them; the file they hand on is tsc's CommonJS output,
whose declarations are in a tree that mirrors the JavaScript one under another root (`"main": "build/index.js"`,
`"types": "build/types/index.d.ts"`: `build/filesystem.js` is declared by `build/types/filesystem.d.ts`). The
subpath then binds those declarations: when they export only what the package's entry exports (each the same
declaration: the entry's part), the package's module, as a subpath read into it is. A subpath that is no file,
or whose typings export more or other, stays unknown (no finding), as before."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources import extract
from lsp_server.knowledge.object_model import _entry_subpaths, _exports_part, reexported_file, runtime_declaration
from tests.support.symbols_helpers import make_workspace, symbol_findings

TOOLS_DTS = ("export interface KitFs {\n  dir(path: string): string;\n  read(path: string): string;\n}\n"
             "export declare const fs: KitFs;\n")
TEXT_DTS = ("export interface KitText {\n  isBlank(value: string): boolean;\n  pad(value: string): string;\n}\n"
            "export declare const text: KitText;\n")
CJS_FS = ('"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.fs = void 0;\n'
          'var fs_tools_1 = require("./tools/fs-tools");\n'
          'Object.defineProperty(exports, "fs", { enumerable: true, get: function () { return fs_tools_1.fs; } });\n')


def kit(root: str = "node_modules/kit", manifest: dict | None = None) -> dict[str, str]:
    """A package laid out as tsc builds one with `declarationDir`: JavaScript under build/, declarations under
    build/types/, root entry files re-exporting build files."""
    return {
        f"{root}/package.json": json.dumps(manifest or {"name": "kit", "version": "1.0.0", "main": "build/index.js",
                                                        "types": "build/types/index.d.ts"}),
        f"{root}/build/index.js": 'exports.fs = require("./tools/fs-tools").fs;\n'
                                  'exports.text = require("./tools/text-tools").text;\n',
        f"{root}/build/fs.js": CJS_FS,
        f"{root}/build/text.js": 'exports.text = require("./tools/text-tools").text;\n',
        f"{root}/build/other.js": 'exports.fs = require("./tools/fs-tools").fs;\n',
        f"{root}/build/tools/fs-tools.js": "exports.fs = { dir() {}, read() {} };\n",
        f"{root}/build/tools/text-tools.js": "exports.text = { isBlank() {}, pad() {} };\n",
        f"{root}/build/types/index.d.ts": "export { fs, KitFs } from './tools/fs-tools';\n"
                                          "export { text, KitText } from './tools/text-tools';\n",
        f"{root}/build/types/fs.d.ts": "export { fs, KitFs } from './tools/fs-tools';\n",
        f"{root}/build/types/text.d.ts": "export { text, KitText } from './tools/text-tools';\n",
        f"{root}/build/types/other.d.ts": "export { fs } from './tools/fs-tools';\n",
        f"{root}/build/types/tools/fs-tools.d.ts": TOOLS_DTS,
        f"{root}/build/types/tools/text-tools.d.ts": TEXT_DTS,
        # the root entries: one a line, with the forms such files take
        f"{root}/fs.js": "module.exports = require('./build/fs')\n",
        f"{root}/text.js": "'use strict';\n// the text tools\nmodule.exports = require(\"./build/text.js\");\n",
        f"{root}/toolbox.js": "// for backwards compatibility\nmodule.exports = require('./build/index')\n",
        # real code, no declaration anywhere: nothing to read
        f"{root}/sniff.js": "var ok = process.version > 'v8';\nmodule.exports = { ok: ok };\n",
    }


def workspace(tmp_path, files: dict[str, str], package: dict[str, str] | None = None):
    base = {**(package if package is not None else kit()),
            "package.json": json.dumps({"name": "app", "dependencies": {"kit": "1.0.0"}})}
    return make_workspace(tmp_path, {**base, **files})


def found(ws, rel):
    return [(f["line"], f["name"], (f["data"].get("suggestions") or [None])[0]) for f in symbol_findings(ws, rel)]


def test_a_re_export_file_is_followed_to_the_file_it_hands_on(tmp_path):
    files = kit()
    make_workspace(tmp_path, files)
    pkg = (tmp_path / "node_modules/kit").resolve()
    assert reexported_file(pkg / "fs.js", pkg) == pkg / "build/fs.js"
    assert reexported_file(pkg / "text.js", pkg) == pkg / "build/text.js"  # "use strict", a comment, `.js`
    assert reexported_file(pkg / "toolbox.js", pkg) == pkg / "build/index.js"
    assert reexported_file(pkg / "sniff.js", pkg) is None  # more than the one statement
    (pkg / "two.js").write_text("module.exports = require('./build/fs')\nmodule.exports.x = 1\n")
    assert reexported_file(pkg / "two.js", pkg) is None
    (pkg / "away.js").write_text("module.exports = require('../other/index.js')\n")
    (tmp_path / "node_modules/other").mkdir()
    (tmp_path / "node_modules/other/index.js").write_text("exports.x = 1\n")
    assert reexported_file(pkg / "away.js", pkg) is None  # outside the package
    (pkg / "big.js").write_text("module.exports = require('./build/fs')\n" + "//" + "x" * 5000 + "\n")
    assert reexported_file(pkg / "big.js", pkg) is None  # not a one-line file


def test_a_javascript_file_s_declarations_beside_it_or_in_the_mirrored_types_tree(tmp_path):
    make_workspace(tmp_path, kit())
    pkg = (tmp_path / "node_modules/kit").resolve()
    assert runtime_declaration(pkg, pkg / "build/fs.js") == pkg / "build/types/fs.d.ts"
    assert runtime_declaration(pkg, pkg / "build/tools/fs-tools.js") == pkg / "build/types/tools/fs-tools.d.ts"
    assert runtime_declaration(pkg, pkg / "sniff.js") is None  # not under main's folder
    (pkg / "build/beside.js").write_text("exports.b = 1\n")
    (pkg / "build/beside.d.ts").write_text("export declare const b: number;\n")
    assert runtime_declaration(pkg, pkg / "build/beside.js") == pkg / "build/beside.d.ts"
    # entries of two names are no mirror: the types tree is not the JavaScript one
    (pkg / "package.json").write_text(json.dumps({"main": "build/index.js", "types": "build/types/kit.d.ts"}))
    assert runtime_declaration(pkg, pkg / "build/fs.js") is None
    (pkg / "package.json").write_text(json.dumps({"main": "build/index.js"}))
    assert runtime_declaration(pkg, pkg / "build/fs.js") is None


def test_the_root_entries_without_typings_and_what_declares_them(tmp_path):
    make_workspace(tmp_path, kit())
    pkg = (tmp_path / "node_modules/kit").resolve()
    subs = {sub: (decl, f) for sub, decl, f in _entry_subpaths("kit", tmp_path)}
    assert subs == {"fs": (pkg / "build/types/fs.d.ts", pkg / "fs.js"),
                    "text": (pkg / "build/types/text.d.ts", pkg / "text.js"),
                    "toolbox": (pkg / "build/types/index.d.ts", pkg / "toolbox.js")}
    # a root file with a declaration beside it is TypeScript's own subpath, not one of these
    (pkg / "text.d.ts").write_text("export {};\n")
    assert "text" not in {sub for sub, _, _ in _entry_subpaths("kit", tmp_path)}
    # with an `exports` map, Node loads only what the map names: no root file is a subpath
    manifest = json.loads((pkg / "package.json").read_text())
    (pkg / "package.json").write_text(json.dumps({**manifest, "exports": {".": "./build/index.js"}}))
    assert _entry_subpaths("kit", tmp_path) == []


def test_a_required_entry_binds_the_exports_of_the_file_it_hands_on(tmp_path):
    # before: `require('kit/fs')` bound nothing, so no member of what it gives was checked
    code = ("const { fs } = require('kit/fs')\n"
            "const { text } = require('kit/text')\n"
            "fs.dirr('/tmp')\n"
            "fs.read('/tmp')\n"
            "text.isBlnk('')\n"
            "text.pad('')\n"
            "const whole = require('kit/fs')\n"
            "whole.fs.red('x')\n"
            "whole.nothing\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    # (`whole` is the package's module: its `nothing` is missing; `text`, which kit/fs lacks, would pass)
    assert found(ws, "src/a.js") == [(3, "dirr", "dir"), (5, "isBlnk", "isBlank"), (8, "red", "read"),
                                     (9, "nothing", None)]


def test_an_entry_whose_typings_are_no_part_of_the_package_s_stays_unknown(tmp_path):
    # `kit/extra` exports a name the entry does not: its own module would copy every type it reaches (two
    # `KitFs`), so it is left unread; `kit/alias` exports a name of the entry that is another declaration
    files = kit()
    files["node_modules/kit/extra.js"] = "module.exports = require('./build/extra')\n"
    files["node_modules/kit/build/extra.js"] = "exports.fs = 1; exports.more = 2;\n"
    files["node_modules/kit/build/types/extra.d.ts"] = ("export { fs } from './tools/fs-tools';\n"
                                                        "export declare const more: number;\n")
    files["node_modules/kit/alias.js"] = "module.exports = require('./build/alias')\n"
    files["node_modules/kit/build/alias.js"] = "exports.fs = {};\n"
    files["node_modules/kit/build/types/alias.d.ts"] = "export declare const fs: { dir(): void };\n"
    code = ("const { fs } = require('kit/extra')\nfs.dirr('/tmp')\n"
            "const { fs: f2 } = require('kit/alias')\nf2.dirr('/tmp')\n")
    ws = workspace(tmp_path, {"src/a.js": code}, files)
    assert found(ws, "src/a.js") == []
    pkg = (tmp_path / "node_modules/kit/build/types").resolve()
    whole = extract("dts", pkg / "index.d.ts", "kit")
    assert _exports_part(extract("dts", pkg / "fs.d.ts", "kit/fs"), "kit/fs", whole, "kit")
    assert not _exports_part(extract("dts", pkg / "extra.d.ts", "kit/extra"), "kit/extra", whole, "kit")
    assert not _exports_part(extract("dts", pkg / "alias.d.ts", "kit/alias"), "kit/alias", whole, "kit")


def test_an_entry_handing_on_the_package_s_main_is_the_package(tmp_path):
    code = "const { fs, text } = require('kit/toolbox')\nfs.dri('/tmp')\ntext.pad('')\n"
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(2, "dri", "dir")]


def test_a_subpath_that_is_no_root_entry_stays_unknown(tmp_path):
    # `kit/other` has a build file and its declarations but no root file: Node cannot load it, and the model
    # says nothing of it; nor of a root file of real code without typings, nor of a missing one
    code = ("const { fs } = require('kit/other')\nfs.dirr('/tmp')\n"
            "const sniff = require('kit/sniff')\nsniff.okk\n"
            "const { fs: f2 } = require('kit/missing')\nf2.dirr('/tmp')\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == []


def test_an_exports_map_keeps_root_files_out(tmp_path):
    manifest = {"name": "kit", "version": "1.0.0", "main": "build/index.js", "types": "build/types/index.d.ts",
                "exports": {".": "./build/index.js", "./fs": "./fs.js"}}
    code = "const { fs } = require('kit/fs')\nfs.dirr('/tmp')\n"
    ws = workspace(tmp_path, {"src/a.js": code}, kit(manifest=manifest))
    assert found(ws, "src/a.js") == []
