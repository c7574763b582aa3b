import type { RfpCategory } from "@domain/rfp";
import {
  Briefcase,
  Building2,
  ClipboardList,
  DollarSign,
  Droplets,
  FileText,
  Hammer,
  Home,
  type IconComponent,
  Laptop,
  Paintbrush,
  Pin,
  Scale,
  Shield,
  Snowflake,
  Sparkles,
  Trees,
  Wrench,
  Zap,
} from "~/components/ui/icons";

/**
 * The category's mark beside RFP titles (spec 001 section 2.1 calls it an emoji): an icon from the
 * app's icon set, drawn as SVG, so it shows on systems without an emoji font (issue 11, part 4.4 g).
 */
const CATEGORY_ICONS: Record<RfpCategory, IconComponent> = {
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

/**
 * A category's icon, `h-4 w-4` unless given a size; `className={null}`: sized by the surrounding CSS
 * (`.rfp-category > svg` on the cards, twenty to a page).
 */
export function CategoryIcon({
  category,
  className = "h-4 w-4",
}: {
  category: string;
  className?: string | null;
}) {
  const Icon = CATEGORY_ICONS[category as RfpCategory] ?? CATEGORY_ICONS.other ?? Building2;
  return (
    <Icon
      aria-hidden="true"
      className={className === null ? undefined : `inline-block shrink-0 ${className}`}
    />
  );
}
