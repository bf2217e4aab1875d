"""The four dependency checks through the real pipeline (`run_checks`), on workspaces in tmp_path."""

from __future__ import annotations

from pathlib import Path

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Severity
from lsp_server.workspace import Workspace

CODES = {"unresolved-import", "unknown-export", "import-cycle", "layer-violation"}


def make_ws(root: Path, files: dict[str, str]) -> Workspace:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Workspace(root)


def findings(ws: Workspace, rel: str, text: str | None = None):
    """(code, line, covered text, message, severity) of the dependency findings of `rel` (or of a buffer)."""
    if text is None:
        doc = ws.document(ws.root / rel)
    else:
        doc = ParsedDocument.create(path_to_uri(ws.root / rel), text, 7)
        ws.open_document(doc)
        ws.take_buffer(doc)  # as the server's scheduler does before it checks an open document
    out = []
    for f in run_checks(doc, CheckContext(ws), (Phase.TYPE, Phase.SAVE)):
        if f.code in CODES:
            line = doc.lines.position(f.start, "utf-16")[0]
            out.append((f.code, line, doc.source[f.start:f.end].decode(), f.message, f.severity))
    return out


def test_unresolved_relative_import_with_a_suggestion_and_fix(tmp_path: Path):
    ws = make_ws(tmp_path, {"src/a.js": 'import { x } from "./fromat.js";\n', "src/format.js": "export const x = 1;\n"})
    [(code, line, text, message, severity)] = findings(ws, "src/a.js")
    assert (code, line, text, severity) == ("unresolved-import", 0, '"./fromat.js"', Severity.ERROR)
    assert "src/fromat.js does not exist" in message and "did you mean './format.js'" in message
    doc = ws.document(tmp_path / "src/a.js")
    [finding] = [f for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code == "unresolved-import"]
    edit = finding.data["fix"]["edits"][0]
    fixed = doc.source[:edit["start"]] + edit["text"].encode() + doc.source[edit["end"]:]
    assert fixed == b'import { x } from "./format.js";\n'


def test_a_folder_import_resolves_to_its_entry_and_a_folder_without_one_is_said_so(tmp_path: Path):
    # `require('../')` from a hook's test/ folder: the hook's own package.json `main`
    ws = make_ws(tmp_path, {"hook/package.json": '{"name": "hook", "main": "lib/hook.js"}',
                            "hook/lib/hook.js": "module.exports = {};\n",
                            "hook/test/basic.js": "const hook = require('../');\n",
                            "src/readme/a.js": "const hook = require('../');\n"})
    assert findings(ws, "hook/test/basic.js") == []
    # a folder that exists but has no entry (no package.json main, no index file) is not a missing folder
    [(code, _, text, message, _)] = findings(ws, "src/readme/a.js")
    assert (code, text) == ("unresolved-import", "'../'")
    assert "does not exist" not in message and "src has no package.json main or index file" in message


def test_missing_packages_are_warnings_by_default_and_configurable(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": 'import React from "react";\nimport fs from "node:fs";\n', "footprint.toml": ""})
    [(code, line, _, message, severity)] = findings(ws, "a.js")
    assert (code, line, severity) == ("unresolved-import", 0, Severity.WARNING)
    assert "react is not installed" in message
    (tmp_path / "footprint.toml").write_text('[dependencies]\nunresolved_packages = "off"\n')
    assert findings(Workspace(tmp_path), "a.js") == []
    (tmp_path / "footprint.toml").write_text('[dependencies]\nunresolved_packages = "error"\n')
    assert findings(Workspace(tmp_path), "a.js")[0][4] == Severity.ERROR


def test_a_plain_repository_before_npm_install_is_not_told_about_its_packages(tmp_path: Path):
    """Issue 20.16: no footprint.toml and no engine pack: an uninstalled package is npm's business; a broken
    relative import is still reported, and setting the key anywhere (here: the client) brings them back."""
    ws = make_ws(tmp_path, {"a.js": 'import React from "react";\nimport { x } from "./nope.js";\n'})
    assert [(f[0], f[1]) for f in findings(ws, "a.js")] == [("unresolved-import", 1)]
    ws.reload_settings({"dependencies": {"unresolved_packages": "warning"}})
    assert [(f[0], f[1]) for f in findings(ws, "a.js")] == [("unresolved-import", 0), ("unresolved-import", 1)]


def test_object_model_modules_resolve_from_a_pack(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "engine/pack.toml": '[object_model]\nsources = [{ path = "engine.d.ts", module = "@acme/layout" }]\n',
        "engine/engine.d.ts": "export declare class Document {}\n",
        "footprint.toml": 'packs = ["engine"]\n',
        "a.js": 'import { Document } from "@acme/layout";\nimport { Other } from "@acme/other";\n',
    })
    result = findings(ws, "a.js")
    assert [(c, line) for c, line, *_ in result] == [("unresolved-import", 1)]


def test_unknown_exports_named_default_reexport_and_through_barrels(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "util/format.js": "export function formatMoney() {}\nexport function formatPercent() {}\n",
        "util/index.js": 'export * from "./format.js";\nexport { formatCents } from "./format.js";\n',
        "util/dates.cjs": "exports.formatDate = () => 1;\n",
        "util/dyn.cjs": "module.exports = build();\n",
        "util/data.json": "{}",
        "util/script.js": "window.x = 1;\n",
        "b.js": ('import { key } from "./util/data.json";\nimport s from "./util/script.js";\n'
                 'import { nothing } from "./util/script.js";\n'),
        "a.js": ('import { formatMoney, formatCurrency } from "./util/format.js";\n'
                 'import fmt from "./util/format.js";\n'
                 'import { formatPercent, nope } from "./util/index.js";\n'
                 'import dates, { formatDate, parseDate } from "./util/dates.cjs";\n'
                 'import { anything } from "./util/dyn.cjs";\n'
                 'import data from "./util/data.json";\n'
                 'const { formatMoney: m, missing } = require("./util/format.js");\n'
                 'import * as ns from "./util/format.js";\n'),
    })
    got = [(line, text, message) for code, line, text, message, _ in findings(ws, "a.js") if code == "unknown-export"]
    assert [(line, text) for line, text, _ in got] == [
        (0, "formatCurrency"), (1, "fmt"), (2, "nope"), (3, "parseDate"), (6, "missing")]
    assert "'formatCurrency' is not exported by util/format.js" in got[0][2]
    assert "did you mean" not in got[0][2]  # equally far from every export: they are listed instead
    assert "it exports formatMoney, formatPercent" in got[0][2]
    assert got[1][2].startswith("util/format.js has no default export")
    # JSON: named imports are a bundler feature, not reported; a script may be CommonJS (default allowed).
    assert [(c, line, text) for c, line, text, *_ in findings(ws, "b.js")] == [("unknown-export", 2, "nothing")]
    # The barrel's own re-export of a name its source lacks is reported in the barrel.
    barrel = findings(ws, "util/index.js")
    assert [(c, line, text) for c, line, text, *_ in barrel] == [("unknown-export", 1, "formatCents")]


def test_a_typo_gets_a_suggestion():
    from lsp_server.graph.checks import _likely_typo

    exports = {"formatMoney", "formatPercent", "formatNumber", "addHeader"}
    assert _likely_typo("formatMony", exports) == "formatMoney"
    assert _likely_typo("addHeadr", exports) == "addHeader"
    assert _likely_typo("formatCurrency", exports) is None
    assert _likely_typo("x", set()) is None


def test_cycles_reported_once_on_every_file_with_the_path(tmp_path: Path):
    ws = make_ws(tmp_path, {"src/a.js": 'import "./b.js";\nimport "./c.js";\n', "src/b.js": 'import "./c.js";\n',
                            "src/c.js": 'import { a } from "./a.js";\n'})
    for rel, line, path in [("src/a.js", 0, "src/a.js -> src/b.js -> src/c.js -> src/a.js"),
                            ("src/b.js", 0, "src/b.js -> src/c.js -> src/a.js -> src/b.js"),
                            ("src/c.js", 0, "src/c.js -> src/a.js -> src/b.js -> src/c.js")]:
        cycles = [(line_, message) for code, line_, _, message, _ in findings(ws, rel) if code == "import-cycle"]
        # a -> c -> a is a second, shorter cycle: a reports it on its second import.
        if rel == "src/a.js":
            assert cycles == [(0, f"Import cycle: {path}"), (1, "Import cycle: src/a.js -> src/c.js -> src/a.js")]
        elif rel == "src/c.js":
            assert cycles == [(0, "Import cycle: src/c.js -> src/a.js -> src/b.js -> src/c.js")] or \
                cycles == [(0, "Import cycle: src/c.js -> src/a.js -> src/c.js")]
        else:
            assert cycles == [(line, f"Import cycle: {path}")]
    (tmp_path / "footprint.toml").write_text("[dependencies]\ncycles = false\n")
    assert not [f for f in findings(Workspace(tmp_path), "src/a.js") if f[0] == "import-cycle"]


def test_layer_violation_forbidden_rule_names_the_interface(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "footprint.toml": '[dependencies]\nrules = [\n  { name = "services-use-interfaces", from = "^src/services/", '
                          'to = "^src/repositories/.*Impl\\\\.js$", message = "Services depend on interfaces", '
                          'via_interface = "src/repositories/Repo.js" },\n]\n',
        "src/services/S.js": 'import { Repo } from "../repositories/Repo.js";\nimport { RepoImpl } from "../repositories/RepoImpl.js";\n',
        "src/repositories/Repo.js": "export class Repo {}\n",
        "src/repositories/RepoImpl.js": 'import { Repo } from "./Repo.js";\nexport class RepoImpl extends Repo {}\n',
        "src/app.js": 'import { RepoImpl } from "./repositories/RepoImpl.js";\n',
    })
    [(code, line, text, message, severity)] = findings(ws, "src/services/S.js")
    assert (code, line, text, severity) == ("layer-violation", 1, '"../repositories/RepoImpl.js"', Severity.ERROR)
    assert message == ('services-use-interfaces: Services depend on interfaces; import src/repositories/Repo.js '
                       'instead ("../repositories/Repo.js")')
    assert findings(ws, "src/app.js") == []


def test_layer_allowed_rules_whitelist_and_external_targets(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "footprint.toml": '[dependencies]\nrules = [\n'
                          '  { name = "domain-is-pure", from = "^src/domain/", to = "^(src/domain/|node:path$)", allowed = true },\n'
                          '  { name = "no-fs", from = "^src/", to = "^node:fs", message = "use the storage module" },\n]\n',
        "src/domain/a.js": 'import "./b.js";\nimport path from "node:path";\nimport "../ui/c.js";\nimport fs from "node:fs";\n',
        "src/domain/b.js": "", "src/ui/c.js": "",
    })
    got = [(code, line, message.split(":")[0]) for code, line, _, message, _ in findings(ws, "src/domain/a.js")]
    assert got == [("layer-violation", 2, "domain-is-pure"), ("layer-violation", 3, "no-fs"),
                   ("layer-violation", 3, "domain-is-pure")]


def test_invalid_rules_are_configuration_errors_not_crashes(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "footprint.toml": '[dependencies]\nrules = [\n  { name = "bad", from = "(", to = "x" },\n'
                          '  { name = "typo", from = "a", to = "b", mesage = "x" },\n]\nunresolved_packages = "loud"\n',
        "a.js": 'import "./missing.js";\n',
    })
    assert [f[0] for f in findings(ws, "a.js")] == ["unresolved-import"]
    messages = [str(e) for e in ws.settings.errors]
    assert any("invalid regex in 'from'" in m and "footprint.toml:3" in m for m in messages)
    assert any("unknown key(s) mesage" in m for m in messages)
    assert any("unresolved_packages must be one of" in m for m in messages)


def test_checks_follow_the_open_buffer_not_the_disk(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": 'import { x } from "./b.js";\n', "b.js": "export const x = 1;\n"})
    assert findings(ws, "a.js") == []
    # Typing (unsaved): a new unknown name and a new import that closes a cycle with b.
    assert [(c, line) for c, line, *_ in findings(ws, "a.js", 'import { x, y } from "./b.js";\n')] == [
        ("unknown-export", 0)]
    findings(ws, "b.js", 'import "./a.js";\nexport const x = 1, y = 2;\n')
    assert [(c, line) for c, line, *_ in findings(ws, "a.js", 'import { x, y } from "./b.js";\n')] == [
        ("import-cycle", 0)]


def test_non_ascii_paths_and_text(tmp_path: Path):
    ws = make_ws(tmp_path, {"é/ü.js": 'const s = "😀";\nimport { nope } from "./中.js";\n', "é/中.js": "export const ok = 1;\n"})
    [(code, line, text, message, _)] = findings(ws, "é/ü.js")
    assert (code, line, text) == ("unknown-export", 1, "nope") and "é/中.js" in message


def test_the_dependency_check_only_reads_the_graph(tmp_path: Path):
    from lsp_server.graph.service import ImportGraphService

    ws = make_ws(tmp_path, {"a.js": 'import { x } from "./b.js";\n', "b.js": "export const x = 1;\n"})
    graph = ws.service(ImportGraphService)
    key = str((tmp_path / "a.js").resolve())
    on_disk = graph.entry(key).info
    doc = ParsedDocument.create(path_to_uri(tmp_path / "a.js"), 'import { y } from "./b.js";\n', 7)
    ws.open_document(doc)
    # Not taken in yet (the CLI's case): the check resolves the buffer's imports itself, and leaves the graph.
    codes = [f.code for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code in CODES]
    assert codes == ["unknown-export"] and graph.entry(key).info is on_disk
    ws.take_buffer(doc)  # what the server's scheduler does before it checks an open document
    assert [i.names[0].name for i in graph.entry(key).info.imports] == ["y"]
    assert [f.code for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code in CODES] == ["unknown-export"]


def test_url_and_runtime_registry_specifiers_are_never_missing_packages(tmp_path: Path):
    """Deno/browser URLs and `npm:`/`jsr:`/`bun:`/`node:` specifiers are the runtime's to fetch: no finding,
    while a bare package that is not installed still gets one (so the check is at work)."""
    source = ('import { serve } from "https://deno.land/std@0.200.0/http/server.ts";\n'
              'import confetti from "//cdn.skypack.dev/canvas-confetti";\n'
              'import chalk from "npm:chalk@5";\n'
              'import { join } from "jsr:@std/path";\n'
              'import { Database } from "bun:sqlite";\n'
              'import fs from "node:fs";\n'
              'import data from "data:text/javascript,export default 1";\n'
              'import missing from "not-installed-pkg";\n')
    ws = make_ws(tmp_path, {"src/a.js": source, "footprint.toml": ""})  # configured: missing packages reported
    found = findings(ws, "src/a.js")
    assert [(code, text) for code, _, text, _, _ in found] == [("unresolved-import", '"not-installed-pkg"')]


def test_root_absolute_imports_are_the_project_root_s_or_the_origin_s_never_a_missing_file(tmp_path: Path):
    """Browser code imports by a path on the site (`/dist/app.js`, `import('/translations/en.js')`): one the
    project root has is followed (its exports checked), one no file answers is the origin's to serve: no
    finding; a `require` of a missing absolute path is still Node's missing file (so the check is at work)."""
    source = ('import { start } from "/dist/app.js";\n'
              'import "/path/to/library/dist/library.js";\n'
              'await import("/translations/en.js");\n'
              'import { stop } from "/dist/app.js";\n'
              'const x = require("/nowhere/x.js");\n')
    ws = make_ws(tmp_path, {"package.json": "{}", "dist/app.js": "export const start = 1;\n", "src/a.js": source,
                            "footprint.toml": ""})
    found = findings(ws, "src/a.js")
    assert sorted((code, line) for code, line, *_ in found) == [("unknown-export", 3), ("unresolved-import", 4)]
    assert [(text, severity) for code, _, text, _, severity in found if code == "unresolved-import"] == [
        ('"/nowhere/x.js"', Severity.ERROR)]
    assert not [f for f in found if "/translations/" in f[2] or "/path/to/" in f[2]]


def test_taking_a_buffer_in_stops_quietly_when_its_run_is_cancelled(tmp_path: Path, caplog):
    """The server takes an open document's imports in under its check run's time limit and cancellation (a
    newer edit): stopped there, it is no failure (no traceback in the log, nothing taken in), and the next
    run takes the buffer in."""
    import logging
    import threading

    from lsp_server import queries
    from lsp_server.graph.service import ImportGraphService

    ws = make_ws(tmp_path, {"a.js": 'import { x } from "./b.js";\n', "b.js": "export const x = 1;\n"})
    graph = ws.service(ImportGraphService)
    doc = ParsedDocument.create(path_to_uri(tmp_path / "a.js"), 'import { y } from "./b.js";\n', 7)
    ws.open_document(doc)
    newer_edit = threading.Event()
    newer_edit.set()
    with caplog.at_level(logging.INFO), queries.cancelled_by(newer_edit):
        ws.take_buffer(doc)
    assert graph.taken(doc) is None
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    assert any("stopped at the document's time limit or a newer edit" in r.getMessage() for r in caplog.records)
    ws.take_buffer(doc)
    assert [i.names[0].name for i in graph.taken(doc)[0].imports] == ["y"]
