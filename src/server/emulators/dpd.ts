import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awbLabelPdf, type LabelParty } from '../lib/pdf/documents.js';
import { bucharestDate, toBucharestIso } from '../lib/bucharestTime.js';
import { HOLDER_PHONE, holderPlace, openHolderAccount } from './accounts.js';
import { GEO, localitiesOf, localityById, placeKey, placesNamed } from './geo.js';
import {
  applyCommonFaults,
  baniToNumber,
  emulatorBase,
  numberToBani,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
  type AccountHolder,
} from './kit.js';
import { deletable, labelOf, repaymentOf, shippingCostBani, stagesAt, type Shipment, type Stage } from './shipments.js';

/**
 * DPD Romania Web API v1 emulator (as https://api.dpd.ro/v1). Every call is a POST with a JSON
 * body that carries `userName` and `password`; there is no token. Errors, bad credentials
 * included, arrive with HTTP 200 as `{error: {context, message, id, code, component}}`. `print`
 * answers raw PDF bytes, or the JSON error. Sites (localities) have ids 642xxxxxx.
 *
 * Its store: `accounts` by username, `shipments` by shipment id, `parcels` (parcel id → shipment
 * id); counters `parcel` (a shipment's id is its first parcel's) and `client`. Besides the shared
 * demo account, each seller gets an account of its own (`openAccount`): DPD's create names the
 * sender by a client object of the contract, and the label prints that object's client name and
 * address.
 */

export interface DpdClientObject {
  clientId: number;
  clientName: string;
  objectName: string;
  contactName: string;
  phone: string;
  siteId: number;
  streetName: string;
  streetNo: string;
}

export interface DpdAccount {
  username: string;
  password: string;
  clients: DpdClientObject[];
}

export type DpdShipment = Shipment & { clientId: number };

/** The contract's client object at the holder's seat (its id kept when refreshed). */
function holderClient(holder: AccountHolder, clientId: number): DpdClientObject {
  const { locality, street } = holderPlace(holder);
  return {
    clientId,
    clientName: holder.name,
    objectName: `Sediu ${locality.name}`,
    contactName: holder.contact,
    phone: HOLDER_PHONE,
    siteId: siteId(locality.id),
    streetName: street,
    streetNo: '',
  };
}

const ROMANIA = 642;
const siteId = (localityId: number) => 642_000_000 + localityId;
const SERVICES = [
  { id: 2505, name: 'DPD STANDARD', nameEn: 'DPD STANDARD', cargoType: 'PARCEL' },
  { id: 2002, name: 'CLASIC NATIONAL', nameEn: 'CLASSIC NATIONAL', cargoType: 'PARCEL' },
  { id: 2412, name: 'PALLET ONE RO', nameEn: 'PALLET ONE RO', cargoType: 'PALLET' },
];

// DPD operation codes as integrators list them (DPD Romania's own WooCommerce and PrestaShop modules).
// Exported for the demo seed, which reads its parcels as tracking would (seed/attention.ts).
export const OPERATIONS: Record<Stage, { code: number; description: string }> = {
  pickedUp: { code: 39, description: 'Preluat de la expeditor' },
  in_transit: { code: 2, description: 'Sosit in depozit' },
  inDelivery: { code: 12, description: 'In livrare la curier' },
  failedAttempt: { code: 44, description: 'Livrare nereusita - destinatar absent' },
  delivered: { code: -14, description: 'Livrat' },
  refused: { code: 123, description: 'Refuzat de destinatar' },
  returning: { code: 111, description: 'Retur catre expeditor in curs' },
  returned: { code: 124, description: 'Livrat inapoi la expeditor' },
};
export const CREATED = { code: 148, description: 'Date expeditie primite' };

function dpdError(message: string, code: number, context = ''): { error: Record<string, unknown> } {
  return {
    error: { context, message, id: `EE${code}-${Math.abs(hash(message)) % 100000}`, code, component: 'dpd-api' },
  };
}

function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

/** The place of a DPD site id (by the localities' index, not a walk of the country's places). */
const locate = (site: number) => localityById(site - siteId(0));

/** A client object's street and number as one line (an opened account keeps the company's whole address in the street). */
const streetLine = (c: DpdClientObject) => `${c.streetName} ${c.streetNo}`.trim();

/** The label's sender for a client object (the contract's client name at the object's address), and its locality. */
export function senderOf(c: DpdClientObject): { party: LabelParty; locality: string } {
  const place = locate(c.siteId)!;
  return {
    party: {
      name: c.clientName,
      contact: c.contactName,
      phone: c.phone,
      lines: [streetLine(c), `${place.locality.name}, ${place.county.name}`],
    },
    locality: place.locality.name,
  };
}

export function demoAccount(): DpdAccount {
  const sibiu = GEO.find((c) => c.code === 'SB')!.localities[0];
  return {
    username: 'demo',
    password: 'demo',
    clients: [
      {
        clientId: 80100100001,
        clientName: 'MAGAZIN DEMO SRL',
        objectName: 'Depozit Sibiu',
        contactName: 'Ana Pop',
        phone: '0722000111',
        siteId: siteId(sibiu.id),
        streetName: 'Str. Fabricii',
        streetNo: '7',
      },
      {
        clientId: 80100100002,
        clientName: 'MAGAZIN DEMO SRL',
        objectName: 'Magazin Sibiu Centru',
        contactName: 'Dan Rusu',
        phone: '0722000444',
        siteId: siteId(sibiu.id),
        streetName: 'Piata Mare',
        streetNo: '1',
      },
    ],
  };
}

async function seedDemo(store: EmulatorStore): Promise<void> {
  const account = demoAccount();
  await store.add('accounts', account.username, account);
}

export function createDpdEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const emulator: Emulator = {
    name: 'dpd',
    faults,
    store,
    demoCredentials: { username: 'demo', password: 'demo' },
    openAccount: (holder) =>
      openHolderAccount<DpdAccount>(
        store,
        holder,
        async (login) => ({ ...login, clients: [holderClient(holder, await store.next('client', 80100200001))] }),
        (account) => ({
          ...account,
          clients: account.clients.map((c, i) => (i === 0 ? holderClient(holder, c.clientId) : c)),
        }),
      ),
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(503).type('text/html').send('<html><body><h1>503 Service Unavailable</h1></body></html>'),
      );

      /** The account named in the body, or the error answered (inside a 200, as DPD does). */
      const authed = async (
        req: FastifyRequest,
        reply: FastifyReply,
      ): Promise<{ account: DpdAccount; body: Record<string, unknown> } | null> => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const found =
          typeof body.userName === 'string' ? await store.get<DpdAccount>('accounts', body.userName) : undefined;
        const account = found && found.password === body.password ? found : undefined;
        if (faults.take('refused_login') || !account) {
          reply.code(200).send(dpdError('Unable to find user to authenticate! (EE2)', 1));
          return null;
        }
        if (faults.take('error_in_200')) {
          reply.code(200).send(dpdError('Eroare interna a serverului. Reincercati mai tarziu.', 0));
          return null;
        }
        return { account, body };
      };
      const post = (
        path: string,
        handler: (ctx: { account: DpdAccount; body: Record<string, unknown> }, reply: FastifyReply) => unknown,
      ) =>
        app.post(path, async (req, reply) => {
          const ctx = await authed(req, reply);
          if (!ctx) return reply;
          return handler(ctx, reply);
        });

      const address = (c: DpdClientObject) => {
        const place = locate(c.siteId)!;
        return {
          countryId: ROMANIA,
          siteId: c.siteId,
          siteType: 'mun.',
          siteName: place.locality.name.toUpperCase(),
          postCode: place.locality.postalCode ?? '',
          streetName: c.streetName,
          streetNo: c.streetNo,
          fullAddressString: `${streetLine(c)}, ${place.locality.name.toUpperCase()}, ${place.county.name.toUpperCase()}`,
        };
      };

      post('/v1/client/contract', ({ account }) => ({
        clients: account.clients.map((c) => ({
          clientId: c.clientId,
          clientName: c.clientName,
          objectName: c.objectName,
          contactName: c.contactName,
          phones: [{ number: c.phone }],
          address: address(c),
        })),
      }));

      post('/v1/services', () => ({ services: SERVICES }));

      post('/v1/location/state', ({ body }) => {
        if (Number(body.countryId) !== ROMANIA) return { states: [] };
        const name = body.name ? placeKey(String(body.name)) : null;
        return {
          states: GEO.filter((c) => !name || placeKey(c.name).includes(name)).map((c) => ({
            id: c.id,
            countryId: ROMANIA,
            name: placeKey(c.name).toUpperCase(),
            nameEn: placeKey(c.name).toUpperCase(),
            code: c.code,
          })),
        };
      });

      post('/v1/location/site', ({ body }) => {
        if (Number(body.countryId) !== ROMANIA) return { sites: [] };
        const name = body.name ? placeKey(String(body.name)) : null;
        const region = body.region ? placeKey(String(body.region)) : null;
        const sites = GEO.filter((c) => !region || placeKey(c.name) === region).flatMap((c) =>
          localitiesOf(c)
            .filter(
              (l) =>
                (!name || placeKey(l.name).startsWith(name)) &&
                (!body.postCode || l.postalCode === String(body.postCode)),
            )
            .map((l) => ({
              id: siteId(l.id),
              countryId: ROMANIA,
              mainSiteId: null,
              type: 'mun.',
              typeEn: 'mun.',
              name: placeKey(l.name).toUpperCase(),
              nameEn: placeKey(l.name).toUpperCase(),
              municipality: placeKey(l.name).toUpperCase(),
              region: placeKey(c.name).toUpperCase(),
              postCode: l.postalCode ?? '',
              addressNomenclature: l.streets.length ? 1 : 0,
            })),
        );
        return { sites };
      });

      post('/v1/location/street', ({ body }) => {
        const place = locate(Number(body.siteId));
        if (!place) return dpdError('Site not found', 4, 'siteId');
        const name = body.name ? placeKey(String(body.name)) : '';
        return {
          streets: place.locality.streets
            .filter((s) => !name || placeKey(s.name).includes(name))
            .map((s) => ({
              id: s.id,
              siteId: siteId(place.locality.id),
              type: s.name.split(' ')[0].toLowerCase(),
              typeEn: '',
              name: placeKey(s.name.split(' ').slice(1).join(' ')).toUpperCase(),
              nameEn: '',
            })),
        };
      });

      post('/v1/shipment', async ({ account, body }, reply) => {
        const sender = (body.sender ?? {}) as { clientId?: number };
        const from = account.clients.find((c) => c.clientId === Number(sender.clientId));
        if (!from) return dpdError('Invalid sender client id', 10, 'sender.clientId');
        const recipient = (body.recipient ?? {}) as Record<string, unknown>;
        const addr = (recipient.address ?? {}) as Record<string, unknown>;
        const service = (body.service ?? {}) as {
          serviceId?: number;
          additionalServices?: { cod?: { amount?: number }; declaredValue?: { amount?: number } };
        };
        const content = (body.content ?? {}) as {
          parcelsCount?: number;
          totalWeight?: number;
          contents?: string;
          package?: string;
          parcels?: { weight?: number }[];
        };
        const phone = ((recipient.phone1 ?? {}) as { number?: string }).number;
        if (!SERVICES.some((s) => s.id === Number(service.serviceId)))
          return dpdError('Serviciul nu este permis pentru acest client', 20, 'service.serviceId');
        if (!phone) return dpdError('Recipient phone is required', 21, 'recipient.phone1');
        if (!recipient.clientName) return dpdError('Recipient name is required', 21, 'recipient.clientName');
        if (recipient.privatePerson === true && recipient.contactName)
          return dpdError('Contact name is not allowed for private persons', 22, 'recipient.contactName');
        if (recipient.privatePerson === false && !recipient.contactName)
          return dpdError('Contact name is required for companies', 22, 'recipient.contactName');
        // By name, the post code telling apart the places of one name (as DPD's own site lookup).
        const named = addr.siteId ? [] : placesNamed(String(addr.siteName ?? ''));
        const place = addr.siteId
          ? locate(Number(addr.siteId))
          : (named.find((x) => !!addr.postCode && x.locality.postalCode === String(addr.postCode)) ?? named[0]);
        if (!place) return dpdError('Localitatea destinatarului nu a fost gasita', 30, 'recipient.address.siteId');
        if (!content.contents || !content.package) return dpdError('Content and package are required', 23, 'content');
        const weight = Number(content.totalWeight ?? 0);
        if (!(weight > 0)) return dpdError('Total weight must be positive', 24, 'content.totalWeight');
        const count = Math.max(1, Math.trunc(Number(content.parcelsCount ?? content.parcels?.length ?? 1)) || 1);

        const first = await store.next('parcel', 80912340001, count);
        const parcelIds = Array.from({ length: count }, (_, i) => String(first + i));
        const id = parcelIds[0];
        const cod = numberToBani(service.additionalServices?.cod?.amount ?? 0);
        const costBani = shippingCostBani(weight, cod);
        const { party: senderParty, locality: senderLocality } = senderOf(from);
        const street = [addr.streetName ?? '', addr.streetNo ?? ''].join(' ').trim();
        const recipientParty: LabelParty = {
          name: String(recipient.clientName),
          contact: recipient.contactName ? String(recipient.contactName) : null,
          phone,
          lines: [
            [
              street,
              addr.blockNo ? `bl. ${addr.blockNo}` : '',
              addr.apartmentNo ? `ap. ${addr.apartmentNo}` : '',
              addr.addressNote ?? '',
            ]
              .filter(Boolean)
              .join(', '),
            `${place.locality.name}, ${place.county.name} ${addr.postCode ?? ''}`.trim(),
          ],
        };
        // The shipment and its parcels' index in one write.
        await store.putAll([
          {
            collection: 'shipments',
            key: id,
            value: {
              number: id,
              parcelNumbers: parcelIds,
              createdAt: clock.now(),
              account: account.username,
              service: SERVICES.find((s) => s.id === Number(service.serviceId))!.name,
              sender: senderParty,
              recipient: recipientParty,
              senderLocality,
              recipientLocality: place.locality.name,
              parcels: count,
              weightKg: weight,
              codBani: cod,
              declaredBani: numberToBani(service.additionalServices?.declaredValue?.amount ?? 0),
              content: String(content.contents),
              reference: body.ref1 ? String(body.ref1) : null,
              observations: body.shipmentNote ? String(body.shipmentNote) : null,
              costBani,
              deleted: false,
              clientId: from.clientId,
            } satisfies DpdShipment,
          },
          ...parcelIds.map((p) => ({ collection: 'parcels', key: p, value: id })),
        ]);
        if (faults.take('answer_lost')) return hanger.hang(reply);
        const net = Math.round(costBani / 1.21);
        const now = clock.now();
        return {
          id,
          parcels: parcelIds.map((pid, i) => ({ seqNo: i + 1, id: pid })),
          price: {
            amount: baniToNumber(net),
            vat: baniToNumber(costBani - net),
            total: baniToNumber(costBani),
            currency: 'RON',
            details: {},
          },
          pickupDate: toBucharestIso(now).slice(0, 10),
          deliveryDeadline: toBucharestIso(now + 2 * 86400),
        };
      });

      const mine = async (account: DpdAccount, id: string) => {
        const s = await store.get<DpdShipment>('shipments', (await store.get<string>('parcels', id)) ?? id);
        return s && s.account === account.username && !s.deleted ? s : undefined;
      };

      post('/v1/shipment/info', async ({ account, body }) => ({
        shipments: (await Promise.all(((body.shipmentIds ?? []) as unknown[]).map((id) => mine(account, String(id)))))
          .filter((s): s is DpdShipment => !!s)
          .map((s) => ({
            id: s.number,
            sender: { clientId: s.clientId },
            parcels: s.parcelNumbers.map((id, i) => ({ seqNo: i + 1, id })),
            ref1: s.reference,
          })),
      }));

      // Shipments (cancelled ones too) whose ref1 (searchInRef 1), ref2 (2) or either (3) is the reference.
      post('/v1/shipment/search', async ({ account, body }) => {
        const ref = String(body.ref ?? '').trim();
        if (!ref) return dpdError('ref is required', 43, 'ref');
        const where = Number(body.searchInRef ?? 1);
        const matches = (await store.list<DpdShipment>('shipments')).filter(
          (s) => s.account === account.username && (where === 1 || where === 3) && s.reference === ref,
        );
        return {
          barcodes: matches.flatMap((s) =>
            body.shipmentsOnly === false ? [s.number, ...s.parcelNumbers.slice(1)] : [s.number],
          ),
        };
      });

      post('/v1/shipment/cancel', async ({ account, body }) => {
        const s = await mine(account, String(body.shipmentId ?? ''));
        if (!s) return dpdError('Shipment not found', 40, 'shipmentId');
        if (!body.comment) return dpdError('Comment is required', 41, 'comment');
        if (!deletable(s, clock.now())) return dpdError('Shipment is ordered', 42, 'shipmentId');
        await store.put('shipments', s.number, { ...s, deleted: true });
        return {};
      });

      post('/v1/print', async ({ account, body }, reply) => {
        const parcels = ((body.parcels ?? []) as { parcel?: { id?: string } }[]).map((p) => String(p.parcel?.id ?? ''));
        const found = await Promise.all(parcels.map((p) => mine(account, p)));
        // One label per shipment, however many of its parcels were named.
        const shipments = found.filter((s, i) => !s || found.findIndex((o) => o?.number === s.number) === i);
        if (parcels.length === 0 || shipments.some((s) => !s)) return dpdError('Parcel not found', 50, 'parcels');
        if ((body.format ?? 'pdf') !== 'pdf') return dpdError('Only pdf is supported here', 51, 'format');
        const pdf = await awbLabelPdf(shipments.map((s) => labelOf(s!, 'DPD', body.paperSize === 'A6' ? 'A6' : 'A4')));
        return reply.type('application/pdf').send(pdf);
      });

      // Payouts (cash on delivery transferred to the sender) made on the days of the range
      // (fromDate, toDate: YYYY-MM-DD), one per day, with each shipment's amount in its details.
      post('/v1/payments', async ({ account, body }) => {
        const day = (t: unknown) => (/^\d{4}-\d{2}-\d{2}/.test(String(t ?? '')) ? String(t).slice(0, 10) : null);
        const from = day(body.fromDate);
        const to = day(body.toDate);
        if (!from || !to) return dpdError('fromDate and toDate are required', 70, 'fromDate');
        const now = clock.now();
        const byDay = new Map<string, { shipmentId: string; amount: number }[]>();
        for (const s of await store.list<DpdShipment>('shipments')) {
          if (s.account !== account.username) continue;
          const r = repaymentOf(s, now);
          if (!r || r.paidAt === null) continue;
          const paidOn = bucharestDate(r.paidAt);
          if (paidOn < from || paidOn > to) continue;
          byDay.set(paidOn, [...(byDay.get(paidOn) ?? []), { shipmentId: s.number, amount: r.paidBani }]);
        }
        return {
          payouts: [...byDay.entries()]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([date, lines]) => ({
              id: Number(date.replace(/-/g, '')),
              date: `${date}T10:00:00+02:00`,
              currency: 'RON',
              amount: baniToNumber(lines.reduce((a, l) => a + l.amount, 0)),
              details:
                body.includeDetails === false
                  ? undefined
                  : lines.map((l, i) => ({ lineNo: i + 1, shipmentId: l.shipmentId, amount: baniToNumber(l.amount) })),
            })),
        };
      });

      post('/v1/track', async ({ account, body }) => {
        const asked = ((body.parcels ?? []) as { id?: string }[]).map((p) => String(p.id ?? ''));
        if (asked.length > 10) return dpdError('Too many parcels (max 10)', 60, 'parcels');
        const now = clock.now();
        return {
          parcels: (
            await Promise.all(asked.map(async (parcelId) => ({ parcelId, s: await mine(account, parcelId) })))
          ).map(({ parcelId, s }) => {
            if (!s) return { parcelId, error: dpdError('Parcel not found', 61).error };
            const operations = [
              {
                dateTime: toBucharestIso(s.createdAt),
                operationCode: CREATED.code,
                description: CREATED.description,
                place: s.senderLocality.toUpperCase(),
              },
              ...stagesAt(s, now).map((e) => ({
                dateTime: toBucharestIso(e.at),
                operationCode: OPERATIONS[e.stage].code,
                description: OPERATIONS[e.stage].description,
                place: (e.stage === 'pickedUp' ? s.senderLocality : s.recipientLocality).toUpperCase(),
              })),
            ];
            return { parcelId, operations: body.lastOperationOnly ? operations.slice(-1) : operations };
          }),
        };
      });
    },
  };
  return emulator;
}
