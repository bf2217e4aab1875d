// The manifest and the code agree: every palette command is contributed and registered, the client id equals
// the settings namespace (so `footprint.trace.server` works), and engines.vscode matches the client library.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { PALETTE_COMMANDS } from "../src/format";
import { RESTART_KEYS, SERVER_OPTION_KEYS } from "../src/settings";
import { LAUNCH_KEYS, RESTRICTED_KEYS } from "../src/trust";

const root = path.resolve(__dirname, "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const extensionSource = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");

test("every palette command is contributed with the Footprint category and the issue's title", () => {
  const contributed = manifest.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.command, `${c.category}: ${c.title}`]);
  assert.deepEqual(contributed, PALETTE_COMMANDS.map((c) => [c.id, `Footprint: ${c.title}`]));
  assert.deepEqual(
    PALETTE_COMMANDS.map((c) => `Footprint: ${c.title}`),
    ["Footprint: Look up docs", "Footprint: Check symbols", "Footprint: Review changes", "Footprint: Show rule stats", "Footprint: Check workspace", "Footprint: Restart server", "Footprint: Show logs",
     "Footprint: Trust This Folder", "Footprint: Untrust This Folder"],
  );
  for (const { id } of PALETTE_COMMANDS) assert.ok(extensionSource.includes(`"${id}":`), `${id} has a handler in extension.ts`);
});

test("client id equals the settings namespace and trace.server is declared", () => {
  assert.match(extensionSource, /const CLIENT_ID = "footprint";/);
  const props = manifest.contributes.configuration.properties;
  assert.ok(props["footprint.trace.server"], "footprint.trace.server is a setting");
  for (const key of [...RESTART_KEYS, ...SERVER_OPTION_KEYS, "footprint.showNotifications"]) assert.ok(props[key], `${key} is declared`);
  for (const key of Object.keys(props)) assert.ok(key.startsWith("footprint."), key);
});

test("activates on JavaScript files and on a footprint.toml", () => {
  assert.ok(manifest.activationEvents.includes("onLanguage:javascript"));
  assert.ok(manifest.activationEvents.some((e: string) => e.startsWith("workspaceContains:") && e.endsWith("footprint.toml")));
});

test("engines.vscode matches what vscode-languageclient 9 needs", () => {
  const lc = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "vscode-languageclient", "package.json"), "utf8"));
  assert.equal(lc.version.split(".")[0], "9");
  assert.equal(manifest.engines.vscode, lc.engines.vscode);
  const typesVersion = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "@types", "vscode", "package.json"), "utf8")).version;
  assert.ok(manifest.engines.vscode.endsWith(typesVersion.split(".").slice(0, 2).join(".") + ".0"), `@types/vscode ${typesVersion} must not be newer than engines.vscode`);
});

test("untrustedWorkspaces is `limited` and every launch setting is restricted and machine-overridable", () => {
  const trust = manifest.capabilities?.untrustedWorkspaces;
  assert.equal(trust?.supported, "limited");
  assert.ok(typeof trust.description === "string" && trust.description.length > 20, "a description for the Restricted Mode dialog");
  assert.deepEqual([...trust.restrictedConfigurations].sort(), [...RESTRICTED_KEYS].sort(), "the manifest and trust.ts agree");
  const props = manifest.contributes.configuration.properties;
  for (const key of trust.restrictedConfigurations) assert.ok(props[key], `${key} is a declared setting`);
  // The launch command line: never from a workspace that is not trusted, and settable per machine.
  assert.deepEqual([...LAUNCH_KEYS].sort(), [...RESTART_KEYS].sort(), "every setting that restarts the server is a launch setting");
  for (const key of LAUNCH_KEYS) {
    assert.ok(trust.restrictedConfigurations.includes(key), `${key} is restricted`);
    assert.ok(["machine", "machine-overridable"].includes(props[key].scope), `${key} has scope ${props[key].scope}`);
  }
  // serverSettings can name a program ([rag] command), a URL ([rag] url, [rules] remote), an environment
  // variable ([rag] api_key_env) or a cache folder (cache_dir).
  assert.ok(trust.restrictedConfigurations.includes("footprint.serverSettings"));
});

test("Trust / Untrust This Folder are offered only when VS Code trusts the workspace", () => {
  for (const id of ["footprint.trustFolder", "footprint.untrustFolder"]) {
    const cmd = manifest.contributes.commands.find((c: { command: string }) => c.command === id);
    assert.equal(cmd?.enablement, "isWorkspaceTrusted", id);
    const menu = manifest.contributes.menus.commandPalette.find((c: { command: string }) => c.command === id);
    assert.equal(menu?.when, "isWorkspaceTrusted", id);
  }
  // The server is started with the trust-aware settings only: no direct config().get of a restricted key.
  assert.doesNotMatch(extensionSource, /launchSettings\(|resolveServerCommand\(/);
  assert.match(extensionSource, /onDidGrantWorkspaceTrust/);
  assert.match(extensionSource, /serverOptions\(trustedConfig\(\)\)/);
});

test("an icon and a walkthrough whose media and commands exist (issue 20.15)", () => {
  assert.ok(fs.existsSync(path.join(root, manifest.icon)), manifest.icon);
  const ignore = fs.readFileSync(path.join(root, ".vscodeignore"), "utf8");
  assert.match(ignore, /!media\/icon\.png/);
  const contributed = new Set(manifest.contributes.commands.map((c: { command: string }) => c.command));
  for (const step of manifest.contributes.walkthroughs[0].steps) {
    assert.ok(fs.existsSync(path.join(root, step.media.markdown)), step.media.markdown);
    for (const m of String(step.description).matchAll(/command:(footprint\.[\w.]+)/g)) assert.ok(contributed.has(m[1]), m[1]);
  }
  assert.ok(manifest.contributes.configuration.properties["footprint.enable"], "footprint.enable");
});
