"""What a receiver's type is, from TypeScript's semantics rather than one engine's shape (round 3 of issue 17):
the value + interface pair (`const X: typeof Server` beside `interface X extends Server {}`), construct
signatures, generic member types resolved through type parameter defaults and `extends Base<Arg>` clauses
(`Set<InstanceType<T>>`, `Map<K, V>`, `Promise<T>`, indexed access), callbacks typed from the collection they
iterate and from the overload whose string-literal parameters the call matches (`on("connection", cb)`), and
properties a file adds itself (expandos) never reported when read back. Each through the real pipeline on a
tiny DefinitelyTyped-style package."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.base import function_params, parse_type, substitute
from tests.support.symbols_helpers import make_workspace, symbol_findings

SOCK_TYPES = """/// <reference types="node" />
import { EventEmitter } from "events";
import { IncomingMessage } from "http";

declare class Sock extends EventEmitter {
    readonly readyState: number;
    send(data: string, cb?: (err?: Error) => void): void;
    ping(data?: any): void;
    terminate(): void;
    on(event: "close", listener: (this: Sock, code: number, reason: string) => void): this;
    on(event: "message", listener: (this: Sock, data: Message) => void): this;
    on(event: string | symbol, listener: (this: Sock, ...args: any[]) => void): this;
}

declare namespace Sock {
    interface Message { text: string; bytes(): number; }
    interface Options { port?: number; }
    class Server<T extends typeof Sock = typeof Sock, U = IncomingMessage> extends EventEmitter {
        clients: Set<InstanceType<T>>;
        rooms: Map<string, Room<InstanceType<T>>>;
        pending: Promise<InstanceType<T>>;
        main: Hub["main"];
        constructor(options?: Options);
        close(): void;
        handleUpgrade(request: U, head: Buffer, callback: (client: InstanceType<T>, request: U) => void): void;
        on(event: "connection", cb: (this: Server<T>, socket: InstanceType<T>, request: U) => void): this;
        on(event: "close" | "listening", cb: (this: Server<T>) => void): this;
        on(event: string | symbol, listener: (this: Server<T>, ...args: any[]) => void): this;
    }
    class Room<M> {
        owner: M; members: M[]; broadcast(text: string): void;
        size(): number;
        size(limit: number): Room<M>;
        pick(names: string[]): Room<M>;
        pick(index: number): M;
    }
    interface Picker<Out = Sock> { (names: string[]): Picker; (index: number): Out; }
    function picker(): Picker;
    function connect(url: string): Sock;
    interface Pool { last: ReturnType<typeof connect>; }
    function pool(): Pool;
    interface Hub { main: Sock; }
    class Box<T> { constructor(item: T); item: T; }
    class Tray<T extends Sock = Sock> { constructor(options?: TrayOptions<T>); first: T; }
    interface TrayOptions<S> { size?: number; Kind?: S; }
    const SockServer: typeof Server;
    interface SockServer extends Server {}
    const Maker: { new (url: string): Sock };
}

export = Sock;
"""


def sock_workspace(tmp_path, app: str):
    return make_workspace(tmp_path, {
        "node_modules/@types/sock/index.d.ts": SOCK_TYPES,
        "node_modules/@types/sock/package.json": json.dumps({"name": "@types/sock", "types": "index.d.ts"}),
        "node_modules/sock/package.json": json.dumps({"name": "sock", "main": "index.js"}),
        "node_modules/sock/index.js": "module.exports = function Sock() {};\n",
        "src/app.js": app,
    })


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_type_expressions_of_generic_collections_and_utilities():
    assert parse_type("Set<InstanceType<typeof Sock.Sock>>") == ("array", ("name", "Sock"))
    assert parse_type("Map<string, Room>") == ("map", ("name", "Room"))
    assert parse_type("ReadonlySet<Page>") == ("array", ("name", "Page"))
    assert parse_type('Room["owner"]') == ("index", "Room", "owner")
    assert parse_type("Awaited<Promise<Page>>") == ("name", "Page")
    assert parse_type("ReturnType<() => Page>") == ("name", "Page")
    assert parse_type("ReturnType<typeof createPage>") == ("returnof", "createPage")
    assert parse_type("InstanceType<T>") is None and parse_type("Parameters<F>") is None
    assert substitute("Set<InstanceType<T>>", {"T": "typeof Sock"}) == "Set<InstanceType<typeof Sock>>"
    assert substitute("Tx<T>", {"T": "Page"}) == "Tx<Page>"  # a name only, never part of another
    assert function_params("((this: Server<T>, socket: InstanceType<T>) => void) | undefined") == \
        ["socket: InstanceType<T>"]
    assert function_params("string") is None


def test_value_and_interface_pair_constructs_the_interfaces_instances(tmp_path):
    ws = sock_workspace(tmp_path, """const Sock = require("sock");
const { SockServer } = require("sock");
const a = new SockServer({ port: 1 });
a.closee();
const b = new Sock.SockServer({ port: 2 });
b.clse();
const c = new Sock.Maker("ws://x");
c.sendd("hi");
""")
    assert found(ws) == [(4, "closee", "error", ["close"]), (6, "clse", "error", ["close"]),
                         (8, "sendd", "error", ["send"])]


def test_generic_members_resolve_through_type_parameter_defaults(tmp_path):
    ws = sock_workspace(tmp_path, """const { SockServer } = require("sock");
const server = new SockServer();
server.clients.forEach(function each(client) {
  client.terminat();
});
for (const client of server.clients) client.pingg();
server.rooms.get("a").broadcst("x");
server.rooms.get("a").owner.sen("x");
server.rooms.forEach((room) => room.members[0].terminat());
server.pending.then((client) => client.sendd("x"));
server.main.pinng();
require("sock").pool().last.sendd("x");
async function f() { (await server.pending).termnate(); }
""")
    assert [(line, name) for line, name, _, _ in found(ws)] == [
        (4, "terminat"), (6, "pingg"), (7, "broadcst"), (8, "sen"), (9, "terminat"), (10, "sendd"), (11, "pinng"),
        (12, "sendd"), (13, "termnate")]


def test_callbacks_are_typed_from_the_overload_their_literal_selects(tmp_path):
    ws = sock_workspace(tmp_path, """const { SockServer } = require("sock");
const server = new SockServer();
server.on("connection", function connection(socket, request) {
  socket.sendd("hello");
  socket.on("message", (message) => message.byts());
  socket.on("close", (code, reason) => reason.whatever);
  socket.on("custom-event", (thing) => thing.anything());
});
server.on("listening", (x) => x.anything);
server.handleUpgrade(null, null, function done(client) { client.termnate(); });
""")
    # "message" gives a Message, "connection" a Sock; "close" gives primitives, a custom event `any`
    assert found(ws) == [(4, "sendd", "error", ["send"]), (5, "byts", "error", ["bytes"]),
                         (10, "termnate", "error", ["terminate"])]


def test_a_property_the_file_adds_itself_is_never_reported_when_read(tmp_path):
    ws = sock_workspace(tmp_path, """const { SockServer } = require("sock");
const server = new SockServer();
server.on("connection", function connection(socket) {
  socket.isAlive = true;
});
server.clients.forEach((socket) => {
  if (socket.isAlive === false) return socket.terminate();
  socket.isAlive = false;
  socket.pign();
});
""")
    assert found(ws) == [(9, "pign", "error", ["ping"])]


def test_amd_require_hands_its_callback_the_listed_modules(tmp_path):
    ws = sock_workspace(tmp_path, """require(["sock"], ({ SockServer }) => {
  new SockServer().clse();
});
define(["sock"], function (Sock) {
  new Sock("ws://x").sendd("x");
});
""")
    assert found(ws) == [(2, "clse", "error", ["close"]), (5, "sendd", "error", ["send"])]


def test_a_free_name_is_not_blocked_by_a_parameter_of_the_same_name_elsewhere(tmp_path):
    # a README fragment: `sock` is undeclared at the top and a callback parameter below; the free one is typed
    # from its uses (`terminate` and `ping` exist only on Sock), the parameter is another binding
    ws = sock_workspace(tmp_path, """require("sock");
sock.terminate();
sock.pingg();
sock.on("close", (sock) => sock.anything());
""")
    assert [(line, name, severity) for line, name, severity, _ in found(ws)] == [(3, "pingg", "warning")]


def test_accessor_prefix_pairs_rank_the_bare_name_first():
    from lsp_server.knowledge import suggest as sg

    assert sg.rank("getSave", ["getStyle", "setPage", "save"])[0][0] == "save"
    assert sg.rank("getApplyUpdate", ["readUpdate", "applyUpdate"])[0][0] == "applyUpdate"
    assert sg.rank("getSnapshot", ["Snapshot", "snapshot"])[0][0] == "snapshot"  # the member, not the class
    assert [n for n, _ in sg.rank("title", ["getTitle", "setTitle", "subtitle"], "read")[:2]] == ["getTitle", "setTitle"]
    assert not sg.unambiguous(sg.rank("title", ["getTitle", "setTitle"]))  # two accessors: no automatic fix


def test_a_prefix_on_a_two_letter_member_ranks_the_member_over_the_prefix_alone():
    from lsp_server.knowledge import suggest as sg

    # foundation-sites' `MediaQuery` has both `is(size)` and `get(size)`: `getIs` is `is` behind a get prefix,
    # not the member `get` with letters added
    members = ["queries", "current", "atLeast", "only", "upTo", "is", "get", "next"]
    for usage in ("", "read", "read-call", "call-args"):
        ranked = sg.rank("getIs", members, usage)
        assert ranked[0][0] == "is" and sg.unambiguous(ranked), usage
    assert sg.rank("setId", ["id", "set", "ids"])[0][0] == "id"
    # only as the bare one of the query: a two-letter name is not plainly a prefixed member (`on` of `isOn`)
    assert sg.score("on", "isOn") < 0.9 and sg.score("id", "getId") < 0.9
    assert sg.score("getId", "id") == sg.score("getTitle", "title")


def test_overloads_are_told_apart_by_argument_count_and_literal_kinds(tmp_path):
    ws = sock_workspace(tmp_path, """const { SockServer, picker } = require("sock");
const room = new SockServer().rooms.get("a");
room.size(3).broadcst("x");
room.size().anything;
room.pick(0).sendd("x");
room.pick(["a"]).broadcst("x");
picker()(1).sendd("x");
picker()(["a"])(2).pingg();
""")
    assert [(line, name) for line, name, _, _ in found(ws)] == [(3, "broadcst"), (5, "sendd"), (6, "broadcst"),
                                                                (7, "sendd"), (8, "pingg")]


def test_umd_global_on_the_global_object_and_undeclared_assignments(tmp_path):
    ws = sock_workspace(tmp_path, """require("sock");  // the workspace uses the package: its typings are read
const { SockServer } = window.sock;
new SockServer().clse();
server = new SockServer();
server.clse();
other = new SockServer();
other = 42;
other.anything();
window.document.anything();
""")
    # `other` holds two kinds of values: nothing is said of it
    assert found(ws) == [(3, "clse", "error", ["close"]), (5, "clse", "error", ["close"])]


def test_this_in_callbacks_is_what_the_callee_declares(tmp_path):
    ws = sock_workspace(tmp_path, """const Sock = require("sock");
function heartbeat() {
  this.lastBeat = Date.now();
  setTimeout(() => this.terminat(), 10);
}
function shared() { this.anything(); }
const sock = new Sock("ws://x");
sock.on("close", heartbeat);
sock.on("message", heartbeat);
sock.on("message", function onMessage(message) {
  this.sendd(message.text + this.lastBeat);
});
sock.on("close", shared);
new Sock.SockServer().on("listening", shared);
[1, 2].forEach(function () { this.whatever(); });
""")
    # `shared` gets a Sock from one caller and a server from another: its `this` is left alone
    assert found(ws) == [(4, "terminat", "error", ["terminate"]), (11, "sendd", "error", ["send"])]


def test_a_type_parameter_the_constructor_infers_is_not_its_default(tmp_path):
    ws = sock_workspace(tmp_path, """const { Box, Tray, Room } = require("sock");
class Better extends require("sock") { extra() {} }
new Box(new Room()).item.broadcst("x");
new Box(somethingElse).item.anything();
new Tray({ size: 2 }).first.sendd("x");
new Tray({ Kind: Better }).first.extra();
new Tray().first.pingg();
""")
    # `Box<T>` has no default: only what the argument is says what `item` is; `Tray`'s default holds
    # unless the options set the one setting its type parameter is inferred from
    assert [(line, name) for line, name, _, _ in found(ws)] == [(3, "broadcst"), (5, "sendd"), (7, "pingg")]


def test_class_expressions_a_javascript_engine_exports(tmp_path):
    forms = {
        "a": ("module.exports = class Kit { draw() {} fill() {} };\n", "const Kit = require('a');"),
        "b": ("exports.Kit = class { draw() {} fill() {} };\n", "const { Kit } = require('b');"),
        "c": ("module.exports = { Kit: class { draw() {} fill() {} } };\n", "const { Kit } = require('c');"),
    }
    files = {}
    for name, (runtime, _) in forms.items():
        files[f"node_modules/{name}/package.json"] = json.dumps({"name": name, "main": "index.js"})
        files[f"node_modules/{name}/index.js"] = runtime
    for name, (_, imported) in forms.items():
        files[f"src/{name}.js"] = imported + "\nconst k = new Kit();\nk.drw();\nk.fill();\n"
    ws = make_workspace(tmp_path, files)
    for name in forms:
        assert found(ws, f"src/{name}.js") == [(3, "drw", "error", ["draw"])], name


def test_a_name_made_plural_ranks_its_singular_first_among_equally_near_names():
    """`T3s`: `T3` made plural (adding `s`, case kept) before `G3S` and `T3A`, each one letter away too
    (round 24, aws-cdk-lib's `InstanceClass.T3`)."""
    from lsp_server.knowledge import suggest as sg
    assert sg.rank("T3s", ["G3S", "T3A", "T3"])[0][0] == "T3"
