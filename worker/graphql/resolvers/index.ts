/**
 * Every domain's resolvers, merged. A domain owns its root fields and the object fields it computes;
 * two domains resolving the same field is a start-up error.
 */
import type { DomainResolvers } from './types';
import { channelResolvers } from './channel';
import { productResolvers } from './product';
import { listsResolvers } from './lists';
import { contentResolvers } from './content';
import { cartResolvers } from './cart';
import { checkoutResolvers } from './checkout';
import { customerResolvers } from './customer';

const DOMAINS: DomainResolvers[] = [
  channelResolvers,
  productResolvers,
  listsResolvers,
  contentResolvers,
  cartResolvers,
  checkoutResolvers,
  customerResolvers,
];

function merge(domains: DomainResolvers[]): DomainResolvers {
  const merged: DomainResolvers = {};
  for (const domain of domains) {
    for (const [typeName, fields] of Object.entries(domain)) {
      const target = (merged[typeName] ??= {});
      for (const [fieldName, resolve] of Object.entries(fields)) {
        if (target[fieldName]) throw new Error(`${typeName}.${fieldName} is resolved by two domains`);
        target[fieldName] = resolve;
      }
    }
  }
  return merged;
}

export const RESOLVERS = merge(DOMAINS);
