// Follow a server-sent event stream (GET …/events, web/liveroutes.py) with fetch(), not
// EventSource: a shared table's key travels as a header, which EventSource cannot send. The
// stream is parsed here (id:, data:, comments), resumed after the last id seen
// (Last-Event-ID) when it drops, with a growing pause between tries; a stream silent past
// IDLE_MS (the server comments every 15 s) is taken for dead and opened again (a phone that
// slept). Events say only that something changed: the page asks the API again.

import { t } from "./i18n.js";
import { authorised, noKey } from "./common.js";

const IDLE_MS = 45000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 15000;

// This page's own id: a stream it opens again (a phone back on another network) takes the place
// of the one it left behind on the server (web/live.py). Not kept across reloads: a duplicated
// tab would share it, and the two would take each other's place for ever.
const SCREEN = (() => {
  try {
    return Array.from(crypto.getRandomValues(new Uint8Array(12)),
      (b) => b.toString(16).padStart(2, "0")).join("");
  } catch (e) {
    return null;  // no crypto: each stream on its own
  }
})();

// The one place a stream's request is made: with the shared table's key (common.js).
function streamRequest(lastId, signal) {
  const headers = { Accept: "text/event-stream" };
  if (lastId) headers["Last-Event-ID"] = lastId;
  if (SCREEN) headers["X-Wingbeat-Screen"] = SCREEN;
  return authorised({ headers, cache: "no-store", signal });
}

// One event block ("id: …\ndata: …") as {id, data}; comments and unknown fields are skipped.
function parseBlock(block) {
  let id = null;
  const data = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  return { id, data: data.length ? data.join("\n") : null };
}

// Follow `url`: onEvent(event, id) for each event's JSON; onState("live" | "waiting" |
// "stopped", why) as the stream opens, drops or is refused for good. Gives back {stop()}.
export function follow(url, { onEvent = () => {}, onState = () => {} } = {}) {
  let lastId = null;
  let stopped = false;
  let controller = null;
  let pause = FIRST_PAUSE_MS;
  let wake = null;  // ends the pause between tries early (the page is shown again)
  let back = false;  // the network came back while a stream was open: open it again at once

  async function once() {
    controller = new AbortController();
    let idle = setTimeout(() => controller.abort(), IDLE_MS);
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(), IDLE_MS);
    };
    try {
      const response = await fetch(url, streamRequest(lastId, controller.signal));
      if (!response.ok || !response.body) {
        let message = t("the live stream was refused ({status})", { status: response.status });
        try { message = (await response.json()).error.message || message; } catch (e) { /* */ }
        // a refusal that trying again cannot mend (a bad key, no such encounter) stops it
        if (response.status === 401) noKey(message);
        if ([400, 401, 403, 404].includes(response.status)) {
          stopped = true;
          onState("stopped", message);
        }
        return message;
      }
      onState("live");
      pause = FIRST_PAUSE_MS;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return t("the live stream ended");
        alive();
        buffer += value;
        let cut;
        while ((cut = buffer.search(/\r?\n\r?\n|\r\r/)) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^(\r?\n\r?\n|\r\r)/, "");
          const { id, data } = parseBlock(block);
          if (id !== null) lastId = id;
          if (data === null) continue;
          let event = null;
          try { event = JSON.parse(data); } catch (e) { continue; }
          onEvent(event, id);
        }
      }
    } finally {
      clearTimeout(idle);
    }
  }

  async function run() {
    while (!stopped) {
      let why;
      try {
        why = await once();
      } catch (error) {
        why = error && error.message;
      }
      if (stopped) return;
      onState("waiting", why);
      if (back) {  // the network came back: at once, from the last id seen
        back = false;
        continue;
      }
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, pause);
      });
      wake = null;
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  const shown = () => {
    if (document.visibilityState === "visible" && wake) wake();
  };
  // Back online (a phone off the Wi-Fi, then on it again): a stream that looked open through
  // it may have lost what was sent meanwhile without a word, so it is opened again from the
  // last id seen, and the server sends what was missed.
  const online = () => {
    pause = FIRST_PAUSE_MS;
    if (wake) { wake(); return; }
    back = true;
    if (controller) controller.abort();
  };
  document.addEventListener("visibilitychange", shown);
  window.addEventListener("online", online);
  run();
  return {
    stop() {
      stopped = true;
      document.removeEventListener("visibilitychange", shown);
      window.removeEventListener("online", online);
      if (controller) controller.abort();
    },
  };
}
