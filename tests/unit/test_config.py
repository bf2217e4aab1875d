"""footprint.toml + packs + client settings: layering, path resolution, and located errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lsp_server import config, plugins
from lsp_server.config import config_section, find_config, load_settings


@dataclass(frozen=True)
class _TestLimits:
    test_only_turn_cap: int = 12
    test_only_tools: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _TestDocs:
    test_only_paths: list[str] = field(default_factory=list, metadata={"path": True})


@pytest.fixture(autouse=True)
def _test_schemas():
    """Register test-only schema parts next to the real ones, and remove them afterwards."""
    plugins.load()
    config_section("limits")(_TestLimits)
    config_section("docs")(_TestDocs)
    yield
    config._SECTIONS["limits"].remove(_TestLimits)
    config._SECTIONS["docs"].remove(_TestDocs)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_no_config_gives_defaults(tmp_path):
    s = load_settings(tmp_path)
    assert s.errors == [] and s.config_path is None
    assert s.top.max_file_bytes == 2 * 1024 * 1024
    assert s.get(_TestLimits).test_only_turn_cap == 12


def test_pack_then_workspace_then_client_layers(tmp_path):
    write(tmp_path / "engine" / "pack.toml", '[docs]\ntest_only_paths = ["docs"]\n[limits]\ntest_only_turn_cap = 3\n')
    write(tmp_path / "app" / "footprint.toml",
          'packs = ["../engine"]\n[docs]\ntest_only_paths = ["extra"]\n[limits]\ntest_only_tools = ["a"]\n')
    s = load_settings(tmp_path / "app", client={"limits": {"test_only_turn_cap": 7}})
    assert s.errors == []
    docs = s.get(_TestDocs)
    # Paths resolve against the file that names them; lists concatenate, pack first.
    assert docs.test_only_paths == [str((tmp_path / "engine/docs").resolve()), str((tmp_path / "app/extra").resolve())]
    limits = s.get(_TestLimits)
    assert limits.test_only_turn_cap == 7 and limits.test_only_tools == ["a"]
    assert s.packs == [(tmp_path / "engine").resolve()]


def test_bad_toml_is_located(tmp_path):
    write(tmp_path / "footprint.toml", 'exclude = ["a"]\n\n[limits\n')
    s = load_settings(tmp_path)
    assert len(s.errors) == 1 and s.errors[0].line == 2 and "invalid TOML" in s.errors[0].message
    assert s.top.exclude == []  # defaults after a broken file


def test_unknown_key_and_wrong_type_are_located_and_the_rest_still_applies(tmp_path):
    write(tmp_path / "footprint.toml",
          'exclude = ["gen/**"]\nmax_file_bytes = "big"\n\n[limits]\ntest_only_turn_cap = 5\nbogus = 1\n[nonsense]\nx = 1\n')
    s = load_settings(tmp_path)
    messages = {(e.line, e.message.split(":")[0].split(" (")[0]) for e in s.errors}
    assert (1, "max_file_bytes") in messages
    assert (5, "unknown key 'bogus' in [limits]") in messages
    assert any(e.line == 6 and "nonsense" in e.message for e in s.errors)
    assert s.top.exclude == ["gen/**"] and s.get(_TestLimits).test_only_turn_cap == 5
    assert s.top.max_file_bytes == 2 * 1024 * 1024


def test_wrong_item_type_in_list(tmp_path):
    write(tmp_path / "footprint.toml", '[limits]\ntest_only_tools = ["a", 3]\n')
    s = load_settings(tmp_path)
    assert s.errors and "item 2" in s.errors[0].message and s.errors[0].line == 1


def test_missing_pack_is_an_error_on_the_packs_line(tmp_path):
    write(tmp_path / "footprint.toml", '# comment\npacks = ["../nope"]\n')
    s = load_settings(tmp_path)
    assert len(s.errors) == 1 and s.errors[0].line == 1 and "pack not found" in s.errors[0].message


def test_find_config_walks_up(tmp_path):
    cfg = write(tmp_path / "footprint.toml", "")
    (tmp_path / "a" / "b").mkdir(parents=True)
    assert find_config(tmp_path / "a" / "b") == cfg.resolve()
    assert find_config(tmp_path / "a" / "b" / "x.js") == cfg.resolve()


def test_cache_dir_follows_xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    s = load_settings(tmp_path)
    assert str(s.cache_dir).startswith(str(tmp_path / "xdg" / "footprint"))


def test_toml_error_without_a_line_number_is_placed_on_the_broken_line(tmp_path):
    # tomllib says "Unclosed array (at end of document)": the error goes where the array opens, not at 1:1.
    write(tmp_path / "footprint.toml", 'exclude = [\n  "gen/**",\n]\n\n[limits]\npacks_typo = ["x"\n')
    s = load_settings(tmp_path)
    assert [(e.line, "invalid TOML" in e.message) for e in s.errors] == [(5, True)]


def test_a_broken_or_missing_config_file_is_still_watched(tmp_path):
    """Fixing a file that failed to parse (or creating a missing pack) must reload the settings."""
    cfg = write(tmp_path / "footprint.toml", 'packs = ["engine"]\n')
    s = load_settings(tmp_path)
    assert cfg.resolve() in s.watched and (tmp_path / "engine" / "pack.toml").resolve() in s.watched
    write(cfg, 'exclude = ["a"\n')
    assert cfg.resolve() in load_settings(tmp_path).watched


def test_fixing_a_toml_syntax_error_reloads_the_settings(tmp_path):
    from lsp_server.workspace import Workspace

    cfg = write(tmp_path / "footprint.toml", 'exclude = ["gen/**"]\n')
    ws = Workspace(tmp_path)
    assert ws.settings.top.exclude == ["gen/**"]
    write(cfg, 'exclude = ["gen/**"]\npacks_typo = ["x"\n')
    ws.files_changed([cfg])
    assert [e.line for e in ws.settings.errors] == [1] and ws.settings.top.exclude == []
    write(cfg, 'exclude = ["gen/**"]\n')  # the user removes the broken line and saves
    ws.files_changed([cfg])
    assert ws.settings.errors == [] and ws.settings.top.exclude == ["gen/**"]
