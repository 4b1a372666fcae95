import { describe, expect, it } from "vitest";
import { BUNDLED } from "~/server/kernel/translations.server";
import seed from "../../scripts/content/seed.json";
import { copyStrings } from "./copy-strings";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** Plural forms differ between languages; compare the key without its plural suffix. */
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

/** Interpolations ({{amount}}) and <Trans> tags (<0>, </strong>, <privacy>) a translation must keep. */
const placeholders = (text: string) => (text.match(/\{\{[^}]+\}\}|<\/?[\w-]+>/g) ?? []).sort();

/**
 * Words only the "tú" register uses (docs/conventions.md, Names: Spanish in "usted";
 * docs/decisions/026-spanish-in-usted.md): the pronouns, second-person verb forms and imperatives
 * with "te" or "nos" attached ("Inscríbete", "Contáctanos"; usted says "Inscríbase", "Contáctenos").
 */
const TU_MARKERS = [
  "tu",
  "tus",
  "tú",
  "te",
  "ti",
  "contigo",
  "tuyo",
  "tuya",
  "tuyos",
  "tuyas",
  "puedes",
  "tienes",
  "quieres",
  "eres",
  "estás",
  "sabes",
  "necesitas",
  "prefieres",
  "crees",
  "vives",
  "haces",
  "debes",
  "recibirás",
  "podrás",
  "serás",
  "tendrás",
  "enviaste",
  "completaste",
  "escribiste",
  "pediste",
  "añadiste",
  "únete",
  "súmate",
  "hazte",
  "alíate",
  "contáctanos",
  "escríbenos",
  "llámanos",
  "ayúdanos",
  "cuéntanos",
  "envíanos",
  "conócenos",
  "síguenos",
  "dinos",
  "pídenos",
  "déjanos",
  "nómbranos",
  "inscríbete",
  "suscríbete",
  "postúlate",
  "reúnete",
  "inténtalo",
];
const word = (pattern: string) => new RegExp(`(?<![\\p{L}\\d])(?:${pattern})(?![\\p{L}\\d])`, "iu");
const TU_WORD = word(TU_MARKERS.join("|"));
/**
 * Imperatives that read as a third person ("usted revisa") inside a sentence, so they count only
 * where a sentence starts: "Revisa tu correo", "Por favor elige".
 */
const TU_IMPERATIVES = [
  "revisa",
  "elige",
  "regresa",
  "escribe",
  "ingresa",
  "usa",
  "llena",
  "conoce",
  "calcula",
  "comparte",
  "descubre",
  "visita",
  "dona",
  "participa",
  "inscribe",
  "registra",
  "solicita",
  "lee",
  "haz",
  "ven",
  "da",
  "sé",
  "prueba",
  "intenta",
  "espera",
  "entra",
  "crea",
];
const TU_IMPERATIVE = new RegExp(
  `(?<=^|[.!?:;]\\s+|[¿¡]|por favor,?\\s+)(?:${TU_IMPERATIVES.join("|")})(?![\\p{L}\\d])`,
  "iu",
);
/**
 * Any accented imperative with "te" attached ("Inscríbete", "Acércate"; usted attaches "se"), not
 * an adverb in "-mente" nor the noun "límite".
 */
const TU_ENCLITIC = word("\\p{L}*[áéíóú]\\p{L}*(?<!men|lími)te");

/** The English names of the giving and partnership levels; Spanish may only cite one in parentheses. */
const TIER_NAMES = word("Friend|Supporter|Advocate|Champion|Guardian|Catalyst");
const TIER_GLOSS = /\((Friend|Supporter|Advocate|Champion|Guardian|Catalyst)\)/g;

/**
 * Content records (events, blog posts, stories, reports, jobs, volunteer roles, partner prospects,
 * team bios; app/content/*.ts) move into the database with their own editors, which check their words.
 */
const CONTENT_RECORDS = [
  "events:items.",
  "blog:posts.",
  "impact:stories.items.",
  "impact:reports.items.",
  "involve:jobs.items.",
  "about:team.members.",
];

const spanish = Object.entries(BUNDLED.es!)
  .flatMap(([namespace, resource]) =>
    copyStrings(resource).map(([key, text]) => [`${namespace}:${key}`, text] as const),
  )
  .filter(([key]) => !CONTENT_RECORDS.some((prefix) => key.startsWith(prefix)));

describe("app/locales", () => {
  it("has the same namespaces in English and Spanish", () => {
    expect(Object.keys(BUNDLED.es!).sort()).toEqual(Object.keys(BUNDLED.en!).sort());
  });

  it.each(Object.keys(BUNDLED.en!))("namespace %s has the same keys in both languages", (namespace) => {
    const english = new Set(keys(BUNDLED.en![namespace]).map(withoutPlural));
    const spanish = new Set(keys(BUNDLED.es![namespace]).map(withoutPlural));
    expect([...spanish].sort()).toEqual([...english].sort());
  });

  it.each(Object.keys(BUNDLED.en!))(
    "namespace %s keeps every placeholder and tag in Spanish",
    (namespace) => {
      // A Spanish plural form English lacks ("_many") is compared with English's "_other".
      const english = new Map(copyStrings(BUNDLED.en![namespace]));
      const differing = copyStrings(BUNDLED.es![namespace])
        .filter(([key, text]) => {
          const source = english.get(key) ?? english.get(`${withoutPlural(key)}_other`);
          return source !== undefined && placeholders(source).join() !== placeholders(text).join();
        })
        .map(([key]) => key);
      expect(differing).toEqual([]);
    },
  );

  it("gives every Spanish plural its 'many' form, so a count like 1,000,000 never shows a raw key", () => {
    // Intl.PluralRules("es") puts 1,000,000 in "many"; i18next then looks for `_many` only.
    expect(new Intl.PluralRules("es").select(1_000_000)).toBe("many");
    const lacking = spanish
      .map(([key]) => key)
      .filter((key) => key.endsWith("_other"))
      .filter((key) => !spanish.some(([other]) => other === key.replace(/_other$/, "_many")));
    expect(lacking).toEqual([]);
  });

  it("has no empty strings", () => {
    for (const locale of ["en", "es"]) {
      for (const [namespace, resource] of Object.entries(BUNDLED[locale]!)) {
        const empty = keys(resource).filter((key) => {
          const value = key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
          return typeof value === "string" && value.trim() === "";
        });
        expect(empty, `${locale}/${namespace}`).toEqual([]);
      }
    }
  });

  it("speaks to the reader as usted, never tú, in Spanish", () => {
    const tu = spanish
      .map(
        ([key, text]) =>
          [key, (text.match(TU_WORD) ?? text.match(TU_IMPERATIVE) ?? text.match(TU_ENCLITIC))?.[0]] as const,
      )
      .filter(([, found]) => found !== undefined)
      .map(([key, found]) => `${key}: ${found}`);
    expect(tu).toEqual([]);
  });

  it("speaks as usted in the Spanish of the imported content too", () => {
    const tu = seed
      .flatMap((entry) =>
        Object.entries(entry.fields).flatMap(([name, value]) =>
          value && typeof value === "object" && "es" in value && typeof value.es === "string"
            ? [[`${entry.type}/${entry.slug}.${name}`, value.es] as const]
            : [],
        ),
      )
      .map(
        ([key, text]) =>
          [key, (text.match(TU_WORD) ?? text.match(TU_IMPERATIVE) ?? text.match(TU_ENCLITIC))?.[0]] as const,
      )
      .filter(([, found]) => found !== undefined)
      .map(([key, found]) => `${key}: ${found}`);
    expect(tu).toEqual([]);
  });

  it("names the giving and partnership levels in Spanish, with the English only in parentheses", () => {
    const untranslated = spanish
      .filter(([, text]) => TIER_NAMES.test(text.replace(TIER_GLOSS, "")))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});
