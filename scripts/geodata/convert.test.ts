import { describe, expect, it } from 'vitest';
import { convert, padPostalCode, parseInfocod, streetTypeName } from './convert';

// Small samples of the three raw files, rows copied as they are (see ../shared/geodata/README.md).
const SIRUTA = `SIRUTA;DENLOC;CODP;JUD;SIRSUP;TIP;NIV;MED;REGIUNE;FSJ;FSL;NUTS
38;JUDEȚUL ARGEȘ;0;3;1;40;1;0;3;3;0300000000000;RO311
17496;MOȘOAIA;0;3;38;3;2;3;3;3;0350214000000;RO311
17557;LĂZĂREȘTI;117511;3;17496;23;3;3;3;3;0350214701294;RO311
18670;SCHITU GOLEȘTI;0;3;38;3;2;3;3;3;0350240000000;RO311
18689;SCHITU GOLEȘTI;117650;3;18670;22;3;3;3;3;0350240301452;RO311
18714;LĂZĂREȘTI;117653;3;18670;23;3;3;3;3;0350240701293;RO311
127;JUDEȚUL CLUJ;0;12;1;40;1;0;6;13;1300000000000;RO113
54975;MUNICIPIUL CLUJ-NAPOCA;0;12;127;1;2;1;6;13;1310911000000;RO113
54984;CLUJ-NAPOCA;400335;12;54975;9;3;1;6;13;1310911104359;RO113
396;JUDEȚUL VRANCEA;0;39;1;40;1;0;2;41;4100000000000;RO226
174744;MUNICIPIUL FOCȘANI;0;39;396;1;2;1;2;41;4113030000000;RO226
174753;FOCȘANI;620003;39;174744;9;3;1;2;41;4113030113174;RO226
403;MUNICIPIUL BUCUREȘTI;0;40;1;40;1;0;8;42;4200000000000;RO321
179132;MUNICIPIUL BUCUREȘTI;0;40;403;9;2;1;8;42;4263072000000;RO321
179141;BUCUREȘTI SECTORUL 1;10013;40;179132;6;3;1;8;42;4263072413415;RO321
179150;BUCUREȘTI SECTORUL 2;20071;40;179132;6;3;1;8;42;4263072413416;RO321
`;

const JUDETE = `JUD;DENJ;FSJ;MNEMONIC;ZONA
3;ARGES;3;AG;3
12;CLUJ;13;CJ;6
39;VRANCEA;41;VN;2
40;BUCURESTI;42;B;8
`;

const INFOCOD = `-- Dumping data for table coduri_postale.coduripostale: 55.123 rows
INSERT INTO \`coduripostale\` (\`id\`, \`Judet\`, \`Localitate\`, \`Tip_artera\`, \`Denumire_artera\`, \`Numar_Bloc\`, \`Codpostal\`) VALUES
	(2, 'Argeş', 'Lăzăreşti (Schitu Goleşti)', '', '', '', '117653'),
	(25171, 'Cluj', 'Cluj-Napoca', 'Stradă', 'Zorilor', 'nr. 1-27; 2-44', '400335'),
	(25172, 'Cluj', 'Cluj-Napoca ', 'Stradă', 'Zorilor', 'nr. 29-T; 46-T', '400351'),
	(25173, 'Cluj', 'Cluj-Napoca', 'Str.', 'Pasteur Louis', 'km. 3', '400399'),
	(34792, 'Vrancea', 'Focşani', 'Stradă', 'Cuza Vodă', '', '620034'),
	(34795, 'Vrancea', 'Focşani', 'Fundătură', 'Cuza Vodă', '', '620035'),
	(34827, 'Vrancea', 'Focşani', 'Alee', 'Cuza Vodă', '', '620047'),
	(42700, 'Bucureşti', 'Sector1', 'Stradă', 'Eminescu Mihai', 'nr. 1-15', '010511'),
	(42701, 'Bucureşti', 'Sector2', 'Stradă', 'Eminescu Mihai', 'nr. 47-67', '020071'),
	(42702, 'Bucureşti', 'Sector1', 'Şosea', 'Ştefan cel Mare', 'nr. 1-3', '011736'),
	(42703, 'Bucureşti', 'Sector2', 'Stradă', 'D''Aragona', 'bl. T120, A1', '020999'),
	(42704, 'Bucureşti', 'Sector3', 'Stradă', 'Ion Ghica', 'nr. 9 \\'bis\\'', '030999'),
	(42705, 'Satu Mare', 'Nowhere', 'Stradă', 'Lungă', '', '440000');
`;

const sources = { siruta: 'INS SIRUTA 2025 S1', postal_codes: 'Poșta Română Infocod, ediția 2013' };
const run = () => convert({ siruta: SIRUTA, countyCodes: JUDETE, postalCodes: INFOCOD, sources });

describe('geodata converter', () => {
  it('reads the MySQL dump, with doubled and escaped quotes and trailing spaces', () => {
    const rows = parseInfocod(INFOCOD);
    expect(rows).toHaveLength(13);
    expect(rows[2]).toEqual({
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      streetType: 'Stradă',
      streetName: 'Zorilor',
      number: 'nr. 29-T; 46-T',
      postalCode: '400351',
    });
    expect(rows[10].streetName).toBe("D'Aragona");
    expect(rows[11].number).toBe("nr. 9 'bis'");
  });

  it('counties with their codes, in Romanian order, names with comma-below diacritics', () => {
    expect(run().data.counties).toEqual([
      [3, 'Argeș', 'AG'],
      [40, 'București', 'B'],
      [12, 'Cluj', 'CJ'],
      [39, 'Vrancea', 'VN'],
    ]);
  });

  it('localities with their commune, postal codes padded, none for cities coded by street; Bucharest as one city', () => {
    const { localities } = run().data;
    expect(localities).toEqual([
      [17557, 'Lăzărești', 3, 'Moșoaia', '117511'],
      [18714, 'Lăzărești', 3, 'Schitu Golești', '117653'],
      [18689, 'Schitu Golești', 3, null, '117650'],
      [54984, 'Cluj-Napoca', 12, null, null],
      [174753, 'Focșani', 39, null, null],
      [179132, 'București', 40, null, null],
    ]);
    expect(padPostalCode(77190)).toBe('077190');
  });

  it('streets keyed by type and name, with definite types; Bucharest sectors merged; ranges with their codes', () => {
    const report = run();
    const streets = Object.fromEntries(
      report.data.streets.map(([, locality, name, ranges, blocks]) => [`${locality} ${name}`, { ranges, blocks }]),
    );
    expect(Object.keys(streets)).toEqual([
      '54984 Strada Pasteur Louis',
      '54984 Strada Zorilor',
      '174753 Aleea Cuza Vodă',
      '174753 Fundătura Cuza Vodă',
      '174753 Strada Cuza Vodă',
      "179132 Strada D'Aragona",
      '179132 Strada Eminescu Mihai',
      '179132 Strada Ion Ghica',
      '179132 Șoseaua Ștefan cel Mare',
    ]);
    expect(streets['54984 Strada Zorilor'].ranges).toEqual([
      [1, 27, 'o', '400335'],
      [2, 44, 'e', '400335'],
      [29, null, 'o', '400351'],
      [46, null, 'e', '400351'],
    ]);
    expect(streets['174753 Fundătura Cuza Vodă'].ranges).toEqual([[1, null, 'b', '620035']]);
    expect(streets['179132 Strada Eminescu Mihai'].ranges).toEqual([
      [1, 15, 'o', '010511'],
      [47, 67, 'o', '020071'],
    ]);
    expect(streets["179132 Strada D'Aragona"]).toEqual({ ranges: [], blocks: [[['T120', 'A1'], '020999']] });
    // Ids follow the sorted order.
    expect(report.data.streets.map((s) => s[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reports what it left out: irregular number fields and cities with no SIRUTA locality', () => {
    const report = run();
    expect(report.irregular).toEqual([
      'Cluj-Napoca / Strada Pasteur Louis: km. 3',
      "Sector3 / Strada Ion Ghica: 9 'bis'",
    ]);
    expect(report.unmatchedCities).toEqual(['Satu Mare / Nowhere']);
  });

  it('writes street types in their definite form', () => {
    expect(streetTypeName('Stradă ')).toBe('Strada');
    expect(streetTypeName('Str.')).toBe('Strada');
    expect(streetTypeName('Alee III')).toBe('Aleea III');
    expect(streetTypeName('Şosea')).toBe('Șoseaua');
    expect(streetTypeName('Piaţă')).toBe('Piața');
    expect(streetTypeName('Bulevard')).toBe('Bulevardul');
    expect(streetTypeName('Ceva')).toBe('Ceva');
  });
});
