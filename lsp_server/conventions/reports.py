"""What the conventions area reports, as data: a rule's reason (`why`), the always-on guidance, per-rule
telemetry, the loaded rules with their problems, and the diff review as findings. The surfaces present them
(lsp_server/surfaces: the LSP commands, `footprint-ls rules|check --diff`, the agent hooks).
"""

from __future__ import annotations

from pathlib import Path

from lsp_server.conventions.examples import check_examples
from lsp_server.conventions.evaluate import Evaluation, Hit, findings_for
from lsp_server.conventions.review import review
from lsp_server.conventions.rules import Rule
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding
from lsp_server.workspace import Workspace

WHY_CHARS = 240


def why(rule: Rule) -> str:
    """The first paragraph of a rule's body, shortened: the reason an agent needs to fix it well."""
    para = rule.body.split("\n\n", 1)[0].replace("\n", " ").strip()
    return para if len(para) <= WHY_CHARS else para[: WHY_CHARS - 1].rsplit(" ", 1)[0] + "…"


def guidance(ws: Workspace, relpath: str | None = None, include_triggered: bool = False) -> dict:
    """Always-on guidance (rules without a trigger) as Markdown for an agent's standing context."""
    svc = ws.service(RuleService)
    rules = [r for r in svc.ruleset.guidance if relpath is None or r.applies_to(relpath)]
    parts = ["# Project conventions", ""]
    for r in rules:
        parts += [f"## {r.title} (`{r.id}`)", "", r.body, ""]
    triggered = [r for r in svc.ruleset.triggered if relpath is None or r.applies_to(relpath)]
    if include_triggered and triggered:
        parts += ["## Checked automatically on save", ""]
        parts += [f"- `{r.id}`: {r.title}" for r in triggered]
    return {"rules": [r.summary() for r in rules],
            "checked": [r.id for r in triggered] if include_triggered else [],
            "text": "\n".join(parts).strip() + "\n" if rules or (include_triggered and triggered) else ""}


def stats_json(ws: Workspace) -> list[dict]:
    """Per-rule telemetry, rules that never fired included."""
    svc = ws.service(RuleService)
    cfg = svc.config
    stats = svc.telemetry.stats(cfg.noisy_min_firings, cfg.noisy_max_follow_share)
    known = {s["rule"] for s in stats}
    for r in svc.ruleset.triggered:  # rules that never fired are part of the picture too
        if r.id not in known:
            stats.append({"rule": r.id, "firings": 0, "sessions": 0, "files": 0, "resolved": 0, "followed": 0,
                          "last_fired": None, "followed_share": None, "noisy": False})
    return stats


def list_json(ws: Workspace, with_examples: bool = False) -> dict:
    """The loaded rules (after same-id overrides), their sources and the problems in rule files; with
    `with_examples`, each rule's own Before/After examples are checked too (`rules check`)."""
    svc = ws.service(RuleService)
    problems = [{"path": str(p.path), "line": p.line, "severity": p.severity.label, "message": p.message}
                for p in svc.all_problems()] + [{"path": None, "line": 0, "severity": "error", "message": m}
                                                for m in svc.config_problems]
    if with_examples:
        problems += [{"path": str(p.path), "line": p.line, "severity": p.severity.label, "message": p.message}
                     for rule in svc.ruleset.rules for p in check_examples(rule)]
    return {"rules": [r.summary() for r in svc.ruleset.rules],
            "sources": [{"origin": o, "folder": str(f), "rules": n} for o, f, n in svc.sources],
            "problems": problems}


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
