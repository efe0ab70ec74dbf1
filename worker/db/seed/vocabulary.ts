// Words of the catalog in the five shop languages, and how product attributes read in each of them.
// A `Tr` is one text in every language, always in the order of LANGUAGE_IDS: sv, da, en, fi, nb.

export const LANGUAGE_IDS = ['sv-SE', 'da-DK', 'en-US', 'fi-FI', 'nb-NO'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
export type Tr = readonly [sv: string, da: string, en: string, fi: string, nb: string];

export const SV = 0;
export const DA = 1;
export const EN = 2;
export const FI = 3;
export const NB = 4;

export function tr(sv: string, da: string, en: string, fi: string, nb: string): Tr {
  return [sv, da, en, fi, nb];
}

/** The same text in every language (model names, formats like A4). */
export function same(text: string): Tr {
  return [text, text, text, text, text];
}

export function mapTr(text: Tr, fn: (value: string, lang: number) => string): Tr {
  return [fn(text[0], 0), fn(text[1], 1), fn(text[2], 2), fn(text[3], 3), fn(text[4], 4)];
}

/** Fills `{v}` (and `{n}`) of a template per language. */
export function fill(template: Tr, values: Tr, key = 'v'): Tr {
  return mapTr(template, (t, i) => t.split(`{${key}}`).join(values[i]));
}

/** Lowercases the first letter unless the word is an acronym or a proper name. */
export function lowerFirst(text: string): string {
  if (/^(USB|Wi-Fi|Bluetooth|Nordic|[A-ZÅÄÖ0-9]{2})/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Decimal number as written in each language: comma in sv/da/fi/nb, point in en. */
export function decimal(raw: string): Tr {
  const comma = raw.replace('.', ',');
  return [comma, comma, raw, comma, comma];
}

/** Whole number; English groups thousands with a comma, the others only from 10 000 with a space. */
export function count(n: number): Tr {
  const en = String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  const nordic = n >= 10000 ? String(n).replace(/\B(?=(\d{3})+$)/g, ' ') : String(n);
  const da = n >= 10000 ? String(n).replace(/\B(?=(\d{3})+$)/g, '.') : String(n);
  return [nordic, da, en, nordic, nordic];
}

/** An adjective with its neuter forms for sv, da and nb (agreement with ett/et nouns). */
export interface Adjective {
  base: Tr;
  neuter: Tr;
}

function adj(sv: string, da: string, en: string, fi: string, nb: string, svN = sv, daN = da, nbN = nb): Adjective {
  return { base: [sv, da, en, fi, nb], neuter: [svN, daN, en, fi, nbN] };
}

export const COLORS = {
  blue: adj('blå', 'blå', 'blue', 'sininen', 'blå', 'blått', 'blåt', 'blått'),
  black: adj('svart', 'sort', 'black', 'musta', 'svart'),
  red: adj('röd', 'rød', 'red', 'punainen', 'rød', 'rött', 'rødt', 'rødt'),
  green: adj('grön', 'grøn', 'green', 'vihreä', 'grønn', 'grönt', 'grønt', 'grønt'),
  yellow: adj('gul', 'gul', 'yellow', 'keltainen', 'gul', 'gult', 'gult', 'gult'),
  orange: adj('orange', 'orange', 'orange', 'oranssi', 'oransje'),
  pink: adj('rosa', 'lyserød', 'pink', 'vaaleanpunainen', 'rosa', 'rosa', 'lyserødt', 'rosa'),
  purple: adj('lila', 'lilla', 'purple', 'violetti', 'lilla'),
  grey: adj('grå', 'grå', 'gray', 'harmaa', 'grå', 'grått', 'gråt', 'grått'),
  white: adj('vit', 'hvid', 'white', 'valkoinen', 'hvit', 'vitt', 'hvidt', 'hvitt'),
  brown: adj('brun', 'brun', 'brown', 'ruskea', 'brun', 'brunt', 'brunt', 'brunt'),
  turquoise: adj('turkos', 'turkis', 'turquoise', 'turkoosi', 'turkis'),
  silver: adj('silver', 'sølv', 'silver', 'hopeanvärinen', 'sølv'),
  transparent: adj('transparent', 'transparent', 'clear', 'läpinäkyvä', 'transparent'),
  cyan: adj('cyan', 'cyan', 'cyan', 'syaani', 'cyan'),
  magenta: adj('magenta', 'magenta', 'magenta', 'magenta', 'magenta'),
  tricolor: adj('trefärgad', 'trefarvet', 'tri-color', 'kolmivärinen', 'trefarget', 'trefärgat'),
  assorted: adj('blandade färger', 'assorterede farver', 'assorted colors', 'värilajitelma', 'assorterte farger'),
} satisfies Record<string, Adjective>;
export type ColorKey = keyof typeof COLORS;

const RULINGS: Record<string, Adjective & { sentence: Tr }> = {
  lined: {
    ...adj('linjerad', 'linjeret', 'lined', 'viivoitettu', 'linjert', 'linjerat'),
    sentence: tr(
      'Sidorna är linjerade.',
      'Siderne er linjerede.',
      'The pages are lined.',
      'Sivuilla on viivoitus.',
      'Sidene er linjerte.',
    ),
  },
  squared: {
    ...adj('rutad', 'kvadreret', 'squared', 'ruudutettu', 'rutet', 'rutat'),
    sentence: tr(
      'Sidorna är rutade.',
      'Siderne er kvadrerede.',
      'The pages are squared.',
      'Sivut ovat ruudutettuja.',
      'Sidene er rutete.',
    ),
  },
  plain: {
    ...adj('olinjerad', 'ulinjeret', 'plain', 'viivoittamaton', 'ulinjert', 'olinjerat'),
    sentence: tr(
      'Sidorna är olinjerade.',
      'Siderne er ulinjerede.',
      'The pages are plain.',
      'Sivut ovat viivoittamattomia.',
      'Sidene er ulinjerte.',
    ),
  },
  dotted: {
    ...adj('prickad', 'prikket', 'dotted', 'pisteviivoitettu', 'prikket', 'prickat'),
    sentence: tr(
      'Sidorna är prickade.',
      'Siderne er prikkede.',
      'The pages have a dot grid.',
      'Sivuilla on pisteruudukko.',
      'Sidene er prikkete.',
    ),
  },
};

const WORD_TABLES: Partial<Record<AttrId, Record<string, Tr>>> = {
  tip: {
    round: tr('Rund spets', 'Rund spids', 'Bullet tip', 'Pyöreä kärki', 'Rund spiss'),
    chisel: tr('Sned spets', 'Skrå spids', 'Chisel tip', 'Viisto kärki', 'Skrå spiss'),
    fine: tr('Fin spets', 'Fin spids', 'Fine tip', 'Hieno kärki', 'Fin spiss'),
  },
  power: {
    'solar-battery': tr(
      'Sol och batteri',
      'Sol og batteri',
      'Solar and battery',
      'Aurinkokenno ja paristo',
      'Sol og batteri',
    ),
    battery: tr('Batteri', 'Batteri', 'Battery', 'Paristo', 'Batteri'),
    rechargeable: tr(
      'Uppladdningsbart batteri',
      'Genopladeligt batteri',
      'Rechargeable battery',
      'Ladattava akku',
      'Oppladbart batteri',
    ),
  },
  connection: {
    usb: same('USB'),
    bluetooth: same('Bluetooth'),
    wifi: same('Wi-Fi'),
    wireless: tr('Trådlös', 'Trådløs', 'Wireless', 'Langaton', 'Trådløs'),
    wired: tr('Trådbunden', 'Kablet', 'Wired', 'Langallinen', 'Kablet'),
    standalone: tr('Fristående', 'Fritstående', 'Standalone', 'Itsenäinen', 'Frittstående'),
  },
  material: {
    plastic: tr('Plast', 'Plast', 'Plastic', 'Muovi', 'Plast'),
    polypropylene: tr('Polypropen', 'Polypropylen', 'Polypropylene', 'Polypropeeni', 'Polypropylen'),
    metal: tr('Metall', 'Metal', 'Metal', 'Metalli', 'Metall'),
    steel: tr('Stål', 'Stål', 'Steel', 'Teräs', 'Stål'),
    aluminium: tr('Aluminium', 'Aluminium', 'Aluminum', 'Alumiini', 'Aluminium'),
    cardboard: tr('Kartong', 'Karton', 'Cardboard', 'Pahvi', 'Kartong'),
    paper: tr('Papper', 'Papir', 'Paper', 'Paperi', 'Papir'),
    cork: tr('Kork', 'Kork', 'Cork', 'Korkki', 'Kork'),
    fabric: tr('Textil', 'Tekstil', 'Fabric', 'Kangas', 'Tekstil'),
    felt: tr('Filt', 'Filt', 'Felt', 'Huopa', 'Filt'),
    mesh: tr('Mesh', 'Mesh', 'Mesh', 'Verkkokangas', 'Mesh'),
    glass: tr('Glas', 'Glas', 'Glass', 'Lasi', 'Glass'),
    enamel: tr('Emalj', 'Emalje', 'Enamel', 'Emali', 'Emalje'),
    'lacquered-steel': tr('Lackerat stål', 'Lakeret stål', 'Lacquered steel', 'Lakattu teräs', 'Lakkert stål'),
    wood: tr('Trä', 'Træ', 'Wood', 'Puu', 'Tre'),
    vinyl: tr('Vinyl', 'Vinyl', 'Vinyl', 'Vinyyli', 'Vinyl'),
    nitrile: tr('Nitril', 'Nitril', 'Nitrile', 'Nitriili', 'Nitril'),
    'memory-foam': tr('Minnesskum', 'Memoryskum', 'Memory foam', 'Muistivaahto', 'Memoryskum'),
    gel: tr('Gel', 'Gel', 'Gel', 'Geeli', 'Gel'),
  },
  roast: {
    medium: tr('Mellanrostat', 'Mellemristet', 'Medium roast', 'Keskipaahtoinen', 'Mellombrent'),
    dark: tr('Mörkrostat', 'Mørkristet', 'Dark roast', 'Tummapaahtoinen', 'Mørkbrent'),
    light: tr('Ljusrostat', 'Lyst ristet', 'Light roast', 'Vaaleapaahtoinen', 'Lysbrent'),
  },
  layout: {
    nordic: tr('Nordisk', 'Nordisk', 'Nordic', 'Pohjoismainen', 'Nordisk'),
  },
  tabs: {
    '1-10': same('1–10'),
    '1-12': same('1–12'),
    '1-31': same('1–31'),
    'a-z': tr('A–Ö', 'A–Å', 'A–Z', 'A–Ö', 'A–Å'),
    'jan-dec': tr('jan–dec', 'jan.–dec.', 'Jan–Dec', 'tammi–joulu', 'jan.–des.'),
    '5': tr('5 flikar', '5 faneblade', '5 tabs', '5 välilehteä', '5 faner'),
    '10': tr('10 flikar', '10 faneblade', '10 tabs', '10 välilehteä', '10 faner'),
  },
};

export type AttrId =
  | 'color'
  | 'format'
  | 'tabs'
  | 'ruling'
  | 'line-width'
  | 'tip'
  | 'hardness'
  | 'paper-weight'
  | 'sheets'
  | 'dimensions'
  | 'length'
  | 'spine-width'
  | 'capacity'
  | 'digits'
  | 'power'
  | 'connection'
  | 'page-yield'
  | 'contents'
  | 'volume'
  | 'material'
  | 'security-level'
  | 'roast'
  | 'layout'
  | 'pack-size';

interface AttrDef {
  identifier: AttrId;
  group: 1 | 2;
  name: Tr;
  /** Description sentence with {v}; null when the attribute gets no sentence of its own. */
  sentence: Tr | null;
  /** Whether the value is lowercased inside the sentence. */
  lower?: boolean;
  showInFilter?: boolean;
}

/** Parameters in id order; group 1 holds Color (spec §3), group 2 the specification. */
export const ATTRIBUTES: readonly AttrDef[] = [
  {
    identifier: 'color',
    group: 1,
    name: tr('Färg', 'Farve', 'Color', 'Väri', 'Farge'),
    sentence: tr('Färgen är {v}.', 'Farven er {v}.', 'The color is {v}.', 'Väri on {v}.', 'Fargen er {v}.'),
    lower: true,
  },
  {
    identifier: 'format',
    group: 2,
    name: tr('Format', 'Format', 'Format', 'Koko', 'Format'),
    sentence: tr('Formatet är {v}.', 'Formatet er {v}.', 'The format is {v}.', 'Koko on {v}.', 'Formatet er {v}.'),
  },
  {
    identifier: 'tabs',
    group: 2,
    name: tr('Indelning', 'Inddeling', 'Tabs', 'Jako', 'Inndeling'),
    sentence: tr(
      'Registret är indelat i {v}.',
      'Registret er inddelt i {v}.',
      'Divided into {v}.',
      'Välilehtien jako on {v}.',
      'Registeret er delt inn i {v}.',
    ),
  },
  {
    identifier: 'ruling',
    group: 2,
    name: tr('Linjering', 'Linjering', 'Ruling', 'Viivoitus', 'Linjering'),
    sentence: null,
  },
  {
    identifier: 'line-width',
    group: 2,
    name: tr('Linjebredd', 'Stregbredde', 'Line width', 'Viivan leveys', 'Strekbredde'),
    sentence: tr(
      'Linjebredden är {v}.',
      'Stregbredden er {v}.',
      'The line width is {v}.',
      'Viivan leveys on {v}.',
      'Strekbredden er {v}.',
    ),
  },
  {
    identifier: 'tip',
    group: 2,
    name: tr('Spets', 'Spids', 'Tip', 'Kärki', 'Spiss'),
    sentence: tr('Den har {v}.', 'Den har {v}.', 'It has a {v}.', 'Siinä on {v}.', 'Den har {v}.'),
    lower: true,
  },
  {
    identifier: 'hardness',
    group: 2,
    name: tr('Hårdhet', 'Hårdhed', 'Lead grade', 'Kovuus', 'Hardhet'),
    sentence: tr(
      'Hårdheten är {v}.',
      'Hårdheden er {v}.',
      'The lead grade is {v}.',
      'Kovuus on {v}.',
      'Hardheten er {v}.',
    ),
  },
  {
    identifier: 'paper-weight',
    group: 2,
    name: tr('Gramvikt', 'Gramvægt', 'Paper weight', 'Neliöpaino', 'Gramvekt'),
    sentence: tr(
      'Papperet väger {v}.',
      'Papiret vejer {v}.',
      'The paper weighs {v}.',
      'Paperin neliöpaino on {v}.',
      'Papiret veier {v}.',
    ),
  },
  {
    identifier: 'sheets',
    group: 2,
    name: tr('Antal ark', 'Antal ark', 'Number of sheets', 'Arkkimäärä', 'Antall ark'),
    sentence: tr('Innehåller {v}.', 'Indeholder {v}.', 'Contains {v}.', 'Sisältää {v}.', 'Inneholder {v}.'),
  },
  {
    identifier: 'dimensions',
    group: 2,
    name: tr('Mått', 'Mål', 'Dimensions', 'Mitat', 'Mål'),
    sentence: tr('Måtten är {v}.', 'Målene er {v}.', 'It measures {v}.', 'Mitat ovat {v}.', 'Målene er {v}.'),
  },
  {
    identifier: 'length',
    group: 2,
    name: tr('Längd', 'Længde', 'Length', 'Pituus', 'Lengde'),
    sentence: tr('Längden är {v}.', 'Længden er {v}.', 'The length is {v}.', 'Pituus on {v}.', 'Lengden er {v}.'),
  },
  {
    identifier: 'spine-width',
    group: 2,
    name: tr('Ryggbredd', 'Rygbredde', 'Spine width', 'Selkämyksen leveys', 'Ryggbredde'),
    sentence: tr(
      'Ryggbredden är {v}.',
      'Rygbredden er {v}.',
      'The spine width is {v}.',
      'Selkämyksen leveys on {v}.',
      'Ryggbredden er {v}.',
    ),
  },
  {
    identifier: 'capacity',
    group: 2,
    name: tr('Kapacitet', 'Kapacitet', 'Capacity', 'Kapasiteetti', 'Kapasitet'),
    sentence: tr(
      'Kapaciteten är {v}.',
      'Kapaciteten er {v}.',
      'The capacity is {v}.',
      'Kapasiteetti on {v}.',
      'Kapasiteten er {v}.',
    ),
  },
  {
    identifier: 'digits',
    group: 2,
    name: tr('Antal siffror', 'Antal cifre', 'Number of digits', 'Numeroiden määrä', 'Antall sifre'),
    sentence: tr(
      'Displayen visar {v}.',
      'Displayet viser {v}.',
      'The display shows {v}.',
      'Näytössä on {v}.',
      'Displayet viser {v}.',
    ),
  },
  {
    identifier: 'power',
    group: 2,
    name: tr('Strömkälla', 'Strømkilde', 'Power source', 'Virtalähde', 'Strømkilde'),
    sentence: tr(
      'Strömkällan är {v}.',
      'Strømkilden er {v}.',
      'The power source is {v}.',
      'Virtalähde on {v}.',
      'Strømkilden er {v}.',
    ),
    lower: true,
  },
  {
    identifier: 'connection',
    group: 2,
    name: tr('Anslutning', 'Tilslutning', 'Connection', 'Liitäntä', 'Tilkobling'),
    sentence: tr(
      'Anslutningen är {v}.',
      'Tilslutningen er {v}.',
      'The connection is {v}.',
      'Liitäntä on {v}.',
      'Tilkoblingen er {v}.',
    ),
    lower: true,
  },
  {
    identifier: 'page-yield',
    group: 2,
    name: tr('Sidkapacitet', 'Sidekapacitet', 'Page yield', 'Sivukapasiteetti', 'Sidekapasitet'),
    sentence: tr(
      'Räcker till cirka {v}.',
      'Rækker til ca. {v}.',
      'Yields approximately {v}.',
      'Sivukapasiteetti on noin {v}.',
      'Rekker til cirka {v}.',
    ),
    showInFilter: false,
  },
  {
    identifier: 'contents',
    group: 2,
    name: tr('Innehåll', 'Indhold', 'Contents', 'Sisältö', 'Innhold'),
    sentence: tr(
      'Förpackningen innehåller {v}.',
      'Pakken indeholder {v}.',
      'The package contains {v}.',
      'Pakkauksen sisältö on {v}.',
      'Pakken inneholder {v}.',
    ),
  },
  {
    identifier: 'volume',
    group: 2,
    name: tr('Volym', 'Volumen', 'Volume', 'Tilavuus', 'Volum'),
    sentence: tr('Volymen är {v}.', 'Volumenet er {v}.', 'The volume is {v}.', 'Tilavuus on {v}.', 'Volumet er {v}.'),
  },
  {
    identifier: 'material',
    group: 2,
    name: tr('Material', 'Materiale', 'Material', 'Materiaali', 'Materiale'),
    sentence: tr(
      'Materialet är {v}.',
      'Materialet er {v}.',
      'It is made of {v}.',
      'Materiaali on {v}.',
      'Materialet er {v}.',
    ),
    lower: true,
  },
  {
    identifier: 'security-level',
    group: 2,
    name: tr('Säkerhetsnivå', 'Sikkerhedsniveau', 'Security level', 'Turvallisuustaso', 'Sikkerhetsnivå'),
    sentence: tr(
      'Säkerhetsnivån är {v}.',
      'Sikkerhedsniveauet er {v}.',
      'The security level is {v}.',
      'Turvallisuustaso on {v}.',
      'Sikkerhetsnivået er {v}.',
    ),
  },
  {
    identifier: 'roast',
    group: 2,
    name: tr('Rostning', 'Ristning', 'Roast', 'Paahtoaste', 'Brenning'),
    sentence: tr('Kaffet är {v}.', 'Kaffen er {v}.', 'It is a {v} coffee.', 'Kahvi on {v}.', 'Kaffen er {v}.'),
    lower: true,
  },
  {
    identifier: 'layout',
    group: 2,
    name: tr('Tangentbordslayout', 'Tastaturlayout', 'Keyboard layout', 'Näppäinasettelu', 'Tastaturoppsett'),
    sentence: tr(
      'Layouten är {v}.',
      'Layoutet er {v}.',
      'The layout is {v}.',
      'Näppäinasettelu on {v}.',
      'Oppsettet er {v}.',
    ),
    lower: true,
  },
  {
    identifier: 'pack-size',
    group: 2,
    name: tr('Antal i förpackning', 'Antal i pakken', 'Pack size', 'Pakkauskoko', 'Antall i pakken'),
    sentence: null,
  },
];

/** Order of the attributes that appear in a product name, after brand, model and noun. */
export const NAME_ORDER: readonly AttrId[] = [
  'format',
  'tabs',
  'ruling',
  'line-width',
  'hardness',
  'paper-weight',
  'dimensions',
  'length',
  'spine-width',
  'capacity',
  'digits',
  'volume',
  'contents',
  'sheets',
  'color',
  'pack-size',
];

/** One attribute value of a product, in every language. */
export interface AttrValue {
  /** Language-independent value_key for filtering. */
  key: string;
  /** The value in the specification table. */
  value: Tr;
  /** Words in the product name after a common-gender noun, and after a neuter (ett/et) noun. */
  name: Tr | null;
  nameNeuter: Tr | null;
  /** One description sentence about the value, or null. */
  sentence: Tr | null;
}

const SHEETS_WORD = tr('ark', 'ark', 'sheets', 'arkkia', 'ark');
const DIGITS_WORD = tr('siffror', 'cifre', 'digits', 'numeroa', 'sifre');
const PAGES_WORD = tr('sidor', 'sider', 'pages', 'sivua', 'sider');
const COUNT_WORDS: Record<string, Tr> = {
  bags: tr('påsar', 'breve', 'bags', 'pussia', 'poser'),
  rolls: tr('rullar', 'ruller', 'rolls', 'rullaa', 'ruller'),
};

function withUnit(numbers: Tr, unit: Tr): Tr {
  return mapTr(numbers, (n, i) => `${n} ${unit[i]}`);
}

/** '19mmx33m' → '19 mm x 33 m', '76x76mm' → '76 x 76 mm', decimals per language. */
function dimensions(raw: string): Tr {
  const match = /^([\d.]+)(mm|cm|m)?x([\d.]+)(mm|cm|m)$/.exec(raw);
  if (!match) throw new Error(`Unreadable dimensions: ${raw}`);
  const [, a, unitA, b, unitB] = match as unknown as [string, string, string | undefined, string, string];
  const left = decimal(a);
  const right = decimal(b);
  return mapTr(left, (l, i) => `${l}${unitA ? ` ${unitA}` : ''} x ${right[i]} ${unitB}`);
}

/** '450g' → '450 g', '25bags' → '25 påsar', '1.5l' → '1,5 l'. */
function quantity(raw: string): Tr {
  const match = /^([\d.]+)([a-z]+)$/.exec(raw);
  if (!match) throw new Error(`Unreadable quantity: ${raw}`);
  const [, amount, unit] = match as unknown as [string, string, string];
  const words = COUNT_WORDS[unit];
  return words ? withUnit(count(Number(amount)), words) : withUnit(decimal(amount), same(unit));
}

function plain(value: Tr): Pick<AttrValue, 'value' | 'name' | 'nameNeuter'> {
  return { value, name: value, nameNeuter: value };
}

function sentenceFor(attr: AttrId, value: Tr): Tr | null {
  const def = ATTRIBUTES.find((a) => a.identifier === attr);
  if (!def?.sentence) return null;
  // A value that ends in a full stop ('jan.–dec.') ends the sentence too.
  return mapTr(fill(def.sentence, def.lower ? mapTr(value, lowerFirst) : value), (s) => s.replace(/\.\.$/, '.'));
}

/** Values whose description sentence does not follow their attribute's template. */
const VALUE_SENTENCES: Record<string, Tr> = {
  'color:silver': tr(
    'Färgen är silver.',
    'Farven er sølv.',
    'The color is silver.',
    'Väri on hopea.',
    'Fargen er sølv.',
  ),
  'color:assorted': tr(
    'Förpackningen innehåller blandade färger.',
    'Pakken indeholder assorterede farver.',
    'The pack contains assorted colors.',
    'Pakkauksessa on useita värejä.',
    'Pakken inneholder assorterte farger.',
  ),
  'color:tricolor': tr(
    'Patronen innehåller tre färger: cyan, magenta och gul.',
    'Patronen indeholder tre farver: cyan, magenta og gul.',
    'The cartridge holds three colors: cyan, magenta and yellow.',
    'Kasetissa on kolme väriä: syaani, magenta ja keltainen.',
    'Patronen inneholder tre farger: cyan, magenta og gul.',
  ),
  'connection:standalone': tr(
    'Den fungerar fristående utan dator.',
    'Den fungerer selvstændigt uden computer.',
    'It works on its own, without a computer.',
    'Se toimii itsenäisesti ilman tietokonetta.',
    'Den fungerer frittstående uten datamaskin.',
  ),
};

/** The words of one attribute value, from its raw form in the catalog ('0.7', 'A4', 'blue', '12'…). */
export function attrValue(attr: AttrId, raw: string): AttrValue {
  const key = attr === 'format' ? raw.toLowerCase() : raw.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  let parts: Pick<AttrValue, 'value' | 'name' | 'nameNeuter'>;
  let sentence: Tr | null | undefined;
  switch (attr) {
    case 'color': {
      const color = COLORS[raw as ColorKey];
      if (!color) throw new Error(`Unknown color: ${raw}`);
      parts = { value: mapTr(color.base, upperFirst), name: color.base, nameNeuter: color.neuter };
      break;
    }
    case 'ruling': {
      const ruling = RULINGS[raw];
      if (!ruling) throw new Error(`Unknown ruling: ${raw}`);
      parts = { value: mapTr(ruling.base, upperFirst), name: ruling.base, nameNeuter: ruling.neuter };
      sentence = ruling.sentence;
      break;
    }
    case 'line-width':
    case 'spine-width':
      parts = plain(withUnit(decimal(raw), same('mm')));
      break;
    case 'paper-weight':
      parts = { value: same(`${raw} g/m²`), name: same(`${raw} g`), nameNeuter: same(`${raw} g`) };
      break;
    case 'sheets':
    case 'capacity':
      parts = plain(withUnit(count(Number(raw)), SHEETS_WORD));
      break;
    case 'digits':
      parts = plain(withUnit(count(Number(raw)), DIGITS_WORD));
      break;
    case 'page-yield':
      parts = plain(withUnit(count(Number(raw)), PAGES_WORD));
      break;
    case 'dimensions':
      parts = plain(dimensions(raw));
      break;
    case 'length':
    case 'contents':
    case 'volume':
      parts = plain(quantity(raw));
      break;
    case 'pack-size': {
      const n = Number(raw);
      const pieces = tr(`${n} st`, `${n} stk.`, `${n} pcs`, `${n} kpl`, `${n} stk`);
      const name = n > 1 ? tr(`${n}-pack`, `${n}-pak`, `${n}-pack`, `${n} kpl`, `${n}-pakning`) : null;
      parts = { value: pieces, name, nameNeuter: name };
      sentence =
        n > 1
          ? tr(
              `Säljs i förpackning om ${n} st.`,
              `Sælges i pakker med ${n} stk.`,
              `Sold in packs of ${n}.`,
              `Myydään ${n} kappaleen pakkauksessa.`,
              `Selges i pakker med ${n} stk.`,
            )
          : null;
      break;
    }
    case 'format':
    case 'hardness':
    case 'security-level':
      parts = plain(same(raw));
      break;
    default: {
      const words = WORD_TABLES[attr]?.[raw];
      if (!words) throw new Error(`Unknown ${attr} value: ${raw}`);
      parts = plain(words);
    }
  }
  sentence = VALUE_SENTENCES[`${attr}:${raw}`] ?? sentence;
  return { key, ...parts, sentence: sentence === undefined ? sentenceFor(attr, parts.value) : sentence };
}

/** Size of a value for price and weight scaling (pack of 12 vs 1, 2500 vs 500 sheets, 1 kg vs 450 g). */
export function magnitude(attr: AttrId, raw: string): number | null {
  if (attr === 'dimensions') {
    const numbers = raw.match(/[\d.]+/g)?.map(Number) ?? [];
    return numbers.length === 2 ? (numbers[0] as number) * (numbers[1] as number) : null;
  }
  if (attr === 'contents' || attr === 'volume' || attr === 'length') {
    const match = /^([\d.]+)([a-z]+)$/.exec(raw);
    if (!match) return null;
    const factor: Record<string, number> = { kg: 1000, l: 1000, cl: 10, m: 1000, cm: 10 };
    return Number(match[1]) * (factor[match[2] as string] ?? 1);
  }
  if (attr === 'pack-size' || attr === 'sheets' || attr === 'capacity') return Number(raw);
  return null;
}
