import { redirect } from "react-router";
import { forwardToAuth } from "~/accounts/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { Route } from "./+types/auth-sign-out";

export function loader() {
  // Signing out changes state, so it is a POST; a visit here just goes home.
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const secret = context.get(runtimeContext).env.AUTH_SECRET;
  const answer = await forwardToAuth(request, context, "/sign-out", {});
  if (!answer.ok) {
    return redirectWithToast(
      "/",
      {
        type: "error",
        title: "Error signing out",
        description: answer.body.message ?? "Please try again.",
      },
      secret,
    );
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Signed out successfully", description: "You have been signed out." },
    secret,
    { headers: answer.cookies },
  );
}
