"""The decision core of the agent hooks, one for every agent: what to tell the model after a write and
before it stops, and what only to note. Analysis stays in the areas (conventions for the rules, the checks
pipeline for the cross-file findings); this module picks the files and lines, calls them, and decides.

- post-write: the on-save rules on the lines the agent changed (changed.py), at most `[rules] max_per_file`
  rules, saying how many more apply beyond the cap.
- stop: the diff review (rules on changed lines) plus the cross-file findings `footprint-ls check` reports
  (layering, cycles, unresolved imports and names) on the changed lines, for the workspace of each changed
  file (a monorepo's root as cwd finds each package's footprint.toml).
- never blocks on our own failure or on what it already said (guard.py); loop flags end a stop at once.
"""

from __future__ import annotations

import logging
from pathlib import Path

from lsp_server.errors import FootprintError, InvalidArgument
from lsp_server.languages import is_source_path
from lsp_server.surfaces.hooks import guard
from lsp_server.surfaces.hooks.changed import ALL, edited_lines
from lsp_server.surfaces.hooks.event import EditedFile, HookEvent, Outcome, source_name

log = logging.getLogger(__name__)

# What `footprint-ls check` reports across files (graph/checks.py, knowledge/unknown_symbol.py).
CROSS_FILE = ("layer-violation", "import-cycle", "unresolved-import", "unknown-export", "unknown-symbol")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


# --- post-write --------------------------------------------------------------------------------------
def post_write(event: HookEvent, config: Path | None) -> tuple[Outcome, list[str]]:
    """(the outcome, the keys of the findings shown) for the files the event wrote."""
    out, keys, texts = Outcome(), [], []
    roots = [Path(r) for r in event.roots] or [Path.cwd()]
    for edited in event.files:
        text = _post_write_file(edited, _root_of(edited.path, roots), config, event.session, out, keys)
        if text:
            texts.append(text)
        if out.failure:
            break
    out.message = "".join(texts)
    return out, keys


def _root_of(name: str, roots: list[Path]) -> Path:
    """The project folder a written file belongs to (Cursor sends every root of a multi-root workspace)."""
    if "\x00" not in name and Path(name).is_absolute():
        for root in roots:
            if Path(name).is_relative_to(root):
                return root
    return roots[0]


def _post_write_file(edited: EditedFile, cwd: Path, config: Path | None, session: str | None,
                     out: Outcome, keys: list[str]) -> str:
    from lsp_server.config import find_config
    from lsp_server.conventions.service import RuleService, is_source
    from lsp_server.security import resolve_user_path
    from lsp_server.surfaces.common import workspace_for

    name = edited.path
    shown = name.replace("\x00", "\\0")
    if not source_name(name):
        return ""  # the hook matches every write tool: other files are none of our business
    if "\x00" in name:
        out.notes.append(f"footprint-ls: post-write: not reviewed: {shown}: the path contains a NUL byte")
        return ""
    if edited.deleted:
        out.notes.append(f"footprint-ls: post-write: not reviewed: {shown}: deleted by the edit")
        return ""
    try:
        project = workspace_for(cwd, config, warn=False)  # hook output is the agent's prompt: no trust advice
    except FootprintError as exc:
        out.failure = f"footprint-ls: post-write: not reviewed: {_one_line(exc)}"
        return ""
    # The file name comes from the agent: the path guard keeps it inside the project the agent works in.
    try:
        path = resolve_user_path(project, name if Path(name).is_absolute() else str(cwd / name))
    except InvalidArgument as exc:
        out.notes.append(f"footprint-ls: post-write: not reviewed: {_one_line(exc)}")
        return ""
    if not path.exists():
        out.notes.append(f"footprint-ls: post-write: not reviewed: {shown}: the file no longer exists")
        return ""
    if not path.is_file():
        return ""
    try:  # the file's own workspace (a monorepo package); usually the project's, loaded once
        same = config is not None or find_config(path) == project.settings.config_path
        ws = project if same else workspace_for(path, config, warn=False)
    except FootprintError as exc:
        out.failure = f"footprint-ls: post-write: not reviewed: {_one_line(exc)}"
        return ""
    if not is_source(ws, path):
        return ""  # node_modules, build output, excluded by the config
    doc = ws.document(path)
    if doc is None or doc.language is None:
        reason = ws.skipped.get(path) or "not readable as source text"
        out.notes.append(f"footprint-ls: post-write: not reviewed: {shown}: {reason}")
        return ""
    lines, how = edited_lines(doc.text, edited, path)
    if lines is not ALL and not lines:
        if how == "":
            out.notes.append(f"footprint-ls: post-write: not reviewed: {shown}: the edit was not found in the "
                             "file (changed since?) and there is no git history to diff against")
        return ""  # unchanged since HEAD: nothing the agent wrote is left to judge
    if lines is ALL:
        lines = set(range(doc.lines.line_count))
    svc = ws.service(RuleService)
    rel = ws.relpath(path)
    evaluation = svc.evaluate_file(doc, rel, lines=lines)
    svc.record(rel, doc, evaluation, **({"session": session} if session else {}))
    if not evaluation.hits:
        return ""
    from lsp_server.surfaces.present import display_path, file_text  # only to show what fired

    text = file_text(evaluation, doc, display_path(path, cwd))
    if evaluation.suppressed:
        text += (f"(+{len(evaluation.suppressed)} more rule(s) apply to the lines you changed, beyond the cap of "
                 f"{len(evaluation.hits)} per file: {', '.join(evaluation.suppressed[:8])}; fix these first)\n")
    keys.extend(guard.key_of("post-write", str(ws.root), hit.rule.id, rel, _line_text(doc, s))
                for hit in evaluation.hits for s, _ in hit.ranges)
    return text


def _line_text(doc, offset: int) -> str:
    line = doc.lines.line_of(offset)
    return doc.text.split("\n")[line].strip() if line < doc.text.count("\n") + 1 else ""


# --- stop --------------------------------------------------------------------------------------------
def stop(event: HookEvent, rev: str | None, config: Path | None) -> tuple[Outcome, list[str]]:
    out, keys, texts = Outcome(), [], []
    if event.stop_hook_active:
        return out, keys  # the agent already continues because of a stop hook: never loop it
    if event.loop_count is not None and event.loop_count >= 1:
        return out, keys  # Cursor: this loop already had a follow-up
    if event.interrupted:
        return out, keys  # the user stopped the turn (or it failed): not the moment for a review
    roots = [Path(r) for r in event.roots] or [Path.cwd()]
    for root in roots:
        texts.extend(_stop_root(root, rev, config, event.session, out, keys))
    out.message = "".join(texts)
    return out, keys


def _stop_root(root: Path, rev: str | None, config: Path | None, session: str | None,
               out: Outcome, keys: list[str]) -> list[str]:
    from lsp_server.config import find_config
    from lsp_server.conventions.review import changed_lines, review
    from lsp_server.surfaces.common import workspace_for
    from lsp_server.surfaces.present import display_path, review_text

    try:
        _, changed_raw = changed_lines(root, rev)
    except InvalidArgument as exc:
        if rev:  # the user's --rev: a usage error, reported without blocking
            out.failure = f"footprint-ls: stop: not reviewed: {_one_line(exc)}"
        else:
            out.notes.append(f"footprint-ls: stop: not reviewed: {_one_line(exc)}")
        return []
    changed: dict[Path, set[int] | None] = {}
    for p, v in changed_raw.items():
        try:
            changed[p.resolve()] = v
        except (OSError, RuntimeError, ValueError):
            continue
    # Each changed file belongs to the workspace of its nearest footprint.toml (a monorepo's packages);
    # files with none belong to the workspace of the folder the agent works in.
    groups: dict[Path | None, list[Path]] = {}
    for path in sorted(changed):
        if is_source_path(path) and path.is_file():
            groups.setdefault(config or find_config(path), []).append(path)
    texts: list[str] = []
    for config_path, files in groups.items():
        try:
            ws = workspace_for(config_path.parent if config_path and not config else root, config, warn=False)
        except FootprintError as exc:
            where = display_path(config_path, root) if config_path else str(root)
            out.failure = f"footprint-ls: stop: {where}: not reviewed: {_one_line(exc)}"
            continue
        result = review(ws, rev, session=session)
        text = review_text(result, lambda p: display_path(p, root))
        for reminder in result.reminders:
            keys.extend(guard.key_of("stop", str(ws.root), reminder.rule.id, ws.relpath(p), _line_text(d, s))
                        for d, p, s, _ in reminder.locations)
        cross = _cross_file(ws, files, changed, root, keys)
        texts.extend(t for t in (text, cross) if t)
    return texts


def _cross_file(ws, files: list[Path], changed: dict[Path, set[int] | None], root: Path, keys: list[str]) -> str:
    """What `footprint-ls check` reports across files, on the lines the change touched (a cycle anywhere in
    a changed file: the edge that closes it may be an unchanged import)."""
    from lsp_server.checks import CheckContext, Phase, run_checks
    from lsp_server.surfaces.present import display_path, finding_text

    found = []
    for path in files:
        if not ws.contains(path):
            continue
        doc = ws.document(path)
        if doc is None or doc.language is None:
            continue
        lines = changed.get(path)
        for f in run_checks(doc, CheckContext(ws), (Phase.TYPE, Phase.SAVE)):
            if f.code not in CROSS_FILE:
                continue
            if f.code != "import-cycle" and lines is not None and doc.lines.line_of(f.start) not in lines:
                continue
            found.append((doc, path, f))
    if not found:
        return ""
    head = (f"Footprint: {len(found)} cross-file problem(s) in your change (what `footprint-ls check` reports); "
            "fix them before you finish:")
    keys.extend(guard.key_of("stop", str(ws.root), f.code, ws.relpath(p), f.message) for _, p, f in found)
    return "\n".join([head, *(f"- {finding_text(d, display_path(p, root), f)}" for d, p, f in found)]) + "\n"


def apply_guard(event: HookEvent, out: Outcome, keys: list[str]) -> Outcome:
    """A message whose findings were all shown before in this session becomes a note."""
    if out.message and keys and not guard.unseen(event.agent, event.session, keys):
        out.notes.append(f"footprint-ls: {event.kind}: the same {len(set(keys))} finding(s) were already shown in "
                         "this session; not repeated")
        out.message = ""
    return out
