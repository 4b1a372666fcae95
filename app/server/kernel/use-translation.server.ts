import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as useTranslationPerRender } from "react-i18next";

/**
 * react-i18next as the server build sees it (decision 031): the library itself, with a
 * `useTranslation` that does on the server only what a render needs.
 *
 * The library's hook is made for a browser whose language changes under it: every call copies the
 * whole i18next instance into a wrapper (`Object.getOwnPropertyDescriptors`), subscribes, and makes
 * a new `t`, whose every call then spreads all of i18next's options. A server render calls it some
 * fifty times and `t` hundreds of times, about a fifth of an uncached page's CPU. The server's
 * instances never change language (one per language and version of the copy, decision 027), so
 * here each instance keeps one `t` per namespace, and a plain `t("key")` (no options) is looked up
 * once per instance: a copy edit makes a new instance, so nothing outlives its version.
 *
 * Anything unusual (an `i18n` or `lng` given, a namespace not loaded, which suspends) goes to the
 * library's own hook. `vite.config.ts` puts this module in place of `react-i18next` in the server
 * build only; dev and the tests use the library as it is, and
 * `tests/worker/use-translation-server.test.ts` renders the same components through both.
 */
export * from "react-i18next";

type Options = { keyPrefix?: string; lng?: string; i18n?: I18n; useSuspense?: boolean };
type Result = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const kept = new WeakMap<I18n, Map<string, Result>>();

type Translate = (key: unknown, ...rest: unknown[]) => unknown;

function keptTranslator(i18n: I18n, namespaces: readonly string[], keyPrefix: string | undefined): TFunction {
  // The arguments react-i18next gives it, `scopeNs` included (i18next's types omit the fourth).
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => Translate & object;
  const fixed = getFixedT(i18n.language, namespaces[0], keyPrefix, { scopeNs: [...namespaces] });
  const plain = new Map<string, unknown>();
  const t: Translate = (key, ...rest) => {
    if (rest.length > 0 || typeof key !== "string") return fixed(key, ...rest);
    if (plain.has(key)) return plain.get(key);
    const text = fixed(key);
    plain.set(key, text);
    return text;
  };
  const { lng, ns } = fixed as { lng?: string; ns?: unknown };
  return Object.assign(t, { lng, ns, keyPrefix }) as unknown as TFunction;
}

export function useTranslation(ns?: string | readonly string[], options: Options = {}): Result {
  const context = useContext(I18nContext);
  const i18n = context?.i18n;
  if (i18n && !options.i18n && !options.lng) {
    const namespaces = ns === undefined ? [String(i18n.options.defaultNS ?? "common")] : [ns].flat();
    const key = `${i18n.language}|${namespaces.join(",")}|${options.keyPrefix ?? ""}`;
    let results = kept.get(i18n);
    if (!results) kept.set(i18n, (results = new Map()));
    let result = results.get(key);
    // Kept once its namespaces are loaded (an instance never unloads one); until then the
    // library's hook suspends while they load.
    if (
      !result &&
      i18n.isInitialized &&
      namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace))
    ) {
      const t = keptTranslator(i18n, namespaces, options.keyPrefix);
      result = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
      results.set(key, result);
    }
    if (result) return result;
  }
  // A server render runs each component once per attempt, so which hook runs may differ by call.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useTranslationPerRender(ns as string | string[], options) as unknown as Result;
}
