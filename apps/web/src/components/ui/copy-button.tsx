import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Button, type ButtonProps } from './button';

/** How long "Copied to clipboard!" stays (spec: 2 seconds). */
export const COPIED_MS = 2000;

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy wallet address". */
  label: string;
  /** Show only the icon (the label stays for screen readers). */
  iconOnly?: boolean;
  /** What is copied: a wallet `address` says "Address copied to clipboard", as the spec words it. */
  copies?: 'text' | 'address';
}

/**
 * Copies `value` and says 'Copied to clipboard!' ('Address copied to clipboard' for an address) for
 * 2 seconds, visibly and to screen readers.
 * If the browser refuses, it says so instead.
 */
export function CopyButton({
  value,
  label,
  iconOnly = false,
  copies = 'text',
  className,
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const id = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(id);
  }, [state]);

  const copy = async () => setState((await copyText(value)) ? 'copied' : 'failed');
  const copied = state === 'copied';
  const copiedText = copies === 'address' ? t('addressCopied') : t('copied');
  const Icon = copied ? Check : Copy;
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        onClick={copy}
        aria-label={label}
        className={cn(iconOnly && 'h-8 w-8', copied && 'text-success', className)}
        data-testid="copy-button"
        {...props}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
        {!iconOnly && (copied ? copiedText : t('actions.copy'))}
      </Button>
      <span role="status" className={cn('text-xs', iconOnly && copied ? 'text-success' : 'sr-only')}>
        {copied ? copiedText : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  );
}
