"""Round 33 after @stdlib/random's held-out run (std33untyped): a library whose README's first block requires a
folder of its own (`var bernoulli = require( '@stdlib/random/array/bernoulli' );`) and whose later blocks use that
name undeclared (`var random = bernoulli.factory();`), and whose members are attached at run time by helper calls
that name the member as a string (`setReadOnly( fn, 'seedLength', 5 )` of a dependency's helper that passes its
first two parameters to `Object.defineProperty`). Each rule on a minimal package, through the real check."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.definers import module_definer, package_file, resolve_require
from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

# a dependency's helpers: one that defines the property its arguments name (through a module that exports
# `Object.defineProperty` in one branch and a polyfill in the other), one that only logs its arguments
HELPERS = {
    "node_modules/helpers/package.json": json.dumps({"name": "helpers", "main": "./lib"}),
    "node_modules/helpers/lib/index.js": "module.exports = {};\n",
    "node_modules/helpers/define-property/package.json": json.dumps({"name": "helpers/define-property",
                                                                     "main": "./lib"}),
    "node_modules/helpers/define-property/lib/index.js": """
        var builtin = require( './builtin.js' );
        var polyfill = require( './polyfill.js' );
        var defineProperty;
        if ( typeof Object.defineProperty === 'function' ) {
            defineProperty = builtin;
        } else {
            defineProperty = polyfill;
        }
        module.exports = defineProperty;
    """,
    "node_modules/helpers/define-property/lib/builtin.js": """
        var main = ( typeof Object.defineProperty === 'function' ) ? Object.defineProperty : null;
        module.exports = main;
    """,
    "node_modules/helpers/define-property/lib/polyfill.js": """
        function defineProperty( obj, prop, descriptor ) { obj[ prop ] = descriptor.value; return obj; }
        module.exports = defineProperty;
    """,
    "node_modules/helpers/set-read-only/package.json": json.dumps({"name": "helpers/set-read-only", "main": "./lib"}),
    "node_modules/helpers/set-read-only/lib/index.js": "module.exports = require( './main.js' );\n",
    "node_modules/helpers/set-read-only/lib/main.js": """
        var defineProperty = require( './../../define-property' );
        function setReadOnly( obj, prop, value ) {
            defineProperty( obj, prop, { 'configurable': false, 'writable': false, 'value': value } );
        }
        module.exports = setReadOnly;
    """,
    "node_modules/helpers/log-pair/package.json": json.dumps({"name": "helpers/log-pair", "main": "./lib"}),
    "node_modules/helpers/log-pair/lib/index.js": """
        function logPair( obj, prop, value ) { console.log( prop, value ); }
        module.exports = logPair;
    """,
}

# the engine: no `exports` map, a folder per distribution with a package.json of its own, one README per folder
RNG = {
    "node_modules/rng/package.json": json.dumps({"name": "rng", "version": "1.0.0", "main": "./lib",
                                                 "dependencies": {"helpers": "1.0.0"}}),
    "node_modules/rng/lib/index.js": "var ns = {};\nmodule.exports = ns;\n",
    "node_modules/rng/README.md": "# rng\n\nRandom numbers.\n",
    "node_modules/rng/bern/package.json": json.dumps({"name": "rng/bern", "main": "./lib"}),
    "node_modules/rng/bern/lib/index.js": "var main = require( './main.js' );\nmodule.exports = main;\n",
    "node_modules/rng/bern/lib/main.js": """
        var setReadOnly = require( 'helpers/set-read-only' );
        var logPair = require( 'helpers/log-pair' );
        function bern( p ) { return ( Math.random() < p ) ? 1 : 0; }
        function factory() { return bern; }
        setReadOnly( bern, 'factory', factory );
        setReadOnly( bern, 'seedLength', 624 );
        logPair( bern, 'widthLength', 3 );
        module.exports = bern;
    """,
    "node_modules/rng/bern/README.md": """
# Bernoulli

## Usage

```javascript
var bern = require( 'rng/bern' );
```

#### bern( p )

```javascript
var x = bern( 0.5 );
```

#### bern.factory()

```javascript
var random = bern.factory();
var v = random( 0.5 );
```
""",
}


def _ws(tmp_path, app: str, extra: dict | None = None):
    return make_workspace(tmp_path, {**HELPERS, **RNG, **(extra or {}),
                                     "package.json": json.dumps({"name": "app", "dependencies": {"rng": "1.0.0"}}),
                                     "src/app.js": app})


def test_a_free_name_the_docs_bind_to_an_engine_module_is_the_engines(tmp_path):
    """`bern.factorys()` in a fragment that never declares `bern`: the README binds `bern` to `require(
    'rng/bern')`, so the file uses the engine and the near miss of its member is reported; the member itself
    is not."""
    ws = _ws(tmp_path, "var random = bern.factorys();\nvar again = bern.factory();\n")
    assert flags_with_first_suggestion(ws, "src/app.js") == [(1, "factorys", ["factory"])]


def test_a_free_name_the_docs_never_bind_says_nothing(tmp_path):
    """The same near miss on a name no doc binds (`coin`): nothing says the file uses the engine, so nothing is
    reported; nor on the docs' name where the file declares it itself (its own object)."""
    ws = _ws(tmp_path, "var random = coin.factorys();\n")
    assert flags_with_first_suggestion(ws, "src/app.js") == []
    ws2 = _ws(tmp_path / "own", "var bern = makeMine();\nvar random = bern.factorys();\n")
    assert flags_with_first_suggestion(ws2, "src/app.js") == []


def test_a_platform_global_the_docs_bind_is_still_the_platforms():
    """A library may name a module after a platform global (`var Float64Array = require( 'rng/float64' )`): an
    undeclared `Float64Array` is still the platform's, no sign of the engine; nor is a one-letter name (`t`)."""
    from lsp_server import queries
    from lsp_server.document import ParsedDocument
    from lsp_server.knowledge.unknown_symbol import _uses_docs_bound_name

    def uses(code: str, bound: set[str]) -> bool:
        doc = ParsedDocument.create("file:///w/src/app.js", code)
        found = queries.captures(doc.language, "evidence", doc.tree.root_node)
        members = [*found.get("member", ()), *found.get("member.chained", ())]
        return _uses_docs_bound_name(doc, members, frozenset(bound), frozenset())
    assert uses("var a = bern.factorys();", {"bern"})
    assert uses("var a = bern.x.factorys();", {"bern"})
    assert not uses("var a = coin.factorys();", {"bern"})
    assert not uses("var a = Float64Array.factorys( 10 );", {"Float64Array"})
    assert not uses("var a = t.factorys();", {"t"})


def test_members_a_proven_helper_defines_are_the_engines_vocabulary(tmp_path):
    """`setReadOnly( bern, 'seedLength', 624 )` with a helper that passes its first two parameters to
    `Object.defineProperty` (through a module that exports it in one branch): `seedLength` is a member the
    engine spells, so `bern.seedLength` is known and `bern.seedLengths` its near miss. `logPair( bern,
    'widthLength', 3 )` defines nothing: `widthLength` is no member, so `bern.widthLengths` is no near miss."""
    ws = _ws(tmp_path, "var n = bern.seedLength;\nvar m = bern.seedLengths;\nvar w = bern.widthLengths;\n")
    assert flags_with_first_suggestion(ws, "src/app.js") == [(2, "seedLengths", ["seedLength"])]


def test_the_definer_proof(tmp_path):
    """Which helpers are proven to define a property, with the argument positions of object and key."""
    ws_files = {**HELPERS,
                "node_modules/helpers/swapped/index.js": """
                    var dp = Object.defineProperty;
                    module.exports = function swapped( value, obj, prop ) { dp( obj, prop, { value: value } ); };
                """,
                "node_modules/helpers/renamed/index.js": """
                    module.exports = function renamed( obj, prop ) { prop = 'x' + prop; Object.defineProperty( obj, prop, {} ); };
                """,
                "node_modules/helpers/computed/index.js": """
                    module.exports = function computed( obj, prop ) { Object.defineProperty( obj, 'fixed', {} ); };
                """,
                "src/app.js": ""}
    make_workspace(tmp_path, ws_files)
    here = tmp_path / "src" / "app.js"

    def proof(spec):
        return module_definer(resolve_require(spec, here))
    assert proof("helpers/set-read-only") == (0, 1)
    assert proof("helpers/define-property") == (0, 1)
    assert proof("helpers/swapped") == (1, 2)
    assert proof("helpers/log-pair") is None
    assert proof("helpers/renamed") is None  # the key is changed before it is passed on
    assert proof("helpers/computed") is None  # a fixed key, not the argument
    assert proof("helpers/missing") is None
    # a folder by its package.json `main`, inside the package only
    assert package_file(tmp_path / "node_modules" / "helpers", "set-read-only") == \
        (tmp_path / "node_modules/helpers/set-read-only/lib/index.js").resolve()
    assert package_file(tmp_path / "node_modules" / "helpers", "../helpers/log-pair") is not None
    assert package_file(tmp_path / "node_modules" / "helpers" / "log-pair", "../set-read-only") is None


def test_the_runtime_reader_adds_a_member_a_proven_helper_defines(tmp_path):
    """The runtime model: `setReadOnly( Coin.prototype, 'flip', fn )` adds `flip` to `Coin` as
    `Object.defineProperty( Coin.prototype, 'flip', ... )` does; `logPair` adds nothing."""
    make_workspace(tmp_path, {**HELPERS, "node_modules/helpers/coin.js": """
        var setReadOnly = require( './set-read-only' );
        var logPair = require( './log-pair' );
        function Coin() { this.side = 0; }
        setReadOnly( Coin.prototype, 'flip', function flip() { return 1; } );
        setReadOnly( Coin, 'create', function create() { return new Coin(); } );
        logPair( Coin.prototype, 'toss', 3 );
        module.exports = Coin;
    """})
    src = extract_js(tmp_path / "node_modules" / "helpers" / "coin.js", "coin")
    coin = src.modules["coin"].types["Coin"]
    names = {(m.name, m.static) for m in coin.members}
    assert ("flip", False) in names and ("create", True) in names
    assert not any(n == "toss" for n, _ in names)
