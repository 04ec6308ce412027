import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { ProfileScreen, ProfileSignedOut } from "~/profiles";
import { answerProfileForm, loadProfilePage } from "~/profiles/index.server";
import type { Route } from "./+types/profile";

// Signed out, the page answers 401 with its sign-in prompt (docs/product.md#guards).

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return data({ signedIn: false as const }, 401);
  return loadProfilePage(request, context, user);
}

export const action = (args: Route.ActionArgs) => answerProfileForm(args);

export const meta: Route.MetaFunction = () => [
  { title: "My Profile" },
  { name: "robots", content: "noindex" },
];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <ProfileSignedOut />;
  return <ProfileScreen {...loaderData} reply={actionData} />;
}
