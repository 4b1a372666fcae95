import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { ChildFields, useChildFieldLabels } from "~/components/families/child-fields";
import { SubmitButton } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { ChildSchema } from "~/lib/family-schemas";
import { formatNewYorkDateTime } from "~/lib/format";
import { ownPageHeaders, ownPageMeta } from "~/components/account/own-page";
import { ownPageSeo } from "~/server/auth/seo.server";
import { handleFamilyPost, loadFamilyPage } from "~/server/families/family-page.server";
import type { Route } from "./+types/children";

export const handle = { i18n: ["families"] };

export const meta = ownPageMeta;
export const headers = ownPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  return {
    seo: ownPageSeo(args, "familyChildren", "families", "children.title"),
    ...(await loadFamilyPage(args)),
  };
}

export function action(args: Route.ActionArgs) {
  return handleFamilyPost(args);
}

const buttonRow = "flex flex-wrap items-center gap-3";

/** A guardian's children and their places (decision 054); every action is a plain form post. */
export default function ChildrenPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const labels = useChildFieldLabels(loaderData.programYear);
  const { form, fields, pending } = usePageForm({ id: "child", schema: ChildSchema, answer: actionData });
  const answer = (actionData ?? {}) as Record<string, unknown>;
  const [searchParams] = useSearchParams();
  const chosen = loaderData.sessions.find((session) => session.id === loaderData.chosenSession);
  return (
    <AuthLayout title={t("children.title")} lead={t("children.lead")} wide>
      <div className="space-y-8">
        {chosen && !actionData ? (
          <Notice>
            {loaderData.children.length > 0
              ? t("children.chosenSession", { session: chosen.title })
              : t("children.chosenSessionFirstChild", { session: chosen.title })}
          </Notice>
        ) : null}
        {searchParams.has("updated") && !actionData ? (
          <Notice tone="success">{t("children.updated")}</Notice>
        ) : null}
        {typeof answer.consented === "string" ? (
          <Notice tone="success">{t("consent.confirmed", { year: answer.consented })}</Notice>
        ) : null}
        {answer.added ? <Notice tone="success">{t("children.added")}</Notice> : null}
        {answer.withdrawn ? <Notice tone="success">{t("children.withdrawn")}</Notice> : null}
        {answer.deleted ? <Notice tone="success">{t("children.deleted")}</Notice> : null}
        {answer.enrolled === "enrolled" ? <Notice tone="success">{t("children.enrolled")}</Notice> : null}
        {answer.enrolled === "pending" ? <Notice tone="success">{t("children.pending")}</Notice> : null}
        {answer.enrolled === "waitlisted" ? (
          <Notice tone="success">{t("children.waitlisted", { position: answer.waitlistPosition })}</Notice>
        ) : null}
        {typeof answer.enrolRefused === "string" ? (
          <Notice>{t(`refusals.${answer.enrolRefused}`)}</Notice>
        ) : null}
        {!loaderData.verified ? <Notice>{t("children.verifyFirst")}</Notice> : null}

        {loaderData.children.map((child) => (
          <section
            key={child.id}
            className="rounded-xl border-2 border-gray-300 p-4"
            aria-labelledby={`child-${child.id}`}
          >
            <h2 id={`child-${child.id}`} className="text-xl font-bold">
              {child.name}
            </h2>
            <p>{t("children.gradeLine", { grade: t(`grades.${child.grade}`) })}</p>
            <p>
              {child.consents.length > 0
                ? t("consent.givenFor", {
                    count: child.consents.length,
                    year: child.consents.map((consent) => consent.programYear).join(", "),
                  })
                : t("consent.notGiven")}
            </p>
            {loaderData.consentTerms
              .filter((term) => !child.consents.some((consent) => consent.programYear === term))
              .map((term) => (
                <Form
                  key={term}
                  method="post"
                  className="mt-3 space-y-3 rounded-lg border-2 border-amber-700 p-3 dark:border-amber-300"
                  aria-labelledby={`consent-${child.id}-${term}`}
                >
                  <h3 id={`consent-${child.id}-${term}`} className="font-bold">
                    {t("consent.title", { year: term })}
                  </h3>
                  {answer.consentMissing === child.id ? (
                    <p className="font-semibold text-red-800 dark:text-red-200" role="alert">
                      {t("consent.missing")}
                    </p>
                  ) : null}
                  <input type="hidden" name="intent" value="consent" />
                  <input type="hidden" name="childId" value={child.id} />
                  <input type="hidden" name="term" value={term} />
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="participationConsent"
                      className="focus-ring mt-1 h-5 w-5 shrink-0"
                    />
                    <span>{t("fields.participationConsent", { year: term })}</span>
                  </label>
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="photoConsent"
                      defaultChecked={child.consents.at(-1)?.photoConsent}
                      className="focus-ring mt-1 h-5 w-5 shrink-0"
                    />
                    <span>{t("fields.photoConsent")}</span>
                  </label>
                  <button type="submit" className="btn-primary">
                    {/* One hidden name, without the stray space a hidden suffix gets in a button (session-list.tsx). */}
                    <span aria-hidden="true">{t("consent.confirm")}</span>
                    <span className="sr-only">
                      {t("consent.confirm")}: {child.name}
                    </span>
                  </button>
                </Form>
              ))}
            {child.places.length > 0 ? (
              <ul className="mt-3 space-y-3">
                {child.places.map((place) => (
                  <li key={place.id} className={buttonRow}>
                    <span>
                      {place.session}:{" "}
                      <strong>
                        {t(`states.${place.status}`, {
                          position: place.waitlistPosition,
                          deadline: place.offerExpiresAt
                            ? formatNewYorkDateTime(place.offerExpiresAt, loaderData.locale)
                            : "",
                        })}
                      </strong>
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="withdraw" />
                      <input type="hidden" name="enrolmentId" value={place.id} />
                      <button type="submit" className="btn-secondary">
                        {t("children.withdraw")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : null}
            {loaderData.sessions.length > 0 && loaderData.verified ? (
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="enrol" />
                <input type="hidden" name="childId" value={child.id} />
                <label htmlFor={`session-${child.id}`} className="block font-semibold">
                  {t("children.chooseSession")}
                </label>
                <select
                  id={`session-${child.id}`}
                  name="sessionId"
                  defaultValue={loaderData.chosenSession ?? undefined}
                  required
                  className="focus-ring tap-target w-full rounded-lg border border-gray-500 bg-white px-3 py-2 text-gray-900 dark:border-gray-400 dark:bg-gray-950 dark:text-white"
                >
                  {loaderData.sessions.map((session) => (
                    <option key={session.id} value={session.id}>
                      {session.placesLeft > 0
                        ? t("children.sessionOption", { session: session.title, count: session.placesLeft })
                        : t("children.sessionFull", { session: session.title })}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn-primary">
                  {t("children.enrol")}
                </button>
              </Form>
            ) : null}
            <div className={`mt-4 ${buttonRow}`}>
              <Link to={`/account/children/${child.id}`} className="btn-secondary">
                <span aria-hidden="true">{t("children.edit")}</span>
                <span className="sr-only">
                  {t("children.edit")}: {child.name}
                </span>
              </Link>
              <a href={`/account/children/${child.id}/record.json`} className="link font-semibold" download>
                {t("children.download")}
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-child" />
                <input type="hidden" name="childId" value={child.id} />
                {answer.confirmDelete === child.id ? (
                  <input type="hidden" name="confirm" value="yes" />
                ) : null}
                <button type="submit" className="btn-secondary">
                  {answer.confirmDelete === child.id ? t("children.deleteConfirm") : t("children.delete")}
                </button>
              </Form>
            </div>
          </section>
        ))}

        <section aria-labelledby="add-child">
          <h2 id="add-child" className="text-xl font-bold">
            {t("children.addTitle")}
          </h2>
          <p className="mt-1">{t("children.private")}</p>
          <PageForm form={form} labels={labels} className="mt-4 space-y-4">
            <ChildFields fields={fields} programYear={loaderData.programYear} />
            <SubmitButton pending={pending} label={t("children.add")} pendingLabel={t("children.saving")} />
          </PageForm>
        </section>
        <p>
          <Link to="/account" className="link font-semibold">
            {t("offer.toAccount")}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
