-- Signed press-kit links carry the kit's link version; "Revoke all links" raises it
-- (docs/product.md#press-kit).
ALTER TABLE "press_kits" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;