import * as Primitive from "@radix-ui/react-dropdown-menu";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { menuItemClass } from "./menu-item-class";

export { menuItemClass };

/**
 * A menu opened by a button (Radix: arrow keys move, Enter selects, Escape closes, focus returns to
 * the trigger), styled once for the whole product.
 */
export const DropdownMenu = Primitive.Root;
export const DropdownMenuTrigger = Primitive.Trigger;
export const DropdownMenuGroup = Primitive.Group;

export function DropdownMenuContent({
  children,
  className = "",
  ...props
}: ComponentPropsWithoutRef<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        align="end"
        sideOffset={6}
        {...props}
        className={`z-50 min-w-[12rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${className}`}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DropdownMenuItem({
  className = "",
  ...props
}: ComponentPropsWithoutRef<typeof Primitive.Item>) {
  return <Primitive.Item {...props} className={`${menuItemClass} ${className}`} />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return (
    <Primitive.Label className="px-2 py-1 text-xs font-semibold uppercase text-slate-500">
      {children}
    </Primitive.Label>
  );
}

export function DropdownMenuSeparator() {
  return <Primitive.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
}
