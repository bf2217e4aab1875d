"""The `[rules]` settings (RulesConfig): registered with the config schema by a module light to load, since
validating a footprint.toml (every verb, every agent hook) must not import the rules engine (its regex
engine, the evaluator: ~25 ms)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lsp_server.config import config_section
from lsp_server.gitexec import GIT_PROTOCOLS


@config_section("rules")
@dataclass(frozen=True)
class RulesConfig:
    paths: list[str] = field(default_factory=list, metadata={"path": True})
    # trusted_only: fetching a remote runs git and reaches the network (see lsp_server/trust.py).
    remote: list[dict[str, str]] = field(default_factory=list, metadata={"trusted_only": True})
    remote_protocols: list[str] = field(default_factory=lambda: list(GIT_PROTOCOLS))  # only narrows: any layer
    disable: list[str] = field(default_factory=list)
    max_per_file: int = 2
    max_per_diff: int = 4
    regex_timeout_ms: int = 100
    query_timeout_ms: int = 200
    budget_ms: int = 1000
    disable_after: int = 3
    remote_refresh_minutes: int = 10
    fetch_timeout_seconds: int = 120
    telemetry: bool = True
    noisy_min_firings: int = 10
    noisy_max_follow_share: float = 0.0
