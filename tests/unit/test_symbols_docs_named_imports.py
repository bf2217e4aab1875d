"""A one-word function the engine's docs import by name (`import { shallow } from 'enzyme'`, `const { paint } =
require('paintkit')`) and then call free in later fragments, whose imports the docs leave out (`const wrapper =
shallow(<Foo />)`): such a call is that export's, as TypeScript reads a UMD global or a test setup's
`global.shallow = shallow`, so its result is typed (a warning: the binding is inferred). A one-word name the docs
never import so stays free (the snippet's own helper, as before), and so does one they import under another name
or from another package, or one the file declares itself. Found on enzyme after round 41's untouched run."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import package_workspace, symbol_findings

TYPES = """export interface Canvas {
    fill(color?: string): this;
    stroke(): this;
    size(): number;
}
export declare function paint(selector: string): Canvas;
export declare function erase(selector: string): Canvas;
export declare function blank(selector: string): Canvas;
"""

README = """# paintkit

```js
import { paint } from 'paintkit';
const { erase } = require('paintkit');
import { blank as clear } from 'paintkit';
```

```js
const canvas = paint('#c');
canvas.fill('red');
```
"""


def found(tmp_path, app: str, readme: str = README):
    ws = package_workspace(tmp_path, "paintkit", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"paintkit": "1.0.0"}}),
        "src/app.js": app,
    }, {"README.md": readme})
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/app.js")]


def test_a_free_call_of_a_name_the_docs_import_is_that_export(tmp_path):
    app = """const c = paint('#a');
c.fil('red');
paint('#b').fill().strokes();
erase('#b').sizes();
"""
    assert found(tmp_path, app) == [(2, "fil", "warning", ["fill"]), (3, "strokes", "warning", ["stroke"]),
                                    (4, "sizes", "warning", ["size"])]


def test_names_the_docs_do_not_import_so_stay_free(tmp_path):
    # `blank` is imported under another name only; `paint` here is the file's own function; a README that
    # imports `paint` from another package binds nothing
    app = """const b = blank('#a');
b.fil('red');
function draw() { const paint = (s) => ({}); paint('#b').fil(); }
paint('#c').fil();
"""
    assert found(tmp_path, app) == [(4, "fil", "warning", ["fill"])]
    other = README.replace("import { paint } from 'paintkit';", "import { paint } from 'other-paint';")
    assert found(tmp_path / "other", "paint('#b').fil();\nerase('#b').fil();\n", other) == \
        [(2, "fil", "warning", ["fill"])]
