import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { Notice } from "~/components/forms/form-kit";
import { moneyColumn, RecordTable, type Column } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/format";
import { LinkList } from "~/components/ui/link-list";
import { ownPageHeaders, ownPageMeta } from "~/components/account/own-page";
import { sendReceiptCopy } from "~/server/donations/receipt-copy.server";
import { accountOverview } from "~/server/auth/account-overview.server";
import { isEmailVerified, sendVerificationLink } from "~/server/auth/accounts.server";
import { requireUser } from "~/server/auth/guards.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { selfUnsubscribe } from "~/server/newsletter.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/account";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account", "admin", "families", "volunteers"] };

export const meta = ownPageMeta;
export const headers = ownPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return {
    seo: ownPageSeo(args, "account", "account", "account.title"),
    user: { name: user.name, email: user.email },
    ...(await accountOverview(env, user)),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { ctx } = getRequestContext(args.context);
  const formData = readPostedForm(args.context);
  // Until the e-mail is verified nothing tied to it can be acted on (decision 013); the only
  // thing to do is ask for the link again.
  if (!(await isEmailVerified(env, user.id))) {
    if (formData.get("intent") !== "resend-verification") return data({ unverified: true }, { status: 403 });
    const locale = getLocale(args.context);
    const ids = await sendVerificationLink(env, user, {
      locale,
      t: getInstance(args.context).getFixedT(locale, "account"),
    });
    if (!ids) return data({ verificationLimited: true }, { status: 429 });
    ctx.waitUntil(deliverOutbox(env, { ids }));
    return { verificationSentTo: user.email };
  }
  if (formData.get("intent") === "receipt") {
    const sent = await sendReceiptCopy(env, ctx, user, String(formData.get("donationId") ?? ""));
    return sent ? { receiptSentTo: sent.to } : data({ receiptNotFound: true }, { status: 404 });
  }
  if (formData.get("intent") === "unsubscribe") await selfUnsubscribe(env, user.email);
  return { unsubscribed: true };
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tAdmin } = useTranslation("admin");
  const { user } = loaderData;
  if (!loaderData.verified) {
    return (
      <AuthLayout title={t("account.title")} lead={t("account.lead", { email: user.email })}>
        <div className="grid gap-6">
          <section aria-labelledby="verify-title" className="grid gap-3">
            <h2 id="verify-title" className="text-2xl font-bold">
              {t("verify.pendingTitle")}
            </h2>
            <p>{t("verify.pending", { email: user.email })}</p>
            {actionData && "verificationSentTo" in actionData ? (
              <Notice tone="success">{t("verify.resent", { email: actionData.verificationSentTo })}</Notice>
            ) : null}
            {actionData && "verificationLimited" in actionData ? (
              <Notice>{t("verify.resendLimited")}</Notice>
            ) : null}
            {actionData && "unverified" in actionData ? <Notice>{t("verify.required")}</Notice> : null}
            <Form method="post">
              <input type="hidden" name="intent" value="resend-verification" />
              <button type="submit" className="btn-secondary">
                {t("verify.resend")}
              </button>
            </Form>
          </section>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary">
              {t("account.logout")}
            </button>
          </Form>
        </div>
      </AuthLayout>
    );
  }
  const { gifts, submissions, newsletter, volunteer } = loaderData;
  // Headers are keys the table translates in the "admin" namespace, so they name their own.
  const giftColumns: Column<(typeof gifts)[number]>[] = [
    { header: "account:account.date", cell: (gift) => <DateTime iso={gift.date} withTime={false} /> },
    moneyColumn("account:account.amount", (gift) => gift.amountCents),
    { header: "account:account.type", cell: (gift) => t(`account.frequency.${gift.frequency}`) },
    { header: "account:account.status", cell: (gift) => t(`account.donationStatus.${gift.status}`) },
    {
      header: "account:account.receipt",
      cell: (gift) =>
        gift.status === "succeeded" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="receipt" />
            <input type="hidden" name="donationId" value={gift.id} />
            <button type="submit" className="btn-secondary px-3 py-1 text-sm">
              {t("account.emailReceipt")}
            </button>
          </Form>
        ) : (
          "—"
        ),
    },
  ];
  const submissionColumns: Column<(typeof submissions)[number]>[] = [
    {
      header: "account:account.date",
      cell: (submission) => <DateTime iso={submission.createdAt} withTime={false} />,
    },
    { header: "account:account.kind", cell: (submission) => tAdmin(`kinds.${submission.kind}`) },
    {
      header: "account:account.status",
      cell: (submission) => t(`account.submissionStatus.${submission.status}`),
    },
  ];
  return (
    <AuthLayout wide title={t("account.title")} lead={t("account.lead", { email: user.email })}>
      <div className="grid gap-10">
        <section aria-labelledby="gifts-title">
          <h2 id="gifts-title" className="text-2xl font-bold">
            {t("account.gifts")}
          </h2>
          {gifts.length === 0 ? (
            <p className="mt-2">
              {t("account.noGifts")}{" "}
              <Link to="/give" className="link font-semibold">
                {t("account.giveLink")}
              </Link>
            </p>
          ) : (
            <>
              {actionData && "receiptSentTo" in actionData ? (
                <Notice tone="success">
                  {t("account.receiptSent", { email: actionData.receiptSentTo })}
                </Notice>
              ) : null}
              {actionData && "receiptNotFound" in actionData ? (
                <Notice>{t("account.receiptNotFound")}</Notice>
              ) : null}
              <RecordTable label={t("account.gifts")} columns={giftColumns} rows={gifts} />
            </>
          )}
        </section>

        <section aria-labelledby="submissions-title">
          <h2 id="submissions-title" className="text-2xl font-bold">
            {t("account.submissions")}
          </h2>
          {submissions.length === 0 ? (
            <p className="mt-2">{t("account.noSubmissions")}</p>
          ) : (
            <RecordTable label={t("account.submissions")} columns={submissionColumns} rows={submissions} />
          )}
        </section>

        {volunteer ? (
          <section aria-labelledby="volunteer-title">
            <h2 id="volunteer-title" className="text-2xl font-bold">
              {t("volunteers:account.title")}
            </h2>
            <p className="mt-2">
              <Link to="/volunteer/me" className="tap-target inline-flex items-center">
                {t("volunteers:account.link")}
              </Link>
            </p>
          </section>
        ) : null}

        <section aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className="text-2xl font-bold">
            {t("account.newsletter")}
          </h2>
          {actionData && "unsubscribed" in actionData ? (
            <Notice tone="success">{t("account.unsubscribed")}</Notice>
          ) : (
            <>
              <p className="mt-2">{t(`account.newsletterStatus.${newsletter}`)}</p>
              {newsletter === "confirmed" || newsletter === "pending" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="unsubscribe" />
                  <button type="submit" className="btn-secondary">
                    {t("account.unsubscribe")}
                  </button>
                </Form>
              ) : null}
            </>
          )}
        </section>

        <LinkList
          linkClassName="link font-semibold tap-target inline-flex items-center"
          links={[
            { to: "/account/children", label: t("families:children.accountLink") },
            { to: "/account/security", label: t("account.securityLink") },
          ]}
        />

        <Form method="post" action="/logout">
          <button type="submit" className="btn-secondary">
            {t("account.logout")}
          </button>
        </Form>
      </div>
    </AuthLayout>
  );
}
