// The SQL box's first checks (docs/product.md#sql-query-box), run in the browser and again on the
// server.
export const QUERY_TABLES = ["profiles", "user_roles"] as const;

export function querySpecError(sql: string): string | null {
  const text = sql.trim();
  if (!text) return "Please enter a SQL query";
  if (!/^select\b/i.test(text)) return "Only SELECT queries are allowed for safety";
  if (!/\b(profiles|user_roles)\b/i.test(text))
    return "Query not supported. Try selecting from profiles or user_roles.";
  return null;
}
