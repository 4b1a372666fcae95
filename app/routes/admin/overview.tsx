import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Money } from "~/components/ui/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { goalPercent } from "~/lib/donation";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { adminOverview } from "~/server/admin/overview.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { SUBMISSION_KINDS } from "~/lib/vocabulary";
import type { LaunchItem } from "~/server/admin/launch-checklist.server";
import type { Route } from "./+types/overview";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  return {
    title: adminTitle(args, "overview.title"),
    kinds: SUBMISSION_KINDS,
    // Gifts are payments, which STAFF does not see (decision 022).
    ...(await adminOverview(env, { forAdmin: user.role === "ADMIN" })),
  };
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 p-5 dark:border-gray-700">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-700 dark:text-gray-300">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

type Giving = NonNullable<Route.ComponentProps["loaderData"]["giving"]>;
type Goal = NonNullable<Route.ComponentProps["loaderData"]["goal"]>;

function GivingCards({ giving, goal }: { giving: Giving; goal: Goal | null }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <Card title={t("overview.giftsMonth")}>
        <p className="text-3xl font-extrabold">
          <Money cents={giving.monthCents} />
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("overview.giftCount", { count: giving.monthCount })}
        </p>
      </Card>
      <Card title={t("overview.giftsYear")}>
        <p className="text-3xl font-extrabold">
          <Money cents={giving.yearCents} />
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("overview.giftCount", { count: giving.yearCount })}
        </p>
      </Card>
      <Card title={t("overview.recurring")}>
        <p className="text-3xl font-extrabold">
          <Money cents={giving.recurringCents} />
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("overview.donorCount", { count: giving.recurringCount })}
        </p>
      </Card>
      {goal ? <GoalCard goal={goal} /> : null}
    </>
  );
}

/** The campaign of the organisation's facts (decision 028): the same figure as the public bar (decision 017). */
function GoalCard({ goal }: { goal: Goal }) {
  const { t } = useTranslation("admin");
  const tag = useLocale();
  const percent = goalPercent(goal.raisedCents, goal.goalCents);
  const goalTitle = t("overview.goal", {
    label: goal.label,
    goal: formatMoneyWithCents(goal.goalCents, tag),
  });
  return (
    <Card title={goalTitle}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={goalTitle}
        className="h-4 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className="h-full bg-accent-700 dark:bg-accent-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm" suppressHydrationWarning>
        {t("overview.goalProgress", {
          raised: formatMoneyWithCents(goal.raisedCents, tag),
          percent,
          goal: formatMoneyWithCents(goal.goalCents, tag),
        })}
      </p>
    </Card>
  );
}

/** Where each launch item is fixed: a back-office page, or the provider's dashboard. */
const LAUNCH_FIXES: Record<LaunchItem["id"], string> = {
  organizationMissing: "/admin/entries/organization",
  legalName: "/admin/entries/organization",
  ein: "/admin/entries/organization",
  contact: "/admin/entries/organization",
  social: "/admin/entries/organization",
  stripeKey: "https://dashboard.stripe.com/apikeys",
  stripeWebhook: "https://dashboard.stripe.com/webhooks",
  mailLog: "/admin/outbox",
  noMailDelivered: "/admin/outbox",
};

/** What is not ready for the public (decision 043); nothing at all on a ready site. */
function LaunchChecklist({ items }: { items: LaunchItem[] }) {
  const { t } = useTranslation("admin");
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="launch-checklist"
      className="mt-6 rounded-xl border-2 border-amber-700 p-5 dark:border-amber-300"
    >
      <h2 id="launch-checklist" className="text-lg font-bold">
        {t("overview.launch.title", { count: items.length })}
      </h2>
      <p className="mt-1 text-gray-700 dark:text-gray-300">{t("overview.launch.lead")}</p>
      <ul className="mt-3 grid gap-3">
        {items.map((item) => {
          const to = LAUNCH_FIXES[item.id];
          const label = t(`overview.launch.${item.id}.link`);
          return (
            <li key={item.id}>
              <p className="font-semibold">
                {t(`overview.launch.${item.id}.title`, {
                  // The facts editor's own labels, so the admin finds each field by its name there.
                  networks:
                    "networks" in item
                      ? item.networks.map((network) => t(`entries.fields.${network}`)).join(", ")
                      : "",
                })}
              </p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {t(`overview.launch.${item.id}.fix`)}
              </p>
              {to.startsWith("/") ? (
                <Link to={to} className="link tap-target inline-flex items-center">
                  {label}
                </Link>
              ) : (
                <a href={to} className="link tap-target inline-flex items-center" rel="noopener noreferrer">
                  {label}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { newByKind, giving, subscribers, goal, launch, kinds: allKinds } = loaderData;
  const kinds = allKinds.filter((kind) => (newByKind[kind] ?? 0) > 0);
  return (
    <>
      <AdminPageHeader title={t("overview.title")} />
      <LaunchChecklist items={launch} />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {giving ? <GivingCards giving={giving} goal={goal} /> : null}
        <Card title={t("overview.subscribers")}>
          <p className="text-3xl font-extrabold">{subscribers.confirmed}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t("overview.subscriberCounts", {
              confirmed: subscribers.confirmed,
              pending: subscribers.pending,
            })}
          </p>
        </Card>
        <Card title={t("overview.newSubmissions")}>
          {kinds.length === 0 ? (
            <p>{t("overview.noNew")}</p>
          ) : (
            <ul className="grid gap-1">
              {kinds.map((kind) => (
                <li key={kind}>
                  <Link to={`/admin/submissions?kind=${kind}&status=new`} className="link">
                    {t(`kinds.${kind}`)}: {newByKind[kind]}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
