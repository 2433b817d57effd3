import type { NotificationKind, NotificationPreferences, PushChannel } from '@abo/contract';
import { Button, Skeleton } from 'antd-mobile';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { usePreferences } from '../api/get-preferences.ts';
import { useSavePreferences } from '../api/save-preferences.ts';

// The contract's lists, spelled out here (its root module brings zod); `satisfies` keeps them whole.
const KINDS = Object.keys({
  monthClosed: 1,
  nearThreshold: 1,
  legQualified: 1,
  legSlipping: 1,
  memberJoined: 1,
  planProgress: 1,
  pinReached: 1,
  eventDeadline: 1,
} satisfies Record<NotificationKind, 1>) as NotificationKind[];
const CHANNELS = Object.keys({ wec: 1, ca: 1 } satisfies Record<PushChannel, 1>) as PushChannel[];

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What quiet hours start as when they are switched on. */
const DEFAULT_QUIET = { from: '22:00', to: '08:00' };

/** A labelled on/off switch: a native checkbox (keyboard and screen readers as they expect). */
function SwitchRow({
  name,
  hint,
  checked,
  onChange,
}: {
  name: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <label className="notif-switch">
      <span className="notif-switch__text">
        <span id={`${id}-name`} className="notif-switch__name">
          {name}
        </span>
        <span id={`${id}-hint`} className="notif-switch__hint">
          {hint}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="notif-switch__input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-hint`}
      />
    </label>
  );
}

/** Push settings: which kinds, which channels, quiet hours (China time). */
export default function PreferencesForm() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saved, setSaved] = useState(false);
  // Quiet hours switched off and on again come back as they were.
  const [lastQuiet, setLastQuiet] = useState<NotificationPreferences['quietHours']>(null);

  if (preferences.isPending) {
    return (
      <div className="notif-panel__section" role="status" aria-busy="true" aria-label={t('settings.loading')}>
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div className="notif-panel__section" role="alert">
        <ErrorBlock status="default" title={t('errorTitle')}>
          <Button color="primary" fill="outline" onClick={() => void preferences.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }

  const value = draft ?? preferences.data;
  const change = (next: NotificationPreferences) => {
    setDraft(next);
    setSaved(false);
  };
  const quiet = value.quietHours;
  const quietInvalid = quiet !== null && (!CLOCK.test(quiet.from) || !CLOCK.test(quiet.to));
  const quietSame = quiet !== null && !quietInvalid && quiet.from === quiet.to;

  return (
    <form
      className="notif-panel__section notif-settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (quietInvalid || quietSame || save.isPending) return;
        save.mutate(value, {
          onSuccess: () => {
            setDraft(null);
            setSaved(true);
          },
        });
      }}
    >
      <p className="notif-settings__intro">{t('settings.intro')}</p>
      <fieldset className="notif-settings__group">
        <legend>{t('settings.kinds')}</legend>
        {KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            name={t(`kind.${kind}.name`)}
            hint={t(`kind.${kind}.hint`)}
            checked={value.kinds[kind] ?? true}
            onChange={(on) => change({ ...value, kinds: { ...value.kinds, [kind]: on } })}
          />
        ))}
      </fieldset>
      <fieldset className="notif-settings__group">
        <legend>{t('settings.channels')}</legend>
        {CHANNELS.map((channel) => (
          <SwitchRow
            key={channel}
            name={t(`settings.${channel}.name`)}
            hint={t(`settings.${channel}.hint`)}
            checked={value.channels[channel] ?? true}
            onChange={(on) => change({ ...value, channels: { ...value.channels, [channel]: on } })}
          />
        ))}
      </fieldset>
      <fieldset className="notif-settings__group">
        <legend>{t('settings.quiet')}</legend>
        <SwitchRow
          name={t('settings.quietOn')}
          hint={quiet ? `${quiet.from}–${quiet.to}` : t('settings.quietHint')}
          checked={quiet !== null}
          onChange={(on) => {
            if (!on) setLastQuiet(quiet);
            change({ ...value, quietHours: on ? (lastQuiet ?? DEFAULT_QUIET) : null });
          }}
        />
        {quiet ? (
          <div className="notif-quiet">
            <label>
              <span>{t('settings.from')}</span>
              <input
                type="time"
                required
                value={quiet.from}
                aria-invalid={quietInvalid || quietSame}
                onChange={(e) => change({ ...value, quietHours: { ...quiet, from: e.target.value } })}
              />
            </label>
            <span aria-hidden="true">–</span>
            <label>
              <span>{t('settings.to')}</span>
              <input
                type="time"
                required
                value={quiet.to}
                aria-invalid={quietInvalid || quietSame}
                onChange={(e) => change({ ...value, quietHours: { ...quiet, to: e.target.value } })}
              />
            </label>
          </div>
        ) : null}
        {quietSame ? (
          <p className="notif-settings__error" role="alert">
            {t('settings.quietSame')}
          </p>
        ) : null}
        <p className="notif-settings__note">{t('settings.quietNote')}</p>
      </fieldset>
      <Button type="submit" color="primary" block loading={save.isPending}>
        {t('settings.save')}
      </Button>
      <p className="notif-settings__saved" role="status">
        {saved ? t('settings.saved') : ''}
      </p>
    </form>
  );
}
