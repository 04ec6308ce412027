import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, ForgotPasswordSchema } from "~/accounts";
import { authErrorMessage, forwardToAuth } from "~/accounts/index.server";
import { Field, FormError } from "~/platform/forms/field";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { readForm } from "~/platform/forms/read-form.server";
import { useValidatedForm } from "~/platform/forms/use-validated-form";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-forgot-password";

type ActionResult = { sent?: boolean; errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ForgotPasswordSchema, await readForm(request));
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors }, 400);
  const answer = await forwardToAuth(request, context, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/auth/reset-password",
  });
  // The same answer whether or not the address has an account.
  if (!answer.ok && answer.status === 429) {
    return data<ActionResult>({ formError: authErrorMessage(answer, "") }, 429);
  }
  return { sent: true } satisfies ActionResult;
}

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password" },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const form = useValidatedForm(ForgotPasswordSchema, result?.errors);
  return (
    <AuthCard
      title="Forgot your password?"
      description="We will e-mail you a link to choose a new one."
    >
      {result?.sent ? (
        <p
          role="status"
          className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
        >
          If an account exists for that address, a reset link is on its way. It works for one hour.
        </p>
      ) : (
        <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
          <FormError message={result?.formError} />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={form.errors.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
