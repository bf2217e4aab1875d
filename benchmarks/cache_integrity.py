"""Benchmark of the cache integrity check: what verifying the docs index costs each time it is opened.

    python -m benchmarks.cache_integrity            # the bundled example and a ~20 MB index
    python -m benchmarks.cache_integrity --quick    # the bundled example only: a few seconds

Before whoosh opens (unpickles) an index folder, `DocsIndex.open` checks the manifest's HMAC signature and the
SHA-256 of every file of the folder (`integrity.read_signed_json` + `integrity.check_folder`). Measured: that
check alone (files in the OS page cache, as on a warm restart), and the whole `DocsIndex.open` around it.
Target: the check of a ~20 MB index stays under 100 ms (a CLI run or a hook pays it once per process).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks.common import Row, arg_parser, report, sample_row, time_calls
from benchmarks.lookup import generate
from lsp_server import integrity
from lsp_server.knowledge.docs_index import INDEX_DIR, MANIFEST, SIGNED_AS, DocsIndex, _config_key
from lsp_server.workspace import Workspace

TARGET_20MB_MS = 100.0
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "layout-app"


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.iterdir()) / 1e6


def measure(ws: Workspace, label: str, repeat: int, target: float | None) -> list[Row]:
    index = DocsIndex.build(ws, lambda m, p=None: None)
    index.close()
    folder = ws.cache_dir / INDEX_DIR

    def check() -> None:
        manifest, problem = integrity.read_signed_json(folder / MANIFEST, SIGNED_AS)
        assert problem is None and integrity.check_folder(folder, manifest["index"], frozenset({MANIFEST})) is None

    key = _config_key(ws)

    def open_index() -> None:
        opened = DocsIndex.open(folder, key)
        assert opened is not None
        opened.close()

    size = folder_mb(folder)
    note = f"{size:.1f} MB index, {len(list(folder.iterdir()))} files"
    return [sample_row("cache", f"integrity check, {label}", time_calls(check, repeat), target=target, note=note),
            sample_row("cache", f"DocsIndex.open (check + whoosh), {label}", time_calls(open_index, repeat),
                       note=note)]


def main(argv: list[str] | None = None) -> int:
    args = arg_parser(__doc__.split("\n\n")[0]).parse_args(argv)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="footprint-bench-integrity-") as tmp:
        root = Path(tmp)
        example = root / "example"
        shutil.copytree(EXAMPLE.parent, example)  # the app and its engine pack, with a private cache_dir
        app = example / EXAMPLE.name
        config = app / "footprint.toml"
        config.write_text(f'cache_dir = "{(root / "example-cache").as_posix()}"\n' + config.read_text(encoding="utf-8"),
                          encoding="utf-8")
        rows += measure(Workspace(app), "bundled example", 20 if args.quick else 100, None)
        if not args.quick:
            big = root / "big"
            big.mkdir()
            generate(big, int(3.8 * 1024 * 1024))  # ~3.8 MB of generated docs give a ~20 MB index
            (big / "footprint.toml").write_text('cache_dir = "cache"\n[docs]\npaths = ["docs"]\n', encoding="utf-8")
            rows += measure(Workspace(big), "~20 MB index", 20, TARGET_20MB_MS)
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
