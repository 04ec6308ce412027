// The privacy policy a fresh site offers as a draft (docs/product.md#pages): what this site keeps
// and why, in plain words, for the studio to complete (its legal name, address and contact) before
// publishing. `{studio}` is replaced by the studio's name.

export const PRIVACY_TEMPLATE = `{studio} runs this website. This page says what it keeps about you, why, and what you can do about it.

## What we keep

- **Your account**, if you make one: your e-mail address, your display name, bio and avatar, a hash of your password (never the password itself), your settings, and the games you marked as played.
- **Sign-in sessions**: a cookie that keeps you signed in, and for each session the device and the time it was last used, so you can see and end your sessions from your profile.
- **Messages you send us** through the contact form: your name, e-mail address, subject and message.
- **What staff do** in the admin is logged for accountability.

We use no advertising or tracking cookies and load nothing from other companies' servers.

## Why

To run your account, to answer your messages and to keep the site secure. We do not sell or share your data.

## How long

Your account stays until you delete it; deleting it from your profile removes your data. Contact messages are kept as long as we need them to answer you.

## Your rights

You can download your data from your profile (Export my data), correct it there, or delete your account at any time. For anything else, write to us: [add the studio's privacy contact here].

## Who we are

[Add the studio's legal name, address and, where the law asks for it, its registration details.]
`;
