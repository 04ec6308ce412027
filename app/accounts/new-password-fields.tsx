import { Field, type FieldMeta } from "~/platform/forms/schema-form";

/** A new password and its confirmation ('Passwords do not match' shows under the second). */
export function NewPasswordFields({
  label = "Password",
  password,
  confirmPassword,
}: {
  label?: string;
  password: FieldMeta;
  confirmPassword: FieldMeta;
}) {
  return (
    <>
      <Field
        meta={password}
        id="password"
        label={label}
        type="password"
        autoComplete="new-password"
      />
      <Field
        meta={confirmPassword}
        id="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
