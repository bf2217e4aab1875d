"""The `[object_model]` settings of the knowledge area: the sources of the engine's object model.

A module of its own so that loading the settings (every hook, every verb) does not import the object model
and its source extractors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsp_server.config import config_section


@config_section("object_model")
@dataclass(frozen=True)
class ObjectModelConfig:
    # [{path, module, kind?}]: declaration files, JavaScript sources, docs folders or JSON manifests.
    sources: list[dict] = field(default_factory=list, metadata={"path": True})
    # Find the types of imported packages in node_modules automatically.
    discover: bool = True
