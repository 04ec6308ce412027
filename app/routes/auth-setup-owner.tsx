import { data } from "react-router";
import { AuthCard, authSchema, NewPasswordFields } from "~/accounts";
import { answerOwnerSetupForm, isOwnerInviteValid } from "~/accounts/index.server";
import { EmailField, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { runtimeContext } from "~/platform/server/context.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-setup-owner";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isOwnerInviteValid(context.get(runtimeContext).db, token);
  return data({ token: valid ? token : null }, valid ? 200 : 404);
}

export const action = (args: Route.ActionArgs) => answerOwnerSetupForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "Create the owner account" },
  { name: "robots", content: "noindex" },
];

export default function SetupOwner({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePending();
  const [form, fields] = useSchemaForm(authSchema("OwnerSetupSchema"), { lastResult: actionData });
  return (
    <AuthCard
      title="Create the owner account"
      description="The owner manages every role. This link works once."
    >
      {!loaderData.token ? (
        <p role="alert" className="text-sm text-destructive">
          This set-up link is no longer valid. An owner may already exist; otherwise restart the
          server for a new link.
        </p>
      ) : (
        <SchemaForm form={form}>
          <input type="hidden" name="token" value={loaderData.token} />
          <EmailField meta={fields.email} id="email" />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Creating account..." : "Create owner account"}
          </Button>
        </SchemaForm>
      )}
    </AuthCard>
  );
}
