"""Acceptance: unknown-symbol on a real npm package (pdf-lib), against `tsc --noEmit --allowJs --checkJs`.

Installs pdf-lib, typescript and @types/node from the npm registry into a cache outside git; skipped (with
the reason) only when npm or the registry cannot be reached. Prints precision, recall and did-you-mean top-1
for both tools; requires zero findings on the real code, >= 100 mutants, and recall >= 3x tsc's.
"""

from __future__ import annotations

import pytest

from tests.corpus import symbols_corpus as corpus

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)


def test_pdf_lib_corpus_against_tsc(tmp_path, capsys):
    try:
        report = corpus.evaluate(tmp_path, per_site=2, with_tsc=True)
    except corpus.Unavailable as exc:
        pytest.skip(str(exc))
    with capsys.disabled():
        print("\n" + report.text())
    assert report.ours_real == [], "findings on real code:\n" + "\n".join(report.ours_real)
    assert report.mutants >= 100
    assert report.ours_false == [], "findings away from the mutated name:\n" + "\n".join(report.ours_false[:20])
    ours, tsc = report.recall(report.ours_hits), report.recall(report.tsc_hits)
    assert tsc > 0, "tsc found nothing: the comparison did not run (check the tsc invocation)"
    assert ours >= 3 * tsc, f"recall {ours:.1%} is not 3x tsc's {tsc:.1%}"
    assert report.ours_top1 / report.ours_hits >= 0.85
    assert report.tsc_only == [], "caught by tsc but not by footprint:\n" + "\n".join(report.tsc_only)
    # declared types give errors, evidence gives warnings: both kinds must be at work on this corpus
    assert report.ours_errors > 0 and report.ours_warnings > 0


def test_pdf_lib_own_source_is_silent(tmp_path):
    """Precision on code we did not write: pdf-lib's own compiled ES modules (139 files full of untyped
    parameters and option objects), checked with pdf-lib's types in scope, produce no unknown-symbol."""
    import shutil

    from lsp_server import plugins
    from lsp_server.checks import CheckContext, Phase, run_checks
    from lsp_server.config import load_settings
    from lsp_server.workspace import Workspace

    try:
        pkg_root = corpus.ensure_packages()
    except corpus.Unavailable as exc:
        pytest.skip(str(exc))
    plugins.load()
    (tmp_path / "node_modules").symlink_to(pkg_root / "node_modules", target_is_directory=True)
    (tmp_path / "index.mjs").write_text('import { PDFDocument } from "pdf-lib";\n')
    shutil.copytree(pkg_root / "node_modules" / "pdf-lib" / "es", tmp_path / "src")
    ws = Workspace(tmp_path, load_settings(tmp_path))
    found = []
    files = list(ws.files(tmp_path / "src"))
    assert len(files) > 100
    for path in files:
        doc = ws.document(path)
        for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)):
            if f.code == "unknown-symbol":
                found.append(f"{path.relative_to(tmp_path)}: {f.message}")
    assert found == []
