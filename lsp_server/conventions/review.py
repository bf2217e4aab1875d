"""The end-of-change review: the rules that fire on the lines a `git diff` changed, at most N in total.

`changed_lines` asks git for the diff against a revision (default HEAD) of the working tree, plus the
untracked files (whole files count as changed). `review` evaluates `scope = "diff"` and `scope = "file"`
rules on those lines only and keeps the `max_per_diff` highest-priority rules across all files: a
reminder to review before finishing, never a hard failure.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server.errors import InvalidArgument
from lsp_server.conventions.evaluate import Evaluation, Hit, order_key
from lsp_server.conventions.rules import Rule
from lsp_server.conventions.service import RuleService, is_source
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.gitexec import WORKSPACE, GitError, run_git
from lsp_server.workspace import BinaryFile, FileTooLarge, Workspace, read_text_file

log = logging.getLogger(__name__)

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's empty tree: "everything is new"
MAX_FILES = 2000
HUNK_RE = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


@dataclass
class Reminder:
    rule: Rule
    locations: list[tuple[ParsedDocument, Path, int, int]] = field(default_factory=list)  # doc, path, bytes


@dataclass
class Review:
    rev: str
    files: list[Path]
    reminders: list[Reminder]
    more: list[str]  # ids of rules that also fired, beyond the cap

    @property
    def clean(self) -> bool:
        return not self.reminders


def changed_lines(root: Path, rev: str | None) -> tuple[str, dict[Path, set[int] | None]]:
    """(the revision compared against, {absolute path: changed 0-based lines, or None = whole file})."""
    if rev is not None and (not rev or rev.startswith("-") or any(c.isspace() for c in rev)):
        raise InvalidArgument(f"invalid revision: {rev!r}")
    try:
        top = Path(run_git(["rev-parse", "--show-toplevel"], cwd=root, protocols=WORKSPACE).strip())
    except GitError as exc:
        raise InvalidArgument(f"{root} is not inside a git repository ({exc})") from exc
    base = rev or "HEAD"
    try:
        run_git(["rev-parse", "--verify", "--quiet"], values=[f"{base}^{{commit}}"], cwd=top, protocols=WORKSPACE)
    except GitError as exc:
        if rev is not None:
            raise InvalidArgument(f"unknown revision '{rev}'") from exc
        base = EMPTY_TREE  # a repository with no commit yet: everything is new
    # --no-textconv/--no-ext-diff: no diff driver of the repo's config runs (run_git switches off its filters).
    # No transport (WORKSPACE): a partial clone's missing blob is an error, never a lazy fetch.
    try:
        diff = run_git(["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
                        "--no-renames", "--unified=0"], values=[base, "--", str(root)],  # the workspace's part
                       cwd=top, protocols=WORKSPACE)
    except GitError as exc:
        raise InvalidArgument(f"git diff against {base} failed in {top} ({exc}); Footprint never fetches "
                              "from a remote for a review") from exc
    changed: dict[Path, set[int] | None] = {}
    current: Path | None = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            name = line[4:]
            current = None if name == "/dev/null" else top / _unquote(name).removeprefix("b/")
            if current is not None:
                changed.setdefault(current, set())
        elif line.startswith("@@") and current is not None:
            m = HUNK_RE.match(line)
            if m:
                start, count = int(m.group(1)), int(m.group(2) if m.group(2) is not None else 1)
                lines = changed[current]
                if lines is not None:
                    lines.update(range(start - 1, start - 1 + count))
    untracked = run_git(["-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard", "--full-name",
                         "-z"], values=["--", str(root)], cwd=top, protocols=WORKSPACE)
    for name in filter(None, untracked.split("\0")):
        changed[top / name] = None
    return base, {p: v for p, v in changed.items() if v is None or v}


def _unquote(name: str) -> str:
    """git quotes unusual paths C-style ("a\\tb"); decode that form."""
    if len(name) >= 2 and name[0] == name[-1] == '"':
        raw = name[1:-1].encode("latin-1", errors="backslashreplace").decode("unicode_escape")
        return raw.encode("latin-1", errors="replace").decode("utf-8", errors="replace")
    return name


def review(ws: Workspace, rev: str | None = None, cap: int | None = None, session: str | None = None) -> Review:
    svc = ws.service(RuleService)
    base, changed_raw = changed_lines(ws.root, rev)
    changed = {p.resolve(): v for p, v in changed_raw.items()}
    files = [path for path in sorted(changed) if is_source(ws, path)]
    if len(files) > MAX_FILES:
        log.warning("rules: the diff touches %d files; reviewing the first %d", len(files), MAX_FILES)
        files = files[:MAX_FILES]
    fired: dict[str, Reminder] = {}
    evaluated: list[tuple[str, ParsedDocument, list[Hit]]] = []
    for path in files:
        try:
            text = read_text_file(path, ws.settings.top.max_file_bytes)
        except (FileTooLarge, BinaryFile, OSError) as exc:
            log.info("rules: review skips %s: %s", path, exc)
            continue
        doc = ParsedDocument.create(path_to_uri(path), text)  # the text on disk: what git diffed
        rel = ws.relpath(path)
        evaluation = svc.evaluate_file(doc, rel, scopes=("file", "diff"), cap=10_000, lines=changed[path])
        for hit in evaluation.hits:
            reminder = fired.setdefault(hit.rule.id, Reminder(hit.rule))
            reminder.locations.extend((doc, path, s, e) for s, e in hit.ranges)
        evaluated.append((rel, doc, evaluation.hits))
    ordered = sorted(fired.values(), key=lambda r: order_key(r.rule))
    limit = svc.config.max_per_diff if cap is None else cap
    shown = {r.rule.id for r in ordered[:limit]}
    for rel, doc, hits in evaluated:  # telemetry counts what was shown, not what the cap hid
        svc.record(rel, doc, Evaluation(hits=[h for h in hits if h.rule.id in shown]),
                   **({"session": session} if session else {}))
    return Review(base if rev or base == EMPTY_TREE else "HEAD", files, ordered[:limit],
                  [r.rule.id for r in ordered[limit:]])
