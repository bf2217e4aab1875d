"""A compound assignment reads the member before it writes it (`pos.y -= 25` is `pos.y = pos.y - 25`): on a
closed type a name the type lacks is read there (TypeScript: TS2339), so it is checked as a read, as `pos.y++`
already was, not as a new property (expando). A logical assignment (`opts.cache ??= new Map()`, `||=`, `&&=`)
is the idiom that creates a missing property, and stays a write (only a plain near miss of a member is
reported)."""

from __future__ import annotations

from tests.support.symbols_helpers import engine_workspace, symbol_findings


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"]) for f in symbol_findings(ws, rel)]


def test_arithmetic_compound_assignment_reads_the_member(tmp_path):
    ws = engine_workspace(tmp_path, {"src/a.js": """import { Document } from "@acme/layout";
const doc = Document.create();
const page = doc.addPage();
page.widths += 10;
page.widthOffset -= 10;
page.columns *= 2;
page.width += 10;
page.offset = 3;
page.offset += 1;
page.cacheKey ??= "p1";
page.extra ||= {};
"""})
    # `widths` (plural of `width`), `widthOffset` and `columns` (no near miss): read before written, on a closed
    # class. `offset` is the file's own expando (written with `=` first), `??=` / `||=` create one
    assert found(ws, "src/a.js") == [(4, "widths", "error"), (5, "widthOffset", "error"), (6, "columns", "error")]
