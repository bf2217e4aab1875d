"""A get/set prefix put in front of a method's name on a receiver the engine's conventions type (round 37):
`client.getQuery({...})` where the docs' `client` is the engine's `Client`, which has the method `query` and no
`getQuery`. `getQuery` is also a platform name (WebGL's), which on an inferred receiver usually says the
receiver may be a platform object; the accessor form of the guessed type's own method, called, says the writer
had that type in mind. Not for a property behind the prefix (`getContext` of a property `context`: a canvas's
method), a name read without a call, a name some engine type has, or a name of the platform classes packages
extend (an emitter's `setMaxListeners`)."""

from __future__ import annotations

import json

from lsp_server.knowledge.builtin_names import builtin_members
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Client {
    context: string;
    query(params: object): Promise<ResultSet>;
    insert(params: object): Promise<void>;
    maxListeners(): number;
    close(): Promise<void>;
}
export declare class ResultSet { json(): Promise<unknown>; }
export declare function createClient(options?: object): Client;
"""

OTHER = "export declare class Pool { getQuery(): string; }\n"


def readme() -> str:
    block = "import { createClient } from 'house';\nconst client = createClient();\nawait client.query({});"
    return "# house\n\n" + "\n\n".join(f"```js\n{block}\n```" for _ in range(3)) + "\n"


def workspace(tmp_path, files: dict[str, str], types: str = TYPES):
    return package_workspace(tmp_path, "house", types, {
        "package.json": json.dumps({"name": "app", "dependencies": {"house": "1.0.0"}}), **files,
    }, {"README.md": readme()})


def test_the_names_are_platform_names():
    # (else the cases below would not exercise the platform name rule at all)
    assert {"getQuery", "getContext", "setMaxListeners"} <= builtin_members()


def test_an_accessor_prefix_on_a_method_of_the_conventional_type_is_a_near_miss(tmp_path):
    ws = workspace(tmp_path, {
        "src/get.js": "await client.getQuery({ query: 'SELECT 1' });\n",
        "src/real.js": "await client.query({ query: 'SELECT 1' });\nawait client.close();\n",
    })
    assert flags_with_first_suggestion(ws, "src/get.js") == [(1, "getQuery", ["query"])]
    assert flags_with_first_suggestion(ws, "src/real.js") == []


def test_a_platform_name_stays_silent_where_the_prefix_rule_does_not_hold(tmp_path):
    ws = workspace(tmp_path, {
        "src/read.js": "const q = client.getQuery;\nq();\n",  # read, not called
        "src/property.js": "client.getContext('2d');\n",  # `context` is a property: a canvas's method
        "src/emitter.js": "client.setMaxListeners(20);\n",  # an emitter's name: the receiver may be one
    })
    assert flags_with_first_suggestion(ws, "src/read.js") == []
    assert flags_with_first_suggestion(ws, "src/property.js") == []
    assert flags_with_first_suggestion(ws, "src/emitter.js") == []


def test_a_name_another_engine_type_has_stays_silent(tmp_path):
    ws = workspace(tmp_path, {"src/get.js": "await client.getQuery({ query: 'SELECT 1' });\n"}, TYPES + OTHER)
    assert flags_with_first_suggestion(ws, "src/get.js") == []
