import type { Program } from "~/lib/families";
import { listProgramBadges } from "../content/entries.server";
import { env } from "../kernel/env.server";
import { requestLocale } from "../kernel/i18n.server";
import { sitePageSeo, type SeoArgs } from "../seo.server";
import { openSessions } from "./sessions.server";

/**
 * What a program's page shows beside its fixed text: the staff-edited badges (decision 029) and
 * the open sessions with their places (decision 054), of one program or, for /programs, of all.
 */
export async function loadProgramPage(args: SeoArgs, program: Program | null) {
  const locale = requestLocale(args.context);
  const [badges, sessions] = await Promise.all([listProgramBadges(env), openSessions(env, locale, program)]);
  return { seo: sitePageSeo(args), badges, sessions, locale };
}
