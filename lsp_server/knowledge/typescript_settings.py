"""The `[typescript]` settings of the knowledge area: how much of the unknown-symbol check runs on .ts/.tsx.

A module of its own so that loading the settings (every hook, every verb) does not import the check itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from lsp_server.config import config_section

BEYOND_TSC = "beyond-tsc"
REPORT_ALL = "all"


@config_section("typescript")
@dataclass(frozen=True)
class TypeScriptConfig:
    # On .ts/.tsx: "beyond-tsc" reports only what the TypeScript service cannot (receivers typed `any` or
    # untyped, engines without typings, names the docs mark removed); "all" reports everything. Unset: the
    # caller's default (`unknown_symbols_mode`).
    unknown_symbols: Literal["beyond-tsc", "all"] | None = None

    def unknown_symbols_mode(self, typescript_service: bool) -> str:
        """The mode in effect: the one configured, else "beyond-tsc" for a caller with a TypeScript service
        beside it (an editor, which reports unknown members of typed receivers itself) and "all" for one
        without (the CLI and CI, agent hooks, MCP: nothing else would report them)."""
        if self.unknown_symbols is not None:
            return self.unknown_symbols
        return BEYOND_TSC if typescript_service else REPORT_ALL
