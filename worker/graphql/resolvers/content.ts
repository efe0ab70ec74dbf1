/** Resolvers of the content domain (issue 3). */
import type { DomainResolvers } from './types';

export const contentResolvers: DomainResolvers = {};
