import { useTranslation } from "react-i18next";
import { LinkList } from "~/components/ui/link-list";
import { USE_OF_FUNDS } from "~/content/figures";
import { GoalProgress } from "./goal-progress";

/** Beside the form: the goal, tax status, use of funds (docs/product.md §9) and self-service links. */
export function DonateSidebar({
  progress,
  org,
}: {
  progress: React.ComponentProps<typeof GoalProgress> | null;
  org: { legalName: string; ein: string } | null;
}) {
  const { t } = useTranslation("donate");
  const funds = USE_OF_FUNDS.map((share) => [share.id, share.percent] as const);
  return (
    <aside className="space-y-6">
      {progress ? <GoalProgress {...progress} /> : null}
      {org ? (
        <section
          aria-labelledby="donate-tax"
          className="rounded-xl border border-gray-300 p-5 dark:border-gray-700"
        >
          <h2 id="donate-tax" className="text-lg font-bold">
            {t("sidebar.taxTitle")}
          </h2>
          <p className="mt-2 text-gray-800 dark:text-gray-200">
            {t("sidebar.tax", { name: org.legalName, ein: org.ein })}
          </p>
        </section>
      ) : null}
      <section
        aria-labelledby="donate-funds"
        className="rounded-xl border border-gray-300 p-5 dark:border-gray-700"
      >
        <h2 id="donate-funds" className="text-lg font-bold">
          {t("sidebar.fundsTitle")}
        </h2>
        <ul className="mt-3 space-y-3">
          {funds.map(([key, percent]) => (
            <li key={key}>
              <div className="flex justify-between gap-2 font-semibold">
                <span>{t(`sidebar.${key}`)}</span>
                <span>{percent}%</span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-gray-200 dark:bg-gray-700">
                <div
                  className="h-full rounded-full bg-accent-700 dark:bg-accent-300"
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <LinkList
        links={[
          { to: "/donate/manage", label: t("sidebar.manage") },
          { to: "/donate/statement", label: t("sidebar.statement") },
        ]}
      />
    </aside>
  );
}
