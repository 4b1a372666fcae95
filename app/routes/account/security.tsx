import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { PasskeyButton, RecoveryCodes, TotpKeyInstructions } from "~/components/account/second-factor";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { DateTime } from "~/components/ui/format";
import { tableClass, TableScroll, tdClass, thClass } from "~/components/ui/table";
import { TotpConfirmSchema } from "~/lib/account-schemas";
import { ownPageHeaders, ownPageMeta } from "~/components/account/own-page";
import { requireUser } from "~/server/auth/guards.server";
import { confirmTotpKey } from "~/server/auth/second-factor.server";
import { removePasskey } from "~/server/auth/passkeys.server";
import { addPasskeyFromSession, securityOverview, signOutEverywhere } from "~/server/auth/security.server";
import { destroyOwnSession } from "~/server/auth/sessions.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/security";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };

export const meta = ownPageMeta;
export const headers = ownPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const offerKey = new URL(args.request.url).searchParams.get("add") === "app";
  return {
    seo: ownPageSeo(args, "security", "account", "security.title"),
    ...(await securityOverview(env, args.request, user, { offerKey })),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const intent = readPostedForm(args.context).get("intent");
  if (intent === "sign-out-session") {
    const id = String(readPostedForm(args.context).get("id") ?? "");
    return { signedOut: await destroyOwnSession(env, user.id, id) };
  }
  if (intent === "sign-out-everywhere") return signOutEverywhere(env, user);
  if (intent === "add-passkey") {
    const response = String(readPostedForm(args.context).get("response") ?? "");
    const added = await addPasskeyFromSession(env, args.request, user, response);
    return added ? { passkeyAdded: true } : data({ passkeyRefused: true }, { status: 400 });
  }
  if (intent === "remove-passkey") {
    const id = String(readPostedForm(args.context).get("id") ?? "");
    return { passkeyRemoved: await removePasskey(env, user.id, id) };
  }
  const posted = parsePostedForm(args.context, TotpConfirmSchema);
  if (posted.kind === "answered") return posted.answer;
  const confirmed = await confirmTotpKey(env, user.id, posted.value.code);
  if (!confirmed.ok) {
    const message =
      confirmed.reason === "rate-limited"
        ? "account:secondFactor.rateLimited"
        : "account:secondFactor.invalid";
    return data(
      { result: posted.reply({ formErrors: [message] }) },
      { status: confirmed.reason === "rate-limited" ? 429 : 400 },
    );
  }
  return { recoveryCodes: confirmed.recoveryCodes };
}

/** The recovery codes are shown once, on the action's answer; reloading the page would hide them. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult && typeof actionResult === "object" && "recoveryCodes" in actionResult
    ? false
    : defaultShouldRevalidate;
}

type Device = Route.ComponentProps["loaderData"]["sessions"][number]["device"];

/** "Firefox on macOS", or what is known of it. */
function deviceName(t: TFunction<"account">, device: Device): string {
  if (device.browser && device.system) return t("security.deviceOn", device);
  return device.browser ?? device.system ?? t("security.unknownDevice");
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { sessions, secondFactor, offer, passkeys, passkeyOptions } = loaderData;
  const { form, fields, pending } = usePageForm({
    id: "add-app",
    schema: TotpConfirmSchema,
    answer: actionData,
  });
  return (
    <AuthLayout wide title={t("security.title")} lead={t("security.lead")}>
      <div className="grid gap-10">
        <section aria-labelledby="second-factor-title" className="grid gap-3">
          <h2 id="second-factor-title" className="text-2xl font-bold">
            {t("security.secondFactor")}
          </h2>
          {actionData && "recoveryCodes" in actionData && actionData.recoveryCodes ? (
            <RecoveryCodes codes={actionData.recoveryCodes} continueTo="/account/security" />
          ) : secondFactor.totpSince ? (
            <p>
              {t("security.appSince")} <DateTime iso={secondFactor.totpSince} withTime={false} />.{" "}
              {t("security.recoveryLeft", { count: secondFactor.recoveryCodesLeft })}
            </p>
          ) : offer ? (
            <>
              <TotpKeyInstructions offer={offer} />
              <PageForm form={form} hidden={{ intent: "confirm-totp" }} className="grid max-w-md gap-5">
                <TextField
                  meta={fields.code}
                  label={t("secondFactor.appCodeLabel")}
                  required
                  autoComplete="one-time-code"
                  inputMode="numeric"
                />
                <div>
                  <SubmitButton
                    pending={pending}
                    label={t("secondFactor.confirm")}
                    pendingLabel={t("secondFactor.pending")}
                  />
                </div>
              </PageForm>
            </>
          ) : (
            <>
              <p>{t("security.noSecondFactor")}</p>
              <p>
                <Link to="/account/security?add=app" className="btn-secondary">
                  {t("security.addApp")}
                </Link>
              </p>
            </>
          )}
        </section>

        {secondFactor.totpSince ? (
          <section aria-labelledby="passkeys-title" className="grid gap-3">
            <h2 id="passkeys-title" className="text-2xl font-bold">
              {t("security.passkeys")}
            </h2>
            <p>{t("security.passkeysLead")}</p>
            {actionData && "passkeyAdded" in actionData ? (
              <Notice tone="success">{t("security.passkeyAdded")}</Notice>
            ) : null}
            {actionData && "passkeyRefused" in actionData ? (
              <Notice>{t("security.passkeyRefused")}</Notice>
            ) : null}
            {actionData && "passkeyRemoved" in actionData ? (
              <Notice tone="success">{t("security.passkeyRemoved")}</Notice>
            ) : null}
            {passkeys.length > 0 ? (
              <ul className="grid gap-2">
                {passkeys.map((passkey, index) => (
                  <li key={passkey.id} className="flex flex-wrap items-center gap-3">
                    <span>
                      {t("security.passkeyAddedOn", { number: index + 1 })}{" "}
                      <DateTime iso={passkey.createdAt} withTime={false} />
                      {passkey.lastUsedAt ? (
                        <>
                          {" · "}
                          {t("security.passkeyLastUsed")} <DateTime iso={passkey.lastUsedAt} />
                        </>
                      ) : null}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-passkey" />
                      <input type="hidden" name="id" value={passkey.id} />
                      <button type="submit" className="btn-secondary px-3 py-1 text-sm">
                        {t("security.removePasskey", { number: index + 1 })}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("security.noPasskeys")}</p>
            )}
            {passkeyOptions ? (
              <PasskeyButton
                intent="add-passkey"
                options={passkeyOptions}
                label={t("security.addPasskey")}
                cancelled={t("security.passkeyCancelled")}
              />
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="sessions-title" className="grid gap-3">
          <h2 id="sessions-title" className="text-2xl font-bold">
            {t("security.sessions")}
          </h2>
          {actionData && "signedOut" in actionData ? (
            <Notice tone="success">{t("security.signedOut")}</Notice>
          ) : null}
          <TableScroll label={t("security.sessions")}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t("security.device")}</th>
                  <th className={thClass}>{t("security.created")}</th>
                  <th className={thClass}>{t("security.lastSeen")}</th>
                  <th className={thClass}>
                    <span className="sr-only">{t("security.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => (
                  <tr key={session.id}>
                    <td className={tdClass}>
                      {deviceName(t, session.device)}
                      {session.current ? <strong> ({t("security.thisDevice")})</strong> : null}
                    </td>
                    <td className={tdClass}>
                      <DateTime iso={session.createdAt} />
                    </td>
                    <td className={tdClass}>
                      <DateTime iso={session.lastSeenAt} />
                    </td>
                    <td className={tdClass}>
                      {session.current ? null : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="sign-out-session" />
                          <input type="hidden" name="id" value={session.id} />
                          <button
                            type="submit"
                            className="btn-secondary px-3 py-1 text-sm"
                            aria-label={t("security.signOutSessionOf", {
                              device: deviceName(t, session.device),
                            })}
                          >
                            {t("security.signOutSession")}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className="btn-secondary">
              {t("security.signOutEverywhere")}
            </button>
          </Form>
        </section>

        <p>
          <Link to="/account" className="link tap-target inline-flex items-center font-semibold">
            {t("security.backToAccount")}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
