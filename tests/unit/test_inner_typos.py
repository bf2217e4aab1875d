"""One slip inside a name too short for the vocabulary check's bar (`NEAR_MISS`, 0.85: one edit of a name of 5 or 6
letters scores 0.8 or 0.83): `socre` of `score`, `extnd` of `extend`, `wdith` of `width`. Where the receiver's
vocabulary is not closed (an untyped receiver, an engine type the model cannot close) such a name is a typo when
the slip is inside the name (its first and last letters kept), of a name of at least 5 letters, and of one name
only (`suggest.inner_typo`, `suggest.typo_of`); an edit at either end makes another word of the same stem
(`parse`/`parser`), a first letter changed another word (`match`/`patch`)."""

from __future__ import annotations

import json

from lsp_server.knowledge import suggest as sg
from tests.support.symbols_helpers import (
    flags_with_first_suggestion,
    make_workspace,
    package_workspace,
)


def test_a_slip_inside_a_name_of_five_letters_or_more_is_a_typo():
    for query, name in (("extnd", "extend"), ("socre", "score"), ("wdith", "width"), ("heiht", "height"),
                        ("grph", "graph"), ("Dese", "Dense"), ("ndoes", "nodes")):
        assert sg.inner_typo(query, name), (query, name)


def test_a_slip_at_either_end_a_short_name_or_another_kind_of_change_is_not_an_inner_typo():
    for query, name in (("parser", "parse"), ("scor", "score"), ("cscore", "score"), ("patch", "match"),
                        ("trm", "trim"), ("Score", "score"), ("scores", "score"), ("getScore", "score"),
                        ("sorce", "scored"), ("score", "score")):
        assert not sg.inner_typo(query, name), (query, name)


def test_typo_of_wants_one_name_one_slip_away():
    assert sg.typo_of("socre", ("score", "scale", "state")) == "score"
    assert sg.typo_of("stale", ("state", "stage")) is None  # which one is meant is not plain
    assert sg.typo_of("stae", ("state", "stat")) is None  # (`stat` is one edit away too, at the end)
    assert sg.typo_of("wdith", ("height", "draw")) is None
    # another name in reach one slip away (a platform's, say) makes it as unplain
    assert sg.typo_of("stahe", ("stage",), others=({"state", "status"},)) is None
    assert sg.typo_of("stahe", ("stage",), others=({"status"},)) == "stage"


TYPES = """export declare class Agent {
    score: number;
    width: number;
    height: number;
    extend(props: object): Agent;
    state(): string;
    stage(): string;
}
export declare function agent(): Agent;
"""

HEAD = 'import { agent } from "game";\nagent().score;\n'


def test_the_vocabulary_check_reports_a_slip_inside_a_short_member_name(tmp_path):
    # fails without `_inner_typo` in `_any_near_miss`: `socre` scores 0.8, `heiht` and `extnd` 0.83 (members
    # that are platform names too: as `_platform_named_typo`'s, of at least 6 letters), under NEAR_MISS
    app = HEAD + "function f(a) {\n  a.socre;\n  a.heiht;\n  a.extnd({});\n}\n"
    ws = package_workspace(tmp_path, "game", TYPES, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == [
        (4, "socre", ["score"]), (5, "heiht", ["height"]), (6, "extnd", ["extend"])]


def test_the_vocabulary_check_leaves_end_slips_and_ambiguous_ones(tmp_path):
    # `scor`, `widt`: an end cut short (another word's stem as often as a slip); `stahe`: `stage`, or the
    # platform's `state`; `wdith`: a platform name (`width`) of under 6 letters, anyone's object's
    app = HEAD + "function f(a) {\n  a.scor;\n  a.widt;\n  a.stahe();\n  a.wdith;\n}\n"
    ws = package_workspace(tmp_path, "game", TYPES, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == []


# an untyped engine whose exported class is open (its base is another package's, which the reader cannot list)
OPEN_CLASS = """
var Base = require('other-base');
class Store extends Base {
  static extend(props) { return props; }
  reset() {}
}
module.exports = { Store };
"""


def test_an_open_engine_class_gets_a_slip_inside_its_own_member_name(tmp_path):
    # fails without `typos=True` in `_receiver_near_miss`: `extnd` of `extend` scores 0.83, under NEAR_MISS
    app = """import { Store } from "pkg";
Store.extend({});
Store.extnd({});
Store.extenf({});
Store.xtend({});
"""
    ws = make_workspace(tmp_path, {
        "node_modules/pkg/index.js": OPEN_CLASS, "README.js": app,
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "version": "1.0.0", "main": "index.js"})})
    assert flags_with_first_suggestion(ws, "README.js") == [(3, "extnd", ["extend"])]


KEYED = """export interface Printer { info(message: string): void; }
export interface Shelf { [key: string]: Printer; print: Printer; system: Printer; }
export declare function shelf(): Shelf;
"""


def test_no_slip_is_read_on_a_type_that_takes_any_key(tmp_path):
    # `s.prnt` on a type with a string index signature is as likely the user's key as a misspelt `print`
    app = 'import { shelf } from "kit";\nconst s = shelf();\ns.prnt.info("x");\ns.print.info("y");\n'
    ws = package_workspace(tmp_path, "kit", KEYED, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == []
