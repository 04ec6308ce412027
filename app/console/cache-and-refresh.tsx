import { THEME_KEY } from "~/platform/theme/theme";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { RefreshCw, Trash } from "~/platform/ui/icons";
import { callApi } from "./console-api";

// The console's Actions tab (docs/product.md#actions-tab): clear the caches, refresh the data.

export function CacheAndRefresh({ onRefresh }: { onRefresh: () => void }) {
  async function clearCache() {
    try {
      const result = await callApi("POST", "cache/clear");
      if (!result.ok) throw new Error();
      const theme = localStorage.getItem(THEME_KEY);
      localStorage.clear();
      sessionStorage.clear();
      if (theme) localStorage.setItem(THEME_KEY, theme);
      if ("caches" in window) for (const key of await caches.keys()) await caches.delete(key);
      toast.success("Cache cleared", { description: "All cached data has been cleared" });
    } catch {
      toast.error("Failed to clear cache");
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => void clearCache()}>
        <Trash aria-hidden="true" />
        Clear Cache
      </Button>
      <Button size="sm" variant="outline" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" />
        Refresh Data
      </Button>
    </div>
  );
}
