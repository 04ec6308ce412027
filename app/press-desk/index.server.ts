// The press desk's server-only face: what other folders may import on the server.

export { type KitQuote, kitQuotes } from "./coverage.server";
export { type DeskReply, type DeskUser, loadKeyDesk, runKeyDeskAction } from "./desk.server";
export { keySealer } from "./key-crypto.server";
export { answerKeyRequestForm } from "./key-requests.server";
export { checkSealedKeys, resealKeys } from "./keys.server";
