// Parses Mermaid files with Mermaid itself: reads the files' paths from standard input, one per line,
// and prints one JSON line per file:
//   {"file": ..., "ok": true, "type": "stateDiagram", "states": [ids...], "transitions": n}
//   {"file": ..., "ok": false, "error": "..."}
// Exits 1 when any file does not parse. Mermaid needs a DOM even to parse; jsdom provides one.
// Run it from the directory holding node_modules (imports resolve from there when the script comes
// through --eval): node --input-type=module --eval "$(cat parse.mjs)" < list
import { JSDOM } from 'jsdom';
import { readFileSync } from 'node:fs';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

const files = readFileSync(0, 'utf8').split('\n').filter((line) => line.length > 0);
let failures = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  try {
    await mermaid.parse(text);
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const db = diagram.db;
    const states = db.getStates();
    const ids = states instanceof Map ? [...states.keys()] : Object.keys(states);
    console.log(JSON.stringify({ file, ok: true, type: diagram.type, states: ids, transitions: db.getRelations().length }));
  } catch (e) {
    failures++;
    console.log(JSON.stringify({ file, ok: false, error: String(e && e.message ? e.message : e) }));
  }
}
process.exit(failures ? 1 : 0);
