"""The JavaScript reader checked against Node's own view of real npm packages (issue 17, points 2 and 6).

For each package of packages.py (installed from the npm registry into the test cache, never committed),
runtime.mjs loads it in a child Node process (cwd in the cache, a timeout) and lists what Node sees: the
module's exports and, for each exported function, class or object, the names of its static side and of its
prototype chain, however they were added. Footprint reads the same package as a package without typings
would be read (every .d.ts / .d.mts / .d.cts file left out, no docs): its JavaScript only. Then:

- FP risk: clean code using every name the runtime has (`const { Kit } = require('pkg'); new Kit().m;` one name
  a line) goes through the real checks; any unknown-symbol / unknown-export / unresolved-import finding on it
  is a name Footprint would flag that the package really has. Must be 0.
- type recall: of the runtime's sides (an export's static side, a class's instance side), those the model
  resolves to a closed type (one whose misspelled members it can report); "unknown" and "open" sides are recall
  lost, never false positives.
- member agreement: the runtime's names the model lists on the side that holds them, over all runtime names.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server import plugins
from lsp_server.config import load_settings
from lsp_server.knowledge.object_model import ObjectModelService
from lsp_server.workspace import Workspace
from tests.corpus.engines.engines import findings
from tests.corpus.jsoracle.packages import Package
from tests.support.npm_cache import cache_root, npm_install

HERE = Path(__file__).resolve().parent
RUNTIME = HERE / "runtime.mjs"
DECLARATIONS = (".d.ts", ".d.mts", ".d.cts", ".d.ts.map")
IDENT = re.compile(r"^[A-Za-z_$][\w$]*$")
NODE_TIMEOUT = 120


def install(pkg: Package) -> Path:
    return npm_install(cache_root() / "npm-jsoracle" / pkg.name, [pkg.spec])


def runtime_view(pkg: Package, root: Path) -> dict:
    """What Node sees (runtime.mjs's JSON). No network is needed or offered: the proxy variables point nowhere."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed")
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")}
    env.update(NODE_ENV="production", HTTP_PROXY="http://127.0.0.1:9", HTTPS_PROXY="http://127.0.0.1:9",
               NO_COLOR="1")
    proc = subprocess.run([node, str(RUNTIME), pkg.name], cwd=root, capture_output=True, text=True,
                          timeout=NODE_TIMEOUT, env=env, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"{pkg.name}: node could not load it: {proc.stderr.strip()[-500:]}")
    return json.loads(proc.stdout)


# --- the side Footprint reads -------------------------------------------------------------------------------------
def build_workspace(dest: Path, root: Path) -> Workspace:
    """`dest` with the install's node_modules minus every declaration file: the package as one without typings."""
    plugins.load()
    dest.mkdir(parents=True, exist_ok=True)

    def ignore(_dir, names):
        return [n for n in names if n.endswith(DECLARATIONS) or n in ("@types", ".bin")]

    if not (dest / "node_modules").exists():
        shutil.copytree(root / "node_modules", dest / "node_modules", symlinks=True, ignore=ignore)
    (dest / "footprint.toml").write_text("[limits]\ndocument_ms = 0\n", encoding="utf-8")
    return Workspace(dest, load_settings(dest))


@dataclass
class Side:
    """One side of a runtime value: the static side of an export (or the module's namespace) or the instance side
    of a class, with the names Node shows and what the model says of it."""
    path: str  # "" (the module value) or an export name
    side: str  # static | instance
    runtime: list[str]
    status: str = "unknown"  # closed | open | unknown (the model's view of the side)
    known: list[str] = field(default_factory=list)  # runtime names the model lists there

    @property
    def label(self) -> str:
        return f"{self.path or '<module>'}{'.prototype' if self.side == 'instance' else ''}"


@dataclass
class PackageReport:
    package: Package
    loader: str = ""
    sides: list[Side] = field(default_factory=list)
    flagged: list[str] = field(default_factory=list)  # findings on clean code: names the runtime has
    deprecated: list[str] = field(default_factory=list)  # uses of members the package marks @deprecated
    lines: int = 0  # clean-code lines checked (one runtime name each)
    error: str = ""

    @property
    def runtime_names(self) -> int:
        return sum(len(s.runtime) for s in self.sides)

    @property
    def known_names(self) -> int:
        return sum(len(s.known) for s in self.sides)

    @property
    def closed(self) -> int:
        return sum(1 for s in self.sides if s.status == "closed")

    @property
    def exact(self) -> int:
        """Closed sides whose every runtime name the model lists: misspellings there are reported, and no
        real name is."""
        return sum(1 for s in self.sides if s.status == "closed" and len(s.known) == len(s.runtime))

    @property
    def agreement(self) -> float:
        return self.known_names / self.runtime_names if self.runtime_names else 1.0

    @property
    def recall(self) -> float:
        return self.closed / len(self.sides) if self.sides else 1.0


def usable(name: str) -> bool:
    return bool(IDENT.match(name)) and name != "default"


def runtime_sides(view: dict) -> list[Side]:
    out = []
    esm = view["loader"] == "import"
    for path, d in sorted(view["paths"].items()):
        statics = d["props"] if d["kind"] in ("object", "namespace") else d["static"]
        statics = [n for n in statics if IDENT.match(n) and not (path == "" and esm and n == "default")]
        if path == "" and esm:
            statics = [n for n in statics if n != "default"]
        if statics:
            out.append(Side(path, "static", statics))
        proto = [n for n in d["proto"] if IDENT.match(n)]
        if proto:
            out.append(Side(path, "instance", proto))
    return out


# --- clean code that uses every runtime name ---------------------------------------------------------------------
def clean_code(pkg: Package, view: dict, sides: list[Side]) -> dict[str, tuple[str, dict[int, str]]]:
    """rel path -> (code, line -> the runtime name used on it). One file per runtime value."""
    esm = view["loader"] == "import"
    spec = json.dumps(pkg.name)
    files: dict[str, tuple[str, dict[int, str]]] = {}
    by_path: dict[str, list[Side]] = {}
    for s in sides:
        by_path.setdefault(s.path, []).append(s)
    for i, (path, its) in enumerate(sorted(by_path.items())):
        if path == "":
            binding = "pkgValue"
            head = f"import * as {binding} from {spec};" if esm else f"const {binding} = require({spec});"
        elif path == "default":
            binding = "pkgDefault"
            head = f"import {binding} from {spec};" if esm else f"const {binding} = require({spec}).default;"
        elif usable(path):
            binding = path
            head = f"import {{ {path} }} from {spec};" if esm else f"const {{ {path} }} = require({spec});"
        else:
            continue
        lines, names = [head], {}
        for s in its:
            if s.side == "static":
                for n in s.runtime:
                    names[len(lines)] = n
                    lines.append(f"{binding}.{n};")
            else:
                lines.append(f"const instance = new {binding}();")
                for n in s.runtime:
                    names[len(lines)] = n
                    lines.append(f"instance.{n};")
        files[f"src/use_{i:03d}.{'mjs' if esm else 'js'}"] = ("\n".join(lines) + "\n", names)
    return files


# --- the model's view ---------------------------------------------------------------------------------------------
def model_status(model, module: str, view: dict, side: Side) -> tuple[str, set[str]]:
    mod = model.modules.get(module)
    if mod is None:
        return "unknown", set()
    esm = view["loader"] == "import"
    if side.path == "" and (esm or not ({"=", "default"} & set(mod.exports))):
        if side.side == "instance":
            return "unknown", set()
        return ("closed" if mod.complete else "open"), set(mod.exports)
    target = model.export(module, side.path) if side.path else \
        (model.export(module, "=") or model.export(module, "default"))
    if target is None:
        return "unknown", set()
    if target[0] == "value":
        return "open", set()
    tid = target[1]
    names = set(model.statics(tid) if side.side == "static" else model.members(tid))
    if side.side == "static" and side.path == "" and not esm:
        names |= set(mod.exports)  # `module.exports = Kit; module.exports.helper = ...`
    return ("closed" if model.closed(tid) else "open"), names


def evaluate(pkg: Package, work: Path) -> PackageReport:
    report = PackageReport(pkg)
    try:
        root = install(pkg)
        view = runtime_view(pkg, root)
    except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        report.error = str(exc).splitlines()[0][:300]
        return report
    report.loader = view["loader"]
    report.sides = runtime_sides(view)
    files = clean_code(pkg, view, report.sides)
    ws = build_workspace(work / pkg.name, root)
    for rel, (code, _) in files.items():
        p = ws.root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(code, encoding="utf-8")
    ws = Workspace(ws.root, load_settings(ws.root))
    model = ws.service(ObjectModelService).model
    for s in report.sides:
        s.status, names = model_status(model, pkg.name, view, s)
        s.known = [n for n in s.runtime if n in names]
    for rel, (code, names) in files.items():
        report.lines += len(names)
        for line, covered, code_, sev, _, msg, deprecated in findings(ws, rel, code):
            # a member the package's own doc comments mark @deprecated is reported truly (it claims no missing
            # name): listed apart, as the engine evaluation does
            (report.deprecated if deprecated else report.flagged).append(
                f"{rel}:{line + 1}: {names.get(line, covered)} [{code_} {sev}] {msg}")
    return report


def table(reports: list[PackageReport]) -> str:
    rows = [f"{'package':<16}{'loader':<8}{'sides':>6}{'closed':>8}{'exact':>7}{'names':>7}{'agree':>8}{'FP-risk':>9}"]
    for r in reports:
        if r.error:
            rows.append(f"{r.package.name:<16}ERROR {r.error}")
            continue
        rows.append(f"{r.package.name:<16}{r.loader:<8}{len(r.sides):>6}{r.closed:>8}{r.exact:>7}{r.runtime_names:>7}"
                    f"{r.agreement:>8.1%}{len(r.flagged):>9}")
    ok = [r for r in reports if not r.error]
    sides = sum(len(r.sides) for r in ok)
    closed = sum(r.closed for r in ok)
    names = sum(r.runtime_names for r in ok)
    known = sum(r.known_names for r in ok)
    flagged = sum(len(r.flagged) for r in ok)
    exact = sum(r.exact for r in ok)
    rows.append(f"{'TOTAL':<16}{len(ok):<8}{sides:>6}{closed:>8}{exact:>7}{names:>7}{known / max(1, names):>8.1%}{flagged:>9}")
    rows.append(f"type recall (closed sides / sides) {closed / max(1, sides):.1%} (exactly closed "
                f"{exact / max(1, sides):.1%}); member agreement "
                f"{known / max(1, names):.1%}; FP-risk names {flagged}; packages {len(ok)} loaded, "
                f"{len(reports) - len(ok)} not")
    return "\n".join(rows)


def totals(reports: list[PackageReport]) -> dict[str, float]:
    ok = [r for r in reports if not r.error]
    sides = sum(len(r.sides) for r in ok)
    names = sum(r.runtime_names for r in ok)
    return {"recall": sum(r.closed for r in ok) / max(1, sides), "exact": sum(r.exact for r in ok) / max(1, sides),
            "agreement": sum(r.known_names for r in ok) / max(1, names),
            "fp": sum(len(r.flagged) for r in ok), "loaded": len(ok)}
