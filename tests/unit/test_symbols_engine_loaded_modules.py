"""A file that exports what the engine loads from a module it finds by name (round 30, react-router's instrumentation
page: `export const instrumentations = [...]` in `entry.server`, `export async function loader(...)` in a route
module): the engine's typings declare the module's shape (`ServerEntryModule`, `ServerRouteModule`: a `default`
member beside the named ones), so the file is written for the engine though it imports nothing from it."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace


MODULES = """export interface InstrumentableRequestHandler {
    instrument(instrumentations: object): void;
}
export type ServerInstrumentation = { handler?: (handler: InstrumentableRequestHandler) => void };
export interface ServerEntryModule {
    default: (request: Request) => Promise<Response>;
    handleError?: (error: unknown) => void;
    instrumentations?: ServerInstrumentation[];
}
export declare function createRequestHandler(build: object): (request: Request) => Promise<Response>;
"""


def test_a_file_exporting_what_the_engine_loads_from_a_module_uses_the_engine(tmp_path):
    """`export const instrumentations = [{ handler(handler) { handler.instruments({...}) } }]` in a server entry
    that imports nothing (round 30, react-router's instrumentation page): the engine's typings declare the module
    it loads (`ServerEntryModule`: `default`, `handleError`, `instrumentations`), so a file exporting one of those
    names is written for the engine, and a near miss of its members is checked there. Fails on main (nothing: the
    file showed no use of the engine). A default export alone, or another name, says nothing."""
    body = "handler(handler) {\n    handler.instruments({});\n  },\n"
    ws = package_workspace(tmp_path, "web", MODULES, {
        "src/uses.js": 'import { createRequestHandler } from "web";\ncreateRequestHandler({});\n',
        "src/entry.js": "export const instrumentations = [{\n  " + body + "}];\n",
        "src/other.js": "export const plugins = [{\n  " + body + "}];\nexport default function f() {}\n",
    })
    assert flags_with_first_suggestion(ws, "src/entry.js") == [(3, "instruments", ["instrument"])]
    assert flags_with_first_suggestion(ws, "src/other.js") == []
