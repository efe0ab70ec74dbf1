/** Resolvers of the product domain (issue 3). */
import type { DomainResolvers } from './types';

export const productResolvers: DomainResolvers = {};
