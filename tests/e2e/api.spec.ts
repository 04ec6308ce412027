import { gotoHydrated } from "../support/browser";
import { expect, test } from "./fixtures";

// The API's reference page as a reader sees it. The REST API itself (every endpoint as each role,
// methods, errors, the OpenAPI document) is tested over HTTP against the site in the test's own
// process: tests/http/api.test.ts.

test("/api/docs renders the endpoint table", async ({ page, request }) => {
  const document = await (await request.get("/api/v1/openapi.json")).json();
  const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .map((op) => op.replace(/\{(\w+)\}/g, ":$1"))
    .sort();

  const response = await gotoHydrated(page, "/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/API reference/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Method",
    "Path",
    "What it does",
    "Who",
  ]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(operations.length);
  const shown: string[] = [];
  for (const row of await rows.all()) {
    const [method, path] = await row.locator("td").allTextContents();
    shown.push(`${method!.trim()} ${path!.trim()}`);
  }
  expect(shown.sort()).toEqual(operations);

  const newsRow = rows.filter({ has: page.getByText("/api/v1/news", { exact: true }) });
  await expect(newsRow.filter({ hasText: "GET" }).locator("td").nth(3)).toHaveText("Everyone");
  await expect(newsRow.filter({ hasText: "POST" }).locator("td").nth(3)).toHaveText(
    "Admin and above",
  );
  await expect(page.getByRole("link", { name: "/api/v1/openapi.json" })).toHaveAttribute(
    "href",
    "/api/v1/openapi.json",
  );
});
