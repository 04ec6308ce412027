import { StudioMark } from "~/platform/studio/studio-mark";
import { accentForDark, accentProblem, normalizeHex, textOn } from "./colour";
import { HEADING_FONTS, type HeadingFont } from "./fonts";

// The settings tab's preview: the header and hero as they will look with what is typed now, in the
// light and the dark theme, before anything is saved.

const DEFAULT_ACCENT = { light: "#593ec7", dark: "#9c95fe" };

const THEMES = {
  light: {
    label: "Light theme",
    background: "#fbfcfe",
    text: "#1f2230",
    muted: "#5c6070",
    border: "#e2e3ea",
  },
  dark: {
    label: "Dark theme",
    background: "#0d0f18",
    text: "#f2f3f7",
    muted: "#b3b6c4",
    border: "#2f3242",
  },
} as const;

export type PreviewValues = {
  name: string;
  tagline: string;
  heroHeading: string;
  heroText: string;
  accentColor: string;
  headingFont: string;
  logoSrc: string | null;
};

function Panel({ theme, values }: { theme: keyof typeof THEMES; values: PreviewValues }) {
  const colours = THEMES[theme];
  const hex = normalizeHex(values.accentColor);
  const usable = hex && !accentProblem(hex) ? hex : null;
  const accent = usable
    ? theme === "light"
      ? usable
      : accentForDark(usable)
    : DEFAULT_ACCENT[theme];
  const font =
    HEADING_FONTS.find((f) => f.value === (values.headingFont as HeadingFont))?.family || undefined;
  const name = values.name.trim() || "Your Studio";
  return (
    <figure
      className="overflow-hidden rounded-lg border"
      style={{ background: colours.background, color: colours.text, borderColor: colours.border }}
    >
      <div
        className="flex items-center gap-2 border-b px-4 py-3"
        style={{ borderColor: colours.border }}
      >
        {values.logoSrc ? (
          <img src={values.logoSrc} alt="" className="size-7 object-contain" />
        ) : (
          <StudioMark className="size-7" />
        )}
        <span className="font-semibold">{name}</span>
      </div>
      <div className="px-4 py-8 text-center">
        <p className="text-2xl font-black tracking-tight" style={{ fontFamily: font }}>
          {values.heroHeading.trim() || name}
        </p>
        {values.heroText.trim() && (
          <p className="mt-2 text-sm" style={{ color: colours.muted }}>
            {values.heroText}
          </p>
        )}
        <span
          className="mt-4 inline-block rounded-md px-3 py-1.5 text-sm font-medium"
          style={{ background: accent, color: textOn(accent) }}
        >
          Our Games
        </span>
        <p className="mt-3 text-sm font-semibold" style={{ color: accent }}>
          A link in the accent colour
        </p>
      </div>
      <figcaption
        className="border-t px-4 py-2 text-xs"
        style={{ borderColor: colours.border, color: colours.muted }}
      >
        {colours.label}
      </figcaption>
    </figure>
  );
}

/** Both themes side by side, as the values stand (a colour the check refuses shows the default). */
export function SettingsPreview({ values }: { values: PreviewValues }) {
  return (
    <section aria-labelledby="settings-preview-heading" className="space-y-3">
      <h3 id="settings-preview-heading" className="text-base font-semibold">
        Preview
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Panel theme="light" values={values} />
        <Panel theme="dark" values={values} />
      </div>
    </section>
  );
}
