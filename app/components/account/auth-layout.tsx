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
