// The page's words in the reader's language: English, Italian or French. The server puts the
// page's catalog (domain "page": msgid → msgstr, a plural entry's forms as a list) into the HTML
// it serves, as <script type="application/json" id="wb-messages">, and sets <html lang>, so the
// page never shows English before a fetch. Every string shown to people goes through t() or tn()
// (scripts/messages.py extracts their literal strings); the HTML's static text is marked
// data-i18n (the element's text is the message) or data-i18n-attrs="title aria-label …".
// Move notation, rule ids, creature ids and JSON never go through here.

const COOKIE = "wingbeat-lang";
const LANGUAGES = [["en", "English"], ["it", "Italiano"], ["fr", "Français"]];

function readCatalog() {
  const node = document.getElementById("wb-messages");
  if (!node) return {};
  try {
    return JSON.parse(node.textContent) || {};
  } catch (e) {
    return {};
  }
}

const catalog = readCatalog();
const messages = catalog.messages || {};

// The page's language: the server's choice (the cookie, then Accept-Language).
export const lang = catalog.lang || document.documentElement.lang || "en";

// "{name} moves" with {name: "bat"} → "bat moves"; a placeholder without a value stays.
export function format(text, values) {
  if (!values) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (whole, key) => (Object.prototype.hasOwnProperty.call(values, key) ? String(values[key])
      : whole));
}

// A message in the page's language, its {placeholders} filled from values.
export function t(msgid, values) {
  const found = messages[msgid];
  return format(typeof found === "string" && found ? found : msgid, values);
}

// Which plural form n takes: Italian and English "n != 1", French "n > 1" (0 is singular).
function pluralIndex(n) {
  return lang === "fr" ? (n > 1 ? 1 : 0) : (n !== 1 ? 1 : 0);
}

// The singular or plural of a message by n ({n} is filled too).
export function tn(singular, plural, n, values) {
  const index = pluralIndex(Math.abs(Number(n)));
  const forms = messages[singular];
  const found = Array.isArray(forms) && forms[index] ? forms[index] : index ? plural : singular;
  return format(found, { n, ...(values || {}) });
}

const DECIMAL_COMMA = lang === "it" || lang === "fr";

// An exact decimal text ("4.5", "-0.25", "4.5 m") as the language writes it ("4,5"): the
// digits are kept as they are, never rounded. Fractions ("3½", "7/2") read the same everywhere.
export function amount(text) {
  if (text === null || text === undefined) return text;
  const said = String(text);
  return DECIMAL_COMMA ? said.replace(/(\d)\.(\d)/g, "$1,$2") : said;
}

// A number as the language writes it, exactly: 4.5 → "4,5" in Italian and French.
export function number(value) {
  return amount(String(value));
}

// A percentage: "45%", and "45 %" in French (a no-break space).
export function percent(value) {
  return lang === "fr" ? `${number(value)}\u00a0%` : `${number(value)}%`;
}

// The HTML's static words: [data-i18n] elements (text only) and [data-i18n-attrs] attributes.
export function translatePage(root = document) {
  if (lang === "en") return;
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const text = node.textContent.split(/\s+/).filter(Boolean).join(" ");
    if (text) node.textContent = t(text);
  }
  for (const node of root.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of node.dataset.i18nAttrs.split(/\s+/).filter(Boolean)) {
      const value = node.getAttribute(name);
      if (value) node.setAttribute(name, t(value));
    }
  }
}

// The language picker: a <select data-i18n-picker> (the pages' controls). A choice sets the
// cookie the server reads (this site only, SameSite=Lax, a year) and reloads the page; it changes
// only the language of the words, never any saved state.
export function wirePicker(root = document) {
  for (const select of root.querySelectorAll("select[data-i18n-picker]")) {
    if (!select.options.length) {
      for (const [code, name] of LANGUAGES) {
        const option = document.createElement("option");
        option.value = code;
        option.lang = code;
        option.textContent = name;
        select.append(option);
      }
    }
    select.value = lang;
    select.addEventListener("change", () => {
      const chosen = select.value;
      if (!LANGUAGES.some(([code]) => code === chosen)) return;
      document.cookie = `${COOKIE}=${chosen}; path=/; max-age=31536000; SameSite=Lax`;
      window.location.reload();
    });
  }
}

translatePage();
wirePicker();

// "head: tail" as the language punctuates it ("head : tail" in French).
export function colon(head, tail) {
  // Translators: a label and what it says, as "U35: 3 MP"
  return t("{head}: {tail}", { head, tail });
}
