"""A receiver typed by its uses ("looks like", issue 17, round 15 after the held-out run): a guess that lacks a
name used on the receiver must never flag that name when another type that fits the uses as well has it, and a
class a bundler renamed (`declare class Body$1` ... `export { Body$1 as Body }`) is a type like any other: it
owns its members and makes what its methods return, and messages show it by its exported name."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import package_workspace, symbol_findings

# `Contact.getFixtureA` is a near miss of `getFixtureList`; only the body type has `getFixtureList` itself
TYPES = """export declare class Fixture {
    getNext(): Fixture | null;
    getDensity(): number;
}
export declare class Contact {
    getNext(): Contact | null;
    getFixtureA(): Fixture;
    getFixtureB(): Fixture;
    isTouching(): boolean;
}
declare class Body$1 {
    getNext(): Body$1 | null;
    getFixtureList(): %s;
    getMass(): number;
    getContactList(): ContactEdge | null;
}
export declare class ContactEdge {
    contact: Contact;
    next: ContactEdge | null;
}
export declare class World {
    getBodyList(): Body$1 | null;
    step(dt: number): void;
    getContactList(): Contact | null;
}
export { Body$1 as Body };
"""

LOOP = """function render(world) {
  for (let body = world.getBodyList(); body; body = body.getNext()) {
    for (let fixture = body.%s(); fixture; fixture = fixture.getNext()) {
      draw(fixture);
    }
  }
}
"""


def findings(tmp_path, returns: str, method: str) -> list[tuple[int, str, str]]:
    ws = package_workspace(tmp_path, "phys", TYPES % returns, {
        "package.json": json.dumps({"name": "app", "dependencies": {"phys": "1.0.0"}}),
        "src/a.js": LOOP % method,
    })
    return [(f["line"], f["name"], f["message"]) for f in symbol_findings(ws, "src/a.js")]


def test_a_guess_never_flags_a_name_another_type_fitting_the_uses_has(tmp_path):
    # the body type's method returns `any`: nothing says who makes a Fixture through `getFixtureList`, and the
    # near miss `getFixtureA` pointed at Contact, which lacks `getFixtureList`; the body type has every name used
    assert findings(tmp_path, "any", "getFixtureList") == []


def test_a_bundler_renamed_class_owns_its_members_and_makes_its_results(tmp_path):
    assert findings(tmp_path / "real", "Fixture | null", "getFixtureList") == []
    [(line, name, message)] = findings(tmp_path / "typo", "Fixture | null", "getFixtureLists")
    assert (line, name) == (3, "getFixtureLists")
    assert message.startswith("`Body` has no member `getFixtureLists`; did you mean `getFixtureList`?")
    assert "$" not in message


def test_a_bundler_renamed_class_is_named_as_its_export_when_a_name_decides(tmp_path):
    # both World and the body type have `getContactList`; `myBody` names the body type (`Body$1` is `Body`)
    ws = package_workspace(tmp_path, "phys", TYPES % "Fixture | null", {
        "package.json": json.dumps({"name": "app", "dependencies": {"phys": "1.0.0"}}),
        "src/a.js": "function f(myBody) {\n  myBody.getContactList();\n  myBody.getMas();\n}\n",
    })
    assert [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/a.js")] == \
        [(3, "getMas", ["getMass"])]


def test_a_let_walked_through_its_own_member_keeps_its_initial_type(tmp_path):
    # `ce = ce.next`: TypeScript declares `ce` by its initializer; `nexts`, which that type lacks, is its error
    walk = "import { World } from 'phys';\nconst body = new World().getBodyList();\n" \
           "for (let ce = body.getContactList(); ce; ce = ce.%s) {\n  use(ce.%s);\n}\n"
    ws = package_workspace(tmp_path, "phys", TYPES % "Fixture | null", {
        "package.json": json.dumps({"name": "app", "dependencies": {"phys": "1.0.0"}}),
        "src/real.js": walk % ("next", "contact"),
        "src/step.js": walk % ("nexts", "contact"),
        "src/field.js": walk % ("next", "contacts"),
    })
    def flags(rel):
        return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]
    assert flags("src/real.js") == []
    assert flags("src/step.js") == [(3, "nexts", ["next"])]
    assert flags("src/field.js") == [(4, "contacts", ["contact"])]
