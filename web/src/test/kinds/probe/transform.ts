// The fixture kind's configuration and data.
export interface ProbeConfiguration {
  type: 'probe';
  ticker: string;
  chartName?: string | null;
  date?: string | null;
}

export interface ProbeData {
  levels: number[];
}
