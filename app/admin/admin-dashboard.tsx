import { LayoutDashboard } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
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
import { type AdminTab, openTab, permittedTabs, TAB_PARAM } from "./admin-tabs";

type Paged<T> = Page<T> | null;

export type AdminData = {
  role: Role;
  permissions: Record<Permission, boolean>;
  /** The open tab: the address's, when the role may open it (docs/product.md#admin-dashboard). */
  tab: AdminTab | null;
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
  const tabs = permittedTabs(permissions);
  const [open, setOpen] = useOpenTab(permissions, tab);
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
      <Tabs value={open ?? undefined} onValueChange={setOpen} className="mt-8">
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

/**
 * The open tab, kept in the address: choosing one replaces `?tab=` (no history entry per tab, as
 * arrow keys move through them), and an address that changes (a link) opens its tab.
 */
function useOpenTab(permissions: AdminData["permissions"], fromServer: AdminTab | null) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(TAB_PARAM);
  const [open, setOpen] = useState(fromServer);
  useEffect(() => {
    setOpen(openTab(permissions, wanted));
  }, [permissions, wanted]);
  const choose = (value: string) => {
    setOpen(openTab(permissions, value));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [open, choose] as const;
}
