"""Corpus evaluation of `unknown-symbol` on a real npm package (pdf-lib), compared with `tsc --checkJs`.

Real usage code (tests/corpus/pdf_lib: README-style scripts, helpers that take engine objects as untyped
parameters, CommonJS) plus the code examples from pdf-lib's own doc comments (each its own snippet file,
where `page`, `pdfDoc`, `form` arrive undeclared) must produce zero findings. Then every use of a public
pdf-lib API member in that code is mutated the way a model invents names (verb synonyms, set/get prefixes,
plural/singular, casing, typos), one mutation per copy, and both tools must flag the mutated line.

Packages are installed from the npm registry into a cache outside git (never committed).
Run directly for a report: `python -m tests.corpus.symbols_corpus`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tree_sitter import Node

from lsp_server import plugins
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.config import load_settings
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.languages import parser
from lsp_server.workspace import Workspace
from tests.support.npm_cache import Unavailable, cache_root, npm_install  # noqa: F401 - Unavailable: re-exported

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "corpus" / "pdf_lib"
PACKAGES = ["pdf-lib@1.17.1", "typescript@5.9.3", "@types/node@20"]


def cache_dir() -> Path:
    return cache_root() / "npm-symbols"


def ensure_packages() -> Path:
    """Install the corpus packages into the cache once; return the folder holding node_modules."""
    return npm_install(cache_dir(), PACKAGES, timeout=600)


# --- the corpus -------------------------------------------------------------------------------------------------
def doc_comment_examples(pkg: Path) -> dict[str, str]:
    """Code examples from the package's own API doc comments, one snippet file each."""
    out = {}
    for dts in sorted((pkg / "cjs" / "api").rglob("*.d.ts")):
        text = dts.read_text(encoding="utf-8")
        for i, block in enumerate(re.findall(r"```js\n(.*?)```", text, re.S)):
            lines = [re.sub(r"^\s*\*\s?", "", ln) for ln in block.splitlines()]
            code = "\n".join(lines).strip() + "\n"
            if "..." in code:
                continue  # placeholders: not runnable code
            rel = dts.relative_to(pkg / "cjs" / "api").as_posix().replace("/", "_").replace(".d.ts", "")
            out[f"snippets/{rel}_{i}.js"] = code
    return out


def corpus_files(pkg: Path) -> dict[str, str]:
    files = {f"src/{p.name}": p.read_text(encoding="utf-8") for p in sorted(CORPUS.iterdir()) if p.is_file()}
    files.update(doc_comment_examples(pkg))
    return files


BUILTIN_RECEIVERS = frozenset({"Object", "Math", "JSON", "console", "fs", "String", "Array", "Promise", "Date",
                               "Number", "process"})
JS_BUILTIN_MEMBERS = frozenset({"length", "map", "forEach", "push", "entries", "keys", "values", "join", "then",
                                "toString", "filter", "slice", "indexOf", "name", "get", "set", "size"})


def api_members(model) -> set[str]:
    """Public member names of pdf-lib's API classes (the layer README and doc examples use)."""
    names = set()
    mod = model.modules["pdf-lib"]
    for t in mod.types.values():
        if "/api/" in t.path.replace(os.sep, "/") or t.name == "ViewerPreferences":
            names.update(m.name for m in t.members if not m.private and m.kind != "constructor")
    return names - JS_BUILTIN_MEMBERS


def all_members(model) -> set[str]:
    names = set()
    for mod in model.modules.values():
        for t in mod.types.values():
            names.update(m.name for m in t.members)
        names.update(mod.exports)
    return names


@dataclass
class Site:
    file: str
    start: int
    end: int
    line: int  # 0-based
    name: str


def sites_of(rel: str, text: str, wanted: set[str]) -> list[Site]:
    data = text.encode("utf-8")
    tree = parser("javascript").parse(data)
    out = []
    stack = [tree.root_node]
    while stack:
        n: Node = stack.pop()
        if n.type == "member_expression":
            prop = n.child_by_field_name("property")
            obj = n.child_by_field_name("object")
            if prop is not None and prop.type == "property_identifier":
                name = data[prop.start_byte:prop.end_byte].decode()
                recv = data[obj.start_byte:obj.end_byte].decode() if obj is not None else ""
                if name in wanted and recv not in BUILTIN_RECEIVERS:
                    out.append(Site(rel, prop.start_byte, prop.end_byte, prop.start_point[0], name))
        stack.extend(n.named_children)
    return sorted(out, key=lambda s: s.start)


# --- mutations: the names a model invents ---------------------------------------------------------------------
VERB_SWAPS = {"get": "fetch", "set": "update", "add": "create", "create": "make", "draw": "render", "embed": "load",
              "remove": "delete", "save": "export", "insert": "add", "copy": "clone", "enable": "turnOn",
              "select": "choose", "check": "tick", "attach": "addAttachment", "register": "use", "move": "shift",
              "scale": "resize", "flatten": "flattenAll", "update": "refresh", "is": "has", "reset": "clear",
              "translate": "offset", "load": "open", "width": "getWidth", "height": "getHeight"}


def _split(name: str) -> list[str]:
    return re.findall(r"[A-Z]+(?=[A-Z][a-z]|\d|\b)|[A-Z]?[a-z]+|[A-Z]+|\d+", name)


def _join(parts: list[str]) -> str:
    return parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:]) if parts else ""


def mutations(name: str) -> list[tuple[str, str]]:
    """(category, mutant) candidates for a real member name, in a fixed order."""
    parts = _split(name)
    out = []
    if parts and parts[0].lower() in VERB_SWAPS:
        swap = VERB_SWAPS[parts[0].lower()]
        out.append(("synonym", _join(_split(swap) + parts[1:])))
    if parts and parts[0] in ("get", "set", "is") and len(parts) > 1:
        out.append(("prefix", _join(parts[1:])))
    elif parts:
        out.append(("prefix", _join(["set" if parts[0] in ("enable",) else "get"] + parts)))
    if name.endswith("s") and not name.endswith("ss"):
        out.append(("plural", name[:-1]))
    else:
        out.append(("plural", name + ("es" if name.endswith(("x", "ch", "sh")) else "s")))
    if name.lower() != name:
        out.append(("casing", name.lower()))
    out.append(("casing", name[:1].upper() + name[1:]))
    if len(parts) > 1:
        out.append(("casing", "_".join(p.lower() for p in parts)))
    if len(name) > 4:
        mid = len(name) // 2
        out.append(("typo", name[:mid] + name[mid + 1:]))
        out.append(("typo", name[:mid - 1] + name[mid] + name[mid - 1] + name[mid + 1:]))
    return out


@dataclass
class Mutant:
    site: Site
    category: str
    name: str


def make_mutants(sites: list[Site], taken: set[str], per_site: int = 2) -> list[Mutant]:
    out = []
    for i, site in enumerate(sites):
        cands = [(c, m) for c, m in mutations(site.name) if m and m != site.name and m not in taken
                 and re.fullmatch(r"[A-Za-z_$][\w$]*", m)]
        if not cands:
            continue
        # rotate the starting category so every kind of invention is well represented
        start = i % len(cands)
        chosen, seen_cat = [], set()
        for c, m in cands[start:] + cands[:start]:
            if c in seen_cat:
                continue
            seen_cat.add(c)
            chosen.append((c, m))
            if len(chosen) == per_site:
                break
        out.extend(Mutant(site, c, m) for c, m in chosen)
    return out


def apply(text: str, m: Mutant) -> str:
    data = text.encode("utf-8")
    return (data[:m.site.start] + m.name.encode() + data[m.site.end:]).decode("utf-8")


# --- running both tools ---------------------------------------------------------------------------------------
@dataclass
class Report:
    files: int = 0
    mutants: int = 0
    by_category: dict[str, list[int]] = field(default_factory=dict)  # category -> [total, ours, tsc]
    ours_real: list[str] = field(default_factory=list)
    ours_hits: int = 0
    ours_false: list[str] = field(default_factory=list)
    ours_top1: int = 0
    ours_errors: int = 0
    ours_warnings: int = 0
    tsc_real: list[str] = field(default_factory=list)
    tsc_hits: int = 0
    tsc_false: int = 0
    tsc_top1: int = 0
    ms_per_file: float = 0.0
    missed: list[str] = field(default_factory=list)
    tsc_only: list[str] = field(default_factory=list)  # caught by tsc, missed by footprint

    def recall(self, hits):
        return hits / self.mutants if self.mutants else 0.0

    def text(self) -> str:
        our_prec = self.ours_hits / (self.ours_hits + len(self.ours_false)) if self.ours_hits + len(self.ours_false) else 1.0
        tsc_prec = self.tsc_hits / (self.tsc_hits + self.tsc_false) if self.tsc_hits + self.tsc_false else 1.0
        lines = [
            f"corpus: {self.files} real files, {self.mutants} mutated member names",
            f"real code: footprint {len(self.ours_real)} unknown-symbol finding(s); tsc {len(self.tsc_real)} member error(s)",
            f"footprint: recall {self.recall(self.ours_hits):.1%} ({self.ours_hits}/{self.mutants}), precision "
            f"{our_prec:.1%}, did-you-mean top-1 {self.ours_top1 / self.ours_hits if self.ours_hits else 0:.1%}, "
            f"{self.ours_errors} error(s) + {self.ours_warnings} warning(s), {self.ms_per_file:.1f} ms/file",
            f"tsc --checkJs: recall {self.recall(self.tsc_hits):.1%} ({self.tsc_hits}/{self.mutants}), precision "
            f"{tsc_prec:.1%}, did-you-mean top-1 {self.tsc_top1 / self.tsc_hits if self.tsc_hits else 0:.1%}",
            f"caught by tsc but not by footprint: {len(self.tsc_only)}",
        ]
        for cat, (total, ours, tsc) in sorted(self.by_category.items()):
            lines.append(f"  {cat:8} {total:4} mutants: footprint {ours / total:.0%}, tsc {tsc / total:.0%}")
        return "\n".join(lines)


ENGINE_PACKAGES = ("pdf-lib", "@pdf-lib", "pako", "tslib")


def build_workspace(dest: Path, pkg_root: Path) -> tuple[Workspace, dict[str, str]]:
    plugins.load()
    files = corpus_files(pkg_root / "node_modules" / "pdf-lib")
    for rel, text in files.items():
        p = dest / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    # A real node_modules folder, as in a user's project: the engine's packages are copied in (Footprint skips
    # a symlink that leads outside the workspace, as it must for any repository); the toolchain only tsc
    # reads (typescript, @types) is linked.
    modules = dest / "node_modules"
    modules.mkdir()
    for entry in sorted((pkg_root / "node_modules").iterdir()):
        if entry.name in ENGINE_PACKAGES:
            shutil.copytree(entry, modules / entry.name, symlinks=True)
        else:
            (modules / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return Workspace(dest, load_settings(dest)), files


def our_findings(ws: Workspace, rel: str, text: str) -> list[tuple[int, str, str, list[str]]]:
    doc = ParsedDocument.create(path_to_uri(ws.root / rel), text)
    out = []
    for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)):
        if f.code == "unknown-symbol":
            line = doc.lines.position(f.start, "utf-16")[0]
            out.append((line, doc.source[f.start:f.end].decode(), f.severity.label, (f.data or {}).get("suggestions", [])))
    return out


TSC_LINE = re.compile(r"^(?P<file>[^\s(][^(]*)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>TS\d+): (?P<msg>.*)$")
MEMBER_CODES = ("TS2339", "TS2551", "TS2576", "TS2724", "TS2305", "TS2614")


def run_tsc(root: Path, pkg_root: Path, rels: list[str]) -> list[tuple[str, int, str, str]]:
    tsc = pkg_root / "node_modules" / "typescript" / "bin" / "tsc"
    node = shutil.which("node")
    if node is None or not tsc.is_file():
        raise Unavailable("node or typescript is not available")
    cmd = [node, str(tsc), "--noEmit", "--allowJs", "--checkJs", "--module", "nodenext", "--moduleResolution",
           "nodenext", "--target", "es2022", "--skipLibCheck", "--pretty", "false", "--types", "node", *rels]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=900)
    out = []
    for line in proc.stdout.splitlines():
        m = TSC_LINE.match(line.strip())
        if m:
            out.append((Path(m["file"]).as_posix(), int(m["line"]) - 1, m["code"], m["msg"]))
    return out


def evaluate(work: Path, per_site: int = 2, with_tsc: bool = True) -> Report:
    pkg_root = ensure_packages()
    ws, files = build_workspace(work / "ws", pkg_root)
    from lsp_server.knowledge.object_model import ObjectModelService

    model = ws.service(ObjectModelService).model
    if "pdf-lib" not in model.modules:
        raise RuntimeError("pdf-lib types were not discovered in node_modules")
    report = Report(files=len(files))
    wanted = api_members(model)
    taken = all_members(model) | {"constructor", "toString", "valueOf", "hasOwnProperty"}
    mutants: list[Mutant] = []
    for rel, text in files.items():
        for f in our_findings(ws, rel, text):
            report.ours_real.append(f"{rel}:{f[0] + 1}: {f[1]} ({f[2]})")
        mutants.extend(make_mutants(sites_of(rel, text, wanted), taken, per_site))
    report.mutants = len(mutants)
    started = time.perf_counter()
    mutant_files: list[tuple[str, Mutant]] = []
    ours_hit: dict[str, bool] = {}
    for i, m in enumerate(mutants):
        text = apply(files[m.site.file], m)
        cat = report.by_category.setdefault(m.category, [0, 0, 0])
        cat[0] += 1
        found = our_findings(ws, m.site.file, text)
        hit = [f for f in found if f[0] == m.site.line and f[1] == m.name]
        if hit:
            report.ours_hits += 1
            cat[1] += 1
            if hit[0][3][:1] == [m.site.name]:
                report.ours_top1 += 1
            if hit[0][2] == "error":
                report.ours_errors += 1
            else:
                report.ours_warnings += 1
        else:
            report.missed.append(f"{m.site.file}:{m.site.line + 1}: {m.site.name} -> {m.name} ({m.category})")
        for f in found:
            if not (f[0] == m.site.line and f[1] == m.name):
                report.ours_false.append(f"{m.site.file}:{f[0] + 1}: {f[1]} (mutant {m.name})")
        suffix = Path(m.site.file).suffix
        rel = f"mutants/m{i:04d}{suffix}"
        p = ws.root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        mutant_files.append((rel, m))
        ours_hit[rel] = bool(hit)
    report.ms_per_file = (time.perf_counter() - started) * 1000 / max(1, len(mutants))
    if with_tsc:
        real_rels = list(files)
        errors = run_tsc(ws.root, pkg_root, real_rels + [r for r, _ in mutant_files])
        by_file: dict[str, list] = {}
        for file, line, code, msg in errors:
            if code in MEMBER_CODES:
                by_file.setdefault(file, []).append((line, code, msg))
        for rel in real_rels:
            for line, code, msg in by_file.get(rel, []):
                report.tsc_real.append(f"{rel}:{line + 1}: {code} {msg}")
        real_errors = {rel: {(l, msg) for l, _, msg in by_file.get(rel, [])} for rel in real_rels}
        for rel, m in mutant_files:
            errs = [e for e in by_file.get(rel, []) if (e[0], e[2]) not in real_errors.get(m.site.file, set())]
            hit = [e for e in errs if e[0] == m.site.line and f"'{m.name}'" in e[2]]
            if hit:
                report.tsc_hits += 1
                report.by_category[m.category][2] += 1
                if ours_hit.get(rel) is False:
                    report.tsc_only.append(f"{m.site.file}:{m.site.line + 1}: {m.site.name} -> {m.name}")
                dm = re.search(r"Did you mean '([^']+)'", hit[0][2])
                if dm and dm.group(1) == m.site.name:
                    report.tsc_top1 += 1
            report.tsc_false += len(errs) - len(hit)
    return report


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rep = evaluate(Path(tmp), with_tsc="--no-tsc" not in sys.argv)
        print(rep.text())
        if "-v" in sys.argv:
            print("\nreal-code findings:", *rep.ours_real, sep="\n  ")
            print("\nfalse positives:", *rep.ours_false[:40], sep="\n  ")
            print("\nmissed:", *rep.missed, sep="\n  ")
            print("\ntsc on real code:", *rep.tsc_real[:20], sep="\n  ")
            print("\ncaught by tsc only:", *rep.tsc_only, sep="\n  ")
