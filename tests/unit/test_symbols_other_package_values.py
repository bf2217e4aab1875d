"""The vocabulary check on a receiver the file binds to a value another package makes (round 33's vocab33, two of
@trigger.dev/sdk's false positives after round 32's held-out run: `const result = streamText({...});
result.textStream` after `import { streamText } from "ai"`, `const auth = new google.auth.GoogleAuth({...});
auth.getClient()` of `googleapis`). A name on another module's export is that module's business already
(`React.useState`: `_imported_names`); a value made from another package's export (called, constructed, a member
of it, awaited, destructured, or made in turn from such a variable) is that package's value too: its members are
not the engine's vocabulary, whatever the engine spells. A receiver with no such declaration stays checked: a
parameter of the same name, a variable assigned later, an undeclared name, a variable made by the engine's own
export, and a value a relative module makes (`new MatrixAdapter()` of `./adapter`: a user's class may implement
the engine's interface; round 32's vocab32 lost 16 of chat's mutants so)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class History {
    push(path: string): void;
    replace(path: string): void;
    navigate(path: string): void;
    readonly location: string;
    readonly client: string;
}
export declare function createHistory(): History;
"""

HEAD = 'import { createHistory } from "web";\nimport { streamText } from "ai";\ncreateHistory().push("/");\n'


def findings(tmp_path, body: str):
    ws = package_workspace(tmp_path, "web", TYPES, {"src/app.js": HEAD + body})
    return flags_with_first_suggestion(ws, "src/app.js")


def test_a_value_another_package_makes_is_not_the_engines(tmp_path):
    # fails on main: [(5, "pushs", ["push"]), (7, "navigat", ["navigate"])]
    body = "const result = streamText({ prompt: 'x' });\nresult.pushs('a');\n" \
           "async function go() {\n  const stream = await streamText({}).toStream();\n  stream.navigat();\n}\n"
    assert findings(tmp_path, body) == []


def test_a_constructed_member_of_another_package_and_what_it_makes_in_turn(tmp_path):
    # fails on main: `auth.getClient()` read as the engine's `client`, and `client.replac` as its `replace`
    body = 'import { google } from "googleapis";\nconst auth = new google.auth.GoogleAuth({ scopes: [] });\n' \
           "const client = await auth.getClient();\nclient.replac();\n"
    assert findings(tmp_path, body) == []


def test_a_destructured_value_of_another_package_and_a_require(tmp_path):
    # fails without the rule: `Body.replac` and `bucket.navigat` read as the engine's `replace`, `navigate`
    body = 'const { S3 } = require("@aws-sdk/client-s3");\nconst s3 = new S3({});\n' \
           "async function get() {\n  const { Body } = await s3.send({});\n  Body.replac();\n}\n" \
           "const [bucket] = s3.list();\nbucket.navigat();\n"
    assert findings(tmp_path, body) == []


def test_a_value_a_relative_module_makes_is_still_checked(tmp_path):
    # a relative module is the user's own: its class may implement the engine's interface (chat's `new
    # MatrixAdapter()` of `./adapter`), so what it makes stays checked; so does a `#` alias, the project's path
    # aliases (`@/lib/...`, `~/...`: no package is named so) and a URL import
    body = 'import { PrismaClient } from "./generated/prisma/client";\nimport { mk } from "#lib";\n' \
           'import { cdn } from "https://esm.sh/other";\nexport const prisma = new PrismaClient({});\n' \
           "prisma.navigat();\nconst a = mk();\na.navigat();\nconst b = cdn();\nb.navigat();\n" \
           'import { store } from "@/lib/store";\nimport { db } from "~/db";\nconst c = store();\nc.navigat();\n' \
           "const d = db.open();\nd.navigat();\n"
    assert findings(tmp_path, body) == [(8, "navigat", ["navigate"]), (10, "navigat", ["navigate"]),
                                        (12, "navigat", ["navigate"]), (16, "navigat", ["navigate"]),
                                        (18, "navigat", ["navigate"])]


def test_a_value_the_engine_makes_is_still_checked(tmp_path):
    # the engine's own export, called: its value is the engine's (typed here), and so is a chain from it
    body = "const nav = createHistory();\nnav.navigat('/');\nconst again = nav;\nagain.replac('/');\n"
    assert findings(tmp_path, body) == [(5, "navigat", ["navigate"]), (7, "replac", ["replace"])]


def test_receivers_without_such_a_declaration_are_still_checked(tmp_path):
    # a parameter named as the file's other variable, a variable assigned after its declaration, an undeclared
    # name, a local that shadows the import: nothing says another module made them
    body = "const result = streamText({});\nfunction show(result) { result.navigat('/'); }\n" \
           "let later;\nlater = streamText({});\nlater.navigat('/');\nnav.navigat('/');\n" \
           "function own(streamText) { const made = streamText(); made.navigat('/'); }\n"
    assert findings(tmp_path, body) == [(5, "navigat", ["navigate"]), (8, "navigat", ["navigate"]),
                                        (9, "navigat", ["navigate"]), (10, "navigat", ["navigate"])]


def test_a_module_the_engine_declares_under_its_own_specifier_is_the_engines(tmp_path):
    # `import { linkSymbols } from "bun:ffi"` in bun-types: a module the model holds by that specifier (no package
    # name) is the engine's own, and what its functions make stays checked
    types = TYPES + 'declare module "web:extra" {\n    export function link(): any;\n}\n'
    body = 'import { link } from "web:extra";\nconst lib = link();\nlib.navigat("/");\n'
    ws = package_workspace(tmp_path, "web", types, {"src/app.js": HEAD + body})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "navigat", ["navigate"])]
