// Structured logs: one line per event, `time level module message key=value…` on a terminal, JSON
// lines with --log-format json (a `module` field on every line, as Lodestar's). Levels filter what
// is printed.

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  /** The same logger for one part of the node: its lines carry `module` (e.g. "consensus", "p2p", "rpc"). */
  child(module: string): Logger;
}

const render = (v: unknown): string => (typeof v === "bigint" ? v.toString() : typeof v === "string" ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

export function createLogger(options: { level: LogLevel; format: "text" | "json"; write: (line: string) => void; module?: string }): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level);
  const module = options.module ?? "node";
  const log =
    (level: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LOG_LEVELS.indexOf(level) > threshold) return;
      const time = new Date().toISOString();
      if (options.format === "json") {
        options.write(`${JSON.stringify({ time, level, module, message, ...fields }, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}\n`);
      } else {
        const rest = Object.entries(fields)
          .map(([k, v]) => `${k}=${render(v)}`)
          .join(" ");
        options.write(`${time} ${level.toUpperCase().padEnd(5)} [${module}] ${message}${rest ? ` ${rest}` : ""}\n`);
      }
    };
  return { error: log("error"), warn: log("warn"), info: log("info"), debug: log("debug"), child: (name) => createLogger({ ...options, module: name }) };
}
