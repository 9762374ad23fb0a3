// French enum labels, from the one zod-free copy in shared (no zod on the first route).
export {
  courseFormats as courseFormatLabels,
  courseLevels as courseLevelLabels,
  cryptoTypes as cryptoTypeLabels,
  itemTypes as itemTypeLabels,
  productCategories as productCategoryLabels,
  verificationTypes as verificationTypeLabels,
} from '@app/shared/labels';

/** The French label of a stored value; an unknown value shows as it is, none as nothing. */
export const labelOf = <M extends Record<string, string>>(map: M, key: string | null): string =>
  key === null ? '' : ((key in map ? map[key as keyof M] : key) as string);
