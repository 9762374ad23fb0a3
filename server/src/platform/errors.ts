import type { AnyResource } from '@app/shared';
import { TRPCError } from '@trpc/server';

/** A field-level validation error, shaped like the ones zod produces. */
export function invalid(field: string, message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError({ [field]: message }) });
}

export class FieldError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join(' '));
  }
}

export function notFound(resource: AnyResource): never {
  const { singular, feminine } = resource.label;
  throw new TRPCError({ code: 'NOT_FOUND', message: `${singular} introuvable${feminine ? 'e' : ''}.` });
}
