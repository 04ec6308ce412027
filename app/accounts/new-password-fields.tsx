import type * as React from "react";
import { Field, type FieldMeta } from "~/platform/forms/schema-form";

/** A new password and its confirmation ('Passwords do not match' shows under the second). */
export function NewPasswordFields({
  label = "Password",
  password,
  confirmPassword,
  ids = { password: "password", confirm: "confirmPassword" },
  hint,
  required,
}: {
  label?: string;
  password: FieldMeta;
  confirmPassword: FieldMeta;
  /** The controls' ids, where a page's links or tests address them. */
  ids?: { password: string; confirm: string };
  hint?: React.ReactNode;
  required?: boolean;
}) {
  const common = { type: "password", autoComplete: "new-password", required } as const;
  return (
    <>
      <Field meta={password} id={ids.password} label={label} hint={hint} {...common} />
      <Field meta={confirmPassword} id={ids.confirm} label="Confirm Password" {...common} />
    </>
  );
}
