// The console feature's server-only face: what other folders may import on the server.
export { CONSOLE_ENDPOINTS } from "./console.api.server";
export {
  HealthSchema,
  QueryInput,
  QueryResultSchema,
  QueryStatusSchema,
  TeamMemberSchema,
  WorkInput,
  WorkSchema,
} from "./console-schemas";
export { measureHealth, tableCounts } from "./health.server";
export {
  consoleQueryStatus,
  describeConsoleQuery,
  QueryRefused,
  QueryTimedOut,
  QueryUnavailable,
  runConsoleQuery,
} from "./sql-query.server";
export { databaseMessage } from "./sql-reader.server";
export { getWork, listTeam, saveWork } from "./work.server";
