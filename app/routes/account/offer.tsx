import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { linkPageHeaders, linkPageMeta } from "~/components/account/link-page";
import { Notice } from "~/components/forms/form-kit";
import { formatNewYorkDateTime } from "~/lib/format";
import { ownPageSeo } from "~/server/auth/seo.server";
import { handleOfferPost, loadOfferPage } from "~/server/families/offer-page.server";
import type { Route } from "./+types/offer";

export const handle = { i18n: ["families"] };
export const meta = linkPageMeta;
export const headers = linkPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  return { seo: ownPageSeo(args, "familyOffer", "families", "offer.title"), ...(await loadOfferPage(args)) };
}

export function action(args: Route.ActionArgs) {
  return handleOfferPost(args);
}

/** The page an offer e-mail opens (decision 054): the place, its deadline, and two buttons. */
export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const { offer, token, locale } = loaderData;
  const answer = actionData?.answer;
  return (
    <AuthLayout title={t("offer.title")}>
      {answer === "accepted" ? (
        <Notice tone="success">{t("offer.accepted")}</Notice>
      ) : answer === "declined" ? (
        <Notice tone="success">{t("offer.declined")}</Notice>
      ) : answer === "expired" || offer?.state === "expired" ? (
        <Notice>{t("offer.expired")}</Notice>
      ) : answer === "invalid" || !offer ? (
        <Notice>{t("offer.invalid")}</Notice>
      ) : offer.state === "answered" ? (
        <Notice>{t("offer.answered")}</Notice>
      ) : (
        <>
          <p className="text-lg">{t("offer.lead", { child: offer.child, session: offer.session })}</p>
          <p className="mt-2 font-semibold">
            {t("offer.deadline", { deadline: formatNewYorkDateTime(offer.expiresAt!, locale) })}
          </p>
          <Form method="post" className="mt-6 flex flex-wrap gap-4">
            <input type="hidden" name="token" value={token} />
            <button type="submit" name="answer" value="accept" className="btn-primary">
              {t("offer.accept")}
            </button>
            <button type="submit" name="answer" value="decline" className="btn-secondary">
              {t("offer.decline")}
            </button>
          </Form>
        </>
      )}
      <p className="mt-8">
        <Link to="/account" className="link font-semibold">
          {t("offer.toAccount")}
        </Link>
      </p>
    </AuthLayout>
  );
}
