/**
 * The browser's translator: the part of i18next and react-i18next the site uses, in a few hundred
 * bytes, fed from the dictionary the HTML already carries (decision 011). vite.config.ts points
 * `i18next` and `react-i18next` here in the client build only (decision 027); the server and the
 * tests keep the real libraries, and tests/worker/i18n-browser.test.ts checks that every key of
 * both languages reads the same through both.
 *
 * What it does as i18next does: `ns:key` and dotted keys, `{{name}}` and `{{a.b}}` interpolation
 * (unknown names left as written), plurals by Intl.PluralRules with `_zero` (for 0), `_one`,
 * `_many`, `_other` keys (a missing form reads as the bare key, as in i18next), `returnObjects`, the key itself when missing, `<Trans>` with named
 * components, Suspense while a namespace downloads, and `changeLanguage`.
 */
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";

type Tree = { [key: string]: unknown };
type Options = Record<string, unknown> & {
  count?: number;
  ns?: string;
  returnObjects?: boolean;
  defaultValue?: string;
};
type InitOptions = {
  lng?: string;
  resources?: Record<string, Record<string, Tree>>;
  defaultNS?: string;
  maxRetries?: number;
  retryTimeout?: number;
  backend?: { loadPath?: string };
};

/** As i18next does for `returnObjects`: every string inside the object or array is interpolated. */
function interpolateTree(value: unknown, opts: Options | undefined): unknown {
  if (typeof value === "string") return interpolate(value, opts);
  if (Array.isArray(value)) return value.map((item) => interpolateTree(item, opts));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateTree(item, opts)]));
  return value;
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (match, name: string) => {
    const value = lookup(options, name);
    return value === undefined || value === null ? match : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();

export class BrowserI18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  /** The language detector reads nothing from here; i18next hands it its services. */
  services = {};
  options: InitOptions = {};
  private store: Record<string, Record<string, Tree>> = {};
  private loading = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();
  private version = 0;

  use(): this {
    return this;
  }

  async init(options: InitOptions = {}): Promise<void> {
    this.options = options;
    // Its own record per language (namespaces load into it), not a deep copy of the page's JSON.
    this.store = Object.fromEntries(
      Object.entries(options.resources ?? {}).map(([language, namespaces]) => [language, { ...namespaces }]),
    );
    this.setLanguage(options.lng ?? "en");
    this.isInitialized = true;
  }

  private setLanguage(language: string) {
    this.language = language;
    this.languages = [language];
    this.version++;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.version;

  getResourceBundle(language: string, namespace: string): Tree | undefined {
    return this.store[language]?.[namespace];
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.getResourceBundle(language, namespace) !== undefined;
  }

  /** Downloads a namespace the page does not have yet, with i18next's retries. */
  private load(language: string, namespace: string): Promise<void> {
    const id = `${language}|${namespace}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const path = (this.options.backend?.loadPath ?? "/locales/{{lng}}/{{ns}}.json")
        .replace("{{lng}}", language)
        .replace("{{ns}}", namespace);
      const retries = this.options.maxRetries ?? 5;
      const attempt = async (tries: number): Promise<void> => {
        try {
          const response = await fetch(path);
          if (!response.ok) throw new Error(`${response.status}`);
          (this.store[language] ??= {})[namespace] = (await response.json()) as Tree;
          this.version++;
        } catch (error) {
          if (tries >= retries) {
            this.loading.delete(id);
            throw error;
          }
          const wait = (this.options.retryTimeout ?? 350) * 2 ** tries;
          await new Promise((resolve) => setTimeout(resolve, wait));
          await attempt(tries + 1);
        }
      };
      pending = attempt(0);
      this.loading.set(id, pending);
    }
    return pending;
  }

  async loadNamespaces(namespaces: string | string[], language = this.language): Promise<void> {
    await Promise.all(
      [namespaces]
        .flat()
        .filter((namespace) => !this.hasLoadedNamespace(namespace, language))
        .map((namespace) => this.load(language, namespace)),
    );
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    // Everything the page shows now, in the new language, before it switches.
    await this.loadNamespaces(Object.keys(this.store[this.language] ?? {}), language);
    this.setLanguage(language);
  }

  private plural(language: string, count: number): string {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    return rules.select(count);
  }

  /** A key, or keys tried in turn (`t(["form.fields.x", "fields.x"])`), as i18next reads them. */
  t(
    keys: string | readonly string[],
    options?: Options | string,
    namespace?: string,
    language = this.language,
  ): unknown {
    const opts: Options | undefined = typeof options === "string" ? { defaultValue: options } : options;
    let path = "";
    for (const key of [keys].flat()) {
      let ns = opts?.ns ?? namespace ?? this.options.defaultNS ?? "common";
      path = key;
      const separator = key.indexOf(":");
      if (separator > 0) {
        ns = key.slice(0, separator);
        path = key.slice(separator + 1);
      }
      const bundle = this.getResourceBundle(language, ns);
      const candidates: string[] = [];
      if (typeof opts?.count === "number") {
        if (opts.count === 0) candidates.push(`${path}_zero`);
        candidates.push(`${path}_${this.plural(language, opts.count)}`);
      }
      candidates.push(path);
      for (const candidate of candidates) {
        const value = lookup(bundle, candidate);
        if (typeof value === "string") return interpolate(value, opts);
        if (value !== undefined && value !== null && opts?.returnObjects) return interpolateTree(value, opts);
      }
    }
    return opts?.defaultValue !== undefined ? interpolate(opts.defaultValue, opts) : path;
  }

  getFixedT(language: string | null, namespace?: string) {
    return (key: string | readonly string[], options?: Options | string) =>
      this.t(key, options, namespace, language ?? this.language);
  }
}

const i18next = new BrowserI18n();
export default i18next;
export const createInstance = () => new BrowserI18n();

/** react-i18next's surface. */
export const initReactI18next = { type: "3rdParty" as const, init() {} };
const I18nContext = createContext<BrowserI18n>(i18next);

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(namespace?: string | string[]) {
  const i18n = useContext(I18nContext);
  useSyncExternalStore(i18n.subscribe, i18n.snapshot, i18n.snapshot);
  const namespaces = [namespace ?? i18n.options.defaultNS ?? "common"].flat();
  // As react-i18next does: the route waits (Suspense) while its copy downloads.
  if (!namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) throw i18n.loadNamespaces(namespaces);
  const t = i18n.getFixedT(null, namespaces[0]);
  return { t, i18n, ready: true };
}

type TransProps = {
  i18nKey: string;
  t?: (key: string | readonly string[], options?: Options) => unknown;
  values?: Options;
  count?: number;
  ns?: string;
  components?: Record<string, ReactElement>;
};

/** Text with `<name>…</name>` and `<name/>` tags, each shown as `components[name]`. */
function renderTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const name = match[1] ?? match[2]!;
    const component = components[name];
    const inner = match[3] === undefined ? [] : renderTags(match[3], components);
    nodes.push(
      component && isValidElement(component) ? (
        cloneElement(component, { key: nodes.length }, ...(inner.length ? inner : []))
      ) : (
        <Fragment key={nodes.length}>{inner}</Fragment>
      ),
    );
    last = pattern.lastIndex;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Trans({ i18nKey, t, values, count, ns, components = {} }: TransProps) {
  const i18n = useContext(I18nContext);
  const translate = t ?? i18n.getFixedT(null, ns);
  const text = String(translate(i18nKey, { ...values, ...(count === undefined ? {} : { count }) }));
  return <>{renderTags(text, components)}</>;
}
