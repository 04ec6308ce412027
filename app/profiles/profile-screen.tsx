import { useEffect } from "react";
import { Link } from "react-router";
import type { ApiKeySummary, Factor, Identities } from "~/accounts";
import type { ActivityEntry } from "~/activity";
import { replyMessage } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { atLeast, ROLE_LABELS, type Role } from "~/roles";
import { ActivityTab } from "./activity-tab";
import type { Settings } from "./profile-schema";
import { ProfileTab } from "./profile-tab";
import type { Profile } from "./profiles.server";
import {
  type Device,
  type Phones,
  type ProfileReply,
  replyFor,
  SecuritySection,
} from "./security-section";
import { type AccountLists, SettingsTab } from "./settings-tab";

// The /profile screen (docs/product.md#profile): three tabs, then the account's security.

/** Signed out: 'Please sign in to view your profile.' with a way to sign in and come back. */
export function ProfileSignedOut() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-black tracking-tight">My Profile</h1>
      <p className="mt-4 text-muted-foreground">Please sign in to view your profile.</p>
      <Button asChild className="mt-8">
        <Link to="/auth?redirectTo=/profile">Sign In</Link>
      </Button>
    </div>
  );
}

export function ProfileScreen({
  tab,
  user,
  profile,
  preferences,
  newsletter,
  activity,
  devices,
  factors,
  apiKeys,
  identities,
  phones,
  confirmationNeeded,
  errors,
  reply,
}: {
  tab: "profile" | "activity" | "settings";
  user: {
    id: string;
    email: string;
    role: Role;
    twoFactorEnabled: boolean;
    hasSecondFactor: boolean;
    createdAt: string;
  };
  profile: Profile;
  preferences: Settings;
  newsletter: AccountLists | null;
  activity: ActivityEntry[];
  devices: Device[];
  factors: Factor[];
  apiKeys: ApiKeySummary[];
  identities: Identities;
  phones: Phones;
  confirmationNeeded: boolean;
  /** The parts that failed to load, each toasted once. */
  errors: string[];
  /** The action's reply to whichever form was sent as a document. */
  reply?: ProfileReply;
}) {
  const loadErrors = errors.join("\n");
  useEffect(() => {
    const message = replyMessage(reply);
    if (message) toast.error("Error", { description: message });
  }, [reply]);
  useEffect(() => {
    for (const error of loadErrors.split("\n").filter(Boolean)) toast.error(error);
  }, [loadErrors]);
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-black tracking-tight">My Profile</h1>
        <p className="mt-2 text-muted-foreground">
          {profile.displayName ? `${profile.displayName} · ` : ""}
          {user.email} · {ROLE_LABELS[user.role]}
        </p>
      </header>
      {user.role === "owner" && !user.hasSecondFactor && (
        <p
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
        >
          As an owner you control every role. Please turn on two-factor authentication or add a
          passkey in the Security section below.
        </p>
      )}
      <Tabs defaultValue={tab}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab profile={profile} email={user.email} reply={replyFor(reply, "profile")} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab activity={activity} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab
            settings={preferences}
            newsletter={newsletter}
            account={{ email: user.email, id: user.id, createdAt: user.createdAt }}
            staff={atLeast(user.role, "moderator")}
            reply={replyFor(reply, "settings")}
          />
        </TabsContent>
      </Tabs>
      <SecuritySection
        twoFactorEnabled={user.twoFactorEnabled}
        factors={factors}
        phones={phones}
        apiKeys={apiKeys}
        identities={identities}
        devices={devices}
        confirmationNeeded={confirmationNeeded}
        reply={reply}
      />
    </div>
  );
}
