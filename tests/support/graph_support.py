"""A small module tree for the import-graph tests, shared by the in-process command test (tests/unit) and the CLI
tests (tests/e2e/cli)."""

from __future__ import annotations

from pathlib import Path

import pytest


def make_ws(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def small(tmp_path: Path) -> Path:
    return make_ws(tmp_path, {
        "src/a.js": 'import b, { c } from "./b.js";\nimport fs from "fs";\nimport "./gone.js";\n',
        "src/b.js": 'export default 1;\nexport const c = 2;\nimport("./a.js");\n',
        "lib/x.cjs": 'const { c } = require("../src/b.js");\n',
    })
