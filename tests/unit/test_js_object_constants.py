"""An engine's exported object constants (`export const layouts = Object.freeze({ list: 'list', tiles: 'tiles' })`,
`export const states = { pending: 'pending' }`) read as a namespace of their keys, as `declare const x: { ... }` is
read from typings: a key the object lacks is reported with the did-you-mean, unless something may add keys to it
(a write, `Object.assign`, a spread or computed key, a call that is given the object, another file's write, another
declaration of the name): then it stays open and nothing is reported."""

from __future__ import annotations

import json
import textwrap

from lsp_server.knowledge.model_sources.js import extract_js
from tests.support.symbols_helpers import make_workspace, symbol_findings


def read(tmp_path, files: dict[str, str], entry: str = "index.js"):
    for name, code in files.items():
        (tmp_path / name).write_text(textwrap.dedent(code), encoding="utf-8")
    return extract_js(tmp_path / entry, "pkg").modules["pkg"]


def closed(mod, name: str) -> bool:
    t = mod.types[name]
    return t.kind == "namespace" and not t.open and mod.values[name].type == f"typeof {name}"


def test_frozen_and_plain_exported_constants_report_a_missing_key(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/eng/package.json": json.dumps({"name": "eng", "type": "module", "main": "index.js"}),
        "node_modules/eng/index.js": """
            export const layouts = Object.freeze({ list: 'list', tiles: 'tiles' });
            export const states = { initial: 'initial', pending: 'pending', complete: 'complete' };
            export function describe(s) { return s === states.pending ? Object.keys(layouts) : []; }
        """,
        "src/app.js": """
            import { layouts, states } from 'eng';
            console.log(layouts.tiles, layouts.list, states.pending, states.complete);
            console.log(layouts.Tiles, states.compete);
        """,
    })
    found = {f["name"]: f["data"]["suggestions"] for f in symbol_findings(ws, "src/app.js")}
    assert found == {"Tiles": ["tiles"], "compete": ["complete"]}


def test_a_constant_given_keys_in_its_file_stays_open(tmp_path):
    mod = read(tmp_path, {"index.js": """
        export const written = { a: 1 };
        written.b = 2;
        export const assigned = { a: 1 };
        Object.assign(assigned, more);
        export const given = { a: 1 };
        register(given);
        export const aliased = { a: 1 };
        const alias = aliased;
        export const called = { a: 1, add(k) { this[k] = 1; } };
        called.add('b');
        export const spread = { ...defaults, a: 1 };
        export const computed = { [key]: 1, a: 2 };
        export const keyed = { a: 1 };
        keyed[name] = 3;
        export const empty = Object.freeze({});
        export const read = { a: 1, b: 2 };
        console.log(read.a, read['b'], Object.keys(read), 'a' in read);
        export const frozen = Object.freeze({ a: 1 });
        register(frozen);
    """})
    for name in ("written", "assigned", "given", "aliased", "called", "spread", "computed", "keyed", "empty"):
        assert mod.types[name].open, name
    assert closed(mod, "read") and closed(mod, "frozen")
    assert {m.name for m in mod.types["read"].members} == {"a", "b"}
    assert all(m.static for m in mod.types["read"].members)


def test_a_constant_written_in_another_file_of_the_package_stays_open(tmp_path):
    mod = read(tmp_path, {
        "index.js": """
            import { extended as ext, untouched } from './config.js';
            ext.more = true;
            export { ext as extended, untouched };
        """,
        "config.js": """
            export const extended = { base: 1 };
            export const untouched = { base: 1 };
        """,
    })
    assert mod.types["extended"].open
    assert closed(mod, "untouched")


def test_only_exported_object_constants_are_read_so(tmp_path):
    mod = read(tmp_path, {"index.js": """
        const local = { a: 1 };
        let reassigned = { a: 1 };
        export { reassigned };
        export const later = { a: 1 };
        export const notObject = make({ a: 1 });
    """})
    assert "local" not in mod.types and "reassigned" not in mod.types and "notObject" not in mod.types
    assert closed(mod, "later")


def test_a_name_two_files_of_a_folder_export_is_no_closed_constant(tmp_path):
    (tmp_path / "a.js").write_text("export const styles = { root: 'x' };\n", encoding="utf-8")
    (tmp_path / "b.js").write_text("export const styles = css`:host {}`;\n", encoding="utf-8")
    (tmp_path / "c.js").write_text("export const only = { root: 'x' };\n", encoding="utf-8")
    mod = extract_js(tmp_path, "pkg").modules["pkg"]
    assert mod.types["styles"].open and mod.values["styles"].type == ""
    assert closed(mod, "only")
