-- A confirmation link names its consent and confirms it once: when it was opened
-- (docs/product.md#newsletter).
ALTER TABLE "consents" ADD COLUMN "confirmed_at" timestamp with time zone;