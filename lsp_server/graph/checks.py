"""Cross-file dependency checks on a module's import statements: `unresolved-import`, `unknown-export`,
`import-cycle`, `layer-violation`.

They run as the user types (Phase.TYPE) and only read: before the server checks an open document, the graph
takes the buffer's own imports in (`ImportGraphService.take_buffer`, called by the scheduler), and everything
about the other files comes from the graph. So an import typed a second ago is checked against the workspace
as it is. A snapshot the graph has not taken (the CLI, a file on disk) is extracted here and resolved.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator
from pathlib import Path

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path
from lsp_server.syntax.modules import DEFAULT, NAMESPACE, module_info_of
from lsp_server.graph.resolve import FILE, MISSING_FILE, MISSING_PACKAGE, Resolution, is_relative
from lsp_server.graph.rules import dependency_settings, violations
from lsp_server.graph.service import ImportGraphService
from lsp_server.workspace import Workspace

MAX_LISTED_EXPORTS = 8


def target_label(workspace: Workspace, res: Resolution) -> str:
    """How rules and messages name a target: workspace-relative path, or package:/node: name."""
    if res.kind == FILE and res.target:
        return workspace.relpath(Path(res.target))
    return res.target or ""


@check("dependencies", Phase.TYPE, languages=SOURCE_LANGUAGES)
def dependency_checks(doc: ParsedDocument, ctx: CheckContext) -> Iterator[Finding]:
    path = doc.path
    if path is None or doc.tree is None or is_typings_path(path):
        return  # a .d.ts is typings (its imports are graph edges, of kind type), not a source to check
    ws = ctx.workspace
    graph = ws.service(ImportGraphService)
    deps = dependency_settings(ws.settings)
    importer = str(ws.real_path_of(doc))
    taken = graph.taken(doc)
    info, entry = taken if taken is not None else (module_info_of(doc), graph.entry(importer))
    resolutions = entry.resolutions if entry is not None and entry.info == info else tuple(
        graph.resolver.resolve(r.specifier, importer, r.kind) for r in info.imports)
    rel = ws.relpath(Path(importer))
    reported_cycle_edges: set[str] = set()
    cycles = graph.cycles_of(importer) if deps.config.cycles else []
    for record, res in zip(info.imports, resolutions):
        if not res.resolved:
            finding = _unresolved(ws, doc, importer, record, res, _package_severity(ws, deps.config.unresolved_packages))
            if finding is not None:
                yield finding
            continue
        if res.kind == FILE and res.target:
            yield from _unknown_exports(graph, ws, record, res.target)
            for cycle in cycles:
                nxt = cycle[1] if len(cycle) > 1 else cycle[0]
                if nxt == res.target and nxt not in reported_cycle_edges:
                    reported_cycle_edges.add(nxt)
                    shown = " -> ".join(ws.relpath(Path(p)) for p in [*cycle, cycle[0]])
                    yield Finding("import-cycle", f"Import cycle: {shown}", record.start, record.end, Severity.WARNING,
                                  data={"cycle": [ws.relpath(Path(p)) for p in cycle]})
        label = target_label(ws, res)
        for rule in violations(deps, rel, label):
            yield Finding("layer-violation", _layer_message(rule, rel, label, importer, ws), record.start, record.end,
                          Severity.ERROR, data={"rule": rule.name, "target": label,
                                                **({"via_interface": rule.via_interface} if rule.via_interface else {})})


def _layer_message(rule, rel: str, label: str, importer: str, ws: Workspace) -> str:
    what = rule.message or (f"{rel} may not import {label}" if not rule.allowed
                            else f"{label} is not among the imports allowed for {rel}")
    message = f"{rule.name}: {what}"
    if rule.via_interface:
        target = (ws.root / rule.via_interface).resolve()
        spec = os.path.relpath(target, Path(importer).parent).replace(os.sep, "/")
        if not spec.startswith("."):
            spec = "./" + spec
        message += f"; import {rule.via_interface} instead (\"{spec}\")"
    return message


def _package_severity(ws: Workspace, configured: str) -> str:
    """A plain repository (no footprint.toml, no engine pack, the key not set anywhere) before `npm install`
    is npm's business: its uninstalled packages are not reported. Anything Footprint is set up for is."""
    settings = ws.settings
    if settings.config_path is None and not settings.packs \
            and "unresolved_packages" not in settings.values.get("dependencies", {}):
        return "off"
    return configured


def _unresolved(ws: Workspace, doc: ParsedDocument, importer: str, record, res: Resolution,
                package_severity: str) -> Finding | None:
    if res.kind == MISSING_PACKAGE:
        if package_severity == "off":
            return None
        severity = Severity.ERROR if package_severity == "error" else Severity.WARNING
        return Finding("unresolved-import", f"Cannot resolve '{record.specifier}': {res.detail}",
                       record.start, record.end, severity)
    message = f"Cannot resolve '{record.specifier}'"
    data = None
    if res.kind == MISSING_FILE and is_relative(record.specifier) and not record.specifier.startswith("/"):
        missing = (Path(importer).parent / record.specifier).resolve()
        if missing.is_dir():  # `require('../')`: the folder is there, its entry is not
            message += f": {ws.relpath(missing)} has no package.json main or index file"
            return Finding("unresolved-import", message, record.start, record.end, Severity.ERROR)
        message += f": {ws.relpath(missing)} does not exist"
        suggestion = _similar_file(missing)
        if suggestion:
            spec = os.path.relpath(suggestion, Path(importer).parent).replace(os.sep, "/")
            spec = spec if spec.startswith(".") else "./" + spec
            message += f" (did you mean '{spec}'?)"
            data = {"fix": {"title": f"Import '{spec}'",
                            "edits": [{"start": record.start + 1, "end": record.end - 1, "text": spec}]}}
    elif res.detail:
        message += f": {res.detail}"
    return Finding("unresolved-import", message, record.start, record.end, Severity.ERROR, data=data)


def _similar_file(missing: Path) -> Path | None:
    try:
        names = [p.name for p in missing.parent.iterdir() if p.is_file()]
    except OSError:
        return None
    close = difflib.get_close_matches(missing.name, names, n=1, cutoff=0.75)
    return missing.parent / close[0] if close else None


def _likely_typo(name: str, candidates: set[str]) -> str | None:
    """A candidate `name` is probably a typo of: close (ratio >= 0.8) and clearly closer than the others,
    so `formatCurrency` suggests nothing among formatMoney/formatPercent/formatNumber (the message lists
    them instead) while `formatMony` suggests formatMoney."""
    scored = sorted(((difflib.SequenceMatcher(None, name, c).ratio(), c) for c in candidates), reverse=True)
    if not scored or scored[0][0] < 0.8:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < 0.1:
        return None
    return scored[0][1]


def _unknown_exports(graph: ImportGraphService, ws: Workspace, record, target: str) -> Iterator[Finding]:
    names = [n for n in record.names if n.name != NAMESPACE]
    if not names:
        return
    exported, complete = graph.exports_of(target)
    if not complete:
        return
    rel = ws.relpath(Path(target))
    for imported in names:
        if imported.name in exported:
            continue
        if imported.name == DEFAULT:
            message = f"{rel} has no default export"
        else:
            message = f"'{imported.name}' is not exported by {rel}"
            close = _likely_typo(imported.name, exported - {DEFAULT})
            if close:
                message += f" (did you mean '{close}'?)"
        listed = sorted(exported)
        if listed and len(listed) <= MAX_LISTED_EXPORTS:
            message += f"; it exports {', '.join(listed)}"
        elif not listed:
            message += "; it exports nothing"
        yield Finding("unknown-export", message, imported.start, imported.end, Severity.ERROR,
                      data={"name": imported.name, "module": rel})
