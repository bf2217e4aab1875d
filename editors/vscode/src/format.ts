/**
 * Turning server command results into what the UI shows. Pure logic (no `vscode` import): the extension
 * maps these plain objects onto quick-pick items, editors and messages.
 */
import * as path from "node:path";
import { fileURLToPath } from "node:url";

// --- the palette commands and the server commands they call --------------------------------------------
export interface PaletteCommand {
  id: string;
  title: string;
  /** The server's workspace/executeCommand name it needs, if any. */
  serverCommand?: string;
}

export const PALETTE_COMMANDS: readonly PaletteCommand[] = [
  { id: "footprint.lookupDocs", title: "Look up docs", serverCommand: "lookup_docs" },
  { id: "footprint.checkSymbols", title: "Check symbols", serverCommand: "check_symbols" },
  { id: "footprint.reviewChanges", title: "Review changes", serverCommand: "review_changes" },
  { id: "footprint.showRuleStats", title: "Show rule stats", serverCommand: "rule_stats" },
  // Runs `footprint-ls check --format json FOLDER` (the CLI, with the server's own program) over every file.
  { id: "footprint.checkWorkspace", title: "Check workspace" },
  { id: "footprint.restart", title: "Restart server" },
  { id: "footprint.showLogs", title: "Show logs" },
  // Run `footprint-ls trust|untrust FOLDER`; only offered when VS Code trusts the workspace (see trust.ts).
  { id: "footprint.trustFolder", title: "Trust This Folder" },
  { id: "footprint.untrustFolder", title: "Untrust This Folder" },
];

/** Why a palette command cannot run against this server, or undefined when it can. */
export function missingServerCommand(needed: string | undefined, available: readonly string[] | undefined): string | undefined {
  if (!needed) return undefined;
  if (available?.includes(needed)) return undefined;
  return `This Footprint server does not provide the \`${needed}\` command (it offers: ${available?.length ? available.join(", ") : "none"}). Update footprint-ls.`;
}

// --- paths -------------------------------------------------------------------------------------------
/** Server paths are relative to the root of the workspace the command ran in, or absolute. */
export function resolveResultPath(p: string, root: string | undefined): string {
  if (path.isAbsolute(p) || !root) return p;
  return path.resolve(root, p);
}

/**
 * The file a result names: its `uri` when the server sent one (exact in a multi-root window, where relative
 * paths are relative to whichever folder's workspace answered), else its path resolved against `root`.
 */
export function resultFile(item: Record<string, unknown>, root: string | undefined, pathKey = "path"): string | undefined {
  if (typeof item.uri === "string" && item.uri.startsWith("file:")) {
    try {
      return fileURLToPath(item.uri);
    } catch {
      /* a malformed URI: fall back to the path */
    }
  }
  const p = item[pathKey];
  return typeof p === "string" ? resolveResultPath(p, root) : undefined;
}

function displayPath(p: string, root: string | undefined): string {
  if (root && path.isAbsolute(p)) {
    const rel = path.relative(root, p);
    // Inside the workspace, or a sibling such as an engine pack next to it: relative is shorter and clear.
    if (rel && !path.isAbsolute(rel) && !rel.startsWith(`..${path.sep}..`)) return rel.split(path.sep).join("/");
  }
  return p.split(path.sep).join("/");
}

function oneLine(text: unknown, max = 160): string {
  // `lookup_docs` marks the matched terms with **bold**; a quick pick shows plain text.
  const s = typeof text === "string" ? text.replace(/\*\*/g, "").replace(/\s+/g, " ").trim() : "";
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

// --- lookup_docs ---------------------------------------------------------------------------------------
export interface DocPick {
  label: string;
  description: string;
  detail: string;
  file: string;
  startLine: number;
  endLine: number;
}

export interface LookupView {
  picks: DocPick[];
  note?: string;
}

export function lookupPicks(result: unknown, root: string | undefined): LookupView {
  const obj = (typeof result === "object" && result !== null ? result : {}) as Record<string, unknown>;
  const results = Array.isArray(obj.results) ? obj.results : [];
  const picks: DocPick[] = [];
  for (const r of results) {
    if (typeof r !== "object" || r === null || typeof (r as { path?: unknown }).path !== "string") continue;
    const item = r as Record<string, unknown>;
    const file = resultFile(item, root) as string;
    const startLine = Math.max(0, num(item.start_line));
    const endLine = Math.max(startLine, num(item.end_line, startLine));
    const heading = oneLine(item.heading, 80) || path.basename(file);
    picks.push({
      label: heading,
      description: `${displayPath(file, root)}:${startLine + 1}`,
      detail: oneLine(item.snippet),
      file,
      startLine,
      endLine,
    });
  }
  const note = typeof obj.note === "string" && obj.note ? obj.note : undefined;
  return { picks, note };
}

// --- check_symbols -------------------------------------------------------------------------------------
/** Dotted identifiers in a selection (`doc.addPage`, `Table.addRow`), deduplicated, in order. */
export function symbolNames(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*/g)) {
    const name = m[0].replace(/\s+/g, "");
    if (!seen.has(name)) seen.add(name);
  }
  return [...seen];
}

export interface SymbolPick {
  label: string;
  description: string;
  detail: string;
  status: string;
  /** Where the symbol is documented, when the server says so (opened when the pick is chosen). */
  docFile?: string;
  docLine?: number;
}

const STATUS_ICON: Record<string, string> = { known: "$(check)", unknown: "$(error)", ambiguous: "$(question)" };

/** `check_symbols` answers `{results: [...]}` (or a bare list): one pick per name. */
export function symbolPicks(result: unknown, root?: string): SymbolPick[] {
  const obj = result as Record<string, unknown> | null;
  const list = Array.isArray(result) ? result : obj && typeof obj === "object" && Array.isArray(obj.results) ? obj.results : [];
  return list
    .filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null)
    .map((r) => {
      const status = typeof r.status === "string" ? r.status : "unknown";
      const name = typeof r.name === "string" ? r.name : "?";
      const kind = typeof r.kind === "string" && r.kind ? r.kind : "";
      const qualified = typeof r.qualified_name === "string" && r.qualified_name !== name ? r.qualified_name : "";
      const suggestions = Array.isArray(r.suggestions) ? r.suggestions.filter((s) => typeof s === "string") : [];
      const candidates = Array.isArray(r.candidates) ? r.candidates.filter((s) => typeof s === "string") : [];
      const signature = typeof r.signature === "string" ? r.signature : "";
      const summary = oneLine(typeof r.summary === "string" ? r.summary : typeof r.doc === "string" ? r.doc : "");
      const parts = [status, kind, qualified].filter(Boolean);
      let detail = [signature, summary].filter(Boolean).join(" — ");
      if (status === "ambiguous" && candidates.length) detail = `on ${candidates.join(", ")}`;
      if (status !== "known" && suggestions.length) detail = `did you mean ${suggestions.join(", ")}?`;
      const pick: SymbolPick = { label: `${STATUS_ICON[status] ?? "$(circle-outline)"} ${name}`, description: parts.join(" · "), detail, status };
      const doc = r.doc as Record<string, unknown> | null;
      if (doc && typeof doc === "object" && typeof doc.path === "string") {
        pick.docFile = resultFile(doc, root);
        pick.docLine = Math.max(0, num(doc.line));
      }
      return pick;
    });
}

export function symbolSummary(picks: SymbolPick[]): string {
  const count = (s: string) => picks.filter((p) => p.status === s).length;
  const parts = [`${count("known")} known`, `${count("unknown")} unknown`];
  if (count("ambiguous")) parts.push(`${count("ambiguous")} ambiguous`);
  return parts.join(", ");
}

// --- review_changes ------------------------------------------------------------------------------------
export interface FindingPick {
  label: string;
  description: string;
  detail: string;
  file?: string;
  line: number;
  character: number;
}

function findingsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result.filter((r) => typeof r === "object" && r !== null);
  if (typeof result === "object" && result !== null) {
    const obj = result as Record<string, unknown>;
    if (Array.isArray(obj.reminders)) return remindersAsFindings(obj.reminders);
    for (const key of ["findings", "results", "diagnostics"]) {
      if (Array.isArray(obj[key])) return findingsOf(obj[key]);
    }
  }
  return [];
}

/** The diff review's `{reminders: [{rule, message, severity, why, locations: [{path, line, character}]}]}`:
 * one entry per location (or one per rule without locations). */
function remindersAsFindings(reminders: unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const r of reminders) {
    if (typeof r !== "object" || r === null) continue;
    const rem = r as Record<string, unknown>;
    const base = { code: rem.rule, message: rem.message ?? rem.title, severity: rem.severity, note: rem.why };
    const locations = Array.isArray(rem.locations) ? rem.locations.filter((l) => typeof l === "object" && l !== null) : [];
    if (locations.length === 0) out.push(base);
    for (const loc of locations as Record<string, unknown>[]) out.push({ ...base, path: loc.path, uri: loc.uri, line: loc.line, character: loc.character });
  }
  return out;
}

const SEVERITY_ICON: Record<string, string> = { error: "$(error)", warning: "$(warning)", info: "$(info)", information: "$(info)", hint: "$(lightbulb)" };

export function reviewPicks(result: unknown, root: string | undefined): FindingPick[] {
  return findingsOf(result).map((f) => {
    const file = resultFile(f, root, typeof f.path === "string" ? "path" : "file");
    const line = Math.max(0, num(f.line));
    const character = Math.max(0, num(f.character));
    const severity = typeof f.severity === "string" ? f.severity.toLowerCase() : "warning";
    const code = typeof f.code === "string" ? f.code : typeof f.rule === "string" ? f.rule : "";
    return {
      label: `${SEVERITY_ICON[severity] ?? "$(warning)"} ${oneLine(f.message, 120) || code || "finding"}`,
      description: [file ? `${displayPath(file, root)}:${line + 1}:${character + 1}` : "", code].filter(Boolean).join("  "),
      detail: oneLine(f.note ?? f.suggestion ?? ""),
      file,
      line,
      character,
    };
  });
}

export function reviewSummary(result: unknown): string | undefined {
  if (typeof result === "object" && result !== null && !Array.isArray(result)) {
    const obj = result as Record<string, unknown>;
    if (typeof obj.summary === "string") return obj.summary;
    if (typeof obj.note === "string") return obj.note;
    if (Array.isArray(obj.reminders)) {
      const files = Array.isArray(obj.files) ? obj.files.length : 0;
      const more = Array.isArray(obj.more) && obj.more.length ? ` (+${obj.more.length} more rule(s) fired)` : "";
      return `${obj.reminders.length} convention(s) touched by ${files} changed file(s)${typeof obj.rev === "string" ? ` vs ${obj.rev}` : ""}${more}`;
    }
  }
  return undefined;
}

// --- rule_stats ----------------------------------------------------------------------------------------
function cell(value: unknown, column = ""): string {
  if (value === null || value === undefined) return "";
  // Epoch seconds (e.g. `last_fired`) read better as UTC timestamps.
  if (typeof value === "number" && /(^last_|_at$|time)/.test(column) && value > 1e9 && value < 1e11) {
    return new Date(value * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  }
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === "object") return JSON.stringify(value).replace(/\|/g, "\\|");
  return String(value).replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Rule stats as a Markdown table: accepts a list of row objects or a `{rule: {stat: value}}` map. */
export function ruleStatsMarkdown(result: unknown): string {
  let rows: Record<string, unknown>[] = [];
  const obj = result as Record<string, unknown> | null;
  if (Array.isArray(result)) {
    rows = result.filter((r) => typeof r === "object" && r !== null);
  } else if (obj && typeof obj === "object") {
    const inner = ["rules", "stats"].map((k) => obj[k]).find((v) => v !== undefined);
    if (inner !== undefined) return ruleStatsMarkdown(inner);
    rows = Object.entries(obj).map(([rule, stats]) =>
      typeof stats === "object" && stats !== null && !Array.isArray(stats) ? { rule, ...(stats as object) } : { rule, value: stats });
  }
  if (rows.length === 0) return "# Footprint rule stats\n\nNo rule has fired yet.\n";
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const first = ["rule", "id", "name"].find((k) => columns.includes(k));
  if (first) columns.splice(columns.indexOf(first), 1), columns.unshift(first);
  const lines = [
    "# Footprint rule stats",
    "",
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${columns.map((c) => cell(row[c], c)).join(" | ")} |`),
  ];
  return `${lines.join("\n")}\n`;
}

// --- language status -----------------------------------------------------------------------------------
export type ServerState =
  | { kind: "starting"; message?: string }
  | { kind: "indexing"; message?: string; percentage?: number }
  | { kind: "ready" }
  | { kind: "stopped"; reason?: string };

/**
 * The language status item. `restricted` (VS Code's Restricted Mode): said in the item, so a user who wonders
 * why the folder's settings do nothing finds out without reading the log.
 */
export function statusText(state: ServerState, restricted = false): { text: string; detail: string; busy: boolean; error: boolean } {
  const view = statusView(state);
  if (!restricted) return view;
  return { ...view, text: `${view.text} (Restricted Mode)`, detail: `${view.detail}. Restricted Mode: the folder's own Footprint settings that run programs are ignored until you trust it` };
}

function statusView(state: ServerState): { text: string; detail: string; busy: boolean; error: boolean } {
  switch (state.kind) {
    case "starting":
      return { text: "Footprint: starting", detail: state.message ? `Starting: ${state.message}` : "Starting the language server", busy: true, error: false };
    case "indexing": {
      const pct = typeof state.percentage === "number" ? ` ${Math.round(state.percentage)}%` : "";
      return { text: `Footprint: indexing${pct}`, detail: state.message ? `Indexing ${state.message}` : "Building the workspace indexes", busy: true, error: false };
    }
    case "ready":
      return { text: "Footprint: ready", detail: "Indexes built; checks run as you type and on save", busy: false, error: false };
    case "stopped":
      return { text: "Footprint: stopped", detail: state.reason ?? "The language server is not running", busy: false, error: true };
  }
}

// --- Footprint: Check workspace ---------------------------------------------------------------------------
/** One finding of `footprint-ls check --format json` (0-based, UTF-16, paths relative to its cwd). */
export interface WorkspaceFinding {
  path?: unknown;
  line?: unknown;
  character?: unknown;
  end_line?: unknown;
  end_character?: unknown;
  severity?: unknown;
  code?: unknown;
  source?: unknown;
  message?: unknown;
}

export interface WorkspaceProblem {
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  severity: string;
  code: string;
  source: string;
  message: string;
}

/** The CLI's findings grouped by absolute file, and a one-line summary ("14 problems in 5 files"). */
export function workspaceProblems(findings: WorkspaceFinding[], root: string): { byFile: Map<string, WorkspaceProblem[]>; summary: string } {
  const byFile = new Map<string, WorkspaceProblem[]>();
  let count = 0;
  for (const f of findings) {
    if (typeof f !== "object" || f === null || typeof f.path !== "string") continue;
    const file = resolveResultPath(f.path, root);
    const line = Math.max(0, num(f.line));
    const character = Math.max(0, num(f.character));
    const problem: WorkspaceProblem = {
      line,
      character,
      endLine: Math.max(line, num(f.end_line, line)),
      endCharacter: Math.max(0, num(f.end_character, character)),
      severity: typeof f.severity === "string" ? f.severity.toLowerCase() : "warning",
      code: typeof f.code === "string" ? f.code : "",
      source: typeof f.source === "string" ? f.source : "footprint",
      message: typeof f.message === "string" ? f.message : "",
    };
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file)!.push(problem);
    count += 1;
  }
  const files = byFile.size;
  const summary = count === 0 ? "no problems" : `${count} problem${count === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`;
  return { byFile, summary };
}
