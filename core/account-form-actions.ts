/**
 * Where the account forms post (issue 13; worker/routes/forms/account.ts): the account area's part of
 * the form table (core/form-actions.ts), in its own module so the cart's script, which reads that table,
 * does not carry the account's paths.
 */
export const ACCOUNT_FORM_ACTIONS = {
  accountLogin: '/api/account/login',
  accountRegister: '/api/account/register',
  accountForgot: '/api/account/forgot-password',
  accountReset: '/api/account/reset-password',
  /** Issue 24: a reset link opened from another site is used only after this deliberate confirmation. */
  accountResetConfirm: '/api/account/reset-password/confirm',
  accountLogout: '/api/account/logout',
  accountPasskeyRemove: '/api/account/passkeys/remove',
  accountBuyAgain: '/api/account/orders/buy-again',
  /** Issue 14: confirm a withdrawal ("Ångra köp"); guests too, with the order's signed link. */
  orderWithdrawal: '/api/orders/withdraw',
  accountSettings: '/api/account/settings',
  accountPassword: '/api/account/password',
  accountDelete: '/api/account/delete',
  accountFromOrder: '/api/account/register-from-order',
} as const;
