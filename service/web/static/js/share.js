// A verdict shared without storing anything: the transcript (or list, or day) travels in
// the URL's fragment, which browsers never send to the server:
//   #v2/game/<data>.<check>       a game
//   #v2/list/<data>.<check>       a list (sitting)
//   #v2/list/<data>/<n>.<check>   game n (from 1) of that list
//   #v2/day/<data>.<check>        a tournament day
// A game's link may name the step shown (from 0, the deal): <data>@<step>, or for a game of
// a list <data>/<n>@<step>.
// data is the JSON text compressed with deflate (raw) and written in base64url; check is
// the CRC-32 of everything between "#" and "." (4 bytes, big-endian, in base64url), so a
// link damaged on the way says so instead of showing another game: a CRC-32 catches
// every change of one character. (Not SHA-256: crypto.subtle is missing on a page
// served over plain HTTP, as on a club's own network.) Links of version 1
// (#v1/game/<data>, no check) still open, marked as unchecked.
export const FORMAT_VERSION = 2;

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, c => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

const CRC_TABLE = Array.from({length: 256}, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let crc = 0xFFFFFFFF;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >>> 8);
  return (crc ^ 0xFFFFFFFF) >>> 0;
}

function checkOf(body) {
  const crc = crc32(new TextEncoder().encode(body));
  return toBase64Url(Uint8Array.of(crc >>> 24, (crc >>> 16) & 0xFF, (crc >>> 8) & 0xFF, crc & 0xFF));
}

// The fragment of a game, list or day; `line` (from 0) names a game of a list, `step` the
// step of the game shown.
export async function encode(kind, data, line = null, step = null) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const packed = await pipe(bytes, new CompressionStream("deflate-raw"));
  const body = `v${FORMAT_VERSION}/${kind}/${toBase64Url(packed)}${line === null ? "" : `/${line + 1}`}`
    + (step === null ? "" : `@${step}`);
  return `#${body}.${checkOf(body)}`;
}

export class LinkError extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

async function unpack(data) {
  try {
    return new TextDecoder("utf-8", {fatal: true}).decode(
      await pipe(fromBase64Url(data), new DecompressionStream("deflate-raw")));
  } catch {
    throw new LinkError("link_damaged");
  }
}

// {kind, text, line, step, checked} from a fragment; null when the fragment is no shared verdict.
export async function decode(hash) {
  const version = /^#v(\d+)\//.exec(hash);
  if (!version) return null;
  if (version[1] === "1") {
    const m = /^#v1\/(game|list)\/([A-Za-z0-9_-]+)$/.exec(hash);
    if (!m) throw new LinkError("bad_link", {msg: "not a shared game or list"});
    return {kind: m[1], text: await unpack(m[2]), line: null, step: null, checked: false};
  }
  if (Number(version[1]) !== FORMAT_VERSION) {
    throw new LinkError("link_version", {v: version[1], known: FORMAT_VERSION});
  }
  const m = /^#(v2\/(game|list|day|season)\/([A-Za-z0-9_-]+)(?:\/([1-9][0-9]{0,3}))?(?:@(0|[1-9][0-9]{0,3}))?)\.([A-Za-z0-9_-]{6})$/.exec(hash);
  // Anything else that starts as a link of this version was damaged on the way.
  if (!m || m[6] !== checkOf(m[1])) throw new LinkError("link_damaged");
  const line = m[4] === undefined ? null : Number(m[4]) - 1;
  const step = m[5] === undefined ? null : Number(m[5]);
  if (line !== null && m[2] !== "list") throw new LinkError("link_damaged");
  if (step !== null && !(m[2] === "game" || line !== null)) throw new LinkError("link_damaged");
  return {kind: m[2], text: await unpack(m[3]), line, step, checked: true};
}
