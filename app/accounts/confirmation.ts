// The rule of confirmation.server.ts as the pages word it.

/** How long a sign-in, or the password entered again, lets the session add credentials. */
export const CONFIRMATION_MINUTES = 10;

/** The label of the password field that asks for it. */
export const CONFIRM_PASSWORD_LABEL = "Your password, to confirm it's you";

export const CONFIRMATION_REQUIRED = `Enter your password to confirm it's you: it has been more than ${CONFIRMATION_MINUTES} minutes since you last did.`;
