// The key requests tab flags a request whose e-mail domain is not the outlet's: the address's domain
// must be the outlet URL's host or a subdomain of it, or the host a subdomain of the address's domain
// (ana@example.com for https://www.example.com/ and ana@news.example.com for example.com both match).
// "www." is dropped and case ignored; a host that is not a URL never matches.

function hostOf(url: string): string | null {
  try {
    return (
      new URL(url).hostname
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/\.$/, "") || null
    );
  } catch {
    return null;
  }
}

export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  return (
    email
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "") || null
  );
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function domainsMatch(email: string, outletUrl: string): boolean {
  const mail = emailDomain(email);
  const host = hostOf(outletUrl);
  if (!mail || !host || !mail.includes(".") || !host.includes(".")) return false;
  return within(mail, host) || within(host, mail);
}
