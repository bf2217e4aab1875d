"""`[dependencies]` rules compiled: layering rules, unresolved-package severity, cycles on/off (the section's
schema, `DependenciesConfig`, is in graph/settings.py).

A rule is `{ name, from, to, message?, via_interface?, allowed? }`: `from` and `to` are regexes searched in
workspace-relative POSIX paths (`to` also sees `package:NAME` and `node:NAME` for external targets).
Forbidden rules (the default) report an import from a `from` file to a `to` target. Allowed rules
(`allowed = true`) whitelist: a file matched by the `from` of some allowed rules may only import targets
matched by the `to` of one of them. `via_interface` names the module to import instead, for the message.

User regexes run with a per-match timeout (the `regex` package), so a catastrophic pattern cannot hang the
server. Invalid rules are reported once as configuration errors and skipped.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lsp_server.config import CONFIG_MAX_BYTES, ConfigError, Settings, _locate
from lsp_server.graph.settings import DependenciesConfig
from lsp_server.storage import read_bounded

if TYPE_CHECKING:
    import regex  # imported where rules are compiled: the import graph reads DependenciesConfig on every start

log = logging.getLogger(__name__)

RULE_KEYS = {"name", "from", "to", "message", "via_interface", "allowed"}
MATCH_TIMEOUT = 0.05  # seconds per regex search
SEVERITIES = ("error", "warning", "off")


@dataclass(frozen=True)
class Rule:
    name: str
    source: regex.Pattern
    target: regex.Pattern
    message: str = ""
    via_interface: str | None = None
    allowed: bool = False

    def matches_from(self, path: str) -> bool:
        return _search(self.source, path)

    def matches_to(self, target: str) -> bool:
        return _search(self.target, target)


def _search(pattern: regex.Pattern, text: str) -> bool:
    try:
        return pattern.search(text, timeout=MATCH_TIMEOUT) is not None
    except TimeoutError:
        log.warning("rule regex %r timed out on %r; treated as no match", pattern.pattern, text)
        return False


@dataclass(frozen=True)
class CompiledDependencies:
    config: DependenciesConfig
    forbidden: tuple[Rule, ...]
    allowed: tuple[Rule, ...]
    problems: tuple[str, ...]


_compiled: dict[int, tuple[Settings, CompiledDependencies]] = {}


def dependency_settings(settings: Settings) -> CompiledDependencies:
    """The `[dependencies]` section of `settings`, rules compiled (cached per Settings object). Problems
    are added once to `settings.errors` (shown on the config file) and logged."""
    cached = _compiled.get(id(settings))
    if cached is not None and cached[0] is settings:
        return cached[1]
    config = settings.get(DependenciesConfig)
    problems: list[tuple[str, str, str | None]] = []  # (message, key, rule name)
    severity = config.unresolved_packages
    if severity not in SEVERITIES:
        problems.append((f"[dependencies] unresolved_packages must be one of {', '.join(SEVERITIES)}, got {severity!r}",
                         "unresolved_packages", None))
        config = DependenciesConfig(config.rules, "warning", config.cycles)
    forbidden: list[Rule] = []
    allowed: list[Rule] = []
    for i, raw in enumerate(config.rules, start=1):
        rule, problem = compile_rule(raw, i)
        if problem:
            problems.append((problem, "rules", raw.get("name") if isinstance(raw, dict) else None))
        elif rule is not None:
            (allowed if rule.allowed else forbidden).append(rule)
    compiled = CompiledDependencies(config, tuple(forbidden), tuple(allowed), tuple(p for p, _, _ in problems))
    for problem, key, name in problems:
        path = _config_file_with(settings, key, name)
        log.warning("%s: %s", path or "settings", problem)
        error = ConfigError(path, _line_of(path, key, name), problem)
        if error not in settings.errors:
            settings.errors.append(error)
    if len(_compiled) > 64:
        _compiled.clear()
    _compiled[id(settings)] = (settings, compiled)
    return compiled


def _config_file_with(settings: Settings, key: str, name: str | None) -> Path | None:
    """The config or pack file that sets `key` (and holds the rule `name`), for locating a problem."""
    for path in reversed(settings.sources):
        try:
            text = read_bounded(path, CONFIG_MAX_BYTES).decode("utf-8", errors="replace")
        except OSError:
            continue
        if key in text and (name is None or name in text):
            return path
    return settings.config_path


def _line_of(path: Path | None, key: str, name: str | None) -> int:
    if path is None:
        return 0
    line = _locate(path, "dependencies", key)
    if name:
        try:
            lines = read_bounded(path, CONFIG_MAX_BYTES).decode("utf-8", errors="replace").splitlines()
        except OSError:
            return line
        import regex

        quoted = regex.compile(r"""name\s*=\s*["']""" + regex.escape(name) + r"""["']""")
        for i in range(line, len(lines)):
            if quoted.search(lines[i]):
                return i
    return line


def compile_rule(raw: object, index: int) -> tuple[Rule | None, str | None]:
    where = f"[dependencies] rules item {index}"
    if not isinstance(raw, dict):
        return None, f"{where}: expected a table like {{ name = ..., from = ..., to = ... }}"
    unknown = sorted(set(raw) - RULE_KEYS)
    if unknown:
        return None, f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(RULE_KEYS))})"
    for key in ("name", "from", "to"):
        if not isinstance(raw.get(key), str) or not raw.get(key):
            return None, f"{where}: '{key}' must be a non-empty string"
    for key in ("message", "via_interface"):
        if key in raw and not isinstance(raw[key], str):
            return None, f"{where}: '{key}' must be a string"
    if "allowed" in raw and not isinstance(raw["allowed"], bool):
        return None, f"{where}: 'allowed' must be true or false"
    import regex

    patterns = {}
    for key in ("from", "to"):
        try:
            patterns[key] = regex.compile(raw[key])
        except regex.error as exc:
            return None, f"{where} ({raw['name']}): invalid regex in '{key}': {exc}"
    return Rule(raw["name"], patterns["from"], patterns["to"], raw.get("message", ""), raw.get("via_interface"),
                bool(raw.get("allowed", False))), None


def violations(deps: CompiledDependencies, importer: str, target: str) -> list[Rule]:
    """The rules an import from `importer` to `target` (workspace-relative paths or package:/node:) breaks."""
    broken = [r for r in deps.forbidden if r.matches_from(importer) and r.matches_to(target)]
    scoped = [r for r in deps.allowed if r.matches_from(importer)]
    if scoped and not any(r.matches_to(target) for r in scoped):
        broken.extend(scoped)
    return broken
