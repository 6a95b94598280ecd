import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { AWB_COURIERS, type AwbCourier } from '../orders/couriers.js';
import { PACKAGE_PRESETS, type PackagePreset } from './shipping.js';

/**
 * A company's shipping settings: `GET/POST /api/v1/company/{id}/shipping`.
 *
 * - `label_format`: the page every courier's label is asked for in: `A4` (an office printer, the
 *   default) or `A6` (a thermal printer's label, one page per AWB, merged labels too).
 * - `default_courier`: the courier the AWB form and a bulk AWB job start with (one set up for the
 *   company), or null.
 * - `default_package_id`: the size they start with: one of the company's packages (its id), a
 *   preset (`small`, `medium`, `large`), or null.
 *
 * Each field is optional in a POST: what is sent changes, the rest stays.
 */
export const LABEL_FORMATS = ['A4', 'A6'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const PACKAGE_PRESET_NAMES = Object.keys(PACKAGE_PRESETS) as PackagePreset[];

export interface ShippingSettings {
  label_format: LabelFormat;
  default_courier: AwbCourier | null;
  default_package_id: number | PackagePreset | null;
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const shippingSettingsBody = z.object({
  label_format: z
    .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(LABEL_FORMATS))
    .optional(),
  default_courier: z
    .preprocess(
      (v) => (typeof v === 'string' ? blankToNull(v.trim().toLowerCase()) : v),
      z.enum(AWB_COURIERS).nullable(),
    )
    .optional(),
  default_package_id: z
    .preprocess(
      (v) => {
        const b = blankToNull(v);
        if (typeof b === 'string' && /^\d+$/.test(b.trim())) return Number(b.trim());
        return typeof b === 'string' ? b.trim().toLowerCase() : b;
      },
      z
        .union([z.number().int().positive().max(2_147_483_647), z.enum(PACKAGE_PRESET_NAMES as [PackagePreset])], {
          error: 'default_package_invalid',
        })
        .nullable(),
    )
    .optional(),
});
export type ShippingSettingsInput = z.output<typeof shippingSettingsBody>;

registerMessages({
  en: {
    default_package_invalid: 'Choose one of your packages or a preset size.',
    default_package_unknown: 'This package is not one of the company’s active packages.',
  },
  ro: {
    default_package_invalid: 'Alegeți unul dintre pachetele dumneavoastră sau o dimensiune predefinită.',
    default_package_unknown: 'Acest pachet nu este unul dintre pachetele active ale companiei.',
  },
});
