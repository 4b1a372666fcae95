import { formatMoney } from "~/lib/format";
import { toLocale } from "~/lib/i18n";
import type { DonationFrequency } from "~/lib/vocabulary";
import { translatorFor } from "../kernel/i18n.server";
import type { OutgoingEmail } from "../mail/message.server";

/**
 * The one e-mail about an abandoned Checkout: Stripe's recovery link, sent only to a donor who
 * ticked "e-mail me a link to finish" (decision 024). Words in app/locales/{en,es}/donate.json.
 */
export async function buildRecoveryEmail(
  env: Pick<Env, "DB" | "CACHE">,
  recovery: {
    to: string;
    locale: string;
    firstName: string;
    frequency: DonationFrequency;
    totalCents: number;
    url: string;
  },
): Promise<OutgoingEmail> {
  const locale = toLocale(recovery.locale);
  const t = await translatorFor(env, locale, "donate");
  const amount = formatMoney(recovery.totalCents, locale);
  return {
    to: recovery.to,
    subject: t("recovery.subject"),
    text: [
      t("recovery.greeting", { name: recovery.firstName }),
      "",
      t(recovery.frequency === "monthly" ? "recovery.bodyMonthly" : "recovery.bodyOneTime", { amount }),
      "",
      recovery.url,
      "",
      t("recovery.ignore"),
      "",
      t("receipts:signature"),
    ].join("\n"),
    template: "donation.recovery",
    locale,
  };
}
