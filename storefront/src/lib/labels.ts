// French enum labels, from the one zod-free copy in shared (no zod on the first route).
export {
  courseFormats as courseFormatLabels,
  courseLevels as courseLevelLabels,
  cryptoTypes as cryptoTypeLabels,
  itemTypes as itemTypeLabels,
  paymentMethods as paymentMethodLabels,
  productCategories as productCategoryLabels,
  verificationTypes as verificationTypeLabels,
} from '@app/shared/labels';

export const labelOf = <M extends Record<string, string>>(map: M, key: string): string =>
  (key in map ? map[key as keyof M] : key) as string;
