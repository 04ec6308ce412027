// Written by scripts/icon-sprite.ts (`npm run icons`): the icon sprite's address.
export const ICON_SPRITE = "/assets/icons-2a915354e0.svg";
