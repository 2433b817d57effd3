import { Button } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';

/** The income pages' download button, `busyText` while it works; left out of an exported image. */
export function DownloadButton({
  label,
  busy,
  busyText,
  disabled,
  onClick,
}: {
  label: string;
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      onClick={onClick}
      loading={busy}
      loadingText={busyText}
      disabled={disabled}
      data-export="skip"
    >
      <DownlandOutline aria-hidden="true" /> {label}
    </Button>
  );
}
