import type { ProjectType } from '@karya/domain/contact-schemas';
import type { CatalogueItem } from '@karya/domain/inventory-answers';
import {
  type QuoteChoice,
  type QuoteTotals,
  quoteLineAmountPaise,
  quoteTotals,
} from '@karya/domain/quotation';
import {
  createQuotationSchema,
  QUOTE_DEFAULT_VALID_DAYS,
  QUOTE_MAX_OPTIONS,
  QUOTE_MESSAGES,
  type Quotation,
  type QuoteLineInput,
  type QuoteOption,
  type QuoteTaxing,
} from '@karya/domain/quotation-schemas';
import { addDays, indiaDayOf } from '@karya/domain/schedule';

/**
 * The quotation builder's state (issue 35): what the manager has typed, kept as typed (a
 * half-typed price stays on screen), and the pure steps between it, the contract's request
 * and the totals the customer will see.
 */

/** 'Good / Better / Best': the names options start with, by count. */
export const DEFAULT_OPTION_NAMES = ['Good', 'Better', 'Best'] as const;

export interface BuilderLine {
  /** This screen's key for the row; the server's line id is `_id`. */
  key: string;
  _id: string | null;
  /** The catalogue item's _id; null for a free line. */
  itemId: string | null;
  name: string;
  unit: string;
  hsnSac: string;
  /** Percent as typed (free lines); a catalogue line shows the item's. */
  gstRate: string;
  priceIncludesTax: boolean;
  quantity: string;
  price: string;
  discount: string;
  /** 1–3, or null: every option. */
  option: number | null;
  optional: boolean;
}

export interface BuilderValues {
  projectType: ProjectType;
  options: QuoteOption[];
  lines: BuilderLine[];
  discount: string;
  validUntil: string;
  terms: string;
  notes: string;
}

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

/** Today + 15 days on India's calendar, the validity a new quote starts with. */
export function defaultValidUntil(now: Date = new Date()): string {
  return addDays(indiaDayOf(now), QUOTE_DEFAULT_VALID_DAYS);
}

export function emptyBuilder(projectType: ProjectType, now: Date = new Date()): BuilderValues {
  return {
    projectType,
    options: [],
    lines: [],
    discount: '',
    validUntil: defaultValidUntil(now),
    // The server fills the business profile's quotation terms into a quote sent without any.
    terms: '',
    notes: '',
  };
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A catalogue item as a line: one unit at its sale price, in every option. */
export function catalogueLine(
  item: Pick<
    CatalogueItem,
    '_id' | 'name' | 'unit' | 'hsnSac' | 'gstRate' | 'priceIncludesTax' | 'salePrice'
  >,
  option: number | null = null,
): BuilderLine {
  return {
    key: newKey(),
    _id: null,
    itemId: item._id,
    name: item.name,
    unit: item.unit,
    hsnSac: item.hsnSac ?? '',
    gstRate: numberText(item.gstRate),
    priceIncludesTax: item.priceIncludesTax,
    quantity: '1',
    price: numberText(item.salePrice),
    discount: '',
    option,
    optional: false,
  };
}

/** A free line ('custom bracket'): the manager names it and gives its tax. */
export function freeLine(option: number | null = null): BuilderLine {
  return {
    key: newKey(),
    _id: null,
    itemId: null,
    name: '',
    unit: 'Nos',
    hsnSac: '',
    gstRate: '18',
    priceIncludesTax: false,
    quantity: '1',
    price: '',
    discount: '',
    option,
    optional: false,
  };
}

/**
 * No options, or two or three named Good / Better / Best (names already typed are kept).
 * Lines of an option that goes stay, moved to every option, so nothing typed is lost.
 */
export function setOptionCount(values: BuilderValues, count: number): BuilderValues {
  const wanted = count <= 1 ? 0 : Math.min(count, QUOTE_MAX_OPTIONS);
  const options = Array.from({ length: wanted }, (_, index) => ({
    option: index + 1,
    name: values.options[index]?.name ?? DEFAULT_OPTION_NAMES[index] ?? `Option ${index + 1}`,
  }));
  const lines = values.lines.map((line) =>
    line.option !== null && line.option > wanted ? { ...line, option: null } : line,
  );
  return { ...values, options, lines };
}

/** A typed number, or undefined while the box is empty or not a number. */
export function parsed(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const cleaned = trimmed.replace(/[₹,\s]/g, '');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** One row as the contract takes it: a catalogue line names its item, a free line says all. */
export function lineInputOf(line: BuilderLine): QuoteLineInput {
  const common = {
    ...(line._id ? { _id: line._id } : {}),
    quantity: parsed(line.quantity) ?? 0,
    discount: parsed(line.discount) ?? 0,
    optional: line.optional,
    option: line.option,
  };
  const price = parsed(line.price);
  if (line.itemId) {
    return { ...common, itemId: line.itemId, ...(price === undefined ? {} : { price }) };
  }
  const gstRate = parsed(line.gstRate);
  return {
    ...common,
    name: line.name.trim(),
    unit: line.unit.trim() || 'Nos',
    hsnSac: line.hsnSac.trim() || null,
    gstRate: gstRate === undefined ? null : gstRate,
    priceIncludesTax: line.priceIncludesTax,
    price: price ?? 0,
  };
}

/** The body of POST /quotations (with the contact) and of PATCH (without). */
export function bodyOf(values: BuilderValues) {
  return {
    projectType: values.projectType,
    options: values.options.map((option) => ({ ...option, name: option.name.trim() })),
    lines: values.lines.map(lineInputOf),
    discount: parsed(values.discount) ?? 0,
    validUntil: values.validUntil,
    terms: values.terms,
    notes: values.notes,
  };
}

/** A saved quote (a draft, or a revision's copy) back into the builder. */
export function valuesOf(quote: Quotation): BuilderValues {
  return {
    projectType: quote.projectType,
    options: quote.options.map((option) => ({ ...option })),
    lines: quote.lines.map((line) => ({
      key: newKey(),
      _id: line._id,
      itemId: line.itemObjectId,
      name: line.name,
      unit: line.unit,
      hsnSac: line.hsnSac ?? '',
      gstRate: numberText(line.gstRate),
      priceIncludesTax: line.priceIncludesTax,
      quantity: numberText(line.quantity),
      price: numberText(line.price),
      discount: line.discount ? numberText(line.discount) : '',
      option: line.option,
      optional: line.optional,
    })),
    discount: quote.discount ? numberText(quote.discount) : '',
    validUntil: quote.validUntil,
    terms: quote.terms,
    notes: quote.notes,
  };
}

/**
 * Messages by where they belong: 'lines.2.price' goes to that row's key and field, anything
 * else to its field ('validUntil', 'discount'), or '' for the form as a whole. The same for
 * the contract's own check here and the server's answer.
 */
export type BuilderErrors = Record<string, string>;

export function errorKey(values: BuilderValues, path: readonly (string | number)[]): string {
  const [head, index, field] = path;
  if (head === 'lines' && typeof index === 'number') {
    const line = values.lines[index];
    if (line) return `${line.key}.${field ?? ''}`;
  }
  if (head === 'options' && typeof index === 'number') return `options.${index}`;
  return head === undefined ? '' : String(head);
}

/** 'lines.2.price' (the server's words) as a path. */
export function pathOf(field: string): (string | number)[] {
  return field
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function errorsOf(
  values: BuilderValues,
  issues: readonly { path: readonly (string | number)[]; message: string }[],
): BuilderErrors {
  const errors: BuilderErrors = {};
  for (const issue of issues) {
    const key = errorKey(values, issue.path);
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Where a refusal the server gives as a message alone belongs: the box it is about, so the
 * manager sees it there as well as in the bar; null when it is about the quote as a whole.
 */
const MESSAGE_FIELDS: ReadonlyArray<readonly [string, string]> = [
  [QUOTE_MESSAGES.validUntilPast, 'validUntil'],
  [QUOTE_MESSAGES.discountOverAmount, 'discount'],
  [QUOTE_MESSAGES.optionUnknown, 'options'],
  [QUOTE_MESSAGES.tooManyOptions, 'options'],
  [QUOTE_MESSAGES.linesRequired, 'lines'],
  [QUOTE_MESSAGES.itemNotFound, 'lines'],
  [QUOTE_MESSAGES.freeLineNameRequired, 'lines'],
];

export function fieldOfMessage(message: string): string | null {
  return MESSAGE_FIELDS.find(([text]) => text === message)?.[1] ?? null;
}

/** The contract's check before anything is sent, so a mistake shows at its box at once. */
export function checkBuilder(values: BuilderValues): BuilderErrors {
  const body = bodyOf(values);
  const result = createQuotationSchema.safeParse({ leadId: 'x', ...body });
  const schemaIssues: { path: (string | number)[]; message: string }[] = result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      }));
  // What the schema cannot see (typed words in a number box, a nameless free line) says it
  // first: the schema would only call such a box 'NaN'.
  const issues: { path: (string | number)[]; message: string }[] = [];
  values.lines.forEach((line, index) => {
    for (const field of ['quantity', 'price', 'discount', 'gstRate'] as const) {
      if (field === 'gstRate' && line.itemId) continue;
      if (Number.isNaN(parsed(line[field]) ?? 0))
        issues.push({ path: ['lines', index, field], message: 'Please enter a number' });
    }
    if (!line.itemId && !line.name.trim())
      issues.push({ path: ['lines', index, 'name'], message: 'Please enter a name for the line' });
    const amount = (parsed(line.price) ?? 0) * (parsed(line.quantity) ?? 0);
    if ((parsed(line.discount) ?? 0) > amount + 1e-9)
      issues.push({
        path: ['lines', index, 'discount'],
        message: 'The discount cannot be more than the amount',
      });
  });
  if (Number.isNaN(parsed(values.discount) ?? 0))
    issues.push({ path: ['discount'], message: 'Please enter a number' });
  return errorsOf(values, [...issues, ...schemaIssues]);
}

/** price × quantity − discount of one row, in rupees, as typed so far. */
export function lineAmount(line: BuilderLine): number {
  const quantity = parsed(line.quantity);
  const price = parsed(line.price);
  if (!quantity || !price || Number.isNaN(quantity) || Number.isNaN(price)) return 0;
  const discount = parsed(line.discount);
  return (
    quoteLineAmountPaise({
      quantity,
      price,
      discount: discount && !Number.isNaN(discount) ? discount : 0,
    }) / 100
  );
}

/**
 * Before the first save the server has not said how the quote is taxed (the site's state and
 * the branch's registration decide it): the common case, a registered shop within its state.
 */
export const ASSUMED_TAXING: QuoteTaxing = {
  kind: 'tax-invoice',
  intraState: true,
  placeOfSupply: null,
};

export interface OptionPreview {
  option: number | null;
  name: string | null;
  totals: QuoteTotals;
  /** The same with every optional line of the option ticked. */
  withOptional: number | null;
}

/** The live totals: one per option (or one), the bill's own tax, no optional line ticked. */
export function previewTotals(values: BuilderValues, taxing: QuoteTaxing): OptionPreview[] {
  const lines = values.lines.map((line) => {
    const gstRate = parsed(line.gstRate);
    const discount = parsed(line.discount);
    return {
      _id: line.key,
      quantity: Math.max(0, parsed(line.quantity) || 0),
      price: Math.max(0, parsed(line.price) || 0),
      discount: discount && !Number.isNaN(discount) ? discount : 0,
      gstRate: gstRate === undefined || Number.isNaN(gstRate) ? null : gstRate,
      priceIncludesTax: line.priceIncludesTax,
      optional: line.optional,
      option: line.option,
    };
  });
  const wholeDiscount = parsed(values.discount);
  const quote = {
    lines,
    discount: wholeDiscount && !Number.isNaN(wholeDiscount) ? wholeDiscount : 0,
    taxing,
  };
  const choices: { option: number | null; name: string | null }[] =
    values.options.length > 0
      ? values.options.map((option) => ({ option: option.option, name: option.name }))
      : [{ option: null, name: null }];
  return choices.map(({ option, name }) => {
    const choice: QuoteChoice = { option, optionalLineIds: [] };
    const optionalIds = lines
      .filter((line) => line.optional && (line.option === null || line.option === option))
      .map((line) => line._id);
    return {
      option,
      name,
      totals: quoteTotals(quote, choice),
      withOptional:
        optionalIds.length > 0
          ? quoteTotals(quote, { option, optionalLineIds: optionalIds }).total
          : null,
    };
  });
}
