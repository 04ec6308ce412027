import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, NewPasswordFields, ResetPasswordSchema } from "~/accounts";
import { authErrorMessage, forwardToAuth } from "~/accounts/index.server";
import { FormError } from "~/platform/forms/field";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { readForm } from "~/platform/forms/read-form.server";
import { useValidatedForm } from "~/platform/forms/use-validated-form";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-reset-password";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The auth library sends an expired or unknown token here with ?error=INVALID_TOKEN.
  return {
    token: url.searchParams.get("token") ?? "",
    invalid: Boolean(url.searchParams.get("error")),
  };
}

type ActionResult = { errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ResetPasswordSchema, await readForm(request));
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors }, 400);
  const answer = await forwardToAuth(request, context, "/reset-password", {
    newPassword: parsed.data.password,
    token: parsed.data.token,
  });
  if (!answer.ok) {
    return data<ActionResult>(
      { formError: authErrorMessage(answer, "This reset link is invalid or has expired.") },
      400,
    );
  }
  return redirectWithToast(
    "/auth",
    { type: "success", title: "Password changed", description: "Sign in with your new password." },
    context.runtime.env.AUTH_SECRET,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password" },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const form = useValidatedForm(ResetPasswordSchema, result?.errors);
  const shown = form.errors;
  const unusable = loaderData.invalid || !loaderData.token;
  return (
    <AuthCard
      title="Choose a new password"
      description="Signing in elsewhere ends when you change it."
    >
      {unusable ? (
        <p role="alert" className="text-sm text-destructive">
          This reset link is invalid or has expired.{" "}
          <Link to="/auth/forgot-password" className="underline">
            Ask for a new one
          </Link>
          .
        </p>
      ) : (
        <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={result?.formError ?? shown.token} />
          <NewPasswordFields label="New password" errors={shown} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
