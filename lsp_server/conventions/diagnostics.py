"""The two checks of this area: convention rules on save, and problems in rule files themselves.

`conventions` (on save, JavaScript, TypeScript and TSX sources): at most `max_per_file` rules' findings on the exact matched ranges,
highest priority first. The check only reads: the firings the server published go to the local telemetry
afterwards (`RuleService.document_checked`, called by the scheduler and the CLI). `rule-files` (on save, files we do not
parse, i.e. Markdown): a rule file's bad header, invalid regex or query, or a trigger stopped by its time
or match limit (and the rule disabled after a few in a row), as diagnostics on that file. A Markdown file outside the configured rule folders is validated only if its
header looks like a rule (it has both `id` and `files`), so other front-matter Markdown is left alone.
Hovering a convention finding shows its rule's body.
"""

from __future__ import annotations

import tomllib

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.conventions.evaluate import findings_for
from lsp_server.conventions.rules import RULE_SUFFIXES, parse_rule, split_front_matter
from lsp_server.conventions.service import CONVENTIONS_CHECK, RuleService
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.providers import HoverInfo, RequestContext, hover_provider


@check(CONVENTIONS_CHECK, Phase.SAVE, languages=SOURCE_LANGUAGES)
def conventions(doc: ParsedDocument, ctx: CheckContext) -> list[Finding]:
    ws = ctx.workspace
    path = doc.path
    if path is None or is_typings_path(path) or not ws.contains(path.resolve()):
        return []  # typings describe an API; conventions are about code
    svc = ws.service(RuleService)
    relpath = ws.relpath(path.resolve())
    return findings_for(svc.evaluate_file(doc, relpath))


@check("rule-files", Phase.SAVE, languages=(None,), suffixes=RULE_SUFFIXES)
def rule_files(doc: ParsedDocument, ctx: CheckContext) -> list[Finding]:
    path = doc.path
    if path is None or path.suffix.lower() not in RULE_SUFFIXES:
        return []
    svc = ctx.workspace.service(RuleService)
    if not svc.is_rule_file(path) and not _looks_like_rule(doc.text):
        return []
    _, problems = parse_rule(doc.text, path, timeout_ms=svc.config.regex_timeout_ms)
    problems += svc.runtime_problems_for(path)  # a trigger stopped by its time or match limit, or disabled
    findings = []
    for p in problems:
        line = min(p.line, doc.lines.line_count - 1)
        start = doc.lines.starts[line]
        findings.append(Finding(code="rule-file", message=p.message, start=start, end=doc.lines.line_end(line),
                                severity=p.severity, source="footprint-conventions"))
    return findings


def _looks_like_rule(text: str) -> bool:
    parts = split_front_matter(text)
    if parts is None:
        return False
    try:
        header = tomllib.loads(parts[0])
    except tomllib.TOMLDecodeError:
        return "id" in parts[0] and "files" in parts[0]
    return "id" in header and "files" in header


@hover_provider
def rule_hover(doc: ParsedDocument, offset: int, ctx: RequestContext) -> HoverInfo | None:
    """Hovering a convention finding shows its rule: title, id and body (why, before/after)."""
    for f in ctx.findings:
        rule_id = (f.data or {}).get("rule")
        if rule_id and f.start <= offset <= f.end:
            rule = ctx.workspace.service(RuleService).ruleset.by_id.get(rule_id)
            if rule is not None:
                return HoverInfo(f"**{rule.title}** (`{rule.id}`)\n\n{rule.body}", f.start, f.end)
    return None
