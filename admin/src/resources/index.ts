import { lazy } from 'react';
import type { Overrides } from '../crud/overrides';
import { ReadToggle } from './contact-messages/ReadToggle';
import { verificationOverride } from './crypto-verifications';
import { ExportCsvButton } from './newsletter-subscribers/ExportCsvButton';
import { orderOverride } from './orders';
import { RetryButton } from './outbox/RetryButton';

/** Opt-in additions per resource name, only where the spec asks; everything else is generated. */
export const overrides: Overrides = {
  cryptoVerifications: verificationOverride,
  orders: orderOverride,
  newsletterSubscribers: { toolbar: ExportCsvButton },
  outbox: { rowActions: RetryButton },
  contactMessages: { rowActions: ReadToggle, detail: lazy(() => import('./contact-messages/MessageDetail')) },
};
