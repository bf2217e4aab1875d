"""The registry of area modules: the one place that says which modules register checks, commands, CLI verbs,
providers, services and config sections, so `load()` imports exactly these.

An explicit list instead of a package scan: what is loaded is readable here, a module is never picked up by
accident (a helper, a test double, a half-written file), and start-up cost can be seen and ordered. Adding a
feature is one line below; `tests/unit/test_plugins_registry.py` fails when a module registers something and is
not listed, or is listed and does not exist.
"""

from __future__ import annotations

import importlib
import logging
import threading

log = logging.getLogger(__name__)

MODULES = (
    # checks: the built-in checks and the commands every surface has
    "lsp_server.checks.syntax",
    "lsp_server.checks.budget",
    "lsp_server.checks.builtin_commands",
    # loop controls for agents
    "lsp_server.guards",
    # features: footprints, find in files
    "lsp_server.features.footprints",
    "lsp_server.features.find_in_files",
    # knowledge: the docs index, the object model, check_symbols, lookup, rag
    "lsp_server.knowledge.docs_index",
    "lsp_server.knowledge.concepts",
    "lsp_server.knowledge.object_model",
    "lsp_server.knowledge.check_symbols",
    "lsp_server.knowledge.unknown_symbol",
    "lsp_server.knowledge.lookup",
    "lsp_server.knowledge.search_queries",
    "lsp_server.knowledge.generators",
    "lsp_server.knowledge.rag",
    # conventions: rules, their diagnostics, the review and hooks
    "lsp_server.conventions.service",
    "lsp_server.conventions.diagnostics",
    "lsp_server.conventions.commands",
    # graph: the import graph, its checks, rules, references and commands
    "lsp_server.graph.service",
    "lsp_server.graph.rules",
    "lsp_server.graph.checks",
    "lsp_server.graph.references",
    "lsp_server.graph.commands",
)

_loaded = False
_lock = threading.Lock()


def load() -> None:
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        for name in MODULES:
            importlib.import_module(name)
        _loaded = True
