// The one function of fontkit the PDF maker uses (fontkit ships no types).
declare module 'fontkit' {
  export function create(data: Uint8Array, postscriptName?: string): unknown;
}
