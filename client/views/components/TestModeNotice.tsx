/**
 * The notice on the checkout and the built-in payment page when the shop runs in payment test mode
 * (PAYMENT_TEST_MODE, issue 12): nobody should believe a test payment was a real one.
 */
import { useShop } from './ShopContext';

export function TestModeNotice() {
  const { t } = useShop();
  return (
    <p className="test-mode-notice" role="note">
      {t('payments.testMode')}
    </p>
  );
}
