import { createCookie, redirect } from "react-router";
import { type Toast, ToastSchema } from "./toast";

function toastCookie(secret: string) {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secrets: [secret],
  });
}

export async function toastHeaders(toast: Toast, secret: string): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie(secret).serialize(toast) });
}

/** Redirects with a one-time toast; extra headers (for example session cookies) are kept. */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  secret: string,
  init: { headers?: Headers } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(secret).serialize(toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast. */
export async function readToast(
  request: Request,
  secret: string,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const header = request.headers.get("Cookie");
  // Most requests carry no toast: no cookie parsing or signature check for them.
  if (!header?.includes("toast=")) return { toast: null, headers: null };
  const cookie = toastCookie(secret);
  const value = await cookie.parse(header);
  if (!value) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(value);
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
