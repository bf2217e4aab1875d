"""plugins.MODULES is the whole list of modules that register something: none missing, none stale."""

from __future__ import annotations

import re
from pathlib import Path

from lsp_server import plugins

PACKAGE = Path(plugins.__file__).parent
# A line starting with one of these decorators registers a check, command, CLI verb, provider, service or
# config section into a registry that plugins.load() must fill.
REGISTERING = re.compile(r"^@(?:providers\.)?(check|command|cli_command|config_section|service|hover_provider|"
                         r"references_provider|highlight_provider|code_action_provider)\b", re.M)
# Modules that register into a registry of their own and are imported by whoever uses them (the CLI entry
# point registers its own verbs; providers.py defines the decorators).
SELF_LOADED = {"lsp_server.cli", "lsp_server.providers"}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def registering_modules() -> set[str]:
    return {_module_name(p) for p in PACKAGE.rglob("*.py")
            if REGISTERING.search(p.read_text(encoding="utf-8"))} - SELF_LOADED


def test_every_registering_module_is_listed():
    assert registering_modules() - set(plugins.MODULES) == set()


def test_every_listed_module_exists_and_registers_something():
    assert set(plugins.MODULES) - registering_modules() == set()
    assert len(plugins.MODULES) == len(set(plugins.MODULES))


def test_load_imports_exactly_the_listed_modules_and_registers_them():
    import sys

    plugins.load()
    assert all(name in sys.modules for name in plugins.MODULES)
    from lsp_server.checks import CHECKS
    from lsp_server.commands import CLI_COMMANDS, COMMANDS

    assert {"conventions", "dependencies", "rule-files", "syntax", "unknown-symbol"} <= set(CHECKS)  # tests add more
    assert "lookup_docs" in COMMANDS and "lookup" in CLI_COMMANDS
