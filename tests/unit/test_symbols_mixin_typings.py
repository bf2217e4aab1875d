"""Typings tsc generates from JSDoc for classes composed of mixins (round 20's @lion/ui after its held-out run),
on a tiny synthetic package: reached only through an `exports` subpath pattern with a types condition
(`"./*": {"types": "./dist-types/exports/*"}`, no root entry); each class extends a const whose type is an
intersection of `typeof Base`, `Constructor<Host>` (an alias of a constructor type, in another package) and
`Pick<typeof Host, ...>`, written with import types (`import("../types/HostTypes.js").Host`); a mixin function
whose return type is such an intersection, called in the user's `extends` clause; `this` in the user's subclass."""

from __future__ import annotations

import json

from lsp_server.knowledge.model_sources.dts import extract_dts
from tests.support.symbols_helpers import make_workspace, symbol_findings

DEDUPE = "export declare type Constructor<T> = new (...args: any[]) => T;\n"

BASE = "export class Base {\n    render(): void;\n    protected _node: HTMLElement;\n}\n"

HOST_TYPES = ("import { Constructor } from '@x/dedupe';\n"
              "import { Base } from '../src/Base.js';\n"
              "export declare class FormatHost {\n    static formatOn: string;\n    modelValue: any;\n"
              "    formatter(v: any): string;\n    protected _reflectBack(): void;\n}\n"
              "export declare function FormatImplementation<T extends Constructor<Base>>(superclass: T): "
              "T & Constructor<FormatHost> & Pick<typeof FormatHost, keyof typeof FormatHost>;\n"
              "export type FormatMixin = typeof FormatImplementation;\n")

FIELD = ("import { Base } from './Base.js';\n"
         "declare const Field_base: typeof Base & import(\"@x/dedupe\").Constructor<import(\"../types/HostTypes.js\")"
         ".FormatHost> & Pick<typeof import(\"../types/HostTypes.js\").FormatHost, \"prototype\">;\n"
         "export class Field extends Field_base {\n    clear(): void;\n}\n")

MIXIN = "export const FormatMixin: typeof import(\"../types/HostTypes.js\").FormatImplementation;\n"


def workspace(tmp_path, app: str, field: str = FIELD, more: dict | None = None):
    pkg = {"name": "@x/ui", "type": "module",
           "exports": {"./*": {"types": "./dist-types/exports/*", "default": "./exports/*"}}}
    files = {
        "node_modules/@x/ui/package.json": json.dumps(pkg),
        "node_modules/@x/ui/dist-types/exports/field.d.ts": "export { Field } from '../src/Field.js';\n"
                                                            "export { Base } from '../src/Base.js';\n"
                                                            "export { FormatMixin } from '../src/FormatMixin.js';\n",
        "node_modules/@x/ui/dist-types/src/Field.d.ts": field,
        "node_modules/@x/ui/dist-types/src/Base.d.ts": BASE,
        "node_modules/@x/ui/dist-types/src/FormatMixin.d.ts": MIXIN,
        "node_modules/@x/ui/dist-types/types/HostTypes.d.ts": HOST_TYPES,
        "node_modules/@x/ui/exports/field.js": "export { Field } from '../src/Field.js';\n",
        "node_modules/@x/dedupe/package.json": json.dumps({"name": "@x/dedupe", "types": "index.d.ts"}),
        "node_modules/@x/dedupe/index.d.ts": DEDUPE,
        "package.json": json.dumps({"name": "app", "dependencies": {"@x/ui": "1.0.0"}}),
        "src/app.js": app,
        **(more or {}),
    }
    return make_workspace(tmp_path, files)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_subpath_pattern_reaches_the_typings_and_the_mixin_const_gives_every_part(tmp_path):
    ws = workspace(tmp_path, "import { Field } from '@x/ui/field.js';\n"
                             "const f = new Field();\n"
                             "f.clear();\nf.render();\nf.modelValue = 1;\nf.formatter(1);\n"
                             "f.clearr();\nf.rendre();\nf.modelValu = 2;\nf.formater(1);\n")
    assert found(ws) == [(7, "clearr", ["clear"]), (8, "rendre", ["render"]), (9, "modelValu", ["modelValue"]),
                         (10, "formater", ["formatter"])]


def test_a_part_that_is_not_followed_leaves_the_class_open(tmp_path):
    # `Constructor` here is not an alias of a constructor type: what `new` makes is unknown, nothing is claimed
    field = FIELD.replace("import(\"@x/dedupe\").Constructor", "import(\"../types/HostTypes.js\").Wrapped")
    ws = workspace(tmp_path, "import { Field } from '@x/ui/field.js';\nconst f = new Field();\nf.clear();\n"
                             "f.anything();\n", field=field)
    assert found(ws) == []


def test_the_reader_models_the_const_as_its_parts_bases(tmp_path):
    workspace(tmp_path, "")
    mod = extract_dts(tmp_path / "node_modules/@x/ui/dist-types/exports/field.d.ts", "@x/ui").module("@x/ui")
    base = mod.types["Field_base"]
    assert base.bases == ["Base", "FormatHost"] and not base.open
    assert "Constructor" in mod.types and "FormatHost" in mod.types


def test_this_in_a_user_subclass_sees_the_mixed_in_and_protected_members(tmp_path):
    ws = workspace(tmp_path, "import { Field } from '@x/ui/field.js';\n"
                             "class MyField extends Field {\n"
                             "  connected() {\n"
                             "    this._node.focus();\n"
                             "    this._reflectBack();\n"
                             "    this.modelValue = 1;\n"
                             "    this.own = 2;\n"
                             "    this.own.x;\n"
                             "    this.rendr();\n"
                             "    this._nodee.focus();\n"
                             "    this.reflectBack();\n"
                             "  }\n"
                             "}\n")
    # protected members are the subclass's to use: a near miss names them
    assert found(ws) == [(9, "rendr", ["render"]), (10, "_nodee", ["_node"]), (11, "reflectBack", ["_reflectBack"])]


def test_this_in_a_class_extending_a_mixin_call_has_the_mixin_and_the_argument_members(tmp_path):
    ws = workspace(tmp_path, "import { Base, FormatMixin } from '@x/ui/field.js';\n"
                             "class Mine extends FormatMixin(Base) {\n"
                             "  connected() {\n"
                             "    this.formatter(1);\n"
                             "    this.render();\n"
                             "    this.formater(1);\n"
                             "    this.rendr();\n"
                             "  }\n"
                             "}\n")
    assert found(ws) == [(6, "formater", ["formatter"]), (7, "rendr", ["render"])]


def test_a_near_miss_of_only_a_name_the_subclass_assigns_is_not_claimed(tmp_path):
    # the class may be shown in part: `player` may be set where the fragment does not show, beside `players`
    ws = workspace(tmp_path, "import { Field } from '@x/ui/field.js';\n"
                             "class MyField extends Field {\n"
                             "  connected() {\n"
                             "    this.players = [];\n"
                             "    this.player.x;\n"
                             "  }\n"
                             "}\n")
    assert found(ws) == []


def test_a_pattern_stands_for_each_declaration_file_its_target_matches(tmp_path):
    from lsp_server.knowledge.object_model import _pattern_subpaths

    for rel in ("dist/a.d.ts", "dist/deep/b.d.ts", "dist/c.js", "types/x.d.ts", "dist/node_modules/n/i.d.ts"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("export {};\n")
    root = tmp_path.resolve()
    got = {sub for sub, _ in _pattern_subpaths(root, "*", "./dist/*")}
    # TypeScript maps `pkg/a.js` to `dist/a.d.ts`; no runtime file, nothing of a nested node_modules
    assert got == {"a.js", "a", "deep/b.js", "deep/b"}
    got = {sub: f.name for sub, f in _pattern_subpaths(root, "sub/*.js", "./types/*.d.ts")}
    assert got == {"sub/x.js": "x.d.ts"}
    assert _pattern_subpaths(root, "*", "../outside/*") == []


MIXED_ELEMENT = ("import {{ FormatMixin }} from '@x/ui/field.js';\n"
                 "{root}"
                 "class Mine extends {heritage} {{\n"
                 "  _own() {{ return 1; }}\n"
                 "  connected() {{\n"
                 "    {use};\n"
                 "  }}\n"
                 "}}\n")


def test_this_over_a_mixin_applied_to_an_unread_element_root_sees_the_mixin_s_members(tmp_path):
    """`class X extends OverlayMixin(LitElement)` where `LitElement` is no class the model reads (a docs preset's
    re-export, an undeclared name in a fragment): `this` stays untyped, but the engine's mixin says what it adds
    (its protected members too: the subclass's to use), so a near miss of one, or of the class's own member, that
    no source in reach has is that member misspelled (round 29's weak29: lion's `this._overlayInvokerNode`,
    brightspace's `this._renderPagerContainer()`). A mixin the model cannot read, a root that is no element, a
    name the DOM's elements have and a name near nothing stay silent."""
    apps = {
        "protected": ("import { LitElement } from '@docs/preset';\n", "FormatMixin(LitElement)",
                      "this._reflectBak()"),
        "prefix": ("", "FormatMixin(LitElement)", "this.getModelValue"),
        "own": ("", "FormatMixin(LitElement)", "this._owns()"),
        "fresh": ("", "FormatMixin(LitElement)", "this.somethingElse()"),
        "dom": ("", "FormatMixin(LitElement)", "this.shadowRoot"),
        "unread": ("", "OtherMixin(FormatMixin(LitElement))", "this._reflectBak()"),
        "noroot": ("", "FormatMixin(Thing)", "this._reflectBak()"),
    }
    files = {f"src/{k}.js": MIXED_ELEMENT.format(root=root, heritage=heritage, use=use)
             for k, (root, heritage, use) in apps.items()}
    ws = workspace(tmp_path, files.pop("src/protected.js"), more=files)
    assert found(ws) == [(6, "_reflectBak", ["_reflectBack"])]
    assert found(ws, "src/prefix.js") == [(5, "getModelValue", ["modelValue"])]
    assert found(ws, "src/own.js") == [(5, "_owns", ["_own"])]
    for clean in ("fresh", "dom", "unread", "noroot"):
        assert found(ws, f"src/{clean}.js") == [], clean
