import { getDomain } from "tldts-icann";

// The key requests tab flags a request whose e-mail domain is not the outlet's: the address and the
// outlet URL's host must share their registrable domain (the name a registrar sells under a public
// suffix: example.com, bbc.co.uk), so ana@example.com for https://www.example.com/ and
// ana@news.example.com for example.com both match, and ana@co.uk matches no bbc.co.uk. A URL with
// user-info (https://www.ign.com@attacker.test/ is attacker.test's) or that is not a URL never
// matches; the form refuses user-info too (key-request-schema.ts).

function registrableDomain(host: string): string | null {
  return getDomain(host.trim().toLowerCase().replace(/\.$/, "")) || null;
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return null;
    return parsed.hostname || null;
  } catch {
    return null;
  }
}

export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  return email.slice(at + 1).trim() || null;
}

export function domainsMatch(email: string, outletUrl: string): boolean {
  const mail = emailDomain(email);
  const host = hostOf(outletUrl);
  if (!mail || !host) return false;
  const domain = registrableDomain(mail);
  return domain !== null && domain === registrableDomain(host);
}
