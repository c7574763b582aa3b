import type { RfpCategory } from "@domain/rfp";
import {
  Briefcase as LucideBriefcase,
  Building2 as LucideBuilding2,
  ClipboardList as LucideClipboardList,
  DollarSign as LucideDollarSign,
  Droplets as LucideDroplets,
  FileText as LucideFileText,
  Hammer as LucideHammer,
  Home as LucideHome,
  type LucideIcon,
  Laptop as LucideLaptop,
  Paintbrush as LucidePaintbrush,
  Pin as LucidePin,
  Scale as LucideScale,
  Shield as LucideShield,
  Snowflake as LucideSnowflake,
  Sparkles as LucideSparkles,
  Trees as LucideTrees,
  Wrench as LucideWrench,
  Zap as LucideZap,
} from "lucide-react";
import { staticIcon } from "~/components/ui/static-icon";

// Drawn from one string each (see staticIcon): these appear on every page.
const Briefcase = staticIcon(LucideBriefcase);
const Building2 = staticIcon(LucideBuilding2);
const ClipboardList = staticIcon(LucideClipboardList);
const DollarSign = staticIcon(LucideDollarSign);
const Droplets = staticIcon(LucideDroplets);
const FileText = staticIcon(LucideFileText);
const Hammer = staticIcon(LucideHammer);
const Home = staticIcon(LucideHome);
const Laptop = staticIcon(LucideLaptop);
const Paintbrush = staticIcon(LucidePaintbrush);
const Pin = staticIcon(LucidePin);
const Scale = staticIcon(LucideScale);
const Shield = staticIcon(LucideShield);
const Snowflake = staticIcon(LucideSnowflake);
const Sparkles = staticIcon(LucideSparkles);
const Trees = staticIcon(LucideTrees);
const Wrench = staticIcon(LucideWrench);
const Zap = staticIcon(LucideZap);

/**
 * The category's mark beside RFP titles (spec 001 section 2.1 calls it an emoji): an icon from the
 * app's icon set, drawn as SVG, so it shows on systems without an emoji font (issue 11, part 4.4 g).
 */
const CATEGORY_ICONS: Record<RfpCategory, LucideIcon> = {
  maintenance: Wrench,
  landscaping: Trees,
  cleaning: Sparkles,
  security: Shield,
  painting: Paintbrush,
  roofing: Home,
  plumbing: Droplets,
  electrical: Zap,
  hvac: Snowflake,
  construction: Hammer,
  legal: Scale,
  financial: DollarSign,
  management: ClipboardList,
  consulting: Briefcase,
  insurance: FileText,
  technology: Laptop,
  other: Pin,
};

export function CategoryIcon({ category, className = "h-4 w-4" }: { category: string; className?: string }) {
  const Icon = CATEGORY_ICONS[category as RfpCategory] ?? CATEGORY_ICONS.other ?? Building2;
  return (
    <Icon aria-hidden="true" data-category-icon={category} className={`inline-block shrink-0 ${className}`} />
  );
}
