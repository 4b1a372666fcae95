import type { ReactNode } from "react";
import { usePageSeo } from "~/lib/seo";

/**
 * The title band at the top of every page, in the page's accent colour. Its heading is the page's
 * own name from its loader's Seo unless the page passes another (decision 042).
 */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title?: string;
  lead?: string;
  children?: ReactNode;
}) {
  const heading = usePageSeo()?.heading;
  return (
    <div className="bg-accent-50 dark:bg-gray-900">
      <div className="container-page py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-5xl dark:text-white">
          {title ?? heading}
        </h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg text-gray-800 dark:text-gray-200">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
