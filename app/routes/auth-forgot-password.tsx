import { Form, Link } from "react-router";
import { AuthCard, ForgotPasswordSchema } from "~/accounts";
import { answerForgotPasswordForm } from "~/accounts/index.server";
import { Field, FormErrors, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-forgot-password";

export const action = (args: Route.ActionArgs) => answerForgotPasswordForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password" },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = usePending();
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { lastResult: actionData });
  return (
    <AuthCard
      title="Forgot your password?"
      description="We will e-mail you a link to choose a new one."
    >
      {actionData?.status === "success" ? (
        <p
          role="status"
          className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
        >
          If an account exists for that address, a reset link is on its way. It works for one hour.
        </p>
      ) : (
        <Form id={form.id} method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
          <FormErrors errors={form.errors} />
          <Field
            meta={fields.email}
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
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
