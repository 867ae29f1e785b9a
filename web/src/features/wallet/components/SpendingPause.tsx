// The spending pause (docs/spending.md): when the server answers a tip, transfer or purchase with
// "Take a breath — still want to send 25 AC?" (code pause_required), this dialog asks the member.
// "Send anyway" (or "Buy anyway") sends the same request again with the member's yes; "Wait 10
// minutes" starts the cooling-off on the server (spends above the pause amount wait until then);
// closing it sends nothing.
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { showToast } from '../../../ui/toast';
import { useStartCoolingOff } from '../hooks/useSpending';
import { isPauseRequired, SpendingTexts } from '../spending';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function useSpendingPause(confirmLabel: 'Send anyway' | 'Buy anyway'): {
  /** True when `failure` was the pause: the dialog opens, and "Send anyway" calls `resend`. */
  catches: (failure: unknown, resend: () => void) => boolean;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<{ question: string; resend: () => void } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const coolOff = useStartCoolingOff();

  const catches = (failure: unknown, resend: () => void) => {
    if (!isPauseRequired(failure)) return false;
    setError(null);
    setAsked({ question: failure.detail ?? failure.message, resend });
    return true;
  };

  const dialog = asked ? (
    <ConfirmDialog
      title={SpendingTexts.pauseTitle}
      confirmLabel={confirmLabel}
      cancelLabel={SpendingTexts.wait}
      pending={coolOff.isPending}
      error={error}
      onConfirm={() => {
        setAsked(null);
        asked.resend();
      }}
      onCancel={() =>
        coolOff.mutate(undefined, {
          onSuccess: (settings) => {
            setAsked(null);
            if (settings.cooling_off_until)
              showToast(`Okay. Bigger spends wait until ${clock(settings.cooling_off_until)}.`);
          },
          onError: () => setError(SpendingTexts.waitFailed),
        })
      }
      onDismiss={() => setAsked(null)}
    >
      <p>{asked.question}</p>
      <p style={{ marginTop: 8 }}>{SpendingTexts.pauseWhy}</p>
    </ConfirmDialog>
  ) : null;

  return { catches, dialog };
}
