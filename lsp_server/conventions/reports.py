"""What the conventions area reports, as typed data: a rule's reason (`why`), the always-on guidance
(`Guidance`), per-rule telemetry (`RuleStats`), the loaded rules with their problems (`RulesReport`), and the
diff review as findings. The surfaces present them (lsp_server/surfaces/present.py: the LSP commands,
`footprint-ls rules|check --diff`, the agent hooks, MCP).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lsp_server.conventions.examples import check_examples
from lsp_server.conventions.evaluate import Evaluation, Hit, findings_for
from lsp_server.conventions.review import review
from lsp_server.conventions.rules import Rule, RuleProblem
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.workspace import Workspace

WHY_CHARS = 240


def why(rule: Rule) -> str:
    """The first paragraph of a rule's body, shortened: the reason an agent needs to fix it well."""
    para = rule.body.split("\n\n", 1)[0].replace("\n", " ").strip()
    return para if len(para) <= WHY_CHARS else para[: WHY_CHARS - 1].rsplit(" ", 1)[0] + "…"


@dataclass(frozen=True)
class Guidance:
    """Always-on guidance for an agent's standing context: the rules without a trigger that apply, the
    triggered ones (`checked`, when asked for), and both as Markdown (`text`, empty when there is nothing)."""
    rules: tuple[Rule, ...]
    checked: tuple[Rule, ...]
    text: str


@dataclass(frozen=True)
class RuleStats:
    """One rule's telemetry (`rules stats`): how often it fired and how often a change followed."""
    rule: str
    firings: int
    sessions: int
    files: int
    resolved: int
    followed: int
    last_fired: float | None
    followed_share: float | None  # followed / resolved, None before any outcome
    noisy: bool


@dataclass(frozen=True)
class RuleSource:
    origin: str  # "local", a pack, a remote
    folder: Path
    rules: int


@dataclass(frozen=True)
class RulesReport:
    """The loaded rules (after same-id overrides), where they came from, and the problems in rule files and
    in the `[rules]` config (`path` None for the latter)."""
    rules: tuple[Rule, ...]
    sources: tuple[RuleSource, ...]
    problems: tuple[RuleProblem, ...]


def guidance(ws: Workspace, relpath: str | None = None, include_triggered: bool = False) -> Guidance:
    """Always-on guidance (rules without a trigger) as Markdown for an agent's standing context."""
    svc = ws.service(RuleService)
    rules = tuple(r for r in svc.ruleset.guidance if relpath is None or r.applies_to(relpath))
    parts = ["# Project conventions", ""]
    for r in rules:
        parts += [f"## {r.title} (`{r.id}`)", "", r.body, ""]
    triggered = tuple(r for r in svc.ruleset.triggered if relpath is None or r.applies_to(relpath))
    if include_triggered and triggered:
        parts += ["## Checked automatically on save", ""]
        parts += [f"- `{r.id}`: {r.title}" for r in triggered]
    text = "\n".join(parts).strip() + "\n" if rules or (include_triggered and triggered) else ""
    return Guidance(rules, triggered if include_triggered else (), text)


def stats(ws: Workspace) -> list[RuleStats]:
    """Per-rule telemetry, rules that never fired included (noisy rules first, then by firings)."""
    svc = ws.service(RuleService)
    cfg = svc.config
    out = [RuleStats(**s) for s in svc.telemetry.stats(cfg.noisy_min_firings, cfg.noisy_max_follow_share)]
    known = {s.rule for s in out}
    for r in svc.ruleset.triggered:  # rules that never fired are part of the picture too
        if r.id not in known:
            out.append(RuleStats(r.id, 0, 0, 0, 0, 0, None, None, False))
    return out


def rules_report(ws: Workspace, with_examples: bool = False) -> RulesReport:
    """The loaded rules (after same-id overrides), their sources and the problems in rule files; with
    `with_examples`, each rule's own Before/After examples are checked too (`rules check`)."""
    svc = ws.service(RuleService)
    problems = list(svc.all_problems()) + [RuleProblem(None, 0, m, Severity.ERROR) for m in svc.config_problems]
    if with_examples:
        problems += [p for rule in svc.ruleset.rules for p in check_examples(rule)]
    return RulesReport(tuple(svc.ruleset.rules), tuple(RuleSource(o, f, n) for o, f, n in svc.sources),
                       tuple(problems))


def diff_findings(ws: Workspace, paths: list[Path], rev: str | None) -> list[tuple[ParsedDocument, Path, Finding]]:
    """The diff review's reminders as findings (`footprint-ls check --diff [REV] [PATH...]`), limited to
    `paths` when given."""
    result = review(ws, rev)
    limits = [p.resolve() for p in paths]
    out = []
    for r in result.reminders:
        for doc, path, s, e in r.locations:
            if limits and not any(path == lim or lim in path.parents for lim in limits):
                continue
            for f in findings_for(Evaluation(hits=[Hit(r.rule, ((s, e),))]), reminder=True):
                out.append((doc, path, f))
    return out
