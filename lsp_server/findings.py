"""Finding: what a check reports, in byte offsets of the document it was computed on."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any

from lsp_server.document import ByteEdit


class Severity(IntEnum):
    # Same numbers as LSP's DiagnosticSeverity, so conversion is a cast.
    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, value: str) -> "Severity":
        aliases = {"info": "information", "warn": "warning"}
        return cls[aliases.get(value.lower(), value.lower()).upper()]


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    start: int  # byte offset, inclusive
    end: int  # byte offset, exclusive
    severity: Severity = Severity.WARNING
    data: dict[str, Any] | None = None
    source: str = "footprint"
    check: str = field(default="", compare=False)  # name of the check that produced it
    # What the finding says of the code, for editors that render it (LSP DiagnosticTag): "deprecated"
    # (struck through), "unnecessary" (faded).
    tags: tuple[str, ...] = ()


def shift_findings(findings: list[Finding], edits: list[ByteEdit]) -> list[Finding]:
    """Carry findings across edits: those after an edit move with it, those touching it are dropped.

    Used for on-save findings while the user types: they stay put on unchanged code until the next save
    recomputes them, and never point at text they were not computed for.
    """
    for edit in edits:
        kept = []
        for f in findings:
            if f.end < edit.start or (f.end == edit.start and f.start < f.end):
                kept.append(_shift_fix(f, edit))
            elif f.start > edit.old_end:
                kept.append(_shift_fix(replace(f, start=f.start + edit.delta, end=f.end + edit.delta), edit))
        findings = kept
    return findings


def _shift_fix(f: Finding, edit: ByteEdit) -> Finding:
    """Move the byte offsets of the finding's `data.fix` edits with `edit` too; a fix with an edit the
    user's edit touched no longer applies to this text, so it is dropped (the finding stays until the
    next check recomputes it). Without this, a quick fix requested before the recheck edited stale bytes."""
    fix = (f.data or {}).get("fix")
    if not fix or not edit.delta and edit.start == edit.old_end:
        return f
    moved = []
    for e in fix.get("edits", []):
        if e["end"] < edit.start or (e["end"] == edit.start and e["start"] < e["end"]):
            moved.append(e)
        elif e["start"] > edit.old_end:
            moved.append({**e, "start": e["start"] + edit.delta, "end": e["end"] + edit.delta})
        else:
            data = {k: v for k, v in f.data.items() if k != "fix"}
            return replace(f, data=data or None)
    return replace(f, data={**f.data, "fix": {**fix, "edits": moved}})
