"""A module file's top-level declarations are its own (TypeScript's module scope): where a package's typings and a
dependency's typings read into the same model each declare a top-level value of one name (`declare const usage:
{...}` in the package, `declare const usage: UsageAPI` in its core package), an export is the value of the file it
resolves to, not the merge of both (which is of unknown type when their types differ, and checked nothing).
Checked through the real `unknown-symbol` check on minimal packages."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

USAGE = """export type CurrentUsage = { costInCents: number };
export declare const usage: {
    getCurrent: () => CurrentUsage;
    measure: <T>(cb: () => Promise<T>) => Promise<{ result: T }>;
};
export declare const other: number;
"""
CORE = """export interface UsageAPI { start(): void; stop(): void; }
export declare const usage: UsageAPI;
export interface Logger { log(msg: string): void; }
export declare const logger: Logger;
"""


def flagged(tmp_path, index: str, app: str) -> list[tuple[int, str]]:
    files = {"node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
             "node_modules/pkg/index.d.ts": index, "node_modules/pkg/usage.d.ts": USAGE,
             "node_modules/pkg/core.d.ts": CORE, "src/app.js": app}
    return [(f["line"], f["name"]) for f in symbol_findings(make_workspace(tmp_path, files), "src/app.js")]


def test_an_export_is_the_value_of_the_file_it_resolves_to(tmp_path):
    index = 'export * from "./usage";\nexport { logger } from "./core";\n'
    assert flagged(tmp_path, index, """import { usage, logger } from 'pkg';
usage.getCurrent(); usage.measure(async () => 1); logger.log('x');
usage.getCurent();
usage.start();
""") == [(3, "getCurent"), (4, "start")]


def test_the_other_file_s_value_when_the_export_names_that_file(tmp_path):
    index = 'export { other } from "./usage";\nexport { usage, logger } from "./core";\n'
    assert flagged(tmp_path, index, """import { usage } from 'pkg';
usage.start(); usage.stop();
usage.getCurrent();
""") == [(3, "getCurrent")]
