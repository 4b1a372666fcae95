import { LegalPage } from "~/components/pages/legal-page";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/accessibility";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["legal"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function Page() {
  return <LegalPage page="accessibility" />;
}
