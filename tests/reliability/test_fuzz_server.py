"""Hypothesis drives random editing sessions against the LIVE server over stdio.

Each example is a random sequence of open / incremental change / save / close / hover / highlight /
references / definition / code action / executeCommand. Commands are taken from what the server advertises
(`executeCommandProvider.commands`), so every command added later is fuzzed too, with random JSON
arguments. The client keeps its own model of every document, written independently of the server's
positions.py, and checks after every step:

- the server process is alive, and every request got a result or a proper JSON-RPC error (InvalidParams or
  a cancellation; never InternalError, never silence);
- the server's text (`document_state`) equals the client's model, version included;
- every published diagnostic lies inside the document version it was published for, on character
  boundaries of the negotiated encoding;
- every workspace edit a code action returns targets the current version and lies inside the document;
- the server never pops up an error message.

CI runs a bounded profile; `FOOTPRINT_FUZZ_EXAMPLES=2000 pytest tests/reliability/test_fuzz_server.py -s`
runs a longer one. The number of steps run is printed.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reliability.rpc_client import (
    INVALID_PARAMS, METHOD_NOT_FOUND, REQUEST_CANCELLED, CONTENT_MODIFIED, LspProcess, RpcError, server_env,
)

pytestmark = pytest.mark.slow  # fuzzing a live server

EXAMPLES = int(os.environ.get("FOOTPRINT_FUZZ_EXAMPLES", "40"))
ACCEPTABLE_ERRORS = {INVALID_PARAMS, REQUEST_CANCELLED, CONTENT_MODIFIED}
ENCODINGS = ["utf-16", "utf-8", "utf-32"]

# --- an independent model of LSP text and positions ------------------------------------------------------
_BREAK = re.compile("\r\n|\r|\n")


def units(s: str, enc: str) -> int:
    if enc == "utf-8":
        return len(s.encode("utf-8"))
    if enc == "utf-16":
        return len(s.encode("utf-16-le")) // 2
    return len(s)


def split_lines(text: str) -> list[tuple[int, str]]:
    """(start index, content without its break) of every LSP line."""
    out, pos = [], 0
    for m in _BREAK.finditer(text):
        out.append((pos, text[pos:m.start()]))
        pos = m.end()
    out.append((pos, text[pos:]))
    return out


def to_index(text: str, line: int, character: int, enc: str) -> int:
    """Code-point index of an LSP position. Past the last line: the end; past a line's end: the line's end;
    inside a character (UTF-16 surrogate pair, UTF-8 sequence): the start of that character."""
    lines = split_lines(text)
    if line >= len(lines):
        return len(text)
    start, content = lines[line]
    used = 0
    for i, ch in enumerate(content):
        w = units(ch, enc)
        if used + w > character:
            return start + i
        used += w
    return start + len(content)


def normalize(s: str) -> str:
    """What the server holds for a string we send: JSON joins split surrogate pairs, and a lone surrogate
    (not UTF-8 encodable) becomes '?'."""
    return json.loads(json.dumps(s)).encode("utf-8", "replace").decode("utf-8")


def boundaries(content: str, enc: str) -> set[int]:
    out, used = {0}, 0
    for ch in content:
        used += units(ch, enc)
        out.add(used)
    return out


def check_range(text: str, rng: dict, enc: str, what: str) -> None:
    lines = split_lines(text)
    s, e = rng["start"], rng["end"]
    assert (s["line"], s["character"]) <= (e["line"], e["character"]), f"{what}: reversed range {rng}"
    for p in (s, e):
        assert p["line"] < len(lines), f"{what}: line {p['line']} outside a {len(lines)}-line document"
        content = lines[p["line"]][1]
        assert p["character"] in boundaries(content, enc), (
            f"{what}: character {p['character']} is not a character boundary of line {p['line']} {content!r}")


# --- strategies --------------------------------------------------------------------------------------------
TRICKY = ["a", "é", "😀", "𝒳", "中", "e\u0301", "\r", "\n", "\r\n", "\t", " ", "\x00", "\ufeff", "\u2028",
          "\ud800", "\udfff", "\ud83d", "\ude00", "{", "}", "(", ")", "[", "]", ";", "`", "'", '"', "/", "*",
          "=>", "import ", "const x = ", "function f(", "class A {", "//", "/*", "${", "\\"]
snippets = st.lists(st.sampled_from(TRICKY) | st.text(max_size=4), max_size=12).map("".join)
# Every unit runs to 60,000 repeats: "((((" makes up to 240,000 unclosed parentheses, one huge ERROR node,
# which queries no longer enter (lsp_server/queries.py), so it costs what any other text of its size does.
big_text = st.sampled_from(["x = 1;\n", "😀", "a\r\n", "((((", "é\r"]).flatmap(
    lambda unit: st.integers(2_000, 60_000).map(lambda n: unit * n))
texts = st.one_of(snippets, snippets, snippets, big_text)

json_scalars = st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.floats(allow_nan=False) | st.text(max_size=20)
json_values = st.recursive(json_scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                           max_leaves=12)
ARG_KEYS = ["uri", "path", "paths", "file", "files", "root", "symbol", "symbols", "name", "names", "query",
            "text", "code", "limit", "offset", "line", "character", "position", "range", "kind", "module",
            "source", "format", "apply", "version", "depth", "max_results", "rule", "rules", "target"]

uri_pool = ["file:///tmp/footprint-fuzz/a.js", "file:///tmp/footprint-fuzz/b%20c.mjs",
            "file:///tmp/footprint-fuzz/types.d.ts", "untitled:Untitled-1", "file:///tmp/footprint-fuzz/readme.md"]
LANGUAGE_IDS = {"a.js": "javascript", "b%20c.mjs": "javascript", "types.d.ts": "typescript",
                "Untitled-1": "javascript", "readme.md": "markdown"}


def weird_values(root: Path):
    return st.sampled_from([
        "", " ", "..", "../../../../etc/passwd", "/etc/passwd", "~", "~/.ssh/id_rsa", "file:///etc/passwd",
        "file:///tmp/footprint-fuzz/a.js", "file://host/share/x.js", "file:///%00", "file:///a%2F..%2F..%2Fetc",
        "untitled:Untitled-1", "http://example.com/x.js", "\x00", "a" * 5000, "😀" * 50, "C:\\Windows\\x.js",
        str(root), root.as_uri(), str(root / "src" / "app.js"), (root / "src" / "app.js").as_uri(),
        str(root / "nope" / "x.js"), "*", "**/*", "[", "(?:", "Document", "Page.addBlock", "layout",
        -1, 0, 1, 10**12, -10**12, 1.5, True, False, None, [], {}, [None], {"line": -1, "character": 2**40},
    ])


def command_args(root: Path):
    key = st.sampled_from(ARG_KEYS) | st.text(max_size=6)
    value = weird_values(root) | json_values
    obj = st.dictionaries(key, value, max_size=5)
    return st.one_of(
        st.just([]), obj.map(lambda d: [d]), obj.map(lambda d: [d]), obj.map(lambda d: [d]),
        json_values.map(lambda v: [v]), st.tuples(obj, json_values).map(list), st.just(None),
    )


REQUESTS = ["textDocument/hover", "textDocument/codeAction", "textDocument/documentHighlight",
            "textDocument/references", "textDocument/definition", "workspace/executeCommand"]
GARBAGE_URI = "file:///tmp/footprint-fuzz/garbage.js"
NOTIFICATIONS = ["textDocument/didChange", "textDocument/didOpen", "textDocument/didSave", "textDocument/didClose",
                 "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration"]
# Client settings: real keys with random values, and random keys. Strings stay short and slash-free so a
# random "path" can only name a missing folder inside the workspace (never "/" to be indexed).
safe_strings = st.text(alphabet="abcxyz*!.[]-_é ", max_size=6)
safe_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 10**7) | st.floats(allow_nan=False) | safe_strings,
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(safe_strings, c, max_size=3), max_leaves=6)
SETTING_KEYS = ["exclude", "max_file_bytes", "docs", "rules", "limits", "concepts", "object_model", "dependencies"]
settings_values = st.dictionaries(st.sampled_from(SETTING_KEYS) | safe_strings, safe_values, max_size=4)


# --- the server ----------------------------------------------------------------------------------------------
def make_workspace(root: Path) -> None:
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.js").write_text('import { Document } from "@acme/layout";\nconst d = new Document();\n'
                                         'd.addPage("😀");\n', encoding="utf-8")
    (root / "src" / "util.js").write_text("export function f(a, b) {\r\n  return a + b;\r\n}\r\n", encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "guide.md").write_text("# Guide\n\nUse `Document.addPage()`.\n", encoding="utf-8")
    (root / "package.json").write_text('{"name": "fuzz-app", "dependencies": {"@acme/layout": "1.0.0"}}\n')
    (root / "footprint.toml").write_text('exclude = ["dist/**"]\n', encoding="utf-8")


class Harness:
    def __init__(self, root: Path, encoding: str, log: Path):
        self.root = root
        self.proc = LspProcess(env=server_env(), stderr=log)
        self.log = log
        self.lock = threading.Lock()
        self.history: dict[tuple[str, int], str] = {}
        self.violations: list[str] = []
        self.proc.on_notification = self.on_notification
        init = self.proc.initialize(root, encodings=[encoding])
        self.encoding = init["capabilities"].get("positionEncoding", "utf-16")
        assert self.encoding == encoding
        provider = init["capabilities"].get("executeCommandProvider") or {}
        self.commands = sorted(provider.get("commands") or [])
        self.version = 0
        self.stats = Counter()

    def next_version(self) -> int:
        self.version += 1
        return self.version

    def on_notification(self, message: dict) -> None:
        # Runs on the reader thread: record violations, assert them in the test thread.
        method, params = message.get("method"), message.get("params") or {}
        if method == "window/showMessage" and params.get("type") == 1:
            self.violations.append(f"error popup: {params.get('message')}")
        if method != "textDocument/publishDiagnostics":
            return
        self.stats["diagnostics_checked"] += len(params.get("diagnostics", []))
        version = params.get("version")
        if version is None:
            return  # files from disk (not open): no version to check against
        with self.lock:
            text = self.history.get((params["uri"], version))
        if text is None:
            self.violations.append(f"diagnostics for unknown version {version} of {params['uri']}")
            return
        for d in params.get("diagnostics", []):
            try:
                check_range(text, d["range"], self.encoding, f"diagnostic {d.get('code')}")
            except AssertionError as exc:
                self.violations.append(str(exc))

    def record(self, uri: str, version: int, text: str) -> None:
        with self.lock:
            self.history[(uri, version)] = text


def _alive(h: Harness) -> None:
    assert h.proc.alive(), f"server died (exit {h.proc.proc.poll()}); log: {h.log}"


@pytest.fixture(scope="module", params=ENCODINGS)
def harness(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"fuzz-{request.param}")
    make_workspace(root)
    h = Harness(root, request.param, tmp_path_factory.mktemp("logs") / f"server-{request.param}.log")
    yield h
    assert h.proc.close() == 0, "the server did not shut down cleanly"


# --- the fuzz test -------------------------------------------------------------------------------------------
def test_random_sessions_keep_the_server_alive_and_in_sync(harness: Harness, capsys):
    h = harness
    h.stats.clear()

    def call(method: str, params) -> object:
        """A request that must be answered with a result or an acceptable error."""
        h.stats[method] += 1
        try:
            return h.proc.request(method, params, timeout=60)
        except RpcError as exc:
            assert exc.code in ACCEPTABLE_ERRORS, f"{method} {str(params)[:300]} -> {exc} {str(exc.data)[:2000]}"
            h.stats["errors"] += 1
            return None

    def position(data, text: str) -> dict:
        lines = split_lines(text)
        kind = data.draw(st.sampled_from(["boundary", "boundary", "boundary", "inside", "past_end", "past_last"]))
        line = data.draw(st.integers(0, len(lines) - 1))
        content = lines[line][1]
        if kind == "past_last":
            return {"line": len(lines) + data.draw(st.integers(0, 3)), "character": data.draw(st.integers(0, 5))}
        if kind == "past_end":
            return {"line": line, "character": units(content, h.encoding) + data.draw(st.integers(1, 4))}
        if kind == "inside":  # possibly inside a surrogate pair / UTF-8 sequence
            return {"line": line, "character": data.draw(st.integers(0, units(content, h.encoding) + 1))}
        return {"line": line, "character": data.draw(st.sampled_from(sorted(boundaries(content, h.encoding))))}

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def session(data):
        docs: dict[str, tuple[int, str]] = {}  # uri -> (version, text) of open documents
        configured = [False]
        h.stats["examples"] += 1
        try:
            steps(data, docs, configured)
        finally:
            for uri in list(docs):
                if h.proc.alive():
                    h.proc.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            if configured[0] and h.proc.alive():
                h.proc.notify("workspace/didChangeConfiguration", {"settings": {"footprint": {}}})
            h.violations.clear()
        # A round trip so every notification above has been handled before the next example.
        assert h.proc.command("document_state", {"uri": uri_pool[0]}) is None
        _alive(h)

    def steps(data, docs, configured):
        n_steps = data.draw(st.integers(1, 14), label="steps")
        for _ in range(n_steps):
            h.stats["steps"] += 1
            op = data.draw(st.sampled_from(
                ["open", "change", "change", "change", "change", "save", "close", "hover", "highlight",
                 "references", "definition", "code_action", "command", "command", "bad_position",
                 "garbage_request", "garbage_notification", "configure"]))
            open_uris = sorted(docs)
            if op not in ("open", "command", "garbage_request", "garbage_notification", "configure") and not open_uris:
                op = "open"
            uri = data.draw(st.sampled_from(uri_pool if op == "open" else open_uris)) \
                if op not in ("command", "garbage_request", "garbage_notification", "configure") else None
            if op == "open":
                version, text = h.next_version(), data.draw(texts)
                name = uri.rsplit("/", 1)[-1].split(":")[-1]
                h.record(uri, version, normalize(text))
                h.proc.open(uri, text, version, LANGUAGE_IDS[name])
                docs[uri] = (version, normalize(text))
            elif op == "change":
                _, text = docs[uri]
                version = h.next_version()
                changes = []
                for _ in range(data.draw(st.integers(1, 3))):
                    new = data.draw(texts)
                    if data.draw(st.integers(0, 9)) == 0:
                        changes.append({"text": new})
                        text = normalize(new)
                        continue
                    a, b = position(data, text), position(data, text)
                    if data.draw(st.booleans()) and (b["line"], b["character"]) < (a["line"], a["character"]):
                        a, b = b, a
                    i = to_index(text, a["line"], a["character"], h.encoding)
                    j = max(i, to_index(text, b["line"], b["character"], h.encoding))  # reversed: insert at start
                    changes.append({"range": {"start": a, "end": b}, "text": new})
                    text = text[:i] + normalize(new) + text[j:]
                h.record(uri, version, text)
                h.proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                         "contentChanges": changes})
                docs[uri] = (version, text)
            elif op == "save":
                h.proc.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
            elif op == "close":
                h.proc.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
                del docs[uri]
            elif op in ("hover", "highlight", "references", "definition"):
                method = {"hover": "textDocument/hover", "highlight": "textDocument/documentHighlight",
                          "references": "textDocument/references", "definition": "textDocument/definition"}[op]
                params = {"textDocument": {"uri": uri}, "position": position(data, docs[uri][1])}
                if op == "references":
                    params["context"] = {"includeDeclaration": data.draw(st.booleans())}
                result = call(method, params)
                if op == "highlight" and result:
                    for hl in result:
                        check_range(docs[uri][1], hl["range"], h.encoding, "highlight")
                if op == "hover" and result and result.get("range"):
                    check_range(docs[uri][1], result["range"], h.encoding, "hover")
            elif op == "code_action":
                version, text = docs[uri]
                a, b = sorted([position(data, text), position(data, text)], key=lambda p: (p["line"], p["character"]))
                only = data.draw(st.sampled_from([None, ["quickfix"], ["source.fixAll"], ["source.fixAll.footprint"],
                                                  ["refactor"], ["nonsense.kind"]]))
                context = {"diagnostics": [], **({"only": only} if only else {})}
                actions = call("textDocument/codeAction", {"textDocument": {"uri": uri},
                                                           "range": {"start": a, "end": b}, "context": context})
                for action in actions or []:
                    h.stats["code_actions_checked"] += 1
                    for change in ((action.get("edit") or {}).get("documentChanges") or []):
                        target = change["textDocument"]
                        assert target["uri"] == uri and target["version"] == version, (
                            f"edit for {target} but the document is at version {version}")
                        for edit in change["edits"]:
                            check_range(text, edit["range"], h.encoding, "code action edit")
            elif op == "command":
                name = data.draw(st.sampled_from(h.commands)) if h.commands else "document_state"
                arguments = data.draw(command_args(h.root))
                if open_uris and data.draw(st.booleans()) and arguments and isinstance(arguments[0], dict):
                    arguments[0]["uri"] = data.draw(st.sampled_from(open_uris))
                h.stats[f"command {name}"] += 1
                call("workspace/executeCommand", {"command": name, **({"arguments": arguments} if arguments is not None else {})})
            elif op == "garbage_request":
                method = data.draw(st.sampled_from(REQUESTS))
                call(method, data.draw(json_values | st.fixed_dictionaries({"textDocument": json_values,
                                                                            "position": json_values})))
            elif op == "garbage_notification":
                # Malformed params: dropped with a log line, no popup. They name a document the model does not
                # track, since random params can happen to be valid (a didClose with extra fields is one).
                method = data.draw(st.sampled_from(NOTIFICATIONS))
                h.proc.notify(method, data.draw(json_values | st.fixed_dictionaries({
                    "textDocument": st.fixed_dictionaries({"uri": st.just(GARBAGE_URI), "version": json_values}),
                    "contentChanges": json_values})))
                configured[0] = configured[0] or method == "workspace/didChangeConfiguration"
            elif op == "configure":
                h.stats["configure"] += 1
                h.proc.notify("workspace/didChangeConfiguration", {"settings": {"footprint": data.draw(settings_values)}})
                configured[0] = True
            elif op == "bad_position":
                # Out-of-protocol numbers: a proper InvalidParams (or null), never a crash.
                bad = data.draw(st.sampled_from([-1, 2**31, 2**53, -2**40]))
                call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": bad, "character": 0}})
            _alive(h)
            if op in ("open", "change"):
                state = h.proc.command("document_state", {"uri": uri}, timeout=60)
                version, text = docs[uri]
                assert state is not None, f"server lost {uri}"
                assert state["version"] == version
                if state["text"] != text:
                    raise AssertionError(f"server text diverged from the client's after {op} of {uri}: "
                                         f"server {state['text'][:200]!r} client {text[:200]!r}")
                h.stats["sync_checks"] += 1
            assert not h.violations, h.violations[:5]
        h.proc.command("document_state", {"uri": uri_pool[0]})  # let pending publications arrive
        assert not h.violations, h.violations[:5]

    session()
    with capsys.disabled():
        summary = ", ".join(f"{k}={v}" for k, v in sorted(h.stats.items()))
        print(f"\n[fuzz {h.encoding}] {summary}")
    assert h.stats["steps"] > 0
