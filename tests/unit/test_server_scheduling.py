"""Checks in the server never build a workspace index (CheckContext); no process, no I/O.

(The scheduling itself, including "indexing waits for the open files' first checks but not forever", is
tested without a server in test_scheduler.py.)"""

from __future__ import annotations

def test_check_context_service_builds_only_outside_the_server(tmp_path):
    from lsp_server.checks import CheckContext
    from lsp_server.workspace import Service, Workspace

    class Index(Service):
        name = "test index"
        builds = 0

        @classmethod
        def build(cls, workspace, progress):
            cls.builds += 1
            return cls()

    ws = Workspace(tmp_path)
    assert CheckContext(ws, build_services=False).service(Index) is None and Index.builds == 0
    built = CheckContext(ws).service(Index)  # the CLI's default: build on demand
    assert isinstance(built, Index) and Index.builds == 1
    assert CheckContext(ws, build_services=False).service(Index) is built


def test_workspace_service_in_a_server_check_waits_instead_of_building(tmp_path):
    from lsp_server.checks import CHECKS, CheckContext, Phase, check, run_checks
    from lsp_server.document import ParsedDocument
    from lsp_server.findings import Finding
    from lsp_server.workspace import SERVICES, Service, Workspace

    class Index(Service):
        name = "unit index"

        @classmethod
        def build(cls, workspace, progress):
            return cls()

    SERVICES.append(Index)

    @check("unit-uses-index", Phase.TYPE)
    def uses_index(doc, ctx):
        ctx.workspace.service(Index)
        yield Finding("unit-index", "built", 0, 0)

    try:
        ws = Workspace(tmp_path)
        doc = ParsedDocument.create((tmp_path / "a.js").as_uri(), "let a;\n")
        server_ctx = CheckContext(ws, build_services=False)
        assert not [f for f in run_checks(doc, server_ctx, [Phase.TYPE]) if f.code == "unit-index"]
        assert ("unit-uses-index", "unit index") in server_ctx.waiting and not server_ctx.failures
        assert ws.peek_service(Index) is None
        # The CLI (and the server once the index is built) gets the findings.
        assert [f.code for f in run_checks(doc, CheckContext(ws), [Phase.TYPE]) if f.code == "unit-index"]
        assert [f.code for f in run_checks(doc, CheckContext(ws, build_services=False), [Phase.TYPE])
                if f.code == "unit-index"]
    finally:
        SERVICES.remove(Index)
        CHECKS.pop("unit-uses-index")
