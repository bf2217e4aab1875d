"""Time and memory bounds against hostile rules and large documents (security issue 14, H4 / M6 / budget).

A rule pack or central rules repository is attacker-controlled data. Its tree-sitter query
`((_)* @a (_)* @b (_)* @c (_)* @match)` took 134 s on a 4.6 KB file while holding the GIL, an 800 KB query
took 43 s to compile (twice), and 300 slow regexes cost 16 s per save. An open 1.9 MB document cost
~105 MB (its tree), so 100 `didOpen`s took 10 GB. Every test here drives the real CLI, the real server or
a real subprocess, and asserts the bound by what the code reports (the rule stopped, skipped, disabled; the
resident memory), never by a wall-clock target.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.conventions.evaluate import MATCH_LIMIT
from lsp_server.conventions.rules import MAX_QUERY_BYTES, parse_rule
from lsp_server.conventions.service import RuleService
from tests.conftest import REPO, run_cli
from tests.reliability.rpc_client import LspProcess, server_env
from tests.support.conventions_support import make_workspace, rule_text

ATTACK_QUERY = "((_)* @a (_)* @b (_)* @c (_)* @match)"
# The attack query is stopped by whichever of its own limits it reaches first: the in-progress match cap
# on a calm machine, its time limit on a loaded one. Either is the defence; the tests accept both reasons.
STOP_REASONS = (f"query exceeded {MATCH_LIMIT} in-progress matches", "ran out of time")


def stopped_by_its_limit(text: str) -> bool:
    return any(reason in text for reason in STOP_REASONS)


def statements(size: int) -> str:
    """Plain JavaScript of about `size` bytes: one short statement per line."""
    out, total, i = [], 0, 0
    while total < size:
        line = f"const v{i} = compute(a{i}, b{i}) + {i};\n"
        out.append(line)
        total += len(line)
        i += 1
    return "".join(out)


def attack_workspace(root: Path) -> Path:
    # What stops this query must be the match limit, not the clock: with the default 200 ms a loaded machine
    # (parallel test workers, other work) ran out of time first. The time limit has tests of its own below.
    make_workspace(root, {"boom.md": rule_text("pack/boom", query=ATTACK_QUERY, priority=9),
                          "ok.md": rule_text("pack/ok", regex="compute[(]a7,")},
                   {"src/a.js": statements(4600)}, config="query_timeout_ms = 10000\n")
    return root


# --- H4: tree-sitter queries from rules ------------------------------------------------------------------
def test_attack_query_is_stopped_and_other_rules_still_run_cli(tmp_path: Path):
    root = attack_workspace(tmp_path / "ws")
    result = run_cli("check", "--format", "json", str(root / "src/a.js"), cwd=root, timeout=120)
    assert "pack/boom stopped on src/a.js" in result.stderr, result.stderr
    assert stopped_by_its_limit(result.stderr), result.stderr
    assert [f["code"] for f in json.loads(result.stdout)] == ["pack/ok"]  # the other rule still fires


def test_attack_query_three_runs_in_a_row_disable_the_rule(tmp_path: Path):
    from lsp_server.workspace import Workspace

    root = attack_workspace(tmp_path / "ws")
    ws = Workspace(root)
    doc = ws.document(root / "src/a.js")
    svc = ws.service(RuleService)
    for run in range(1, 4):
        codes = [f.code for f in run_checks(doc, CheckContext(ws), (Phase.SAVE,))]
        assert codes == ["pack/ok"]  # the other rule keeps firing
        [problem] = svc.problems_for(root / "rules/boom.md")
        assert "on src/a.js" in problem.message and stopped_by_its_limit(problem.message), problem.message
        assert ("is disabled until" in problem.message) == (run == 3), problem.message
    assert "pack/boom" in svc.timed_out
    # Disabled: the next run does not evaluate it at all.
    evaluation = svc.evaluate_file(doc, "src/a.js")
    assert not evaluation.stopped and "pack/boom" not in evaluation.finished
    # The problem is on the rule's `query =` line of the rule file (what the editor shows as a diagnostic).
    lines = (root / "rules/boom.md").read_text().splitlines()
    assert lines[problem.line].startswith("query =")


def test_attack_query_in_the_server_is_disabled_and_requests_are_answered(tmp_path: Path):
    root = attack_workspace(tmp_path / "ws")
    proc = LspProcess(env=server_env())
    try:
        proc.initialize(root)
        uri = (root / "src/a.js").as_uri()

        def published_with_ok(start: int) -> dict:
            return proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                 and m["params"]["uri"] == uri
                                 and any(d.get("code") == "pack/ok" for d in m["params"]["diagnostics"]),
                                 timeout=120, start=start)

        proc.open(uri, (root / "src/a.js").read_text())
        proc.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end",
                      timeout=120)  # the rules are loaded
        for _ in range(3):  # one run at a time (a newer save would replace a pending one)
            mark = len(proc.notifications)
            proc.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
            # Sent while the save checks (the attack rule among them) run: it gets its answer.
            proc.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                "position": {"line": 3, "character": 8}}, timeout=60)
            published_with_ok(mark)  # the rule that is fine keeps being reported
        shown = proc.wait_for(lambda m: m.get("method") == "window/showMessage"
                              and "pack/boom is disabled" in m["params"]["message"], timeout=120)
        assert stopped_by_its_limit(shown["params"]["message"]), shown["params"]["message"]
        # Opening the rule file shows the problem on its `query =` line.
        rule_uri = (root / "rules/boom.md").as_uri()
        mark = len(proc.notifications)
        proc.open(rule_uri, (root / "rules/boom.md").read_text(), language_id="markdown")
        published = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                  and m["params"]["uri"] == rule_uri and m["params"]["diagnostics"],
                                  timeout=60, start=mark)
        [diagnostic] = published["params"]["diagnostics"]
        assert "disabled" in diagnostic["message"]
        query_line = next(i for i, line in enumerate((root / "rules/boom.md").read_text().splitlines())
                          if line.startswith("query ="))
        assert diagnostic["range"]["start"]["line"] == query_line
        assert proc.alive()
    finally:
        proc.close()


def test_many_wildcard_patterns_under_the_size_cap_are_killed_at_the_query_limit(tmp_path: Path):
    """60 KB of `((_) @a . (_) @b . (_) @match)`: under the size cap and the match limit, yet 15 s per 8 KB
    slice in-process. It runs in a child process, killed at `query_timeout_ms`."""
    unit = "((_) @a . (_) @b . (_) @match)\n"
    many = unit * (60_000 // len(unit))
    ws = make_workspace(tmp_path, {"many.md": rule_text("pack/many", query=many, priority=9),
                                   "ok.md": rule_text("pack/ok", regex="compute[(]a7,")},
                        {"src/a.js": statements(4600)}, config="query_timeout_ms = 300\n")
    svc = ws.service(RuleService)
    doc = ws.document(tmp_path / "src/a.js")
    evaluation = svc.evaluate_file(doc, "src/a.js")
    assert [(rule.id, why) for rule, why in evaluation.stopped] == [("pack/many", "query ran out of time (300 ms of CPU)")]
    assert [hit.rule.id for hit in evaluation.hits] == ["pack/ok"]


def test_server_answers_while_a_slow_rule_query_runs(tmp_path: Path):
    """The query runs in a child process for up to its limit (5 s here); the requests sent meanwhile are
    answered before that save's diagnostics, which can only come after the child is stopped."""
    unit = "((_) @a . (_) @b . (_) @match)\n"
    make_workspace(tmp_path, {"many.md": rule_text("pack/many", query=unit * (60_000 // len(unit)))},
                   {"src/a.js": statements(4600)}, config="query_timeout_ms = 5000\nbudget_ms = 10000\n")
    proc = LspProcess(env=server_env())
    try:
        proc.initialize(tmp_path)
        uri = (tmp_path / "src/a.js").as_uri()
        proc.open(uri, (tmp_path / "src/a.js").read_text())
        proc.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end",
                      timeout=120)
        proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == uri, timeout=120)  # the open's own run
        mark = len(proc.notifications)
        proc.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        for line in range(5):
            proc.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                "position": {"line": line, "character": 8}}, timeout=60)
        answered_at = len(proc.notifications)
        published = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                  and m["params"]["uri"] == uri, timeout=120, start=mark)
        position = next(i for i, m in enumerate(proc.notifications) if m is published)
        assert position >= answered_at  # the hovers were answered first: they did not wait for the rule
    finally:
        proc.close()


def test_oversized_query_is_refused_before_compiling_and_queries_compile_once(tmp_path: Path):
    big = "\n".join(f"((identifier) @match (#eq? @match \"name{i}\"))" for i in range(20_000))
    assert len(big) > 800_000
    rule, problems = parse_rule(rule_text("pack/huge", query=big), tmp_path / "huge.md")
    assert rule is None
    [problem] = problems
    assert f"over the {MAX_QUERY_BYTES:,}-byte limit" in problem.message and "not compiled" in problem.message
    # The refusal comes from `rules check` too, as a clear one-line error with the rule file's line.
    root = tmp_path / "ws"
    make_workspace(root, {"huge.md": rule_text("pack/huge", query=big)})
    result = run_cli("rules", "check", str(root), cwd=root)
    assert result.returncode == 1
    assert any("huge.md:" in line and "error [trigger] query is" in line and "limit for a rule query" in line
               for line in result.stderr.splitlines()), result.stderr
    # One compilation per query source: loading, validating the file on save and evaluating share it.
    text = rule_text("pack/q", query="(debugger_statement) @match")
    first, _ = parse_rule(text, tmp_path / "q.md")
    again, _ = parse_rule(text, tmp_path / "q.md")
    assert first.query("javascript") is again.query("javascript")


# --- regex budget -----------------------------------------------------------------------------------------
SLOW_RULES = {f"slow{i:03}.md": rule_text(f"pack/slow{i:03}", regex="(a+)+$") for i in range(300)}
SLOW_SOURCE = {"src/a.js": "fine;\n" + "a" * 30_000 + "b\n"}


def test_300_slow_regex_rules_stay_within_the_run_budget_cli(tmp_path: Path):
    root = tmp_path / "ws"
    make_workspace(root, SLOW_RULES, SLOW_SOURCE, config="regex_timeout_ms = 50\nbudget_ms = 500\n")
    result = run_cli("check", str(root / "src/a.js"), cwd=root, timeout=120)
    assert "time budget of one run (budget_ms = 500) was used up on src/a.js" in result.stderr, result.stderr
    stopped = result.stderr.count("regex ran out of time (50 ms of CPU)")
    # Each stopped rule used its whole 50 ms, so at most 500 / 50 (+1 under way) fit in the budget.
    assert 1 <= stopped <= 11, stopped


def test_budget_is_said_once_and_repeated_timeouts_disable_rules(tmp_path: Path, caplog):
    ws = make_workspace(tmp_path, SLOW_RULES, SLOW_SOURCE, config="regex_timeout_ms = 20\nbudget_ms = 200\n")
    doc = ws.document(tmp_path / "src/a.js")
    svc = ws.service(RuleService)
    caplog.set_level("INFO", logger="lsp_server.conventions.service")
    first = svc.evaluate_file(doc, "src/a.js")
    assert first.skipped and len(first.stopped) <= 200 // 20 + 1 and len(first.skipped) >= 280
    for _ in range(2):
        again = svc.evaluate_file(doc, "src/a.js")
    warnings = [r for r in caplog.records if r.levelname == "WARNING" and "time budget" in r.getMessage()]
    assert len(warnings) == 1  # said once; later runs log it at info level
    # The rules stopped three runs in a row are disabled (a problem on each rule file); the next runs
    # reach rules further down the list instead.
    disabled = set(svc.timed_out)
    assert disabled and disabled <= {r.id for r, _ in first.stopped}
    for rule_id in disabled:
        [problem] = svc.problems_for(tmp_path / "rules" / f"{rule_id.split('/')[1]}.md")
        assert "disabled until its file changes" in problem.message
    later = svc.evaluate_file(doc, "src/a.js")
    assert not disabled & {r.id for r, _ in later.stopped}


# --- M6: memory of large documents (the live-server figure: tests/reliability/test_memory.py) ------------------------------------------------------------------------
MEMORY_PROBE = textwrap.dedent("""
    import gc, json, sys
    from pathlib import Path
    from lsp_server.document import ParsedDocument, TREES

    def rss_mb():
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

    text = "".join(f"const v{i} = compute(a{i}, b{i}) + {i};\\n" for i in range(16_000))  # ~600 KB
    ParsedDocument.create("file:///warm.js", "let a = 1;\\n")
    before = rss_mb()
    docs = [ParsedDocument.create(f"file:///big{k}.js", text) for k in range(20)]
    gc.collect()
    grown = rss_mb() - before
    # A dropped tree comes back, parsed again from the document's bytes, identical.
    again = str(docs[0].tree.root_node)
    fresh = str(ParsedDocument.create("file:///fresh.js", text).tree.root_node)
    print(json.dumps({"size_mb": len(text) / 2**20, "grown_mb": grown, "trees_mb": TREES.total / 2**20,
                      "budget_mb": TREES.budget_bytes / 2**20, "same_tree": again == fresh}))
""")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc")
def test_many_large_documents_share_one_tree_budget(tmp_path: Path):
    result = subprocess.run([sys.executable, "-c", MEMORY_PROBE], cwd=REPO, capture_output=True, text=True,
                            timeout=300, env=server_env())
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["same_tree"]
    assert data["trees_mb"] <= data["budget_mb"] + 30  # + the most recent tree, always kept
    # 20 documents of ~0.6 MB: each tree alone is ~27 MB (540 MB in all before). Now the shared budget
    # plus a few times each document's size (text, bytes, line index), with a generous margin.
    assert data["grown_mb"] < data["budget_mb"] + 20 * 8 * data["size_mb"], data


def test_regex_predicates_of_queries_run_under_the_rule_limit(tmp_path: Path):
    """tree-sitter's own `#match?` runs Python's `re` with no time limit (`^(a+)+$` on a 22-character
    string: 0.2 s, doubling with each character). Rule queries get it answered by the `regex` package
    under the query limit."""
    ws = make_workspace(tmp_path, {
        "redos.md": rule_text("pack/redos", query='((string_fragment) @match (#match? @match "(a+)+$"))'),
        "fine.md": rule_text("pack/fine", query='((string_fragment) @match (#match? @match "^a+b$"))'),
        "upper.md": rule_text("pack/upper", query='((identifier) @match (#not-match? @match "^[a-z]"))'),
    }, {"src/a.js": 'const s = "' + "a" * 30_000 + 'b";\nconst Up = 1;\n'}, config="query_timeout_ms = 50\n")
    svc = ws.service(RuleService)
    doc = ws.document(tmp_path / "src/a.js")
    evaluation = svc.evaluate_file(doc, "src/a.js", cap=10)
    assert [rule.id for rule, _ in evaluation.stopped] == ["pack/redos"]
    assert "query ran out of time (50 ms of CPU)" in evaluation.stopped[0][1]
    fired = {h.rule.id: [doc.source[s:e].decode() for s, e in h.ranges] for h in evaluation.hits}
    assert fired == {"pack/fine": ["a" * 30_000 + "b"], "pack/upper": ["Up"]}
    # An invalid regex in a predicate is an error in the rule file, as tree-sitter's would have been.
    rule, problems = parse_rule(rule_text("pack/bad", query='((identifier) @match (#match? @match "("))'),
                                tmp_path / "bad.md")
    assert rule is None and "invalid regex" in problems[0].message
