"""A bundled typings file's renamed declarations (issue 17, round 15 after planck's held-out run). A typings
bundler that meets two declarations of one name renames one (`declare class Body$1`) and exports it under its
own name in the final export list (`export { Body$1 as Body }`): that class is the package's `Body`, a real
type whose members are the engine's vocabulary, not a synthesized `$` type of the model's. A file that uses
them on receivers nothing types (a README fragment: `myBody.isAwake()`) uses the engine, and a near miss of
one there is reported with the real member."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """declare class Body$1 {
    isAwake(): boolean;
    applyForce(force: object, point: object): void;
    createFixture(def: object): object;
}
declare class World {
    createBody(def?: object): Body$1;
}
export {
    Body$1 as Body,
    World,
};
"""


def test_members_of_a_class_its_export_list_renames_are_the_engines(tmp_path):
    ws = package_workspace(tmp_path, "phys", TYPES, {
        "package.json": json.dumps({"dependencies": {"phys": "1.0.0"}}),  # a fragment's project declares the engine
        "src/a.js": "if (myBody.isAwakes()) {\n  myBody.applyForce(f, p);\n}\n",
        "src/b.js": "if (myBody.isAwake()) {\n  myBody.applyforce(f, p);\n}\n",
        "src/clean.js": "if (myBody.isAwake()) {\n  myBody.applyForce(f, p);\n}\n",
    })
    assert flags_with_first_suggestion(ws, "src/a.js") == [(1, "isAwakes", ["isAwake"])]
    assert flags_with_first_suggestion(ws, "src/b.js") == [(2, "applyforce", ["applyForce"])]
    assert flags_with_first_suggestion(ws, "src/clean.js") == []

