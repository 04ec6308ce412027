import { Fragment } from "react";
import { ENDPOINTS } from "~/api/api.server";
import { holdersOf } from "~/roles";
import type { Route } from "./+types/api-docs";

export function loader() {
  return {
    endpoints: ENDPOINTS.map((e) => ({
      method: e.method,
      path: `/api/v1/${e.path}`,
      summary: e.summary,
      who: e.permission ? holdersOf(e.permission) : "Everyone",
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "API reference" },
  { name: "description", content: "The studio-site REST API v1." },
];

const METHOD_COLOURS: Record<string, string> = {
  GET: "tone-blue",
  POST: "tone-green",
  PUT: "tone-amber",
  DELETE: "tone-red",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-black tracking-tight">API reference</h1>
      <div className="mt-3 space-y-3 text-muted-foreground">
        <p>
          JSON over HTTPS. Public reads need nothing. Every other endpoint acts as an account, with
          that account's role of the moment (the Who column), and takes one of:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>the session cookie of a signed-in browser;</li>
          <li>
            a personal API key in the <code>x-api-key</code> header (made in the profile's Security
            section);
          </li>
          <li>
            a service token, <code className="[overflow-wrap:anywhere]">Authorization: Bearer</code>{" "}
            (<code>POST /api/v1/auth/token</code> trades an API key for one).
          </li>
        </ul>
        <p>
          Errors look like{" "}
          <code className="[overflow-wrap:anywhere]">
            {'{"error":{"code":"forbidden","message":"…"}}'}
          </code>{" "}
          with status 400, 401, 403, 404, 405 or 429. Lists take <code>?limit=</code> (1 to 100,
          default 20). Machine-readable:{" "}
          <a className="text-primary underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
          .
        </p>
      </div>
      {/* Paths and long codes may break anywhere, so the table fits a phone; should a cell still be
          too wide, the table scrolls in its own box rather than the page. */}
      <div className="mt-8 overflow-x-auto" data-testid="api-endpoints">
        <table className="w-full text-left text-sm">
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
                <td className="py-2 pr-3 font-mono text-xs [overflow-wrap:anywhere]">
                  {/* A narrow column breaks a path after its slashes first. */}
                  {e.path.split("/").map((part, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed path
                    <Fragment key={i}>
                      {i > 0 && (
                        <>
                          /<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </td>
                <td className="py-2 pr-3">{e.summary}</td>
                <td className="py-2 text-xs text-muted-foreground">{e.who}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
