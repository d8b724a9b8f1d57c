/** Timing helpers of the benchmarks (bench:validate, bench:logic). */
export interface Stats {
  median: number;
  p95: number;
  max: number;
  mean: number;
  opsPerSecond: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Runs fn `warmup` times untimed, then `iterations` times, each timed with process.hrtime.bigint (ms). */
export function measure(fn: () => unknown, iterations: number, warmup: number): Stats {
  for (let i = 0; i < warmup; i++) fn();
  const times = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    fn();
    times[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  const total = times.reduce((a, b) => a + b, 0);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1]!,
    mean: total / iterations,
    opsPerSecond: iterations / (total / 1000),
  };
}

