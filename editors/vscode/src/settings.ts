/**
 * Settings -> what the server receives. Pure logic (no `vscode` import).
 *
 * The server reads its own options from `initializationOptions` and `workspace/didChangeConfiguration`, either
 * as the footprint.toml sections directly or under a `footprint` key. Only server options go there: the
 * launch settings (`path`, `interpreter`, ...) are the extension's business, and the server would reject them
 * as unknown keys.
 */

export const RESTART_KEYS = ["footprint.path", "footprint.interpreter", "footprint.args", "footprint.cwd", "footprint.importStrategy"] as const;
export const SERVER_OPTION_KEYS = ["footprint.packs", "footprint.exclude", "footprint.serverSettings"] as const;

export type NotificationLevel = "off" | "onError" | "onWarning" | "always";
export type Severity = "error" | "warning" | "info";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
}

/** `{ footprint: {...} }` as sent in `initializationOptions` and `didChangeConfiguration.settings`. */
export function serverOptions(get: (key: string) => unknown): { footprint: Record<string, unknown> } {
  const raw = get("serverSettings");
  // A JSON round trip, not structuredClone: VS Code hands out configuration values as Proxies, which
  // structuredClone refuses (DataCloneError) — found by the workbench e2e test.
  const options: Record<string, unknown> = isObject(raw) ? (JSON.parse(JSON.stringify(raw)) as Record<string, unknown>) : {};
  const packs = strings(get("packs"));
  const exclude = strings(get("exclude"));
  // The explicit settings add to whatever serverSettings says about the same keys (lists concatenate, as
  // they do across the server's own configuration layers).
  if (packs.length) options.packs = [...strings(options.packs), ...packs];
  if (exclude.length) options.exclude = [...strings(options.exclude), ...exclude];
  return { footprint: options };
}

/** Which kind of reaction a configuration change needs. */
export function changeEffect(affects: (key: string) => boolean): "restart" | "notify" | "none" {
  if (RESTART_KEYS.some((k) => affects(k))) return "restart";
  if (SERVER_OPTION_KEYS.some((k) => affects(k))) return "notify";
  return "none";
}

export function notificationLevel(value: unknown): NotificationLevel {
  return value === "off" || value === "onWarning" || value === "always" ? value : "onError";
}

export function shouldNotify(level: NotificationLevel, severity: Severity): boolean {
  switch (level) {
    case "off":
      return false;
    case "onError":
      return severity === "error";
    case "onWarning":
      return severity !== "info";
    case "always":
      return true;
  }
}

/**
 * Notifications render no Markdown: `code` would show its backticks. Curly quotes instead; the log keeps
 * the original text.
 */
export function plainMessage(message: string): string {
  return message.replace(/`([^`\n]+)`/g, "“$1”");
}

/**
 * When to restart a crashed server: after 1, 2, 4, 8, 16 s (a crash right at start-up must not spin); after
 * `limit` crashes within `windowMs`, not at all (undefined) until `reset()` (the user restarts it).
 */
export class CrashBackoff {
  private times: number[] = [];
  constructor(
    readonly limit = 5,
    readonly windowMs = 3 * 60_000,
    private readonly baseMs = 1000,
  ) {}

  next(now: number): number | undefined {
    this.times = this.times.filter((t) => now - t < this.windowMs);
    this.times.push(now);
    if (this.times.length >= this.limit) return undefined;
    return this.baseMs * 2 ** (this.times.length - 1);
  }

  reset(): void {
    this.times = [];
  }
}

export type LogLevel = "trace" | "info" | "warn" | "error";

/**
 * One line the client library writes to its output channel (the server's stderr, or its own messages) -> the
 * level and text for our LogOutputChannel, which adds its own timestamp. The server's lines
 * (`2026-01-01 10:00:00,123 WARNING name: text`) lose their timestamp and keep their level; the library's
 * `[Error - 5:04:00 PM] text` keep theirs, except a clean exit (code 0: a normal stop) which is no error.
 */
export function serverLogLine(line: string): { level: LogLevel; text: string } {
  const server = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[,.]\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) (.*)$/s.exec(line);
  if (server) {
    const level: LogLevel = server[1] === "DEBUG" ? "trace" : server[1] === "INFO" ? "info" : server[1] === "WARNING" ? "warn" : "error";
    return { level, text: server[2] };
  }
  const client = /^\[(Trace|Debug|Info|Warn|Error) - [^\]]*\] (.*)$/s.exec(line);
  if (client) {
    if (/exited with code 0\b/.test(client[2])) return { level: "info", text: client[2] };
    const level: LogLevel = client[1] === "Error" ? "error" : client[1] === "Warn" ? "warn" : client[1] === "Info" ? "info" : "trace";
    return { level, text: client[2] };
  }
  return { level: "info", text: line };
}

/**
 * A CLI verb's whole stderr (`footprint-ls check`, `trust`): the same server log lines as the live server's
 * stderr, several at once, each at its own level and once timestamped (`serverLogLine`); a line that is not the
 * server's own (a traceback's, argparse's) at `other`'s level.
 */
export function serverLogLines(text: string, other: LogLevel): { level: LogLevel; text: string }[] {
  return text.split(/\r?\n/).filter((line) => line.trim()).map((line) => {
    const parsed = serverLogLine(line);
    return parsed.text === line ? { level: other, text: line } : parsed;
  });
}
