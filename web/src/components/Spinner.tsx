// Spinner sizes of platform spec §9: tiny 20 px, small 32 px, normal 48 px.
export type SpinnerSize = 'tiny' | 'small' | 'normal';
export const SPINNER_PX: Record<SpinnerSize, number> = { tiny: 20, small: 32, normal: 48 };

export function Spinner({ size = 'normal', label = 'Loading' }: { size?: SpinnerSize; label?: string }) {
  const px = SPINNER_PX[size];
  return (
    <span className="spinner" role="status" aria-label={label} style={{ width: px, height: px }} data-size={size}>
      <svg viewBox="0 0 50 50" width={px} height={px} aria-hidden="true">
        <circle cx="25" cy="25" r="20" fill="none" strokeWidth="5" className="spinner-track" />
        <circle cx="25" cy="25" r="20" fill="none" strokeWidth="5" className="spinner-arc" strokeDasharray="90 150" />
      </svg>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
