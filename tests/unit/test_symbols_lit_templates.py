"""Round 20 (dev, littemplates20): web components registered at run time and used through Lit `html` templates.

A component package whose typings register no tag (`export {}` for its side-effect define modules) says which
class a tag is in its custom-elements manifest and in its `customElements.define` calls. A template's listener
gets an event whose `target` is the element the binding sits on (or a descendant), whose `parentElement` is the
enclosing element, and which `querySelector('#id')` finds by its id. Small synthetic packages, through the real
`unknown-symbol` check."""

from __future__ import annotations

import json

from lsp_server.document import ParsedDocument
from lsp_server.knowledge.element_receivers import custom_elements, element_receivers_in, tag_members
from lsp_server.knowledge.model_sources.elements import define_calls, registrations
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.syntax.templates import templates
from tests.support.symbols_helpers import make_workspace, symbol_findings

# a Lit-style package: an element class in its typings, registered only by a define module (typed `export {}`)
# and by its manifest; a second element only the manifest describes (members and all)
STEPS = {
    "node_modules/stepkit/package.json": json.dumps({
        "name": "stepkit", "version": "1.0.0", "type": "module", "customElements": "custom-elements.json",
        "dependencies": {"lit": "^3.0.0"},
        "exports": {".": {"types": "./dist/index.d.ts", "default": "./index.js"},
                    "./define/*": {"types": "./dist/define/*", "default": "./define/*"}}}),
    "node_modules/stepkit/index.js": "export { SkStep } from './src/step.js';\n",
    "node_modules/stepkit/src/step.js": "export class SkStep extends HTMLElement { next() {} }\n",
    "node_modules/stepkit/dist/index.d.ts": "export { SkStep } from './step.js';\n",
    "node_modules/stepkit/dist/step.d.ts": """export declare class SkStep extends HTMLElement {
    status: string;
    passesCondition(): boolean;
    next(): void;
}
""",
    "node_modules/stepkit/define/sk-step.js": "import { SkStep } from '../index.js';\n"
                                              "customElements.define('sk-step', SkStep);\n",
    "node_modules/stepkit/dist/define/sk-step.d.ts": "export {};\n",
    "node_modules/stepkit/define/sk-upload.js": "import { SkUpload } from '../upload.js';\n"
                                                "customElements.define('sk-upload', SkUpload);\n",
    "node_modules/stepkit/custom-elements.json": json.dumps({"schemaVersion": "1.0.0", "modules": [
        {"kind": "javascript-module", "path": "src/upload.js", "declarations": [
            {"kind": "class", "name": "SkUpload", "customElement": True, "tagName": "sk-upload",
             "superclass": {"name": "SkField"},
             "members": [{"kind": "field", "name": "uploadResponse"}, {"kind": "method", "name": "clearFiles"},
                         {"kind": "field", "name": "_queue", "privacy": "protected"},
                         {"kind": "field", "name": "styles", "static": True}]},
            {"kind": "class", "name": "SkField",
             "members": [{"kind": "field", "name": "modelValue"}]}]},
        {"kind": "javascript-module", "path": "define/sk-upload.js", "exports": [
            {"kind": "custom-element-definition", "name": "sk-upload",
             "declaration": {"name": "SkUpload", "module": "/upload.js"}}]}]}),
}
MANIFEST = {"package.json": json.dumps({"name": "site", "dependencies": {"stepkit": "^1.0.0"}})}


def found(ws, rel="src/page.js"):  # (1-based lines)
    return sorted((f["line"], f["name"], f["data"]["suggestions"][:1], f["data"].get("type"))
                  for f in symbol_findings(ws, rel))


def test_registrations_come_from_the_manifest_and_the_define_calls(tmp_path):
    """The manifest's definitions with their classes' public instance members (a superclass the manifest
    declares too; not protected ones, not statics); a define call's tag the manifest lacks, with its class."""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": "import 'stepkit/define/sk-step.js';\n"})
    found_regs = registrations(ws.root / "node_modules/stepkit")
    assert sorted(found_regs) == ["sk-step", "sk-upload"]
    assert found_regs["sk-step"].cls == "SkStep" and found_regs["sk-step"].members == ()
    assert dict(found_regs["sk-upload"].members) == {"uploadResponse": "SkUpload", "clearFiles": "SkUpload",
                                                    "modelValue": "SkField"}
    elements = custom_elements(ws.service(ObjectModelService).model)
    assert elements["tags"]["sk-upload"] == "SkUpload" and elements["tags"]["sk-step"] == "SkStep"
    assert elements["members"]["uploadResponse"] == "SkUpload"


def test_define_calls_are_read_only_in_component_packages(tmp_path):
    """A package with no manifest that depends on no element base is not searched for define calls; one that
    depends on lit is."""
    files = {"node_modules/plain/package.json": json.dumps({"name": "plain", "version": "1.0.0"}),
             "node_modules/plain/x.js": "customElements.define('p-x', PX);\n",
             "node_modules/litty/package.json": json.dumps({"name": "litty", "version": "1.0.0",
                                                            "dependencies": {"lit": "^3"}}),
             "node_modules/litty/x.js": "customElements.define('l-x', LX);\n"}
    ws = make_workspace(tmp_path, files)
    assert registrations(ws.root / "node_modules/plain") == {}
    assert sorted(registrations(ws.root / "node_modules/litty")) == ["l-x"]


def test_define_calls_are_read_as_calls():
    doc = ParsedDocument.create("file:///d.js", "customElements.define('a-b', AB);\n"
                                                "window.customElements.define(\"c-d\", CD);\n"
                                                "registry.define('e-f', EF);\ncustomElements.define('nodash', X);\n"
                                                "customElements.define(tag, Y);\n")
    assert sorted(define_calls(doc)) == [("a-b", "AB"), ("c-d", "CD")]


def test_templates_are_tokenized_with_their_holes():
    """Elements with their parents and static attributes; each attribute-value hole bound to its element and
    attribute; a comment, a raw-text element, a void element and an unclosed tag do not confuse the nesting."""
    src = """const t = html`<x-form id="f"><!-- <y-fake @a=${a}> --><input .value=${v}>
  <button type=button @click="${b}" ?disabled=${d}>go ${label}</button><style>p > a { }</style>
  <p><x-item id=one @change=${c}></x-item></x-form>`;"""
    doc = ParsedDocument.create("file:///t.js", src)
    (t,) = templates(doc)
    assert [(e.tag, e.parent.tag if e.parent else None) for e in t.elements] == [
        ("x-form", None), ("input", "x-form"), ("button", "x-form"), ("style", "x-form"), ("p", "x-form"),
        ("x-item", "p")]
    assert t.elements[0].attributes == {"id": "f"} and t.elements[5].attributes["id"] == "one"
    bound = sorted((doc.source[start:start + 1].decode(), e.tag, attr) for start, (e, attr) in t.bindings.items())
    assert bound == [("b", "button", "@click"), ("c", "x-item", "@change"), ("d", "button", "?disabled"),
                     ("v", "input", ".value")]


def test_listener_targets_are_the_template_elements(tmp_path):
    """`ev.target` of a template listener (an arrow, a named function, a method, a destructured `target`), its
    `parentElement`, and `querySelector('#id')` are elements; each is known as the template's element."""
    src = """function onOpened(ev) { state.opened = ev.target.opened; }
class Demo extends LitElement {
  onChange(e) { return e.currentTarget.modelValue; }
  render() {
    return html`<sk-step id="s1"><button @click=${ev => ev.target.parentElement.next()}>go</button></sk-step>
      <sk-upload @removed=${({ target }) => target.uploadResponse} @opened=${onOpened} @change=${this.onChange}>
      </sk-upload>
      <button @click=${() => this.shadowRoot.querySelector('#s1').next()}>next</button>`;
  }
}
"""
    doc = ParsedDocument.create("file:///p.js", src)
    nodes, known, events = element_receivers_in(doc)
    tags = {doc.node_text(n): known[n.child_by_field_name("property").start_byte].tag for n in nodes
            if n.child_by_field_name("property").start_byte in known}
    assert tags == {"ev.target.opened": "sk-upload", "e.currentTarget.modelValue": "sk-upload",
                    "ev.target.parentElement.next": "sk-step", "ev.target.parentElement": "button",
                    "target.uploadResponse": "sk-upload", "this.shadowRoot.querySelector('#s1').next": "sk-step"}
    assert events == []  # (no member of an event itself here)


def test_misspelt_members_on_template_elements_are_reported(tmp_path):
    """On a registered tag's element (its class from the model or the manifest) and a DOM tag's, a near miss of
    one of its members is reported with that member; its real members, a custom event's `detail` (open) and a
    name near nothing are not."""
    page = """import { html } from 'lit';
import 'stepkit/define/sk-step.js';
export const demo = () => html`
  <sk-upload @file-removed=${ev => { ev.target.uploadResponse = []; ev.target.uploadRespons = []; }}
             @changed=${ev => console.log(ev.detail.anything, ev.target.modelValue, ev.target.clearFile())}>
  </sk-upload>
  <sk-step><button @click=${ev => ev.target.parentElement.passesConditon()}>go</button></sk-step>
  <button @click=${ev => ev.target.getDisabled()}>x</button>
  <sk-step id="only"></sk-step>
  <button @click=${() => document.querySelector('#only').nextt()}>y</button>
  <button @click=${ev => ev.currentTarget.blur()}>z</button>`;
"""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": page})
    assert found(ws) == [
        (4, "uploadRespons", ["uploadResponse"], "SkUpload"),
        (5, "clearFile", ["clearFiles"], "SkUpload"),
        (7, "passesConditon", ["passesCondition"], "SkStep"),
        (8, "getDisabled", ["disabled"], "HTMLButtonElement"),
        (10, "nextt", ["next"], "SkStep"),
    ]


def test_a_listener_s_event_itself_is_a_dom_event(tmp_path):
    """`ev.getDetail`, `ev.Detail` on a listener's event (a template's or addEventListener's) are near misses of
    the DOM's event members; `ev.detail.x`, `ev.preventDefault()` and a same-named parameter of another function
    are not reported."""
    page = """import { html } from 'lit';
import 'stepkit/define/sk-step.js';
el.addEventListener('click', ev => ev.preventDefaults());
export const demo = () => html`<sk-upload @changed=${ev => console.log(ev.getDetail, ev.detail.newFilez)}>
  </sk-upload><button @click=${e => e.preventDefault()}>x</button>`;
function other(ev) { return ev.getDetail; }
"""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": page})
    assert found(ws) == [(3, "preventDefaults", ["preventDefault"], "Event"),
                         (4, "getDetail", ["detail"], "CustomEvent")]


def test_tag_members_close_on_the_registered_class_or_the_dom_interface(tmp_path):
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": "import 'stepkit/define/sk-step.js';\n"})
    model = ws.service(ObjectModelService).model
    cls, members = tag_members(model, "sk-upload")
    assert cls == "SkUpload" and {"uploadResponse", "modelValue", "click", "hidden"} <= set(members)
    cls, members = tag_members(model, "button")
    assert cls == "HTMLButtonElement" and {"disabled", "form", "click"} <= set(members)
    assert tag_members(model, "no-such") is None


def test_functions_returning_elements_and_lit_refs(tmp_path):
    """A call of a file's function that returns an element on every path is one (`getStep(ev).nextt()`); one
    that may return something else is not. Lit's `${ref(stepRef)}` on an element makes `stepRef.value` that
    element, directly and as a parameter's default."""
    page = """import { html } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import 'stepkit/define/sk-step.js';
function getStep(ev) { return ev.target.parentElement.querySelector('.step'); }
function maybe(x) { if (x) return x.items; return document.querySelector('.step'); }
const stepRef = createRef();
const update = (status, step = stepRef.value) => { step.passesConditon(); };
export const demo = () => html`
  <div><sk-step class="step" ${ref(stepRef)}></sk-step>
  <button @click=${ev => getStep(ev).nextt()}>go</button></div>
  <button @click=${() => maybe(1).nextt()}>no</button>`;
"""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": page})
    assert found(ws) == [(7, "passesConditon", ["passesCondition"], "SkStep"),
                         (10, "nextt", ["next"], "SkStep")]
    doc = ParsedDocument.create("file:///r.js", "html`<input ${ref(a)} ${spread} .value=${v}>`;")
    (t,) = templates(doc)
    assert [(doc.source[s:s + 6].decode(), e.tag) for s, e in t.element_holes.items()] == [("ref(a)", "input"),
                                                                                          ("spread", "input")]


def test_a_listener_s_target_is_the_element_when_the_event_s_type_is_only_guessed(tmp_path):
    """An engine type whose members fit the event parameter's uses (`detail`, `target`) makes the analysis guess
    `ev` is one; a name missing on that guessed `target`, which the type check drops (a name like none of the
    guess's members), is still the element check's: `ev.target` is the element the listener sits on, and a near
    miss of its members is reported; its real members are not."""
    typings = STEPS["node_modules/stepkit/dist/index.d.ts"] + (
        "export type OnPickEvent = Event & { target: { value?: string; modelValue?: string };"
        " detail?: { initialize: boolean } };\n")
    page = """import { html } from 'lit';
import 'stepkit/define/sk-step.js';
export const demo = () => html`
  <sk-upload @file-removed=${ev => {
    ev.target.uploadResponse = [...ev.target.uploadResponse, ev.detail.uploadResponse];
    ev.target.uploadRespons.push(ev.detail.name);
  }}></sk-upload>`;
"""
    ws = make_workspace(tmp_path, {**STEPS, "node_modules/stepkit/dist/index.d.ts": typings, **MANIFEST,
                                   "src/page.js": page})
    assert found(ws) == [(6, "uploadRespons", ["uploadResponse"], "SkUpload")]


def test_this_in_a_class_extending_an_element_is_an_element(tmp_path):
    """`this` in the instance members of a file's class extending `LitElement` (or mixins of the engine applied to
    it) is an element: a read that is a near miss of an element member (the DOM's `setAttribute`) is reported.
    Not a write the file reads back (the class's own new field), not its own declared names, not `this` of a static member or of a
    nested `function`, not a class extending a mixin no import of the engine binds, or another base."""
    page = """import { html, LitElement } from 'lit';
import { SomeMixin } from 'other-lib';
import 'stepkit/define/sk-step.js';
class MyPanel extends LitElement {
  static properties = { open: { type: Boolean } };
  constructor() { super(); this.open = false; this.getOpen = 1; }
  connectedCallback() { super.connectedCallback(); this.setAtribute('role', 'tab'); }
  render() { return html`${this.open} ${this.getOpen} ${this.myOwn}`; }
  static helper() { return this.setAtribute; }
  later() { return function () { return this.setAtribute; }; }
}
class Other extends SomeMixin(LitElement) { m() { this.setAtribute('a', 'b'); } }
class Plain extends Base { m() { this.setAtribute('a', 'b'); } }
"""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": page})
    assert found(ws) == [(7, "setAtribute", ["setAttribute"], "Element")]


def test_a_write_on_this_in_an_element_class_that_the_file_never_reads_back_is_checked(tmp_path):
    """`this.hiden = true` in an element class's instance member, `hiden` read nowhere in the file: no new field of
    the class (nothing reads it), but the element's `hidden` misspelt, which the element never reads. A field the
    file writes and reads back (its own), a written-only name like no element member (the user's own), and a
    write in a class of a base no import of the engine binds stay silent."""
    page = """import { html, LitElement } from 'lit';
import { SomeMixin } from 'other-lib';
import 'stepkit/define/sk-step.js';
class MyPanel extends LitElement {
  constructor() { super(); this.hiden = true; this.myCache = {}; this.titel = 'a'; }
  toggle() { this.hiden = !this.hidden; }
  render() { return html`${this.titel}`; }
}
class Other extends SomeMixin(LitElement) { m() { this.tabIndx = 1; } }
"""
    ws = make_workspace(tmp_path, {**STEPS, **MANIFEST, "src/page.js": page})
    assert found(ws) == [(5, "hiden", ["hidden"], "Element"), (6, "hiden", ["hidden"], "Element")]
