// patches/react-dom adds renderToStringParts to react-dom/server (decision 040).
import type { ReactNode } from "react";
import type { ServerOptions } from "react-dom/server";

declare module "react-dom/server" {
  /** renderToString's markup in parts of about 16,384 characters (joined, the same string). */
  export function renderToStringParts(element: ReactNode, options?: ServerOptions): string[];
}
