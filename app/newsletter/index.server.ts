// The newsletter feature's server-only face: what other folders may import on the server.

export {
  type AccountNewsletter,
  eraseAccountNewsletter,
  exportAccountNewsletter,
  type NewsletterAccount,
  type NewsletterSave,
  newsletterAccount,
  readAccountNewsletter,
  saveAccountNewsletter,
} from "./account-newsletter.server";
export {
  answerOneClick,
  answerPreferences,
  answerSubscribe,
  answerUnsubscribe,
} from "./answers.server";
export {
  confirmSubscription,
  listRecipients,
  listUnsubscribeHeaders,
  type NewsletterKeys,
  preferencesLink,
  requestSubscription,
  resolveLists,
} from "./newsletter.server";
export { previewMail, sendTestMail } from "./post-mail-data.server";
export {
  deleteSubscriber,
  eraseSubscriber,
  listSubscribers,
  loadPreferences,
  type Preferences,
  type SubscriberEntry,
  saveLists,
} from "./preferences.server";
export { newsletterQueues } from "./queues.server";
export {
  type MailListOption,
  mailListOptions,
  type SendProgress,
  sendProgress,
} from "./send-lists.server";
export { readToken, readUndoToken, signToken, UNDO_LIFETIME } from "./tokens.server";
export { UNDO_GONE, undoUnsubscribe, unsubscribe, unsubscribeWithUndo } from "./unsubscribe.server";
