// Workspace trust: in an untrusted workspace the workspace's values of the restricted settings never count, no
// program inside the workspace is started, and the server is told `workspaceTrusted: false`.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { Lookup, ServerCommand } from "../src/serverCommand";
import { Inspected, RESTRICTED_KEYS, insideFolders, launchIdentity, planLaunch, trustedSettings, verbCommand, verbFailure } from "../src/trust";

const WS = "/home/u/src/evil-repo";
const vars = { workspaceFolder: WS, userHome: "/home/u", env: {} };
const untrustedCtx = { workspaceFolders: [WS], platform: "linux" as NodeJS.Platform };

/** A `footprint` section as VS Code layers it: defaults < user (global) < workspace < folder. */
function section(layers: { global?: Record<string, unknown>; workspace?: Record<string, unknown>; folder?: Record<string, unknown> }) {
  // fromEnvironment: most tests here are about the sources that can be inside the workspace.
  const defaults: Record<string, unknown> = { path: [], interpreter: [], args: [], cwd: "${workspaceFolder}", importStrategy: "fromEnvironment", packs: [], exclude: [], serverSettings: {} };
  const inspect = (key: string): Inspected => ({
    defaultValue: defaults[key],
    globalValue: layers.global?.[key],
    workspaceValue: layers.workspace?.[key],
    workspaceFolderValue: layers.folder?.[key],
  });
  const get = (key: string): unknown => {
    const i = inspect(key);
    return i.workspaceFolderValue ?? i.workspaceValue ?? i.globalValue ?? i.defaultValue;
  };
  return { get, inspect };
}

function lookup(onPath: Record<string, string> = {}, python?: string[]): Lookup & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    which: (name) => {
      calls.push(`which ${name}`);
      return onPath[name];
    },
    pythonExtensionInterpreter: () => {
      calls.push("python extension");
      return python;
    },
  };
}

const evil = { path: [`${WS}/tools/pwn.sh`, "serve"], serverSettings: { rag: { generator: "command", command: "./steal" }, cache_dir: "/tmp/x" } };
const user = { path: ["/opt/fp/bin/footprint-ls", "serve"], serverSettings: { limits: { max_results: 7 } } };

test("untrusted: the workspace's footprint.path is ignored and the user's is used", async () => {
  const { get, inspect } = section({ global: user, workspace: evil });
  const plan = await planLaunch(false, get, inspect, vars, lookup(), untrustedCtx);
  assert.equal(plan.command?.command, "/opt/fp/bin/footprint-ls");
  assert.deepEqual(plan.command?.args, ["serve"]);
  assert.equal(plan.command?.source, "footprint.path");
  assert.deepEqual(plan.ignored, ["footprint.path", "footprint.serverSettings"]);
});

test("trusted: the workspace's footprint.path wins, as VS Code layers it", async () => {
  const { get, inspect } = section({ global: user, workspace: evil });
  const plan = await planLaunch(true, get, inspect, vars, lookup(), untrustedCtx);
  assert.equal(plan.command?.command, `${WS}/tools/pwn.sh`);
  assert.deepEqual(plan.ignored, []);
  assert.equal(plan.command?.env, undefined, "a trusted workspace runs exactly what it is told");
});

test("untrusted: a folder-level value is ignored too, and without a user value the next source is used", async () => {
  const { get, inspect } = section({ folder: { interpreter: [`${WS}/.venv/bin/python`], args: ["--log-file", "/tmp/x"] } });
  const l = lookup({ "footprint-ls": "/usr/local/bin/footprint-ls" });
  const plan = await planLaunch(false, get, inspect, vars, l, untrustedCtx);
  assert.deepEqual(
    plan.command && { command: plan.command.command, args: plan.command.args, source: plan.command.source },
    { command: "/usr/local/bin/footprint-ls", args: ["serve"], source: "PATH" },
  );
  assert.deepEqual(plan.ignored, ["footprint.interpreter", "footprint.args"]);
});

test("untrusted: initializationOptions say workspaceTrusted: false and carry only the user's serverSettings", async () => {
  const { get, inspect } = section({ global: user, workspace: { ...evil, packs: ["../engine-pack"], exclude: ["gen/**"] } });
  const plan = await planLaunch(false, get, inspect, vars, lookup(), untrustedCtx);
  // packs and exclude are not restricted: footprint.toml in the folder can say the same.
  assert.deepEqual(plan.initializationOptions, {
    footprint: { limits: { max_results: 7 }, packs: ["../engine-pack"], exclude: ["gen/**"] },
    workspaceTrusted: false,
  });
  const sent = JSON.stringify(plan.initializationOptions);
  for (const secret of ["./steal", "cache_dir", "rag"]) assert.ok(!sent.includes(secret), `${secret} reached the server: ${sent}`);
});

test("trusted: initializationOptions say workspaceTrusted: true and carry the workspace's serverSettings", async () => {
  const { get, inspect } = section({ global: user, workspace: evil });
  const plan = await planLaunch(true, get, inspect, vars, lookup(), untrustedCtx);
  assert.deepEqual(plan.initializationOptions, { footprint: evil.serverSettings, workspaceTrusted: true });
});

test("untrusted: a user-level command that names a program inside the workspace is refused, the next source used", async () => {
  for (const interpreter of [["${workspaceFolder}/.venv/bin/python"], ["./.venv/bin/python"], [`${WS}/../evil-repo/bin/python`]]) {
    const { get, inspect } = section({ global: { interpreter } });
    const plan = await planLaunch(false, get, inspect, vars, lookup({ "footprint-ls": "/usr/bin/footprint-ls" }), untrustedCtx);
    assert.equal(plan.command?.command, "/usr/bin/footprint-ls", interpreter[0]);
    assert.equal(plan.refused.length, 1, interpreter[0]);
    assert.match(plan.refused[0], /footprint\.interpreter.*not trusted/);
  }
});

test("untrusted: a program found on PATH inside the workspace is refused (a PATH entry pointing into the folder)", async () => {
  const { get, inspect } = section({});
  const plan = await planLaunch(false, get, inspect, vars, lookup({ "footprint-ls": `${WS}/node_modules/.bin/footprint-ls` }), untrustedCtx);
  assert.equal(plan.command, undefined);
  assert.match(plan.refused[0], /node_modules\/\.bin\/footprint-ls.*PATH/);
});

test("untrusted: the Python extension's interpreter in the folder's .venv is refused, one outside is used", async () => {
  const { get, inspect } = section({});
  const refused = await planLaunch(false, get, inspect, vars, lookup({}, [`${WS}/.venv/bin/python`]), untrustedCtx);
  assert.equal(refused.command, undefined);
  assert.match(refused.refused[0], /Python extension/);
  const used = await planLaunch(false, get, inspect, vars, lookup({}, ["/usr/bin/python3"]), untrustedCtx);
  assert.equal(used.command?.command, "/usr/bin/python3");
  assert.deepEqual(used.command?.args, ["-m", "lsp_server", "serve"]);
});

test("untrusted: a symlink pointing into the workspace is refused", async () => {
  const { get, inspect } = section({ global: { path: ["/home/u/bin/fp", "serve"] } });
  const realpath = (p: string) => (p === "/home/u/bin/fp" ? `${WS}/fp` : p);
  const plan = await planLaunch(false, get, inspect, vars, lookup(), { ...untrustedCtx, realpath });
  assert.equal(plan.command, undefined);
  assert.equal(plan.refused.length, 1);
});

test("untrusted: a bare program name is resolved on PATH (Windows would search the workspace first), with PYTHONSAFEPATH", async () => {
  const { get, inspect } = section({ global: { interpreter: ["python3"] } });
  const plan = await planLaunch(false, get, inspect, vars, lookup({ python3: "/usr/bin/python3" }), untrustedCtx);
  assert.equal(plan.command?.command, "/usr/bin/python3");
  assert.deepEqual(plan.command?.env, { PYTHONSAFEPATH: "1" }, "`python -m lsp_server` must not import lsp_server from the workspace cwd");
  assert.equal(plan.command?.cwd, WS);
});

test("untrusted: nothing found and nothing refused gives no command and no refusal", async () => {
  const { get, inspect } = section({});
  const plan = await planLaunch(false, get, inspect, vars, lookup(), untrustedCtx);
  assert.equal(plan.command, undefined);
  assert.deepEqual(plan.refused, []);
  assert.equal(plan.initializationOptions.workspaceTrusted, false);
});

test("trustedSettings reads unrestricted keys as VS Code layers them, restricted ones from the user level", () => {
  const { get, inspect } = section({ global: { args: ["-v"] }, workspace: { args: ["--evil"], showNotifications: "always" } });
  const { read } = trustedSettings(false, get, inspect);
  assert.deepEqual(read("args"), ["-v"]);
  assert.equal(read("showNotifications"), "always");
  assert.equal(read("cwd"), "${workspaceFolder}", "no user value: the default");
  assert.deepEqual(trustedSettings(true, get, inspect).read("args"), ["--evil"]);
  assert.equal(RESTRICTED_KEYS.length, new Set(RESTRICTED_KEYS).size);
});

test("insideFolders: lexical, after symlinks, case-insensitive where the file system is", () => {
  assert.ok(insideFolders("/ws/a/b", ["/ws"], undefined, "linux"));
  assert.ok(insideFolders("/ws", ["/ws"], undefined, "linux"));
  assert.ok(!insideFolders("/ws2/a", ["/ws"], undefined, "linux"));
  assert.ok(!insideFolders("/WS/a", ["/ws"], undefined, "linux"));
  assert.ok(insideFolders("/WS/a", ["/ws"], undefined, "darwin"));
  assert.ok(insideFolders("C:\\Users\\u\\Repo\\x.exe", ["c:\\users\\u\\repo"], undefined, "win32"));
  assert.ok(!insideFolders("/ws/../other/x", ["/ws"], undefined, "linux"));
  assert.ok(!insideFolders("/anything", [], undefined, "linux"));
});

const served: ServerCommand = { command: "/usr/bin/python3", args: ["-m", "lsp_server", "--log-level", "DEBUG", "serve"], cwd: "/ws", source: "footprint.interpreter" };

test("verbCommand replaces `serve` by the verb and puts the folder last", () => {
  assert.deepEqual(verbCommand(served, "trust", "/ws"), { ...served, args: ["-m", "lsp_server", "--log-level", "DEBUG", "trust", "/ws"] });
  const fromPath: ServerCommand = { command: "/opt/fp", args: ["serve", "--log-file", "/tmp/l"], cwd: undefined, source: "footprint.path" };
  assert.deepEqual((verbCommand(fromPath, "untrust", "/a b") as ServerCommand).args, ["untrust", "--log-file", "/tmp/l", "/a b"]);
  const wrapper: ServerCommand = { command: "/opt/run-fp.sh", args: [], cwd: undefined, source: "footprint.path" };
  assert.match(verbCommand(wrapper, "trust", "/ws") as string, /no `serve`.*footprint-ls trust \/ws/);
});

test("verbFailure tells an old server from a failing one", () => {
  assert.match(verbFailure("trust", 2, "footprint-ls: error: argument COMMAND: invalid choice: 'trust' (choose from 'check', 'serve')"), /does not know `trust`/);
  assert.equal(verbFailure("untrust", 1, "warning\nfootprint-ls: no such folder\n"), "`footprint-ls untrust` failed (exit 1): footprint-ls: no such folder");
  assert.equal(verbFailure("trust", null, ""), "`footprint-ls trust` failed (exit killed)");
});

test("launchIdentity changes with the command line or the trust, not with unrelated settings", async () => {
  const l = lookup();
  const a = section({ global: user, workspace: { ...evil, showNotifications: "always" } });
  const b = section({ global: user, workspace: { ...evil, exclude: [] } });
  const untrustedA = launchIdentity(await planLaunch(false, a.get, a.inspect, vars, l, untrustedCtx));
  assert.equal(untrustedA, launchIdentity(await planLaunch(false, b.get, b.inspect, vars, l, untrustedCtx)));
  assert.notEqual(untrustedA, launchIdentity(await planLaunch(true, a.get, a.inspect, vars, l, untrustedCtx)));
  const c = section({ global: { ...user, path: ["/opt/fp2", "serve"] } });
  assert.notEqual(untrustedA, launchIdentity(await planLaunch(false, c.get, c.inspect, vars, l, untrustedCtx)));
});

test("untrusted: the bundled server (outside the workspace) is used; a workspace value of importStrategy is ignored", async () => {
  const { get, inspect } = section({ global: { importStrategy: "useBundled" }, workspace: { importStrategy: "fromEnvironment" } });
  const l = { ...lookup({ "footprint-ls": "/usr/bin/footprint-ls" }), bundledPython: () => "/home/u/.vscode/storage/server-1/bin/python" };
  const plan = await planLaunch(false, get, inspect, vars, l, untrustedCtx);
  assert.equal(plan.command?.source, "bundled");
  assert.equal(plan.command?.command, "/home/u/.vscode/storage/server-1/bin/python");
  assert.deepEqual(plan.ignored, ["footprint.importStrategy"]);
});

test("untrusted: the workspace's .venv footprint-ls is refused, the Python extension's outside one used", async () => {
  const { get, inspect } = section({});
  const l = { ...lookup({}, ["/usr/bin/python3"]), isExecutable: (f: string) => f === `${WS}/.venv/bin/footprint-ls` };
  const plan = await planLaunch(false, get, inspect, vars, l, untrustedCtx);
  assert.equal(plan.command?.source, "python extension");
  assert.match(plan.refused.join(" "), /\.venv\/bin\/footprint-ls/);
  const trusted = await planLaunch(true, get, inspect, vars, l, untrustedCtx);
  assert.equal(trusted.command?.source, ".venv", "a trusted workspace's own .venv is what fromEnvironment is for");
});
