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
`;
