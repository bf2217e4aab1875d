"""What a cold process on a large engine pays before its first finding (branch perf25): the object model's cache
written without the fields that hold their default (`SourceModel.to_json`), and the did-you-mean candidate lists
of the engine's vocabulary prepared only when a finding first ranks against one (`unknown_symbol._VocabularyIndex`).
Neither changes what is found: the model read back is equal to the one written, and a list prepared late holds
the names it held when prepared up front."""

from __future__ import annotations

import json
from dataclasses import asdict

from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.model_sources.base import Member, ModuleModel, SourceModel, TypeDef
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.knowledge.unknown_symbol import _engine_vocabulary
from tests.support.symbols_helpers import make_workspace


def _source() -> SourceModel:
    page = TypeDef("Page", "class", ["Base"], [
        Member("addBlock", "method", "Page", ["name: string"], path="/p/index.d.ts", line=3),
        Member("size", path="/p/index.d.ts", line=4),  # every other field at its default
        Member("old", "method", status="removed", status_note="Removed in 4.0", replacement="addBlock",
               overloads=[["a: number"]], returns=["Page", "number"], confidence=0.6, static=True),
    ], path="/p/index.d.ts", line=2, type_params=["T"], type_defaults=["unknown"])
    mod = ModuleModel("pkg", {"Page": page}, {"Page": "Page", "make": "make"},
                      {"make": Member("make", "function", "Page")}, complete=False, globals=["pkg"])
    return SourceModel("dts", {"pkg": mod}, {"/p/index.d.ts": "ab" * 32}, ["skipped /p/x.d.ts"])


def test_the_cache_form_leaves_out_default_fields_and_reads_back_equal():
    src = _source()
    form = src.to_json()
    size = form["modules"]["pkg"]["types"]["Page"]["members"][1]
    assert size == {"name": "size", "path": "/p/index.d.ts", "line": 4}  # no field that holds its default
    again = SourceModel.from_json(json.loads(json.dumps(form)))
    assert again == src
    # the full form (every field written, what caches and artifacts held before) is read back the same
    assert SourceModel.from_json(json.loads(json.dumps(asdict(src)))) == src
    assert len(json.dumps(form)) < len(json.dumps(asdict(src))) * 0.75
    # a member read back owns its lists: a default filled in is never shared with another member
    members = again.modules["pkg"].types["Page"].members
    assert members[0].adds is not members[1].adds and members[1].params is not members[2].params


def _model(root):
    ws = make_workspace(root, {
        "node_modules/pkg/package.json": json.dumps({"name": "pkg", "types": "index.d.ts"}),
        "node_modules/pkg/index.d.ts": "export declare class Page {\n    addBlock(name: string): Page;\n"
                                       "    drawFrame(): void;\n}\n",
        "src/app.js": "import { Page } from 'pkg';\nnew Page().addBlock('a');\n"})
    return ws.service(ObjectModelService).model


def test_the_candidate_lists_are_prepared_when_first_asked_for(tmp_path):
    index = _engine_vocabulary(_model(tmp_path))
    keys = ("cands", "cands_spelled", "cands_members", "cands_spelled_members", "cands_platform_named")
    assert not any(dict.__contains__(index, k) for k in keys)  # none built with the index
    cands = index["cands"]
    assert isinstance(cands, sg.Candidates) and {"addBlock", "drawFrame"} <= set(cands.names)
    assert cands.names == sg.Candidates(index["modelled"]).names  # what the eager list held
    assert index["cands"] is cands  # prepared once
    assert index["cands_members"].names == sorted(index["member_owners"])
    assert sg.rank("addBlok", index["cands_members"], "")[0][0] == "addBlock"


def test_a_member_form_with_a_key_of_no_field_is_refused():
    form = _source().to_json()
    form["modules"]["pkg"]["values"]["make"]["bogus"] = 1
    try:
        SourceModel.from_json(form)
    except TypeError:
        pass  # (`_load_cached` then extracts the source again)
    else:
        raise AssertionError("a member with an unknown field was read")


def test_the_platform_module_is_read_back_by_the_next_process(tmp_path, monkeypatch):
    from lsp_server.knowledge.model_sources import platform

    parsed = platform._read()
    monkeypatch.setattr(platform, "_module", None)  # a new process: nothing parsed yet
    monkeypatch.setattr(platform, "_cache", None)
    _model(tmp_path)
    ws = make_workspace(tmp_path, {})
    cache = ws.cache_dir / "platform.json"
    assert not cache.exists()  # nothing parsed or read before the module is needed
    assert platform.module() == parsed and cache.is_file()
    written = cache.stat().st_mtime_ns
    monkeypatch.setattr(platform, "_module", None)  # the next process: a new workspace over the same files
    make_workspace(tmp_path, {}).service(ObjectModelService)
    assert platform._cache is not None  # its cache is where the module will be looked for
    assert platform.module() == parsed and platform._module is not parsed
    assert cache.stat().st_mtime_ns == written  # read back, not parsed and written again
