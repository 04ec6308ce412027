import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/platform/toast/notify";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Terminal, X } from "~/platform/ui/icons";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import type { Role } from "~/roles";
import { ApiTester } from "./api-tester";
import { CacheAndRefresh } from "./cache-and-refresh";
import { callApi } from "./console-api";
import { DatabasePanel, HealthCard, MyWorkCard, StaffLinks, TeamPanel } from "./console-panels";
import { PerformancePanel } from "./performance-panel";
import { QueryBox } from "./query-box";

export const CONSOLE_VERSION = "3.0";

/** The developer console: its own chunk, loaded only when a developer or owner opens it. */
export default function DevConsole({
  role,
  open,
  onOpenChange,
}: {
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [openedAt] = useState(() => performance.now());
  // The console's own render time, measured once when it first commits: not the time the user
  // takes to reach the Performance tab.
  const [renderTime, setRenderTime] = useState<number | null>(null);
  useEffect(() => setRenderTime(Math.round(performance.now() - openedAt)), [openedAt]);
  const isOwner = role === "owner";
  const revalidator = useRevalidator();
  // Re-checks the server and re-reads the account (role, permissions) where the user is, on the
  // open tab; the other tabs fetch afresh whenever they are opened.
  async function refresh() {
    const result = await callApi("GET", "health").catch(() => null);
    if (!result?.ok) {
      toast.error("Failed to refresh metadata");
      return;
    }
    await revalidator.revalidate();
    toast.success("Data refreshed", {
      description: "Your role and the system status are up to date.",
    });
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl border bg-background shadow-2xl sm:inset-8 lg:inset-x-[8%]">
          <header className="flex items-center justify-between border-b px-5 py-3">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold">
              <Terminal aria-hidden="true" className="size-5 text-primary" />
              Developer Console
              <span
                className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground"
                data-testid="console-version"
              >
                v{CONSOLE_VERSION}
              </span>
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              Team status, system health, database, performance and API tools.
            </Dialog.Description>
            <Dialog.Close className="rounded-md p-2 hover:bg-accent" aria-label="Close console">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </header>
          <Tabs defaultValue="overview" className="flex min-h-0 flex-1 flex-col px-5 py-4">
            <TabsList className="justify-start">
              {["Overview", "Team", "Database", "Performance", "API Testing", "Actions"].map(
                (tab) => (
                  <TabsTrigger key={tab} value={tab.toLowerCase().replace(" ", "-")}>
                    {tab}
                  </TabsTrigger>
                ),
              )}
            </TabsList>
            <div className="min-h-0 flex-1 overflow-auto pb-4">
              <TabsContent value="overview" className="space-y-4">
                <StaffLinks isOwner={isOwner} />
                <div className="grid gap-4 lg:grid-cols-2">
                  <MyWorkCard />
                  <HealthCard />
                </div>
              </TabsContent>
              <TabsContent value="team">
                <TeamPanel />
              </TabsContent>
              <TabsContent value="database">
                <DatabasePanel />
              </TabsContent>
              <TabsContent value="performance">
                <PerformancePanel renderTime={renderTime} />
              </TabsContent>
              <TabsContent value="api-testing">
                <ApiTester />
              </TabsContent>
              <TabsContent value="actions">
                <Card>
                  <CardHeader>
                    <CardTitle asChild>
                      <h3 className="text-base">Quick Actions</h3>
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="space-y-6">
                    <CacheAndRefresh onRefresh={() => void refresh()} />
                    {isOwner && (
                      <>
                        <StaffLinks isOwner />
                        <QueryBox />
                      </>
                    )}
                  </CardContent>
                </Card>
              </TabsContent>
            </div>
          </Tabs>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
