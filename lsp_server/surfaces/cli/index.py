"""`footprint-ls index build [PATH] [--out DIR]` and `footprint-ls index use DIR [PATH] [--sha256 DIGEST]`:
the workspace indexes a team builds once (in CI) and every checkout reuses (graph/, knowledge/ object model).

An artifact holds the import graph's and the object model's extractions with workspace-relative paths and
the SHA-256 of the content each came from, and the graph's resolutions with what each depends on (graph/store.py),
so it does not depend on where it was built; `use` checks it
(integrity.read_artifact: every part against the manifest, the manifest against a pinned digest) and takes
into this checkout's own signed caches what applies to identical content (the next start parses only the
files that differ), then brings every index of the checkout up to date as a start would: it parses the files
that differ and builds what an artifact cannot carry from the checkout's own files (the docs index, the rules). A server or CLI can also take it directly: FOOTPRINT_INDEX=DIR (and
FOOTPRINT_INDEX_SHA256). The docs index is not part of it (whoosh unpickles its files: an artifact would be
code); it is built locally. With the `semantic` extra, `build` and `use` also embed the local docs index's
chunks that are not stored yet and store them beside it (knowledge/dense.py), so one-shot runs, hooks and
servers get the dense how-to ranking without embedding. docs/scaling.md describes producing and fetching
artifacts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from lsp_server import __version__, integrity
from lsp_server.commands import cli_command
from lsp_server.errors import InvalidArgument
from lsp_server.graph import service as graph
from lsp_server.knowledge import naming, object_model
from lsp_server.surfaces.common import EXIT_OK, display_path, existing, workspace_for

DEFAULT_OUT = Path(".footprint-cache") / "index"  # under the workspace root; never walked as sources


@cli_command("index", "build the workspace's indexes as a relocatable artifact (build), or reuse one (use)")
def _index(parser: argparse.ArgumentParser):
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="index the workspace of PATH and write the artifact to --out")
    build.add_argument("path", type=Path, nargs="?", default=Path("."), metavar="PATH")
    build.add_argument("--out", type=Path, help=f"artifact folder (default: <workspace>/{DEFAULT_OUT.as_posix()})")
    use = actions.add_parser("use", help="check the artifact in DIR and take what matches into this checkout's caches")
    use.add_argument("dir", type=Path, metavar="DIR")
    use.add_argument("path", type=Path, nargs="?", default=Path("."), metavar="PATH")
    use.add_argument("--sha256", help="the artifact's digest (printed by `index build`): refuse any other")
    for sub in (build, use):
        sub.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")
        sub.add_argument("--json", action="store_true", help="print the outcome as JSON")

    def run(args: argparse.Namespace) -> int:
        ws = workspace_for(existing(args.path), args.config)
        started = time.perf_counter()
        if args.action == "build":
            out = args.out if args.out is not None else ws.root / DEFAULT_OUT
            graph_svc = ws.service(graph.ImportGraphService)
            model_svc = ws.service(object_model.ObjectModelService)
            parts = {graph.ARTIFACT_PART: graph_svc.artifact_part(),
                     object_model.ARTIFACT_PART: object_model.artifact_part(model_svc, ws)}
            # the naming conventions mined from the examples, with what each example showed (naming.py)
            parts[object_model.ARTIFACT_PART][naming.ARTIFACT_ENTRY] = naming.artifact_entry(model_svc.model)
            meta = {"footprint": __version__, "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "workspace": ws.root.name}
            digest = integrity.write_artifact(out, parts, meta)
            embedded = _store_embeddings(ws)
            outcome = {"out": str(out), "sha256": digest, "modules": graph_svc.stats["artifact_modules"],
                       "resolutions": graph_svc.stats["artifact_resolutions"],
                       "object_model_sources": len(parts[object_model.ARTIFACT_PART]["sources"]),
                       "naming_conventions": len(parts[object_model.ARTIFACT_PART][naming.ARTIFACT_ENTRY]["conventions"]),
                       "seconds": round(time.perf_counter() - started, 3)}
            line = (f"footprint-ls: index of {outcome['modules']} modules and {outcome['object_model_sources']} "
                    f"object-model source(s) written to {display_path(out)} (sha256 {digest})")
            if embedded is not None:
                outcome["docs_embeddings"] = embedded
                line += (f"; the docs' {embedded['chunks']} chunks embedded for the how-to search "
                         f"({embedded['embedded']} new)")
        else:
            try:
                manifest, parts = integrity.read_artifact(args.dir, args.sha256)
            except integrity.ArtifactRejected as exc:
                raise InvalidArgument(f"index artifact rejected: {exc}") from None
            graph_svc = graph.ImportGraphService(ws)
            graph_counts = graph_svc.import_artifact(parts.get(graph.ARTIFACT_PART))
            model_counts = object_model.import_artifact(ws, parts.get(object_model.ARTIFACT_PART))
            local = _index_checkout(ws, parts.get(object_model.ARTIFACT_PART))
            embedded = _store_embeddings(ws) if "docs index" in local else None
            built_graph = ws.peek_service(graph.ImportGraphService)
            graph_counts["parsed"] = int(built_graph.stats.get("parsed", 0)) if built_graph is not None else 0
            outcome = {"dir": str(args.dir), "sha256": manifest["sha256"], "import_graph": graph_counts,
                       "object_model": model_counts, "naming": _naming_counts(ws), "built_locally": local,
                       "seconds": round(time.perf_counter() - started, 3)}
            if embedded is not None:
                outcome["docs_embeddings"] = embedded
            line = (f"footprint-ls: index {manifest['sha256'][:12]} taken: {graph_counts['reused']} modules reused, "
                    f"{graph_counts['differ']} differ and {graph_counts['missing']} are missing here (parsed at the "
                    f"next start), the resolutions of {graph_counts['resolutions_reused']} modules "
                    f"({graph_counts['resolutions_changed']} with an input that differs here: resolved at the next "
                    f"start), {model_counts['sources']} object-model source(s), the imports of "
                    f"{model_counts.get('imports', 0)} files; indexed here: {', '.join(local) or 'nothing'} "
                    f"({graph_counts['parsed']} module(s) parsed)")
        if args.json:
            sys.stdout.write(json.dumps(outcome, indent=2) + "\n")
        else:
            print(line)
        return EXIT_OK

    return run


def _index_checkout(ws, model_part: object) -> list[str]:
    """Bring every index of the checkout up to date, as its first start would: the import graph and the
    object model from the caches just taken (parsing only the files that differ from the artifact's, resolving
    only the imports whose inputs differ), the naming conventions (the artifact's if mined from the same
    examples, else mined again analysing only the examples that differ), then what an artifact cannot carry, from the checkout's own files:
    the docs index (whoosh unpickles its files: built here, signed with this user's key) and the rules (their
    compiled queries' facts). `index use` runs once, ahead of the starts, so they start warm. An index that
    fails is left to the start (a warning line), never failing `index use`."""
    from lsp_server.conventions.service import RuleService
    from lsp_server.knowledge.docs_index import DocsIndex

    built = []
    for cls in (graph.ImportGraphService, object_model.ObjectModelService, DocsIndex, RuleService):
        try:
            svc = ws.service(cls)
            if cls is object_model.ObjectModelService:
                naming.ensure_conventions(svc.model, offered=model_part)
            built.append(cls.name)
        except Exception as exc:  # noqa: BLE001 - the start builds it then
            print(f"footprint-ls: warning: {cls.name} not built ({exc}); the next start builds it", file=sys.stderr)
    return built


def _store_embeddings(ws) -> dict[str, int] | None:
    """With the `semantic` extra: embed the docs index's chunks that are not stored yet and store them beside
    it (knowledge/dense.py), so every later one-shot run, hook and server loads them instead of embedding;
    {chunks, embedded (now)}. None without the extra (nothing built or stored) or when it fails (a warning
    line: the server embeds them then)."""
    from lsp_server.knowledge import dense
    from lsp_server.knowledge.docs_index import DocsIndex

    if dense.encoder() is None:
        return None
    try:
        counts = dense.store(ws.service(DocsIndex))
    except Exception as exc:  # noqa: BLE001 - the server embeds them then
        print(f"footprint-ls: warning: docs embeddings not stored ({exc})", file=sys.stderr)
        return None
    return None if counts is None else {"chunks": counts[0], "embedded": counts[1]}


def _naming_counts(ws) -> dict[str, int]:
    """The naming conventions `index use` left in this checkout's cache, and how many examples it analysed."""
    svc = ws.peek_service(object_model.ObjectModelService)
    if svc is None or svc.model.conventions is None:
        return {"conventions": 0, "examples": 0, "analysed": 0}
    return {"conventions": len(svc.model.conventions), "examples": len(svc.model.examples),
            "analysed": naming.examples_analysed(svc.model)}
