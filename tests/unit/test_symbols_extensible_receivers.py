"""Issue 17, round 35: a member read on a receiver of an extensible engine type. Gluegun's toolbox is declared
`interface GluegunToolbox extends GluegunEmptyToolbox { print: GluegunPrint; parameters: GluegunParameters; ... }`
beside `interface GluegunEmptyToolbox { [key: string]: any }`: the index signature is there for what extensions
add at run time (`toolbox.hello = () => ...` in an extension, `toolbox.hello()` in a command), so TypeScript
accepts any name on it, `toolbox.prnt` too. Such a type (a string index signature of `any`/`unknown`, open by
nothing else, whose declared members are mostly tools: methods or objects of the engine's types) now has a
near miss of one of its tools reported, as on a typed receiver (a plain slip: case, number, an accessor prefix,
a short typo; `suggest.plain_variant`), unless something makes the name real: the workspace writes it
(`kit.prnt = ...`, `Object.assign(kit, { prnt })`), the engine's docs use it, a type in reach has it. A
dictionary of other values (`[key: string]: Printer`), a settings bag (few tools), an empty `any` map, a value
member (`name: string`) or a type open by an unknown base stays silent. Also on a union or an intersection of
such types (a convention's several classes)."""

from __future__ import annotations

from lsp_server.knowledge import suggest as sg
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace, symbol_findings

TYPES = """export interface Printer { info(message: string): void; warn(message: string): void; }
export interface Params { first?: string; second?: string; }
export interface Meta { version(): string; }
export interface EmptyKit { [key: string]: any; }
export interface Kit extends EmptyKit {
  print: Printer;
  parameters: Params;
  system: Printer;
  meta: Meta;
  name: string;
}
export declare class OtherKit { [x: string]: any; print: Printer; parameters: Params; system: Printer; meta: Meta; }
export interface Shelf { [key: string]: Printer; print: Printer; parameters: Params; system: Printer; meta: Meta; }
export interface Settings { [key: string]: any; debug?: boolean; verbose?: boolean; color?: string; print: Printer; }
export interface Wide extends EmptyKit, Missing { print: Printer; parameters: Params; system: Printer; meta: Meta; }
export declare function run(command: (kit: Kit) => void): void;
export declare function kitOf(name: string): Kit | OtherKit;
export declare function kitBoth(): Kit & OtherKit;
export declare function shelf(): Shelf;
export declare function settings(): Settings;
export declare function table(): Record<string, any>;
export declare function wide(): Wide;
"""

HEAD = "import { run, kitOf, kitBoth, shelf, settings, table, wide } from 'kit';\n"


def workspace(tmp_path, files: dict[str, str], shipped: dict[str, str] | None = None):
    return package_workspace(tmp_path, "kit", TYPES, files, shipped)


def command(body: str) -> str:
    """A command typed by JSDoc, as a gluegun command module is: `body` is its line 4 on."""
    return HEAD + "/** @param {import('kit').Kit} kit */\nfunction hello(kit) {\n" + body + "}\nrun(hello);\n"


def test_a_slip_of_a_tool_on_an_extensible_receiver_is_reported_with_the_tool_meant(tmp_path):
    ws = workspace(tmp_path, {
        "src/typo.js": command("  kit.prnt.info('hi')\n"),
        "src/case.js": command("  kit.Parameters.first\n"),
        "src/prefix.js": command("  kit.getSystem.info('x')\n"),
        "src/number.js": command("  kit.metas.version()\n"),
        "src/long.js": command("  kit.paramters.first\n"),
        "src/real.js": command("  kit.print.info('hi')\n  kit.meta.version()\n  kit.name\n"),
    })
    assert flags_with_first_suggestion(ws, "src/typo.js") == [(4, "prnt", ["print"])]
    assert flags_with_first_suggestion(ws, "src/case.js") == [(4, "Parameters", ["parameters"])]
    assert flags_with_first_suggestion(ws, "src/prefix.js") == [(4, "getSystem", ["system"])]
    assert flags_with_first_suggestion(ws, "src/number.js") == [(4, "metas", ["meta"])]
    assert flags_with_first_suggestion(ws, "src/long.js") == [(4, "paramters", ["parameters"])]
    assert flags_with_first_suggestion(ws, "src/real.js") == []


def test_the_finding_names_the_index_signature_and_stays_a_warning(tmp_path):
    ws = workspace(tmp_path, {"src/typo.js": command("  kit.prnt.info('hi')\n")})
    [found] = symbol_findings(ws, "src/typo.js")
    assert found["severity"] == "warning"
    assert "`EmptyKit`'s `[key: string]: any`" in found["message"]
    assert "`print` (`Kit.print`)" in found["message"]
    assert found["data"]["fix"]["edits"][0]["text"] == "print"


def test_on_a_typescript_parameter_declared_with_the_type_too(tmp_path):
    # TypeScript accepts `kit.prnt` there (the index signature): not left to it
    ws = workspace(tmp_path, {"src/hello.ts": "import type { Kit } from 'kit';\n"
                              "export function hello(kit: Kit) {\n  kit.prnt.info('hi');\n}\n"})
    assert flags_with_first_suggestion(ws, "src/hello.ts") == [(3, "prnt", ["print"])]
    assert [f["name"] for f in symbol_findings(ws, "src/hello.ts", typescript_service=True)] == ["prnt"]


def test_on_a_union_or_an_intersection_of_extensible_types(tmp_path):
    ws = workspace(tmp_path, {
        "src/union.js": HEAD + "const kit = kitOf('a');\nkit.prnt.info('x');\nkit.print.info('y');\n",
        "src/both.js": HEAD + "const kit = kitBoth();\nkit.prnt.info('x');\nkit.Parameters.first;\nkit.hello;\n",
    })
    assert flags_with_first_suggestion(ws, "src/union.js") == [(3, "prnt", ["print"])]
    assert flags_with_first_suggestion(ws, "src/both.js") == [(3, "prnt", ["print"]), (4, "Parameters", ["parameters"])]


def test_a_name_the_workspace_adds_to_such_an_object_is_real(tmp_path):
    ws = workspace(tmp_path, {
        # an extension adds `prnt`, another `Object.assign`s `metas`: the commands' reads of them are real
        "src/extensions/prnt.js": "module.exports = (kit) => {\n  kit.prnt = (m) => kit.print.info(m);\n};\n",
        "src/extensions/metas.js": "module.exports = (kit) => {\n  Object.assign(kit, { metas: [] });\n};\n",
        "src/commands/hello.js": command("  kit.prnt('hi')\n  kit.metas.length\n"),
        # the file's own write, then a read of it; a write is never the finding
        "src/commands/own.js": command("  kit.sytem = kit.system\n  kit.sytem.info('x')\n  kit.Print = 1\n"),
    })
    assert flags_with_first_suggestion(ws, "src/commands/hello.js") == []
    assert flags_with_first_suggestion(ws, "src/commands/own.js") == []


def test_a_name_the_engines_docs_use_on_it_is_real(tmp_path):
    body = command("  kit.prnt('hi')\n")
    docs = {"docs/extensions.md": "# Extensions\n\n```js\nmodule.exports = (toolbox) => {\n"
                                  "  toolbox.prnt = (m) => toolbox.print.info(m)\n}\n```\n"}
    assert flags_with_first_suggestion(workspace(tmp_path / "bare", {"src/hello.js": body}), "src/hello.js") == \
        [(4, "prnt", ["print"])]
    assert flags_with_first_suggestion(workspace(tmp_path / "docs", {"src/hello.js": body}, docs),
                                       "src/hello.js") == []


def test_dictionaries_settings_bags_value_members_and_unknown_bases_stay_silent(tmp_path):
    ws = workspace(tmp_path, {
        # the same members, but the index signature holds Printers: a dictionary of the user's keys
        "src/shelf.js": HEAD + "const s = shelf();\ns.prnt.info('x');\n",
        # one tool beside settings: a bag of values
        "src/settings.js": HEAD + "const s = settings();\ns.prnt.info('x');\n",
        # an `any` map with no member
        "src/bag.js": HEAD + "const t = table();\nt.prnt.info('x');\n",
        # a slip of a value member (`name: string`): may be another key of the user's
        "src/value.js": command("  kit.nme\n"),
        # open by an unknown base as well: that base may have the name
        "src/wide.js": HEAD + "const w = wide();\nw.prnt.info('x');\n",
    })
    for rel in ("src/shelf.js", "src/settings.js", "src/bag.js", "src/value.js", "src/wide.js"):
        assert flags_with_first_suggestion(ws, rel) == [], rel


def test_plain_variant_names_the_slip_and_nothing_else():
    assert sg.plain_variant("prnt", "print") == "typo"
    assert sg.plain_variant("paramters", "parameters") == "typo"
    assert sg.plain_variant("seocnd", "second") == "typo"  # two letters swapped
    assert sg.plain_variant("Parameters", "parameters") == "case"
    assert sg.plain_variant("default_command", "defaultCommand") == "case"
    assert sg.plain_variant("getSystem", "system") == "accessor"
    assert sg.plain_variant("prints", "print") == "number"
    assert sg.plain_variant("whiches", "which") == "number"
    assert sg.plain_variant("option", "options") == "number"
    assert sg.plain_variant("refresh", "update") is None  # a synonym
    assert sg.plain_variant("printer", "print") is None  # two letters more on a short name: another word
    assert sg.plain_variant("lt", "gt") is None  # a short name's typo
    assert sg.plain_variant("pramtrs", "parameters") is None  # three letters missing
    assert sg.plain_variant("print", "print") is None
