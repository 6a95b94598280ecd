import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { secretBox } from '../../lib/secrets.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { courierFor, CredentialsNotSealedWithKey, invoicingFor, resealCredentials } from './index.js';
import { sealContext } from './providerAccess.js';

/** `resealCredentials` (the CLI's app-key:rotate) on the engine under test. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LOGINS = {
  cargus: { id: 1, plain: '{"username":"demo","password":"demo","api_key":"demo"}' },
  smartbill: { id: 4, plain: '{"username":"demo","token":"demo"}' },
};

describe('re-sealing the stored logins under a new app key', () => {
  it('re-seals every company in one transaction, or nothing when one value does not open with the old key', async () => {
    const companies = [await t.createCompany(), await t.createCompany()];
    for (const companyId of companies)
      for (const [key, login] of Object.entries(LOGINS))
        await t.db.kysely
          .insertInto('company_integrations')
          .values({
            company_id: companyId,
            integration_id: login.id,
            credentials: t.services.secrets.seal(login.plain, sealContext(companyId, key)),
            configuration: null,
            is_active: 1,
            created_at: 1,
            updated_at: 1,
          })
          .execute();
    const stored = () =>
      t.db.kysely.selectFrom('company_integrations').select(['id', 'credentials']).orderBy('id').execute();
    const before = await stored();
    const newBox = secretBox(crypto.randomBytes(32).toString('base64'));

    // A wrong old key: every value named by company and provider, nothing written.
    const wrong = await resealCredentials(t.db, secretBox('not the key'), newBox).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(CredentialsNotSealedWithKey);
    expect((wrong as CredentialsNotSealedWithKey).unreadable).toEqual([
      { companyId: companies[0], provider: 'Cargus' },
      { companyId: companies[0], provider: 'SmartBill' },
      { companyId: companies[1], provider: 'Cargus' },
      { companyId: companies[1], provider: 'SmartBill' },
    ]);
    expect(await stored()).toEqual(before);

    expect(await resealCredentials(t.db, t.services.secrets, newBox)).toEqual({ resealed: 4, companies: 2 });
    for (const companyId of companies) {
      // The app still on the old key finds them unreadable (409); with the new key they open.
      const oldCtx = serviceContext(t.services, { companyId });
      await expect(courierFor(oldCtx, 'cargus')).rejects.toMatchObject({ status: 409 });
      const newCtx = { ...oldCtx, secrets: newBox };
      expect((await courierFor(newCtx, 'cargus')).client).toBeTruthy();
      expect((await invoicingFor(newCtx)).client).toBeTruthy();
    }

    // Run again with the same keys: nothing opens with the old key, all with the new one.
    const again = await resealCredentials(t.db, t.services.secrets, newBox).catch((e: unknown) => e);
    expect(again).toMatchObject({ openWithNewKey: 4 });
    // And back to the app's key.
    expect(await resealCredentials(t.db, newBox, t.services.secrets)).toEqual({ resealed: 4, companies: 2 });
    expect((await courierFor(serviceContext(t.services, { companyId: companies[1] }), 'cargus')).client).toBeTruthy();
  });
});
