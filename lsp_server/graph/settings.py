"""The `[dependencies]` settings of the graph area: layering rules, unresolved-package severity, cycles.

A module of its own (as knowledge/docs_settings.py) so that loading the settings (every hook, every verb whose
footprint.toml has a `[dependencies]` section) does not build the compiled rules' classes of graph/rules.py,
which only the import graph's checks use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsp_server.config import config_section


@config_section("dependencies")
@dataclass(frozen=True)
class DependenciesConfig:
    """`[dependencies]`: layering rules (graph/rules.py compiles them), unresolved packages, cycles."""

    rules: list[dict] = field(default_factory=list)
    unresolved_packages: str = "warning"  # "error" | "warning" | "off": bare packages not installed
    cycles: bool = True  # report import-cycle
    # TypeScript type-only imports (`import type`, `export type ... from`, `import("./x").T`) are erased from
    # the emitted JavaScript, so by default they close no import cycle; true counts them.
    type_cycles: bool = False
