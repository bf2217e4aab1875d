"""The `[docs]` settings of the knowledge area: where the engine's docs are.

A module of its own so that loading the settings (every hook, every verb) does not import the docs index.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsp_server.config import config_section


@config_section("docs")
@dataclass(frozen=True)
class DocsConfig:
    """`[docs]`: where the engine's docs are."""

    paths: list[str] = field(default_factory=list, metadata={"path": True})
    include_object_model: bool = True  # also index doc comments of `[object_model] sources`
