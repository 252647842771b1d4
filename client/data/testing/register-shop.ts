import { defaultReceiptSettings, type CounterRegister } from '../../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../../../server/testing/atol-driver-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { deviceNetwork } from './office-device';

/**
 * The real server with the register on the counter chosen by an admin (the driver's stand-in), and a staff device
 * signed in as `phone` on its network, with the register as that device reads it: the start of the device-print tests.
 */
export const startRegisterShop = async (phone: string) => {
  const driver = await startAtolDriverStandIn();
  const shop = await startTestShop({ receiptsEveryMs: 100 });
  const admin = await signIn(shop.url, demoPhones.admin);
  const chosen = await call(shop.url, '/api/settings/receipts-update', { settings: defaultReceiptSettings, choice: { kind: 'atol-local', url: driver.url } }, admin);
  if (chosen.status !== 200) throw new Error(`the register was not chosen: ${chosen.status} ${JSON.stringify(chosen.body)}`);
  const cookie = await signIn(shop.url, phone);
  const network = deviceNetwork(shop.url, cookie);
  const register = (await call<{ data: CounterRegister }>(shop.url, '/api/receipts/counter-register', {}, cookie)).body.data;
  return { driver, shop, network, register };
};
