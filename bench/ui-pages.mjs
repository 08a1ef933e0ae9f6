/**
 * Per-page readiness for `npm run bench:ui` (issue #31 item 8): for each dashboard page, navigation start → ready,
 * where ready is the later of the first contentful paint and the end of the last data request (/api/), with no
 * "Loading…" left on the page; beside it the page's data requests, all its requests, and its JavaScript (transferred
 * and decoded) — the server form's before its JSON editor opens. Medians of RUNS after one warm-up load per page.
 */
const RUNS = 5;

async function measurePage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForFunction(() => !/Loading/.test(document.querySelector("main")?.textContent ?? "Loading"), null, { timeout: 30_000 });
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource");
    // The page's data: its API reads (link prefetches of other routes are not waited on by anyone).
    const fetches = resources.filter((entry) => entry.initiatorType === "fetch" && new URL(entry.name).pathname.startsWith("/api/"));
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    return {
      ready: Math.max(fcp, ...fetches.map((entry) => entry.responseEnd)),
      dataRequests: fetches.length,
      requests: resources.length + 1,
    };
  });
  let transferred = 0;
  let decoded = 0;
  for (const response of scripts) {
    transferred += (await response.request().sizes()).responseBodySize;
    decoded += (await response.body()).length;
  }
  await context.close();
  return { ...timing, transferred, decoded };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Prints one row per page: `pages` is [label, path]. */
export async function benchPages(browser, baseUrl, pages) {
  const rows = [];
  for (const [label, path] of pages) {
    await measurePage(browser, baseUrl + path); // warm-up: the route's first render and compile caches
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measurePage(browser, baseUrl + path));
    rows.push([label, path, Math.round(median(runs.map((r) => r.ready))), median(runs.map((r) => r.dataRequests)), median(runs.map((r) => r.requests)), median(runs.map((r) => r.transferred)), median(runs.map((r) => r.decoded))]);
  }
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(`\n${"page".padEnd(width)} | ready ms | data req | all req | JS transferred | JS decoded`);
  console.log(`${"-".repeat(width)}-|----------|----------|---------|----------------|-----------`);
  for (const [label, , ready, data, all, transferred, decoded] of rows) {
    console.log(`${label.padEnd(width)} | ${String(ready).padStart(8)} | ${String(data).padStart(8)} | ${String(all).padStart(7)} | ${mib(transferred).padStart(14)} | ${mib(decoded)}`);
  }
  console.log(`(targets: every page ready ≤ 600 ms; a detail page's data in ≤ 5 requests; the server form ≤ 1.5 MB of JS before the editor opens)`);
  return rows;
}
