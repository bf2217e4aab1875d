"""The `[typescript]` settings of the knowledge area: how much of the unknown-symbol check runs on .ts/.tsx.

A module of its own so that loading the settings (every hook, every verb) does not import the check itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from lsp_server.config import config_section

REPORT_ALL = "all"


@config_section("typescript")
@dataclass(frozen=True)
class TypeScriptConfig:
    # On .ts/.tsx: "beyond-tsc" reports only what the TypeScript service cannot (receivers typed `any` or
    # untyped, engines without typings, names the docs mark removed); "all" reports everything.
    unknown_symbols: str = "beyond-tsc"
