import { hasNoControlCharacters } from "~/platform/forms/text-rules";

// A batch of keys as staff paste it (docs/product.md#key-desk): one key a line, or a CSV whose
// first column is the key (a header row naming "key" or "code" is skipped, as are blank lines and
// quotes around a value). The same key twice in one batch counts once.

export const MAX_KEY_LENGTH = 200;
export const MAX_BATCH = 2000;

export type ParsedBatch = { keys: string[]; problems: string[] };

function firstCell(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1);
    return end > 0 ? trimmed.slice(1, end).replace(/""/g, '"') : trimmed.slice(1);
  }
  return (trimmed.split(/[,;\t]/)[0] ?? "").trim();
}

export function parseKeyBatch(text: string): ParsedBatch {
  const keys: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const key = firstCell(line).trim();
    if (!key) return;
    if (index === 0 && /^(key|code|keys|codes)$/i.test(key)) return;
    if (key.length > MAX_KEY_LENGTH) {
      problems.push(`Line ${index + 1}: a key is at most ${MAX_KEY_LENGTH} characters.`);
      return;
    }
    if (!hasNoControlCharacters(key)) {
      problems.push(`Line ${index + 1}: a key cannot hold control characters.`);
      return;
    }
    if (seen.has(key)) return;
    seen.add(key);
    keys.push(key);
  });
  if (keys.length > MAX_BATCH) problems.push(`A batch holds at most ${MAX_BATCH} keys.`);
  if (keys.length === 0 && problems.length === 0) problems.push("Paste at least one key.");
  return { keys, problems };
}
