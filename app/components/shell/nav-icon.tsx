import type { NavItem } from "@domain/navigation";
import {
  BriefcaseBusiness as LucideBriefcaseBusiness,
  Building2 as LucideBuilding2,
  CalendarDays as LucideCalendarDays,
  Coins as LucideCoins,
  FilePlus2 as LucideFilePlus2,
  FileText as LucideFileText,
  FolderOpen as LucideFolderOpen,
  Landmark as LucideLandmark,
  LayoutDashboard as LucideLayoutDashboard,
  NotebookText as LucideNotebookText,
  Search as LucideSearch,
  Settings as LucideSettings,
  ShieldCheck as LucideShieldCheck,
  Store as LucideStore,
  UsersRound as LucideUsersRound,
  Wallet as LucideWallet,
} from "lucide-react";
import { staticIcon } from "~/components/ui/static-icon";

// Drawn from one string each (see staticIcon): these appear on every page.
const BriefcaseBusiness = staticIcon(LucideBriefcaseBusiness);
const Building2 = staticIcon(LucideBuilding2);
const CalendarDays = staticIcon(LucideCalendarDays);
const Coins = staticIcon(LucideCoins);
const FilePlus2 = staticIcon(LucideFilePlus2);
const FileText = staticIcon(LucideFileText);
const FolderOpen = staticIcon(LucideFolderOpen);
const Landmark = staticIcon(LucideLandmark);
const LayoutDashboard = staticIcon(LucideLayoutDashboard);
const NotebookText = staticIcon(LucideNotebookText);
const Search = staticIcon(LucideSearch);
const Settings = staticIcon(LucideSettings);
const ShieldCheck = staticIcon(LucideShieldCheck);
const Store = staticIcon(LucideStore);
const UsersRound = staticIcon(LucideUsersRound);
const Wallet = staticIcon(LucideWallet);

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
} as const;

export function NavIcon({ icon, className = "h-5 w-5" }: { icon: NavItem["icon"]; className?: string }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" className={`shrink-0 ${className}`} />;
}
