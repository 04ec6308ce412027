import { ENDPOINTS } from "~/api/api.server";
import type { Route } from "./+types/api-docs";

export function loader() {
  return {
    endpoints: ENDPOINTS.map((e) => ({
      method: e.method,
      path: `/api/v1/${e.path}`,
      summary: e.summary,
      permission: e.permission,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "API reference" },
  { name: "description", content: "The studio-site REST API v1." },
];

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100",
  POST: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  DELETE: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-black tracking-tight">API reference</h1>
      <p className="mt-3 text-muted-foreground">
        JSON over HTTPS. Staff endpoints use the session cookie of a signed-in account with the
        permission shown. Errors look like{" "}
        <code>{'{"error":{"code":"forbidden","message":"…"}}'}</code> with status 400, 401, 403,
        404, 405 or 429. Lists take <code>?limit=</code> (1 to 100, default 20). Machine-readable:{" "}
        <a className="text-primary underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
        .
      </p>
      <table className="mt-8 w-full text-left text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            <th className="py-2 pr-3 font-medium">Method</th>
            <th className="py-2 pr-3 font-medium">Path</th>
            <th className="py-2 pr-3 font-medium">What it does</th>
            <th className="py-2 font-medium">Who</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.endpoints.map((e) => (
            <tr key={`${e.method} ${e.path}`} className="border-b align-top">
              <td className="py-2 pr-3">
                <span
                  className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLOURS[e.method]}`}
                >
                  {e.method}
                </span>
              </td>
              <td className="py-2 pr-3 font-mono text-xs">{e.path}</td>
              <td className="py-2 pr-3">{e.summary}</td>
              <td className="py-2 text-xs text-muted-foreground">{e.permission ?? "Everyone"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
