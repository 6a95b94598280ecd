import { describe, expect, it } from 'vitest';
import { JsonText, serializeAnswer } from './jsonText.js';

describe('the reply serializer and JSON text from the database', () => {
  it('writes the text of a JsonText data in as it is, with the rest of the answer', () => {
    const data = new JsonText<unknown[]>('[{"id":2,"value":0.0}, \n {"id":1,"value":74.2}]');
    const out = serializeAnswer({ data, meta: { total: 2, page: 1 } });
    expect(out).toBe('{"data":[{"id":2,"value":0.0}, \n {"id":1,"value":74.2}],"meta":{"total":2,"page":1}}');
    expect(JSON.parse(out)).toEqual({
      data: [
        { id: 2, value: 0 },
        { id: 1, value: 74.2 },
      ],
      meta: { total: 2, page: 1 },
    });
  });

  it('answers the data alone when nothing else goes with it', () => {
    expect(serializeAnswer({ data: new JsonText('[]') })).toBe('{"data":[]}');
  });

  it('stringifies every other answer', () => {
    expect(serializeAnswer({ data: [{ id: 1 }], meta: null })).toBe('{"data":[{"id":1}],"meta":null}');
    expect(serializeAnswer({ message: 'Not found.' })).toBe('{"message":"Not found."}');
    expect(serializeAnswer(null)).toBe('null');
  });

  it('parses to its value, also when something else stringifies it', () => {
    const text = new JsonText<{ a: number[] }>('{"a":[1,2]}');
    expect(text.value()).toEqual({ a: [1, 2] });
    expect(JSON.stringify({ nested: text })).toBe('{"nested":{"a":[1,2]}}');
  });
});
