"""Forms the wide mutation evaluation (tests/corpus/wide: the engine evaluation over the oracles' packages'
READMEs) found read wrongly on its dev packages, each on a minimal package checked through the real
`unknown-symbol` check: a name the package has is never flagged; an invented name on a closed type still is."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings


def flagged(tmp_path, files: dict[str, str], app: str, name: str = "pkg", manifest: dict | None = None,
            app_name: str = "src/app.js") -> list[tuple[int, str]]:
    tree = {f"node_modules/{name}/{rel}": text for rel, text in files.items()}
    tree[f"node_modules/{name}/package.json"] = json.dumps(manifest or {"name": name, "types": "index.d.ts"})
    tree[app_name] = app
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, app_name)]


def test_export_import_alias_in_a_namespace_is_a_member(tmp_path):
    # winston's typings hoist a dependency's namespace: `export import format = logform.format`
    assert flagged(tmp_path, {"index.d.ts": """
import * as logform from 'logform';
declare namespace winston {
  export import format = logform.format;
  class Logger { add(t: any): this; }
  let createLogger: (options?: any) => Logger;
}
export = winston;
"""}, """const winston = require('pkg');
const logger = winston.createLogger({});
winston.makeLogger({});
logger.add(1);
logger.ad(1);
winston.format.json();
""") == [(3, "makeLogger"), (5, "ad")]

