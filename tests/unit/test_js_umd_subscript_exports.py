"""A UMD wrapper whose CommonJS branch writes the module's value with a string subscript (ospec, the test runner
Mithril.js's docs use: `;(function (m) { if (typeof module !== "undefined") module["exports"] = m(); else window.o =
m() })(function init(name) { function o(subject, predicate) {...}; o.after = hook("after"); ...; return o })`). The
subscript is read as the dotted `module.exports = m()` is: the module's value is what the factory returns, so
`o.after` is a member (round 50's one false positive: "`ospec` has no export `after`") and `o.afer` a slip of it.
Checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

OSPEC = """"use strict"
;(function(m) {
if (typeof module !== "undefined") module["exports"] = m()
else window.o = m()
})(function init(name) {
	var spec = {}
	function o(subject, predicate) {
		spec[subject] = predicate
	}
	o.before = hook("before")
	o.after = hook("after")
	o.spec = function(subject, predicate) { o(subject, predicate) }
	function hook(name) {
		return function(predicate) { spec[name] = predicate }
	}
	return o
})
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str, str]]:
    tree = {"node_modules/ospec/ospec.js": OSPEC,
            "node_modules/ospec/package.json": json.dumps({"name": "ospec", "main": "ospec.js"}),
            "src/app.js": app}
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"], f["message"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_member_of_the_subscript_exported_value_is_no_finding(tmp_path):
    app = 'var o = require("ospec")\no.spec("adds", function() {})\no.after(function() {})\n'
    assert flagged(tmp_path, app) == []


def test_a_slip_of_such_a_member_is_reported_with_the_real_one(tmp_path):
    app = 'var o = require("ospec")\no.afer(function() {})\n'
    found = flagged(tmp_path, app)
    assert [(line, name) for line, name, _ in found] == [(2, "afer")]
    assert "did you mean `after`?" in found[0][2]
