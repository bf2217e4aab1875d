"""Session: the server's mutable state (open documents, findings, workspaces, client settings).

Only the server's notification handlers mutate it, on the event loop thread; background work receives
immutable ParsedDocument snapshots and never touches the session directly.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server.config import CONFIG_FILE, find_config
from lsp_server.document import ParsedDocument, TextChange, real_path, uri_to_path
from lsp_server.findings import Finding, shift_findings
from lsp_server.languages import LANGUAGE_IDS, language_for_path
from lsp_server.positions import UTF16, Encoding
from lsp_server.workspace import Workspace

log = logging.getLogger(__name__)


@dataclass
class DocumentState:
    """An open document: its current snapshot, the workspace it was resolved to when it was opened (once:
    handlers and the scheduler use this, never a fresh lookup; again only when a footprint.toml appears or goes,
    `Session.reassign_workspaces`), and its findings by phase."""

    doc: ParsedDocument
    workspace: Workspace
    type_findings: list[Finding] = field(default_factory=list)
    save_findings: list[Finding] = field(default_factory=list)
    save_version: int | None = None  # version the save findings were computed for
    too_large_language: str | None = None  # set while the document is over max_file_bytes: kept, not analysed

    @property
    def findings(self) -> list[Finding]:
        return sorted([*self.type_findings, *self.save_findings], key=lambda f: (f.start, f.end, f.code))


TRUST_OPTION = "workspaceTrusted"


def client_options(options: dict) -> tuple[dict, bool | None]:
    """Split `initializationOptions` (or didChangeConfiguration settings) into the Footprint settings
    (the "footprint" key, else the whole object) and the trust the client declares with
    `workspaceTrusted` (beside or inside "footprint"): None when absent. Only `true` means "the client
    does not object"; any other value counts as untrusted (fail closed)."""
    options = dict(options)
    declared = options.pop(TRUST_OPTION, None)
    settings = options.get("footprint", options)
    if isinstance(settings, dict) and TRUST_OPTION in settings:
        settings = dict(settings)
        inner = settings.pop(TRUST_OPTION)
        declared = inner if declared is None else declared
    if declared is not None and declared is not True:
        if declared is not False:
            log.warning("%s must be true or false, got %r: the workspace is treated as untrusted",
                        TRUST_OPTION, declared)
        declared = False
    return (settings if isinstance(settings, dict) else {}), declared


def _package_folder(folder: Path, root: Path) -> bool:
    """Whether a footprint.toml in `folder` makes a workspace of its own inside the root folder `root`: below
    the root, and not in an installed package (`node_modules`), which is never a source of settings."""
    return root in folder.parents and "node_modules" not in folder.relative_to(root).parts


class Session:
    def __init__(self) -> None:
        self.encoding: Encoding = UTF16
        self.roots: list[Path] = []
        self.client_settings: dict = {}
        # `initializationOptions.workspaceTrusted`: False makes every folder of the session untrusted
        # (VS Code's Workspace Trust); None/True leave it to the trust store. Fixed for the session.
        self.client_trust: bool | None = None
        self.documents: dict[str, DocumentState] = {}
        self.workspaces: dict[Path, Workspace] = {}
        self.versioned_edits = True
        self.client_id = "lsp"
        self.notify_user: Callable[[str], None] | None = None  # set by the server: window/showMessage
        self._lock = threading.Lock()

    # --- open documents -------------------------------------------------------------------------------
    def open(self, uri: str, text: str, version: int, language_id: str) -> DocumentState:
        """A document the client opened: its workspace is resolved here, once. A document over
        max_file_bytes is kept in sync but not parsed (`too_large_language` set)."""
        path = uri_to_path(uri)
        language = LANGUAGE_IDS.get(language_id) or (language_for_path(path) if path else None)
        ws = self.workspace_for_path(path)
        limit = ws.settings.top.max_file_bytes
        # A character is at most 4 UTF-8 bytes: only a text that could be over the limit is encoded.
        too_large = bool(language) and len(text) * 4 > limit and len(text.encode("utf-8", "replace")) > limit
        # Parsed on first use, by the check's worker thread: not here, on the event loop (a big file's parse
        # would hold every other request back).
        doc = ParsedDocument.create(uri, text, version, language, analyse=not too_large, parse=False)
        state = self.documents[uri] = DocumentState(doc, ws, too_large_language=language if too_large else None)
        ws.open_document(doc)
        return state

    def change(self, uri: str, changes: list[TextChange], version: int) -> tuple[DocumentState | None, bool]:
        """Apply the client's changes (findings move with the edits). Returns the state (None: not open)
        and whether the document just came back under max_file_bytes (then analysed again from scratch)."""
        state = self.documents.get(uri)
        if state is None:
            return None, False
        doc, edits = state.doc.apply_changes(changes, version, self.encoding)
        state.doc = doc
        state.save_findings = shift_findings(state.save_findings, edits)
        state.type_findings = shift_findings(state.type_findings, edits)
        back = bool(state.too_large_language) and len(doc.source) <= state.workspace.settings.top.max_file_bytes
        if back:
            state.doc = doc = ParsedDocument.create(uri, doc.text, doc.version, state.too_large_language, parse=False)
            state.too_large_language, state.type_findings, state.save_findings = None, [], []
        state.workspace.open_document(doc)
        return state, back

    def close(self, uri: str) -> DocumentState | None:
        state = self.documents.pop(uri, None)
        if state is not None and state.doc.path is not None:
            state.workspace.close_document(state.doc.path, uri)
        return state

    def workspace_for_uri(self, uri: str) -> Workspace:
        """An open document's workspace (resolved when it opened), else the one its path belongs to."""
        state = self.documents.get(uri)
        return state.workspace if state is not None else self.workspace_for_path(uri_to_path(uri))

    # --- workspaces -----------------------------------------------------------------------------------
    def workspace_for_path(self, path: Path | None) -> Workspace:
        """The workspace a file belongs to. Inside a root folder (the deepest that contains it): the folder of
        its nearest footprint.toml below that root, as the CLI and the hooks decide (a monorepo's package with
        its own rules), else the root. Outside every root: the folder of its nearest footprint.toml, else its
        own folder (so a lone file still gets defaults)."""
        if path is not None:
            path = real_path(path)
            containing = [r for r in self.roots if r == path or r in path.parents]
            config = find_config(path)
            if containing:
                root = max(containing, key=lambda r: len(r.parts))
                if config is not None and _package_folder(config.parent, root):
                    return self.workspace(config.parent)
                return self.workspace(root)
            return self.workspace(config.parent if config else path.parent)
        return self.workspace(self.roots[0] if self.roots else Path.cwd())

    def workspaces_seeing(self, path: Path) -> list[Workspace]:
        """Every workspace whose files include `path`: the one it belongs to, and any other built around a
        folder above it (a monorepo root's import graph also holds its packages' modules)."""
        own = self.workspace_for_path(path)
        real = real_path(path)
        with self._lock:
            others = [ws for ws in self.workspaces.values() if ws is not own and ws.contains(real)]
        return [own, *others]

    def reassign_workspaces(self) -> list[str]:
        """A footprint.toml appeared or went away: move each open document whose workspace that changes (its
        findings were computed under the other settings: dropped) and forget package workspaces whose config
        is gone. Returns the moved documents' URIs, to be checked again."""
        moved = []
        for uri, state in list(self.documents.items()):
            path = state.doc.path
            if path is None:
                continue
            ws = self.workspace_for_path(path)
            if ws is not state.workspace:
                state.workspace.close_document(path, uri)
                state.workspace, state.type_findings, state.save_findings = ws, [], []
                ws.open_document(state.doc)
                moved.append(uri)
        in_use = {id(s.workspace) for s in self.documents.values()}
        with self._lock:
            for root, ws in list(self.workspaces.items()):
                if id(ws) not in in_use and root not in self.roots and not (root / CONFIG_FILE).is_file() \
                        and any(r in root.parents for r in self.roots):
                    del self.workspaces[root]
        return moved

    def workspace_for_command(self, uri: object) -> Workspace:
        """The workspace a command runs in. A document open in the editor brings its own (as for checks);
        any other path a client names runs in the workspace folder containing it, else in the default one,
        never in a workspace made up around it: the path guard then refuses a path outside every root."""
        try:
            path = uri_to_path(uri) if isinstance(uri, str) else None
        except ValueError:  # `file://[`: no path; the command's own argument check answers
            path = None
        if path is None:
            return self.default_workspace()
        if uri in self.documents:
            return self.documents[uri].workspace
        real = real_path(path)
        if any(r == real or r in real.parents for r in self.roots):
            return self.workspace_for_path(real)
        return self.default_workspace()

    def workspace(self, root: Path) -> Workspace:
        root = real_path(root)
        with self._lock:
            ws = self.workspaces.get(root)
            if ws is None:
                ws = Workspace(root, client_trust=self.client_trust)
                ws.notify_user = self._notify_user
                if self.client_settings:
                    ws.reload_settings(self.client_settings)
                self.workspaces[root] = ws
            return ws

    def _notify_user(self, message: str) -> None:
        if self.notify_user is not None:
            self.notify_user(message)

    def default_workspace(self) -> Workspace:
        return self.workspace_for_path(None)

    def set_client_settings(self, settings: dict) -> None:
        self.client_settings = settings or {}
        for ws in list(self.workspaces.values()):
            ws.reload_settings(self.client_settings)

    def is_config_file(self, path: Path) -> bool:
        return path.name in (CONFIG_FILE, "pack.toml")
