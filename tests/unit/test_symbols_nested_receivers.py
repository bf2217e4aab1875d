"""The vocabulary check's reach (issue 17, round 13): a member of a member (`reply.raw.serializeRepy()`,
`this.log.serializeRepy()`) or of `this` in a plain function (`this.serializeRepy()` in a callback the engine
calls with its object as `this`) is an untyped receiver like a plain name's. Before, the check only visited
`name.member` and `name.method().member`, so a near miss one member deeper, or on `this`, was never reported.
The file's own declarations stay real names (`this.helper()` of its class)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Reply {
    send(payload?: unknown): this;
    serializeReply(value: unknown): string;
}
export declare function create(): Reply;
"""

HEAD = 'import { create } from "web";\ncreate().send();\n'


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "web", TYPES, files)


found = flags_with_first_suggestion


def test_a_near_miss_one_member_deeper_or_on_this_is_reported(tmp_path):
    ws = workspace(tmp_path, {
        "src/nested.js": HEAD + "function done(res) {\n  return res.raw.serializeRepy(1);\n}\n",
        "src/this.js": HEAD + "function done() {\n  return this.serializeRepy(1);\n}\n",
        "src/real.js": HEAD + "function done(res) {\n  return res.raw.serializeReply(1) + this.serializeReply(2);\n}\n",
    })
    assert found(ws, "src/nested.js") == [(4, "serializeRepy", ["serializeReply"])]
    assert found(ws, "src/this.js") == [(4, "serializeRepy", ["serializeReply"])]
    assert found(ws, "src/real.js") == []


def test_the_files_own_members_on_this_stay_real(tmp_path):
    ws = workspace(tmp_path, {
        "src/own.js": HEAD + "class Helper {\n  serializeRepy() { return 1; }\n  run() { return this.serializeRepy(); }\n}\n",
    })
    assert found(ws, "src/own.js") == []
