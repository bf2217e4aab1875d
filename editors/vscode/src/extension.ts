/**
 * The VS Code glue: starts the Footprint language server, wires the palette commands to its
 * `workspace/executeCommand` commands, and shows its state. The decisions (which command line, which
 * options, how results look) are in the pure modules next to this one, which are unit-tested.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  MessageType,
  RevealOutputChannelOn,
  ServerOptions,
  ShowMessageNotification,
  State,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  DidChangeConfigurationNotification,
} from "vscode-languageclient/node";
import {
  PALETTE_COMMANDS,
  WorkspaceFinding,
  workspaceProblems,
  ServerState,
  lookupPicks,
  missingServerCommand,
  reviewPicks,
  reviewSummary,
  ruleStatsMarkdown,
  statusText,
  symbolNames,
  symbolPicks,
  symbolSummary,
} from "./format";
import { bundledWheels, envFolder, findPython, installBundled, isInstalled, noPythonMessage, pythonVersion, venvPython } from "./bundled";
import { ImportStrategy, ServerCommand, commandProblem, formatCommandLine, installHint, whichIn } from "./serverCommand";
import { CrashBackoff, Severity, serverLogLine, serverLogLines, changeEffect, notificationLevel, plainMessage, serverOptions, shouldNotify } from "./settings";
import { LaunchPlan, TrustVerb, launchIdentity, planLaunch, trustedSettings, verbCommand, verbFailure } from "./trust";

/** Equal to the settings namespace, so `footprint.trace.server` is honoured by the client library. */
const CLIENT_ID = "footprint";
const CLIENT_NAME = "Footprint";

const SELECTOR = [
  { scheme: "file", language: "javascript" },
  { scheme: "file", language: "javascriptreact" },
  { scheme: "file", language: "typescript" },
  { scheme: "file", language: "typescriptreact" },
];

let extensionContext: vscode.ExtensionContext;
let log: vscode.LogOutputChannel;
let status: vscode.LanguageStatusItem;
let client: LanguageClient | undefined;
let starting: Promise<void> | undefined;
/** launchIdentity() of the plan the running client was started with. */
let runningLaunch: string | undefined;
/** Clients we are stopping on purpose: their exit is no crash. */
const stoppingClients = new WeakSet<LanguageClient>();
const crashes = new CrashBackoff();
let crashRestart: ReturnType<typeof setTimeout> | undefined;

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration("footprint", workspaceFolder()?.uri);
}

function workspaceFolder(): vscode.WorkspaceFolder | undefined {
  const active = vscode.window.activeTextEditor?.document.uri;
  return (active && vscode.workspace.getWorkspaceFolder(active)) || vscode.workspace.workspaceFolders?.[0];
}

function workspaceRoot(): string | undefined {
  return workspaceFolder()?.uri.fsPath;
}

/**
 * The folder a palette command runs for: the active editor's, the only one, or (several folders and no
 * editor in any) the one the user picks. Undefined: cancelled, or no folder open (the server's default).
 */
async function commandFolder(): Promise<{ folder?: vscode.WorkspaceFolder; cancelled: boolean }> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active && vscode.workspace.getWorkspaceFolder(active);
  if (folder) return { folder, cancelled: false };
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return { folder: folders[0], cancelled: false };
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: "Footprint: which folder?" });
  return { folder: picked, cancelled: !picked };
}

function notify(severity: Severity, message: string, ...actions: string[]): Thenable<string | undefined> {
  const line = message.replace(/\s+/g, " ");
  if (severity === "error") log.error(line);
  else if (severity === "warning") log.warn(line);
  else log.info(line);
  if (!shouldNotify(notificationLevel(config().get("showNotifications")), severity)) return Promise.resolve(undefined);
  const show = severity === "error" ? vscode.window.showErrorMessage : severity === "warning" ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  return show(plainMessage(message), ...actions); // notifications render no Markdown: no literal backticks
}

function setState(state: ServerState): void {
  const view = statusText(state, !vscode.workspace.isTrusted);
  status.text = view.text;
  status.detail = view.detail;
  status.busy = view.busy;
  status.severity = view.error ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
}

async function pythonExtensionInterpreter(): Promise<string[] | undefined> {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) return undefined;
  try {
    const api = ext.isActive ? ext.exports : await ext.activate();
    const resource = workspaceFolder()?.uri;
    // The stable "environments" API first, then the older execution-details API.
    const envPath = api?.environments?.getActiveEnvironmentPath?.(resource);
    if (envPath?.path) {
      const env = await api.environments.resolveEnvironment?.(envPath);
      const exe = env?.executable?.uri?.fsPath ?? envPath.path;
      if (exe) return [exe];
    }
    const details = api?.settings?.getExecutionDetails?.(resource);
    if (Array.isArray(details?.execCommand) && details.execCommand.length) return details.execCommand;
  } catch (err) {
    log.warn(`could not ask the Python extension for its interpreter: ${String(err)}`);
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function realpath(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return file;
  }
}

const which = (name: string) => whichIn(name, process.env.PATH, isExecutable);

function wheelsDir(): string {
  return path.join(extensionContext.extensionPath, "bundled", "wheels");
}

function storageDir(): string {
  return extensionContext.globalStorageUri.fsPath;
}

/** Where the bundled server's Python is (or will be, once installed); undefined when this build has no bundle. */
function bundledPython(): string | undefined {
  const wheels = bundledWheels(wheelsDir());
  return wheels.length ? venvPython(envFolder(storageDir(), wheels)) : undefined;
}

/**
 * Install the bundled server on first start (offline, from the wheels in the .vsix) with a progress
 * notification. Returns a problem to show, or undefined when the environment is ready.
 */
async function ensureBundled(): Promise<string | undefined> {
  const wheels = bundledWheels(wheelsDir());
  if (isInstalled(storageDir(), wheels)) return undefined;
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  // Never run a program inside an untrusted workspace to learn its version.
  const whichOutside = (name: string) => {
    const found = which(name);
    return found && !vscode.workspace.isTrusted && folders.some((f) => !path.relative(f, found).startsWith("..")) ? undefined : found;
  };
  const found = await findPython(whichOutside, pythonVersion);
  log.info(`looking for Python >= 3.11 for the bundled server: ${found.seen.join(", ")}`);
  if (!found.python) return noPythonMessage(found.seen);
  const python = found.python;
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: "Footprint: setting up the bundled server (first start only)" },
      async (progress) => {
        await installBundled(storageDir(), wheelsDir(), python, (message) => {
          log.info(`bundled server: ${message} (with ${python})`);
          progress.report({ message });
        });
      },
    );
  } catch (err) {
    return `Footprint: setting up the bundled server failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  log.info(`bundled server installed in ${envFolder(storageDir(), wheels)}`);
  return undefined;
}

/** The settings as they count under the workspace's trust (restricted ones from user settings when untrusted). */
function trustedConfig(): (key: string) => unknown {
  const c = config();
  return trustedSettings(vscode.workspace.isTrusted, (key) => c.get(key), (key) => c.inspect(key)).read;
}

async function planServer(): Promise<LaunchPlan> {
  const c = config();
  return planLaunch(
    vscode.workspace.isTrusted,
    (key) => c.get(key),
    (key) => c.inspect(key),
    { workspaceFolder: workspaceRoot(), userHome: os.homedir(), env: process.env },
    { which, pythonExtensionInterpreter, isExecutable, bundledPython: () => bundledPython() },
    { workspaceFolders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath), realpath },
  );
}

async function startServer(): Promise<void> {
  if (config().get("enable") === false) {
    log.info("footprint.enable is off: the server is not started");
    setState({ kind: "stopped", reason: "Turned off by the footprint.enable setting" });
    return;
  }
  setState({ kind: "starting" });
  const plan = await planServer();
  if (!plan.initializationOptions.workspaceTrusted) {
    log.info("the workspace is not trusted (Restricted Mode): the server command comes from user settings only, and the server treats every folder as untrusted");
  }
  for (const key of plan.ignored) log.warn(`ignored the workspace value of ${key}: the workspace is not trusted`);
  for (const reason of plan.refused) log.warn(`not started: ${reason}`);
  const cmd = plan.command;
  const strategy = plan.importStrategy;
  if (!cmd) {
    setState({ kind: "stopped", reason: "footprint-ls not found" });
    const refused = plan.refused.length ? `; not started because the workspace is not trusted: ${plan.refused.join(", ")}` : "";
    const tried = strategy === "fromEnvironment"
      ? "`footprint-ls` is not on PATH nor in the workspace's `.venv`, the Python extension has no interpreter, and neither `footprint.path` nor `footprint.interpreter` is set"
      : "this build of the extension has no bundled server";
    // Not awaited: the notification stays open while the user fixes a setting, and that restart must run.
    void showInstallHint(`${tried}${refused}`, strategy);
    return;
  }
  if (cmd.source === "bundled") {
    setState({ kind: "starting", message: "setting up the bundled server" });
    const problem = await ensureBundled();
    if (problem) {
      setState({ kind: "stopped", reason: "the bundled server could not be set up" });
      void notify("error", problem, "Show Logs").then((choice) => (choice === "Show Logs" ? log.show(true) : undefined));
      return;
    }
  }
  const extraEnv = Object.entries(cmd.env ?? {}).map(([k, v]) => ` with ${k}=${v}`).join("");
  log.info(`starting the server (from ${cmd.source}): ${formatCommandLine(cmd)}${cmd.cwd ? ` in ${cmd.cwd}` : ""}${extraEnv}`);
  const problem = commandProblem(cmd.command, which, isExecutable);
  if (problem) {
    setState({ kind: "stopped", reason: problem });
    void showInstallHint(`${problem}; it comes from ${cmd.source}`, strategy);
    return;
  }

  const serverOpts: ServerOptions = { command: cmd.command, args: cmd.args, options: { cwd: cmd.cwd, env: serverEnv(cmd) } };
  let lc: LanguageClient | undefined;
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    outputChannel: serverOutput(),
    traceOutputChannel: log,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: plan.initializationOptions,
    initializationFailedHandler: (error) => {
      log.error(`initialization failed: ${String(error)}`);
      return false;
    },
    errorHandler: {
      error: (error) => {
        log.error(`connection error: ${error.message}`);
        return { action: ErrorAction.Shutdown, handled: true };
      },
      closed: () => {
        if (lc && !stoppingClients.has(lc)) onCrash(lc);
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    },
  };
  lc = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOpts, clientOptions);
  const started = lc;
  // The server's window/showMessage honours footprint.showNotifications (everything still goes to the log).
  lc.onNotification(ShowMessageNotification.type, (params) => {
    const severity: Severity = params.type === MessageType.Error ? "error" : params.type === MessageType.Warning ? "warning" : "info";
    void notify(severity, params.message);
  });
  lc.onDidChangeState((e) => {
    if (client !== started) return; // an old client's last words
    if (e.newState === State.Running) setState({ kind: "ready" });
    else if (e.newState === State.Stopped && !crashRestart) setState({ kind: "stopped" });
  });
  client = lc;
  runningLaunch = launchIdentity(plan);
  try {
    await lc.start();
  } catch (err) {
    client = undefined;
    stoppingClients.add(lc);
    setState({ kind: "stopped", reason: String(err) });
    void showInstallHint(`${formatCommandLine(cmd)} failed: ${err instanceof Error ? err.message : String(err)}`, strategy);
    try {
      await lc.dispose();
    } catch {
      /* already dead */
    }
    return;
  }
  trackIndexing(lc);
  setState({ kind: "ready" });
  log.info(`server ready: ${lc.initializeResult?.serverInfo?.name ?? "?"} ${lc.initializeResult?.serverInfo?.version ?? ""}`.trim());
}

/** $/progress from the server drives the language status item (and a quiet window progress). */
function trackIndexing(lc: LanguageClient): void {
  lc.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
    let finish: (() => void) | undefined;
    let reportUi: ((p: { message?: string; increment?: number }) => void) | undefined;
    let last = 0;
    const done = lc.onProgress(WorkDoneProgress.type, token, (value) => {
      if (value.kind === "begin") {
        setState({ kind: "indexing", message: value.message, percentage: value.percentage });
        void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: value.title }, (progress) => {
          reportUi = (p) => progress.report(p);
          return new Promise<void>((resolve) => (finish = resolve));
        });
      } else if (value.kind === "report") {
        setState({ kind: "indexing", message: value.message, percentage: value.percentage });
        const pct = value.percentage ?? last;
        reportUi?.({ message: value.message, increment: pct - last });
        last = pct;
      } else {
        setState({ kind: "ready" });
        finish?.();
        done.dispose();
      }
    });
  });
}

/**
 * The channel the client library writes the server's stderr and its own messages to: each line goes into our
 * log at its own level, once timestamped (serverLogLine).
 */
function serverOutput(): vscode.OutputChannel {
  let pending = "";
  const emit = (line: string) => {
    if (!line.trim()) return;
    const { level, text } = serverLogLine(line);
    log[level](text);
  };
  const append = (value: string) => {
    pending += value;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? "";
    lines.forEach(emit);
  };
  return {
    name: log.name,
    append,
    appendLine: (value: string) => append(`${value}\n`),
    replace: (value: string) => append(value),
    clear: () => log.clear(),
    show: (a?: unknown, b?: boolean) => log.show(typeof a === "boolean" ? a : b),
    hide: () => log.hide(),
    dispose: () => undefined, // the log outlives a client
  };
}

/** The environment a server (or one of its CLI verbs) runs with. */
function serverEnv(cmd: ServerCommand): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...cmd.env };
  if (cmd.source !== "bundled") return env;
  // The bundled server imports only from its own environment (never a PYTHONPATH or the workspace's folder).
  for (const key of ["PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE"]) delete env[key];
  env.PYTHONSAFEPATH = "1";
  return env;
}

/**
 * The server exited without being asked to: say so, clear its diagnostics (they would otherwise read as
 * "no problems" or go stale) and start it again after a growing pause; give up after repeated crashes.
 */
function onCrash(lc: LanguageClient): void {
  if (client !== lc) return;
  lc.diagnostics?.clear();
  const delay = crashes.next(Date.now());
  if (delay === undefined) {
    setState({ kind: "stopped", reason: "The server keeps crashing; see the log" });
    log.error(`the server process exited unexpectedly again (${crashes.limit} times within ${crashes.windowMs / 60000} minutes): not restarting it`);
    void notify("error", `Footprint: the server crashed ${crashes.limit} times in a few minutes, so it is not restarted. Its diagnostics are cleared. See the log, then run \`Footprint: Restart server\`.`, "Show Logs", "Restart Server")
      .then((choice) => (choice === "Show Logs" ? log.show(true) : choice === "Restart Server" ? restartServer() : undefined));
    return;
  }
  const seconds = Math.round(delay / 1000);
  log.error(`the server process exited unexpectedly: restarting it in ${seconds} s`);
  setState({ kind: "stopped", reason: `The server crashed; restarting in ${seconds} s` });
  void notify("error", `Footprint: the server stopped unexpectedly; restarting it in ${seconds} s. Its diagnostics are cleared until it is back.`, "Show Logs")
    .then((choice) => (choice === "Show Logs" ? log.show(true) : undefined));
  crashRestart = setTimeout(() => {
    crashRestart = undefined;
    if (client === lc) void restartServer(false);
  }, delay);
}

async function showInstallHint(reason: string, strategy?: ImportStrategy): Promise<void> {
  const choice = await notify("error", installHint(reason, strategy), "Open Settings", "Show Logs");
  if (choice === "Open Settings") await vscode.commands.executeCommand("workbench.action.openSettings", "footprint.");
  else if (choice === "Show Logs") log.show(true);
}

async function stopServer(): Promise<void> {
  const lc = client;
  client = undefined;
  if (crashRestart) clearTimeout(crashRestart);
  crashRestart = undefined;
  if (lc) {
    stoppingClients.add(lc);
    if (lc.isRunning()) {
      try {
        await lc.stop(5000);
      } catch (err) {
        log.warn(`stopping the server: ${String(err)}`);
      }
    }
    await lc.dispose().then(undefined, () => undefined);
  }
}

/** `byUser`: a restart the user asked for (or a settings change) forgets earlier crashes. */
async function restartServer(byUser = true): Promise<void> {
  if (byUser) crashes.reset();
  if (starting) await starting;
  starting = (async () => {
    await stopServer();
    await startServer();
  })();
  try {
    await starting;
  } finally {
    starting = undefined;
  }
}

/** Run a server command, or explain why it cannot run. */
async function serverCommand(name: string, args: object): Promise<unknown | undefined> {
  if (starting) await starting;
  const lc = client;
  if (!lc || !lc.isRunning()) {
    await notify("error", "Footprint: the language server is not running. Run `Footprint: Restart server` or see `Footprint: Show logs`.");
    return undefined;
  }
  const missing = missingServerCommand(name, lc.initializeResult?.capabilities.executeCommandProvider?.commands);
  if (missing) {
    await notify("error", `Footprint: ${missing}`);
    return undefined;
  }
  try {
    return await lc.sendRequest(ExecuteCommandRequest.type, { command: name, arguments: [args] });
  } catch (err) {
    await notify("error", `Footprint: ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

async function openAt(file: string, line: number, character = 0, endLine?: number): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const start = new vscode.Position(line, character);
  const end = endLine !== undefined ? new vscode.Position(endLine, 0) : start;
  const editor = await vscode.window.showTextDocument(doc, { selection: new vscode.Range(start, start), preview: true });
  editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.AtTop);
}

async function lookupDocs(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).trim() : "";
  const query = await vscode.window.showInputBox({
    title: "Footprint: Look up docs",
    prompt: "Search the engine's docs (e.g. “add a row to a table”)",
    value: selected.length < 200 ? selected : "",
  });
  if (!query?.trim()) return;
  const { folder, cancelled } = await commandFolder();
  if (cancelled) return;
  const result = await serverCommand("lookup_docs", { query: query.trim(), limit: 20, ...(folder ? { uri: folder.uri.toString() } : {}) });
  if (result === undefined) return;
  const view = lookupPicks(result, folder?.uri.fsPath);
  log.info(`lookup_docs “${query.trim()}”: ${view.picks.length} result(s)`);
  if (view.picks.length === 0) {
    // Said where the user looks for the answer (an info notification is hidden by default).
    await vscode.window.showQuickPick([{ label: "$(info) No docs match", detail: view.note ?? "Try other words, or the name of an engine class or method." }], {
      title: `Docs for “${query}”: no match`,
    });
    return;
  }
  const pick = await vscode.window.showQuickPick(view.picks, {
    title: `Docs for “${query}”${view.note ? ` — ${view.note}` : ""}`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (pick) await openAt(pick.file, pick.startLine, 0, pick.endLine);
}

async function checkSymbols(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    await notify("error", "Footprint: open a file and select the symbols to check (or put the cursor on one).");
    return;
  }
  let text = editor.document.getText(editor.selection);
  if (editor.selection.isEmpty) {
    const range = editor.document.getWordRangeAtPosition(editor.selection.active, /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/);
    text = range ? editor.document.getText(range) : "";
  }
  const names = symbolNames(text);
  if (names.length === 0) {
    await notify("error", "Footprint: no symbol under the cursor or in the selection.");
    return;
  }
  const result = await serverCommand("check_symbols", { names, uri: editor.document.uri.toString() });
  if (result === undefined) return;
  const picks = symbolPicks(result, vscode.workspace.getWorkspaceFolder(editor.document.uri)?.uri.fsPath ?? workspaceRoot());
  log.info(`check_symbols ${names.join(" ")}: ${symbolSummary(picks)}`);
  const pick = await vscode.window.showQuickPick(picks, {
    title: `Footprint: ${symbolSummary(picks)} (choose one to open its docs)`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (pick?.docFile) await openAt(pick.docFile, pick.docLine ?? 0);
}

async function reviewChanges(): Promise<void> {
  const rev = await vscode.window.showInputBox({
    title: "Footprint: Review changes",
    prompt: "Compare the working tree against this revision (empty: the default, HEAD)",
    placeHolder: "HEAD",
  });
  if (rev === undefined) return;
  const { folder, cancelled } = await commandFolder();
  if (cancelled) return;
  const args = { ...(rev.trim() ? { rev: rev.trim() } : {}), ...(folder ? { uri: folder.uri.toString() } : {}) };
  const result = await serverCommand("review_changes", args);
  if (result === undefined) return;
  const picks = reviewPicks(result, folder?.uri.fsPath);
  const summary = reviewSummary(result);
  log.info(`review_changes${rev.trim() ? ` ${rev.trim()}` : ""}: ${picks.length} finding(s)${summary ? ` — ${summary}` : ""}`);
  if (picks.length === 0) {
    await vscode.window.showQuickPick([{ label: "$(pass) Nothing to review", detail: summary || "No convention rule touches the changed lines." }], {
      title: "Footprint review: nothing found",
    });
    return;
  }
  const pick = await vscode.window.showQuickPick(picks, { title: `Footprint review: ${picks.length} finding(s)`, matchOnDescription: true });
  if (pick?.file) await openAt(pick.file, pick.line, pick.character);
}

/** Footprint: Trust / Untrust This Folder — runs `footprint-ls trust|untrust FOLDER` after a modal confirmation. */
async function changeFolderTrust(verb: TrustVerb): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    // The palette hides the commands in Restricted Mode; this guards other ways of calling them.
    await notify("error", "Footprint: trust this workspace in VS Code first (Workspaces: Manage Workspace Trust).");
    return;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folder = folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: `Folder to ${verb} for Footprint` }) : folders[0];
  if (!folder) {
    if (folders.length === 0) await notify("error", "Footprint: open a folder first.");
    return;
  }
  const plan = await planServer();
  if (!plan.command) {
    await showInstallHint("`footprint-ls` is not on PATH and neither `footprint.path` nor `footprint.interpreter` is set");
    return;
  }
  const run = verbCommand(plan.command, verb, folder.uri.fsPath);
  if (typeof run === "string") {
    await notify("error", `Footprint: ${run}`);
    return;
  }
  const detail =
    (verb === "trust"
      ? "Footprint will then honour this folder's own settings that run programs, reach the network, name environment variables or choose cache folders (footprint.toml: [rag] generator, command, url, api_key_env; [rules] remote; cache_dir). Only do this for code you trust."
      : "Footprint will then ignore this folder's settings that run programs, reach the network, name environment variables or choose cache folders.") +
    `\n\nCommand: ${formatCommandLine(run)}`;
  const action = verb === "trust" ? "Trust" : "Untrust";
  const choice = await vscode.window.showWarningMessage(`${action} the folder “${folder.name}” for Footprint?`, { modal: true, detail }, action);
  if (choice !== action) return;
  log.info(`running ${formatCommandLine(run)}`);
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(run.command, run.args, { cwd: run.cwd, env: { ...process.env, ...run.env }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && !stderr ? err.message : "")) });
    });
  });
  if (result.stdout.trim()) log.info(result.stdout.trim());
  for (const { level, text } of serverLogLines(result.stderr, "warn")) log[level](text);
  if (result.code !== 0) {
    await notify("error", `Footprint: ${verbFailure(verb, result.code, result.stderr)}`);
    return;
  }
  // Shown whatever footprint.showNotifications says: it is the answer to the command the user just ran.
  void vscode.window.showInformationMessage(`Footprint: ${verb === "trust" ? "trusted" : "untrusted"} ${folder.uri.fsPath}; restarting the server.`);
  await restartServer();
}

/** Read-only documents the extension shows (rule stats): `footprint:/rule-stats.md`. */
const VIRTUAL_SCHEME = "footprint";
const virtualDocs = new Map<string, string>();
const virtualChanged = new vscode.EventEmitter<vscode.Uri>();

async function showRuleStats(): Promise<void> {
  const { folder, cancelled } = await commandFolder();
  if (cancelled) return;
  const result = await serverCommand("rule_stats", folder ? { uri: folder.uri.toString() } : {});
  if (result === undefined) return;
  // A read-only virtual document: no dirty Untitled buffer to be asked about on close.
  const uri = vscode.Uri.from({ scheme: VIRTUAL_SCHEME, path: `/${folder ? `${folder.name}/` : ""}rule-stats.md` });
  virtualDocs.set(uri.toString(), ruleStatsMarkdown(result));
  virtualChanged.fire(uri);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, "markdown");
  await vscode.window.showTextDocument(doc, { preview: true });
}

/** Workspace-wide findings from `footprint-ls check` (Footprint: Check workspace), for files not open. */
let workspaceDiagnostics: vscode.DiagnosticCollection;

async function checkWorkspace(): Promise<void> {
  const { folder, cancelled } = await commandFolder();
  if (cancelled) return;
  if (!folder) {
    await notify("error", "Footprint: open a folder first.");
    return;
  }
  const plan = await planServer();
  if (!plan.command) {
    await showInstallHint("no server command to run `footprint-ls check` with", plan.importStrategy);
    return;
  }
  if (plan.command.source === "bundled") {
    const problem = await ensureBundled();
    if (problem) {
      await notify("error", problem);
      return;
    }
  }
  const run = verbCommand(plan.command, "check", folder.uri.fsPath);
  if (typeof run === "string") {
    await notify("error", `Footprint: ${run}`);
    return;
  }
  run.args.splice(run.args.length - 1, 0, "--format", "json");
  log.info(`running ${formatCommandLine(run)}`);
  const out = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Footprint: checking ${folder.name}` },
    () =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(run.command, run.args, { cwd: folder.uri.fsPath, env: serverEnv(run), timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
          resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout: String(stdout), stderr: String(stderr) });
        });
      }),
  );
  for (const { level, text } of serverLogLines(out.stderr, "info")) log[level](text);
  let findings: WorkspaceFinding[];
  try {
    findings = JSON.parse(out.stdout) as WorkspaceFinding[];
    if (!Array.isArray(findings)) throw new Error("not a list");
  } catch {
    await notify("error", `Footprint: \`footprint-ls check\` failed (exit ${out.code ?? "killed"}); see the log.`, "Show Logs");
    return;
  }
  const view = workspaceProblems(findings, folder.uri.fsPath);
  workspaceDiagnostics.clear();
  for (const [file, list] of view.byFile) {
    const uri = vscode.Uri.file(file);
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) continue; // the live server's
    workspaceDiagnostics.set(uri, list.map((f) => {
      const d = new vscode.Diagnostic(new vscode.Range(f.line, f.character, f.endLine, f.endCharacter), f.message, SEVERITY[f.severity] ?? vscode.DiagnosticSeverity.Warning);
      d.code = f.code;
      d.source = f.source;
      return d;
    }));
  }
  log.info(`check ${folder.uri.fsPath}: ${view.summary}`);
  await vscode.commands.executeCommand("workbench.actions.view.problems");
  // The answer to the command the user just ran: shown whatever footprint.showNotifications says.
  void vscode.window.showInformationMessage(`Footprint: ${view.summary} in ${folder.name}.`);
}

const SEVERITY: Record<string, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionContext = context;
  log = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  status = vscode.languages.createLanguageStatusItem("footprint.status", SELECTOR);
  status.name = "Footprint";
  status.command = { title: "Show logs", command: "footprint.showLogs" };
  context.subscriptions.push(log, status);
  workspaceDiagnostics = vscode.languages.createDiagnosticCollection("footprint-workspace");
  context.subscriptions.push(
    workspaceDiagnostics,
    virtualChanged,
    vscode.workspace.registerTextDocumentContentProvider(VIRTUAL_SCHEME, {
      onDidChange: virtualChanged.event,
      provideTextDocumentContent: (uri) => virtualDocs.get(uri.toString()) ?? "",
    }),
    // An opened file gets the live server's diagnostics: drop the workspace check's copy.
    vscode.workspace.onDidOpenTextDocument((doc) => workspaceDiagnostics.delete(doc.uri)),
  );

  const handlers: Record<string, () => Promise<void> | void> = {
    "footprint.lookupDocs": lookupDocs,
    "footprint.checkSymbols": checkSymbols,
    "footprint.reviewChanges": reviewChanges,
    "footprint.showRuleStats": showRuleStats,
    "footprint.checkWorkspace": checkWorkspace,
    "footprint.restart": () => restartServer(),
    "footprint.showLogs": () => log.show(true),
    "footprint.trustFolder": () => changeFolderTrust("trust"),
    "footprint.untrustFolder": () => changeFolderTrust("untrust"),
  };
  for (const { id } of PALETTE_COMMANDS) {
    context.subscriptions.push(vscode.commands.registerCommand(id, handlers[id]));
  }

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      const effect = changeEffect((key) => e.affectsConfiguration(key));
      if (e.affectsConfiguration("footprint.enable")) {
        log.info(`footprint.enable changed: ${config().get("enable") === false ? "stopping" : "starting"} the server`);
        await restartServer();
      } else if (effect === "restart") {
        if (starting) await starting;
        if (client?.isRunning() && launchIdentity(await planServer()) === runningLaunch) return; // e.g. right after a trust restart
        log.info("launch settings changed: restarting the server");
        await restartServer();
      } else if (effect === "notify" && client?.isRunning()) {
        await client.sendNotification(DidChangeConfigurationNotification.type, { settings: serverOptions(trustedConfig()) });
      }
    }),
  );

  // Restricted Mode ended: start again with the workspace's own settings and `workspaceTrusted: true`.
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      log.info("the workspace is now trusted: restarting the server");
      await restartServer();
    }),
  );

  starting = startServer();
  try {
    await starting;
  } finally {
    starting = undefined;
  }
}

export async function deactivate(): Promise<void> {
  await stopServer();
}
