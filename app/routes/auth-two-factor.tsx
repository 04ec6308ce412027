import { redirect } from "react-router";
import { PHONE_CODE_MINUTES, safeRedirect, TwoFactorStep } from "~/accounts";
import { answerTwoFactorForm, twoFactorChoices } from "~/accounts/index.server";
import type { Route } from "./+types/auth-two-factor";

// The sign-in's second step (docs/accounts-and-security.md#phone): the account's own factors, an
// app code, a code by text message, or a backup code.

export async function loader({ request, context }: Route.LoaderArgs) {
  // Only reachable after the password step, which leaves its two-factor cookie.
  if (!request.headers.get("Cookie")?.includes("two_factor")) throw redirect("/auth");
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    choices: await twoFactorChoices(request, context),
    // Read here, so the page's scripts need not load the phone's module for one number.
    codeMinutes: PHONE_CODE_MINUTES,
  };
}

export const action = (args: Route.ActionArgs) => answerTwoFactorForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor authentication" },
  { name: "robots", content: "noindex" },
];

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TwoFactorStep {...loaderData} reply={actionData} />;
}
