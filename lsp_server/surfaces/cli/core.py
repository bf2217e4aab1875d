"""The built-in verbs: `check` (every check over files or folders), `serve` (the LSP), `trust`, `untrust`."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from lsp_server import trust
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import cli_command
from lsp_server.document import ParsedDocument, real_path
from lsp_server.errors import InvalidArgument
from lsp_server.findings import Finding, Severity
from lsp_server.surfaces.common import EXIT_FINDINGS, EXIT_OK, display_path, existing, workspace_for
from lsp_server.surfaces.present import finding_text, for_cli


def check_paths(paths: list[Path], config: Path | None = None,
                skipped: dict[Path, str] | None = None) -> list[tuple[ParsedDocument, Path, Finding]]:
    """Every check (as-you-type and on-save) over files and folders, in path order. Folders yield their
    JavaScript sources; a file named explicitly is checked in whatever language it is (a .d.ts too).
    Files left out (too large, binary, unreadable, not code) are added to `skipped` with the reason."""
    results = []
    for target in paths:
        ws = workspace_for(existing(target), config)
        resolved = real_path(target)
        # The user named it on their own command line: readable even outside the config's folder. Symlinks
        # inside it that lead elsewhere are still left out by the walker (they come from the repository).
        ws.extra_roots = [resolved]
        for path in [resolved] if resolved.is_file() else ws.files(resolved):
            doc = ws.document(path)
            if doc is not None and doc.language is None and skipped is not None:
                skipped[path] = "not a JavaScript or TypeScript file"
            if doc is None or doc.language is None:
                continue
            ctx = CheckContext(ws)
            findings = run_checks(doc, ctx, (Phase.TYPE, Phase.SAVE))
            ws.document_checked(doc, findings, tuple(ctx.completed))  # checks only read: telemetry here
            results.extend((doc, path, f) for f in findings)
        if skipped is not None:
            skipped.update(ws.skipped)
    return results


@cli_command("check", "run every check the server runs on save, over files or folders")
def _check(parser: argparse.ArgumentParser):
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")
    parser.add_argument("--diff", nargs="?", const="", metavar="REV",
                        help="review the convention rules on the lines changed since REV (default HEAD, "
                             "untracked files included); at most [rules] max_per_diff rules, as reminders")

    def run(args: argparse.Namespace) -> int:
        from lsp_server.storage import freeze_after_builds

        freeze_after_builds()  # a one-shot process: what the indexes build lives until it exits
        skipped: dict[Path, str] = {}
        if args.diff is not None:
            from lsp_server.conventions.reports import diff_findings  # --diff only: the review of changed lines

            target = existing(args.paths[0] if args.paths else Path("."))
            results = diff_findings(workspace_for(target, args.config), args.paths, args.diff or None)
        elif not args.paths:
            raise InvalidArgument("check: give at least one PATH (or --diff)")
        else:
            results = check_paths(args.paths, args.config, skipped)
        for path, reason in sorted(skipped.items()):
            print(f"footprint-ls: skipped {display_path(path)}: {reason}", file=sys.stderr)
        if args.format == "json":
            present = for_cli()
            print(json.dumps([present.finding_at(d, p, f) for d, p, f in results], indent=2, ensure_ascii=False))
        else:
            for d, p, f in results:
                print(finding_text(d, display_path(p), f))
            errors = sum(1 for *_, f in results if f.severity == Severity.ERROR)
            print(f"{len(results)} problem(s), {errors} error(s)", file=sys.stderr)
        return EXIT_FINDINGS if any(f.severity == Severity.ERROR for *_, f in results) else EXIT_OK

    return run


@cli_command("serve", "start the language server (stdio by default)")
def _serve(parser: argparse.ArgumentParser):
    parser.add_argument("--tcp", action="store_true",
                        help="listen on TCP instead of stdio; a client must send the token as "
                             "initializationOptions.token")
    parser.add_argument("--host", default="127.0.0.1",
                        help="TCP host (default 127.0.0.1: local only; any other address needs --token-file)")
    parser.add_argument("--port", type=int, default=2087, help="TCP port (0: any free port, printed)")
    parser.add_argument("--token-file", type=Path,
                        help="TCP: read the token from this file (0600, yours), or create it there if missing; "
                             "without it a fresh token is printed on stderr")
    parser.add_argument("--stdio", action="store_true", help="use stdio (the default; accepted for editors)")

    def run(args: argparse.Namespace) -> int:
        from lsp_server.surfaces.lsp import transport
        from lsp_server.surfaces.lsp.server import serve  # pygls and the whole server: loaded for `serve` only

        if not args.tcp:
            if args.token_file is not None:
                raise InvalidArgument("--token-file is for --tcp (stdio needs no token: the editor started the server)")
            serve()
            return EXIT_OK
        if not transport.is_loopback(args.host) and args.token_file is None:
            raise InvalidArgument(f"--host {args.host} is reachable from other machines: it needs --token-file F "
                             "(the token clients must send)")
        try:
            token = transport.load_token(args.token_file)
        except transport.TokenError as exc:
            raise InvalidArgument(str(exc)) from None

        def listening(host: str, port: int) -> None:
            # One line on stderr for the person who started the server, written directly (not logged): the
            # token never reaches a --log-file. With --token-file only the file is named.
            where = f"in {args.token_file}" if args.token_file else token
            print(f"footprint-ls: serving LSP on {host}:{port} (TCP); token for initializationOptions.token: {where}",
                  file=sys.stderr, flush=True)
            if not transport.is_loopback(host):
                logging.getLogger(__name__).warning(
                    "listening on %s: anyone who can reach it and has the token can read files through the server",
                    host)

        serve(tcp=True, host=args.host, port=args.port, token=token, on_listening=listening)
        return EXIT_OK

    return run


@cli_command("trust", "trust a folder: its footprint.toml may run programs, reach the network, choose caches")
def _trust(parser: argparse.ArgumentParser):
    parser.add_argument("path", nargs="?", type=Path, default=None, metavar="PATH",
                        help="the folder to trust, with everything below it (default: the current folder)")
    parser.add_argument("--list", action="store_true", help="print the trusted folders, one a line")

    def run(args: argparse.Namespace) -> int:
        try:
            if args.list:
                if args.path is not None:
                    raise InvalidArgument("trust: give either PATH or --list")
                for folder in trust.trusted_folders():
                    print(folder)
                return EXIT_OK
            folder = trust.trust(args.path or Path.cwd())
        except trust.TrustStoreError as exc:
            raise InvalidArgument(str(exc)) from None
        print(f"trusted {folder} (and every folder below it); restart a running server to apply it")
        return EXIT_OK

    return run


@cli_command("untrust", "stop trusting a folder that `footprint-ls trust` trusted")
def _untrust(parser: argparse.ArgumentParser):
    parser.add_argument("path", nargs="?", type=Path, default=None, metavar="PATH",
                        help="the folder (default: the current folder)")

    def run(args: argparse.Namespace) -> int:
        target = args.path or Path.cwd()
        try:
            removed, still = trust.untrust(target)
        except trust.TrustStoreError as exc:
            raise InvalidArgument(str(exc)) from None
        folder = real_path(target)
        if still is not None:
            raise InvalidArgument(f"untrust: {folder} {'was removed but ' if removed else ''}is still trusted through "
                             f"{still}; run `footprint-ls untrust {still}` to stop that")
        print(f"untrusted {folder}" if removed else f"{folder} was not trusted")
        return EXIT_OK

    return run
