// End-to-end test of the packaged extension in a real VS Code workbench: code-server (the VS Code web
// workbench + extension host, offline) driven by Playwright in Debian's Chromium.
//
//   node workbench.mjs            (run by tests/editors/test_vscode_workbench.py, which prepares everything)
//
// Environment: E2E_INSTALL (folder from install.sh), E2E_VSIX, E2E_WORKSPACE (copy of examples/layout-app with
// its engine pack beside it), E2E_OUT (screenshots + results.json), E2E_PYTHON + E2E_PYTHONPATH (only for the
// marker program of the Restricted Mode phase: the extension itself runs its bundled server, importStrategy
// useBundled, on a PATH without footprint-ls),
// E2E_SERVER_COMMANDS (JSON list of the server's commands, to tell "not landed" from "broken"), E2E_CHROMIUM;
// for the Restricted Mode phase E2E_UNTRUSTED_WORKSPACE (a copy whose .vscode/settings.json sets footprint.path to
// E2E_EVIL, a program outside it that writes E2E_MARKER and then runs the real server).
// Each step records pass / fail / skip (with the reason) into results.json; pytest reports every step.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { createRequire } from "node:module";

const env = process.env;
const INSTALL = env.E2E_INSTALL;
const OUT = env.E2E_OUT;
const WS = env.E2E_WORKSPACE;
const SERVER_COMMANDS = JSON.parse(env.E2E_SERVER_COMMANDS || "[]");
const require = createRequire(path.join(INSTALL, "package.json"));
const { chromium } = require("playwright-core");
const CODE_SERVER = path.join(INSTALL, "node_modules", ".bin", "code-server");

const results = {};
const userData = path.join(OUT, "user-data");
const extensions = path.join(OUT, "extensions");
fs.mkdirSync(path.join(userData, "User"), { recursive: true });
fs.mkdirSync(extensions, { recursive: true });

class Skip extends Error {}
const skip = (reason) => {
  throw new Skip(reason);
};

let page;
let shot = 0;
async function screenshot(name) {
  if (!page) return;
  shot += 1;
  try {
    await page.screenshot({ path: path.join(OUT, `${String(shot).padStart(2, "0")}-${name}.png`) });
  } catch {
    /* the page may be gone */
  }
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    const detail = await fn();
    results[name] = { status: "pass", detail: detail ?? null, ms: Date.now() - t0 };
  } catch (err) {
    if (err instanceof Skip) results[name] = { status: "skip", reason: err.message, ms: Date.now() - t0 };
    else results[name] = { status: "fail", reason: String(err?.stack || err), ms: Date.now() - t0 };
  }
  await screenshot(name);
  console.error(`[step] ${name}: ${results[name].status} (${results[name].ms} ms)`);
  fs.writeFileSync(path.join(OUT, "results.json"), JSON.stringify(results, null, 2));
}

function writeSettings(extra = {}, dir = userData) {
  const settings = {
    // No footprint.path: the server is the one bundled in the .vsix, installed on first start.
    "footprint.importStrategy": "useBundled",
    "footprint.trace.server": "messages",
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.enableExperiments": false,
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "extensions.ignoreRecommendations": true,
    "extensions.autoUpdate": false,
    "update.mode": "none",
    "files.autoSave": "off",
    "editor.hover.delay": 200,
    "editor.minimap.enabled": false,
    "chat.disableAIFeatures": true,
    "git.enabled": false,
    // Deterministic typing: no auto-closing, no suggestions that Enter could accept.
    "editor.autoClosingBrackets": "never",
    "editor.autoClosingQuotes": "never",
    "editor.autoSurround": "never",
    "editor.autoIndent": "none",
    "editor.quickSuggestions": { "other": "off", "comments": "off", "strings": "off" },
    "editor.suggestOnTriggerCharacters": false,
    "editor.acceptSuggestionOnEnter": "off",
    "editor.formatOnType": false,
    "javascript.validate.enable": false,
    "typescript.validate.enable": false,
    "typescript.suggest.enabled": false,
    "typescript.tsserver.experimental.enableProjectDiagnostics": false,
    ...extra,
  };
  fs.mkdirSync(path.join(dir, "User"), { recursive: true });
  fs.writeFileSync(path.join(dir, "User", "settings.json"), JSON.stringify(settings, null, 2));
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHttp(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`code-server did not answer ${url} within ${ms} ms`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mod = "Control";

async function palette(command) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: 10000 });
  await input.fill(`>${command}`);
  await page.locator(".quick-input-list .monaco-list-row").first().waitFor({ timeout: 10000 });
  const first = await page.locator(".quick-input-list .monaco-list-row").first().innerText();
  if (!first.includes(command)) throw new Error(`the palette has no "${command}" (first match: ${first})`);
  await page.keyboard.press("Enter");
}

async function openFile(rel) {
  const name = path.basename(rel);
  const tab = page.locator(`.tab[data-resource-name="${name}"]`).first();
  if (await tab.count()) {
    await tab.click(); // already open: bring it to the front
  } else {
    await quickOpen(rel);
  }
  await page.locator(`.tab.active[data-resource-name="${name}"]`).first().waitFor({ timeout: 15000 });
  await page.locator(".monaco-editor textarea").first().waitFor({ timeout: 10000 });
  await sleep(300);
}

async function quickOpen(rel) {
  await page.keyboard.press(`${mod}+p`);
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: 10000 });
  await input.fill(rel);
  // The first file search can be slow on a loaded machine (ripgrep walks the folder): wait, then retype once.
  // The first row must name the file: until the search answers, the list shows recently opened files.
  const row = page.locator(".quick-input-list .monaco-list-row").first();
  const named = async () => ((await row.innerText().catch(() => "")).includes(path.basename(rel)) ? true : undefined);
  if (!(await waitFor(named, 30000))) {
    await input.fill("");
    await input.fill(rel);
    await waitFor(named, 60000, `the quick open list to offer ${rel}`);
  }
  await page.keyboard.press("Enter");
}

async function goTo(line, column) {
  await page.keyboard.press(`${mod}+g`);
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: 10000 });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press("Enter");
  await sleep(300);
}

async function problems() {
  // The Problems panel lists every diagnostic of the open files, with its code and source. Ctrl+Shift+M
  // toggles it, so press it only when the panel is not showing.
  if (!(await page.locator(".markers-panel").first().isVisible().catch(() => false))) {
    await page.keyboard.press(`${mod}+Shift+m`);
    await page.locator(".markers-panel").first().waitFor({ state: "visible", timeout: 10000 });
  }
  const rows = page.locator(".markers-panel .monaco-list-row");
  return rows.allInnerTexts();
}

async function waitFor(fn, ms, what) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last) return last;
    await sleep(250);
  }
  if (what) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
  return undefined;
}

/**
 * Save the active editor until the file on disk satisfies `accept`, and return its text. A Ctrl+S pressed
 * while a menu or widget is closing can go to that widget and be lost (round 49's landing CI: the footprint
 * edit applied, the tab stayed dirty, every later step read a file the editor no longer showed), so the key
 * is pressed again, with the editor focused, while the file is not yet written.
 */
async function saveUntil(rel, accept, ms, what) {
  const file = path.join(WS, rel);
  let pressedAt = 0;
  return waitFor(async () => {
    const t = fs.readFileSync(file, "utf8");
    if (accept(t)) return t;
    if (Date.now() - pressedAt >= 2000) {
      await page.locator(".monaco-editor textarea").first().focus();
      await page.keyboard.press(`${mod}+s`);
      pressedAt = Date.now();
    }
    return undefined;
  }, ms, what);
}

/** The Footprint item of the `{}` language status, once it says "Footprint: ready" (hover text). */
async function languageStatusReady(shot, where) {
  const indicator = page.locator("#status\\.languageStatus, .statusbar-item[id*='languageStatus']").first();
  await indicator.waitFor({ timeout: 20000 });
  return waitFor(async () => {
    await indicator.click();
    await sleep(500);
    const t = (await page.locator(".monaco-hover:visible").allInnerTexts()).join("\n");
    if (/Footprint: ready/.test(t)) await screenshot(shot);
    await page.keyboard.press("Escape");
    return /Footprint: ready/.test(t) ? t : undefined;
  }, 60000, `"Footprint: ready" in the language status${where}`);
}

/** The extension's log as written to disk by its LogOutputChannel (the Output view only renders visible lines). */
function logText(dir = userData) {
  const root = path.join(dir, "logs");
  const found = [];
  const walk = (dir) => {
    for (const e of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^Footprint(\.\d+)?\.log$/.test(e.name)) found.push(p); // rotated parts too
    }
  };
  walk(root);
  return found.sort().map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

/** Pids of the server processes (`... -m lsp_server ... serve`) below `root` (the code-server we started). */
function serverPids(root) {
  const children = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      /* gone */
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      try {
        const cmd = fs.readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
        if (cmd.includes("lsp_server") && cmd.includes("serve")) found.push(child);
      } catch {
        /* gone */
      }
      walk(child);
    }
  };
  walk(root);
  return found;
}

async function toasts() {
  return (await page.locator(".notifications-toasts .notification-list-item-message").allInnerTexts()).join("\n");
}

/** Name of the channel the Output view shows. */
async function outputChannelShown() {
  const select = page.locator(".panel select.monaco-select-box").first();
  if (await select.count()) return select.evaluate((el) => el.options[el.selectedIndex]?.text ?? "");
  return (await page.locator(".panel .monaco-select-box").first().innerText().catch(() => "")).trim();
}

function position(rel, regex, offsetInMatch = 0) {
  const lines = fs.readFileSync(path.join(WS, rel), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = regex.exec(lines[i]);
    if (m) return { line: i + 1, column: m.index + offsetInMatch + 1, text: lines[i] };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
let codeServer;
async function main() {
  await step("install_vsix", async () => {
    const r = spawnSync(CODE_SERVER, ["--extensions-dir", extensions, "--user-data-dir", userData, "--install-extension", env.E2E_VSIX], { encoding: "utf8", timeout: 120000 });
    if (r.status !== 0) throw new Error(`--install-extension failed (${r.status}): ${r.stdout}\n${r.stderr}`);
    const installed = fs.readdirSync(extensions).filter((d) => d.startsWith("footprint.footprint-"));
    if (installed.length === 0) throw new Error(`the extension is not in ${extensions}: ${fs.readdirSync(extensions)}`);
    return { installed };
  });
  if (results.install_vsix.status !== "pass") return;

  writeSettings();
  const port = await freePort();
  const logFile = fs.openSync(path.join(OUT, "code-server.log"), "w");
  codeServer = spawn(CODE_SERVER, [
    "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry", "--disable-update-check",
    "--disable-workspace-trust", "--disable-getting-started-override", "--user-data-dir", userData,
    "--extensions-dir", extensions, WS,
  ], { env, stdio: ["ignore", logFile, logFile], detached: true });
  await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);

  const browser = await chromium.launch({
    executablePath: env.E2E_CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20000);

    await step("workbench_and_attach", async () => {
      await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(WS)}`);
      await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
      await openFile("src/app.js");
      // The extension logs the chosen command line, then "server ready" once initialize succeeded.
      const text = await waitFor(async () => {
        const t = logText();
        return t.includes("server ready") ? t : undefined;
      }, 240000, '"server ready" in the Footprint log (the first start installs the bundled server)');
      const started = text.split("\n").find((l) => l.includes("starting the server")) ?? "";
      if (!started.includes("(from bundled)")) throw new Error(`the log does not show the bundled server's command line: ${started}`);
      const setup = text.split("\n").filter((l) => /bundled server|Python >= 3.11/.test(l)).map((l) => l.trim());
      // The palette command shows that log in the Output view.
      await palette("Footprint: Show logs");
      const channel = await waitFor(async () => {
        const c = await outputChannelShown();
        return c.split("\n")[0].includes("Footprint") ? c : undefined;
      }, 10000, "the Output view to show the Footprint channel after Footprint: Show logs");
      return { started: started.trim(), channel: channel.split("\n")[0], setup, footprint_ls_on_path: spawnSync("sh", ["-c", "command -v footprint-ls"]).status === 0 };
    });
    if (results.workbench_and_attach.status !== "pass") return;

    await step("language_status", async () => {
      // The `{}` language status in the status bar holds the Footprint item: indexing progress, then "ready".
      return { text: await languageStatusReady("language-status", "") };
    });

    const original = fs.readFileSync(path.join(WS, "src/app.js"), "utf8");
    await step("diagnostics_after_save", async () => {
      await page.locator(".monaco-editor textarea").first().focus();
      await page.keyboard.press(`${mod}+End`);
      await page.keyboard.press("Enter");
      await page.keyboard.type("function e2eBroken( {", { delay: 5 });
      await saveUntil("src/app.js", (t) => t.includes("e2eBroken"), 10000, "src/app.js to be saved with the broken line");
      const rows = await waitFor(async () => {
        const r = await problems();
        return r.some((t) => t.includes("syntax-error")) ? r : undefined;
      }, 30000, "a syntax-error row in the Problems panel after Ctrl+S");
      await screenshot("problems-after-save");
      // Remove the added line and save, so the next steps see the original file.
      await page.locator(".monaco-editor textarea").first().focus();
      await page.keyboard.press(`${mod}+End`);
      await page.keyboard.press("Shift+Home");
      await page.keyboard.press("Shift+Home");
      await page.keyboard.press("Shift+ArrowLeft");
      await page.keyboard.press("Delete");
      await saveUntil("src/app.js", (t) => t === original, 10000,
        "src/app.js to be back to its original text after removing the broken line");
      const engine = rows.filter((t) => /unknown-symbol|layout\//.test(t));
      return { rows, engine_findings: engine };
    });

    const diagnosticsStep = (name, code, serverCommand, what) =>
      step(name, async () => {
        const match = (t) => (code.endsWith("/") ? t.includes(code) : new RegExp(`\\b${code}\\b`).test(t));
        const rows = await waitFor(async () => {
          const r = await problems();
          return r.some(match) ? r : undefined;
        }, 20000);
        if (!rows) {
          const have = await problems();
          if (!SERVER_COMMANDS.includes(serverCommand)) skip(`no ${code} diagnostic on src/app.js and the server lacks \`${serverCommand}\` (${what} not landed)`);
          throw new Error(`expected a ${code} diagnostic on src/app.js; the Problems panel shows: ${have.join(" | ")}`);
        }
        return { rows };
      });
    await diagnosticsStep("invented_api_diagnostic", "unknown-symbol", "check_symbols", "the object-model check");
    await diagnosticsStep("convention_diagnostic", "layout/", "rule_stats", "convention rules");

    await step("hover", async () => {
      const pos = position("src/app.js", /Document\.create/, "Document.".length);
      if (!pos) throw new Error("src/app.js has no Document.create");
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(pos.line, pos.column + 1);
      await page.keyboard.press(`${mod}+k`);
      await page.keyboard.press(`${mod}+i`);
      const text = await waitFor(async () => {
        const hovers = await page.locator(".monaco-hover:visible .hover-contents, .monaco-hover:visible .rendered-markdown").allInnerTexts();
        const t = [...new Set(hovers.map((h) => h.trim()))].join("\n").trim(); // the selectors nest
        return t.includes("create") ? t : undefined;
      }, 15000);
      await screenshot("hover");
      await page.keyboard.press("Escape");
      if (!text) {
        if (!SERVER_COMMANDS.includes("check_symbols")) skip("no hover on Document.create and the server lacks `check_symbols` (engine-symbol hover not landed)");
        throw new Error("no Footprint hover on Document.create although the server offers `check_symbols`");
      }
      return { text };
    });

    await step("hover_unknown_member", async () => {
      // Issue 20.11: the hover on an invented member shows the member it most likely means (its signature and a
      // link to its declaration), not the diagnostic's text again.
      const pos = position("src/app.js", /page\.createBlock/, "page.".length + 2);
      if (!pos) throw new Error("src/app.js has no page.createBlock");
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(pos.line, pos.column);
      await page.keyboard.press(`${mod}+k`);
      await page.keyboard.press(`${mod}+i`);
      const read = async () => {
        const hovers = await page.locator(".monaco-hover:visible .hover-contents, .monaco-hover:visible .rendered-markdown").allInnerTexts();
        return [...new Set(hovers.map((h) => h.trim()))].join("\n").trim();
      };
      // The diagnostic's part comes first; wait for the server's own hover part (it names addBlock).
      const text = await waitFor(async () => {
        const t = await read();
        return /addBlock\(/.test(t) ? t : undefined;
      }, 15000, "the Footprint hover on page.createBlock to show addBlock's signature");
      const links = await page.locator(".monaco-hover:visible a").evaluateAll((as) => as.map((a) => ({ text: a.innerText, href: a.getAttribute("data-href") || a.getAttribute("href") || "" })));
      await screenshot("hover-unknown-member");
      await page.keyboard.press("Escape");
      return { text, links };
    });

    await step("hover_vocabulary_finding", async () => {
      // A near miss on a receiver nothing types (src/vocab_probe.js, written by the test's fixture): VS Code shows
      // the diagnostic's sentence in the hover itself, so the server's part adds the member it means, never the
      // same sentence again (it appeared twice).
      await openFile("src/vocab_probe.js");
      try {
        await waitFor(async () => {
          const r = await problems();
          return r.some((t) => t.includes("no type in reach")) ? r : undefined;
        }, 60000, "the vocabulary warning on pdf.addPaeg in the Problems panel");
        const pos = position("src/vocab_probe.js", /pdf\.addPaeg/, "pdf.".length + 2);
        if (!pos) throw new Error("src/vocab_probe.js has no pdf.addPaeg");
        const read = async () => {
          const hovers = await page.locator(".monaco-hover:visible .hover-contents, .monaco-hover:visible .rendered-markdown").allInnerTexts();
          const t = [...new Set(hovers.map((h) => h.trim()))].join("\n").trim();
          return /addPage\(/.test(t) && /no type in reach/.test(t) ? t : undefined;
        };
        let text;
        for (let attempt = 0; attempt < 3 && !text; attempt++) { // the chord can be lost while the panel takes focus
          await page.locator(".monaco-editor textarea").first().focus();
          await goTo(pos.line, pos.column);
          await page.keyboard.press(`${mod}+k`);
          await page.keyboard.press(`${mod}+i`);
          text = await waitFor(read, 10000);
        }
        await screenshot("hover-vocabulary-finding");
        if (!text) throw new Error("no hover on pdf.addPaeg showing the diagnostic and addPage's signature");
        await page.keyboard.press("Escape");
        return { text };
      } finally {
        await openFile("src/app.js"); // the next steps work on app.js
      }
    });

    await step("delete_footprint_code_action", async () => {
      const rel = "src/app.js";
      const before = fs.readFileSync(path.join(WS, rel), "utf8");
      const decls = [];
      before.split("\n").forEach((l, i) => {
        const m = /^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(l);
        if (m) decls.push({ line: i + 1, column: l.indexOf(m[1], m[0].indexOf(m[1])) + 1, name: m[1] });
      });
      for (const d of decls.slice(0, 12)) {
        await page.locator(".monaco-editor textarea").first().focus();
        await goTo(d.line, d.column);
        await page.keyboard.press(`${mod}+.`);
        const rows = page.locator(".action-widget .monaco-list-row");
        const titles = await waitFor(async () => {
          const t = await rows.allInnerTexts();
          return t.length ? t : undefined;
        }, 4000);
        const index = (titles ?? []).findIndex((t) => new RegExp(`^Delete footprint of \`${d.name.replace(/\$/g, "\\$")}\` \\(\\d+ lines?\\)`).test(t.trim()));
        if (index < 0) {
          await page.keyboard.press("Escape");
          continue;
        }
        await screenshot("code-action-menu");
        // Walk the menu with the keyboard (menus answer the keyboard more reliably than the mouse).
        const title = titles[index].trim();
        for (let guard = 0; guard < 40; guard++) {
          const focused = (await page.locator(".action-widget .monaco-list-row.focused").allInnerTexts())[0]?.trim();
          if (focused === title) break;
          await page.keyboard.press("ArrowDown");
        }
        await page.keyboard.press("Enter");
        await waitFor(async () => (((await page.locator(".tab.active").first().getAttribute("class")) ?? "").includes("dirty") ? true : undefined),
          10000, "the code action's edit to reach the editor");
        const after = await saveUntil(rel, (t) => t !== before, 10000, "the saved file to change after the code action");
        const removed = before.split("\n").length - after.split("\n").length;
        if (removed <= 0) throw new Error(`"${title}" removed no lines`);
        return { title, name: d.name, lines_removed: removed };
      }
      if (!SERVER_COMMANDS.includes("footprint")) skip('no "Delete footprint of" action in the Ctrl+. menu and the server lacks the `footprint` command (not landed)');
      throw new Error('the server offers `footprint` but the Ctrl+. menu shows no "Delete footprint of" action on any declaration');
    });

    await step("palette_lookup_docs", async () => {
      if (!SERVER_COMMANDS.includes("lookup_docs")) skip("the server lacks the `lookup_docs` command (not landed)");
      await palette("Footprint: Look up docs");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible" });
      await input.fill("add a row to a table");
      await page.keyboard.press("Enter");
      const rows = await waitFor(async () => {
        const title = await page.locator(".quick-input-title").allInnerTexts();
        if (!title.join(" ").includes("Docs for")) return undefined;
        const r = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
        return r.length ? r : undefined;
      }, 30000, "the docs quick pick");
      await screenshot("lookup-quick-pick");
      await page.keyboard.press("Enter");
      const tab = await waitFor(async () => {
        const t = await page.locator(".tab.active").getAttribute("data-resource-name").catch(() => null);
        return t && t !== "app.js" ? t : undefined;
      }, 10000, "the chosen doc to open");
      return { rows, opened: tab };
    });

    await step("palette_check_symbols", async () => {
      if (!SERVER_COMMANDS.includes("check_symbols")) skip("the server lacks the `check_symbols` command (not landed)");
      await page.keyboard.press("Escape");
      await openFile("src/app.js");
      const pos = position("src/app.js", /page\.createBlock/, "page.".length + 2);
      if (!pos) throw new Error("src/app.js has no page.createBlock");
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(pos.line, pos.column);
      await palette("Footprint: Check symbols");
      const title = await waitFor(async () => {
        const t = (await page.locator(".quick-input-title").allInnerTexts()).join(" ");
        return /known/.test(t) ? t : undefined;
      }, 30000, "the check-symbols quick pick");
      const rows = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
      await screenshot("check-symbols");
      await page.keyboard.press("Escape");
      return { title, rows };
    });

    await step("palette_review_changes", async () => {
      if (!SERVER_COMMANDS.includes("review_changes")) skip("the server lacks the `review_changes` command (not landed)");
      await palette("Footprint: Review changes");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible" });
      await page.keyboard.press("Enter"); // empty: against HEAD
      const title = await waitFor(async () => {
        const t = (await page.locator(".quick-input-title").allInnerTexts()).join(" ");
        return t.includes("Footprint review") ? t : undefined;
      }, 60000, "the review quick pick");
      const rows = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
      await screenshot("review");
      await page.keyboard.press("Escape");
      return { title, rows };
    });

    await step("palette_rule_stats", async () => {
      if (!SERVER_COMMANDS.includes("rule_stats")) skip("the server lacks the `rule_stats` command (not landed)");
      await palette("Footprint: Show rule stats");
      const text = await waitFor(async () => {
        // The editor renders spaces as U+00A0.
        const t = (await page.locator(".part.editor .monaco-editor .view-lines").allInnerTexts()).join("\n").replace(/\u00a0/g, " ");
        return t.includes("Footprint rule stats") ? t : undefined;
      }, 30000, "the rule stats document");
      // Issue 20.14: a read-only document, not a dirty Untitled one.
      const tab = page.locator(".tab.active").first();
      const dirty = ((await tab.getAttribute("class")) ?? "").includes("dirty");
      const name = await tab.getAttribute("data-resource-name");
      return { text, dirty, name };
    });

    await step("palette_lookup_no_match", async () => {
      // Issue 20.7: no match is said in the quick pick itself (info notifications are hidden by default).
      if (!SERVER_COMMANDS.includes("lookup_docs")) skip("the server lacks the `lookup_docs` command (not landed)");
      await openFile("src/app.js");
      await palette("Footprint: Look up docs");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible" });
      await input.fill("zzqxv9 wqxzz7");
      await page.keyboard.press("Enter");
      const title = await waitFor(async () => {
        const t = (await page.locator(".quick-input-title").allInnerTexts()).join(" ");
        return t.includes("no match") ? t : undefined;
      }, 30000, "the lookup quick pick saying there is no match");
      const rows = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
      await page.keyboard.press("Escape");
      return { title, rows };
    });

    await step("convention_disable_action", async () => {
      // Issue 20.10: a convention finding offers "Disable <rule> for this line / file" in the Ctrl+. menu.
      await openFile("src/app.js");
      const rows = await problems();
      const row = rows.find((t) => t.includes("layout/"));
      const m = row && /\[Ln (\d+), Col (\d+)\]/.exec(row);
      if (!m) throw new Error(`no convention row with a position in the Problems panel: ${rows.join(" | ")}`);
      const rule = /(layout\/[\w-]+)/.exec(row)[1];
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(Number(m[1]), Number(m[2]));
      await page.keyboard.press(`${mod}+.`);
      const titles = await waitFor(async () => {
        const t = await page.locator(".action-widget .monaco-list-row").allInnerTexts();
        return t.some((x) => x.includes("Disable")) ? t : undefined;
      }, 10000, "the Ctrl+. menu with the disable actions");
      await screenshot("convention-actions");
      await page.keyboard.press("Escape");
      return { rule, titles: titles.map((t) => t.trim()) };
    });

    await step("check_workspace", async () => {
      // Issue 20.17: every file's problems, not only the open ones'.
      await palette("Footprint: Check workspace");
      const toast = await waitFor(async () => {
        const t = await toasts();
        return /problems? in \d+ files?/.test(t) ? t : undefined;
      }, 120000, "the Check workspace summary");
      await screenshot("check-workspace");
      const badge = (await page.locator(".panel .composite-bar .badge .badge-content, .panel .badge-content").allInnerTexts()).join(" ");
      await palette("Notifications: Clear All Notifications");
      return { toast, badge };
    });

    await step("palette_restart", async () => {
      const before = (logText().match(/server ready/g) || []).length;
      await palette("Footprint: Restart server");
      const text = await waitFor(async () => {
        const t = logText();
        return (t.match(/server ready/g) || []).length > before ? t : undefined;
      }, 60000, 'another "server ready" in the log after Footprint: Restart server');
      // Issue 20.13: how the restart reads in the log (a clean exit is no error; a server line has one timestamp).
      const lines = text.split("\n");
      return {
        starts: (text.match(/starting the server/g) || []).length,
        ready: (text.match(/server ready/g) || []).length,
        exited: lines.filter((l) => /exited with code/.test(l)).map((l) => l.trim()),
        errors: lines.filter((l) => /\[error\]/i.test(l)).map((l) => l.trim()),
        stamped_twice: lines.filter((l) => /\[\w+\]\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[,.]\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) /.test(l)).map((l) => l.trim()),
        server_lines: lines.filter((l) => / lsp_server\.[\w.]+: /.test(l)).map((l) => l.trim()).slice(0, 20),
      };
    });

    await step("typescript_file", async () => {
      // A TypeScript file of the example: the typescript language activates the client (document selector), the
      // receiver typed by a parameter property gets its unknown-symbol diagnostic, and hover shows the member.
      const rel = "src/reports/summary.ts";
      await page.keyboard.press("Escape");
      // Quick open, pressing Enter only once the filtered list shows the file (not a recently opened one).
      await page.keyboard.press(`${mod}+p`);
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible", timeout: 10000 });
      await input.fill(rel);
      await waitFor(async () => {
        const first = await page.locator(".quick-input-list .monaco-list-row").first().innerText().catch(() => "");
        return first.includes("summary.ts") && !first.includes("SummaryCard");
      }, 60000, `quick open to list ${rel}`);
      await page.keyboard.press("Enter");
      await page.locator('.tab.active[data-resource-name="summary.ts"]').first().waitFor({ timeout: 30000 });
      const rows = await waitFor(async () => {
        const r = await problems();
        return r.some((t) => t.includes("unknown-symbol") && t.includes("addFooter")) ? r : undefined;
      }, 60000, "an unknown-symbol diagnostic for this.doc.addFooter in src/reports/summary.ts");
      const pos = position(rel, /this\.doc\.addPage/, "this.doc.".length);
      if (!pos) throw new Error(`${rel} has no this.doc.addPage`);
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(pos.line, pos.column + 1);
      await page.keyboard.press(`${mod}+k`);
      await page.keyboard.press(`${mod}+i`);
      const text = await waitFor(async () => {
        const hovers = await page.locator(".monaco-hover:visible .hover-contents, .monaco-hover:visible .rendered-markdown").allInnerTexts();
        const t = [...new Set(hovers.map((h) => h.trim()))].join("\n").trim();
        return t.includes("Document.addPage") ? t : undefined;
      }, 20000, "the Footprint hover on this.doc.addPage");
      await screenshot("typescript-hover");
      await page.keyboard.press("Escape");
      return { rows: rows.filter((t) => t.includes("summary.ts") || t.includes("unknown-symbol")), text };
    });

    await step("crash_restart", async () => {
      // Issue 20.4: SIGKILL the server: a notification says so, the Problems panel drops its stale rows, and the
      // server comes back by itself with its diagnostics.
      await page.keyboard.press("Escape");
      await openFile("src/app.js");
      await waitFor(async () => ((await problems()).some((t) => /\bunknown-symbol\b/.test(t)) ? true : undefined), 30000,
        "the unknown-symbol row before the crash");
      const pids = serverPids(codeServer.pid);
      if (pids.length !== 1) throw new Error(`expected one server process, found ${JSON.stringify(pids)}`);
      const before = (logText().match(/server ready/g) || []).length;
      process.kill(pids[0], "SIGKILL");
      const toast = await waitFor(async () => {
        const t = await toasts();
        return t.includes("stopped unexpectedly") ? t : undefined;
      }, 30000, "the crash notification");
      await screenshot("crash-notification");
      // The open file's rows (Check workspace's rows for the other files are a snapshot of their own).
      const cleared = await waitFor(async () => ((await problems()).some((t) => t.includes("createBlock")) ? undefined : true), 15000);
      await waitFor(async () => ((logText().match(/server ready/g) || []).length > before ? true : undefined), 60000,
        'a new "server ready" after the crash, without any user action');
      const rows = await waitFor(async () => {
        const r = await problems();
        return r.some((t) => /\bunknown-symbol\b/.test(t)) ? r : undefined;
      }, 60000, "the unknown-symbol row again after the automatic restart");
      const after = serverPids(codeServer.pid);
      return { toast, cleared: !!cleared, rows, killed: pids[0], new_pids: after };
    });

    // code-server is a remote window: machine-scoped settings (footprint.path is machine-overridable) count
    // from the remote machine's settings file, which VS Code watches (user-level values are dimmed, unused).
    const machineSettings = path.join(userData, "Machine", "settings.json");
    const writeMachine = (values) => {
      fs.mkdirSync(path.dirname(machineSettings), { recursive: true });
      fs.writeFileSync(machineSettings, JSON.stringify(values, null, 2));
    };

    await step("missing_server_notification", async () => {
      // Changing footprint.path restarts the server; a command that does not exist gives one notification
      // that says so and what to do (not the client library's generic one).
      await page.keyboard.press("Escape");
      writeMachine({ "footprint.path": ["/nonexistent/footprint-ls", "serve"] });
      const text = await waitFor(async () => {
        const t = await toasts();
        return t.includes("could not start") ? t : undefined;
      }, 30000, "the notification that the server could not start");
      await sleep(2000); // give a second (unwanted) notification the time to appear
      await screenshot("missing-server");
      return { text, all_toasts: await toasts() };
    });

    await step("fix_while_notification_open", async () => {
      // Issue 20.2: with the "could not start" notification still open, fixing the setting restarts the server;
      // closing the notification afterwards starts nothing more.
      if (!(await toasts()).includes("could not start")) throw new Error("the notification is not open any more");
      const before = (logText().match(/server ready/g) || []).length;
      writeMachine({});
      await waitFor(async () => ((logText().match(/server ready/g) || []).length > before ? true : undefined), 60000,
        'a new "server ready" after fixing footprint.path while the notification is open');
      const stillOpen = (await toasts()).includes("could not start");
      await palette("Notifications: Clear All Notifications");
      await waitFor(async () => ((await toasts()).includes("could not start") ? undefined : true), 10000, "the notification to close");
      await sleep(2000); // a second server would be spawned right after the notification closed
      const pids = serverPids(codeServer.pid);
      const starts = (logText().match(/starting the server/g) || []).length;
      return { still_open_when_fixed: stillOpen, pids, starts };
    });

    await step("enable_setting", async () => {
      // Issue 20.15: footprint.enable off stops the server (and says so in the log and the status); on starts it.
      // In the remote machine's settings file, which the server watches (see writeMachine).
      const readyBefore = (logText().match(/server ready/g) || []).length;
      writeMachine({ "footprint.enable": false });
      await waitFor(async () => (logText().includes("footprint.enable is off") ? true : undefined), 30000,
        '"footprint.enable is off" in the log');
      const pidsOff = (await waitFor(async () => (serverPids(codeServer.pid).length === 0 ? [] : undefined), 15000)) ?? serverPids(codeServer.pid);
      writeMachine({});
      await waitFor(async () => ((logText().match(/server ready/g) || []).length > readyBefore ? true : undefined), 60000,
        'a new "server ready" after footprint.enable was turned on again');
      return { pids_off: pidsOff, pids_on: serverPids(codeServer.pid) };
    });

    await step("auto_fix_applies_the_preferred_rename", async () => {
      // Issue 20.12: "Rename to `addBlock`" is the preferred fix, so Auto Fix (Shift+Alt+.) applies it alone.
      await openFile("src/app.js");
      const rel = "src/app.js";
      const before = fs.readFileSync(path.join(WS, rel), "utf8");
      const pos = position(rel, /page\.createBlock/, "page.".length + 2);
      if (!pos) throw new Error("src/app.js has no page.createBlock");
      await waitFor(async () => ((await problems()).some((t) => t.includes("createBlock")) ? true : undefined), 60000,
        "the createBlock diagnostic before Auto Fix");
      await page.locator(".monaco-editor textarea").first().focus();
      await goTo(pos.line, pos.column);
      await palette("Auto Fix...");
      const fixedLine = pos.text.replace("createBlock", "addBlock").trim().replace(/ /g, "\u00a0");
      await waitFor(async () => {
        const t = (await page.locator(".part.editor .monaco-editor .view-lines").allInnerTexts()).join("\n");
        return t.includes(fixedLine) ? true : undefined;
      }, 15000, "the editor to show the renamed call after Auto Fix");
      const after = await saveUntil(rel, (t) => t !== before, 15000, "Auto Fix to change the file");
      const line = after.split("\n")[pos.line - 1];
      // Put the file back for anything after this step.
      await page.locator(".monaco-editor textarea").first().focus();
      await page.keyboard.press(`${mod}+z`);
      // Not this step's assertion: a restore that does not land is reported, not failed.
      const restored = (await saveUntil(rel, (t) => t === before, 15000)) !== undefined;
      return { restored, line, changed_lines: after.split("\n").filter((l, i) => l !== before.split("\n")[i]).length };
    });
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Restricted Mode: a second code-server with workspace trust on, opening a folder it does not trust.
const untrustedUserData = path.join(OUT, "user-data-untrusted");
let codeServer2;
async function untrustedPhase() {
  const ws = env.E2E_UNTRUSTED_WORKSPACE;
  if (!ws || results.install_vsix?.status !== "pass") return;
  writeSettings({
    "security.workspace.trust.enabled": true,
    "security.workspace.trust.startupPrompt": "never", // no dialog: an unknown folder simply opens untrusted
    "security.workspace.trust.banner": "never",
  }, untrustedUserData);
  const port = await freePort();
  const logFile = fs.openSync(path.join(OUT, "code-server-untrusted.log"), "w");
  codeServer2 = spawn(CODE_SERVER, [
    "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry", "--disable-update-check",
    "--disable-getting-started-override", "--user-data-dir", untrustedUserData, "--extensions-dir", extensions, ws,
  ], { env, stdio: ["ignore", logFile, logFile], detached: true });
  await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);
  const browser = await chromium.launch({
    executablePath: env.E2E_CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const log = () => logText(untrustedUserData);
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20000);

    await step("untrusted_workspace_diagnostics", async () => {
      await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`);
      await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
      await openFile("src/app.js");
      const text = await waitFor(async () => {
        const t = log();
        return t.includes("server ready") ? t : undefined;
      }, 240000, '"server ready" in the Footprint log of the untrusted workspace (it installs the bundled server first)');
      const rows = await waitFor(async () => {
        const r = await problems();
        return r.some((t) => /\bunknown-symbol\b/.test(t)) ? r : undefined;
      }, 60000, "an unknown-symbol diagnostic in the untrusted workspace");
      await screenshot("untrusted-problems");
      const lines = text.split("\n");
      return {
        rows,
        restricted: lines.filter((l) => /not trusted|ignored the workspace value/.test(l)).map((l) => l.trim()),
        started: (lines.find((l) => l.includes("starting the server")) ?? "").trim(),
        // Checked after the server answered: the extension had every chance to start the folder's program.
        marker_exists: fs.existsSync(env.E2E_MARKER),
      };
    });
    if (results.untrusted_workspace_diagnostics.status !== "pass") return;

    await step("untrusted_language_status", async () => {
      // Issue 20.15: Restricted Mode is said in the Footprint language status, not silent.
      return { text: await languageStatusReady("untrusted-language-status", " of the untrusted workspace") };
    });

    await step("untrusted_trust_commands_hidden", async () => {
      await page.keyboard.press("F1");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible", timeout: 10000 });
      await input.fill(">Footprint: ");
      await page.locator(".quick-input-list .monaco-list-row").first().waitFor({ timeout: 10000 });
      const rows = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
      await page.keyboard.press("Escape");
      return { rows };
    });

    await step("untrusted_then_trust_granted", async () => {
      // Workspaces: Manage Workspace Trust, then the editor's "Trust" button: the extension restarts the server,
      // now with the workspace's own footprint.path (the marker-writing program).
      const before = (log().match(/server ready/g) || []).length;
      await palette("Workspaces: Manage Workspace Trust");
      const button = page.locator(".workspace-trust-editor .monaco-button", { hasText: /^Trust$/ }).first();
      await button.waitFor({ timeout: 20000 });
      await screenshot("trust-editor");
      await button.click();
      const text = await waitFor(async () => {
        const t = log();
        return (t.match(/server ready/g) || []).length > before ? t : undefined;
      }, 60000, 'a new "server ready" after the workspace was trusted');
      const started = text.split("\n").filter((l) => l.includes("starting the server")).map((l) => l.trim());
      return { started, marker_exists: fs.existsSync(env.E2E_MARKER), restart_logged: text.includes("the workspace is now trusted") };
    });
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// No Python >= 3.11 on the machine: a third code-server whose PATH holds only `node`, with fresh storage (no
// bundled environment yet): the user is told what was looked for and what to do.
let codeServer3;
async function noPythonPhase() {
  if (results.install_vsix?.status !== "pass") return;
  const dir = path.join(OUT, "user-data-nopython");
  writeSettings({}, dir);
  const bin = path.join(OUT, "bin-nopython");
  fs.mkdirSync(bin, { recursive: true });
  if (!fs.existsSync(path.join(bin, "node"))) fs.symlinkSync(process.execPath, path.join(bin, "node"));
  const port = await freePort();
  const logFile = fs.openSync(path.join(OUT, "code-server-nopython.log"), "w");
  codeServer3 = spawn(CODE_SERVER, [
    "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry", "--disable-update-check",
    "--disable-workspace-trust", "--disable-getting-started-override", "--user-data-dir", dir,
    "--extensions-dir", extensions, WS,
    // VSCODE_CLI: the server then keeps this PATH instead of adding the login shell's (which has Pythons).
  ], { env: { ...env, PATH: bin, VSCODE_CLI: "1" }, stdio: ["ignore", logFile, logFile], detached: true });
  await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);
  const browser = await chromium.launch({
    executablePath: env.E2E_CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(20000);
    await step("no_python_message", async () => {
      await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(WS)}`);
      await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
      await openFile("src/app.js");
      const toast = await waitFor(async () => {
        const t = await toasts();
        return t.includes("Python 3.11 or newer") ? t : undefined;
      }, 60000, "the notification that no Python 3.11+ was found");
      await screenshot("no-python");
      // The output channel reaches its log file after the notification shows: wait for the line, not a moment.
      const log = await waitFor(async () => {
        const text = logText(dir);
        return text.includes("looking for Python") ? text : undefined;
      }, 30000, "the log line saying which Pythons were looked for");
      return { toast, started: log.includes("starting the server"), looked: (log.split("\n").find((l) => l.includes("looking for Python")) ?? "").trim() };
    });
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Multi-root: a window with two copies of the example (E2E_MULTIROOT_WORKSPACE); only folder `two` has an
// uncommitted change. With no editor open, Review changes asks for the folder; its finding opens `two`'s file.
let codeServer4;
async function multiRootPhase() {
  const workspace = env.E2E_MULTIROOT_WORKSPACE;
  if (!workspace || results.install_vsix?.status !== "pass") return;
  const dir = path.join(OUT, "user-data-multiroot");
  writeSettings({}, dir);
  const port = await freePort();
  const logFile = fs.openSync(path.join(OUT, "code-server-multiroot.log"), "w");
  codeServer4 = spawn(CODE_SERVER, [
    "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry", "--disable-update-check",
    "--disable-workspace-trust", "--disable-getting-started-override", "--user-data-dir", dir,
    "--extensions-dir", extensions,
  ], { env, stdio: ["ignore", logFile, logFile], detached: true });
  await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);
  const browser = await chromium.launch({
    executablePath: env.E2E_CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(20000);
    await step("multiroot_review", async () => {
      if (!SERVER_COMMANDS.includes("review_changes")) skip("the server lacks the `review_changes` command (not landed)");
      await page.goto(`http://127.0.0.1:${port}/?workspace=${encodeURIComponent(workspace)}`);
      await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
      // Activated by workspaceContains:footprint.toml: no editor needs to be open.
      await waitFor(async () => (logText(dir).includes("server ready") ? true : undefined), 240000, '"server ready" in the multi-root window');
      await palette("Footprint: Review changes");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ state: "visible" });
      await page.keyboard.press("Enter"); // the revision: HEAD
      const choices = await waitFor(async () => {
        const rows = await page.locator(".quick-input-list .monaco-list-row").allInnerTexts();
        return rows.some((r) => r.includes("two")) ? rows : undefined;
      }, 20000, "the folder pick");
      await input.fill("two");
      await page.keyboard.press("Enter");
      await waitFor(async () => {
        const t = (await page.locator(".quick-input-title").allInnerTexts()).join(" ");
        return t.includes("Footprint review") ? t : undefined;
      }, 60000, "the review quick pick for folder two");
      await page.keyboard.press("Enter");
      const opened = await waitFor(async () => page.locator(".tab.active").getAttribute("data-resource-name").catch(() => null), 15000,
        "the finding's file to open");
      await sleep(500);
      const breadcrumbs = (await page.locator(".breadcrumbs-control").first().innerText().catch(() => "")).replace(/\s+/g, " ");
      await screenshot("multiroot-review");
      return { folder_choices: choices.map((c) => c.split("\n")[0].trim()), opened, breadcrumbs };
    });
  } finally {
    await browser.close();
  }
}

// E2E_PHASES (comma-separated, default all): run only some phases when debugging one (install_vsix always runs).
const PHASES = new Set((env.E2E_PHASES || "main,untrusted,nopython,multiroot").split(","));
try {
  if (PHASES.has("main")) await main();
  else await step("install_vsix", async () => {
    const r = spawnSync(CODE_SERVER, ["--extensions-dir", extensions, "--user-data-dir", userData, "--install-extension", env.E2E_VSIX], { encoding: "utf8", timeout: 120000 });
    if (r.status !== 0) throw new Error(`--install-extension failed (${r.status}): ${r.stdout}\n${r.stderr}`);
    return { installed: fs.readdirSync(extensions).filter((d) => d.startsWith("footprint.footprint-")) };
  });
  if (codeServer?.pid) {
    try {
      process.kill(-codeServer.pid, "SIGTERM"); // the first workbench is done: free the cores
    } catch {
      /* gone */
    }
  }
  if (PHASES.has("untrusted")) await untrustedPhase();
  if (codeServer2?.pid) {
    try {
      process.kill(-codeServer2.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  if (PHASES.has("nopython")) await noPythonPhase();
  if (codeServer3?.pid) {
    try {
      process.kill(-codeServer3.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  if (PHASES.has("multiroot")) await multiRootPhase();
} catch (err) {
  results._fatal = String(err?.stack || err);
} finally {
  fs.writeFileSync(path.join(OUT, "results.json"), JSON.stringify(results, null, 2));
  for (const proc of [codeServer, codeServer2, codeServer3, codeServer4]) {
    if (!proc?.pid) continue;
    try {
      process.kill(-proc.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
}
