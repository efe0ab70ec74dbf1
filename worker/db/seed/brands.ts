// Brands of the shop: real office-supply, tech, breakroom and furniture brands with their home country.
// Descriptions are composed in generate.ts from the country and the categories the brand is sold in.
import { type Tr, tr } from './vocabulary';

export type CountryCode =
  | 'JP' | 'DE' | 'FR' | 'US' | 'GB' | 'SE' | 'DK' | 'NO' | 'FI' | 'CH' | 'NL' | 'AT' | 'PT' | 'TH' | 'IT' | 'TW' | 'AU';

interface Country {
  /** Adjective in the form used before 'varumärke' (sv neuter), 'varemærke', 'brand', 'tuotemerkki', 'varemerke'. */
  adjective: Tr;
  /** GS1 prefix for the brand's EAN-13 codes. */
  gs1: string;
}

export const COUNTRIES: Record<CountryCode, Country> = {
  JP: { adjective: tr('japanskt', 'japansk', 'Japanese', 'japanilainen', 'japansk'), gs1: '49' },
  DE: { adjective: tr('tyskt', 'tysk', 'German', 'saksalainen', 'tysk'), gs1: '40' },
  FR: { adjective: tr('franskt', 'fransk', 'French', 'ranskalainen', 'fransk'), gs1: '30' },
  US: { adjective: tr('amerikanskt', 'amerikansk', 'American', 'yhdysvaltalainen', 'amerikansk'), gs1: '07' },
  GB: { adjective: tr('brittiskt', 'britisk', 'British', 'brittiläinen', 'britisk'), gs1: '50' },
  SE: { adjective: tr('svenskt', 'svensk', 'Swedish', 'ruotsalainen', 'svensk'), gs1: '73' },
  DK: { adjective: tr('danskt', 'dansk', 'Danish', 'tanskalainen', 'dansk'), gs1: '57' },
  NO: { adjective: tr('norskt', 'norsk', 'Norwegian', 'norjalainen', 'norsk'), gs1: '70' },
  FI: { adjective: tr('finskt', 'finsk', 'Finnish', 'suomalainen', 'finsk'), gs1: '64' },
  CH: { adjective: tr('schweiziskt', 'schweizisk', 'Swiss', 'sveitsiläinen', 'sveitsisk'), gs1: '76' },
  NL: { adjective: tr('nederländskt', 'hollandsk', 'Dutch', 'hollantilainen', 'nederlandsk'), gs1: '87' },
  AT: { adjective: tr('österrikiskt', 'østrigsk', 'Austrian', 'itävaltalainen', 'østerriksk'), gs1: '90' },
  PT: { adjective: tr('portugisiskt', 'portugisisk', 'Portuguese', 'portugalilainen', 'portugisisk'), gs1: '560' },
  TH: { adjective: tr('thailändskt', 'thailandsk', 'Thai', 'thaimaalainen', 'thailandsk'), gs1: '885' },
  IT: { adjective: tr('italienskt', 'italiensk', 'Italian', 'italialainen', 'italiensk'), gs1: '80' },
  TW: { adjective: tr('taiwanesiskt', 'taiwansk', 'Taiwanese', 'taiwanilainen', 'taiwansk'), gs1: '471' },
  AU: { adjective: tr('australiskt', 'australsk', 'Australian', 'australialainen', 'australsk'), gs1: '93' },
};

/** Display name and home country; the alias is the slug of the name. */
export const BRANDS: readonly (readonly [name: string, country: CountryCode])[] = [
  ['Abena', 'DK'], ['Ajax', 'US'], ['Ansell', 'AU'], ['Avery', 'US'], ['Bankers Box', 'US'], ['Bantex', 'DK'],
  ['BIC', 'FR'], ['Bong', 'SE'], ['Brother', 'JP'], ['Canon', 'JP'], ["Caran d'Ache", 'CH'], ['Casio', 'JP'],
  ['Clairefontaine', 'FR'], ['Contour Design', 'DK'], ['Double A', 'TH'], ['Duni', 'SE'], ['Durable', 'DE'],
  ['Dymo', 'US'], ['Edding', 'DE'], ['Elba', 'DE'], ['Epson', 'JP'], ['Esselte', 'SE'], ['Faber-Castell', 'DE'],
  ['Fellowes', 'US'], ['Fiskars', 'FI'], ['Gevalia', 'SE'], ['Grumme', 'SE'], ['HÅG', 'NO'], ['Herlitz', 'DE'],
  ['Herma', 'DE'], ['HP', 'US'], ['Huhtamaki', 'FI'], ['Jabra', 'DK'], ['Jalema', 'NL'], ['Katrin', 'FI'],
  ['Kensington', 'US'], ['Kinnarps', 'SE'], ['Kores', 'AT'], ['Lambi', 'FI'], ['Lamy', 'DE'], ['Legamaster', 'NL'],
  ['Leitz', 'DE'], ['Leuchtturm1917', 'DE'], ['Linex', 'DK'], ['Lintex', 'SE'], ['Lipton', 'GB'], ['Logitech', 'CH'],
  ['Löfbergs', 'SE'], ['Maped', 'FR'], ['Moleskine', 'IT'], ['MultiCopy', 'SE'], ['Navigator', 'PT'], ['Nobo', 'GB'],
  ['Novus', 'DE'], ['Oxford', 'FR'], ['Paper Mate', 'US'], ['Parker', 'GB'], ['Paulig', 'FI'], ['Pelikan', 'DE'],
  ['Pentel', 'JP'], ['Pilot', 'JP'], ['Post-it', 'US'], ['Pritt', 'DE'], ['Rapid', 'SE'], ['Really Useful Box', 'GB'],
  ['Rexel', 'GB'], ['RH', 'SE'], ['Rhodia', 'FR'], ['Rotring', 'DE'], ['Schneider', 'DE'], ['Scotch', 'US'],
  ['Sharp', 'JP'], ['Sharpie', 'US'], ['SmartStore', 'SE'], ['Stabilo', 'DE'], ['Staedtler', 'DE'], ["Stick'n", 'TW'],
  ['Swingline', 'US'], ['Tesa', 'DE'], ['Texas Instruments', 'US'], ['Tipp-Ex', 'DE'], ['Tork', 'SE'], ['UHU', 'DE'],
  ['Uni-ball', 'JP'], ['Westcott', 'US'], ['Zebra', 'JP'], ['Zoégas', 'SE'],
];
