"""A package's declaration file over `max_file_bytes` (issue 17, round 12's held-out run): generated typings of a
whole engine in one file run to megabytes (phaser.d.ts 8 MB, Office.js 7 MB). Read with the source limit (2 MiB),
the file was skipped and the whole API with it: no member was ever checked. Declaration files have their own
bound, `max_declaration_bytes` (32 MiB by default); a footprint.toml can lower it, and a file over it is still
skipped with its warning."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

# A declaration file just over the source limit: the API, then a long doc comment (as generated typings carry)
TYPES = ("export declare class Page {\n    addBlock(name: string): Page;\n    render(): void;\n}\n"
         "export declare function createPage(): Page;\n"
         "/**\n" + " * generated documentation of the engine's many classes and members\n" * 40_000 + " */\n")

APP = """import { createPage } from "pkg";
const page = createPage();
page.addBlock("a").render();
page.addBlocks("b");
"""


def _workspace(tmp_path, config=None):
    assert len(TYPES.encode()) > 2 * 1024 * 1024  # over max_file_bytes' default
    return make_workspace(tmp_path, {
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
        "node_modules/pkg/index.d.ts": TYPES, "src/app.js": APP}, config)


def test_a_declaration_file_over_max_file_bytes_is_read(tmp_path):
    found = [(f["line"], f["name"]) for f in symbol_findings(_workspace(tmp_path), "src/app.js")]
    assert found == [(4, "addBlocks")]


def test_max_declaration_bytes_bounds_declaration_files(tmp_path):
    ws = _workspace(tmp_path, "max_declaration_bytes = 1048576\n")
    assert ws.settings.top.max_declaration_bytes == 1048576
    assert symbol_findings(ws, "src/app.js") == []  # skipped: nothing known, nothing claimed


def test_the_cache_of_a_source_with_a_declaration_file_over_max_file_bytes_is_reused(tmp_path):
    """The cached extraction is checked against the files it was read from, each within the limit its extractor
    read it with: a declaration file up to max_declaration_bytes. Checked with max_file_bytes, the file over it
    failed the check, so every new process extracted the whole package again and rewrote its cache (aws-cdk-lib,
    one 3.5 MB generated `.d.ts`: ~100 s a `footprint-ls check` of one file instead of ~20 s)."""
    from lsp_server.knowledge.object_model import ObjectModelService, _load_cached, read_limits

    ws = _workspace(tmp_path)
    svc = ws.service(ObjectModelService)
    (spec,) = [s for s in svc.specs if s.kind == "dts"]
    ws.flush_writes()
    cache = ws.cache_dir / "object_model"
    assert (cache / f"{spec.key}.json").is_file()
    fresh = make_workspace(tmp_path, {})  # a new process's workspace: nothing in memory
    reused = _load_cached(cache, spec, read_limits(fresh))
    assert reused is not None
    assert reused.files == svc.built[spec].files
    assert [t for t in reused.modules["pkg"].types] == ["Page"]
