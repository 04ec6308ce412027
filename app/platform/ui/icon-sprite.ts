// Written by scripts/icon-sprite.ts (`npm run icons`): the icon sprite's address.
export const ICON_SPRITE = "/assets/icons-eebf1b869c.svg";
