import { execFile } from 'node:child_process';

/**
 * Runs a CommonJS script in another Node process and returns what it printed as JSON. Attackers and
 * shoppers run there, as they would on other machines: in the test's own process they would share
 * the server's event loop and measure their own work instead of the server's.
 */
export function runInChild<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, ...args], { maxBuffer: 8 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as T),
    );
  });
}

/** Client code for those scripts: a timed GET loop and percentiles. */
export const CHILD_HELPERS = `
  const http = require('node:http');
  const percentile = (v, p) => [...v].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * v.length) - 1)];
  async function readLoop(url, until, pauseMs, atLeast = 0) {
    const latencies = [];
    while (performance.now() < until || latencies.length < atLeast) {
      const start = performance.now();
      const r = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(url + ' answered ' + r.status);
      latencies.push(performance.now() - start);
      await new Promise((res) => setTimeout(res, pauseMs));
    }
    return latencies;
  }
  // Reads these paths in turn, 50 ms apart, until the file STOP_FILE exists (and minMs passed), or maxMs.
  async function readUntilStopped(url, paths, headers, minMs = 3000, maxMs = 60000) {
    const latencies = [];
    const started = performance.now();
    while (performance.now() - started < maxMs) {
      for (const p of paths) {
        const start = performance.now();
        const r = await fetch(url + p, { headers });
        await r.arrayBuffer();
        latencies.push(performance.now() - start);
      }
      await new Promise((r) => setTimeout(r, 50));
      if (require('node:fs').existsSync(process.env.STOP_FILE) && performance.now() - started > minMs) break;
    }
    return latencies;
  }
`;

/**
 * A shopper in another process reading these paths in turn (readUntilStopped) until STOP_FILE
 * exists and `minMs` passed, or `maxMs`: the time each answer took.
 */
export const shopperReading = (url: string, paths: string[], headers: Record<string, string>, minMs = 3000, maxMs = 60000) =>
  runInChild<{ latencies: number[] }>(
    `${CHILD_HELPERS}
    const [url, paths, headers, minMs, maxMs] = process.argv.slice(1);
    (async () => {
      const latencies = await readUntilStopped(url, JSON.parse(paths), JSON.parse(headers), Number(minMs), Number(maxMs));
      process.stdout.write(JSON.stringify({ latencies }));
    })();`,
    [url, JSON.stringify(paths), JSON.stringify(headers), String(minMs), String(maxMs)],
  );
