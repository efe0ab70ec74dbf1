// Product names and texts in the five languages, composed from the product type, brand, model and the
// attribute values, so the same product has the same attributes in every language.
import type { ProductType } from './product-types-a';
import { SHOP_NAME } from './shop';
import { type AttrId, type AttrValue, DA, EN, FI, mapTr, NAME_ORDER, NB, SV, type Tr, tr } from './vocabulary';

export interface ProductAttr {
  attr: AttrId;
  raw: string;
  value: AttrValue;
  /** Option values vary within a product line and are part of the name; fixed ones are not. */
  inName: boolean;
}

interface Noun {
  text: Tr;
  /** Neuter (ett/et) noun per language: adjectives agree in sv, da and nb. */
  neuter: readonly boolean[];
  /** Plural or mass noun per language: no English article, plural Finnish adjective. */
  plural: readonly boolean[];
}

function parseNoun(noun: Tr): Noun {
  return {
    text: mapTr(noun, (word) => word.replace(/\|[np]$/, '')),
    neuter: noun.map((word) => word.endsWith('|n')),
    plural: noun.map((word) => word.endsWith('|p')),
  };
}

/** Openings of the description; the same index is used in every language. */
const INTROS: readonly Tr[] = [
  tr(
    '{bm} är ett pålitligt val för både kontoret och hemmakontoret.',
    '{bm} er et pålideligt valg til både kontoret og hjemmekontoret.',
    '{bm} is a reliable choice for the office and the home office alike.',
    '{bm} on luotettava valinta niin toimistoon kuin kotitoimistoonkin.',
    '{bm} er et pålitelig valg for både kontoret og hjemmekontoret.',
  ),
  tr(
    '{bm} kombinerar hög kvalitet med ett bra pris.',
    '{bm} kombinerer høj kvalitet med en god pris.',
    '{bm} combines high quality with a great price.',
    '{bm} yhdistää korkean laadun ja edullisen hinnan.',
    '{bm} kombinerer høy kvalitet med en god pris.',
  ),
  tr(
    'Med {bm} får du en produkt som klarar vardagens krav på kontoret.',
    'Med {bm} får du et produkt, der klarer hverdagens krav på kontoret.',
    'With {bm} you get a product built for everyday office use.',
    '{bm} kestää toimiston arjen vaatimukset.',
    'Med {bm} får du et produkt som tåler kontorhverdagen.',
  ),
  tr(
    '{bm} är en omtyckt favorit bland våra kunder.',
    '{bm} er en populær favorit blandt vores kunder.',
    '{bm} is a firm favorite among our customers.',
    '{bm} on asiakkaidemme suosikki.',
    '{bm} er en populær favoritt blant kundene våre.',
  ),
  tr(
    '{bm} håller länge och fungerar smidigt dag efter dag.',
    '{bm} holder længe og fungerer problemfrit dag efter dag.',
    '{bm} is made to last and works smoothly day after day.',
    '{bm} on tehty kestämään, ja se toimii moitteettomasti päivästä toiseen.',
    '{bm} er laget for å vare og fungerer problemfritt dag etter dag.',
  ),
  tr(
    'Vi har valt {bm} tack vare dess genomtänkta design och goda kvalitet.',
    'Vi har valgt {bm} på grund af det gennemtænkte design og den gode kvalitet.',
    'We chose {bm} for its well-thought-out design and solid quality.',
    '{bm} on valikoimassamme harkitun muotoilunsa ja hyvän laatunsa ansiosta.',
    'Vi har valgt {bm} på grunn av den gjennomtenkte designen og den gode kvaliteten.',
  ),
];
export const INTRO_COUNT = INTROS.length;

const TAGLINE = tr(
  `Snabb leverans och enkla returer hos ${SHOP_NAME}.`,
  `Hurtig levering og nem returnering hos ${SHOP_NAME}.`,
  `Fast delivery and easy returns at ${SHOP_NAME}.`,
  `Nopea toimitus ja helpot palautukset – ${SHOP_NAME}.`,
  `Rask levering og enkle returer hos ${SHOP_NAME}.`,
);

/** 'Pilot G-2 Gelpenna 0,7 mm blå 12-pack': brand, model, noun, then the option values in NAME_ORDER. */
export function productName(brand: string, model: string, type: ProductType, attrs: readonly ProductAttr[]): Tr {
  const noun = parseNoun(type.noun);
  const named = NAME_ORDER.flatMap((id) => attrs.filter((a) => a.attr === id && a.inName));
  return mapTr(noun.text, (word, lang) => {
    const parts = [brand, model, word];
    for (const a of named) {
      const words = noun.neuter[lang] ? a.value.nameNeuter : a.value.name;
      if (words) parts.push(words[lang] as string);
    }
    return parts.filter(Boolean).join(' ');
  });
}

/** 'Gelpenna från Pilot.' / 'A gel pen from Pilot.' / 'Pilot-merkkinen geelikynä.' */
function shortIntro(type: ProductType, brand: string): Tr {
  const noun = parseNoun(type.noun);
  const en = noun.text[EN];
  const article = noun.plural[EN] ? '' : /^[aeiou]/i.test(en) ? 'An ' : 'A ';
  return [
    `${noun.text[SV]} från ${brand}.`,
    `${noun.text[DA]} fra ${brand}.`,
    `${article}${article ? en.toLowerCase() : en} from ${brand}.`,
    `${brand}${brand.includes(' ') ? ' -' : '-'}${noun.plural[FI] ? 'merkkiset' : 'merkkinen'} ${noun.text[FI].toLowerCase()}.`,
    `${noun.text[NB]} fra ${brand}.`,
  ];
}

/** Description sentences about attribute values: colour first, then the name order, pack size last. */
function attrSentences(attrs: readonly ProductAttr[]): Tr[] {
  const rank = (a: ProductAttr) =>
    a.attr === 'color'
      ? -1
      : a.attr === 'pack-size'
        ? 100
        : (a.inName ? 0 : 50) + Math.max(0, NAME_ORDER.indexOf(a.attr));
  return attrs
    .slice()
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((a) => (a.value.sentence ? [a.value.sentence] : []));
}

function join(sentences: readonly Tr[]): Tr {
  return mapTr(sentences[0] as Tr, (_, lang) => sentences.map((s) => s[lang]).join(' '));
}

export interface ProductTexts {
  name: Tr;
  shortText: Tr;
  description: Tr;
  metaTitle: Tr;
  metaDescription: Tr;
}

/** All texts of one product; `intro` picks the description opening (0 ≤ intro < INTRO_COUNT). */
export function productTexts(
  brand: string,
  model: string,
  type: ProductType,
  attrs: readonly ProductAttr[],
  intro: number,
): ProductTexts {
  const name = productName(brand, model, type, attrs);
  const opening = mapTr(INTROS[intro % INTROS.length] as Tr, (t) => t.replace('{bm}', `${brand} ${model}`.trim()));
  const facts = attrSentences(attrs).slice(0, 2);
  const description = facts.length < 2 ? [opening, type.benefit, type.use, ...facts] : [opening, type.use, ...facts];
  const short = shortIntro(type, brand);
  return {
    name,
    shortText: join([short, type.benefit]),
    description: join(description),
    metaTitle: mapTr(name, (n) => `${n} | ${SHOP_NAME}`),
    metaDescription: join([short, TAGLINE]),
  };
}

/** 'a, b och c' per language. */
export function listJoin(items: readonly Tr[]): Tr {
  const conjunctions = ['och', 'og', 'and', 'ja', 'og'];
  return mapTr(items[0] ?? tr('', '', '', '', ''), (_, lang) => {
    const words = items.map((item) => item[lang] as string);
    if (words.length <= 1) return words.join('');
    return `${words.slice(0, -1).join(', ')} ${conjunctions[lang]} ${words[words.length - 1]}`;
  });
}
