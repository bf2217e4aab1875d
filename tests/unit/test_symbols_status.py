"""Removed and deprecated members: the markers each source kind is read for (and the prose that is no marker),
how sources combine (docs say removed, typings lag), and what unknown-symbol, check_symbols, hover and the LSP
conversion make of them."""

from __future__ import annotations

import json
import textwrap

from lsprotocol import types as lsp

from lsp_server.knowledge.check_symbols import check_symbols
from lsp_server.knowledge.model_sources import extract
from lsp_server.knowledge.model_sources.base import SourceModel, deprecation_in, replacement_in
from lsp_server.knowledge.object_model import model_for
from tests.support.symbols_helpers import make_workspace, symbol_findings


def _members(src: SourceModel, module: str = "m") -> dict[str, object]:
    mod = src.modules[module]
    out = {f"{t.name}.{m.name}": m for t in mod.types.values() for m in t.members if not m.static or t.kind != "class"}
    out.update({name: m for name, m in mod.values.items()})
    return out


def _status(src: SourceModel) -> dict[str, tuple[str, str]]:
    return {k: (m.status, m.replacement) for k, m in _members(src).items() if m.status}


def _write(tmp_path, name: str, text: str):
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


# --- the markers ------------------------------------------------------------------------------------------
def test_replacement_and_deprecated_tag_reading():
    assert replacement_in("Use `Block.addBlock()` instead.") == "Block.addBlock"
    assert replacement_in("replaced by {@link Page.addBlock}") == "Page.addBlock"
    assert replacement_in("in favor of addBlock") == "addBlock"
    assert replacement_in("use render instead") == "render"
    assert replacement_in("use with care") == "" and replacement_in("Use the new API.") == ""
    # a JSDoc namepath: the member, reached with `.` as code does, never the class alone
    assert replacement_in("- Use Page#addBlock instead.") == "Page.addBlock"
    assert replacement_in("replaced by {@link Page#addBlock}") == "Page.addBlock"
    assert replacement_in("Use `Page~helper()` instead") == "Page.helper"
    assert deprecation_in("/** Old.\n * @deprecated Use `x` instead.\n * @param a b\n */").startswith("Use `x` instead.")
    assert deprecation_in("/** @deprecated */") == ""
    assert deprecation_in("/** Not deprecated at all. */") is None


def test_typings_deprecated_tags_only_when_every_overload_says_so(tmp_path):
    dts = _write(tmp_path, "m.d.ts", """\
        export declare class Page {
          /** Adds a box. @deprecated Use `Page.addBlock()` instead. */
          addBox(): void;
          addBlock(): void;
          /**
           * Adds boxes.
           * @deprecated - Use Page#addBlock instead.
           */
          addBoxes(): void;
          /** @deprecated */
          over(a: string): void;
          over(a: number): void;
          /** Mentions that removed rows and deprecated ones are dropped. */
          prune(): void;
        }
        export declare enum Fit {
          /** @deprecated use `Cover` */
          Fill = 0,
          Cover = 1,
        }
        /** @deprecated since 2.0 */
        export declare function old(): void;
        /** @deprecated */
        export declare const legacy: number;
        """)
    found = _status(extract("dts", dts, "m"))
    assert found == {"Page.addBox": ("deprecated", "Page.addBlock"), "Page.addBoxes": ("deprecated", "Page.addBlock"),
                     "Fit.Fill": ("deprecated", "Cover"),
                     "old": ("deprecated", ""), "legacy": ("deprecated", "")}


def test_javascript_deprecated_tags(tmp_path):
    js = _write(tmp_path, "m.js", """\
        class Page {
          /**
           * Old.
           * @deprecated use addBlock instead
           */
          addBox() {}

          /** A note on @deprecated-looking text is not a tag. Not deprecated. */
          addBlock() {}
        }
        module.exports = { Page };
        """)
    src = extract("js", js, "m")
    assert _status(src) == {"Page.addBox": ("deprecated", "addBlock")}
    m = _members(src)["Page.addBox"]
    assert m.status_path == str(js) and m.status_line == 1


DOC = """\
    # Page

    | Member | Type | Description |
    | --- | --- | --- |
    | `addBlock(options)` | `Block` | Append a block. |
    | `setSize(w, h)` | `this` | **Deprecated** since 4.1: use `Page.resize()` instead. |
    | `clear()` | `void` | Removes every block; removed blocks are detached. |

    ### Page.addFooter(options) → Block (removed in 4.0)

    Use `page.footer.addBlock()` instead.

    ### Page.addHeader(options) → Block

    Removed in 4.0. Use `Page.header` instead.

    ### Page.trim() → this

    Removed rows are kept in history. The method was removed from the toolbar and is deprecated by nobody.

    ### Page.on(event, handler) → this

    Events of the page's children:

    Removed: fired when a block leaves the page.

    ### Page.shrink() → this

    > **Deprecated**: call `Page.fit()` instead.

    Notes: `Page.zoom()` is no longer available; use `Page.scale()` instead.
    """

CHANGELOG = """\
    # Changelog
    ## 4.0.0
    ### Removed
    - `Page.addFooter()`
    - `Page.rotate(deg)` (use `Page.turn()` instead)
    - the `width` argument of `Block.resize()`
    ### Added
    - `Page.turn()`
    * Removed: Page.flip(). Use Page.mirror() instead.
    * Removed the legacy `Page.slide()` option.
    * Deprecated: `Page.tilt()`
    """


def test_docs_markers_and_what_is_no_marker(tmp_path):
    _write(tmp_path, "docs/page.md", DOC)
    _write(tmp_path, "docs/CHANGELOG.md", CHANGELOG)
    found = _status(extract("docs", tmp_path / "docs", "m"))
    assert found == {
        "Page.setSize": ("deprecated", "Page.resize"),  # a member table's description opening with the marker
        "Page.addFooter": ("removed", "page.footer.addBlock"),  # a heading marked removed, the next paragraph
        "Page.addHeader": ("removed", "Page.header"),  # a paragraph opening with "Removed in 4.0."
        "Page.shrink": ("deprecated", "Page.fit"),  # a quoted admonition
        "Page.zoom": ("removed", "Page.scale"),  # "`Page.zoom()` is no longer available"
        "Page.rotate": ("removed", "Page.turn"),  # an item under a "Removed" heading
        "Page.flip": ("removed", "Page.mirror"),  # "Removed: Page.flip()" anywhere
        "Page.tilt": ("deprecated", ""),
    }
    # what merely mentions "removed": "Removes every block", "Removed rows", "was removed from the toolbar",
    # an event described as "Removed: fired when ...",
    # "the `width` argument of `Block.resize()`" under Removed, "Removed the legacy `Page.slide()` option"
    members = _members(extract("docs", tmp_path / "docs", "m"))
    for name in ("Page.clear", "Page.trim", "Block.resize", "Page.slide", "Page.turn", "Page.addBlock", "Page.on"):
        assert not members[name].status, name
    footer = members["Page.addFooter"]  # the changelog lists it too (read first): its own page is the evidence
    assert footer.status_path.endswith("page.md") and footer.status_line == 8


def test_cached_source_keeps_the_status(tmp_path):
    _write(tmp_path, "docs/page.md", DOC)
    src = extract("docs", tmp_path / "docs", "m")
    again = SourceModel.from_json(json.loads(json.dumps(src.to_json())))
    assert _status(again) == _status(src)


# --- sources together, and what the checks make of it ----------------------------------------------------
ENGINE = """\
    export declare class Block {
      addParagraph(text: string): void;
    }
    export declare class Page {
      addBlock(): Block;
      /** Lagging typings still declare it. */
      addFooter(): Block;
      /** @deprecated Use `Page.addBlock()` instead. */
      addBox(): Block;
      /** @deprecated since 4.2 */
      margin: number;
    }
    export declare class Document {
      static create(): Document;
      addPage(): Page;
    }
    """
PAGE_DOC = """\
    # Page

    ### Page.addFooter() → Block (removed in 4.0)

    Use `page.footer.addBlock()` instead.

    ### Page.legacyAdd() → Block

    Removed in 3.0: use `Page.addBlock()` instead.
    """
CODE = """\
    import { Document } from "@acme/layout";
    const page = Document.create().addPage();
    page.addFooter();
    page.addBox();
    page.margin = 2;
    page.legacyAdd();
    page.addBlock();
    page.legacyAd();
    """


def _configured(tmp_path, name: str, config: str = ""):
    files = {"engine/engine.d.ts": ENGINE, "engine/docs/page.md": PAGE_DOC, name: CODE}
    return make_workspace(tmp_path, files, config + '[object_model]\nsources = [{ path = "engine/engine.d.ts", '
                                                   'module = "@acme/layout" }, { path = "engine/docs", module = "@acme/layout" }]\n')


def test_docs_removed_wins_over_lagging_typings(tmp_path):
    ws = _configured(tmp_path, "app.js")
    model = model_for(ws)
    members = model.members(("@acme/layout", "Page"))
    assert members["addFooter"][0].status == "removed" and members["addFooter"][0].status_path.endswith("page.md")
    assert members["addBox"][0].status == "deprecated" and members["addBlock"][0].status == ""
    # the typings' own member objects are not changed: the merged model holds copies
    dts = next(src for spec, src in model.sources if src.kind == "dts")
    assert next(m for m in dts.modules["@acme/layout"].types["Page"].members if m.name == "addFooter").status == ""


def test_unknown_symbol_on_javascript(tmp_path):
    ws = _configured(tmp_path, "app.js")
    found = {f["line"]: f for f in symbol_findings(ws, "app.js")}
    assert {k: (f["name"], f["severity"]) for k, f in found.items()} == {
        3: ("addFooter", "error"), 4: ("addBox", "warning"), 5: ("margin", "warning"), 6: ("legacyAdd", "error"),
        8: ("legacyAd", "error")}
    assert "was removed" in found[3]["message"] and "page.footer.addBlock" in found[3]["message"]
    assert found[3]["data"]["suggestions"] == []  # another receiver's member: no rename offered
    assert found[3]["data"]["evidence"]["path"].endswith("page.md")
    # a replacement on the same receiver is the did-you-mean and the fix
    assert found[4]["data"]["suggestions"] == ["addBlock"] and found[4]["data"]["fix"]["edits"][0]["text"] == "addBlock"
    assert found[6]["data"]["suggestions"] == ["addBlock"]
    # a removed member is never the did-you-mean of a typo
    assert "legacyAdd" not in found[8]["data"]["suggestions"]


def test_unknown_symbol_tags_deprecated_and_the_lsp_conversion_carries_it(tmp_path):
    from lsp_server.checks import CheckContext, Phase, run_checks
    from lsp_server.surfaces.lsp.convert import lsp_diagnostic

    ws = _configured(tmp_path, "app.js")
    doc = ws.document(ws.root / "app.js")
    findings = [f for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code == "unknown-symbol"]
    tags = {doc.source[f.start:f.end].decode(): f.tags for f in findings}
    assert tags["addBox"] == ("deprecated",) and tags["margin"] == ("deprecated",) and tags["addFooter"] == ()
    diags = {doc.source[f.start:f.end].decode(): lsp_diagnostic(doc, f, "utf-16") for f in findings}
    assert diags["addBox"].tags == [lsp.DiagnosticTag.Deprecated]
    assert diags["addFooter"].tags is None and diags["addFooter"].severity == lsp.DiagnosticSeverity.Error


def test_typescript_removed_reported_even_when_typescript_sees_the_typings(tmp_path):
    """Installed typings TypeScript reads (it strikes `@deprecated` through itself) and the engine's docs
    configured beside them: on .ts a removed member is still ours to report; a deprecated tag from typings
    TypeScript reads is left to it, unless the setting asks for everything."""
    files = {
        "node_modules/@acme/layout/package.json": json.dumps({"name": "@acme/layout", "types": "index.d.ts"}),
        "node_modules/@acme/layout/index.d.ts": ENGINE,
        "docs/page.md": PAGE_DOC,
        "app.ts": CODE,
    }
    config = '[object_model]\nsources = [{ path = "docs", module = "@acme/layout" }]\n'
    ws = make_workspace(tmp_path, files, config)
    # as the editor runs the check (its TypeScript service beside it: "beyond-tsc" by default)
    found = [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, "app.ts", typescript_service=True)]
    assert found == [(3, "addFooter", "error"), (6, "legacyAdd", "error")]  # legacyAd: TypeScript's to report
    (tmp_path / "footprint.toml").write_text('[typescript]\nunknown_symbols = "all"\n' + config, encoding="utf-8")
    ws = make_workspace(tmp_path, {}, None)
    found = [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, "app.ts", typescript_service=True)]
    assert found == [(3, "addFooter", "error"), (4, "addBox", "warning"), (5, "margin", "warning"),
                     (6, "legacyAdd", "error"), (8, "legacyAd", "error")]


def test_check_symbols_answers_removed_and_deprecated(tmp_path):
    ws = _configured(tmp_path, "app.js")
    answers = {a.name: a for a in check_symbols(ws, ["Page.addFooter", "Page.addBox", "Page.addBlock",
                                                     "Page.legacyAdd", "Page.legacyAd"], docs=False)}
    footer = answers["Page.addFooter"]
    assert footer.status == "removed" and footer.replacement == "page.footer.addBlock"
    assert footer.suggestions == ("page.footer.addBlock",) and str(footer.evidence.path).endswith("page.md")
    box = answers["Page.addBox"]
    assert box.status == "known" and box.deprecated and box.suggestions == () and box.replacement == "Page.addBlock"
    assert answers["Page.addBlock"].status == "known" and not answers["Page.addBlock"].deprecated
    assert answers["Page.legacyAdd"].status == "removed" and answers["Page.legacyAdd"].suggestions == ("Page.addBlock",)
    assert "Page.legacyAdd" not in answers["Page.legacyAd"].suggestions


def test_presenter_shows_status(tmp_path):
    from lsp_server.surfaces.present import for_cli

    ws = _configured(tmp_path, "app.js")
    present = for_cli(ws.root)
    footer, box = (present.symbol(a) for a in check_symbols(ws, ["Page.addFooter", "Page.addBox"], docs=False))
    assert footer["status"] == "removed" and footer["evidence"].endswith("page.md:3")
    assert box["deprecated"] is True and box["replacement"] == "Page.addBlock" and "evidence" in box


def test_removed_on_an_inferred_receiver_is_a_warning(tmp_path):
    """`page` untyped, typed from its uses: the guess could be wrong, so a removed member on it only warns."""
    files = {"engine/engine.d.ts": ENGINE, "engine/docs/page.md": PAGE_DOC, "app.js": """\
        import { Document } from "@acme/layout";
        export function fill(page) {
          page.addBlock();
          page.addFooter();
        }
        """}
    ws = make_workspace(tmp_path, files, '[object_model]\nsources = [{ path = "engine/engine.d.ts", module = "@acme/layout" }, '
                                         '{ path = "engine/docs", module = "@acme/layout" }]\n')
    found = [(f["line"], f["name"], f["severity"], f["data"].get("receiver")) for f in symbol_findings(ws, "app.js")]
    assert found == [(4, "addFooter", "warning", "inferred")]
