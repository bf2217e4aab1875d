"""unknown-symbol on TypeScript and TSX: receivers typed by annotations (parameters, variables, class fields and
parameter properties, return types of local functions, `as` casts, `Page[]` / `Array<Page>` / `Promise<Page>`),
what stays silent (types the model does not know, local types shadowing the engine's, generics), and the
"beyond-tsc" mode (the default beside a TypeScript service, as in the editor): on .ts, only what TypeScript itself
cannot report; without one (CLI, hooks, MCP) everything, unless the settings say otherwise."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import ENGINE_DTS, engine_workspace, make_workspace, symbol_findings


def check(tmp_path, code: str, name: str = "app.ts") -> list[tuple[int, str, str]]:
    ws = engine_workspace(tmp_path, {name: code})
    return [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, name)]


def test_annotated_parameters_variables_and_generics(tmp_path):
    found = check(tmp_path, """\
        import { Block, Document, Page, Table } from "@acme/layout";
        export function fill(page: Page, tables: Table[], more: Array<Block>, later: Promise<Document>) {
          page.addBlok();
          tables[0].addRows(2);
          for (const block of more) { block.addParagraf("x"); }
          later.then(d => d);
        }
        async function open(p: Promise<Document>) {
          const doc = await p;
          doc.addPages();
          const first: Page = doc.addPage();
          first.adBlock();
        }
        """)
    assert found == [(3, "addBlok", "error"), (4, "addRows", "error"), (5, "addParagraf", "error"),
                     (10, "addPages", "error"), (12, "adBlock", "error")]


def test_parameter_properties_fields_return_types_and_casts(tmp_path):
    found = check(tmp_path, """\
        import { Block, Document, Page } from "@acme/layout";
        class Report {
          private footerBlock: Block;
          constructor(private readonly doc: Document, public page?: Page, plain?: Page) {}
          build() {
            this.doc.addPagee();
            this.page!.addBlock().addTabel({ columns: 1 });
            this.footerBlock.addParagrph("x");
            const run = () => this.doc.rendr();
          }
        }
        function firstPage(doc: Document): Page { return doc.addPage(); }
        async function later(): Promise<Page> { return null!; }
        export async function use(doc: Document, x: unknown) {
          firstPage(doc).addBlok();
          (await later()).widht;
          (x as Block).addTabel({ columns: 2 });
          (<Page>x).margin;
          const d = doc satisfies Document;
          d.creat();
        }
        """)
    assert found == [(6, "addPagee", "error"), (7, "addTabel", "error"), (8, "addParagrph", "error"),
                     (9, "rendr", "error"), (15, "addBlok", "error"), (16, "widht", "error"),
                     (17, "addTabel", "error"), (18, "margin", "error"), (20, "creat", "error")]


def test_local_generic_functions_pass_their_argument_type_through(tmp_path):
    found = check(tmp_path, """\
        import { Block, Page } from "@acme/layout";
        function first<T>(items: T[]): T { return items[0]; }
        function same<T extends object>(value: T, label: string): T { return value; }
        export function f(pages: Page[], block: Block) {
          first(pages).addBlok();
          same(block, "x").addTabel({ columns: 1 });
          first([1, 2]).toFixed();
        }
        """)
    assert found == [(5, "addBlok", "error"), (6, "addTabel", "error")]


def test_types_the_model_does_not_know_stay_silent(tmp_path):
    found = check(tmp_path, """\
        import { Page } from "@acme/layout";
        interface Block { anything(): void }
        function f(page: Page | string, local: Block, s: string, g: Map<string, Page>) {
          local.whatever();
          s.toUpperCase();
          g.get("x");
        }
        function pick<T>(xs: T[]): T[] { return xs; }
        function h(pages: Page[]) {
          pick(pages).anything();
        }
        class Wrapped {
          constructor(page: Page) {}  // not a parameter property: `this.page` is nothing we know
          m() { this.page.anything(); }
        }
        """)
    assert found == []


def test_any_and_untyped_receivers_use_evidence(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        export function decorate(page: any, footer) {
          page.addBlock();
          page.footer.showPageNumbers = true;
          page.margins.top = 2;
          page.addFooterBlock();
        }
        """)
    assert found == [(6, "addFooterBlock", "warning")]


EVIDENCE = """\
  page.addBlock();
  page.footer.showPageNumbers = true;
  page.margins.top = 2;
  page.addFooterBlock();
"""


def test_typescript_types_what_evidence_would_guess(tmp_path):
    """`const page = helper()` and a callback's parameter are typed by TypeScript (from the initializer, from
    the call): never `any`, so evidence (a guess) does not type them on .ts, while it does on .js."""
    code = ("import { helper, each } from './local';\nexport function a() {\n  const page = helper();\n"
            + EVIDENCE + "}\neach((page) => {\n" + EVIDENCE + "});\n")
    assert check(tmp_path / "ts", code) == []
    assert [f[1] for f in check(tmp_path / "js", code, name="app.js")] == ["addFooterBlock", "addFooterBlock"]


def test_tsx_component_with_typed_props(tmp_path):
    found = check(tmp_path, """\
        import { Paragraph } from "@acme/layout";
        export function Title({ text }: { text: string }, p: Paragraph) {
          p.setAlgn("left");
          return <h1 className="t">{text}</h1>;
        }
        """, name="Title.tsx")
    assert found == [(3, "setAlgn", "error")]


def _installed_engine(tmp_path, code: str, config: str | None = None,
                      typescript_service: bool = True) -> dict[str, list[tuple[int, str, str]]]:
    """The engine's typings installed in node_modules, where TypeScript finds them too; the findings as the
    server (`typescript_service`: the editor's TypeScript service beside it) or the CLI runs the checks."""
    files = {
        "node_modules/@acme/layout/package.json": json.dumps({"name": "@acme/layout", "types": "index.d.ts"}),
        "node_modules/@acme/layout/index.d.ts": ENGINE_DTS,
        "app.ts": code, "app.js": 'import { Document } from "@acme/layout";\nDocument.create().addPagee();\n',
    }
    ws = make_workspace(tmp_path, files, config)
    return {name: [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, name, typescript_service)]
            for name in ("app.ts", "app.js")}


CODE = """\
import { Document, Page } from "@acme/layout";
export function f(doc: Document, page: Page, raw: any, loose) {
  doc.addPagee();
  (page as any).addBlok();
  loose.addBlock();
  loose.footer.showPageNumbers = true;
  loose.margins.top = 1;
  loose.addFooterBlock();
}
"""


EVERYTHING = [(3, "addPagee", "error"), (4, "addBlok", "error"), (8, "addFooterBlock", "warning")]
BEYOND_TSC = [(4, "addBlok", "error"), (8, "addFooterBlock", "warning")]


def test_beyond_tsc_by_default_beside_a_typescript_service(tmp_path):
    found = _installed_engine(tmp_path, CODE)
    # TypeScript reports `addPagee` itself; the `as any` receiver and the untyped one it cannot check.
    assert found["app.ts"] == BEYOND_TSC
    assert (3, "addPagee", "error") not in found["app.ts"]
    # JavaScript is not TypeScript's: everything, as before.
    assert found["app.js"] == [(2, "addPagee", "error")]


def test_everything_by_default_without_a_typescript_service(tmp_path):
    """The CLI, hooks and MCP: nothing else reports the typed receiver's invented member."""
    found = _installed_engine(tmp_path, CODE, typescript_service=False)
    assert found["app.ts"] == EVERYTHING
    assert found["app.js"] == [(2, "addPagee", "error")]


def test_the_setting_wins_for_every_caller(tmp_path):
    for mode, expected in (("all", EVERYTHING), ("beyond-tsc", BEYOND_TSC)):
        for beside in (True, False):
            found = _installed_engine(tmp_path / f"{mode}-{beside}", CODE, f'[typescript]\nunknown_symbols = "{mode}"\n',
                                      typescript_service=beside)
            assert found["app.ts"] == expected, (mode, beside)


def test_a_mode_that_does_not_exist_is_a_config_error_on_its_line(tmp_path):
    from lsp_server.config import load_settings
    from lsp_server.knowledge.typescript_settings import TypeScriptConfig

    (tmp_path / "footprint.toml").write_text('[typescript]\nunknown_symbols = "al"\n')
    settings = load_settings(tmp_path)
    assert [(e.line, e.message) for e in settings.errors] == [
        (1, "[typescript] unknown_symbols: expected one of 'beyond-tsc', 'all', got 'al'")]
    assert settings.get(TypeScriptConfig).unknown_symbols is None  # dropped: the caller's default applies


def test_typings_are_not_checked(tmp_path):
    ws = engine_workspace(tmp_path, {"types/extra.d.ts": 'import { Page } from "@acme/layout";\n'
                                                         "export declare function f(p: Page): void;\n"})
    assert symbol_findings(ws, "types/extra.d.ts") == []
