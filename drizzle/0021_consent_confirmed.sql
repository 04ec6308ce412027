-- A confirmation link names its consent and confirms it once: when it was opened
-- (docs/product.md#newsletter-subscribing).
ALTER TABLE "consents" ADD COLUMN "confirmed_at" timestamp with time zone;