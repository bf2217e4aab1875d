"""The vocabulary check's did-you-mean on a member access is a member (round 11's held-out run: undici's
`client.getRequest()` suggested the exported class `Request`, not the member `request`): the receiver's own
members first when its type is known but open (inherited ones included), then the names the engine's types have
as members (platform-named ones too: `request`, `stream`), a module's export or class only when no member is
about as near. Through the real pipeline on a tiny package shaped like undici's typings: classes whose base
comes from a package the install lacks (it does not resolve: the classes are open), and a namespace of the
package's classes exported as its default (`Netkit.Request`)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace, symbol_findings

TYPES = """import { Emitter } from 'uninstalled-emitter';
declare class RequestImpl {
    constructor(input: string);
}
declare class StreamImpl {
}
export declare class Dispatcher extends Emitter {
    connect(options: object): Promise<object>;
    request(options: object): Promise<object>;
    stream(options: object, factory: () => object): Promise<void>;
}
export declare class Client extends Dispatcher {
    constructor(url: string);
}
export declare class Pool extends Dispatcher {
    constructor(url: string);
}
export interface PoolStats {
    readonly connects: number;
}
export declare function fetch(url: string): Promise<object>;
declare namespace Netkit {
    const Request: typeof RequestImpl;
    const Stream: typeof StreamImpl;
}
export default Netkit;
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "netkit", TYPES, files)


found = flags_with_first_suggestion


def test_an_untyped_receivers_did_you_mean_is_a_member_before_an_exported_class(tmp_path):
    ws = workspace(tmp_path, {"src/app.js": 'import { fetch } from "netkit";\n'
                                            "export async function get(client) {\n"
                                            "  await client.getRequest({ path: '/' });\n"
                                            "  await client.getStream({ path: '/' }, () => ({}));\n"
                                            "}\n"
                                            # written as the engine's namespace: its class is as plausible
                                            "export function make(Netkit) { return Netkit.getRequest('/'); }\n"})
    assert found(ws, "src/app.js") == [(3, "getRequest", ["request"]), (4, "getStream", ["stream"]),
                                       (6, "getRequest", ["Request"])]


def test_an_open_typed_receivers_did_you_mean_is_its_own_member(tmp_path):
    # `client` is a `Client`, whose base chain ends in a base that does not resolve: the vocabulary check guesses
    # there, and of `connects` (another type's property, as near, first on a tie) and `connect` (the receiver's
    # inherited method), the receiver's own member is meant
    ws = workspace(tmp_path, {"src/app.js": 'import { Client } from "netkit";\n'
                                            'const client = new Client("http://localhost");\n'
                                            "await client.connecst({ path: '/' });\n"})
    [f] = symbol_findings(ws, "src/app.js")
    assert (f["line"], f["name"], f["data"]["suggestions"][:1]) == (3, "connecst", ["connect"])
    assert "`Dispatcher.connect`" in f["message"]
