import { Link } from "react-router";
import { AuthCard, authSchema } from "~/accounts";
import { answerForgotPasswordForm } from "~/accounts/index.server";
import { EmailField, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-forgot-password";

export const action = (args: Route.ActionArgs) => answerForgotPasswordForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password" },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = usePending();
  const [form, fields] = useSchemaForm(authSchema("ForgotPasswordSchema"), {
    lastResult: actionData,
  });
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
        <SchemaForm form={form}>
          <EmailField meta={fields.email} id="email" required />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </SchemaForm>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
