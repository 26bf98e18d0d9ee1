// The workspace's replay bar: pick a session day, then play, pause and step (buttons, ←/→) through its
// snapshot times; every widget in historical mode draws the time shown here. The time is announced politely
// to screen readers and kept in the URL (useReplayClock).
import { df, clockText } from '../lib/format';
import { atEnd, atStart } from '../domain/replay';
import type { ReplayClock } from './useReplayClock';
import { useReplayKeys } from './useReplayKeys';
import { Tooltip } from '../components/Tooltip';

/** 'Jan 2, 2026 09:35 ET'. */
export function replayLabel(day: string | null, time: string | null): string {
  if (!day) return '';
  const d = df('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
  return time ? `${d} ${clockText(time)} ET` : d;
}

export function ReplayBar({ clock, following, keys }: { clock: ReplayClock; following: number; keys: boolean }) {
  const { state, dispatch } = clock;
  const on = state.day !== null;
  const ready = on && state.time !== null && state.times.length > 0;
  useReplayKeys(keys && ready, (by) => dispatch({ type: 'step', by }));
  if (!on) {
    return (
      <div className="ws-replay" data-testid="replay-bar" data-state="off">
        <Tooltip content="Step through a past session: every widget in Historical mode follows">
<button type="button" className="ws-btn" onClick={clock.start} disabled={clock.daysLoading}>
          {clock.daysLoading ? 'Loading sessions…' : 'Replay a session'}
        </button>
        </Tooltip>
      </div>
    );
  }
  const position = ready ? `${state.times.indexOf(state.time as string) + 1} of ${state.times.length}` : '';
  return (
    <div className="ws-replay" data-testid="replay-bar" data-state={state.playing ? 'playing' : 'paused'} role="group" aria-label="Replay">
      <select aria-label="Replay date" value={state.day ?? ''} onChange={(e) => e.target.value && dispatch({ type: 'open', day: e.target.value })}>
        {clock.days.includes(state.day as string) ? null : <option value={state.day ?? ''}>{state.day}</option>}
        {[...clock.days].reverse().map((d) => (
          <option key={d} value={d}>{d}</option>
        ))}
      </select>
      <Tooltip content="Previous snapshot (←)">
        <button type="button" className="icon-btn" aria-label="Previous snapshot" disabled={!ready || atStart(state)} onClick={() => dispatch({ type: 'step', by: -1 })}>
          ◀◀
        </button>
      </Tooltip>
      {state.playing ? (
        <Tooltip content="Pause">
          <button type="button" className="icon-btn" aria-label="Pause" onClick={() => dispatch({ type: 'pause' })}>
            ❚❚
          </button>
        </Tooltip>
      ) : (
        <Tooltip content="Play">
          <button type="button" className="icon-btn" aria-label="Play" disabled={!ready || state.times.length < 2} onClick={() => dispatch({ type: 'play' })}>
            ▶
          </button>
        </Tooltip>
      )}
      <Tooltip content="Next snapshot (→)">
        <button type="button" className="icon-btn" aria-label="Next snapshot" disabled={!ready || atEnd(state)} onClick={() => dispatch({ type: 'step', by: 1 })}>
          ▶▶
        </button>
      </Tooltip>
      <select aria-label="Replay time" value={state.time ?? ''} disabled={!ready} onChange={(e) => dispatch({ type: 'seek', time: e.target.value })}>
        {ready ? null : <option value="">{clock.timesLoading ? 'Loading…' : 'No snapshots'}</option>}
        {state.times.map((t) => (
          <option key={t} value={t}>{clockText(t)}</option>
        ))}
      </select>
      <span className="ws-replay-time" data-testid="replay-time" aria-live="polite" aria-atomic="true">
        {ready ? `Replaying ${replayLabel(state.day, state.time)}` : clock.timesLoading ? 'Loading the session…' : 'No snapshots on this day'}
      </span>
      <span className="ws-muted ws-replay-note" data-testid="replay-following">
        {following ? `${position} · ${following} historical widget${following === 1 ? '' : 's'} follow${following === 1 ? 's' : ''}` : 'Widgets in Historical mode follow the replay'}
      </span>
      <button type="button" className="ws-btn" onClick={() => dispatch({ type: 'close' })}>
        Exit replay
      </button>
    </div>
  );
}
