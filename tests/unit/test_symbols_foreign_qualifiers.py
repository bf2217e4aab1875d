"""A type qualified by another module's namespace (issue 17, round 12): `(s: NodeJS.ReadableStream) => void`,
`agent: http.Agent` in a package that declares its own `ReadableStream` or `Agent`. The qualifier names no
namespace of the package, so the type is the platform's (or another module's): never the package's same-named
type, whose members the real object need not have. Left unknown, nothing on it is checked. The package's own
namespaces (`Pool.Options`) still name its types."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
export declare class ReadableStream {
    locked: boolean;
    getReader(): object;
}
export declare class Agent {
    dispatch(options: object): boolean;
}
export declare namespace Pool {
    interface Options { connections: number; keepAlive(): void; }
}
export declare class Pool {
    constructor(options: Pool.Options);
}
export interface Hooks {
    onStream(stream: NodeJS.ReadableStream): void;
    onAgent(agent: http.Agent): void;
    onOptions(options: Pool.Options): void;
}
export declare function hook(name: string, fn: (stream: NodeJS.ReadableStream, agent: http.Agent,
                                               options: Pool.Options) => void): void;
export declare function handle(hooks: Hooks): void;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_parameter_typed_by_another_modules_namespace_is_not_the_packages_namesake(tmp_path):
    app = """import { hook, handle } from "pkg";
hook("x", (stream, agent, options) => {
  stream.pipe(process.stdout);
  stream.setEncoding("utf8");
  agent.maxSockets;
  agent.destroy();
  options.keepAlve();
});
handle({
  onStream(stream) { stream.resume(); },
  onAgent(agent) { agent.getName(); },
  onOptions(options) { options.conections; },
});
"""
    # Node's stream and http.Agent members are real; the package's own namespace still types `options`
    assert flagged(tmp_path, app) == [(7, "keepAlve"), (12, "conections")]
