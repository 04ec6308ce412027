import { z } from "~/platform/forms/zod";

// The shapes every API endpoint shares, whatever its feature: the error body, a list page and the
// answer to a delete. A feature's own items are its own schemas.

/** Every API error: `{error: {code, message, fields?}}` (docs/product.md#api). */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/**
 * A list answer: at most `limit` items, and `next`, the cursor of the page after this one (send it
 * back as `?cursor=`; the same URL is in the `Link` header with rel="next"), null on the last page.
 */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), limit: z.number().int(), next: z.string().nullable() });

/** What a delete answers: the id it deleted. */
export const DeletedSchema = z.object({ deleted: z.string() });
