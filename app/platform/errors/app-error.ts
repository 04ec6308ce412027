/**
 * The one error domain code throws when a request cannot be carried out as asked. Its kind says what
 * went wrong in the caller's terms; three adapters turn it into an answer (a form reply, API JSON,
 * or a status for the error boundary: `./adapters.server.ts`). Anything else thrown is a bug and
 * becomes a 500 where it is caught last.
 */
export const APP_ERROR_KINDS = {
  invalid: { status: 400, code: "validation_failed" },
  unauthenticated: { status: 401, code: "unauthenticated" },
  forbidden: { status: 403, code: "forbidden" },
  not_found: { status: 404, code: "not_found" },
  /** The API router's: the path exists, the method does not (sent with Allow). */
  method_not_allowed: { status: 405, code: "method_not_allowed" },
  conflict: { status: 409, code: "conflict" },
  payload_too_large: { status: 413, code: "payload_too_large" },
  unprocessable: { status: 422, code: "unprocessable" },
  too_many: { status: 429, code: "rate_limited" },
  unavailable: { status: 503, code: "unavailable" },
  /** Only where an unexpected error is caught last: never thrown by domain code. */
  internal: { status: 500, code: "internal" },
} as const;

export type AppErrorKind = keyof typeof APP_ERROR_KINDS;

export type AppErrorOptions = {
  /** The form field the message belongs to; without it the message is about the whole form. */
  field?: string;
  /** More messages by field (a whole form's validation). */
  fields?: Record<string, string>;
  /** A more precise machine-readable code than the kind's own (for example `last_owner`). */
  code?: string;
  /** When a refusal ends (429, 503): sent as Retry-After. */
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly field?: string;
  readonly fields?: Record<string, string>;
  readonly code: string;
  readonly retryAfterSeconds?: number;

  constructor(kind: AppErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.field = options.field;
    this.fields = options.fields;
    this.code = options.code ?? APP_ERROR_KINDS[kind].code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return APP_ERROR_KINDS[this.kind].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
