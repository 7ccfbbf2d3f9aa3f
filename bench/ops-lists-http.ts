// p50 of the operator lists' HTTP calls against a running server (bench/results/ops-lists.md):
//   OPS_KEY=… npx tsx bench/ops-lists-http.ts http://127.0.0.1:8261 [runs]
// Each call 3 times first (warm-up), then `runs` times one after another; loopback only.
export {};

const [base = 'http://127.0.0.1:8080', runsArgument = '30'] = process.argv.slice(2);
const runs = Number(runsArgument);
const key = process.env.OPS_KEY ?? '';
const calls = ['/payouts', '/disputes', '/claims', '/approvals', '/disputes?status=all', '/claims?status=all', '/approvals?status=all'];

for (const call of calls) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/api/v2/ops${call}`, { headers: { 'x-ops-key': key } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${call}: ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  console.log(`${call.padEnd(22)} p50 ${p50.toFixed(1)} ms  p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(1)} ms  ${bytes} bytes`);
}
