"""Result values typed by tagged unions and namespaced result types (round 34, @mysten/sui tuned on): a type a
namespace declares is that namespace's, never a top-level type of the same name (or JavaScript's global of that
name); a tagged union's arm that declares a member `never` yields to the arm that types it; `a ?? b` is the type
both operands agree on; an intersection with a union alias has every arm's members; a member typed by a conditional
on a type parameter is the union of its branches; a brand const typed `never` names no property; the examples'
instances of a type extending a union agree with that union's values. Each on a minimal package checked through
the real `unknown-symbol` check."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags, package_workspace, symbol_findings

TYPES = """
declare const BRAND: never;
declare const KEY: string;
export declare class Transaction {
  [KEY]: boolean;
  build(): Uint8Array;
}
export declare class Builder {
  [BRAND]: boolean;
  add(): this;
}
export declare namespace ClientTypes {
  interface Display { output: Record<string, unknown> | null; errors: string[] | null; }
  interface Object<Include extends ObjectInclude = {}> {
    objectId: string;
    digest: string;
    display: Include extends { display: true } ? Display | null : undefined;
  }
  interface ObjectInclude { display?: boolean; }
  interface GetObjectResponse<Include extends ObjectInclude = {}> { object: Object<Include>; }
  interface ListObjectsResponse<Include extends ObjectInclude = {}> { objects: Object<Include>[]; hasNextPage: boolean; }
  type FieldEntry = {
    fieldId: string;
    valueType: string;
  } & ({
    $kind: 'DynamicField';
    childId?: never;
  } | {
    $kind: 'DynamicObject';
    childId: string;
  });
  interface ListFieldsResponse { fields: FieldEntry[]; }
  interface Transaction { digest: string; status: { success: boolean }; }
  type TransactionResult = {
    $kind: 'Transaction';
    Transaction: Transaction;
    FailedTransaction?: never;
  } | {
    $kind: 'FailedTransaction';
    Transaction?: never;
    FailedTransaction: Transaction;
  };
}
export type GrpcTransactionResult = ClientTypes.TransactionResult & { protoJson: unknown };
export declare class Client {
  execute(): Promise<ClientTypes.TransactionResult>;
  executeGrpc(): Promise<GrpcTransactionResult>;
  getObject<Include extends ClientTypes.ObjectInclude = {}>(options: { include?: Include }): Promise<ClientTypes.GetObjectResponse<Include>>;
  listObjects<Include extends ClientTypes.ObjectInclude = {}>(options: { include?: Include }): Promise<ClientTypes.ListObjectsResponse<Include>>;
  listFields(): Promise<ClientTypes.ListFieldsResponse>;
}
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_type_a_namespace_declares_is_its_own_not_a_top_level_namesake(tmp_path):
    # `Transaction` inside `ClientTypes` is the namespace's interface, not the top-level class (whose computed
    # key opens the class, not the namespace's type of the same name)
    assert flagged(tmp_path, """import { Client } from 'pkg';
const result = await new Client().execute();
if (result.$kind === 'Transaction') { result.Transaction.digest; result.Transaction.build; }
""") == [(3, "build")]


def test_a_tagged_unions_never_member_yields_to_the_arm_that_types_it(tmp_path):
    # not narrowed: `Transaction` is the arm's `Transaction` on one arm and `never` on the other
    assert flagged(tmp_path, """import { Client } from 'pkg';
const result = await new Client().execute();
result.Transaction.digest; result.Transaction.digst; result.FailedTransaction.status.success;
result.$kind; result.$knd;
""") == [(3, "digst"), (4, "$knd")]


def test_nullish_coalescing_of_two_values_of_one_type_is_that_type(tmp_path):
    assert flagged(tmp_path, """import { Client } from 'pkg';
const result = await new Client().execute();
const tx = result.Transaction ?? result.FailedTransaction;
tx.digest; tx.status.success; tx.sttaus;
const either = result.Transaction || new Client();
either.digest; either.execute; either.zzBoth;
const unknown = result.Transaction ?? {};
unknown.anything;
""") == [(4, "sttaus"), (6, "zzBoth")]


def test_an_intersection_with_a_union_alias_has_every_arms_members(tmp_path):
    assert flagged(tmp_path, """import { Client } from 'pkg';
const result = await new Client().executeGrpc();
result.protoJson; result.$kind; result.FailedTransaction.status; result.Transaction.digest;
result.Transaction.diegst; result.protoJsn;
""") == [(4, "diegst"), (4, "protoJsn")]


def test_a_namespaced_type_named_like_a_global_is_the_namespaces(tmp_path):
    # `object: Object<Include>` inside the namespace is its `Object`, not JavaScript's
    assert flagged(tmp_path, """import { Client } from 'pkg';
const { object } = await new Client().getObject({});
object.objectId; object.digest; object.objectID;
""") == [(3, "objectID")]


def test_a_member_typed_by_a_conditional_on_a_type_parameter_is_its_branches(tmp_path):
    assert flagged(tmp_path, """import { Client } from 'pkg';
const { object } = await new Client().getObject({ include: { display: true } });
object.display.output; object.display.errors; object.display.getOutput;
""") == [(3, "getOutput")]


def test_an_array_of_a_generic_type_is_an_array(tmp_path):
    # `objects: Object<Include>[]`: each element an `Object`; the array's own members are an array's
    assert flagged(tmp_path, """import { Client } from 'pkg';
const page = await new Client().listObjects({});
for (const object of page.objects) { object.objectId; object.objectID; }
page.objects.length; page.objects.map((o) => o.digest);
""") == [(3, "objectID")]


def test_an_intersection_with_a_union_of_object_literals_has_every_arms_members(tmp_path):
    assert flagged(tmp_path, """import { Client } from 'pkg';
const page = await new Client().listFields();
for (const field of page.fields) {
  field.fieldId; field.valueType; field.$kind; field.childId.length;
  field.$knd; field.getValueType;
}
""") == [(5, "$knd"), (5, "getValueType")]


def test_a_computed_key_of_a_const_typed_never_names_no_property(tmp_path):
    # `[BRAND]: boolean` (a brand) leaves `Builder` closed; `[KEY]` (a string) opens `Transaction`
    assert flagged(tmp_path, """import { Builder, Transaction } from 'pkg';
new Builder().add().ad();
new Transaction().anything;
""") == [(2, "ad")]


def test_a_namespace_copy_keeps_its_short_references_in_its_own_arms(tmp_path):
    # the message names the namespace's type, shown by its alias
    ws = package_workspace(tmp_path, "pkg", TYPES, {"src/app.js": """import { Client } from 'pkg';
const result = await new Client().execute();
result.Transaction.digst;
"""})
    [found] = symbol_findings(ws, "src/app.js")
    assert found["data"]["suggestions"][:1] == ["digest"]


README = """# pkg

```js
import { Client } from 'pkg';
const client = new Client();
const result = await client.executeGrpc();
console.log(result.Transaction.digest);
```

```js
import { Client } from 'pkg';
const result = await new Client().executeGrpc();
console.log(result.protoJson);
```

```js
import { Client } from 'pkg';
const result = await new Client().execute();
console.log(result.$kind);
```

```js
import { Client } from 'pkg';
const result = await new Client().execute();
console.log(result.FailedTransaction);
```
"""


def test_examples_giving_a_name_a_union_and_a_type_extending_it_agree_on_that_type(tmp_path):
    # the README's `result` is a `GrpcTransactionResult` twice and the `TransactionResult` union twice: a
    # fragment's undeclared `result` is the type that extends the union (its members are all of theirs)
    ws = package_workspace(tmp_path, "pkg", TYPES, {"src/app.js": """const tx = result.Transaction ?? result.FailedTransaction;
console.log(result.protoJson, tx.digest, tx.digst);
""", "src/uses.js": "import { Client } from 'pkg';\n"}, shipped={"README.md": README})
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")] == [(2, "digst")]


def test_a_namespace_alias_of_its_own_name_re_exports_the_outer_type(tmp_path):
    # konva: `namespace Konva { type Rect = import('./shapes/Rect').Rect }` (the import type's prefix blanked:
    # `type Rect = Rect`) is the top-level class, not a type of the namespace's own
    types = """export declare class Rect { getClientRect(): object; width(): number; }
export declare class Node { id(): string; }
export declare namespace Konva {
    type Rect = import('./index').Rect;
    type Node = import('./index').Node;
}
export declare function make(): Konva.Rect;
"""
    assert package_flags(tmp_path, types, """import { make, Rect } from 'pkg';
make().getClientRect(); make().getClientRects();
new Rect().width(); new Rect().widht();
""") == [(2, "getClientRects"), (3, "widht")]


def test_a_global_namespaces_alias_of_its_own_name_stays_the_outer_type(tmp_path):
    # openhab: `declare global { namespace time { type ZonedDateTime = import('@js-joda/core').ZonedDateTime } }`
    types = """declare global {
  namespace time {
    type ZonedDateTime = import('./index').ZonedDateTime;
  }
}
export declare class ZonedDateTime { plusMinutes(n: number): ZonedDateTime; }
export declare function toZDT(): time.ZonedDateTime;
"""
    assert package_flags(tmp_path, types, """import { toZDT } from 'pkg';
toZDT().plusMinutes(1).plusMnutes(2);
""") == [(2, "plusMnutes")]
