"""No file watcher reaches an MCP server, yet the agent edits files between calls: before each call the server
stats the workspace's sources and config (surfaces/mcp/freshness.py) and tells the indexes what changed, so the
next answer reflects the edit. Each step edits a file *other* than the one the call names (the named file is
re-read anyway): what is shown is the indexes (the import graph, the settings) catching up."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.mcp.conftest import call, mcp_session


def codes(out: dict) -> set[tuple[str, str]]:
    return {(f["code"], f["message"]) for f in out["findings"]}


async def test_edits_between_calls_reach_the_next_answer(layout_app: Path):
    fmt = layout_app / "src" / "util" / "format.js"
    async with mcp_session(layout_app) as s:
        # check: tables.js imports formatCurrency, which format.js does not export...
        before = await call(s, "check", {"paths": ["src/layout/tables.js"]})
        assert any(code == "unknown-export" and "formatCurrency" in msg for code, msg in codes(before))
        # ...until the agent adds it to format.js: tables.js itself is unchanged.
        fmt.write_text(fmt.read_text(encoding="utf-8") + "\nexport function formatCurrency(value, currency) {\n"
                       "  return formatMoney(value, currency);\n}\n", encoding="utf-8")
        after = await call(s, "check", {"paths": ["src/layout/tables.js"]})
        assert not any(code == "unknown-export" for code, _ in codes(after)), codes(after)

        # footprint: the importers of formatPercent follow files created (in a new folder) and deleted.
        where = {"path": "src/util/format.js", "line": 11, "name": "formatPercent"}
        first = await call(s, "footprint", where)
        importers = {i["path"] for i in first["importers"]}
        assert importers == {"src/services/ReportService.js", "src/layout/columns.js"}, importers
        (layout_app / "src" / "digests").mkdir()
        (layout_app / "src" / "digests" / "summary.js").write_text(
            'import { formatPercent } from "../util/format.js";\n\nexport const growth = formatPercent(0.1);\n',
            encoding="utf-8")
        (layout_app / "src" / "layout" / "columns.js").unlink()
        second = await call(s, "footprint", where)
        assert {i["path"] for i in second["importers"]} == {"src/services/ReportService.js",
                                                            "src/digests/summary.js"}

        # find_in_files: a binding the agent just wrote is found, with its footprint.
        assert (await call(s, "find_in_files", {"query": "zebraStripe"}))["files"] == []
        tables = layout_app / "src" / "layout" / "tables.js"
        tables.write_text(tables.read_text(encoding="utf-8") + "\nexport const zebraStripe = 2;\n"
                          "console.log(zebraStripe);\n", encoding="utf-8")
        found = await call(s, "find_in_files", {"query": "zebraStripe"})
        assert [f["path"] for f in found["files"]] == ["src/layout/tables.js"]
        declared = [m for m in found["files"][0]["matches"] if "export const zebraStripe" in m["text"]]
        assert declared and declared[0]["footprints"][0]["name"] == "zebraStripe"

        # The settings: footprint.toml edited between calls applies to the next one (here: a tighter limit).
        ask = {"query": "Table.addRow", "turn_id": "z"}
        assert (await call(s, "lookup_docs", ask))["loop"]["status"] in ("live", "cached")
        config = layout_app / "footprint.toml"
        config.write_text(config.read_text(encoding="utf-8") + "\n[limits]\nidentical_calls_per_turn = 1\n",
                          encoding="utf-8")
        await call(s, "lookup_docs", ask)  # the settings reloaded (the docs index with them): a fresh key
        assert (await call(s, "lookup_docs", ask))["loop"]["status"] == "blocked"  # the old limit said cached
