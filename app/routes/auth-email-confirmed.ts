import { answerEmailConfirmation } from "~/accounts/index.server";
import type { Route } from "./+types/auth-email-confirmed";

// The mailed confirmation link's landing: the auth library checks the token, then redirects here.
export const loader = (args: Route.LoaderArgs) => answerEmailConfirmation(args);
