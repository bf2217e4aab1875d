"""The vocabulary check on an untyped receiver whose other names show it is the engine's object (issue 17,
round 25): `toolCall.getInput` in a callback whose `toolCall` nothing types, where the file also reads
`toolCall.toolName` and `toolCall.toolCallId`. Every engine type that has those names is closed and none has
`getInput`, which is a get/set prefix on their member `input`: reported, with `input` as the did-you-mean.
Before, `input` being also a platform name (the DOM's), a variant of it other than a long plain typo was never
a near miss's target, whatever the receiver (`_platform_named_typo`). Without such evidence (no other name, a
name no engine type has beside them, only platform words, `this`) it stays silent, as before."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export interface ToolCall {
    toolName: string;
    toolCallId: string;
    input: unknown;
}
export interface ToolResult {
    toolName: string;
    toolCallId: string;
    output: unknown;
}
export declare function onToolCall(cb: (call: unknown) => void): void;
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "agents", TYPES, files)


found = flags_with_first_suggestion


HEAD = 'import { onToolCall } from "agents";\n'


def test_a_platform_named_member_variant_on_a_receiver_the_other_names_show_is_reported(tmp_path):
    ws = workspace(tmp_path, {
        "src/prefix.js": HEAD + "export function show(toolCall) {\n"
                                "  console.log(toolCall.toolName, toolCall.toolCallId);\n"
                                "  return toolCall.getInput;\n}\n",
        "src/plural.js": HEAD + "export function show(toolCall) {\n"
                                "  console.log(toolCall.toolName);\n"
                                "  return toolCall.Output;\n}\n",
        "src/real.js": HEAD + "export function show(toolCall) {\n"
                              "  console.log(toolCall.toolName, toolCall.toolCallId);\n"
                              "  return toolCall.input;\n}\n",
    })
    assert found(ws, "src/prefix.js") == [(4, "getInput", ["input"])]
    assert found(ws, "src/plural.js") == [(4, "Output", ["output"])]
    assert found(ws, "src/real.js") == []


def test_without_evidence_of_the_engine_type_a_variant_of_a_platform_word_stays_silent(tmp_path):
    ws = workspace(tmp_path, {
        # no other name read on the receiver
        "src/alone.js": HEAD + "export function show(call) {\n  return call.getInput;\n}\n",
        # a name no engine type has beside them: someone else's object
        "src/other.js": HEAD + "export function show(call) {\n"
                               "  console.log(call.toolName, call.retryCount);\n"
                               "  return call.getInput;\n}\n",
        # only platform words beside it
        "src/platform.js": HEAD + "export function show(call) {\n"
                                  "  console.log(call.output);\n"
                                  "  return call.getInput;\n}\n",
        # `this` is the user's own object
        "src/this.js": HEAD + "export class Show {\n"
                              "  run() {\n"
                              "    console.log(this.toolName);\n"
                              "    return this.getInput;\n  }\n}\n",
    })
    for rel in ("src/alone.js", "src/other.js", "src/platform.js", "src/this.js"):
        assert found(ws, rel) == [], rel
