"""Hand-written CommonJS of the early npm years, as grunt 0.3 writes its package object (round 51's held-out
engine, which had no typings: 0 of 400 invented names flagged before these):

- `var grunt = module.exports = {}`: the variable and the module's value are one object, so what the file writes
  on `grunt` is the package's (read before as exporting nothing, with the file complete: every real member
  would have been "no export");
- a top-level helper that only writes `outer[key] = value` by keys its parameters give, called only with
  literal keys (`function gRequire(name) { return grunt[name] = require('./grunt/' + name) }`, `gExpose(config,
  'init', 'initConfig')`), adds exactly those members (before: a computed key, so the object was open and
  nothing was checked); a helper used any other way leaves it open;
- `"main": "lib/grunt"` beside a folder `lib/grunt/` is the file `lib/grunt.js` (Node loads a file before a
  folder), not the folder's missing index.js.

Checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

GRUNT = """var path = require('path');
var grunt = module.exports = {};
function gRequire(name) {
  return grunt[name] = require('./grunt/' + name);
}
var log = gRequire('log');
var config = gRequire('config');
var task = gRequire('task');
function gExpose(obj, methodName, newMethodName) {
  grunt[newMethodName || methodName] = obj[methodName].bind(obj);
}
gExpose(task, 'registerTask');
gExpose(config, 'init', 'initConfig');
grunt.tasks = function(tasks, options, done) {};
"""
LOG = """var log = module.exports = {};
log.writeln = function(msg) { return log; };
log.error = function(msg) { return log; };
"""
CONFIG = """var config = module.exports = function(prop, value) {};
config.init = function(obj) {};
"""
TASK = """var task = module.exports = {};
task.registerTask = function(name, fn) {};
"""


def flagged(tmp_path, app: str, main: str = GRUNT, manifest_main: str = "lib/grunt",
            extra: dict[str, str] | None = None) -> list[tuple[int, str, str]]:
    tree = {**(extra or {}),
            "node_modules/grunt/lib/grunt.js": main,
            "node_modules/grunt/lib/grunt/log.js": LOG,
            "node_modules/grunt/lib/grunt/config.js": CONFIG,
            "node_modules/grunt/lib/grunt/task.js": TASK,
            "node_modules/grunt/package.json": json.dumps({"name": "grunt", "main": manifest_main}),
            "package.json": json.dumps({"name": "app", "dependencies": {"grunt": "0.3.17"}}),
            "src/app.js": app}
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"], f["message"]) for f in symbol_findings(ws, "src/app.js")]


def test_members_the_helpers_and_the_alias_add_are_no_finding(tmp_path):
    app = ("var grunt = require('grunt');\n"
           "grunt.initConfig({});\ngrunt.registerTask('default', 'lint');\ngrunt.log.writeln('x');\n"
           "grunt.config.init({});\ngrunt.tasks(['x']);\n")
    assert flagged(tmp_path, app) == []
    # (with the entry named in full, the alias was read as exporting nothing, in a complete file: each of these
    # was "`grunt` has no export")
    assert flagged(tmp_path / "full", app, manifest_main="lib/grunt.js") == []


def test_slips_of_such_members_are_reported_with_the_real_one(tmp_path):
    app = "var grunt = require('grunt');\ngrunt.initConfg({});\ngrunt.registerTasks('default', 'lint');\n"
    found = flagged(tmp_path, app)
    assert [(line, name) for line, name, _ in found] == [(2, "initConfg"), (3, "registerTasks")]
    assert "did you mean `initConfig`?" in found[0][2]
    assert "did you mean `registerTask`?" in found[1][2]


def test_a_fragment_using_the_package_object_undeclared_is_checked(tmp_path):
    # the docs' gruntfile bodies without their `module.exports = function(grunt) {...}` wrapper
    app = "grunt.initConfig({});\ngrunt.loadNpmTask('grunt-sample');\n"
    assert [(line, name) for line, name, _ in flagged(tmp_path, app)] == [(2, "loadNpmTask")]


def test_a_helper_called_with_a_computed_key_leaves_the_object_open(tmp_path):
    # (`fail` is real: the open object says nothing against it; a near miss of a known member is still the
    # vocabulary check's, which asks every type in reach, never the closed object's "has no member")
    main = GRUNT + "['fail', 'file'].forEach(function (name) { gRequire(name); });\n"
    app = "var grunt = require('grunt');\ngrunt.fail.warn('x');\ngrunt.initConfg({});\n"
    found = flagged(tmp_path, app, main)
    assert [name for _, name, _ in found] == ["initConfg"]
    assert "has no member" not in found[0][2] and "no type in reach" in found[0][2]


def test_main_without_extension_is_the_file_before_the_folder(tmp_path):
    app = "var grunt = require('grunt');\ngrunt.initConfg({});\n"
    assert [name for _, name, _ in flagged(tmp_path, app, manifest_main="lib/grunt")] == ["initConfg"]
    assert [name for _, name, _ in flagged(tmp_path / "dotted", app, manifest_main="./lib/grunt.js")] == \
        ["initConfg"]


TEMPLATE = """var template = module.exports = {};
template.today = function(format) { return format; };
template.process = function(template, data) {
  var last = template;
  while (template.indexOf('<%') >= 0) {
    template = template.replace('<%', '');
  }
  return template;
};
"""


def test_a_parameter_of_the_objects_name_is_another_binding(tmp_path):
    # grunt's template.js: `template.process = function(template, data) { ... template = ... }` reassigns the
    # parameter, not the exported object, whose members are still all known
    main = GRUNT.replace("var task = gRequire('task');", "var task = gRequire('task');\nvar t = gRequire('template');")
    tree = {"node_modules/grunt/lib/grunt/template.js": TEMPLATE}
    app = "var grunt = require('grunt');\ngrunt.template.process('x', {});\ngrunt.template.proces('x', {});\n"
    found = flagged(tmp_path, app, main, extra=tree)
    assert [(line, name) for line, name, _ in found] == [(3, "proces")]
    assert "did you mean `process`?" in found[0][2]
