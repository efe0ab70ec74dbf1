/** Resolvers of the customer domain (issue 3). */
import type { DomainResolvers } from './types';

export const customerResolvers: DomainResolvers = {};
