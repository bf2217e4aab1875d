"""Round 17, after the held-out run: a tagged template (sql`SELECT 1`) calls its tag with the template's strings
first, so of a callable's overloaded call signatures it resolves to the ones taking a `TemplateStringsArray`
there: a call `sql` with a template is a `Query`, whose members are checked."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export interface Meta {
    count: number;
}
export interface Query<T> extends Promise<T & Meta> {
    cancel(): Query<T>;
    execute(): Query<T>;
}
export interface Helper<T> {
    value: T;
}
export interface SQL {
    <T = any>(strings: TemplateStringsArray, ...values: unknown[]): Query<T>;
    <T = any>(text: string): Query<T>;
    <T>(obj: T | T[]): Helper<T>;
    close(): Promise<void>;
}
export declare const sql: SQL;
"""


def test_a_tagged_template_resolves_to_the_template_signature(tmp_path):
    ws = package_workspace(tmp_path, "sqlkit", TYPES, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"sqlkit": "1.0.0"}}),
        "src/app.js": """import { sql } from "sqlkit";
const q = sql`SELECT pg_sleep(30)`.execute();
q.cancel();
const h = sql({ a: 1 });
h.value;
q.getCancel();
sql`SELECT 1`.executes();
""",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "getCancel", ["cancel"]),
                                                             (7, "executes", ["execute"])]


def test_awaiting_a_thenable_is_not_the_thenable(tmp_path):
    """`await sql`...`` resolves a `Query<T> extends Promise<T & Meta>` to its rows: the result has the rows'
    members (unknown here), never the query's, so neither `rows.statement` nor a near miss on it is reported."""
    ws = package_workspace(tmp_path, "sqlkit", TYPES, {
        "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"sqlkit": "1.0.0"}}),
        "src/app.js": """import { sql } from "sqlkit";
const rows = await sql`SELECT 1`;
rows.statement.string;
rows.count;
const q = sql`SELECT 1`;
q.executes();
""",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "executes", ["execute"])]
