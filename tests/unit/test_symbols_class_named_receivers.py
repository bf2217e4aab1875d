"""Receivers named as instances of an engine class (issue 17, round 15 after planck's held-out run). A README
fragment with a single call on an undeclared receiver (`myBody.isAwake()`, `sensorContact.isTouching()`) shows
no other use of the engine, so the vocabulary check said nothing there, whatever the name. A receiver whose
compound name ends with the name of an engine class (`myBody` of `Body`) is that class's instance by the
docs' naming: a near miss of one of that class's members is reported there; a near miss of another type's
member, a plain word (`body`) or another name stays silent."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace
from tests.unit.test_symbols_bundle_renamed_types import TYPES


def test_a_near_miss_on_a_receiver_named_after_an_engine_class(tmp_path):
    ws = package_workspace(tmp_path, "phys", TYPES, {
        "package.json": json.dumps({"dependencies": {"phys": "1.0.0"}}),
        "src/plural.js": "if (myBody.isAwakes()) {\n  go();\n}\n",
        "src/casing.js": "groundBody.applyforce(f, p);\n",
        "src/clean.js": "if (myBody.isAwake()) {\n  go();\n}\n",
        "src/plain.js": "if (body.isAwakes()) {\n  go();\n}\n",
        "src/other.js": "if (myThing.isAwakes()) {\n  go();\n}\n",
        "src/other_type.js": "myBody.createBodys();\n",
    })
    assert flags_with_first_suggestion(ws, "src/plural.js") == [(1, "isAwakes", ["isAwake"])]
    assert flags_with_first_suggestion(ws, "src/casing.js") == [(1, "applyforce", ["applyForce"])]
    for clean in ("src/clean.js", "src/plain.js", "src/other.js", "src/other_type.js"):
        assert flags_with_first_suggestion(ws, clean) == [], clean


PREDICATES = """export declare class Body {
    isAwake(): boolean;
    applyForce(force: object, point: object): void;
}
export interface BodyDef {
    awake?: boolean;
}
"""


def test_another_predicates_prefix_means_the_predicate(tmp_path):
    """`hasAwake` beside the method `isAwake` and the option `awake`: the question asked with the wrong verb."""
    ws = package_workspace(tmp_path, "phys", PREDICATES, {
        "package.json": json.dumps({"dependencies": {"phys": "1.0.0"}}),
        "src/has.js": "if (a.hasAwake()) {\n  b.applyForce(f, p);\n}\n",
        "src/clean.js": "if (a.isAwake()) {\n  b.applyForce(f, p);\n}\n",
        "src/own.js": "let awake = a.hasAwake();\nb.applyForce(f, p);\n",  # the file's `awake` is no member
    })
    assert flags_with_first_suggestion(ws, "src/has.js") == [(1, "hasAwake", ["isAwake"])]
    assert flags_with_first_suggestion(ws, "src/own.js") == [(1, "hasAwake", ["isAwake"])]
    assert flags_with_first_suggestion(ws, "src/clean.js") == []
