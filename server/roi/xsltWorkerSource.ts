/** Parsed stylesheets one worker keeps (least recently used dropped first): a firm's templates, many times over. */
export const STYLESHEET_CACHE_ENTRIES = 300;

/**
 * The code of an XSLT worker thread (CommonJS, run with `eval`, so it runs the same under tsx, vitest and the bundled
 * build): xslt-processor (pure TypeScript, XSLT 1.0) applies each job of a message and answers the output documents as
 * plain nodes. External stylesheets (`xsl:include`, `xsl:import`) and `document()` load nothing: a template sees only
 * the document it is given.
 *
 * A worker lives on between reports (server/roi/xsltPool.ts). It keeps the stylesheets it parsed, keyed by the
 * SHA-256 of their text (a changed template is another key, so never served stale), at most
 * STYLESHEET_CACHE_ENTRIES of them. Each message is `{ id, jobs }`, answered `{ id, running }` as each job starts (so a
 * job that never ends is known by name) and `{ id, results }` at the end.
 */
export const XSLT_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { Xslt, XmlParser } = require(workerData.xsltModule);
const LIMIT = workerData.cacheEntries;
const sheets = new Map();
function stylesheet(text) {
  const key = createHash('sha256').update(text).digest('base64');
  const known = sheets.get(key);
  if (known) {
    sheets.delete(key);
    sheets.set(key, known);
    return known;
  }
  const sheet = new XmlParser().xmlParse(text);
  sheets.set(key, sheet);
  if (sheets.size > LIMIT) sheets.delete(sheets.keys().next().value);
  return sheet;
}
function toNodes(node) {
  const out = [];
  for (const child of node.childNodes || []) {
    if (child.nodeType === 3 || child.nodeType === 4) { if (child.nodeValue) out.push(String(child.nodeValue)); continue; }
    if (child.nodeType === 11 || child.nodeType === 9) { out.push(...toNodes(child)); continue; }
    if (child.nodeType !== 1) continue;
    const attrs = {};
    for (const a of child.childNodes || []) if (a.nodeType === 2) attrs[String(a.localName || a.nodeName).toLowerCase()] = String(a.nodeValue ?? '');
    out.push({ tag: String(child.localName || child.nodeName).toLowerCase(), attrs, children: toNodes(child) });
  }
  return out;
}
parentPort.on('message', async ({ id, jobs }) => {
  const results = [];
  for (const [index, job] of jobs.entries()) {
    parentPort.postMessage({ id, running: index });
    try {
      const input = new XmlParser().xmlParse(job.xml);
      const sheet = stylesheet(job.xslt);
      const xslt = new Xslt({
        fetchFunction: async () => { throw new Error('xsl:include and xsl:import are not supported in report templates'); },
        documentLoader: () => null,
      });
      const output = await xslt.xsltProcessToDocument(input, sheet);
      results.push({ ok: true, nodes: toNodes(output) });
    } catch (error) {
      results.push({ ok: false, error: String((error && error.message) || error) });
    }
  }
  parentPort.postMessage({ id, results, cached: sheets.size });
});
`;
