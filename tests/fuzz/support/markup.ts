// Is any stored marker a real element, attribute or script in what the server sends? A small HTML
// tokenizer (tags, quoted attributes, comments, raw-text elements) rather than a text search: an
// escaped payload inside an attribute value or a JSON string is text, and must not count.

const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noscript"]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster"]);

export type Finding = { what: string; near: string };

type Tag = { name: string; attributes: [string, string][]; end: number };

function parseTag(html: string, start: number): Tag | null {
  const nameMatch = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(start, start + 200));
  if (!nameMatch) return null;
  const name = nameMatch[1]!.toLowerCase();
  let i = start + nameMatch[0].length;
  const attributes: [string, string][] = [];
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i]!)) i++;
    if (html[i] === ">") return { name, attributes, end: i + 1 };
    const attrMatch = /^[^\s/>=]+/.exec(html.slice(i, i + 500));
    if (!attrMatch) {
      i++;
      continue;
    }
    const attrName = attrMatch[0].toLowerCase();
    i += attrMatch[0].length;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    let value = "";
    if (html[i] === "=") {
      i++;
      while (i < html.length && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close === -1 ? html.length : close);
        i = close === -1 ? html.length : close + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(html.slice(i))![0];
        value = unquoted;
        i += unquoted.length;
      }
    }
    attributes.push([attrName, value]);
  }
  return { name, attributes, end: html.length };
}

/** Markers that became markup: elements or attributes named by a payload, handlers, script. */
export function injectedMarkup(html: string): Finding[] {
  const findings: Finding[] = [];
  const near = (at: number) => html.slice(Math.max(0, at - 60), at + 120);
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) break;
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html.startsWith("<!", lt) || html.startsWith("</", lt) || html.startsWith("<?", lt)) {
      const close = html.indexOf(">", lt);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    const tag = parseTag(html, lt);
    if (!tag) {
      i = lt + 1;
      continue;
    }
    for (const [name, value] of tag.attributes) {
      if (name === "data-fuzz") findings.push({ what: `<${tag.name} data-fuzz>`, near: near(lt) });
      if (name.startsWith("on") && value.includes("fuzz("))
        findings.push({ what: `${name} handler on <${tag.name}>`, near: near(lt) });
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value))
        findings.push({ what: `javascript: URL in ${name}`, near: near(lt) });
    }
    i = tag.end;
    if (RAW_TEXT.has(tag.name)) {
      const close = html.toLowerCase().indexOf(`</${tag.name}`, i);
      const content = html.slice(i, close === -1 ? html.length : close);
      if (tag.name === "script" && /^\s*fuzz\(\d+\)/.test(content))
        findings.push({ what: "a script element made by a payload", near: near(lt) });
      i = close === -1 ? html.length : close;
    }
  }
  return findings;
}

// XML: a strict-enough well-formedness check for the feed and the sitemap, giving back the tree.

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;

const ILLEGAL_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NAME = /^[A-Za-z_:][\w.:-]*/;

function decodeEntities(text: string, where: number): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(";")) throw new Error(`bare & at ${where}`);
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (ref in named) return named[ref]!;
    const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(ref);
    if (!num) throw new Error(`unknown entity &${ref}; at ${where}`);
    const code = num[1]!.startsWith("x") ? Number.parseInt(num[1]!.slice(1), 16) : Number(num[1]);
    const ch = String.fromCodePoint(code);
    if (ILLEGAL_XML.test(ch) || code > 0x10ffff)
      throw new Error(`illegal character reference at ${where}`);
    return ch;
  });
}

/** Parses a whole XML document; throws with a reason when it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const illegal = ILLEGAL_XML.exec(xml);
  if (illegal)
    throw new Error(
      `illegal character U+${illegal[0].charCodeAt(0).toString(16)} at ${illegal.index}`,
    );
  let i = 0;
  if (xml.startsWith("<?xml")) i = xml.indexOf("?>") + 2;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt === -1 ? xml.length : lt;
    const raw = xml.slice(i, textEnd);
    if (raw.includes(">") && raw.includes("]]>")) throw new Error(`]]> in text at ${i}`);
    if (stack.length === 0) {
      if (raw.trim()) throw new Error(`text outside the root element at ${i}`);
    } else if (raw) {
      stack.at(-1)!.children.push(decodeEntities(raw, i));
    }
    if (lt === -1) break;
    if (xml.startsWith("<!--", lt)) {
      const close = xml.indexOf("-->", lt);
      if (close === -1) throw new Error("unclosed comment");
      i = close + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const close = xml.indexOf("]]>", lt);
      if (close === -1 || stack.length === 0) throw new Error("bad CDATA");
      stack.at(-1)!.children.push(xml.slice(lt + 9, close));
      i = close + 3;
    } else if (xml.startsWith("</", lt)) {
      const close = xml.indexOf(">", lt);
      const name = xml.slice(lt + 2, close).trim();
      const open = stack.pop();
      if (!open || open.name !== name)
        throw new Error(`</${name}> does not close <${open?.name}> at ${lt}`);
      if (stack.length === 0) root = open;
      i = close + 1;
    } else {
      const close = xml.indexOf(">", lt);
      if (close === -1) throw new Error(`unclosed tag at ${lt}`);
      let inner = xml.slice(lt + 1, close);
      const selfClosing = inner.endsWith("/");
      if (selfClosing) inner = inner.slice(0, -1);
      const name = NAME.exec(inner)?.[0];
      if (!name) throw new Error(`bad tag name at ${lt}`);
      const attributes: Record<string, string> = {};
      let rest = inner.slice(name.length);
      const attr = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/;
      for (let m = attr.exec(rest); m; m = attr.exec(rest)) {
        if (m[1]! in attributes) throw new Error(`duplicate attribute ${m[1]} at ${lt}`);
        attributes[m[1]!] = decodeEntities(m[3] ?? m[4] ?? "", lt);
        rest = rest.slice(m[0].length);
      }
      if (rest.trim()) throw new Error(`bad attributes in <${name}> at ${lt}`);
      if (stack.length === 0 && root) throw new Error("a second root element");
      const element: XmlElement = { name, attributes, children: [] };
      if (stack.length) stack.at(-1)!.children.push(element);
      if (selfClosing) {
        if (stack.length === 0) root = element;
      } else stack.push(element);
      i = close + 1;
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}

export function xmlText(node: XmlNode): string {
  return typeof node === "string" ? node : node.children.map(xmlText).join("");
}

export function xmlElements(node: XmlNode, name: string): XmlElement[] {
  if (typeof node === "string") return [];
  const inner = node.children.flatMap((child) => xmlElements(child, name));
  return node.name === name ? [node, ...inner] : inner;
}
