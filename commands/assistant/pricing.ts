// What a call cost, from the configured price table (AI_PRICES over the defaults in api/config.ts):
// US dollars per million tokens in and out, per model, "*" for any other model.

export interface AiPrice {
  input: number;
  output: number;
}

/** Rounded to a millionth of a dollar (the read model stores micro-dollars). */
export const costOf = (prices: Readonly<Record<string, AiPrice>>, model: string, tokensIn: number, tokensOut: number): number => {
  const price = prices[model] ?? prices['*'];
  if (!price) return 0;
  return Math.round(tokensIn * price.input + tokensOut * price.output) / 1_000_000;
};
