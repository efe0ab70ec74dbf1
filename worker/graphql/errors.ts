/**
 * Errors a shopper can cause: a GraphQLError whose message is localized to the operation's language
 * (from locales/, Swedish the fallback) and whose `extensions.code` tells clients what kind it is.
 * Anything else thrown by a resolver is logged and masked (see http.ts).
 */
import { GraphQLError } from 'graphql';
import { createTranslator, localeOfLanguageId, type MessageKey } from '../../locales';

export type UserErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'CONFLICT';

export function userError(
  languageId: string | null | undefined,
  key: MessageKey,
  params?: Record<string, string | number>,
  code: UserErrorCode = 'BAD_USER_INPUT',
): GraphQLError {
  const t = createTranslator(localeOfLanguageId(languageId));
  return new GraphQLError(t(key, params), { extensions: { code, messageKey: key } });
}
