import { describe, expect, it } from 'vitest';
import type { ReversibleLine } from '../shared/orderView';
import { startChoices, stornoRequest } from './stornoSelection';

const line = (id: number, quantity: number, reversed: number): ReversibleLine => ({
  order_product_id: id,
  name: `P${id}`,
  quantity,
  reversed,
  left: quantity - reversed,
});
const lines = [line(1, 3, 0), line(2, 2, 1), line(3, 1, 1)];

describe('storno selection (at least one line, each from 1 to what is left)', () => {
  it('starts with nothing chosen, each open line offering what is left; a fully reversed line is not offered', () => {
    expect(startChoices(lines)).toEqual({ 1: { checked: false, quantity: 3 }, 2: { checked: false, quantity: 1 } });
  });

  it('no line chosen: No products selected', () => {
    expect(stornoRequest(lines, startChoices(lines))).toEqual({ error: 'no_products_selected' });
    // A fully reversed line cannot be chosen.
    expect(stornoRequest(lines, { 3: { checked: true, quantity: 1 } })).toEqual({ error: 'no_products_selected' });
  });

  it('sends only the chosen lines with their quantities', () => {
    expect(stornoRequest(lines, { 1: { checked: true, quantity: 2 }, 2: { checked: false, quantity: 1 } })).toEqual({
      order_products: [{ id: 1, quantity: 2 }],
    });
    expect(stornoRequest(lines, { 1: { checked: true, quantity: '3' }, 2: { checked: true, quantity: 1 } })).toEqual({
      order_products: [
        { id: 1, quantity: 3 },
        { id: 2, quantity: 1 },
      ],
    });
  });

  it('a quantity from 1 to what is left of the line, whole', () => {
    for (const quantity of [0, 4, 1.5, '', 'x', -1])
      expect(stornoRequest(lines, { 1: { checked: true, quantity } })).toEqual({ error: 'out_of_range', lines: [1] });
    // Line 2 has 1 left (1 of 2 already reversed).
    expect(stornoRequest(lines, { 1: { checked: true, quantity: 1 }, 2: { checked: true, quantity: 2 } })).toEqual({
      error: 'out_of_range',
      lines: [2],
    });
  });
});
