// Where each value of a JSON text stands: JSON pointer -> [start, end) offsets, so that a
// field error of the service can be shown at its place in the text. Also finds the
// offset of a syntax error, which JSON.parse does not report the same in every browser.

// `what` went wrong (in English; the page says it in its language), at `char` (none at
// the end of the text).
export class JsonSyntaxError extends Error {
  constructor(what, char, offset) {
    super(char === null ? what : `${what} at “${char}”`);
    this.what = what;
    this.char = char;
    this.offset = offset;
  }
}

function escapeToken(key) {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function locate(text) {
  const places = new Map();
  let i = 0;
  const fail = (what) => {
    throw i >= text.length ? new JsonSyntaxError("unexpected end of the text", null, i)
      : new JsonSyntaxError(what, text[i], i);
  };
  const space = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail("a control character in a string");
      i++;
    }
    if (i >= text.length) fail("an unterminated string");
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (pointer) => {
    space();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++; space();
      if (text[i] === "}") { i++; }
      else {
        for (;;) {
          space();
          if (text[i] !== '"') fail("expected a key");
          const key = string();
          space();
          if (text[i] !== ":") fail("expected “:”");
          i++;
          value(`${pointer}/${escapeToken(key)}`);
          space();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "}") { i++; break; }
          fail("expected “,” or “}”");
        }
      }
    } else if (c === "[") {
      i++; space();
      if (text[i] === "]") { i++; }
      else {
        for (let n = 0; ; n++) {
          value(`${pointer}/${n}`);
          space();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "]") { i++; break; }
          fail("expected “,” or “]”");
        }
      }
    } else if (c === '"') {
      string();
    } else {
      const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) fail("unexpected character");
      i += m[0].length;
    }
    places.set(pointer, [start, i]);
  };
  value("");
  space();
  if (i < text.length) fail("text after the end of the value");
  return places;
}

export function lineColumn(text, offset) {
  const before = text.slice(0, offset).split("\n");
  return {line: before.length, col: before[before.length - 1].length + 1};
}

// The place of a pointer, or of its nearest ancestor that exists in the text.
export function placeOf(places, pointer) {
  let p = pointer;
  for (;;) {
    if (places.has(p)) return places.get(p);
    if (p === "") return [0, 0];
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
