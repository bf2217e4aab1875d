"""The hook adapters' pure parts: which agent sent a payload, the files and lines of a Codex patch, and the
lines an edit changed (no process: the end-to-end tests are in tests/e2e/hooks)."""

from __future__ import annotations

from pathlib import Path

from lsp_server.surfaces.hooks import changed, codex, cursor, gemini
from lsp_server.surfaces.hooks.event import EditedFile, detect

PATCH = """*** Begin Patch
*** Update File: src/a.js
*** Move to: src/b.js
@@ function f() {
 const x = 1;
-const y = 2;
+const y = 3;
+const z = 4;
 return x;
@@
 tail();
+more();
*** Add File: src/new.js
+export const n = 1;
*** Delete File: src/old.js
*** End Patch
"""


def test_detect_names_the_agent_from_fields_only_it_sends():
    assert detect({"hook_event_name": "PostToolUse", "tool_name": "Edit"}) == "claude"
    assert detect({"hook_event_name": "PostToolUse", "turn_id": "t", "tool_name": "Bash"}) == "codex"
    assert detect({"hook_event_name": "PostToolUse", "tool_name": "apply_patch"}) == "codex"
    assert detect({"hook_event_name": "AfterTool", "tool_name": "write_file"}) == "gemini"
    assert detect({"hook_event_name": "stop", "loop_count": 0}) == "cursor"
    assert detect({"workspace_roots": ["/p"], "file_path": "/p/a.js"}) == "cursor"


def test_codex_patch_files_moves_adds_and_deletes():
    files = codex.patch_files(PATCH)
    assert [(f.path, f.whole, f.deleted) for f in files] == [("src/b.js", False, False), ("src/new.js", True, False),
                                                             ("src/old.js", False, True)]
    assert files[0].hunks == [(["const x = 1;", "const y = 3;", "const z = 4;", "return x;"], [1, 2]),
                              (["tail();", "more();"], [1])]


def test_hunk_and_replacement_lines_are_found_in_the_new_text(tmp_path: Path):
    text = "function f() {\nconst x = 1;\nconst y = 3;\nconst z = 4;\nreturn x;\n}\ntail();\nmore();\n"
    edited = codex.patch_files(PATCH)[0]
    assert changed.edited_lines(text, edited, tmp_path / "b.js") == ({2, 3, 7}, "patch")
    edit = EditedFile("b.js", new_strings=["const z = 4;\nreturn x;\n"])
    assert changed.edited_lines(text, edit, tmp_path / "b.js") == ({3, 4}, "edit")
    assert changed.edited_lines(text, EditedFile("b.js", named=True), tmp_path / "b.js") == (None, "named")


def test_gemini_and_cursor_payloads():
    event = gemini.parse({"cwd": "/p", "session_id": "s", "hook_event_name": "AfterTool", "tool_name": "replace",
                          "tool_input": {"file_path": "/p/a.js", "old_string": "a", "new_string": "b"}}, "post-write")
    assert event.roots == ["/p"] and event.files[0].new_strings == ["b"]
    event = cursor.parse({"hook_event_name": "stop", "workspace_roots": ["/p", "/q"], "loop_count": 2,
                          "conversation_id": "c"}, "stop")
    assert (event.roots, event.loop_count, event.session) == (["/p", "/q"], 2, "c")
    assert cursor.parse({"loop_count": True}, "stop").loop_count is None  # a bool is not a count


def test_the_entry_points_find_the_hook_verb_behind_logging_options():
    from lsp_server.surfaces.hooks import hook_argv

    assert hook_argv(["hook", "stop", "--agent", "codex"]) == ["stop", "--agent", "codex"]
    assert hook_argv(["--log-level", "DEBUG", "hook", "post-write"]) == ["--log-level", "DEBUG", "post-write"]
    assert hook_argv(["--log-file=x.log", "hook", "stop"]) == ["--log-file=x.log", "stop"]
    assert hook_argv(["check", "hook"]) is None and hook_argv(["--version"]) is None and hook_argv([]) is None


def test_the_quick_parser_agrees_with_argparse_or_hands_over():
    from lsp_server.surfaces.hooks import _parse, quick_args

    for argv in (["post-write"], ["stop", "--agent", "codex"], ["post-write", "src/a.js", "--exit-zero"],
                 ["stop", "--rev=HEAD~2", "--config", "f.toml", "--log-level", "DEBUG", "--log-file", "x.log"],
                 ["--agent=cursor", "stop"]):
        assert vars(quick_args(argv)) == vars(_parse(argv)), argv
    for argv in (["-h"], ["stop", "--agent", "vim"], ["post-write", "a", "b"], ["save"], [], ["stop", "--rev"],
                 ["stop", "--unknown"]):
        assert quick_args(argv) is None, argv  # argparse explains (or prints the help)
