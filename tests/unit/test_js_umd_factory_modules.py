"""A package of UMD "returnExports" modules (umdjs; swagger-codegen's JavaScript clients, many pre-ESM npm
packages): each file `(function (root, factory) { if (define.amd) define([...], factory); else if (module.exports)
module.exports = factory(require('./a'), ...); else root.Lib.X = factory(root.Lib.A, ...); }(this, function (A, ...)
{ var exports = function () {...}; ...; return exports; }))`. The factory's own `var exports` is no CommonJS
`exports`; its result is the module's value; an entry factory returning an object of its parameters exports each
parameter as the module its `require` loads. Checked through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings


def flagged(tmp_path, files: dict[str, str], app: str) -> list[tuple[int, str]]:
    tree = {f"node_modules/pkg/{rel}": text for rel, text in files.items()}
    tree["node_modules/pkg/package.json"] = json.dumps({"name": "pkg", "main": "src/index.js"})
    tree["src/app.js"] = app
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


CLIENT = """(function(root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['superagent'], factory);
  } else if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('superagent'));
  } else {
    if (!root.Lib) { root.Lib = {}; }
    root.Lib.Client = factory(root.superagent);
  }
}(this, function(superagent) {
  'use strict';
  /**
   * The client.
   * @exports Client
   */
  var exports = function() {
    this.basePath = 'https://example.com';
    this.authentications = { 'key': { type: 'apiKey', name: 'key' } };
  };
  exports.prototype.callApi = function callApi(path) {
    return superagent(this.basePath + path);
  };
  exports.convertToType = function(data, type) { return data; };
  exports.instance = new exports();
  return exports;
}));
"""

SERVICE = """(function(root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['Client', 'model/Item'], factory);
  } else if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('../Client'), require('../model/Item'));
  } else {
    root.Lib.ItemsApi = factory(root.Lib.Client, root.Lib.Item);
  }
}(this, function(Client, Item) {
  'use strict';
  var exports = function(apiClient) {
    this.apiClient = apiClient || Client.instance;
    /**
     * Lists the items.
     * @return {Promise}
     */
    this.getItems = function(opts) {
      return this.apiClient.callApi('/items');
    };
  };
  return exports;
}));
"""

MODEL = """(function(root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['Client'], factory);
  } else if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('../Client'));
  } else {
    root.Lib.Item = factory(root.Lib.Client);
  }
}(this, function(Client) {
  'use strict';
  var exports = function(name) {
    this.name = name;
  };
  exports.constructFromObject = function(data, obj) {
    obj = obj || new exports();
    obj.name = Client.convertToType(data['name'], 'String');
    return obj;
  };
  exports.prototype.name = undefined;
  exports.prototype.count = undefined;
  exports.KindEnum = { small: 'small', large: 'large' };
  return exports;
}));
"""

INDEX = """(function(factory) {
  if (typeof define === 'function' && define.amd) {
    define(['Client', 'model/Item', 'api/ItemsApi'], factory);
  } else if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('./Client'), require('./model/Item'), require('./api/ItemsApi'));
  }
}(function(Client, Item, ItemsApi) {
  'use strict';
  /**
   * The index module exports the constructors.
   */
  var exports = {
    /** The Client constructor. */
    Client: Client,
    Item: Item,
    ItemsApi: ItemsApi
  };
  return exports;
}));
"""

PACKAGE = {"src/index.js": INDEX, "src/Client.js": CLIENT, "src/api/ItemsApi.js": SERVICE, "src/model/Item.js": MODEL}


def test_an_entry_factory_of_required_modules_exports_each_module_by_its_parameter(tmp_path):
    assert flagged(tmp_path, PACKAGE, """var Lib = require('pkg');
var client = Lib.Client.instance;
client.callApi('/x');
client.callApii('/x');
Lib.Clinet.instance;
Lib.Client.instanse;
Lib.Client.convertToType({}, 'String');
""") == [(4, "callApii"), (5, "Clinet"), (6, "instanse")]


def test_members_a_constructor_expression_assigns_to_this_are_the_instance_s(tmp_path):
    assert flagged(tmp_path, PACKAGE, """var Lib = require('pkg');
var api = new Lib.ItemsApi();
api.getItems({}).then(function (data) {});
api.getitems({});
api.apiClient.callApi('/y');
var item = new Lib.Item('a');
item.name;
item.count;
item.cuont;
Lib.Item.KindEnum.small;
Lib.Item.constructFromObjct({});
""") == [(4, "getitems"), (9, "cuont"), (11, "constructFromObjct")]


def test_keys_a_factory_writes_on_its_own_exports_object_are_exports_and_other_uses_leave_them_open(tmp_path):
    wrapper = """(function(root, factory) {
  if (typeof module === 'object' && module.exports) { module.exports = factory(); } else { root.Lib = factory(); }
}(this, function() {
  var exports = {};
  function Runner() {}
  Runner.prototype.run = function () {};
  exports.Runner = Runner;
  %s
  return exports;
}));
"""
    app = """var Lib = require('pkg');
new Lib.Runner().run();
new Lib.Runner().rnu();
Lib.VERSION;
Lib.Runnr;
"""
    assert flagged(tmp_path / "a", {"src/index.js": wrapper % "exports.VERSION = '1';"}, app) == \
        [(3, "rnu"), (5, "Runnr")]
    # handed to a call that may add keys: the exports are not all known, no export is flagged (the class's
    # members still are)
    assert flagged(tmp_path / "b", {"src/index.js": wrapper % "extend(exports, plugins);"}, app) == [(3, "rnu")]
