"""Round 36 (fp36): an interface whose only declaration is a string index signature (`interface Bag { [key: string]:
any }`) is a dictionary, open to any key by its own declaration, never a declaration-merging hole (an empty body
the user's typings fill, `ObjectModel.merging_hole`). Before, the reader took it for a hole, and so took a registry
whose members are typed by such dictionaries (`interface Support { bag: Bag }`) for a hole too: a name on the
registry was then read as a near miss of any member of the package (`s.clck` -> the `Browser`'s `click`), while
the registry declares its one member and nothing else (TypeScript reports `s.clck` and `s.hello` on it alike).
The dictionary itself stays silent: every name on it is a key (directly, through a registry, by JSDoc, by the
examples' naming convention), as before."""

from __future__ import annotations

import json

from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace, symbol_findings

TYPINGS = '''declare namespace Act {
  class Browser { click(locator: string): void; grabTitle(): Promise<string>; }
  interface Bag { [key: string]: any }
  interface Empty {}
  interface Support { bag: Act.Bag }
  interface Holes { I: Act.Empty }
}
declare function inject(): Act.Support
declare function holes(): Act.Holes
declare function getBag(): Act.Bag
'''
# the examples name the result of `getBag()` `bag` twice: a naming convention for the dictionary
README = ("# actkit\n\n```js\nconst bag = getBag();\nbag.foo;\n```\n\n```js\nconst bag = getBag();\nbag.bar;\n```\n")


def workspace(tmp_path, files: dict[str, str]):
    return make_workspace(tmp_path, {
        "node_modules/actkit/package.json": json.dumps({"name": "actkit", "types": "./typings/index.d.ts"}),
        "node_modules/actkit/typings/index.d.ts": TYPINGS,
        "node_modules/actkit/README.md": README,
        "package.json": json.dumps({"name": "app", "dependencies": {"actkit": "1.0.0"}}),
        **files,
    })


def test_an_index_signature_alone_is_a_dictionary_not_a_merging_hole(tmp_path):
    model = workspace(tmp_path, {"src/app.js": "inject();\n"}).service(ObjectModelService).model
    bag, empty = model.find_type("actkit", "Bag"), model.find_type("actkit", "Empty")
    assert not model.merging_hole(bag) and model.index_only(bag)
    assert model.merging_hole(empty) and not model.index_only(empty)
    # a registry of dictionaries declares its members; a registry of holes is filled with them
    assert not model.merging_hole(model.find_type("actkit", "Support"))
    assert model.merging_hole(model.find_type("actkit", "Holes"))
    assert model.closed(model.find_type("actkit", "Support"))


def test_a_registry_of_dictionaries_is_closed_not_read_against_the_whole_package(tmp_path):
    ws = workspace(tmp_path, {"src/app.js": "const s = inject();\ns.bag;\ns.clck('#a');\ns.hello;\n"})
    found = symbol_findings(ws, "src/app.js")
    # both missing members of the registry's declared set, as TypeScript has them; no guess at `Browser.click`
    assert [(f["line"], f["name"], f["severity"]) for f in found] == [(3, "clck", "error"), (4, "hello", "error")]
    assert all("click" not in f["data"].get("suggestions", []) for f in found)


def test_a_registry_of_holes_is_still_a_hole(tmp_path):
    ws = workspace(tmp_path, {"src/app.js": "const h = holes();\nh.I;\nh.hello;\nh.clck('#a');\n"})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(4, "clck", ["click"])]


def test_every_name_on_the_dictionary_itself_is_a_key(tmp_path):
    ws = workspace(tmp_path, {
        "src/member.js": "const { bag } = inject();\nbag.clck('#a');\nbag.grabTitles();\n",
        "src/call.js": "const b = getBag();\nb.clck('#a');\nb.grabTitles();\n",
        "src/jsdoc.js": "/** @param {Act.Bag} b */\nfunction f(b) {\n  b.clck('#a');\n}\ninject();\n",
        # named as the examples name the dictionary: still typed by the convention, so nothing is guessed
        "src/conv.js": "inject();\nfunction f(bag) {\n  bag.clck('#a');\n  bag.grabTitles();\n}\n",
    })
    for rel in ("src/member.js", "src/call.js", "src/jsdoc.js", "src/conv.js"):
        assert flags_with_first_suggestion(ws, rel) == [], rel
