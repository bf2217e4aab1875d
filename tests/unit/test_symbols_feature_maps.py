"""Objects whose API is opt-in per feature (round 28, @tanstack/table-core tuned on): `type Row<TFeatures, TData> =
Row_Core<TFeatures, TData> & ExtractFeatureMapTypes<TFeatures, Row_FeatureMap<TFeatures, TData>>`, where the
generic alias is a conditional type over a map of feature names to interfaces (`IsAny<TFeatures> extends true ?
UnionToIntersection<TFeatureMap[keyof TFeatureMap]> : ...`). With the features unknown, the honest model is every
feature interface at once plus the core: a name none of them has is missing, whatever the user registers. A part
that cannot be bounded so (a mapped type that may rename keys, an unknown name) leaves the type open, as before.
And the docs' ```ts fences read as TypeScript when they parse so (`const helper = createColumnHelper<typeof
features, Person>()` teaches `helper` its type). Each on a minimal package checked through the real
`unknown-symbol` check."""

from __future__ import annotations

import json

from lsp_server.knowledge.object_model import _conditional, _infer_bindings
from tests.support.symbols_helpers import (flags_with_first_suggestion, make_workspace, package_flags, package_workspace,
                                          symbol_findings)

TYPES = """
type IsAny<T> = 0 extends 1 & T ? true : false;
type UnionToIntersection<T> = (T extends any ? (x: T) => any : never) extends ((x: infer R) => any) ? R : never;
type UnionToIntersectionOrEmpty<T> = [T] extends [never] ? {} : UnionToIntersection<T> & {};
export type ExtractFeatureMapTypes<TFeatures, TFeatureMap extends object> = IsAny<TFeatures> extends true
  ? UnionToIntersection<TFeatureMap[keyof TFeatureMap]>
  : UnionToIntersectionOrEmpty<TFeatureMap[Extract<keyof TFeatures, keyof TFeatureMap>]>;
export interface Row_Core<TFeatures, TData> { id: string; original: TData; getValue(columnId: string): unknown; }
export interface Row_Selection { getIsSelected(): boolean; toggleSelected(value?: boolean): void; }
export interface Row_Expanding<TFeatures> { getIsExpanded(): boolean; toggleExpanded(): void; }
export interface Row_FeatureMap<TFeatures, TData> {
  rowSelectionFeature: Row_Selection;
  rowExpandingFeature: Row_Expanding<TFeatures>;
}
export type Row<TFeatures, TData> = Row_Core<TFeatures, TData>
  & ExtractFeatureMapTypes<TFeatures, Row_FeatureMap<TFeatures, TData>>;
type Getters<T> = T extends object ? { [K in keyof T as `get${string & K}`]: () => T[K] } : never;
export type Record2<TData> = Row_Core<any, TData> & Getters<TData>;
export interface Table { getColumn(id: string): unknown; getRows(): Row<any, unknown>[]; }
export declare function getRow(): Row<any, unknown>;
export declare function getRecord(): Record2<{ name: string }>;
"""


def test_a_feature_map_type_has_every_feature_s_members(tmp_path):
    # fails on main: the computed part was unresolved, the type open: a name the engine has elsewhere (a
    # table's `getColumn`) was never checked against the row's members
    assert package_flags(tmp_path, TYPES, """import { getRow } from 'pkg';
const row = getRow();
row.id; row.getValue('a'); row.getIsSelected(); row.toggleExpanded();
row.getIsSelectd();
row.getColumn('a');
""") == [(4, "getIsSelectd"), (5, "getColumn")]


def test_a_computed_part_that_may_rename_keys_leaves_the_type_open(tmp_path):
    assert package_flags(tmp_path, TYPES, """import { getRecord } from 'pkg';
const rec = getRecord();
rec.id; rec.getName(); rec.getColumn('a');
""") == []


def test_conditional_types_split_and_infer_bindings():
    assert _conditional("A extends B ? X | Y : C extends D ? Z : never") == (
        "A", "B", "X | Y", "C extends D ? Z : never")
    assert _conditional("Foo<T>") is None
    assert _infer_bindings("(U extends any ? (x: U) => any : never)", "((x: infer R) => any)", ["R"]) == {"R": "U"}
    assert _infer_bindings("Promise<Page>", "Promise<infer R>", ["R"]) == {"R": "Page"}
    assert _infer_bindings("Page", "Promise<infer R>", ["R"]) is None


HELPER_TYPES = """export interface ColumnHelper<TData> {
  accessor(key: string, def: object): object;
  display(def: object): object;
  columns(defs: object[]): object[];
}
export declare function createColumnHelper<TFeatures, TData>(): ColumnHelper<TData>;
"""

HELPER_README = """# grid

```ts
const helper = createColumnHelper<typeof features, Person>()
const columns = helper.columns([helper.accessor('name', { header: 'Name' })])
```

```ts
const helper = createColumnHelper<typeof features, Person>()
export const actions = helper.display({ id: 'actions' })
```
"""


def test_a_typescript_fence_teaches_its_names_their_types(tmp_path):
    # fails on main: the ```ts fences were read as JavaScript, where `createColumnHelper<typeof features,
    # Person>()` is a comparison: `helper` got no convention and a fragment's `helper.dislay(...)` stayed silent
    ws = package_workspace(tmp_path, "grid", HELPER_TYPES, {
        "src/uses.js": 'import { createColumnHelper } from "grid";\ncreateColumnHelper();\n',
        "src/typo.js": "helper.dislay({ id: 'actions' })\n",
        "src/real.js": "helper.columns([helper.accessor('age', {})])\n",
    }, {"README.md": HELPER_README})
    assert flags_with_first_suggestion(ws, "src/typo.js") == [(1, "dislay", ["display"])]
    assert flags_with_first_suggestion(ws, "src/real.js") == []


def test_a_subpath_s_typings_beside_its_javascript_are_read(tmp_path):
    # fails on main: `"./static-functions": "./dist/static-functions.js"` (no `types` condition) was never
    # read, so a fragment's `table_getColumnOffsets(table)` was no export and its result untyped
    ws = make_workspace(tmp_path, {
        "node_modules/grid/package.json": json.dumps({
            "name": "grid", "type": "module",
            "exports": {".": "./dist/index.js", "./static-functions": "./dist/static-functions.js",
                        "./ns": "./dist/ns.js"}}),
        "node_modules/grid/dist/index.js": "export const constructTable = () => ({});\n",
        "node_modules/grid/dist/index.d.ts": """import { Offsets } from './types.js';
export * as ns from './ns.js';
export declare function constructTable(): { getOffsets(): Offsets };
""",
        "node_modules/grid/dist/types.d.ts": """export interface Range { start: number; end: number; }
export interface Offsets { start: Range; all: Range; }
""",
        "node_modules/grid/dist/static-functions.js": "export function table_getColumnOffsets(t) { return {}; }\n",
        "node_modules/grid/dist/static-functions.d.ts": """import { Offsets } from './types.js';
export declare function table_getColumnOffsets(table: unknown): Offsets;
""",
        "node_modules/grid/dist/ns.js": "export function other() {}\n",
        "node_modules/grid/dist/ns.d.ts": "export declare function other(): void;\n",
        "package.json": json.dumps({"name": "app", "dependencies": {"grid": "1.0.0"}}),
        "src/frag.js": "const offsets = table_getColumnOffsets(table)\nconst s = offsets.start.strt\n",
    })
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/frag.js")] == [(2, "strt")]


ROW_TYPES = """export interface Row { id: string; original: unknown; getIsSelected(): boolean; toggleSelected(): void; }
export declare function getRow(id: string): Row;
"""

ROW_README = """# grid

```js
import { getRow } from 'grid'
const row = getRow('1')
row.toggleSelected()
```

```js
import { getRow } from 'grid'
const row = getRow('2')
if (row.getIsSelected()) console.log(row.id)
```
"""


def test_a_destructured_parameter_is_inferred_like_a_plain_one(tmp_path):
    # fails on main: `({ row }) => ...` with nothing to type the object left `row` unknown, where `(row) => ...`
    # took the engine's naming convention; a renamed name (`{ row: r }`) stays unknown
    ws = package_workspace(tmp_path, "grid", ROW_TYPES, {
        "src/uses.js": 'import { getRow } from "grid";\ngetRow("a");\n',
        "src/frag.js": "const def = { spanColumns: ({ row }) => row.getIsSelectd() ? 2 : 1 }\n"
                       "const other = { spanColumns: ({ row: r }) => r.getIsSelectd() ? 2 : 1 }\n",
    }, {"README.md": ROW_README})
    assert flags_with_first_suggestion(ws, "src/frag.js") == [(1, "getIsSelectd", ["getIsSelected"])]
