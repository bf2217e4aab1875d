/**
 * Settings -> what the server receives. Pure logic (no `vscode` import).
 *
 * The server reads its own options from `initializationOptions` and `workspace/didChangeConfiguration`, either
 * as the footprint.toml sections directly or under a `footprint` key. Only server options go there: the
 * launch settings (`path`, `interpreter`, ...) are the extension's business, and the server would reject them
 * as unknown keys.
 */

export const RESTART_KEYS = ["footprint.path", "footprint.interpreter", "footprint.args", "footprint.cwd"] as const;
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
