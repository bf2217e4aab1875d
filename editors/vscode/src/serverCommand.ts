/**
 * How the extension finds the server — pure logic, no `vscode` import, so it is unit-tested directly.
 *
 * Order (the way Ruff's and Black's extensions do it, minus the hard dependency on the Python extension,
 * which JavaScript users often lack):
 *   1. `footprint.path`         — a full command line, used as is;
 *   2. `footprint.interpreter`  — `<interpreter> -m lsp_server <args> serve`;
 *   then, by `footprint.importStrategy`:
 *   - `useBundled` (default): the server that ships inside the extension, installed on first start into a
 *     private environment in the extension's storage (bundled.ts) — `<that python> -m lsp_server <args> serve`;
 *   - `fromEnvironment`: the project's own install —
 *     3. `footprint-ls` on PATH,
 *     4. `${workspaceFolder}/.venv`'s `footprint-ls`,
 *     5. the Python extension's selected interpreter, if that extension is installed;
 *     otherwise no command, and the caller says how to get one.
 */
import * as path from "node:path";

export const SERVER_MODULE = "lsp_server";
export const SERVER_EXECUTABLE = "footprint-ls";

export type CommandSource = "footprint.path" | "footprint.interpreter" | "bundled" | "PATH" | ".venv" | "python extension";

export type ImportStrategy = "useBundled" | "fromEnvironment";

export interface LaunchSettings {
  path: string[];
  interpreter: string[];
  args: string[];
  cwd: string;
  importStrategy: ImportStrategy;
}

export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string | undefined;
  source: CommandSource;
  /** Environment variables set on top of the extension host's (see trust.ts). */
  env?: Record<string, string>;
}

export interface VariableContext {
  workspaceFolder?: string;
  userHome?: string;
  env?: Record<string, string | undefined>;
}

export interface Lookup {
  /** Absolute path of `name` on PATH, or undefined. */
  which(name: string): string | undefined | Promise<string | undefined>;
  /** The Python extension's interpreter command for the workspace, or undefined (not installed / none chosen). */
  pythonExtensionInterpreter(): string[] | undefined | Promise<string[] | undefined>;
  /** Whether `file` is an executable file (for `${workspaceFolder}/.venv`). */
  isExecutable?(file: string): boolean;
  /** The Python of the bundled server's private environment (it may still need installing: bundled.ts). */
  bundledPython?(): string | undefined;
}

/** Expand `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~` like VS Code's own settings do. */
export function resolveVariables(value: string, vars: VariableContext): string {
  let out = value;
  if (vars.userHome && (out === "~" || out.startsWith("~/") || out.startsWith("~\\"))) {
    out = vars.userHome + out.slice(1);
  }
  out = out.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (whole, key: string, envName?: string) => {
    if (envName !== undefined) return vars.env?.[envName] ?? "";
    if (key === "workspaceFolder") return vars.workspaceFolder ?? whole;
    if (key === "userHome") return vars.userHome ?? whole;
    return whole;
  });
  return out;
}

function clean(list: unknown): string[] {
  if (typeof list === "string") return list.trim() ? [list] : [];
  if (!Array.isArray(list)) return [];
  return list.filter((v): v is string => typeof v === "string" && v.trim() !== "");
}

/** Read the launch settings out of a `footprint` configuration section (tolerates wrong types from users). */
export function launchSettings(get: (key: string) => unknown): LaunchSettings {
  const cwd = get("cwd");
  return {
    path: clean(get("path")),
    interpreter: clean(get("interpreter")),
    args: clean(get("args")),
    cwd: typeof cwd === "string" && cwd.trim() ? cwd : "${workspaceFolder}",
    importStrategy: get("importStrategy") === "fromEnvironment" ? "fromEnvironment" : "useBundled",
  };
}

/** The `footprint-ls` of a virtual environment at `venv` (POSIX `bin/`, Windows `Scripts\\`). */
export function venvExecutable(venv: string, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" ? path.win32.join(venv, "Scripts", `${SERVER_EXECUTABLE}.exe`) : path.posix.join(venv, "bin", SERVER_EXECUTABLE);
}

export async function resolveServerCommand(settings: LaunchSettings, vars: VariableContext, lookup: Lookup): Promise<ServerCommand | undefined> {
  const expand = (values: string[]) => values.map((v) => resolveVariables(v, vars));
  const args = expand(settings.args);
  let cwd: string | undefined = resolveVariables(settings.cwd, vars);
  if (cwd.includes("${workspaceFolder}")) cwd = undefined; // no folder open: inherit the extension host's cwd

  if (settings.path.length > 0) {
    const [command, ...rest] = expand(settings.path);
    return { command, args: [...rest, ...args], cwd, source: "footprint.path" };
  }
  if (settings.interpreter.length > 0) {
    const [command, ...rest] = expand(settings.interpreter);
    return { command, args: [...rest, "-m", SERVER_MODULE, ...args, "serve"], cwd, source: "footprint.interpreter" };
  }
  if (settings.importStrategy === "useBundled") {
    const bundled = lookup.bundledPython?.();
    return bundled ? { command: bundled, args: ["-m", SERVER_MODULE, ...args, "serve"], cwd, source: "bundled" } : undefined;
  }
  const onPath = await lookup.which(SERVER_EXECUTABLE);
  if (onPath) {
    return { command: onPath, args: [...args, "serve"], cwd, source: "PATH" };
  }
  if (vars.workspaceFolder && lookup.isExecutable) {
    const inVenv = venvExecutable(path.join(vars.workspaceFolder, ".venv"));
    if (lookup.isExecutable(inVenv)) return { command: inVenv, args: [...args, "serve"], cwd, source: ".venv" };
  }
  const python = clean(await lookup.pythonExtensionInterpreter());
  if (python.length > 0) {
    const [command, ...rest] = python;
    return { command, args: [...rest, "-m", SERVER_MODULE, ...args, "serve"], cwd, source: "python extension" };
  }
  return undefined;
}

/** Shell-like rendering of the command line for the log (quotes only what needs it). */
export function formatCommandLine(cmd: { command: string; args: string[] }): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  return [cmd.command, ...cmd.args].map(quote).join(" ");
}

/** A `which` over a PATH string, with an injectable file test (for tests and for Windows' PATHEXT). */
export function whichIn(
  name: string,
  envPath: string | undefined,
  isExecutable: (file: string) => boolean,
  platform: NodeJS.Platform = process.platform,
  pathExt: string | undefined = process.env.PATHEXT,
): string | undefined {
  if (!envPath) return undefined;
  const sep = platform === "win32" ? ";" : ":";
  const isAbsolute = platform === "win32" ? path.win32.isAbsolute : path.posix.isAbsolute;
  const exts = platform === "win32" ? (pathExt ?? ".EXE;.CMD;.BAT").split(";").filter(Boolean) : [""];
  for (const dir of envPath.split(sep)) {
    // An empty or relative entry (`.`, `node_modules/.bin`) means "relative to the working directory", which is
    // the workspace: a program found there is the folder's, not the user's.
    if (!dir || !isAbsolute(dir)) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The message shown when no server can be started: what was tried and the ways out. */
export function installHint(reason: string, strategy: ImportStrategy = "useBundled"): string {
  const ways =
    strategy === "fromEnvironment"
      ? "With `footprint.importStrategy: fromEnvironment` the server must be installed in the project: " +
        "the `footprint-ls` Python package in its `.venv` or on PATH. Or set `footprint.importStrategy` " +
        "to `useBundled` to use the server that ships with the extension."
      : "Set `footprint.importStrategy` to `useBundled` (the default) to use the server that ships with the extension, " +
        "or point `footprint.interpreter` at a Python that has `footprint-ls` installed.";
  return `Footprint: the language server could not start (${reason}). ${ways} ` +
    "`footprint.path` can name the `footprint-ls` command itself. See `Footprint: Show logs` and docs/troubleshooting.md.";
}

/**
 * Whether the command of a resolved server command line can be run: a path must exist as an executable file,
 * a bare name must be on PATH. Checked before spawning, so a missing server gives one clear message instead
 * of the client library's generic "couldn't create connection to server".
 */
export function commandProblem(
  command: string,
  which: (name: string) => string | undefined,
  isExecutable: (file: string) => boolean,
): string | undefined {
  if (command.includes("/") || command.includes("\\")) {
    return isExecutable(command) ? undefined : `\`${command}\` does not exist or is not executable`;
  }
  return which(command) ? undefined : `\`${command}\` is not on PATH`;
}
