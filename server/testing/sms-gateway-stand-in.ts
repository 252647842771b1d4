import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message as the stand-in received it. */
interface StandInSms {
  phone: string;
  text: string;
}

/**
 * A stand-in for the SMS provider the shop already speaks to (server/auth/sms.ts): `POST {url}` with JSON `{phone,
 * text}` and `Authorization: Bearer {token}`; a wrong token is answered 401, a body without both fields 400, and
 * `refuse(status)` makes it answer every message so (a provider out of credit).
 */
export const startSmsGatewayStandIn = async (token = 'test-sms-token') => {
  const received: StandInSms[] = [];
  let refusing = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const answer = (status: number) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status === 200 ? 'OK' : 'ERROR' }));
      if (req.method !== 'POST') return answer(405);
      if (req.headers.authorization !== `Bearer ${token}`) return answer(401);
      if (refusing) return answer(refusing);
      try {
        const sms = JSON.parse(body) as Partial<StandInSms>;
        if (typeof sms.phone !== 'string' || typeof sms.text !== 'string') return answer(400);
        received.push({ phone: sms.phone, text: sms.text });
        answer(200);
      } catch {
        answer(400);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`,
    token,
    received,
    refuse(status: number) {
      refusing = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
