import { SmsAdminTab } from "~/accounts";
import { loadSmsAdmin } from "~/accounts/index.server";
import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import type { Route } from "./+types/admin-sms";

// /admin/sms: where sign-in codes may be texted, the limits and the latest sends
// (docs/accounts-and-security.md#phone), for canManageTextMessages (the owner alone).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "sms");
  return loadSmsAdmin(context);
}

/** Saving the countries (`sms-countries-save`); any other role is refused with 403. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "sms");
}

/** Reads the countries and the log again after a save, failed ones included. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminSms({ loaderData }: Route.ComponentProps) {
  return <SmsAdminTab {...loaderData} />;
}
