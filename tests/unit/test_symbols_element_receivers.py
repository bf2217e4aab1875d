"""Round 18 (dev, domvocab18): a custom-element engine's API reached through the DOM, on a minimal web component
package through the real `unknown-symbol` check. An element found by a selector that is no tag name is an element
of unknown subclass: a name no type in reach has that is a near miss of a DOM element member or of one of the
engine's element classes' members is reported; real names, expandos and writes of names near nothing are not."""

from __future__ import annotations

import json

from lsp_server.knowledge.element_receivers import custom_elements, element_receivers
from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import make_workspace, symbol_findings

# tsc's declarations of two Lit-style elements: one registered by tag name, one only extending a registered one's
# base (as a form control missing from the tag map); the package's entry is the side-effect module users import.
WIDGETS = {
    "node_modules/widgetkit/package.json": json.dumps({"name": "widgetkit", "version": "1.0.0", "type": "module",
                                                        "types": "dist/index.d.ts", "module": "dist/index.js"}),
    "node_modules/widgetkit/dist/index.d.ts": "export { default as WkBase } from './base.js';\n",
    "node_modules/widgetkit/dist/index.js": "export { default as WkBase } from './base.js';\n",
    "node_modules/widgetkit/dist/base.d.ts": """export default class WkBase extends HTMLElement {
    dir: string;
    connectedCallback(): void;
}
""",
    "node_modules/widgetkit/dist/base.js": "export default class WkBase extends HTMLElement {}\n",
    "node_modules/widgetkit/dist/components/dialog/dialog.d.ts": """import WkBase from '../../base.js';
export default class WkDialog extends WkBase {
    private readonly localize;
    static css: string;
    open: boolean;
    withoutHeader: boolean;
    requestClose(source?: Element): void;
    get modalLabel(): string;
}
declare global {
    interface HTMLElementTagNameMap {
        'wk-dialog': WkDialog;
    }
}
""",
    "node_modules/widgetkit/dist/components/slider/slider.d.ts": """import WkBase from '../../base.js';
export default class WkSlider extends WkBase {
    valueFormatter: (value: number) => string;
    stepUp(): void;
}
""",
}
MANIFEST = {"package.json": json.dumps({"name": "site", "dependencies": {"widgetkit": "^1.0.0"}})}


def found(ws, rel="src/page.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1], f["data"].get("type")) for f in symbol_findings(ws, rel)]


def test_element_receivers_are_dom_lookups_and_what_holds_them(tmp_path):
    """What counts as an element of unknown subclass: lookups, the element links, collection items, an element
    listener's `event.target`, each directly or through a binding; not a binding also given something else."""
    ws = make_workspace(tmp_path, {"src/page.js": """const dialog = document.querySelector('.dialog');
const button = dialog.nextElementSibling;
document.getElementById('x').hidden = true;
for (const item of menu.children) item.remove();
document.querySelectorAll('li').forEach(li => li.click());
button.addEventListener('click', event => event.target.focus());
let other = document.querySelector('.a');
other = 5;
other.toFixed();
const plain = settings.value;
plain.trim();
const panels = document.querySelectorAll('.panel');
[...panels].forEach((panel, i) => panel.toggleAttribute('hidden', i > 0));
Array.from(panels).map(tab => tab.id);
function show(page) { return page.title; }
const page = document.querySelector('.page');
"""})
    doc = ws.document(ws.root / "src/page.js")
    receivers = sorted({doc.node_text(n.child_by_field_name("object")) for n in element_receivers(doc)})
    assert receivers == ["button", "dialog", "document.getElementById('x')", "event.target", "item", "li", "panel",
                         "tab"]


def test_custom_elements_are_read_from_the_engine_s_typings(tmp_path):
    """Tag names from `HTMLElementTagNameMap`; element classes registered there or extending the registered ones'
    bases; their public instance members (not private ones, not statics) with the class that declares them."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.js": "import 'widgetkit';\n"})
    elements = custom_elements(ws.service(ObjectModelService).model)
    assert elements["tags"] == {"wk-dialog": "WkDialog"}
    members = elements["members"]
    assert members["open"] == "WkDialog" and members["modalLabel"] == "WkDialog"
    assert members["valueFormatter"] == "WkSlider" and members["connectedCallback"] == "WkBase"
    assert "localize" not in members and "css" not in members


# a package with no tag map: its entry exports a helper only; the element class lives in a file nothing imports
TOGGLES = {
    "node_modules/togglekit/package.json": json.dumps({"name": "togglekit", "version": "1.0.0", "type": "module",
                                                        "types": "dist/index.d.ts", "module": "dist/index.js"}),
    "node_modules/togglekit/dist/index.d.ts": "export declare function ready(): Promise<void>;\n",
    "node_modules/togglekit/dist/index.js": "export function ready() { return Promise.resolve(); }\n",
    "node_modules/togglekit/dist/toggle/toggle.d.ts": """export declare class TkToggle extends HTMLElement {
    static get validators(): string[];
    get validators(): string[];
    checked: boolean;
    private busy;
    flip(): void;
}
""",
    "node_modules/togglekit/dist/util/clock.d.ts": "export declare class Clock {\n    tickRate: number;\n}\n",
}


def test_element_classes_no_export_reaches_are_read_into_the_model(tmp_path):
    """The `.d.ts` reader also reads a package's files that declare an element class (one extending
    `HTMLElement`, a registered class or a registered class's base) beside its typings entry, as it reads the
    tag-map files: the class is in the model and its public instance members (an instance accessor beside a
    static one of the same name too) are element members; a file of other classes is not read."""
    ws = make_workspace(tmp_path, {**TOGGLES, "package.json": json.dumps(
        {"name": "site", "dependencies": {"togglekit": "^1.0.0"}}), "src/page.js": "import 'togglekit';\n"})
    model = ws.service(ObjectModelService).model
    assert model.find_type("togglekit", "TkToggle") is not None
    assert model.find_type("togglekit", "Clock") is None
    members = custom_elements(model)["members"]
    assert {n: members.get(n) for n in ("checked", "flip", "validators")} == \
        {"checked": "TkToggle", "flip": "TkToggle", "validators": "TkToggle"}
    assert "busy" not in members and "tickRate" not in members
    # the one in the tag-map package: the slider, in no tag map and imported by nothing, is the model's too
    ws2 = make_workspace(tmp_path / "w2", {**WIDGETS, **MANIFEST, "src/page.js": "import 'widgetkit';\n"})
    assert ws2.service(ObjectModelService).model.find_type("widgetkit", "WkSlider") is not None


def test_near_misses_on_elements_are_reported_with_the_member_meant(tmp_path):
    """In a project that depends on a custom-element package, a file that imports nothing: near misses of the
    DOM's element members and of the engine's element members are reported; each is a warning with its
    did-you-mean and owner."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.js": """const dialog = document.querySelector('.dialog');
const opener = dialog.nextElementSiblings;
opener.addEventListener('click', () => (dialog.opens = true));
dialog.getOpen;
document.querySelector('#volume').valueFormater = value => `${value}%`;
dialog.setAttributes('label', 'Hi');
dialog.requstClose();
"""})
    assert found(ws) == [(2, "nextElementSiblings", ["nextElementSibling"], "Element"),
                         (3, "opens", ["open"], "WkDialog"), (4, "getOpen", ["open"], "WkDialog"),
                         (5, "valueFormater", ["valueFormatter"], "WkSlider"),
                         (6, "setAttributes", ["setAttribute"], "Element"),
                         (7, "requstClose", ["requestClose"], "WkDialog")]
    assert all(f["severity"] == "warning" for f in symbol_findings(ws, "src/page.js"))


def test_real_names_expandos_and_writes_near_nothing_stay_silent(tmp_path):
    """The element members themselves, the platform's names, an expando written and read back (even a near
    miss: the file's own name), a write of a name near no member, the workspace's own element's members, and
    receivers that are no element: nothing."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.js": """const dialog = document.querySelector('.dialog');
dialog.open = true;
dialog.withoutHeader = false;
dialog.requestClose();
dialog.opens = 1;
console.log(dialog.opens);
dialog.myCounter = 3;
dialog.modalLabels.length;
const model = store.current;
model.opens = true;
""", "src/own.js": """export class MyCard extends HTMLElement {
  get modalLabels() { return []; }
}
"""})
    assert found(ws) == []


def test_an_engine_without_elements_does_not_check_elements(tmp_path):
    """A DOM-touching engine that defines no custom element (a canvas library): its files' element receivers are
    no concern of the check, whatever they are written with."""
    ws = make_workspace(tmp_path, {
        "node_modules/canvaskit/package.json": json.dumps({"name": "canvaskit", "types": "index.d.ts",
                                                            "main": "index.js"}),
        "node_modules/canvaskit/index.d.ts": "export declare class Stage { constructor(el: HTMLElement); draw(): void; }\n",
        "node_modules/canvaskit/index.js": "export class Stage { draw() {} }\n",
        "src/page.js": """import { Stage } from 'canvaskit';
const container = document.getElementById('container');
container.nextElementSiblings;
new Stage(container).draw();
"""})
    assert found(ws) == []


def test_a_file_that_spells_a_tag_name_uses_the_engine(tmp_path):
    """`customElements.whenDefined('wk-dialog')`, a selector by tag: the engine's vocabulary check runs on a file
    that imports nothing, in a project whose other files import other packages (the engine is modelled through
    its own import elsewhere)."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/main.js": "import 'widgetkit';\n",
                                   "src/page.js": """await customElements.whenDefined('wk-dialog');
const d = document.querySelector('wk-dialog');
d.requestClosed();
"""})
    assert found(ws) == [(3, "requestClosed", ["requestClose"], "WkDialog")]


def test_a_receiver_used_as_an_element_is_one_in_its_own_scope(tmp_path):
    """A parameter the file gives an element's own member (`svg.setAttribute`, `svg.querySelectorAll`) is an element
    in that function: a near miss on it is reported; the same name in another function, given no element member,
    and a name a declaration binds to something else are not."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.js": """registerIcons({
  mutator: svg => {
    svg.setAttribute('fill', 'currentColor');
    svg.setAtribute('stroke', 'none');
  },
  resolver: svg => svg.nmae,
});
const config = loadConfig();
config.classList;
config.hiden;
"""})
    assert found(ws) == [(4, "setAtribute", ["setAttribute"], "Element")]


def test_typescript_types_its_lookups_itself(tmp_path):
    """In TypeScript a lookup's result is typed (`Element`, `querySelector<WkDialog>(...)`) and tsc reports a name
    its type lacks: the element check leaves TypeScript files to it; the same lines in JavaScript are reported."""
    source = "const dialog = document.querySelector('.dialog');\ndialog.nextElementSiblings;\n"
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.ts": source, "src/page.js": source})
    assert found(ws, "src/page.ts") == []
    assert found(ws, "src/page.js") == [(2, "nextElementSiblings", ["nextElementSibling"], "Element")]


def test_dom_element_members_come_from_the_platform_module():
    """The DOM's element vocabulary is read from the platform's module (lib.dom through the `.d.ts` reader): the
    element interfaces' own members and their bases' and mixins'; no other interface's (a document's)."""
    from lsp_server.knowledge.element_receivers import dom_element_members
    from lsp_server.knowledge.model_sources import platform

    members = dom_element_members()
    assert {"setAttribute", "nextElementSibling", "addEventListener", "onclick", "valueAsNumber", "getBBox",
            "append", "textContent"} <= members
    assert "createElement" not in members and "constructor" not in members
    assert {m.name for m in platform.module().types["HTMLElement"].members} <= members


def test_an_element_s_parent_node_is_an_element(tmp_path):
    """`item.parentNode` of an element is an element (or a document or fragment, whose own members are the
    platform's names): a near miss of an element member on it is reported; a document's own name is not."""
    ws = make_workspace(tmp_path, {**WIDGETS, **MANIFEST, "src/page.js": """document.addEventListener('list-clear', e => {
  const items = e.target.querySelectorAll('wk-item');
  items.forEach(item => item.parentNode.removeChilds(item));
  items.forEach(item => item.parentNode.getElementById('x'));
});
"""})
    assert found(ws) == [(3, "removeChilds", ["removeChild"], "Element")]
