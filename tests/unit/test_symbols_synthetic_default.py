"""Round 30 (weak30, planck's `import planck from 'planck'; new planck.World()`): a default import of a package
whose typings declare no default (no `export default`, no `export =`, no `__esModule` marker) is the whole module,
as TypeScript's synthetic default makes it (esModuleInterop / allowSyntheticDefaultImports, and `module.exports`
for a CommonJS package imported from ESM). A runtime default the model reads (a function, a class) still wins;
typings that declare their own default keep it. Through the real `unknown-symbol` check on tiny packages."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """\
export declare class World {
  step(dt: number): void;
  getBodyList(): Body | null;
}
export declare class Body { getNext(): Body | null; }
export declare function Vec2(x: number, y: number): { x: number; y: number };
"""

APP = """\
import phys from 'phys';
const world = new phys.World();
world.step(1 / 60);
world.stepp(1 / 60);
const bad = new phys.Wold();
phys.Vec2(0, 0);
"""


def flagged(tmp_path, types: str, runtime: dict[str, str] | None = None, app: str = APP) -> list[tuple[int, str]]:
    pkg = {"name": "phys", "types": "index.d.ts"}
    if runtime:
        pkg["main"] = "index.js"
    tree = {"node_modules/phys/package.json": json.dumps(pkg), "node_modules/phys/index.d.ts": types,
            **{f"node_modules/phys/{rel}": text for rel, text in (runtime or {}).items()},
            "package.json": json.dumps({"name": "app", "dependencies": {"phys": "1.0.0"}}),
            "src/app.js": app}
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_default_import_of_typings_without_a_default_is_the_module(tmp_path):
    """No default in the typings and none the runtime makes readable (planck's bundle: `export { planck as
    default }` of a frozen namespace object): `phys.World` is the module's class, `phys.Wold` is no export of it,
    and the instance it makes is typed (`world.stepp`)."""
    runtime = {"index.js": "const ns = Object.freeze({ __proto__: null, World, Body, Vec2 });\n"
                           "function World() {}\nfunction Body() {}\nfunction Vec2(x, y) { return { x, y }; }\n"
                           "export { World, Body, Vec2, ns as default };\n"}
    assert flagged(tmp_path, TYPES, runtime) == [(4, "stepp"), (5, "Wold")]


def test_a_default_import_of_typings_only_is_the_module(tmp_path):
    assert flagged(tmp_path, TYPES) == [(4, "stepp"), (5, "Wold")]


def test_declared_defaults_and_es_module_markers_keep_their_meaning(tmp_path):
    """Typings that declare a default (it is what the import binds) or mark themselves a compiled ES module
    (`__esModule`: no synthetic default, TypeScript reports the import itself) say nothing of the namespace:
    the declared default has `make` and no `World`."""
    declared = TYPES + "declare const api: { make(): World };\nexport default api;\n"
    assert flagged(tmp_path / "a", declared, app="import phys from 'phys';\nphys.World;\nphys.make();\n"
                   "phys.maker();\n") == [(2, "World"), (4, "maker")]
    marked = TYPES + "export declare const __esModule: true;\n"
    assert flagged(tmp_path / "b", marked) == []
