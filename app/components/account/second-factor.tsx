import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSubmit } from "react-router";

/** What the server offers for enrolment: the key as text, the otpauth:// address and its QR code. */
export type TotpOfferView = { key: string; uri: string; qr: { path: string; size: number } };

/**
 * The steps of adding an authenticator app: scan the code, or type the key (for a phone that
 * cannot scan, or a password manager on the same computer), then confirm with the app's code.
 */
export function TotpKeyInstructions({ offer }: { offer: TotpOfferView }) {
  const { t } = useTranslation("account");
  return (
    <div className="grid gap-4">
      <p>{t("secondFactor.enrolStep1")}</p>
      <svg
        viewBox={`0 0 ${offer.qr.size} ${offer.qr.size}`}
        role="img"
        aria-label={t("secondFactor.qrLabel")}
        className="h-56 w-56 rounded-lg bg-white"
        shapeRendering="crispEdges"
      >
        <path d={offer.qr.path} fill="#000" />
      </svg>
      <div>
        <p>{t("secondFactor.keyIntro")}</p>
        <p className="mt-2 rounded-lg bg-gray-100 p-3 font-mono text-lg tracking-wide break-all dark:bg-gray-800">
          {offer.key}
        </p>
        <p className="mt-2 text-sm text-gray-800 dark:text-gray-200">{t("secondFactor.keyDetails")}</p>
        <p className="mt-2">
          <a href={offer.uri} className="link tap-target inline-flex items-center font-semibold">
            {t("secondFactor.openInApp")}
          </a>
        </p>
      </div>
      <p>{t("secondFactor.enrolStep2")}</p>
    </div>
  );
}

/** The recovery codes, shown once, right after enrolment. */
export function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="recovery-title" className="grid gap-4">
      <h2 id="recovery-title" className="text-2xl font-bold">
        {t("secondFactor.recoveryTitle")}
      </h2>
      <p>{t("secondFactor.recoveryIntro", { count: codes.length })}</p>
      <ul
        aria-labelledby="recovery-title"
        className="grid grid-cols-2 gap-2 rounded-lg bg-gray-100 p-4 font-mono text-lg dark:bg-gray-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p>
        <Link to={continueTo} className="btn-primary">
          {t("secondFactor.recoverySaved")}
        </Link>
      </p>
    </section>
  );
}

/**
 * "Use a passkey" / "Add a passkey": a button shown only once JavaScript runs and the browser can
 * use passkeys (WebAuthn needs it); the library loads when pressed. The browser's answer is
 * posted as `response` with `intent`, like any form of the page.
 */
export function PasskeyButton({
  intent,
  options,
  label,
  cancelled,
}: {
  intent: "passkey" | "add-passkey";
  options: object;
  label: string;
  /** What to say when the browser's dialog ends without a passkey. */
  cancelled: string;
}) {
  const submit = useSubmit();
  const [supported, setSupported] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  if (!supported) return null;
  const run = async () => {
    setFailed(false);
    const browser = await import("@simplewebauthn/browser");
    try {
      const response =
        intent === "passkey"
          ? await browser.startAuthentication({
              optionsJSON: options as Parameters<typeof browser.startAuthentication>[0]["optionsJSON"],
            })
          : await browser.startRegistration({
              optionsJSON: options as Parameters<typeof browser.startRegistration>[0]["optionsJSON"],
            });
      await submit({ intent, response: JSON.stringify(response) }, { method: "post" });
    } catch {
      // Cancelled, timed out, or no matching passkey on this device: the page says so.
      setFailed(true);
    }
  };
  return (
    <div className="grid gap-2">
      <button type="button" className="btn-secondary" onClick={() => void run()}>
        {label}
      </button>
      {failed ? <p role="status">{cancelled}</p> : null}
    </div>
  );
}
