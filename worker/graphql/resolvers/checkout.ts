/** Resolvers of the checkout domain (issue 3). */
import type { DomainResolvers } from './types';

export const checkoutResolvers: DomainResolvers = {};
