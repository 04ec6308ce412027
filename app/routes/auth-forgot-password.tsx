import { useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { authErrorMessage, forwardToAuth } from "~/accounts/auth-forward.server";
import { ForgotPasswordSchema } from "~/accounts/auth-schemas";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FormError } from "~/forms/field";
import { type FieldErrors, parseForm } from "~/forms/form-errors";
import type { Route } from "./+types/auth-forgot-password";

type ActionResult = { sent?: boolean; errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ForgotPasswordSchema, await request.formData());
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
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  return (
    <div className="mx-auto max-w-md px-4 py-14 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">Forgot your password?</h1>
          </CardTitle>
          <CardDescription>We will e-mail you a link to choose a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          {result?.sent ? (
            <p
              role="status"
              className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
            >
              If an account exists for that address, a reset link is on its way. It works for one
              hour.
            </p>
          ) : (
            <Form
              method="post"
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                const parsed = parseForm(ForgotPasswordSchema, new FormData(event.currentTarget));
                setErrors(parsed.success ? {} : parsed.errors);
                if (!parsed.success) event.preventDefault();
              }}
            >
              <FormError message={result?.formError} />
              <Field
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                error={(errors ?? result?.errors)?.email}
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
        </CardContent>
      </Card>
    </div>
  );
}
