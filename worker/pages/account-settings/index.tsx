/**
 * The customer's settings (spec §2 `/mina-sidor/installningar`, `/en/my-account/settings`…; issue 14): the
 * details of spec §3 Customer from the API's `getUser`, the passkeys (issue 13), change password and
 * delete the account. A refused form comes back once with its errors and what was typed
 * (worker/session/settings-form.ts). Guarded like every account page; never cached.
 */
import { SettingsPage, type SettingsProfile } from '../../../client/views/pages/SettingsPage';
import { graphql } from '../../../core/graphql/tada';
import { GENDERS, type Gender } from '../../../core/account-settings';
import { customerTypeOf } from '../../../core/customer-type';
import { listPasskeys } from '../../commerce/customers/passkeys';
import { passkeysOffered } from '../../session/account';
import { takeSettingsFormState } from '../../session/settings-form';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { hrefFor } from '../../urls/links';
import { deferred, type PageHandler } from '../types';

export const ACCOUNT_SETTINGS = graphql(/* GraphQL */ `
  query accountSettings($channelId: String, $languageId: String, $marketId: String) {
    getUser(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      email
      customerType
      gender
      newsletter
      personalId
      address {
        firstName
        lastName
        careOf
        addressLine1
        addressLine2
        zip
        city
        country
        company
        mobile
        entryCode
      }
    }
  }
`);

export const accountSettingsPage: PageHandler = async (c) => {
  const t = c.get('t');
  const customer = c.get('customer')!;
  const [data, passkeys] = await Promise.all([
    deferred(c.get('graphql').query(ACCOUNT_SETTINGS, {}), 'account settings'),
    // The storefront's own (docs/decisions/021); none where the API takes no passkey sessions.
    passkeysOffered(c) ? listPasskeys(c.env.DB, customer.id) : [],
  ]);
  const user = data?.getUser;
  const address = user?.address;
  const organization = user?.customerType === 'ORGANIZATION';
  const profile: SettingsProfile | null = user
    ? {
        email: user.email,
        customerType: customerTypeOf(user.customerType),
        gender: (GENDERS as readonly unknown[]).includes(user.gender) ? (user.gender as Gender) : 'UNSPECIFIED',
        newsletter: user.newsletter === true,
        values: {
          firstName: address?.firstName ?? '',
          lastName: address?.lastName ?? '',
          phone: address?.mobile ?? '',
          careOf: address?.careOf ?? '',
          addressLine1: address?.addressLine1 ?? '',
          addressLine2: address?.addressLine2 ?? '',
          zip: address?.zip ?? '',
          city: address?.city ?? '',
          country: address?.country || c.get('market').countryCode,
          company: address?.company ?? '',
          entryCode: address?.entryCode ?? '',
          personalId: organization ? '' : (user.personalId ?? ''),
          organizationId: organization ? (user.personalId ?? '') : '',
        },
      }
    : null;
  const market = c.get('market');
  const countries = [market, ...c.get('channel').markets.filter((other) => other.countryCode !== market.countryCode)]
    .filter((one, index, all) => all.findIndex((other) => other.countryCode === one.countryCode) === index)
    .map((one) => ({ code: one.countryCode, name: one.countryNames[c.get('languageId')] ?? one.countryCode }));
  c.header('Cache-Control', 'private, no-store');
  return renderPage(
    c,
    <SettingsPage
      page={hrefFor(c, 'account-settings', c.get('locale'))}
      profile={profile}
      countries={countries}
      passkeys={passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt,
        lastUsedAt: passkey.lastUsedAt,
      }))}
      state={takeSettingsFormState(c)}
    />,
    {
      title: pageTitle(c, t('account.settings.title')),
      alternates: routeAlternates(c, 'account-settings'),
      noindex: true,
      prerender: true,
    },
  );
};
