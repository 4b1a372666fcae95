import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";

/** The frame of the login, signup and password pages: a title band and a narrow column. */
export function AuthLayout({
  title,
  lead,
  wide,
  aside,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  /** A closing line under the form ("No account yet? Create one"). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container-page py-10">
        <div className={wide ? "max-w-4xl" : "max-w-md"}>
          {children}
          {aside ? <p className="mt-8 text-gray-800 dark:text-gray-200">{aside}</p> : null}
        </div>
      </div>
    </>
  );
}

/** The closing line of sign-in and sign-up that offers the other one ("No account yet? Create one"). */
export function OtherAccountPage({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <>
      {question}{" "}
      <Link to={to} className="link font-semibold">
        {link}
      </Link>
    </>
  );
}
