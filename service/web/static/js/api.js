// The page is a client of the public API, nothing more. Answers speak the page's language.
import { language } from "./i18n.js";

export async function post(path, text) {
  const response = await fetch(path, {method: "POST", body: text,
                                      headers: {"Content-Type": "application/json",
                                                "Accept-Language": language()}});
  let body = null;
  try { body = await response.json(); } catch { /* a body that is not JSON */ }
  return {status: response.status, body};
}

export async function get(path) {
  const response = await fetch(path, {headers: {"Accept-Language": language()}});
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}
