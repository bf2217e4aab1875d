"""A value declared with a function type, written out or through an alias (`type FormatWrap = (opts?) =>
Format`, logform's `format(fn): FormatWrap`; a property `make: () => Format`): calling it gives the declared
result, as in TypeScript, so the result's members are checked. Each on a minimal package checked through the real
`unknown-symbol` check."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
export declare class Format { options?: object; transform(info: object, opts?: unknown): object; }
export type TransformFunction = (info: object, opts?: unknown) => object;
export type FormatWrap = (opts?: unknown) => Format;
export declare function format(transform: TransformFunction): FormatWrap;
export interface Factory { make: (name: string) => Format; count: number; }
export declare const factory: Factory;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_calling_a_value_typed_by_a_function_type_gives_its_result(tmp_path):
    assert flagged(tmp_path, """const { format, factory } = require('pkg');
const volume = format((info, opts) => info);
const scream = volume({ yell: true });
scream.transform({}, scream.options);
scream.getTransform({});
format((info) => info)().tranform({});
factory.make('a').transform({});
factory.make('a').optons;
""") == [(5, "getTransform"), (6, "tranform"), (8, "optons")]
