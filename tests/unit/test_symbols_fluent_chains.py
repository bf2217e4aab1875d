"""Fluent chains through a generic method (issue 17, round 12): `agent.get(origin).intercept({...}).reply(200)`
where `get<T extends Interceptable>(origin: string): T` has a type parameter no parameter mentions. TypeScript
has nothing to infer it from and fixes it to its default, else its constraint; a call that writes its type
argument (`get<Pool>(...)`) binds it itself. Each through the real pipeline on a tiny ES-module package whose
per-file typings are `export default X` of a `declare class` merged with a `declare namespace`."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

AGENT_DTS = """import Interceptable, { Interceptor } from './interceptor'

export default Agent

declare class Agent {
  constructor(options?: Agent.Options)
  get<TInterceptable extends Interceptable>(origin: string): TInterceptable
  get<TInterceptable extends Interceptable>(origin: RegExp): TInterceptable
  pick<T extends Interceptable = Scoped>(origin: string): T
  echo<T extends Interceptable>(value: T): T
  loose<T>(origin: string): T
  close(): Promise<void>
}

declare namespace Agent {
  export interface Options { connections?: number }
}

interface Scoped extends Interceptable { scope(): string }

export declare class Pool implements Interceptable {
  intercept(options: { path: string }): Interceptor
  cleanMocks(): void
  own(): void
}
"""
INTERCEPTOR_DTS = """export default Interceptable
export { Interceptor }

declare class Scope {
  persist(): Scope
  times(n: number): Scope
  delay(ms: number): Scope
}

declare class Interceptor {
  reply(status: number, body?: string): Scope
  replyWithError(error: Error): Scope
}

interface Interceptable {
  intercept(options: { path: string }): Interceptor
  cleanMocks(): void
}
"""


def mock_workspace(tmp_path, app: str, ext: str = "js"):
    files = {
        "node_modules/mockkit/package.json": json.dumps({"name": "mockkit", "version": "1.0.0", "main": "index.js",
                                                          "types": "types/index.d.ts"}),
        "node_modules/mockkit/index.js": "module.exports = { Agent: class Agent {} };\n",
        "node_modules/mockkit/types/index.d.ts": "import Agent from './agent'\nexport { Agent }\nexport { Pool } from './agent'\n",
        "node_modules/mockkit/types/agent.d.ts": AGENT_DTS,
        "node_modules/mockkit/types/interceptor.d.ts": INTERCEPTOR_DTS,
        "package.json": json.dumps({"name": "app", "dependencies": {"mockkit": "1.0.0"}}),
        f"src/app.{ext}": app,
    }
    return make_workspace(tmp_path, files)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_type_parameter_no_argument_binds_is_its_constraint(tmp_path):
    ws = mock_workspace(tmp_path, """import { Agent } from 'mockkit'
const agent = new Agent()
agent.get('http://a').intercept({ path: '/' }).reply(200).persist()
agent.get('http://a').intecept({ path: '/' })
agent.get(/a/).intercept({ path: '/' }).rely(200)
const pool = agent.get('http://a')
pool.intercept({ path: '/' }).reply(200, 'x').tims(2)
pool.cleanMock()
""")
    assert found(ws) == [(4, "intecept", "error", ["intercept"]), (5, "rely", "error", ["reply"]),
                         (7, "tims", "error", ["times"]), (8, "cleanMock", "error", ["cleanMocks"])]


def test_the_default_outranks_the_constraint_and_an_inferable_or_unconstrained_one_stays_unknown(tmp_path):
    ws = mock_workspace(tmp_path, """import { Agent } from 'mockkit'
const agent = new Agent()
agent.pick('a').scope()
agent.pick('a').scopes()
agent.echo(makeOwn()).anything()
agent.loose('a').whatever()
""")
    # `pick<T extends Interceptable = Scoped>`: a Scoped (its own `scope` is known); `echo(value: T)`: the
    # argument binds T (whatever it is); `loose<T>`: nothing written, `unknown`
    assert found(ws) == [(4, "scopes", "error", ["scope"])]


def test_written_type_arguments_bind_the_parameter_themselves(tmp_path):
    ws = mock_workspace(tmp_path, """import { Agent } from 'mockkit'
interface Mine { intercept(o: object): unknown; own(): void }
const agent = new Agent()
agent.get<Mine>('http://a').own()
agent.get('http://a').own()
""", ext="ts")
    assert [(line, name) for line, name, *_ in found(ws, "src/app.ts")] == [(5, "own")]


HISTORY_DTS = """export { Log, History }

declare class Log { path: string; method: string }

declare namespace History {
  export type FilterFn = (log: Log) => boolean
  export interface Criteria { path?: string }
}

declare class History {
  filter(criteria: History.FilterFn | History.Criteria | RegExp): Array<Log>
}
"""


def test_a_callback_typed_by_a_namespaced_alias_in_a_union(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/histkit/package.json": json.dumps({"name": "histkit", "version": "1.0.0", "types": "h.d.ts"}),
        "node_modules/histkit/h.d.ts": HISTORY_DTS,
        "package.json": json.dumps({"name": "app", "dependencies": {"histkit": "1.0.0"}}),
        "src/app.js": """import { History } from 'histkit'
const history = new History()
history.filter((log) => log.path === '/a' && log.method === 'GET')
history.filter((log) => log.paths === '/a')
""",
    })
    # `History.FilterFn` is the namespace's alias of a function type: the one callable part of the union
    assert found(ws) == [(4, "paths", "error", ["path"])]


def test_a_jsdoc_cast_gives_a_javascript_expression_its_written_type(tmp_path):
    ws = mock_workspace(tmp_path, """import { Agent, Pool } from 'mockkit'
const agent = new Agent()
const pool = /** @type {Pool} */ (agent.get('http://a'))
pool.own()
pool.owns()
const mine = /** @type {MyInterceptable} */ (agent.get('http://a'))
mine.anything()
""")
    # `/** @type {T} */ (expr)` is JavaScript's `expr as T`: the written type wins over the constraint, and
    # a type the model does not know leaves the value unknown
    assert found(ws) == [(5, "owns", "error", ["own"])]


def test_an_import_type_of_a_files_default_export_names_that_declaration(tmp_path):
    # index.d.ts: `export default Kit` of a namespace of `const X: typeof import('./x').default` (the
    # declaration file x exports as its default), as hand-written and tsc-generated typings both write
    ws = make_workspace(tmp_path, {
        "node_modules/defkit/package.json": json.dumps({"name": "defkit", "version": "1.0.0", "types": "index.d.ts"}),
        "node_modules/defkit/index.d.ts": """import Agent from './agent'
export { Agent }
export default Kit
declare namespace Kit {
  const Agent: typeof import('./agent').default
  function make(): import("./agent").default
}
""",
        "node_modules/defkit/agent.d.ts": """export default Agent
declare class Agent {
  close(): Promise<void>
  request(path: string): Promise<string>
}
""",
        "package.json": json.dumps({"name": "app", "dependencies": {"defkit": "1.0.0"}}),
        "src/app.js": """import kit from 'defkit'
const agent = new kit.Agent()
agent.request('/')
agent.reqest('/')
kit.make().clse()
""",
    })
    assert found(ws) == [(4, "reqest", "error", ["request"]), (5, "clse", "error", ["close"])]
