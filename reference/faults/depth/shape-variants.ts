/** Conformant variants for records of other shapes: refuse a shape not shown, respell a URL, trim texts. */
import { apiError } from '../../errors.ts';
import { type Variant, variantRow } from '../fault.ts';
import { answerInstead, beforeHandler, dataOf, refuseField } from '../hooks.ts';
import { CREATE_CATEGORY, CREATE_INTEGRATION, CREATE_PRODUCT } from '../routes.ts';

/** The slugs of a product or a category, and a test that one is not of ASCII letters, digits, "-" and "_". */
const SLUGS = ['slug', 'sku'];
const notSlug = (text: string) => !/^[A-Za-z0-9_-]+$/.test(text);

export const SHAPE_VARIANTS: readonly Variant[] = [
  variantRow('single-price-only')(
    'A product with more than one price is refused with 422 (§2.4: price is an array; how many prices a target takes is not shown, and provisioning.md shows one).',
    answerInstead([CREATE_PRODUCT], (request) => {
      const prices = dataOf(request).price;
      if (!Array.isArray(prices) || prices.length <= 1) return undefined;
      return apiError('VALIDATION_FAILED', 'data.price takes one price');
    }),
  ),
  variantRow('slugs-ascii-only')(
    'A product slug or sku, or a category slug, of characters other than ASCII letters, digits, "-" and "_" is refused with 422 (§2.3, §2.4: strings; their alphabet is not shown).',
    refuseField([CREATE_PRODUCT, CREATE_CATEGORY], SLUGS, 'takes ASCII letters, digits, - and _', notSlug),
  ),
  variantRow('catalog-text-trimmed')(
    'The name and description of a product or a category are stored without the spaces around them (§2.3, §2.4: strings; that they read back unchanged is not shown).',
    beforeHandler([CREATE_PRODUCT, CREATE_CATEGORY], (request) => {
      const data = dataOf(request);
      for (const key of ['name', 'description'])
        if (typeof data[key] === 'string') data[key] = data[key].trim();
    }),
  ),
  variantRow('webhook-url-query-refused')(
    'A webhook URL with a query string is refused with 422 (§2.2: configuration.url is an absolute URL that is called; which URLs a target takes is not shown).',
    answerInstead([CREATE_INTEGRATION], (request) => {
      const url = dataOf(request).configuration?.url;
      if (typeof url !== 'string' || !url.split('#')[0]?.includes('?')) return undefined;
      return apiError('VALIDATION_FAILED', 'data.configuration.url takes no query string');
    }),
  ),
  variantRow('webhook-url-normalized')(
    'A webhook URL is stored as the WHATWG URL parser spells it, without its fragment (host in lower case, no default port, characters outside ASCII percent-encoded): the same URL (RFC 3986 §6.2), and the fragment is never sent to the host called (§2.2).',
    beforeHandler([CREATE_INTEGRATION], (request) => {
      const configuration = dataOf(request).configuration;
      if (typeof configuration?.url !== 'string' || !URL.canParse(configuration.url)) return;
      const url = new URL(configuration.url);
      url.hash = '';
      configuration.url = url.href;
    }),
  ),
];
