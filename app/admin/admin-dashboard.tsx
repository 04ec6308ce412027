import { LayoutDashboard } from "lucide-react";
import { GamesTab } from "~/games";
import type { GameEntry } from "~/games/index.server";
import { MessagesTab } from "~/messages";
import type { MessageEntry } from "~/messages/index.server";
import { NewsTab } from "~/news";
import type { NewsEntry } from "~/news/index.server";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { type Permission, ROLE_LABELS, type Role } from "~/roles";

type Loaded<T> = { items: T[] | null; error: string | null };

export type AdminData = {
  role: Role;
  permissions: Record<Permission, boolean>;
  messages: Loaded<MessageEntry>;
  news: Loaded<NewsEntry>;
  games: Loaded<GameEntry>;
};

export function AdminDashboard({ role, permissions, messages, news, games }: AdminData) {
  // Each tab exists only when the role's permission allows it; the first one is the default.
  const tabs = [
    permissions.canManageMessages && { value: "messages", label: "Contact Messages" },
    permissions.canManageNews && { value: "news", label: "News Management" },
    permissions.canManageGames && { value: "games", label: "Game Management" },
  ].filter(Boolean) as { value: string; label: string }[];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-wrap items-center gap-3">
        <LayoutDashboard aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-3xl font-black tracking-tight">Admin Dashboard</h1>
        <span
          className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground"
          data-testid="admin-role"
        >
          {ROLE_LABELS[role]}
        </span>
      </header>
      <Tabs defaultValue={tabs[0]?.value} className="mt-8">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {messages.items && (
          <TabsContent value="messages">
            <MessagesTab messages={messages.items} loadError={messages.error} />
          </TabsContent>
        )}
        {news.items && (
          <TabsContent value="news">
            <NewsTab news={news.items} loadError={news.error} />
          </TabsContent>
        )}
        {games.items && (
          <TabsContent value="games">
            <GamesTab games={games.items} loadError={games.error} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
