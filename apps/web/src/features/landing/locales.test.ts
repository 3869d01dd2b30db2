import { describe, expect, it } from 'vitest';
import config from './landing-config.json';
import en from './locales/en.json';
import hinglish from './locales/hi-Latn.json';

/** 'a.b.c' for every string of a nested translation file. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function valueAt(tree: unknown, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
}

describe('landing page copy', () => {
  it('has every text in both languages, none empty', () => {
    expect(keysOf(hinglish).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(en)) {
      expect([key, valueAt(en, key).trim().length > 0]).toEqual([key, true]);
      expect([key, valueAt(hinglish, key).trim().length > 0]).toEqual([key, true]);
    }
  });

  it('uses the same placeholders in both languages, each one a configured value', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]);
    const known = new Set([...Object.keys(config.claims), 'year', 'count']);
    for (const key of keysOf(en)) {
      const used = placeholders(valueAt(en, key));
      expect([key, placeholders(valueAt(hinglish, key))]).toEqual([key, used]);
      for (const name of used) expect([key, known.has(name ?? '')]).toEqual([key, true]);
    }
  });

  it('carries the claims of spec 2 §9 in its configuration', () => {
    expect(config.claims).toMatchObject({
      businesses: '500+',
      satisfaction: '95%',
      timeSaved: '40%',
      support: '24/7',
      version: '2.1',
      trainingWeeks: 1,
    });
  });
});
