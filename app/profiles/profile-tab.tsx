import { useEffect, useRef } from "react";
import { Form, useFetcher } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, TextareaField, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { toast } from "~/platform/toast/notify";
import { Avatar } from "~/platform/ui/avatar";
import { Button } from "~/platform/ui/button";
import { Card, CardContent } from "~/platform/ui/card";
import { Upload } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import type { AvatarResult } from "./avatar-limits";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "./avatar-limits";
import { PROFILE_LIMITS, ProfileSchema } from "./profile-schema";
import type { Profile } from "./profiles.server";

export function ProfileTab({
  profile,
  email,
  reply,
}: {
  profile: Profile;
  email: string;
  /** The action's reply, when it answers this form. */
  reply?: FormReply;
}) {
  const upload = useFetcher<AvatarResult>({ key: "avatar-upload" });
  const fileRef = useRef<HTMLInputElement>(null);
  const saving = usePending("profile");
  const [form, fields] = useSchemaForm(ProfileSchema, {
    id: "profile-form",
    lastResult: reply,
    defaultValue: { displayName: profile.displayName ?? "", bio: profile.bio ?? "" },
  });

  useEffect(() => {
    if (upload.state !== "idle" || !upload.data) return;
    if (upload.data.ok) toast.success("Avatar uploaded successfully");
    else toast.error("Failed to upload avatar", { description: upload.data.error });
    if (fileRef.current) fileRef.current.value = "";
  }, [upload.state, upload.data]);

  return (
    <Card>
      <CardContent standalone className="space-y-8">
        <div className="flex flex-wrap items-center gap-6">
          <Avatar
            user={{ email, avatarUrl: profile.avatarUrl, displayName: profile.displayName }}
            className="size-24 text-3xl"
            testId="profile-avatar"
          />
          <upload.Form
            method="post"
            action="/profile/avatar"
            encType="multipart/form-data"
            className="space-y-2"
          >
            <Label htmlFor="avatar">Avatar</Label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={fileRef}
                id="avatar"
                name="avatar"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (!file) return;
                  // Said at once rather than after sending megabytes the server would refuse.
                  if (file.size > AVATAR_MAX_BYTES) {
                    toast.error("Failed to upload avatar", { description: AVATAR_TOO_LARGE });
                    event.currentTarget.value = "";
                    return;
                  }
                  upload.submit(event.currentTarget.form);
                }}
              />
              <noscript>
                <Button type="submit" size="sm" variant="outline">
                  <Upload aria-hidden="true" />
                  Upload
                </Button>
              </noscript>
            </div>
            <p className="text-xs text-muted-foreground">
              {upload.state !== "idle"
                ? "Uploading..."
                : "JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."}
            </p>
          </upload.Form>
        </div>
        <Form
          id={form.id}
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          className="grid gap-5 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="profile" />
          <div className="space-y-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" value={email || "No email"} readOnly disabled />
          </div>
          <div className="space-y-2">
            <Label htmlFor="profile-username">Username</Label>
            <Input id="profile-username" value={profile.username || "No email"} readOnly disabled />
          </div>
          <div className="sm:col-span-2">
            <Field
              meta={fields.displayName}
              id="displayName"
              label="Display Name"
              maxLength={PROFILE_LIMITS.displayName}
            />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              meta={fields.bio}
              id="bio"
              label="Bio"
              rows={4}
              maxLength={PROFILE_LIMITS.bio}
            />
          </div>
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Member since <LocalTime value={profile.createdAt} format="list" />
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
