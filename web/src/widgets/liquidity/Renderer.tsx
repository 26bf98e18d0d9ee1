import type { LiquidityResponse } from '../../api/data';
import type { RendererProps } from '../types';
import { ValueTile } from '../shared/ValueTile';
import { liquidityFigures } from './transform';

export default function LiquidityRenderer({ data }: RendererProps<LiquidityResponse>) {
  return <ValueTile figures={liquidityFigures(data)} />;
}
