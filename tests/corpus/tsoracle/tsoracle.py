"""Footprint's object model checked against TypeScript's own view of many npm packages' typings.

The packages (packages.json: exact versions, each with its typing style) are installed from the npm registry
into the test cache (never committed). For each, `oracle.cjs` asks the TypeScript compiler API what the package
exports and, for each export with an instance type or a value with members, which members each side has and
whether it is open (an index signature, `any`, a base that is). The comparison then asks Footprint the same
questions through its public check, the way `check_symbols` / `unknown-symbol` ask them on user code: a probe
TypeScript file per package (`[typescript] unknown_symbols = "all"`, so nothing is left to tsc) imports every
export, reads every member tsc lists on each side (`v.member` on a parameter typed with the export, `new X()`
for a constructible value, `X.member` for a static side), and one invented member per side
(`zzFootprintProbe`). A finding on a real name is a false-positive risk (must be 0); a closed side whose
invented member is not flagged is recall lost (Footprint leaves it open or does not know it); a side tsc calls
open whose invented member is flagged is a false-positive risk too (any name is valid there).

One third of the packages (by a hash of the name: `held_out`) is set aside: tuning looks only at the others.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.common import file_lock
from tests.support.npm_cache import Unavailable, cache_root, npm_install  # noqa: F401 - Unavailable: re-exported

HERE = Path(__file__).resolve().parent
ORACLE = HERE / "oracle.cjs"
DATA = json.loads((HERE / "packages.json").read_text(encoding="utf-8"))
PROBE = "zzFootprintProbe"  # an invented member name: no package has it
IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
RESERVED = frozenset("""break case catch class const continue debugger default delete do else enum export extends false
finally for function if import in instanceof new null return super switch this throw true try typeof var void while
with let static yield await implements interface package private protected public arguments eval""".split())


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    style: str
    types: str = ""  # the DefinitelyTyped package installed beside it

    @property
    def specs(self) -> list[str]:
        return [f"{self.name}@{self.version}", *([self.types] if self.types else [])]


PACKAGES = [Package(p["name"], p["version"], p["style"], p.get("types", "")) for p in DATA["packages"]]


def held_out(name: str) -> bool:
    """The set-aside third: decided by the name alone, so adding a package never moves another."""
    return int(hashlib.sha1(name.encode()).hexdigest(), 16) % 3 == 0


def packages(part: str = "dev") -> list[Package]:
    """`dev` (tuning material), `held-out` (the set-aside third) or `all`."""
    if part == "all":
        return list(PACKAGES)
    return [p for p in PACKAGES if held_out(p.name) == (part == "held-out")]


def install() -> Path:
    """One install folder for every package (with TypeScript and @types/node, which tsc needs for Node types)."""
    specs = [*DATA["tools"], *(s for p in PACKAGES for s in p.specs)]
    return npm_install(cache_root() / "tsoracle", specs, timeout=900)


def oracle(root: Path, pkg: Package) -> dict:
    """TypeScript's view of `pkg` (see oracle.cjs), cached beside the install (it depends only on the files)."""
    cached = root / "oracle" / f"{_safe(pkg.name)}@{pkg.version}.json"
    if cached.is_file() and cached.stat().st_mtime >= ORACLE.stat().st_mtime:
        return json.loads(cached.read_text(encoding="utf-8"))
    node = shutil.which("node")
    if node is None:
        raise Unavailable("node is not installed")
    proc = subprocess.run([node, str(ORACLE), str(root / "node_modules" / "typescript"), str(root), pkg.name],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"oracle failed on {pkg.name}:\n{proc.stderr[-2000:]}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(proc.stdout, encoding="utf-8")
    return json.loads(proc.stdout)


def _safe(name: str) -> str:
    return name.replace("/", "+")


# --- the probe file ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """One receiver side tsc knows: `Widget#instance`, `Widget#static`, `<module>`."""

    key: str
    open: bool
    members: tuple[str, ...]


@dataclass
class Probe:
    text: str
    lines: dict[int, tuple[str, str]]  # 0-based line -> (side key, member name or PROBE)
    sides: dict[str, Side]
    import_line: int = -1
    imported: frozenset[str] = frozenset()


def _member_ok(name: str) -> bool:
    return bool(IDENT.match(name)) and name != PROBE


def _binding_ok(name: str) -> bool:
    return bool(IDENT.match(name)) and name not in RESERVED


def build_probe(pkg: Package, view: dict) -> Probe:
    """The probe TypeScript file for `pkg` (see the module docstring) and what each of its lines reads."""
    out: list[str] = []
    lines: dict[int, tuple[str, str]] = {}
    sides: dict[str, Side] = {}

    def emit(text: str, key: str | None = None, member: str | None = None) -> None:
        if key is not None:
            lines[len(out)] = (key, member)
        out.append(text)

    def read_side(key: str, side: dict, receiver: str, indent: str = "  ") -> None:
        members = tuple(m for m in side["members"] if _member_ok(m))
        sides[key] = Side(key, side["open"], members)
        for m in members:
            emit(f"{indent}{receiver}.{m};", key, m)
        emit(f"{indent}{receiver}.{PROBE};", key, PROBE)

    exports = view["exports"]
    # names importable with `import { X }`: ES exports and an `export =` namespace's members; properties of an
    # `export =` value (`const paper: PaperScope; export = paper`) are read through `import * as` only
    named = sorted(e["name"] for e in exports if e["name"] != "default" and _binding_ok(e["name"])
                   and e["kind"] != "other")
    emit(f"import * as ns from {json.dumps(pkg.name)};")
    import_line = -1
    if named:
        import_line = len(out)
        emit(f"import {{ {', '.join(named)} }} from {json.dumps(pkg.name)};")
    if any(e["name"] == "default" for e in exports):
        emit(f"import defaultExport from {json.dumps(pkg.name)};")
    emit("")
    # the module's own names, read as `ns.name`: every value export
    values = sorted(e["name"] for e in exports if e["value"] and e["name"] != "default" and _member_ok(e["name"]))
    emit("export function probeModule() {")
    sides["<module>"] = Side("<module>", False, tuple(values))
    for v in values:
        emit(f"  ns.{v};", "<module>", v)
    emit(f"  ns.{PROBE};", "<module>", PROBE)
    emit("}")
    for i, e in enumerate(exports):
        name = e["name"]
        importable = name in named
        ref = "defaultExport" if name == "default" else name if importable else f"ns.{name}"
        if "instance" in e and (e["type"] and (importable or name == "default") or not e["type"] and e["value"]):
            emit(f"export function probeInstance{i}(arg: {ref}) {{" if e["type"] else f"export function probeInstance{i}() {{")
            if not e["type"]:
                emit(f"  const arg = new {ref}();")
            read_side(f"{name}#instance", e["instance"], "arg")
            emit("}")
        if "statics" in e and e["value"]:
            emit(f"export function probeStatic{i}() {{")
            read_side(f"{name}#static", e["statics"], ref)
            emit("}")
        for j, inner in enumerate(e.get("members", [])):
            if importable and "instance" in inner and inner["type"] and _binding_ok(inner["name"]):
                emit(f"export function probeInner{i}_{j}(arg: {name}.{inner['name']}) {{")
                read_side(f"{name}.{inner['name']}#instance", inner["instance"], "arg")
                emit("}")
    return Probe("\n".join(out) + "\n", lines, sides, import_line, frozenset(named))


# --- Footprint's answer -------------------------------------------------------------------------------------------
def footprint_findings(root: Path, pkg: Package, probe: Probe) -> list[tuple[int, str, str]]:
    """(line, covered text, message) of each Footprint finding on the probe, through the real check."""
    from lsp_server import plugins

    plugins.load()
    # The workspace is the install folder (Footprint reads no typings outside its workspace) holding one probe
    # file at a time, so the model holds only the package the probe imports, as in a user's project; processes
    # that probe at once (parallel test workers) take turns.
    with file_lock(root / "probe"):
        return _probe_findings(root, pkg, probe)


def _probe_findings(root: Path, pkg: Package, probe: Probe) -> list[tuple[int, str, str]]:
    from lsp_server.checks import CheckContext, Phase, run_checks
    from lsp_server.config import load_settings
    from lsp_server.document import ParsedDocument, path_to_uri
    from lsp_server.workspace import Workspace

    ws_root = root
    (ws_root / "footprint.toml").write_text("[limits]\ndocument_ms = 0\n\n[typescript]\nunknown_symbols = \"all\"\n",
                                            encoding="utf-8")
    folder = ws_root / "probe"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    path = folder / f"{_safe(pkg.name)}.ts"
    path.write_text(probe.text, encoding="utf-8")
    ws = Workspace(ws_root, load_settings(ws_root))
    doc = ParsedDocument.create(path_to_uri(path), probe.text)
    out = []
    for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)):
        # a use of a member marked deprecated is reported too, but it says the name exists: not a flag
        if f.code in ("unknown-symbol", "unresolved-import", "unknown-export") and "deprecated" not in f.tags:
            line = doc.lines.position(f.start, "utf-16")[0]
            out.append((line, doc.source[f.start:f.end].decode(), f.message))
    return out


@dataclass
class PackageReport:
    package: Package
    resolved: str = ""
    exports: int = 0
    closed_sides: int = 0
    closed_found: int = 0  # closed sides whose invented member Footprint flags
    open_sides: int = 0
    agreeing: int = 0  # closed sides: invented member flagged, no real member flagged
    members: int = 0  # real member reads probed
    fp_risk: list[str] = field(default_factory=list)  # real names flagged; invented names on open sides flagged
    lost: list[str] = field(default_factory=list)  # closed sides Footprint leaves open or does not know

    @property
    def agreement(self) -> float:
        return self.agreeing / self.closed_sides if self.closed_sides else 1.0


def compare(pkg: Package, view: dict, probe: Probe, findings: list[tuple[int, str, str]]) -> PackageReport:
    rep = PackageReport(pkg, view.get("resolved") or "", len(view["exports"]))
    flagged: dict[str, set[str]] = {}
    for line, text, message in findings:
        where = probe.lines.get(line)
        if where is None:
            if line == probe.import_line and text in probe.imported:
                rep.fp_risk.append(f"import {{ {text} }}: {message}")
            elif line != probe.import_line or text not in probe.imported:
                rep.fp_risk.append(f"line {line + 1} `{text}`: {message}")
            continue
        key, member = where
        flagged.setdefault(key, set()).add(member)
        if member != PROBE:
            rep.fp_risk.append(f"{key} `{member}`: {message}")
    for key, side in probe.sides.items():
        rep.members += len(side.members)
        hits = flagged.get(key, set())
        if side.open:
            rep.open_sides += 1
            if PROBE in hits:
                rep.fp_risk.append(f"{key} is open to tsc (index signature / any) but Footprint flags `{PROBE}`")
            continue
        rep.closed_sides += 1
        if PROBE in hits:
            rep.closed_found += 1
            if not hits - {PROBE}:
                rep.agreeing += 1
        else:
            rep.lost.append(key)
    return rep


def evaluate(pkg: Package, root: Path) -> PackageReport:
    view = oracle(root, pkg)
    probe = build_probe(pkg, view)
    return compare(pkg, view, probe, footprint_findings(root, pkg, probe))


def totals(reports: list[PackageReport]) -> dict:
    closed = sum(r.closed_sides for r in reports)
    return {"packages": len(reports), "closed": closed, "agreeing": sum(r.agreeing for r in reports),
            "found": sum(r.closed_found for r in reports), "members": sum(r.members for r in reports),
            "fp_risk": sum(len(r.fp_risk) for r in reports),
            "agreement": sum(r.agreeing for r in reports) / closed if closed else 1.0,
            "mean_agreement": sum(r.agreement for r in reports) / len(reports) if reports else 1.0}


def table(reports: list[PackageReport]) -> str:
    rows = [f"{'package':<28} {'exports':>7} {'closed':>6} {'open':>5} {'agree':>7} {'members':>7} {'FP risk':>7}"]
    for r in reports:
        rows.append(f"{r.package.name + '@' + r.package.version:<28} {r.exports:>7} {r.closed_sides:>6} "
                    f"{r.open_sides:>5} {r.agreement:>7.1%} {r.members:>7} {len(r.fp_risk):>7}")
    t = totals(reports)
    rows.append(f"{'total (' + str(t['packages']) + ' packages)':<28} {'':>7} {t['closed']:>6} {'':>5} "
                f"{t['agreement']:>7.1%} {t['members']:>7} {t['fp_risk']:>7}   (mean per package {t['mean_agreement']:.1%})")
    return "\n".join(rows)
