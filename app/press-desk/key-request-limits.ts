// What the key request form's fields allow, apart from its schema: the form shows them from the
// first paint, the schema (and zod) loads when the form is first used.

/** A field people never see; bots that fill every input fill it too. */
export const KEY_REQUEST_HONEYPOT = "website";

export const KEY_REQUEST_LIMITS = {
  name: 100,
  outlet: 120,
  outletUrl: 300,
  audience: 200,
  platform: 60,
  message: 3000,
  email: 254,
} as const;
