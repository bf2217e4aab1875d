"""The browser platform's own types (`model_sources/platform`: TypeScript's lib.dom, read lazily): the DOM's
globals are typed (`customElements`, `document`, `new IntersectionObserver(...)`), an element found by its tag name is of the class the tag-name
maps give (a package's `declare global { interface HTMLElementTagNameMap {...} }` in a file no export reaches,
then the DOM's own map), a class extending `HTMLElement` is closed over its own members, its bases' and the
platform's, and member types follow (`el.nextElementSibling.addEventListener`). An element found by any other
selector or by id, or typed only as "an element" (`nextElementSibling`), may be a custom element of any class:
a name some type has is never flagged there. Each through the real pipeline on a tiny package."""

from __future__ import annotations

import json

import pytest

from lsp_server.knowledge.model_sources import platform
from tests.support.symbols_helpers import make_workspace, symbol_findings

ENTRY = """export { registerIcons } from "./utilities/icons.js";
"""
ICONS = """export declare function registerIcons(name: string): void;
"""
POPUP = """import { BaseElement } from "../../base.js";
export default class XPopup extends BaseElement {
    active: boolean;
    placement: string;
    reposition(): void;
}
declare global {
    interface HTMLElementTagNameMap {
        'x-popup': XPopup;
    }
}
"""
BASE = """export declare class BaseElement extends HTMLElement {
    readonly updateComplete: Promise<boolean>;
}
"""

CLEAN = """const popup = document.querySelector('x-popup');
popup.active = true;
popup.reposition();
popup.updateComplete.then(() => popup.hasAttribute('active'));
popup.setAttribute('placement', 'top');
popup.nextElementSibling.addEventListener('click', () => {});
popup.nextElementSibling.placement = 'top';
popup.nextElementSibling.reposition();
popup.setHTMLUnsafe('<b>x</b>');
const made = document.createElement('x-popup');
made.placement = 'top';
customElements.whenDefined('x-popup').then(() => {});
document.querySelectorAll('x-popup').forEach(p => p.reposition());
const other = document.querySelector('.x-popup');
other.opened = true;
other.toggleOpen();
const byId = document.getElementById('popup');
byId.reposition();
byId.somethingElse();
const div = document.createElement('div');
div.align = 'left';
div.closest('x-popup').placement = 'top';
const observer = new IntersectionObserver(entries => {});
observer.observe(div);
observer.disconnect();
document.querySelector('x-popup[placement="top"]').reposition();
document.querySelector('div.wrap').reposition();
"""

MUTANTS = """const popup = document.querySelector('x-popup');
popup.actives;
popup.repositon();
popup.nextElementSibling.addEventListeners('click', () => {});
customElements.whenDefineds('x-popup');
document.querySelectorAlls('.x');
document.createElement('div').nextElementSiblings;
document.querySelectorAll('x-popup').forEach(p => p.repositions());
new IntersectionObserver(() => {}).obesrve(popup);
document.querySelector('.wrap > x-popup[placement="top"]').repositon();
"""


def dom_workspace(tmp_path, app: str):
    return make_workspace(tmp_path, {
        "node_modules/xel/package.json": json.dumps({"name": "xel", "types": "dist/index.d.ts"}),
        "node_modules/xel/dist/index.d.ts": ENTRY,
        "node_modules/xel/dist/utilities/icons.d.ts": ICONS,
        "node_modules/xel/dist/base.d.ts": BASE,
        "node_modules/xel/dist/components/popup/popup.d.ts": POPUP,
        "package.json": json.dumps({"name": "app", "dependencies": {"xel": "1.0.0"}}),
        "src/app.js": "import 'xel';\n" + app,
    })


def flagged(ws) -> dict[tuple[int, str], list[str]]:
    return {(f["line"], f["name"]): (f["data"] or {}).get("suggestions", []) for f in symbol_findings(ws, "src/app.js")}


def test_real_members_of_dom_values_and_elements_found_by_tag_are_never_flagged(tmp_path):
    assert flagged(dom_workspace(tmp_path, CLEAN)) == {}


def test_invented_members_on_dom_globals_and_elements_found_by_tag_are_reported(tmp_path):
    found = flagged(dom_workspace(tmp_path, MUTANTS))
    assert set(found) == {(3, "actives"), (4, "repositon"), (5, "addEventListeners"), (6, "whenDefineds"),
                          (7, "querySelectorAlls"), (8, "nextElementSiblings"), (9, "repositions"),
                          (10, "obesrve"), (11, "repositon")}
    assert found[(3, "actives")][:1] == ["active"]
    assert found[(4, "repositon")][:1] == ["reposition"]
    assert found[(5, "addEventListeners")][:1] == ["addEventListener"]
    assert found[(6, "whenDefineds")][:1] == ["whenDefined"]
    assert found[(7, "querySelectorAlls")][:1] == ["querySelectorAll"]
    assert found[(10, "obesrve")][:1] == ["observe"]


def test_a_class_extending_html_element_suggests_the_platforms_members(tmp_path):
    found = flagged(dom_workspace(tmp_path, "document.querySelector('x-popup').hasAttibute('x');\n"))
    assert found == {(2, "hasAttibute"): found[(2, "hasAttibute")]}
    assert found[(2, "hasAttibute")][:1] == ["hasAttribute"]


def test_the_generated_platform_data_is_the_doms():
    assert platform.globals_()["customElements"] == "CustomElementRegistry"
    assert platform.globals_()["document"] == "Document"
    assert "window" not in platform.globals_()  # the global object: any script's global is its property
    assert {"HTMLElement", "Element", "HTMLElementTagNameMap", "NodeListOf"} <= platform.type_names()
    assert not {"Promise", "Array"} & platform.type_names()  # the ECMAScript lib is not the DOM's
    assert {"IntersectionObserver", "MutationObserver", "URL"} <= platform.constructors()
    assert "Image" not in platform.constructors()  # `new Image()` makes an HTMLImageElement


def test_comments_are_stripped_and_strings_kept():
    text = 'interface A {\n    /** doc with "quote */\n    a: "//not a comment"; // trailing\n\n    b(): void;\n}\n'
    assert platform.strip_comments(text) == 'interface A {\n    a: "//not a comment";\n    b(): void;\n}\n'


def test_the_tag_a_selector_certainly_matches():
    assert platform.selector_tag("div") == "div"
    assert platform.selector_tag('.demo > wa-switch[name="a b"]:not(.x, .y)') == "wa-switch"
    # a built-in tag with more conditions may be a customized built-in (a subclass); other subjects: unknown
    assert [platform.selector_tag(s) for s in ("div.x", ".cls", "#id", "[open]", "wa-a, wa-b", "wa-a .x")] == \
        [None] * 6


def test_a_pick_of_a_dom_type_has_the_picked_members_only(tmp_path):
    """`interface jqXHR extends Pick<XMLHttpRequest, "abort" | "status">`: XMLHttpRequest's other members
    (`DONE`) are not its own, so `Done` is a near miss of `done` alone."""
    ws = make_workspace(tmp_path, {
        "node_modules/req/package.json": json.dumps({"name": "req", "types": "index.d.ts"}),
        "node_modules/req/index.d.ts": 'export interface Req extends Pick<XMLHttpRequest, "abort" | "status"> {\n'
                                       '    done(cb: () => void): this;\n}\nexport declare function ajax(): Req;\n',
        "src/app.js": "import { ajax } from 'req';\najax().abort();\najax().status;\najax().Done(() => {});\n",
    })
    found = flagged(ws)
    assert list(found) == [(4, "Done")]
    assert found[(4, "Done")] == ["done"]


def test_the_platform_parse_is_not_charged_to_the_document_that_asks_first(monkeypatch):
    """The DOM's module is read once per process, the first time a check needs it (~1 s of CPU): inside that
    check's time limit (0.75 s by default) it must neither time out, leaving that document with no findings, nor
    be cut short; the document's own limit resumes after it."""
    from lsp_server import queries

    monkeypatch.setattr(platform, "_module", None)
    with queries.time_limit(0.001):
        assert "Element" in platform.module().types
        with pytest.raises(queries.AnalysisTimeout):  # the document's own work is still bounded
            while True:
                queries.check_time()
