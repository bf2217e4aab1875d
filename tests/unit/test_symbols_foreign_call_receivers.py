"""The vocabulary check on a receiver the file binds to the result of the user's own helper (round 30, react-router's
one false positive after its held-out run: `const db = createDatabaseClient(host, port); await db.insert(data)`,
flagged as a synonym of the engine's `History.push`). A function the file calls free, that nothing in reach
declares or imports and that the engine never names, is the snippet's helper whose declaration the docs leave out:
its value may be the user's object, whose `insert` is its own word, not the engine's `push` in another word. A
misspelling stays a mistake whoever's the object is (a test helper's `fixture(...)` returns the engine's element).
A free call of a name the engine has (an export the fragment assumes imported) keeps its receiver the engine's,
and so does a receiver nothing binds (a fragment's undeclared `nav`)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare enum Action { Pop = "POP", Push = "PUSH", Replace = "REPLACE" }
export declare class History {
    push(path: string): void;
    replace(path: string): void;
    navigate(path: string): void;
    readonly location: string;
}
export declare function createHistory(): History;
"""

HEAD = 'import { createHistory } from "web";\ncreateHistory().push("/");\n'


def findings(tmp_path, body: str):
    ws = package_workspace(tmp_path, "web", TYPES, {"src/app.js": HEAD + body})
    return flags_with_first_suggestion(ws, "src/app.js")


def test_a_receiver_made_by_the_users_own_helper_is_not_the_engines(tmp_path):
    # fails on main: [(4, "insert", ["push"])], a synonym of the engine's member on the user's database client
    body = "async function save(host, data) {\n  const db = await createDatabaseClient(host);\n" \
           "  return db.insert(data);\n}\nconst client = new DatabaseClient();\nclient.insert(1);\n"
    assert findings(tmp_path, body) == []


def test_a_free_call_of_the_engines_own_name_keeps_its_receiver_the_engines(tmp_path):
    # the fragment assumes `createHistory` imported: its value is the engine's History
    body = "function go() {\n  const nav = createHistory();\n  nav.insert('/a');\n}\n"
    assert findings(tmp_path, body) == [(5, "insert", ["push"])]


def test_an_undeclared_receiver_and_a_declared_helpers_value_are_checked_as_before(tmp_path):
    body = "nav.insert('/a');\nfunction make() { return createHistory(); }\nconst h = make();\nh.insert('/b');\n"
    assert findings(tmp_path, body) == [(3, "insert", ["push"]), (6, "insert", ["push"])]


def test_a_misspelling_on_such_a_receiver_is_still_reported(tmp_path):
    # only a synonym is the user's own word: a typo of an engine member is a mistake on any object
    body = "async function show() {\n  const el = await fixture('<x-nav>');\n  el.navigat('/a');\n}\n"
    assert findings(tmp_path, body) == [(5, "navigat", ["navigate"])]
