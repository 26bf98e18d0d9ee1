import type { TickerConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, TickerField } from './fields';

function TickerEditor({ configuration: c, onChange, errors, disabled, list }: EditorProps<TickerConfiguration> & { list?: '0dte' }) {
  return (
    <>
      <TickerField list={list} date={c.date} value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}

export default function TickerOnlyEditor(props: EditorProps<TickerConfiguration>) {
  return <TickerEditor {...props} />;
}

/** The ticker picker lists today's 0DTE tickers, or a historical widget's session's. */
export function ZeroDteTickerEditor(props: EditorProps<TickerConfiguration>) {
  return <TickerEditor {...props} list="0dte" />;
}
