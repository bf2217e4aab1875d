"""Misspelt writes on the entries of an engine object's map (`entry_writes`): swagger-codegen's clients keep
their credentials as an object literal of string-keyed entries (`this.authentications = {'api-key': {type:
'apiKey', ...}}`) that the docs fill in by writing a field the literal lacks (`apiKey.apiKey = KEY`), which the
runtime reads (`var auth = _this.authentications[name]; auth.apiKey`). A write of a near miss of such a field
(`apiKey.apikey = KEY`) is silently ignored by the engine: reported. Checked through the real check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

CLIENT = """function Client() {
  this.basePath = 'https://example.com';
  this.defaultHeaders = {};
  this.authentications = {
    'api-key': {type: 'apiKey', 'in': 'header', name: 'api-key'},
    'oauth': {type: 'oauth2'}
  };
}
Client.prototype.applyAuthToRequest = function (request, authNames) {
  var _this = this;
  authNames.forEach(function (authName) {
    var auth = _this.authentications[authName];
    if (auth.apiKey) {
      request.set(auth.name, auth.apiKeyPrefix ? auth.apiKeyPrefix + ' ' + auth.apiKey : auth.apiKey);
    }
    if (auth.accessToken) {
      request.set('Authorization', 'Bearer ' + auth.accessToken);
    }
  });
};
Client.prototype.callApi = function (path) { return path; };
Client.instance = new Client();
module.exports = { Client: Client };
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str, list[str]]]:
    ws = make_workspace(tmp_path, {
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "main": "index.js"}),
        "node_modules/pkg/index.js": CLIENT,
        "src/app.js": app,
    })
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/app.js")]


def test_a_near_miss_of_a_field_the_runtime_reads_on_an_entry_is_reported(tmp_path):
    assert flagged(tmp_path, """var Lib = require('pkg');
var client = Lib.Client.instance;
var apiKey = client.authentications['api-key'];
apiKey.apiKey = 'YOUR API KEY';
apiKey.apiKeyPrefix = 'Token';
apiKey.apikey = 'YOUR API KEY';
apiKey.getApiKey = 'YOUR API KEY';
client.authentications['oauth'].accesToken = 'token';
client.authentications['oauth'].accessToken = 'token';
""") == [(6, "apikey", ["apiKey"]), (7, "getApiKey", ["apiKey"]), (8, "accesToken", ["accessToken"])]


def test_fresh_names_own_objects_and_names_read_back_stay_silent(tmp_path):
    # precision: a name like none of the fields (the user's own field), a write on the user's own object, a
    # local assigned again (no longer the entry), a name the file reads back, an entry of a map whose entries
    # the runtime never reads a field of
    assert flagged(tmp_path, """var Lib = require('pkg');
var client = new Lib.Client();
var apiKey = client.authentications['api-key'];
apiKey.myCache = {};
apiKey.label = 'production';
var mine = {};
mine.apikey = 'x';
var other = client.authentications['api-key'];
other = {};
other.apikey = 'x';
apiKey.apiKeys = ['a', 'b'];
console.log(apiKey.apiKeys);
client.defaultHeaders['X-Id'].valeu = 1;
""") == []
