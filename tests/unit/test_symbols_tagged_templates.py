"""Round 17, after the held-out run: a tagged template (sql`SELECT 1`) calls its tag with the template's strings
first, so of a callable's overloaded call signatures it resolves to the ones taking a `TemplateStringsArray`
there: `sql\\`...\\`` is a `Query`, whose members are checked."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export interface Query<T> extends Promise<T> {
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
