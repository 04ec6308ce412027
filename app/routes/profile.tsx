import { useEffect } from "react";
import { data, Link, useActionData } from "react-router";
import { toast } from "sonner";
import { describeDevice } from "~/accounts";
import { getSessionUser, runProfileAction } from "~/accounts/index.server";
import { listRecentActivity } from "~/activity/index.server";
import { readForm } from "~/platform/forms/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Button } from "~/platform/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import {
  ActivityTab,
  type ProfileActionResult,
  ProfileTab,
  SecuritySection,
  SettingsTab,
} from "~/profiles";
import { getPreferences, getProfile } from "~/profiles/index.server";
import { ROLE_LABELS } from "~/roles";
import type { Route } from "./+types/profile";

const TABS = ["profile", "activity", "settings"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return data({ signedIn: false as const }, 401);
  const { db, auth, logger } = context.runtime;
  const tab = new URL(request.url).searchParams.get("tab");
  const attempt = async <T,>(what: string, run: () => Promise<T>, fallback: T) => {
    try {
      return { value: await run(), error: null as string | null };
    } catch (error) {
      logger.error({ err: error }, `profile: ${what}`);
      return { value: fallback, error: what };
    }
  };
  const [profile, preferences, activity, sessions] = await Promise.all([
    attempt("Failed to load profile information", () => getProfile(db, user.id), null),
    attempt("Failed to load preferences", () => getPreferences(db, user.id), {
      emailNotifications: true,
      themePreference: "system" as const,
      privacyLevel: "public" as const,
    }),
    attempt("Failed to load activity data", () => listRecentActivity(db, user.id), []),
    attempt(
      "Failed to load your devices",
      () => auth.api.listSessions({ headers: request.headers }),
      [],
    ),
  ]);
  const devices = sessions.value
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress ?? null,
      lastActive: new Date(s.updatedAt ?? s.createdAt).toISOString(),
      current: s.id === user.sessionId,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive),
    );
  return {
    signedIn: true as const,
    tab: TABS.includes(tab as (typeof TABS)[number]) ? (tab as (typeof TABS)[number]) : "profile",
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    },
    profile: profile.value ?? {
      id: user.id,
      username: user.email,
      displayName: null,
      bio: null,
      avatarUrl: null,
      createdAt: user.createdAt,
    },
    preferences: preferences.value,
    activity: activity.value,
    devices,
    errors: [profile.error, preferences.error, activity.error, sessions.error].filter(
      Boolean,
    ) as string[],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) {
    return redirectWithToast(
      "/auth?redirectTo=/profile",
      { type: "info", title: "Please sign in to continue." },
      context.runtime.env.AUTH_SECRET,
    );
  }
  return runProfileAction(request, context, user, await readForm(request));
}

export const meta: Route.MetaFunction = () => [
  { title: "My Profile" },
  { name: "robots", content: "noindex" },
];

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ProfileActionResult | undefined;
  const loadErrors = loaderData.signedIn ? loaderData.errors.join("\n") : "";
  useEffect(() => {
    if (result?.formError) toast.error("Error", { description: result.formError });
  }, [result]);
  useEffect(() => {
    for (const error of loadErrors.split("\n").filter(Boolean)) toast.error(error);
  }, [loadErrors]);
  if (!loaderData.signedIn) {
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
  const { user, profile, preferences, activity, devices, tab } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-black tracking-tight">My Profile</h1>
        <p className="mt-2 text-muted-foreground">
          {profile.displayName ? `${profile.displayName} · ` : ""}
          {user.email} · {ROLE_LABELS[user.role]}
        </p>
      </header>
      {user.role === "owner" && !user.twoFactorEnabled && (
        <p
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
        >
          As an owner you control every role. Please turn on two-factor authentication in the
          Security section below.
        </p>
      )}
      <Tabs defaultValue={tab}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab profile={profile} email={user.email} result={result} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab activity={activity} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab
            settings={preferences}
            account={{ email: user.email, id: user.id, createdAt: user.createdAt }}
          />
        </TabsContent>
      </Tabs>
      <SecuritySection twoFactorEnabled={user.twoFactorEnabled} devices={devices} result={result} />
    </div>
  );
}
