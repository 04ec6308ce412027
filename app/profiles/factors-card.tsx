import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  CONFIRM_PASSWORD_LABEL,
  CONFIRMATION_REQUIRED,
  FACTOR_NAME_MAX,
  type Factor,
  type PhoneChallenge,
  registerPasskey,
} from "~/accounts";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { Fingerprint } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { FactorRow } from "./factor-row";
import { AddPhone, enrolledCodes, PhoneEnrolledNotice, sentChallenge } from "./phone-card";
import { type ProfileReply, SectionTitle } from "./security-parts";

// The Security section's sign-in factors (the spec's factors: id, type, friendly name, status):
// the authenticator app, the phone and every passkey, each named and renamed here (./factor-row.tsx);
// passkeys are added from this device, a phone by the code texted to it (./phone-card.tsx).

/**
 * Adds a passkey on this device: the browser asks the authenticator, the server keeps its key.
 * The password is asked first when the session's last sign-in or confirmation is too old.
 */
function AddPasskey({ confirmationNeeded }: { confirmationNeeded: boolean }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // The server's word wins: a page left open past the window is told so on its first try.
  const [askPassword, setAskPassword] = useState(confirmationNeeded);
  const { revalidate } = useRevalidator();
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t pt-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const outcome = await registerPasskey(name.trim() || "Passkey", password || undefined);
        setBusy(false);
        setPassword("");
        if (outcome.ok) {
          setName("");
          setAskPassword(false);
          toast.success("Passkey added", {
            description: "You can now sign in with it instead of your password.",
          });
          await revalidate();
        } else if (!outcome.cancelled) {
          if (outcome.message === CONFIRMATION_REQUIRED) setAskPassword(true);
          toast.error("Error", { description: outcome.message });
        }
      }}
    >
      <div className="min-w-48 flex-1 space-y-2">
        <Label htmlFor="passkey-name">Name for the new passkey</Label>
        <Input
          id="passkey-name"
          value={name}
          maxLength={FACTOR_NAME_MAX}
          placeholder="e.g. Work laptop"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {askPassword && (
        <div className="min-w-48 flex-1 space-y-2">
          <Label htmlFor="passkey-password">{CONFIRM_PASSWORD_LABEL}</Label>
          <Input
            id="passkey-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      <Button type="submit" disabled={busy}>
        <Fingerprint aria-hidden="true" />
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </Button>
    </form>
  );
}

/** What the section knows of phones: offered here, and the code a phone being added waits for. */
export type Phones = { offered: boolean; waiting: PhoneChallenge | null };

export function FactorsCard({
  factors,
  phones,
  confirmationNeeded,
  reply,
}: {
  factors: Factor[];
  phones: Phones;
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const verified = factors.filter((factor) => factor.status === "verified");
  // A code this answer sent wins over the one read back from the server.
  const sent = sentChallenge(reply);
  const challenge = sent ?? phones.waiting;
  const codes = enrolledCodes(reply);
  const hasPhone = factors.some((factor) => factor.type === "phone");
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={Fingerprint}>Passkeys and sign-in factors</SectionTitle>
        <CardDescription>
          A passkey signs you in with your fingerprint, face or device PIN, and counts as a second
          factor. Each factor here has a name you choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {codes && <PhoneEnrolledNotice codes={codes} />}
        {factors.length === 0 ? (
          <p className="pb-4 text-sm text-muted-foreground" data-testid="no-factors">
            No passkeys or authenticator app yet.
          </p>
        ) : (
          <ul className="divide-y" data-testid="factors">
            {factors.map((factor) => (
              <FactorRow
                key={factor.id}
                factor={factor}
                last={verified.length === 1 && verified[0]?.id === factor.id}
                challenge={challenge}
                fresh={Boolean(sent)}
                reply={reply}
              />
            ))}
          </ul>
        )}
        <AddPasskey confirmationNeeded={confirmationNeeded} />
        {phones.offered && !hasPhone && (
          <AddPhone confirmationNeeded={confirmationNeeded} reply={reply} />
        )}
      </CardContent>
    </Card>
  );
}
