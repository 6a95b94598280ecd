import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { intakeExample } from './intakeExample';

describe('the example request of an intake key', () => {
  it('signs "<timestamp>.<body>" with the secret and sends the three headers to the endpoint', () => {
    const text = intakeExample({
      endpoint: 'https://console.ro/api/v1/intake/orders',
      keyId: 'ik_abc',
      secret: 's3cr3t',
    });
    expect(text).toContain("SECRET='s3cr3t'");
    expect(text).toContain('openssl dgst -sha256 -hmac "$SECRET"');
    expect(text).toContain("curl -i 'https://console.ro/api/v1/intake/orders'");
    expect(text).toContain("-H 'X-Intake-Key: ik_abc'");
    expect(text).toContain('-H "X-Intake-Signature: sha256=$SIG"');
    expect(text).toContain('-H "X-Intake-Timestamp: $TS"');
    // The body is the push's shape.
    const body = JSON.parse(/BODY='(.*)'/.exec(text)![1]);
    expect(body).toMatchObject({ external_id: '1001', lines: [{ sku: 'SKU-1', quantity: 1 }] });
  });

  it('without the secret (shown only once) a placeholder; a quote in a value stays quoted for the shell', () => {
    expect(intakeExample({ endpoint: 'http://x', keyId: 'k', secret: null })).toContain("SECRET='<secret>'");
    expect(intakeExample({ endpoint: 'http://x', keyId: 'k', secret: "a'b" })).toContain(`SECRET='a'\\''b'`);
  });

  it('the signing line run by a shell gives the HMAC the server checks', () => {
    const script = intakeExample({ endpoint: 'http://x', keyId: 'k', secret: 'top-secret' })
      .split('\n')
      .filter((l) => /^(SECRET|BODY|SIG)=/.test(l))
      .join('\n');
    let out: string;
    try {
      out = execFileSync('sh', ['-c', `TS=1700000000\n${script}\nprintf '%s' "$SIG"`], { encoding: 'utf8' });
    } catch {
      return; // no openssl on this machine: the lines above still hold the form
    }
    const body = /BODY='(.*)'/.exec(script)![1];
    expect(out).toBe(createHmac('sha256', 'top-secret').update(`1700000000.${body}`).digest('hex'));
  });
});
