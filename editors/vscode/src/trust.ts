/**
 * Workspace trust: which setting values count, which program may be started, and what the server is told.
 * Pure logic (no `vscode` import), unit-tested directly.
 *
 * In VS Code's Restricted Mode (`vscode.workspace.isTrusted === false`) the folder is somebody else's code, and
 * opening it must never run a program it names. So, in an untrusted workspace:
 *   - the restricted settings (RESTRICTED_KEYS: the launch command line and `serverSettings`, which can name a
 *     program, a URL, an environment variable or a cache folder) are read from the user level only
 *     (`inspect().globalValue`, else the default), never from `.vscode/settings.json` or a folder's settings;
 *   - no program inside a workspace folder is started, whichever source named it (`${workspaceFolder}/...`, a
 *     relative path resolved against the working directory, a PATH entry, the Python extension's interpreter in
 *     the folder's `.venv`); the next source is tried instead, and the refusal is logged;
 *   - a bare program name is resolved on PATH before spawning (Windows would look in the working directory,
 *     the workspace, first), and `PYTHONSAFEPATH=1` stops `python -m lsp_server` from importing a
 *     `lsp_server` package out of the working directory;
 *   - the server gets `initializationOptions.workspaceTrusted: false`, which makes it treat every folder of the
 *     session as untrusted whatever its own trust store (`footprint-ls trust`) says. A trusted workspace sends
 *     `true`, which leaves the decision to that store.
 */
import * as path from "node:path";
import { ImportStrategy, LaunchSettings, Lookup, ServerCommand, VariableContext, launchSettings, resolveServerCommand } from "./serverCommand";
import { serverOptions } from "./settings";

/** Settings whose workspace values are ignored in an untrusted workspace (also `restrictedConfigurations`). */
export const RESTRICTED_KEYS = [
  "footprint.path",
  "footprint.interpreter",
  "footprint.args",
  "footprint.cwd",
  "footprint.importStrategy",
  "footprint.serverSettings",
] as const;

/** The settings that choose the program the extension starts. */
export const LAUNCH_KEYS = ["footprint.path", "footprint.interpreter", "footprint.args", "footprint.cwd", "footprint.importStrategy"] as const;

/** What `WorkspaceConfiguration.inspect()` returns (the fields used here). */
export interface Inspected {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** Reads a key of the `footprint` section, without the `footprint.` prefix (like `WorkspaceConfiguration.get`). */
export type Reader = (key: string) => unknown;

export interface TrustedSettings {
  read: Reader;
  /** Restricted settings that have a workspace or folder value which was ignored (full keys). */
  ignored: string[];
}

/** The settings as they count: everything when trusted; restricted keys from the user level only otherwise. */
export function trustedSettings(trusted: boolean, get: Reader, inspect: (key: string) => Inspected | undefined): TrustedSettings {
  if (trusted) return { read: get, ignored: [] };
  const restricted = new Set<string>(RESTRICTED_KEYS.map((k) => k.slice("footprint.".length)));
  const ignored = RESTRICTED_KEYS.filter((full) => {
    const seen = inspect(full.slice("footprint.".length));
    return seen?.workspaceValue !== undefined || seen?.workspaceFolderValue !== undefined;
  });
  const read: Reader = (key) => {
    if (!restricted.has(key)) return get(key);
    const seen = inspect(key);
    return seen?.globalValue !== undefined ? seen.globalValue : seen?.defaultValue;
  };
  return { read, ignored };
}

export interface InitializationOptions {
  footprint: Record<string, unknown>;
  /** `false` makes the server treat every folder of the session as untrusted; `true` leaves it to its trust store. */
  workspaceTrusted: boolean;
}

export function initializationOptions(trusted: boolean, read: Reader): InitializationOptions {
  return { ...serverOptions(read), workspaceTrusted: trusted };
}

export interface LaunchPlan {
  command: ServerCommand | undefined;
  importStrategy: ImportStrategy;
  initializationOptions: InitializationOptions;
  /** Restricted settings whose workspace values were ignored (full keys). */
  ignored: string[];
  /** Programs that were not started because the workspace is untrusted, each with the reason. */
  refused: string[];
}

export interface UntrustedContext {
  /** Absolute paths of the workspace folders. */
  workspaceFolders: string[];
  /** Follows symlinks (returns its argument when the path does not exist). */
  realpath?: (p: string) => string;
  platform?: NodeJS.Platform;
}

/** Whether `file` lies inside one of `folders` (lexically, and after following symlinks when `realpath` is given). */
export function insideFolders(file: string, folders: string[], realpath: (p: string) => string = (p) => p, platform: NodeJS.Platform = process.platform): boolean {
  const p = platform === "win32" ? path.win32 : path.posix;
  // Windows and macOS file systems are case-insensitive by default: compare the way they do.
  const fold = platform === "win32" || platform === "darwin" ? (s: string) => s.toLowerCase() : (s: string) => s;
  const candidates = new Set([p.resolve(file), p.resolve(realpath(file))].map(fold));
  for (const folder of folders) {
    for (const root of new Set([p.resolve(folder), p.resolve(realpath(folder))].map(fold))) {
      for (const c of candidates) {
        const rel = p.relative(root, c);
        if (rel === "" || (!rel.startsWith("..") && !p.isAbsolute(rel))) return true;
      }
    }
  }
  return false;
}

/**
 * The server command line and initializationOptions for this workspace. `get`/`inspect` read the `footprint`
 * section; `lookup` finds programs on PATH and asks the Python extension.
 */
export async function planLaunch(
  trusted: boolean,
  get: Reader,
  inspect: (key: string) => Inspected | undefined,
  vars: VariableContext,
  lookup: Lookup,
  untrusted: UntrustedContext,
): Promise<LaunchPlan> {
  const { read, ignored } = trustedSettings(trusted, get, inspect);
  const settings = launchSettings(read);
  const options = initializationOptions(trusted, read);
  if (trusted) {
    return { command: await resolveServerCommand(settings, vars, lookup), importStrategy: settings.importStrategy, initializationOptions: options, ignored, refused: [] };
  }
  const { command, refused } = await resolveUntrusted(settings, vars, lookup, untrusted);
  return { command, importStrategy: settings.importStrategy, initializationOptions: options, ignored, refused };
}

async function resolveUntrusted(
  initial: LaunchSettings,
  vars: VariableContext,
  lookup: Lookup,
  ctx: UntrustedContext,
): Promise<{ command: ServerCommand | undefined; refused: string[] }> {
  const platform = ctx.platform ?? process.platform;
  const p = platform === "win32" ? path.win32 : path.posix;
  const inside = (file: string) => insideFolders(file, ctx.workspaceFolders, ctx.realpath, platform);
  const refused: string[] = [];
  const refuse = (program: string, source: string) =>
    refused.push(`\`${program}\` (from ${source}) is inside the workspace, which is not trusted`);
  const guarded: Lookup = {
    which: async (name) => {
      const found = await lookup.which(name);
      if (found && inside(found)) {
        refuse(found, "PATH");
        return undefined;
      }
      return found;
    },
    pythonExtensionInterpreter: async () => {
      const python = await lookup.pythonExtensionInterpreter();
      const program = python?.[0];
      if (program && (!p.isAbsolute(program) || inside(program))) {
        refuse(program, "the Python extension's interpreter");
        return undefined;
      }
      return python;
    },
    isExecutable: lookup.isExecutable
      ? (file) => {
          const found = lookup.isExecutable!(file);
          if (found && inside(file)) {
            refuse(file, "the workspace's .venv");
            return false;
          }
          return found;
        }
      : undefined,
    bundledPython: lookup.bundledPython,
  };
  let settings = initial;
  // Each round drops the setting whose program was refused, so the next source gets its turn.
  for (;;) {
    const cmd = await resolveServerCommand(settings, vars, guarded);
    if (!cmd) return { command: undefined, refused };
    let program = cmd.command;
    if (cmd.source === "footprint.path" || cmd.source === "footprint.interpreter") {
      if (!program.includes("/") && !program.includes("\\")) {
        program = (await lookup.which(program)) ?? program; // not found: commandProblem reports it, nothing runs
      } else if (!p.isAbsolute(program) && cmd.cwd) {
        program = p.resolve(cmd.cwd, program); // what the spawn would run: relative to the working directory
      }
      if (inside(program)) {
        refuse(cmd.command, cmd.source);
        settings = { ...settings, [cmd.source === "footprint.path" ? "path" : "interpreter"]: [] };
        continue;
      }
    }
    return { command: { ...cmd, command: program, env: { PYTHONSAFEPATH: "1" } }, refused };
  }
}

/**
 * What a running server was started with: equal identities need no restart. Granting trust changes the
 * configuration VS Code reports too, and one restart is enough for both events.
 */
export function launchIdentity(plan: LaunchPlan): string {
  const c = plan.command;
  return JSON.stringify([c?.command, c?.args, c?.cwd, c?.env, plan.initializationOptions]);
}

export type TrustVerb = "trust" | "untrust";

/**
 * The one-shot `footprint-ls trust|untrust FOLDER` command line derived from the server command: `serve`
 * replaced by the verb, the folder last. A string when it cannot be derived (a `footprint.path` without `serve`).
 */
export function verbCommand(cmd: ServerCommand, verb: TrustVerb | "check", folder: string): ServerCommand | string {
  const at = cmd.args.lastIndexOf("serve");
  if (at < 0) {
    return `the server command line (${cmd.source}) has no \`serve\` to replace; run \`footprint-ls ${verb} ${folder}\` in a terminal`;
  }
  return { ...cmd, args: [...cmd.args.slice(0, at), verb, ...cmd.args.slice(at + 1), folder] };
}

/** The message for a failed `trust`/`untrust` run (an older server does not know the verb). */
export function verbFailure(verb: TrustVerb, exitCode: number | null, stderr: string): string {
  if (/invalid choice: '(un)?trust'/.test(stderr)) {
    return `your footprint-ls does not know \`${verb}\`; update it (pipx upgrade footprint-ls)`;
  }
  const last = stderr.trim().split("\n").filter(Boolean).pop();
  return `\`footprint-ls ${verb}\` failed (exit ${exitCode ?? "killed"})${last ? `: ${last}` : ""}`;
}
