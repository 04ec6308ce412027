// What the contact form's fields allow, apart from its schema (./contact-schema.ts): the form
// shows them from the first paint, while the schema, and zod with it, loads when the form is first
// used.

/** A field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;
