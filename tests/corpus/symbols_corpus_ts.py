"""Corpus evaluation of `unknown-symbol` on TypeScript: invented member names on receivers typed by annotations.

For an engine's object model, every exported class or interface whose members are all known (closed) gets a
generated `.ts` snippet that uses each of its public instance members once, through a receiver typed in one of
the ways TypeScript code types things, rotating per member: a parameter annotation, a variable annotation, an
`as` cast, an array element (`T[]` and `Array<T>`), an awaited `Promise<T>`, a local function's return type, a
parameter property (`constructor(private recv: T)`) and a typed class field read through `this`. The snippets
as generated are real code: they must produce no finding. Then each use is mutated the way a model invents
names (tests/corpus/symbols_corpus.mutations), one mutation per copy, and the finding must land on it alone.

Real code too: TanStack Query's React bindings (`@tanstack/react-query` src, `.ts`/`.tsx`) against the typings
of `@tanstack/query-core` installed in node_modules: every member access our type tracking verifies on a receiver
typed by declarations (no evidence involved) is a site; the code as published must produce no finding, and each
site mutated must be flagged (`evaluate_real`).

Engines: the bundled example engine (`examples/layout-engine`, typings configured in its pack) and pdf-lib
(typings installed in node_modules, fetched from the npm registry at test time, never committed). Measured
with `[typescript] unknown_symbols = "all"` (the CLI's, hooks' and MCP's default): on typings TypeScript finds
itself, the language server's default, "beyond-tsc", leaves typed receivers to the editor's TypeScript service
(that mode is measured too, set explicitly: `default_findings`).
Run directly for a report: `python -m tests.corpus.symbols_corpus_ts`.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server import plugins
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.config import load_settings
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.knowledge.object_model import OBJECT_MEMBERS, ObjectModelService
from lsp_server.workspace import Workspace
from tests.corpus.symbols_corpus import Unavailable, ensure_packages, mutations

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_ENGINE = REPO / "examples" / "layout-engine"
IDENT = re.compile(r"[A-Za-z_$][\w$]*")
FORMS = ("param", "variable", "cast", "array", "generic-array", "promise", "return", "parameter-property",
         "field")


@dataclass
class Site:
    file: str
    start: int  # byte range of the member name in the snippet
    end: int
    line: int
    name: str
    form: str


@dataclass
class Snippets:
    files: dict[str, str] = field(default_factory=dict)
    sites: list[Site] = field(default_factory=list)
    types: int = 0
    skipped_open: int = 0  # types with an index signature or an unknown base: any name may exist


def _use(recv: str, member) -> str:
    return f"{recv}.{member.name}()" if member.kind in ("method", "function") else f"{recv}.{member.name}"


def generate(model, module: str) -> Snippets:
    """One snippet per closed, exported class or interface of `module`, each member used once."""
    out = Snippets()
    mod = model.modules[module]
    counter = 0
    for exported, local in sorted(mod.exports.items()):
        t = mod.types.get(local)
        if t is None or t.kind not in ("class", "interface") or not IDENT.fullmatch(exported) or exported == "default":
            continue
        tid = (module, local)
        if not model.closed(tid):
            out.skipped_open += 1
            continue
        members = [m for name, (m, _) in sorted(model.members(tid).items())
                   if not m.private and not m.static and m.kind in ("method", "property", "getter", "function")
                   and IDENT.fullmatch(name) and name not in OBJECT_MEMBERS]
        if not members:
            continue
        out.types += 1
        rel = f"snippets/{exported}.ts"
        lines = [f'import {{ {exported} }} from "{module}";', ""]
        sites: list[tuple[int, str, str]] = []  # (line index, use text prefix, member name, form)
        for i, m in enumerate(members):
            form = FORMS[counter % len(FORMS)]
            counter += 1
            T = exported
            fn = f"use{i}"
            if form == "param":
                body = [f"export function {fn}(recv: {T}) {{", f"  {_use('recv', m)};", "}"]
            elif form == "variable":
                body = [f"export function {fn}(source: unknown) {{", f"  const recv: {T} = source as {T};",
                        f"  {_use('recv', m)};", "}"]
            elif form == "cast":
                body = [f"export function {fn}(source: unknown) {{", f"  {_use(f'(source as {T})', m)};", "}"]
            elif form == "array":
                body = [f"export function {fn}(all: {T}[]) {{", f"  for (const recv of all) {{",
                        f"    {_use('recv', m)};", "  }", "}"]
            elif form == "generic-array":
                body = [f"export function {fn}(all: Array<{T}>) {{", f"  {_use('all[0]', m)};", "}"]
            elif form == "promise":
                body = [f"export async function {fn}(later: Promise<{T}>) {{", f"  {_use('(await later)', m)};", "}"]
            elif form == "return":
                body = [f"function make{i}(): {T} {{", f"  return null as unknown as {T};", "}",
                        f"export function {fn}() {{", f"  {_use(f'make{i}()', m)};", "}"]
            elif form == "parameter-property":
                body = [f"export class Holder{i} {{", f"  constructor(private readonly recv: {T}) {{}}",
                        f"  run() {{", f"    {_use('this.recv', m)};", "  }", "}"]
            else:  # field
                body = [f"export class Holder{i} {{", f"  recv!: {T};", f"  run() {{",
                        f"    {_use('this.recv', m)};", "  }", "}"]
            use_line = next(j for j, ln in enumerate(body) if f".{m.name}" in ln and "(): " not in ln)
            sites.append((len(lines) + use_line, m.name, form))
            lines.extend(body)
            lines.append("")
        text = "\n".join(lines)
        out.files[rel] = text
        data_lines = text.split("\n")
        starts = [0]
        for ln in data_lines:
            starts.append(starts[-1] + len(ln.encode()) + 1)
        for line, name, form in sites:
            col = data_lines[line].rindex(f".{name}") + 1
            start = starts[line] + len(data_lines[line][:col].encode())
            out.sites.append(Site(rel, start, start + len(name.encode()), line, name, form))
    return out


@dataclass
class Report:
    engine: str
    types: int = 0
    skipped_open: int = 0
    files: int = 0
    mutants: int = 0
    hits: int = 0
    real: list[str] = field(default_factory=list)  # findings on the unmutated snippets
    false: list[str] = field(default_factory=list)  # findings away from the mutated name
    missed: list[str] = field(default_factory=list)
    by_form: dict[str, list[int]] = field(default_factory=dict)  # form -> [mutants, hits]
    default_findings: int = 0  # findings on the mutants with "beyond-tsc" (the language server's default)

    @property
    def recall(self) -> float:
        return self.hits / self.mutants if self.mutants else 0.0

    def text(self) -> str:
        lines = [f"{self.engine}: {self.types} typed receivers' types ({self.skipped_open} open types skipped), "
                 f"{self.files} snippets, {self.mutants} mutated member names",
                 f"  recall {self.recall:.1%} ({self.hits}/{self.mutants}), findings on real code {len(self.real)}, "
                 f"away from the mutant {len(self.false)}; beyond-tsc (the editor's default): {self.default_findings} finding(s)"]
        for form, (n, hits) in sorted(self.by_form.items()):
            lines.append(f"    {form:18} {n:4} mutants: {hits / n:.0%}")
        return "\n".join(lines)


def _findings(ws: Workspace, rel: str, text: str) -> list[tuple[int, int, str]]:
    """The invented-name findings: `unknown-symbol` minus its notes on real members the sources mark removed or
    deprecated (the generated snippets use every member, and such a note on one is right, not a false one)."""
    doc = ParsedDocument.create(path_to_uri(ws.root / rel), text)
    return [(f.start, f.end, doc.source[f.start:f.end].decode())
            for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,))
            if f.code == "unknown-symbol" and (f.data or {}).get("status") not in ("removed", "deprecated")]


def evaluate(engine: str, ws_all: Workspace, ws_default: Workspace, module: str, per_site: int = 1) -> Report:
    model = ws_all.service(ObjectModelService).model
    if module not in model.modules:
        raise RuntimeError(f"{module} is not in the object model")
    snippets = generate(model, module)
    report = Report(engine, snippets.types, snippets.skipped_open, len(snippets.files))
    for rel, text in snippets.files.items():
        for s, _, name in _findings(ws_all, rel, text):
            report.real.append(f"{rel}: {name} at byte {s}")
    taken = {n for mod in model.modules.values() for t in mod.types.values() for n in (m.name for m in t.members)}
    taken |= {n for mod in model.modules.values() for n in mod.exports} | OBJECT_MEMBERS
    for i, site in enumerate(snippets.sites):
        cands = [m for _, m in mutations(site.name) if m != site.name and m not in taken and IDENT.fullmatch(m)]
        if not cands:
            continue
        for mutant in (cands[i % len(cands):] + cands[:i % len(cands)])[:per_site]:
            data = snippets.files[site.file].encode()
            text = (data[:site.start] + mutant.encode() + data[site.end:]).decode()
            report.mutants += 1
            form = report.by_form.setdefault(site.form, [0, 0])
            form[0] += 1
            found = _findings(ws_all, site.file, text)
            hit = [f for f in found if f[0] == site.start and f[2] == mutant]
            if hit:
                report.hits += 1
                form[1] += 1
            else:
                report.missed.append(f"{site.file}:{site.line + 1}: {site.name} -> {mutant} ({site.form})")
            report.false.extend(f"{site.file}: {f[2]} (mutant {mutant})" for f in found if f not in hit)
            report.default_findings += len(_findings(ws_default, site.file, text))
    return report


def evaluate_real(label: str, ws_all: Workspace, ws_default: Workspace, under: str) -> Report:
    """Sites from real code: member accesses on declared-typed receivers that the model verifies."""
    from lsp_server.knowledge.model_sources.platform import PLATFORM
    from lsp_server.knowledge.unknown_symbol import analysis_for

    model = ws_all.service(ObjectModelService).model
    files = {p.relative_to(ws_all.root).as_posix(): p.read_text(encoding="utf-8")
             for p in ws_all.files(ws_all.root / under)}
    report = Report(label, files=len(files))
    taken = {n for mod in model.modules.values() for t in mod.types.values() for n in (m.name for m in t.members)}
    taken |= {n for mod in model.modules.values() for n in mod.exports} | OBJECT_MEMBERS
    types: set = set()
    for rel, text in sorted(files.items()):
        for s, _, name in _findings(ws_all, rel, text):
            report.real.append(f"{rel}: {name} at byte {s}")
        doc = ParsedDocument.create(path_to_uri(ws_all.root / rel), text)
        sites = [a for a in analysis_for(doc, model).accesses
                 if a.member is not None and not a.missing and a.recv.evidence is None and not a.recv.untyped
                 and a.usage != "import" and a.recv.kind.value in ("inst", "union")
                 # the engine's types: a receiver of the platform's (`Array.isArray`, `new Map().set`: TypeScript's
                 # own lib, `model_sources/platform`) is TypeScript's to check, and no site of query-core's
                 and PLATFORM not in {t[0] for t in (a.recv.tid if a.recv.kind.value == "union" else (a.recv.tid,))}]
        for i, a in enumerate(sites):
            types.add(a.container)
            cands = [m for _, m in mutations(a.name) if m != a.name and m not in taken and IDENT.fullmatch(m)]
            if not cands:
                continue
            mutant = cands[i % len(cands)]
            mutated = (doc.source[:a.start] + mutant.encode() + doc.source[a.end:]).decode()
            report.mutants += 1
            form = report.by_form.setdefault("real code", [0, 0])
            form[0] += 1
            found = _findings(ws_all, rel, mutated)
            hit = [f for f in found if f[0] == a.start and f[2] == mutant]
            if hit:
                report.hits += 1
                form[1] += 1
            else:
                line = doc.lines.line_of(a.start)
                report.missed.append(f"{rel}:{line + 1}: {a.name} -> {mutant}")
            report.false.extend(f"{rel}: {f[2]} (mutant {mutant})" for f in found if f not in hit)
            report.default_findings += len(_findings(ws_default, rel, mutated))
    report.types = len(types)
    return report


def tanstack_workspaces(dest: Path, bindings: str = "@tanstack/react-query@5.59.0") -> tuple[Workspace, Workspace]:
    """The sources of one of TanStack Query's framework bindings (`bindings`: react, vue, solid...) with
    `@tanstack/query-core` installed (both from the npm registry)."""
    from tests.corpus.footprint_audit import npm_package

    plugins.load()
    core, reason = npm_package("@tanstack/query-core@5.59.0")
    react, reason2 = npm_package(bindings)
    if core is None or react is None:
        raise Unavailable(reason or reason2)
    out = []
    for mode in ("all", "beyond-tsc"):
        root = dest / f"tanstack-{bindings.split('/')[-1].split('@')[0]}-{mode}"
        (root / "node_modules" / "@tanstack").mkdir(parents=True)
        shutil.copytree(core, root / "node_modules" / "@tanstack" / "query-core")
        shutil.copytree(react / "src", root / "src")
        (root / "footprint.toml").write_text(f'[typescript]\nunknown_symbols = "{mode}"\n')
        out.append(Workspace(root, load_settings(root)))
    return out[0], out[1]


def example_workspaces(dest: Path) -> tuple[Workspace, Workspace]:
    """The bundled example engine, its typings configured (TypeScript in the editor does not see them)."""
    plugins.load()
    out = []
    for mode in ("all", "beyond-tsc"):
        root = dest / f"example-{mode}"
        root.mkdir(parents=True)
        shutil.copy(EXAMPLE_ENGINE / "engine.d.ts", root / "engine.d.ts")
        (root / "footprint.toml").write_text('[object_model]\nsources = [{ path = "engine.d.ts", module = "@acme/layout" }]\n'
                                             f'[typescript]\nunknown_symbols = "{mode}"\n')
        out.append(Workspace(root, load_settings(root)))
    return out[0], out[1]


def pdf_lib_workspaces(dest: Path) -> tuple[Workspace, Workspace]:
    """pdf-lib installed in node_modules (typings TypeScript finds), fetched from the npm registry."""
    plugins.load()
    pkg_root = ensure_packages()
    out = []
    for mode in ("all", "beyond-tsc"):
        root = dest / f"pdf-lib-{mode}"
        (root / "node_modules").mkdir(parents=True)
        for name in ("pdf-lib", "@pdf-lib", "pako", "tslib"):
            shutil.copytree(pkg_root / "node_modules" / name, root / "node_modules" / name, symlinks=True)
        (root / "index.ts").write_text('import { PDFDocument } from "pdf-lib";\n')  # so discovery finds pdf-lib
        (root / "footprint.toml").write_text(f'[typescript]\nunknown_symbols = "{mode}"\n')
        out.append(Workspace(root, load_settings(root)))
    return out[0], out[1]


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rep = evaluate("example engine", *example_workspaces(Path(tmp)), "@acme/layout")
        print(rep.text())
        rep2 = evaluate("pdf-lib", *pdf_lib_workspaces(Path(tmp)), "pdf-lib")
        print(rep2.text())
        rep3 = evaluate_real("@tanstack/react-query src (real code)", *tanstack_workspaces(Path(tmp)), "src")
        print(rep3.text())
        for other in ("@tanstack/vue-query@5.59.0", "@tanstack/solid-query@5.59.0"):
            print(evaluate_real(f"{other} src (real code)", *tanstack_workspaces(Path(tmp), other), "src").text())
        if "-v" in sys.argv:
            for r in (rep, rep2, rep3):
                print(*r.real[:20], *r.false[:20], *r.missed[:40], sep="\n  ")
