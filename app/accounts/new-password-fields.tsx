import { Field } from "~/platform/forms/field";
import type { FieldErrors } from "~/platform/forms/form-errors";

/** A new password and its confirmation ('Passwords do not match' shows under the second). */
export function NewPasswordFields({
  label = "Password",
  errors,
}: {
  label?: string;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}
