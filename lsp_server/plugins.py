"""Loads every area module once, so their decorators register checks, commands, CLI verbs and services.

Adding a feature is adding a module to one of AREAS' packages: nothing else to wire.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import threading

log = logging.getLogger(__name__)

AREAS = (
    "lsp_server.checks",
    "lsp_server.features",
    "lsp_server.knowledge",
    "lsp_server.conventions",
    "lsp_server.graph",
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
        for area in AREAS:
            package = importlib.import_module(area)
            for info in pkgutil.walk_packages(package.__path__, prefix=f"{area}."):
                importlib.import_module(info.name)
        _loaded = True
