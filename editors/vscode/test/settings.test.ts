import { test } from "node:test";
import * as assert from "node:assert/strict";
import { changeEffect, notificationLevel, serverOptions, shouldNotify } from "../src/settings";

test("server options carry only server keys, under `footprint`", () => {
  const values: Record<string, unknown> = {
    path: ["/x"], interpreter: ["/py"], args: ["-v"], cwd: "/", showNotifications: "always",
    packs: ["../engine-pack"], exclude: ["gen/**"],
    serverSettings: { limits: { max_results: 5 }, packs: ["../base-pack"] },
  };
  const opts = serverOptions((k) => values[k]);
  assert.deepEqual(opts, {
    footprint: { limits: { max_results: 5 }, packs: ["../base-pack", "../engine-pack"], exclude: ["gen/**"] },
  });
  // The settings object is not mutated (VS Code hands out frozen objects).
  assert.deepEqual(values.serverSettings, { limits: { max_results: 5 }, packs: ["../base-pack"] });
});

test("defaults send an empty section, not null keys", () => {
  const defaults: Record<string, unknown> = { packs: [], exclude: [], serverSettings: {} };
  assert.deepEqual(serverOptions((k) => defaults[k]), { footprint: {} });
  assert.deepEqual(serverOptions(() => undefined), { footprint: {} });
  assert.deepEqual(serverOptions((k) => (k === "serverSettings" ? ["not", "an", "object"] : undefined)), { footprint: {} });
});

test("launch settings restart, server options notify, the rest does nothing", () => {
  const affects = (...keys: string[]) => (k: string) => keys.includes(k);
  for (const key of ["footprint.path", "footprint.interpreter", "footprint.args", "footprint.cwd"]) {
    assert.equal(changeEffect(affects(key)), "restart", key);
  }
  for (const key of ["footprint.packs", "footprint.exclude", "footprint.serverSettings"]) {
    assert.equal(changeEffect(affects(key)), "notify", key);
  }
  assert.equal(changeEffect(affects("footprint.serverSettings", "footprint.args")), "restart");
  assert.equal(changeEffect(affects("footprint.showNotifications", "footprint.trace.server", "editor.fontSize")), "none");
});

test("showNotifications levels", () => {
  assert.equal(notificationLevel(undefined), "onError");
  assert.equal(notificationLevel("bogus"), "onError");
  const table = {
    off: [false, false, false],
    onError: [true, false, false],
    onWarning: [true, true, false],
    always: [true, true, true],
  } as const;
  for (const [level, expected] of Object.entries(table)) {
    const got = (["error", "warning", "info"] as const).map((s) => shouldNotify(notificationLevel(level), s));
    assert.deepEqual(got, expected, level);
  }
});

test("configuration values that are Proxies (as VS Code hands them out) are copied, not cloned", () => {
  const frozen = new Proxy({ limits: { max_results: 5 } }, { set: () => false });
  assert.throws(() => structuredClone(frozen), /could not be cloned/);
  const opts = serverOptions((k) => (k === "serverSettings" ? frozen : k === "packs" ? ["../p"] : undefined));
  assert.deepEqual(opts, { footprint: { limits: { max_results: 5 }, packs: ["../p"] } });
});
