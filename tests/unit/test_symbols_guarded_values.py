"""A value guarded by `&&` (round 19, issue 17): `const friends = user && user.getLinkedRecord('friends')`
holds the right operand's value when the guard holds, and a falsy one otherwise (on which a member access throws
anyway), as TypeScript narrows it. So the declared name has the right operand's type: a name that type lacks is
reported, a real one never (`getValues`, another engine type's member, is no near miss for the vocabulary
check of untyped receivers: only the type says it is missing here). Where the right operand's type is not followed (an untyped call), the name's
convention from the engine's examples types it, as for any declaration whose value could not be followed."""

from __future__ import annotations

from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.knowledge.unknown_symbol import receiver_types_at
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Store {
    get(id: string): Item | null;
}
export declare class Item {
    child(name: string): Item | null;
    children(name: string): Item[];
    unknownChild<H = never>(name: string): [H] extends [never] ? Item | null : Wrapped<H>;
    getValue(name: string): string;
}
export declare class Table {
    getValues(column: string): string[];
}
"""

README = """# items

```js
import { Store } from 'items';
const store = new Store();
const parent = store.get('1');
const branch = parent.child('left');
branch.children('leaves');
```

```js
const other = new Store().get('2');
const branch = other.child('right');
branch.getValue('name');
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "items", TYPES, {
        "src/uses.js": 'import { Store } from "items";\nnew Store();\n', **files}, {"README.md": README})


def test_a_guarded_value_has_the_right_operands_type(tmp_path):
    ws = workspace(tmp_path, {
        "src/app.js": "import { Store } from 'items';\n"
                      "const item = new Store().get('1');\n"
                      "const kid = item && item.child('a');\n"
                      "kid && kid.getValues('name');\n"
                      "const fine = item && item.child('b');\n"
                      "fine && fine.children('c');\n"
                      "const flag = item && 'yes';\n"
                      "flag.trim();\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(4, "getValues", ["getValue"])]


def test_a_guarded_value_nothing_follows_takes_its_names_convention(tmp_path):
    # `unknownChild` returns a conditional type not followed here: what the examples call a `branch` (an Item)
    # types it, as it types any declaration whose value could not be followed
    app = ("import { Store } from 'items';\n"
           "const node = new Store().get('1');\n"
           "const branch = node && node.unknownChild('left');\n"
           "branch.children('x');\n")
    ws = workspace(tmp_path, {"src/app.js": app})
    ws.service(ObjectModelService)
    doc = ws.document(ws.root / "src/app.js")
    assert receiver_types_at(doc, app.index("children"), ws) == ["Item"]
    assert flags_with_first_suggestion(ws, "src/app.js") == []
