"""An undeclared name spelled as one engine class's own name (issue 17, round 13): the docs' fragments call
`dispatcher.close()` and `dispatcher.destroy()` on a `dispatcher` no example ever declares, of the engine's
`Dispatcher` class. No example teaches the name a type, so no mined convention types it, and its uses are
names several classes share (no usage evidence picks one). The class's own name is the convention: an invented
name on it is reported as a near miss, with the did-you-mean; a real one never. A platform type's name
(`response` for an engine's own `Response`), a name the examples declare anywhere (`const poller = make()`) and a
name the examples give another type are left as they were."""

from __future__ import annotations

from lsp_server.knowledge.naming import own_name
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Dispatcher {
    close(): Promise<void>;
    destroy(): Promise<void>;
    dispatch(options: object): boolean;
}
export declare class Client extends Dispatcher {
    request(options: object): Promise<object>;
}
export declare class Pool extends Dispatcher {
    request(options: object): Promise<object>;
    drain(): void;
}
export declare class Response {
    text(): Promise<string>;
    readonly status: number;
}
export declare class Agent extends Dispatcher {
    stats(): object;
}
export declare class Moment {
    format(pattern: string): string;
    locale(name: string): this;
}
export declare class Poller {
    start(): void;
}
"""

README = """# web

```js
const { Client, Pool, Poller } = require('web');
const client = new Client('http://localhost:3000');
await client.request({ path: '/' });
const pool = new Pool('http://localhost:3000');
pool.drain();
const agent = new Poller();
agent.start();
```

```js
dispatcher.close()
dispatcher.destroy()
```

```js
const poller = makePoller();
poller.start();
```

```js
poller.start()
response.text()
```

```js
moment('2018-08-08').format('YYYY');
moment.locale('fr');
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "web", TYPES, {
        "src/uses.js": 'import { Client } from "web";\nnew Client("http://x");\n',
        **files,
    }, {"README.md": README})


found = flags_with_first_suggestion


def test_an_undeclared_name_spelled_as_an_engine_class_is_that_class(tmp_path):
    ws = workspace(tmp_path, {
        "src/real.js": "dispatcher.close();\ndispatcher.destroy();\ndispatcher.dispatch({});\n",
        "src/typo.js": "dispatcher.clse();\n",
        "src/prefix.js": "dispatcher.getClose();\ndispatcher.destroy();\n",
        "src/plural.js": "await dispatcher.destroys();\n",
    })
    assert found(ws, "src/real.js") == []
    assert found(ws, "src/typo.js") == [(1, "clse", ["close"])]
    assert found(ws, "src/prefix.js") == [(1, "getClose", ["close"])]
    assert found(ws, "src/plural.js") == [(1, "destroys", ["destroy"])]


def test_platform_type_names_and_names_the_examples_type_otherwise_stay_as_they_were(tmp_path):
    ws = workspace(tmp_path, {
        # `response` could be the platform's own Response: no convention from the engine's class of that name
        "src/response.js": "const t = await response.texts();\n",
        # the examples call an `agent` a `Poller`: that convention, not a guess from a name
        "src/agent.js": "agent.start();\nagent.stop();\n",
        # an example declares `poller` with a value nothing types: what it is there, the docs do not say
        "src/poller.js": "poller.strt();\n",
        # the examples call `moment(...)`: a function (the package's), not an instance of its class `Moment`
        "src/moment.js": "moment.lcale('fr');\n",
    })
    assert found(ws, "src/moment.js") == []
    assert found(ws, "src/response.js") == []
    assert found(ws, "src/agent.js") == []
    assert found(ws, "src/poller.js") == []


def test_own_name():
    assert own_name("Dispatcher") == "dispatcher"
    assert own_name("PDFDocument") == "pdfDocument"
    assert own_name("URL") == "url"
    assert own_name("MockAgent") == "mockAgent"


RENAMED = """declare class RelayObservable {
    subscribe(observer: object): object;
    map(fn: (value: unknown) => unknown): RelayObservable;
    static from(value: unknown): RelayObservable;
}
declare class RelayStore {
    publish(source: object): void;
}
export { RelayObservable as Observable, RelayStore as Store };
"""

RENAMED_README = """# streams

```js
const completed = Observable.from("done");
observable.subscribe({ next: (value) => {} });
```
"""


def test_an_undeclared_name_spelled_as_a_class_s_exported_name_is_that_class(tmp_path):
    """A class its package exports under another name (`export { RelayObservable as Observable }`): users and
    the docs know it by that name (`observable.subscribe(...)`, undeclared in a fragment)."""
    ws = package_workspace(tmp_path, "streams", RENAMED, {
        "src/uses.js": 'import { Observable } from "streams";\nObservable.from(1);\n',
        "src/real.js": "observable.subscribe({});\nobservable.map((v) => v);\n",
        "src/plural.js": "observable.subscribes({});\n",
        "src/prefix.js": "observable.getSubscribe({});\n",
    }, {"README.md": RENAMED_README})
    assert found(ws, "src/real.js") == []
    assert found(ws, "src/plural.js") == [(1, "subscribes", ["subscribe"])]
    assert found(ws, "src/prefix.js") == [(1, "getSubscribe", ["subscribe"])]


HEADER_TYPES = """export interface Header_Core { id: string; table: object; getContext(): object; }
export interface Header_Resizing { getResizeHandler(context?: object): (event: unknown) => void; getSize(): number; }
export type Header = Header_Core & Header_Resizing;
export interface Options { debug: boolean; }
export declare function assignPrototypeAPIs(feature: string, apis: object): void;
"""

HEADER_README = """# grid

```js
const handler = header.getResizeHandler()
el.addEventListener('mousedown', handler)
```

```js
assignPrototypeAPIs('density', { header_getDensity: { fn: (header) => readDensity(header.table) } })
```

```js
options.debug = true
```
"""


def test_an_undeclared_name_spelled_as_an_engine_interface_with_methods_is_that_type(tmp_path):
    # fails on main: only classes gave their own name, and `header`, a parameter in another example (that reads
    # only `table`, a member of Header), counted as declared there
    ws = package_workspace(tmp_path, "grid", HEADER_TYPES, {
        "src/uses.js": 'import { assignPrototypeAPIs } from "grid";\nassignPrototypeAPIs("x", {});\n',
        "src/typo.js": "const handler = header.resizeHandler()\n",
        "src/real.js": "const handler = header.getResizeHandler()\nconsole.log(header.getSize())\n",
        # an interface of data only (no method) gives its name no convention
        "src/options.js": "options.debugg = true\n",
    }, {"README.md": HEADER_README})
    assert found(ws, "src/typo.js") == [(1, "resizeHandler", ["getResizeHandler"])]
    assert found(ws, "src/real.js") == []
    assert found(ws, "src/options.js") == []
