import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

// lucide-react's icon factory, lean: every icon module of lucide-react calls this one instead of
// the library's (vite.config.ts points them here). The library rebuilds an icon's attributes and
// its shapes' elements on each render; here the shapes are elements made once per icon, the class
// once per class name, and the markup is the library's, attribute for attribute
// (lucide-icon.test.ts renders both).

type IconNode = [tag: string, attributes: Record<string, string>][];
type IconData = { name?: string; node: IconNode; aliases?: (string | object)[]; size?: number };

type IconProps = SVGProps<SVGSVGElement> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

/** Class tokens joined once each, in order (the library's mergeClasses). */
function mergeClasses(...classes: (string | undefined)[]): string {
  const tokens = new Set<string>();
  for (const cls of classes) {
    if (typeof cls !== "string") continue;
    for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  }
  return [...tokens].join(" ");
}

/** Whether the caller labelled the icon (then it is not hidden from assistive technology). */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if (
      Object.hasOwn(props, prop) &&
      (prop.startsWith("aria-") || prop === "role" || prop === "title") &&
      props[prop] != null
    )
      return true;
  }
  return false;
}

export default function createLucideIcon(data: IconData) {
  const iconClasses = [
    data.name ? `lucide-${data.name}` : "",
    ...(data.aliases ?? [])
      .filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "")
      .map((alias) => `lucide-${alias}`),
  ];
  const box = data.size ?? 24;
  const shapes = data.node.map(([tag, attributes]) => createElement(tag, attributes));
  const classes = new Map<string, string>();
  const classOf = (className: string) => {
    let merged = classes.get(className);
    if (merged === undefined) {
      merged = mergeClasses("lucide", ...iconClasses, ...className.split(" ").filter(Boolean));
      if (classes.size < 100) classes.set(className, merged);
    }
    return merged;
  };
  const Component = forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    {
      color,
      size,
      width,
      height,
      strokeWidth,
      absoluteStrokeWidth,
      nonScalingStroke,
      className = "",
      children,
      ...rest
    },
    ref,
  ) {
    const shownWidth = width ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    const attributes: Record<string, unknown> = {
      ref,
      xmlns: "http://www.w3.org/2000/svg",
      width: shownWidth,
      height: height ?? size ?? 24,
      viewBox: `0 0 ${box} ${box}`,
      fill: "none",
      stroke: color ?? "currentColor",
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * box) / Number(shownWidth) : stroke,
      strokeLinecap: "round",
      strokeLinejoin: "round",
    };
    const merged = classOf(className);
    if (merged) attributes.className = merged;
    if (!children && !hasA11yProp(rest)) attributes["aria-hidden"] = "true";
    Object.assign(attributes, rest);
    const drawn = nonScalingStroke
      ? data.node.map(([tag, shape]) =>
          createElement(tag, { vectorEffect: "non-scaling-stroke", ...shape }),
        )
      : shapes;
    return createElement("svg", attributes, [
      ...drawn,
      ...(Array.isArray(children) ? children : [children]),
    ]);
  });
  if (data.name)
    Component.displayName = data.name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
  return Component;
}
