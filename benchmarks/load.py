"""Load and soak: many editors typing at once, each against its own Footprint server over stdio.

    python -m benchmarks.load                 # 20 clients x 60 scripted editing rounds
    python -m benchmarks.load --quick         # 3 clients x 12 rounds, a few seconds (run by the test suite)
    python -m benchmarks.load --soak 600      # 20 clients for 10 minutes; memory sampled every 30 s

pygls serves one client per TCP server instance, so "20 concurrent clients" are 20 server processes, as
20 editor windows would start them. Everything stays on loopback (stdio pipes; no sockets). Each client
runs a scripted session on a copy of examples/layout-app: bursts of keystrokes (didChange), hover,
documentHighlight, references, code actions, every command the server advertises, saves, and a check
that the server's text equals the client's after every burst. Figures: p50/p95/max per request kind,
diagnostics latency (last keystroke of a burst -> diagnostics for that version), server RSS over time.

Exit status 1 when any request failed, timed out or the texts diverged (figures are reported, not
asserted: MISS against a latency target is printed, not fatal).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

from tests.reliability.rpc_client import (
    CONTENT_MODIFIED, INVALID_PARAMS, REQUEST_CANCELLED, LspProcess, RpcError, server_env,
)

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
TARGETS_MS = {"hover": 200.0, "documentHighlight": 200.0, "references": 500.0, "codeAction": 200.0,
              "diagnostics": 1000.0, "sync": 200.0, "shutdown+exit": 1000.0}  # shutdown: issue 19.4
MEMORY_GROWTH_TARGET = 0.25  # soak: last RSS sample at most 25 % above the first one after warm-up
SNIPPETS = ["const page = doc.addPage();\n", "page.add(new Paragraph('héllo 😀'));\n", "if (x) {\n  y();\n}\n",
            "await doc.render();\n", "let t = new Table({ columns: 3 });\n", "// TODO ✓\n"]


def rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


class Client(threading.Thread):
    def __init__(self, n: int, root: Path, files: list[Path], rounds: int | None, deadline: float | None,
                 results: "Results"):
        super().__init__(name=f"client-{n}", daemon=True)
        self.n, self.root, self.files, self.rounds, self.deadline = n, root, files, rounds, deadline
        self.results = results
        self.rng = random.Random(n)
        self.proc: LspProcess | None = None

    def timed(self, kind: str, method: str, params) -> object:
        started = time.perf_counter()
        try:
            result = self.proc.request(method, params, timeout=120)
        except RpcError as exc:
            if exc.code in (INVALID_PARAMS, REQUEST_CANCELLED, CONTENT_MODIFIED):
                self.results.add(kind, (time.perf_counter() - started) * 1000)
                self.results.count(f"{kind} refused ({exc.code})")
                return None
            self.results.error(f"{kind}: {exc}")
            return None
        except Exception as exc:  # noqa: BLE001 - timeouts and a dead server are what we measure
            self.results.error(f"{kind}: {type(exc).__name__}: {exc}")
            return None
        self.results.add(kind, (time.perf_counter() - started) * 1000)
        return result

    def run(self) -> None:
        try:
            self.session()
        except Exception as exc:  # noqa: BLE001
            self.results.error(f"client {self.n} aborted: {type(exc).__name__}: {exc}")
        finally:
            if self.proc is not None:
                self.results.rss_final[self.n] = rss_kb(self.proc.proc.pid)
                started = time.perf_counter()
                code = self.proc.close(timeout=60)
                self.results.add("shutdown+exit", (time.perf_counter() - started) * 1000)
                if code not in (0, None):
                    self.results.error(f"client {self.n}: server exit code {code} (-9: no exit within 60 s)")

    def session(self) -> None:
        self.proc = LspProcess(env=server_env())
        init = self.proc.initialize(self.root, encodings=["utf-16"])
        commands = (init["capabilities"].get("executeCommandProvider") or {}).get("commands") or []
        docs: dict[str, tuple[int, str]] = {}
        for path in self.files:
            uri = path.as_uri()
            text = path.read_text(encoding="utf-8")
            self.proc.open(uri, text, 1)
            docs[uri] = (1, text)
        round_ = 0
        while (self.rounds is None or round_ < self.rounds) and (self.deadline is None or time.time() < self.deadline):
            round_ += 1
            uri = self.rng.choice(sorted(docs))
            version, text = docs[uri]
            lines = text.split("\n")
            # A burst of keystrokes: a snippet typed a few characters at a time at the start of a line.
            line = self.rng.randrange(len(lines))
            snippet = self.rng.choice(SNIPPETS)
            col = 0
            pieces = [snippet[i:i + 3] for i in range(0, len(snippet), 3)]
            for piece in pieces:
                version += 1
                self.proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                                  "end": {"line": line, "character": col}}, "text": piece}]})
                cur_line = lines[line]
                at = self._index(cur_line, col)
                lines[line] = cur_line[:at] + piece + cur_line[at:]
                text = "\n".join(lines)
                lines = text.split("\n")
                # Typing continues after the piece (which may have contained a newline).
                if "\n" in piece:
                    line, col = line + piece.count("\n"), utf16_len(piece.rsplit("\n", 1)[-1])
                else:
                    col += utf16_len(piece)
            last_change = time.perf_counter()
            docs[uri] = (version, text)
            mark = len(self.proc.notifications)
            try:
                self.proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                   and m["params"]["uri"] == uri and m["params"].get("version") == version,
                                   timeout=120, start=mark - 50 if mark > 50 else 0)
                self.results.add("diagnostics", (time.perf_counter() - last_change) * 1000)
            except Exception as exc:  # noqa: BLE001
                self.results.error(f"diagnostics for version {version}: {exc}")
            started = time.perf_counter()
            state = self.proc.command("document_state", {"uri": uri}, timeout=120)
            self.results.add("sync", (time.perf_counter() - started) * 1000)
            if state is None or state["text"] != text or state["version"] != version:
                self.results.error(f"client {self.n}: server text diverged at version {version}")
            # Lookups.
            lines = text.split("\n")
            pos_line = self.rng.randrange(len(lines))
            pos = {"line": pos_line, "character": self.rng.randrange(utf16_len(lines[pos_line]) + 1)}
            doc_id = {"uri": uri}
            self.timed("hover", "textDocument/hover", {"textDocument": doc_id, "position": pos})
            self.timed("documentHighlight", "textDocument/documentHighlight", {"textDocument": doc_id, "position": pos})
            self.timed("references", "textDocument/references", {"textDocument": doc_id, "position": pos,
                                                                 "context": {"includeDeclaration": True}})
            self.timed("codeAction", "textDocument/codeAction", {"textDocument": doc_id, "range": {
                "start": {"line": pos_line, "character": 0}, "end": {"line": pos_line + 1, "character": 0}},
                "context": {"diagnostics": []}})
            if commands and round_ % 3 == 0:
                name = commands[(round_ // 3) % len(commands)]
                self.timed(f"command {name}", "workspace/executeCommand", {"command": name, "arguments": [
                    {"uri": uri, "symbol": "Page", "query": "add a table to a page", "name": "Page",
                     "line": pos["line"], "character": pos["character"]}]})
            if round_ % 10 == 0:
                self.proc.notify("textDocument/didSave", {"textDocument": doc_id})
            self.results.count("rounds")
            if round_ == 3:
                self.results.rss_start[self.n] = rss_kb(self.proc.proc.pid)
            self.results.sample_rss(self.n, self.proc.proc.pid)

    @staticmethod
    def _index(line: str, character: int) -> int:
        """Code-point index of a UTF-16 column in `line`."""
        used = 0
        for i, ch in enumerate(line):
            if used >= character:
                return i
            used += 2 if ord(ch) > 0xFFFF else 1
        return len(line)


class Results:
    def __init__(self, sample_every: float):
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)
        self.errors: list[str] = []
        self.rss_start: dict[int, int | None] = {}
        self.rss_final: dict[int, int | None] = {}
        self.rss_samples: dict[int, list[tuple[float, int]]] = defaultdict(list)
        self.sample_every = sample_every
        self._last_sample: dict[int, float] = {}

    def add(self, kind: str, ms: float) -> None:
        with self.lock:
            self.latency[kind].append(ms)

    def count(self, kind: str) -> None:
        with self.lock:
            self.counts[kind] += 1

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)

    def sample_rss(self, n: int, pid: int) -> None:
        now = time.time()
        if now - self._last_sample.get(n, 0) >= self.sample_every:
            self._last_sample[n] = now
            kb = rss_kb(pid)
            if kb:
                with self.lock:
                    self.rss_samples[n].append((now, kb))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def make_workspace() -> tuple[Path, list[Path]]:
    tmp = Path(tempfile.mkdtemp(prefix="footprint-load-"))
    shutil.copytree(EXAMPLES / "layout-app", tmp / "layout-app")
    if (EXAMPLES / "layout-engine").exists():
        shutil.copytree(EXAMPLES / "layout-engine", tmp / "layout-engine")
    root = tmp / "layout-app"
    files = sorted((root / "src").rglob("*.js"))[:3]
    return root, files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=None, help="editing rounds per client")
    parser.add_argument("--quick", action="store_true", help="3 clients x 12 rounds")
    parser.add_argument("--soak", type=float, default=None, metavar="SECONDS", help="run for this long")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    clients = args.clients or (3 if args.quick else 20)
    rounds = None if args.soak else (args.rounds or (12 if args.quick else 60))
    deadline = time.time() + args.soak if args.soak else None
    results = Results(sample_every=30.0 if args.soak else 5.0)
    root, files = make_workspace()
    print(f"load: {clients} clients, {'%.0f s soak' % args.soak if args.soak else f'{rounds} rounds each'}, "
          f"workspace {root}", flush=True)
    started = time.time()
    threads = [Client(n, root, files, rounds, deadline, results) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - started
    shutil.rmtree(root.parent, ignore_errors=True)

    figures: dict = {"clients": clients, "elapsed_s": round(elapsed, 1), "rounds": results.counts.get("rounds", 0),
                     "errors": len(results.errors), "latency_ms": {}, "counts": dict(results.counts)}
    print(f"\n{results.counts.get('rounds', 0)} rounds in {elapsed:.1f} s; errors: {len(results.errors)}")
    for message in results.errors[:20]:
        print(f"  ERROR {message}")
    print(f"\n{'request':<28}{'n':>7}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}  target")
    verdicts = []
    for kind in sorted(results.latency):
        values = results.latency[kind]
        p50, p95, top = statistics.median(values), pct(values, 0.95), max(values)
        target = TARGETS_MS.get(kind)
        verdict = "" if target is None else ("PASS" if p95 <= target else "MISS") + f" (p95 <= {target:.0f})"
        if target is not None:
            verdicts.append(p95 <= target)
        figures["latency_ms"][kind] = {"n": len(values), "p50": round(p50, 1), "p95": round(p95, 1), "max": round(top, 1)}
        print(f"{kind:<28}{len(values):>7}{p50:>10.1f}{p95:>10.1f}{top:>10.1f}  {verdict}")
    starts = [v for v in results.rss_start.values() if v]
    finals = [v for v in results.rss_final.values() if v]
    if starts and finals:
        growth = (statistics.mean(finals) - statistics.mean(starts)) / statistics.mean(starts)
        figures["rss_mb"] = {"after_warmup": round(statistics.mean(starts) / 1024, 1),
                             "final": round(statistics.mean(finals) / 1024, 1), "growth": round(growth, 3)}
        verdict = ("PASS" if growth <= MEMORY_GROWTH_TARGET else "MISS") if args.soak else "(soak only)"
        print(f"\nserver RSS (mean of {len(finals)}): {statistics.mean(starts) / 1024:.1f} MB after warm-up -> "
              f"{statistics.mean(finals) / 1024:.1f} MB at the end ({growth:+.1%}) {verdict} "
              f"(growth <= {MEMORY_GROWTH_TARGET:.0%})")
        if args.soak:
            verdicts.append(growth <= MEMORY_GROWTH_TARGET)
            series = defaultdict(list)
            for samples in results.rss_samples.values():
                for i, (_, kb) in enumerate(samples):
                    series[i].append(kb)
            figures["rss_series_mb"] = [round(statistics.mean(v) / 1024, 1) for _, v in sorted(series.items())]
            print("RSS every 30 s (mean MB):", figures["rss_series_mb"])
    print(f"\n{'PASS' if not results.errors and all(verdicts) else 'MISS'}: "
          f"{len(results.errors)} errors, {sum(1 for v in verdicts if not v)} latency/memory targets missed")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 1 if results.errors else 0


if __name__ == "__main__":
    sys.exit(main())
