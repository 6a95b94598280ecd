/**
 * JSON text the database wrote as the API answers it (db/json.ts, jsonItems): an answer's `data`
 * may be one, and the reply serializer writes it in as it is. Node neither parses nor stringifies
 * a page it only passes on.
 */
export class JsonText<T> {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** The value, parsed: for code (and tests) that need the objects. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  /** JSON.stringify of anything holding one still writes the value. */
  toJSON(): T {
    return this.value();
  }
}

/**
 * The app's reply serializer: JSON.stringify, except that an answer whose `data` is JsonText gets
 * that text written in unchanged (the rest of the answer, its `meta`, stringified around it).
 */
export function serializeAnswer(payload: unknown): string {
  if (payload !== null && typeof payload === 'object' && (payload as { data?: unknown }).data instanceof JsonText) {
    const { data, ...rest } = payload as { data: JsonText<unknown> };
    const others = JSON.stringify(rest);
    return others === '{}' ? `{"data":${data.text}}` : `{"data":${data.text},${others.slice(1)}`;
  }
  return JSON.stringify(payload);
}
