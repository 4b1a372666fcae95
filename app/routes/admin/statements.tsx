import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { runStatementsNow } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { listStatementRuns, statementYearFor } from "~/server/donations/statement.server";
import type { Route } from "./+types/statements";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

/**
 * /admin/donations/statements: the January year-end statement runs (the Cron Trigger sends
 * them through January) and a "run now" for last year, which goes on where a run stopped.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return {
    title: adminTitle(args, "statements.title"),
    runs: await listStatementRuns(env),
    year: statementYearFor(new Date()),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runStatementsNow(env, admin, statementYearFor(new Date()));
}

type Run = Route.ComponentProps["loaderData"]["runs"][number] & { id: string };

export default function AdminStatements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { runs, year } = loaderData;
  const runColumns: Column<Run>[] = [
    { header: "statements.year", cell: (run) => run.year },
    {
      header: "statements.queued",
      headerClassName: "text-right",
      className: "text-right tabular-nums",
      cell: (run) => run.queued,
    },
    { header: "statements.started", cell: (run) => <DateTime iso={run.startedAt} /> },
    {
      header: "statements.finished",
      cell: (run) => (run.finishedAt ? <DateTime iso={run.finishedAt} /> : t("statements.inProgress")),
    },
  ];
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
      <RecordTable
        label={t("statements.runs")}
        columns={runColumns}
        rows={runs.map((run) => ({ ...run, id: String(run.year) }))}
      />
    </>
  );
}
