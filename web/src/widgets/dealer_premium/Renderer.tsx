import type { PremiumResponse } from '../../api/data';
import type { RendererProps } from '../types';
import { ValueTile } from '../shared/ValueTile';
import { premiumFigures } from './transform';

export default function DealerPremiumRenderer({ data }: RendererProps<PremiumResponse>) {
  return <ValueTile figures={premiumFigures(data)} />;
}
