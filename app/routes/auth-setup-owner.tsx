import { data, Form, useActionData, useNavigation } from "react-router";
import { AuthCard, NewPasswordFields, OwnerSetupSchema } from "~/accounts";
import { AccountError, createOwnerWithInvite, isOwnerInviteValid } from "~/accounts/index.server";
import { Field, FormError } from "~/platform/forms/field";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { readForm } from "~/platform/forms/read-form.server";
import { useValidatedForm } from "~/platform/forms/use-validated-form";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/auth-setup-owner";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isOwnerInviteValid(context.runtime.db, token);
  return data({ token: valid ? token : null }, valid ? 200 : 404);
}

type ActionResult = { errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context;
  const form = await readForm(request);
  const parsed = parseForm(OwnerSetupSchema, form);
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors }, 400);
  try {
    await createOwnerWithInvite(runtime.auth, runtime.db, {
      token: String(form.get("token") ?? ""),
      email: parsed.data.email,
      password: parsed.data.password,
    });
  } catch (error) {
    if (error instanceof AccountError) return data<ActionResult>({ formError: error.message }, 400);
    throw error;
  }
  return redirectWithToast(
    "/auth",
    {
      type: "success",
      title: "Owner account created",
      description: "Sign in to manage the studio.",
    },
    runtime.env.AUTH_SECRET,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Create the owner account" },
  { name: "robots", content: "noindex" },
];

export default function SetupOwner({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const form = useValidatedForm(OwnerSetupSchema, result?.errors);
  const shown = form.errors;
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
        <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
          <input type="hidden" name="token" value={loaderData.token} />
          <FormError message={result?.formError} />
          <Field name="email" label="Email" type="email" autoComplete="email" error={shown.email} />
          <NewPasswordFields errors={shown} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Creating account..." : "Create owner account"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
