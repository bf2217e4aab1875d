"""`footprint-ls graph` and `footprint-ls check` as users run them (subprocess), and the bundled example's
deliberate dependency mistakes (the `dependency_graph` command in process: tests/unit/test_graph_commands.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.conftest import EXAMPLES, run_cli
from tests.support.graph_support import small  # noqa: F401 - fixture

GRAPH_CODES = {"unresolved-import", "unknown-export", "import-cycle", "layer-violation"}


def test_graph_json_contract(small: Path):
    proc = run_cli("graph", "--json", str(small / "src"))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data == {
        "modules": ["a.js", "b.js"],
        "edges": [{"from": "a.js", "to": "b.js", "kind": "import", "names": ["c", "default"]},
                  {"from": "a.js", "to": "node:fs", "kind": "import", "names": ["default"]},
                  {"from": "b.js", "to": "a.js", "kind": "dynamic", "names": []}],
        "unresolved": [{"from": "a.js", "specifier": "./gone.js", "line": 2}],
        "cycles": [["a.js", "b.js"]],
    }
    whole = json.loads(run_cli("graph", "--format", "json", str(small)).stdout)
    assert {"from": "lib/x.cjs", "to": "src/b.js", "kind": "require", "names": ["c"]} in whole["edges"]


def test_graph_dot_and_text(small: Path):
    dot = run_cli("graph", "--format", "dot", str(small))
    assert dot.returncode == 0 and dot.stdout.startswith("digraph imports {")
    assert '"src/a.js" -> "src/b.js" [color=red' in dot.stdout
    assert '"src/b.js" -> "src/a.js" [color=red, style=dashed]' in dot.stdout
    text = run_cli("graph", str(small))
    assert "cycle: src/a.js -> src/b.js -> src/a.js" in text.stdout
    assert "src/a.js:3: unresolved './gone.js'" in text.stdout


def test_graph_bad_input_is_a_usage_error(tmp_path: Path):
    proc = run_cli("graph", str(tmp_path / "nope"))
    assert proc.returncode == 2 and "no such file or directory" in proc.stderr
    proc = run_cli("graph", "--json", "--format", "dot", str(tmp_path))
    assert proc.returncode == 2 and "disagree" in proc.stderr


def test_check_reports_graph_findings_as_json(small: Path):
    proc = run_cli("check", "--format", "json", str(small), cwd=small)
    found = [(f["path"], f["line"], f["code"]) for f in json.loads(proc.stdout) if f["code"] in GRAPH_CODES]
    assert found == [("src/a.js", 0, "import-cycle"), ("src/a.js", 2, "unresolved-import"),
                     ("src/b.js", 2, "import-cycle")]
    assert proc.returncode == 1  # the unresolved relative import is an error


def test_example_app_dependency_findings():
    """examples/layout-app/expected-findings.json lists its deliberate mistakes (1-based lines); the graph's
    four codes must be reported exactly there, and nowhere else."""
    app = EXAMPLES / "layout-app"
    expected = {(e["path"], e["line"] - 1, e["code"])
                for e in json.loads((app / "expected-findings.json").read_text()) if e["code"] in GRAPH_CODES}
    assert len(expected) == 5
    proc = run_cli("check", str(app), "--format", "json", cwd=app)
    assert proc.returncode in (0, 1), proc.stderr
    got = {(f["path"], f["line"], f["code"]) for f in json.loads(proc.stdout) if f["code"] in GRAPH_CODES}
    assert got == expected
    messages = {f["code"]: f["message"] for f in json.loads(proc.stdout) if f["code"] in GRAPH_CODES}
    assert "import src/repositories/ReportRepository.js instead" in messages["layer-violation"]
    assert "formatCurrency" in messages["unknown-export"]


def test_graph_of_a_mixed_typescript_project(tmp_path: Path):
    """Over FORK_POOL_THRESHOLD files (from there the CLI parses in forked copies of itself when they also
    weigh FORK_MIN_BYTES and the machine has idle cores: tested below): JavaScript and TypeScript modules,
    NodeNext `.js` specifiers, a tsconfig alias above the folder asked for, a value cycle and a type-only one."""
    count = 160  # over FORK_POOL_THRESHOLD
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}')
    src = tmp_path / "src"
    src.mkdir()
    for i in range(count):
        ext = ".ts" if i % 2 else ".js"
        nxt = (i + 1) % count
        spec = f"./m{nxt}.js" if i % 3 else f"@/m{nxt}"
        (src / f"m{i}{ext}").write_text(f'import {{ v{nxt} }} from "{spec}";\nexport const v{i} = 1;\n')
    # m0 -> m1 -> ... -> m159 -> m0 is one value cycle; t1 <-> t2 only through a type import.
    (src / "t1.ts").write_text('import type { T2 } from "./t2.js";\nimport { t2 } from "./t2.js";\nexport type T1 = 1;\n')
    (src / "t2.ts").write_text('import type { T1 } from "./t1";\nexport const t2 = 1;\nexport type T2 = 2;\n')
    proc = run_cli("graph", "--json", str(src), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert len(data["modules"]) == count + 2
    name = {i: f"m{i}{'.ts' if i % 2 else '.js'}" for i in range(count)}
    edges = {(e["from"], e["to"], e["kind"]) for e in data["edges"]}
    assert edges == {(name[i], name[(i + 1) % count], "import") for i in range(count)} | {
        ("t1.ts", "t2.ts", "type"), ("t1.ts", "t2.ts", "import"), ("t2.ts", "t1.ts", "type")}
    assert data["unresolved"] == []
    assert data["cycles"] == [[name[i] for i in range(count)]]


def test_check_reports_dependency_findings_on_typescript(tmp_path: Path):
    """`footprint-ls check` on TypeScript: a value cycle through a tsconfig alias is reported, a cycle closed
    only by `import type` is not, and an unknown named import is an error."""
    (tmp_path / "package.json").write_text('{"name": "p"}')
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}')
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.ts").write_text('import type { B } from "./b.js";\nimport { c } from "@/c";\n'
                              'export interface A { b: B }\nexport const a = c;\n')
    (src / "b.ts").write_text('import type { A } from "./a";\nexport type B = A[];\n')
    (src / "c.ts").write_text('import { a } from "./a";\nimport { nope } from "./b";\nexport const c = 1;\n'
                              'export const d = a;\n')
    proc = run_cli("check", "--format", "json", "src", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr  # an error was found
    findings = {(f["path"], f["code"], f["message"]) for f in json.loads(proc.stdout)}
    assert findings == {  # paths in messages: relative to the workspace (the project: package.json's folder)
        ("src/a.ts", "import-cycle", "Import cycle: src/a.ts -> src/c.ts -> src/a.ts"),
        ("src/c.ts", "import-cycle", "Import cycle: src/c.ts -> src/a.ts -> src/c.ts"),
        ("src/c.ts", "unknown-export", "'nope' is not exported by src/b.ts; it exports B"),
    }, proc.stdout + proc.stderr


def test_forked_parse_takes_over_the_files_of_a_copy_that_died(tmp_path: Path, monkeypatch):
    """The CLI's cold build parses in forked copies of itself, each taking chunks of files from one queue
    (`graph.service._parse_forked`, in process here); a copy that dies sends nothing and the process that
    forked it parses the files that copy took: the same results in the paths' order."""
    from lsp_server.graph import service

    paths = []
    for i in range(200):
        path = tmp_path / f"m{i}.js"
        path.write_text(f'import {{ v }} from "./m{i + 1}.js";\nexport const v{i} = require("./c{i}.cjs");\n')
        paths.append(str(path))
    expected = service._parse_paths(paths, 1_000_000, None)

    def packed(results):  # this process's own chunks come as ModuleInfo, the copies' packed
        return [(p, stamp, info if isinstance(info, tuple) else service.pack(info)) for p, stamp, info in results]

    assert packed(service._parse_forked(paths, 1_000_000, None, 3, lambda *_: None)) == expected
    forking, real = os.getpid(), service._parse_paths

    def dies_in_a_copy(chunk, *args, **kwargs):
        if os.getpid() != forking:
            os._exit(3)
        return real(chunk, *args, **kwargs)

    monkeypatch.setattr(service, "_parse_paths", dies_in_a_copy)
    assert packed(service._parse_forked(paths, 1_000_000, None, 3, lambda *_: None)) == expected
