"""Areas never import a surface: the import-linter contract in .importlinter holds (run in process), and no
area module imports argparse or the command registry, or asks "am I the CLI?" (`ctx.session`, `notify_user is
None`; a one-shot run is `Workspace.long_lived = False`, set by the CLI surface)."""

from __future__ import annotations

import ast
import logging
from contextlib import contextmanager
from pathlib import Path

from importlinter.cli import lint_imports

import lsp_server
from tests.conftest import REPO

AREAS = ("features", "knowledge", "conventions", "graph", "syntax")
SURFACE_ONLY = ("argparse", "lsp_server.cli", "lsp_server.commands", "lsp_server.surfaces", "lsp_server.surfaces.lsp.server", "pygls", "lsprotocol")


def area_modules() -> list[Path]:
    root = Path(lsp_server.__file__).parent
    return sorted(p for area in AREAS for p in (root / area).rglob("*.py"))


def imports_of(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):  # function-local imports count too
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out.extend(f"{node.module}.{a.name}" for a in node.names)
    return out


def surface_leaks(source: str) -> list[str]:
    tree = ast.parse(source)
    leaks = [name for name in imports_of(tree) if any(name == s or name.startswith(s + ".") for s in SURFACE_ONLY)]
    leaks += [f"line {n.lineno}: .session" for n in ast.walk(tree)
              if isinstance(n, ast.Attribute) and n.attr == "session" and isinstance(n.value, ast.Name)
              and n.value.id == "ctx"]
    # "Am I the CLI?" asked of a callback: `x.notify_user is None` (a one-shot run is Workspace.long_lived)
    leaks += [f"line {n.lineno}: notify_user is None" for n in ast.walk(tree)
              if isinstance(n, ast.Compare) and isinstance(n.left, ast.Attribute) and n.left.attr == "notify_user"
              and any(isinstance(c, ast.Constant) and c.value is None for c in n.comparators)]
    return leaks


@contextmanager
def logging_kept():
    """Undo the logging configuration import-linter's CLI installs: `logging.config.dictConfig` without
    `disable_existing_loggers: False`, which disables every logger created before it in this process (each
    lsp_server module's logger already imported) and gives its own loggers a stdout handler. A test run after
    this one in the same worker that reads our log records (caplog) saw none of them
    (test_conventions_rules.py::test_bad_rule_files_are_skipped_others_keep_working failed after it)."""
    manager = logging.Logger.manager
    root = logging.getLogger()
    before = {name: (lg.disabled, lg.level, lg.propagate, lg.handlers[:])
              for name, lg in manager.loggerDict.items() if isinstance(lg, logging.Logger)}
    root_before = (root.level, root.handlers[:])
    try:
        yield
    finally:
        for name, lg in list(manager.loggerDict.items()):
            if not isinstance(lg, logging.Logger):
                continue
            disabled, level, propagate, handlers = before.get(name, (False, logging.NOTSET, True, []))
            lg.disabled, lg.propagate, lg.handlers[:] = disabled, propagate, handlers
            lg.setLevel(level)  # also clears the loggers' cached levels
        root.handlers[:] = root_before[1]
        root.setLevel(root_before[0])


def test_the_import_linter_contract_is_kept():
    ours = logging.getLogger("lsp_server.conventions.rules")  # a module logger that exists before the run
    with logging_kept():
        assert lint_imports(config_filenames=(str(REPO / ".importlinter"),), no_cache=True, no_logo=True) == 0
    assert not ours.disabled  # the tests after this one still see our log records


def test_no_area_module_holds_surface_code():
    found = {str(p.relative_to(REPO)): leaks for p in area_modules()
             if (leaks := surface_leaks(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_scan_sees_function_local_imports_and_session_checks():
    source = ("def run(ctx, ws):\n    from lsp_server.cli import display_path\n    import argparse\n"
              "    return ctx.session is None or ws.notify_user is None\n")
    assert surface_leaks(source) == ["lsp_server.cli", "lsp_server.cli.display_path", "argparse", "line 4: .session",
                                     "line 4: notify_user is None"]
    assert surface_leaks("from lsp_server.commands import CommandError\n") == [
        "lsp_server.commands", "lsp_server.commands.CommandError"]
