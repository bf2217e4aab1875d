"""The engine's README as examples (`object_model.code_blocks`): a fenced block opens and closes at a line's start,
as CommonMark reads it. A code span of three backticks inside a sentence (alt's README: "a reference tag
```<reference path="<path>.d.ts" />```") opens no block: read as a fence, it paired every later fence with the
wrong one, the examples read were prose, and the names the code blocks give (`const grid = new Grid()`) taught no
convention. Through the real pipeline on minimal files."""

from __future__ import annotations

import json

from lsp_server.knowledge.object_model import code_blocks
from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """export declare class Grid {
    constructor(rows: number);
    cell(row: number, col: number): Cell;
    resize(rows: number): void;
}
export declare class Cell {
    value(): string;
    clear(): void;
}
"""

README = """# grids

Reference the typings with a tag ```<reference path="grids.d.ts" />``` in older compilers.

```js
const grid = new Grid(3)
const cell = grid.cell(0, 1)
cell.clear()
```

```
npm install grids
```

```js
grid.resize(4)
cell.value()
```
"""


def test_a_code_span_of_three_backticks_inside_a_line_opens_no_block():
    # (fails on the base: the span's backticks opened a block of prose, the real blocks were lost)
    assert code_blocks(README) == ["const grid = new Grid(3)\nconst cell = grid.cell(0, 1)\ncell.clear()",
                                   "grid.resize(4)\ncell.value()"]


def test_the_readmes_blocks_after_such_a_span_give_their_conventions(tmp_path):
    # (fails on the base) `grid` and `cell` are undeclared in a fragment: their README names them
    ws = make_workspace(tmp_path, {
        "node_modules/grids/package.json": json.dumps({"name": "grids", "types": "index.d.ts"}),
        "node_modules/grids/index.d.ts": TYPES,
        "node_modules/grids/README.md": README,
        "src/uses.js": 'import { Grid } from "grids";\nnew Grid(2);\n',
        "src/fragment.js": "grid.resise(4)\ncell.valeu()\n",
    })
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/fragment.js")] == [(1, "resise"), (2, "valeu")]
