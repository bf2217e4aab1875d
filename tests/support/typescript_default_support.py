"""The workspace the `[typescript] unknown_symbols` default per caller is shown on, by every surface's test (the
CLI, the agent hooks, MCP and the LSP server): an engine whose typings are installed in node_modules, where
TypeScript finds them (an editor's TypeScript service reports an unknown member of a receiver they type), and a
.ts file with two invented members, written after the base commit (the change the stop hook reviews):

- `doc.addPagee()` on a receiver typed by an annotation: TypeScript's in the editor ("beyond-tsc", the LSP's
  default), reported where no TypeScript service runs ("all": the CLI's, hooks' and MCP's default);
- `(page as any).addBlok()` on a receiver TypeScript sees as `any`: reported in both modes, the control that
  shows the check ran (so a missing `addPagee` means the mode left it out, not that nothing was checked).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.conventions_support import commit_all, git
from tests.support.symbols_helpers import ENGINE_DTS

FILE = "app.ts"
TYPED = "addPagee"  # line 4: the typed receiver's invented member
ANY = "addBlok"  # line 5: the `as any` receiver's
TYPED_LINE, ANY_LINE = 4, 5

CLEAN = """\
import { Document, Page } from "@acme/layout";

export function build(doc: Document, page: Page) {
  doc.addPage();
  (page as any).addBlock();
}
"""
INVENTED = CLEAN.replace("doc.addPage()", f"doc.{TYPED}()").replace(").addBlock()", f").{ANY}()")


def config_for(mode: str | None) -> str | None:
    """footprint.toml's text setting the mode explicitly, or None (no config: the caller's default)."""
    return None if mode is None else f'[typescript]\nunknown_symbols = "{mode}"\n'


def make_ts_workspace(root: Path, mode: str | None = None) -> Path:
    """The workspace in `root` (created), a git repository whose base commit has the clean file, the invented
    members written over it; `mode`: `[typescript] unknown_symbols` in its footprint.toml (committed), or None."""
    pkg = root / "node_modules" / "@acme" / "layout"
    pkg.mkdir(parents=True)
    (pkg / "package.json").write_text(json.dumps({"name": "@acme/layout", "version": "1.0.0", "types": "index.d.ts"}),
                                      encoding="utf-8")
    (pkg / "index.d.ts").write_text(ENGINE_DTS, encoding="utf-8")
    (root / ".gitignore").write_text("node_modules/\n", encoding="utf-8")
    config = config_for(mode)
    if config is not None:
        (root / "footprint.toml").write_text(config, encoding="utf-8")
    (root / FILE).write_text(CLEAN, encoding="utf-8")
    git(root, "init", "-q")
    commit_all(root, "base")
    (root / FILE).write_text(INVENTED, encoding="utf-8")
    assert INVENTED.splitlines()[TYPED_LINE - 1].strip() == f"doc.{TYPED}();"
    assert INVENTED.splitlines()[ANY_LINE - 1].strip() == f"(page as any).{ANY}();"
    return root


def reported(mode: str | None, default: str) -> set[str]:
    """The invented names a caller whose default is `default` reports under the configured `mode`."""
    return {TYPED, ANY} if (mode or default) == "all" else {ANY}
