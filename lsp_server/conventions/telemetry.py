"""Local telemetry that finds bad rules: which rules fire, and whether the code changes afterwards.

Stored as JSON lines in `<cache_dir>/conventions/telemetry.jsonl` (nothing leaves the machine):
- `fire`: a rule fired on a file (rule id, path, byte range, line, document hash, session, time);
- `outcome`: on the next save of that file with different content, whether the flagged lines changed.

`pending.json` holds the unresolved firings per file, so the outcome is found by the next save even when
it happens in another process (an agent hook) or another session. A document saved again with the same
content records nothing new, so repeated checks of an unchanged file do not inflate the counts. Lines are
compared by hash (no code is stored): a flagged line that still exists verbatim was not followed.

`stats()` reports per rule: firings, distinct sessions, share followed by a change, and flags as noisy a
rule that fires often and is never (or almost never) followed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from lsp_server import integrity
from lsp_server.document import ParsedDocument
from lsp_server.storage import atomic_write_json, read_json

log = logging.getLogger(__name__)

LOG_FILE = "telemetry.jsonl"
PENDING_FILE = "pending.json"
MAX_LOG_BYTES = 16 * 1024 * 1024  # beyond this the oldest half of the log is dropped
MAX_SPAN_LINES = 20

PROCESS_SESSION = f"{os.getpid()}-{os.urandom(4).hex()}"  # not uuid: it imports platform (~5 ms)
_thread_lock = threading.Lock()


def _line_hash(line: bytes) -> str:
    return hashlib.sha1(line.strip()).hexdigest()[:12]


@dataclass
class Firing:
    rule: str
    start: int
    end: int


class Telemetry:
    def __init__(self, folder: Path, session: str = PROCESS_SESSION, enabled: bool = True):
        self.folder = folder
        self.session = session
        self.enabled = enabled

    @property
    def log_path(self) -> Path:
        return self.folder / LOG_FILE

    def record(self, relpath: str, doc: ParsedDocument, firings: list[Firing]) -> None:
        """A save (or check) of `relpath` with content `doc` on which `firings` were shown."""
        if not self.enabled:
            return
        if integrity.cache_folder(self.folder.parent) is None:
            self.enabled = False  # the cache folder is unusable (said once): no telemetry this session
            return
        try:
            with self._locked():
                self._record(relpath, doc, firings)
        except OSError as exc:  # telemetry must never break a check; one line, then it is off
            self.enabled = False
            log.warning("rules telemetry: cannot write %s (%s): off for this session", self.folder,
                        exc.strerror or exc)
        except Exception:  # noqa: BLE001 - e.g. a hand-edited pending.json: log, never lose the findings
            log.exception("rules telemetry: recording %s failed", relpath)

    def _record(self, relpath: str, doc: ParsedDocument, firings: list[Firing]) -> None:
        now = round(time.time(), 3)
        doc_hash = hashlib.sha256(doc.source).hexdigest()[:16]
        pending = read_json(self.folder / PENDING_FILE)
        if not isinstance(pending, dict):
            pending = {}
        events = []
        previous = pending.get(relpath)
        if isinstance(previous, dict) and not all(
                isinstance(f, dict) and {"rule", "start", "end"} <= f.keys() for f in previous.get("firings", [])):
            previous = None  # damaged entry: start this file afresh
        known: set[tuple] = set()
        if isinstance(previous, dict) and previous.get("doc") == doc_hash:
            # Same content as last time: only firings not seen on it before are new (e.g. a new rule).
            known = {(f["rule"], f["start"], f["end"]) for f in previous.get("firings", [])}
            kept = list(previous.get("firings", []))
        else:
            kept = []
            if isinstance(previous, dict):
                present = {_line_hash(doc.lines.line_bytes(i)) for i in range(doc.lines.line_count)}
                for f in previous.get("firings", []):
                    changed = any(h not in present for h in f.get("lines", []))
                    events.append({"event": "outcome", "t": now, "session": self.session, "rule": f["rule"],
                                   "path": relpath, "fired_session": f.get("session"), "changed": changed})
        for f in firings:
            if (f.rule, f.start, f.end) in known:
                continue
            first = doc.lines.line_of(f.start)
            last = min(doc.lines.line_of(max(f.start, f.end - 1)), first + MAX_SPAN_LINES - 1)
            lines = sorted({_line_hash(doc.lines.line_bytes(i)) for i in range(first, last + 1)})
            events.append({"event": "fire", "t": now, "session": self.session, "rule": f.rule, "path": relpath,
                           "start": f.start, "end": f.end, "line": first, "doc": doc_hash})
            kept.append({"rule": f.rule, "start": f.start, "end": f.end, "lines": lines, "session": self.session})
        if kept:
            pending[relpath] = {"doc": doc_hash, "firings": kept}
        else:
            pending.pop(relpath, None)
        if events or previous != pending.get(relpath):
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write_json(self.folder / PENDING_FILE, pending)
        if events:
            self._append(events)

    def _append(self, events: list[dict]) -> None:
        path = self.log_path
        data = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(data)
        if path.stat().st_size > MAX_LOG_BYTES:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
            from lsp_server.storage import atomic_write_text

            atomic_write_text(path, "".join(lines[len(lines) // 2 :]))

    @contextlib.contextmanager
    def _locked(self):
        """One writer at a time, across threads and processes (the server and agent hooks share it)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with _thread_lock, open(self.folder / ".lock", "a+") as fh:
            try:
                import fcntl
            except ImportError:  # Windows: threads are still serialised
                yield
                return
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def events(self) -> list[dict]:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        out = []
        for line in text.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue  # a torn last line after a crash
            # A damaged or hand-edited line is skipped, never a crash of `rules stats`.
            if isinstance(event, dict) and isinstance(event.get("rule"), str) \
                    and event.get("event") in ("fire", "outcome") \
                    and all(isinstance(event.get(k), (str, type(None))) for k in ("session", "path")):
                out.append(event)
        return out

    def stats(self, min_firings: int = 10, max_follow_share: float = 0.0) -> list[dict]:
        """Per rule: firings, sessions, files, resolved outcomes, share followed by a change, noisy flag."""
        by_rule: dict[str, dict] = {}
        for e in self.events():
            s = by_rule.setdefault(e["rule"], {"rule": e["rule"], "firings": 0, "sessions": set(), "files": set(),
                                               "resolved": 0, "followed": 0, "last_fired": None})
            if e.get("event") == "fire":
                s["firings"] += 1
                s["sessions"].add(e.get("session"))
                s["files"].add(e.get("path"))
                s["last_fired"] = e.get("t")
            elif e.get("event") == "outcome":
                s["resolved"] += 1
                s["followed"] += 1 if e.get("changed") else 0
        out = []
        for s in by_rule.values():
            share = s["followed"] / s["resolved"] if s["resolved"] else None
            noisy = s["firings"] >= min_firings and share is not None and share <= max_follow_share
            out.append({**s, "sessions": len(s["sessions"]), "files": len(s["files"]),
                        "followed_share": None if share is None else round(share, 3), "noisy": noisy})
        out.sort(key=lambda s: (not s["noisy"], -s["firings"], s["rule"]))
        return out
