import { apiErrorMessage } from "./console-api";

/**
 * The tables of docs/product.md#data, as the API tester takes them by name, and
 * the API collection that reads each. contact_messages is the API's `messages`; user_activity and
 * user_preferences answer with the caller's own rows.
 */
const TABLE_PATHS = {
  news: "news",
  games: "games",
  contact_messages: "messages",
  profiles: "profiles",
  user_roles: "user_roles",
  user_activity: "user_activity",
  user_preferences: "user_preferences",
  developer_work: "developer_work",
} as const;

export type ConsoleTable = keyof typeof TABLE_PATHS;
export const CONSOLE_TABLES = Object.keys(TABLE_PATHS) as ConsoleTable[];

export function isConsoleTable(name: string): name is ConsoleTable {
  return Object.hasOwn(TABLE_PATHS, name);
}

/** The API path for a typed table name; other names go as typed, and the API answers 404. */
export function apiPathFor(name: string): string {
  const table = name.trim();
  return isConsoleTable(table) ? TABLE_PATHS[table] : encodeURIComponent(table);
}

const VERBS: Record<string, string> = {
  GET: "read",
  POST: "add to",
  PUT: "change",
  DELETE: "delete from",
};

/** What a failed test names: the API path it called, and the table when the path differs. */
function calledName(subject: string): string {
  const table = subject.trim();
  if (!isConsoleTable(table) || TABLE_PATHS[table] === table) return subject;
  return `/api/v1/${TABLE_PATHS[table]} (${table})`;
}

/** What a failed test says: a refusal in words, otherwise the status and the API's message. */
export function apiFailureMessage(
  method: string,
  subject: string,
  status: number,
  body: unknown,
): string {
  if (status === 401) return "Your session has ended. Sign in again to run this test.";
  if (status === 403) return `Your role may not ${VERBS[method] ?? "use"} ${calledName(subject)}.`;
  const label = `${method} ${calledName(subject)}: ${status}`;
  if (status === 404 && !isConsoleTable(subject)) {
    return `${label} No table named ${subject}. Try one of: ${CONSOLE_TABLES.join(", ")}.`;
  }
  return `${label} ${apiErrorMessage(body, "")}`.trim();
}
