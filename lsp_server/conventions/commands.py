"""Commands and CLI verbs of the conventions area.

LSP commands: `review_changes` ({rev?}), `conventions_context` ({uri?, path?, all?}), `rule_stats` ({}),
`rules_list` ({}). CLI: `footprint-ls rules stats|list|check|update|context`, and the agent hooks
`footprint-ls hook post-write [FILE]` / `footprint-ls hook stop` (see docs/agents.md). The CLI calls the
same pure functions as the commands. Paths from clients and agents (`path`, `uri`, the hook's file) go
through the path guard (`security.resolve_user_path`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from lsp_server.commands import CommandContext, CommandError, arg_bool, arg_str, cli_command, command
from lsp_server.conventions import remote as remote_mod
from lsp_server.conventions.examples import check_examples
from lsp_server.conventions.evaluate import Evaluation, Hit, findings_for
from lsp_server.conventions.review import Review, is_source, review
from lsp_server.conventions.rules import Rule
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.findings import Finding
from lsp_server.languages import SOURCE_LANGUAGES, language_for_path
from lsp_server.positions import UTF16, Encoding
from lsp_server.workspace import Workspace

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_HOOK = 0, 1, 2, 2
WHY_CHARS = 240
STDIN_WAIT_SECONDS = 5.0  # agents write the event at once; a silent open pipe is not an event


# --- pure helpers -------------------------------------------------------------------------------------
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


def location(doc: ParsedDocument, start: int, end: int, enc: Encoding) -> dict:
    (line, char), (end_line, end_char) = doc.lines.position(start, enc), doc.lines.position(end, enc)
    return {"line": line, "character": char, "end_line": end_line, "end_character": end_char}


def review_json(result: Review, ws: Workspace, enc: Encoding, show_path) -> dict:
    reminders = []
    for r in result.reminders:
        reminders.append({
            "rule": r.rule.id, "title": r.rule.title, "message": r.rule.message, "severity": r.rule.severity.label,
            "why": why(r.rule),
            "locations": [{"path": show_path(p), "uri": path_to_uri(p), **location(d, s, e, enc)}
                          for d, p, s, e in r.locations]})
    return {"rev": result.rev, "files": [show_path(p) for p in result.files], "reminders": reminders,
            "more": result.more, "text": review_text(result, show_path)}


def review_text(result: Review, show_path, max_locations: int = 5) -> str:
    if result.clean:
        return ""
    lines = [f"Footprint review: before you finish, check your change (vs {result.rev[:12]}) against "
             f"{len(result.reminders)} project convention(s):"]
    for r in result.reminders:
        lines.append(f"- {r.rule.id}: {r.rule.message}")
        lines.append(f"  why: {why(r.rule)}")
        locs = [f"{show_path(p)}:{d.lines.position(s, UTF16)[0] + 1}:{d.lines.position(s, UTF16)[1] + 1}"
                for d, p, s, _ in r.locations]
        extra = f" (+{len(locs) - max_locations} more)" if len(locs) > max_locations else ""
        lines.append(f"  at {', '.join(locs[:max_locations])}{extra}")
    if result.more:
        lines.append(f"({len(result.more)} more rule(s) also fired; the highest-priority ones are shown)")
    return "\n".join(lines) + "\n"


def file_text(evaluation: Evaluation, doc: ParsedDocument, shown: str) -> str:
    if not evaluation.hits:
        return ""
    lines = [f"Footprint: {len(evaluation.hits)} project convention(s) apply to {shown}; fix them now:"]
    for hit in evaluation.hits:
        r = hit.rule
        for s, _ in hit.ranges:
            line, char = doc.lines.position(s, UTF16)
            lines.append(f"- {shown}:{line + 1}:{char + 1}: {r.severity.label} {r.id}: {r.message}")
        lines.append(f"  why: {why(r)}")
    return "\n".join(lines) + "\n"


def stats_json(ws: Workspace) -> list[dict]:
    svc = ws.service(RuleService)
    cfg = svc.config
    stats = svc.telemetry.stats(cfg.noisy_min_firings, cfg.noisy_max_follow_share)
    known = {s["rule"] for s in stats}
    for r in svc.ruleset.triggered:  # rules that never fired are part of the picture too
        if r.id not in known:
            stats.append({"rule": r.id, "firings": 0, "sessions": 0, "files": 0, "resolved": 0, "followed": 0,
                          "last_fired": None, "followed_share": None, "noisy": False})
    return stats


# --- LSP commands -------------------------------------------------------------------------------------
def _encoding(ctx: CommandContext) -> Encoding:
    return ctx.session.encoding if ctx.session is not None else UTF16


@command("review_changes", "the conventions your git diff touches (at most [rules] max_per_diff rules), as a reminder")
def review_changes(ctx: CommandContext, args: dict) -> dict:
    rev = arg_str(args, "rev")
    ws = ctx.workspace
    return review_json(review(ws, rev), ws, _encoding(ctx), ws.relpath)


@command("conventions_context", "always-on project guidance (rules without a trigger) for an agent's context")
def conventions_context(ctx: CommandContext, args: dict) -> dict:
    ws = ctx.workspace
    raw = arg_str(args, "path") or arg_str(args, "uri")
    relpath = ws.relpath(ctx.path(raw, must_exist=False)) if raw else None  # the path guard
    return guidance(ws, relpath, arg_bool(args, "all", False))


@command("rule_stats", "per-rule telemetry: firings, sessions, share followed by a change, noisy rules")
def rule_stats(ctx: CommandContext, args: dict) -> list[dict]:
    return stats_json(ctx.workspace)


@command("rules_list", "the loaded rules (after same-id overrides) and the problems in rule files")
def rules_list(ctx: CommandContext, args: dict) -> dict:
    return list_json(ctx.workspace)


def list_json(ws: Workspace) -> dict:
    svc = ws.service(RuleService)
    return {"rules": [r.summary() for r in svc.ruleset.rules],
            "sources": [{"origin": o, "folder": str(f), "rules": n} for o, f, n in svc.sources],
            "problems": [{"path": str(p.path), "line": p.line, "severity": p.severity.label, "message": p.message}
                         for p in svc.all_problems()] + [{"path": None, "line": 0, "severity": "error", "message": m}
                                                         for m in svc.config_problems]}


# --- CLI ----------------------------------------------------------------------------------------------
def _workspace(target: Path, config: Path | None, warn: bool = True) -> Workspace:
    from lsp_server.cli import workspace_for

    return workspace_for(target, config, warn)


@cli_command("rules", "convention rules: stats (telemetry), list, check (validate rule files), update, context")
def _rules(parser: argparse.ArgumentParser):
    parser.add_argument("action", choices=("stats", "list", "check", "update", "context"))
    parser.add_argument("path", nargs="?", type=Path, default=Path("."),
                        help="a file or folder of the workspace (default: the current folder)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        from lsp_server.cli import display_path

        ws = _workspace(args.path, args.config)
        svc = ws.service(RuleService)
        if args.action == "update":
            svc.refresh_remotes()  # now, whatever the refresh interval
            failed = 0
            for job in svc.wait_for_remotes(svc.config.fetch_timeout_seconds + 5):
                if job.error:
                    failed += 1
                    print(remote_mod.describe_fallback(job), file=sys.stderr)
                else:
                    print(f"fetched {job.source.display} at {(job.meta or {}).get('commit', '?')[:12]}")
            if failed:
                return EXIT_FINDINGS
        if args.action == "stats":
            data = stats_json(ws)
            if args.format == "json":
                print(json.dumps(data, indent=2))
                return EXIT_OK
            print(f"{'rule':40} {'firings':>7} {'sessions':>8} {'followed':>8}  noisy")
            for s in data:
                share = "-" if s["followed_share"] is None else f"{100 * s['followed_share']:.0f}%"
                print(f"{s['rule']:40} {s['firings']:>7} {s['sessions']:>8} {share:>8}  {'NOISY' if s['noisy'] else ''}")
            return EXIT_OK
        if args.action == "context":
            target = args.path.resolve()
            data = guidance(ws, ws.relpath(target) if target.is_file() else None)
            print(json.dumps(data, indent=2) if args.format == "json" else data["text"], end="" if args.format == "text" else "\n")
            return EXIT_OK
        data = list_json(ws)
        if args.action == "check":  # validation includes each rule's own Before/After examples
            data["problems"] += [{"path": str(p.path), "line": p.line, "severity": p.severity.label,
                                  "message": p.message}
                                 for rule in svc.ruleset.rules for p in check_examples(rule)]
        if args.format == "json":
            print(json.dumps(data, indent=2))
        else:
            if args.action in ("list", "update"):
                for src in data["sources"]:
                    print(f"source {src['origin']}: {src['rules']} rule(s)")
                for r in data["rules"]:
                    trig = "+".join(r["trigger"]) or "guidance"
                    print(f"{r['id']:40} {r['severity']:11} {r['scope']:4} p{r['priority']:<4} {trig}")
            for p in data["problems"]:
                where = f"{display_path(Path(p['path']))}:{p['line'] + 1}: " if p["path"] else ""
                print(f"{where}{p['severity']} {p['message']}", file=sys.stderr)
        if args.action == "check":
            return EXIT_FINDINGS if any(p["severity"] == "error" for p in data["problems"]) else EXIT_OK
        return EXIT_OK

    return run


def read_hook_event(stdin=None) -> dict:
    """The JSON event a coding agent passes to a hook on stdin ({} when there is none or it is not JSON)."""
    stdin = stdin or sys.stdin
    if stdin is None or stdin.isatty():
        return {}
    try:  # a pipe nobody writes to (a hook run by hand from a script) must not hang the hook
        import select

        if not select.select([stdin], [], [], STDIN_WAIT_SECONDS)[0]:
            return {}
    except (OSError, ValueError, TypeError):
        pass  # no select() on this stream (Windows pipes): just read
    try:
        data = json.loads(stdin.read() or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


@cli_command("hook", "agent hooks: post-write [FILE] (on-save rules for one file), stop (diff review)")
def _hook(parser: argparse.ArgumentParser):
    parser.add_argument("event", choices=("post-write", "stop"))
    parser.add_argument("file", nargs="?", type=Path, help="post-write: the file written (default: from stdin JSON)")
    parser.add_argument("--rev", help="stop: the revision to diff against (default HEAD)")
    parser.add_argument("--exit-zero", action="store_true", help="print findings on stdout and exit 0")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        event = {} if args.file is not None and args.event == "post-write" else read_hook_event()
        cwd = Path(event["cwd"]) if isinstance(event.get("cwd"), str) else Path.cwd()
        session = event.get("session_id") if isinstance(event.get("session_id"), str) else None
        if args.event == "post-write":
            text = _post_write(args, event, cwd, session)
        else:
            if event.get("stop_hook_active") is True and not args.exit_zero:
                return EXIT_OK  # the agent is already continuing because of this hook: do not loop
            text = _stop(args, cwd, session)
        if not text:
            return EXIT_OK
        if args.exit_zero:
            print(text, end="")
            return EXIT_OK
        print(text, end="", file=sys.stderr)
        return EXIT_HOOK

    return run


def _post_write(args: argparse.Namespace, event: dict, cwd: Path, session: str | None) -> str:
    target = args.file
    if target is None:
        tool_input = event.get("tool_input") if isinstance(event.get("tool_input"), dict) else {}
        name = tool_input.get("file_path") or tool_input.get("path") or event.get("file_path")
        if not isinstance(name, str) or not name:
            return ""
        target = Path(name)
    # The file name comes from the agent: the path guard keeps it inside the project the agent works in
    # (the workspace of its cwd); a file elsewhere gets no review and a note, never a blocking exit code.
    from lsp_server.security import resolve_user_path

    try:
        path = resolve_user_path(_workspace(cwd, args.config, warn=False), str(cwd / target))
    except CommandError as exc:
        print(f"footprint-ls: post-write: not reviewed: {exc}", file=sys.stderr)  # one line, exit 0
        return ""
    if not path.is_file() or language_for_path(path) not in SOURCE_LANGUAGES:
        return ""
    ws = _workspace(path, args.config, warn=False)  # hook output goes to the agent
    if not is_source(ws, path):
        return ""
    doc = ws.document(path)
    if doc is None:
        return ""
    svc = ws.service(RuleService)
    rel = ws.relpath(path)
    evaluation = svc.evaluate_file(doc, rel)
    svc.record(rel, doc, evaluation, **({"session": session} if session else {}))
    return file_text(evaluation, doc, _show(path, cwd))


def _stop(args: argparse.Namespace, cwd: Path, session: str | None) -> str:
    ws = _workspace(cwd, args.config, warn=False)  # hook output goes to the agent
    try:
        result = review(ws, args.rev, session=session)
    except CommandError as exc:
        if args.rev:
            raise
        import logging

        logging.getLogger(__name__).info("stop hook: no review: %s", exc)  # not a git repo: nothing to say
        return ""
    return review_text(result, lambda p: _show(p, cwd))


def _show(path: Path, cwd: Path) -> str:
    try:
        return Path(os.path.relpath(path, cwd)).as_posix()
    except ValueError:
        return path.as_posix()


def diff_findings(paths: list[Path], rev: str | None, config: Path | None) -> list[tuple[ParsedDocument, Path, Finding]]:
    """`footprint-ls check --diff [REV] [PATH...]`: the review's reminders as findings, for cli.py."""
    target = paths[0] if paths else Path(".")
    if not target.exists():
        from lsp_server.cli import UsageError

        raise UsageError(f"{target}: no such file or directory")
    ws = _workspace(target, config)
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
