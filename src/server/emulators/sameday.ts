import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awbLabelPdf, type LabelParty } from '../lib/pdf/documents.js';
import { toBucharest } from '../lib/bucharestTime.js';
import { parsePhpForm, type ParsedForm } from '../lib/phpForm.js';
import { HOLDER_PHONE, holderPlace, openHolderAccount } from './accounts.js';
import { GEO, findCounty, findLocality, localitiesOf, placeKey } from './geo.js';
import {
  acceptFormBodies,
  applyCommonFaults,
  baniToNumber,
  emulatorBase,
  numberToBani,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
  type AccountHolder,
} from './kit.js';
import {
  deletable,
  labelOf,
  nextAwbNumber,
  shippingCostBani,
  stagesAt,
  type Shipment,
  type Stage,
} from './shipments.js';

/**
 * Sameday API emulator (as https://api.sameday.ro). `POST /api/authenticate` with the
 * X-Auth-Username / X-Auth-Password headers answers `{token, expire_at}` (Bucharest time, 12 h);
 * every other call needs `X-AUTH-TOKEN`. Writes are form-encoded with PHP brackets. Lists are
 * paginated `{total, currentPage, pages, perPage, data}`. A 400 carries Symfony's nested
 * `errors.children`; other 400s only `message`.
 *
 * Its store: `accounts` by username, `tokens` by token (they outlive a restart, as Sameday's do),
 * `shipments` by AWB number; counters `awb`, `pickupPoint` and `contactPerson`. Besides the shared
 * demo account, each seller gets an account of its own (`openAccount`): Sameday's create takes no
 * sender name, its label names the account holder (`clientName`) at the chosen pickup point. An AWB keeps the create's `clientInternalReference`
 * and its status read gives it back (`expeditionSummary.clientInternalReference`).
 */

interface ContactPerson {
  id: number;
  name: string;
  phoneNumber: string;
  defaultContactPerson: boolean;
}

interface SamedayPickupPoint {
  id: number;
  alias: string;
  address: string;
  defaultPickupPoint: boolean;
  countyId: number;
  cityId: number;
  contactPersons: ContactPerson[];
}

interface SamedayAccount {
  username: string;
  password: string;
  clientName: string;
  pickupPoints: SamedayPickupPoint[];
}

/** The pickup point at the holder's seat, with the holder's contact person (ids kept when refreshed). */
function holderPickupPoint(holder: AccountHolder, ids: { point: number; contact: number }): SamedayPickupPoint {
  const { county, locality, street } = holderPlace(holder);
  return {
    id: ids.point,
    alias: `Sediu ${locality.name}`,
    address: street,
    defaultPickupPoint: true,
    countyId: county.id,
    cityId: locality.id,
    contactPersons: [{ id: ids.contact, name: holder.contact, phoneNumber: HOLDER_PHONE, defaultContactPerson: true }],
  };
}

/** A pickup point's county and city in the nomenclature (the city may be any locality the courier knows). */
function placeOf(point: SamedayPickupPoint) {
  const county = GEO.find((c) => c.id === point.countyId)!;
  return { county, city: findLocality(county, { id: point.cityId })! };
}

export type SamedayShipment = Shipment & { pickupPointId: number; contactPersonId: number };

interface Session {
  username: string;
  expiresAt: number;
}

const TOKEN_SECONDS = 12 * 3600;

const SERVICES = [
  { id: 7, name: 'Nextday 24H', serviceCode: '24', deliveryType: { id: 1, name: 'Nextday' }, defaultServices: true },
  {
    id: 15,
    name: 'Locker NextDay',
    serviceCode: 'LN',
    deliveryType: { id: 1, name: 'Nextday' },
    defaultServices: false,
  },
  { id: 1, name: '6H', serviceCode: '6H', deliveryType: { id: 2, name: 'Sameday' }, defaultServices: false },
].map((s) => ({
  ...s,
  serviceOptionalTaxes: [
    { id: 11, name: 'Deschidere colet', taxCode: 'OPCG', costType: 'Fix', tax: 2.5, packageType: 0 },
    { id: 12, name: 'Livrare personala', taxCode: 'PDO', costType: 'Fix', tax: 3, packageType: 0 },
  ],
}));

// Sameday's own status ids and labels for the stages of a shipment.
const STATUSES: Record<Stage, { statusId: number; status: string; statusLabel: string; statusState: string }> = {
  pickedUp: { statusId: 4, status: 'Colet ridicat', statusLabel: 'Ridicat de la expeditor', statusState: 'In tranzit' },
  in_transit: { statusId: 7, status: 'In tranzit', statusLabel: 'Coletul este in tranzit', statusState: 'In tranzit' },
  inDelivery: {
    statusId: 33,
    status: 'In livrare',
    statusLabel: 'Curierul livreaza coletul',
    statusState: 'In livrare',
  },
  failedAttempt: {
    statusId: 18,
    status: 'Livrare esuata',
    statusLabel: 'Destinatar indisponibil / adresa gresita',
    statusState: 'In livrare',
  },
  delivered: { statusId: 9, status: 'Livrat', statusLabel: 'Coletul a fost livrat', statusState: 'Livrat' },
  refused: { statusId: 25, status: 'Refuzat', statusLabel: 'Destinatarul a refuzat coletul', statusState: 'Refuzat' },
  returning: {
    statusId: 29,
    status: 'Retur in curs',
    statusLabel: 'Coletul se intoarce la expeditor',
    statusState: 'Retur',
  },
  returned: {
    statusId: 84,
    status: 'Returnat',
    statusLabel: 'Coletul a fost returnat expeditorului',
    statusState: 'Returnat',
  },
};
const CREATED = { statusId: 1, status: 'AWB emis', statusLabel: 'AWB-ul a fost emis', statusState: 'Emis' };

function demoAccount(): SamedayAccount {
  const b = GEO.find((c) => c.code === 'B')!;
  const il = GEO.find((c) => c.code === 'IF')!;
  return {
    username: 'demo',
    password: 'demo',
    clientName: 'Magazin Demo SRL',
    pickupPoints: [
      {
        id: 3101,
        alias: 'Depozit București',
        address: 'Calea Victoriei 120',
        defaultPickupPoint: true,
        countyId: b.id,
        cityId: b.localities[0].id,
        contactPersons: [
          { id: 7101, name: 'Ana Pop', phoneNumber: '0722000111', defaultContactPerson: true },
          { id: 7102, name: 'Radu Ene', phoneNumber: '0722000222', defaultContactPerson: false },
        ],
      },
      {
        id: 3102,
        alias: 'Depozit Voluntari',
        address: 'Șoseaua Afumați 2',
        defaultPickupPoint: false,
        countyId: il.id,
        cityId: il.localities[0].id,
        contactPersons: [{ id: 7103, name: 'Ioana Marin', phoneNumber: '0722000333', defaultContactPerson: true }],
      },
    ],
  };
}

/**
 * The emulated easybox network (the same for every account, as Sameday's): one locker per street
 * of the cities whose codes go by street, one in every other locality, under Sameday's field names.
 * Names and places keep their diacritics; Sameday's own list mixes both spellings.
 */
const LOCKERS = GEO.flatMap((county) =>
  county.localities.flatMap((locality) => {
    const spots = locality.streets.length
      ? locality.streets.map((st) => ({ street: st.name, postalCode: st.ranges[0][2] }))
      : [{ street: 'Strada Principală', postalCode: locality.postalCode ?? '' }];
    return spots.map((spot, i) => ({ county, locality, spot, n: i + 1 }));
  }),
).map(({ county, locality, spot, n }, i) => ({
  lockerId: 1000 + i,
  name: `easybox ${locality.name}${n > 1 || locality.streets.length ? ` ${spot.street.replace(/^(Strada|Bulevardul|Calea|Șoseaua) /, '')}` : ''}`,
  county: county.name,
  city: locality.name,
  address: `${spot.street} ${10 + ((i * 7) % 90)}`,
  postalCode: spot.postalCode,
  lat: '0',
  lng: '0',
  phone: '0219000',
  email: 'easybox@sameday.ro',
  supportedPayment: 1,
  clientVisible: 1,
  availableBoxes: [
    { size: 'S', number: 4 },
    { size: 'M', number: 3 },
    { size: 'L', number: 1 },
  ],
  schedule: Array.from({ length: 7 }, (_, day) => ({ day: day + 1, openingHour: '00:00', closingHour: '23:59' })),
}));

async function seedDemo(store: EmulatorStore): Promise<void> {
  const account = demoAccount();
  await store.add('accounts', account.username, account);
}

/** Sameday's page envelope. */
function page<T>(rows: T[], query: { page?: string; countPerPage?: string }) {
  const perPage = Math.min(Math.max(Number(query.countPerPage) || 50, 1), 500);
  const current = Math.max(Number(query.page) || 1, 1);
  return {
    total: rows.length,
    currentPage: current,
    pages: Math.max(1, Math.ceil(rows.length / perPage)),
    perPage,
    data: rows.slice((current - 1) * perPage, current * perPage),
  };
}

const str = (v: string | ParsedForm | undefined): string => (typeof v === 'string' ? v : '');

export function createSamedayEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const emulator: Emulator = {
    name: 'sameday',
    faults,
    store,
    demoCredentials: { username: 'demo', password: 'demo' },
    openAccount: (holder) =>
      openHolderAccount<SamedayAccount>(
        store,
        holder,
        async (login) => ({
          ...login,
          clientName: holder.name,
          pickupPoints: [
            holderPickupPoint(holder, {
              point: await store.next('pickupPoint', 3201),
              contact: await store.next('contactPerson', 7201),
            }),
          ],
        }),
        (account) => ({
          ...account,
          clientName: holder.name,
          pickupPoints: account.pickupPoints.map((p, i) =>
            i === 0 ? holderPickupPoint(holder, { point: p.id, contact: p.contactPersons[0].id }) : p,
          ),
        }),
      ),
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).send({ code: 500, message: 'Internal Server Error' }),
      );
      acceptFormBodies(app);

      const authed = async (req: FastifyRequest, reply: FastifyReply): Promise<SamedayAccount | null> => {
        const token = String(req.headers['x-auth-token'] ?? '');
        const session = token ? await store.get<Session>('tokens', token) : undefined;
        if (session && faults.take('expired_token')) {
          session.expiresAt = clock.now();
          await store.put('tokens', token, session);
        }
        if (!session || session.expiresAt <= clock.now()) {
          reply.code(401).send({ code: 401, message: session ? 'Expired JWT Token' : 'Invalid JWT Token' });
          return null;
        }
        if (faults.take('error_in_200')) {
          reply.code(200).send({ code: 500, message: 'Serviciul este temporar indisponibil.' });
          return null;
        }
        return (await store.get<SamedayAccount>('accounts', session.username)) ?? null;
      };

      app.post('/api/authenticate', async (req, reply) => {
        const username = String(req.headers['x-auth-username'] ?? '');
        const password = String(req.headers['x-auth-password'] ?? '');
        const found = username ? await store.get<SamedayAccount>('accounts', username) : undefined;
        const account = found && found.password === password ? found : undefined;
        if (faults.take('error_in_200'))
          return reply.code(200).send({ code: 500, message: 'Serviciul este temporar indisponibil.' });
        if (faults.take('refused_login') || !account)
          return reply.code(401).send({ code: 401, message: 'Bad credentials.' });
        const token = crypto.randomBytes(32).toString('hex');
        const expiresAt = clock.now() + TOKEN_SECONDS;
        await store.put('tokens', token, { username: account.username, expiresAt } satisfies Session);
        return { token, expire_at: toBucharest(expiresAt).slice(0, 16) };
      });

      app.get('/api/client/pickup-points', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const rows = account.pickupPoints.map((p) => {
          const { county, city } = placeOf(p);
          return {
            id: p.id,
            country: { id: 187, name: 'Romania', code: 'RO' },
            county: { id: county.id, name: county.name, code: county.code },
            city: {
              id: city.id,
              name: city.name,
              samedayDeliveryAgency: 'Sameday',
              samedayPickupAgency: 'Sameday',
              extraKM: 0,
            },
            address: p.address,
            defaultPickupPoint: p.defaultPickupPoint,
            alias: p.alias,
            status: true,
            pickupPointContactPerson: p.contactPersons.map((c) => ({
              id: c.id,
              name: c.name,
              phoneNumber: c.phoneNumber,
              defaultContactPerson: c.defaultContactPerson,
            })),
          };
        });
        return page(rows, req.query as Record<string, string>);
      });

      app.get('/api/client/lockers', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        return page(LOCKERS, req.query as Record<string, string>);
      });

      app.get('/api/client/services', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        return page(SERVICES, req.query as Record<string, string>);
      });

      app.get('/api/geolocation/county', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        const q = req.query as Record<string, string>;
        const rows = GEO.filter((c) => !q.name || placeKey(c.name).includes(placeKey(q.name))).map((c) => ({
          id: c.id,
          name: c.name,
          code: c.code,
        }));
        return page(rows, q);
      });

      app.get('/api/geolocation/city', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        const q = req.query as Record<string, string>;
        const rows = GEO.filter((c) => !q.county || c.id === Number(q.county)).flatMap((c) =>
          localitiesOf(c)
            .filter(
              (l) =>
                (!q.name || placeKey(l.name).includes(placeKey(q.name))) &&
                (!q.postalCode || l.postalCode === q.postalCode),
            )
            .map((l) => ({
              id: l.id,
              name: l.name,
              county: { id: c.id, name: c.name, code: c.code },
              postalCode: l.postalCode ?? '',
              extraKM: 0,
              // The commune of a village, as Sameday tells apart villages of one name.
              village: l.commune ?? '',
            })),
        );
        return page(rows, q);
      });

      app.post('/api/awb', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
          return reply.code(400).send({
            code: 400,
            message: 'Validation Failed',
            errors: { children: { pickupPoint: { errors: ['This value should not be blank.'] } } },
          });
        }
        const f = parsePhpForm(String(req.body ?? ''));
        const children: Record<string, unknown> = {};
        const fail = (path: string[], message: string) => {
          let node = children;
          for (const key of path.slice(0, -1))
            node = ((node[key] ??= { children: {} }) as { children: Record<string, unknown> }).children;
          const leaf = (node[path.at(-1)!] ??= { errors: [] }) as { errors: string[] };
          leaf.errors.push(message);
        };
        const point = account.pickupPoints.find((p) => p.id === Number(str(f.pickupPoint)));
        if (!point) fail(['pickupPoint'], 'Invalid pickup point.');
        const contact =
          point &&
          (str(f.contactPerson)
            ? point.contactPersons.find((c) => c.id === Number(str(f.contactPerson)))
            : point.contactPersons.find((c) => c.defaultContactPerson));
        if (point && !contact) fail(['contactPerson'], 'Invalid contact person.');
        const service = SERVICES.find((s) => s.id === Number(str(f.service)));
        if (!service) fail(['service'], 'Invalid service.');
        if (str(f.awbPayment) !== '1') fail(['awbPayment'], 'This value is not valid.');
        const r = (typeof f.awbRecipient === 'object' ? f.awbRecipient : {}) as ParsedForm;
        // An easybox delivery (`lockerLastMile`) goes to the locker's address with the locker service.
        const locker = str(f.lockerLastMile) ? LOCKERS.find((l) => l.lockerId === Number(str(f.lockerLastMile))) : null;
        if (locker === undefined) fail(['lockerLastMile'], 'Invalid locker.');
        else if (locker && service && service.serviceCode !== 'LN')
          fail(['service'], 'The selected service does not deliver to lockers.');
        const county = locker
          ? GEO.find((c) => c.name === locker.county)
          : findCounty({ id: Number(str(r.county)) || null, name: str(r.countyString) });
        const city = locker
          ? county?.localities.find((l) => l.name === locker.city)
          : county && findLocality(county, { id: Number(str(r.city)) || null, name: str(r.cityString) });
        if (!county) fail(['awbRecipient', 'county'], 'Invalid county.');
        else if (!city) fail(['awbRecipient', 'city'], 'Invalid city.');
        if (!str(r.name).trim()) fail(['awbRecipient', 'name'], 'This value should not be blank.');
        if (!/^\+?\d{9,15}$/.test(str(r.phoneNumber).replace(/[\s.-]/g, '')))
          fail(['awbRecipient', 'phoneNumber'], 'Invalid phone number.');
        if (!locker && !str(r.address).trim()) fail(['awbRecipient', 'address'], 'This value should not be blank.');
        const parcels = Object.values((typeof f.parcels === 'object' ? f.parcels : {}) as Record<string, ParsedForm>);
        if (parcels.length === 0) fail(['parcels'], 'At least one parcel is required.');
        parcels.forEach((p, i) => {
          if (!(Number(str(p.weight)) > 0))
            fail(['parcels', String(i), 'weight'], 'This value should be greater than 0.');
        });
        if (Object.keys(children).length)
          return reply.code(400).send({ code: 400, message: 'Validation Failed', errors: { children } });

        const number = await nextAwbNumber(store, '1ONB', 24000001);
        const weight = parcels.reduce((s, p) => s + Number(str(p.weight)), 0);
        const cod = numberToBani(str(f.cashOnDelivery) || 0);
        const costBani = shippingCostBani(weight, cod);
        const { county: pointCounty, city: pointCity } = placeOf(point!);
        const sender: LabelParty = {
          name: account.clientName,
          contact: contact!.name,
          phone: contact!.phoneNumber,
          lines: [point!.address, `${pointCity.name}, ${pointCounty.name}`],
        };
        const recipient: LabelParty = {
          name: str(r.name),
          phone: str(r.phoneNumber),
          lines: locker
            ? [locker.name, locker.address, `${city!.name}, ${county!.name} ${locker.postalCode}`.trim()]
            : [str(r.address), `${city!.name}, ${county!.name} ${str(r.postalCode)}`.trim()],
        };
        const parcelNumbers = parcels.map((_, i) => `${number}${String(i + 1).padStart(3, '0')}`);
        await store.put('shipments', number, {
          number,
          parcelNumbers,
          createdAt: clock.now(),
          account: account.username,
          service: service!.name,
          sender,
          recipient,
          senderLocality: pointCity.name,
          recipientLocality: city!.name,
          parcels: parcels.length,
          weightKg: weight,
          codBani: cod,
          declaredBani: numberToBani(str(f.insuredValue) || 0),
          content: str(f.observation),
          reference: str(f.clientInternalReference) || null,
          observations: str(f.observation) || null,
          costBani,
          deleted: false,
          pickupPointId: point!.id,
          contactPersonId: contact!.id,
        } satisfies SamedayShipment);
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return {
          awbNumber: number,
          awbCost: baniToNumber(costBani),
          parcels: parcelNumbers.map((awbNumber, i) => ({ position: i + 1, awbNumber })),
        };
      });

      const mine = async (account: SamedayAccount, awb: string) => {
        const s = await store.get<SamedayShipment>('shipments', awb);
        return s && s.account === account.username && !s.deleted ? s : undefined;
      };

      app.get('/api/awb/download/:awb/:format', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const { awb, format } = req.params as { awb: string; format: string };
        const s = await mine(account, awb);
        if (!s) return reply.code(404).send({ code: 404, message: 'Awb not found.' });
        if (!['A4', 'A6'].includes(format)) return reply.code(400).send({ code: 400, message: 'Invalid format.' });
        const pdf = await awbLabelPdf(labelOf(s, 'Sameday', format === 'A6' ? 'A6' : 'A4'));
        return reply.type('application/pdf').send(pdf);
      });

      app.delete('/api/awb/:awb', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const s = await mine(account, (req.params as { awb: string }).awb);
        if (!s) return reply.code(404).send({ code: 404, message: 'Awb not found.' });
        if (!deletable(s, clock.now()))
          return reply
            .code(400)
            .send({ code: 400, message: 'Awb-ul nu poate fi sters deoarece a fost deja preluat de curier.' });
        await store.put('shipments', s.number, { ...s, deleted: true });
        return reply.code(204).send();
      });

      // Every status a parcel of the account reached in [startTimestamp, endTimestamp] (at most 2 h), "AWB emis" included.
      app.get('/api/client/status-sync', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const q = req.query as Record<string, string>;
        const start = Number(q.startTimestamp);
        const end = Number(q.endTimestamp);
        if (!Number.isInteger(start) || !Number.isInteger(end) || end < start)
          return reply.code(400).send({ code: 400, message: 'Invalid time interval.' });
        if (end - start > 7200)
          return reply.code(400).send({ code: 400, message: 'The time interval must not exceed 2 hours.' });
        const now = clock.now();
        const rows = (await store.list<SamedayShipment>('shipments'))
          .filter((s) => s.account === account.username && !s.deleted)
          .flatMap((s) => {
            const moves = [
              { ...CREATED, at: s.createdAt, reason: '' },
              ...stagesAt(s, now).map((e) => ({
                ...STATUSES[e.stage],
                at: e.at,
                reason: e.stage === 'refused' ? 'Refuzat la livrare' : '',
              })),
            ];
            return moves
              .filter((m) => m.at >= start && m.at <= end)
              .flatMap((m) =>
                s.parcelNumbers.map((parcelAwbNumber) => ({
                  statusId: m.statusId,
                  status: m.status,
                  statusLabel: m.statusLabel,
                  statusState: m.statusState,
                  statusDate: toBucharest(m.at, 'T'),
                  parcelAwbNumber,
                  reasonId: '',
                  reason: m.reason,
                  parcelDetails: '',
                  at: m.at,
                })),
              );
          })
          .sort((a, b) => a.at - b.at)
          .map(({ at: _at, ...row }) => row);
        return page(rows, q);
      });

      app.get('/api/client/awb/:awb/status', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const s = await mine(account, (req.params as { awb: string }).awb);
        if (!s) return reply.code(404).send({ code: 404, message: 'Awb not found.' });
        const now = clock.now();
        const events = stagesAt(s, now);
        const history = [
          {
            ...CREATED,
            statusDate: toBucharest(s.createdAt, 'T'),
            county: '',
            reason: '',
            transitLocation: s.senderLocality,
          },
          ...events.map((e) => ({
            ...STATUSES[e.stage],
            statusDate: toBucharest(e.at, 'T'),
            county: '',
            reason: e.stage === 'refused' ? 'Refuzat la livrare' : '',
            transitLocation: e.stage === 'pickedUp' ? s.senderLocality : s.recipientLocality,
          })),
        ];
        const last = history.at(-1)!;
        const delivered = events.some((e) => e.stage === 'delivered');
        return {
          expeditionSummary: {
            awbNumber: s.number,
            delivered,
            canceled: false,
            deliveryAttempts: events.some((e) => e.stage === 'inDelivery') ? 1 : 0,
            deliveredAt: delivered ? last.statusDate : null,
            lastDeliveryAttempt: null,
            cashOnDelivery: baniToNumber(s.codBani),
            servicePayment: baniToNumber(s.costBani),
            awbWeight: s.weightKg,
            redirectionsAttempts: 0,
            // The create's clientInternalReference (null when it had none). Sameday documents the
            // field on the create; which read gives it back is not documented: this emulator gives it
            // in the summary, and the client copes with an answer that has none.
            clientInternalReference: s.reference,
          },
          expeditionStatus: { ...last, expeditionDetails: '' },
          parcelsStatus: s.parcelNumbers.map((parcelAwbNumber) => ({ ...last, parcelAwbNumber, parcelDetails: '' })),
          // Newest first, as Sameday lists it.
          expeditionHistory: [...history].reverse(),
        };
      });
    },
  };
  return emulator;
}
