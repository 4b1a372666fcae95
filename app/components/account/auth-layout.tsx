import type { ReactNode } from "react";
import { PageHeader } from "~/components/layout/page-header";

/** The frame of the login, signup and password pages: a title band and a narrow column. */
export function AuthLayout({
  title,
  lead,
  wide,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container-page py-10">
        <div className={wide ? "max-w-4xl" : "max-w-md"}>{children}</div>
      </div>
    </>
  );
}

export function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "success" }) {
  return (
    <p
      role="status"
      className={`rounded-xl border-2 p-4 ${
        tone === "success"
          ? "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-300 dark:bg-gray-900 dark:text-emerald-100"
          : "border-gray-400 bg-gray-50 text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100"
      }`}
    >
      {children}
    </p>
  );
}
