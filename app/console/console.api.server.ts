import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { z } from "~/platform/forms/zod";
import { defineEndpoint, type Endpoint, listEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import {
  CacheClearedSchema,
  HealthSchema,
  QueryInput,
  QueryResultSchema,
  QueryStatusSchema,
  TableCountSchema,
  TeamMemberSchema,
  WorkInput,
  WorkSchema,
} from "./console-schemas";
import { measureHealth, tableCounts } from "./health.server";
import {
  consoleQueryStatus,
  QueryRefused,
  QueryTimedOut,
  QueryUnavailable,
  runConsoleQuery,
} from "./sql-query.server";
import { databaseMessage } from "./sql-reader.server";
import { getWork, listTeam, saveWork } from "./work.server";

// The developer console's API endpoints (docs/product.md#api): developer_work and team (its
// tables and tabs), health, stats and cache clearing for developers and owners, and the owner's SQL
// query box.

/** A query the box did not run, as the API's error: the owner's fault (400) or the box is off (409). */
function queryError(error: unknown, message: string): AppError {
  if (error instanceof QueryRefused)
    return new AppError("invalid", message, { code: "query_refused" });
  if (error instanceof QueryTimedOut)
    return new AppError("invalid", message, { code: "query_timeout" });
  // Not the query's fault and nothing was run: the box is off here.
  if (error instanceof QueryUnavailable)
    return new AppError("conflict", message, { code: "query_unavailable" });
  return new AppError("invalid", message, { code: "query_failed" });
}

const DEVELOPER = [200, 400, 401, 403, 429, 503] as const;

export const CONSOLE_ENDPOINTS: Endpoint<Permission>[] = [
  listEndpoint({
    path: "developer_work",
    summary: "Every developer's and owner's current work",
    permission: "canAccessDevConsole",
    item: TeamMemberSchema,
    statuses: DEVELOPER,
    read: ({ context }) => listTeam(context.get(runtimeContext).db),
  }),
  defineEndpoint({
    method: "GET",
    path: "developer_work/me",
    summary: "My current work",
    permission: "canAccessDevConsole",
    response: WorkSchema,
    statuses: DEVELOPER,
    run: ({ context, caller }) => getWork(context.get(runtimeContext).db, caller.id),
  }),
  defineEndpoint({
    method: "PUT",
    path: "developer_work/me",
    summary: "Set my current work (trimmed; empty clears it)",
    permission: "canAccessDevConsole",
    body: WorkInput,
    response: WorkSchema,
    statuses: DEVELOPER,
    run: ({ context, caller, input }) =>
      saveWork(context.get(runtimeContext).db, caller.id, input.current_task),
  }),
  defineEndpoint({
    method: "GET",
    path: "team",
    summary: "Developers and owners with their current work",
    permission: "canAccessDevConsole",
    response: z.object({ data: z.array(TeamMemberSchema) }),
    statuses: DEVELOPER,
    run: async ({ context }) => ({ data: await listTeam(context.get(runtimeContext).db) }),
  }),
  defineEndpoint({
    method: "GET",
    path: "health",
    summary: "Database and auth health, user count, response time, last activity",
    permission: "canAccessDevConsole",
    response: HealthSchema,
    statuses: DEVELOPER,
    run: ({ context }) => measureHealth(context.get(runtimeContext)),
  }),
  defineEndpoint({
    method: "GET",
    path: "stats",
    summary: "Row count per table",
    permission: "canAccessDevConsole",
    response: z.object({ data: z.array(TableCountSchema) }),
    statuses: DEVELOPER,
    run: async ({ context }) => ({ data: await tableCounts(context.get(runtimeContext).db) }),
  }),
  defineEndpoint({
    method: "GET",
    path: "query",
    summary: "Whether the SQL box can run here, and why not",
    permission: "canManageRoles",
    response: QueryStatusSchema,
    statuses: DEVELOPER,
    run: ({ context }) =>
      consoleQueryStatus(context.get(runtimeContext).database, {
        role: context.get(runtimeContext).env.CONSOLE_READER_ROLE,
      }),
  }),
  defineEndpoint({
    method: "POST",
    path: "query",
    summary: "Run one read-only SELECT over profiles and user_roles (10 rows at most)",
    permission: "canManageRoles",
    body: QueryInput,
    response: QueryResultSchema,
    statuses: [...DEVELOPER, 409],
    run: async ({ context, caller, input }) => {
      const { db } = context.get(runtimeContext);
      const audit = (details: Record<string, unknown>) =>
        recordStaffAction(db, {
          actor: caller,
          action: "console.query",
          subjectType: "sql",
          details: { sql: input.sql, ...details },
        });
      try {
        const result = await runConsoleQuery(context.get(runtimeContext).database, input.sql, {
          role: context.get(runtimeContext).env.CONSOLE_READER_ROLE,
        });
        await audit({ rows: result.rowCount });
        return result;
      } catch (error) {
        const message = databaseMessage(error);
        await audit({ refused: message });
        throw queryError(error, message);
      }
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "cache/clear",
    summary: "Empty this process's page cache (its copies last about a second anyway)",
    permission: "canAccessDevConsole",
    response: CacheClearedSchema,
    statuses: DEVELOPER,
    run: async ({ context }) => {
      context.get(runtimeContext).pageCache.clear();
      return { cleared: ["pages"] };
    },
  }),
];
