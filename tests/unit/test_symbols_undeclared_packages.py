"""A package the project does not declare, installed only because a dependency of one of its dependencies needs it
(hoisted into the top node_modules), is at the version that package chose: code importing it may be written for
another major (sails's docs use winston 3's `createLogger`; its install has winston 2.4.7, `prompt`'s). Its names
are known, but its typings and runtime say nothing closed about what the code may use: no unknown-symbol finding on
it. A package the project declares, or one its declared packages depend on, is checked as before; so is any package
in a folder whose package.json declares nothing (nothing says which version is meant)."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

OLD_LOGGER = """
declare namespace logkit {
    interface Logkit { Logger: any; log(msg: string): void; }
}
declare const logkit: logkit.Logkit;
export = logkit;
"""

PACKAGES = {
    # the project's dependency `app-kit` depends on `mid`, which depends on `logkit` (an old major)
    "node_modules/app-kit/package.json": json.dumps({"name": "app-kit", "types": "index.d.ts",
                                                     "dependencies": {"mid": "^1.0.0"}}),
    "node_modules/app-kit/index.d.ts": "export declare function start(): void;\n",
    "node_modules/mid/package.json": json.dumps({"name": "mid", "types": "index.d.ts",
                                                 "dependencies": {"logkit": "^2.0.0"}}),
    "node_modules/mid/index.d.ts": "export declare function prompt(): void;\n",
    "node_modules/logkit/package.json": json.dumps({"name": "logkit", "version": "2.4.7", "types": "index.d.ts"}),
    "node_modules/logkit/index.d.ts": OLD_LOGGER,
}

CODE = """
const logkit = require('logkit');
const { createLogger } = logkit;
logkit.createLogger({});
const mid = require('mid');
mid.prompt(); mid.promt();
const kit = require('app-kit');
kit.strat();
"""


def test_a_hoisted_package_the_project_does_not_declare_is_not_closed(tmp_path):
    ws = make_workspace(tmp_path, {**PACKAGES, "package.json": json.dumps({"name": "app", "dependencies":
                                                                          {"app-kit": "^1.0.0"}}),
                                   "src/log.js": CODE})
    found = {(f["line"], f["name"]) for f in symbol_findings(ws, "src/log.js")}
    # the declared package and its own dependency are checked; the hoisted one is not
    assert found == {(6, "promt"), (8, "strat")}


def test_a_declared_package_or_no_manifest_is_checked_as_before(tmp_path):
    declared = make_workspace(tmp_path / "a", {**PACKAGES, "package.json": json.dumps(
        {"name": "app", "dependencies": {"app-kit": "^1.0.0", "logkit": "^2.0.0"}}), "src/log.js": CODE})
    assert {(4, "createLogger")} <= {(f["line"], f["name"]) for f in symbol_findings(declared, "src/log.js")}
    bare = make_workspace(tmp_path / "b", {**PACKAGES, "src/log.js": CODE})
    assert {(4, "createLogger")} <= {(f["line"], f["name"]) for f in symbol_findings(bare, "src/log.js")}


def test_a_nested_manifest_that_starts_declaring_the_package_closes_it_again(tmp_path):
    """A monorepo's package folder (`packages/web/package.json`) decides what its files declare: when its manifest
    changes on disk to declare the hoisted package, the running service checks that package from then on (and
    stops again when the declaration goes), without a restart."""
    nested = "packages/web/package.json"
    ws = make_workspace(tmp_path, {**PACKAGES, "package.json": json.dumps({"name": "mono", "private": True}),
                                   nested: json.dumps({"name": "web", "dependencies": {"app-kit": "^1.0.0"}}),
                                   "packages/web/src/log.js": CODE})
    rel = "packages/web/src/log.js"
    assert (4, "createLogger") not in {(f["line"], f["name"]) for f in symbol_findings(ws, rel)}
    (tmp_path / nested).write_text(json.dumps({"name": "web", "dependencies": {"app-kit": "^1.0.0",
                                                                             "logkit": "^2.0.0"}}))
    ws.files_changed([tmp_path / nested])
    assert (4, "createLogger") in {(f["line"], f["name"]) for f in symbol_findings(ws, rel)}
    (tmp_path / nested).write_text(json.dumps({"name": "web", "dependencies": {"app-kit": "^1.0.0"}}))
    ws.files_changed([tmp_path / nested])
    assert (4, "createLogger") not in {(f["line"], f["name"]) for f in symbol_findings(ws, rel)}
