"""The engine's files as text (`unknown_symbol._engine_spelling`) kept for the next process
(`knowledge/spelling_cache.py`): read back under the key of the files' contents and the code, read again when a
file changed. A new `footprint-ls check` process on a 161 MB engine read every byte of it again (~7 s of CPU)."""

from __future__ import annotations

import json

from lsp_server.knowledge import spelling_cache
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.knowledge.unknown_symbol import _engine_spelling
from tests.support.symbols_helpers import make_workspace

TYPES = "export declare class Page {\n    addBlock(name: string): Page;\n}\n"
# a runtime file the package.json `exports` map makes importable and the typings do not declare
EXTRA = "exports.render = function (page) { return page.drawFrame(); };\n"


def _model(root):
    ws = make_workspace(root, {
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts", "main": "index.js",
                                                     "exports": {".": "./index.js", "./extra": "./extra.js"}}),
        "node_modules/pkg/index.d.ts": TYPES, "node_modules/pkg/index.js": "exports.Page = class {};\n",
        "node_modules/pkg/extra.js": EXTRA, "src/app.js": "import { Page } from 'pkg';\nnew Page().addBlock('a');\n"}
        if not (root / "src").exists() else {})
    return ws.service(ObjectModelService).model


def test_the_spelling_is_kept_and_read_back_by_the_next_process(tmp_path):
    spelled, members = _engine_spelling(_model(tmp_path))
    assert {"addBlock", "render", "drawFrame"} <= spelled and "drawFrame" in members
    model = _model(tmp_path)  # a new process: a new workspace and model over the same files
    path = spelling_cache.cache_path(model)
    assert path is not None and path.is_file()
    written = path.stat().st_mtime_ns
    assert _engine_spelling(model) == (spelled, members)
    assert path.stat().st_mtime_ns == written  # read back, not read from the files and written again


def test_a_changed_file_is_read_again(tmp_path):
    _engine_spelling(_model(tmp_path))
    extra = tmp_path / "node_modules/pkg/extra.js"  # a file the model did not read: keyed by its stat
    extra.write_text(EXTRA.replace("drawFrame", "paintFrame") + "// a longer file\n")
    spelled, members = _engine_spelling(_model(tmp_path))
    assert "paintFrame" in members and "drawFrame" not in spelled
    types = tmp_path / "node_modules/pkg/index.d.ts"  # a file the model read: keyed by its content's digest
    types.write_text(TYPES.replace("addBlock", "addSection"))
    spelled, _ = _engine_spelling(_model(tmp_path))
    assert "addSection" in spelled and "addBlock" not in spelled
