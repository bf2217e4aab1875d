"""A package of folders each with typings of its own (round 33's held-out @stdlib/random: 14.7% of typed mutants
found): no `exports` map; the user requires a deep subpath (`require('rng/base/uniform')`) that is a folder whose
own package.json says `"types": "./docs/types"` (a folder: `docs/types/index.d.ts`); each such file is `declare var
uniform: Random; export = uniform;` over an interface of its own (`interface Random extends PRNG`) that every
folder declares again, unexported; the root's typings reach the folders by `import base = require('./../../base')`
and type its namespace `interface Namespace { base: typeof base }`; an iterator's `next` comes from a dependency's
`declare module 'tlib/iter'` that the typings name by `/// <reference types="tlib"/>`. Through the real pipeline
(TypeScript's rules, each stated in `model_sources/dts.py`)."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import directory_declaration, resolve_package, resolve_relative
from tests.support.symbols_helpers import make_workspace, symbol_findings

HEADER = '/// <reference types="tlib"/>\n'


def generator(name: str, extra: str = "", result: str = "number") -> str:
    """One folder's typings as the package writes them: its own PRNG / Random / Options, unexported."""
    return (HEADER + "import * as t from 'tlib/random';\n"
            "interface Options { seed?: t.Seed; copy?: boolean; }\n"
            "interface PRNG {\n  readonly NAME: string;\n  readonly seed: t.Seed;\n  readonly seedLength: number;\n"
            "  state: t.State;\n  readonly stateLength: number;\n  toJSON(): string;\n}\n"
            f"interface NullaryFunction extends PRNG {{ (): {result}; }}\n"
            f"interface Random extends PRNG {{\n  (): {result};\n  factory( options?: Options ): NullaryFunction;\n"
            f"{extra}}}\n"
            f"declare var {name}: Random;\nexport = {name};\n")


ITERATOR = (HEADER + "import { TypedIterator } from 'tlib/iter';\n"
            "interface Options { seed?: number; iter?: number; }\n"
            "interface Iterator<T> extends TypedIterator<T> {\n  readonly seed: number;\n  readonly seedLength: number;\n}\n"
            "declare function iterator( options?: Options ): Iterator<number>;\nexport = iterator;\n")
STREAM = (HEADER + "interface Options { objectMode?: boolean; }\n"
          "declare class RandomStream {\n  constructor( options?: Options );\n  readonly seedLength: number;\n"
          "  readonly stateLength: number;\n  destroy( error?: Error ): void;\n}\n"
          "interface Constructor {\n  new( options?: Options ): RandomStream;\n  ( options?: Options ): RandomStream;\n"
          "  objectMode( options?: Options ): RandomStream;\n}\n"
          "declare var randomStream: Constructor;\nexport = randomStream;\n")
# another folder's `Random`: an array maker, whose `factory` makes no generator (no `seedLength` on its result)
ARRAY = ("interface Options { dtype?: string; }\n"
         "interface RandomArray { readonly length: number; }\n"
         "interface Random {\n  ( len: number ): RandomArray;\n  factory(): ( len: number ) => RandomArray;\n"
         "  assign( out: RandomArray ): RandomArray;\n}\n"
         "declare var uniform: Random;\nexport = uniform;\n")
BASE_NS = ("import uniform = require( './../../../base/uniform' );\n"
           "import normal = require( './../../../base/normal' );\n"
           "interface Namespace {\n  uniform: typeof uniform;\n  normal: typeof normal;\n}\n"
           "declare var ns: Namespace;\nexport = ns;\n")
ROOT_NS = ("import base = require( './../../base' );\nimport array = require( './../../array' );\n"
           "import iter = require( './../../iter/uniform' );\nimport streams = require( './../../streams/uniform' );\n"
           "interface Namespace {\n  base: typeof base;\n  array: typeof array;\n  iter: typeof iter;\n"
           "  streams: typeof streams;\n}\n"
           "declare var ns: Namespace;\nexport = ns;\n")
ARRAY_NS = ("import uniform = require( './../../../array/uniform' );\n"
            "interface Namespace {\n  uniform: typeof uniform;\n}\ndeclare var ns: Namespace;\nexport = ns;\n")
TLIB = ("declare module 'tlib/iter' {\n  interface TypedIterator<T> {\n    next(): { value?: T; done: boolean };\n"
        "    return?( value?: T ): { value?: T; done: boolean };\n  }\n}\n"
        "declare module 'tlib/random' {\n  type Seed = number | Uint32Array;\n  type State = Uint32Array;\n}\n")


def folder(path: str, typings: str) -> dict[str, str]:
    """A folder of the package with its own package.json (`main` ./lib, `types` ./docs/types)."""
    return {f"node_modules/rng/{path}/package.json": json.dumps({"name": f"rng-{path}", "main": "./lib",
                                                                "types": "./docs/types"}),
            f"node_modules/rng/{path}/docs/types/index.d.ts": typings,
            f"node_modules/rng/{path}/lib/index.js": "module.exports = function () {};\n"}


def workspace(tmp_path, files: dict[str, str]):
    pkg = {
        "node_modules/rng/package.json": json.dumps({"name": "rng", "version": "1.0.0", "main": "./lib",
                                                     "types": "./docs/types"}),
        "node_modules/rng/docs/types/index.d.ts": ROOT_NS,
        "node_modules/rng/lib/index.js": "module.exports = {};\n",
        **folder("base", BASE_NS),
        **folder("base/uniform", generator("uniform", "  normalized(): number;\n")),
        **folder("base/normal", generator("normal")),
        **folder("array", ARRAY_NS),
        **folder("array/uniform", ARRAY),
        **folder("iter/uniform", ITERATOR),
        **folder("streams/uniform", STREAM),
        "node_modules/tlib/package.json": json.dumps({"name": "tlib", "types": "."}),
        "node_modules/tlib/index.d.ts": TLIB,
        "package.json": json.dumps({"name": "app", "dependencies": {"rng": "1.0.0"}}),
    }
    return make_workspace(tmp_path, {**pkg, **files})


def found(ws, rel):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_folder_is_read_as_typescript_reads_one(tmp_path):
    # its package.json `types` naming a folder (its index.d.ts) or a file (with `.d.ts` added), else the
    # declaration beside `main`, else its index.d.ts; never a file outside the folder
    (tmp_path / "a/docs/types").mkdir(parents=True)
    (tmp_path / "a/docs/types/index.d.ts").write_text("export {};\n")
    (tmp_path / "a/package.json").write_text(json.dumps({"main": "./lib/index.js", "types": "./docs/types"}))
    (tmp_path / "b/lib").mkdir(parents=True)
    (tmp_path / "b/lib/main.d.ts").write_text("export {};\n")
    (tmp_path / "b/package.json").write_text(json.dumps({"main": "./lib/main.js"}))
    (tmp_path / "c").mkdir()
    (tmp_path / "c/index.d.ts").write_text("export {};\n")
    (tmp_path / "c/package.json").write_text(json.dumps({"types": "../a/docs/types/index.d.ts"}))
    (tmp_path / "d").mkdir()
    (tmp_path / "d/typings.d.ts").write_text("export {};\n")
    (tmp_path / "d/package.json").write_text(json.dumps({"typings": "typings"}))
    assert directory_declaration(tmp_path / "a") == (tmp_path / "a/docs/types/index.d.ts").resolve()
    assert directory_declaration(tmp_path / "b") == (tmp_path / "b/lib/main.d.ts").resolve()
    assert directory_declaration(tmp_path / "c") == (tmp_path / "c/index.d.ts").resolve()  # (outside: not taken)
    assert directory_declaration(tmp_path / "d") == (tmp_path / "d/typings.d.ts").resolve()
    assert directory_declaration(tmp_path / "missing") is None
    # a relative import of the folder, and a package's subpath with no `exports` map
    (tmp_path / "x.d.ts").write_text("export {};\n")
    assert resolve_relative(tmp_path / "x.d.ts", "./a") == (tmp_path / "a/docs/types/index.d.ts").resolve()
    pkg = tmp_path / "node_modules/p"
    (pkg / "sub/docs/types").mkdir(parents=True)
    (pkg / "docs/types").mkdir(parents=True)
    (pkg / "package.json").write_text(json.dumps({"types": "./docs/types"}))
    (pkg / "docs/types/index.d.ts").write_text("export {};\n")
    (pkg / "sub/package.json").write_text(json.dumps({"types": "./docs/types"}))
    (pkg / "sub/docs/types/index.d.ts").write_text("export {};\n")
    assert resolve_package(tmp_path / "x.d.ts", "p/sub") == (pkg / "sub/docs/types/index.d.ts").resolve()
    assert resolve_package(tmp_path / "x.d.ts", "p") == (pkg / "docs/types/index.d.ts").resolve()
    # with an `exports` map, TypeScript reads no folder's package.json
    (pkg / "package.json").write_text(json.dumps({"types": "./docs/types", "exports": {".": "./lib/index.js"}}))
    assert resolve_package(tmp_path / "x.d.ts", "p/sub") is None


def test_a_deep_require_of_a_folder_binds_what_its_typings_export(tmp_path):
    # before: the folder's typings were never read, so `uniform` and everything made from it was untyped
    code = ("var uniform = require( 'rng/base/uniform' );\n"
            "uniform.Seed;\n"
            "uniform.seedlength;\n"
            "uniform.normalized();\n"
            "var rand = uniform.factory( { 'seed': 1234 } );\n"
            "rand.stateLenght;\n"
            "rand.state = rand.state;\n"
            "rand.seedLength;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(2, "Seed", ["seed"]), (3, "seedlength", ["seedLength"]),
                                     (6, "stateLenght", ["stateLength"])]


def test_each_folder_s_own_types_stay_its_own(tmp_path):
    # `Random` of rng/array/uniform (an array maker) is not `Random` of rng/base/uniform (a generator): merged,
    # the array's `factory()` would make a generator and `assign` would be on every generator
    code = ("var uniform = require( 'rng/array/uniform' );\n"
            "var arr = uniform( 10 );\n"
            "arr.length;\n"
            "uniform.assign( arr );\n"
            "uniform.seedLength;\n"
            "var normal = require( 'rng/base/normal' );\n"
            "normal.assign;\n"
            "normal.normalized;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert [f[:2] for f in found(ws, "src/a.js")] == [(5, "seedLength"), (7, "assign"), (8, "normalized")]


def test_a_namespace_of_typeof_import_equals_is_each_folder_s_object(tmp_path):
    code = ("var rng = require( 'rng' );\n"
            "rng.base.uniform.seedLength;\n"
            "rng.base.uniform.sed;\n"
            "rng.base.nromal;\n"
            "rng.array.uniform.assign;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(3, "sed", ["seed"]), (4, "nromal", ["normal"])]


def test_an_iterator_s_next_comes_from_the_referenced_types_package(tmp_path):
    # `/// <reference types="tlib"/>`: tlib's `declare module 'tlib/iter'` answers the typings' import of it
    code = ("var iterator = require( 'rng/iter/uniform' );\n"
            "var it = iterator();\n"
            "it.next().value;\n"
            "it.nxet();\n"
            "it.seedLength;\n"
            "it.return();\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(4, "nxet", ["next"])]


def test_a_stream_constructor_s_instances(tmp_path):
    code = ("var randomStream = require( 'rng/streams/uniform' );\n"
            "var stream = randomStream();\n"
            "stream.stateLength;\n"
            "stream.stateLenth;\n"
            "var s2 = randomStream.objectMode();\n"
            "s2.destroy();\n"
            "randomStream.objectMod;\n")
    ws = workspace(tmp_path, {"src/a.js": code})
    assert found(ws, "src/a.js") == [(4, "stateLenth", ["stateLength"]), (7, "objectMod", ["objectMode"])]


def test_files_own_types_of_one_shape_are_one_type(tmp_path):
    # each iterator folder declares the same `Iterator<T>` (and `Options`): one type, as TypeScript's structural
    # typing sees them; the generators' `Random` interfaces differ (another call signature): kept apart
    from lsp_server.knowledge.model_sources.dts import extract_dts

    ws = workspace(tmp_path, {
        **folder("iter/normal", ITERATOR),
        **folder("iter/ns", "import a = require( './../../../uniform' );\nimport b = require( './../../../normal' );\n"
                            "interface Namespace { a: typeof a; b: typeof b; }\ndeclare var ns: Namespace;\nexport = ns;\n"),
        "node_modules/rng/docs/types/index.d.ts": ROOT_NS.replace("'./../../iter/uniform'", "'./../../iter/ns'"),
    })
    mod = extract_dts(ws.root / "node_modules/rng/docs/types/index.d.ts", "rng").modules["rng"]
    iterators = sorted(n for n in mod.types if n.partition("$file")[0] == "Iterator")
    randoms = sorted(n for n in mod.types if n.partition("$file")[0] == "Random")
    assert len(iterators) == 1 and len(randoms) == 3  # base/uniform, base/normal, array/uniform
    types = {mod.values[t.split()[1]].type for k, t in mod.module_files.items() if "/iter/" in k and "ns" not in k}
    assert types == {f"{iterators[0]}<number>"}
