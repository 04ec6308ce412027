import { Link } from "react-router";
import { AuthCard, authSchema, NewPasswordFields } from "~/accounts";
import { answerResetPasswordForm } from "~/accounts/index.server";
import { SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
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

export const action = (args: Route.ActionArgs) => answerResetPasswordForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password" },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePending();
  const [form, fields] = useSchemaForm(authSchema("ResetPasswordSchema"), {
    lastResult: actionData,
  });
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
        <SchemaForm form={form} errors={form.errors ?? fields.token.errors}>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields
            label="New password"
            password={fields.password}
            confirmPassword={fields.confirmPassword}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </Button>
        </SchemaForm>
      )}
    </AuthCard>
  );
}
