// autocannon ships no types (and @types/autocannon is not a dependency): the part the benchmarks use.
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    timeout?: number;
    /** Milliseconds between samples (1000); a run ends at the first sample after its duration. */
    sampleInt?: number;
  };
  type Result = {
    /** Seconds, to the hundredth. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { average: number; p50: number; p99: number };
    requests: { average: number; total: number; sent: number };
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
