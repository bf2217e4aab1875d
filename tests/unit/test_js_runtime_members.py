"""The JavaScript reader on members and exports added at run time (the disagreement classes the runtime oracle,
tests/corpus/jsoracle, showed on real packages): what it can follow is read, what it cannot leaves the type
open or the exports incomplete, so that a name the runtime has is never flagged."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings


def read(tmp_path, code: str, name: str = "index.js"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(code), encoding="utf-8")
    return extract_js(p, "pkg").modules["pkg"]


def members(mod, type_name: str, static: bool = False) -> set[str]:
    return {m.name for m in mod.types[type_name].members if m.static == static}


def test_prototype_alias_and_chained_assignments_are_members(tmp_path):
    mod = read(tmp_path, """
        function Moment(c) { this._i = c; }
        var proto = Moment.prototype;
        proto.add = proto.plus = function () { return this; };
        proto.format = format;
        module.exports = Moment;
    """)
    assert {"add", "plus", "format", "_i"} <= members(mod, "Moment")
    assert not mod.types["Moment"].open


def test_prototype_object_assigned_by_name_and_extended_later(tmp_path):
    mod = read(tmp_path, """
        var P = { toStringTag: 'Decimal' };
        P.abs = P.absoluteValue = function () {};
        function Decimal(v) {}
        Decimal.prototype = P;
        module.exports = Decimal;
    """)
    assert {"toStringTag", "abs", "absoluteValue"} <= members(mod, "Decimal")


def test_inherits_and_object_create_set_the_base(tmp_path):
    mod = read(tmp_path, """
        function Base() {}
        Base.prototype.on = function () {};
        function Kid() {}
        util.inherits(Kid, Base);
        Kid.prototype.go = function () {};
        function Sub() {}
        Sub.prototype = Object.create(Base.prototype);
        Sub.prototype.constructor = Sub;
    """)
    assert mod.types["Kid"].bases == ["Base"] and mod.types["Sub"].bases == ["Base"]
    assert not mod.types["Base"].open and not mod.types["Kid"].open


def test_a_class_handed_to_a_function_or_given_computed_members_stays_open(tmp_path):
    mod = read(tmp_path, """
        function List() {}
        List.prototype.push = function () {};
        mixin(List, { pop: function () {} });
        function Color() {}
        Color.prototype.hex = function () {};
        for (const model of names) { Color.prototype[model] = function () {}; }
        function Plain() {}
        Plain.prototype.only = function () {};
        Object.freeze(Plain);
    """)
    assert mod.types["List"].open and mod.types["Color"].open
    assert not mod.types["Plain"].open  # a call that only reads it changes nothing


def test_define_property_adds_a_member(tmp_path):
    mod = read(tmp_path, """
        function Stream() {}
        Stream.prototype.write = function () {};
        Object.defineProperty(Stream.prototype, 'closed', { get: function () { return false; } });
        Object.defineProperties(Stream, { highWater: { value: 16 } });
    """)
    assert {"write", "closed"} <= members(mod, "Stream") and "highWater" in members(mod, "Stream", static=True)


def test_exports_in_a_umd_or_if_block_are_read_and_factories_leave_them_incomplete(tmp_path):
    inside = read(tmp_path, """
        function EE() {}
        EE.prototype.on = function () {};
        if (typeof module !== 'undefined') { module.exports = EE; }
    """, "a.js")
    assert inside.exports.get("=") == "EE" and inside.complete
    umd = read(tmp_path, """
        (function (global, factory) {
          typeof exports === 'object' ? module.exports = factory() : global.moment = factory();
        }(this, function () { var api = build(); function hooks() {} return api; }));
    """, "b.js")
    assert not umd.complete  # the factory returns what it does not declare: not followed
    # (one that returns a function it declares is followed: tests/unit/test_symbols_wide_forms.py)
    chained = read(tmp_path, """
        exports = module.exports = createApplication;
        function createApplication() {}
        exports.json = function () {};
    """, "c.js")
    assert chained.exports["="] == "createApplication" and "json" in chained.exports
    spread = read(tmp_path, "module.exports = { ...require('./helpers'), run };\nfunction run() {}\n", "d.js")
    assert not spread.complete


def test_exports_through_an_alias_of_module_or_exports_leave_them_incomplete(tmp_path):
    # lodash's build: `var freeModule = ... && module; (freeModule.exports = _)._ = _` names no export this
    # reader follows; the file exports through the alias, so its exports are unknown, not none
    aliased = read(tmp_path, """
        ;(function () {
          function lodash() {}
          lodash.isObject = function () {};
          var freeExports = typeof exports == 'object' && exports && !exports.nodeType && exports;
          var freeModule = freeExports && typeof module == 'object' && module && !module.nodeType && module;
          if (freeModule) { (freeModule.exports = lodash).lodash = lodash; freeExports.lodash = lodash; }
        }.call(this));
    """, "g.js")
    assert not aliased.complete
    target = read(tmp_path, "var out = module.exports;\nout.run = function () {};\n", "h.js")
    assert not target.complete
    # reading them is no alias: `typeof exports`, `module.exports = X`, `exports.x = ...`
    plain = read(tmp_path, """
        function run() {}
        if (typeof module === 'object' && typeof exports === 'object') { exports.run = run; }
    """, "i.js")
    assert plain.complete and "run" in plain.exports


def test_esm_re_exports_are_exports_and_export_star_leaves_them_incomplete(tmp_path):
    (tmp_path / "linear.js").write_text("export default function linear() {}\n", encoding="utf-8")
    named = read(tmp_path, "export { default as scaleLinear } from './linear.js';\nexport * as d3 from './linear.js';\n",
                 "e.mjs")
    assert {"scaleLinear", "d3"} <= set(named.exports) and named.complete
    star = read(tmp_path, "export * from './linear.js';\nexport const x = 1;\n", "f.mjs")
    assert not star.complete


def test_no_finding_on_names_added_at_run_time_in_a_package_without_typings(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "main": "index.js"}),
        "node_modules/kit/index.js": """
            var EventEmitter = require('events');
            function Kit() {}
            Kit.prototype.draw = function () {};
            mixin(Kit.prototype, require('./more'));
            function Emitter() {}
            require('util').inherits(Emitter, EventEmitter);
            Emitter.prototype.fire = function () {};
            module.exports = { Kit: Kit, Emitter: Emitter };
        """,
        "src/app.js": """
            const { Kit, Emitter } = require('kit');
            new Kit().draw();
            new Kit().addedByMixin();
            Emitter.defaultMaxListeners;
            Emitter.captureRejections;
            new Emitter().fire();
            new Emitter().firre();
        """,
    })
    found = [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(8, "firre")]


def test_compiled_create_class_declares_members_and_symbol_keys_name_none(tmp_path):
    mod = read(tmp_path, """
        var Duration = /*#__PURE__*/function (_Symbol$for) {
          function Duration(config) { this.values = config.values; }
          var _proto = Duration.prototype;
          _proto.plus = function plus(d) { return this; };
          _proto[_Symbol$for] = function () { return "Duration"; };
          _createClass(Duration, [{ key: "locale", get: function get() { return this.loc; } }],
                       [{ key: "fromMillis", value: function fromMillis(n) { return new Duration({}); } }]);
          return Duration;
        }(Symbol.for("nodejs.util.inspect.custom"));
        function Dyn() {}
        _createClass(Dyn, [{ key: someName, value: function () {} }]);
    """)
    assert {"plus", "locale", "values"} <= members(mod, "Duration") and "fromMillis" in members(mod, "Duration", True)
    assert not mod.types["Duration"].open
    assert mod.types["Dyn"].open


def test_an_object_literal_member_is_a_type_of_its_keys(tmp_path):
    mod = read(tmp_path, """
        function hooks() {}
        hooks.HTML5_FMT = { DATE: 'YYYY-MM-DD', TIME: 'HH:mm' };
        hooks.dyn = { [name]: 1, fixed: 2 };
        module.exports = hooks;
    """)
    fmt = next(m for m in mod.types["hooks"].members if m.name == "HTML5_FMT")
    assert fmt.static and {m.name for m in mod.types[fmt.type].members} == {"DATE", "TIME"}
    assert not mod.types[fmt.type].open and mod.types["hooks$dyn"].open


def test_no_vocabulary_guess_on_an_engine_module_whose_exports_are_not_all_known(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/logs/package.json": json.dumps({"name": "logs", "main": "index.js"}),
        "node_modules/logs/index.js": """
            const logs = exports;
            function Logger() {}
            Logger.prototype.handleRejections = function () {};
            logs.Logger = Logger;
            ['unhandleRejections', 'handleExceptions'].forEach(function (m) { logs[m] = function () {}; });
            module.exports = Object.assign(logs, require('./more'));
        """,
        "src/app.js": """
            const logs = require('logs');
            logs.unhandleRejections();
            new logs.Logger().handleRejections();
        """,
    })
    assert symbol_findings(ws, "src/app.js") == []


def test_compiled_inheritance_wrappers_and_string_keys(tmp_path):
    mod = read(tmp_path, """
        var Collection = function Collection() {};
        Collection.prototype.size = 0;
        var List = (function (Collection) {
          function List(value) {}
          if (Collection) List.__proto__ = Collection;
          List.prototype = Object.create(Collection && Collection.prototype);
          List.prototype.constructor = List;
          List.prototype.push = function () {};
          List.prototype[ITERATOR_SYMBOL] = function () { return this; };
          return List;
        }(Collection));
        (function () {
          var P = { toStringTag: 'Big' };
          P.abs = function () {};
          function Big() {}
          Big.prototype = P;
          Big['default'] = Big.Big = Big;
        })();
    """)
    assert mod.types["List"].bases == ["Collection"] and not mod.types["List"].open
    assert {"push"} <= members(mod, "List")
    assert {"toStringTag", "abs"} <= members(mod, "Big") and not mod.types["Big"].open
    assert {"default", "Big"} <= members(mod, "Big", static=True)


def test_a_base_class_from_another_package_leaves_the_type_open(tmp_path):
    mod = read(tmp_path, """
        const { Transform } = require('readable-stream');
        const EventEmitter = require('events');
        class Logger extends Transform { log() {} }
        class Bus extends EventEmitter { send() {} }
        module.exports = { Logger, Bus };
    """)
    assert mod.types["Logger"].open  # readable-stream's Transform: members this reader cannot see
    assert not mod.types["Bus"].open  # Node's own EventEmitter: the platform's members are known
    esm = read(tmp_path, "import EE from 'eventemitter3';\nexport default class Queue extends EE { add() {} }\n",
               "q.mjs")
    assert esm.types["Queue"].open


def test_computed_this_members_leave_the_owner_open(tmp_path):
    mod = read(tmp_path, """
        function Decimal() {}
        Decimal.prototype.abs = function () {};
        function config(obj) { for (var p in obj) this[p] = obj[p]; return this; }
        Decimal.set = Decimal.config = config;
        var P;
        function BigNumber() {}
        P = BigNumber.prototype = { constructor: BigNumber };
        P.absoluteValue = P.abs = function () {};
        class Opts { constructor(o) { for (const k of Object.keys(o)) this[k] = o[k]; } }
    """)
    assert mod.types["Decimal"].open and mod.types["Opts"].open
    assert {"absoluteValue", "abs"} <= members(mod, "BigNumber") and not mod.types["BigNumber"].open


def test_symbol_keyed_this_members_name_no_member_and_leave_the_owner_closed(tmp_path):
    """`this[kClosed] = true` with `kClosed` a symbol (made in the file, or read from a file of symbols) is an
    internal no dotted name reaches: the class stays closed; a key read from another file that is not a symbol
    (a string, any value) may name a member, so that class stays open."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "symbols.js").write_text(
        "module.exports = { kClosed: Symbol('closed'), kName: 'name' }\nexports.kUrl = Symbol.for('url')\n")
    mod = read(tmp_path, """
        const { kClosed, kUrl: url, kName } = require('./lib/symbols')
        const kOnClosed = Symbol('onClosed')
        class Base {
          constructor (opts) { this[kOnClosed] = opts; this[url] = opts.url }
          close () { this[kClosed] = true }
        }
        class Named { constructor () { this[kName] = 1 } }
        module.exports = { Base, Named }
    """)
    assert not mod.types["Base"].open and {"close"} <= members(mod, "Base")
    assert mod.types["Named"].open


def test_a_wrapper_handed_the_exports_leaves_them_incomplete(tmp_path):
    mod = read(tmp_path, """
        ;(function (sax) {
          sax.parser = function (strict, opt) { return new SAXParser(strict, opt); };
          function SAXParser() {}
        })(typeof exports === 'undefined' ? this.sax = {} : exports);
    """)
    assert not mod.complete


def test_compiled_wrapper_parameters_name_the_base_or_leave_the_type_open(tmp_path):
    mod = read(tmp_path, """
        var Base = (function () { function Base() {} Base.prototype.size = function () {}; return Base; }());
        var Kid = (function (_super) {
          tslib.__extends(Kid, _super);
          function Kid() { return _super.call(this) || this; }
          Kid.prototype.grow = function () {};
          return Kid;
        }(Base));
        var Far = (function (_super) {
          tslib.__extends(Far, _super);
          function Far() {}
          Far.prototype.go = function () {};
          return Far;
        }(Base_1.default));
    """)
    assert mod.types["Kid"].bases == ["Base"] and not mod.types["Kid"].open
    assert mod.types["Far"].open and mod.types["Far"].bases == []


def test_no_vocabulary_guess_on_a_chain_from_the_engine_import_whose_shape_is_unknown(tmp_path):
    """`Types.RenderPage` after `const { Types } = require('db')`: the model could not follow how `Types` was
    filled (its members come from a loop), so the name is the engine's own business, not a near miss of
    `renderPage` to guess about; a receiver of unknown origin (a parameter) is still checked."""
    ws = make_workspace(tmp_path, {
        "node_modules/db/package.json": json.dumps({"name": "db", "main": "index.js"}),
        "node_modules/db/index.js": """
            function Connection() {}
            Connection.prototype.renderPage = function () {};
            const Types = {};
            ['RenderPage', 'Tiny'].forEach(function (t, i) { Types[t] = i; });
            exports.Types = Types;
            exports.Connection = Connection;
        """,
        "src/app.js": """
            const { Types } = require('db');
            const db = require('db');
            Types.RenderPage;
            db.Types.RenderPage;
            function f(conn) { conn.renderPages(); }
        """,
    })
    found = symbol_findings(ws, "src/app.js")
    assert [(f["line"], f["name"], f["data"]["receiver"]) for f in found] == [(6, "renderPages", "vocabulary")], found


# fluent-ffmpeg's shape (round 6's held-out engine): a constructor callable without `new`, whose methods other
# modules add to its prototype (`require('./options/audio')(FfmpegCommand.prototype)`), re-exported by an index.
FFMPEG_LIKE = {
    "node_modules/media/package.json": json.dumps({"name": "media", "main": "index.js"}),
    "node_modules/media/index.js": "module.exports = require('./lib/command');\n",
    "node_modules/media/lib/command.js": """
        var EventEmitter = require('events').EventEmitter;
        var util = require('util');
        function Command(input) {
          if (!(this instanceof Command)) {
            return new Command(input);
          }
          EventEmitter.call(this);
          this._inputs = [];
        }
        util.inherits(Command, EventEmitter);
        module.exports = Command;
        require('./options/audio')(Command.prototype);
        Command.setPath = function (p) {};
    """,
    "node_modules/media/lib/options/audio.js": """
        module.exports = function (proto) {
          proto.withAudioCodec =
          proto.audioCodec = function (codec) {
            this.codec = codec;
            return this;
          };
          proto.noAudio = function () { return this; };
        };
    """,
}


def test_a_function_module_applied_to_a_prototype_adds_its_members(tmp_path):
    (tmp_path / "pkg").mkdir()
    for rel, text in FFMPEG_LIKE.items():
        p = tmp_path / "pkg" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    mod = extract_js(tmp_path / "pkg/node_modules/media/index.js", "media").modules["media"]
    assert mod.exports["="] == "Command" and mod.complete  # through `module.exports = require('./lib/command')`
    assert {"withAudioCodec", "audioCodec", "noAudio", "codec", "_inputs"} <= members(mod, "Command")
    assert "setPath" in members(mod, "Command", static=True)
    assert not mod.types["Command"].open


def test_an_adder_that_does_more_than_name_its_members_leaves_the_type_open(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib/adder.js").write_text("module.exports = function (proto) {\n"
                                           "  proto.known = function () {};\n"
                                           "  ['a', 'b'].forEach(function (k) { proto[k] = function () {}; });\n"
                                           "};\n", encoding="utf-8")
    (tmp_path / "lib/missing.js").write_text("module.exports = makeAdder();\n", encoding="utf-8")
    mod = read(tmp_path, """
        function Kit() {}
        require('./lib/adder')(Kit.prototype);
        function Other() {}
        require('./lib/missing')(Other.prototype);
        module.exports = { Kit: Kit, Other: Other };
    """)
    assert "known" in members(mod, "Kit")
    assert mod.types["Kit"].open and mod.types["Other"].open


def test_a_constructor_callable_without_new_makes_instances_whose_chains_are_checked(tmp_path):
    ws = make_workspace(tmp_path, {**FFMPEG_LIKE, "src/app.js": """
        var media = require('media');
        media('in.avi').audioCodec('aac').noAudio();
        media('in.avi').audioCodc('aac');
        var command = media('in.avi');
        command.withAudioCodec('aac').on('end', function () {});
        command.noAudoi();
        media.setPath('/usr/bin');
        new media().audioCodec('aac').emit('x');
    """})
    found = [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(4, "audioCodc", ["audioCodec"]), (7, "noAudoi", ["noAudio"])]


def test_a_call_only_constructor_is_not_callable_without_new(tmp_path):
    mod = read(tmp_path, """
        function Kit() { if (!(this instanceof Kit)) { throw new Error('use new'); } this.x = 1; }
        function Maker() { return new Other(); }
        Maker.prototype.m = function () {};
        function Other() {}
        Other.prototype.n = function () {};
        module.exports = { Kit: Kit, Maker: Maker };
    """)
    assert "__call__" not in members(mod, "Kit", static=True)
    assert "__call__" not in members(mod, "Maker", static=True)


def test_a_readme_binding_of_the_packages_whole_value_types_a_snippets_free_name(tmp_path):
    readme = "# media\n\n```js\nvar media = require('media');\n```\n\n```js\nmedia('in.avi').noAudio();\n```\n"
    ws = make_workspace(tmp_path, {**FFMPEG_LIKE, "node_modules/media/README.md": readme,
                                   "src/uses.js": "var media = require('media');\nmedia('a');\n",
                                   "src/snippet.js": """
        media('in.avi').audioCodec('aac').noAudio();
        media('in.avi').audioCodecs('aac');
        media.setPath('/usr/bin');
    """})
    found = [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/snippet.js")]
    assert found == [(3, "audioCodecs", ["audioCodec"])]


def test_a_method_returning_a_local_made_by_new_returns_that_class(tmp_path):
    mod = read(tmp_path, """
        function Command() {}
        Command.prototype.clone = function () {
          var clone = new Command();
          [1, 2].forEach(function (k) { clone.options = k; });
          return clone;
        };
        Command.prototype.maybe = function () {
          var made = new Command();
          if (made.x) { made = null; }
          return made;
        };
        module.exports = Command;
    """)
    returns = {m.name: m.type for m in mod.types["Command"].members}
    assert returns["clone"] == "Command"
    assert returns["maybe"] == ""  # reassigned: not known


def test_event_emitter_methods_return_the_emitter_so_chains_after_them_are_checked(tmp_path):
    ws = make_workspace(tmp_path, {**FFMPEG_LIKE, "src/app.js": """
        var media = require('media');
        media('in.avi').on('end', function () {}).once('error', function () {}).noAudio();
        media('in.avi').on('end', function () {}).noAudi();
        media('in.avi').emit('end').whatever();
    """})
    found = [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(4, "noAudi")]  # `emit` returns a boolean: nothing known after it


def test_a_reexported_object_of_requires_leaves_the_exports_unknown(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib/main.js").write_text("const Kit = { Book: require('./book') };\n"
                                          "Object.assign(Kit, require('./enums'));\n"
                                          "module.exports = Kit;\n", encoding="utf-8")
    (tmp_path / "lib/book.js").write_text("class Book { open() {} }\nmodule.exports = Book;\n", encoding="utf-8")
    mod = read(tmp_path, "module.exports = require('./lib/main.js');\n")
    assert mod.exports == {} and not mod.complete  # not claimed known: typings beside it decide
    assert "open" in members(mod, "Book")
