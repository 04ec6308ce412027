/** How the console calls the API: as this session, or with a personal API key or a service token. */
export type ApiCredential = { kind: "session" | "api-key" | "bearer"; value: string };

/** A call to the API from the console, timed. */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  as?: ApiCredential,
): Promise<{ ok: boolean; status: number; data: T; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (as?.kind === "api-key") headers["x-api-key"] = as.value;
  if (as?.kind === "bearer") headers.Authorization = `Bearer ${as.value}`;
  const response = await fetch(`/api/v1/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    // A key or a token speaks alone: the session cookie stays home.
    credentials: as && as.kind !== "session" ? "omit" : "same-origin",
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return {
    ok: response.ok,
    status: response.status,
    data: data as T,
    ms: Math.round(performance.now() - started),
  };
}

export function apiErrorMessage(data: unknown, fallback: string): string {
  const message = (data as { error?: { message?: string } } | null)?.error?.message;
  return message || fallback;
}
