"""An undeclared name the engine's examples give more classes than a union convention takes (issue 17, round 15):
`result` a `TextResult` in most examples, a `StreamResult`, a `DecisionResult` or a `SpeechResult` in others (one
function's result each). Four classes type nothing (a union reads at most three), but together they still say
whose object a fragment's undeclared `result` is: a "names" convention. The fragment counts as using the engine,
and a near miss of a member of one of those classes that none of them has is reported (the only unknown name on
that receiver in the file); the members of any of them, other names and several unknown names stay silent."""

from __future__ import annotations

import json

from collections import Counter

from lsp_server.knowledge.naming import MAX_UNION, _decode_key, _json_key, _small_union
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export interface TextResult { readonly text: string; readonly usage: number; }
export interface StreamResult { readonly textStream: AsyncIterable<string>; readonly usage: Promise<number>; }
export interface DecisionResult { readonly answers: Record<string, number>; }
export interface SpeechResult { readonly audio: Uint8Array; }
export declare function generateText(options: object): Promise<TextResult>;
export declare function streamText(options: object): StreamResult;
export declare function decide(options: object): Promise<DecisionResult>;
export declare function speak(options: object): Promise<SpeechResult>;
"""


def readme() -> str:
    blocks = ["import { generateText } from 'gen';\nconst result = await generateText({});\nresult.text;"] * 4
    blocks += ["import { streamText } from 'gen';\nconst result = streamText({});\nresult.textStream;"] * 2
    blocks += ["import { decide } from 'gen';\nconst result = await decide({});\nresult.answers;"] * 2
    blocks += ["import { speak } from 'gen';\nconst result = await speak({});\nresult.audio;"] * 2
    return "# gen\n\n" + "\n\n".join(f"```js\n{b}\n```" for b in blocks) + "\n"


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "gen", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"gen": "1.0.0"}}),
        **files,
    }, {"README.md": readme()})


found = flags_with_first_suggestion


def test_a_name_of_several_more_classes_names_whose_object_a_fragment_uses(tmp_path):
    ws = workspace(tmp_path, {
        # import-less fragments: nothing else says they use the engine
        "src/casing.js": "if (result.Answers.refund > 0.8) {}\n",
        "src/plural.js": "const t = await result.texts;\n",  # `text`: a platform name too (`Response.text()`)
        "src/real.js": "console.log(result.answers, result.textStream, result.audio, result.usage);\n",
        # a name no source has that is no near miss of theirs; two unknown names: something else's `result`
        "src/other.js": "console.log(result.rows);\n",
        "src/several.js": "console.log(await result.texts, result.frobnicate);\n",
    })
    assert found(ws, "src/casing.js") == [(1, "Answers", ["answers"])]
    assert found(ws, "src/plural.js") == [(1, "texts", ["text"])]
    assert found(ws, "src/real.js") == []
    assert found(ws, "src/other.js") == []
    assert found(ws, "src/several.js") == []


def test_more_classes_than_a_union_takes_only_name_the_object():
    kinds = [("inst", ("gen", n)) for n in ("TextResult", "StreamResult", "DecisionResult", "SpeechResult")]
    counts = Counter({kinds[0]: 4, kinds[1]: 2, kinds[2]: 2, kinds[3]: 2})
    assert MAX_UNION < 4
    assert _small_union(counts) is None  # no union convention: nothing is typed by it
    assert _small_union(counts, 6) == tuple(k[1] for k in kinds)
    key = ("names", tuple(k[1] for k in kinds))
    assert _decode_key(json.loads(json.dumps(_json_key(key)))) == key
