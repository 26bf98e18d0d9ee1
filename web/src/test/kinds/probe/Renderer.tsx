import type { RendererProps } from '../../../widgets/types';
import type { ProbeConfiguration, ProbeData } from './transform';

export default function ProbeRenderer({ data, configuration }: RendererProps<ProbeData, ProbeConfiguration>) {
  return <div data-testid="probe-levels">{`${configuration.ticker}: ${data.levels.join(' ')}`}</div>;
}
