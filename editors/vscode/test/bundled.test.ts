// The bundled server: which Python builds its environment, and what the user reads when there is none.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { bundleId, bundledWheels, envFolder, findPython, installBundled, isInstalled, noPythonMessage, parseVersion, versionOk } from "../src/bundled";
import { CrashBackoff, plainMessage, serverLogLine, serverLogLines } from "../src/settings";

test("versions: 3.11 and later fit, 3.10 and 2.7 do not", () => {
  assert.deepEqual(parseVersion("3.12\n"), [3, 12]);
  assert.equal(parseVersion("garbage"), undefined);
  assert.ok(versionOk([3, 11]) && versionOk([3, 14]) && versionOk([4, 0]));
  assert.ok(!versionOk([3, 10]) && !versionOk([2, 7]) && !versionOk(undefined));
});

test("findPython takes the newest fitting interpreter on PATH and skips an old python3", async () => {
  const onPath: Record<string, string> = { python3: "/usr/bin/python3", "python3.12": "/opt/py/bin/python3.12" };
  const versions: Record<string, [number, number]> = { "/usr/bin/python3": [3, 9], "/opt/py/bin/python3.12": [3, 12] };
  const found = await findPython((n) => onPath[n], async (exe) => versions[exe]);
  assert.equal(found.python, "/opt/py/bin/python3.12");
});

test("no Python >= 3.11: the message says what was tried and what to do", async () => {
  const found = await findPython((n) => (n === "python3" ? "/usr/bin/python3" : undefined), async () => [3, 9]);
  assert.equal(found.python, undefined);
  const text = noPythonMessage(found.seen);
  assert.match(text, /Python 3\.11 or newer/);
  assert.match(text, /python3 \(3\.9\)/);
  assert.match(text, /python3\.13 \(not found\)/);
  assert.match(text, /Restart server/);
  assert.match(text, /footprint\.interpreter/);
});

test("an interpreter that does not run is reported as such and the next one is tried", async () => {
  const found = await findPython((n) => (n === "python3" ? "/usr/bin/python3" : undefined), async () => undefined, ["/broken/python"]);
  assert.equal(found.python, undefined);
  assert.deepEqual(found.seen.filter((s) => s.includes("does not run")), ["/broken/python (does not run)", "python3 (does not run)"]);
});

test("the environment's folder follows the bundled wheels; a build without wheels cannot install", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fp-bundle-"));
  try {
    assert.deepEqual(bundledWheels(path.join(dir, "none")), []);
    assert.notEqual(bundleId(["a.whl"]), bundleId(["b.whl"]));
    assert.ok(envFolder("/s", ["a.whl"]).startsWith(path.join("/s", "server-")));
    assert.ok(!isInstalled(dir, ["a.whl"]));
    await assert.rejects(installBundled(dir, path.join(dir, "none"), "/usr/bin/python3"), /no bundled server/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a crashed server is restarted after 1, 2, 4, 8 s, then not at all until a manual restart", () => {
  const b = new CrashBackoff(5, 180_000);
  assert.deepEqual([0, 1, 2, 3].map((i) => b.next(i * 1000)), [1000, 2000, 4000, 8000]);
  assert.equal(b.next(5000), undefined);
  b.reset();
  assert.equal(b.next(6000), 1000);
  const spaced = new CrashBackoff(5, 180_000);
  for (let i = 0; i < 10; i++) assert.equal(spaced.next(i * 200_000), 1000, "crashes far apart never add up");
});

test("notifications show code as quoted text, not backticks", () => {
  assert.equal(plainMessage("run `Footprint: Restart server` now"), "run “Footprint: Restart server” now");
});

test("server log lines keep their level and lose their own timestamp; a clean exit is no error", () => {
  assert.deepEqual(serverLogLine("2026-12-01 17:04:05,638 INFO lsp_server.conventions.service: rules: 6 loaded"), { level: "info", text: "lsp_server.conventions.service: rules: 6 loaded" });
  assert.deepEqual(serverLogLine("2026-12-01 17:04:05,638 WARNING x: slow"), { level: "warn", text: "x: slow" });
  assert.equal(serverLogLine("2026-12-01 17:04:05,638 ERROR x: boom").level, "error");
  assert.deepEqual(serverLogLine("[Error - 5:04:00 PM] Server process exited with code 0."), { level: "info", text: "Server process exited with code 0." });
  assert.equal(serverLogLine("[Error - 5:04:02 PM] Server process exited with signal SIGKILL.").level, "error");
  assert.deepEqual(serverLogLine("Traceback (most recent call last):"), { level: "info", text: "Traceback (most recent call last):" });
  // a CLI verb's stderr: several server lines at once, each at its level and without its own stamp (the
  // workspace check logged `[info] 2026-... WARNING lsp_server.checks: ...` before), other lines at the given level
  assert.deepEqual(serverLogLines("2026-12-03 15:20:56,195 WARNING lsp_server.checks: check x took 1186 ms on a.js\n" +
    "2026-12-03 15:20:57,001 INFO lsp_server.cli: 3 files\r\n\nusage: footprint-ls check\n", "info"), [
    { level: "warn", text: "lsp_server.checks: check x took 1186 ms on a.js" },
    { level: "info", text: "lsp_server.cli: 3 files" },
    { level: "info", text: "usage: footprint-ls check" },
  ]);
  assert.deepEqual(serverLogLines("error: no such folder", "warn"), [{ level: "warn", text: "error: no such folder" }]);
  assert.deepEqual(serverLogLines("  \n", "warn"), []);
});
