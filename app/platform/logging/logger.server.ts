import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";

// Logs never hold a secret: one-time tokens travel in query strings and in some
// paths, and a failed query's parameters can hold a session token. What could carry one is masked.

export const REDACTED = "[redacted]";

/** Path segments that are tokens themselves: the reset link's `/reset-password/<token>`. */
const TOKEN_SEGMENTS = [/(\/reset-password\/)[^/?#\s]+/g];

/**
 * A URL (absolute or a request's path) fit for a log line: every query value masked (names kept,
 * so a line still says what was asked), token path segments masked.
 */
export function maskUrl(url: string | undefined): string {
  if (!url) return "";
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  let path = question === -1 ? withoutHash : withoutHash.slice(0, question);
  for (const pattern of TOKEN_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (question === -1) return path;
  const query = withoutHash
    .slice(question + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals === -1 ? REDACTED : `${pair.slice(0, equals)}=${REDACTED}`;
    });
  return query.length ? `${path}?${query.join("&")}` : path;
}

/** Free text (a library's message, an error) with its URLs masked and failed queries' parameters cut. */
export function redactSecrets(text: string): string {
  return text
    .replace(/(?:https?:\/\/[^\s"'<>]+|\/[^\s"'<>?]*\?[^\s"'<>]+)/g, (url) => maskUrl(url))
    .replace(/(\/reset-password\/)[^/?#\s"'<>]+/g, `$1${REDACTED}`)
    .replace(/(\bparams:\s*)[^\n]*/g, `$1${REDACTED}`);
}

/** What pino's error serializer takes for an error: anything with a message. */
function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === "object" &&
    value !== null &&
    "message" in value &&
    typeof value.message === "string"
  );
}

function errorSerializer(error: unknown) {
  // Anything else is logged as given, as pino's own serializer would return it.
  if (!isErrorLike(error)) return error;
  const serialized: Record<string, unknown> = pino.stdSerializers.err(error);
  // A query error carries the query's values (for a session: its token).
  delete serialized.params;
  for (const key of ["message", "stack"]) {
    if (typeof serialized[key] === "string") serialized[key] = redactSecrets(serialized[key]);
  }
  return serialized;
}

/** The request log line's fields (pino-http): method and masked URL; no headers, cookies or bodies. */
export const requestLogSerializers = {
  req: (req: IncomingMessage & { id?: unknown }) => ({
    id: req.id,
    method: req.method,
    url: maskUrl(req.url),
  }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
  err: errorSerializer,
};

export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "studio-site" },
    serializers: { err: errorSerializer },
    // Should a secret ever be passed as a field, it is masked by name.
    redact: {
      paths: [
        "password",
        "token",
        "cookie",
        "authorization",
        "*.password",
        "*.token",
        "*.cookie",
        "*.authorization",
      ],
      censor: REDACTED,
    },
  };
  if (destination) return pino(options, destination);
  // A person at a terminal reads sentences; anything else (a service manager, a log collector)
  // gets JSON lines.
  return process.stdout.isTTY ? pino(options, terminalLines(process.stdout)) : pino(options);
}

type TerminalEntry = {
  level: number;
  msg?: string;
  err?: { message?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

const LEVEL_WORDS: Record<number, string> = { 40: "warning: ", 50: "error: ", 60: "fatal: " };

/** A pino destination that writes each line as its message (and error), one sentence a line. */
export function terminalLines(out: { write(text: string): unknown }): pino.DestinationStream {
  return {
    write(line: string) {
      const entry = JSON.parse(line) as TerminalEntry;
      const error = entry.err?.message ? ` (${entry.err.message})` : "";
      const request = entry.req
        ? `${entry.req.method} ${entry.req.url} ${entry.res?.statusCode ?? ""} ${entry.responseTime ?? ""} ms`
        : entry.msg;
      out.write(`${LEVEL_WORDS[entry.level] ?? ""}${request ?? ""}${error}\n`);
    },
  };
}
export type Logger = ReturnType<typeof createLogger>;
