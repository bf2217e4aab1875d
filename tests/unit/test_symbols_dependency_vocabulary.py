"""The vocabulary check's reach beyond the engine's own files (round 16, on sails after its held-out run): the
runtime of the packages an engine's JavaScript build depends on is its vocabulary too (the engine hands their
objects to its users: sails's helpers are `machine` callables returning `parley` deferreds), and a member
written in another case or behind a get/set prefix is that member, platform-named ones included. Each case on
minimal packages through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

# An untyped engine whose runtime builds its results with a dependency (installed beside it, as npm does): the
# deferred's methods are the dependency's, assigned on its prototype in a private file its entry requires.
ENGINE_WITH_DEPENDENCY = {
    "node_modules/appkit/package.json": json.dumps({"name": "appkit", "main": "lib/index.js",
                                                    "dependencies": {"deferkit": "^1.0.0"}}),
    "node_modules/appkit/lib/index.js": """
        function App() { this.started = false; }
        App.prototype.lift = function (done) { this.started = true; done(); };
        App.prototype.callHelper = function (name) { return require('deferkit').deferred(name); };
        module.exports = new App();
    """,
    "node_modules/deferkit/package.json": json.dumps({"name": "deferkit", "main": "lib/deferkit.js"}),
    "node_modules/deferkit/lib/deferkit.js": """
        var Deferred = require('./private/Deferred');
        // tolerated errors are kept per call
        exports.deferred = function (fn) { return new Deferred(fn); };
    """,
    "node_modules/deferkit/lib/private/Deferred.js": """
        function Deferred(fn) { this._fn = fn; }
        Deferred.prototype.intercept = function (rule, handler) { return this; };
        Deferred.prototype.tolerate = function (rule, handler) { return this; };
        module.exports = Deferred;
    """,
}


def test_a_dependency_of_the_engines_runtime_is_its_vocabulary(tmp_path):
    """`result.tolerte(...)` on a value the engine's `callHelper` returns (the dependency's deferred, which
    the reader cannot type): a near miss of a member the dependency's runtime spells, named as it spells it;
    the real `tolerate` and a name the dependency spells only in a comment (`tolerated`) stay silent."""
    ws = make_workspace(tmp_path, {**ENGINE_WITH_DEPENDENCY, "src/app.js": """const app = require('appkit');
app.lift(() => {});
export async function run(result) {
  await result.tolerate('E_UNIQUE');
  await result.tolerte('E_UNIQUE');
  return result.tolerated;
}
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(5, "tolerte", ["tolerate"])]


def test_a_package_the_engine_does_not_depend_on_is_not_its_vocabulary(tmp_path):
    """The same dependency installed but not declared in the engine's `dependencies`: its members are no
    one's vocabulary, so the near miss stays silent (nothing says it is meant)."""
    files = dict(ENGINE_WITH_DEPENDENCY)
    files["node_modules/appkit/package.json"] = json.dumps({"name": "appkit", "main": "lib/index.js"})
    ws = make_workspace(tmp_path, {**files, "src/app.js": """const app = require('appkit');
app.lift(() => {});
export async function run(result) {
  await result.tolerte('E_UNIQUE');
}
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == []


# An untyped engine whose files spell platform-named members (`timeout`, `stream`) beside near names of their own
# (`timeouts`, the class `Stream`): a near miss of those the check reports through the nearer own name.
PLATFORM_NAMED = {
    "node_modules/jobkit/package.json": json.dumps({"name": "jobkit", "main": "index.js"}),
    "node_modules/jobkit/index.js": """
        function Stream() {}
        function Job() { this.timeouts = []; }
        Job.prototype.run = function () { return this; };
        Job.prototype.timeout = function (ms) { this.timeouts.push(ms); return this; };
        Job.prototype.stream = function () { return new Stream(); };
        exports.Job = Job;
        exports.Stream = Stream;
    """,
}


def test_a_member_in_another_case_or_behind_a_prefix_is_that_member(tmp_path):
    """`job.Timeout(5)` is the member `timeout` written capitalised, not `timeouts`; `job.getStream()` is
    `stream` behind a getter's prefix, not the class `Stream`: members the engine's files spell after a `.`,
    platform-named ones too, as the did-you-mean of a finding the check makes on other grounds."""
    ws = make_workspace(tmp_path, {**PLATFORM_NAMED, "src/app.js": """const { Job } = require('jobkit');
new Job().run();
export function f(job) {
  job.Timeout(5);
  job.getStream();
}
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(4, "Timeout", ["timeout"]),
                                                             (5, "getStream", ["stream"])]
