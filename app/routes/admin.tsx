import { AdminFrame } from "~/admin/admin-dashboard";
import type { Route } from "./+types/admin";

// The admin dashboard's frame: the heading and the tab bar, around the open tab's route
// (admin-messages, admin-news, admin-games). Each of those guards itself on the server and loads
// only its own list; `/admin` alone opens the first tab the role may (admin-index).

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export default function Admin() {
  return <AdminFrame />;
}
