import { Form, Link } from "react-router";
import { AuthCard, NewPasswordFields, ProviderButtons } from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { ROLE_LABELS } from "~/roles";
import type { InvitationPage, InvitationOffer as Offer } from "./invitation-page";
import { AcceptInvitationSchema, CreateInvitedAccountSchema } from "./invitation-schema";

// The page an invitation's link opens (docs/product.md#staff-invitations), one state at a time.

function Invited({ offer }: { offer: Offer }) {
  return (
    <>
      {offer.inviter ? `${offer.inviter} invites` : "You are invited:"}{" "}
      <strong>{offer.email}</strong> to join the staff as <strong>{ROLE_LABELS[offer.role]}</strong>
      . The link works once, until <LocalTime value={offer.expiresAt} format="detail" />.
    </>
  );
}

function CreateAccount({ offer, reply }: { offer: Offer; reply?: FormReply }) {
  const busy = usePending("create");
  const [form, fields] = useSchemaForm(CreateInvitedAccountSchema, { lastResult: reply });
  return (
    <SchemaForm form={form} errors={form.errors ?? fields.token.errors}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="token" value={offer.token} />
      <div className="space-y-2">
        <Label htmlFor="invited-email">Email</Label>
        {/* Fixed, as the profile shows its address; an input still, so password managers save
            the new password under this name. */}
        <Input
          id="invited-email"
          type="email"
          value={offer.email}
          readOnly
          disabled
          autoComplete="username"
        />
      </div>
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account and join"}
      </Button>
      <p className="text-sm text-muted-foreground">
        The invitation proves the address: no confirmation mail follows. A passkey can be added on
        your profile once you are in.
      </p>
    </SchemaForm>
  );
}

function Accept({ offer, reply }: { offer: Offer; reply?: FormReply }) {
  const busy = usePending("accept");
  const [form] = useSchemaForm(AcceptInvitationSchema, { lastResult: reply });
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={offer.token} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Accepting..." : `Accept and become ${ROLE_LABELS[offer.role]}`}
      </Button>
    </SchemaForm>
  );
}

export function AcceptInvitationScreen({
  page,
  reply,
}: {
  page: InvitationPage;
  reply?: FormReply;
}) {
  if (page.state === "refused") {
    return (
      <AuthCard title="Staff invitation">
        <p role="alert" className="text-sm text-destructive">
          {page.message}
        </p>
        <Link to="/" className={`${buttonVariants({ variant: "outline" })} mt-6 w-full`}>
          Go to the home page
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join the staff" description={<Invited offer={page} />}>
      {page.state === "sign-up" && (
        <>
          <CreateAccount offer={page} reply={reply} />
          {/* The service's account comes back here signed in, and accepts as an existing one. */}
          <ProviderButtons
            providers={page.providers}
            redirectTo={`/auth/invitation?token=${page.token}`}
          />
        </>
      )}
      {page.state === "accept" && <Accept offer={page} reply={reply} />}
      {page.state === "sign-in" && (
        <div className="space-y-4">
          <p className="text-sm">
            An account with this address exists. Sign in to it, and this page comes back to let you
            accept.
          </p>
          <Link to={page.signInHref} className={`${buttonVariants()} w-full`}>
            Sign in to accept
          </Link>
        </div>
      )}
      {page.state === "other-account" && (
        <div className="space-y-4">
          <p role="alert" className="text-sm">
            You are signed in as <strong className="wrap-anywhere">{page.signedInAs}</strong>. This
            invitation is for <strong className="wrap-anywhere">{page.email}</strong>: sign out,
            then open the link again.
          </p>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline" className="w-full">
              Sign Out
            </Button>
          </Form>
        </div>
      )}
    </AuthCard>
  );
}
