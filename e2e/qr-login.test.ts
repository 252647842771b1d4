import { describe, expect, it } from 'vitest';
import { journeyPerFile } from './harness';
import { signInThroughDialog, waitFor } from './journeys';

/** A customer signed in on the phone signs the computer in by scanning its QR code. */
describe('sign-in by QR code', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('signs the computer in once the phone confirms', async () => {
    const phone = await (await journey().newContext()).newPage();
    await phone.goto('/');
    await signInThroughDialog(phone, journey().shop, '79880000001');

    const computer = await (await journey().newContext()).newPage();
    await computer.goto('/qr-login');
    await computer.getByRole('img', { name: 'QR-код для входа' }).waitFor();
    const link = (await computer.getByTestId('qr-link').getAttribute('href'))!;

    await phone.goto(link);
    // The phone names the computer that asks (headless Chromium on Linux, from this machine) before it confirms.
    const device = phone.getByTestId('qr-device');
    await device.waitFor();
    expect(await device.textContent()).toMatch(/Chrome \d+, Linux.*127\.0\.0\.1/);
    await phone.getByRole('button', { name: 'Войти на компьютере' }).click();
    await phone.getByText('Готово: компьютер входит в ваш аккаунт.').waitFor();

    await waitFor('the computer to be signed in', async () => new URL(computer.url()).pathname === '/my');
    await computer.getByRole('button', { name: '**0001' }).waitFor();
  });
});
