"""A name the engine's examples give an open type (issue 17, round 35): a CLI kit handed to every command as one
object, `kit`, declared as an interface with a string index signature beside its declared tools (`interface Kit
extends EmptyKit { parameters: Params; print: Print }`, `interface EmptyKit { [key: string]: any }`: extensions add
members at run time), and a class implementing it with the same members (`class RunKit extends BaseKit implements
Kit`). The docs' TypeScript blocks write `(kit: Kit)`, others reach a `RunKit`: the name's convention is their
union, whose arms are both open. Before, a convention typed a receiver only when its type(s) were closed, so a
command's `kit.parameters.firsts` (an invented member of a declared tool, reached through the kit) was never
looked at, while the same chain under a JSDoc `@param {Kit} kit` was. Now:

- a convention whose type is open types a receiver whose uses fit the type's declared members as a closed one's
  must (at most one other name, plainly a variant of a declared one): an inference, a warning with its evidence;
- a union convention with an open arm types it by the arm whose every declared member each other arm declares
  alike (same kind, signature and module), the type TypeScript reads those members on the union with; arms that
  disagree on a member type nothing;
- the open type's own other names are never reported by the model (it is open)."""

from __future__ import annotations

from lsp_server.knowledge.model_sources.platform import PLATFORM
from lsp_server.knowledge.naming import ensure_conventions
from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import package_workspace, symbol_findings

TYPES = """export interface Options {
    [key: string]: any;
}
export interface Params {
    first?: string;
    second?: string;
    options: Options;
}
export interface Print {
    info(message: string): void;
    warning(message: string): void;
}
export interface System {
    run(command: string): Promise<string>;
    which(command: string): string | null;
}
export interface EmptyKit {
    [key: string]: any;
}
export interface Kit extends EmptyKit {
    parameters: Params;
    print: Print;
    system: System;
}
export declare class BaseKit implements EmptyKit {
    [x: string]: any;
    parameters?: Params;
    print?: Print;
}
export declare class RunKit extends BaseKit implements Kit {
    parameters: Params;
    print: Print;
    system: System;
}
export declare function run(handler: (kit: Kit) => void): void;
export type Linked<Fns> = {
    [K in keyof Fns]: () => string;
};
export declare function link<Fns>(fns: Fns): { symbols: Linked<Fns> };
export declare function create(): RunKit;
"""

# the same class, but one tool typed otherwise than the interface types it: the two disagree
DIFFERENT = TYPES.replace("""export declare class RunKit extends BaseKit implements Kit {
    parameters: Params;""", """export interface OtherParams {
    firsts?: string;
}
export declare class RunKit extends BaseKit implements Kit {
    parameters: OtherParams;""")

# the interface closed (no index signature), the class open and declaring one tool more
CLOSED_INTERFACE = TYPES.replace("export interface Kit extends EmptyKit {", "export interface Kit {").replace(
    """    system: System;
}
export declare function""", """    system: System;
    prints: Print;
}
export declare function""")


def docs(kit_blocks: int, run_kit_blocks: int) -> dict[str, str]:
    blocks = ["import { Kit } from 'kit';\nexport const go = async (kit: Kit) => {\n  kit.print.info('hi');\n};"]
    blocks = blocks * kit_blocks
    blocks += ["import { create } from 'kit';\nconst kit = create();\nkit.print.info('hi');"] * run_kit_blocks
    fences = "\n\n".join(f"```{'ts' if 'Kit }' in b else 'js'}\n{b}\n```" for b in blocks)
    return {"README.md": f"# kit\n\n{fences}\n"}


COMMAND = """module.exports = {
  name: 'x',
  run: async (kit) => {
    kit.parameters.firsts
    const { print, system } = kit
    print.infoo('x')
    await system.run('ls')
  },
}
"""


def workspace(tmp_path, files: dict[str, str], types: str = TYPES, kit_blocks: int = 3, run_kit_blocks: int = 2):
    return package_workspace(tmp_path, "kit", types, {
        "src/uses.js": "const { run } = require('kit');\nrun((k) => k.print.info('x'));\n", **files,
    }, docs(kit_blocks, run_kit_blocks))


def convention(ws, name: str) -> tuple:
    conv = ensure_conventions(ws.service(ObjectModelService).model)[name]
    return conv.kind, conv.target


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_union_of_open_types_that_agree_types_the_receiver(tmp_path):
    """`Kit | RunKit` (3 and 2 examples): the class declares every member of the interface alike, so a command's
    `kit` is a `Kit`: its tools, read or destructured, are typed and their invented members reported as
    warnings. Fails before (a union convention with an open arm typed nothing: no finding)."""
    ws = workspace(tmp_path, {"src/command.js": COMMAND})
    assert convention(ws, "kit") == ("union", (("kit", "Kit"), ("kit", "RunKit")))
    assert found(ws, "src/command.js") == [(4, "firsts", "warning", ["first"]), (6, "infoo", "warning", ["info"])]
    message = symbol_findings(ws, "src/command.js")[0]["message"]
    assert "`Kit | RunKit` `kit`" in message  # the evidence names the convention


def test_an_undeclared_receiver_is_typed_so_too(tmp_path):
    """A README fragment's undeclared `kit` (no parameter): the same convention."""
    ws = workspace(tmp_path, {"src/fragment.js": "kit.system.rnu('ls')\nkit.print.warning('careful')\n"})
    assert found(ws, "src/fragment.js") == [(1, "rnu", "warning", ["run"])]


def test_the_open_types_own_names_are_never_reported(tmp_path):
    """What an extension adds to the kit (`kit.hello`) is real: the type is open. Beside a declared tool's real
    member nothing is reported, and a file whose other uses do not fit the declared members is not typed at
    all (two names the type does not declare, neither a variant of a declared one)."""
    ws = workspace(tmp_path, {
        "src/extension.js": "module.exports = (kit) => {\n  kit.greeting = 'hi'\n  kit.print.info(kit.greeting)\n}\n",
        "src/command.js": "module.exports = async (kit) => {\n  kit.hello()\n  kit.parameters.first\n}\n",
        "src/other.js": "module.exports = async (kit) => {\n  kit.hello()\n  kit.goodbye()\n  kit.print.infoo('x')\n}\n",
    })
    assert found(ws, "src/extension.js") == []
    assert found(ws, "src/command.js") == []
    assert found(ws, "src/other.js") == []


def test_arms_that_disagree_on_a_member_type_nothing(tmp_path):
    """`RunKit.parameters` an `OtherParams`, `Kit.parameters` a `Params`: which one a `kit` holds decides what
    `kit.parameters` has, so neither arm types it (`firsts` is real on one of them)."""
    ws = workspace(tmp_path, {"src/command.js": COMMAND}, types=DIFFERENT)
    assert found(ws, "src/command.js") == []


def test_a_closed_arm_beside_an_open_one_types_nothing(tmp_path):
    """`Kit` closed, `RunKit` open and declaring `prints` too: typed as the closed `Kit`, a command's `kit.prints`
    (a `RunKit`'s real tool) would be reported; the open `RunKit` declares a tool `Kit` lacks, so it is no type
    both are. Neither is taken, and nothing on `kit` is typed."""
    ws = workspace(tmp_path, {"src/command.js": "module.exports = async (kit) => {\n  kit.prints.info('x')\n"
                                                "  kit.system.rnu('ls')\n}\n"}, types=CLOSED_INTERFACE)
    assert convention(ws, "kit") == ("union", (("kit", "Kit"), ("kit", "RunKit")))
    assert found(ws, "src/command.js") == []


def test_a_convention_of_one_open_type_types_the_receiver(tmp_path):
    """Every example a `Kit` (an "inst" convention of an open type): the receiver is a `Kit` when its uses fit.
    Fails before (`by_convention` typed only a closed type)."""
    ws = workspace(tmp_path, {"src/command.js": COMMAND}, run_kit_blocks=0)
    assert convention(ws, "kit") == ("inst", ("kit", "Kit"))
    assert found(ws, "src/command.js") == [(4, "firsts", "warning", ["first"]), (6, "infoo", "warning", ["info"])]
    assert "`Kit` `kit`" in symbol_findings(ws, "src/command.js")[0]["message"]


def test_a_dictionary_member_stays_unchecked(tmp_path):
    """`kit.parameters.options` is an `Options`, a string index signature only: any name on it is a key of the
    user's data, even one spelled like an engine member (`warnin`, near `Print.warning`: no vocabulary guess).
    Fails without `_dictionary` (the typed chain made the dictionary an open engine receiver)."""
    ws = workspace(tmp_path, {"src/command.js": "module.exports = async (kit) => {\n"
                                                "  kit.parameters.options.warnin\n  kit.parameters.first\n}\n"})
    assert found(ws, "src/command.js") == []


def test_a_mapped_type_over_the_callers_keys_is_no_dictionary(tmp_path):
    """`Linked<Fns>`, a mapped type over a type parameter's keys (`link({ getPatch: ... }).symbols`), is read as an
    open type with no member, like a dictionary; but its names are those of the caller's object, which the file
    writes, so it stays an open engine receiver for the vocabulary check (bun-types' `lib.symbols.getPtch()` lost
    its finding to a `_dictionary` that ignored type parameters)."""
    from lsp_server.knowledge.types import _dictionary

    ws = workspace(tmp_path, {})
    model = ws.service(ObjectModelService).model
    assert _dictionary(model, ("kit", "Options"))
    assert not _dictionary(model, ("kit", "Linked"))
    assert not _dictionary(model, ("kit", "Kit"))  # open, but with declared members
    # the platform's (an element's `dataset`) are left to the vocabulary check as before (webawesome's
    # `button.dataset.getPage` stays reported)
    assert model.type((PLATFORM, "DOMStringMap")) is not None
    assert not _dictionary(model, (PLATFORM, "DOMStringMap"))


def test_a_slip_of_a_tool_as_the_receivers_one_use_is_reported(tmp_path):
    """A command whose one use of its `kit` is a tool misspelt (`kit.prints.info(...)`, `kit.getSystem`), in a
    file that shows the engine nowhere else (no import, no other engine member): the name's convention is the
    engine's sign, and the extensible type's near-miss rule reports the slip. Fails before (such a file had no
    sign of the engine, so its receivers were never looked at). A name no tool is near (`kit.hello()`, what an
    extension adds) stays quiet."""
    ws = workspace(tmp_path, {
        "src/plural.js": "module.exports = {\n  run: async kit => {\n    kit.prints.info('hi')\n  },\n}\n",
        "src/prefix.js": "module.exports = async function (kit) {\n  kit.getSystem.run('ls')\n}\n",
        "src/extension.js": "module.exports = async function (kit) {\n  kit.hello()\n}\n",
    })
    assert found(ws, "src/plural.js") == [(3, "prints", "warning", ["print"])]
    assert found(ws, "src/prefix.js") == [(2, "getSystem", "warning", ["system"])]
    assert found(ws, "src/extension.js") == []
