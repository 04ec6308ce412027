import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { postMail, preparePost } from "./post-mail.server";
import { readToken } from "./tokens.server";

const keys = { secret: "s".repeat(40), siteUrl: "https://studio.example" };
const subscriberId = "0b6f1c9e-4c1a-4c55-9a43-6f1f0d0f5a11";
const source = [
  "## Patch notes",
  "",
  "Read [the notes](/news/patch-1) or [elsewhere](https://other.example/x).",
  "",
  "![A ship at dawn](/media/2f1d9a3e-7c1b-4a55-8f43-6f1f0d0f5a22/1200.webp)",
  "",
  "| a | b |",
  "|:--|--:|",
  "| 1 | 2 |",
].join("\n");

const POSTAL = "Moth & Co GmbH\nHafenstraße 1\n20457 Hamburg, Germany";

function mailFor(test = false, postalAddress = "") {
  const prepared = preparePost({
    post: {
      title: "Patch 1 <is> out",
      slug: "patch-1",
      coverSrc: "/media/7c0e2b1a-5d3f-4e8a-9b6c-1a2b3c4d5e6f/1600.webp",
      coverAlt: "Cover",
    },
    articleHtml: renderMarkdown(source, { siteUrl: keys.siteUrl }),
    studio: { name: "Moth & Co", logoUrl: null, accent: "#0b5a3c", postalAddress },
    siteUrl: keys.siteUrl,
  });
  return postMail(prepared, {
    subscriberId,
    list: { slug: "studio", name: "Moth & Co news" },
    messageId: "<nl.abc@studio.example>",
    keys,
    test,
  });
}

describe("a post's mail", () => {
  it("is HTML with inline styles and absolute links and images, without script or <style>", () => {
    const { html } = mailFor();
    expect(html).not.toMatch(/<script|<style|\son\w+=/i);
    expect(html).toContain('href="https://studio.example/news/patch-1"');
    expect(html).toContain('href="https://other.example/x"');
    // Uploads as their JPEG for mail: WebP is a broken image in some mail clients.
    expect(html).toContain(
      'src="https://studio.example/media/2f1d9a3e-7c1b-4a55-8f43-6f1f0d0f5a22/mail.jpg"',
    );
    expect(html).toContain(
      'src="https://studio.example/media/7c0e2b1a-5d3f-4e8a-9b6c-1a2b3c4d5e6f/mail.jpg"',
    );
    expect(html).not.toContain(".webp");
    // Every href and src is absolute.
    for (const [, url] of html!.matchAll(/(?:href|src)="([^"]*)"/g))
      expect(url).toMatch(/^https:\/\//);
    expect(html).toMatch(/<p style="[^"]+">/);
    expect(html).toContain("border-top:4px solid #0b5a3c");
    expect(html).toContain("Patch 1 &lt;is&gt; out");
    expect(html).toContain("text-align:right");
    expect(html).not.toContain("heading-anchor");
  });

  it("has a plain-text part with the text, absolute links and the footer links", () => {
    const { text } = mailFor();
    expect(text).toContain("Patch notes");
    expect(text).toContain("the notes (https://studio.example/news/patch-1)");
    expect(text).toContain("[A ship at dawn]");
    expect(text).toMatch(
      /Manage your preferences: https:\/\/studio\.example\/newsletter\/preferences\?token=/,
    );
    expect(text).toMatch(/Unsubscribe: https:\/\/studio\.example\/newsletter\/unsubscribe\?token=/);
    expect(text).not.toMatch(/<(p|a|img|table|h2|td)\b/);
  });

  it("carries one-click unsubscribe with a signed token (no mailto nothing reads), List-Id and its Message-ID", () => {
    const { headers } = mailFor();
    const unsubscribe = headers!["List-Unsubscribe"]!;
    const https = unsubscribe.match(/^<(https:[^>]+)>$/)?.[1];
    expect(https).toBeDefined();
    const token = new URL(https!).searchParams.get("token");
    expect(readToken(keys.secret, "manage", token)).toBe(subscriberId);
    expect(headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers!["List-Id"]).toBe("<studio.studio.example>");
    expect(headers!["Message-ID"]).toBe("<nl.abc@studio.example>");
  });

  it("says [Test] in the subject of a test send", () => {
    expect(mailFor(true).subject).toBe("[Test] Patch 1 <is> out");
    expect(mailFor(false).subject).toBe("Patch 1 <is> out");
  });

  // Issue 36: the footer had no postal address, which the laws on commercial mail expect.
  it("shows the studio's postal address in the footer of both parts, line by line and escaped", () => {
    const { html, text } = mailFor(false, POSTAL);
    const footer = html!.slice(html!.indexOf("You receive this mail"));
    expect(footer).toContain("Moth &amp; Co GmbH<br>Hafenstraße 1<br>20457 Hamburg, Germany");
    expect(text!.split("\n").slice(-3)).toEqual([
      "Moth & Co GmbH",
      "Hafenstraße 1",
      "20457 Hamburg, Germany",
    ]);
    const hostile = mailFor(false, "<b>Studio</b>\n1 Main St").html!;
    expect(hostile).toContain("&lt;b&gt;Studio&lt;/b&gt;<br>1 Main St");
    expect(hostile).not.toContain("<b>Studio");
  });

  it("leaves the address out, with nothing in its place, while none is set", () => {
    const { html, text } = mailFor(false, "");
    expect(text!.trimEnd().split("\n").at(-1)).toMatch(/^Unsubscribe: https:/);
    expect(html).not.toContain('data-part="postal-address"');
  });
});
