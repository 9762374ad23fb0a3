import { httpClient, type TestApp } from './app';
import { readOutbox } from './outbox';
import { until } from './until';

/**
 * A browser signed in to the « Mon espace » of the customer who ordered with this e-mail: the code
 * asked, read from the mail the shop wrote (its local outbox), and typed.
 */
export async function signInToSpace(app: TestApp, email: string) {
  const codes = () =>
    readOutbox(app.config.dataDir)
      .filter((m) => m.includes(`To: ${email}`))
      .map((m) => /Mon espace : (\d{6})/.exec(m)?.[1])
      .filter((code) => code !== undefined);
  const before = codes().length;
  const shopper = httpClient(app.url);
  await shopper.client.account.requestCode.mutate({ contact: email });
  const code = await until('the code mail', () => codes()[before]);
  await shopper.client.account.signIn.mutate({ contact: email, code });
  return { ...shopper, cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}
