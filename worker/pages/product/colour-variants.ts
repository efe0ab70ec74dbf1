/**
 * Other colours of a product. The catalog has no variant groups of several products (worker/graphql/
 * product-type.ts): each colour of a product line is a product of its own, named after its line and its
 * option values ('Lamy AL-star Reservoarpenna silver' / '... blå'). So a colour variant is a product of
 * the same brand and category whose Color parameter (group 1, spec §3) differs, whose other parameters
 * are the same, and whose name differs only in a short run of words (the colour itself).
 */
import type { ColourVariant, ParameterGroupData } from '../../../client/views/components/product/types';

/** The parameter that holds a product's colour (spec §3: 'group id 1 holds parameter Color'). */
export const COLOUR_IDENTIFIER = 'color';

/** A colour word can be two words long ('blandade färger'); a different model differs by more. */
const MAX_COLOUR_WORDS = 2;

export interface ColourCandidate {
  alias: string;
  name: string | null;
  productImages: { fileName: string }[] | null;
  parameterGroups: ParameterGroupData[] | null;
}

/** The product's parameter values by identifier. */
function parameterValues(groups: ParameterGroupData[] | null): Map<string, string> {
  const values = new Map<string, string>();
  for (const group of groups ?? []) {
    for (const parameter of group.parameters ?? []) {
      if (parameter.identifier && parameter.value !== null) values.set(parameter.identifier, parameter.value);
    }
  }
  return values;
}

function sameExceptColour(a: Map<string, string>, b: Map<string, string>): boolean {
  const keys = new Set([...a.keys(), ...b.keys()]);
  keys.delete(COLOUR_IDENTIFIER);
  return [...keys].every((key) => a.get(key) === b.get(key));
}

/** True when the names differ only in one run of at most MAX_COLOUR_WORDS words on each side. */
function namesDifferInColourOnly(a: string, b: string): boolean {
  const left = a.split(/\s+/);
  const right = b.split(/\s+/);
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start++;
  let end = 0;
  while (
    end < left.length - start &&
    end < right.length - start &&
    left[left.length - 1 - end] === right[right.length - 1 - end]
  )
    end++;
  return left.length - start - end <= MAX_COLOUR_WORDS && right.length - start - end <= MAX_COLOUR_WORDS;
}

/**
 * The other colours of `product` among `candidates` (products of its brand and category), one per
 * colour, ordered by colour name in the locale.
 */
export function colourVariants(
  product: ColourCandidate,
  candidates: readonly ColourCandidate[],
  localeIso: string,
): ColourVariant[] {
  const own = parameterValues(product.parameterGroups);
  const colour = own.get(COLOUR_IDENTIFIER);
  if (!colour || !product.name) return [];
  const byColour = new Map<string, ColourVariant>();
  for (const candidate of candidates) {
    if (candidate.alias === product.alias || !candidate.name) continue;
    const values = parameterValues(candidate.parameterGroups);
    const candidateColour = values.get(COLOUR_IDENTIFIER);
    if (!candidateColour || candidateColour === colour || byColour.has(candidateColour)) continue;
    if (!sameExceptColour(own, values) || !namesDifferInColourOnly(product.name, candidate.name)) continue;
    byColour.set(candidateColour, {
      alias: candidate.alias,
      colour: candidateColour,
      image: candidate.productImages?.[0]?.fileName ?? null,
    });
  }
  return [...byColour.values()].sort((a, b) => a.colour.localeCompare(b.colour, localeIso));
}

/** The product's own colour value, or null. */
export function colourOf(groups: ParameterGroupData[] | null): string | null {
  return parameterValues(groups).get(COLOUR_IDENTIFIER) ?? null;
}
