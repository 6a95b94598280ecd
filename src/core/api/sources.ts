import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { flag, MAX_ID, requiredText } from '../validation.js';

/** A reference to a row by id, with its own "please select" message when missing. */
export const selectedRef = (requiredKey: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null) return undefined;
      if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
      return v;
    },
    z
      .number({ error: (i) => (i.input === undefined ? requiredKey : 'invalid') })
      .int({ error: 'invalid' })
      .positive({ error: 'invalid' })
      .max(MAX_ID, { error: 'invalid' }),
  );

export const SOURCE_MAX_LENGTH = 100;

/**
 * What makes two source names the same: case and Unicode form ignored (`eMAG`, `emag`; `Ă` typed
 * precomposed or decomposed). Stored beside the name and held unique per company by an index, so
 * the rule holds on both engines (SQLite's lower() knows only ASCII) and under concurrent creates.
 */
export const sourceKey = (name: string): string => name.trim().normalize('NFC').toLocaleLowerCase('ro-RO');

export const sourceBody = z.object({
  company_id: selectedRef('select_company'),
  source: requiredText(SOURCE_MAX_LENGTH),
  active: flag().default(true),
});
export type SourceInput = z.input<typeof sourceBody>;

/** An update changes the text and the active flag; company_id, when sent, must stay the same. */
export const sourceUpdateBody = z.object({
  company_id: selectedRef('select_company').optional(),
  source: requiredText(SOURCE_MAX_LENGTH).optional(),
  active: flag().optional(),
});

/** What `GET /api/v1/source/{id}` says of its intake key (core/api/intake.ts): never the secret. */
export interface SourceIntake {
  key_id: string;
  created_at: number;
  last_used_at: number | null;
  /** Where the shop sends its orders. */
  endpoint: string;
}

export interface Source {
  id: number;
  company_id: number;
  source: string;
  active: boolean;
  company: { id: number; name: string };
  created_at: number;
  updated_at: number;
  /** One source (`GET /api/v1/source/{id}`): its intake key's state, null without one; absent from the list. */
  intake?: SourceIntake | null;
}

registerMessages({
  en: {
    select_company: 'Please select a company',
    source_taken: 'This company already has a source with this name.',
    source_in_use: 'This source is still used by {{uses}}, so it cannot be deleted. Deactivate it instead.',
  },
  ro: {
    select_company: 'Vă rugăm să selectați o companie',
    source_taken: 'Compania are deja o sursă cu acest nume.',
    source_in_use: 'Această sursă este folosită încă de {{uses}}, deci nu poate fi ștearsă. Dezactivați-o în schimb.',
  },
});
