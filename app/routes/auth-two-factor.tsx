import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, safeRedirect, TwoFactorCodeSchema } from "~/accounts";
import { authErrorMessage, forwardToAuth } from "~/accounts/index.server";
import { Field, FormError } from "~/platform/forms/field";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { readForm } from "~/platform/forms/read-form.server";
import { useValidatedForm } from "~/platform/forms/use-validated-form";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-two-factor";

export function loader({ request }: Route.LoaderArgs) {
  // Only reachable after the password step, which leaves its two-factor cookie.
  if (!request.headers.get("Cookie")?.includes("two_factor")) throw redirect("/auth");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

type ActionResult = { errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(TwoFactorCodeSchema, form);
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors }, 400);
  const isTotp = /^\d{6}$/.test(parsed.data.code);
  const answer = await forwardToAuth(
    request,
    context,
    isTotp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
    { code: parsed.data.code, trustDevice: parsed.data.trustDevice === "on" },
  );
  if (!answer.ok) {
    return data<ActionResult>(
      { formError: authErrorMessage(answer, "That code did not work. Try again.") },
      400,
    );
  }
  return redirectWithToast(
    safeRedirect(form.get("redirectTo")),
    { type: "success", title: "Signed in successfully", description: "Welcome back!" },
    context.runtime.env.AUTH_SECRET,
    { headers: answer.cookies },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor authentication" },
  { name: "robots", content: "noindex" },
];

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useValidatedForm(TwoFactorCodeSchema, result?.errors);
  return (
    <AuthCard
      title="Two-factor authentication"
      description="
            Enter the 6-digit code from your authenticator app, or one of your backup codes.
          "
    >
      <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormError message={result?.formError} />
        <Field
          name="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          error={form.errors.code}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="trustDevice" className="size-4" />
          Trust this device for 30 days
        </label>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
