"""The registry of area modules: the one place that says which modules register checks, commands, CLI verbs,
providers, services and config sections, so `load()` imports exactly these.

The LSP commands, CLI verbs and agent hooks are not here: they live in lsp_server/surfaces, loaded by the
surface that serves them (server.py imports surfaces/commands.py, the CLI surfaces/cli/), never by an area.

An explicit list instead of a package scan: what is loaded is readable here, a module is never picked up by
accident (a helper, a test double, a half-written file), and start-up cost can be seen and ordered. Adding a
feature is one line below; `tests/unit/test_plugins_registry.py` fails when a module registers something and is
not listed, or is listed and does not exist.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Iterable

log = logging.getLogger(__name__)

MODULES = (
    # checks: the built-in checks
    "lsp_server.checks.syntax",
    "lsp_server.checks.budget",
    # loop controls for agents
    "lsp_server.guards",
    # features: footprint code actions and highlights
    "lsp_server.features.footprints",
    # knowledge: the docs index, the object model, unknown symbols, doc hovers, the rag generators
    "lsp_server.knowledge.docs_settings",
    "lsp_server.knowledge.docs_index",
    "lsp_server.knowledge.concepts",
    "lsp_server.knowledge.object_model_settings",
    "lsp_server.knowledge.object_model",
    "lsp_server.knowledge.typescript_settings",
    "lsp_server.knowledge.unknown_symbol",
    "lsp_server.knowledge.lookup",
    "lsp_server.knowledge.generators",
    # conventions: rules and their diagnostics
    "lsp_server.conventions.settings",
    "lsp_server.conventions.service",
    "lsp_server.conventions.diagnostics",
    # graph: the import graph, its checks, rules and references
    "lsp_server.graph.service",
    "lsp_server.graph.settings",
    "lsp_server.graph.checks",
    "lsp_server.graph.references",
)

# Section -> the modules that register its schema (@config_section). Validating a config file imports those of
# the sections it names (load_config_schemas), not every area's: a hook or a `check` whose footprint.toml has
# no [limits] or [rag] does not load the loop guards or the answer generators to validate nothing.
CONFIG_SECTIONS = {
    "limits": ("lsp_server.checks.budget", "lsp_server.guards"),
    "docs": ("lsp_server.knowledge.docs_settings",),
    "concepts": ("lsp_server.knowledge.concepts",),
    "object_model": ("lsp_server.knowledge.object_model_settings",),
    "typescript": ("lsp_server.knowledge.typescript_settings",),
    "rag": ("lsp_server.knowledge.generators",),
    "rules": ("lsp_server.conventions.settings",),
    "dependencies": ("lsp_server.graph.settings",),
}
CONFIG_MODULES = tuple(dict.fromkeys(m for modules in CONFIG_SECTIONS.values() for m in modules))

# The modules that register a check (@check): what running the checks needs, so `footprint-ls check` (a whole
# process per call: pre-commit hooks, scripts) imports these and what they use, not the hover, code-action and
# reference providers, the docs index or the answer generators (a subset of MODULES).
CHECK_MODULES = (
    "lsp_server.checks.syntax",
    "lsp_server.knowledge.unknown_symbol",
    "lsp_server.conventions.diagnostics",
    "lsp_server.graph.checks",
)

_loaded = False
_checks_loaded = False
_lock = threading.Lock()


def load_config_schemas(sections: Iterable[str] | None = None) -> None:
    """Import the modules that register the schemas of `sections` (a subset of MODULES). Every schema when
    `sections` is None or names one that CONFIG_SECTIONS does not know: a misspelt section's error lists
    the known ones."""
    if _loaded:
        return
    wanted = None if sections is None else list(sections)
    if wanted is None or any(s not in CONFIG_SECTIONS for s in wanted):
        names: Iterable[str] = CONFIG_MODULES
    else:
        names = dict.fromkeys(m for s in wanted for m in CONFIG_SECTIONS[s])
    for name in names:
        importlib.import_module(name)


def load_checks() -> None:
    """Import the modules that register checks (a subset of MODULES; everything when load() ran)."""
    global _checks_loaded
    if _loaded or _checks_loaded:
        return
    with _lock:
        for name in CHECK_MODULES:
            importlib.import_module(name)
        _checks_loaded = True


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
