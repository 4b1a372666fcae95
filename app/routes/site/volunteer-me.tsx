import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { HoursByRole } from "~/components/volunteers/hours-by-role";
import { ListSection } from "~/components/volunteers/list-section";
import { ShiftCard, shiftWhen } from "~/components/volunteers/shift-card";
import { useLocale } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { pageSeo } from "~/server/seo.server";
import { pageMeta } from "~/lib/seo";
import { getInstance, requestLocale } from "~/server/kernel/i18n.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { handleVolunteerPost, volunteerOfRequest, volunteerPageData } from "~/server/volunteers/pages.server";
import { sendNewVolunteerLink } from "~/server/volunteers/volunteers.server";
import { answerMailRequest } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import { NewVolunteerLinkSchema } from "~/lib/volunteers";
import { MailRequestForm, usePageForm } from "~/components/forms/form-kit";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/volunteer-me";
import { env } from "~/server/kernel/env.server";
import { ActionName } from "~/components/ui/action-name";

export const handle = { i18n: ["volunteers"] };
export const meta = pageMeta;

// A signed link is a key: never cached, indexed or leaked in a Referer (as the donor's, decision 014).
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

/** GET /volunteer/me?key=…: a volunteer's shifts and hours, by their signed link or their account (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  const t = getInstance(args.context).getFixedT(locale, "volunteers");
  const seo = pageSeo(args, "volunteer", { title: t("me.title"), description: t("me.lead") });
  const found = await volunteerOfRequest(env, args.request);
  // Not a 403 for a link that does not hold: the page is then the form that sends a new one.
  if (found.kind !== "volunteer") return { seo, state: found.kind, page: null };
  return { seo, state: "ok" as const, page: await volunteerPageData(env, found.volunteer, locale) };
}

/**
 * POST: "send me a new link" (a public post: the same answer whether or not the address is a
 * volunteer's), or, by a volunteer, sign up, join a waitlist, cancel or swap; the page shows the
 * outcome and the new lists.
 */
export async function action(args: Route.ActionArgs) {
  if (readPostedForm(args.context).get("intent") === "new-link") {
    return answerMailRequest(
      args,
      NewVolunteerLinkSchema,
      ({ email }) => sendNewVolunteerLink(env, email, requestLocale(args.context)),
      { rateLimit: { scope: "volunteer-link", rule: RATE_LIMITS.forms } },
    );
  }
  const found = await volunteerOfRequest(env, args.request);
  if (found.kind !== "volunteer")
    return data({ ok: false as const, error: "link" as const }, { status: 403 });
  const answer = await handleVolunteerPost(env, found.volunteer, readPostedForm(args.context));
  return answer.ok ? answer : data(answer, { status: answer.error === "invalid" ? 400 : 409 });
}

export default function VolunteerMePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const locale = useLocale();
  const outcome = useRef<HTMLParagraphElement>(null);
  // The outcome takes focus, so a screen reader (and a phone's view) lands on what happened.
  useEffect(() => outcome.current?.focus(), [actionData]);
  // The new-link form's answer is its own (NewLinkForm); the rest are the volunteer's posts.
  const answer = actionData && !("result" in actionData) ? actionData : undefined;
  if (loaderData.state !== "ok") {
    return (
      <>
        <PageHeader />
        <div className="container-page max-w-3xl space-y-6 py-10">
          <p className="text-lg">{t(loaderData.state === "invalid" ? "me.invalid" : "me.noVolunteer")}</p>
          <NewLinkForm answer={actionData && "result" in actionData ? actionData : undefined} />
        </div>
      </>
    );
  }
  const { mine, open, hours } = loaderData.page;
  const fullShift = answer && !answer.ok && answer.error === "full" ? answer.shiftId : null;
  return (
    <>
      <PageHeader lead={t("me.lead")} />
      <div className="container-page space-y-10 py-10">
        {answer ? (
          <p
            ref={outcome}
            tabIndex={-1}
            role={answer.ok ? "status" : "alert"}
            className={
              answer.ok
                ? "rounded-xl border-2 border-emerald-700 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-300 dark:bg-gray-900 dark:text-emerald-100"
                : "rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-300 dark:bg-gray-900 dark:text-red-100"
            }
          >
            {answer.ok
              ? t(`me.done.${answer.done}`, {
                  signedUp: answer.signedUp,
                  waitlisted: answer.waitlisted,
                  count: answer.signedUp,
                })
              : answer.error === "clearance"
                ? t("me.errors.clearance", {
                    list: answer.missing
                      .map((kind) => {
                        const expired = answer.expired.find((one) => one.kind === kind);
                        return expired
                          ? t("me.errors.expiredClearance", {
                              clearance: t(`clearances.${kind}`),
                              date: formatCalendarDate(expired.expiresOn, locale),
                            })
                          : t(`clearances.${kind}`);
                      })
                      .join(", "),
                  })
                : t(
                    `me.errors.${answer.error === "invalid" || answer.error === "link" ? "not-found" : answer.error}`,
                  )}
          </p>
        ) : null}
        {fullShift ? (
          <Form method="post">
            <input type="hidden" name="shift" value={fullShift} />
            <button type="submit" name="intent" value="waitlist" className="btn-primary w-full sm:w-auto">
              {t("me.joinWaitlist")}
            </button>
          </Form>
        ) : null}
        <ListSection
          id="yours"
          title={t("me.yours")}
          size="2xl"
          empty={mine.length === 0 && t("me.noneYours")}
        >
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {mine.map((shift) => (
              <ShiftCard
                key={shift.id}
                shift={{ ...shift, placesLeft: null }}
                locale={locale}
                status={t(`me.statuses.${shift.status}`)}
              >
                <Form method="post">
                  <input type="hidden" name="shift" value={shift.id} />
                  <button type="submit" name="intent" value="cancel" className="btn-secondary">
                    <ActionName words={t("me.cancel")} subject={shift.title} />
                  </button>
                </Form>
                {open.some((other) => other.roleSlug === shift.roleSlug) ? (
                  <Form method="post" className="flex w-full flex-wrap items-end gap-2">
                    <input type="hidden" name="shift" value={shift.id} />
                    <label className="grow">
                      <span className="block font-semibold">{t("me.swapTo")}</span>
                      <select
                        name="to"
                        required
                        className="tap-target focus-ring mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 dark:bg-gray-900"
                      >
                        {open
                          .filter((other) => other.roleSlug === shift.roleSlug)
                          .map((other) => (
                            <option key={other.id} value={other.id}>
                              {`${other.title}: ${shiftWhen(other, locale)}`}
                            </option>
                          ))}
                      </select>
                    </label>
                    <button type="submit" name="intent" value="swap" className="btn-secondary">
                      {t("me.swap")}
                    </button>
                  </Form>
                ) : null}
              </ShiftCard>
            ))}
          </ul>
        </ListSection>
        <ListSection
          id="available"
          title={t("me.available")}
          size="2xl"
          empty={open.length === 0 && t("me.noneAvailable")}
        >
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {open.map((shift) => (
              <ShiftCard key={shift.id} shift={shift} locale={locale}>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="shift" value={shift.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={shift.placesLeft === 0 ? "waitlist" : "signup"}
                    className="btn-primary"
                  >
                    <ActionName
                      words={t(shift.placesLeft === 0 ? "me.joinWaitlist" : "me.signUp")}
                      subject={shift.title}
                    />
                  </button>
                  {shift.seriesId ? (
                    <button type="submit" name="intent" value="series" className="btn-secondary">
                      <ActionName words={t("me.signUpSeries")} subject={shift.title} />
                    </button>
                  ) : null}
                </Form>
              </ShiftCard>
            ))}
          </ul>
        </ListSection>
        <ListSection
          id="hours"
          title={t("me.hours")}
          size="2xl"
          empty={hours.lines.length === 0 && t("me.noHours")}
        >
          <p className="mt-3 text-lg font-semibold">{t("me.hoursTotal", { hours: hours.total })}</p>
          <HoursByRole lines={hours.lines} />
        </ListSection>
      </div>
    </>
  );
}

/** "Send me a new link": an e-mail field, and the same answer whether or not it is a volunteer's. */
function NewLinkForm({
  answer,
}: {
  answer: { result: SubmissionResult<string[]>; sent: boolean } | undefined;
}) {
  const { t } = useTranslation("volunteers");
  const { form, fields, pending } = usePageForm({ id: "new-link", schema: NewVolunteerLinkSchema, answer });
  return (
    <section aria-labelledby="new-link-title">
      <h2 id="new-link-title" className="text-2xl font-bold">
        {t("me.newLink.title")}
      </h2>
      <p className="mb-4 mt-2">{t("me.newLink.lead")}</p>
      <MailRequestForm
        form={form}
        email={fields.email}
        labels={{
          email: t("me.newLink.email"),
          send: t("me.newLink.submit"),
          sending: t("me.newLink.sending"),
        }}
        sentMessage={answer?.sent ? t("me.newLink.sent") : null}
        pending={pending}
      >
        <input type="hidden" name="intent" value="new-link" />
      </MailRequestForm>
    </section>
  );
}
