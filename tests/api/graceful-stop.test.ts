import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { until } from '../support/until';

// A server being stopped (an upgrade, a restart behind the proxy) serves what reaches it on a
// connection the proxy kept open, and closes that connection, instead of answering 503: the proxy
// passes a 503 on to the shopper, while a closed connection makes it go to another server.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('a server that is stopping', () => {
  it('answers the request that was on its way, as usual, and closes that connection instead of refusing the next', async () => {
    const socket = net.connect(Number(new URL(app.url).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // A request whose body is still on its way when the stop begins: the connection is busy, so the stop waits for it.
    const body = JSON.stringify({ email: 'pas-une-adresse' });
    socket.write(
      `POST /trpc/newsletterSubscribers.subscribe HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n${body.slice(0, 5)}`,
    );
    // The server has read its headers when it invites the body (100 Continue).
    await until('the server reading the request', () => received.includes('100 Continue'), 10_000);
    const stopped = app.stop();
    // The rest of that body, then the next request on the same connection, as a proxy that keeps connections sends it.
    socket.write(`${body.slice(5)}GET /health/live HTTP/1.1\r\nhost: localhost\r\n\r\n`);
    await closed;
    await stopped;
    const answers = received.split('HTTP/1.1 ').slice(2);
    // The first is answered as any other time (its French refusal of the address), and says the
    // connection ends; the second is never taken (no 503 for the proxy to pass on): it goes elsewhere.
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^400 /);
    expect(answers[0]).toMatch(/\r\nconnection: close\r\n/i);
    expect(answers[0]).toContain('Adresse e-mail invalide');
  });
});
