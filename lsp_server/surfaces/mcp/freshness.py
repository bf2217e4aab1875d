"""What changed on disk since the last MCP call: stat-based, because no file watcher reaches an MCP server.

The LSP learns of edits from the editor (didChange, didChangeWatchedFiles); a CLI verb starts afresh each
time. An MCP server lives as long as the agent's session and the agent edits files between calls, so before
each call `Freshness.refresh` stats what the workspace's indexes depend on and tells `Workspace.files_changed`
which files changed, appeared or vanished (the same entry point as the LSP's watched-file events):

- always: the settings' watched files (`footprint.toml`, the user config, pack manifests): a change reloads
  the settings;
- for the tools that read workspace sources (`Tool.reads_sources`): every source file the walker listed, by
  (mtime_ns, size), and every folder holding one, by its mtime: a folder whose mtime moved (a file created,
  deleted or renamed in it) is walked again to find new files.

The first refresh of a workspace walks it once and reports nothing (the indexes are built after it). Each later
one costs a `stat` per source file and folder (a few milliseconds per thousand files) and a walk of the folders
that changed. A file's own content is never read here: documents are re-read by mtime anyway
(`Workspace.document`); this is for the indexes (the import graph above all).
Known limit: a source file created in a folder that held no source file when it was first walked is found only
when its parent folder changes or another tool names it.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lsp_server.workspace import Workspace

Stamp = tuple[int, int] | None  # (mtime_ns, size); None: missing


def _stamp(path: str | Path) -> Stamp:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_mtime_ns, st.st_size)


class Freshness:
    """The stamps one workspace's indexes were last told about."""

    def __init__(self, workspace: "Workspace"):
        self.workspace = workspace
        self.lock = threading.Lock()
        self.watched: dict[Path, Stamp] = {}
        # Keyed by str: this loop stats every source file at each call, and str paths stat faster than Paths.
        self.files: dict[str, Stamp] | None = None  # None: the sources were never walked
        self.folders: dict[str, Stamp] = {}

    def refresh(self, sources: bool) -> list[Path]:
        """Tell the workspace what changed since the last refresh; the paths it was told about."""
        with self.lock:  # held while the indexes are told: a concurrent call must not answer before they know
            changed = self._watched()
            if sources:
                changed += self._sources()
            if changed:
                self.workspace.files_changed(changed)
        return changed

    def _watched(self) -> list[Path]:
        changed = []
        for path in self.workspace.settings.watched:
            now = _stamp(path)
            if path in self.watched and self.watched[path] != now:
                changed.append(path)
            self.watched[path] = now
        return changed

    def _sources(self) -> list[Path]:
        ws = self.workspace
        if self.files is None:
            self.files = {}
            self._add(ws.files(), [])
            self.folders.setdefault(str(ws.root), _stamp(ws.root))
            return []
        changed = []
        for path, old in list(self.files.items()):
            now = _stamp(path)
            if now != old:
                changed.append(Path(path))
                if now is None:
                    del self.files[path]  # vanished: told once
                else:
                    self.files[path] = now
        for folder, old in list(self.folders.items()):
            now = _stamp(folder)
            if now == old:
                continue
            if now is None:
                del self.folders[folder]
                continue
            self.folders[folder] = now
            self._add(ws.files(Path(folder)), changed)  # only the files not known yet are new
        return changed

    def _add(self, paths, changed: list[Path]) -> None:
        """Record the files among `paths` not known yet (appending them to `changed`) and their folders."""
        assert self.files is not None
        for path in paths:
            key = str(path)
            if key in self.files:
                continue
            self.files[key] = _stamp(key)
            changed.append(path)
            folder = os.path.dirname(key)
            if folder not in self.folders:
                self.folders[folder] = _stamp(folder)
        # (the first walk passes a throwaway list: nothing it finds is news)
