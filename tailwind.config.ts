import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./domain/**/*.ts"],
  // Dark when the page root says so, or when it follows the system (no "light" class) and the
  // system is dark: the server renders the right class, so there is no flash.
  darkMode: ["variant", ["&:is(.dark *)", "@media (prefers-color-scheme: dark) { &:is(.theme-system *) }"]],
  theme: { extend: {} },
  plugins: [],
} satisfies Config;
