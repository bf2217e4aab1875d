"""Audit "delete footprint with dependents" over every binding of a corpus (shared by the corpus test and
the benchmark). A check independent of the feature's own verification: the edited text re-parses without
new errors, and every occurrence of a deleted binding lies inside a removed range while no other occurrence
of its name disappears."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.common import file_lock
from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import apply_edits, compute_footprint, plan_deletions
from lsp_server.syntax.scopes import ScopeAnalysis, is_name

CACHE = Path(os.environ.get("FOOTPRINT_TEST_CACHE", Path.home() / ".cache" / "footprint-test")) / "npm"


@dataclass
class AuditStats:
    bindings: int = 0
    offered: int = 0  # an enabled deletion was offered
    entangled: int = 0  # disabled because uses remain inside larger statements
    other_disabled: int = 0  # disabled for another reason (verification, nothing to delete)
    no_action: int = 0  # nothing to delete (e.g. an unused parameter)
    lines: int = 0
    failures: list[str] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)

    def add(self, other: "AuditStats") -> None:
        for name in ("bindings", "offered", "entangled", "other_disabled", "no_action", "lines"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failures.extend(other.failures)
        self.reasons.update(other.reasons)

    def summary(self, label: str) -> str:
        n = max(self.bindings, 1)
        return (f"{label}: {self.lines} lines, {self.bindings} bindings; action offered enabled for "
                f"{self.offered} ({100 * self.offered / n:.1f}%), entangled {self.entangled} "
                f"({100 * self.entangled / n:.1f}%), otherwise disabled {self.other_disabled} "
                f"({100 * self.other_disabled / n:.1f}%), nothing to delete {self.no_action} "
                f"({100 * self.no_action / n:.1f}%)")


def _references(doc: ParsedDocument) -> list[tuple[bytes, int, int]]:
    """Every occurrence the `references` query captures: (its bytes, start byte, end byte)."""
    source = doc.source
    return [(source[n.start_byte:n.end_byte], n.start_byte, n.end_byte)
            for nodes in queries.captures(doc.language, "references", doc.tree.root_node).values() for n in nodes]


def _counts(doc: ParsedDocument, names: set[bytes]) -> Counter:
    """How many times each of `names` occurs among the document's references (0 for a name that does not)."""
    counts: Counter = Counter(dict.fromkeys(names, 0))
    source = doc.source
    for nodes in queries.captures(doc.language, "references", doc.tree.root_node).values():
        for n in nodes:
            text = source[n.start_byte:n.end_byte]
            if text in names:
                counts[text] += 1
    return counts


def declared_names(doc: ParsedDocument) -> list[int]:
    """Byte offsets of every declared name in the document (one per declaring identifier)."""
    analysis = ScopeAnalysis.of(doc)
    offsets = []
    for nodes in queries.captures(doc.language, "references", doc.tree.root_node).values():
        for n in nodes:
            if is_name(n, doc.source) and analysis.declaration_of(n) is not None:
                offsets.append(n.start_byte)
    return sorted(set(offsets))


def audit_document(doc: ParsedDocument, label: str) -> AuditStats:
    stats = AuditStats(lines=doc.lines.line_count)
    # The original document's references, found once: what each deletion may remove and what must remain.
    references_before = _references(doc)
    names_before = Counter(text for text, _, _ in references_before)
    errors_before = doc.tree.root_node.has_error
    for offset in declared_names(doc):
        fp = compute_footprint(doc, offset, dependents=True)
        if fp is None:
            stats.failures.append(f"{label}@{offset}: a declared name has no footprint")
            continue
        stats.bindings += 1
        plans = plan_deletions(doc, fp)
        if not plans:
            stats.no_action += 1
            continue
        plan = plans[-1]  # with dependents when there are any
        if plan.disabled:
            if "inside larger statements" in plan.disabled:
                stats.entangled += 1
            else:
                stats.other_disabled += 1
                stats.reasons[plan.disabled.split(" (")[0].split(":")[0]] += 1
            continue
        stats.offered += 1
        where = f"{label}:{doc.lines.line_of(offset) + 1} `{fp.name}`"
        edits = list(plan.edits)
        new_source = apply_edits(doc.source, edits)
        # The verification parsed the edited text already: the same bytes in the same language give the same
        # tree, so that parse serves here; any other text (a verification that edited differently) is parsed.
        new_doc = plan.verified
        if new_doc is None or new_doc.source != new_source or new_doc.language != doc.language:
            new_doc = ParsedDocument.create(doc.uri, new_source.decode("utf-8"), language=doc.language)
        if new_doc.tree.root_node.has_error and not errors_before:
            stats.failures.append(f"{where}: syntax error after deletion")
            continue
        removed = [(e.start, e.end) for e in edits]
        dead = [fp, *fp.all_dependents()]
        for d in dead:
            if d.declaration_kept:
                continue
            for s, e in d.references:
                if not any(rs <= s and e <= re_ for rs, re_ in removed):
                    stats.failures.append(f"{where}: `{d.name}` still referenced at byte {s}")
                    break
        dead_names = {d.name.encode("utf-8") for d in dead}
        names_after = _counts(new_doc, dead_names)
        removed_counts = Counter(text for text, s, e in references_before if text in dead_names
                                 and any(rs <= s and e <= re_ for rs, re_ in removed))
        for name in sorted(dead_names):
            if names_after[name] != names_before[name] - removed_counts[name]:
                stats.failures.append(f"{where}: occurrences of `{name.decode()}` changed outside the removed code")
    return stats


TS_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")


def audit_tree(root: Path, label: str, suffixes=(".js", ".mjs", ".cjs")) -> AuditStats:
    """Audit every file with one of `suffixes` under `root` (`.d.ts` typings excluded: they are not sources)."""
    total = AuditStats()
    for path in sorted(p for p in root.rglob("*") if p.suffix in suffixes and "node_modules" not in p.parts
                       and not p.name.endswith(".d.ts")):
        doc = ParsedDocument.create(path.resolve().as_uri(), path.read_text(encoding="utf-8", errors="replace"))
        total.add(audit_document(doc, f"{label}/{path.relative_to(root).as_posix()}"))
    return total


def npm_package(spec: str) -> tuple[Path | None, str]:
    """Unpack `npm pack SPEC` into the test cache (once); (folder, "") or (None, reason to skip)."""
    name = spec.replace("/", "__").replace("@", "_")
    target = CACHE / name
    if (target / "package" / "package.json").is_file():
        return target / "package", ""
    with file_lock(target):  # parallel test workers: one unpacks, the others then find it unpacked
        if (target / "package" / "package.json").is_file():
            return target / "package", ""
        return _unpack(spec, name, target)


def _unpack(spec: str, name: str, target: Path) -> tuple[Path | None, str]:
    npm = shutil.which("npm")
    if npm is None:
        return None, "npm is not installed"
    CACHE.mkdir(parents=True, exist_ok=True)
    work = CACHE / f".{name}.tmp"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        proc = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", str(work)], capture_output=True,
                              text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"npm registry unreachable: {exc}"
    tarballs = list(work.glob("*.tgz"))
    if proc.returncode != 0 or not tarballs:
        detail = proc.stderr.strip()[:200] or f"exit status {proc.returncode}"
        return None, f"npm registry unreachable (npm pack {spec}: {detail})"
    with tarfile.open(tarballs[0]) as tar:
        members = [m for m in tar.getmembers() if (m.isfile() or m.isdir()) and not m.name.startswith("/")
                   and ".." not in Path(m.name).parts]
        try:
            tar.extractall(work, members=members, filter="data")
        except TypeError:  # Python < 3.11.4 has no extraction filters; members are already vetted
            tar.extractall(work, members=members)
    tarballs[0].unlink()
    shutil.rmtree(target, ignore_errors=True)
    os.replace(work, target)
    return target / "package", ""
