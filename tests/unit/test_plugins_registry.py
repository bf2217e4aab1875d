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
# Modules that register into a registry of their own and are imported by whoever uses them: the surfaces
# (server.py imports surfaces/commands.py, the CLI entry point its verbs); providers.py defines the decorators.
SURFACES = {"lsp_server.surfaces.commands", "lsp_server.surfaces.cli.agents", "lsp_server.surfaces.cli.core",
            "lsp_server.surfaces.cli.features", "lsp_server.surfaces.cli.knowledge",
            "lsp_server.surfaces.cli.conventions", "lsp_server.surfaces.cli.graph", "lsp_server.surfaces.cli.index",
            "lsp_server.surfaces.cli.mcp"}
SELF_LOADED = SURFACES | {"lsp_server.providers"}


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

    assert {"conventions", "dependencies", "rule-files", "syntax", "unknown-symbol"} <= set(CHECKS)  # tests add more


def test_the_surfaces_register_every_command_and_verb():
    from lsp_server.commands import CLI_COMMANDS, COMMANDS
    from lsp_server.surfaces import cli

    cli.load_verbs()  # the CLI entry point loads a verb's module on demand: here all of them

    for name in SURFACES:  # each surface module registers something
        assert REGISTERING.search((PACKAGE.parent / (name.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
    assert {"lookup_docs", "footprint", "check_file", "dependency_graph", "review_changes"} <= set(COMMANDS)
    assert {"check", "serve", "footprint", "find", "lookup", "rag", "symbols", "rules", "hook", "graph", "index",
            "trust", "untrust", "mcp", "init"} == set(CLI_COMMANDS)


def test_the_cli_knows_which_module_registers_each_verb():
    """`footprint-ls VERB` imports only VERB_MODULES[VERB]: it must be the module that registers VERB."""
    from lsp_server.commands import CLI_COMMANDS
    from lsp_server.surfaces import cli

    cli.load_verbs()
    registered = {name: cmd.configure.__module__ for name, cmd in CLI_COMMANDS.items()
                  if cmd.configure.__module__.startswith("lsp_server.")}  # tests may register verbs of their own
    assert registered == cli.VERB_MODULES


def test_the_cli_loads_only_the_verb_on_its_command_line():
    from lsp_server.surfaces.cli import verbs_needed

    assert verbs_needed(["--version"]) == []
    assert verbs_needed(["check", "src/app.js"]) == ["check"]
    assert verbs_needed(["--log-level", "DEBUG", "--log-file", "serve", "serve", "--stdio"]) == ["serve"]
    assert verbs_needed(["hook", "post-write"]) == ["hook"]
    # help, no verb, or a word that is no verb: every verb, so argparse can list them
    for argv in ([], ["--help"], ["chekc"], ["-h", "check"]):
        assert verbs_needed(argv) is None


def test_the_config_schema_modules_are_exactly_those_that_register_a_section():
    """Loading the settings imports plugins.CONFIG_MODULES only (not every area): each module with a
    @config_section must be listed there, and each listed one must register a section."""
    section = re.compile(r"^@config_section\b", re.M)
    registering = {_module_name(p) for p in PACKAGE.rglob("*.py") if section.search(p.read_text(encoding="utf-8"))}
    assert set(plugins.CONFIG_MODULES) == registering
    assert set(plugins.CONFIG_MODULES) <= set(plugins.MODULES)


def test_the_check_modules_are_exactly_those_that_register_a_check():
    """`run_checks` imports plugins.CHECK_MODULES only (the CLI's `check` needs no provider or docs index):
    each module with a @check must be listed there, and each listed one must register a check."""
    registering = {_module_name(p) for p in PACKAGE.rglob("*.py")
                   if re.search(r"^@check\b", p.read_text(encoding="utf-8"), re.M)}
    assert set(plugins.CHECK_MODULES) == registering
    assert set(plugins.CHECK_MODULES) <= set(plugins.MODULES)


def test_each_config_section_names_the_modules_that_register_its_schema():
    """Validating a config file imports plugins.CONFIG_SECTIONS[section] for each section it names: those must
    be exactly the modules whose @config_section registers that section."""
    from lsp_server.config import _SECTIONS

    plugins.load()
    for section, modules in plugins.CONFIG_SECTIONS.items():
        assert {cls.__module__ for cls in _SECTIONS[section] if cls.__module__.startswith("lsp_server.")} == set(modules)
    assert {s for s, classes in _SECTIONS.items()
            if any(c.__module__.startswith("lsp_server.") for c in classes)} == set(plugins.CONFIG_SECTIONS)
