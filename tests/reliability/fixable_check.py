"""A test-only check with a fix, loaded into a server subprocess by `serve_with_fixable_check`: `var`
declarations get a `use-let` finding whose `data.fix` replaces the keyword (fix_all). Real features with
fixes exercise the same path once they land; this keeps the versioned-edit test independent of them."""

from __future__ import annotations

import re
import sys

from lsp_server.checks import Phase, check
from lsp_server.findings import Finding, Severity

_VAR = re.compile(rb"\bvar\b")


@check("test-use-let", Phase.TYPE)
def use_let(doc, ctx):
    for m in _VAR.finditer(doc.source):
        fix = {"title": "Use let", "edits": [{"start": m.start(), "end": m.end(), "text": "let"}], "fix_all": True}
        yield Finding("use-let", "use let", m.start(), m.end(), Severity.WARNING, data={"fix": fix})


def serve_command() -> list[str]:
    return [sys.executable, "-c",
            "import sys, tests.reliability.fixable_check; from lsp_server.surfaces.cli import main; sys.exit(main(['serve']))"]
