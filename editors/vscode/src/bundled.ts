/**
 * The bundled server: the `footprint-ls` wheel and its dependencies' wheels ship inside the (per-platform)
 * .vsix, in `bundled/wheels/` (built by scripts/ci.sh, never committed). On first start they are installed,
 * offline, into a private virtual environment in the extension's global storage, made from a Python >= 3.11
 * found on the machine — the way Ruff's and Black's extensions ship their tool, except that our dependencies
 * are native (tree-sitter, regex, rapidfuzz), so a wheel per CPython version is bundled and pip picks the one
 * that matches. No `vscode` import: unit-tested directly; extension.ts adds the progress notification.
 *
 * The environment's folder name is a hash of the bundled wheels' names, so an extension update (new wheels)
 * gets a fresh environment and an old one is removed. It is built in a temporary folder and renamed into
 * place, so two windows starting at once never see a half-installed environment.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const MIN_PYTHON: [number, number] = [3, 11];

/** Interpreters looked for on PATH, newest first (the bundle has wheels for CPython 3.11 and later). */
export const PYTHON_CANDIDATES = ["python3.14", "python3.13", "python3.12", "python3.11", "python3", "python"];

/** The file in the environment that says it is complete, holding the bundle id it was built from. */
const DONE_MARKER = "footprint-bundle.json";

export interface FoundPython {
  python?: string;
  /** What was tried: "python3 (3.9)", "python3.11 (not found)"... for the message when none fits. */
  seen: string[];
}

export function parseVersion(text: string): [number, number] | undefined {
  const m = /(\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

export function versionOk(v: [number, number] | undefined): boolean {
  return !!v && (v[0] > MIN_PYTHON[0] || (v[0] === MIN_PYTHON[0] && v[1] >= MIN_PYTHON[1]));
}

/**
 * The first Python >= 3.11: each of `preferred` (e.g. the Python extension's interpreter), then the
 * PYTHON_CANDIDATES on PATH. `version` runs an interpreter and returns its version (undefined: it did not run).
 */
export async function findPython(
  which: (name: string) => string | undefined,
  version: (exe: string) => Promise<[number, number] | undefined>,
  preferred: string[] = [],
): Promise<FoundPython> {
  const seen: string[] = [];
  const tried = new Set<string>();
  const candidates = [...preferred.map((p) => ({ label: p, exe: p as string | undefined })), ...PYTHON_CANDIDATES.map((n) => ({ label: n, exe: which(n) }))];
  for (const { label, exe } of candidates) {
    if (!exe) {
      seen.push(`${label} (not found)`);
      continue;
    }
    if (tried.has(exe)) continue;
    tried.add(exe);
    const v = await version(exe);
    seen.push(`${label} (${v ? v.join(".") : "does not run"})`);
    if (versionOk(v)) return { python: exe, seen };
  }
  return { seen };
}

export function noPythonMessage(seen: string[]): string {
  return (
    `Footprint: its bundled server needs Python ${MIN_PYTHON.join(".")} or newer, and none was found ` +
    `(tried ${seen.join(", ")}). Install Python 3.11+ (e.g. \`sudo apt install python3.11\`, or python.org), ` +
    "then run `Footprint: Restart server`. Or set `footprint.interpreter` to such a Python, or " +
    "`footprint.importStrategy` to `fromEnvironment` to use a footprint-ls installed in the project."
  );
}

/** The bundled wheels (file names), or [] when this build of the extension has none. */
export function bundledWheels(wheelsDir: string): string[] {
  try {
    return fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl")).sort();
  } catch {
    return [];
  }
}

export function bundleId(wheels: string[]): string {
  return createHash("sha256").update(wheels.join("\n")).digest("hex").slice(0, 12);
}

export function envFolder(storageDir: string, wheels: string[]): string {
  return path.join(storageDir, `server-${bundleId(wheels)}`);
}

export function venvPython(venv: string, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" ? path.join(venv, "Scripts", "python.exe") : path.join(venv, "bin", "python");
}

/** Whether the environment for these wheels is complete (built and marked by installBundled). */
export function isInstalled(storageDir: string, wheels: string[]): boolean {
  const venv = envFolder(storageDir, wheels);
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(venv, DONE_MARKER), "utf8"));
    return marker.bundle === bundleId(wheels) && fs.existsSync(venvPython(venv));
  } catch {
    return false;
  }
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 300_000): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && !stderr ? err.message : "")) });
    });
  });
}

export async function pythonVersion(exe: string): Promise<[number, number] | undefined> {
  const r = await run(exe, ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], process.env, 20_000);
  return r.code === 0 ? parseVersion(r.stdout) : undefined;
}

/**
 * pip with no configuration of the user's or the machine's (an index URL, constraints or find-links there
 * must not change what gets installed from the bundle) and no network.
 */
function pipEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("PIP_") && !k.startsWith("PYTHON")) env[k] = v;
  return { ...env, PIP_CONFIG_FILE: os.devNull, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1" };
}

/**
 * Install the bundled wheels into the private environment (unless it is there already) and return its Python.
 * `report` gets a line per stage. Throws an Error whose message says what failed, with pip's last words.
 */
export async function installBundled(storageDir: string, wheelsDir: string, python: string, report: (message: string) => void = () => undefined): Promise<string> {
  const wheels = bundledWheels(wheelsDir);
  if (!wheels.some((w) => w.startsWith("footprint_ls-"))) throw new Error(`this build of the extension has no bundled server (no footprint_ls wheel in ${wheelsDir})`);
  const venv = envFolder(storageDir, wheels);
  if (isInstalled(storageDir, wheels)) return venvPython(venv);
  fs.mkdirSync(storageDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(storageDir, "installing-"));
  try {
    report("creating a private Python environment");
    // --without-pip: Debian's python3 without python3-venv has no ensurepip; the bundled pip wheel installs.
    let r = await run(python, ["-m", "venv", "--without-pip", tmp], pipEnv(), 120_000);
    if (r.code !== 0) throw new Error(`\`${python} -m venv\` failed (exit ${r.code ?? "killed"}): ${lastLine(r.stderr)}`);
    const pip = wheels.find((w) => /^pip-\d/.test(w));
    if (!pip) throw new Error(`the bundle has no pip wheel (${wheelsDir})`);
    report("installing the bundled server (offline)");
    r = await run(
      venvPython(tmp),
      [path.join(wheelsDir, pip, "pip"), "install", "--no-index", "--find-links", wheelsDir, "--no-cache-dir", "--only-binary", ":all:", "footprint-ls"],
      pipEnv(),
    );
    if (r.code !== 0) {
      throw new Error(`installing the bundled wheels failed (exit ${r.code ?? "killed"}): ${lastLine(r.stderr) || lastLine(r.stdout)}` +
        " — the bundle has wheels for CPython 3.11 to 3.14 on Linux x64 (glibc 2.28+)");
    }
    r = await run(venvPython(tmp), ["-c", "import lsp_server"], pipEnv(), 60_000);
    if (r.code !== 0) throw new Error(`the installed server does not import: ${lastLine(r.stderr)}`);
    fs.writeFileSync(path.join(tmp, DONE_MARKER), JSON.stringify({ bundle: bundleId(wheels), python, wheels }, null, 2));
    try {
      fs.rmSync(venv, { recursive: true, force: true }); // a half-finished one from a crash
      fs.renameSync(tmp, venv);
    } catch (err) {
      if (!isInstalled(storageDir, wheels)) throw err; // else another window finished first: use theirs
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  removeOldEnvironments(storageDir, path.basename(venv));
  return venvPython(venv);
}

function removeOldEnvironments(storageDir: string, keep: string): void {
  for (const name of fs.readdirSync(storageDir)) {
    if (name.startsWith("server-") && name !== keep) fs.rmSync(path.join(storageDir, name), { recursive: true, force: true });
  }
}

function lastLine(text: string): string {
  return text.trim().split("\n").filter(Boolean).pop() ?? "";
}
