import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import {
  AdminPageHeader,
  ConfirmQuestion,
  FilterBar,
  FilterSelect,
  FilterText,
  Flash,
  inputClass,
  smallButtonClass,
} from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import {
  formStrings,
  InviteChangeSchema,
  RoleChangeSchema,
  SecondFactorResetSchema,
} from "~/server/admin/schemas.server";
import { inviteStaff, openInvites, resendInvite, revokeInvite } from "~/server/admin/invites.server";
import { listUsers, resetSecondFactor, setUserRole } from "~/server/admin/users.server";
import { InviteForm, OpenInvites, type InviteAnswer } from "~/components/admin/invites";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { ROLES } from "~/lib/vocabulary";
import { InviteSchema } from "~/lib/account-schemas";
import { parsePostedForm } from "~/server/page-form.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/users";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const [list, invites] = await Promise.all([listUsers(env, new URL(args.request.url)), openInvites(env)]);
  return {
    title: adminTitle(args, "users.title"),
    list,
    invites,
    roles: ROLES,
    locales: SUPPORTED_LOCALES,
    currentUserId: admin.id,
    now: new Date().toISOString(),
  };
}

/** Why a role change was refused, as the words the page shows. */
const REFUSALS = {
  invalid: "common.invalid",
  "not-found": "users.notFound",
  "last-admin": "users.lastAdmin",
  own: "users.ownSecondFactor",
} as const;

/** Why an invitation was refused, as the message its form shows. */
const INVITE_REFUSALS = {
  "has-account": "admin:users.invite.hasAccount",
  pending: "admin:users.invite.pending",
  "rate-limited": "admin:users.invite.rateLimited",
} as const;

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { ctx } = getRequestContext(args.context);
  const formData = readPostedForm(args.context);
  const intent = formData.get("intent");
  // Invitations (decision 052): a refused one comes back on its form, naming the field, typed values kept.
  if (intent === "invite") {
    const parsed = parsePostedForm(args.context, InviteSchema);
    if (parsed.kind === "answered") return parsed.answer;
    const result = await inviteStaff(env, ctx, admin, parsed.value);
    if (!result.ok)
      return data(
        {
          // An address with an account or an open invitation is about the e-mail field; too many
          // e-mails to it is about the whole form.
          result:
            result.reason === "rate-limited"
              ? parsed.reply({ formErrors: [INVITE_REFUSALS[result.reason]] })
              : parsed.reply({ fieldErrors: { email: [INVITE_REFUSALS[result.reason]] } }),
        },
        { status: result.reason === "rate-limited" ? 429 : 409 },
      );
    return {
      invite: "sent",
      email: parsed.value.email,
      result: parsed.reply({ resetForm: true }),
    } satisfies InviteAnswer;
  }
  if (intent === "resend-invite" || intent === "revoke-invite") {
    const parsed = v.safeParse(InviteChangeSchema, formStrings(formData));
    if (!parsed.success) return data<InviteAnswer>({ invite: "not-found" }, { status: 400 });
    const result =
      parsed.output.intent === "resend-invite"
        ? await resendInvite(env, ctx, admin, parsed.output.id)
        : await revokeInvite(env, admin, parsed.output.id);
    if (!result.ok)
      return data<InviteAnswer>(
        { invite: result.reason === "rate-limited" ? "rate-limited" : "not-found" },
        { status: result.reason === "rate-limited" ? 429 : 404 },
      );
    return {
      invite: parsed.output.intent === "resend-invite" ? "resent" : "revoked",
      email: result.email,
    } satisfies InviteAnswer;
  }
  if (intent === "reset-second-factor") {
    const reset = v.safeParse(SecondFactorResetSchema, formStrings(formData));
    if (!reset.success) return data({ ok: false as const, reason: "invalid" as const }, { status: 400 });
    // The row's button only asks; the answer's post, with `confirm=yes`, resets (decision 046).
    if (formData.get("confirm") !== "yes") return { ok: "ask" as const, id: reset.output.id };
    const result = await resetSecondFactor(env, admin, reset.output.id);
    if (!result.ok)
      return data(
        { ok: false as const, reason: result.reason },
        { status: result.reason === "not-found" ? 404 : 409 },
      );
    return { ok: true as const, reset: result.email };
  }
  const parsed = v.safeParse(RoleChangeSchema, formStrings(formData));
  if (!parsed.success) return data({ ok: false as const, reason: "invalid" as const }, { status: 400 });
  const result = await setUserRole(env, admin, parsed.output.id, parsed.output.role);
  if (!result.ok)
    return data(
      { ok: false as const, reason: result.reason },
      { status: result.reason === "not-found" ? 404 : 409 },
    );
  return { ok: true as const, email: String(formData.get("email") ?? ""), role: parsed.output.role };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, roles, currentUserId } = loaderData;
  const invite =
    actionData && ("invite" in actionData || "result" in actionData)
      ? (actionData as InviteAnswer)
      : undefined;
  const answer = actionData && "ok" in actionData ? actionData : undefined;
  const asked = answer?.ok === "ask" ? answer.id : null;
  const confirming = list.rows.find(
    (row) => row.id === asked && row.hasSecondFactor && row.id !== currentUserId,
  );
  const columns: Column<Row>[] = [
    {
      header: "common.name",
      cell: (row) => (
        <>
          {row.name || "—"}
          {row.id === currentUserId ? ` (${t("users.you")})` : null}
        </>
      ),
    },
    { header: "common.email", cell: (row) => row.email, className: "whitespace-nowrap" },
    { header: "users.created", cell: (row) => <DateTime iso={row.createdAt} withTime={false} /> },
    {
      header: "users.role",
      cell: (row) => (
        <Form method="post" className="flex flex-wrap items-center gap-2" key={row.role}>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="email" value={row.email} />
          <label className="sr-only" htmlFor={`role-${row.id}`}>
            {t("users.roleLabel", { email: row.email })}
          </label>
          <select
            id={`role-${row.id}`}
            name="role"
            defaultValue={row.role}
            className={`${inputClass} mt-0 w-auto`}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`users.roles.${role}`)}
              </option>
            ))}
          </select>
          <button type="submit" className={smallButtonClass}>
            {t("users.changeRole")}
          </button>
        </Form>
      ),
    },
    {
      header: "users.secondFactor",
      cell: (row) =>
        row.hasSecondFactor ? (
          <Form method="post" className="flex flex-wrap items-center gap-2">
            {t("users.secondFactorSet")}
            {row.id === currentUserId ? null : (
              <>
                <input type="hidden" name="intent" value="reset-second-factor" />
                <input type="hidden" name="id" value={row.id} />
                <button
                  type="submit"
                  className={smallButtonClass}
                  aria-label={t("users.resetSecondFactorOf", { email: row.email })}
                >
                  {t("users.resetSecondFactor")}
                </button>
              </>
            )}
          </Form>
        ) : (
          t("users.secondFactorNone")
        ),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("users.title")} />
      <p className="mt-2 max-w-prose text-sm text-gray-700 dark:text-gray-300">{t("users.rolesHint")}</p>
      <InviteForm answer={invite} locales={loaderData.locales} />
      <OpenInvites invites={loaderData.invites} now={loaderData.now} answer={invite} />
      {answer?.ok === true && "reset" in answer ? (
        <Flash>{t("users.secondFactorReset", { email: answer.reset })}</Flash>
      ) : answer?.ok === true ? (
        <Flash>
          {t("users.roleChanged", { email: answer.email, role: t(`users.roles.${answer.role}`) })}
        </Flash>
      ) : answer?.ok === false ? (
        <Flash tone="error">{t(REFUSALS[answer.reason])}</Flash>
      ) : null}
      {confirming ? (
        <ConfirmQuestion
          key={confirming.id}
          id="confirm-reset"
          question={t("users.resetSecondFactorQuestion", { email: confirming.email })}
        >
          <Form method="post">
            <input type="hidden" name="intent" value="reset-second-factor" />
            <input type="hidden" name="id" value={confirming.id} />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="btn-primary">
              {t("users.resetSecondFactorConfirm")}
            </button>
          </Form>
          <Form method="get">
            {/* Back to the same list, its filters kept. */}
            {list.filters.role ? <input type="hidden" name="role" value={list.filters.role} /> : null}
            {list.filters.q ? <input type="hidden" name="q" value={list.filters.q} /> : null}
            <button type="submit" className="btn-secondary">
              {t("users.keepSecondFactor")}
            </button>
          </Form>
        </ConfirmQuestion>
      ) : null}
      <FilterBar>
        <FilterSelect
          name="role"
          label={t("users.role")}
          value={list.filters.role}
          options={roles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        />
        <FilterText name="q" label={t("users.searchLabel")} value={list.filters.q} />
      </FilterBar>
      <DataTable label={t("users.title")} columns={columns} list={list} />
    </>
  );
}
