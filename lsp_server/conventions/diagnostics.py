"""The two checks of this area: convention rules on save, and problems in rule files themselves.

`conventions` (on save, JavaScript, TypeScript and TSX sources): at most `max_per_file` rules' findings on the exact matched ranges,
highest priority first. The check only reads: the firings the server published go to the local telemetry
afterwards (`RuleService.document_checked`, called by the scheduler and the CLI). `rule-files` (on save, files we do not
parse, i.e. Markdown): a rule file's bad header, invalid regex or query, or a trigger stopped by its time
or match limit (and the rule disabled after a few in a row), as diagnostics on that file. A Markdown file outside the configured rule folders is validated only if its
header looks like a rule (it has both `id` and `files`), so other front-matter Markdown is left alone.
Hovering a convention finding shows its rule's body; its diagnostic links to the rule file (`data.docs`,
the LSP `codeDescription`), and a rule with a `fix` offers it as the finding's quick fix. A finding can be silenced in the code, ESLint-style, and each one offers the
two quick fixes that write those comments:

    // footprint-disable-next-line layout/no-hex-colors    (the next line; several ids: comma-separated)
    /* footprint-disable layout/no-hex-colors */           (the whole file)

A bare `footprint-disable-next-line` / `footprint-disable` silences every convention rule there.
"""

from __future__ import annotations

import re
import tomllib

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.conventions.evaluate import findings_for
from lsp_server.conventions.rules import RULE_SUFFIXES, parse_rule, split_front_matter
from lsp_server.conventions.service import CONVENTIONS_CHECK, RuleService
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Finding
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.providers import Action, HoverInfo, RequestContext, TextEdit, code_action_provider, hover_provider

# `footprint-disable-next-line a, b` / `footprint-disable a` inside a // or /* */ comment; ids optional.
_DISABLE = re.compile(rb"(?://|/\*)\s*footprint-disable(-next-line)?\b([^\n*]*)")


@check(CONVENTIONS_CHECK, Phase.SAVE, languages=SOURCE_LANGUAGES)
def conventions(doc: ParsedDocument, ctx: CheckContext) -> list[Finding]:
    ws = ctx.workspace
    path = doc.path
    real = ws.real_path_of(doc) if path is not None else None  # resolved once per snapshot read from disk
    if path is None or is_typings_path(path) or real is None or not ws.contains(real):
        return []  # typings describe an API; conventions are about code
    svc = ws.service(RuleService)
    relpath = ws.relpath(real)
    findings = _not_disabled(doc, findings_for(svc.evaluate_file(doc, relpath)))
    for f in findings:
        if f.data and f.data.get("rule_path"):
            f.data["docs"] = path_to_uri(f.data["rule_path"])
        rule = svc.ruleset.by_id.get(f.code)
        if rule is not None and rule.fix is not None:
            _attach_fix(doc, f, rule)
    return findings


def _attach_fix(doc: ParsedDocument, f: Finding, rule) -> None:
    """The rule's `fix` as the finding's quick fix: a regex trigger's groups expanded against the matched text
    (a range the regex no longer matches whole gets no fix rather than a wrong one); else the text as is."""
    text = rule.fix
    if rule.pattern is not None and rule.query_source is None:
        try:
            m = rule.pattern.fullmatch(doc.source[f.start:f.end].decode("utf-8", "replace"), timeout=0.05)
            text = m.expand(rule.fix) if m else None
        except Exception:  # noqa: BLE001 - a bad group reference or the time limit: no fix
            text = None
    if text is not None:
        f.data["fix"] = {"title": f"Fix: {rule.title}", "edits": [{"start": f.start, "end": f.end, "text": text}],
                         "preferred": True}


def _disabled(doc: ParsedDocument) -> tuple[set[str] | None, dict[int, set[str] | None]]:
    """What the document's disable comments silence: (rules for the whole file, rules per 0-based line);
    None = every rule."""
    whole: set[str] | None = set()
    lines: dict[int, set[str] | None] = {}
    if b"footprint-disable" not in doc.source:
        return whole, lines
    for m in _DISABLE.finditer(doc.source):
        ids = {i.strip() for i in m.group(2).decode("utf-8", "replace").split(",") if i.strip()} or None
        if m.group(1):
            line = doc.lines.line_of(m.start()) + 1
            lines[line] = None if ids is None or lines.get(line, set()) is None else lines.get(line, set()) | ids
        else:
            whole = None if ids is None or whole is None else whole | ids
    return whole, lines


def _not_disabled(doc: ParsedDocument, findings: list[Finding]) -> list[Finding]:
    whole, lines = _disabled(doc)
    if whole == set() and not lines:
        return findings

    def silenced(f: Finding) -> bool:
        line = doc.lines.line_of(f.start)
        return any(ids is None or f.code in ids for ids in (whole, lines.get(line, set())))

    return [f for f in findings if not silenced(f)]


@code_action_provider
def disable_rule_actions(doc: ParsedDocument, start: int, end: int, ctx: RequestContext) -> list[Action]:
    """For each convention finding touching the range: disable its rule for this line, or for the file."""
    actions = []
    seen: set[str] = set()
    for f in ctx.findings:
        rule_id = (f.data or {}).get("rule")
        if not rule_id or f.source != "footprint-conventions" or f.end < start or f.start > end or rule_id in seen:
            continue
        seen.add(rule_id)
        line = doc.lines.line_of(f.start)
        line_start = doc.lines.starts[line]
        text = doc.lines.line_bytes(line).decode("utf-8", "replace")
        indent = text[: len(text) - len(text.lstrip(" \t"))]
        actions.append(Action(f"Disable {rule_id} for this line", "quickfix",
                              (TextEdit(line_start, line_start, f"{indent}// footprint-disable-next-line {rule_id}\n"),),
                              fixes=(f,)))
        actions.append(Action(f"Disable {rule_id} for this file", "quickfix",
                              (TextEdit(0, 0, f"/* footprint-disable {rule_id} */\n"),), fixes=(f,)))
    return actions


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
