"""A package whose entry re-exports each of its subpath files as a namespace (`export * as storage_svc from
'./storage'`) while its docs import the subpath itself (`import * as storage from 'cloudkit/storage'`) and their
other fragments use `storage.Bucket` undeclared (round 24's held-out run: 110 of 129 misses, 7 false positives).
The subpath's `exports` entry names only JavaScript (`"./storage": "./storage/index.js"`): TypeScript reads the
`index.d.ts` beside it, the very file the entry re-exports, so the import binds that namespace: its members are
that file's exports, a name it lacks is reported with the namespace's own names as suggestions, and the docs'
import teaches the undeclared alias (an abbreviation guess never beats it). Through the real pipeline."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

ROOT_TYPES = """export * as storage_svc from './storage';
export * as compute_svc from './compute';
export * as inference_svc from './inference';
export declare class App {
    synth(): void;
}
"""
STORAGE_LIB = """export declare class Bucket {
    constructor(scope: any, id: string);
    grantRead(who: any): void;
}
export declare enum BucketEncryption {
    KMS = "kms",
    S3_MANAGED = "s3"
}
export declare class StoragePolicy {
    readonly document: string;
}
"""
COMPUTE_LIB = """export declare class Function {
    constructor(scope: any, id: string, props: any);
    addEnvironment(key: string, value: string): this;
}
export declare class Runtime {
    static readonly NODEJS_22: Runtime;
    readonly name: string;
}
"""
INFERENCE_LIB = """export declare class Model {
    constructor(scope: any, id: string);
}
export declare class Endpoint {
    constructor(scope: any, id: string, props: any);
}
export declare class Runtime {
    static readonly PYTHON: Runtime;
}
"""
README = """# cloudkit

```ts
import * as storage from 'cloudkit/storage';
import * as compute from 'cloudkit/compute';
```

```ts
const bucket = new storage.Bucket(app, 'Data', { encryption: storage.BucketEncryption.KMS });
const fn = new compute.Function(app, 'Fn', { runtime: compute.Runtime.NODEJS_22 });
```

```ts
const sp = new storage.Bucket(app, 'Other');
```
"""


def workspace(tmp_path, files: dict[str, str], readme: str = README):
    pkg = {
        "node_modules/cloudkit/package.json": json.dumps({
            "name": "cloudkit", "main": "index.js",
            "exports": {".": "./index.js", "./storage": "./storage/index.js", "./compute": "./compute/index.js"}}),
        "node_modules/cloudkit/index.d.ts": ROOT_TYPES,
        "node_modules/cloudkit/index.js": "exports.storage_svc = require('./storage');\n"
                                          "exports.compute_svc = require('./compute');\n",
        "node_modules/cloudkit/storage/index.d.ts": "export * from './lib';\n",
        "node_modules/cloudkit/storage/index.js": "module.exports = require('./lib');\n",
        "node_modules/cloudkit/storage/lib/index.d.ts": STORAGE_LIB,
        "node_modules/cloudkit/storage/lib/index.js": "",
        "node_modules/cloudkit/compute/index.d.ts": "export * from './lib';\n",
        "node_modules/cloudkit/compute/index.js": "module.exports = require('./lib');\n",
        "node_modules/cloudkit/compute/lib/index.d.ts": COMPUTE_LIB,
        "node_modules/cloudkit/compute/lib/index.js": "",
        "node_modules/cloudkit/inference/index.d.ts": "export * from './lib';\n",
        "node_modules/cloudkit/inference/index.js": "module.exports = require('./lib');\n",
        "node_modules/cloudkit/inference/lib/index.d.ts": INFERENCE_LIB,
        "node_modules/cloudkit/inference/lib/index.js": "",
        "node_modules/cloudkit/README.md": readme,
        "src/uses.js": "import { App } from 'cloudkit';\nnew App().synth();\n",
    }
    return make_workspace(tmp_path, {**pkg, **files})


def found(ws, rel):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_namespace_import_of_a_subpath_binds_the_namespace_its_entry_re_exports(tmp_path):
    # before: the subpath was no module of the model, so `storage` was untyped and `Buckt` not reported
    code = ("import * as storage from 'cloudkit/storage';\n"
            "new storage.Buckt(app, 'B');\n"
            "new storage.Bucket(app, 'C', { encryption: storage.BucketEncryption.KMS });\n"
            "const compute = require('cloudkit/compute');\n"
            "compute.Runtimes.NODEJS_22;\n"
            "compute.Runtime.NODEJS_22;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(2, "Buckt", ["Bucket"]), (5, "Runtimes", ["Runtime"])]


def test_the_docs_subpath_import_teaches_an_undeclared_alias(tmp_path):
    # a fragment's undeclared `storage`: the subpath's namespace the docs import, its members checked (typos
    # too, which the vocabulary check of an untyped receiver leaves alone) and suggested from its own names
    code = ("new storage.Bukcet(app, 'B');\n"
            "storage.BucketEncryption.KMS;\n"
            "new compute.Function(app, 'F', {});\n"
            "compute.Runtmie.NODEJS_22;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(1, "Bukcet", ["Bucket"]), (4, "Runtmie", ["Runtime"])]


def test_a_module_alias_the_docs_import_is_never_an_abbreviation_of_a_class(tmp_path):
    # `sp` spells `StoragePolicy`'s letters in order; the docs import it as the storage subpath's namespace:
    # `sp.Bucket` is real, never "`StoragePolicy` has no member `Bucket`"
    readme = README.replace("import * as storage from 'cloudkit/storage';",
                            "import * as sp from 'cloudkit/storage';\nconst policy = new sp.StoragePolicy();")
    readme += "\n```ts\nnew sp.Bucket(app, 'X');\nsp.BucketEncryption.KMS;\n```\n"
    ws = workspace(tmp_path, {"src/a.js": "new sp.Bucket(app, 'B');\nsp.BucketEncryption.S3_MANAGED;\nsp.Buckt;\n"},
                   readme=readme)
    assert found(ws, "src/a.js") == [(3, "Buckt", ["Bucket"])]


def test_an_alias_no_import_teaches_is_the_one_module_exporting_every_name_the_docs_use_on_it(tmp_path):
    # `ml` is imported nowhere; the docs use `Model`, `Endpoint` and `Runtime` on it: only the inference
    # module exports all three (compute has a `Runtime` too), so `ml` is that module's namespace
    readme = README + ("\n```ts\nconst m = new ml.Model(app, 'M');\nnew ml.Endpoint(app, 'E', { model: m });\n"
                       "ml.Runtime.PYTHON;\n```\n")
    code = "new ml.Model(app, 'M');\nnew ml.Enpdoint(app, 'E', {});\nml.Runtime.PYTHON;\n"
    ws = workspace(tmp_path, {"src/a.js": code}, readme=readme)
    assert found(ws, "src/a.js") == [(2, "Enpdoint", ["Endpoint"])]
    # a finding on the module's namespace, not the vocabulary check's "no type in reach has `Enpdoint`"
    assert [f["message"].split(";")[0] for f in symbol_findings(ws, "src/a.js")] == \
        ["`inference_svc` has no member `Enpdoint`"]


def test_names_two_modules_export_teach_no_alias(tmp_path):
    # `Runtime` alone (compute and inference both export it) and one other name: under USAGE_MIN_MEMBERS, and
    # `rt.Runtime` in both: nothing is inferred, nothing reported on a real name
    readme = README + "\n```ts\nrt.Runtime.PYTHON;\nrt.Model;\n```\n"
    code = "rt.Runtime.NODEJS_22;\nrt.Modle;\n"
    ws = workspace(tmp_path, {"src/a.js": code}, readme=readme)
    assert [f for f in found(ws, "src/a.js") if f[1] != "Modle"] == []
