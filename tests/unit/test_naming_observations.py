"""The naming conventions' records (knowledge/naming.py): keyed by content, never by folder, so that a
checkout elsewhere takes them from an index artifact; each example's observations kept, so that a mining
after an edit runs the tracker over the edited example only and still gives exactly what a full mining gives;
what comes from an artifact checked as data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lsp_server.config import load_settings
from lsp_server.knowledge import naming
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES

# A workspace file that uses the engine is one of the examples; this one names a `Document` `zebra`.
ZEBRA = 'import { Document } from "@acme/layout";\nexport const zebra = new Document();\nzebra.render();\n'
# and this one types `leafFont` only once a convention says what an undeclared `zebra` is.
LEAF = 'import { Document } from "@acme/layout";\nexport const leafFont = zebra.font;\n'


def _checkout(base: Path) -> Path:
    """examples/layout-app with its engine pack beside it, at `base`."""
    shutil.copytree(EXAMPLES / "layout-app", base / "layout-app", ignore=shutil.ignore_patterns("node_modules"))
    shutil.copytree(EXAMPLES / "layout-engine", base / "layout-engine")
    return base / "layout-app"


def _model(root: Path, home: Path, monkeypatch):
    """The object model a new process builds on `root`, under one user's caches."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    model = Workspace(root, load_settings(root, root / "footprint.toml")).service(ObjectModelService).model
    assert model.conventions is None and model.examples
    return model


@pytest.fixture
def counted(monkeypatch) -> list[int]:
    """How many examples each mining analysed (one entry per mining)."""
    minings: list[int] = []
    real_mine = naming.mine

    def mine(model, known=None):
        found = real_mine(model, known)
        minings.append(naming.examples_analysed(model))
        return found
    monkeypatch.setattr(naming, "mine", mine)
    return minings


def _full_mining(model) -> dict:
    """What mining from nothing gives (no cache, no record)."""
    conventions = naming.mine(model, None)
    model.conventions = None
    return conventions


def test_a_checkout_in_another_folder_takes_the_artifacts_conventions(tmp_path, monkeypatch, counted):
    a = _model(_checkout(tmp_path / "a"), tmp_path / "home-a", monkeypatch)
    entry = naming.artifact_entry(a)
    assert len(counted) == 1 and counted[0] >= len(a.examples)  # mined once: every example analysed
    assert str(tmp_path) not in repr(entry)  # nothing in it names the folder it was built in
    # `index build` run again: the conventions read back from the cache, the observations too, nothing analysed
    rebuilt = _model(tmp_path / "a" / "layout-app", tmp_path / "home-a", monkeypatch)
    assert naming.artifact_entry(rebuilt) == entry and counted[1:] == [0]
    assert rebuilt.example_members == a.example_members  # (as they were, once the observations were replayed)

    # The same files elsewhere, deeper, under another user's caches: same key, nothing mined.
    b = _model(_checkout(tmp_path / "b" / "deeper"), tmp_path / "home-b", monkeypatch)
    assert naming.inputs_of(b) == naming.inputs_of(a)
    minings = len(counted)
    taken = naming.ensure_conventions(b, offered={naming.ARTIFACT_ENTRY: entry})
    assert len(counted) == minings
    # exactly what this checkout mines without it, its examples' labels its own paths
    alone = _model(tmp_path / "b" / "deeper" / "layout-app", tmp_path / "home-alone", monkeypatch)
    assert taken and taken == naming.ensure_conventions(alone, offered=None)
    assert b.example_members == alone.example_members
    assert all(str(tmp_path / "b") in c.source for c in taken.values() if "/" in c.source)
    minings = len(counted)

    # Then they are this checkout's own: a new process reads them back without the artifact.
    again = _model(tmp_path / "b" / "deeper" / "layout-app", tmp_path / "home-b", monkeypatch)
    assert naming.ensure_conventions(again, offered=None) == taken and len(counted) == minings


def test_only_the_examples_an_edit_concerns_are_analysed_and_the_result_is_a_full_minings(tmp_path, monkeypatch,
                                                                                              counted):
    root_a = _checkout(tmp_path / "a")
    (root_a / "src" / "leaf.js").write_text(LEAF, encoding="utf-8")
    a = _model(root_a, tmp_path / "home-a", monkeypatch)
    entry = naming.artifact_entry(a)
    assert "zebra" not in a.conventions and "leafFont" not in a.conventions

    root_b = _checkout(tmp_path / "b")
    (root_b / "src" / "leaf.js").write_text(LEAF, encoding="utf-8")
    (root_b / "src" / "zebra.js").write_text(ZEBRA, encoding="utf-8")  # a new example, after the artifact
    b = _model(root_b, tmp_path / "home-b", monkeypatch)
    assert len(b.examples) == len(a.examples) + 1
    mined = naming.ensure_conventions(b, offered={naming.ARTIFACT_ENTRY: entry})
    # Mined again (the inputs differ): the tracker ran over the new example, and again over leaf.js, which
    # looked `zebra` up and now finds a convention for it; every other observation was reused.
    assert mined["zebra"].target == ("@acme/layout", "Document")
    assert mined["leafFont"].target == ("@acme/layout", "Font")
    assert counted[-1] <= 2 * naming.ROUNDS
    assert mined == _full_mining(b)

    # The observations were kept here too: editing it again analyses it alone, from this user's cache.
    (root_b / "src" / "zebra.js").write_text(ZEBRA.replace("zebra", "okapi"), encoding="utf-8")
    c = _model(root_b, tmp_path / "home-b", monkeypatch)
    edited = naming.ensure_conventions(c, offered=None)
    assert counted[-1] <= naming.ROUNDS and "okapi" in edited and "zebra" not in edited
    assert edited == _full_mining(c)


def test_a_partial_match_takes_the_records_members_when_the_conventions_come_out_the_same(tmp_path, monkeypatch,
                                                                                          counted):
    """An artifact made before one file that uses the engine was edited: the conventions are mined again (the
    edited example analysed), and when they come out the same, the members the engine's own examples use are
    the artifact's (`members_key`), not found again by analysing every own example; when they differ, found
    again. Either way exactly what this checkout gives alone."""
    a = _model(_checkout(tmp_path / "a"), tmp_path / "home-a", monkeypatch)
    entry = naming.artifact_entry(a)
    found_again: list[int] = []
    real_members = naming.example_members
    monkeypatch.setattr(naming, "example_members", lambda model: found_again.append(1) or real_members(model))

    root_b = _checkout(tmp_path / "b")
    app = root_b / "src" / "app.js"
    app.write_text(app.read_text(encoding="utf-8") + "\nexport const editedAfterTheArtifact = 1;\n", encoding="utf-8")
    b = _model(root_b, tmp_path / "home-b", monkeypatch)
    assert naming.inputs_of(b).key != naming.inputs_of(a).key  # a partial match: mined again
    minings = len(counted)
    taken = naming.ensure_conventions(b, offered={naming.ARTIFACT_ENTRY: entry})
    assert len(counted) == minings + 1 and found_again == []
    alone = _model(root_b, tmp_path / "home-alone", monkeypatch)
    assert naming.ensure_conventions(alone, offered=None) == taken and found_again == [1]
    assert b.example_members == alone.example_members

    # A conventions' change (a new example naming a `Document` `zebra`): the members are found again.
    (root_b / "src" / "zebra.js").write_text(ZEBRA, encoding="utf-8")
    c = _model(root_b, tmp_path / "home-c", monkeypatch)
    assert "zebra" in naming.ensure_conventions(c, offered={naming.ARTIFACT_ENTRY: entry}) and found_again == [1, 1]


@pytest.mark.parametrize("damage", ["unknown type", "example out of range", "bad kind", "bad observation"])
def test_an_artifacts_entry_that_is_not_well_formed_is_refused(tmp_path, monkeypatch, counted, damage):
    a = _model(_checkout(tmp_path / "a"), tmp_path / "home-a", monkeypatch)
    entry = naming.artifact_entry(a)
    name = next(n for n, c in a.conventions.items() if c.kind == "inst")
    row = next(r for r in entry["conventions"] if r[0] == name)
    if damage == "unknown type":
        row[2] = ["@acme/layout", "NoSuchType"]
    elif damage == "example out of range":
        row[3] = len(a.examples) + 5
    elif damage == "bad kind":
        row[1] = "code"
    else:  # an observation claiming a pair of the wrong shape: that example is analysed again
        examples = entry["examples"]
        digest = next(d for d, observations in examples.items() if observations[0][1])
        examples[digest] = [[[], [["x", "inst", "not a type id"]], []]]
        entry["key"] = "0" * 64  # not the whole result: its observations are all it offers
    b = _model(_checkout(tmp_path / "b"), tmp_path / "home-b", monkeypatch)
    got = naming.ensure_conventions(b, offered={naming.ARTIFACT_ENTRY: entry})
    # Mined here: from the artifact's observations, which are checked one by one (a damaged one is analysed
    # again); the damaged row taught nothing.
    assert counted[-1] == (1 if damage == "bad observation" else 0)
    assert got == _full_mining(b)
