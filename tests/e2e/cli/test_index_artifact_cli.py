"""`footprint-ls index build|use` end to end: an artifact built in one checkout is used by a copy of it in
another folder, under another user's caches and key (another machine, as far as Footprint can tell), and
the second start re-parses only the file that differs there. A tampered artifact is refused in one line.
The counts come from the graph's own log line ("N modules, M from the cache, K parsed")."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, run_cli

MODULES = 24


def make_checkout(base: Path) -> Path:
    """A checkout with the engine pack beside it (`../pack`, as packs shared by a monorepo's projects are)."""
    shutil.copytree(REPO / "examples" / "layout-engine", base / "pack")
    repo = base / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "footprint.toml").write_text('packs = ["../pack"]\n', encoding="utf-8")
    for i in range(MODULES):
        imports = f'import {{ v{i - 1} }} from "./m{i - 1}.js";\n' if i else 'import { Document } from "@acme/layout";\n'
        (repo / "src" / f"m{i}.js").write_text(f"{imports}export const v{i} = {i};\n", encoding="utf-8")
    return repo


def use_home(monkeypatch, home: Path) -> None:
    """Caches and the signing key of one user on one machine."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("FOOTPRINT_INDEX", raising=False)
    monkeypatch.delenv("FOOTPRINT_INDEX_SHA256", raising=False)


def graph_counts(repo: Path, log: Path) -> dict[str, int]:
    """Build the graph of `repo` in a fresh process; the counts its log line reports."""
    result = run_cli("--log-file", str(log), "--log-level", "INFO", "graph", "--json", ".", cwd=repo)
    assert result.returncode == 0, result.stderr
    line = next(x for x in log.read_text().splitlines() if "import graph of" in x)
    m = re.search(r": (\d+) modules, (\d+) from the cache(?: \((\d+) from the index artifact\))?, (\d+) parsed"
                  r".*the resolutions of (\d+) modules reused", line)
    assert m, line
    return {"modules": int(m[1]), "cached": int(m[2]), "artifact": int(m[3] or 0), "parsed": int(m[4]),
            "resolutions_reused": int(m[5]), "graph": json.loads(result.stdout)}


@pytest.fixture
def built(tmp_path: Path, monkeypatch) -> tuple[Path, Path, str]:
    """(checkout A, its artifact, the artifact's digest), built under user A's caches."""
    use_home(monkeypatch, tmp_path / "home-a")
    repo = make_checkout(tmp_path / "a")
    result = run_cli("index", "build", "--json", cwd=repo)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert outcome["modules"] == MODULES and outcome["object_model_sources"] >= 1
    artifact = Path(outcome["out"])
    assert artifact == repo / ".footprint-cache" / "index"
    # Nothing in it names the folder it was built in: it serves any checkout of the same commit.
    for part in artifact.iterdir():
        assert str(tmp_path) not in part.read_text(encoding="utf-8"), part.name
    return repo, artifact, outcome["sha256"]


def test_a_copy_in_another_folder_reuses_the_artifact_and_parses_only_what_differs(built, tmp_path, monkeypatch):
    repo_a, artifact, digest = built
    shutil.copytree(repo_a.parent, tmp_path / "b", ignore=shutil.ignore_patterns(".footprint-cache"))
    repo_b = tmp_path / "b" / "repo"
    (repo_b / "src" / "m5.js").write_text('import { v4 } from "./m4.js";\nexport const v5 = 50;\n', encoding="utf-8")
    use_home(monkeypatch, tmp_path / "home-b")  # another user's caches and key: nothing of A's is signed here

    result = run_cli("index", "use", str(artifact), "--sha256", digest, "--json", cwd=repo_b)
    assert result.returncode == 0, result.stderr
    taken = json.loads(result.stdout)
    # Only the edited module is parsed (and its imports resolved): the others' extractions and resolutions came
    # with the artifact.
    assert taken["import_graph"] == {"reused": MODULES - 1, "differ": 1, "missing": 0, "bad": 0, "parsed": 1,
                                     "resolutions_reused": MODULES - 1, "resolutions_changed": 0, "resolutions_bad": 0}
    assert taken["object_model"]["sources"] >= 1 and taken["object_model"]["imports"] == MODULES - 1
    # The naming conventions were mined from the same examples (m5.js is not one: it does not use the engine):
    # taken as they are, the tracker run over none.
    assert taken["naming"]["conventions"] > 0 and taken["naming"]["analysed"] == 0
    # Every index of the checkout is up to date, what an artifact cannot carry built from its own files.
    assert taken["built_locally"] == ["import-graph", "object_model", "docs index", "rules"]
    lookup = run_cli("--log-file", str(tmp_path / "lookup.log"), "--log-level", "INFO", "lookup", "addRow", cwd=repo_b)
    assert lookup.returncode == 0, lookup.stderr
    assert "docs index:" not in (tmp_path / "lookup.log").read_text()  # reopened, not built

    # So the next start parses and resolves nothing.
    second = graph_counts(repo_b, tmp_path / "b.log")
    assert (second["modules"], second["cached"], second["parsed"]) == (MODULES, MODULES, 0)
    assert second["resolutions_reused"] == MODULES

    # The same graph as a checkout that never saw the artifact.
    use_home(monkeypatch, tmp_path / "home-c")
    fresh = graph_counts(repo_b, tmp_path / "c.log")
    assert fresh["parsed"] == MODULES and fresh["graph"] == second["graph"]


# Uses the engine, so it is one of the examples naming conventions are mined from: it names a Document `zebra`.
ZEBRA = 'import { Document } from "@acme/layout";\nexport const zebra = Document.create();\nzebra.render();\n'
# A receiver nothing declares: only the convention says what it is.
USES_ZEBRA = 'import { Document } from "@acme/layout";\nexport function f(zebra) {\n  zebra.addPag();\n}\n'


def test_an_example_that_differs_is_the_only_one_mined_again(built, tmp_path, monkeypatch):
    """A file that uses the engine differs in the copy: `index use` runs the tracker over that example (once
    per mining round) and reuses what the artifact recorded of the others; the conventions are those a
    checkout that never saw the artifact mines, and a check uses them."""
    repo_a, artifact, digest = built
    shutil.copytree(repo_a.parent, tmp_path / "b", ignore=shutil.ignore_patterns(".footprint-cache"))
    repo_b = tmp_path / "b" / "repo"
    (repo_b / "src" / "m0.js").write_text(ZEBRA, encoding="utf-8")
    (repo_b / "src" / "uses.js").write_text(USES_ZEBRA, encoding="utf-8")
    use_home(monkeypatch, tmp_path / "home-b")

    result = run_cli("index", "use", str(artifact), "--sha256", digest, "--json", cwd=repo_b)
    assert result.returncode == 0, result.stderr
    naming = json.loads(result.stdout)["naming"]
    assert naming["conventions"] > 0 and 1 <= naming["analysed"] <= 2 * 3  # m0.js and uses.js, per round
    assert naming["analysed"] < naming["examples"]

    log = tmp_path / "check.log"
    check = run_cli("--log-file", str(log), "--log-level", "INFO", "check", "src/uses.js", cwd=repo_b)
    assert "naming:" not in log.read_text()  # read back from this checkout's cache, not mined
    assert "`zebra` looks like a `Document`" in check.stdout, check.stdout

    use_home(monkeypatch, tmp_path / "home-c")  # a checkout that never saw the artifact mines everything
    fresh_log = tmp_path / "fresh.log"
    fresh = run_cli("--log-file", str(fresh_log), "--log-level", "INFO", "check", "src/uses.js", cwd=repo_b)
    assert "naming:" in fresh_log.read_text() and "no observations to reuse" in fresh_log.read_text()
    assert fresh.stdout == check.stdout


def test_a_server_or_cli_takes_the_artifact_from_the_environment(built, tmp_path, monkeypatch):
    repo_a, artifact, digest = built
    shutil.copytree(repo_a.parent, tmp_path / "b", ignore=shutil.ignore_patterns(".footprint-cache"))
    repo_b = tmp_path / "b" / "repo"
    (repo_b / "src" / "m7.js").write_text("export const v7 = 70;\n", encoding="utf-8")
    use_home(monkeypatch, tmp_path / "home-b")
    monkeypatch.setenv("FOOTPRINT_INDEX", str(artifact))
    monkeypatch.setenv("FOOTPRINT_INDEX_SHA256", digest)
    first = graph_counts(repo_b, tmp_path / "b1.log")
    assert (first["artifact"], first["parsed"], first["resolutions_reused"]) == (MODULES - 1, 1, MODULES - 1)
    # The naming conventions too: a check takes them from the artifact and mines nothing.
    (repo_b / "src" / "box.js").write_text('export function f(box) {\n  box.addRw(1);\n}\n', encoding="utf-8")
    check = run_cli("--log-file", str(tmp_path / "b-check.log"), "--log-level", "INFO", "check", "src/box.js",
                    cwd=repo_b)
    assert "`box` looks like a `Block`" in check.stdout, check.stdout
    assert "naming: " in (log := (tmp_path / "b-check.log").read_text()) and "taken from the index artifact" in log
    # What it took is now this user's own signed cache: the next start needs the artifact no more.
    monkeypatch.delenv("FOOTPRINT_INDEX")
    again = graph_counts(repo_b, tmp_path / "b2.log")
    assert (again["cached"], again["parsed"]) == (MODULES + 1, 0)  # box.js too, parsed by the check


def test_a_tampered_artifact_is_refused_in_one_line(built, tmp_path, monkeypatch):
    repo_a, artifact, digest = built
    tampered = tmp_path / "tampered"
    shutil.copytree(artifact, tampered)
    part = tampered / "import-graph.jsonl"
    text = part.read_text(encoding="utf-8")
    assert "v3" in text
    part.write_text(text.replace("v3", "v9"), encoding="utf-8")  # an export renamed: a lie about m3.js
    use_home(monkeypatch, tmp_path / "home-b")

    result = run_cli("index", "use", str(tampered), cwd=repo_a)
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert "rejected" in line and "import-graph.jsonl" in line and "tampered" in line

    # A manifest rewritten to match is still refused against the digest the team published.
    manifest = json.loads((tampered / "footprint-index.json").read_text())
    manifest["parts"]["import-graph"]["sha256"] = hashlib.sha256(part.read_bytes()).hexdigest()
    (tampered / "footprint-index.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = run_cli("index", "use", str(tampered), "--sha256", digest, cwd=repo_a)
    assert result.returncode == 2 and "not the pinned" in result.stderr and len(result.stderr.strip().splitlines()) == 1

    # Through the environment, the graph is built without it (said in the log), every file parsed.
    monkeypatch.setenv("FOOTPRINT_INDEX", str(tampered))
    monkeypatch.setenv("FOOTPRINT_INDEX_SHA256", digest)
    counts = graph_counts(repo_a, tmp_path / "t.log")
    assert (counts["artifact"], counts["parsed"]) == (0, MODULES)
    assert "index artifact rejected" in (tmp_path / "t.log").read_text()

