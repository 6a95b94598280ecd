/**
 * A request a shop's developer can paste into a shell to push one order: the body, the signature
 * of `"<timestamp>.<body>"` with the secret (HMAC-SHA256 by openssl) and the call with the three
 * headers. The secret is the real one only right after it was made (it is shown once); otherwise a
 * placeholder the developer replaces.
 */
export function intakeExample(opts: { endpoint: string; keyId: string; secret: string | null }): string {
  const body = JSON.stringify({
    external_id: '1001',
    customer: { name: 'Ion Popescu', phone_number: '0744123456' },
    shipping_address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28' },
    lines: [{ sku: 'SKU-1', quantity: 1 }],
    payment_method: 'cash_on_delivery',
  });
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [
    `SECRET=${quote(opts.secret ?? '<secret>')}`,
    `BODY=${quote(body)}`,
    'TS=$(date +%s)',
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -i ${quote(opts.endpoint)} -H 'Content-Type: application/json' \\`,
    `  -H ${quote(`X-Intake-Key: ${opts.keyId}`)} -H "X-Intake-Timestamp: $TS" \\`,
    `  -H "X-Intake-Signature: sha256=$SIG" -d "$BODY"`,
  ].join('\n');
}
