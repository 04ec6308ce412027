import { useRef } from "react";
import { useLocation } from "react-router";
import {
  type AuthIntent,
  CHECK_INBOX_PARAM,
  ProviderButtons,
  SignInTabs,
  safeRedirect,
} from "~/accounts";
import {
  answerSignInForm,
  configuredProviders,
  providerErrorMessage,
  requireAnonymous,
} from "~/accounts/index.server";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { MailCheck } from "~/platform/ui/icons";
import { siteFrom, useSite } from "~/settings";
import type { Route } from "./+types/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  return {
    tab: (url.searchParams.get("tab") === "register" ? "register" : "login") as AuthIntent,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    providers: configuredProviders(context.get(runtimeContext).env),
    // A provider's sign-in that came back refused (the auth library adds `error`).
    providerError: providerErrorMessage(url.searchParams.get("error")),
    // Just signed up: the confirmation link is on its way.
    checkInbox: url.searchParams.has(CHECK_INBOX_PARAM),
  };
}

export const action = (args: Route.ActionArgs) => answerSignInForm(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Sign In",
    description: `Sign in to your ${siteFrom(matches).siteName} account or create one.`,
    path: "/auth",
    ...siteFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a sign-up each arrival here is a new form: nothing typed (passwords least of all) stays.
  // A form's own reply is no arrival: remounting then would drop the form under its submission.
  const location = useLocation();
  const arrival = useRef(location.key);
  const site = useSite();
  if (!actionData) arrival.current = location.key;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-14 sm:py-20">
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1 className="text-2xl">Welcome to {site.name}</h1>
          </CardTitle>
          <CardDescription>Sign in to your account, or create one.</CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.providerError && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
            >
              {loaderData.providerError}
            </p>
          )}
          {loaderData.checkInbox && (
            <div
              role="status"
              className="mb-4 flex gap-3 rounded-md border border-primary/40 bg-primary/10 p-3 text-sm"
            >
              <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <p>
                <strong className="block font-semibold">Check your inbox</strong>
                We sent a link to confirm your account. Open it to finish signing up; you will be
                signed in.
              </p>
            </div>
          )}
          <SignInTabs
            key={loaderData.checkInbox ? arrival.current : "sign-in"}
            reply={actionData}
            tab={loaderData.tab}
            redirectTo={loaderData.redirectTo}
          />
          <ProviderButtons
            providers={loaderData.providers}
            redirectTo={loaderData.redirectTo}
            reply={actionData}
          />
          <noscript>
            <p className="mt-6 text-center text-sm">
              <a href="/auth?tab=login" className="text-primary underline">
                Login
              </a>{" "}
              ·{" "}
              <a href="/auth?tab=register" className="text-primary underline">
                Register
              </a>
            </p>
          </noscript>
        </CardContent>
      </Card>
    </div>
  );
}
