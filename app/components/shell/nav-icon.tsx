import type { NavItem } from "@domain/navigation";
import {
  BookOpen,
  BookUser,
  BriefcaseBusiness,
  Building2,
  CalendarDays,
  Coins,
  FilePlus2,
  FileText,
  FolderOpen,
  Handshake,
  Landmark,
  LayoutDashboard,
  MessageSquare,
  MessagesSquare,
  Network,
  NotebookText,
  Scale,
  Search,
  Settings,
  ShieldCheck,
  Store,
  UsersRound,
  Wallet,
} from "~/components/ui/icons";

const ICONS = {
  dashboard: LayoutDashboard,
  settings: Settings,
  admin: ShieldCheck,
  search: Search,
  roles: UsersRound,
  credits: Coins,
  rfps: FileText,
  create: FilePlus2,
  proposals: BriefcaseBusiness,
  vendor: Store,
  properties: Building2,
  documents: FolderOpen,
  financials: Wallet,
  boardroom: Landmark,
  minutes: NotebookText,
  calendar: CalendarDays,
  network: Network,
  directory: BookUser,
  connections: Handshake,
  messages: MessageSquare,
  community: MessagesSquare,
  learning: BookOpen,
  legal: Scale,
} as const;

/** An entry's icon: sized by `.nav-link > svg` (app/tailwind.css) unless given a class. */
export function NavIcon({ icon, className }: { icon: NavItem["icon"]; className?: string }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" className={className} />;
}
