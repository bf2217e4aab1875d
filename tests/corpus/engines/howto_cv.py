"""Leave-one-package-out estimate of how-to retrieval on packages never seen: `python -m tests.corpus.engines.howto_cv`.

Tuning on the dev questions fits them: each round's held-out set scored below the dev figure. This estimates
the held-out figure from the dev set alone. Each *variant* is a setting of the retrieval's knobs (weights,
mechanisms switched on or off: `VARIANTS`). For each dev package P, the variant with the most hits on the
other packages' questions is chosen (ties: the earlier variant, the shipped setting first) and scored on P's
questions. Reported: the mean over packages of that left-out rate and the worst package, for `rag_lookup`'s
retrieval and `lookup --expand`, beside each variant's in-sample rate. A change is worth keeping when the
left-out figure rises, not only the in-sample one. The set-aside questions are never read here.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from lsp_server.knowledge import docs_index as D
from lsp_server.knowledge import lookup as L
from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.knowledge.rag import retrieve
from tests.corpus.engines import howto as H


MODULES = {"lookup": L, "docs_index": D}


@contextlib.contextmanager
def patched(settings: dict[str, object]):
    """The retrieval's knobs set for the duration: `NAME` is an attribute of `lookup`, `docs_index.NAME`
    one of `docs_index` (read at query time, e.g. `HEADING_BOOST`)."""
    def where(key: str):
        module, _, name = key.rpartition(".")
        return MODULES[module or "lookup"], name

    old = {k: getattr(*where(k)) for k in settings}
    try:
        for k, v in settings.items():
            setattr(*where(k), v)
        yield
    finally:
        for k, v in old.items():
            setattr(*where(k), v)


# name -> knob settings. The first is the setting before this round's changes: the left-out selection
# prefers earlier variants on ties, so a change counts only where it wins on the other packages. The
# shipped setting is the empty dict.
BEFORE = "before (main)"
VARIANTS: dict[str, dict[str, object]] = {
    BEFORE: {"DISTINCT_SECTIONS": False},
    "shipped": {},
}


@dataclass
class VariantRun:
    name: str
    rag: list[int | None]  # the rank of the answering section in the top 5, per question
    expand: list[int | None]


def run_variant(ws, qs, name: str, settings: dict[str, object]) -> VariantRun:
    rag, expand = [], []
    with patched(settings):
        for q in qs:
            expand.append(H.rank(lookup_docs(ws, q.q, limit=H.TOP, expand=True).results, ws, q))
            rag.append(H.rank(retrieve(ws, q.q, limit=H.TOP, semantic=False).hits, ws, q))
    return VariantRun(name, rag, expand)


def hits(ranks) -> int:
    return sum(r is not None for r in ranks)


def merit(ranks) -> tuple[int, float]:
    """What the selection maximises: hits in the top 5, then their reciprocal ranks (a better place counts
    before a tie is left to the order of the variants)."""
    return hits(ranks), round(sum(1 / (1 + r) for r in ranks if r is not None), 6)


def leave_one_package_out(runs: list[VariantRun], qs, field: str) -> dict[str, tuple[float, str]]:
    """Package -> (its left-out rate, the variant chosen on the other packages)."""
    out = {}
    for p in sorted({q.name for q in qs}):
        inside = [i for i, q in enumerate(qs) if q.name == p]
        others = [i for i, q in enumerate(qs) if q.name != p]
        best = max(runs, key=lambda r: (merit([getattr(r, field)[i] for i in others]), -runs.index(r)))
        out[p] = (hits([getattr(best, field)[i] for i in inside]) / len(inside), best.name)
    return out


def report(variants: dict[str, dict[str, object]], work: Path) -> str:
    ws = H.docs_workspace(work / "howto-docs")
    qs = H.questions(set_aside=False)
    runs = [run_variant(ws, qs, name, s) for name, s in variants.items()]
    lines = [f"how-to retrieval, {len(qs)} dev questions, {len({q.name for q in qs})} packages; right section in "
             f"the top {H.TOP}", "  in sample (all questions, per variant):"]
    for r in runs:
        lines.append(f"    {r.name:<28} rag {hits(r.rag) / len(qs):6.1%} (MRR {merit(r.rag)[1] / len(qs):.3f})   "
                     f"expand {hits(r.expand) / len(qs):6.1%}")
    for field, label in (("rag", "rag_lookup retrieval"), ("expand", "lookup --expand")):
        for among, which in ((runs[:1], runs[0].name), (runs, "chosen among all variants")):
            cv = leave_one_package_out(among, qs, field)
            mean = sum(v for v, _ in cv.values()) / len(cv)
            worst = min(cv, key=lambda p: cv[p][0])
            lines.append(f"  leave-one-package-out, {label}, {which}: mean {mean:.1%}, worst {worst} "
                         f"{cv[worst][0]:.1%}")
            if len(among) > 1:
                lines.append("    " + ", ".join(f"{p} {v:.0%} ({name})" for p, (v, name) in cv.items()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="variants to run (default: all)")
    args = ap.parse_args(argv)
    chosen = {k: v for k, v in VARIANTS.items() if not args.only or k in args.only or k == BEFORE}
    with tempfile.TemporaryDirectory() as tmp:
        print(report(chosen, Path(tmp)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
