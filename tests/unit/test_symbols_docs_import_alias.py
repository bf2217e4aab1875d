"""A function the engine's docs import under an alias in one fence (`import { experimental_getBatchResults as
getBatchResults } from 'ai'`) and use undeclared in the next (`const results = await getBatchResults(...)`):
the alias is the docs' convention (issue 17, ai@7's misses, round 29), so a free `getBatchResults` in a file
is that export and the members read on its results are checked. Only when the docs give the alias one target
everywhere, the file does not declare the name itself and the engine exports no value of that very name.
Through the real pipeline, on a small ESM-only package."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """export interface BatchItem { text: string; index: number; }
export interface BatchResults { items: BatchItem[]; status: string; }
export declare function experimental_getBatchResults(id: string): Promise<BatchResults>;
export declare function experimental_listBatches(): Promise<BatchResults[]>;
"""

README = """# batch

```js
{imports}
```

```js
const results = await getBatchResults("b1");
console.log(results.status);
```
"""

ALIAS = 'import { experimental_getBatchResults as getBatchResults } from "batch";'
USE = 'const batch = await getBatchResults("b1");\nconsole.log(batch.statu, batch.items);\n'


def workspace(tmp_path, files: dict[str, str], imports: str = ALIAS):
    return make_workspace(tmp_path, {
        "node_modules/batch/package.json": json.dumps({"name": "batch", "type": "module", "types": "index.d.ts"}),
        "node_modules/batch/index.d.ts": TYPES,
        "node_modules/batch/README.md": README.replace("{imports}", imports),
        "src/uses.js": 'import { experimental_listBatches } from "batch";\nexperimental_listBatches();\n',
        **files})


def found(ws, rel):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_free_name_the_docs_import_under_an_alias_is_that_export(tmp_path):
    # on main: `getBatchResults` is free and unbound, so `results.statu` goes unchecked
    ws = workspace(tmp_path, {"src/a.js": USE})
    assert found(ws, "src/a.js") == [(2, "statu", ["status"])]


def test_a_file_declaring_the_name_itself_keeps_its_own(tmp_path):
    own = 'function getBatchResults() { return { statu: 1 }; }\n' + USE
    ws = workspace(tmp_path, {"src/a.js": own})
    assert found(ws, "src/a.js") == []


def test_an_alias_the_docs_give_two_targets_binds_nothing(tmp_path):
    two = ALIAS + '\n```\n\n```js\nimport { experimental_listBatches as getBatchResults } from "batch";'
    ws = workspace(tmp_path, {"src/a.js": USE}, imports=two)
    assert found(ws, "src/a.js") == []


def test_an_alias_of_another_package_elsewhere_in_the_docs_binds_nothing(tmp_path):
    # `import { getBatchResults } ...` of a package the engine does not ship: the docs' name is not one export
    other = ALIAS + '\n```\n\n```js\nimport { fetchResults as getBatchResults } from "@other/batch";'
    ws = workspace(tmp_path, {"src/a.js": USE}, imports=other)
    assert found(ws, "src/a.js") == []
