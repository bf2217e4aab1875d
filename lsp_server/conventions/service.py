"""The rules of a workspace: the `[rules]` config section and `RuleService`, which loads every source,
applies same-id overrides, keeps remote copies fresh in the background and reloads on change.

Source order (later sources override same-id rules of earlier ones, so a team's local rule can shadow a
central one): the `remote` repos in the order listed, then the local `paths` (an engine pack's before the
workspace's own). A rule with `enabled = false` switches an earlier same-id rule off; `disable` lists
ids switched off by configuration.

Time: each evaluation gets a `Clock` (`budget_ms` for the run, `regex_timeout_ms` / `query_timeout_ms` per
trigger), in CPU time of the evaluating thread (evaluate.py: a loaded machine does not make a rule run out of
time). A rule stopped by its own limit `disable_after` runs in a row is disabled until its file changes
or the rules reload, with a problem on its rule file; a run whose budget runs out skips the remaining rules
(logged once per session; the next runs try again), as does a run that the wall-clock safety net gives up
(a machine too busy to finish a rule: no strike against it).
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pathspec

from lsp_server import integrity
from lsp_server.conventions.evaluate import RUN_BUDGET_USED, Clock, Evaluation, RuleSet, evaluate
from lsp_server.conventions.rules import (RULE_SUFFIXES, Rule, RuleProblem, load_folder, load_query_facts,
                                          save_query_facts)
from lsp_server.conventions.settings import RulesConfig
from lsp_server.conventions.telemetry import PROCESS_SESSION, Firing, Telemetry
from lsp_server.document import ParsedDocument
from lsp_server.findings import Severity
from lsp_server.gitexec import GIT_PROTOCOLS
from lsp_server.languages import is_source_path
from lsp_server.workspace import SKIPPED_DIRS, Progress, Service, Workspace, service

if TYPE_CHECKING:
    from lsp_server.conventions import remote as remote_mod

log = logging.getLogger(__name__)


def _remote():
    """The remote sources' module (fetching, verified copies), imported when a workspace configures a remote:
    most have none, and an agent hook's process would load it (~2 ms) for nothing."""
    from lsp_server.conventions import remote

    return remote

CONVENTIONS_CHECK = "conventions"  # the on-save check of diagnostics.py, whose firings the telemetry records


# key -> (lowest, highest) accepted; out-of-range values are reported and clamped.
LIMITS = {"max_per_file": (0, 100), "max_per_diff": (0, 100), "regex_timeout_ms": (1, 10_000),
          "query_timeout_ms": (1, 10_000), "budget_ms": (1, 60_000), "disable_after": (1, 100),
          "remote_refresh_minutes": (0, 100_000), "fetch_timeout_seconds": (1, 3600), "noisy_min_firings": (1, 10**9),
          "noisy_max_follow_share": (0.0, 1.0)}


def checked_config(config: RulesConfig) -> tuple[RulesConfig, list[str]]:
    import dataclasses

    problems, fixed = [], {}
    for key, (lo, hi) in LIMITS.items():
        value = getattr(config, key)
        if not lo <= value <= hi:
            problems.append(f"[rules] {key} = {value} is out of range ({lo}..{hi}); using {min(max(value, lo), hi)}")
            fixed[key] = min(max(value, lo), hi)
    return (dataclasses.replace(config, **fixed) if fixed else config), problems


def is_source(ws: Workspace, path: Path) -> bool:
    """Whether `path` (absolute, resolved) is a workspace source file the rules look at: a JavaScript
    file inside the root, not in a skipped folder (node_modules, dist, ...) nor excluded by the config.
    (Here rather than in review.py, which the post-write hook then need not import.)"""
    if not ws.contains(path) or not is_source_path(path):
        return False
    rel = ws.relpath(path)
    if any(part in SKIPPED_DIRS for part in Path(rel).parts[:-1]):
        return False
    return not pathspec.GitIgnoreSpec.from_lines(ws.settings.top.exclude).match_file(rel)


REMOTE_KEYS = {"url", "ref", "subdir", "sha256"}
_URL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://|^[^/\\]+@[^/\\]+:")


def remote_sources(ws: Workspace, config: RulesConfig) -> tuple[list[remote_mod.RemoteSource], list[str]]:
    """The configured remote sources (local-path URLs resolved against the root), and config problems."""
    sources, problems = [], []
    protocols = tuple(p for p in config.remote_protocols if p in GIT_PROTOCOLS)
    if len(protocols) != len(config.remote_protocols):
        problems.append(f"[rules] remote_protocols: only {', '.join(GIT_PROTOCOLS)} can be allowed; "
                        f"using {list(protocols)}")
    for i, item in enumerate(config.remote):
        remote_mod = _remote()
        unknown = set(item) - REMOTE_KEYS
        if unknown or not item.get("url"):
            problems.append(f"[rules] remote item {i + 1}: needs 'url' (optional 'ref', 'subdir', 'sha256'); "
                            f"unknown: {', '.join(sorted(unknown)) or '-'}")
            continue
        url = item["url"]
        if not _URL_RE.match(url):
            url = str((ws.root / Path(url).expanduser()).resolve())  # a local path or bare repo
        sub = item.get("subdir", "").strip("/")
        if sub.startswith("..") or "/../" in f"/{sub}/":
            problems.append(f"[rules] remote item {i + 1}: subdir must stay inside the repository")
            continue
        pin = item.get("sha256", "").strip().lower()
        if pin and not remote_mod.SHA256_RE.match(pin):
            problems.append(f"[rules] remote item {i + 1}: sha256 must be 64 hex digits (remote.snapshot_digest)")
            continue
        source = remote_mod.RemoteSource(url, item.get("ref", ""), sub, protocols, pin)
        problem = remote_mod.source_problem(source)  # before git ever sees it: no option injection
        if problem:
            problems.append(f"[rules] remote item {i + 1}: {problem}")
            continue
        sources.append(source)
    return sources, problems


@service
class RuleService(Service):
    name = "rules"
    build_first = True  # a few rule files: built before the import graph and the object model (scheduler.py)

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.config, problems = checked_config(ws.settings.get(RulesConfig))
        self.remotes, self.config_problems = remote_sources(ws, self.config)
        self.config_problems[:0] = problems
        self.local_dirs = [Path(p) for p in self.config.paths]
        self.ruleset = RuleSet([])
        self.problems: dict[Path, list[RuleProblem]] = {}
        self.timed_out: dict[str, RuleProblem] = {}  # rule id -> the problem reported on its file (disabled)
        self.strikes: dict[str, RuleProblem] = {}  # rule id -> its last stop, while not yet disabled
        self._strike_counts: dict[str, int] = {}  # rule id -> runs in a row its trigger was stopped
        self._budget_reported = False
        self.sources: list[tuple[str, Path, int]] = []  # (origin, folder, rules loaded)
        self.telemetry = Telemetry(ws.cache_dir / "conventions", enabled=self.config.telemetry)
        self._lock = threading.Lock()

    @classmethod
    def build(cls, workspace: Workspace, progress: Progress) -> "RuleService":
        svc = cls(workspace)
        for problem in svc.config_problems:
            log.warning("rules: %s", problem)
        svc.reload()
        if not workspace.long_lived:
            # A CLI run or a hook: no server will reload and re-check later, and a background fetch would
            # die with the process. Fetch now, but only when the copy is missing or its last fetch attempt
            # (success or failure, recorded in the cache across processes) is older than the refresh interval.
            if svc.refresh_remotes(only_due=True):
                svc.wait_for_remotes(svc.config.fetch_timeout_seconds + 5)
        else:
            svc.refresh_remotes()  # the server: in the background, at start-up
        return svc

    # --- loading --------------------------------------------------------------------------------------
    def folders(self, verify: bool = False) -> list[tuple[str, Path]]:
        """(origin, folder) of every source, lowest precedence first. With `verify` (loading the rules), a
        remote copy is used only if it is what our fetch wrote and matches its pinned sha256
        (`remote.verified_copy`); one that fails is deleted, with a warning, and fetched again."""
        out = []
        # Remote copies live in the cache folder: not read from one another user owns (integrity.cache_folder).
        cache_usable = bool(self.remotes) and integrity.cache_folder(self.ws.cache_dir) is not None
        for src in self.remotes if cache_usable else ():
            remote_mod = _remote()
            if verify:
                copy, problem = remote_mod.verified_copy(src, self.ws.cache_dir)
                if problem:
                    log.warning("rules: %s", problem)
            else:
                copy = src.copy(self.ws.cache_dir)
            if copy is not None and copy.is_dir():
                out.append((src.display, copy))
        out.extend((str(d), d) for d in self.local_dirs)
        return out

    def reload(self) -> None:
        by_id: dict[str, Rule] = {}
        problems: dict[Path, list[RuleProblem]] = {}
        sources = []
        load_query_facts(self.ws.cache_dir)  # queries validated by earlier runs need no compiling to load
        for origin, folder in self.folders(verify=True):
            rules, found = load_folder(folder, origin, self.config.regex_timeout_ms,
                                       self.ws.settings.top.max_file_bytes, [*self.ws.roots, folder.resolve()])
            for p in found:
                problems.setdefault(p.path, []).append(p)
            seen_here: dict[str, Path] = {}
            for rule in rules:
                if rule.id in seen_here:
                    problems.setdefault(rule.path, []).append(RuleProblem(
                        rule.path, 0, f"duplicate id '{rule.id}' (also in {seen_here[rule.id].name}); this file wins",
                        Severity.WARNING))
                seen_here[rule.id] = rule.path
                by_id.pop(rule.id, None)  # re-insert so the override takes the later position
                by_id[rule.id] = rule
            sources.append((origin, folder, len(rules)))
        for rule_id in self.config.disable:
            if rule_id in by_id:
                by_id[rule_id].enabled = False
        with self._lock:
            self.ruleset = RuleSet(by_id.values())
            self.problems = problems
            self.timed_out = {}
            self.strikes = {}
            self._strike_counts = {}
            self.sources = sources
        save_query_facts(self.ws.cache_dir)
        log.info("rules: %d loaded (%d with a trigger) from %d source(s)", len(by_id),
                 len(self.ruleset.triggered), len(sources))

    def refresh_remotes(self, only_due: bool = False) -> int:
        """Fetch remote sources in the background; reload when a fetch brings a new commit. With `only_due`,
        only those whose copy is missing or stale. Returns the number of fetches started or joined."""
        started = 0
        refresh_s = self.config.remote_refresh_minutes * 60
        for src in self.remotes:
            remote_mod = _remote()
            if only_due and not remote_mod.is_due(src, self.ws.cache_dir, refresh_s):
                continue
            started += 1
            before = (remote_mod.copy_meta(src, self.ws.cache_dir) or {}).get("commit")

            def done(job: remote_mod.FetchJob, before=before) -> None:
                if job.error:
                    with self._lock:
                        first = not job.reported
                        job.reported = True
                    if first:
                        message = remote_mod.describe_fallback(job)
                        log.warning("%s", message)
                        notify = getattr(self.ws, "notify_user", None)
                        if notify is not None:
                            notify(message)
                elif (job.meta or {}).get("commit") != before or not any(
                        folder == src.copy(self.ws.cache_dir) for _, folder, _ in self.sources):
                    log.info("rules: fetched %s at %s", src.display, (job.meta or {}).get("commit", "?")[:12])
                    self.reload()

            remote_mod.fetch_in_background(src, self.ws.cache_dir, done, refresh_s, self.config.fetch_timeout_seconds)
        return started

    def wait_for_remotes(self, timeout: float) -> list[remote_mod.FetchJob]:
        """Block until running fetches end; return the fetch jobs of this workspace's remotes."""
        jobs = []
        for src in self.remotes:
            remote_mod = _remote()
            job = remote_mod.job_for(src, self.ws.cache_dir)
            if job is not None:
                job.done.wait(timeout)
                jobs.append(job)
        return jobs

    def update(self, workspace: Workspace, changed: set[Path]) -> "RuleService":
        roots = [f for _, f in self.folders()] + self.local_dirs
        if any(p.suffix.lower() in RULE_SUFFIXES or p.is_dir() or not p.exists()
               for p in changed if any(p == r or r in p.parents for r in roots)):
            self.reload()
        return self

    # --- queries --------------------------------------------------------------------------------------
    def is_rule_file(self, path: Path) -> bool:
        path = path.resolve()
        return path.suffix.lower() in RULE_SUFFIXES and any(
            path == d or d.resolve() in path.parents for _, d in self.folders())

    def problems_for(self, path: Path) -> list[RuleProblem]:
        path = path.resolve()
        with self._lock:
            found = [p for k, v in self.problems.items() if k.resolve() == path for p in v]
            found += self._runtime_problems(path)
        return found

    def runtime_problems_for(self, path: Path) -> list[RuleProblem]:
        """Problems found while running the rules of `path` (stopped or disabled), not by parsing it."""
        with self._lock:
            return self._runtime_problems(path.resolve())

    def _runtime_problems(self, path: Path) -> list[RuleProblem]:
        return [p for p in (*self.timed_out.values(), *self.strikes.values()) if p.path.resolve() == path]

    def all_problems(self) -> list[RuleProblem]:
        with self._lock:
            return ([p for v in self.problems.values() for p in v] + list(self.timed_out.values())
                    + list(self.strikes.values()))

    def evaluate_file(self, doc: ParsedDocument, relpath: str, scopes: tuple[str, ...] = ("file",),
                      cap: int | None = None, lines: set[int] | None = None) -> Evaluation:
        ruleset = self.ruleset
        config = self.config
        clock = Clock(config.budget_ms, config.regex_timeout_ms, config.query_timeout_ms)
        with self._lock:
            skip = set(self.timed_out)
        result = evaluate(ruleset, doc, relpath, scopes, config.max_per_file if cap is None else cap,
                          config.regex_timeout_ms, lines, skip=skip, clock=clock)
        notices: list[str] = []
        with self._lock:
            if ruleset is not self.ruleset:
                return result  # the rules reloaded meanwhile: these strikes belong to the old ones
            for rule_id in result.finished:
                self._strike_counts.pop(rule_id, None)
                self.strikes.pop(rule_id, None)
            for rule, reason in result.stopped:
                count = self._strike_counts.get(rule.id, 0) + 1
                self._strike_counts[rule.id] = count
                line = _trigger_line(rule, "query" if reason.startswith("query") else "regex")
                if count >= config.disable_after:
                    self.strikes.pop(rule.id, None)
                    self.timed_out[rule.id] = RuleProblem(
                        rule.path, line, f"{reason} on {relpath}, {count} run(s) in a row: the rule is disabled "
                        "until its file changes")
                    log.warning("rules: %s disabled: %s, %d run(s) in a row", rule.id, reason, count)
                    notices.append(f"Footprint: rule {rule.id} is disabled until its file changes: {reason} on "
                                   f"{relpath}, {count} run(s) in a row ({rule.path}:{line + 1})")
                else:
                    self.strikes[rule.id] = RuleProblem(
                        rule.path, line, f"{reason} on {relpath} ({count} of {config.disable_after} before "
                        "the rule is disabled)", Severity.WARNING)
            first_budget_report = bool(result.skipped) and not self._budget_reported
            if first_budget_report:
                self._budget_reported = True
        if result.skipped:
            if result.skipped_why == RUN_BUDGET_USED:
                message = (f"rules: the CPU time budget of one run (budget_ms = {config.budget_ms}) was used up on "
                           f"{relpath}; {len(result.skipped)} rule(s) skipped this run")
            else:
                message = f"rules: {result.skipped_why} on {relpath}; {len(result.skipped)} rule(s) skipped this run"
            (log.warning if first_budget_report else log.info)("%s", message)
            if first_budget_report:
                notices.append(f"Footprint {message} (said once per session)")
        notify = getattr(self.ws, "notify_user", None)
        for notice in notices:  # the server shows these (window/showMessage); the CLI has the log lines
            if notify is not None:
                notify(notice)
        return result

    def document_checked(self, workspace: Workspace, doc: ParsedDocument, findings: list,
                         completed: tuple[str, ...]) -> None:
        """After the server published (or the CLI printed) `doc`'s findings: the telemetry records the rule
        firings shown, when the conventions check ran on it (saves with no firing count too)."""
        real = workspace.real_path_of(doc) if CONVENTIONS_CHECK in completed else None
        if real is None or not workspace.contains(real):
            return
        firings = [Firing(f.data["rule"], f.start, f.end) for f in findings
                   if f.check == CONVENTIONS_CHECK and f.data and "rule" in f.data]
        self.telemetry.record(workspace.relpath(real), doc, firings)

    def record(self, relpath: str, doc: ParsedDocument, evaluation: Evaluation, session: str = PROCESS_SESSION) -> None:
        firings = [Firing(h.rule.id, s, e) for h in evaluation.hits for s, e in h.ranges]
        telemetry = self.telemetry if session == self.telemetry.session else Telemetry(
            self.telemetry.folder, session, self.telemetry.enabled)
        telemetry.record(relpath, doc, firings)


def _trigger_line(rule: Rule, key: str) -> int:
    """0-based line of the rule file's `regex = ` or `query = ` (0 when not found)."""
    try:
        for i, line in enumerate(rule.path.read_text(encoding="utf-8").splitlines()):
            if re.match(rf"\s*{key}\s*=", line):
                return i
    except OSError:
        pass
    return 0
