import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { TableScroll, tableClass, tdClass, thClass } from "~/components/ui/table";
import { runStatementsNow } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { listStatementRuns, statementYearFor } from "~/server/donations/statement.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/statements";

export const meta = adminMeta;

/**
 * /admin/donations/statements: the January year-end statement runs (the Cron Trigger sends
 * them through January) and a "run now" for last year, which goes on where a run stopped.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  return {
    title: adminTitle(args, "statements.title"),
    runs: await listStatementRuns(env),
    year: statementYearFor(new Date()),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  return runStatementsNow(env, admin, statementYearFor(new Date()));
}

export default function AdminStatements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { runs, year } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("statements.title")} lead={t("statements.lead")} />
      {actionData && navigation.state === "idle" ? (
        <Flash>
          {t(actionData.finished ? "statements.doneFinished" : "statements.donePartial", {
            count: actionData.queued,
            year: actionData.year,
          })}
        </Flash>
      ) : null}
      <Form method="post" className="mt-4">
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
          {t("statements.runNow", { year })}
        </button>
      </Form>
      <h2 className="mt-8 text-xl font-bold">{t("statements.runs")}</h2>
      {runs.length === 0 ? (
        <p className="mt-3">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("statements.runs")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("statements.year")}</th>
                <th className={`${thClass} text-right`}>{t("statements.queued")}</th>
                <th className={thClass}>{t("statements.started")}</th>
                <th className={thClass}>{t("statements.finished")}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.year}>
                  <td className={tdClass}>{run.year}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{run.queued}</td>
                  <td className={tdClass}>
                    <DateTime iso={run.startedAt} />
                  </td>
                  <td className={tdClass}>
                    {run.finishedAt ? <DateTime iso={run.finishedAt} /> : t("statements.inProgress")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
