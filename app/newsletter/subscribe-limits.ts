// What the subscribe form allows, apart from its schema: shown from the first paint.

/** The honeypot field, as on the contact form. */
export const NEWSLETTER_HONEYPOT = "website";

/** The studio's own list in a form's `lists`; a game's list is named by the game's id. */
export const STUDIO_LIST = "studio";

/** The one name of the studio's list: on the public forms, in the editor, in mails and exports. */
export const studioListName = (studioName: string) => `${studioName} news`;

/** The one name of a game's list, wherever a list is named. */
export const gameListName = (gameTitle: string) => `${gameTitle}: news and launch`;

export const SUBSCRIBE_LIMITS = { email: 254, lists: 20 } as const;

/** A newsletter link whose signature, expiry or subscriber does not hold. */
export const INVALID_LINK = "This link is invalid or has expired";

/** The one answer to an accepted request, whether or not the address was known. */
export const CHECK_INBOX = "Check your inbox to confirm";

/** The forms a subscription can come from (recorded with the consent). */
export const SUBSCRIBE_FORMS = ["home", "game", "news", "preferences"] as const;

/**
 * Where a consent can come from: the forms above, a signed-in account's Settings tab, and the
 * Undo of an unsubscribe (the lists it put back).
 */
export type ConsentForm = (typeof SUBSCRIBE_FORMS)[number] | "profile" | "undo";
