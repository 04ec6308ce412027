import type { SVGProps } from "react";
import { cn } from "./cn";
import { ICON_SPRITE } from "./icon-sprite";

/**
 * The site's icons: Lucide's drawings, kept once in a sprite (`public/assets/icons-HASH.svg`,
 * drawn from lucide-react by `scripts/icon-sprite.ts`; `npm run icons` after adding one here). An
 * icon on a page is `<svg class="icon"><use href="/assets/icons-HASH.svg#name"/></svg>`: about 120
 * bytes of markup with its classes instead of its whole drawing with Lucide's default attributes
 * (about 430), nothing built per render, and no drawing in any script. The stroke, fill and
 * default 24px size are the `.icon` rule's in `app/app.css` (its base layer, so a size or colour
 * class wins).
 *
 * An icon is hidden from assistive technology unless it is given a label (`aria-label`,
 * `aria-labelledby`), when it is an image with that name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

function icon(name: string): IconComponent {
  function Icon({ className, ...props }: IconProps) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless labelled, when it is role="img" with that label
      <svg
        className={cn("icon", className)}
        aria-hidden={labelled ? undefined : true}
        role={labelled ? "img" : undefined}
        {...props}
      >
        <use href={`${ICON_SPRITE}#${name}`} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const Activity = icon("activity");
export const Archive = icon("archive");
export const ArrowDown = icon("arrow-down");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const ArrowUp = icon("arrow-up");
export const AtSign = icon("at-sign");
export const Ban = icon("ban");
export const Check = icon("check");
export const CheckCircle2 = icon("circle-check");
export const Circle = icon("circle");
export const Clock = icon("clock");
export const Code = icon("code");
export const Copy = icon("copy");
export const Crown = icon("crown");
export const Database = icon("database");
export const Download = icon("download");
export const ExternalLink = icon("external-link");
export const Eye = icon("eye");
export const EyeOff = icon("eye-off");
export const FileText = icon("file-text");
export const Filter = icon("funnel");
export const Fingerprint = icon("fingerprint-pattern");
export const Gamepad2 = icon("gamepad-2");
export const GripVertical = icon("grip-vertical");
export const Hash = icon("hash");
export const ImageIcon = icon("image");
export const ImagePlus = icon("image-plus");
export const KeyRound = icon("key-round");
export const KeySquare = icon("key-square");
export const LayoutDashboard = icon("layout-dashboard");
export const LinkIcon = icon("link");
export const Link2 = icon("link-2");
export const LoaderCircle = icon("loader-circle");
export const Lock = icon("lock");
export const LogIn = icon("log-in");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailCheck = icon("mail-check");
export const MailPlus = icon("mail-plus");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const MessageSquareText = icon("message-square-text");
export const MessagesSquare = icon("messages-square");
export const Monitor = icon("monitor");
export const MonitorPlay = icon("monitor-play");
export const MonitorSmartphone = icon("monitor-smartphone");
export const Moon = icon("moon");
export const Newspaper = icon("newspaper");
export const Pencil = icon("pencil");
export const Play = icon("play");
export const Plus = icon("plus");
export const Printer = icon("printer");
export const Radio = icon("radio");
export const RefreshCw = icon("refresh-cw");
export const Reply = icon("reply");
export const Rss = icon("rss");
export const Save = icon("save");
export const Search = icon("search");
export const Send = icon("send");
export const Shield = icon("shield");
export const ShieldAlert = icon("shield-exclamation-point");
export const ShieldCheck = icon("shield-check");
export const ShoppingBag = icon("shopping-bag");
export const Smartphone = icon("smartphone");
export const Sun = icon("sun");
export const Terminal = icon("terminal");
export const Trash = icon("trash");
export const TriangleAlert = icon("triangle-exclamation-point");
export const Unlink = icon("unlink");
export const Upload = icon("upload");
export const User = icon("user");
export const UserCog = icon("user-cog");
export const Wrench = icon("wrench");
export const X = icon("x");
export const XCircle = icon("circle-x");
