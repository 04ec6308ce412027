import { redirect } from "react-router";
import { answerOneClick } from "~/newsletter/index.server";
import type { Route } from "./+types/newsletter-unsubscribe";

// The List-Unsubscribe address of every newsletter mail. POST: RFC 8058 one-click
// (`List-Unsubscribe=One-Click`), signed token in the query, no session or cookie; idempotent; a
// forged or altered token is refused with 400 and changes nothing. GET (a person following the
// link): the preferences page, where unsubscribing is one button.
export const action = ({ request, context }: Route.ActionArgs) => answerOneClick(request, context);

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/newsletter/preferences?token=${encodeURIComponent(token)}`);
}
