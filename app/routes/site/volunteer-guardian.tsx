import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { LinkConfirmButton } from "~/components/forms/form-kit";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { getInstance, requestLocale } from "~/server/kernel/i18n.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import { recordGuardianConsent, volunteerForGuardian } from "~/server/volunteers/volunteers.server";
import type { Route } from "./+types/volunteer-guardian";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["volunteers", "forms"] };
export const meta = pageMeta;

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

/**
 * GET /volunteer/guardian?key=…: the guardian of a volunteer under 18 consents (decision 055).
 * The GET only asks, because mail scanners follow links; the button's post records it.
 */
export async function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(requestLocale(args.context), "volunteers");
  const seo = pageSeo(args, "volunteer", { title: t("guardian.title") });
  const key = new URL(args.request.url).searchParams.get("key") ?? "";
  const volunteer = key ? await volunteerForGuardian(env, key) : null;
  if (!volunteer) return data({ seo, key: null, name: "", consented: false }, { status: 403 });
  return { seo, key, name: volunteer.name, consented: Boolean(volunteer.guardianConsentAt) };
}

export async function action(args: Route.ActionArgs) {
  const volunteer = await volunteerForGuardian(env, String(readPostedForm(args.context).get("token") ?? ""));
  if (!volunteer) return data({ ok: false as const }, { status: 403 });
  await recordGuardianConsent(env, volunteer);
  return { ok: true as const, name: volunteer.name };
}

export default function VolunteerGuardianPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const { key, name, consented } = loaderData;
  return (
    <>
      <PageHeader />
      <div className="container-page max-w-3xl space-y-4 py-10 text-lg">
        {actionData?.ok ? (
          <p role="status">{t("guardian.done", { name: actionData.name })}</p>
        ) : !key || actionData ? (
          <p role="alert">{t("guardian.invalid")}</p>
        ) : consented ? (
          <p>{t("guardian.already")}</p>
        ) : (
          <>
            <p>{t("guardian.lead", { name })}</p>
            <LinkConfirmButton token={key} label={t("guardian.consent")} />
          </>
        )}
      </div>
    </>
  );
}
