// Share links: the address's fragment holds the current puzzle (`index.html#<puzzle>`), so the
// address bar can be copied at any time. The fragment is data: it goes to the engine's parser as
// text and is never put into the page as HTML.

export function readFragment() {
  const raw = location.hash.slice(1);
  if (!raw) return "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape: let the parser say what is wrong with it
  }
}

// Replace (not push) the fragment, so typing does not fill the history.
export function writeFragment(line) {
  const url = new URL(location.href);
  url.hash = line ? encodeURIComponent(line) : "";
  history.replaceState(null, "", url.href);
}
