"""A package's shipped reference pages titled as code (one page per member: `# req.param()`, `# io.socket.get()`,
`# .findOne()` in a folder of such pages) describe objects no code declares: the request a framework hands its
handlers, globals it makes at run time, query objects of an ORM that is not even installed. Their members are the
engine's vocabulary (issue 17 point 2: the docs are a source): a near miss of one on a receiver nothing types is
reported with the member as the did-you-mean, and the receivers stay open (the pages need not list every member).
Round 16's sails (6.0% recall untouched: no typings, `User.findOne(...).populate(...)` on undeclared model
globals). Through the real pipeline on a tiny JavaScript-only package."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

PAGES = {
    "docs/reference/req/req.param.md": "# `req.param()`\n\nReturns the value of a parameter.\n",
    "docs/reference/req/req.acceptsCharsets.md": "# `req.acceptsCharsets()`\n\nThe first accepted charset.\n",
    "docs/reference/req/req.md": "# Request (`req`)\n\nThe request object.\n",
    "docs/reference/models/models.md": "# Working with models\n\nModel methods.\n",
    "docs/reference/models/findOne.md": "# `.findOne()`\n\n```js\nvar u = await User.findOne({ id: 1 });\n```\n",
    "docs/reference/models/create.md": "# `.create()`\n\n```js\nawait User.create({ name: 'a' }).fetch();\n```\n",
    "docs/reference/models/find.md": "# `.find()`\n\n```js\nawait User.find({ age: 2 })\n  .populate('pets');\n"
                                    "await User.findOne({ id: 1 }).populate('pets');\n"
                                    "await User.find().populate('pets').intercept('E_X', 'gone');\n"
                                    "await User.create({}).fetch().intercept('E_UNIQUE', 'taken');\n```\n",
    "docs/reference/models/destroyOne.md": "# `.destroyOne()`\n\n```js\nawait User.destroyOne({ id: 1 });\n```\n",
    "docs/reference/queries/fetch.md": "# `.fetch()`\n\nReturns the records.\n",
    "docs/reference/queries/populate.md": "# `.populate()`\n\nPopulates an association.\n",
    "docs/reference/queries/intercept.md": "# `.intercept()`\n\nTranslates an error.\n",
    "docs/reference/sockets/sockets.md": "# Sockets (`app.sockets`)\n\nThe socket rooms.\n",
    "docs/reference/sockets/broadcast.md": "# `.broadcast()`\n\nBroadcasts a message.\n",
    "docs/reference/client/io.socket.request.md": "# io.socket.request()\n\nSends a request.\n",
    "docs/reference/files/package.json.md": "# package.json\n\nThe manifest.\n",
}


def workspace(tmp_path, files: dict[str, str]):
    home = "node_modules/frame"
    return make_workspace(tmp_path, {
        f"{home}/package.json": json.dumps({"name": "frame", "main": "index.js", "dependencies": {"srv": "1"}}),
        # the framework's request is its HTTP library's, extended: that library's own names are real
        "node_modules/srv/package.json": json.dumps({"name": "srv", "main": "index.js"}),
        "node_modules/srv/index.js": "var req = {};\nreq.acceptsCharset = function (c) { return this.acceptsCharsets(c) };\n"
                                     "module.exports = req;\n",
        f"{home}/index.js": "module.exports = function frame(options) { return { lift: function () {} } }\n",
        **{f"{home}/{path}": text for path, text in PAGES.items()},
        "package.json": json.dumps({"name": "app", "dependencies": {"frame": "1.0.0"}}),
        **files,
    })


def test_pages_titled_as_code_give_their_receivers_members(tmp_path):
    from lsp_server.knowledge.model_sources.docs import extract_pages

    (tmp_path / "pkg").mkdir()
    for path, text in PAGES.items():
        (tmp_path / "pkg" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "pkg" / path).write_text(text, encoding="utf-8")
    mod = extract_pages(tmp_path / "pkg", "frame").modules["frame"]
    members = {name: {m.name: m.kind for m in t.members} for name, t in mod.types.items()}
    assert members == {"req": {"param": "method", "acceptsCharsets": "method"},
                       "models": {"findOne": "method", "create": "method", "find": "method",
                                  "destroyOne": "method"},
                       "queries": {"populate": "method", "intercept": "method", "fetch": "method"},
                       "app": {"sockets": "property"}, "app.sockets": {"broadcast": "method"},
                       "io": {"socket": "property"}, "io.socket": {"request": "method"}}
    assert all(t.open for t in mod.types.values()) and not mod.exports


def test_near_misses_of_page_members_are_reported_on_undeclared_receivers(tmp_path):
    ws = workspace(tmp_path, {
        "src/app.js": "const user = await User.findOne({ id: 1 }).populate('pets');\n"
                      "const other = await User.findOnes({ id: 2 });\n"
                      "await User.create({ name: 'a' }).intercept('E_UNIQUE', 'taken');\n"
                      "await User.create({ name: 'b' }).intecept('E_UNIQUE', 'taken');\n"
                      "await User.findOne({ id: 3 }).getPopulate('pets');\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [
        (2, "findOnes", ["findOne"]), (4, "intecept", ["intercept"]), (5, "getPopulate", ["populate"])]


def test_receivers_the_pages_name_stay_open(tmp_path):
    # `req.headers`, `req.acceptsLanguages()`: the framework's pages document `req.param()` only; the request
    # has more members (its HTTP library's: `req.acceptsCharset()`, a near miss of the documented
    # `req.acceptsCharsets()` that the package's dependency spells), and nothing else is a near miss
    ws = workspace(tmp_path, {
        "src/app.js": "module.exports = function (req, res) {\n"
                      "  const id = req.param('id');\n"
                      "  const lang = req.acceptsLanguages('en');\n"
                      "  const charset = req.acceptsCharset('utf-8');\n"
                      "  return User.findOne({ id }).populate('pets').then(u => res.json(u) || req.headers);\n"
                      "};\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == []


def test_receivers_and_chains_the_examples_show_are_the_pages_objects(tmp_path):
    # `User` calls models' members in the examples (`findOne`, `create`, `find`), whose calls the examples chain
    # queries' members on: `getFetch` of a query's `fetch` (a platform name: only the object says it is meant),
    # `io.socet` of the title `io.socket.request()`, `req.parm` of `req.param()`; `req.acceptsCharset()` is the
    # HTTP library's (a dependency of the package), and `Order` is no receiver the examples name
    ws = workspace(tmp_path, {
        "src/app.js": "await User.create({ name: 'a' }).getFetch();\n"
                      "await User.find({ age: 2 }).populate('pets').fetches();\n"
                      "io.socet.request({ url: '/x' });\n"
                      "const id = req.parm('id');\n"
                      "const charset = req.acceptsCharset('utf-8');\n"
                      "await Order.create({ id }).getFetch();\n"
                      "await User.findOne({ id }).populate('pets');\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [
        (1, "getFetch", ["fetch"]), (2, "fetches", ["fetch"]), (3, "socet", ["socket"]), (4, "parm", ["param"])]


def test_a_receiver_the_file_declares_is_its_own(tmp_path):
    ws = workspace(tmp_path, {
        "src/app.js": "const User = makeStore();\nawait User.create({ name: 'a' }).getFetch();\n"
                      "await User.findOne({ id: 1 }).populate('pets');\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == []


# Round 28 (sails28): a host that makes the user's own objects globals by their file names (sails' models: `Pet`,
# `BankAccount`; the examples call the models' members on many such names, never imported)
SHAPED_PAGES = {
    "docs/reference/models/update.md": "# `.update()`\n\n```js\nawait Pet.update({ id: 1 }).set({ age: 3 });\n"
                                       "await Order.update({ id: 2 }).set({ paid: true }).fetch();\n```\n",
    "docs/reference/models/destroy.md": "# `.destroy()`\n\n```js\nawait Something.destroy({ id: 1 }).fetch();\n"
                                        "var when = Date.now();\n```\n",
}


def test_capitalised_globals_of_the_examples_kind_are_that_object(tmp_path):
    # the examples call the models' members on `User`, `Pet`, `Order` and `Something` (none imported): an
    # undeclared capitalised name is a model, its calls' results queries, even in a file that shows nothing else
    # of the engine
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in SHAPED_PAGES.items()},
        "src/one.js": "await Invoice.getDestroyOne({ id: 1 });\n",
        "src/two.js": "await Invoice.find({ paid: false }).getPopulate('lines');\n"
                      "await BankAccount.create({ owner: 1 }).getFetch();\n",
        # precision: the user's own model methods, platform classes, a constant's namespace, a declared name
        "src/three.js": "await Invoice.findUnpaid();\nawait Promise.all([]);\nMAX_LIMIT.getFetch();\n",
        "src/four.js": "const Ledger = makeStore();\nawait Ledger.getDestroyOne({ id: 1 });\n",
    })
    assert flags_with_first_suggestion(ws, "src/one.js") == [(1, "getDestroyOne", ["destroyOne"])]
    assert flags_with_first_suggestion(ws, "src/two.js") == [(1, "getPopulate", ["populate"]),
                                                             (2, "getFetch", ["fetch"])]
    assert flags_with_first_suggestion(ws, "src/three.js") == []
    assert flags_with_first_suggestion(ws, "src/four.js") == []


def test_one_named_receiver_makes_no_kind_of_capitalised_names(tmp_path):
    # the base pages' examples call models' members on `User` only: `Order` stays nobody's (as before)
    ws = workspace(tmp_path, {"src/app.js": "await Order.getDestroyOne({ id: 1 });\n"})
    assert flags_with_first_suggestion(ws, "src/app.js") == []


def test_a_word_the_engine_spells_is_no_member_of_a_pages_object(tmp_path):
    # the engine's files say `fetches`, `limits` and `Intercept` (a comment, a local or a class of their own),
    # never after a `.`: on a query, a plural of its `fetch` is still the member misspelled, and so is a
    # capitalised `Intercept`; what they write as a member stays real
    ws = workspace(tmp_path, {
        "node_modules/frame/index.js": "// fetches the app\nvar fetches = 0, limits = {};\nlimits.populates = 1;\n"
                                       "function Intercept() {}\n"
                                       "module.exports = function frame(options) { return { lift: function () {} } }\n",
        "src/app.js": "await User.create({ name: 'a' }).fetches();\n"
                      "await User.find({ age: 2 }).populates('pets');\n"
                      "await User.create({ name: 'b' }).Intercept('E_UNIQUE', 'taken');\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(1, "fetches", ["fetch"]), (3, "Intercept", ["intercept"])]


# a host that calls the user's functions with its own `this` (sails' actions and custom responses read
# `this.req`, `this.res`): concept pages show it, titled as no code
HOST_THIS_PAGES = {
    "docs/concepts/actions.md": "# Actions\n\n```js\nmodule.exports = { fn: async function () {\n"
                                "  var id = this.req.param('id');\n} };\n```\n",
    "docs/concepts/responses.md": "# Custom responses\n\n```js\nmodule.exports = function gone() {\n"
                                  "  var req = this.req;\n  return req.param('id');\n};\n```\n",
}


def test_the_host_s_objects_on_a_this_of_no_class(tmp_path):
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in HOST_THIS_PAGES.items()},
        "src/action.js": "if (this.reqs.param('id')) {\n  this.req.parm('id');\n}\n",
        "src/response.js": "module.exports = function gone() {\n  var req = this.getReq;\n  return req;\n};\n",
    })
    assert flags_with_first_suggestion(ws, "src/action.js") == [(1, "reqs", ["req"]), (2, "parm", ["param"])]
    assert flags_with_first_suggestion(ws, "src/response.js") == [(2, "getReq", ["req"])]


def test_a_this_of_the_user_s_own_is_not_the_host_s(tmp_path):
    # a class's own `this`, a prototype method's, a literal that declares the name, a short word near `req`
    # that is anyone's
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in HOST_THIS_PAGES.items()},
        "src/own.js": "class Store { get() { return this.reqs; } }\n"
                      "Store.prototype.load = function () { return this.getReq; };\n"
                      "const api = { reqs: [], count() { return this.reqs.length; } };\n"
                      "if (this.rest) { this.req.param('id'); }\n",
        "src/klass.js": "class Store { get() { return this.reqs; } }\n"
                        "Store.prototype.load = function () { return this.getReq; };\nthis.req.param('id');\n",
    })
    assert flags_with_first_suggestion(ws, "src/own.js") == []
    assert flags_with_first_suggestion(ws, "src/klass.js") == []


def test_one_page_reading_this_makes_no_host_this(tmp_path):
    ws = workspace(tmp_path, {
        "node_modules/frame/docs/concepts/actions.md": HOST_THIS_PAGES["docs/concepts/actions.md"],
        "src/action.js": "if (this.reqs.param('id')) {\n  this.req.parm('id');\n}\n",
    })
    assert flags_with_first_suggestion(ws, "src/action.js") == []


# methods a hook adds to every model, documented in a folder named as no identifier (sails'
# `websockets/resourceful-pubsub`: `.subscribe()`, `.publish()`)
PUBSUB_PAGES = {
    "docs/reference/pub-sub/subscribe.md": "# `.subscribe()`\n\n```js\nUser.subscribe(req, [1]);\n```\n",
    "docs/reference/pub-sub/publish.md": "# `.publish()`\n\n```js\nSomething.publish([1], { x: 1 });\n"
                                         "Something.create({ x: 1 });\n```\n",
}


def test_a_folder_named_as_no_identifier_is_a_kind_of_its_name(tmp_path):
    from lsp_server.knowledge.model_sources.docs import extract_pages

    for path, text in PUBSUB_PAGES.items():
        (tmp_path / "pkg" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "pkg" / path).write_text(text, encoding="utf-8")
    mod = extract_pages(tmp_path / "pkg", "frame").modules["frame"]
    assert {name: sorted(m.name for m in t.members) for name, t in mod.types.items()} == \
        {"pub-sub": ["publish", "subscribe"]}


def test_an_object_called_only_beside_the_models_is_a_part_of_them(tmp_path):
    # `subscribe` and `publish` are called on capitalised globals only, each of them a model too (`User.find`,
    # `Something.create`): every model has them; a near miss of one on any model is reported
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in {**SHAPED_PAGES, **PUBSUB_PAGES}.items()},
        "src/app.js": "Invoice.subscribes(req, [1]);\nUser.getPublish([1], {});\nInvoice.subscribe(req, [2]);\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(1, "subscribes", ["subscribe"]),
                                                             (2, "getPublish", ["publish"])]


# Round 29 (sails29): a host's registry of the user's own functions hanging off its global (sails'
# `sails.helpers.sendEmail(...)`: one file per helper, each name the user's): the examples call many names no page
# documents on one path and chain one pages' object's members on the calls (`.intercept()`: a deferred)
REGISTRY_PAGES = {
    "docs/reference/queries/intercept.md": "# `.intercept()`\n\n```js\n"
                                           "await app.helpers.sendEmail({ to: 1 }).intercept('E_X', 'gone');\n"
                                           "await app.helpers.chargeCard(2).intercept('E_Y', 'declined');\n"
                                           "var recent = await app.helpers.getRecent(3);\n```\n",
}


def test_calls_on_a_registry_of_the_user_s_names_are_the_object_the_examples_chain(tmp_path):
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in REGISTRY_PAGES.items()},
        "src/app.js": "await app.helpers.notifyAdmin({ id: 1 }).intercepts('E_X', 'gone');\n"
                      "await app.helpers.chargeCard(3).getIntercept('E_Y', 'declined');\n"
                      "await app.helpers.notifyAdmin({ id: 2 }).intercept('E_X', 'gone');\n",
    })
    assert flags_with_first_suggestion(ws, "src/app.js") == [(1, "intercepts", ["intercept"]),
                                                             (2, "getIntercept", ["intercept"])]


def test_a_registry_needs_several_names_and_the_host_s_own_root(tmp_path):
    # precision: a declared root is the user's; another path of the host (`app.tools`) is nobody's; a registry
    # the examples call two names on says nothing
    ws = workspace(tmp_path, {
        **{f"node_modules/frame/{path}": text for path, text in REGISTRY_PAGES.items()},
        "src/own.js": "const app = makeApp();\nawait app.helpers.notifyAdmin({ id: 1 }).intercepts('E_X');\n",
        "src/other.js": "await app.tools.notifyAdmin({ id: 1 }).intercepts('E_X');\n"
                        "await app.helpers.notifyAdmin({ id: 1 }).retry(3);\n",
    })
    assert flags_with_first_suggestion(ws, "src/own.js") == []
    assert flags_with_first_suggestion(ws, "src/other.js") == []
    few = workspace(tmp_path / "few", {
        "node_modules/frame/docs/reference/queries/intercept.md":
            "# `.intercept()`\n\n```js\nawait app.helpers.sendEmail({}).intercept('E_X', 'gone');\n"
            "await app.helpers.chargeCard(2).intercept('E_Y', 'declined');\n```\n",
        "src/app.js": "await app.helpers.notifyAdmin({ id: 1 }).intercepts('E_X', 'gone');\n",
    })
    assert flags_with_first_suggestion(few, "src/app.js") == []
