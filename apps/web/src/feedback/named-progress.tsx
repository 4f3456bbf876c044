import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'react-admin';

/**
 * Every progress bar and spinner on screen (react-admin's reference fields, lists and its loading indicator) is
 * named in the user's language: a progressbar without a name is announced as nothing (axe: aria-progressbar-name).
 */
export function NamedProgress({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const named = useMemo(() => {
    const label = translate('ra.page.loading');
    return (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': label },
        },
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': label },
        },
      },
    });
    // locale: the label follows the chosen language
  }, [translate, locale]);
  return <ThemeProvider theme={named}>{children}</ThemeProvider>;
}
