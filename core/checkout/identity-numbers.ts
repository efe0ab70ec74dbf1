/**
 * National identity numbers of the four markets, with their checksums (spec §5: 'Du måste ange ett
 * giltigt personnummer' / organisationsnummer; both are needed for invoice).
 */

const digitsOf = (value: string) => value.replace(/[\s-+]/g, '');

/** Luhn (mod 10) over a string of digits, as Swedish personnummer and organisationsnummer use. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Swedish personnummer: YYMMDD-XXXX or YYYYMMDDXXXX (also samordningsnummer, day + 60), Luhn-checked. */
export function isSwedishPersonalId(value: string): boolean {
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})[-+]?(\d{4})$/.exec(value.trim());
  if (!match) return false;
  const [, century, yy, mm, dd, tail] = match as unknown as [
    string,
    string | undefined,
    string,
    string,
    string,
    string,
  ];
  const day = Number(dd) > 60 ? Number(dd) - 60 : Number(dd);
  const year = century ? Number(century + yy) : 2000 + Number(yy);
  if (!validDate(year, Number(mm), day) && !validDate(year - 100, Number(mm), day)) return false;
  return luhnValid(`${yy}${mm}${dd}${tail}`);
}

/** Swedish organisationsnummer: NNNNNN-NNNN, third digit ≥ 2, Luhn-checked (optional 16 prefix). */
export function isSwedishOrganizationId(value: string): boolean {
  const digits = digitsOf(value).replace(/^16(?=\d{10}$)/, '');
  return /^\d{10}$/.test(digits) && Number(digits[2]) >= 2 && luhnValid(digits);
}

/** Finnish henkilötunnus DDMMYYCZZZQ with its mod-31 check character. */
export function isFinnishPersonalId(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(value.trim().toUpperCase());
  if (!match) return false;
  const [, dd, mm, yy, sign, serial, check] = match as unknown as string[];
  const century = sign === '+' ? 1800 : /[-U-Y]/.test(sign!) ? 1900 : 2000;
  if (!validDate(century + Number(yy), Number(mm), Number(dd))) return false;
  return '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(`${dd}${mm}${yy}${serial}`) % 31] === check;
}

/** Norwegian fødselsnummer: 11 digits with two mod-11 check digits. */
export function isNorwegianPersonalId(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const control = (weights: number[]) => {
    const rest = 11 - (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11);
    return rest === 11 ? 0 : rest;
  };
  const k1 = control([3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = control([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 !== 10 && k2 !== 10 && k1 === d[9] && k2 === d[10];
}

/** Danish CPR: DDMMYY-SSSS with a valid date (the mod-11 rule was dropped in 2007). */
export function isDanishPersonalId(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})-?(\d{4})$/.exec(value.trim());
  if (!match) return false;
  const [, dd, mm, yy] = match as unknown as string[];
  return validDate(1900 + Number(yy), Number(mm), Number(dd)) || validDate(2000 + Number(yy), Number(mm), Number(dd));
}

/** Whether `value` is a valid personal identity number of the market's country. */
export function isValidPersonalId(countryCode: string, value: string): boolean {
  switch (countryCode) {
    case 'SE':
      return isSwedishPersonalId(value);
    case 'FI':
      return isFinnishPersonalId(value);
    case 'NO':
      return isNorwegianPersonalId(value);
    case 'DK':
      return isDanishPersonalId(value);
    default:
      return value.trim().length > 0;
  }
}

/** Spaces, dots and dashes people type in a VAT number; the number itself has none. */
const VAT_NUMBER_SEPARATORS = /[\s.-]/g;

/** A VAT registration number as it is kept: upper case, without the spaces, dots and dashes typed in it. */
export function normalizeVatNumber(value: string): string {
  return value.replace(VAT_NUMBER_SEPARATORS, '').toUpperCase();
}

/**
 * The VAT registration number (momsregistreringsnummer) of each market's country, by its format: SE and
 * the 10-digit organisationsnummer (or personnummer) and 01; DK and the 8-digit CVR number; NO and the
 * 9-digit organisasjonsnummer, MVA after it optional; FI and the 8-digit Y-tunnus without its dash.
 * Another country: its two letters and 2–13 letters or digits (the EU's VIES formats fit).
 */
const VAT_NUMBER_FORMATS: Record<string, RegExp> = {
  SE: /^SE\d{10}01$/,
  DK: /^DK\d{8}$/,
  NO: /^NO\d{9}(MVA)?$/,
  FI: /^FI\d{8}$/,
};
const ANY_VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** Whether `value` (as typed) is a VAT registration number of the market's country. */
export function isValidVatNumber(countryCode: string, value: string): boolean {
  return (VAT_NUMBER_FORMATS[countryCode] ?? ANY_VAT_NUMBER).test(normalizeVatNumber(value));
}
