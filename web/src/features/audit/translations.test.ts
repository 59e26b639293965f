import { describe, expect, it } from 'vitest';
import { RECORD_TYPES, recordActions } from '../../../../domain/record-kinds.ts';
import { ar } from '../../app/i18n/ar.ts';
import { en } from '../../app/i18n/en.ts';
import { recordFieldsAr, recordFieldsEn } from './record-fields.ts';

const named = (dict: Record<string, string>, key: string) => typeof dict[key] === 'string' && dict[key]!.trim() !== '';
const ARABIC = /[\u0600-\u06FF]/;

// Every action of every record kind, every field an event can carry and every record type has a name in both
// languages: a history tab never shows a raw key (JoinRequestHeld, opportunityId, casesHandled) on an Arabic page.
describe('the names of actions, fields and record types', () => {
  const dictionaries = { ar: ar as Record<string, string>, en: en as Record<string, string> };

  it.each(Object.entries(dictionaries))('names every action in %s', (lang, dict) => {
    const missing = recordActions().filter((a) => !named(dict, `action.${a}`));
    expect(missing, `actions without a name in ${lang}`).toEqual([]);
  });

  it.each(Object.entries(dictionaries))('names every record type in %s', (lang, dict) => {
    const missing = RECORD_TYPES.filter((type) => !named(dict, `audit.recordType.${type}`));
    expect(missing, `record types without a name in ${lang}`).toEqual([]);
  });

  it('names every field in both languages, the Arabic in Arabic', () => {
    for (const [key, name] of Object.entries(recordFieldsAr)) {
      expect(named(dictionaries.ar, key), key).toBe(true);
      expect(ARABIC.test(name), `${key}: ${name}`).toBe(true);
    }
    expect(Object.keys(recordFieldsEn).sort()).toEqual(Object.keys(recordFieldsAr).sort());
    for (const key of Object.keys(recordFieldsEn)) expect(named(dictionaries.en, key), key).toBe(true);
  });

  it('writes the actions in Arabic on Arabic pages', () => {
    const latin = recordActions().filter((a) => !ARABIC.test(dictionaries.ar[`action.${a}`] ?? ''));
    expect(latin).toEqual([]);
  });
});
