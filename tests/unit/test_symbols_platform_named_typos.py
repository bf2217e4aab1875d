"""The vocabulary check on a member an engine type has that is also a platform name (issue 17, round 13):
`reply.statuCode` in a handler whose `reply` nothing types. No type in reach has `statuCode`, and it is a
plain misspelling of the engine's (and Node's) `statusCode`: reported, whichever object the receiver is. Before,
a platform-named member was never a near miss's target, so every misspelling of `statusCode`, `properties` or
`getClientRect` on an untyped receiver was silent. A change of case or number, a get/set prefix and short
names stay silent: as likely another library's real name (`data.Body`, `spec.paths`, `store.getState()`)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Reply {
    readonly statusCode: number;
    readonly body: string;
    send(payload?: unknown): this;
    serializeReply(value: unknown): string;
}
export declare function create(): Reply;
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "web", TYPES, files)


found = flags_with_first_suggestion


HEAD = 'import { create } from "web";\ncreate().send();\n'


def test_a_misspelt_platform_named_engine_member_on_an_untyped_receiver_is_reported(tmp_path):
    ws = workspace(tmp_path, {
        "src/typo.js": HEAD + "function done(res) {\n  return res.statuCode;\n}\n",
        "src/real.js": HEAD + "function done(res) {\n  return res.statusCode + res.body;\n}\n",
    })
    assert found(ws, "src/typo.js") == [(4, "statuCode", ["statusCode"])]
    assert found(ws, "src/real.js") == []


def test_case_number_prefix_and_short_names_of_platform_words_stay_silent(tmp_path):
    ws = workspace(tmp_path, {
        "src/case.js": HEAD + "function done(data) {\n  return data.StatusCode;\n}\n",
        "src/plural.js": HEAD + "function done(data) {\n  return data.statusCodes;\n}\n",
        "src/prefix.js": HEAD + "function done(data) {\n  return data.getStatusCode();\n}\n",
        "src/short.js": HEAD + "function done(data) {\n  return data.bodyy;\n}\n",
    })
    for rel in ("src/case.js", "src/plural.js", "src/prefix.js", "src/short.js"):
        assert found(ws, rel) == [], rel
