import type { Config } from '../config';
import { fedapayProvider } from './fedapay';
import type { PaymentProvider } from './provider';

/** The provider the configuration sets up (FedaPay's keys), or null: Mobile Money online is then not offered. */
export function paymentProvider(config: Config): PaymentProvider | null {
  return config.fedapay ? fedapayProvider(config.fedapay) : null;
}
