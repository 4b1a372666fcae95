import { data, redirect } from "react-router";
import { getInstance, getLocale } from "../kernel/i18n.server";
import { pageSeo, type SeoArgs } from "../seo.server";
import { GONE_LISTS, goneAddress, type TypeWithPage } from "./versions.server";
import { env } from "../kernel/env.server";

/**
 * What an entry's own page answers when no published entry has its address (decision 053): a
 * 301 to the address staff chose when they took it down, a 410 Gone page that says so and leads
 * to the list, or — for an address that was never public — the site's 404. Neither the 410 nor the
 * 404 is kept by the edge page cache, which keeps only 200s (decision 027).
 */
export async function goneOrNotFound(args: SeoArgs, type: TypeWithPage, slug: string | undefined) {
  const gone = await goneAddress(env, type, slug);
  if (!gone) throw data(null, { status: 404 });
  if (gone.redirectTo) throw redirect(gone.redirectTo, 301);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "gone");
  return data(
    {
      gone: { type, list: GONE_LISTS[type] },
      seo: pageSeo(args, "gone", { title: t("title"), description: t(`lead.${type}`) }),
    },
    { status: 410 },
  );
}
