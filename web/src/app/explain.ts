// The dictionary entries the "?" buttons open (components/Explain.tsx), by id.
import type { ExplainLookup } from '../components/Explain';
import { dictionaryEntry, dictionaryHref } from '../content/dictionary';

export const dictionaryExplain: ExplainLookup = (term) => {
  const e = dictionaryEntry(term);
  return e ? { title: e.title, description: e.description, href: dictionaryHref(term) } : undefined;
};
