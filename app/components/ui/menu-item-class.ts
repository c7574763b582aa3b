/**
 * The look of a menu entry: the Radix menus' items (dropdown-menu.tsx) and the menu page's links and
 * buttons share it. A module of its own, so a page that draws it does not load Radix.
 */
export const menuItemClass =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-70 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800";
