import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import * as v from "valibot";
import { GiftFields, GiftInput, PledgeSelect } from "~/components/admin/gift-fields";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash, inputClass } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { formatMoneyWithCents, newYorkDate, useLocale } from "~/lib/format";
import { LENGTH, parsePostedFields, requiredEmail, requiredText } from "~/lib/forms/field-validation";
import { SOFT_CREDIT_KINDS } from "~/lib/vocabulary";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import {
  addSoftCredit,
  editOfflineGift,
  giftForChange,
  OfflineGiftSchema,
  voidOfflineGift,
} from "~/server/donations/offline.server";
import { applyGiftToPledge, pledgeOptions } from "~/server/donations/pledges.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/gift-change";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

const VoidSchema = v.object({ reason: requiredText(LENGTH.short) });
const CreditSchema = v.object({
  email: requiredEmail(),
  name: requiredText(LENGTH.name),
  kind: v.picklist(SOFT_CREDIT_KINDS, "common:forms.invalidChoice"),
});

/**
 * /admin/donations/:id/change: a recorded gift's fields, voiding, a soft credit and the pledge
 * it applies to, with its history (decision 056). Gifts made online can only be credited to
 * someone or applied to a pledge: what Stripe charged is Stripe's record.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const found = await giftForChange(env, args.params.id);
  if (!found) throw data(null, { status: 404 });
  const { gift } = found;
  const cents = (value: number | null) => (value === null ? "" : (value / 100).toFixed(2));
  return {
    title: adminTitle(args, "gifts:edit.title"),
    ...found,
    values: {
      method: gift.method,
      donorEmail: gift.donorEmail,
      donorName: gift.donorName,
      locale: gift.locale,
      receivedOn: newYorkDate(new Date(gift.paidAt ?? gift.createdAt)),
      amount: gift.method === "in_kind" ? "" : cents(gift.amountCents),
      checkNumber: gift.checkNumber ?? "",
      dafSponsor: gift.dafSponsor ?? "",
      inKindDescription: gift.inKindDescription ?? "",
      estimate: cents(gift.estimateCents),
      designation: gift.designation ?? "",
      pledgeId: gift.pledgeId ?? "",
      note: gift.note ?? "",
    },
    pledges: await pledgeOptions(env, gift.donorEmail),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const values = formStrings(readPostedForm(args.context));
  const id = args.params.id;
  const refused = (errors: Record<string, string>) =>
    data({ intent: values.intent, done: null, errors, values }, { status: 400 });
  const done = (message: string) => ({ intent: values.intent, done: message, errors: null, values: null });
  switch (values.intent) {
    case "edit": {
      const parsed = parsePostedFields(OfflineGiftSchema, { ...values, sendReceipt: "" });
      if (!parsed.ok) return refused(parsed.errors);
      const result = await editOfflineGift(env, staff, id, parsed.value);
      if (result === "not-found") throw data(null, { status: 404 });
      if (result === "pledge") return refused({ pledgeId: "gifts:errors.pledge" });
      return done(result === "edited" ? "edit.saved" : "edit.unchanged");
    }
    case "void": {
      const parsed = v.safeParse(VoidSchema, values);
      if (!parsed.success) return refused({ reason: parsed.issues[0].message });
      if (!(await voidOfflineGift(env, staff, id, parsed.output.reason))) throw data(null, { status: 404 });
      return done("edit.voided");
    }
    case "credit": {
      const parsed = v.safeParse(CreditSchema, values);
      if (!parsed.success) return refused(fieldMessages(parsed.issues));
      if (!(await addSoftCredit(env, staff, id, parsed.output))) throw data(null, { status: 404 });
      return done("edit.credited");
    }
    case "pledge": {
      if (!(await applyGiftToPledge(env, staff, id, values.pledgeId ?? "")))
        return refused({ pledgeId: "gifts:errors.pledge" });
      return done("edit.applied");
    }
    default:
      return refused({ form: "admin:common.invalid" });
  }
}

function fieldMessages(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) {
  const nested: Record<string, string[] | undefined> = v.flatten(issues).nested ?? {};
  return Object.fromEntries(
    Object.entries(nested).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}

type AuditRow = Route.ComponentProps["loaderData"]["history"][number];

/** The label staff know each audited field by, from the record form. */
const FIELD_LABELS: Record<string, string> = {
  amountCents: "record.amount",
  paidAt: "record.receivedOn",
  donorName: "record.donorName",
  designation: "record.designation",
  note: "record.note",
  checkNumber: "record.checkNumber",
  dafSponsor: "record.dafSponsor",
  inKindDescription: "record.inKindDescription",
  estimateCents: "record.estimate",
  pledgeId: "record.pledge",
  status: "admin:common.status",
};

/** One audited step of a gift: who, when, and each field before and after, as staff read them. */
function HistoryEntry({ entry, currency }: { entry: AuditRow; currency: string }) {
  const { t } = useTranslation("gifts");
  const tag = useLocale();
  const changes = (entry.detail?.changes ?? {}) as Record<string, { before: unknown; after: unknown }>;
  const shown = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === "") return "—";
    if (field.endsWith("Cents")) return formatMoneyWithCents(Number(value), tag, currency);
    if (field === "paidAt") return newYorkDate(new Date(String(value)));
    if (field === "status") return t(`admin:donations.statuses.${String(value)}`);
    return String(value);
  };
  return (
    <li>
      <DateTime iso={entry.createdAt} /> · {entry.userEmail ?? "—"} · <code>{entry.action}</code>
      {Object.keys(changes).length > 0 ? (
        <ul className="ml-6 list-disc" suppressHydrationWarning>
          {Object.entries(changes).map(([field, change]) => (
            <li key={field}>
              {t("edit.change", {
                field: t(FIELD_LABELS[field] ?? field),
                before: shown(field, change.before),
                after: shown(field, change.after),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function AdminGiftChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("gifts");
  const navigation = useNavigation();
  const { gift, credits, history, pledges } = loaderData;
  const offline = gift.method !== "online" && gift.status !== "voided";
  const errorsFor = (intent: string) => (actionData?.intent === intent ? (actionData.errors ?? {}) : {});
  const valuesFor = (intent: string) =>
    actionData?.intent === intent && actionData.values ? actionData.values : loaderData.values;
  const busy = navigation.state !== "idle";
  return (
    <>
      <p>
        <Link to={`/admin/donations/${gift.id}`} className="link">
          ← {t("admin:common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("edit.title")} lead={`${gift.donorName} · ${t(`methods.${gift.method}`)}`} />
      {actionData?.done && !busy ? <Flash>{t(actionData.done)}</Flash> : null}
      {actionData?.errors?.form ? <Flash tone="error">{t("admin:common.invalid")}</Flash> : null}
      {offline ? (
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="edit" />
          {(["method", "donorEmail", "donorName", "locale"] as const).map((name) => (
            <input key={name} type="hidden" name={name} value={loaderData.values[name]} />
          ))}
          <GiftFields
            values={valuesFor("edit")}
            errors={errorsFor("edit")}
            pledges={pledges}
            withDonor={false}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("edit.save")}
            </button>
          </div>
        </Form>
      ) : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        {!offline && gift.method !== "in_kind" && pledges.length > 0 ? (
          <section aria-labelledby="apply-pledge">
            <h2 id="apply-pledge" className="text-xl font-bold">
              {t("edit.applyTitle")}
            </h2>
            <Form method="post" className="mt-3 grid gap-3">
              <input type="hidden" name="intent" value="pledge" />
              <PledgeSelect values={valuesFor("pledge")} errors={errorsFor("pledge")} pledges={pledges} />
              <button type="submit" className="btn-secondary justify-self-start" disabled={busy}>
                {t("edit.apply")}
              </button>
            </Form>
          </section>
        ) : null}
        <section aria-labelledby="credit">
          <h2 id="credit" className="text-xl font-bold">
            {t("edit.creditTitle")}
          </h2>
          {credits.length > 0 ? (
            <ul className="mt-2 list-disc pl-6">
              {credits.map((credit) => (
                <li key={credit.id}>
                  {credit.name} ({credit.email}) · {t(`softCreditKinds.${credit.kind}`)}
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" className="mt-3 grid gap-3" noValidate>
            <input type="hidden" name="intent" value="credit" />
            <GiftInput
              name="email"
              type="email"
              label={t("record.softCreditEmail")}
              values={{}}
              errors={errorsFor("credit")}
            />
            <GiftInput
              name="name"
              label={t("record.softCreditName")}
              values={{}}
              errors={errorsFor("credit")}
            />
            <div>
              <label htmlFor="kind" className="font-semibold">
                {t("record.softCreditKind")}
              </label>
              <select id="kind" name="kind" className={inputClass}>
                {SOFT_CREDIT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`softCreditKinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary justify-self-start" disabled={busy}>
              {t("edit.credit")}
            </button>
          </Form>
        </section>
        {offline ? (
          <section aria-labelledby="void">
            <h2 id="void" className="text-xl font-bold">
              {t("edit.voidTitle")}
            </h2>
            <p className="mt-1">{t("edit.voidLead")}</p>
            <Form method="post" className="mt-3 grid gap-3" noValidate>
              <input type="hidden" name="intent" value="void" />
              <GiftInput name="reason" label={t("edit.voidReason")} values={{}} errors={errorsFor("void")} />
              <button type="submit" className="btn-secondary justify-self-start" disabled={busy}>
                {t("edit.void")}
              </button>
            </Form>
          </section>
        ) : null}
      </div>
      <section aria-labelledby="history" className="mt-8">
        <h2 id="history" className="text-xl font-bold">
          {t("edit.history")}
        </h2>
        {history.length === 0 ? (
          <p className="mt-2">{t("edit.historyEmpty")}</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {history.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} currency={gift.currency} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
