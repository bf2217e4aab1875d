"""Time budgets for the diagnostics pipeline: the `[limits]` keys that bound how long checks may take.

`slow_check_ms`: a check that runs longer than this on one document is logged (which check, which file,
how long) and reported once per check with a warning message, as users of other linters expect, instead
of the editor silently lagging. `debounce_ms`: how long the server waits after a keystroke before it
re-checks, so a burst of changes costs one run. `pause_ms`: a check run
made for a keystroke skips the checks that analyse the whole document (registered `on_pause`, e.g.
`unknown-symbol`'s type analysis), which keep their previous findings, moved with the edits; they run once
the document has been left alone this long; 0 runs them on every keystroke. `document_ms`: the most one document's check run may cost
(CPU time of the thread that runs it; 0 = no limit): past it the check in progress stops, the checks after
it are skipped, and the file gets one note saying so (`analysis-limit`) instead of a stalled editor.
"""

from __future__ import annotations

from dataclasses import dataclass

from lsp_server import queries
from lsp_server.config import Settings, config_section

DEFAULT_SLOW_CHECK_MS = 1000.0
DEFAULT_DEBOUNCE_MS = 50.0
DEFAULT_PAUSE_MS = 400.0
DEFAULT_DOCUMENT_MS = queries.DOCUMENT_SECONDS * 1000


@config_section("limits")
@dataclass(frozen=True)
class Budget:
    slow_check_ms: float = DEFAULT_SLOW_CHECK_MS
    debounce_ms: float = DEFAULT_DEBOUNCE_MS
    pause_ms: float = DEFAULT_PAUSE_MS
    document_ms: float = DEFAULT_DOCUMENT_MS


def budget(settings: Settings) -> Budget:
    """The workspace's budget; negative values (meaningless) count as 0."""
    raw = settings.get(Budget)
    return Budget(slow_check_ms=max(0.0, float(raw.slow_check_ms)), debounce_ms=max(0.0, float(raw.debounce_ms)),
                  pause_ms=max(0.0, float(raw.pause_ms)),
                  document_ms=max(0.0, float(raw.document_ms)))
