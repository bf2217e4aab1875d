"""Round 21 (dev, elements21): a web-component package of deep-path JavaScript only, and the DOM's own closed types.

A Lit component library may ship no entry (no `main`, `exports` or `index.js`) and no typings: its modules are
imported by deep path (`import 'pkg/components/dialog/dialog.js'`), each registering its element
(`customElements.define('x-dialog', Dialog)`), with a web-component-analyzer manifest at the package's root
(`custom-elements.json`, `{"tags": [{"name": ..., "properties": [...]}]}`) that its package.json does not point
to. The object model reads no source of it, yet its tags and their members say what an element found by its tag
is; every name its JavaScript spells may be one of its elements' (a method the manifest leaves out). And the
DOM's interfaces no platform type extends are exactly their type (`customElements.defines(...)`), an element
found by selector or id is an `Element` of unknown class whose `HTMLElement` members are typed
(`button.style.dislay`). Small synthetic packages, through the real `unknown-symbol` check."""

from __future__ import annotations

import json

from lsp_server.knowledge.element_receivers import custom_elements
from lsp_server.knowledge.model_sources import platform
from lsp_server.knowledge.model_sources.elements import registrations
from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import make_workspace, symbol_findings

LIT = {
    "node_modules/lit/package.json": json.dumps({"name": "lit", "version": "3.0.0", "types": "index.d.ts"}),
    "node_modules/lit/index.d.ts": "export declare class LitElement extends HTMLElement {\n"
                                   "    requestUpdate(): void;\n}\nexport declare function html(s: any): any;\n",
}
# no main, exports, types or index.js: deep paths only; a manifest at the root its package.json does not name
DEEP = {
    "node_modules/deepkit/package.json": json.dumps({"name": "deepkit", "version": "1.0.0", "type": "module",
                                                     "dependencies": {"lit": "^3"}}),
    "node_modules/deepkit/components/dialog/dialog.js": """import { LitElement } from 'lit';
import { DialogMixin } from '../../mixins/dialog-mixin.js';
class Dialog extends DialogMixin(LitElement) {
  static get properties() { return { titleText: { type: String, attribute: 'title-text' } }; }
  scrollToTopOfContent() {}
}
customElements.define('dk-dialog', Dialog);
""",
    "node_modules/deepkit/mixins/dialog-mixin.js": """export const DialogMixin = superclass => class extends superclass {
  static get properties() { return { opened: { type: Boolean } }; }
  resize() {}
};
""",
    "node_modules/deepkit/components/tooltip/tooltip.js": """import { LitElement } from 'lit';
class Tooltip extends LitElement {}
customElements.define('dk-tooltip', Tooltip);
""",
    "node_modules/deepkit/custom-elements.json": json.dumps({"version": "experimental", "tags": [
        {"name": "dk-dialog", "path": "./components/dialog/dialog.js",
         "properties": [{"name": "titleText", "attribute": "title-text"}, {"name": "opened"}]},
        {"name": "dk-tooltip", "path": "./components/tooltip/tooltip.js",
         "properties": [{"name": "showing"}, {"name": "_internal"}]},
        {"name": "dk-list-item", "path": "./components/list/list-item.js", "properties": [{"name": "label"}]}]}),
}
WORKSPACE = {"package.json": json.dumps({"name": "site", "dependencies": {"deepkit": "^1.0.0", "lit": "^3"}}),
             "src/app.js": "import { html } from 'lit';\nexport const t = html`<p></p>`;\n"}


def found(ws, rel):  # (1-based lines)
    return sorted((f["line"], f["name"], f["data"]["suggestions"][:1], f["data"].get("type"))
                  for f in symbol_findings(ws, rel))


def test_a_root_manifest_of_the_analyzer_s_tags_format_with_the_define_calls_classes(tmp_path):
    """`custom-elements.json` at the root is read though package.json names no manifest; its `tags` format
    gives each tag's public properties, the define calls its class; a tag no call registers is named by itself."""
    ws = make_workspace(tmp_path, {**LIT, **DEEP, **WORKSPACE})
    regs = registrations(ws.root / "node_modules/deepkit")
    assert sorted(regs) == ["dk-dialog", "dk-list-item", "dk-tooltip"]
    assert regs["dk-dialog"].cls == "Dialog"
    assert dict(regs["dk-dialog"].members) == {"titleText": "Dialog", "opened": "Dialog"}
    assert dict(regs["dk-tooltip"].members) == {"showing": "Tooltip"}  # (not `_internal`)
    assert regs["dk-list-item"].cls == "<dk-list-item>"
    model = ws.service(ObjectModelService).model
    assert "deepkit" not in model.modules and "deepkit" in model.package_dirs  # no source of it read
    elements = custom_elements(model)
    assert elements["tags"]["dk-dialog"] == "Dialog" and elements["members"]["opened"] == "Dialog"
    assert {"scrollToTopOfContent", "resize"} <= elements["spelled"]


def test_elements_of_a_deep_path_package_found_by_tag_or_selector(tmp_path):
    """An element found by its tag (a selector, `createElement`), imported or not, is its registered class: a
    near miss of one of its members is reported with it (a 4-letter one too); an element found by id is of
    unknown class, checked against every element member; its real members, a name the package's JavaScript
    spells (a method the manifest lacks) and a name near nothing are not reported."""
    page = """import 'deepkit/components/dialog/dialog.js';
const dialog = document.querySelector('dk-dialog');
dialog.openeds = true;
dialog.opened = !dialog.opened;
dialog.scrollToTopOfContent();
dialog.resize();
dialog.somethingUnrelated = 1;
document.querySelector('dk-dialog').titleTxt = 'Hello';
const tooltip = document.querySelector('#tip');
tooltip.showings = true;
const item = document.createElement('dk-list-item');
item.lael = 'New';
item.label = 'New';
"""
    ws = make_workspace(tmp_path, {**LIT, **DEEP, **WORKSPACE, "src/page.js": page})
    assert found(ws, "src/page.js") == [
        # imported, the package is read as a folder (litjs21): `opened` is its mixin's reactive property
        (3, "openeds", ["opened"], "DialogMixin"),
        (8, "titleTxt", ["titleText"], "Dialog"),
        (10, "showings", ["showing"], "Tooltip"),
        (12, "lael", ["label"], "<dk-list-item>"),
    ]
    # a file importing nothing of it that finds its element by tag uses it too
    ws2 = make_workspace(tmp_path / "b", {**LIT, **DEEP, **WORKSPACE,
                                          "src/bare.js": "const d = document.querySelector('dk-dialog');\n"
                                                         "d.openeds = true;\nd.opened = true;\n"})
    assert found(ws2, "src/bare.js") == [(2, "openeds", ["opened"], "Dialog")]


def test_exact_dom_interfaces_and_elements_of_unknown_class(tmp_path):
    """`customElements.defines(...)`: `CustomElementRegistry` is extended by no platform type, so a mechanical
    near miss of its member is an error though another library (Node's) spells the name; an element found by
    id or class (one, or each of `querySelectorAll`'s) is an `Element` of unknown class: its `HTMLElement`
    members are typed (`style` is a closed `CSSStyleDeclaration`), any other name is left to the vocabulary
    check (never an error)."""
    page = """class XY extends HTMLElement {}
customElements.defines('x-y', XY);
customElements.define('x-z', XY);
customElements.whenDefined('x-z').then(() => {});
const button = document.querySelector('#open');
button.style.dislay = 'none';
button.style.display = 'block';
button.parentNode.removeChild(button);
button.opened = true;
document.getElementById('x').whatever();
const observer = new MutationObserver(() => {});
observer.disconnect();
document.querySelectorAll('.row').forEach(row => row.parentNode.removeChilds(row));
document.querySelectorAll('.row').forEach(row => row.expanded = true);
"""
    ws = make_workspace(tmp_path, {**LIT, **WORKSPACE, "src/page.js": page})
    found_here = [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1])
                  for f in symbol_findings(ws, "src/page.js")]
    assert sorted(found_here) == [(2, "defines", "error", ["define"]), (6, "dislay", "error", ["display"]),
                                  (13, "removeChilds", "error", ["removeChild"])]


def test_exact_types_are_the_dom_interfaces_nothing_extends():
    assert platform.exact_type("CustomElementRegistry") and platform.exact_type("CSSStyleDeclaration")
    assert platform.exact_type("MutationObserver")
    for name in ("Element", "HTMLElement", "Node", "Event", "EventTarget", "Map", "Promise", "NoSuchType"):
        assert not platform.exact_type(name), name
    assert "define" in platform.member_names() and "defines" not in platform.member_names()


def test_an_element_by_id_whose_uses_name_an_engine_class_is_that_class(tmp_path):
    """An element found by id is an `Element` of unknown class only when its uses say nothing more: uses that
    fit one engine element class (`md.marked`, `md.renderMarkdown()`) make it that class, as for any untyped
    value, so a near miss on what its member returns is reported; and no name learns from it that it is an
    `Element` (the examples' naming conventions)."""
    files = {
        "node_modules/mdkit/package.json": json.dumps({"name": "mdkit", "version": "1.0.0", "types": "index.d.ts",
                                                       "main": "index.js"}),
        "node_modules/mdkit/index.d.ts": """export declare class Marked { use(ext: object): this; parse(s: string): string; }
export declare class XMarkdown extends HTMLElement { marked: Marked; renderMarkdown(): void; }
declare global { interface HTMLElementTagNameMap { 'x-markdown': XMarkdown; } }
""",
        "node_modules/mdkit/index.js": "export class Marked {}\nexport class XMarkdown extends HTMLElement {}\n",
        "package.json": json.dumps({"name": "site", "dependencies": {"mdkit": "^1.0.0"}}),
        "src/page.js": """import 'mdkit';
const md = document.getElementById('markdown');
md.marked.getUse({});
md.renderMarkdown();
const container = document.getElementById('container');
container.nextElementSiblings;
""",
    }
    ws = make_workspace(tmp_path, files)
    findings = symbol_findings(ws, "src/page.js")
    got = [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in findings]
    assert (3, "getUse", ["use"]) in got
    assert "`md` looks like a `XMarkdown`" in findings[got.index((3, "getUse", ["use"]))]["message"]
    assert not [f for f in findings if "looks like a `Element`" in f["message"]]
