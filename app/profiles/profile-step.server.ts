import type { data } from "react-router";
import type { SessionUser } from "~/accounts/index.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import type { Logger } from "~/platform/logging/logger.server";
import type { AppContext } from "~/platform/server/context.server";
import type { ProfileReply } from "./security-parts";

// What every /profile write is handed by the dispatcher (profile-forms.server.ts), and the one
// helper two screens share.

/** One post to /profile from a signed-in user, with its form already read. */
export type ProfileStep = {
  request: Request;
  context: AppContext;
  user: SessionUser;
  form: FormData;
  /** The redirect back (to /profile unless `to` says otherwise) with a success toast. */
  done: (title: string, description?: string, headers?: Headers, to?: string) => Promise<Response>;
};

/** One intent's write: the submission's reply, or a thrown redirect once it succeeds. */
export type ProfileHandler = (step: ProfileStep) => Promise<ReturnType<typeof data<ProfileReply>>>;

/**
 * A store failure is reported and answered as it always was: 500 with the spec's sentence. A
 * refusal the write itself makes (an AppError, such as an unknown list) is answered as it is.
 */
export async function storeOr500(logger: Logger, message: string, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (isAppError(error)) throw error;
    logger.error({ err: error }, message);
    throw new AppError("internal", message);
  }
}
