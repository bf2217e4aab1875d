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


def shift_findings(findings: list[Finding], edits: list[ByteEdit]) -> list[Finding]:
    """Carry findings across edits: those after an edit move with it, those touching it are dropped.

    Used for on-save findings while the user types: they stay put on unchanged code until the next save
    recomputes them, and never point at text they were not computed for.
    """
    for edit in edits:
        kept = []
        for f in findings:
            if f.end < edit.start or (f.end == edit.start and f.start < f.end):
                kept.append(f)
            elif f.start > edit.old_end:
                kept.append(replace(f, start=f.start + edit.delta, end=f.end + edit.delta))
        findings = kept
    return findings
