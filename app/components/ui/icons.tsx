import type { SVGProps } from "react";
import type { IconName } from "./icon-names";
import spriteHref from "./icons.svg";

/**
 * The app's icons (lucide's, by lucide-react's names): each draws `<svg><use href="sprite#Name"/></svg>`
 * from one SVG sprite, a fingerprinted asset cached for a year (the build's /build/_assets/), instead of
 * every shape inline in every page (issue 27, part 3; decision 057). The sprite
 * is made from lucide-react's data by scripts/build-icons.ts; app/components/ui/icon-names.ts lists the
 * names. Props are an <svg>'s: give a size class (`h-4 w-4`); like lucide's, the icon is hidden from
 * assistive technology unless it is labelled (aria-label, aria-labelledby or a role).
 */
export { spriteHref };

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "ref">;
export type IconComponent = (props: IconProps) => JSX.Element;

/** The sprite's symbol `name`, drawn at the size its classes give (each export below is one). */
function draw(name: IconName, { "aria-hidden": ariaHidden, ...props }: IconProps) {
  const labelled = props["aria-label"] || props["aria-labelledby"] || props.role;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: hidden unless labelled by the caller (aria-label)
    <svg aria-hidden={ariaHidden ?? (labelled ? undefined : true)} {...props}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

export const AlertTriangle = (props: IconProps) => draw("AlertTriangle", props);
export const Archive = (props: IconProps) => draw("Archive", props);
export const ArrowDown = (props: IconProps) => draw("ArrowDown", props);
export const ArrowLeft = (props: IconProps) => draw("ArrowLeft", props);
export const ArrowUp = (props: IconProps) => draw("ArrowUp", props);
export const BarChart3 = (props: IconProps) => draw("BarChart3", props);
export const Bell = (props: IconProps) => draw("Bell", props);
export const BellOff = (props: IconProps) => draw("BellOff", props);
export const BookOpen = (props: IconProps) => draw("BookOpen", props);
export const Bookmark = (props: IconProps) => draw("Bookmark", props);
export const Briefcase = (props: IconProps) => draw("Briefcase", props);
export const BriefcaseBusiness = (props: IconProps) => draw("BriefcaseBusiness", props);
export const Building2 = (props: IconProps) => draw("Building2", props);
export const CalendarDays = (props: IconProps) => draw("CalendarDays", props);
export const CalendarPlus = (props: IconProps) => draw("CalendarPlus", props);
export const Check = (props: IconProps) => draw("Check", props);
export const CheckCheck = (props: IconProps) => draw("CheckCheck", props);
export const CheckCircle2 = (props: IconProps) => draw("CheckCircle2", props);
export const ChevronDown = (props: IconProps) => draw("ChevronDown", props);
export const CircleHelp = (props: IconProps) => draw("CircleHelp", props);
export const CircleSlash = (props: IconProps) => draw("CircleSlash", props);
export const ClipboardList = (props: IconProps) => draw("ClipboardList", props);
export const Coins = (props: IconProps) => draw("Coins", props);
export const CreditCard = (props: IconProps) => draw("CreditCard", props);
export const DollarSign = (props: IconProps) => draw("DollarSign", props);
export const Download = (props: IconProps) => draw("Download", props);
export const Droplets = (props: IconProps) => draw("Droplets", props);
export const ExternalLink = (props: IconProps) => draw("ExternalLink", props);
export const FilePlus2 = (props: IconProps) => draw("FilePlus2", props);
export const FileText = (props: IconProps) => draw("FileText", props);
export const Filter = (props: IconProps) => draw("Filter", props);
export const FolderOpen = (props: IconProps) => draw("FolderOpen", props);
export const GripVertical = (props: IconProps) => draw("GripVertical", props);
export const Hammer = (props: IconProps) => draw("Hammer", props);
export const History = (props: IconProps) => draw("History", props);
export const Home = (props: IconProps) => draw("Home", props);
export const Info = (props: IconProps) => draw("Info", props);
export const Landmark = (props: IconProps) => draw("Landmark", props);
export const Laptop = (props: IconProps) => draw("Laptop", props);
export const LayoutDashboard = (props: IconProps) => draw("LayoutDashboard", props);
export const LayoutGrid = (props: IconProps) => draw("LayoutGrid", props);
export const Link = (props: IconProps) => draw("Link", props);
export const List = (props: IconProps) => draw("List", props);
export const ListChecks = (props: IconProps) => draw("ListChecks", props);
export const Loader2 = (props: IconProps) => draw("Loader2", props);
export const Lock = (props: IconProps) => draw("Lock", props);
export const LogOut = (props: IconProps) => draw("LogOut", props);
export const Mail = (props: IconProps) => draw("Mail", props);
export const MapPin = (props: IconProps) => draw("MapPin", props);
export const Menu = (props: IconProps) => draw("Menu", props);
export const Minus = (props: IconProps) => draw("Minus", props);
export const Monitor = (props: IconProps) => draw("Monitor", props);
export const MonitorSmartphone = (props: IconProps) => draw("MonitorSmartphone", props);
export const Moon = (props: IconProps) => draw("Moon", props);
export const NotebookText = (props: IconProps) => draw("NotebookText", props);
export const Paintbrush = (props: IconProps) => draw("Paintbrush", props);
export const Palette = (props: IconProps) => draw("Palette", props);
export const PanelLeftClose = (props: IconProps) => draw("PanelLeftClose", props);
export const PanelLeftOpen = (props: IconProps) => draw("PanelLeftOpen", props);
export const Pin = (props: IconProps) => draw("Pin", props);
export const Plus = (props: IconProps) => draw("Plus", props);
export const RefreshCw = (props: IconProps) => draw("RefreshCw", props);
export const Route = (props: IconProps) => draw("Route", props);
export const Scale = (props: IconProps) => draw("Scale", props);
export const Search = (props: IconProps) => draw("Search", props);
export const Settings = (props: IconProps) => draw("Settings", props);
export const Share2 = (props: IconProps) => draw("Share2", props);
export const Shield = (props: IconProps) => draw("Shield", props);
export const ShieldAlert = (props: IconProps) => draw("ShieldAlert", props);
export const ShieldCheck = (props: IconProps) => draw("ShieldCheck", props);
export const Snowflake = (props: IconProps) => draw("Snowflake", props);
export const Sparkles = (props: IconProps) => draw("Sparkles", props);
export const Store = (props: IconProps) => draw("Store", props);
export const Sun = (props: IconProps) => draw("Sun", props);
export const Trash2 = (props: IconProps) => draw("Trash2", props);
export const Trees = (props: IconProps) => draw("Trees", props);
export const Upload = (props: IconProps) => draw("Upload", props);
export const User = (props: IconProps) => draw("User", props);
export const UsersRound = (props: IconProps) => draw("UsersRound", props);
export const Wallet = (props: IconProps) => draw("Wallet", props);
export const Wrench = (props: IconProps) => draw("Wrench", props);
export const X = (props: IconProps) => draw("X", props);
export const XCircle = (props: IconProps) => draw("XCircle", props);
export const Zap = (props: IconProps) => draw("Zap", props);

export const MessageSquare = (props: IconProps) => draw("MessageSquare", props);
export const MessagesSquare = (props: IconProps) => draw("MessagesSquare", props);
export const BookUser = (props: IconProps) => draw("BookUser", props);
export const Handshake = (props: IconProps) => draw("Handshake", props);
export const Network = (props: IconProps) => draw("Network", props);
export const Paperclip = (props: IconProps) => draw("Paperclip", props);
export const Send = (props: IconProps) => draw("Send", props);
export const Star = (props: IconProps) => draw("Star", props);
