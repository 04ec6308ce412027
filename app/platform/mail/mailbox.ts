// The mailbox an address reaches, for counting mails per inbox (newsletter confirmations, key
// request receipts): `ana+1@example.com`
// and `ana+2@example.com` are one mailbox (sub-addressing), and at providers that ignore dots in
// the name (Gmail) `a.na@gmail.com` is `ana@gmail.com`. Only for counting: mail still goes to the
// address as typed.

/** Providers whose mailbox names ignore dots, with the domain their aliases stand for. */
const DOTLESS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/** The recipient's domain, lower-cased (`example.com` of `Ana@Example.COM`). */
export function recipientDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** The mailbox an address reaches: lower-cased, without its `+tag`, without dots where ignored. */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const domain = recipientDomain(email);
  let name = email.slice(0, at).trim().toLowerCase();
  name = name.split("+")[0] || name;
  const provider = DOTLESS[domain];
  if (provider) return `${name.replaceAll(".", "")}@${provider}`;
  return `${name}@${domain}`;
}
