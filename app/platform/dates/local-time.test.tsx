import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocalTime, StudioTime, StudioTimeZoneProvider, StudioZoneHint } from "./local-time";

// The server's half of dates in the reader's zone: the markup carries the studio's zone, whatever
// the process's own zone, so every visitor (and the page cache) gets the same bytes. The browser's
// half, the switch to the reader's zone after hydration, is proven in tests/e2e/time-zones.spec.ts.

const lateEvening = "2026-01-15T23:45:00.000Z";

function serverRender(studioTimeZone: string | null, format: "list" | "detail") {
  const time = <LocalTime value={lateEvening} format={format} className="muted" />;
  return renderToString(
    studioTimeZone ? (
      <StudioTimeZoneProvider value={studioTimeZone}>{time}</StudioTimeZoneProvider>
    ) : (
      time
    ),
  );
}

describe("LocalTime on the server", () => {
  it("renders in the studio's zone, with the ISO moment and the zone in the title", () => {
    expect(serverRender("Asia/Tokyo", "detail")).toBe(
      '<time dateTime="2026-01-15T23:45:00.000Z" title="January 16, 2026 8:45 AM (Asia/Tokyo)" class="muted">January 16, 2026 8:45 AM</time>',
    );
    expect(serverRender("America/New_York", "list")).toContain(">Jan 15, 2026</time>");
    expect(serverRender("Asia/Tokyo", "list")).toContain(">Jan 16, 2026</time>");
  });

  it("falls back to UTC where no studio zone is given", () => {
    expect(serverRender(null, "detail")).toContain(">January 15, 2026 11:45 PM</time>");
  });

  it("takes a Date as well as an ISO string", () => {
    const html = renderToString(
      <StudioTimeZoneProvider value="UTC">
        <LocalTime value={new Date(lateEvening)} format="list" />
      </StudioTimeZoneProvider>,
    );
    expect(html).toContain('dateTime="2026-01-15T23:45:00.000Z"');
    expect(html).toContain(">Jan 15, 2026</time>");
  });
});

describe("StudioTime, the staff screens' dates", () => {
  const staff = (node: React.ReactNode) =>
    renderToString(
      <StudioTimeZoneProvider value="America/New_York">{node}</StudioTimeZoneProvider>,
    );

  it("shows the studio's zone and names it: in the text when zoned, else in the title", () => {
    expect(staff(<StudioTime value={lateEvening} format="zoned" />)).toBe(
      '<time dateTime="2026-01-15T23:45:00.000Z" title="January 15, 2026 6:45 PM (America/New York)">January 15, 2026 6:45 PM (America/New York)</time>',
    );
    expect(staff(<StudioTime value={lateEvening} format="list" />)).toBe(
      '<time dateTime="2026-01-15T23:45:00.000Z" title="January 15, 2026 6:45 PM (America/New York)">Jan 15, 2026</time>',
    );
  });

  it("tells a time field's reader which zone it is typed in", () => {
    expect(staff(<StudioZoneHint />)).toBe("In the studio&#x27;s time zone (America/New York).");
  });
});
