"""A web-component library that ships no typings (round 21's @brightspace-ui/core after its held-out run), on a
tiny synthetic package: plain ESM JavaScript imported by file path (`"type": "module"`, no `main`, `exports` or
index file), Lit reactive properties declared as keys of `static get properties()` / `static properties`, and
mixins written as arrow functions returning class expressions (`superclass => class extends B(superclass)`, one
wrapped in a `dedupeMixin` call, one a function declaration), applied in the user's `extends` clause over a
base class that a typed package declares (`LitElement`)."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings

LIT = ("export declare class LitElement {\n  requestUpdate(): void;\n  render(): unknown;\n"
       "  updated(changed: Map<string, unknown>): void;\n}\n"
       "export declare class Controller {\n  attach(): void;\n}\n")

FOCUS = ("export const FocusMixin = superclass => class extends superclass {\n"
         "  static get properties() {\n    return { focused: { type: Boolean, reflect: true } };\n  }\n"
         "  focusFirst() {}\n"
         "};\n")

DEDUPE = "export const dedupeMixin = mixin => mixin;\n"

FORM = ("import { dedupeMixin } from '../helpers/dedupe.js';\n"
        "import { FocusMixin } from '../mixins/focus-mixin.js';\n"
        "export const FormMixin = dedupeMixin((superclass) => class extends FocusMixin(superclass) {\n"
        "  static properties = { invalid: { type: Boolean }, name: { type: String } };\n"
        "  constructor() { super(); this._errors = []; }\n"
        "  get validity() { return this._validity; }\n"
        "  requestValidate(show) { this._validity = show; }\n"
        "  setFormValue(v) {}\n"
        "});\n")

CLASSIC = ("export function ClassicMixin(superclass) {\n"
           "  return class extends superclass {\n    classicMethod() {}\n  };\n}\n")

# a mixin over a base of another package, which nothing here reads: its members are unknown
OPEN = ("import { localizeBase } from 'other-intl/lib/localize.js';\n"
        "export const LocalizeMixin = superclass => class extends localizeBase(superclass) {\n"
        "  localizeHTML(term) {}\n"
        "};\n")


# a mixin over a mixin of another package without typings, imported by file path (that file is read too)
INTL = ("export const intlBase = (superclass = class {}) => class extends superclass {\n"
        "  localize(term) {}\n"
        "};\n")
TRANSLATED = ("import { intlBase } from '@x/intl/lib/intl.js';\n"
              "export const TranslatedMixin = superclass => class extends intlBase(superclass) {\n"
              "  localizeHTML(term) {}\n"
              "};\n")


def workspace(tmp_path, app: str):
    files = {
        "node_modules/litish/package.json": json.dumps({"name": "litish", "types": "index.d.ts"}),
        "node_modules/litish/index.d.ts": LIT,
        "node_modules/@x/els/package.json": json.dumps({"name": "@x/els", "version": "1.0.0", "type": "module"}),
        "node_modules/@x/els/mixins/focus-mixin.js": FOCUS,
        "node_modules/@x/els/helpers/dedupe.js": DEDUPE,
        "node_modules/@x/els/form/form-mixin.js": FORM,
        "node_modules/@x/els/mixins/classic.js": CLASSIC,
        "node_modules/@x/els/mixins/localize.js": OPEN,
        "node_modules/@x/els/mixins/translated.js": TRANSLATED,
        "node_modules/@x/intl/package.json": json.dumps({"name": "@x/intl", "type": "module", "main": "lib/n.js"}),
        "node_modules/@x/intl/lib/n.js": "export const n = 1;\n",
        "node_modules/@x/intl/lib/intl.js": INTL,
        "package.json": json.dumps({"name": "app", "dependencies": {"@x/els": "1.0.0", "litish": "1.0.0"}}),
        "src/app.js": app,
    }
    return make_workspace(tmp_path, files)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


HEAD = ("import { LitElement } from 'litish';\n"
        "import { FormMixin } from '@x/els/form/form-mixin.js';\n"
        "import { ClassicMixin } from '@x/els/mixins/classic.js';\n"
        "import { LocalizeMixin } from '@x/els/mixins/localize.js';\n")


def test_reactive_properties_of_a_user_class_are_its_members(tmp_path):
    # round 21's false positive: `this.invalid` declared in `static get properties()` but nowhere assigned
    ws = workspace(tmp_path, HEAD +
                   "class Radio extends LitElement {\n"                                      # 5
                   "  static get properties() {\n"
                   "    return { checked: { type: Boolean }, invalid: { type: Boolean }, _data: { state: true } };\n"
                   "  }\n"
                   "  render() {\n"                                                          # 9
                   "    const invalid = this.invalid ? 'true' : 'false';\n"
                   "    return [this.checked, this._data, invalid];\n"
                   "  }\n"
                   "  updated() { this.requestUpdat(); }\n"                                  # 13
                   "}\n"
                   "class Field extends LitElement {\n"                                      # 15
                   "  static properties = { label: { type: String } };\n"
                   "  render() { return this.label + this.lable; }\n"                        # 17
                   "}\n")
    # a near miss of a property the class declares names it (of one it only assigns, nothing: see below)
    assert found(ws) == [(13, "requestUpdat", ["requestUpdate"]), (17, "lable", ["label"])]


def test_this_in_a_class_over_javascript_mixins_has_every_link_of_the_chain(tmp_path):
    ws = workspace(tmp_path, HEAD +
                   "class MyForm extends FormMixin(LitElement) {\n"                          # 5
                   "  static get properties() { return { _val: { type: String } }; }\n"
                   "  constructor() { super(); this._own = 1; }\n"
                   "  helper() {}\n"
                   "  updated(changed) {\n"                                                  # 9
                   "    super.updated(changed);\n"
                   "    this.setFormValue(this._val + this._own + this.name);\n"
                   "    this.requestValidate(this.invalid && this.focused && this.validity);\n"
                   "    this.focusFirst(); this.helper(); this.requestUpdate(); this._errors.push(1);\n"
                   "    this.requestValidat(true);\n"                                        # 14
                   "    this.setFormValu(1);\n"                                              # 15
                   "    this.focusd;\n"                                                      # 16
                   "  }\n"
                   "}\n"
                   "class Classic extends ClassicMixin(LitElement) {\n"                      # 19
                   "  render() { this.classicMethod(); this.clasicMethod(); }\n"             # 20
                   "  _onBlur() {}\n"
                   "  firstUpdated() {\n"
                   "    this._onBlr(); this.rendr(); this._own2 = 1;\n"                     # 23
                   "    this._onw2; this._valu;\n"                                          # 24
                   "  }\n"
                   "}\n")
    # its own method is named (`_onBlr`); a near miss of a name the class only assigns is not claimed (`_onw2`)
    assert found(ws) == [(14, "requestValidat", ["requestValidate"]), (15, "setFormValu", ["setFormValue"]),
                         (16, "focusd", ["focused"]), (20, "clasicMethod", ["classicMethod"]),
                         (23, "_onBlr", ["_onBlur"]), (23, "rendr", ["render"])]


def test_a_field_the_class_only_assigns_new_instances_of_one_class_is_that_instance(tmp_path):
    ws = workspace(tmp_path, "import { LitElement, Controller } from 'litish';\n"
                             "class C extends LitElement {\n"
                             "  connectedCallback() {\n"
                             "    if (!this._ctl) this._ctl = new Controller(); else this._ctl = null;\n"
                             "    this._ctl.attach(); this._ctl.atach();\n"                       # 5
                             "    this._mixed = new Controller();\n"
                             "    this._mixed.atach();\n"                                         # 7
                             "    function later() { this._mixed = 1; }\n"
                             "    this._other = new Controller(); this._other = {};\n"
                             "    this._other.atach();\n"                                         # 10
                             "  }\n"
                             "  disconnectedCallback() { this._ctl.atach(); }\n"                  # 12
                             "}\n")
    # `_mixed` is written by another function's `this` too, `_other` assigned something else: both untyped
    assert found(ws) == [(5, "atach", ["attach"]), (12, "atach", ["attach"])]


def test_a_mixin_of_another_package_imported_by_file_path_closes_the_chain(tmp_path):
    ws = workspace(tmp_path, "import { LitElement } from 'litish';\n"
                             "import { TranslatedMixin } from '@x/els/mixins/translated.js';\n"
                             "class T extends TranslatedMixin(LitElement) {\n"
                             "  render() { this.localize('a'); this.localizeHTML('b'); this.localiz('c'); }\n"
                             "}\n")
    assert found(ws) == [(4, "localiz", ["localize"])]


def test_a_chain_with_an_unknown_link_is_silent(tmp_path):
    ws = workspace(tmp_path, HEAD +
                   "class Local extends LocalizeMixin(LitElement) {\n"
                   "  render() { return this.localizeHTML('a') + this.localizHTML('b') + this.requestUpdat(); }\n"
                   "}\n"
                   "class Unknown extends FormMixin(SomeBase) {\n"
                   "  render() { this.requestValidat(true); }\n"
                   "}\n")
    # no member check claims the class's members: at most the vocabulary check's warning that no type in
    # reach has the name (`FormMixin.requestValidate` is a near miss)
    got = symbol_findings(ws, "src/app.js")
    assert not [f for f in got if "has no member" in f["message"]]
    assert [(f["line"], f["name"]) for f in got] == [(9, "requestValidat")] and "no type in reach" in got[0]["message"]


def test_the_reader_models_each_mixin_as_a_class_over_the_mixins_it_applies(tmp_path):
    workspace(tmp_path, "")
    mod = extract_js(tmp_path / "node_modules/@x/els", "@x/els").module("@x/els")
    form = mod.types["FormMixin"]
    assert form.bases == ["FocusMixin"] and not form.open
    assert {m.name for m in form.members} >= {"invalid", "name", "_errors", "validity", "requestValidate"}
    assert mod.types["FocusMixin"].bases == [] and "focused" in {m.name for m in mod.types["FocusMixin"].members}
    assert mod.values["FormMixin"].type == "T & FormMixin" and mod.values["FormMixin"].params == ["superclass: T"]
    assert mod.values["ClassicMixin"].type == "T & ClassicMixin"
    assert mod.types["LocalizeMixin"].bases == ["localizeBase"]
    # a reactive property's `type:` converter gives its type
    assert next(m for m in form.members if m.name == "invalid").type == "boolean"


def test_a_mixin_names_the_mixins_it_applies_a_class_keeps_its_base_as_written(tmp_path):
    (tmp_path / "a.js").write_text("import { A, B } from './m.js';\n"
                                   "export const C = base => class extends A(B(base)) {};\n"
                                   "export class Dialog extends A(B(LitElement)) {}\n"
                                   "export default Dialog;\n")
    (tmp_path / "b.js").write_text("export default class Other extends make().Base {}\n")
    mod = extract_js(tmp_path, "pkg").module("pkg")
    # the nearest mixin last: it wins over the ones it extends
    assert mod.types["C"].bases == ["B", "A"]
    # typings beside a runtime build say what `A(B(LitElement))` makes: the build's class keeps it as written
    assert mod.types["Dialog"].bases == ["A(B(LitElement))"]
    assert mod.types["Other"].bases == ["make().Base"]
    # two files' default exports: which one an import means, the folder does not say
    assert "default" not in mod.exports


def test_the_files_imported_by_path_are_read_as_sources_are(tmp_path):
    import os

    from lsp_server.knowledge.model_sources.base import ReadLimits
    from lsp_server.knowledge.object_model import _file_path_imports

    workspace(tmp_path, "")
    pkg = tmp_path / "node_modules/@x/els"
    os.mkfifo(pkg / "mixins/pipe.js")  # never opened for a read that waits on a writer
    (pkg / "mixins/big.js").write_text("import { n } from '@x/intl/lib/n.js';\n" + "//" * 600 + "\n")
    got = _file_path_imports("@x/els", pkg, ReadLimits(max_bytes=1000, roots=(tmp_path.resolve(),)))
    # the file over the size bound is not read: `lib/n.js` is imported by it alone
    assert [spec for spec, _ in got] == ["@x/intl/lib/intl.js"]
    outside = _file_path_imports("@x/els", pkg, ReadLimits(roots=((tmp_path / "src").resolve(),)))
    assert outside == []  # files outside the roots are not read


def test_a_javascript_mixin_s_underscored_members_are_the_subclass_s_to_use(tmp_path):
    """JavaScript has no `protected`: a mixin's `_x` members (which its reader marks private) are what a subclass
    uses on `this` (round 29's weak29: brightspace's `this._renderPagerContainer()` in a `PageableMixin(LitElement)`
    subclass), so a near miss of one is that member misspelled, over a base the model reads (`this` typed) or an
    element root it cannot (a fragment's undeclared `LitElement`: `this` untyped, the mixin's members still known).
    A name near none of them stays silent."""
    body = ("  render() {\n"
            "    this._errors.push(1);\n"                                                     # 4 (+ head)
            "    {use};\n"
            "  }\n"
            "}\n")
    typed = HEAD + "class A extends FormMixin(LitElement) {\n" + body
    fragment = "import { FormMixin } from '@x/els/form/form-mixin.js';\n" \
               "class A extends FormMixin(LitElement) {\n" + body
    ws = workspace(tmp_path, typed.replace("{use}", "this._erors.push(2)"))
    assert found(ws) == [(8, "_erors", ["_errors"])]
    ws = workspace(tmp_path / "fragment", fragment.replace("{use}", "this._validty"))
    assert found(ws) == [(5, "_validty", ["_validity"])]
    ws = workspace(tmp_path / "clean", fragment.replace("{use}", "this._somethingElse"))
    assert found(ws) == []
