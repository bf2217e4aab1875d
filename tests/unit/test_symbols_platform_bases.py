"""A class whose base is a platform class (Node's `EventEmitter` and streams, the DOM's `EventTarget`), imported
from `node:events` / `events` / `node:stream` ... with no `@types/node` installed: it is closed over its own
members and the platform class's real ones (generated data, `builtin_names.generate_classes`), so an invented
member is reported with a did-you-mean, even one that is some other platform type's member name (`pipe` on an
emitter); every real member (own, an engine base's, the platform class's, its internals `_events`) is never
flagged. A platform base the data does not list (`HTMLElement`) keeps the open behaviour. Each through the real
pipeline on a tiny package."""

from __future__ import annotations

import json

import pytest

from lsp_server.knowledge.builtin_names import generate_classes, platform_class_members
from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import * as stream from "stream";
import type { Duplex } from "node:stream/promises";

export declare class Dispatcher extends EventEmitter {
    dispatch(options: object): boolean;
    close(): Promise<void>;
}
export declare class Client extends Dispatcher {
    constructor(url: string);
    readonly pipelining: number;
}
export declare class Body extends Readable {
    text(): Promise<string>;
}
export declare class Piped extends stream.Transform {
    flushAll(): void;
}
export declare class Typed<T> extends EventEmitter<{ ready: [] }> {
    start(): void;
}
export declare class Imported extends import("events").EventEmitter {
    stop(): void;
}
export declare class Legacy extends NodeJS.EventEmitter {
    halt(): void;
}
export declare class Sock extends EventTarget {
    send(data: string): void;
}
export declare class Widget extends HTMLElement {
    render(): void;
}
"""

APP = """import { Client, Body, Piped, Typed, Imported, Legacy, Sock, Widget } from "plat";
const client = new Client("http://x");
client.dispatch({});
client.close();
client.on("connect", () => {}).emit("x");
client.listenerCount("connect");
client.setMaxListeners(3);
client.pipelining;
const body = new Body();
body.text();
body.pipe(process.stdout);
body.on("data", () => {}).resume();
body.read();
body.destroy();
body.readableEnded;
const piped = new Piped();
piped.flushAll();
piped.write("x");
piped.end();
piped.pipe(process.stdout);
new Typed().start();
new Typed().once("ready", () => {});
new Imported().stop();
new Imported().removeAllListeners();
new Legacy().halt();
new Legacy().off("x", () => {});
const sock = new Sock();
sock.send("x");
sock.addEventListener("open", () => {});
sock.dispatchEvent(new Event("open"));
const widget = new Widget();
widget.render();
widget.focus();
widget.pipe();
"""

MUTANTS = """import { Client, Body, Piped, Typed, Imported, Legacy, Sock } from "plat";
const client = new Client("http://x");
client.clse();
client.pipe(process.stdout);
client.emitt("x");
client.on("connect", () => {}).write("x");
const body = new Body();
body.getWriter();
body.write("x");
new Piped().getReader();
new Typed().addEventListener("x", () => {});
new Imported().pipe();
new Legacy().close();
new Sock().on("open", () => {});
"""


def plat_workspace(tmp_path, app: str):
    return make_workspace(tmp_path, {
        "node_modules/plat/index.d.ts": TYPES,
        "node_modules/plat/package.json": json.dumps({"name": "plat", "types": "index.d.ts"}),
        "src/app.js": app,
    })


def flagged(ws) -> dict[tuple[int, str], list[str]]:
    return {(f["line"], f["name"]): (f["data"] or {}).get("suggestions", []) for f in symbol_findings(ws, "src/app.js")}


def test_real_members_of_a_class_with_a_platform_base_are_never_flagged(tmp_path):
    assert flagged(plat_workspace(tmp_path, APP)) == {}


def test_an_invented_member_on_a_class_with_a_platform_base_is_reported_with_a_did_you_mean(tmp_path):
    found = flagged(plat_workspace(tmp_path, MUTANTS))
    assert set(found) == {(3, "clse"), (4, "pipe"), (5, "emitt"), (6, "write"), (8, "getWriter"), (9, "write"),
                          (10, "getReader"), (11, "addEventListener"), (12, "pipe"), (13, "close"), (14, "on")}
    assert found[(3, "clse")][:1] == ["close"]
    assert found[(5, "emitt")][:1] == ["emit"]  # the platform class's member, suggested


@pytest.mark.parametrize("spec", ["events", "node:events"])
def test_a_javascript_class_extending_the_emitter_is_closed_over_its_members(tmp_path, spec):
    ws = make_workspace(tmp_path, {
        "node_modules/bus/package.json": json.dumps({"name": "bus", "main": "index.js"}),
        "node_modules/bus/index.js": f"const EventEmitter = require('{spec}')\n"
                                     "class Bus extends EventEmitter { send () {} }\nmodule.exports = { Bus }\n",
        "src/app.js": "const { Bus } = require('bus')\nconst bus = new Bus()\nbus.send()\nbus.emit('x')\n"
                      "bus._events\nbus.pipe()\nbus.on('x', () => {}).sned()\n",
    })
    assert set(flagged(ws)) == {(6, "pipe"), (7, "sned")}


def test_the_generator_merges_declarations_and_follows_bases(tmp_path):
    (tmp_path / "events.d.ts").write_text("""declare module "node:events" {
    class EventEmitter<T extends EventMap<T> = any> {
        /** `emitter.on(...)`: { braces in a comment } */
        static once(emitter: EventEmitter, name: string): Promise<any[]>;
        static defaultMaxListeners: number;
    }
    interface EventEmitter<T extends EventMap<T> = any> extends NodeJS.EventEmitter<T> {}
    global {
        namespace NodeJS {
            interface EventEmitter<T = any> {
                on(
                    eventName: string | symbol,
                    listener: (...args: any[]) => void,
                ): this;
                emit(eventName: string, ...args: any[]): boolean;
                readonly options: { capture: boolean; passive: boolean };
                private secret: number;
            }
        }
    }
}
""")
    (tmp_path / "stream.d.ts").write_text("""declare module "stream" {
    import { EventEmitter } from "node:events";
    class Stream extends EventEmitter { pipe<T>(destination: T): T; }
    class Readable extends Stream implements NodeJS.ReadableStream { read(size?: number): any; }
    class Unlisted { other(): void; }
}
""")
    lines = generate_classes([tmp_path], roots=("Readable",)).splitlines()[1:]
    assert lines == ["EventEmitter\tNodeJS.EventEmitter\t\tdefaultMaxListeners once",
                     "NodeJS.EventEmitter\t\temit on options\t",
                     "Readable\tStream\tread\t", "Stream\tEventEmitter\tpipe\t"]


def test_the_committed_data_knows_node_streams_and_emitters():
    readable = platform_class_members("import('node:stream').Readable<Buffer>")
    assert {"pipe", "read", "on", "emit", "destroy", "readableEnded"} <= readable
    assert not {"write", "close", "getReader"} & readable
    assert platform_class_members("stream.Duplex") >= {"write", "read", "end", "pipe"}
    assert platform_class_members("EventEmitter<Events>") >= {"on", "once", "off", "emit", "listenerCount"}
    assert platform_class_members("HTMLElement") is None


def test_every_spelling_of_a_node_modules_class_is_the_platform_class(tmp_path):
    """A base bound to one of Node's modules by any spelling (a renamed import, the module's whole value,
    `import x = require`, a destructured `require`, a namespace) is that platform class."""
    ws = make_workspace(tmp_path, {
        "node_modules/bus/package.json": json.dumps({"name": "bus", "main": "index.js"}),
        "node_modules/bus/index.js": """const EE = require('node:events')
const { Readable: R } = require('stream')
const events = require('events')
const Transform = require('node:stream').Transform
const util = require('util')
function Legacy () { EE.call(this) }
util.inherits(Legacy, EE)
Legacy.prototype.go = function () {}
class A extends EE { a () {} }
class B extends R { b () {} }
class C extends events.EventEmitter { c () {} }
class D extends Transform { d () {} }
module.exports = { A, B, C, D, Legacy }
""",
        "node_modules/tbus/package.json": json.dumps({"name": "tbus", "types": "index.d.ts"}),
        "node_modules/tbus/index.d.ts": """import { EventEmitter as EE } from "events";
import Stream from "node:stream";
import events = require("events");
import type { Readable as R } from "node:stream";
export declare class TA extends EE<{ x: [] }> { ta(): void; }
export declare class TB extends Stream.Readable { tb(): void; }
export declare class TC extends events { tc(): void; }
export declare class TD extends R { td(): void; }
""",
        "src/app.js": """const { A, B, C, D } = require('bus')
import { TA, TB, TC, TD } from 'tbus'
new A().pipe(); new A().emit('x'); new A().a()
new B().write(); new B().read(); new B().b()
new C().pipe(); new C().emit('x'); new C().c()
new D().getReader(); new D().write(); new D().d()
new TA().pipe(); new TA().emit('x'); new TA().ta()
new TB().write(); new TB().read(); new TB().tb()
new TC().pipe(); new TC().emit('x'); new TC().tc()
new TD().write(); new TD().read(); new TD().td()
const { Legacy } = require('bus')
new Legacy().pipe(); new Legacy().emit('x'); new Legacy().go()
""",
    })
    assert set(flagged(ws)) == {(3, "pipe"), (4, "write"), (5, "pipe"), (6, "getReader"), (7, "pipe"),
                                (8, "write"), (9, "pipe"), (10, "write"), (12, "pipe")}


def test_the_static_side_of_a_typed_class_with_a_platform_base_has_the_platform_class_values_properties(tmp_path):
    ws = plat_workspace(tmp_path, """import { Client, Body } from "plat";
Client.once(new Client("u"), "connect");
Client.defaultMaxListeners = 20;
Client.EventEmitterAsyncResource;
Body.from(["a"]);
Client.from(["a"]);
Client.onse(new Client("u"), "connect");
Body.pipeline();
Body.fromm(["a"]);
""")
    # `Readable.pipeline` is real: Stream's value (whose own property it is) is the prototype of Readable's
    found = flagged(ws)
    assert set(found) == {(6, "from"), (7, "onse"), (9, "fromm")}
    assert found[(7, "onse")][:1] == ["once"] and found[(9, "fromm")][:1] == ["from"]


def test_check_symbols_agrees_with_the_check_on_a_platform_bases_members(tmp_path):
    from lsp_server.knowledge.check_symbols import check_symbols

    ws = plat_workspace(tmp_path, APP)
    answers = {a.name: a.status for a in check_symbols(ws, ["Client.listenerCount", "Client.setMaxListeners",
                                                              "Body.readableEnded", "Client.pipe", "Client.emitt",
                                                              "Body.getWriter", "Widget.focus"], docs=False)}
    assert answers == {"Client.listenerCount": "known", "Client.setMaxListeners": "known",
                       "Body.readableEnded": "known", "Client.pipe": "unknown", "Client.emitt": "unknown",
                       "Body.getWriter": "unknown", "Widget.focus": "known"}
