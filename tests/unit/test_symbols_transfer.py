"""Recall that does not depend on the engine's declaration form (round 10, the wide evaluation's dev part):
the vocabulary check (an untyped receiver's member that no type in reach has, a near miss of an engine member)
reaching receivers the model cannot type. Each case on minimal packages through the real `unknown-symbol`
check: an invented near miss is reported, a name anything in reach has is not."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# A JavaScript engine whose class extends a base the reader cannot follow (another package's class): the
# model knows `Parser`'s own members but must leave the type open (the base's members are unknown).
OPEN_BASE = {
    "node_modules/xmlkit/package.json": json.dumps({"name": "xmlkit", "main": "index.js"}),
    "node_modules/xmlkit/index.js": """
        var Base = require('somebase').Base;
        class Parser extends Base {
          parseString(text, cb) { cb(null, text); }
          parseStringPromise(text) { return Promise.resolve(text); }
        }
        exports.Parser = Parser;
    """,
}


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"].get("receiver"), f["data"]["suggestions"][:1])
            for f in symbol_findings(ws, rel)]


def test_open_engine_type_gets_the_vocabulary_check(tmp_path):
    """`new Parser()` whose class extends an unknown base: its own members are known, the rest is open, so the
    model reports nothing on it. A near miss of an engine member that no type in reach has is still reported
    by the vocabulary check (a warning, with the did-you-mean); a name the unknown base may have that is not a
    near miss, and a platform name (`emit`), stay silent."""
    ws = make_workspace(tmp_path, {**OPEN_BASE, "src/app.js": """const xmlkit = require('xmlkit');
const parser = new xmlkit.Parser();
parser.parseString('<a/>', (err, r) => {});
parser.parseStrings('<a/>', (err, r) => {});
parser.somethingElse();
parser.emit('end');
"""})
    assert found(ws) == [(4, "parseStrings", "vocabulary", ["parseString"])]


def test_engine_module_whose_exports_are_unknown_and_umd_globals_stay_silent(tmp_path):
    """What stays the model's business: an engine module whose exports are filled by a loop (names the reader
    cannot list) is not a receiver to guess about, even with the open-type rule."""
    ws = make_workspace(tmp_path, {
        "node_modules/logs/package.json": json.dumps({"name": "logs", "main": "index.js"}),
        "node_modules/logs/index.js": """
            const logs = exports;
            function Logger() {}
            Logger.prototype.handleRejections = function () {};
            logs.Logger = Logger;
            ['unhandleRejections', 'handleExceptions'].forEach(function (m) { logs[m] = function () {}; });
            module.exports = Object.assign(logs, require('./more'));
        """,
        "src/app.js": """const logs = require('logs');
logs.unhandleRejections();
new logs.Logger().handleRejections();
""",
    })
    assert found(ws) == []


ENGINE = {
    "node_modules/seqs/package.json": json.dumps({"name": "seqs", "types": "index.d.ts", "main": "index.js"}),
    "node_modules/seqs/index.d.ts": """
        export declare class Seq {
          flip(): Seq;
          takeWhile(fn: (v: any) => boolean): Seq;
          toObject(): object;
        }
        export declare function seq(x: object): Seq;
    """,
    "node_modules/seqs/index.js": "exports.seq = function (x) { return x; };\n",
    "src/main.js": "import { seq } from 'seqs';\nexport const s = seq({ a: 1 });\n",
}


def test_a_file_that_spells_an_engine_member_uses_the_engine(tmp_path):
    """A fragment or helper that imports nothing of the engine, but calls a member only the engine has
    (`flip`: public, not a platform name, declared nowhere in the workspace) on a receiver of unknown origin,
    uses the engine: a near miss of another engine member there is reported."""
    ws = make_workspace(tmp_path, {**ENGINE, "src/frag.js": """export function f(lazySeq) {
  return lazySeq
    .flip()
    .map((key) => key.toUpperCase())
    .flips();
}
"""})
    assert found(ws, "src/frag.js") == [(5, "flips", "vocabulary", ["flip"])]


def test_a_file_whose_only_engine_like_name_is_the_invented_one_stays_silent(tmp_path):
    """No import of the engine and no other engine member: the invented name alone is no evidence that the
    receiver is the engine's; nor is an engine-like name used on another module's import (`other.flip()`).
    (A receiver whose own uses match an engine type is typed from that evidence instead: not this check.)"""
    ws = make_workspace(tmp_path, {
        **ENGINE,
        "src/alone.js": "export function f(lazySeq) { return lazySeq.flips(); }\n",
        "src/other.js": """import other from 'other-lib';
export function h(x) { other.flip(); return x.flips(); }
""",
    })
    for rel in ("src/alone.js", "src/other.js"):
        assert found(ws, rel) == [], rel


# A runtime that gives its objects their members in a form no reader follows (a helper fills them in on a
# parameter): the model knows `Scene` but none of these members.
HIDDEN_MEMBERS = {
    "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "index.js"}),
    "node_modules/kit/index.js": """
        var internals = require('./internals');
        function Scene() { internals.setup(this); }
        module.exports = Scene;
    """,
    "node_modules/kit/internals.js": """
        // currents are kept per frame
        exports.setup = function (s) {
          s.current = null;
          s.rotation = 0;
          s.noStroke = function () { return s; };
          s.el = document.createElement('div');
          s.el.appendChild(document.createElement('canvas'));
        };
    """,
}


def test_members_only_the_engine_files_spell_are_its_vocabulary(tmp_path):
    """The engine's files as text are a net under the model: a member they spell after a `.` is a did-you-mean
    for an untyped receiver in a file that uses the engine (`nostroke`, `getRotation`), named as the files'
    spelling; a name they spell anywhere (`currents`, in a comment) is never reported; a name like nothing
    they spell stays silent, and so does a near miss of a platform name they spell (`appendChild`: the DOM's,
    never a did-you-mean of the engine's)."""
    ws = make_workspace(tmp_path, {**HIDDEN_MEMBERS, "src/app.js": """const Scene = require('kit');
export function draw(scene) {
  scene.nostroke();
  scene.getRotation();
  scene.currents;
  scene.somethingElse();
  scene.appendChilds(1);
}
"""})
    found = symbol_findings(ws, "src/app.js")
    assert [(f["line"], f["name"], f["data"]["suggestions"]) for f in found] == \
        [(3, "nostroke", ["noStroke"]), (4, "getRotation", ["rotation"])], found
    assert all("spelled in the engine's files" in f["message"] and f["severity"] == "warning" for f in found)


def test_a_spelled_name_never_makes_a_modelled_near_miss_ambiguous(tmp_path):
    """The engine's files spell `.BulkWriteResult` (an export) beside the modelled member `bulkWriteResult`:
    the files' spelling is a fallback, consulted only when no member the model knows is near, so
    `bulkWriteResults` is still the near miss of the member."""
    ws = make_workspace(tmp_path, {
        "node_modules/db/package.json": json.dumps({"name": "db", "types": "index.d.ts", "main": "index.js"}),
        "node_modules/db/index.d.ts": """
            export declare class RewrapResult { bulkWriteResult?: object; }
            export declare class Client { rewrap(filter: object): Promise<RewrapResult>; }
        """,
        "node_modules/db/index.js": "exports.BulkWriteResult = function BulkWriteResult() {};\n",
        "src/app.js": """import { Client } from 'db';
export async function f(result) {
  return result.bulkWriteResults;
}
""",
    })
    assert found(ws) == [(3, "bulkWriteResults", "vocabulary", ["bulkWriteResult"])]


def test_a_capitalised_word_only_the_engines_doc_comments_write_is_no_name(tmp_path):
    """`message.Parts` for `parts`: the engine's typings spell `Parts` only as a doc comment's first word
    (` * Parts are kept in order.`), English rather than a name, so the near miss is reported; a capitalised
    word they write as code (`Chunk`, a declared interface), as a member in a comment (`.Stream`) or in
    backticks, and a comment's lower-case words (`currents`, as before), stay names the engine has."""
    ws = make_workspace(tmp_path, {
        "node_modules/msgs/package.json": json.dumps({"name": "msgs", "types": "index.d.ts"}),
        "node_modules/msgs/index.d.ts": """export interface Chunk { text: string; }
export interface Message {
    /**
     * Parts are kept in order. Chunks come from `Stream` or message.Labels.
     */
    parts: Chunk[];
    // currents are not kept
    current: Chunk;
    stream: Chunk[];
    labels: string[];
}
export declare function send(message: Message): void;
""",
        "src/app.js": """import { send } from "msgs";
export function f(message) {
  return [message.Parts, message.Chunk, message.Stream, message.Labels, message.currents];
}
""",
    })
    assert found(ws) == [(3, "Parts", "vocabulary", ["parts"])]
