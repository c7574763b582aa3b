import { FEATURE_STATUS_LABELS, type Feature } from "./features";

const STYLES: Record<Feature["status"], string> = {
  available: "bg-green-100 text-green-800",
  partial: "bg-blue-100 text-blue-800",
  building: "bg-amber-100 text-amber-900",
};

export function StatusBadge({ status }: { status: Feature["status"] }) {
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
      {FEATURE_STATUS_LABELS[status]}
    </span>
  );
}
