import { LayoutDashboard } from "lucide-react";
import { GamesTab } from "~/games";
import type { GameEntry } from "~/games/index.server";
import type { MediaImage } from "~/media";
import { type InboxFilter, MessagesTab } from "~/messages";
import type { MessageEntry } from "~/messages/index.server";
import { type NewsState, NewsTab } from "~/news";
import type { NewsEntry } from "~/news/index.server";
import type { Page } from "~/platform/paging/cursor";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { type Permission, ROLE_LABELS, type Role } from "~/roles";
import { ADMIN_LIST_PARAMS } from "./admin-lists";

type Paged<T> = Page<T> | null;

export type AdminData = {
  role: Role;
  permissions: Record<Permission, boolean>;
  /** The tab a link asked for (a list's page or search keeps its tab open). */
  tab: string | null;
  messages: {
    page: Paged<MessageEntry>;
    error: string | null;
    unread: number;
    filter: InboxFilter;
  };
  news: {
    page: Paged<NewsEntry>;
    error: string | null;
    search: string;
    state: NewsState | null;
    covers: Record<string, MediaImage>;
  };
  games: { items: GameEntry[] | null; error: string | null; images: Record<string, MediaImage> };
};

export function AdminDashboard({ role, permissions, tab, messages, news, games }: AdminData) {
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
      <Tabs
        defaultValue={tabs.some((t) => t.value === tab) ? (tab as string) : tabs[0]?.value}
        className="mt-8"
      >
        <TabsList className="w-full justify-start sm:w-auto">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {messages.page && (
          <TabsContent value="messages">
            <MessagesTab
              messages={messages.page.items}
              loadError={messages.error}
              page={messages.page}
              unread={messages.unread}
              filter={messages.filter}
              params={ADMIN_LIST_PARAMS.messages}
            />
          </TabsContent>
        )}
        {news.page && (
          <TabsContent value="news">
            <NewsTab
              news={news.page.items}
              loadError={news.error}
              page={news.page}
              search={news.search}
              state={news.state}
              covers={news.covers}
              params={ADMIN_LIST_PARAMS.news}
            />
          </TabsContent>
        )}
        {games.items && (
          <TabsContent value="games">
            <GamesTab games={games.items} loadError={games.error} images={games.images} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
