"""Measurement: the deprecated members the object model reads from real typings equal what TypeScript itself
says is deprecated (its JSDoc API, `tests/corpus/deprecated_oracle.js`: a member is deprecated when every one of
its declarations carries `@deprecated`, as TypeScript then flags each use), and nothing is marked removed.

Packages whose own typings carry `@deprecated` tags (overloaded and merged members among them), installed from
the npm registry into the test cache outside git at test time; skipped only when npm or the registry cannot be
reached. Prints the figures."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.corpus.engines import engines as npm
from tests.support.npm_cache import Unavailable, npm_install

pytestmark = pytest.mark.slow  # npm fetches

# (package, version, entry typings inside the package, the import that brings the package into a workspace)
PACKAGES = [
    ("commander", "12.1.0", "typings/index.d.ts", 'import { Command } from "commander";\n'),
    ("@types/yargs", "17.0.33", "index.d.ts", 'import yargs from "yargs";\n'),
    ("@types/express-serve-static-core", "4.19.6", "index.d.ts",
     'import { Request } from "express-serve-static-core";\n'),
    ("moment", "2.30.1", "moment.d.ts", 'import moment from "moment";\n'),
]
ORACLE = __import__("pathlib").Path(__file__).with_name("deprecated_oracle.js")


def _oracle(tools, pkg_dir, entry) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    proc = subprocess.run([node, str(ORACLE), str(tools / "node_modules" / "typescript"), str(pkg_dir), str(entry)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _ours(tmp_path, root, importing: str):
    from lsp_server import plugins
    from lsp_server.config import load_settings
    from lsp_server.knowledge.object_model import model_for
    from lsp_server.workspace import Workspace

    plugins.load()
    # a copy: typings are read only inside the workspace (a symlink out of it is refused)
    shutil.copytree(root / "node_modules", tmp_path / "node_modules", symlinks=False)
    (tmp_path / "app.ts").write_text(importing, encoding="utf-8")
    ws = Workspace(tmp_path, load_settings(tmp_path))
    model = model_for(ws)
    deprecated, removed, seen = set(), set(), set()
    for spec, src in model.sources:
        if src.kind != "dts":
            continue
        for mod in src.modules.values():
            members = [(f"{t.name}.{m.name}", m) for t in mod.types.values() if "$" not in t.name
                       for m in t.members if m.kind != "constructor"]
            members += list(mod.values.items())
            for key, m in members:
                seen.add(key)
                if m.status == "deprecated":
                    deprecated.add(key)
                elif m.status == "removed":
                    removed.add(key)
    return deprecated, removed, seen


@pytest.mark.parametrize("package,version,entry,importing", PACKAGES, ids=[p[0] for p in PACKAGES])
def test_deprecated_members_equal_typescripts(tmp_path, capsys, package, version, entry, importing):
    try:
        root = npm_install(npm.cache_dir() / f"deprecated-{package.replace('/', '+')}", [f"{package}@{version}"])
        tools = npm.install_tools()
    except Unavailable as exc:
        pytest.skip(str(exc))
    pkg_dir = root / "node_modules" / package
    oracle = _oracle(tools, pkg_dir, pkg_dir / entry)
    ours, removed, seen = _ours(tmp_path, root, importing)
    expected = set(oracle["deprecated"])
    with capsys.disabled():
        print(f"\n{package}@{version}: {oracle['tags']} @deprecated tags, {len(expected)} members deprecated "
              f"in every declaration (TypeScript); ours {len(ours)}: {sorted(ours)}; removed: {len(removed)}")
    assert oracle["tags"] > 0, "the package's typings carry no @deprecated tag: the measurement measured nothing"
    assert removed == set(), f"typings never say removed: {sorted(removed)}"
    assert expected <= seen, f"members the model does not hold: {sorted(expected - seen)}"
    assert ours == expected, f"missing: {sorted(expected - ours)}; extra: {sorted(ours - expected)}"
