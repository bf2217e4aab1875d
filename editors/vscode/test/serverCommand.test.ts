import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as path from "node:path";
import {
  LaunchSettings,
  commandProblem,
  formatCommandLine,
  installHint,
  launchSettings,
  resolveServerCommand,
  resolveVariables,
  whichIn,
} from "../src/serverCommand";

const base: LaunchSettings = { path: [], interpreter: [], args: [], cwd: "${workspaceFolder}", importStrategy: "fromEnvironment" };
const vars = { workspaceFolder: "/ws", userHome: "/home/u", env: { VENV: "/venvs/fp" } };

function lookup(onPath?: string, python?: string[]) {
  const calls: string[] = [];
  return {
    calls,
    which: (name: string) => {
      calls.push(`which ${name}`);
      return onPath;
    },
    pythonExtensionInterpreter: () => {
      calls.push("python extension");
      return python;
    },
  };
}

test("footprint.path wins over everything and is used verbatim (plus args)", async () => {
  const l = lookup("/usr/bin/footprint-ls", ["/py"]);
  const cmd = await resolveServerCommand({ ...base, path: ["~/bin/fp", "serve"], interpreter: ["/py"], args: ["--log-level", "DEBUG"] }, vars, l);
  assert.deepEqual(cmd, { command: "/home/u/bin/fp", args: ["serve", "--log-level", "DEBUG"], cwd: "/ws", source: "footprint.path" });
  assert.deepEqual(l.calls, [], "no PATH or Python-extension lookup when footprint.path is set");
});

test("footprint.interpreter runs the module with args before `serve`", async () => {
  const l = lookup("/usr/bin/footprint-ls");
  const cmd = await resolveServerCommand({ ...base, interpreter: ["${env:VENV}/bin/python", "-X", "utf8"], args: ["--log-file", "${workspaceFolder}/fp.log"] }, vars, l);
  assert.deepEqual(cmd, {
    command: "/venvs/fp/bin/python",
    args: ["-X", "utf8", "-m", "lsp_server", "--log-file", "/ws/fp.log", "serve"],
    cwd: "/ws",
    source: "footprint.interpreter",
  });
  assert.deepEqual(l.calls, []);
});

test("footprint-ls on PATH comes before the Python extension", async () => {
  const l = lookup("/usr/local/bin/footprint-ls", ["/py"]);
  const cmd = await resolveServerCommand(base, vars, l);
  assert.deepEqual(cmd, { command: "/usr/local/bin/footprint-ls", args: ["serve"], cwd: "/ws", source: "PATH" });
  assert.deepEqual(l.calls, ["which footprint-ls"]);
});

test("the Python extension's interpreter is the last resort", async () => {
  const l = lookup(undefined, ["/envs/a/bin/python"]);
  const cmd = await resolveServerCommand({ ...base, cwd: "/elsewhere" }, vars, l);
  assert.deepEqual(cmd, { command: "/envs/a/bin/python", args: ["-m", "lsp_server", "serve"], cwd: "/elsewhere", source: "python extension" });
  assert.deepEqual(l.calls, ["which footprint-ls", "python extension"]);
});

test("nothing found gives undefined (the caller shows the install hint)", async () => {
  assert.equal(await resolveServerCommand(base, vars, lookup(undefined, undefined)), undefined);
  assert.equal(await resolveServerCommand(base, vars, lookup(undefined, [])), undefined);
});

test("no workspace folder: the cwd is left to the extension host", async () => {
  const cmd = await resolveServerCommand({ ...base, path: ["fp"] }, { userHome: "/home/u" }, lookup());
  assert.equal(cmd?.cwd, undefined);
});

test("launchSettings tolerates wrong types and blanks", () => {
  const values: Record<string, unknown> = { path: "  ", interpreter: "/py", args: ["-v", 3, ""], cwd: "" };
  assert.deepEqual(launchSettings((k) => values[k]), { path: [], interpreter: ["/py"], args: ["-v"], cwd: "${workspaceFolder}", importStrategy: "useBundled" });
});

test("resolveVariables", () => {
  assert.equal(resolveVariables("~/x", vars), "/home/u/x");
  assert.equal(resolveVariables("a~/x", vars), "a~/x");
  assert.equal(resolveVariables("${userHome}/${env:VENV}/${env:NOPE}", vars), "/home/u//venvs/fp/");
  assert.equal(resolveVariables("${workspaceFolder}/.venv", {}), "${workspaceFolder}/.venv");
  assert.equal(resolveVariables("${unknownVar}", vars), "${unknownVar}");
});

test("whichIn walks PATH in order and honours PATHEXT on Windows", () => {
  const exists = new Set([path.join("/b", "footprint-ls"), path.join("/c", "footprint-ls")]);
  assert.equal(whichIn("footprint-ls", "/a::/b:/c", (f) => exists.has(f), "linux"), path.join("/b", "footprint-ls"));
  assert.equal(whichIn("footprint-ls", "/a", (f) => exists.has(f), "linux"), undefined);
  assert.equal(whichIn("footprint-ls", undefined, () => true, "linux"), undefined);
  const seen: string[] = [];
  whichIn("footprint-ls", "C:\\x;D:\\y", (f) => (seen.push(f), false), "win32", ".EXE;.CMD");
  assert.deepEqual(seen.map((s) => s.replace(/\\/g, "/").split("/").pop()), ["footprint-ls.EXE", "footprint-ls.CMD", "footprint-ls.EXE", "footprint-ls.CMD"]);
});

test("whichIn skips relative PATH entries: they resolve against the working directory, the workspace", () => {
  const seen: string[] = [];
  const found = whichIn("footprint-ls", ".:node_modules/.bin:/usr/bin", (f) => (seen.push(f), true), "linux");
  assert.equal(found, path.join("/usr/bin", "footprint-ls"));
  assert.deepEqual(seen, [path.join("/usr/bin", "footprint-ls")]);
  assert.equal(whichIn("footprint-ls", ".;bin", () => true, "win32", ".EXE"), undefined);
});

test("formatCommandLine quotes only what needs it", () => {
  assert.equal(formatCommandLine({ command: "/my venv/bin/python", args: ["-m", "lsp_server", "serve"] }), "'/my venv/bin/python' -m lsp_server serve");
  assert.equal(formatCommandLine({ command: "fp", args: ["it's"] }), "fp 'it'\\''s'");
});

test("installHint names the reason, the import strategy and the settings", () => {
  const text = installHint("spawn footprint-ls ENOENT");
  assert.match(text, /spawn footprint-ls ENOENT/);
  assert.match(text, /useBundled/);
  assert.match(text, /footprint\.interpreter/);
  assert.match(text, /footprint\.path/);
  assert.doesNotMatch(text, /pipx/, "footprint-ls is not on PyPI: no command that finds no package");
  assert.match(installHint("x", "fromEnvironment"), /\.venv/);
});

test("useBundled (the default) runs the bundled environment's Python, never PATH", async () => {
  const l = { ...lookup("/usr/bin/footprint-ls", ["/py"]), bundledPython: () => "/storage/server-abc/bin/python" };
  const cmd = await resolveServerCommand({ ...base, importStrategy: "useBundled", args: ["--log-level", "DEBUG"] }, vars, l);
  assert.deepEqual(cmd, { command: "/storage/server-abc/bin/python", args: ["-m", "lsp_server", "--log-level", "DEBUG", "serve"], cwd: "/ws", source: "bundled" });
  assert.deepEqual(l.calls, []);
  assert.equal(await resolveServerCommand({ ...base, importStrategy: "useBundled" }, vars, lookup("/usr/bin/footprint-ls")), undefined, "no bundle in this build");
});

test("fromEnvironment looks at PATH, then ${workspaceFolder}/.venv, then the Python extension", async () => {
  const venv = path.posix.join("/ws", ".venv", "bin", "footprint-ls");
  const l = { ...lookup(undefined, ["/py"]), isExecutable: (f: string) => f === venv };
  assert.deepEqual(await resolveServerCommand(base, vars, l), { command: venv, args: ["serve"], cwd: "/ws", source: ".venv" });
  assert.deepEqual(l.calls, ["which footprint-ls"]);
  const none = { ...lookup(undefined, ["/py"]), isExecutable: () => false };
  assert.equal((await resolveServerCommand(base, vars, none))?.source, "python extension");
});

test("commandProblem: paths must be executable files, bare names must be on PATH", () => {
  const which = (n: string) => (n === "footprint-ls" ? "/usr/bin/footprint-ls" : undefined);
  const exe = (f: string) => f === "/venv/bin/python";
  assert.equal(commandProblem("/venv/bin/python", which, exe), undefined);
  assert.equal(commandProblem("footprint-ls", which, exe), undefined);
  assert.equal(commandProblem("/nonexistent/footprint-ls", which, exe), "`/nonexistent/footprint-ls` does not exist or is not executable");
  assert.equal(commandProblem("python9", which, exe), "`python9` is not on PATH");
  assert.equal(commandProblem("C:\\fp\\footprint-ls.exe", which, exe), "`C:\\fp\\footprint-ls.exe` does not exist or is not executable");
});
