"""Round 22 (dev, jquery22): jQuery objects in a workspace whose engine is a jQuery plugin, on a tiny jquery-like
runtime and a plugin package through the real `unknown-symbol` check. `$('#x')`, a chain of jQuery methods on it
and a variable bound once to one are jQuery objects; `$.ajax(...)` gives a request object. A name no type in reach
has that is a near miss of one of their members (the plugin's `interface JQuery`, its `$.fn.X = ...`, jQuery's own
runtime members) is reported; jQuery's own names, the workspace's own plugins and a `$` the file declares are not."""

from __future__ import annotations

import json

from lsp_server.knowledge.jquery_receivers import jquery_receivers, jquery_vocabulary, runtime_members
from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import make_workspace, symbol_findings

# a jquery-like runtime in jQuery's own style: the prototype's literal, `fn.extend` objects, members assigned by
# loops over a split string, an array and an object, and the request objects' `Deferred` and `ajax`
JQUERY_JS = """/*! a jquery-like runtime: the comment's words (`unveils`) are no member */
var jQuery = function (selector) { return new jQuery.fn.init(selector); };
jQuery.fn = jQuery.prototype = {
    jquery: "4.0.0",
    constructor: jQuery,
    length: 0,
    toArray: function () { return []; },
    eq: function (i) { return this; },
    first: function () { return this.eq(0); }
};
jQuery.extend = jQuery.fn.extend = function () {};
jQuery.fn.extend({
    html: function (value) { return this; },
    attr: function (name, value) { return this; },
    removeClass: function (value) { return this; },
    show: function () { return this; },
    find: function (selector) { return this; },
    on: function (types, fn) { return this; }
});
jQuery.fn.init = function (selector) { this.selector = selector; };
jQuery.each(("blur focus " + "click dblclick").split(" "), function (_i, name) {
    jQuery.fn[name] = function (fn) { return this.on(name, fn); };
});
jQuery.each(["toggle", "hide"], function (_i, name) {
    jQuery.fn[name] = function () { return this; };
});
jQuery.each({ slideDown: 1, fadeIn: 2 }, function (name, props) {
    jQuery.fn[name] = function () { return this; };
});
jQuery.each({ Height: "height" }, function (name, type) {
    jQuery.fn["inner" + name] = function () { return 0; };
});
jQuery.extend({
    Deferred: function (func) {
        var tuples = [["resolve", "done"], ["reject", "fail"]],
            promise = { state: function () {}, always: function () {}, then: function () {}, promise: function () {} };
        return promise;
    },
    ajax: function (url, options) {
        var jqXHR = { readyState: 0, getResponseHeader: function (key) {}, abort: function () {} };
        return jqXHR;
    }
});
window.jQuery = window.$ = jQuery;
"""
# a jQuery plugin package: global-script typings augmenting `interface JQuery`, a runtime assigning `$.fn.X`
PLUGIN = {
    "node_modules/jquery/package.json": json.dumps({"name": "jquery", "version": "4.0.0", "main": "dist/jquery.js"}),
    "node_modules/jquery/dist/jquery.js": JQUERY_JS,
    "node_modules/widgetplug/package.json": json.dumps({"name": "widgetplug", "version": "1.0.0",
                                                        "main": "dist/widgetplug.js", "typings": "dist/widgetplug.d.ts",
                                                        "peerDependencies": {"jquery": ">=3"}}),
    "node_modules/widgetplug/dist/widgetplug.d.ts": """declare module WidgetPlug {
    interface Panel { open(): void; close(): void; }
    interface WidgetPlugStatic { Panel: { new(element: JQuery): Panel; }; reflowAll(): void; }
}
interface JQuery {
    widgetize(method?: string | Array<any>, ...args: any[]): JQuery;
}
declare var WidgetPlug: WidgetPlug.WidgetPlugStatic;
declare module "widgetplug" {
    export = WidgetPlug;
}
""",
    "node_modules/widgetplug/dist/widgetplug.js": """(function ($) {
  var widgetize = function (method) { return this; };
  $.fn.widgetize = widgetize;
  $.fn.addTouch = function () { return this; };
  window.WidgetPlug = { reflowAll: function () {} };
})(jQuery);
""",
    "package.json": json.dumps({"name": "site", "dependencies": {"widgetplug": "^1.0.0"}}),
}


def found(ws, rel="src/page.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1], f["data"].get("type")) for f in symbol_findings(ws, rel)]


def test_runtime_members_are_read_from_jquerys_own_forms():
    """The prototype's literal, `fn.extend`, each loop's list (a split string, an array's items, an object's keys);
    a concatenated name stays unknown; the request objects' names; what the file spells outside comments."""
    fn, request, spelled = runtime_members(JQUERY_JS)
    assert {"jquery", "length", "toArray", "eq", "first", "html", "attr", "removeClass", "show", "find", "on", "blur",
            "focus", "click", "dblclick", "toggle", "hide", "slideDown", "fadeIn", "init"} <= fn
    assert "constructor" not in fn and "innerHeight" not in fn and "Height" not in fn
    assert {"done", "fail", "always", "then", "state", "readyState", "getResponseHeader", "abort"} <= request
    assert "unveils" not in spelled and "inner" in spelled and "selector" in spelled


def test_jquery_receivers_are_calls_of_the_global_chains_and_bindings(tmp_path):
    ws = make_workspace(tmp_path, {**PLUGIN, "src/page.js": """var $modal = $('#modal');
var $items = $modal.find('li');
let moved = $('.a');
moved = null;
$(document).widgetize();
jQuery('.b').eq(0).html('x').widgetize('open');
$('#c').attr('href').length;
$('#d').html().trim();
$.ajax('/url').done(function (resp) { $modal.html(resp); }).fail(function () {});
$items.addTouch();
moved.hide();
other('.x').show();
"""})
    model = ws.service(ObjectModelService).model
    vocab = jquery_vocabulary(model)
    assert vocab is not None and vocab.members["widgetize"] == "JQuery" and vocab.members["addTouch"] == "$.fn"
    assert vocab.members["fadeIn"] == "jQuery.fn"
    doc = ws.document(ws.root / "src/page.js")
    got = sorted((doc.node_text(prop), kind, doc.node_text(obj)) for kind, prop, obj in jquery_receivers(doc, vocab).values())
    assert got == [
        ("addTouch", "jquery", "$items"),
        ("attr", "jquery", "$('#c')"),
        ("done", "request", "$.ajax('/url')"),
        ("eq", "jquery", "jQuery('.b')"),
        ("fail", "request", "$.ajax('/url').done(function (resp) { $modal.html(resp); })"),
        ("find", "jquery", "$modal"),
        ("html", "jquery", "$('#d')"),
        ("html", "jquery", "$modal"),
        ("html", "jquery", "jQuery('.b').eq(0)"),
        ("widgetize", "jquery", "$(document)"),
        ("widgetize", "jquery", "jQuery('.b').eq(0).html('x')"),
    ]  # not `.length` of an attribute's value, `.trim()` of `.html()`'s text, a reassigned binding, another call


def test_near_misses_on_jquery_objects_are_reported(tmp_path):
    ws = make_workspace(tmp_path, {**PLUGIN, "src/page.js": """$(document).widgetizes();
$('#reveal').getWidgetize('open');
$('.tabs').eq(0).widgetise('selectTab');
var $modal = $('#modal');
$modal.htmls('<p>').widgetize('open');
$('selector').createTouch().on('mousemove', drag);
$('.menu').deleteClass('invisible');
$('#slider').shows();
$.ajax('/url').dones(function (resp) {});
"""})
    assert found(ws) == [
        (1, "widgetizes", ["widgetize"], "JQuery"),
        (2, "getWidgetize", ["widgetize"], "JQuery"),
        (3, "widgetise", ["widgetize"], "JQuery"),
        (5, "htmls", ["html"], "jQuery.fn"),
        (6, "createTouch", ["addTouch"], "$.fn"),
        (7, "deleteClass", ["removeClass"], "jQuery.fn"),
        (8, "shows", ["show"], "jQuery.fn"),
        (9, "dones", ["done"], "jqXHR"),
    ]


def test_real_names_own_plugins_and_a_declared_dollar_stay_silent(tmp_path):
    """jQuery's own names (looped ones too), names its runtime spells without defining (`innerHeight`), the
    workspace's own plugin, short names, a reader's value, and any file that declares its own `$`."""
    ws = make_workspace(tmp_path, {**PLUGIN,
                                   "src/plugin.js": "$.fn.widgetizeAll = function () { return this.widgetize(); };\n",
                                   "src/page.js": """$('#a').fadeIn().slideDown().click(go).dblclick(go);
$('#b').innerHeight();
$('#c').widgetizeAll();
$('#d').widgetise2;
$('#e').eqs(0);
$('#f').attr('data-x').widgetizes();
$.ajax('/u').always(done).then(next);
$('#g').widgetizes();
""",
                                   "src/proto.js": """function $(id) { return document.getElementById(id); }
$('menu').widgetizes();
"""})
    assert found(ws) == [(8, "widgetizes", ["widgetize"], "JQuery")]  # (the check is on in this workspace)
    assert found(ws, "src/proto.js") == []


def test_nothing_without_an_installed_jquery(tmp_path):
    files = {k: v for k, v in PLUGIN.items() if not k.startswith("node_modules/jquery/")}
    ws = make_workspace(tmp_path, {**files, "src/page.js": "$(document).widgetizes();\n"})
    assert jquery_vocabulary(ws.service(ObjectModelService).model) is None
    assert [f for f in found(ws) if f[1] == "widgetizes" and f[3] == "JQuery"] == []


def test_nothing_when_the_engine_is_no_jquery_plugin(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/jquery/package.json": PLUGIN["node_modules/jquery/package.json"],
        "node_modules/jquery/dist/jquery.js": JQUERY_JS,
        "node_modules/plainlib/package.json": json.dumps({"name": "plainlib", "version": "1.0.0", "main": "index.js",
                                                          "types": "index.d.ts"}),
        "node_modules/plainlib/index.d.ts": "export declare function widgetize(el: unknown): void;\n",
        "node_modules/plainlib/index.js": "exports.widgetize = function (el) {};\n",
        "package.json": json.dumps({"name": "site", "dependencies": {"plainlib": "^1.0.0"}}),
        "src/page.js": "import { widgetize } from 'plainlib';\nwidgetize($('#a'));\n$('#a').htmls('x');\n"})
    assert jquery_vocabulary(ws.service(ObjectModelService).model) is None
    assert found(ws) == []


def test_with_types_jquery_installed_its_names_count_and_typescript_is_left_to_tsc(tmp_path):
    """@types/jquery installed: every name its typings spell is a member (never reported, `serializeJSON` here
    though the runtime has none), and a TypeScript file is TypeScript's to check (it types `$('#a')` itself)."""
    ws = make_workspace(tmp_path, {
        **PLUGIN,
        "node_modules/@types/jquery/package.json": json.dumps({"name": "@types/jquery", "version": "3.5.0",
                                                               "types": "index.d.ts"}),
        "node_modules/@types/jquery/index.d.ts": """interface JQuery<TElement = HTMLElement> {
    serializeJSON(): object;
}
declare const jQuery: (selector: string) => JQuery;
declare const $: typeof jQuery;
""",
        "src/page.js": "$('#a').serializeJSON();\n$('#b').widgetizes();\n",
        "src/page.ts": "$('#a').widgetizes();\n"})
    vocab = jquery_vocabulary(ws.service(ObjectModelService).model)
    assert vocab is not None and vocab.typed and "serializeJSON" in vocab.names
    assert found(ws) == [(2, "widgetizes", ["widgetize"], "JQuery")]
    assert [f for f in found(ws, "src/page.ts") if f[3] in ("JQuery", "jQuery.fn")] == []


def test_jquery_handed_to_a_function_or_imported_is_jquery(tmp_path):
    """The plugin-style wrapper `(function ($) {...})(jQuery)`, a ready callback's `$`, an import of 'jquery':
    jQuery; a parameter `$` of a function given something else, a local `$` function: not."""
    ws = make_workspace(tmp_path, {**PLUGIN, "src/wrapped.js": """(function ($) {
  $('#a').widgetizes();
})(jQuery);
jQuery(function ($) { $('#b').htmls('x'); });
jQuery(document).ready(function ($) { $('#c').shows(); });
(function ($) { $('#d').widgetizes(); })(Zepto);
function render($) { return $('#e').widgetizes(); }
""", "src/imported.mjs": """import jq from 'jquery';
jq('#f').widgetizes();
"""})
    assert found(ws, "src/wrapped.js") == [(2, "widgetizes", ["widgetize"], "JQuery"), (4, "htmls", ["html"], "jQuery.fn"),
                                         (5, "shows", ["show"], "jQuery.fn")]
    assert found(ws, "src/imported.mjs") == [(2, "widgetizes", ["widgetize"], "JQuery")]
