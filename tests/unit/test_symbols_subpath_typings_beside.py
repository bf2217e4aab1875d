"""Package.json `exports` subpaths that name a JavaScript file and no typings (`"./lambda": "./lambda/index.js"`,
a monolithic package of module folders): TypeScript types such a specifier by the declaration file beside the
file (`./lambda/index.d.ts`). When the package's typings already read that file as a namespace object (`export *
as lambda from './lambda'` in the entry) the subpath is that object, for a namespace
import and for named imports alike. Round 24, on aws-cdk-lib after its held-out run. Each case on a
minimal package through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace, symbol_findings

KIT = {
    "node_modules/kit/package.json": json.dumps({
        "name": "kit", "main": "index.js",
        "exports": {".": "./index.js", "./lambda": "./lambda/index.js", "./storage": "./storage/index.js",
                    "./core": "./core/index.js", "./package.json": "./package.json"}}),
    "node_modules/kit/index.js": "exports.lambda = require('./lambda'); exports.storage = require('./storage');",
    "node_modules/kit/index.d.ts": """
        export * as lambda from './lambda';
        export * as storage from './storage';
        export * from './core';
    """,
    "node_modules/kit/core/index.d.ts": """
        export declare class Duration { static minutes(n: number): Duration; toSeconds(): number; }
    """,
    "node_modules/kit/core/index.js": "exports.Duration = class Duration {};",
    "node_modules/kit/lambda/index.d.ts": "export * from './lib/runtime';\nexport * from './lib/function';\n",
    "node_modules/kit/lambda/index.js": "",
    "node_modules/kit/lambda/lib/runtime.d.ts": """
        export declare class Runtime {
            static readonly NODEJS_LATEST: Runtime;
            static readonly PYTHON_3_12: Runtime;
            readonly name: string;
        }
    """,
    "node_modules/kit/lambda/lib/function.d.ts": """
        import { Duration } from '../../core';
        export interface IFunction { readonly functionName: string; }
        export declare class Function implements IFunction {
            readonly functionName: string;
            readonly timeout: Duration;
            grantInvoke(who: string): void;
        }
    """,
    "node_modules/kit/storage/index.d.ts": """
        export declare class Bucket { grantRead(who: string): void; }
    """,
    "node_modules/kit/storage/index.js": "",
}


def test_a_namespace_import_of_a_subpath_typed_beside_its_runtime_file(tmp_path):
    """`import * as fx from 'kit/lambda'`: the entry's `export * as lambda` object; its members are checked,
    a near miss reported with the real name first, the statics of a class reached through it too: errors on
    declared types (not the engine-wide vocabulary's warnings on an untyped receiver)."""
    ws = make_workspace(tmp_path, {**KIT, "src/app.js": """import * as fx from 'kit/lambda';
const fn = new fx.Function();
fn.grantInvoke('me');
fx.Runtime.NODEJS_LATEST;
fx.Runtimes.NODEJS_LATEST;
fx.Runtime.nodejs_latest;
fn.grantInvok('me');
"""})
    assert [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1])
            for f in symbol_findings(ws, "src/app.js")] == [
        (5, "Runtimes", "error", ["Runtime"]), (6, "nodejs_latest", "error", ["NODEJS_LATEST"]),
        (7, "grantInvok", "error", ["grantInvoke"])]


def test_named_imports_of_such_a_subpath(tmp_path):
    """`import { Runtime } from 'kit/lambda'`: a member of that object; a name it lacks is reported, an
    interface it exports (a type, not a member of the object) never is."""
    ws = make_workspace(tmp_path, {**KIT, "src/app.js": """import { Runtime, IFunction } from 'kit/lambda';
import { Runtim } from 'kit/lambda';
import { Bucket } from 'kit/storage';
Runtime.PYTHON_3_12;
Runtime.python_3_12;
new Bucket().grantRead('me');
new Bucket().grantReed('me');
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [
        (2, "Runtim", ["Runtime"]), (5, "python_3_12", ["PYTHON_3_12"]), (7, "grantReed", ["grantRead"])]

