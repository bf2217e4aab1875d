"""Round 17, after the held-out run: `using x = ...` and `await using x = ...` (explicit resource management,
ES2026) bind `x` as `const` does: the value's type flows to the name, so its members are checked."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

PKG = {
    "node_modules/litedb/package.json": json.dumps({"name": "litedb", "version": "1.0.0", "types": "index.d.ts"}),
    "node_modules/litedb/index.d.ts": """export declare class Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
export declare class Database {
  constructor(path: string);
  query(sql: string): Statement;
  close(): void;
}
export declare function open(path: string): Promise<Database>;
""",
    "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"litedb": "1.0.0"}}),
}


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_using_declarations_bind_their_value(tmp_path):
    ws = make_workspace(tmp_path, {**PKG, "src/app.js": """import { Database, open } from "litedb";
{
  using db = new Database(":memory:");
  using q = db.query("select 1");
  q.get();
  await using other = await open("x.db");
  other.close();
  db.querys("select 1");
  q.gett();
  other.clos();
}
"""})
    assert found(ws) == [(8, "querys", ["query"]), (9, "gett", ["get"]), (10, "clos", ["close"])]
