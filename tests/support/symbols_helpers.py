"""Helpers for the object-model tests: tiny real workspaces in tmp_path, checked through the real pipeline."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from lsp_server import plugins
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.config import load_settings
from lsp_server.positions import UTF16
from lsp_server.workspace import Workspace

ENGINE_DTS = """\
export declare enum Align { Left = "left", Center = "center" }
export interface TableOptions { columns: number; headerRows?: number; }
export interface Margins { top: number; left: number; }
export declare class Node {
  readonly id: string;
  remove(): void;
  applyStyle(props: object): this;
}
export declare class Container extends Node {
  add(child: Node): this;
  readonly childCount: number;
}
export declare class Row extends Node {
  addCell(): Cell;
  getCell(index: number): Cell;
}
export declare class Cell extends Container {
  addParagraph(text: string): Paragraph;
  setBackground(color: string): this;
}
export declare class Table extends Node {
  readonly rows: Row[];
  addRow(options?: object): Row;
  getRow(index: number): Row;
  setColumnWidths(widths: number[]): this;
}
export declare class Paragraph extends Node {
  fontSize: number;
  setAlign(align: Align): this;
}
export declare class Block extends Container {
  width: number;
  addTable(options: TableOptions): Table;
  addParagraph(text: string): Paragraph;
  addBlock(): Block;
}
export declare class Footer extends Container {
  showPageNumbers: boolean;
  addBlock(): Block;
}
export declare class Page extends Container {
  width: number;
  margins: Margins;
  readonly footer: Footer;
  addBlock(): Block;
}
export declare class Document {
  private constructor();
  fontSize: number;
  title: string;
  readonly pages: Page[];
  static create(options?: object): Document;
  static open(path: string): Promise<Document>;
  addPage(): Page;
  render(): Promise<Uint8Array>;
  find(id: string): Page | string;
  pick(id: string): Page | Block;
  getBag(): Bag;
}
export interface Bag { [key: string]: unknown; size: number; }
export interface Degrees { type: "degrees"; angle: number; }
export interface Radians { type: "radians"; angle: number; }
export type Rotation = Degrees | Radians;
export declare function rotation(page: Page): Rotation;
export declare class Layout {
  static twoColumn(page: Page, gutter?: number): { left: Block; right: Block };
  static center(block: Block, within: Container): Block;
}
export declare function createDocument(title: string): Document;
"""


def make_workspace(root: Path, files: dict[str, str], config: str | None = None) -> Workspace:
    plugins.load()
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    if config is not None:
        (root / "footprint.toml").write_text(textwrap.dedent(config), encoding="utf-8")
    settings = load_settings(root)
    assert not settings.errors, settings.errors
    return Workspace(root, settings)


def engine_workspace(root: Path, app: dict[str, str]) -> Workspace:
    files = {"engine/engine.d.ts": ENGINE_DTS, **app}
    return make_workspace(root, files, '[object_model]\nsources = [{ path = "engine/engine.d.ts", module = "@acme/layout" }]\n')


def package_workspace(root: Path, package: str, types: str, files: dict[str, str],
                      shipped: dict[str, str] | None = None) -> Workspace:
    """A workspace of `files` beside one npm package in node_modules, typed by `types` (its `index.d.ts`), with
    the other files it ships (`shipped`: README.md, docs/..., by path inside the package)."""
    home = f"node_modules/{package}"
    return make_workspace(root, {
        f"{home}/package.json": json.dumps({"name": package, "types": "index.d.ts"}),
        f"{home}/index.d.ts": types,
        **{f"{home}/{path}": text for path, text in (shipped or {}).items()},
        **files,
    })


def package_flags(root: Path, types: str, app: str, package: str = "pkg") -> list[tuple[int, str]]:
    """(line, name) of each unknown-symbol finding on `src/app.js` beside a package (`pkg`) typed by `types`
    (`node_modules/pkg/index.d.ts`)."""
    ws = package_workspace(root, package, types, {"src/app.js": app})
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def flags_with_first_suggestion(ws: Workspace, rel: str) -> list[tuple[int, str, list[str]]]:
    """(line, name, [first did-you-mean]) of each unknown-symbol finding on one file."""
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def symbol_findings(ws: Workspace, rel: str, typescript_service: bool = False) -> list[dict]:
    """The unknown-symbol findings on one file, run as the CLI runs them; `typescript_service`: as the server
    runs them, a TypeScript service beside it (CheckContext.typescript_service)."""
    doc = ws.document(ws.root / rel)
    out = []
    for f in run_checks(doc, CheckContext(ws, typescript_service=typescript_service), (Phase.TYPE,)):
        if f.code != "unknown-symbol":
            continue
        line, ch = doc.lines.position(f.start, UTF16)
        out.append({"line": line + 1, "character": ch, "name": doc.source[f.start:f.end].decode(),
                    "severity": f.severity.label, "message": f.message, "data": f.data})
    return out
