import type { MetaDescriptor } from "react-router";

/** The meta export of every admin page: its title, and never in a search index. */
export function adminMeta({ loaderData }: { loaderData: unknown }): MetaDescriptor[] {
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [...(title ? [{ title }] : []), { name: "robots", content: "noindex, nofollow" }];
}
