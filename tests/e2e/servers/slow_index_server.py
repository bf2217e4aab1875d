"""The real server plus one deliberately slow workspace index and a check that uses it, registered only
in this test process: checks must never wait for an index in the server, and open documents must be
re-checked once the background warm-up has built it.

The index is "slow" because builds wait while the test holds a gate closed (the `footprintTest/closeIndexGate`
and `footprintTest/openIndexGate` notifications; closed at start), not for a wall-clock delay: on a loaded
machine a 2-second build could finish before the first check ran, and the test then failed."""

from __future__ import annotations

import sys
import threading

from lsp_server.checks import CheckContext, Phase, check
from lsp_server.surfaces.cli import main
from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.surfaces.lsp.server import server
from lsp_server.workspace import Service, service

# A gate rather than one permit per build: how many builds a test causes (warm-up, a check asking, a rebuild
# after a save) is the server's business. A build still waiting after this long goes ahead, so a broken test
# cannot hang the server forever; the tests never rely on it.
_GATE = threading.Event()
_GIVE_UP_SECONDS = 300


@server.feature("footprintTest/openIndexGate")
def open_index_gate(ls, params) -> None:
    _GATE.set()


@server.feature("footprintTest/closeIndexGate")
def close_index_gate(ls, params) -> None:
    _GATE.clear()


@service
class SlowIndex(Service):
    name = "slow test index"

    @classmethod
    def build(cls, workspace, progress):
        _GATE.wait(timeout=_GIVE_UP_SECONDS)
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
