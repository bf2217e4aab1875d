"""surfaces/mcp/freshness.py: what one refresh tells the workspace, after edits, new files (in a new folder too),
deletions and a settings change; nothing on the first walk or when nothing changed."""

from __future__ import annotations

import os
from pathlib import Path

from lsp_server.surfaces.mcp.freshness import Freshness
from lsp_server.workspace import Workspace


def rel(root: Path, paths: list[Path]) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in paths)


def touch_later(path: Path, text: str) -> None:
    """Write `text` with an mtime one second past the old one (the file system's clock may not have ticked)."""
    old = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(old + 1_000_000_000, old + 1_000_000_000))


def test_refresh_reports_edits_new_and_deleted_files(tmp_path: Path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.js").write_text("export const a = 1;\n", encoding="utf-8")
    (tmp_path / "src" / "b.js").write_text("export const b = 1;\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a source\n", encoding="utf-8")
    ws = Workspace(tmp_path)
    fresh = Freshness(ws)
    assert fresh.refresh(sources=True) == []  # the first walk: the indexes are built after it
    assert fresh.refresh(sources=True) == []

    touch_later(tmp_path / "src" / "a.js", "export const a = 2;\n")
    (tmp_path / "src" / "b.js").unlink()
    (tmp_path / "src" / "deep" / "er").mkdir(parents=True)
    (tmp_path / "src" / "deep" / "er" / "c.js").write_text("export const c = 1;\n", encoding="utf-8")
    (tmp_path / "src" / "image.png").write_bytes(b"\x89PNG")
    assert rel(tmp_path, fresh.refresh(sources=True)) == ["src/a.js", "src/b.js", "src/deep/er/c.js"]
    assert fresh.refresh(sources=True) == []  # each change is told once

    touch_later(tmp_path / "src" / "deep" / "er" / "c.js", "export const c = 2;\n")  # the new file is tracked
    assert rel(tmp_path, fresh.refresh(sources=True)) == ["src/deep/er/c.js"]


def test_settings_files_are_watched_for_every_tool(tmp_path: Path):
    (tmp_path / "footprint.toml").write_text("[limits]\nidentical_calls_per_turn = 4\n", encoding="utf-8")
    ws = Workspace(tmp_path)
    fresh = Freshness(ws)
    assert fresh.refresh(sources=False) == []
    touch_later(tmp_path / "footprint.toml", "[limits]\nidentical_calls_per_turn = 1\n")
    assert rel(tmp_path, fresh.refresh(sources=False)) == ["footprint.toml"]
    from lsp_server.guards import LimitsConfig

    assert ws.settings.get(LimitsConfig).identical_calls_per_turn == 1  # the settings were reloaded
    assert fresh.files is None  # a lookup tool never walks the sources
