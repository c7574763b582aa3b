import type { ReactNode } from "react";

export function Alert({
  title,
  children,
  tone = "error",
}: {
  title: string;
  children?: ReactNode;
  tone?: "error" | "info";
}) {
  const styles =
    tone === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      : "border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100";
  return (
    <div role="alert" className={`rounded-md border p-3 text-sm ${styles}`}>
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1">{children}</p> : null}
    </div>
  );
}
