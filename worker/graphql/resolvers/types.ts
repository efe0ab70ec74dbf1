import type { GraphQLFieldResolver } from 'graphql';
import type { GraphQLContext } from '../context';

/** Resolvers of one domain: by type name (root types included), by field name. */
export type DomainResolvers = Record<string, Record<string, GraphQLFieldResolver<any, GraphQLContext, any>>>;
