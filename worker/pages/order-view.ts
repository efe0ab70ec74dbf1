/**
 * An order as the shopper's pages show it (the confirmation page, the account's order list): addresses
 * from the API's AddressType, with the country's name in the page's language.
 */
import type { OrderAddress } from '../../client/views/pages/ConfirmPage';

/** The API's AddressType (spec §3 Address). */
export interface ApiAddress {
  firstName: string;
  lastName: string;
  company: string;
  careOf: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  city: string;
  country: string;
}

export function countryName(country: string, languageId: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([languageId], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function addressOf(address: ApiAddress | null, languageId: string): OrderAddress | null {
  if (!address) return null;
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company || null,
    careOf: address.careOf || null,
    lines: [address.addressLine1, address.addressLine2].filter(Boolean),
    zipCity: `${address.zip} ${address.city}`.trim(),
    country: address.country ? countryName(address.country, languageId) : null,
  };
}
