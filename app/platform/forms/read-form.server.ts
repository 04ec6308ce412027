import { data } from "react-router";

export const UNREADABLE_FORM = "The form could not be read. Please try again.";

/**
 * The submitted form, or a thrown 400 when the body is not a readable form (wrong content type,
 * broken multipart or percent-encoding): the client's mistake, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, 400);
  }
}
