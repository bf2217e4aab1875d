"""`footprint-ls mcp` over stdio with the official SDK's client, on a git copy of examples/layout-app: the tool
list and its schemas, every tool's answer checked against its outputSchema and against the files, and bad
input answered as a one-line tool error by a server that keeps serving."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.mcp.conftest import call, error_text, git, mcp_session

TOOLS = {"lookup_docs", "check_symbols", "find_in_files", "footprint", "delete_footprint", "search_queries",
         "rag_lookup", "review_changes", "conventions_context", "check"}


def relative(path: str) -> bool:
    return not path.startswith("/") and not re.match(r"^[A-Za-z]:", path)


async def test_tools_schemas_and_instructions(layout_app: Path):
    async with mcp_session(layout_app) as s:
        init = s.init_result
        assert init.server_info.name == "footprint"
        # The always-on conventions (the pack's rule without a trigger) and the routing advice.
        assert "layout/no-render-in-loop" in init.instructions
        assert "lookup_docs" in init.instructions and "may invent" in init.instructions
        tools = {t.name: t for t in (await s.list_tools()).tools}
    assert set(tools) == TOOLS
    for t in tools.values():
        assert t.input_schema["type"] == "object" and t.input_schema["additionalProperties"] is False
        assert t.output_schema["type"] == "object" and t.output_schema["required"]
        assert len(t.description) > 60
    assert "cannot invent" in tools["lookup_docs"].description and "Free" in tools["lookup_docs"].description
    assert "MAY INVENT" in tools["rag_lookup"].description and "budgeted" in tools["rag_lookup"].description
    assert tools["delete_footprint"].annotations.destructive_hint is True
    assert tools["lookup_docs"].annotations.read_only_hint is True
    assert tools["check_symbols"].input_schema["required"] == ["names"]


async def test_knowledge_tools(layout_app: Path):
    async with mcp_session(layout_app) as s:
        docs = await call(s, "lookup_docs", {"query": "Table.addRow"})
        assert docs["results"] and all(relative(r["path"]) for r in docs["results"])
        hit = docs["results"][0]
        doc_lines = (layout_app / hit["path"]).read_text(encoding="utf-8").splitlines()
        assert "addRow" in "\n".join(doc_lines[hit["start_line"]:hit["end_line"] + 1])  # 0-based lines
        assert docs["loop"]["status"] == "live"

        symbols = await call(s, "check_symbols", {"names": ["Table.addRow", "Table.addRows"]})
        known, invented = symbols["results"]
        assert known["status"] == "known" and invented["status"] == "unknown"
        assert "Table.addRow" in invented["suggestions"]
        path, _, line = known["source"].rpartition(":")  # `path:LINE`, 1-based like a compiler's
        assert relative(path) and "addRow" in (layout_app / path).read_text().splitlines()[int(line) - 1]
        assert "Table.addRows: unknown" in symbols["_text"]

        angles = await call(s, "search_queries", {"question": "how do I add many rows to a table?"})
        assert 1 <= len(angles["queries"]) <= 3

        rag = await call(s, "rag_lookup", {"question": "how do I repeat a table header on each page?"})
        assert rag["may_invent"] is True and rag["answer"] is None  # no generator configured: passages
        assert rag["passages"] and all(relative(c["path"]) for c in rag["citations"])
        assert rag["loop"]["budget"] == {"spent": 1, "limit": 12} and "Budget: 1/12" in rag["note"]


async def test_features_and_delete_footprint(layout_app: Path):
    cover = layout_app / "src" / "layout" / "cover.js"
    before = cover.read_text(encoding="utf-8")
    at = {"path": "src/layout/cover.js", "line": 14, "name": "heading"}  # 1-based, as a file viewer shows it
    async with mcp_session(layout_app) as s:
        found = await call(s, "find_in_files", {"query": "const heading", "include": "*.js", "context": 0})
        files = {f["path"]: f for f in found["files"]}
        match = files["src/layout/cover.js"]["matches"][0]
        assert match["line"] == 13 and match["footprints"][0]["name"] == "heading"  # 0-based
        assert [r["line"] for r in match["footprints"][0]["lines"]] == [14, 15, 16]

        fp = await call(s, "footprint", at)
        assert fp["path"] == "src/layout/cover.js" and fp["footprint"]["name"] == "heading"
        assert fp["footprint"]["declaration"]["start"]["line"] == 13 and len(fp["footprint"]["statements"]) == 4
        assert "heading (const) declared at src/layout/cover.js:14" in fp["_text"]  # 1-based in text
        by_column = await call(s, "footprint", {"path": "src/layout/cover.js", "line": 14, "column": 9})
        assert by_column["footprint"]["name"] == "heading"

        plan = await call(s, "delete_footprint", at)
        assert not plan["applied"] and cover.read_text(encoding="utf-8") == before
        removed = [l[1:] for l in plan["diff"].splitlines() if l.startswith("-") and not l.startswith("---")]
        assert [l.strip() for l in removed if l.strip()] == [l.strip() for l in before.splitlines()[13:17]]

        # The file changes after the diff was computed: the stale hash is refused, nothing is written.
        cover.write_text(before.replace("ACME", "Acme"), encoding="utf-8")
        stale = await s.call_tool("delete_footprint", {**at, "apply": True, "sha256": plan["sha256"]})
        assert "changed since the diff was computed" in error_text(stale)
        assert cover.read_text(encoding="utf-8") == before.replace("ACME", "Acme")
        assert "sha256" in error_text(await s.call_tool("delete_footprint", {**at, "apply": True}))

        fresh = await call(s, "delete_footprint", at)
        done = await call(s, "delete_footprint", {**at, "apply": True, "sha256": fresh["sha256"]})
        assert done["applied"] is True
    after = cover.read_text(encoding="utf-8")
    assert "heading" not in after and "Acme" in after and "const tagline" in after


async def test_conventions_and_check(layout_app: Path):
    service = layout_app / "src" / "services" / "InvoiceService.js"
    async with mcp_session(layout_app) as s:
        clean = await call(s, "check", {})
        assert clean["files"] == [] and clean["findings"] == []  # nothing uncommitted yet

        # The agent's edit: a service importing a repository implementation (a layer violation) and a hex colour.
        service.write_text('import { InvoiceRepositoryImpl } from "../repositories/InvoiceRepositoryImpl.js";\n'
                           + service.read_text(encoding="utf-8")
                           + '\nexport const accent = "#ff0000";\n', encoding="utf-8")
        changed = await call(s, "check", {})
        assert changed["files"] == ["src/services/InvoiceService.js"]
        codes = {f["code"] for f in changed["findings"]}
        assert "layer-violation" in codes, codes
        first = next(f for f in changed["findings"] if f["code"] == "layer-violation")
        assert first["path"] == "src/services/InvoiceService.js" and first["line"] == 0
        assert "src/services/InvoiceService.js:1:" in changed["_text"]

        named = await call(s, "check", {"paths": ["src/config.js"]})
        assert named["files"] == ["src/config.js"]
        assert any(f["code"] == "layout/no-hardcoded-page-size" for f in named["findings"])

        review = await call(s, "review_changes", {})
        assert "src/services/InvoiceService.js" in review["files"]
        assert any(r["rule"] == "layout/no-hex-colors" for r in review["reminders"])
        assert all(relative(loc["path"]) for r in review["reminders"] for loc in r["locations"])

        context = await call(s, "conventions_context", {"path": "src/layout/tables.js", "all": True})
        assert "layout/no-render-in-loop" in {r["id"] for r in context["rules"]}
        assert all(relative(r["path"]) for r in context["rules"]) and context["checked"]


async def test_bad_input_is_a_one_line_error(layout_app: Path, tmp_path: Path):
    (layout_app / "blob.js").write_bytes(b"\x00\x01binary\x00" * 100)
    (layout_app / "huge.js").write_text("// x\n" * 600_000)  # 3 MB: over max_file_bytes (2 MB)
    (layout_app / "loop.js").symlink_to(layout_app / "loop.js")  # a symlink loop
    outside = tmp_path / "outside.js"
    outside.write_text("const secret = 1;\n")
    async with mcp_session(layout_app) as s:
        assert "unknown tool 'lookup'" in error_text(await s.call_tool("lookup", {"query": "Table"}))
        assert "names" in error_text(await s.call_tool("check_symbols", {"names": "Table"}))
        assert "not of type 'string'" in error_text(await s.call_tool("lookup_docs", {"query": 5}))
        assert "'nope' was unexpected" in error_text(await s.call_tool("lookup_docs", {"query": "x", "nope": 1}))
        assert "required" in error_text(await s.call_tool("footprint", {"path": "src/app.js"}))
        for path in (str(outside), "../outside.js", "/etc/passwd"):
            text = error_text(await s.call_tool("footprint", {"path": path, "line": 1, "column": 7}))
            assert "outside" in text or "not allowed" in text, text
        assert "NUL" in error_text(await s.call_tool("footprint", {"path": "src/\x00app.js", "line": 1}))
        assert "binary" in error_text(await s.call_tool("footprint", {"path": "blob.js", "line": 1, "column": 1}))
        assert "limit" in error_text(await s.call_tool("footprint", {"path": "huge.js", "line": 1, "column": 1}))
        skipped = await call(s, "check", {"paths": ["huge.js", "blob.js"]})
        assert {x["path"] for x in skipped["skipped"]} == {"huge.js", "blob.js"}
        for path in ("loop.js", "src", "missing.js"):  # a symlink loop, a folder, nothing at all
            error_text(await s.call_tool("footprint", {"path": path, "line": 1, "column": 1}))
        mixed = await call(s, "check", {"paths": ["src/config.js", "loop.js", "/etc/passwd"]})
        assert mixed["files"] == ["src/config.js"] and mixed["findings"]  # the others: a reason each
        assert {x["path"] for x in mixed["skipped"]} == {"loop.js", "/etc/passwd"}
        assert all("\n" not in x["reason"] for x in mixed["skipped"])
        assert "past the end" in error_text(await s.call_tool("footprint", {"path": "src/app.js", "line": 9999,
                                                                            "column": 1}))
        assert "give `column`" in error_text(await s.call_tool("footprint", {"path": "src/app.js", "line": 1}))
        # Still serving, and the workspace is untouched.
        assert (await call(s, "lookup_docs", {"query": "Table"}))["results"]
    assert git(layout_app.parent, "status", "--porcelain", "--", "src") == ""


async def test_every_path_argument_goes_through_the_guard(layout_app: Path, tmp_path: Path):
    """Every tool argument that names a path (found from the schemas tools/list gives, so a tool added later is
    covered too) refuses a file outside the workspace: absolute, `../`, and a committed symlink leading out. The
    answer is a one-line error (check: the path listed in `skipped` with its reason) and never the file's text."""
    secret = tmp_path / "outside.js"
    secret.write_text("export const SECRET_TOKEN_4242 = 1;\n", encoding="utf-8")
    (layout_app / "src" / "leak.js").symlink_to(secret)
    forms = [str(secret), "../../outside.js", "src/leak.js"]
    filler = {"query": "SECRET_TOKEN_4242", "line": 1, "column": 8, "question": "how do I use SECRET_TOKEN_4242?"}
    async with mcp_session(layout_app) as s:
        covered = []
        for tool in (await s.list_tools()).tools:
            props = tool.input_schema.get("properties", {})
            for arg in [a for a in props if a in ("path", "paths")]:
                covered.append(f"{tool.name}.{arg}")
                for form in forms:
                    args = {a: filler[a] for a in tool.input_schema.get("required", []) if a in filler}
                    args[arg] = [form] if arg == "paths" else form
                    result = await s.call_tool(tool.name, args)
                    everything = " ".join(c.text for c in result.content) + str(result.structured_content)
                    assert "SECRET_TOKEN_4242 = 1" not in everything, (tool.name, form)
                    if result.is_error:
                        text = error_text(result)
                        assert "outside" in text or "not allowed" in text, (tool.name, form, text)
                    else:  # only check answers: the path is skipped with its reason, nothing is checked
                        assert tool.name == "check", (tool.name, form, everything[:300])
                        data = result.structured_content
                        assert data["files"] == [] and [x["path"] for x in data["skipped"]] == [form]
        assert sorted(covered) == ["check.paths", "conventions_context.path", "delete_footprint.path",
                                   "find_in_files.path", "footprint.path", "lookup_docs.path"]
        assert (await call(s, "footprint", {"path": "src/config.js", "line": 3, "name": "config"}))["footprint"]
