import { redirect } from "react-router";
import { AuthCard, authSchema, safeRedirect } from "~/accounts";
import { answerTwoFactorForm } from "~/accounts/index.server";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-two-factor";

export function loader({ request }: Route.LoaderArgs) {
  // Only reachable after the password step, which leaves its two-factor cookie.
  if (!request.headers.get("Cookie")?.includes("two_factor")) throw redirect("/auth");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export const action = (args: Route.ActionArgs) => answerTwoFactorForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor authentication" },
  { name: "robots", content: "noindex" },
];

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePending();
  const [form, fields] = useSchemaForm(authSchema("TwoFactorCodeSchema"), {
    lastResult: actionData,
  });
  return (
    <AuthCard
      title="Two-factor authentication"
      description="
            Enter the 6-digit code from your authenticator app, or one of your backup codes.
          "
    >
      <SchemaForm form={form}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          meta={fields.code}
          id="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="trustDevice" className="size-4" />
          Trust this device for 30 days
        </label>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </SchemaForm>
    </AuthCard>
  );
}
