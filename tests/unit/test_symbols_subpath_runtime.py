"""Typings that lag the runtime on a package's subpaths (round 23, on codeceptjs after its held-out run): the union
of the sources decides what exists. A `declare module 'pkg/sub'` block of the package's typings is one source of
`pkg/sub`, the runtime file the package.json `exports` map gives `./sub` is another; and every runtime file the
`exports` map makes importable (a subpath's file, a pattern's matches, the package's files they import) spells the
engine's vocabulary, whichever entry the model followed. Each case on a minimal package through the real
`unknown-symbol` check."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

TYPINGS = """
declare namespace Kit {
  interface Runner { label: string; shown: boolean; run(name: string): Promise<void>; }
  function eachItem(locator: string, fn: (item: any) => Promise<void>): Promise<void>;
}
declare module 'kit' {
  export const eachItem: typeof Kit.eachItem;
  export const runner: Kit.Runner;
}
declare module 'kit/effects' {
  export function tryTo(fn: () => void): Promise<boolean>;
}
"""

KIT = {
    "node_modules/kit/package.json": json.dumps({
        "name": "kit", "type": "module", "main": "lib/index.js", "types": "typings/index.d.ts",
        "exports": {".": {"import": "./lib/index.js", "types": "./typings/index.d.ts"},
                    "./effects": "./lib/effects.js", "./items": "./lib/items.js", "./lib/*": "./lib/*.js"}}),
    "node_modules/kit/typings/index.d.ts": TYPINGS,
    "node_modules/kit/lib/index.js": """
        export const runner = { label: '', shown: true, run: async (name) => name };
        export async function eachItem(locator, fn) { return fn(locator); }
    """,
    # the typings' block omits `within`: the runtime file of `./effects` has it
    "node_modules/kit/lib/effects.js": """
        async function tryTo(fn) { return true; }
        async function within(context, fn) { return fn(); }
        export { tryTo, within };
    """,
    # `./items` reaches a wrapper class of another file, which no typings and no root entry name
    "node_modules/kit/lib/items.js": """
        import Item from './item/Item.js';
        export function wrap(handle) { return new Item(handle); }
    """,
    "node_modules/kit/lib/item/Item.js": """
        export default class Item {
          constructor(handle) { this.handle = handle; }
          async getLabel() { return this.handle.label; }
        }
    """,
    # a file only the `./lib/*` pattern makes importable
    "node_modules/kit/lib/extra/Probe.js": """
        export default class Probe { async isShown() { return true; } }
    """,
}


def test_a_subpaths_runtime_file_counts_beside_its_ambient_module_declaration(tmp_path):
    """`import { within } from 'kit/effects'`: the typings' `declare module 'kit/effects'` lacks it, the file the
    `exports` map gives `./effects` exports it, so it exists; a near miss of it is still reported, named."""
    ws = make_workspace(tmp_path, {**KIT, "src/app.js": """import { tryTo, within } from 'kit/effects';
import { tryTo as t2, withinn } from 'kit/effects';
await tryTo(() => within('.x', () => t2(() => withinn)));
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(2, "withinn", ["within"])]


def test_runtime_files_an_exports_subpath_reaches_are_the_engines_vocabulary(tmp_path):
    """`item.getLabel()` on a value nothing types, in a file that uses the engine: the member is a class's of a
    file the `./items` subpath imports (no typings, no root entry name it), so it is the engine's name and never
    reported; `isShown`, of a file only the `./lib/*` pattern reaches, too. A near miss of either is reported."""
    ws = make_workspace(tmp_path, {**KIT, "src/app.js": """import { eachItem, runner } from 'kit';
await runner.run('x');
await eachItem('.row', async (item) => {
  const label = await item.getLabel();
  const shown = await item.isShown();
  return item.getLabell() + label + shown;
});
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(6, "getLabell", ["getLabel"])]


def test_hover_on_an_import_says_when_the_subpaths_sources_disagree(tmp_path):
    """Hovering `within` (the runtime's, not the ambient block's) says the sources disagree and which has it;
    hovering `tryTo`, which both have, says nothing of it."""
    from lsp_server import providers
    from lsp_server.providers import RequestContext

    ws = make_workspace(tmp_path, {**KIT, "src/app.js": "import { tryTo, within } from 'kit/effects';\n"
                                                         "await tryTo(() => within('.x', () => 1));\n"})
    doc = ws.document(ws.root / "src/app.js")
    hovers = providers.call_all(providers.HOVER, doc, doc.source.index(b"within") + 1, RequestContext(ws))
    text = "\n".join(h.markdown for h in hovers)
    assert "Sources disagree: `within` is in the engine's runtime" in text and "not in its typings" in text
    hovers = providers.call_all(providers.HOVER, doc, doc.source.index(b"tryTo") + 1, RequestContext(ws))
    assert "Sources disagree" not in "\n".join(h.markdown for h in hovers)
