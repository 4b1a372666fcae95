import { useContext } from "react";
import { I18nContext } from "react-i18next";

/**
 * The page's i18next instance, read from react-i18next's context without `useTranslation`, which
 * on every call copies the instance into a wrapper and makes a `t` (decision 066). For parts that
 * only read the language or call the instance: a language change renders them again through the
 * component above them that translates, or through the revalidation the switch starts.
 */
export function useI18nInstance() {
  return useContext(I18nContext).i18n;
}
