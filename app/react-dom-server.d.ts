// patches/react-dom adds renderToStringParts to react-dom/server (decision 040).
import type { ReactNode } from "react";
import type { ServerOptions } from "react-dom/server";

declare module "react-dom/server" {
  /**
   * renderToString's markup in parts (joined, the same string): a part is closed once it reaches 16,384
   * characters, and a piece of markup that long on its own is a part of its own. Node builds only.
   */
  export function renderToStringParts(element: ReactNode, options?: ServerOptions): string[];
}
