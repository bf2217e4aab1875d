"""The real server plus one deliberately slow workspace index and a check that uses it, registered only
in this test process: checks must never wait for an index in the server, and open documents must be
re-checked once the background warm-up has built it."""

from __future__ import annotations

import os
import sys
import time

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.cli import main
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.workspace import Service, service


@service
class SlowIndex(Service):
    name = "slow test index"

    @classmethod
    def build(cls, workspace, progress):
        time.sleep(float(os.environ.get("SLOW_INDEX_SECONDS", "2")))
        return cls()


@check("needs-slow-index", Phase.TYPE)
def needs_slow_index(doc: ParsedDocument, ctx: CheckContext):
    ready = ctx.service(SlowIndex) is not None
    yield Finding("index-state", "index ready" if ready else "index not ready", 0, 0, Severity.HINT)


@check("uses-workspace-service", Phase.TYPE)
def uses_workspace_service(doc: ParsedDocument, ctx: CheckContext):
    # The style checks written before CheckContext.service: in the server this raises ServiceNotReady
    # until the index is built (the check is skipped), in the CLI it builds.
    ctx.workspace.service(SlowIndex)
    yield Finding("index-state", "index used directly", 0, 0, Severity.HINT)


if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
