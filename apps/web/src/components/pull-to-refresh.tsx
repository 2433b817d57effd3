import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-to-refresh.css';

/** The head's height while refreshing, and how far a pull must go before letting go refreshes. */
const HEAD_PX = 40;
const THRESHOLD_PX = 60;
/** Past this the pull gives less and less (a rubber band), as antd-mobile's did. */
const FREE_PX = HEAD_PX * 5;
/** How long "Updated" stays before the head closes. */
const DONE_MS = 500;

type Status = 'idle' | 'pulling' | 'release' | 'refreshing' | 'done';

const rubberband = (dy: number) => (dy <= FREE_PX ? dy : FREE_PX + (dy - FREE_PX) * 0.3);

/** Whether the element or any container around it (the window included) is scrolled down. */
function scrolledDown(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement)
    if (el.scrollTop > 0 && /auto|scroll/.test(getComputedStyle(el).overflowY)) return true;
  return window.scrollY > 0;
}

/**
 * Pull down at the top of the page to re-fetch its data (touch screens). Plain touch events
 * instead of antd-mobile's PullToRefresh: that one brought react-spring and @use-gesture to every
 * page's first visit (bench/README.md § bundle). The head's height follows the finger without a
 * React render; its text is a polite live region, so a screen reader hears the refresh.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('idle');
  const root = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const refresh = useEffectEvent(() => onRefresh());

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let busy = false;
    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let height = 0;
    const setHeight = (px: number, settle: boolean) => {
      height = px;
      head.current?.classList.toggle('pull-refresh__head--settle', settle);
      head.current?.style.setProperty('height', `${px}px`);
    };
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      start = !busy && e.touches.length === 1 && touch && !scrolledDown(e.target) ? { x: touch.clientX, y: touch.clientY } : null;
      pulling = false;
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      if (!pulling) {
        // A sideways or upward move is a scroll or a swipe, not a pull: leave it alone.
        if (dy <= 0 || Math.abs(touch.clientX - start.x) > dy) {
          if (dy < 0 || Math.abs(touch.clientX - start.x) > 10) start = null;
          return;
        }
        pulling = true;
      }
      if (e.cancelable) e.preventDefault();
      const px = Math.max(0, Math.round(rubberband(dy)));
      setHeight(px, false);
      setStatus(px > THRESHOLD_PX ? 'release' : 'pulling');
    };
    const onEnd = () => {
      if (!pulling) return;
      pulling = false;
      start = null;
      if (height <= THRESHOLD_PX) {
        setHeight(0, true);
        setStatus('idle');
        return;
      }
      busy = true;
      setHeight(HEAD_PX, true);
      setStatus('refreshing');
      const close = () => {
        setHeight(0, true);
        busy = false;
        setStatus('idle');
      };
      refresh().then(
        () => {
          setStatus('done');
          window.setTimeout(close, DONE_MS);
        },
        // A failed refresh shows its error where the page shows errors (the query's state).
        close,
      );
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull at the top must not also drag the whole document (overscroll).
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    idle: '',
    pulling: t('refresh.pulling'),
    release: t('refresh.release'),
    refreshing: t('refresh.refreshing'),
    done: t('refresh.done'),
  };
  return (
    <div className="pull-refresh" ref={root}>
      <div className="pull-refresh__head" ref={head}>
        <div className="pull-refresh__text" style={{ height: HEAD_PX }} role="status">
          {text[status]}
        </div>
      </div>
      {children}
    </div>
  );
}
