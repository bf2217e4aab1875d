"""`footprint-ls rules stats|list|check|update|context [PATH]` (conventions/)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lsp_server.commands import cli_command
from lsp_server.conventions import remote as remote_mod
from lsp_server.conventions.reports import guidance, rules_report, stats
from lsp_server.conventions.service import RuleService
from lsp_server.findings import Severity
from lsp_server.surfaces.common import EXIT_FINDINGS, EXIT_OK, workspace_for
from lsp_server.surfaces.present import for_cli


@cli_command("rules", "convention rules: stats (telemetry), list, check (validate rule files), update, context")
def _rules(parser: argparse.ArgumentParser):
    parser.add_argument("action", choices=("stats", "list", "check", "update", "context"))
    parser.add_argument("path", nargs="?", type=Path, default=Path("."),
                        help="a file or folder of the workspace (default: the current folder)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        ws = workspace_for(args.path, args.config)
        svc = ws.service(RuleService)
        present = for_cli()
        if args.action == "update":
            svc.refresh_remotes()  # now, whatever the refresh interval
            failed = 0
            for job in svc.wait_for_remotes(svc.config.fetch_timeout_seconds + 5):
                if job.error:
                    failed += 1
                    print(remote_mod.describe_fallback(job), file=sys.stderr)
                else:
                    meta = job.meta or {}  # the sha256 is what `[[rules.remote]] sha256` pins
                    print(f"fetched {job.source.display} at {meta.get('commit', '?')[:12]} "
                          f"(sha256 {meta.get('sha256', '?')})")
            if failed:
                return EXIT_FINDINGS
        if args.action == "stats":
            rows = stats(ws)
            if args.format == "json":
                print(json.dumps(present.rule_stats(rows), indent=2))
                return EXIT_OK
            print(f"{'rule':40} {'firings':>7} {'sessions':>8} {'followed':>8}  noisy")
            for s in rows:
                share = "-" if s.followed_share is None else f"{100 * s.followed_share:.0f}%"
                print(f"{s.rule:40} {s.firings:>7} {s.sessions:>8} {share:>8}  {'NOISY' if s.noisy else ''}")
            return EXIT_OK
        if args.action == "context":
            target = args.path.resolve()
            context = guidance(ws, ws.relpath(target) if target.is_file() else None)
            print(json.dumps(present.guidance(context), indent=2) if args.format == "json" else context.text,
                  end="" if args.format == "text" else "\n")
            return EXIT_OK
        # validation (`check`) includes each rule's own Before/After examples
        report = rules_report(ws, with_examples=args.action == "check")
        data = present.rules_report(report)
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
                where = f"{p['path']}:{p['line'] + 1}: " if p["path"] else ""
                print(f"{where}{p['severity']} {p['message']}", file=sys.stderr)
        if args.action == "check":
            return EXIT_FINDINGS if any(p.severity is Severity.ERROR for p in report.problems) else EXIT_OK
        return EXIT_OK

    return run
