"""Helpers for the conventions tests: small workspaces with rule files, and real git repositories."""

from __future__ import annotations

import subprocess
import textwrap
import time
from pathlib import Path

from lsp_server.conventions.evaluate import RuleSet
from lsp_server.conventions.rules import parse_rule
from lsp_server.workspace import Workspace
from tests.conftest import trust_folder


def rule_text(rule_id: str, *, files=("src/**/*.js",), exclude=(), regex: str | None = None,
              query: str | None = None, priority: int = 0, scope: str = "file", severity: str = "warning",
              message: str | None = None, extra: str = "", body: str = "Why it matters.\n\nBefore/after.") -> str:
    lines = ["+++", f'id = "{rule_id}"', f'title = "Title of {rule_id}"',
             f'message = "{message or "message of " + rule_id}"', f'severity = "{severity}"',
             f"files = {list(files)!r}".replace("'", '"'), f"exclude = {list(exclude)!r}".replace("'", '"'),
             f'scope = "{scope}"', f"priority = {priority}"]
    if extra:
        lines.append(extra)
    if regex is not None or query is not None:
        lines.append("[trigger]")
        if regex is not None:
            lines.append(f"regex = '''{regex}'''")
        if query is not None:
            lines.append(f"query = '''{query}'''")
    lines.append("+++")
    return "\n".join(lines) + "\n" + body + "\n"


def make_workspace(root: Path, rules: dict[str, str], sources: dict[str, str] | None = None,
                   config: str = "") -> Workspace:
    """A workspace at `root` with `[rules] paths = ["rules"]`, the given rule files and source files."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "footprint.toml").write_text(
        f'cache_dir = ".fp-cache"\n[rules]\npaths = ["rules"]\n{textwrap.dedent(config)}', encoding="utf-8")
    (root / "rules").mkdir(exist_ok=True)
    for name, text in rules.items():
        path = root / "rules" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for name, text in (sources or {}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    trust_folder(root)  # cache_dir and [rules] remote are trusted-only keys
    ws = Workspace(root)
    assert not ws.settings.errors, ws.settings.errors
    return ws


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main",
                           *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def commit_all(cwd: Path, message: str = "commit") -> None:
    git(cwd, "add", "-A")
    git(cwd, "commit", "-qm", message)


def sample_rules_workspace(root: Path) -> Path:
    """Four rules (three triggered, one guidance-only) over a clean and a bad source file: the workspace the
    conventions command tests share, in process (tests/unit) and through the CLI (tests/e2e/cli)."""
    make_workspace(root, {
        "hex.md": rule_text("t/hex", regex="#[0-9a-f]{6}", priority=5, message="use the theme"),
        "var.md": rule_text("t/var", regex=r"\bvar\b", priority=4, severity="error"),
        "eval.md": rule_text("t/eval", regex=r"\beval\(", priority=3),
        "guide.md": rule_text("t/guide", body="Batch your queries.\n\nNo N+1."),
    }, {".gitignore": ".fp-cache/\n", "src/clean.js": "let a = 1;\n",
        "src/bad.js": 'var c = "#0b5fff";\neval("x");\n'})
    return root


def central_rules_repo(tmp_path: Path, message: str) -> tuple[Path, Path]:
    """A central rules repository: (its working copy, the bare repository fetched from), one commit whose
    `conventions/no-foo.md` flags `foo(` with `message`."""
    work = tmp_path / "central-work"
    (work / "conventions").mkdir(parents=True)
    (work / "conventions/no-foo.md").write_text(rule_text("central/no-foo", regex=r"\bfoo\(", message=message))
    git(work, "init", "-q")
    commit_all(work, message)
    bare = tmp_path / "central.git"
    git(tmp_path, "clone", "-q", "--bare", str(work), str(bare))
    return work, bare


def rules_of(*texts: str) -> RuleSet:
    rules = []
    for i, text in enumerate(texts):
        rule, problems = parse_rule(text, Path(f"/rules/{i}.md"))
        assert rule is not None, problems
        rules.append(rule)
    return RuleSet(rules)


class LoadedMachine:
    """The `time` module as evaluate.py sees it on a machine so loaded that each look at the wall clock finds
    `step` seconds gone, while CPU time (thread_time, process_time: the real ones) hardly moves."""

    def __init__(self, step: float):
        self.now = time.monotonic()
        self.step = step
        self.readings = 0

    def monotonic(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now

    perf_counter = monotonic

    def time(self) -> float:
        return self.monotonic()

    def __getattr__(self, name: str):
        return getattr(time, name)


# Plain JavaScript the rules of the time-limit tests fire on: 300 lines of `var`, calls and comments.
LIMITS_SOURCE = "".join(f"var v{i} = compute(a{i}); // TODO item {i}\n" for i in range(300))
