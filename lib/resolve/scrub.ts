import { MASK } from "./types";

/** Shorter values would mask ordinary text ("on", "1") everywhere; no real credential is this short. */
const MIN_SECRET_LENGTH = 4;

/**
 * `value` with every occurrence of each secret replaced by the mask, in every string at any depth (DESIGN §7:
 * a resolved secret never reaches a viewer through a reason, an upstream error body or stderr). Each secret is
 * looked for in every form an upstream may echo it in (`secretForms`). Longest first, so a secret that contains
 * another is masked whole.
 */
export function scrubSecrets<T>(value: T, secrets: Iterable<string>): T {
  const scrub = scrubberFor(secrets);
  return scrub ? (scrubWith(value, scrub) as T) : value;
}

/**
 * The one way to shorten text that may hold a secret (DESIGN §14 "scrub, then cut"): every secret, in every form, is
 * replaced first, and only then is the text cut to `maxChars` — so a cut can never leave a secret's first characters
 * behind where the whole secret would have been masked. `endsCut`: the text as read was already cut at its end (a
 * capped body), so it may end in the first characters of a secret; those are dropped before anything else. `tidy`
 * (collapsing whitespace, say) runs on the scrubbed text, so it cannot change a secret out of recognition first.
 */
export function scrubThenCut(
  text: string, secrets: Iterable<string>, maxChars: number,
  { endsCut = false, tidy = (scrubbed: string) => scrubbed }: { endsCut?: boolean; tidy?: (text: string) => string } = {},
): string {
  const list = [...secrets];
  const whole = endsCut ? withoutSecretStartAtEnd(text, list) : text;
  const scrubbed = tidy(scrubSecrets(whole, list));
  return scrubbed.length <= maxChars ? scrubbed : scrubbed.slice(0, maxChars);
}

/**
 * `text` without the longest ending that is the start of a form of a secret (a secret the cut split); a character
 * the cut split in its bytes (decoded as U+FFFD) goes too.
 */
function withoutSecretStartAtEnd(cutText: string, secrets: string[]): string {
  const text = cutText.replace(/\uFFFD+$/u, "");
  let drop = 0;
  for (const form of secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH).flatMap(secretForms)) {
    for (let length = Math.min(form.length - 1, text.length); length > drop; length--) {
      if (text.endsWith(form.slice(0, length))) {
        drop = length;
        break;
      }
    }
  }
  return text.slice(0, text.length - drop);
}

/**
 * A secret as an upstream may send it back: raw; percent-encoded (`encodeURIComponent`, `encodeURI`, as a URL
 * parser writes it in a path, a query or a user name, and as a form body writes it); JSON-escaped (as
 * `JSON.stringify` writes it, and with every non-ASCII character as `\uXXXX`); in base64 (as HTTP Basic
 * credentials carry it). A form that does not decode back to the secret is not one of its forms.
 */
export function secretForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), encodeURI(secret), ...urlParserForms(secret), formEncodedForm(secret), ...jsonForms(secret), ...base64Forms(secret)];
  return [...new Set(forms.filter((form) => form.length >= MIN_SECRET_LENGTH))];
}

/** As `application/x-www-form-urlencoded` writes it (an OAuth token request's `client_secret`): a space is `+`, `~` is `%7E`. */
function formEncodedForm(secret: string): string {
  return new URLSearchParams({ s: secret }).toString().slice(2);
}

/**
 * In base64 and base64url, with and without padding: the secret encoded alone, and — since it may sit anywhere in
 * what was encoded (`Basic base64(client_id:secret)`) — at each of the three byte offsets it may start at, the
 * characters its own bytes alone decide: whole groups of three bytes, and its tail when it ends the text.
 */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (const skip of [0, 1, 2]) {
    const rest = bytes.subarray(skip);
    const encoded = toBase64(rest);
    forms.push(encoded, encoded.replace(/=+$/, ""), toBase64(rest.subarray(0, rest.length - (rest.length % 3))));
  }
  return forms.flatMap((form) => [form, form.replaceAll("+", "-").replaceAll("/", "_")]);
}

function toBase64(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
}

function urlParserForms(secret: string): string[] {
  const forms: string[] = [];
  const readBack = (read: () => string) => {
    try {
      const form = read();
      if (safeDecode(form) === secret) forms.push(form);
    } catch {
      // Not a value a URL can hold in that place: no such form.
    }
  };
  readBack(() => new URL(`http://h/${secret}`).pathname.slice(1));
  readBack(() => new URL(`http://h/?${secret}`).search.slice(1));
  readBack(() => {
    const url = new URL("http://h/");
    url.username = secret;
    return url.username;
  });
  return forms;
}

function jsonForms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  const asciiOnly = escaped.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return [escaped, asciiOnly];
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function scrubberFor(secrets: Iterable<string>): ((text: string) => string) | null {
  const raw = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const list = [...new Set(raw.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return null;
  return (text) => list.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, MASK), text);
}

function scrubWith(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubWith(item, scrub));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubWith(item, scrub)]));
  }
  return value;
}
