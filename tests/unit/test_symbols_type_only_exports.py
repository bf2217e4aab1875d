"""A receiver whose type is guessed (a name the engine's examples give its instances) never flags a member that some
module of the engine exports as a value (`Tone.now` of round 3: the guess is what is wrong, the name may be the
package's namespace). A type only (`export type Key = string | number`, an interface) is no value of any object:
a member read so named is a slip of the receiver's own member (`item.Key()` for `key()`), reported as on any
other name. Found on enzyme after round 41's untouched run, whose receivers' `Key`, `Ref` @types/react exports."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import package_workspace, symbol_findings

TYPES = """export type Key = string | number;
export interface Ref { current: unknown; }
export interface Item {
    key(): Key;
    ref(name: string): Item;
    tag(): string;
}
export declare function item(id: string): Item;
export declare function tags(): string[];
"""

README = """# itemkit

```js
import { item } from 'itemkit';
const entry = item('a');
entry.key();
entry.ref('b');
```
"""


def test_a_type_only_export_is_no_reason_to_doubt_the_guess(tmp_path):
    # `entry` undeclared: an `Item` by the docs' name; `tags` is a value the package exports (silent, as before)
    files = {"src/a.js": "entry.Key();\n", "src/b.js": "entry.tag();\nentry.Ref('b').tag();\n",
             "src/c.js": "entry.tag();\nentry.tags();\n"}
    ws = package_workspace(tmp_path, "itemkit", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"itemkit": "1.0.0"}}), **files,
    }, {"README.md": README})
    assert {rel: [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]
            for rel in files} == {"src/a.js": [(1, "Key", ["key"])], "src/b.js": [(2, "Ref", ["ref"])], "src/c.js": []}
