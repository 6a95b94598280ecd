import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awbLabelPdf, LABEL_PAGES_MM, type LabelParty } from '../lib/pdf/documents.js';
import { bucharestDate, toBucharest } from '../lib/bucharestTime.js';
import { GEO, findCounty, findLocality, localitiesOf, localityById, streetsOf } from './geo.js';
import {
  applyCommonFaults,
  baniToNumber,
  emulatorBase,
  numberToBani,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
} from './kit.js';
import {
  deletable,
  labelOf,
  nextAwbNumber,
  repaymentOf,
  shippingCostBani,
  stagesAt,
  type Shipment,
  type Stage,
} from './shipments.js';

/**
 * Cargus "UrgentOnlineAPI" emulator (routes under /api, as https://urgentcargus.azure-api.net/api).
 * Auth as the real one: `Ocp-Apim-Subscription-Key` on every call (Azure APIM's 401 otherwise),
 * `POST LoginUser` answers the token as a JSON string, `Authorization: Bearer` on the rest, tokens
 * valid 24 h. Errors: a JSON array of messages (400), `{message}` for a denied token (401).
 * Labels: `AwbDocuments` answers a JSON string holding the PDF in base64.
 *
 * Its store: `accounts` by subscription key, `tokens` by token (they outlive a restart, as
 * Cargus's do), `shipments` by AWB number; counters `awb` and `order`.
 */

export interface CargusPickupLocation {
  LocationId: number;
  Name: string;
  CountyId: number;
  CountyName: string;
  LocalityId: number;
  LocalityName: string;
  StreetId: number;
  StreetName: string;
  BuildingNumber: string;
  AddressText: string;
  ContactPerson: string;
  PhoneNumber: string;
  Email: string;
  CodPostal: string;
  AutomaticEOD: string;
}

interface CargusAccount {
  username: string;
  password: string;
  apiKey: string;
  clientName: string;
  locations: CargusPickupLocation[];
}

export type CargusShipment = Shipment & { locationId: number };

interface Session {
  username: string;
  expiresAt: number;
}

/**
 * The emulated Ship & Go network (the same for every account, as Cargus's): one point in every
 * locality of the nomenclature, two in the cities coded by street, under the fields `PudoPoints`
 * answers. About one point in four takes no cash on delivery (`ServiceCOD: false`), as a
 * self-service locker that only takes prepaid parcels.
 */
/** Cargus's service for a delivery to a Ship & Go point. */
const PUDO_SERVICE = 38;

const PUDO_POINTS = GEO.flatMap((county) =>
  county.localities.flatMap((locality) => {
    const streets = locality.streets.length
      ? locality.streets.slice(0, 2).map((st) => ({ name: st.name, postalCode: st.ranges[0][2] }))
      : [{ name: 'Strada Principală', postalCode: locality.postalCode ?? '' }];
    return streets.map((street) => ({ county, locality, street }));
  }),
).map(({ county, locality, street }, i) => ({
  Id: 5000 + i,
  Name: `Ship & Go ${locality.name} ${street.name.replace(/^(Strada|Bulevardul|Calea|Șoseaua) /, '')}`,
  LocationId: 9000 + i,
  CityId: locality.id,
  City: locality.name,
  County: county.name,
  CountyId: county.id,
  StreetName: street.name,
  StreetNo: String(1 + ((i * 7) % 90)),
  PostalCode: street.postalCode,
  Latitude: 0,
  Longitude: 0,
  ServiceCOD: i % 4 !== 3,
  PaymentType: i % 4 !== 3 ? 1 : 0,
  OpenHours: [{ Day: 'Luni-Vineri', Hours: '08:00-20:00' }],
}));

const TOKEN_SECONDS = 24 * 3600;
const SUBSCRIPTION_DENIED = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};
const TOKEN_DENIED = { message: 'Authorization has been denied for this request.' };
const LOGIN_FAILED = 'Failed to authenticate!';

// Cargus does not publish its event codes; 21 = delivered is what integrators observed.
// Exported for the demo seed, which reads its parcels as tracking would (seed/attention.ts).
export const EVENTS: Record<Stage, { id: number; description: string }> = {
  pickedUp: { id: 1, description: 'Expeditia a fost preluata de curier' },
  in_transit: { id: 2, description: 'Expeditia este in tranzit spre depozitul de destinatie' },
  inDelivery: { id: 4, description: 'Expeditia este in livrare' },
  failedAttempt: { id: 5, description: 'Destinatar absent / adresa incompleta - se reprogrameaza livrarea' },
  delivered: { id: 21, description: 'Confirmat - livrat destinatarului' },
  refused: { id: 6, description: 'Refuzat de destinatar' },
  returning: { id: 7, description: 'Expeditia se returneaza la expeditor' },
  returned: { id: 8, description: 'Returnat la expeditor' },
};

export function demoAccount(): CargusAccount {
  const cluj = GEO.find((c) => c.code === 'CJ')!;
  const clujNapoca = cluj.localities[0];
  const street = clujNapoca.streets.find((s) => s.name === 'Strada Fabricii')!;
  const location = (id: number, name: string, building: string, contact: string): CargusPickupLocation => ({
    LocationId: id,
    Name: name,
    CountyId: cluj.id,
    CountyName: cluj.name,
    LocalityId: clujNapoca.id,
    LocalityName: clujNapoca.name,
    StreetId: street.id,
    StreetName: street.name,
    BuildingNumber: building,
    AddressText: `${street.name} nr. ${building}`,
    ContactPerson: contact,
    PhoneNumber: '0722000111',
    Email: 'depozit@demo.ro',
    CodPostal: street.ranges[0][2],
    AutomaticEOD: '17:00',
  });
  return {
    username: 'demo',
    password: 'demo',
    apiKey: 'demo',
    clientName: 'Magazin Demo SRL',
    locations: [
      location(201001, 'Depozit Cluj', '12', 'Ana Pop'),
      location(201002, 'Showroom Cluj', '40', 'Mihai Ionescu'),
    ],
  };
}

async function seedDemo(store: EmulatorStore): Promise<void> {
  const account = demoAccount();
  await store.add('accounts', account.apiKey, account);
}

export function createCargusEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const emulator: Emulator = {
    name: 'cargus',
    faults,
    store,
    demoCredentials: { username: 'demo', password: 'demo', api_key: 'demo' },
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) => reply.code(500).send({ Message: 'An error has occurred.' }));

      const accountOfKey = async (req: FastifyRequest) => {
        const key = req.headers['ocp-apim-subscription-key'];
        return typeof key === 'string' ? store.get<CargusAccount>('accounts', key) : undefined;
      };
      /** The account behind a valid key and bearer token, or the reply already sent. */
      const authed = async (req: FastifyRequest, reply: FastifyReply): Promise<CargusAccount | null> => {
        const account = await accountOfKey(req);
        if (!account) {
          reply.code(401).send(SUBSCRIPTION_DENIED);
          return null;
        }
        const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
        const session = token ? await store.get<Session>('tokens', token) : undefined;
        if (token && session && faults.take('expired_token')) {
          session.expiresAt = clock.now();
          await store.put('tokens', token, session);
        }
        if (!session || session.username !== account.username || session.expiresAt <= clock.now()) {
          reply.code(401).send(TOKEN_DENIED);
          return null;
        }
        if (faults.take('error_in_200')) {
          reply.code(200).send({ Error: 'Eroare interna. Va rugam reveniti.' });
          return null;
        }
        return account;
      };

      app.post('/api/LoginUser', async (req, reply) => {
        const account = await accountOfKey(req);
        if (!account) return reply.code(401).send(SUBSCRIPTION_DENIED);
        const body = (req.body ?? {}) as { UserName?: string; Password?: string };
        if (faults.take('error_in_200')) return reply.code(200).send(JSON.stringify(LOGIN_FAILED));
        if (faults.take('refused_login') || body.UserName !== account.username || body.Password !== account.password) {
          return reply.code(401).type('application/json').send(JSON.stringify(LOGIN_FAILED));
        }
        const token = crypto.randomBytes(24).toString('base64url');
        await store.put('tokens', token, {
          username: account.username,
          expiresAt: clock.now() + TOKEN_SECONDS,
        } satisfies Session);
        return reply.type('application/json').send(JSON.stringify(token));
      });

      app.get('/api/TokenVerification', async (req, reply) => {
        const account = await accountOfKey(req);
        if (!account) return reply.code(401).send(SUBSCRIPTION_DENIED);
        const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
        const session = token ? await store.get<Session>('tokens', token) : undefined;
        return Boolean(session && session.expiresAt > clock.now());
      });

      app.get('/api/PickupLocations', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        return account.locations;
      });

      app.get('/api/PudoPoints', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        return PUDO_POINTS;
      });

      app.get('/api/Counties', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        const { countryId } = req.query as { countryId?: string };
        if (countryId !== '1') return reply.code(204).send();
        return GEO.map((c) => ({ CountyId: c.id, Name: c.name, Abbreviation: c.code }));
      });

      app.get('/api/Localities', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        const { countryId, countyId } = req.query as { countryId?: string; countyId?: string };
        const county = GEO.find((c) => c.id === Number(countyId));
        if (countryId !== '1' || !county) return reply.code(204).send();
        return localitiesOf(county).map((l) => ({
          LocalityId: l.id,
          Name: l.name,
          ParentId: 0,
          // A village's commune (the parent locality), which tells apart villages of one name.
          ParentName: l.commune ?? null,
          ExtraKm: 0,
          InNetwork: true,
          CountyId: county.id,
          CountryId: 1,
          PostalCode: l.postalCode ?? '0',
          MaxHour: '17:00',
          SaturdayDelivery: false,
        }));
      });

      app.get('/api/Streets', async (req, reply) => {
        if (!(await authed(req, reply))) return reply;
        const found = localityById(Number((req.query as { localityId?: string }).localityId));
        if (!found) return reply.code(204).send();
        return streetsOf(found.locality).map((s) => ({
          StreetId: s.id,
          Name: s.name,
          PostalNumbers: s.ranges.map(([FromNo, ToNo, PostalCode]) => ({ FromNo, ToNo, PostalCode })),
        }));
      });

      app.post('/api/Awbs/WithGetAwb', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const b = (req.body ?? {}) as Record<string, unknown> & {
          Sender?: { LocationId?: number; Name?: string };
          Recipient?: Record<string, unknown>;
          ParcelCodes?: Record<string, unknown>[];
        };
        const errors: string[] = [];
        const location = account.locations.find((l) => l.LocationId === Number(b.Sender?.LocationId));
        if (!location) errors.push('Punctul de ridicare nu exista!');
        const r = b.Recipient ?? {};
        // Service 38 delivers to a Ship & Go point: the point is the address, the recipient only a
        // name, phone and email; cash on delivery only where the point takes it.
        const toPudo = Number(b.ServiceId) === PUDO_SERVICE;
        const pudo = toPudo ? PUDO_POINTS.find((p) => p.Id === Number(b.DeliveryPudoPoint)) : undefined;
        if (toPudo && !pudo) errors.push('Punctul Ship & Go nu exista!');
        const county = pudo
          ? GEO.find((c) => c.id === pudo.CountyId)
          : findCounty({ id: Number(r.CountyId) || null, name: String(r.CountyName ?? '') });
        const locality = pudo
          ? county?.localities.find((l) => l.id === pudo.CityId)
          : county && findLocality(county, { id: Number(r.LocalityId) || null, name: String(r.LocalityName ?? '') });
        if (!toPudo && !county) errors.push("The recipient's county could not be matched!");
        else if (!toPudo && !locality) errors.push("The recipient's locality could not be matched!");
        if (!String(r.Name ?? '').trim()) errors.push('Numele destinatarului este obligatoriu!');
        if (!String(r.PhoneNumber ?? '').trim()) errors.push('Telefonul destinatarului este obligatoriu!');
        const parcels = Number(b.Parcels ?? 0);
        const envelopes = Number(b.Envelopes ?? 0);
        const weight = Number(b.TotalWeight ?? 0);
        if (parcels + envelopes < 1) errors.push('Numarul de colete si plicuri trebuie sa fie cel putin 1!');
        if (parcels > 15) errors.push('Numarul maxim de colete este 15!');
        if (!Number.isInteger(weight) || weight < 1)
          errors.push('Greutatea totala trebuie sa fie un numar intreg de kg, minim 1!');
        const cash = numberToBani(b.CashRepayment ?? 0);
        const bank = numberToBani(b.BankRepayment ?? 0);
        if (cash > 0 && bank > 0) errors.push('Rambursul poate fi numerar sau in cont, nu ambele!');
        if (pudo && !pudo.ServiceCOD && cash + bank > 0)
          errors.push('Punctul Ship & Go selectat nu accepta plata ramburs!');
        if (![1, 34, 35, 36, PUDO_SERVICE, 39].includes(Number(b.ServiceId ?? 34)))
          errors.push('Serviciul selectat nu este disponibil!');
        if (errors.length) return reply.code(400).send(errors);

        const number = await nextAwbNumber(store, '1', 100000001);
        const cod = cash || bank;
        // The sender's name as sent (Cargus takes the Sender's fields beside its location), else the client's.
        const senderParty: LabelParty = {
          name: String(b.Sender?.Name ?? '').trim() || account.clientName,
          contact: location!.ContactPerson,
          phone: location!.PhoneNumber,
          lines: [location!.AddressText, `${location!.LocalityName}, ${location!.CountyName} ${location!.CodPostal}`],
        };
        const recipientParty: LabelParty = {
          name: String(r.Name),
          contact: r.ContactPerson ? String(r.ContactPerson) : null,
          phone: String(r.PhoneNumber),
          lines: pudo
            ? [
                pudo.Name,
                `${pudo.StreetName} ${pudo.StreetNo}`,
                `${pudo.City}, ${pudo.County} ${pudo.PostalCode}`.trim(),
              ]
            : [
                String(r.AddressText ?? [r.StreetName, r.BuildingNumber].filter(Boolean).join(' ')),
                `${locality!.name}, ${county!.name} ${String(r.CodPostal ?? locality!.postalCode ?? '')}`.trim(),
              ],
        };
        const parcelCodes = (b.ParcelCodes ?? []).map((p, i) => ({
          ...p,
          Code: `${number}${String(i + 1).padStart(3, '0')}`,
        }));
        const costBani = shippingCostBani(weight, cod);
        const shipment: CargusShipment = {
          number,
          parcelNumbers: parcelCodes.map((p) => p.Code),
          createdAt: clock.now(),
          account: account.username,
          service: Number(b.ServiceId ?? 34) === 35 ? 'Standard Plus' : pudo ? 'Ship & Go' : 'Economic Standard',
          sender: senderParty,
          recipient: recipientParty,
          senderLocality: location!.LocalityName,
          recipientLocality: locality?.name ?? pudo?.City ?? '',
          parcels: parcels + envelopes,
          weightKg: weight,
          codBani: cod,
          declaredBani: numberToBani(b.DeclaredValue ?? 0),
          content: String(b.PackageContent ?? ''),
          reference: b.CustomString ? String(b.CustomString) : null,
          observations: b.Observations ? String(b.Observations) : null,
          costBani,
          deleted: false,
          locationId: location!.LocationId,
        };
        await store.put('shipments', number, shipment);
        const orderId = await store.next('order', 9000001);
        if (faults.take('answer_lost')) return hanger.hang(reply);
        const net = Math.round(costBani / 1.21);
        return [
          {
            ...b,
            BarCode: number,
            IdComanda: orderId,
            ReturnCode: null,
            ReturnAwb: null,
            ParcelCodes: parcelCodes,
            ShippingCost: {
              BaseCost: baniToNumber(net),
              ExtraKmCost: 0,
              WeightCost: 0,
              InsuranceCost: 0,
              SpecialCost: 0,
              RepaymentCost: 0,
              Subtotal: baniToNumber(net),
              Tax: baniToNumber(costBani - net),
              GrandTotal: baniToNumber(costBani),
            },
            Status: 'Validat',
            ValidationDate: toBucharest(clock.now(), 'T'),
          },
        ];
      });

      const mine = async (account: CargusAccount, barCode: string) => {
        const s = await store.get<CargusShipment>('shipments', barCode);
        return s && s.account === account.username && !s.deleted ? s : undefined;
      };

      /** `barCodes=["1","2"]` as the plugins send it, or a bare number. */
      const barcodeList = (raw: unknown): string[] => {
        const text = String(raw ?? '').trim();
        if (text.startsWith('[')) {
          try {
            return (JSON.parse(text) as unknown[]).map(String);
          } catch {
            return [];
          }
        }
        return text ? text.split(',').map((t) => t.trim()) : [];
      };

      app.get('/api/AwbDocuments', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const q = req.query as { barCodes?: string; type?: string; format?: string };
        const shipments = await Promise.all(barcodeList(q.barCodes).map((b) => mine(account, b)));
        if (shipments.length === 0 || shipments.some((s) => !s))
          return reply.code(400).send(['AWB-ul nu a fost gasit!']);
        if ((q.type ?? 'PDF').toUpperCase() !== 'PDF')
          return reply.code(400).send(['Tipul documentului nu este suportat!']);
        // format=1: Cargus's label page, printed on a 100 × 150 mm thermal roll; else A4.
        const pdf = await awbLabelPdf(
          shipments.map((s) =>
            q.format === '1' ? labelOf(s!, 'Cargus', 'A6', LABEL_PAGES_MM.roll) : labelOf(s!, 'Cargus', 'A4'),
          ),
        );
        return reply.type('application/json').send(JSON.stringify(pdf.toString('base64')));
      });

      app.delete('/api/Awbs', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const s = await mine(account, String((req.query as { barCode?: string }).barCode ?? ''));
        if (!s) return reply.code(400).send(['AWB-ul nu a fost gasit!']);
        if (!deletable(s, clock.now()))
          return reply.code(400).send(['AWB-ul nu mai poate fi sters: expeditia a fost preluata de curier!']);
        await store.put('shipments', s.number, { ...s, deleted: true });
        return true;
      });

      /** `MM-dd-yyyy` (the documented form) → "yyyy-mm-dd", or null. */
      const cargusDay = (text: unknown): string | null => {
        const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(String(text ?? '').trim());
        return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
      };

      // The account's AWBs of a range of (Bucharest) days, oldest first, page by page; deleted ones are gone.
      app.get('/api/Awbs/GetByDate', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const q = req.query as { FromDate?: string; ToDate?: string; pageNumber?: string; itemsPerPage?: string };
        const from = cargusDay(q.FromDate);
        const to = cargusDay(q.ToDate);
        if (!from || !to) return reply.code(400).send(['Formatul datei este invalid (MM-dd-yyyy)!']);
        const perPage = Math.min(Math.max(Number(q.itemsPerPage) || 100, 1), 1000);
        const page = Math.max(Number(q.pageNumber) || 1, 1);
        const rows = (await store.list<CargusShipment>('shipments'))
          .filter(
            (s) =>
              s.account === account.username &&
              !s.deleted &&
              bucharestDate(s.createdAt) >= from &&
              bucharestDate(s.createdAt) <= to,
          )
          .sort((a, b) => a.createdAt - b.createdAt)
          .slice((page - 1) * perPage, page * perPage);
        return rows.map((s) => ({
          BarCode: s.number,
          CustomString: s.reference,
          ParcelCodes: s.parcelNumbers.map((Code) => ({ Code, Type: 1 })),
          TotalWeight: s.weightKg,
          CashRepayment: baniToNumber(s.codBani),
          Recipient: { Name: s.recipient.name },
          Status: 'Validat',
          ValidationDate: toBucharest(s.createdAt, 'T'),
        }));
      });

      // Cash on delivery of the account's AWBs collected on the (Bucharest) days of the range (ISO
      // dates here, unlike Awbs/GetByDate): RepaymentDate the collection, DeductionDate and
      // DeductionId the transfer to the sender (null until it is made). Fees are invoiced apart.
      app.get('/api/CashAccount/GetByDate', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const q = req.query as { FromDate?: string; ToDate?: string };
        const iso = (t: unknown) => (/^\d{4}-\d{2}-\d{2}$/.test(String(t ?? '').trim()) ? String(t).trim() : null);
        const from = iso(q.FromDate);
        const to = iso(q.ToDate);
        if (!from || !to) return reply.code(400).send(['Formatul datei este invalid (yyyy-MM-dd)!']);
        const now = clock.now();
        return (await store.list<CargusShipment>('shipments'))
          .filter((s) => s.account === account.username)
          .map((s) => ({ s, r: repaymentOf(s, now) }))
          .filter(({ r }) => r && bucharestDate(r.collectedAt) >= from && bucharestDate(r.collectedAt) <= to)
          .sort((a, b) => a.r!.collectedAt - b.r!.collectedAt)
          .map(({ s, r }) => ({
            BarCode: s.number,
            Date: toBucharest(s.createdAt, 'T'),
            Receiver: s.recipient.name,
            ToLocality: s.recipientLocality,
            CustomString: s.reference,
            RepaymentValue: baniToNumber(r!.paidBani),
            RepaymentDate: toBucharest(r!.collectedAt, 'T'),
            DeductionDate: r!.paidAt === null ? null : toBucharest(r!.paidAt, 'T'),
            DeductionId: r!.paidAt === null ? null : `OP${bucharestDate(r!.paidAt).replace(/-/g, '')}`,
          }));
      });

      app.get('/api/AwbTrace', async (req, reply) => {
        const account = await authed(req, reply);
        if (!account) return reply;
        const now = clock.now();
        return (
          await Promise.all(barcodeList((req.query as { barCode?: string }).barCode).map((b) => mine(account, b)))
        )
          .filter((s): s is NonNullable<typeof s> => !!s)
          .map((s) => ({
            Code: s.number,
            Type: 'AWB',
            MeasuredWeight: s.weightKg,
            VolumetricWeight: s.weightKg,
            ConfirmationName: stagesAt(s, now).some((e) => e.stage === 'delivered') ? s.recipient.name : null,
            Observation: s.observations,
            ResponseCode: null,
            Event: stagesAt(s, now).map((e) => ({
              EventId: EVENTS[e.stage].id,
              Description: EVENTS[e.stage].description,
              LocalityName: e.stage === 'pickedUp' ? s.senderLocality : s.recipientLocality,
              Date: toBucharest(e.at, 'T'),
            })),
          }));
      });
    },
  };
  return emulator;
}
