"""Mapped types over a finite set of keys: `Record<'A' | 'B', V>` and `{ [K in 'a' | 'b']: V }` (the keys written
as string literals, or through a literal union declared beside them) have exactly those members, as in TypeScript:
a name outside the keys is reported. Keys TypeScript cannot list here (`string`, a type parameter, `keyof T`,
`Exclude<...>`, a remapping `as` clause) leave the type open, never flagged. Each on a minimal package checked
through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """
export interface ErrorCtor { new (msg?: string): Error; code: string; }
export type Codes = Record<'E_NOT_FOUND' | 'E_BAD_STATUS' |
  'E_TIMEOUT', ErrorCtor>;
type Level = 'info' | "warn" | 'error';
export type LevelLogger = { readonly [K in Level | 'fatal']?: (msg: string) => void } & { child(): LevelLogger };
export type ByLevel = Record<Level, number>;
export type Loose = Record<string, ErrorCtor>;
export type ByParam<T extends string> = { [K in T]: number };
export type Remapped = { [K in Level as `on${K}`]: () => void };
export type Picked = { [K in Exclude<Level, 'info'>]: number };
export declare const codes: Codes;
export declare function logger(): LevelLogger;
export declare const counts: ByLevel;
export declare const loose: Loose;
export declare const byParam: ByParam<'x'>;
export declare const remapped: Remapped;
export declare const picked: Picked;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str, list[str]]]:
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": TYPES, "src/app.js": app}
    return [(f["line"], f["name"], f["data"]["suggestions"][:1])
            for f in symbol_findings(make_workspace(tmp_path, files), "src/app.js")]


def test_a_record_of_literal_keys_has_those_members_only(tmp_path):
    found = flagged(tmp_path, """import { codes, counts } from 'pkg';
if (e instanceof codes.E_NOT_FOUND) {}
new codes.E_TIMEOUT('x');
codes.E_BAD_STATUS.code;
if (e instanceof codes.E_BADSTATUS) {}
counts.info + counts.warn + counts.error;
counts.debug;
""")
    assert [(line, name) for line, name, _ in found] == [(5, "E_BADSTATUS"), (7, "debug")]
    assert found[0][2] == ["E_BAD_STATUS"]


def test_a_mapped_type_over_literal_keys_has_those_members(tmp_path):
    found = flagged(tmp_path, """import { logger } from 'pkg';
const log = logger();
log.info('a'); log.warn('b'); log.fatal('c'); log.child().error('d');
log.inf('a');
log.child().eror('d');
""")
    assert [(line, name) for line, name, _ in found] == [(4, "inf"), (5, "eror")]
    assert found[0][2] == ["info"]


def test_keys_that_cannot_be_listed_leave_the_type_open(tmp_path):
    assert flagged(tmp_path, """import { loose, byParam, remapped, picked } from 'pkg';
loose.anything; byParam.y; remapped.oninfo; remapped.whatever; picked.warn; picked.other;
""") == []
