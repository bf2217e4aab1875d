"""A callback parameter declared with TypeScript's polymorphic `this` (`map<V>(fn: (node: this, index: number) => V)`,
`tap(fn: Tapper<this>)` through an alias): contextual typing gives it the type of the receiver the method is
called on, a subclass's when the method is inherited, as TypeScript does. Found on enzyme's wrappers after round
41's untouched run (`wrapper.find('.foo').map(node => node.text())`); shown here on a minimal package."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export type Tapper<T> = (value: T) => void;
export declare class Rows {
    text(): string;
    count(): number;
    at(index: number): this;
    map<V>(fn: (row: this, index: number) => V): V[];
    each(fn: (row: this) => void): this;
    tap(fn: Tapper<this>): this;
    sorted(fn: (a: Rows, b: Rows) => number): this;
}
export declare class Table extends Rows {
    caption(): string;
}
export declare function rows(selector: string): Rows;
export declare function table(selector: string): Table;
"""


def found(tmp_path, app: str):
    ws = package_workspace(tmp_path, "rowkit", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"rowkit": "1.0.0"}}),
        "src/app.js": app,
    })
    return flags_with_first_suggestion(ws, "src/app.js")


def test_a_parameter_declared_this_is_the_receiver(tmp_path):
    app = """import { rows } from 'rowkit';
const texts = rows('tr').map(row => row.texts());
rows('tr').each(function (row) { row.counts(); });
rows('tr')
  .tap(r => console.log(r.getText()))
  .at(0);
rows('tr').map((row, i) => row.text() + i);
"""
    assert found(tmp_path, app) == [(2, "texts", ["text"]), (3, "counts", ["count"]), (5, "getText", ["text"])]


def test_an_inherited_method_gives_the_subclass(tmp_path):
    # `this` is the receiver's own type, `Table`, not `Rows` that declares `map`: its `caption` is known; a
    # parameter declared with a named type keeps it (`(a: Rows, b: Rows)`: `caption` is not known there)
    app = """import { table } from 'rowkit';
table('t').map(t => t.caption());
table('t').map(t => t.captions());
table('t').tap(t => t.caption());
table('t').sorted((a, b) => a.count() - b.counts());
"""
    assert found(tmp_path, app) == [(3, "captions", ["caption"]), (5, "counts", ["count"])]
