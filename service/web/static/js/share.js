// A verdict shared without storing anything: the transcript (or list) travels in the
// URL's fragment, which browsers never send to the server: "#v1/game/<data>" or
// "#v1/list/<data>", data being the JSON text compressed with deflate (raw) and written
// in base64url. The version lets a later page read links made by this one.
export const FORMAT_VERSION = 1;

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

export async function encode(kind, data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const packed = await pipe(bytes, new CompressionStream("deflate-raw"));
  return `#v${FORMAT_VERSION}/${kind}/${toBase64Url(packed)}`;
}

export class LinkError extends Error {
  constructor(key, values) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

// {kind, data} from a fragment; null when the fragment is no shared verdict.
export async function decode(hash) {
  const m = /^#v(\d+)\/(game|list)\/([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) {
    if (/^#v\d+\//.test(hash)) throw new LinkError("bad_link", {msg: "not a shared game or list"});
    return null;
  }
  if (Number(m[1]) !== FORMAT_VERSION) {
    throw new LinkError("link_version", {v: m[1], known: FORMAT_VERSION});
  }
  let text;
  try {
    text = new TextDecoder("utf-8", {fatal: true}).decode(
      await pipe(fromBase64Url(m[3]), new DecompressionStream("deflate-raw")));
  } catch (error) {
    throw new LinkError("bad_link", {msg: "the data is cut or damaged"});
  }
  return {kind: m[2], text};
}
