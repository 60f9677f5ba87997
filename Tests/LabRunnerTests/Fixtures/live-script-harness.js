// A fake page for the live script (LivePage.script, written beside this file as live.js): just
// what it touches; prints, as JSON, the notice the page shows after each step.
const listeners = {}, timers = [];
let fetchResult = null;
function element(tag) {
  return { tag, id: "", attributes: {}, style: {}, textContent: "", parentNode: null,
    setAttribute(n, v) { this.attributes[n] = v; }, getAttribute(n) { return this.attributes[n] ?? null; },
    remove() { if (this.parentNode) { const c = this.parentNode.children; c.splice(c.indexOf(this), 1); this.parentNode = null; } } };
}
const body = { children: [],
  appendChild(node) { node.remove(); node.parentNode = body; this.children.push(node); },
  replaceChildren(...nodes) { for (const n of [...this.children]) n.remove(); for (const n of nodes) this.appendChild(n); } };
const metas = { lab: element("meta"), generation: element("meta") };
metas.lab.attributes.content = "1"; metas.generation.attributes.content = "1";
globalThis.document = { body, title: "", documentElement: element("html"),
  querySelector(s) { const m = /labrunner-(\w+)/.exec(s); return m ? metas[m[1]] : null; },
  createElement: element, dispatchEvent() {} };
globalThis.location = { pathname: "/lab/1" };
globalThis.Event = class { constructor(type) { this.type = type; } };
globalThis.DOMParser = class { parseFromString() { return { title: "t", body: { childNodes: [element("p")] } }; } };
globalThis.EventSource = class { constructor() {} addEventListener(type, f) { listeners[type] = f; } };
globalThis.fetch = () => fetchResult;
globalThis.setTimeout = (f) => { timers.push(f); };
function shown() {
  const notice = body.children.find((n) => n.id === "labrunner-offline");
  return notice ? notice.textContent : null;
}
function badge() {
  const indicator = body.children.find((n) => n.id === "labrunner-running");
  return indicator ? indicator.textContent : null;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));
const steps = [];
async function main() {
  require("./live.js");
  steps.push(shown());
  listeners.error(); steps.push(shown());
  listeners.open(); steps.push(shown());
  fetchResult = Promise.reject(new Error("refused"));
  listeners.run({ data: "1 2" }); await settle(); steps.push(shown());
  fetchResult = Promise.resolve({ ok: false, status: 503, text: () => Promise.resolve("") });
  timers.shift()(); await settle(); steps.push(shown());
  fetchResult = Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve("<p>new</p>") });
  timers.shift()(); await settle(); steps.push(shown());
  steps.push(document.documentElement.getAttribute("data-labrunner-updates"));
  // A run of another lab starts: nothing; of this one: the indicator, kept until the new page
  // is in, then gone; a run already shown clears it at once.
  listeners.running({ data: "2" }); steps.push(badge());
  listeners.running({ data: "1" }); steps.push(badge());
  listeners.run({ data: "1 2" }); steps.push(badge());
  await settle(); steps.push(badge());
  listeners.running({ data: "1" }); steps.push(badge());
  listeners.run({ data: "1 1" }); steps.push(badge());
  console.log(JSON.stringify(steps));
}
main();
