"""Members typed by what a package's private factory returns, and the names a bundled package's module files
share. Round 34, on @mysten/sui after its held-out run; each case on a minimal package through the real
`unknown-symbol` check:

- a top-level function whose declared result is an object type literal (`declare function createPure<T>(...):
  { (value: Uint8Array): T; u8(n: number): T; ... }`) gives a closed object type of its own, which a call and
  `ReturnType<typeof createPure<Argument>>` (an instantiation expression inside `typeof`) both reach;
- a computed key that is a const declared `never` (a bundler's brand, `declare const BRAND: never; class Client
  { [BRAND]: boolean }`) names no property: the class stays closed (a `string` const's key still opens it);
- a class of one module file and a const of the same name in another (a generated protobuf file's `declare
  const Transaction: Transaction$Type`) are two bindings: `new Transaction()` of the class's subpath is the class,
  whichever file is read first."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings
from lsp_server.knowledge.model_sources.base import parse_type

PURE = """
declare function createPure<T>(makePure: (value: Uint8Array) => T): {
  <Type extends string>(type: Type, value: number): T;
  (value: Uint8Array): T;
  u8(value: number): T;
  address(value: string): T;
  id: (value: string) => T;
};
export { createPure };
"""
OBJECT = """
declare function createObjectMethods<T>(makeObject: (value: string) => T): {
  (value: string): T;
  system(options?: { mutable?: boolean; }): T;
  clock(): T;
};
export { createObjectMethods };
"""
TRANSACTION = """
import { createPure } from "./pure.mjs";
import { createObjectMethods } from "./object.mjs";
type Argument = { $kind: 'Input'; Input: number };
declare class Transaction {
  get pure(): ReturnType<typeof createPure<Argument>>;
  object: ReturnType<typeof createObjectMethods<{
    $kind: 'Input';
    Input: number;
    type?: 'object';
  }>>;
  moveCall(input: { target: string }): Argument;
}
export { Transaction };
"""
CLIENT = """
declare const CLIENT_BRAND: never;
declare const CLIENT_KEY: string;
declare class GrpcClient {
  [CLIENT_BRAND]: boolean;
  constructor(options: { network: string });
  getObject(id: string): Promise<string>;
}
declare class OpenClient {
  [CLIENT_KEY]: boolean;
  getObject(id: string): Promise<string>;
}
export { GrpcClient, OpenClient };
"""
# a generated message file of the same package: an interface and a const named as the builder's class
PROTO = """
import { MessageType } from "@protobuf-ts/runtime";
interface Transaction { digest?: string; }
declare class Transaction$Type extends MessageType<Transaction> { constructor(); }
declare const Transaction: Transaction$Type;
export { Transaction };
"""


def kit(proto_first: bool = False) -> dict[str, str]:
    """The package; its `tx` entry's typings import the message files' module too (as a client's do), before
    or after the builder's file; no subpath of its own reaches that module."""
    subpaths = {"tx": "./dist/tx/index", "grpc": "./dist/grpc/index"}
    exports = {f"./{name}": {"import": {"types": f"{path}.d.mts", "default": f"{path}.mjs"}}
               for name, path in subpaths.items()}
    imports = ['import { Transaction } from "./Transaction.mjs";\n', 'import "../proto/index.mjs";\n']
    return {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "type": "module", "exports": exports}),
        "node_modules/kit/dist/tx/index.mjs": "export class Transaction {}\nexport function createPure() {}\n",
        "node_modules/kit/dist/grpc/index.mjs": "export class GrpcClient {}\nexport class OpenClient {}\n",
        "node_modules/kit/dist/tx/pure.d.mts": PURE,
        "node_modules/kit/dist/tx/object.d.mts": OBJECT,
        "node_modules/kit/dist/tx/Transaction.d.mts": TRANSACTION,
        "node_modules/kit/dist/tx/index.d.mts": "".join(imports[::-1] if proto_first else imports) +
                                                'import { createPure } from "./pure.mjs";\n'
                                                'export { Transaction, createPure };\n',
        "node_modules/kit/dist/grpc/client.d.mts": CLIENT,
        "node_modules/kit/dist/grpc/index.d.mts": 'import { GrpcClient, OpenClient } from "./client.mjs";\n'
                                                  'export { GrpcClient, OpenClient };\n',
        "node_modules/kit/dist/proto/transaction.d.mts": PROTO,
        "node_modules/kit/dist/proto/index.d.mts": 'import { Transaction } from "./transaction.mjs";\n'
                                                   'export { Transaction as ProtoTransaction };\n',
    }


def flags(tmp_path, app: str, files=None) -> list[tuple[int, str, str, str]]:
    ws = make_workspace(tmp_path, {**(files or kit()), "src/app.js": app})
    return [(f["line"], f["name"], f["severity"], (f["data"]["suggestions"] or [""])[0])
            for f in symbol_findings(ws, "src/app.js")]


def test_an_instantiation_expression_in_typeof_is_the_function_it_instantiates():
    assert parse_type("typeof createPure<Argument>") == ("typeof", "createPure")
    assert parse_type("ReturnType<typeof createPure<Argument>>") == ("returnof", "createPure")
    assert parse_type("ReturnType<typeof createObjectMethods<{\n  $kind: 'Input';\n  Input: number;\n}>>") == \
        ("returnof", "createObjectMethods")
    assert parse_type("ReturnType<typeof kit.createPure<(tx: T) => A>>") == ("returnof", "createPure")
    assert parse_type("typeof Sock.Sock") == ("typeof", "Sock")


def test_members_of_a_getter_typed_by_a_factorys_object_result(tmp_path):
    """`tx.pure.u8(1)`, `tx.pure('u8', 1)` (a call signature) and `tx.object.clock()` are the factories'
    members; `tx.pure.adress` and `tx.object.sytsem()` are errors naming the real member first."""
    found = flags(tmp_path, """import { Transaction } from 'kit/tx';
const tx = new Transaction();
tx.moveCall({ target: '0x2::coin::split', arguments: [tx.pure.u8(1), tx.pure('u8', 2), tx.pure.id('0x1')] });
tx.pure.address('0x1');
tx.object('0x5');
tx.object.clock();
tx.object.system({ mutable: true });
tx.pure.adress('0x1');
tx.object.sytsem();
""")
    assert found == [(8, "adress", "error", "address"), (9, "sytsem", "error", "system")]


def test_a_call_of_a_function_declared_to_return_an_object_literal(tmp_path):
    found = flags(tmp_path, """import { createPure } from 'kit/tx';
const pure = createPure((bytes) => bytes);
pure.u8(1);
pure(new Uint8Array(1));
pure.u8s(1);
""")
    assert found == [(5, "u8s", "error", "u8")]


def test_overloads_returning_different_object_literals_leave_the_result_unknown(tmp_path):
    files = {**kit(), "node_modules/kit/dist/tx/pure.d.mts": """
declare function createPure(kind: "a"): { left(): void };
declare function createPure(kind: "b"): { right(): void };
export { createPure };
"""}
    assert flags(tmp_path, """import { createPure } from 'kit/tx';
createPure("a").left();
createPure("b").right();
createPure("b").middle();
""", files) == []


def test_a_never_branded_class_stays_closed_a_string_keyed_one_open(tmp_path):
    found = flags(tmp_path, """import { GrpcClient, OpenClient } from 'kit/grpc';
const client = new GrpcClient({ network: 'testnet' });
await client.getObject('0x1');
await client.fetchObject('0x1');
const open = new OpenClient();
await open.fetchObject('0x1');
""")
    assert found[0] == (4, "fetchObject", "error", "getObject")
    assert [severity for line, _, severity, _ in found if line == 6] in ([], ["warning"])  # open: not an error


def test_a_class_and_another_module_files_const_of_its_name_are_two_bindings(tmp_path):
    """Whichever of the two files is read first, `new Transaction()` of the builder's subpath is the builder:
    its members are known, others are errors on `Transaction` (not on the message file's `Transaction$Type`)."""
    app = """import { Transaction } from 'kit/tx';
const tx = new Transaction();
tx.moveCall({ target: '0x2::coin::split' });
tx.shiftCall({ target: '0x2::coin::split' });
"""
    for order in (False, True):
        ws = make_workspace(tmp_path / str(order), {**kit(order), "src/app.js": app})
        found = [(f["line"], f["name"], f["severity"], f["message"]) for f in symbol_findings(ws, "src/app.js")]
        assert [f[:3] for f in found] == [(4, "shiftCall", "error")], order
        assert found[0][3].startswith("`Transaction` has no member"), order
