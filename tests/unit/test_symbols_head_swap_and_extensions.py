"""Round 34's vocabulary work after @mysten/sui's held-out run (issue 17).

- Did-you-mean of a reworded verb: `tx.shiftCall(...)` where the receiver's type has the one member `moveCall`
  (the same name with its leading word said otherwise) means `moveCall`, even where the two verbs are in no
  synonym group; a contrary verb (`hidePanel` of `showPanel`), several members ending so, or a tail too short
  to say anything give no suggestion (`suggest.head_swap`).
- A receiver reached through a member its engine type (open: the model could not close it) does not declare
  (`client.suins.getNameRecord()` after `client = new Client().$extend(suins())`: an extension registered by
  name) holds whatever put it there: its members are no evidence of the engine's vocabulary.
- A lower-case name on a value means a member: the engine's types' member (`commandResults`) is the
  did-you-mean of `result.commandResult`, not a capitalised name its files spell only after a `.`
  (`bcs.CommandResult`, a namespace's type).
"""

from __future__ import annotations

from lsp_server.knowledge import suggest as sg
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace


def test_head_swap_finds_the_one_member_with_another_leading_word():
    members = ["moveCall", "splitCoins", "transferObjects", "object"]
    assert sg.head_swap("shiftCall", members) == "moveCall"
    assert sg.head_swap("tickBox", ["checkBox", "box"]) == "checkBox"
    assert sg.head_swap("resizeImage", ["scaleImage", "image", "imageData"]) == "scaleImage"


def test_head_swap_leaves_contrary_ambiguous_and_short_rewordings():
    assert sg.head_swap("showPanel", ["hidePanel"]) is None  # contrary verbs (CONTRARIES)
    assert sg.head_swap("unlockDoor", ["lockDoor"]) is None  # a negating prefix
    assert sg.head_swap("addListener", ["removeListener"]) is None  # other synonym groups: add / remove
    assert sg.head_swap("onListener", ["addListener", "prependListener"]) is None  # which verb: not plain
    assert sg.head_swap("doIt", ["makeIt"]) is None  # the kept words too short to say which member
    assert sg.head_swap("shift", ["move"]) is None  # nothing kept at all
    assert sg.head_swap("shiftCall", ["MoveCall"]) is None  # a class is not a method reworded
    assert sg.head_swap("shiftCalls", ["moveCall"]) is None  # every later word kept, as written


TX_TYPES = """export declare class Transaction {
    moveCall(input: { target: string }): object;
    splitCoins(coin: object, amounts: number[]): object[];
    object(id: string): object;
}
export declare class Builder {
    moveCall(input: { target: string }): object;
    makeCall(input: { target: string }): object;
}
"""


def test_a_reworded_verb_on_a_typed_receiver_suggests_the_member(tmp_path):
    # fails without `head_swap`: (3, "shiftCall", []) (no synonym group has move and shift)
    # on a type with two members ending so (`Builder`'s `moveCall` and `makeCall`), which verb is meant is not
    # plain: flagged, no suggestion
    app = 'import { Transaction, Builder } from "sui";\nconst tx = new Transaction();\n' \
          'tx.shiftCall({ target: "a" });\ntx.splitCoins(tx.object("a"), [1]);\n' \
          'const b = new Builder();\nb.shiftCall({ target: "a" });\n'
    ws = package_workspace(tmp_path, "sui", TX_TYPES, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(3, "shiftCall", ["moveCall"]),
                                                             (6, "shiftCall", [])]


EXT_TYPES = """import { Base } from "not-installed";
export declare class Client extends Base {
    $extend(...registrations: object[]): this;
    getObject(id: string): object;
}
export interface NameRecord { name: string; }
export declare class Names {
    nameRecord(name: string): NameRecord;
}
export declare function names(): Names;
export interface Registry { readonly lookup: Names; }
"""


def test_members_of_a_member_the_engine_type_does_not_declare_are_not_its_vocabulary(tmp_path):
    # fails without `_through_undeclared_member`: (4, "getNameRecord", ["nameRecord"]) on `client.suins`
    app = 'import { Client, names } from "sui";\nconst client = new Client().$extend(suins());\n' \
          "client.getObject('a');\nclient.suins.getNameRecord('x');\nclient.suins.lookup.getNameRecord('x');\n" \
          "client.getNameRecord('x');\nnames().nameRecord('x');\nclient.lookup.getNameRecord('x');\n"
    ws = package_workspace(tmp_path, "sui", EXT_TYPES, {"src/app.js": app})
    # the member on the engine's open type itself stays checked (a near miss of an engine member), and so does
    # one reached through a name another engine type has as a member (`lookup`: the open type may have it too)
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "getNameRecord", ["nameRecord"]),
                                                             (8, "getNameRecord", ["nameRecord"])]


RESULT_TYPES = """import { Base } from "not-installed";
export interface SimulateInclude { effects?: boolean; commandResults?: boolean; }
export declare class Client extends Base {
    /** Each command's result is read with `bcs.CommandResult.parse(bytes)`. */
    simulate(options: { include?: SimulateInclude }): Promise<any>;
}
"""


def test_a_lower_case_name_means_the_member_not_a_capitalised_export(tmp_path):
    # fails without the case rule in `_plain_member_form`: (4, "commandResult", ["CommandResult"])
    app = 'import { Client } from "sui";\nconst client = new Client();\n' \
          "const result = await client.simulate({ include: { commandResults: true } });\n" \
          "console.log(result.commandResult);\n"
    ws = package_workspace(tmp_path, "sui", RESULT_TYPES, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(4, "commandResult", ["commandResults"])]


RESERVED_TYPES = """export declare enum PacketType { CONNECT = 1, DISCONNECT = 2 }
export interface Result { readonly $message: string; readonly status: string; }
export declare function send(type: PacketType): Result;
"""


def test_a_dollar_name_is_a_near_miss_only_of_a_dollar_name(tmp_path):
    # fails without the `$` rule in `_near_miss`: (4, "$disconnect", ["DISCONNECT"]) (a Prisma client's reserved
    # member, of a relative module the rule leaves checked); a `$` name misspelt is still one
    app = 'import { send } from "net";\nimport { PrismaClient } from "./generated/client";\n' \
          "const prisma = new PrismaClient();\nprisma.$disconnect();\nfunction f(r) {\n  return r.$mesage;\n}\n" \
          "send(1).status;\n"
    ws = package_workspace(tmp_path, "net", RESERVED_TYPES, {"src/app.js": app})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "$mesage", ["$message"])]
