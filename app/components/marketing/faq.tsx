import type { ReactNode } from "react";
import { ChevronDown } from "~/components/ui/icons";

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions as native <details>: they open and close with or without JavaScript, and by keyboard. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="space-y-2 px-5 pb-5 text-sm leading-relaxed text-slate-600">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
