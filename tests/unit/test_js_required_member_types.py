"""A JavaScript-only package whose constructor makes its services from other files (round 49,
flutterwave-node-v3: `const beneficiary = require('./lib/rave.beneficiaries')` in index.js, then `this.Beneficiary
= new beneficiary(ravebase)` in the constructor, the required file saying `function Beneficiaries(RaveBase) {
this.fetch = function (data) {...} }; module.exports = Beneficiaries`). The member is an instance of what the
required file exports, whatever the requiring file calls it: `flw.Beneficiary.fech()` is a slip of `fetch`, and the
real names stay quiet. Before, the member was typed by the local name `beneficiary`, no type of the package, so
nothing on it was checked (and a slip of a name a platform type has, `fetch`, was left to no one)."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

INDEX = """\
const base = require('./lib/base');
const beneficiary = require('./lib/beneficiaries');
const bank = require('./lib/banks');

const Rave = function (public_key, secret_key) {
  const ravebase = new base(public_key, secret_key);
  this.Beneficiary = new beneficiary(ravebase);
  this.Bank = new bank(ravebase);
};
module.exports = Rave;
"""
FILES = {
    "lib/base.js": "function Base(p, s) { this.p = p; }\nmodule.exports = Base;\n",
    "lib/beneficiaries.js": textwrap.dedent("""\
        function Beneficiaries(RaveBase) {
          this.create = function (data) { return data; };
          this.fetch = function (data) { return data; };
          this.fetch_all = function (data) { return data; };
        }
        module.exports = Beneficiaries;
    """),
    "lib/banks.js": "function Banks(RaveBase) {\n  this.country = function (data) { return data; };\n}\n"
                    "module.exports = Banks;\n",
}


def test_a_member_made_by_new_of_a_required_name_is_what_that_file_exports(tmp_path):
    for rel, text in {"index.js": INDEX, **FILES}.items():
        (tmp_path / "pkg" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "pkg" / rel).write_text(text)
    mod = extract_js(tmp_path / "pkg/index.js", "pkg").modules["pkg"]
    members = {m.name: m.type for m in mod.types["Rave"].members}
    assert members["Beneficiary"] == "Beneficiaries" and members["Bank"] == "Banks"
    assert {m.name for m in mod.types["Beneficiaries"].members} >= {"create", "fetch", "fetch_all"}


def test_slips_on_the_services_are_reported_and_real_names_are_not(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/flw/package.json": json.dumps({"name": "flw", "main": "index.js"}),
        "node_modules/flw/index.js": INDEX,
        **{f"node_modules/flw/{rel}": text for rel, text in FILES.items()},
        "src/app.js": ("const Flutterwave = require('flw');\n"
                       "const flw = new Flutterwave('pk', 'sk');\n"
                       "async function run() {\n"
                       "  await flw.Beneficiary.fech({ id: 1 });\n"
                       "  await flw.Beneficiary.fetch_alls({});\n"
                       "  await flw.Bank.Country({});\n"
                       "  await flw.Beneficiary.fetch({ id: 1 });\n"
                       "  await flw.Beneficiary.create({});\n"
                       "  await flw.Bank.country({});\n"
                       "}\n"),
    })
    found = [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/app.js")]
    assert found == [(4, "fech", ["fetch"]), (5, "fetch_alls", ["fetch_all"]), (6, "Country", ["country"])]
