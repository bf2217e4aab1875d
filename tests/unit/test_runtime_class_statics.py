"""A runtime class's statics that stale typings omit. Hand-written typings give a plugin class as a property typed
by a constructor type (`Accordion: { new(element: JQuery, options?: IAccordionOptions): Accordion; }`), with no
`defaults`; the runtime build has `class Accordion extends Plugin {...}` and `Accordion.defaults = { slideSpeed:
250, multiExpand: false }` (foundation-sites 6.9.0 with its "v6.3.1" typings). A value that constructs the runtime
class `Accordion` is that class, so its runtime statics are members of the constructor type, and the object
literal assigned to the static is a type of its keys: a near miss of a key (`defaults.slidespeed = 500`) is
reported; a key the engine's files or another file of the workspace add to it is not."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPINGS = """
declare module Eng {
  interface Plugin { destroy(): void; }
  interface Accordion extends Plugin { toggle(): void; }
  interface Tabs extends Plugin { selectTab(id: string): void; }
  interface Reveal extends Plugin { open(): void; }
  interface Factory { make(): Accordion; }
  interface EngStatic {
    version: string;
    Accordion: { new(element: any, options?: any): Accordion; };
    Tabs: { new(element: any): Tabs; };
    Reveal: { new(element: any): Reveal; };
    Maker: { new(): Factory; };
  }
}
declare var Eng: Eng.EngStatic;
declare module "eng" { export = Eng; }
"""

RUNTIME = """
class Plugin { destroy() {} }
class Accordion extends Plugin { toggle() {} }
Accordion.defaults = { slideSpeed: 250, multiExpand: false };
class Tabs extends Plugin { selectTab(id) {} }
Tabs.defaults = { linkClass: 'tabs-title' };
Tabs.defaults.deepLink = false;
class Reveal extends Plugin { open() {} }
Reveal.defaults = { animationIn: '' };
$.extend(true, Reveal.defaults, window.RevealDefaults || {});
class Factory { make() { return new Accordion(); } }
const Eng = { version: '1.0', plugin(plugin, name) { this[name] = plugin; } };
Eng.plugin(Accordion, 'Accordion');
Eng.plugin(Tabs, 'Tabs');
Eng.plugin(Reveal, 'Reveal');
export { Eng as default, Accordion, Tabs, Reveal };
"""


def engine(app: dict[str, str]) -> dict[str, str]:
    return {
        "node_modules/eng/package.json": json.dumps({"name": "eng", "version": "1.0.0", "type": "module",
                                                      "main": "eng.js", "types": "eng.d.ts"}),
        "node_modules/eng/eng.d.ts": TYPINGS,
        "node_modules/eng/eng.js": RUNTIME,
        **app,
    }


def test_a_constructor_types_runtime_statics_are_its_members_and_their_object_a_type_of_its_keys(tmp_path):
    ws = make_workspace(tmp_path, engine({"src/app.js": """
        import Eng from 'eng';
        Eng.Accordion.defaults.slideSpeed = 500;
        Eng.Accordion.defaults.multiExpand = true;
        Eng.Accordion.defaults.slidespeed = 500;
        Eng.Accordion.defaults.getMultiExpand = true;
        Eng.Accordion.defaults.myOption = 1;
        new Eng.Accordion(el).toggle();
        Eng.Accordion.defualts.slideSpeed = 1;
    """}))
    found = {(f["name"], f["severity"]): f["data"]["suggestions"][:1] for f in symbol_findings(ws, "src/app.js")}
    # a near miss of a key is the mistake (a get/set-prefixed one written: a warning); a new key written is the
    # code's own (an expando); a near miss of the static itself on the constructor type too
    assert found == {("slidespeed", "error"): ["slideSpeed"], ("getMultiExpand", "warning"): ["multiExpand"],
                     ("defualts", "error"): ["defaults"]}


def test_a_static_object_the_engine_adds_keys_to_stays_open(tmp_path):
    ws = make_workspace(tmp_path, engine({"src/app.js": """
        import Eng from 'eng';
        Eng.Tabs.defaults.linkclass = 'x';
        Eng.Reveal.defaults.animationin = 'x';
        console.log(Eng.Tabs.defaults.anything, Eng.Reveal.defaults.anything);
    """}))
    assert symbol_findings(ws, "src/app.js") == []
    mod = extract_js(tmp_path / "node_modules/eng/eng.js", "eng").modules["eng"]
    assert mod.types["Tabs$defaults"].open and mod.types["Reveal$defaults"].open
    assert not mod.types["Accordion$defaults"].open


def test_a_key_another_workspace_file_writes_is_known_a_near_miss_is_not(tmp_path):
    ws = make_workspace(tmp_path, engine({
        "src/setup.js": """
            import Eng from 'eng';
            Eng.Accordion.defaults.customFlag = true;
            Eng.Accordion.defaults.slidespeed = 1;
        """,
        "src/app.js": """
            import Eng from 'eng';
            console.log(Eng.Accordion.defaults.customFlag);
            console.log(Eng.Accordion.defaults.slidespeed);
            console.log(Eng.Accordion.defaults.unheardOf);
        """}))
    found = {f["name"]: f["data"]["suggestions"][:1] for f in symbol_findings(ws, "src/app.js")}
    assert found == {"slidespeed": ["slideSpeed"], "unheardOf": []}


def test_only_a_runtime_class_made_by_the_constructor_type_lends_its_statics(tmp_path):
    # `Maker` constructs `Factory`, a runtime class with no statics of its own: nothing is added, and the typings'
    # constructor type stays as written (`Eng.Maker.defaults` is unknown)
    ws = make_workspace(tmp_path, engine({"src/app.js": """
        import Eng from 'eng';
        console.log(Eng.Maker.defualts, new Eng.Maker().make().toggle());
    """}))
    assert [f["name"] for f in symbol_findings(ws, "src/app.js")] == ["defualts"]
