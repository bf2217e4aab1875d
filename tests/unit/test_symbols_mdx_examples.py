"""Round 17, after the held-out run: a package's docs written as MDX (`docs/**/*.mdx`, Markdown with JSX
components, as docs sites write them) are examples like its Markdown pages: the names its code gives instances
(`const db = new Database(...)`) type a fragment's undeclared receiver of that name. A name typed only so is not
reported when another engine type has every name the fragment uses on it (`socket.pause(); socket.pong()`:
the examples' `socket` is a `Socket`, a `WsSocket` has all three)."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

MANIFEST = {"package.json": json.dumps({"name": "app", "private": True, "dependencies": {"dbkit": "1.0.0"}})}

TYPES = """export declare class Statement {
    get(...params: unknown[]): unknown;
}
export declare class Database {
    constructor(path: string);
    query(sql: string): Statement;
    prepare(sql: string): Statement;
    close(): void;
}
export declare class Socket {
    pause(): void;
    resume(): void;
    write(data: string): number;
    port: number;
}
export declare class WsSocket {
    pause(): void;
    resume(): void;
    pong(): void;
    send(data: string): number;
}
"""

PAGE = """---
title: SQLite
---

<Note>The driver is built in.</Note>

```ts title="db.ts" icon="file"
import { Database } from "dbkit";
const db = new Database("mydb.sqlite");
db.query("select 1").get();
```

```ts
import { Database } from "dbkit";
const db = new Database(":memory:");
db.prepare("select 2");
db.close();
```

```ts
import { Socket } from "dbkit";
const socket = new Socket();
socket.write("x");
```
"""


def test_mdx_docs_name_the_engines_instances(tmp_path):
    ws = package_workspace(tmp_path, "dbkit", TYPES, {**MANIFEST,
        "src/a.js": "const q = db.querys('select 1');\n",
        "src/b.js": "db.query('select 1');\ndb.close();\n",
    }, {"docs/runtime/sqlite.mdx": PAGE})
    assert flags_with_first_suggestion(ws, "src/a.js") == [(1, "querys", ["query"])]
    assert flags_with_first_suggestion(ws, "src/b.js") == []


def test_a_convention_is_not_taken_where_another_type_has_every_name_used(tmp_path):
    ws = package_workspace(tmp_path, "dbkit", TYPES, {**MANIFEST,
        "src/a.js": "socket.pause();\nsocket.pong();\nsocket.resume();\n",
        "src/b.js": "socket.pause();\nsocket.wrte('x');\n",
    }, {"docs/runtime/sqlite.mdx": PAGE})
    assert flags_with_first_suggestion(ws, "src/a.js") == []
    assert flags_with_first_suggestion(ws, "src/b.js") == [(2, "wrte", ["write"])]


def test_a_large_docs_section_does_not_use_up_the_pages_budget(tmp_path):
    """More pages than the budget (MAX_PACKAGE_DOC_FILES): the sections take turns, so the reference section
    sorted after 250 lint-rule pages is still read."""
    from lsp_server.knowledge.object_model import MAX_PACKAGE_DOC_FILES

    lint = {f"docs/lint/rule-{i:03}.mdx": f"# Rule {i}\n\n```js\nconst x{i} = a.b;\n```\n"
            for i in range(MAX_PACKAGE_DOC_FILES + 50)}
    ws = package_workspace(tmp_path, "dbkit", TYPES, {**MANIFEST,
        "src/a.js": "const q = db.querys('select 1');\n",
    }, {**lint, "docs/runtime/sqlite.mdx": PAGE})
    assert flags_with_first_suggestion(ws, "src/a.js") == [(1, "querys", ["query"])]
